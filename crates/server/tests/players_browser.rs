//! What players meet in a real headless Chromium, beyond one game's
//! rules: a rematch offered and accepted between two accounts, a server
//! that restarts under a game, a turn-based game's clocks, the top bar
//! on a phone, and notifications of the turn.

mod e2e;

mod push_service;

use e2e::{post, Browser, Waiter};
use push_service::{device, next_push, push_service};
use serde_json::{json, Value};

/// Waits until `browser` shows a game other than `old`: its id.
async fn moved_on(browser: &Browser, old: &str) -> String {
    let wait = Waiter::new(format!("{} on a new game", browser.label));
    loop {
        let path = browser.page().await.path;
        if path.starts_with("/g/") && path != format!("/g/{old}") {
            return browser.game_page().await;
        }
        wait.tick(&path).await;
    }
}

/// Two accounts pair in the lobby on a clock; the game is aborted before a
/// move. Bob offers a rematch and Alice accepts it: both pages go to the
/// new game (each by its session, with no seat token), and the one who
/// offered is there to make his first move, not aborted for not coming.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_takes_both_players_to_the_new_game() {
    e2e::run("rematch", |env| async move {
        let alice = env.browser("alice").await;
        let bob = env.browser("bob").await;
        alice.sign_up("alice").await;
        bob.sign_up("bob").await;
        // Signed up, the top bar names the account at once (no reload).
        let bar = alice
            .js("return document.querySelector('#account-link').textContent;")
            .await;
        assert_eq!(bar, "alice");
        alice.open("/lobby").await;
        alice.select("#seek-clock", "180+2").await;
        alice.click("#post-seek").await;
        alice.shown("#lobby-status").await;
        bob.open("/lobby").await;
        bob.click("#seeks [data-accept]").await;
        let id = bob.game_page().await;
        assert_eq!(alice.game_page().await, id);
        alice.click("#abort").await;
        alice.click("#confirm-yes").await;
        for b in [&alice, &bob] {
            b.js_until(
                "const r = document.querySelector('#result'); return !r.hidden && r.textContent;",
                |v| v.is_string(),
            )
            .await;
        }

        bob.click("#rematch").await;
        alice.click("#rematch-accept").await;
        let made = moved_on(&alice, &id).await;
        assert_eq!(
            moved_on(&bob, &id).await,
            made,
            "Bob follows his accepted offer"
        );
        // Both play there: each page knows its seat, and the game waits for
        // its first move instead of being aborted.
        let game = env.game(&made).await;
        assert_eq!(game["status"], "playing", "{game}");
        let seats: Vec<_> = game["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].as_str().unwrap_or("").to_string())
            .collect();
        assert!(
            seats.contains(&"alice".to_string()) && seats.contains(&"bob".to_string()),
            "{seats:?}"
        );
        let wait = Waiter::new("both connected to the rematch");
        loop {
            let game = env.game(&made).await;
            if game["seats"]
                .as_array()
                .unwrap()
                .iter()
                .all(|s| s["connected"] == true)
            {
                break;
            }
            wait.tick(&game["seats"]).await;
        }
        let (first, second) = if game["seats"][0]["name"] == "bob" {
            (&bob, &alice)
        } else {
            (&alice, &bob)
        };
        first.page_until("the first mover's squares", |p| !p.legal.is_empty()).await;
        // The top bar counts the games waiting for one's move: the first
        // mover's shows 1, the other's none, then the other way round once
        // the first move is played.
        let count = "const c = document.querySelector('#account-link .turn-count'); return c ? c.textContent : '';";
        first.js_until(count, |v| v == "1").await;
        second.js_until(count, |v| v == "").await;
        let square = first.page().await.legal[0].clone();
        first.click(&format!("[data-square=\"{square}\"]")).await;
        second.js_until(count, |v| v == "1").await;
        first.js_until(count, |v| v == "").await;
        let said = second
            .js("return document.querySelector('#account-link').getAttribute('aria-label');")
            .await;
        assert!(
            said.as_str().is_some_and(|s| s.ends_with(", 1 game waits for your move")),
            "{said}"
        );
        bob.shot("rematch").await;

        // A game against the computer on this device names Alice by her
        // account, not "South".
        alice.open("/").await;
        alice.select("#size", "5").await;
        alice.select("#players", "2").await;
        alice.select("#color", "south").await;
        alice.click("#start-ai").await;
        alice.game_page().await;
        let names = alice.js_until("return [...document.querySelectorAll('#players-list .p-name-text')].map((n) => n.textContent);", |v| v.as_array().is_some_and(|a| !a.is_empty())).await;
        assert!(names.as_array().unwrap().iter().any(|n| n == "alice"), "{names}");
    })
    .await;
}

/// A game of Ana (south) and Bob (north) made on the server at `base`
/// over the API, with `clock`: its id, and the answers to its making and
/// to Bob's joining (their seat tokens).
async fn ana_and_bob(base: &str, clock: Option<Value>) -> (String, Value, Value) {
    let made = post(
        base,
        "/api/games",
        None,
        json!({"size": 9, "clock": clock,
            "seats": [{"kind": "human", "mine": true, "name": "Ana"}, {"kind": "human"}]}),
    )
    .await;
    let id = made["id"].as_str().unwrap().to_string();
    let joined = post(
        base,
        &format!("/api/games/{id}/join"),
        None,
        json!({"seat": "north", "name": "Bob"}),
    )
    .await;
    (id, made, joined)
}

/// The state of Ana's page as the reconnecting test looks at it: the
/// players' dots, whether Resign is usable, the note under the buttons,
/// the error shown and the connection's line.
async fn touch_state(b: &Browser) -> Value {
    b.js("const n = document.querySelector('#touch-note'); const e = document.querySelector('#error'); const r = document.querySelector('#resign'); return { dots: [...document.querySelectorAll('#players-list .dot')].map((d) => d.className.replace('dot ', '')), resign: !r.hidden && !r.disabled, note: !n.hidden, error: e.hidden ? null : e.textContent, conn: document.querySelector('#conn').textContent };")
        .await
}

/// A server restarts under a game: while the pages reconnect, nobody is
/// shown connected, Resign and the other buttons wait with a word on why,
/// and a move tried meanwhile says what the banner says; once the server
/// is back, everything is as before and the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn while_reconnecting_the_page_says_one_thing_and_waits() {
    e2e::run("reconnecting", |env| async move {
        let dir = tempfile::tempdir().unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let base = format!("http://127.0.0.1:{port}");
        let server = e2e::own_server(dir.path(), port).await;
        let (id, made, joined) = ana_and_bob(&base, None).await;
        let ana = env.browser("ana").await;
        let bob = env.browser("bob").await;
        ana.open(&format!("{base}/g/{id}#t={}", made["token"].as_str().unwrap())).await;
        bob.open(&format!("{base}/g/{id}#t={}", joined["token"].as_str().unwrap())).await;
        let before = ana.js_until("return document.querySelectorAll('#players-list .dot.on').length;", |v| v == 2).await;
        assert_eq!(before, 2);
        let shown = touch_state(&ana).await;
        assert_eq!((shown["resign"].clone(), shown["note"].clone()), (json!(true), json!(false)), "{shown}");

        server.stop().await.unwrap();
        let wait = Waiter::new("Ana's page reconnecting");
        let down = loop {
            let state = touch_state(&ana).await;
            if state["dots"] == json!(["unknown", "unknown"]) && state["resign"] == false && state["note"] == true {
                break state;
            }
            wait.tick(&state).await;
        };
        assert_eq!(down["error"], Value::Null, "{down}");
        ana.shot("reconnecting").await;
        // A move tried now is not sent, and said so in the words of the
        // connection, not "busy or stopping".
        let square = ana.page().await.legal.first().cloned();
        if let Some(square) = square {
            ana.click(&format!("[data-square=\"{square}\"]")).await;
            let said = ana.js_until("const e = document.querySelector('#error'); return !e.hidden && e.textContent;", |v| v.is_string()).await;
            assert!(said.as_str().unwrap().contains("reconnecting to the server"), "{said}");
            // It stays while the page tries again (every 0.6 s, then
            // longer): a message that vanished at the next try went unread.
            tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
            let still = touch_state(&ana).await;
            assert_eq!(still["error"], said, "{still}");
        }

        let server = e2e::own_server(dir.path(), port).await;
        let wait = Waiter::new("Ana's page back in touch");
        loop {
            let state = touch_state(&ana).await;
            if state["dots"] == json!(["on", "on"]) && state["resign"] == true && state["note"] == false && state["error"].is_null() {
                break;
            }
            wait.tick(&state).await;
        }
        // The game goes on: Ana moves and Bob's page sees it.
        let square = ana.page().await.legal.first().cloned().expect("Ana's squares");
        ana.click(&format!("[data-square=\"{square}\"]")).await;
        bob.page_until("Ana's move", |p| !p.moves.is_empty()).await;
        server.stop().await.unwrap();
    })
    .await;
}

/// A game of one day a move shows its clocks in words: the seat to move
/// "23 h 59 min", the other the whole day its next move has ("1 day"),
/// and the first move's wait the same way, in English and in French.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_based_games_clocks_say_hours_and_days() {
    e2e::run("days-clocks", |env| async move {
        let day = json!({"per_move_ms": 86_400_000});
        let (id, made, joined) = ana_and_bob(env.base(), Some(day)).await;
        let ana = env.browser("ana").await;
        let bob = env.browser_in("bob", "fr-FR").await;
        ana.open(&format!("/g/{id}#t={}", made["token"].as_str().unwrap())).await;
        bob.open(&format!("/g/{id}#t={}", joined["token"].as_str().unwrap())).await;
        let script = "const c = (s) => { const n = document.querySelector('#clock-' + s); return n ? n.textContent : null; }; const f = document.querySelector('#first-move'); return [c('south'), c('north'), f.hidden ? null : f.textContent];";
        // The clock runs: "23 h 59 min" or a minute less, never "23:59:55".
        let on_move = |v: &Value| v[0].as_str().is_some_and(|t| t.starts_with("23 h ") && t.ends_with(" min"));
        let shown = ana.js_until(script, on_move).await;
        assert_eq!(shown[1], "1 day", "{shown}");
        let first = shown[2].as_str().unwrap_or_default();
        assert!(first.contains("within 23 h 5"), "{shown}");
        ana.shot("days-clocks").await;
        let shown = bob.js_until(script, on_move).await;
        assert_eq!(shown[1], "1 jour", "{shown}");
        assert!(shown[2].as_str().is_some_and(|f| f.contains(" 23 h 5")), "{shown}");
        bob.shot("days-clocks-fr").await;
    })
    .await;
}

/// On a phone (360 and 390 px wide), in each language, every link of the
/// top bar is on screen whole: the bar wraps, it never hides links past
/// its edge (a row scrolling sideways with no scroll bar did, cut
/// mid-word: "Clasamen", "Leaderb").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_top_bar_link_is_on_a_phones_screen_in_every_language() {
    e2e::run("phone-bar", |env| async move {
        let mut cut = Vec::new();
        for (lang, locale) in [("en", "en-GB"), ("fr", "fr-FR"), ("ro", "ro-RO")] {
            let b = env.browser_in(lang, locale).await;
            for width in [360u32, 390] {
                b.client.set_window_size(width, 800).await.unwrap();
                for path in ["/", "/lobby", "/analysis"] {
                    b.open(path).await;
                    b.shown(".topbar-links a").await;
                    let found = b
                        .js("const w = document.documentElement.clientWidth; const bar = document.querySelector('.topbar-links'); const links = [...bar.querySelectorAll('a')].filter((a) => a.offsetParent !== null); const bad = links.filter((a) => { const r = a.getBoundingClientRect(); return r.left < 0 || r.right > w + 0.5 || a.scrollWidth > a.clientWidth + 1; }).map((a) => a.textContent.trim()); if (bar.scrollWidth > bar.clientWidth + 1) bad.push('the bar scrolls sideways'); return [links.length, bad, document.documentElement.scrollWidth <= w];")
                        .await;
                    if found[0] != 5 || found[1] != serde_json::json!([]) || found[2] != true {
                        cut.push(format!("{lang} {width} px {path}: {found}"));
                    }
                }
                b.shot(&format!("bar-{width}")).await;
            }
        }
        assert!(cut.is_empty(), "{cut:#?}");
    })
    .await;
}

/// `fetch` from the page (with its session), the answer's JSON.
async fn fetch_json(b: &Browser, path: &str, body: Value) -> Value {
    b.js(&format!(
        "return fetch({path:?}, {{method: 'POST', headers: {{'Content-Type': 'application/json'}}, body: JSON.stringify({body})}}).then(async (r) => ({{status: r.status, body: await r.text()}}));"
    ))
    .await
}

/// Notifications turned on from the account page reach the account's
/// device (issue 61): Ana turns them on, the page subscribes with the
/// server's key and gives the server the subscription; Bob's challenge
/// and, once she has left the game, his move are pushed to it, signed by
/// the server and readable with her keys; turned off, nothing more is.
/// Headless Chromium has no push service of its own: its push manager
/// hands out the subscription of the test's push service instead.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notifications_turned_on_in_the_account_page_tell_of_the_turn() {
    let (service, mut posts) = push_service().await;
    let services = vec![format!("http://{service}")];
    e2e::run_with("push", |args| args.push_service = services, |env| async move {
        let ana = env.browser("ana").await;
        let bob = env.browser("bob").await;
        ana.sign_up("ana_p").await;
        bob.sign_up("bob_p").await;
        let state = "return document.querySelector('#push-state').textContent;";
        ana.js_until(state, |v| v == "Notifications are off for this device.").await;
        ana.cdp("Browser.grantPermissions", json!({"origin": env.base(), "permissions": ["notifications"]})).await;
        let (secret, auth, subscription) = device(&format!("http://{service}/push/ana"));
        // In every document from now on, before the page's own scripts.
        let stub = format!(
            "const sub = {subscription};
             const made = {{endpoint: sub.endpoint, options: null, toJSON: () => sub,
               unsubscribe: async () => {{ localStorage.removeItem('e2e.push'); return true; }}}};
             PushManager.prototype.subscribe = async function (options) {{
               made.options = options; localStorage.setItem('e2e.push', '1');
               window.__pushAsked = {{visible: options.userVisibleOnly, key: Array.from(new Uint8Array(options.applicationServerKey))}};
               return made; }};
             PushManager.prototype.getSubscription = async function () {{ return localStorage.getItem('e2e.push') ? made : null; }};"
        );
        ana.cdp("Page.addScriptToEvaluateOnNewDocument", json!({"source": stub})).await;
        ana.open("/account").await;
        ana.js_until(state, |v| v == "Notifications are off for this device.").await;
        ana.click("#push-toggle").await;
        ana.js_until(state, |v| v == "Notifications are on for this device.").await;
        ana.shot("push-on").await;
        let key: Value = env.http().get(format!("{}/api/push/key", env.base())).send().await.unwrap().json().await.unwrap();
        let key = key["key"].as_str().unwrap().to_string();
        let asked = ana.js("return window.__pushAsked;").await;
        let key_bytes: Vec<Value> = quoridor_server::push::crypto::unb64(&key).unwrap().into_iter().map(Value::from).collect();
        assert_eq!((asked["visible"].clone(), asked["key"].clone()), (json!(true), Value::Array(key_bytes)));
        let keys = [("/push/ana", &secret, &auth)];

        let made = fetch_json(&bob, "/api/challenges", json!({"to": "ana_p", "days": 1, "color": "south"})).await;
        assert_eq!(made["status"], 201, "{made}");
        let (_, _, told) = next_push(&mut posts, service, &key, &keys).await;
        assert_eq!(told["title"], "bob_p challenges you");

        // Ana accepts on her page and is taken to the game; she leaves it
        // for her account page, and Bob moves: her turn is pushed.
        ana.click("#home-challenges [data-accept]").await;
        let id = ana.game_page().await;
        ana.open("/account").await;
        let wait = Waiter::new("Ana's page gone from the game");
        loop {
            let game = env.game(&id).await;
            if game["seats"][1]["connected"] == false {
                break;
            }
            wait.tick(&game["seats"]).await;
        }
        let moved = fetch_json(&bob, &format!("/api/games/{id}/move"), json!({"move": "e2"})).await;
        assert_eq!(moved["status"], 200, "{moved}");
        let (_, topic, told) = next_push(&mut posts, service, &key, &keys).await;
        assert_eq!(topic, format!("g{id}"));
        assert_eq!((told["title"].as_str(), told["body"].as_str()), (Some("Your turn against bob_p"), Some("bob_p played e2.")));
        assert_eq!(told["url"], format!("/g/{id}"));

        // Turned off: the game's end reaches no device.
        ana.js_until(state, |v| v == "Notifications are on for this device.").await;
        ana.click("#push-toggle").await;
        ana.js_until(state, |v| v == "Notifications are off for this device.").await;
        let resigned = fetch_json(&bob, &format!("/api/games/{id}/resign"), json!({})).await;
        assert_eq!(resigned["status"], 200, "{resigned}");
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        assert!(posts.try_recv().is_err(), "nothing pushed once turned off");
    })
    .await;
}

/// "Confirm each move" (issue 61), against a misclick: ticked, a tap on a
/// square shows the pawn there and a Play button, and nothing is sent;
/// Cancel drops it; a second tap on the square (or Play) plays it. The
/// choice is kept on the device.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn confirm_each_move_waits_for_a_second_tap() {
    e2e::run("confirm-moves", |env| async move {
        let b = env.browser("ana").await;
        let id = b.start_vs_ai("9").await;
        b.click("#confirm-moves").await;
        let square = b.page().await.legal.first().cloned().expect("squares to play");
        let on_board = format!("[data-square=\"{square}\"]");
        let play = "const c = document.querySelector('#fence-confirm'); const p = document.querySelector('[data-pending]'); return c.hidden ? null : [c.textContent, p && p.dataset.pending];";
        b.click(&on_board).await;
        let shown = b.js_until(play, |v| v.is_array()).await;
        assert_eq!(shown, json!([format!("Play {square}"), square]));
        b.shot("confirm-pending").await;
        b.click("#fence-cancel").await;
        b.js_until(play, |v| v.is_null()).await;
        assert!(e2e::moves(&env.game(&id).await).is_empty(), "nothing sent");
        // Tapped again, then again: played.
        b.click(&on_board).await;
        b.js_until(play, |v| v.is_array()).await;
        assert!(e2e::moves(&env.game(&id).await).is_empty(), "nothing sent");
        b.click(&on_board).await;
        let wait = Waiter::new("the move confirmed");
        loop {
            let moves = e2e::moves(&env.game(&id).await);
            if !moves.is_empty() {
                assert_eq!(moves[0], square);
                break;
            }
            wait.tick(&moves).await;
        }
        b.open(&format!("/g/{id}")).await;
        b.js_until("return document.querySelector('#confirm-moves').checked;", |v| v == true).await;
    })
    .await;
}

/// A takeback between two people (issue 61): Ana asks to take back her
/// last move, Bob's page shows the request and he declines it (nothing
/// changes, both are told); asked again after a move of hers, he accepts,
/// and both boards go back to before her move, hers to play.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_asked_is_declined_or_accepted_by_the_other_player() {
    e2e::run("takeback", |env| async move {
        let (id, made, joined) = ana_and_bob(env.base(), None).await;
        let ana = env.browser("ana").await;
        let bob = env.browser("bob").await;
        ana.open(&format!("/g/{id}#t={}", made["token"].as_str().unwrap())).await;
        bob.open(&format!("/g/{id}#t={}", joined["token"].as_str().unwrap())).await;
        let state = "const s = document.querySelector('#takeback-status'); const a = document.querySelector('#takeback-accept'); const k = document.querySelector('#takeback'); return [s.hidden ? null : s.textContent, !a.hidden, !k.hidden];";
        // Before a move of her own, Ana has nothing to take back.
        ana.page_until("Ana's squares", |p| !p.legal.is_empty()).await;
        assert_eq!(ana.js(state).await, json!([null, false, false]));
        ana.click("[data-square=\"e2\"]").await;
        bob.page_until("Ana's e2", |p| p.moves.len() == 1).await;
        bob.click("[data-square=\"e8\"]").await;
        ana.page_until("Bob's e8", |p| p.moves.len() == 2).await;

        ana.click("#takeback").await;
        ana.click("#confirm-yes").await;
        let asked = bob.js_until(state, |v| v[1] == true).await;
        assert_eq!(asked[0], "Ana asks to take back their last move.");
        let waiting = ana.js_until(state, |v| v[0].is_string()).await;
        assert_eq!(waiting, json!(["Takeback asked for: waiting for the answer.", false, false]));
        bob.shot("takeback-asked").await;
        bob.click("#takeback-decline").await;
        ana.js_until(state, |v| v[0].is_null() && v[2] == true).await;
        assert_eq!(e2e::moves(&env.game(&id).await).len(), 2, "nothing taken back");

        ana.click("#takeback").await;
        ana.click("#confirm-yes").await;
        bob.js_until(state, |v| v[1] == true).await;
        bob.click("#takeback-accept").await;
        for b in [&ana, &bob] {
            b.page_until("the moves taken back", |p| p.moves.is_empty()).await;
        }
        let game = env.game(&id).await;
        assert_eq!((game["turn"].as_str(), game["ply"].as_u64()), (Some("south"), Some(0)));
        assert!(game["takeback_offer"].is_null());
    })
    .await;
}

/// What runs past a phone's screen on the page shown: the page itself
/// scrolling sideways, or any element shown whose right edge is past it
/// (named by its id or classes), as `[]` when all fits.
const OVERFLOW: &str = "const w = window.innerWidth; const out = []; if (document.documentElement.scrollWidth > w + 1) out.push('page ' + document.documentElement.scrollWidth); for (const e of document.querySelectorAll('body *')) { const r = e.getBoundingClientRect(); if (r.width === 0 || r.right <= w + 1) continue; let p = e; let clipped = false; while ((p = p.parentElement)) { const o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll' || o === 'hidden') { clipped = true; break; } } if (!clipped) out.push(e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className + ' ' + Math.round(r.right)); } return out.slice(0, 10);";

/// The players' pages on a phone (390 px) in French and Romanian (issue
/// 61): home, a game, the account (with its notifications), the lobby,
/// the puzzles and the analysis board fit the screen, nothing past its
/// edge; each is photographed for a person to look at.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_players_pages_fit_a_phone_in_french_and_romanian() {
    e2e::run("phone-pages", |env| async move {
        let mut past_the_edge = Vec::new();
        for (lang, locale) in [("fr", "fr-FR"), ("ro", "ro-RO")] {
            let b = env.browser_in(lang, locale).await;
            b.client.set_window_size(390, 844).await.unwrap();
            b.sign_up(&format!("ana_{lang}")).await;
            let mut look = |page: &'static str, found: Value| {
                if found != json!([]) {
                    past_the_edge.push(format!("{lang} {page}: {found}"));
                }
            };
            b.shown("#push-toggle").await;
            look("account", b.js(OVERFLOW).await);
            b.shot(&format!("{lang}-account")).await;
            for (page, path) in [
                ("home", "/"),
                ("lobby", "/lobby"),
                ("analysis", "/analysis"),
            ] {
                b.open(path).await;
                tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                look(page, b.js(OVERFLOW).await);
                b.shot(&format!("{lang}-{page}")).await;
            }
            b.open("/learn").await;
            b.click("#mode-puzzles").await;
            b.shown("#learn-lesson-title").await;
            look("puzzles", b.js(OVERFLOW).await);
            b.shot(&format!("{lang}-puzzles")).await;
            b.start_vs_ai("9").await;
            look("game", b.js(OVERFLOW).await);
            b.shot(&format!("{lang}-game")).await;
        }
        assert!(past_the_edge.is_empty(), "{past_the_edge:#?}");
    })
    .await;
}

/// A guest's lobby socket of the test's own: it accepts seek `id`.
async fn join_seek(base: &str, name: &str, id: u64) -> impl Sized {
    use futures_util::SinkExt;
    let url = format!(
        "{}/api/lobby/ws?name={name}",
        base.replace("http://", "ws://")
    );
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let accept = json!({"type": "accept", "id": id}).to_string();
    ws.send(tokio_tungstenite::tungstenite::Message::text(accept))
        .await
        .unwrap();
    ws
}

/// A seek for four players in the lobby (issue 61): posted from
/// the page, listed for another with its board and a Join button; joined,
/// both pages say how many are in and whom they wait for; two more join
/// and everyone lands in the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_seek_for_four_players_fills_and_starts() {
    e2e::run("lobby-four", |env| async move {
        let ana = env.browser("ana").await;
        let bob = env.browser("bob").await;
        for (b, name) in [(&ana, "Ana"), (&bob, "Bob")] {
            b.open("/lobby").await;
            b.type_into("#seek-name", name).await;
        }
        let four = ana
            .js("return [...document.querySelectorAll('#seek-board option')].find((o) => o.textContent === '9×9 · 4 players').value;")
            .await;
        ana.select("#seek-board", four.as_str().unwrap()).await;
        ana.click("#post-seek").await;
        let listed = "const r = document.querySelector('#seeks tr[data-seek]'); return r && [r.dataset.seek, r.querySelector('[data-label=\"Game\"]').textContent, (r.querySelector('button') || {}).textContent];";
        let seen = bob.js_until(listed, |v| v.is_array()).await;
        assert_eq!(seen[1], "9×9 · 4 players · casual · 1 of 4 in", "{seen}");
        assert_eq!(seen[2], "Join");
        bob.click("#seeks [data-accept]").await;
        let said = "const s = document.querySelector('#lobby-status'); return s.hidden ? null : s.textContent;";
        bob.js_until(said, |v| v == "You are in: waiting for 2 more players.").await;
        ana.js_until(said, |v| v == "You are in: waiting for 2 more players.").await;
        ana.js_until(listed, |v| v[1] == "9×9 · 4 players · casual · 2 of 4 in").await;
        bob.shot("lobby-four-joined").await;
        let id: u64 = seen[0].as_str().unwrap().parse().unwrap();
        let cy = join_seek(env.base(), "Cy", id).await;
        ana.js_until(said, |v| v == "You are in: waiting for 1 more player.").await;
        let dee = join_seek(env.base(), "Dee", id).await;
        let game = ana.game_page().await;
        assert_eq!(bob.game_page().await, game);
        let view = env.game(&game).await;
        assert_eq!((view["settings"]["size"].clone(), view["seats"].as_array().unwrap().len()), (json!(9), 4));
        drop((cy, dee));
    })
    .await;
}

/// A player's page filters the games (issue 61): two games between Ana
/// and Bob, one won by each; "Won" on Ana's page keeps hers, the opponent
/// box in any case keeps Bob's games, and the records link downloads what
/// is kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_page_filters_the_games_and_links_their_records() {
    e2e::run("profile-filters", |env| async move {
        let ana = env.browser("ana").await;
        let bob = env.browser("bob").await;
        ana.sign_up("ana_f").await;
        bob.sign_up("bob_f").await;
        // Two games over the API from the pages (their sessions), on a
        // page that a challenge accepted does not take to the game: Bob
        // resigns the first, Ana the second.
        for b in [&ana, &bob] {
            b.open("/analysis").await;
        }
        for loser in [&bob, &ana] {
            let made = fetch_json(&ana, "/api/challenges", json!({"to": "bob_f", "color": "south"})).await;
            let id: Value = serde_json::from_str(made["body"].as_str().unwrap()).unwrap();
            let accept = format!("/api/challenges/{}/accept", id["id"].as_str().unwrap());
            let accepted = fetch_json(&bob, &accept, json!({})).await;
            let game: Value = serde_json::from_str(accepted["body"].as_str().unwrap()).unwrap();
            let game = game["game"].as_str().unwrap().to_string();
            assert_eq!(fetch_json(&ana, &format!("/api/games/{game}/move"), json!({"move": "e2"})).await["status"], 200);
            assert_eq!(fetch_json(loser, &format!("/api/games/{game}/resign"), json!({})).await["status"], 200);
        }
        ana.open("/@/ana_f").await;
        let rows = "return [...document.querySelectorAll('#profile-games tbody tr')].map((r) => r.className);";
        ana.js_until(rows, |v| v.as_array().is_some_and(|a| a.len() == 2)).await;
        ana.select("#filter-result", "win").await;
        let kept = ana.js_until(rows, |v| v.as_array().is_some_and(|a| a.len() == 1)).await;
        assert_eq!(kept, json!(["acc-result-win"]));
        let link = ana.attr("#profile-records", "href").await.unwrap();
        assert_eq!(link, "/api/players/ana_f/records?result=win");
        let text = env.http().get(format!("{}{link}", env.base())).send().await.unwrap().text().await.unwrap();
        assert_eq!(text.matches("[Game ").count(), 1, "{text}");
        ana.select("#filter-result", "").await;
        ana.type_into("#filter-opponent", "BOB_F").await;
        ana.js_until(rows, |v| v.as_array().is_some_and(|a| a.len() == 2)).await;
        ana.shot("profile-filters").await;
    })
    .await;
}
