//! A pupil redoes her mistakes, in French on a 768 px tablet (her join
//! page and her page have pictures beside their words): her page says "Refaire mes erreurs (1)" once every exercise is tried, the
//! exercises open at the one to redo and pass over what is right already,
//! and an assignment all right gets its star.

use quoridor_exercises::{solve, Exercise};
use serde_json::{json, Value};

use super::post;
use crate::e2e;

async fn exercise(base: &str, class: &str, n: u64, i: u32, token: &str) -> Exercise {
    let v: Value = reqwest::Client::new()
        .get(format!(
            "{base}/api/classes/{class}/assignments/{n}/exercises/{i}"
        ))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    serde_json::from_value(v["exercise"].clone()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pupil_redoes_her_mistakes_and_gets_her_star() {
    e2e::run("club-redo", |env| async move {
        let base = env.base().to_string();
        let class = post(&base, "/api/classes", None, json!({"name": "CE2 B", "lang": "fr"})).await;
        let (class_id, teacher, code) = (class["id"].as_str().unwrap().to_string(), class["token"].as_str().unwrap().to_string(), class["code"].as_str().unwrap().to_string());
        let given = post(&base, &format!("/api/classes/{class_id}/assignments"), Some(&teacher), json!({"level": 2, "count": 3, "seed": "5"})).await;
        let n = given["assignments"][0]["id"].as_u64().unwrap();
        let tablet = env.browser_in("lea", "fr").await;
        tablet.client.set_window_size(768, 1024).await.unwrap();
        tablet.open(&format!("/join?code={code}")).await;
        // Pictures beside the words, for a child who does not read yet.
        let pictures = tablet.js("return ['#join-form', '#card-form'].map((f) => document.querySelectorAll(f + ' svg.pic').length);").await;
        assert_eq!(pictures, json!([2, 1]));
        tablet.type_into("#join-name", "Léa").await;
        tablet.click("#join-go").await;
        tablet.shown("#pupil-title").await;
        let lea: Value = tablet.js("return JSON.parse(localStorage.getItem('quoridor.club.pupil'));").await;
        let token = lea["token"].as_str().unwrap().to_string();
        let answers = format!("/api/classes/{class_id}/assignments/{n}/answers");
        // Right, skipped, right: one mistake to redo.
        for i in [0, 2] {
            let right = solve(&exercise(&base, &class_id, n, i, &token).await).unwrap().answer;
            post(&base, &answers, Some(&token), json!({"index": i, "answer": right})).await;
        }
        post(&base, &answers, Some(&token), json!({"index": 1, "skip": true})).await;
        tablet.open("/join").await;
        let button = tablet.js_until("const b = document.querySelector('.club-work .btn'); return b && b.textContent;", |v| v.is_string()).await;
        assert_eq!(button, json!("Refaire mes erreurs (1)"));
        let pictures = tablet.js("return Array.from(document.querySelectorAll('#club-pupil h2')).map((h) => [h.textContent, h.querySelectorAll('svg.pic').length, Math.round(h.querySelector('svg.pic').getBoundingClientRect().height)]);").await;
        assert_eq!(pictures, json!([["Tes parties", 1, 32], ["Tes exercices", 1, 32]]));
        assert_eq!(tablet.js("return document.querySelector('.club-star');").await, Value::Null);
        tablet.click(".club-work").await;
        // It opens at exercise 2, the one to redo; skipped again, the page
        // passes over exercise 3 (right) to the end.
        tablet.js_until("const s = document.querySelector('.cls-step.current'); return s && s.textContent;", |v| v.as_str().is_some_and(|s| s.starts_with('2'))).await;
        tablet.click("#cls-skip").await;
        tablet.js_until("return document.querySelector('#cls-solve-title').textContent;", |v| v == "C'est la fin").await;
        // Right at last: the assignment gets its star.
        let right = solve(&exercise(&base, &class_id, n, 1, &token).await).unwrap().answer;
        post(&base, &answers, Some(&token), json!({"index": 1, "answer": right})).await;
        tablet.open("/join").await;
        let star = tablet.js_until("const s = document.querySelector('.club-work .club-star'); return s && [s.textContent, s.getAttribute('aria-label'), document.querySelector('.club-work .btn').textContent];", |v| v.is_array()).await;
        assert_eq!(star, json!(["★", "Tout est juste\u{a0}: une étoile\u{a0}!", "Revoir"]));
        tablet.shot("star").await;
    })
    .await;
}
