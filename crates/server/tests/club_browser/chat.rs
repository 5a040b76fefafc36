//! Chat in a class's games, in a real headless Chromium, in French and in
//! Romanian on a 768 px tablet (issue 56, point 11): the dashboard says it
//! is off; the teacher turns it on; the pupil's game page shows the chat and
//! says that the teacher reads it, with no seat link to share; the line the
//! pupil writes appears on the dashboard; turned off, the chat leaves the
//! pupil's page at once.

use serde_json::{json, Value};

use super::post;
use crate::e2e;

const FITS: &str = "const w = document.documentElement.clientWidth; return w <= 768 && document.documentElement.scrollWidth <= w || [w, document.documentElement.scrollWidth, Array.from(document.querySelectorAll('body *')).filter((e) => e.getBoundingClientRect().right > w + 1).slice(0, 6).map((e) => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))];";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_teacher_allows_the_chat_and_reads_what_a_pupil_writes() {
    e2e::run("club-chat", |env| async move {
        let base = env.base().to_string();
        for lang in ["fr", "ro"] {
            let class = post(&base, "/api/classes", None, json!({"name": "CE2 B", "lang": lang})).await;
            let (class_id, teacher, code) = (class["id"].as_str().unwrap().to_string(), class["token"].as_str().unwrap().to_string(), class["code"].as_str().unwrap().to_string());
            // Léa joins on her tablet, Hugo by the API; the teacher pairs them.
            let pupil = env.browser_in(&format!("lea-{lang}"), lang).await;
            pupil.client.set_window_size(768, 1024).await.unwrap();
            pupil.open(&format!("/join?code={code}")).await;
            pupil.type_into("#join-name", "Léa").await;
            pupil.click("#join-go").await;
            pupil.shown("#pupil-title").await;
            let lea: Value = pupil.js("return JSON.parse(localStorage.getItem('quoridor.club.pupil'));").await;
            let hugo = post(&base, "/api/join", None, json!({"code": code, "name": "Hugo"})).await;
            let ids = [lea["player"].as_u64().unwrap(), hugo["player"].as_u64().unwrap()];
            let view = post(&base, &format!("/api/classes/{class_id}/games"), Some(&teacher), json!({"pair_by": "hand", "groups": [ids], "game": {"size": 5}})).await;
            let game = view["games"][0]["board"]["id"].as_str().unwrap().to_string();

            // The dashboard: the chat is off, and says so.
            let desk = env.browser_in(&format!("desk-{lang}"), lang).await;
            desk.open("/class").await;
            desk.js(&format!("localStorage.setItem('quoridor.club.classes', JSON.stringify([{{id: '{class_id}', code: '{code}', token: '{teacher}', name: 'CE2 B'}}])); return null;")).await;
            desk.client.set_window_size(768, 1024).await.unwrap();
            desk.open(&format!("/class#{class_id}")).await;
            let off = if lang == "fr" { "La discussion est désactivée" } else { "Discuția este oprită" };
            let said = desk.js_until("const e = document.querySelector('#dash-chat-empty'); return e && e.textContent;", |v| v.as_str().is_some_and(|s| !s.is_empty())).await;
            assert!(said.as_str().unwrap().starts_with(off), "{lang}: {said}");
            assert_eq!(desk.js("return document.querySelector('#dash-chat-on').checked;").await, json!(false));
            let box_ = desk.js("const r = document.querySelector('.club-chat .chat-toggle').getBoundingClientRect(); return r.height;").await;
            assert!(box_.as_f64().unwrap() >= 44.0, "a finger-sized switch: {box_}");

            // The pupil's game, from her page: no chat, no seat link.
            pupil.click("#pupil-games a.club-board").await;
            let path = format!("/g/{game}");
            pupil.js_until("return location.pathname;", |v| v.as_str() == Some(path.as_str())).await;
            pupil.js_until("const t = document.querySelector('#turn'); return !!t && t.textContent.trim().length > 0;", |v| v.as_bool() == Some(true)).await;
            assert_eq!(pupil.js("return [document.querySelector('#chat').hidden, document.querySelector('#seat-link-box').hidden];").await, json!([true, true]));

            // The teacher turns it on: it reaches the pupil's page live.
            desk.click("#dash-chat-on").await;
            let none = if lang == "fr" { "Aucun message" } else { "Niciun mesaj" };
            desk.js_until("return document.querySelector('#dash-chat-empty').textContent;", |v| v.as_str().is_some_and(|s| s.starts_with(none))).await;
            pupil.js_until("return !document.querySelector('#chat').hidden;", |v| v.as_bool() == Some(true)).await;
            let reads = pupil.js("const p = document.querySelector('#chat-teacher'); return [p.hidden, p.textContent.trim()];").await;
            let words = if lang == "fr" { "Ton professeur lit cette discussion." } else { "Profesorul tău citește această discuție." };
            assert_eq!(reads, json!([false, words]), "{lang}");
            assert_eq!(pupil.js("return document.querySelector('#seat-link-box').hidden;").await, json!(true), "a class's seat link is never shown");
            pupil.click("#chat-on").await;
            pupil.type_into("#chat-input", "Bonjour Hugo").await;
            pupil.click("#chat-form button[type=submit]").await;
            pupil.js_until("return Array.from(document.querySelectorAll('#chat-lines li')).map((l) => l.textContent);", |v| v.to_string().contains("Léa: Bonjour Hugo")).await;

            // The teacher reads it on the dashboard, with the game's players.
            let line = desk.js_until("return Array.from(document.querySelectorAll('#dash-chat-lines li')).map((l) => l.textContent);", |v| v.as_array().is_some_and(|a| !a.is_empty())).await;
            let line = line[0].as_str().unwrap();
            assert!(line.contains("Léa – Hugo") && line.ends_with("Léa: Bonjour Hugo"), "{lang}: {line}");
            assert_eq!(desk.js(FITS).await, json!(true), "{lang}: the dashboard fits 768 px");
            assert_eq!(pupil.js(FITS).await, json!(true), "{lang}: the game page fits 768 px");
            desk.js("document.querySelector('#dash-chat').scrollIntoView(); return null;").await;
            desk.shot(&format!("dashboard-chat-{lang}")).await;
            pupil.js("document.querySelector('#chat').scrollIntoView(); return null;").await;
            pupil.shot(&format!("game-chat-{lang}")).await;

            // Off again: the chat leaves the pupil's page at once.
            desk.click("#dash-chat-on").await;
            pupil.js_until("return document.querySelector('#chat').hidden;", |v| v.as_bool() == Some(true)).await;
            let chat: Value = reqwest::Client::new().get(format!("{base}/api/classes/{class_id}/chat")).bearer_auth(&teacher).send().await.unwrap().json().await.unwrap();
            assert_eq!((chat["on"].clone(), chat["lines"].as_array().unwrap().len()), (json!(false), 1));
        }
    })
    .await;
}
