//! Picture cards in a real browser: the teacher (French, 768 px) opens
//! the way in by pictures on the Pupils tab and sees a pupil's row; the
//! printed cards show every row; a child who cannot read (Romanian, on a
//! tablet, then on a phone) taps a wrong row, hears what went wrong, rubs
//! a picture out, and taps her own row to reach her page.

use serde_json::json;

use super::{new_class, open_dashboard, post};
use crate::e2e;

/// Taps the pictures `row` on the join page's pad, one after the other.
fn tap_script(row: &[String]) -> String {
    format!(
        "for (const name of {}) document.querySelector('.club-picture-key[data-picture=\"' + name + '\"]').click(); return null;",
        json!(row)
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_child_who_cannot_read_comes_in_with_the_pictures_of_her_card() {
    e2e::run("club-pictures", |env| async move {
        let base = env.base().to_string();
        let class = new_class(&base, "GS A", "fr").await;
        let (class_id, teacher, code) = (&class.id, &class.teacher, &class.code);
        post(&base, &format!("/api/classes/{class_id}/pupils"), Some(teacher), json!({"names": ["Léa", "Hugo"]})).await;
        let desk = env.browser_in("desk", "fr").await;
        desk.client.set_window_size(768, 1024).await.unwrap();
        open_dashboard(&desk, &class, "GS A").await;
        desk.click(".club-tab[data-tab=pupils]").await;
        // Shut until the teacher opens it for the lesson.
        let state = desk.js_until("const s = document.querySelector('.club-door-state'); return s && [s.dataset.open, s.textContent, document.querySelector('#dash-pictures-door').textContent];", |v| v.is_array()).await;
        assert_eq!(state, json!(["false", "Fermé\u{a0}: les élèves ne peuvent pas entrer avec les images.", "Ouvrir pour cette séance"]));
        desk.click("#dash-pictures-door").await;
        let state = desk.js_until("const s = document.querySelector('.club-door-state'); return s && s.dataset.open === 'true' && s.textContent;", |v| v.is_string()).await;
        assert!(state.as_str().unwrap().starts_with("Ouvert jusqu’à ") && state.as_str().unwrap().ends_with("(encore 15 essais faux possibles)."), "{state}");
        // Léa's card, asked for: its letters and its five pictures.
        desk.click(".club-pupil .club-card-code").await;
        let row = desk.js_until("const r = document.querySelector('.club-pupil .club-picture-row'); return r && [Array.from(r.querySelectorAll('img')).map((i) => i.dataset.picture), r.getAttribute('aria-label')];", |v| v.is_array()).await;
        let lea: Vec<String> = serde_json::from_value(row[0].clone()).unwrap();
        assert_eq!(lea.len(), 5);
        assert!(row[1].as_str().unwrap().starts_with("Images (Léa)\u{a0}: "), "{row}");
        let fits = desk.js("return document.documentElement.scrollWidth <= document.documentElement.clientWidth;").await;
        assert_eq!(fits, json!(true), "the Pupils tab fits 768 px");
        desk.shot("pictures-pupils-tab").await;
        // The printed cards: each pupil's row of pictures, drawn.
        desk.open(&format!("/class?cards={class_id}")).await;
        let printed = desk.js_until("const imgs = Array.from(document.querySelectorAll('.club-login-pictures img')); return imgs.length === 10 && imgs.every((i) => i.complete && i.naturalWidth > 0) && Array.from(document.querySelectorAll('.club-login-pictures .club-login-where')).map((s) => s.textContent);", |v| v.is_array()).await;
        assert_eq!(printed, json!(["Ou touche ces images\u{a0}:", "Ou touche ces images\u{a0}:"]));
        desk.shot("pictures-cards").await;
        let hugo: Vec<String> = serde_json::from_value(desk.js("return Array.from(document.querySelectorAll('.club-login-card'))[1].querySelectorAll('.club-login-pictures img').length && Array.from(Array.from(document.querySelectorAll('.club-login-card'))[1].querySelectorAll('.club-login-pictures img')).map((i) => i.dataset.picture);").await).unwrap();
        // A row that is neither Léa's nor Hugo's.
        let wrong: Vec<String> = [["star", "fish", "moon", "boat", "key"], ["sun", "ball", "tree", "heart", "apple"]]
            .iter().map(|row| row.map(String::from).to_vec()).find(|row| *row != lea && *row != hugo).unwrap();

        // Léa, on a Romanian tablet opened on the class's join address.
        let tablet = env.browser_in("tablet", "ro").await;
        tablet.client.set_window_size(768, 1024).await.unwrap();
        tablet.open(&format!("/join#code={code}")).await;
        let keys = tablet.js_until("const k = Array.from(document.querySelectorAll('.club-picture-key')); return k.length === 12 && k.every((b) => b.querySelector('img').complete && b.querySelector('img').naturalWidth > 0) && k.map((b) => { const r = b.getBoundingClientRect(); return [b.getAttribute('aria-label'), Math.round(r.width), Math.round(r.height)]; });", |v| v.is_array()).await;
        for key in keys.as_array().unwrap() {
            assert!(key[1].as_u64().unwrap() >= 44 && key[2].as_u64().unwrap() >= 44, "a small key: {key}");
        }
        assert_eq!(keys[8][0], json!("soare"), "the sun, named in Romanian");
        let heading = tablet.js("return document.querySelector('#pictures-join-title').textContent;").await;
        assert_eq!(heading, json!("Imagini pe cartonașul tău? Atinge-le"));
        // One picture, rubbed out.
        tablet.js("window.said = []; speechSynthesis.speak = (u) => window.said.push([u.lang, u.text]); return null;").await;
        tablet.click(&format!(".club-picture-key[data-picture={}]", wrong[0])).await;
        let filled = tablet.js("return document.querySelectorAll('.club-picture-slots li.filled').length;").await;
        assert_eq!(filled, json!(1));
        tablet.click(".club-picture-rub").await;
        let filled = tablet.js("return document.querySelectorAll('.club-picture-slots li.filled').length;").await;
        assert_eq!(filled, json!(0));
        // A wrong row: said on the screen and aloud, and the row empties.
        tablet.js(&tap_script(&wrong)).await;
        let error = tablet.js_until("const e = document.querySelector('#pictures-error'); return !e.hidden && [e.textContent, document.querySelectorAll('.club-picture-slots li.filled').length, window.said];", |v| v.is_array() && v[1] == json!(0)).await;
        assert_eq!(error[0], json!("Nu sunt imaginile de pe cartonașul tău. Uită-te la cartonaș și încearcă din nou."));
        assert_eq!(error[2], json!([["ro-RO", "Nu sunt imaginile de pe cartonașul tău. Uită-te la cartonaș și încearcă din nou."]]));
        let fits = tablet.js("return document.documentElement.scrollWidth <= document.documentElement.clientWidth;").await;
        assert_eq!(fits, json!(true), "the join page fits 768 px");
        tablet.shot("pictures-join-wrong").await;
        // Her own row: her page.
        tablet.js(&tap_script(&lea)).await;
        let title = tablet.js_until("const v = document.querySelector('#club-pupil'); return v && !v.hidden && document.querySelector('#pupil-title').textContent;", |v| v.as_str().is_some_and(|s| !s.is_empty())).await;
        assert!(title.as_str().unwrap().contains("Léa"), "{title}");
        tablet.shot("pictures-pupil-page").await;

        // Hugo, on a phone: the pad fits, his row brings him in.
        let phone = env.browser_in("phone", "ro").await;
        phone.client.set_window_size(390, 844).await.unwrap();
        phone.open(&format!("/join#code={code}")).await;
        phone.js_until("return document.querySelectorAll('.club-picture-key').length;", |v| v.as_u64() == Some(12)).await;
        let fits = phone.js("return document.documentElement.scrollWidth <= document.documentElement.clientWidth && Array.from(document.querySelectorAll('.club-picture-key')).every((b) => b.getBoundingClientRect().width >= 44);").await;
        assert_eq!(fits, json!(true), "the pad fits a phone, with keys of 44 px");
        phone.shot("pictures-join-phone").await;
        phone.js(&tap_script(&hugo)).await;
        let title = phone.js_until("const v = document.querySelector('#club-pupil'); return v && !v.hidden && document.querySelector('#pupil-title').textContent;", |v| v.as_str().is_some_and(|s| !s.is_empty())).await;
        assert!(title.as_str().unwrap().contains("Hugo"), "{title}");
    })
    .await;
}
