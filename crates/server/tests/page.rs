//! The page as a new player meets it, in a real headless Chromium: each
//! test covers defects found by playing every mode (issue 14), and keeps
//! screenshots in `<target>/e2e-artifacts/`.

mod e2e;

use e2e::{Browser, Env, Waiter};
use serde_json::{json, Value};

/// Creates a game through the API: its id and the creator's token.
async fn create(env: &Env, body: Value) -> (String, String) {
    let res = reqwest::Client::new()
        .post(format!("{}/api/games", env.base()))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 201);
    let created: Value = res.json().await.unwrap();
    (
        created["id"].as_str().unwrap().to_string(),
        created["token"].as_str().unwrap().to_string(),
    )
}

/// Takes a free seat through the API: the token.
async fn join(env: &Env, id: &str, body: Value) -> String {
    let res = reqwest::Client::new()
        .post(format!("{}/api/games/{id}/join", env.base()))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let joined: Value = res.json().await.unwrap();
    joined["token"].as_str().unwrap().to_string()
}

/// The link that gives a browser a seat.
fn seat_link(id: &str, token: &str, seat: &str) -> String {
    format!("/g/{id}#t={token}&s={seat}")
}

async fn js(browser: &Browser, script: &str) -> Value {
    browser
        .client
        .execute(script, vec![])
        .await
        .unwrap_or_else(|err| panic!("{}: {script}: {err}", browser.label))
}

/// The text of `css` once it is shown and `ok` says it is the one awaited.
async fn text_when(browser: &Browser, css: &str, ok: impl Fn(&str) -> bool) -> String {
    let wait = Waiter::new(format!(
        "{}: `{css}` to say what is expected",
        browser.label
    ));
    loop {
        let script = format!(
            "const n = document.querySelector({css:?}); return n && !n.hidden && n.getClientRects().length ? n.textContent.replace(/\\s+/g, ' ').trim() : null;"
        );
        let text = js(browser, &script).await;
        if let Some(text) = text.as_str() {
            if ok(text) {
                return text.to_string();
            }
        }
        wait.tick(&text).await;
    }
}

/// The bounding box of `css` as `[left, top, right, bottom]`, and the
/// viewport height.
async fn rect(browser: &Browser, css: &str) -> ([f64; 4], f64) {
    let script = format!(
        "const r = document.querySelector({css:?}).getBoundingClientRect(); return [[r.left, r.top, r.right, r.bottom], window.innerHeight];"
    );
    let value = js(browser, &script).await;
    let b: Vec<f64> = serde_json::from_value(value[0].clone()).unwrap();
    ([b[0], b[1], b[2], b[3]], value[1].as_f64().unwrap())
}

/// Plays a move by typing it into the move box.
async fn type_move(browser: &Browser, mv: &str) {
    browser.type_into("#move-input", mv).await;
    browser.click("#move-submit").await;
}

/// Waits until the page's list of moves has `n` entries.
async fn wait_moves(browser: &Browser, n: usize) -> Vec<String> {
    let wait = Waiter::new(format!("{}: {n} moves in #moves", browser.label));
    loop {
        let page = browser.page().await;
        if page.moves.len() >= n {
            return page.moves;
        }
        wait.tick(&page.moves).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn joining_by_a_link_and_the_board_turned_for_north() {
    e2e::run("page-join", |env| async move {
        let a = env.browser("a-south").await;
        let b = env.browser("b-north").await;
        a.open("/").await;
        a.select("#size", "7").await;
        a.click("#online-create").await;
        let id = a.game_page().await;
        let invite = a
            .attr("#invite-links a[data-seat=\"north\"]", "href")
            .await
            .expect("an invite link");
        b.open(&invite).await;
        b.type_into("#join-name", "Bob").await;
        b.click("#join-submit").await;
        let wait = Waiter::new("the game to start");
        while env.game(&id).await["status"] != "playing" {
            wait.tick(&"waiting").await;
        }
        // The joiner is never told that the game is full.
        for _ in 0..15 {
            let page = b.page().await;
            assert!(
                page.error.is_none(),
                "the joiner sees an error: {:?}",
                page.error
            );
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        // North's own pawn is at the bottom for north, south's for south.
        for (browser, own, other) in [(&b, "north", "south"), (&a, "south", "north")] {
            let wait = Waiter::new(format!("{}: its pawn at the bottom", browser.label));
            loop {
                let (own_box, _) = rect(browser, &format!("[data-pawn=\"{own}\"]")).await;
                let (other_box, _) = rect(browser, &format!("[data-pawn=\"{other}\"]")).await;
                if own_box[1] > other_box[1] {
                    break;
                }
                wait.tick(&(own_box, other_box)).await;
            }
        }
        b.shot("north-at-the-bottom").await;
        // Turning the board stays possible.
        b.click("#flip").await;
        let wait = Waiter::new("north's pawn at the top after a turn");
        loop {
            let (north, _) = rect(&b, "[data-pawn=\"north\"]").await;
            let (south, _) = rect(&b, "[data-pawn=\"south\"]").await;
            if north[1] < south[1] {
                break;
            }
            wait.tick(&(north, south)).await;
        }
        // Moves still go where they are clicked on the turned board.
        a.click("[data-square=\"d2\"]").await;
        wait_moves(&b, 1).await;
        let game = env.game(&id).await;
        assert_eq!(game["pawns"]["south"], "d2");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_screen_shows_how_to_start() {
    e2e::run("page-first-screen", |env| async move {
        let desk = env.browser("desktop").await;
        desk.client.set_window_size(1366, 768).await.unwrap();
        desk.open("/").await;
        desk.shown("#start-ai").await;
        for button in ["#start-ai", "#hotseat-start", "#online-create"] {
            let (r, height) = rect(&desk, button).await;
            assert!(
                r[3] <= height,
                "{button} ends at {} below a {height}-pixel screen",
                r[3]
            );
        }
        desk.shot("1366x768").await;

        let phone = env.browser("phone").await;
        phone.client.set_window_size(390, 844).await.unwrap();
        phone.open("/").await;
        phone.shown("#start-ai").await;
        let (r, height) = rect(&phone, "#start-ai").await;
        assert!(r[3] <= height, "#start-ai ends at {} below {height}", r[3]);
        phone.shot("home").await;
        // After creating an online game, the invite link comes before the
        // board.
        phone.click("#online-create").await;
        phone.game_page().await;
        phone.shown("#invite-links a[data-seat=\"north\"]").await;
        let (links, _) = rect(&phone, "#invite-links").await;
        let (board, _) = rect(&phone, "#board").await;
        assert!(links[1] < board[1], "the invite links are under the board");
        phone.shot("invite-first").await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_refusals_replays_and_a_loss_against_the_ai() {
    e2e::run("page-vs-ai", |env| async move {
        let me = env.browser("player").await;
        let id = me.start_vs_ai("9").await;

        // The hint says why in path terms, and its words agree with the
        // path it draws.
        me.click("#hint").await;
        let text = text_when(&me, "#hint-text", |t| t.contains(" · ")).await;
        let drawn = js(
            &me,
            "return document.querySelectorAll('.hint-step').length;",
        )
        .await;
        if let Some(steps) = e2e::hint_drawn_steps(&text) {
            assert_eq!(drawn.as_u64(), Some(steps), "{text}");
        } else {
            assert!(text.contains("prepares"), "{text}");
        }
        me.shot("hint").await;

        // A pawn move that is too far is refused with why, and the typed
        // text stays to be corrected.
        type_move(&me, "e5").await;
        let error = text_when(&me, "#error", |t| !t.is_empty()).await;
        assert!(error.contains("too far"), "{error}");
        let typed = js(&me, "return document.querySelector('#move-input').value;").await;
        assert_eq!(typed, "e5");
        // Onto the other pawn: said so, whoever's pawn it is.
        let north = e2e::position(&env.game(&id).await)
            .pawn(quoridor_rules::Seat::North)
            .to_string();
        type_move(&me, &north).await;
        let error = text_when(&me, "#error", |t| t.contains(&north)).await;
        assert!(error.contains("pawn is there"), "{error}");
        type_move(&me, "e2").await;
        wait_moves(&me, 2).await;
        let wait = Waiter::new("the move box to clear and the error to go");
        loop {
            let typed = js(&me, "return document.querySelector('#move-input').value;").await;
            if typed == "" && me.page().await.error.is_none() {
                break;
            }
            wait.tick(&typed).await;
        }

        // Moves are numbered by rounds everywhere.
        let status = text_when(&me, "#status", |t| t.contains("move")).await;
        assert!(status.contains("move 2"), "{status}");
        me.click("#replay-start").await;
        let pos = text_when(&me, "#replay-pos", |t| !t.is_empty()).await;
        assert_eq!(pos, "the start");
        me.click("#replay-next").await;
        let pos = text_when(&me, "#replay-pos", |t| t.contains("after")).await;
        assert_eq!(pos, "after 1. e2");
        let status = text_when(&me, "#status", |t| t.contains("replay")).await;
        assert!(status.ends_with("replay: after 1. e2"), "{status}");
        // The next step is the position now: the replay ends.
        me.click("#replay-next").await;
        text_when(&me, "#status", |t| t.contains("move 2")).await;

        // A loss says so, in a loss's colours.
        me.click("#resign").await;
        me.click("#confirm-yes").await;
        let result = text_when(&me, "#result", |t| !t.is_empty()).await;
        assert!(result.contains("You lose"), "{result}");
        let outcome = js(
            &me,
            "return document.querySelector('#result').dataset.outcome;",
        )
        .await;
        assert_eq!(outcome, "loss");
        let conn = js(&me, "return document.querySelector('#conn').className;").await;
        assert!(!conn.as_str().unwrap().contains("online"), "{conn}");
        assert_eq!(env.game(&id).await["status"], "over");
        me.shot("loss").await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scoring_game_on_one_screen_to_its_end() {
    e2e::run("page-scoring", |env| async move {
        let me = env.browser("hot-seat").await;
        me.open("/").await;
        me.select("#size", "5").await;
        me.select("#players", "2").await;
        me.select("#variant", "scoring").await;
        me.select("#fences", "0").await;
        me.click("#hotseat-start").await;
        let id = me.game_page().await;
        // Nobody to offer a draw to on one screen.
        me.shown("#move-input").await;
        assert!(
            !me.is_shown("#draw-offer").await,
            "a draw offer on one screen"
        );
        // South walks up the c file, north down the d file; once south
        // has arrived (without fences) its turns are passed for it.
        let moves = ["c2", "d5", "c3", "d4", "c4", "d3", "c5", "d2"];
        for (i, mv) in moves.iter().enumerate() {
            type_move(&me, mv).await;
            wait_moves(&me, i + 1).await;
        }
        let list = wait_moves(&me, 9).await;
        assert_eq!(list[8], "pass", "{list:?}");
        type_move(&me, "d1").await;
        let result = text_when(&me, "#result", |t| !t.is_empty()).await;
        assert!(result.contains("every pawn has arrived"), "{result}");
        assert!(
            result.contains("South 4") && result.contains("North 4"),
            "{result}"
        );
        // The totals stay in view at the bottom of the score sheet.
        let (total, _) = rect(&me, "[data-score-total=\"south\"]").await;
        let (sheet, _) = rect(&me, "#score-sheet .table-wrap").await;
        assert!(
            total[3] <= sheet[3] + 1.0 && total[1] >= sheet[1],
            "the total row {total:?} is outside its box {sheet:?}"
        );
        // Played on the device: a draw, nobody among the winners.
        assert!(id.starts_with("local-"), "{id}");
        assert_eq!(me.page().await.winners.as_deref(), Some(""));
        me.shot("scoring-end").await;
    })
    .await;
}

/// Relative luminance of an sRGB colour (WCAG 2).
fn luminance([r, g, b]: [f64; 3]) -> f64 {
    let channel = |c: f64| {
        let c = c / 255.0;
        if c <= 0.03928 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

fn contrast(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// `#rrggbb` or `rgb(r, g, b)`.
fn color(text: &str) -> [f64; 3] {
    let text = text.trim();
    if let Some(hex) = text.strip_prefix('#') {
        let n = u32::from_str_radix(hex, 16).unwrap();
        return [(n >> 16) as f64, ((n >> 8) & 255) as f64, (n & 255) as f64];
    }
    let inner = text
        .trim_start_matches("rgba(")
        .trim_start_matches("rgb(")
        .trim_end_matches(')');
    let parts: Vec<f64> = inner
        .split(',')
        .take(3)
        .map(|p| p.trim().parse().unwrap())
        .collect();
    [parts[0], parts[1], parts[2]]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fences_and_their_previews_stand_out() {
    e2e::run("page-fences", |env| async move {
        let me = env.browser("player").await;
        let (id, token) = create(
            &env,
            json!({"size": 9, "seats": [{"kind": "human", "mine": true}, {"kind": "ai", "level": 1}]}),
        )
        .await;
        me.open(&seat_link(&id, &token, "south")).await;
        me.game_page().await;
        me.click("[data-fence=\"c5h\"]").await;
        me.shown("[data-placed=\"c5h\"]").await;
        let stops = js(
            &me,
            "return Array.from(document.querySelectorAll('#board [id$=\"fence-h\"] stop')).map((s) => getComputedStyle(s).stopColor);",
        )
        .await;
        let grooves = js(
            &me,
            "return Array.from(document.querySelectorAll('#board [id$=\"groove-shade\"] stop')).map((s) => getComputedStyle(s).stopColor);",
        )
        .await;
        let stops: Vec<String> = serde_json::from_value(stops).unwrap();
        let grooves: Vec<String> = serde_json::from_value(grooves).unwrap();
        assert!(!stops.is_empty() && !grooves.is_empty());
        for fence in &stops {
            for groove in &grooves {
                let ratio = contrast(color(fence), color(groove));
                assert!(ratio >= 3.0, "fence {fence} on groove {groove}: {ratio:.2}:1");
            }
        }
        // The preview of a fence, legal or not, stands out too.
        let (board, _) = rect(&me, "[data-fence=\"e3h\"]").await;
        let x = (board[0] + board[2]) / 2.0;
        let y = (board[1] + board[3]) / 2.0;
        me.client
            .execute(
                &format!("const e = document.elementFromPoint({x}, {y}); e.dispatchEvent(new PointerEvent('pointermove', {{ bubbles: true, clientX: {x}, clientY: {y}, pointerType: 'mouse' }})); return true;"),
                vec![],
            )
            .await
            .unwrap();
        me.shown("[data-preview]").await;
        let fill = js(&me, "return getComputedStyle(document.querySelector('[data-preview]')).fill;").await;
        for groove in &grooves {
            let ratio = contrast(color(fill.as_str().unwrap()), color(groove));
            assert!(ratio >= 3.0, "preview {fill} on groove {groove}: {ratio:.2}:1");
        }
        me.shot("fences").await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clocked_game_waits_for_the_first_moves_and_may_be_aborted() {
    e2e::run("page-abort", |env| async move {
        let (id, ana) = create(
            &env,
            json!({"clock": {"initial_ms": 300_000, "increment_ms": 0},
                   "seats": [{"kind": "human", "mine": true, "name": "Ana"}, {"kind": "human"}]}),
        )
        .await;
        let bob = join(&env, &id, json!({"name": "Bob"})).await;
        let a = env.browser("ana").await;
        let b = env.browser("bob").await;
        a.open(&seat_link(&id, &ana, "south")).await;
        b.open(&seat_link(&id, &bob, "north")).await;
        a.game_page().await;
        b.game_page().await;
        a.shown("#abort").await;
        // No clock runs before a first move.
        tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
        let running = js(
            &a,
            "return document.querySelectorAll('.p-clock.running').length;",
        )
        .await;
        assert_eq!(running, 0);
        assert_eq!(
            env.game(&id).await["clock"]["remaining_ms"]["south"],
            300_000
        );
        a.shot("before-the-first-move").await;
        b.click("#abort").await;
        b.click("#confirm-yes").await;
        for browser in [&a, &b] {
            let result = text_when(browser, "#result", |t| !t.is_empty()).await;
            assert!(result.contains("Aborted by Bob"), "{result}");
        }
        assert_eq!(env.game(&id).await["result"]["termination"], "aborted");
        a.shot("aborted").await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn french_everywhere_even_in_saved_games() {
    e2e::run("page-french", |env| async move {
        let me = env.browser("fr").await;
        // The server plays it: the test ends it through the API.
        me.open("/?engine=server").await;
        me.select("#lang", "fr").await;
        me.select("#size", "5").await;
        me.select("#level", "1").await;
        me.select("#color", "south").await;
        me.click("#start-ai").await;
        me.game_page().await;
        me.click("[data-square=\"c2\"]").await;
        wait_moves(&me, 2).await;
        // Times in tooltips are written the French way.
        let title = js(
            &me,
            "return document.querySelector('#moves [data-ply=\"1\"]').title;",
        )
        .await;
        let title = title.as_str().unwrap().to_string();
        let time = title.rsplit(" · ").next().unwrap_or_default();
        assert!(time.contains(','), "{title}");
        // The recent games are shown in French, whatever they were saved in.
        me.select("#lang", "en").await;
        me.click("#home-link").await;
        me.select("#lang", "fr").await;
        let item = text_when(&me, "#recent-games [data-recent]", |t| !t.is_empty()).await;
        assert!(item.contains("Sud"), "{item}");
        assert!(!item.contains("South") && !item.contains("AI "), "{item}");
        assert!(item.contains("En cours"), "{item}");
        me.shot("recent-in-french").await;
        // The game ends while this browser is elsewhere: the list says so,
        // as the server has it.
        let rec = js(&me, "const k = Object.keys(localStorage).find((k) => k.startsWith('quoridor.game.')); return JSON.parse(localStorage.getItem(k));").await;
        let res = reqwest::Client::new()
            .post(format!("{}/api/games/{}/resign", env.base(), rec["id"].as_str().unwrap()))
            .bearer_auth(rec["token"].as_str().unwrap())
            .json(&serde_json::json!({}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
        me.open("/").await;
        // Who won, and a date whose month is in words (never 12/6/26).
        let item = text_when(&me, "#recent-games [data-recent]", |t| t.contains(" a gagné")).await;
        assert!(item.contains("Revoir"), "{item}");
        assert!(!item.contains('/'), "{item}");
    })
    .await;
}

/// Clicks a square the pawn may move to (the first the page marks).
async fn click_a_legal_square(browser: &Browser) {
    browser.shown("[data-square].legal").await;
    let name = js(
        browser,
        "return document.querySelector('[data-square].legal').dataset.square;",
    )
    .await;
    browser
        .click(&format!("[data-square=\"{}\"]", name.as_str().unwrap()))
        .await;
}

/// The page's words a player reads during a game: the turn, the status
/// and the players' list.
const GAME_WORDS: &str = "return ['#turn', '#status', '#players-list', '#game-actions'].map((s) => { const n = document.querySelector(s); return n ? n.innerText : ''; }).join(' | ');";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_players_in_teams_with_crabs_on_a_romanian_page() {
    e2e::run("page-teams-crab-ro", |env| async move {
        let me = env.browser_in("ro", "ro-RO").await;
        let ai = json!({"kind": "ai", "level": 1});
        let (id, token) = create(
            &env,
            json!({"size": 9, "players": 4, "variant": "teams", "theme": "crab",
                   "seats": [{"kind": "human", "mine": true}, ai, ai, ai]}),
        )
        .await;
        me.open(&seat_link(&id, &token, "south")).await;
        me.game_page().await;
        // Four crabs, one per seat, each with its goal drawn.
        let crabs = js(
            &me,
            "return [document.querySelectorAll('#board.crab [data-pawn] .crab-body').length, document.querySelectorAll('#board .goal').length, document.documentElement.lang];",
        )
        .await;
        assert_eq!(crabs, json!([4, 4, "ro"]));
        // Partners share a colour and their team's name, capitalised.
        let teams = js(
            &me,
            "return Array.from(document.querySelectorAll('#players-list li.player')).map((li) => [li.dataset.seat, li.querySelector('.team-chip').dataset.team, li.querySelector('.team-chip').textContent, getComputedStyle(li).borderLeftColor]);",
        )
        .await;
        let rows = teams.as_array().unwrap();
        let of = |seat: &str| rows.iter().find(|r| r[0] == seat).unwrap().clone();
        assert_eq!((of("south")[1].clone(), of("west")[1].clone()), (json!("A"), json!("A")), "{teams}");
        assert_eq!((of("north")[1].clone(), of("east")[1].clone()), (json!("B"), json!("B")), "{teams}");
        assert_eq!(of("south")[2], "Echipa Sud + Vest", "{teams}");
        assert_eq!(of("south")[3], of("west")[3], "{teams}");
        assert_ne!(of("south")[3], of("north")[3], "{teams}");
        click_a_legal_square(&me).await;
        // The three computer players answer: a round of four moves.
        wait_moves(&me, 4).await;
        assert_eq!(moves_of(&env.game(&id).await), 4);
        let words = js(&me, GAME_WORDS).await;
        let words = words.as_str().unwrap();
        assert!(words.contains("Sud"), "{words}");
        for english in ["South", "North", "West", "East", "turn", "Your", "move", "Resign", "fences"] {
            assert!(!words.contains(english), "{english} in: {words}");
        }
        me.shot("teams-crab-ro").await;
    })
    .await;
}

fn moves_of(game: &Value) -> usize {
    game["moves"].as_array().map_or(0, Vec::len)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_draw_offers_declined_and_accepted_and_a_rematch() {
    e2e::run("page-undo-draw-rematch", |env| async move {
        // Undo against the computer takes back my move and its answer.
        let me = env.browser("player").await;
        let vs_ai = me.start_vs_ai("5").await;
        click_a_legal_square(&me).await;
        wait_moves(&me, 2).await;
        me.click("#undo").await;
        let wait = Waiter::new("the undo to take both moves back");
        loop {
            let n = moves_of(&env.game(&vs_ai).await);
            if n == 0 && me.page().await.moves.is_empty() {
                break;
            }
            wait.tick(&n).await;
        }

        // Two people online: a draw offered and declined, then offered and
        // accepted.
        let (id, token) = create(
            &env,
            json!({"size": 5, "seats": [{"kind": "human", "mine": true}, {"kind": "human"}]}),
        )
        .await;
        let other_token = join(&env, &id, json!({"seat": "north", "name": "Bo"})).await;
        let other = env.browser("other").await;
        me.open(&seat_link(&id, &token, "south")).await;
        other.open(&seat_link(&id, &other_token, "north")).await;
        me.game_page().await;
        other.game_page().await;
        click_a_legal_square(&me).await;
        wait_moves(&other, 1).await;
        me.click("#draw-offer").await;
        me.click("#confirm-yes").await;
        other.click("#draw-decline").await;
        // The one who offered is told, by name.
        text_when(&me, "#toast", |t| t.contains("Bo declined the draw")).await;
        me.shown("#draw-offer").await;
        assert_eq!(env.game(&id).await["status"], "playing");
        me.click("#draw-offer").await;
        me.click("#confirm-yes").await;
        other.click("#draw-accept").await;
        let result = text_when(&me, "#result", |t| !t.is_empty()).await;
        let draw = js(
            &me,
            "return document.querySelector('#result').dataset.draw;",
        )
        .await;
        assert_eq!(draw, "true", "{result}");
        assert_eq!(env.game(&id).await["result"]["termination"], "agreement");

        // A rematch is an offer: one asks; the other declines, and the one
        // who asked is told; asked again, the other accepts; both are in
        // the new game, each in the other's seat.
        me.click("#rematch").await;
        text_when(&other, "#rematch-text", |t| t.contains("offers a rematch")).await;
        other.click("#rematch-decline").await;
        text_when(&me, "#toast", |t| t.contains("The rematch was declined")).await;
        me.shown("#rematch").await;
        assert_eq!(env.game(&id).await["rematch"], Value::Null);
        me.click("#rematch").await;
        text_when(&me, "#rematch-text", |t| {
            t.contains("waiting for the other player")
        })
        .await;
        other.shown("#rematch-accept").await;
        other.shot("rematch-offered").await;
        other.click("#rematch-accept").await;
        let wait = Waiter::new("the page of the rematch");
        let rematch = loop {
            let path = me.page().await.path;
            if path.starts_with("/g/") && path != format!("/g/{id}") {
                break me.game_page().await;
            }
            wait.tick(&path).await;
        };
        let wait = Waiter::new("the other player in the rematch");
        loop {
            let path = other.page().await.path;
            if path == format!("/g/{rematch}") {
                break;
            }
            wait.tick(&path).await;
        }
        other.game_page().await;
        let game = env.game(&rematch).await;
        assert_eq!(game["status"], "playing", "{game}");
        other.shot("rematch").await;
    })
    .await;
}

/// Waits until the page shows squares to move to.
async fn my_turn(browser: &Browser) {
    let wait = Waiter::new(format!("{}: my turn", browser.label));
    loop {
        let page = browser.page().await;
        if !page.legal.is_empty() {
            return;
        }
        wait.tick(&page).await;
    }
}

/// Waits until the game has `n` moves or more: its moves.
async fn moves_at_least(env: &Env, id: &str, n: usize) -> Vec<String> {
    let wait = Waiter::new(format!("{n} moves in game {id}"));
    loop {
        let moves = e2e::moves(&env.game(id).await);
        if moves.len() >= n {
            return moves;
        }
        wait.tick(&moves).await;
    }
}

/// The whole game from the keyboard (lib/board/input.js): a pawn step, a
/// refused square said in words, a fence moved, turned and placed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keyboard_play_on_the_game_page() {
    use fantoccini::key::Key;
    let key = |k: Key| char::from(k).to_string();
    e2e::run("page-keyboard", |env| async move {
        let me = env.browser("player").await;
        let id = me.start_vs_ai("9").await;
        my_turn(&me).await;
        me.press("#board", &(key(Key::Up) + &key(Key::Enter))).await;
        let moves = moves_at_least(&env, &id, 2).await;
        assert_eq!(moves[0], "e2", "{moves:?}");
        // My turn again: the cursor is back on my pawn (e2).
        my_turn(&me).await;
        // Two squares up is too far: refused in words, nothing sent.
        me.press("#board", &(key(Key::Up) + &key(Key::Up) + &key(Key::Enter)))
            .await;
        let refusal = text_when(&me, "#fence-error", |t| t.contains("e4")).await;
        assert!(!refusal.is_empty());
        assert_eq!(e2e::moves(&env.game(&id).await).len(), 2);
        // Fence mode at the cursor (e4h), four to the left, one down,
        // turned: a3v, placed by Enter.
        let keys = format!(
            "w{}{}{}{}{}r{}",
            key(Key::Left),
            key(Key::Left),
            key(Key::Left),
            key(Key::Left),
            key(Key::Down),
            key(Key::Enter)
        );
        me.press("#board", &keys).await;
        let moves = moves_at_least(&env, &id, 3).await;
        assert_eq!(moves[2], "a3v", "{moves:?}");
        me.shot("keyboard").await;
    })
    .await;
}

/// A finger on the game page (lib/board/pointer.js): a tap on a groove
/// shows the fence, a second tap on it places it; the click the browser
/// sends after each tap does not place it a second time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fence_placed_by_two_taps() {
    e2e::run("page-taps", |env| async move {
        let me = env.browser("phone").await;
        let id = me.start_vs_ai("9").await;
        my_turn(&me).await;
        let tap = "const slot = document.querySelector('#board [data-fence=\"b3h\"]'); \
             const r = slot.getBoundingClientRect(); \
             const x = r.x + r.width / 2, y = r.y + r.height / 2; \
             const at = document.elementFromPoint(x, y); \
             const o = { bubbles: true, clientX: x, clientY: y, pointerId: 3, pointerType: 'touch', isPrimary: true }; \
             at.dispatchEvent(new PointerEvent('pointerdown', o)); \
             at.dispatchEvent(new PointerEvent('pointerup', o)); \
             at.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: y })); \
             return at.tagName;";
        me.js(tap).await;
        let shown = me
            .js("const p = document.querySelector('#board [data-preview]'); return p ? [p.dataset.preview, p.getAttribute('class')] : null;")
            .await;
        assert_eq!(shown[0], "b3h", "{shown}");
        assert!(shown[1].as_str().is_some_and(|c| c.contains("pending")), "{shown}");
        assert!(e2e::moves(&env.game(&id).await).is_empty(), "one tap placed it");
        me.js(tap).await;
        let moves = moves_at_least(&env, &id, 1).await;
        assert_eq!(moves[0], "b3h", "{moves:?}");
    })
    .await;
}

/// The choices of the home page's selects whose text is cut off: the
/// text's width against the room inside the box (its padding and the
/// arrow left out).
const CUT_CHOICES: &str = r#"
const ctx = document.createElement('canvas').getContext('2d');
return Array.from(document.querySelectorAll('main select')).filter((s) => s.offsetParent !== null).map((s) => {
  const cs = getComputedStyle(s);
  ctx.font = cs.fontWeight + ' ' + cs.fontSize + ' ' + cs.fontFamily;
  const text = s.options[s.selectedIndex] ? s.options[s.selectedIndex].text : '';
  const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
  return [s.id || s.dataset.seat, text, Math.round(ctx.measureText(text).width), Math.round(room)];
}).filter((x) => x[2] > x[3]);
"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_home_page_cuts_no_choice_on_a_phone() {
    e2e::run("page-home-phone", |env| async move {
        for (lang, locale) in [("fr", "fr-FR"), ("ro", "ro-RO"), ("en", "en-GB")] {
            let phone = env.browser_in(lang, locale).await;
            phone.client.set_window_size(390, 844).await.unwrap();
            phone.open("/").await;
            phone.shown("#online-seats select").await;
            // Four seats, each with the longest choice.
            phone.select("#players", "4").await;
            phone.js("for (const s of document.querySelectorAll('#online-seats select')) { s.value = 'friend'; } return null;").await;
            let cut = js(&phone, CUT_CHOICES).await;
            assert_eq!(cut, json!([]), "{lang}: cut off on a phone");
            phone.shot(&format!("home-phone-{lang}")).await;
        }
    })
    .await;
}
