//! A pupil's page for their teacher (Romanian, 768 px): opened from the
//! Pupils tab or the results grid, it shows their progress card, each of
//! their answers (a tap draws it) and their games, won or lost, to
//! replay; it follows the class live, and closes when the pupil leaves.

use serde_json::json;

use super::{new_class, open_dashboard, post};
use crate::e2e;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_teacher_opens_a_pupils_page_with_their_work_and_games() {
    e2e::run("club-sheet", |env| async move {
        let base = env.base().to_string();
        let class = new_class(&base, "a III-a", "ro").await;
        let (class_id, teacher, code) = (&class.id, &class.teacher, &class.code);
        let ana = post(&base, "/api/join", None, json!({"code": code, "name": "Ana"})).await;
        let ion = post(&base, "/api/join", None, json!({"code": code, "name": "Ion"})).await;
        let ids = [ana["player"].as_u64().unwrap(), ion["player"].as_u64().unwrap()];
        let given = post(&base, &format!("/api/classes/{class_id}/assignments"), Some(teacher), json!({"level": 1, "count": 3, "seed": "9"})).await;
        let n = given["assignments"][0]["id"].as_u64().unwrap();
        post(&base, &format!("/api/classes/{class_id}/assignments/{n}/answers"), ana["token"].as_str(), json!({"index": 1, "skip": true})).await;
        // Two games with Ion: the first ends (Ion resigns), the second goes on.
        let view = post(&base, &format!("/api/classes/{class_id}/games"), Some(teacher), json!({"pair_by": "hand", "groups": [ids], "game": {"size": 5}})).await;
        let first = view["games"][0]["board"]["id"].as_str().unwrap().to_string();
        post(&base, &format!("/api/games/{first}/resign"), ion["token"].as_str(), json!({})).await;
        post(&base, &format!("/api/classes/{class_id}/games"), Some(teacher), json!({"pair_by": "hand", "groups": [ids], "game": {"size": 5}})).await;

        let desk = env.browser_in("desk", "ro").await;
        desk.client.set_window_size(768, 1024).await.unwrap();
        open_dashboard(&desk, &class, "a III-a").await;
        desk.click(".club-tab[data-tab=pupils]").await;
        desk.js_until("return document.querySelectorAll('.club-pupil .club-sheet-open').length;", |v| v.as_u64() == Some(2)).await;
        desk.click(".club-pupil .club-sheet-open").await;
        // Her page: her name, her progress card (fetched), her answers and
        // her games.
        let sheet = desk.js_until("const d = document.querySelector('#pupil-sheet'); return d.open && d.querySelector('.club-progress') && [d.querySelector('#pupil-sheet-title').textContent, Array.from(d.querySelectorAll('h3')).map((h) => h.textContent), Array.from(d.querySelectorAll('.club-sheet-work td')).map((c) => c.className), Array.from(d.querySelectorAll('.club-sheet-games li')).map((l) => [l.dataset.outcome, l.textContent])];", |v| v.is_array()).await;
        assert_eq!(sheet[0], json!("Ana"));
        assert_eq!(sheet[1], json!(["Progresul de-a lungul semestrului", "Fiecare răspuns (atingeți unul ca să-l vedeți)", "Partide"]));
        assert_eq!(sheet[2], json!(["club-cell-todo", "club-cell-skipped", "club-cell-todo"]));
        let games = sheet[3].as_array().unwrap();
        assert_eq!(games.len(), 2, "{games:?}");
        let outcomes: Vec<&str> = games.iter().map(|g| g[0].as_str().unwrap()).collect();
        assert!(outcomes.contains(&"won") && outcomes.contains(&"playing"), "{outcomes:?}");
        let won = games.iter().find(|g| g[0] == json!("won")).unwrap()[1].as_str().unwrap();
        assert!(won.starts_with("Câștigată împotriva lui Ion") && won.ends_with("Revezi"), "{won}");
        let replay = desk.js("return document.querySelector('#pupil-sheet li[data-outcome=won] a').getAttribute('href');").await;
        assert_eq!(replay, json!(format!("/g/{first}")));
        let fits = desk.js("const d = document.querySelector('#pupil-sheet'); return d.scrollWidth <= d.clientWidth && d.getBoundingClientRect().width <= 768;").await;
        assert_eq!(fits, json!(true), "the page fits a tablet");
        desk.shot("pupil-sheet").await;
        // A tap on her skipped answer shows it, above her page.
        desk.click("#pupil-sheet .club-cell-skipped button").await;
        let shown = desk.js_until("const w = document.querySelector('#work-dialog'); return w.open && document.querySelector('#work-title').textContent;", |v| v.is_string()).await;
        assert!(shown.as_str().unwrap().starts_with("Ana · "), "{shown}");
        desk.js("document.querySelector('#work-dialog').close(); return null;").await;
        // Live: she answers on her tablet, the page follows.
        post(&base, &format!("/api/classes/{class_id}/assignments/{n}/answers"), ana["token"].as_str(), json!({"index": 2, "skip": true})).await;
        desk.js_until("return Array.from(document.querySelectorAll('#pupil-sheet .club-sheet-work td')).map((c) => c.className);", |v| v == &json!(["club-cell-todo", "club-cell-skipped", "club-cell-skipped"])).await;
        // Closed, then opened from her name in the results grid.
        desk.click("#pupil-sheet .club-sheet-close button").await;
        desk.js_until("return document.querySelector('#pupil-sheet').open;", |v| v == &json!(false)).await;
        desk.js("window.scrollTo(0, 0); document.querySelector('.club-tab[data-tab=work]').click(); return null;").await;
        desk.js_until("return document.querySelectorAll('.club-grid .club-name-btn').length;", |v| v.as_u64() == Some(2)).await;
        desk.click(".club-grid .club-name-btn").await;
        desk.js_until("const d = document.querySelector('#pupil-sheet'); return d.open && d.querySelector('#pupil-sheet-title').textContent;", |v| v == &json!("Ana")).await;
        // Taken out of the class: her page closes.
        let removed = reqwest::Client::new().delete(format!("{base}/api/classes/{class_id}/pupils/{}", ids[0])).bearer_auth(teacher).send().await.unwrap();
        assert!(removed.status().is_success(), "{}", removed.status());
        desk.js_until("return document.querySelector('#pupil-sheet').open;", |v| v == &json!(false)).await;
    })
    .await;
}
