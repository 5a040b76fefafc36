//! The class in a real headless Chromium: the teacher opens a class, a
//! pupil joins with the code on a phone-sized screen, the teacher starts
//! the games and sees a pupil's move on the dashboard within a second; the
//! pupil skips an exercise of an assignment and the teacher's grid shows
//! it; the tournament page shows its standings.

#[path = "../e2e/mod.rs"]
mod e2e;

mod chat;
mod lesson;
mod pictures;
mod redo;
mod roster;
mod sheet;

use std::time::{Duration, Instant};

use e2e::{post, Browser};
use serde_json::{json, Value};

/// A class opened over the API: its id, its teacher's token and its code.
struct NewClass {
    id: String,
    teacher: String,
    code: String,
}

async fn new_class(base: &str, name: &str, lang: &str) -> NewClass {
    let class = post(
        base,
        "/api/classes",
        None,
        json!({"name": name, "lang": lang}),
    )
    .await;
    let field = |k: &str| class[k].as_str().unwrap().to_string();
    NewClass {
        id: field("id"),
        teacher: field("token"),
        code: field("code"),
    }
}

/// `b` on the class's dashboard, the class kept in this browser as the
/// teacher's page keeps it.
async fn open_dashboard(b: &Browser, class: &NewClass, name: &str) {
    b.open("/class").await;
    b.js(&format!(
        "localStorage.setItem('quoridor.club.classes', JSON.stringify([{{id: '{}', code: '{}', token: '{}', name: {}}}])); return null;",
        class.id, class.code, class.teacher, json!(name)
    ))
    .await;
    b.open(&format!("/class#{}", class.id)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pupil_joins_on_a_phone_and_the_dashboard_follows_their_game() {
    e2e::run("club-class", |env| async move {
        let base = env.base().to_string();
        // The teacher opens a class.
        let teacher = env.browser("teacher").await;
        teacher.client.set_window_size(1366, 900).await.unwrap();
        teacher.open("/class").await;
        teacher.type_into("#new-class-name", "CM1 Verte").await;
        teacher.click("#new-class-form button[type=submit]").await;
        let code = teacher.js_until("const c = document.querySelector('#dash-code'); return c && c.textContent;", |v| v.as_str().is_some_and(|s| s.len() == 6)).await;
        let code = code.as_str().unwrap().to_string();
        let class: Value = teacher.js("return JSON.parse(localStorage.getItem('quoridor.club.classes'))[0];").await;
        let (class_id, teacher_token) = (class["id"].as_str().unwrap().to_string(), class["token"].as_str().unwrap().to_string());

        // A pupil joins on a phone, from the QR code's link.
        let phone = env.browser("pupil").await;
        phone.client.set_window_size(390, 844).await.unwrap();
        phone.open(&format!("/join?code={code}")).await;
        // The join form fits the phone: its fields inside their card.
        let fits = phone.js("const c = document.querySelector('.club-join-card').getBoundingClientRect(); return ['#join-code', '#join-name'].every((id) => document.querySelector(id).getBoundingClientRect().right <= c.right);").await;
        assert_eq!(fits, Value::Bool(true), "the join form's fields stay inside their card");
        phone.type_into("#join-name", "Léa").await;
        let button = phone.js("const r = document.querySelector('#join-go').getBoundingClientRect(); return [r.width, r.height];").await;
        assert!(button[1].as_f64().unwrap() >= 48.0 && button[0].as_f64().unwrap() >= 200.0, "a large button: {button}");
        phone.click("#join-go").await;
        let hello = phone.shown("#pupil-title").await.text().await.unwrap();
        assert_eq!(hello, "Hello Léa!");
        let wide = phone.js("return document.documentElement.scrollWidth;").await;
        assert!(wide.as_u64().unwrap() <= 390, "no sideways scrolling on a phone: {wide}");
        let lea: Value = phone.js("return JSON.parse(localStorage.getItem('quoridor.club.pupil'));").await;
        let lea_token = lea["token"].as_str().unwrap().to_string();
        // Five more pupils join (by the API); the dashboard lists them, Léa online.
        let mut tokens = std::collections::HashMap::new();
        tokens.insert("Léa".to_string(), lea_token.clone());
        for name in ["Hugo", "Inès", "Jade", "Karim", "Zoé"] {
            let joined = post(&base, "/api/join", None, json!({"code": code, "name": name})).await;
            tokens.insert(name.to_string(), joined["token"].as_str().unwrap().to_string());
        }
        teacher.click(".club-tab[data-tab=pupils]").await;
        teacher.js_until("return Array.from(document.querySelectorAll('.club-pupil')).map(p => p.textContent + (p.classList.contains('online') ? ' [on]' : ''));", |v| {
            let s = v.to_string();
            s.contains("Léa") && s.contains("[on]") && s.contains("Zoé")
        })
        .await;

        // The teacher starts 5×5 games, pupils paired at random.
        teacher.click(".club-tab[data-tab=boards]").await;
        teacher.select("#games-kind", "5").await;
        teacher.click("#games-form button[type=submit]").await;
        teacher.shown(".club-board").await;
        let game = teacher.js_until("const b = document.querySelector('.club-board'); return b && b.dataset.game;", |v| v.is_string()).await;
        let game = game.as_str().unwrap().to_string();
        // Léa's phone shows the game to play.
        phone.shown("#pupil-games .club-board .btn.primary").await;
        phone.shot("pupil").await;
        // Her game's page offers no seat link to pass on (it would open her
        // class seat too), and the way back to her page.
        phone.click("#pupil-games .club-board").await;
        phone.js_until("const b = document.querySelector('#seat-link-box'); return document.querySelector('#game-meta').textContent !== '' && b.hidden;", |v| v.as_bool() == Some(true)).await;
        let back = phone.js("return Array.from(document.querySelectorAll('header.topbar a')).some((a) => !a.hidden && a.getAttribute('href') === '/join');").await;
        assert_eq!(back, json!(true));
        phone.open("/join").await;
        phone.shown("#pupil-title").await;
        teacher.js_until("return document.querySelectorAll('.club-board').length;", |v| v.as_u64() == Some(3)).await;
        teacher.shot("dashboard").await;
        // Before the first move nobody is "ahead" and no "move 0" is shown.
        let line = teacher.js(&format!("return document.querySelector('.club-board[data-game=\"{game}\"] .club-line').textContent;")).await;
        assert_eq!(line.as_str(), Some("no move yet"));

        // The pupil who plays first moves; the dashboard shows it within a second.
        let view = env.game(&game).await;
        let first = view["seats"][0]["name"].as_str().unwrap().to_string();
        let token = &tokens[&first];
        let pawn = view["pawns"]["south"].as_str().unwrap().to_string();
        let up = format!("{}{}", &pawn[..1], pawn[1..].parse::<u32>().unwrap() + 1);
        let sent = Instant::now();
        post(&base, &format!("/api/games/{game}/move"), Some(token), json!({"move": up})).await;
        teacher.js_until(&format!("const b = document.querySelector('.club-board[data-game=\"{game}\"]'); return b && b.dataset.ply;"), |v| v.as_str() == Some("1")).await;
        let seen = sent.elapsed();
        assert!(seen < Duration::from_secs(1), "the dashboard took {seen:?}");
        eprintln!("the dashboard showed the move {} ms after it was sent", seen.as_millis());

        // An assignment: Léa skips the first exercise, the teacher's grid shows it.
        post(&base, &format!("/api/classes/{class_id}/assignments"), Some(&teacher_token), json!({"level": 1, "count": 2, "seed": "7"})).await;
        phone.click("#pupil-work a.club-work").await;
        phone.shown("#cls-board svg").await;
        let progress = phone.shown("#cls-progress").await.text().await.unwrap();
        assert_eq!(progress, "Exercise 1 of 2");
        phone.click("#cls-skip").await;
        phone.js_until("return document.querySelector('#cls-progress').textContent;", |v| v.as_str() == Some("Exercise 2 of 2")).await;
        teacher.click(".club-tab[data-tab=work]").await;
        teacher.js_until("const c = document.querySelector('.club-grid tbody tr td.club-cell-skipped'); return c && c.closest('tr').firstChild.textContent;", |v| v.as_str() == Some("Léa")).await;
        // A click on the cell shows the exercise as the pupil left it.
        // The grid's columns name their exercises: a mixed sheet's kinds in turn.
        let heads = teacher.js("return Array.from(document.querySelectorAll('.club-grid thead th')).map((h) => [h.textContent, h.title]);").await;
        assert_eq!(heads, json!([["Pupil", ""], ["1Maze", "Get out of the maze · level 1"], ["2Ways", "Find the right way · level 1"]]));
        teacher.click(".club-grid td.club-cell-skipped button").await;
        teacher.js_until("const d = document.querySelector('#work-dialog'); const i = document.querySelector('#work-img'); return d.open && i.complete && i.naturalWidth > 0 && document.querySelector('#work-title').textContent;", |v| v.as_str().is_some_and(|t| t.starts_with("Léa"))).await;
        teacher.shot("work").await;
        teacher.js("document.querySelector('#work-dialog').close(); return null;").await;

        // Exercise 2: a wrong try, the solution shown, then "Check": right,
        // but marked as after the solution, for her and in the grid.
        phone.click("#cls-check").await;
        phone.js_until("const s = document.querySelector('#cls-show'); return s && !s.hidden;", |v| v.as_bool() == Some(true)).await;
        phone.click("#cls-show").await;
        phone.js_until("return document.querySelector('#cls-feedback').textContent;", |v| v.as_str().is_some_and(|t| t.starts_with("The solution:"))).await;
        phone.click("#cls-check").await;
        phone.js_until("const f = document.querySelector('#cls-feedback'); return f.classList.contains('good') && f.textContent;", |v| v.as_str().is_some_and(|t| t.starts_with("You had seen the solution") && t.contains("Well done"))).await;
        teacher.js_until("const c = document.querySelector('.club-grid tbody tr td.club-cell-right_after_solution button'); return c && c.title;", |v| v.as_str().is_some_and(|t| t.starts_with("right after the solution"))).await;
        // The end of the series: not "well done" with an exercise skipped.
        phone.click("#cls-next").await;
        let end = phone.js_until("const f = document.querySelector('#cls-feedback'); return !f.hidden && f.textContent;", |v| v.as_str().is_some_and(|t| t.starts_with("End") || t.starts_with("All"))).await;
        assert_eq!(end.as_str().unwrap(), "End of the series. 1 exercise is still to do: come back to it!Go to exercise 1Back to my page");
        // The steps say what is right and what to redo; the way back to the
        // skipped one is one tap.
        let steps = phone.js("return Array.from(document.querySelectorAll('#cls-steps .cls-step')).map((b) => b.getAttribute('aria-label'));").await;
        assert_eq!(steps, json!(["Exercise 1: skipped", "Exercise 2: right after the solution"]));
        assert_eq!(phone.shown("#cls-solve-title").await.text().await.unwrap(), "The end");
        phone.click("#cls-feedback button").await;
        phone.js_until("return document.querySelector('#cls-progress').textContent;", |v| v.as_str() == Some("Exercise 1 of 2")).await;
        let current = phone.js("return document.querySelector('#cls-steps .cls-step.current').textContent;").await;
        assert_eq!(current, json!("1–"));
        // The progress tab: Léa's term in figures and bars.
        teacher.click(".club-tab[data-tab=progress]").await;
        let card = teacher.js_until("const c = document.querySelector('.club-progress'); return c && c.querySelectorAll('svg.bars rect').length > 0 && c.textContent;", |v| v.is_string()).await;
        let card = card.as_str().unwrap();
        assert!(card.starts_with("Léa") && card.contains("right after the solution 1") && card.contains("skipped 1"), "{card}");
        // Her skills in words and colours, each with its trend; on a tablet
        // every card holds its content (nothing cut off on the right).
        let skill = teacher.js("const s = document.querySelector('.club-progress .club-skill'); return [s.querySelector('.club-skill-head').textContent, s.querySelector('.club-skill-words').textContent, s.querySelector('svg.trend').getAttribute('aria-label')];").await;
        let skill: Vec<&str> = skill.as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        assert!(skill[0].contains("· level 1") && skill[0].contains("right: "), "{skill:?}");
        assert!(!skill[1].is_empty() && skill[2].contains("right without the solution, week by week: "), "{skill:?}");
        teacher.client.set_window_size(768, 1024).await.unwrap();
        let cut = teacher.js("return Array.from(document.querySelectorAll('.club-progress')).filter((c) => c.scrollWidth > c.clientWidth).length + (document.documentElement.scrollWidth > window.innerWidth ? 100 : 0);").await;
        assert_eq!(cut, json!(0), "the progress cards fit a tablet");
        teacher.js("document.querySelector('.club-progress .club-skills').scrollIntoView({block: 'end'}); return null;").await;
        teacher.shot("progress").await;
        teacher.client.set_window_size(1366, 900).await.unwrap();

        // A class tournament (round robin with a computer player), its page.
        let cup = post(&base, "/api/tournaments", Some(&teacher_token), json!({"name": "Coupe", "format": "round_robin", "size": 5, "class": class_id, "ai": [1]})).await;
        let tournament_id = cup["id"].as_str().unwrap();
        post(&base, &format!("/api/tournaments/{tournament_id}/start"), Some(&teacher_token), json!({})).await;
        // A stranger reads nothing of a class's tournament.
        let stranger = env.browser("stranger").await;
        stranger.open(&format!("/t/{tournament_id}")).await;
        stranger.js_until("return document.querySelector('#cup-title').textContent;", |v| v.as_str().is_some_and(|t| t.starts_with("This tournament is for the pupils of a class"))).await;
        assert_eq!(stranger.js("return document.querySelectorAll('#cup-standings tbody tr').length;").await, json!(0));
        // Its teacher reads it all.
        let watcher = &teacher;
        watcher.open(&format!("/t/{tournament_id}")).await;
        watcher.js_until("return document.querySelectorAll('#cup-standings tbody tr').length;", |v| v.as_u64() == Some(7)).await;
        let title = watcher.shown("#cup-title").await.text().await.unwrap();
        assert_eq!(title, "Coupe");
        // The computer player is named in the page's language, not "AI 1 #1".
        let standings = watcher.js("return document.querySelector('#cup-standings').textContent;").await;
        let standings = standings.as_str().unwrap();
        assert!(standings.contains("Computer 1 #1") && !standings.contains("AI 1"), "{standings}");
        // Round 1: three games and the bye (seven players), their boards shown.
        let round = watcher.js_until("const r = document.querySelector('.club-round.current'); return r && [r.querySelector('h2').textContent, r.querySelectorAll('tbody tr').length, r.querySelectorAll('.club-board').length];", |v| v.get(2).and_then(Value::as_u64) == Some(3)).await;
        assert_eq!(round, json!(["Round 1", 4, 3]));
        watcher.shot("tournament").await;

        // A club tournament, outside the class: the organiser's form, then
        // the tournament page with its code, two computer players added.
        teacher.open("/class").await;
        teacher.type_into("#club-cup-slot input[name=name]", "Club du samedi").await;
        teacher.select("#club-cup-slot select[name=format]", "swiss").await;
        teacher.click("#club-cup-slot button[type=submit]").await;
        let line = teacher.shown("#cup-code-line").await.text().await.unwrap();
        assert!(line.contains("/join"), "{line}");
        teacher.click("#cup-add-ai").await;
        teacher.js_until("return document.querySelectorAll('#cup-players li').length;", |v| v.as_u64() == Some(1)).await;
        teacher.click("#cup-add-ai").await;
        teacher.js_until("return document.querySelectorAll('#cup-players li').length;", |v| v.as_u64() == Some(2)).await;
        let info = teacher.shown("#cup-info").await.text().await.unwrap();
        assert!(info.starts_with("Swiss") && info.contains("9×9") && info.contains("10 min + 5 s"), "{info}");
        // Not started: no "round 0 of …" (the rounds are known at the start).
        assert!(!info.contains("round"), "{info}");

        // A wrong PIN is told in the page's words, not the server's.
        teacher.open("/class").await;
        teacher.type_into("#open-code", &code).await;
        teacher.type_into("#open-pin", "0000").await;
        teacher.click("#open-class-form button[type=submit]").await;
        let said = teacher.js_until("const e = document.querySelector('#start-error'); return !e.hidden && e.textContent;", |v| v.is_string()).await;
        assert_eq!(said.as_str().unwrap(), "This code and PIN do not open a class. Check them and try again.");

        // A pupil's tablet keeps her inside her class: from the home page,
        // the way back to her page, and no lobby, leaderboard or log-in.
        phone.open("/").await;
        let links = phone.js_until("const a = Array.from(document.querySelectorAll('header.topbar a')).filter((a) => !a.hidden && getComputedStyle(a).display !== 'none').map((a) => a.getAttribute('href')); return a.includes('/join') && a;", |v| v.is_array()).await;
        for gone in ["/lobby", "/leaderboard", "/account"] {
            assert!(!links.as_array().unwrap().contains(&json!(gone)), "{links}");
        }

        // Léa's page open, the teacher takes her out of the class: her
        // page says so, on the join form, instead of reconnecting forever.
        phone.open("/join").await;
        phone.shown("#pupil-title").await;
        let player = lea["player"].as_u64().unwrap();
        let removed = reqwest::Client::new()
            .delete(format!("{base}/api/classes/{class_id}/pupils/{player}"))
            .bearer_auth(&teacher_token)
            .send()
            .await
            .unwrap();
        assert_eq!(removed.status(), 204);
        let said = phone.js_until("const e = document.querySelector('#join-error'); return !document.querySelector('#club-join').hidden && e && !e.hidden && e.textContent;", |v| v.is_string()).await;
        assert_eq!(said.as_str().unwrap(), "Your teacher took you out of this class. Ask for the code to join again.");
        let kept: Value = phone.js("return localStorage.getItem('quoridor.club.pupil');").await;
        assert_eq!(kept, Value::Null, "the old seat is forgotten");
    })
    .await;
}

/// Login cards on phones: the teacher prints the class's cards; Léa scans
/// hers on another phone and is back in her seat; the first phone is told
/// why it left, and comes back by typing the card; a wrong card is told in
/// simple words.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pupil_comes_back_on_another_phone_with_her_card() {
    e2e::run("club-cards", |env| async move {
        let base = env.base().to_string();
        let teacher = env.browser("teacher").await;
        teacher.client.set_window_size(1366, 900).await.unwrap();
        teacher.open("/class").await;
        teacher.type_into("#new-class-name", "CE2 B").await;
        teacher.click("#new-class-form button[type=submit]").await;
        let code = teacher.js_until("const c = document.querySelector('#dash-code'); return c && c.textContent;", |v| v.as_str().is_some_and(|s| s.len() == 6)).await;
        let code = code.as_str().unwrap().to_string();
        let class: Value = teacher.js("return JSON.parse(localStorage.getItem('quoridor.club.classes'))[0];").await;
        let class_id = class["id"].as_str().unwrap().to_string();

        // Léa joins on her phone; Hugo by the API.
        let first = env.browser("first-phone").await;
        first.client.set_window_size(390, 844).await.unwrap();
        first.open(&format!("/join?code={code}")).await;
        first.type_into("#join-name", "Léa").await;
        first.click("#join-go").await;
        assert_eq!(first.shown("#pupil-title").await.text().await.unwrap(), "Hello Léa!");
        post(&base, "/api/join", None, json!({"code": code, "name": "Hugo"})).await;

        // The teacher sees each pupil's card, and prints them.
        teacher.click(".club-tab[data-tab=pupils]").await;
        // Two more added by name before they come, one a line.
        teacher.type_into("#add-pupils-names", "Zoé\nMaël").await;
        teacher.click("#add-pupils-form button[type=submit]").await;
        teacher.js_until("return Array.from(document.querySelectorAll('.club-pupil strong')).map((s) => s.textContent).join(',');", |v| v.as_str() == Some("Léa,Hugo,Zoé,Maël")).await;
        // Hidden until asked: the dashboard is often on the class's screen.
        let hidden = teacher.js_until("const p = Array.from(document.querySelectorAll('.club-pupil')).find((p) => p.textContent.includes('Léa')); return p && p.querySelector('.club-card-code').textContent;", |v| v.is_string()).await;
        assert_eq!(hidden, "Show card");
        let card = teacher.js_until("const p = Array.from(document.querySelectorAll('.club-pupil')).find((p) => p.textContent.includes('Léa')); const b = p && p.querySelector('.club-card-code'); if (b && b.getAttribute('aria-pressed') !== 'true') b.click(); return b && b.textContent;", |v| v.as_str().is_some_and(|s| s.len() == 9)).await;
        let card = card.as_str().unwrap().to_string();
        assert_eq!(&card[4..5], "-", "printed as ABCD-EFGH: {card}");
        teacher.open(&format!("/class?cards={class_id}")).await;
        let sheet = teacher.js_until("const cs = Array.from(document.querySelectorAll('.club-login-card')); return cs.length === 4 && cs.every((c) => c.querySelector('img').naturalWidth > 0) && cs.map((c) => [c.querySelector('.club-login-name').textContent, c.querySelector('.club-login-code').textContent, c.querySelector('.club-login-class').textContent]);", |v| v.is_array()).await;
        assert_eq!(sheet[0], json!(["Léa", card, "CE2 B"]));
        teacher.shot("cards").await;

        // Léa scans her card's QR code with another phone: /join#card=….
        let second = env.browser("second-phone").await;
        second.client.set_window_size(390, 844).await.unwrap();
        second.open(&format!("/join#card={}", card.replace('-', ""))).await;
        assert_eq!(second.shown("#pupil-title").await.text().await.unwrap(), "Hello Léa!");
        let address = second.js("return location.href;").await;
        assert!(!address.as_str().unwrap().contains("card"), "the card leaves the address: {address}");
        // The first phone is told why it left the class.
        let said = first.js_until("const e = document.querySelector('#join-error'); return !document.querySelector('#club-join').hidden && e && !e.hidden && e.textContent;", |v| v.is_string()).await;
        assert!(said.as_str().unwrap().starts_with("You came back on another tablet with your card"), "{said}");
        // The card form fits the phone, with large targets.
        let sizes = first.js("return ['#card-code', '#card-go'].map((id) => document.querySelector(id).getBoundingClientRect().height);").await;
        assert!(sizes.as_array().unwrap().iter().all(|h| h.as_f64().unwrap() >= 44.0), "{sizes}");
        let wide = first.js("return document.documentElement.scrollWidth;").await;
        assert!(wide.as_u64().unwrap() <= 390, "no sideways scrolling on a phone: {wide}");
        first.shot("told").await;
        // A wrong card, then hers typed in lower case.
        first.type_into("#card-code", "zzzz-zzzz").await;
        first.click("#card-go").await;
        let said = first.js_until("const e = document.querySelector('#card-error'); return !e.hidden && e.textContent;", |v| v.is_string()).await;
        assert_eq!(said.as_str().unwrap(), "This card does not open a seat. Check the letters, or ask your teacher for a new card.");
        first.js("document.querySelector('#card-code').value = ''; return null;").await;
        first.type_into("#card-code", &card.to_lowercase()).await;
        first.click("#card-go").await;
        assert_eq!(first.shown("#pupil-title").await.text().await.unwrap(), "Hello Léa!");
        // Now the second phone is the one told.
        second.js_until("return !document.querySelector('#club-join').hidden;", |v| v.as_bool() == Some(true)).await;
    })
    .await;
}

/// A class tournament on a pupil's phone: her page follows the start live
/// and offers her game as one big button; the game page links back to the
/// tournament and offers no rematch outside it; at the end, her page and
/// the tournament's say her place (player 0 beaten is not "a bye").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pupil_follows_her_class_tournament_to_its_end() {
    e2e::run("club-cup-pupil", |env| async move {
        let base = env.base().to_string();
        let key = post(&base, "/api/classes", None, json!({"name": "CM2", "lang": "en"})).await;
        let (class_id, code, teacher) = (key["id"].as_str().unwrap().to_string(), key["code"].as_str().unwrap().to_string(), key["token"].as_str().unwrap().to_string());
        // Léa (the tournament's player 0) by the API; Inès on her phone.
        let lea = post(&base, "/api/join", None, json!({"code": code, "name": "Léa"})).await;
        let phone = env.browser("ines").await;
        phone.client.set_window_size(390, 844).await.unwrap();
        phone.open(&format!("/join?code={code}")).await;
        phone.type_into("#join-name", "Inès").await;
        phone.click("#join-go").await;
        phone.shown("#pupil-title").await;
        let cup = post(&base, "/api/tournaments", Some(&teacher), json!({"name": "Coupe", "format": "round_robin", "size": 5, "class": class_id})).await;
        let tournament_id = cup["id"].as_str().unwrap().to_string();
        phone.js_until("const c = document.querySelector('.club-cup'); return c && c.textContent;", |v| v.as_str().is_some_and(|s| s.contains("Coupe"))).await;
        // The start reaches her page without a reload: her game, one big button.
        post(&base, &format!("/api/tournaments/{tournament_id}/start"), Some(&teacher), json!({})).await;
        let play = phone.js_until("const b = document.querySelector('.club-cup a.btn.primary.big'); return b && [b.textContent, b.getBoundingClientRect().height];", |v| v.is_array()).await;
        assert_eq!(play[0], "Play your tournament game");
        assert!(play[1].as_f64().unwrap() >= 44.0, "{play}");
        phone.shot("cup-start").await;
        phone.click(".club-cup a.btn.primary.big").await;
        // On a phone the top bar scrolls away with the page.
        let bar = phone.js_until("const b = document.querySelector('.topbar'); return b && getComputedStyle(b).position;", |v| v.is_string()).await;
        assert_eq!(bar.as_str(), Some("static"));
        // The game page: back to the tournament, never a rematch outside it.
        let back = phone.js_until("const a = document.querySelector('#back-to-cup'); return a && !a.hidden && a.getAttribute('href');", |v| v.is_string()).await;
        assert_eq!(back.as_str().unwrap(), format!("/t/{tournament_id}"));
        let game = phone.js("return location.pathname.split('/').pop();").await;
        let game = game.as_str().unwrap().to_string();
        post(&base, &format!("/api/games/{game}/resign"), lea["token"].as_str(), json!({})).await;
        phone.js_until("const a = document.querySelector('#back-to-cup'); return a.classList.contains('primary') && document.querySelector('#rematch').hidden;", |v| v.as_bool() == Some(true)).await;
        let refused = reqwest::Client::new().post(format!("{base}/api/games/{game}/rematch")).bearer_auth(lea["token"].as_str().unwrap()).json(&json!({})).send().await.unwrap();
        assert_eq!(refused.status(), 403, "no rematch of a tournament's game");
        phone.shot("game-over").await;
        // Back at the tournament: her place, not a bye.
        phone.click("#back-to-cup").await;
        let said = phone.js_until("const y = document.querySelector('#cup-you'); return y && y.textContent;", |v| v.as_str().is_some_and(|s| !s.is_empty())).await;
        assert_eq!(said.as_str().unwrap(), "The tournament is over: you won it! Well done.");
        // The standings fit the phone (they scroll inside their card).
        let wide = phone.js("return document.documentElement.scrollWidth;").await;
        assert!(wide.as_u64().unwrap() <= 390, "no sideways scrolling on a phone: {wide}");
        phone.open("/join").await;
        let said = phone.js_until("const c = document.querySelector('.club-cup .club-cup-now'); return c && c.textContent;", |v| v.as_str().is_some_and(|s| s.contains("over"))).await;
        assert_eq!(said.as_str().unwrap(), "The tournament is over: you won it! Well done.");
        // Léa's own page says her place, by the API.
        let me: Value = reqwest::Client::new().get(format!("{base}/api/classes/{class_id}/me")).bearer_auth(lea["token"].as_str().unwrap()).send().await.unwrap().json().await.unwrap();
        assert_eq!((me["tournaments"][0]["place"].as_u64(), me["tournaments"][0]["players"].as_u64()), (Some(2), Some(2)));
    })
    .await;
}

/// The dashboard on a 1920×1080 whiteboard: every word at 24 px or more,
/// boards of 300 px or more, the QR code large, fences bright on the dark
/// grooves, and the boards still live.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_whiteboard_view_reads_from_the_back_of_the_room() {
    e2e::run("club-whiteboard", |env| async move {
        let base = env.base().to_string();
        let key = post(&base, "/api/classes", None, json!({"name": "CM1 Verte", "lang": "en"})).await;
        let (class_id, code, teacher) = (key["id"].as_str().unwrap().to_string(), key["code"].as_str().unwrap().to_string(), key["token"].as_str().unwrap().to_string());
        let mut tokens = std::collections::HashMap::new();
        for name in ["Léa", "Hugo", "Inès", "Jade", "Karim", "Zoé"] {
            let joined = post(&base, "/api/join", None, json!({"code": code, "name": name})).await;
            tokens.insert(name.to_string(), joined["token"].as_str().unwrap().to_string());
        }
        let view = post(&base, &format!("/api/classes/{class_id}/games"), Some(&teacher), json!({"pair_by": "random", "game": {"size": 9}})).await;
        let game = view["games"][0]["board"]["id"].as_str().unwrap().to_string();
        let screen = env.browser("whiteboard").await;
        screen.client.set_window_size(1920, 1080).await.unwrap();
        screen.open("/class").await;
        screen.js(&format!("localStorage.setItem('quoridor.club.classes', JSON.stringify([{{id: '{class_id}', code: '{code}', token: '{teacher}', name: 'CM1 Verte'}}])); return null;")).await;
        screen.open(&format!("/class?view=whiteboard#{class_id}")).await;
        screen.js_until("return document.querySelectorAll('#wb-boards .club-board').length;", |v| v.as_u64() == Some(3)).await;
        // A fence on a board reaches the whiteboard, bright.
        let state = env.game(&game).await;
        let mover = state["seats"].as_array().unwrap().iter().find(|s| s["seat"] == state["turn"]).unwrap()["name"].as_str().unwrap().to_string();
        post(&base, &format!("/api/games/{game}/move"), Some(&tokens[&mover]), json!({"move": "e4h"})).await;
        let fill = screen.js_until(&format!("const f = document.querySelector('#wb-boards .club-board[data-game=\"{game}\"] .fence'); return f && getComputedStyle(f).fill;"), |v| v.is_string()).await;
        assert_eq!(fill.as_str().unwrap(), "rgb(255, 210, 31)");
        // Every word at 24 px or more; boards and QR code large; no sideways scroll.
        let smallest = screen.js("const view = document.querySelector('#club-whiteboard'); let min = 1e9; for (const e of view.querySelectorAll('*')) { const own = Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim()); if (own && e.getClientRects().length) min = Math.min(min, parseFloat(getComputedStyle(e).fontSize)); } return min;").await;
        assert!(smallest.as_f64().unwrap() >= 24.0, "the smallest text is {smallest} px");
        let boards = screen.js("return Array.from(document.querySelectorAll('#wb-boards .club-thumb')).map((b) => Math.round(b.getBoundingClientRect().width));").await;
        assert!(boards.as_array().unwrap().iter().all(|w| w.as_f64().unwrap() >= 300.0), "boards: {boards}");
        let qr = screen.js("const q = document.querySelector('#wb-qr'); return q.complete && q.naturalWidth > 0 && q.getBoundingClientRect().width;").await;
        assert!(qr.as_f64().unwrap() >= 300.0, "QR code: {qr}");
        let code_size = screen.js("return parseFloat(getComputedStyle(document.querySelector('#wb-code')).fontSize);").await;
        assert!(code_size.as_f64().unwrap() >= 80.0, "the code: {code_size}");
        let wide = screen.js("return document.documentElement.scrollWidth;").await;
        assert!(wide.as_u64().unwrap() <= 1920, "{wide}");
        screen.shot("whiteboard").await;
        // Back to the dashboard, and the address says so.
        screen.click("#wb-leave").await;
        screen.js_until("return !document.querySelector('#club-dashboard').hidden && location.search;", |v| v.as_str() == Some("")).await;
    })
    .await;
}

/// A teacher logged in on another computer finds the class kept in their
/// account and opens its dashboard there, without the PIN.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_teacher_finds_her_class_on_another_computer_by_her_account() {
    e2e::run("club-account", |env| async move {
        let base = env.base().to_string();
        let res = reqwest::Client::new()
            .post(format!("{base}/api/account/signup"))
            .json(&json!({"name": "mme_dupont", "password": "a long password"}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 201);
        let cookie = res.headers()["set-cookie"].to_str().unwrap().to_string();
        let session = cookie.strip_prefix("quoridor_session=").unwrap().split(';').next().unwrap().to_string();
        let made = reqwest::Client::new()
            .post(format!("{base}/api/classes"))
            .header("cookie", format!("quoridor_session={session}"))
            .json(&json!({"name": "CE2 B", "lang": "fr", "pin": "2468"}))
            .send()
            .await
            .unwrap();
        assert_eq!(made.status().as_u16(), 201);
        let made: Value = made.json().await.unwrap();
        let b = env.browser("home").await;
        b.client.set_window_size(1280, 900).await.unwrap();
        b.open("/class").await;
        // Not logged in: a word on where the classes would be.
        b.js_until("return !document.querySelector('#account-hint').hidden;", |v| v.as_bool() == Some(true)).await;
        // Logged in on this computer, through the account page.
        b.open("/account").await;
        b.type_into("#auth-name", "mme_dupont").await;
        b.type_into("#auth-password", "a long password").await;
        b.click("#auth-go").await;
        b.js_until("const h = document.querySelector('#home-title'); return h && h.textContent;", |v| v.as_str().is_some_and(|s| s.contains("mme_dupont"))).await;
        b.open("/class").await;
        let listed = b.js_until("const l = document.querySelector('#account-classes button'); return !document.querySelector('#account-classes-box').hidden && l && l.textContent;", |v| v.is_string()).await;
        assert!(listed.as_str().unwrap().starts_with("CE2 B"), "{listed}");
        b.click("#account-classes button").await;
        let code = b.js_until("const c = document.querySelector('#dash-code'); return c && c.textContent;", |v| v.as_str().is_some_and(|s| s.len() == 6)).await;
        assert_eq!(code, made["code"]);
        let keep_hidden = b.js("return document.querySelector('#dash-keep').hidden;").await;
        assert_eq!(keep_hidden, Value::Bool(true), "already in the account");
    })
    .await;
}

/// Puzzles of /learn as a class's assignment, in French: the teacher gives
/// them from the dashboard's form; on her phone, a pupil opens them from
/// her page, plays a wrong move (nothing given away, no "next" in an
/// assignment done until right), asks for the solution, plays it, then
/// solves the second at once; the teacher's grid and progress say how.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pupil_does_her_puzzles_on_learn_and_the_teacher_sees_how() {
    e2e::run("club-puzzles", |env| async move {
        let base = env.base().to_string();
        let key = post(&base, "/api/classes", None, json!({"name": "CM2", "lang": "fr"})).await;
        let (class_id, code, teacher) = (key["id"].as_str().unwrap().to_string(), key["code"].as_str().unwrap().to_string(), key["token"].as_str().unwrap().to_string());
        let lea = post(&base, "/api/join", None, json!({"code": code, "name": "Léa"})).await;

        // The teacher gives two race puzzles, each right before the next.
        let desk = env.browser("teacher").await;
        desk.client.set_window_size(1366, 900).await.unwrap();
        desk.open("/class").await;
        desk.js(&format!("localStorage.setItem('quoridor.lang', 'fr'); localStorage.setItem('quoridor.club.classes', JSON.stringify([{{id: '{class_id}', code: '{code}', token: '{teacher}', name: 'CM2'}}])); return null;")).await;
        desk.open(&format!("/class#{class_id}")).await;
        // Léa ticked, made the group "Les Verts"; the puzzles are for it.
        desk.click(".club-tab[data-tab=pupils]").await;
        desk.js_until("return document.querySelectorAll('.club-pupil input').length;", |v| v.as_u64() == Some(1)).await;
        desk.click(".club-pupil input").await;
        desk.type_into("#group-name", "Les Verts").await;
        desk.click("#group-form button[type=submit]").await;
        let group = desk.js_until("const g = document.querySelector('.club-group'); return g && g.textContent.includes('Léa') && Number(g.dataset.group);", |v| v.as_u64().is_some()).await;
        desk.js("document.querySelector('.club-groups').scrollIntoView({block: 'start'}); window.scrollBy(0, -70); return null;").await;
        desk.shot("groups").await;
        // Back to the top: the tabs would be under the fixed top bar.
        desk.js("window.scrollTo(0, 0); return null;").await;
        desk.click(".club-tab[data-tab=work]").await;
        desk.select("#assign-for", &format!("g:{group}")).await;
        desk.select("#assign-kind", "puzzles").await;
        desk.js_until("return !document.querySelector('#assign-theme').closest('label').hidden && document.querySelector('#assign-level').closest('label').hidden;", |v| v.as_bool() == Some(true)).await;
        desk.select("#assign-theme", "race").await;
        // Difficulty 5: every race puzzle there has a wrong pawn move to
        // try (the two race puzzles of difficulty 5 since the deep proof).
        desk.select("#assign-difficulty", "5").await;
        desk.js("document.querySelector('#assign-count').value = '2'; return null;").await;
        desk.click("#assign-until-right").await;
        desk.click("#assign-form button[type=submit]").await;
        desk.js_until("return document.querySelectorAll('#dash-assignments .club-assignment').length;", |v| v.as_u64() == Some(1)).await;
        let view: Value = reqwest::Client::new().get(format!("{base}/api/classes/{class_id}")).bearer_auth(&teacher).send().await.unwrap().json().await.unwrap();
        let a = &view["assignments"][0];
        assert_eq!(a["source"]["source"], "learn");
        assert_eq!(a["rules"]["until_right"], true);
        assert_eq!(a["groups"], json!([group]));
        assert_eq!(a["pupils"], json!([lea["player"]]));
        let n = a["id"].as_u64().unwrap();
        let puzzles: Vec<&quoridor_learn::Puzzle> = a["source"]["puzzles"].as_array().unwrap().iter().map(|id| quoridor_learn::find_puzzle(id.as_str().unwrap()).unwrap()).collect();
        assert_eq!(puzzles.len(), 2);
        let best = |p: &quoridor_learn::Puzzle| p.best().to_string();
        // A race is won by a pawn move: tapped on its square.
        assert!(puzzles.iter().all(|p| matches!(p.best(), quoridor_rules::Move::Pawn(_))));
        let wrong = {
            let start = puzzles[0].start();
            start.legal_moves().iter().copied().find(|&m| matches!(m, quoridor_rules::Move::Pawn(_)) && m != puzzles[0].best()).unwrap().to_string()
        };

        // Léa, on her phone, from her page.
        let phone = env.browser("pupil").await;
        phone.client.set_window_size(390, 844).await.unwrap();
        phone.open("/join").await;
        phone.js(&format!("localStorage.setItem('quoridor.lang', 'fr'); localStorage.setItem('quoridor.club.pupil', JSON.stringify({lea})); return null;")).await;
        phone.open("/join").await;
        phone.click(&format!(".club-work[data-assignment=\"{n}\"]")).await;
        phone.js_until("const s = document.querySelector('#lc-step'); return location.pathname === '/learn' && s && s.textContent;", |v| v.as_str() == Some("1 sur 2")).await;
        let shown = phone.js("return ['#lc-solution', '#lc-skip', '#learn-next'].map((id) => !document.querySelector(id).hidden);").await;
        assert_eq!(shown, json!([false, true, false]), "no solution before a try");
        // The race puzzle in a child's words ("tu", the pawn by its colour,
        // what to look for), with a picture of the move asked for.
        let task = phone.js("const p = document.querySelector('#learn-task-pic svg.move-picture'); return [document.querySelector('#learn-task').textContent, p && p.dataset.kind, p && p.getAttribute('aria-label'), p && Math.round(p.getBoundingClientRect().width)];").await;
        let seat = puzzles[0].start().turn();
        let colour = if seat == quoridor_rules::Seat::South { "rouge" } else { "bleu" };
        assert_eq!(task, json!([format!("Tu joues le pion {colour}. Avance ton pion d'une case : quelle case gagne la course jusqu'à l'autre côté ?"), "step", "Avance ton pion d’une case", 64]));
        let tap = |square: String| {
            let phone = &phone;
            async move { phone.click(&format!("#learn-board [data-square=\"{square}\"]")).await }
        };
        let said = |kind: &'static str| {
            let phone = &phone;
            async move {
                phone.js_until(&format!("const f = document.querySelector('#learn-feedback'); return !f.hidden && f.classList.contains('{kind}') && f.textContent;"), |v| v.is_string()).await.as_str().unwrap().to_string()
            }
        };
        tap(wrong).await;
        let text = said("wrong").await;
        // The fences stand out on a phone: orange and outlined, not the
        // board's pale maple.
        let fences = phone.js("return Array.from(document.querySelectorAll('#learn-board [id$=\"fence-h\"] stop')).map((s) => getComputedStyle(s).stopColor).concat([getComputedStyle(document.querySelector('#learn-board .fence')).strokeWidth]);").await;
        assert_eq!(fences, json!(["rgb(232, 116, 42)", "rgb(223, 106, 31)", "rgb(216, 98, 26)", "rgb(210, 92, 24)", "4px"]));
        assert!(text.contains("Ce n'est pas le meilleur coup. Regarde encore"), "{text}");
        assert!(!text.contains(&best(puzzles[0])), "nothing given away: {text}");
        let shown = phone.js("return ['#lc-solution', '#lc-skip', '#learn-next'].map((id) => !document.querySelector(id).hidden);").await;
        assert_eq!(shown, json!([true, true, false]), "right first, then next");
        // The buttons are large enough for a child's finger, and the page
        // does not scroll sideways.
        let sizes = phone.js("return ['#lc-solution', '#lc-skip'].map((id) => document.querySelector(id).getBoundingClientRect().height);").await;
        assert!(sizes.as_array().unwrap().iter().all(|h| h.as_f64().unwrap() >= 44.0), "{sizes}");
        let wide = phone.js("return document.documentElement.scrollWidth;").await;
        assert!(wide.as_u64().unwrap() <= 390, "{wide}");
        phone.js("document.querySelector('.learn-result').scrollIntoView({block: 'end'}); return null;").await;
        phone.shot("wrong").await;
        phone.click("#lc-solution").await;
        let text = said("solution").await;
        assert!(text.contains(&best(puzzles[0])), "{text}");
        // The answer is shown, then the board is back for her to play it.
        phone.js_until("return document.querySelector('#learn-board svg').classList.contains('tappable');", |v| v.as_bool() == Some(true)).await;
        tap(best(puzzles[0])).await;
        let text = said("right").await;
        assert!(text.contains("Tu avais vu la solution"), "{text}");
        phone.click("#learn-next").await;
        phone.js_until("return document.querySelector('#lc-step').textContent;", |v| v.as_str() == Some("2 sur 2")).await;
        tap(best(puzzles[1])).await;
        said("right").await;
        phone.shot("right").await;
        phone.click("#learn-next").await;
        let text = said("done").await;
        assert_eq!(text.trim(), "Tout est fait\u{a0}! Bravo.");
        phone.shown("#lc-home").await;

        // The teacher's grid: after the solution, then right at once; her
        // progress counts the puzzles and rates her.
        let cells = desk.js_until("const cs = Array.from(document.querySelectorAll('#dash-assignments tbody td')).map((c) => c.className); return cs.length === 2 && cs.every((c) => c !== 'club-cell-todo') && cs;", |v| v.is_array()).await;
        assert_eq!(cells, json!(["club-cell-right_after_solution", "club-cell-right"]));
        let heads = desk.js("return Array.from(document.querySelectorAll('#dash-assignments thead th')).map((h) => h.textContent);").await;
        assert_eq!(heads, json!(["Élève", "1Problème", "2Problème"]));
        desk.click(".club-tab[data-tab=progress]").await;
        let line = desk.js_until("const l = document.querySelector('.club-learn-line'); return l && l.textContent;", |v| v.is_string()).await;
        assert!(line.as_str().unwrap().starts_with("Problèmes\u{a0}: justes 2 sur 2 (du premier coup\u{a0}: 1) · classement aux problèmes "), "{line}");
        desk.shot("progress").await;
    })
    .await;
}

/// Every pupil screen fits a 768 px tablet and a 390 px phone, in French
/// and in Romanian: the pupil's page, an exercise of an assignment, a game
/// page; nothing wider than the screen (no sideways scrolling, taps where
/// the child sees the square).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pupil_screens_fit_a_tablet_and_a_phone() {
    e2e::run("club-sizes", |env| async move {
        let base = env.base().to_string();
        for lang in ["fr", "ro"] {
            let class = post(&base, "/api/classes", None, json!({"name": "CE2 B", "lang": lang})).await;
            let (class_id, teacher) = (class["id"].as_str().unwrap().to_string(), class["token"].as_str().unwrap().to_string());
            let pupil = post(&base, "/api/join", None, json!({"code": class["code"], "name": "Gaëlle"})).await;
            let assigned = post(&base, &format!("/api/classes/{class_id}/assignments"), Some(&teacher), json!({"level": 1, "count": 3, "seed": "5"})).await;
            let n = assigned["assignments"][0]["id"].as_u64().unwrap();
            let browser = env.browser_in(&format!("sizes-{lang}"), lang).await;
            browser.open("/join").await;
            // The join page says itself aloud too (its loudspeaker shows
            // once the page has its words).
            browser.js_until("return !document.querySelector('#join-say').hidden;", |v| v.as_bool() == Some(true)).await;
            let said = browser.js("const said = []; speechSynthesis.speak = (u) => said.push(u.text); const b = document.querySelector('#join-say'); b.click(); return [b.hidden, said];").await;
            assert_eq!(said[0], json!(false));
            let text = said[1][0].as_str().unwrap_or_default();
            assert!(text.starts_with(if lang == "fr" { "Rejoins ta classe." } else { "Intră în clasa ta." }), "{said}");
            // Her own name again, on another tablet: she is sent to her card
            // or her teacher, never told to make a second seat ("Gaëlle B").
            browser.type_into("#join-code", class["code"].as_str().unwrap()).await;
            browser.type_into("#join-name", "Gaëlle").await;
            browser.click("#join-go").await;
            let taken = browser.js_until("const e = document.querySelector('#join-error'); return e && !e.hidden && e.textContent;", |v| v.is_string()).await;
            let taken = taken.as_str().unwrap();
            assert!(taken.contains(if lang == "fr" { "demande à ton professeur" } else { "întreabă-ți profesorul" }) && !taken.contains(" B."), "{taken}");
            browser.js(&format!("localStorage.setItem('quoridor.club.pupil', JSON.stringify({})); return null;", json!({"id": class_id, "token": pupil["token"], "name": "Gaëlle"}))).await;
            for (width, height) in [(768, 1024), (390, 844)] {
                browser.cdp("Emulation.setDeviceMetricsOverride", json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": true})).await;
                let pages = [
                    ("pupil", "/join".to_string(), "#pupil-title"),
                    ("exercise", format!("/classroom?class={class_id}&a={n}"), "#cls-board svg"),
                    ("lesson", "/learn".to_string(), "#learn-board svg"),
                ];
                for (label, path, ready) in pages {
                    browser.open(&path).await;
                    browser.shown(ready).await;
                    if label == "pupil" {
                        // A tap on the loudspeaker says the screen, in its language.
                        let said = browser.js("const said = []; speechSynthesis.speak = (u) => said.push([u.lang, u.text]); document.querySelector('#pupil-say').click(); return said;").await;
                        let (voice, hello) = if lang == "fr" { ("fr-FR", "Bonjour Gaëlle") } else { ("ro-RO", "Bună, Gaëlle") };
                        assert_eq!(said[0][0], json!(voice), "{said}");
                        let text = said[0][1].as_str().unwrap();
                        assert!(text.starts_with(hello) && text.contains("Exerci"), "{text}");
                    }
                    if label == "lesson" {
                        // The lesson says itself: its title, its rule, its task.
                        let said = browser.js("const said = []; speechSynthesis.speak = (u) => said.push([u.lang, u.text]); document.querySelector('#learn-say').click(); return said;").await;
                        let (voice, first) = if lang == "fr" { ("fr-FR", "Leçon 1 sur ") } else { ("ro-RO", "Lecția 1 din ") };
                        assert_eq!(said[0][0], json!(voice), "{said}");
                        let text = said[0][1].as_str().unwrap();
                        assert!(text.starts_with(first) && text.len() > 60, "{text}");
                    }
                    let wide = browser.js("const w = document.documentElement.clientWidth; return [document.documentElement.scrollWidth, w, Array.from(document.querySelectorAll('body *')).filter((e) => e.getBoundingClientRect().right > w + 1 && getComputedStyle(e).position !== 'fixed').slice(0, 5).map((e) => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))];").await;
                    assert!(wide[0].as_u64() <= wide[1].as_u64(), "{lang} {label} at {width}: {wide}");
                    browser.shot(&format!("{label}-{lang}-{width}")).await;
                }
                let game = browser.start_vs_ai("9").await;
                assert!(!game.is_empty());
                let wide = browser.js("const w = document.documentElement.clientWidth; return [document.documentElement.scrollWidth, w, Array.from(document.querySelectorAll('body *')).filter((e) => e.getBoundingClientRect().right > w + 1 && getComputedStyle(e).position !== 'fixed').slice(0, 5).map((e) => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))];").await;
                assert!(wide[0].as_u64() <= wide[1].as_u64(), "{lang} game at {width}: {wide}");
                // The game page says whose turn it is.
                let said = browser.js("const said = []; speechSynthesis.speak = (u) => said.push([u.lang, u.text, document.querySelector('#turn').textContent]); document.querySelector('#game-say').click(); return said;").await;
                assert_eq!(said[0][0], json!(if lang == "fr" { "fr-FR" } else { "ro-RO" }), "{said}");
                let (text, turn) = (said[0][1].as_str().unwrap(), said[0][2].as_str().unwrap().trim());
                assert!(!turn.is_empty() && text.starts_with(turn), "{said}");
                browser.shot(&format!("game-{lang}-{width}")).await;
            }
        }
    })
    .await;
}

/// The teacher's dashboard on a tablet and on a phone, in French and in
/// Romanian: every tab (games, pupils, exercises, progress, tournaments)
/// without sideways scrolling, the progress cards holding their content;
/// screenshots of the exercises and the progress to look at.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_teachers_dashboard_fits_a_tablet_and_a_phone() {
    e2e::run("club-desk-sizes", |env| async move {
        let base = env.base().to_string();
        for lang in ["fr", "ro"] {
            let class = post(&base, "/api/classes", None, json!({"name": "CE2 B", "lang": lang})).await;
            let (class_id, teacher, code) = (class["id"].as_str().unwrap().to_string(), class["token"].as_str().unwrap().to_string(), class["code"].as_str().unwrap().to_string());
            let assigned = post(&base, &format!("/api/classes/{class_id}/assignments"), Some(&teacher), json!({"level": 2, "count": 8, "seed": "5"})).await;
            let n = assigned["assignments"][0]["id"].as_u64().unwrap();
            for (k, name) in ["Gaëlle", "Ștefan", "Maëlys-Anne", "Théo"].into_iter().enumerate() {
                let pupil = post(&base, "/api/join", None, json!({"code": code, "name": name})).await;
                let token = pupil["token"].as_str().unwrap().to_string();
                for index in 0..(2 + 2 * k) {
                    post(&base, &format!("/api/classes/{class_id}/assignments/{n}/answers"), Some(&token), json!({"index": index, "skip": true})).await;
                }
            }
            let desk = env.browser_in(&format!("desk-{lang}"), lang).await;
            desk.open("/class").await;
            desk.js(&format!("localStorage.setItem('quoridor.club.classes', JSON.stringify([{{id: '{class_id}', code: '{code}', token: '{teacher}', name: 'CE2 B'}}])); return null;")).await;
            for (width, height) in [(768, 1024), (390, 844)] {
                desk.cdp("Emulation.setDeviceMetricsOverride", json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": true})).await;
                desk.open(&format!("/class#{class_id}")).await;
                desk.js_until("const c = document.querySelector('#dash-code'); return c && c.textContent.length === 6;", |v| v.as_bool() == Some(true)).await;
                for tab in ["boards", "pupils", "work", "progress", "cups"] {
                    desk.click(&format!(".club-tab[data-tab={tab}]")).await;
                    if tab == "progress" {
                        desk.js_until("return document.querySelectorAll('.club-progress .club-skill').length >= 4;", |v| v.as_bool() == Some(true)).await;
                        let cut = desk.js("return Array.from(document.querySelectorAll('.club-progress')).filter((c) => c.scrollWidth > c.clientWidth).length;").await;
                        assert_eq!(cut, json!(0), "{lang} progress at {width}");
                    }
                    if tab == "work" {
                        desk.js_until("return document.querySelectorAll('.club-grid tbody tr').length;", |v| v.as_u64() == Some(4)).await;
                    }
                    let wide = desk.js("const w = document.documentElement.clientWidth; return [document.documentElement.scrollWidth, w, Array.from(document.querySelectorAll('body *')).filter((e) => e.getBoundingClientRect().right > w + 1 && getComputedStyle(e).position !== 'fixed' && !e.closest('.club-table-wrap')).slice(0, 5).map((e) => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))];").await;
                    assert!(wide[0].as_u64() <= wide[1].as_u64(), "{lang} {tab} at {width}: {wide}");
                    if tab == "work" || tab == "progress" {
                        let shown = if tab == "work" { "#dash-assignments" } else { "#progress-pupils" };
                        desk.js(&format!("document.querySelector('{shown}').scrollIntoView(); return null;")).await;
                        desk.shot(&format!("{tab}-{lang}-{width}")).await;
                        // Back to the top, where the tabs are not under the fixed top bar.
                        desk.js("window.scrollTo(0, 0); return null;").await;
                    }
                }
            }
        }
    })
    .await;
}
