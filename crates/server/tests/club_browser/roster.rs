//! The teacher's roster in French on a 768 px tablet: two seats of one
//! child merged from the Pupils tab ("Même enfant que…", the seat to keep,
//! a question first, and the class shows one Léa); then next year's class
//! made from this one.

use serde_json::{json, Value};

use super::{new_class, open_dashboard, post};
use crate::e2e;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_teacher_merges_a_child_who_joined_twice() {
    e2e::run("club-merge", |env| async move {
        let base = env.base().to_string();
        let class = new_class(&base, "CE2 B", "fr").await;
        let code = &class.code;
        for name in ["Léa", "Hugo", "Léa M"] {
            post(&base, "/api/join", None, json!({"code": code, "name": name})).await;
        }
        let desk = env.browser_in("desk", "fr").await;
        desk.client.set_window_size(768, 1024).await.unwrap();
        open_dashboard(&desk, &class, "CE2 B").await;
        desk.click(".club-tab[data-tab=pupils]").await;
        desk.js_until("return document.querySelectorAll('.club-pupil').length;", |v| v.as_u64() == Some(3)).await;
        // The third row is Léa M's: "Même enfant que…", then Léa.
        let label = desk.js("const b = Array.from(document.querySelectorAll('.club-pupil'))[2].querySelectorAll('button'); return Array.from(b).map((x) => x.textContent);").await;
        assert!(label.to_string().contains("Même enfant que…"), "{label}");
        desk.js("const row = Array.from(document.querySelectorAll('.club-pupil'))[2]; Array.from(row.querySelectorAll('button')).find((b) => b.textContent === 'Même enfant que…').click(); return null;").await;
        let asked: Value = desk.js("const s = document.querySelector('.club-merge select'); s.value = Array.from(s.options).find((o) => o.textContent === 'Léa').value; window.asked = []; window.confirm = (q) => { window.asked.push(q); return true; }; return [document.querySelector('.club-merge label span').textContent, Array.from(s.options).map((o) => o.textContent)];").await;
        assert_eq!(asked, json!(["Léa M est le même enfant que", ["Léa", "Hugo"]]));
        let fits = desk.js("const w = document.documentElement.clientWidth; return document.documentElement.scrollWidth <= w;").await;
        assert_eq!(fits, json!(true), "the merge form fits 768 px");
        desk.shot("merge-form").await;
        desk.click(".club-merge button[type=submit]").await;
        let names = desk.js_until("return Array.from(document.querySelectorAll('.club-pupil strong')).map((s) => s.textContent);", |v| v.as_array().is_some_and(|a| a.len() == 2)).await;
        assert_eq!(names, json!(["Léa", "Hugo"]));
        let asked = desk.js("return window.asked;").await;
        let asked = asked[0].as_str().unwrap();
        assert!(asked.starts_with("Fusionner Léa M dans Léa") && asked.ends_with("Léa M quitte la classe."), "{asked}");
        // Next year: a new class from this one, opened on this screen.
        let code = desk.js("return document.querySelector('#dash-code').textContent;").await;
        desk.js("window.prompt = () => 'CM1 B'; return null;").await;
        desk.click("#dash-next-year").await;
        let title = desk.js_until("const t = document.querySelector('#dash-title'); const c = document.querySelector('#dash-code'); return t && c && c.textContent.length === 6 && [t.textContent, c.textContent, document.querySelectorAll('.club-pupil').length];", |v| v.is_array() && v[0] == json!("CM1 B")).await;
        assert_ne!(title[1], code, "a new code");
        assert_eq!(title[2], json!(0), "no pupil comes with it");
        let kept = desk.js("return JSON.parse(localStorage.getItem('quoridor.club.classes')).map((c) => c.name);").await;
        assert_eq!(kept, json!(["CM1 B", "CE2 B"]));
    })
    .await;
}
