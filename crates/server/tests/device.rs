//! The engine on the device, in a real headless Chromium: games against the
//! computer and on one screen played by the page itself (the rules and the
//! engine compiled to WebAssembly, crates/wasm), with nothing asked of the
//! server's game API.

mod e2e;

use e2e::{Browser, Waiter};
use serde_json::Value;

/// The text of `css` once shown and `ok` with it.
async fn text_when(b: &Browser, css: &str, ok: impl Fn(&str) -> bool) -> String {
    let wait = Waiter::new(format!("{}: `{css}` to say what is expected", b.label));
    loop {
        let script = format!(
            "const n = document.querySelector({css:?}); return n && !n.hidden && n.getClientRects().length ? n.textContent.replace(/\\s+/g, ' ').trim() : null;"
        );
        let text = b.js(&script).await;
        if let Some(text) = text.as_str().filter(|t| ok(t)) {
            return text.to_string();
        }
        wait.tick(&text).await;
    }
}

/// Waits for South's turn (squares highlighted) or the end; returns the
/// page's moves and whether the game is over.
async fn my_turn_or_end(b: &Browser, min_moves: usize) -> (Vec<String>, bool) {
    let wait = Waiter::new(format!(
        "{}: South's turn after {min_moves} moves, or the end",
        b.label
    ));
    loop {
        let page = b.page().await;
        if page.result.is_some() {
            return (page.moves, true);
        }
        if page.moves.len() >= min_moves && !page.legal.is_empty() {
            return (page.moves, false);
        }
        wait.tick(&page).await;
    }
}

/// South's step towards its goal: the highlighted square furthest up.
async fn step_forward(b: &Browser) {
    let page = b.page().await;
    let square = page
        .legal
        .iter()
        .max_by_key(|s| s[1..].parse::<u32>().unwrap_or(0))
        .expect("a highlighted square on South's turn")
        .clone();
    b.click(&format!("[data-square=\"{square}\"]")).await;
}

/// Starts a 5×5 game against the level-1 computer, playing South, from the
/// home page shown: played on the device, its id is local.
async fn start_on_device(b: &Browser) -> String {
    b.select("#size", "5").await;
    b.select("#players", "2").await;
    b.select("#level", "1").await;
    b.select("#color", "south").await;
    b.click("#start-ai").await;
    let id = b.game_page().await;
    assert!(id.starts_with("local-"), "{id}");
    id
}

/// The requests the page made to the server's game API (a game made or
/// played there; the home page's lists of open games aside).
async fn game_api_requests(b: &Browser) -> Value {
    b.js("return performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/api/games') && !n.includes('/api/games?'));")
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_is_played_on_the_device() {
    e2e::run("device-ai", |env| async move {
        let me = env.browser("player").await;
        me.open("/").await;
        let id = start_on_device(&me).await;
        text_when(&me, "#conn", |t| t == "on this device").await;

        // Two moves towards the goal, then both taken back by one undo
        // (the computer's reply with it).
        let (moves, _) = my_turn_or_end(&me, 0).await;
        assert!(moves.is_empty());
        me.click("[data-square=\"c2\"]").await;
        let (moves, _) = my_turn_or_end(&me, 2).await;
        assert_eq!(moves[0], "c2");
        me.click("#undo").await;
        let wait = Waiter::new("the undo");
        while !me.page().await.moves.is_empty() {
            wait.tick(&me.page().await.moves).await;
        }
        // A hint from the engine in the page says why, and its words agree
        // with the path it draws.
        me.click("#hint").await;
        let hint = text_when(&me, "#hint-text", |t| t.contains(" · ")).await;
        let drawn = me.js("return document.querySelectorAll('.hint-step').length;").await;
        if let Some(steps) = e2e::hint_drawn_steps(&hint) {
            assert_eq!(drawn.as_u64(), Some(steps), "{hint}");
        } else {
            assert!(hint.contains("prepares"), "{hint}");
        }

        // To the end, always stepping forward; the page is reloaded in the
        // middle and the game goes on where it was.
        let mut played = 0;
        let mut reloaded = false;
        let (moves, over) = loop {
            let (moves, over) = my_turn_or_end(&me, played).await;
            if over {
                break (moves, over);
            }
            if moves.len() >= 4 && !reloaded {
                reloaded = true;
                me.open(&format!("/g/{id}")).await;
                let (again, _) = my_turn_or_end(&me, moves.len()).await;
                assert_eq!(again, moves, "the game after a reload");
                continue;
            }
            step_forward(&me).await;
            played = moves.len() + 1;
            assert!(played < 80, "no end after 80 moves: {moves:?}");
        };
        assert!(over);
        let page = me.page().await;
        assert!(page.winners.is_some(), "{page:?}");
        assert!(page.legal.is_empty());
        me.shot("over").await;
        // The record, written on the page.
        let href = me.attr("#record-link", "href").await.unwrap_or_default();
        assert!(href.starts_with("data:text/plain"), "{href}");
        let record = me
            .js("return decodeURIComponent(document.querySelector('#record-link').href.split(',')[1]);")
            .await;
        let record = record.as_str().unwrap();
        assert!(record.contains(&moves[..2].join(" ")), "{record}");
        // The review, made on the page: the graph and both players'
        // accuracy.
        me.click("#analysis-ask").await;
        me.shown("#analysis-graph svg").await;
        let players = text_when(&me, "#analysis-players", |t| t.contains("accuracy")).await;
        assert!(players.contains("AI 1"), "{players}");
        // The server's game API was never asked.
        assert_eq!(game_api_requests(&me).await, Value::Array(vec![]));

        // The rematch: on this device too, the person on the other seat
        // (North), so the computer opens.
        me.click("#rematch").await;
        let wait = Waiter::new("the rematch's page");
        let next = loop {
            let page = me.page().await;
            let path = page.path.clone();
            if path.starts_with("/g/local-") && !path.contains(&id) && !page.moves.is_empty() {
                break page;
            }
            wait.tick(&page).await;
        };
        assert_eq!(next.moves.len(), 1, "the computer's first move: {:?}", next.moves);
        assert_eq!(game_api_requests(&me).await, Value::Array(vec![]));
        // Both games are in the list of recent games.
        me.click("#home-link").await;
        let wait = Waiter::new("two recent games");
        loop {
            let n = me.js("return document.querySelectorAll('#recent-games [data-recent^=\"local-\"]').length;").await;
            if n == 2 {
                break;
            }
            wait.tick(&n).await;
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_with_a_clock_is_played_on_the_device_and_lost_on_time() {
    e2e::run("device-clock", |env| async move {
        let me = env.browser("player").await;
        me.open("/").await;
        me.select("#clock", "m15").await;
        start_on_device(&me).await;
        // The first move is not timed; the computer answers within its
        // share of the clock.
        let (moves, _) = my_turn_or_end(&me, 0).await;
        assert!(moves.is_empty());
        me.click("[data-square=\"c2\"]").await;
        my_turn_or_end(&me, 2).await;
        // South's clock runs down from 15 s, on the screen.
        let first = text_when(&me, "#clock-south", |t| t.starts_with("0:1")).await;
        // Under 10 s it shows tenths ("9.4").
        text_when(&me, "#clock-south", |t| t != first && !t.starts_with("0:1")).await;
        me.shot("running").await;
        // Nobody moves: South loses on time.
        let wait = Waiter::new("the loss on time");
        let page = loop {
            let page = me.page().await;
            if page.result.is_some() {
                break page;
            }
            wait.tick(&page).await;
        };
        let result = page.result.clone().unwrap();
        assert!(result.contains("on time"), "{result}");
        assert_eq!(page.winners.as_deref(), Some("north"), "{page:?}");
        assert_eq!(me.shown("#clock-south").await.text().await.unwrap(), "0.0");
        me.shot("lost-on-time").await;
        // The server's game API was never asked.
        assert_eq!(game_api_requests(&me).await, Value::Array(vec![]));
    })
    .await;
}

/// With the server gone, the tutorial's lesson and a puzzle are solved
/// and a classroom exercise is checked: the page answers them itself.
async fn learning_offline(me: &Browser, base: &str) {
    let tap = |square: String| async move {
        me.click(&format!("#learn-board [data-square=\"{square}\"]"))
            .await
    };
    me.open(&format!("{base}/learn?lesson=jump")).await;
    me.shown("#learn-board [data-square=\"e6\"]").await;
    tap("e6".into()).await;
    let said = text_when(me, "#learn-feedback", |t| t.contains("Right!")).await;
    assert!(said.contains("Nice jump"), "{said}");
    me.shot("offline-lesson").await;

    // A puzzle whose answer is a step, tapped.
    let puzzle = quoridor_learn::shipped()
        .into_iter()
        .find(|p| !p.solution[0].ends_with(['h', 'v']))
        .expect("a puzzle answered by a step");
    me.open(&format!("{base}/learn?puzzle={}", puzzle.id)).await;
    let heading = format!(
        "Puzzle {} of ",
        quoridor_learn::shipped()
            .iter()
            .position(|p| p.id == puzzle.id)
            .unwrap()
            + 1
    );
    text_when(me, "#learn-lesson-title", |t| t.starts_with(&heading)).await;
    me.click(".learn-tool[data-tool=\"pawn\"]").await;
    tap(puzzle.solution[0].clone()).await;
    let said = text_when(me, "#learn-feedback", |t| t.contains("Right!")).await;
    assert!(said.contains(&puzzle.solution[0]), "{said}");
    me.shot("offline-puzzle").await;

    // A new maze, its answer key, and that answer checked.
    me.open(&format!("{base}/classroom")).await;
    me.click(".cls-kind[data-kind=\"maze\"]").await;
    me.shown("#cls-board svg rect.cell").await;
    me.click("#cls-show").await;
    text_when(me, "#cls-feedback", |t| t.starts_with("The solution:")).await;
    me.click("#cls-check").await;
    let wait = Waiter::new("the maze's answer checked");
    loop {
        let class = me.attr("#cls-feedback", "class").await.unwrap_or_default();
        let text = me.shown("#cls-feedback").await.text().await.unwrap();
        if class.contains("good") && !text.starts_with("The solution:") {
            break;
        }
        wait.tick(&(class, text)).await;
    }
    me.shot("offline-exercise").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_first_visit_the_app_works_offline() {
    e2e::run("device-offline", |env| async move {
        let dir = tempfile::tempdir().unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let base = format!("http://127.0.0.1:{port}");
        let server = e2e::own_server(dir.path(), port).await;
        let me = env.browser("tablet").await;
        me.open(&format!("{base}/")).await;
        // The service worker installs and keeps the app.
        let wait = Waiter::new("the service worker to keep the app");
        loop {
            let kept = me
                .js("caches.keys().then((k) => Promise.all(k.map((n) => caches.open(n).then((c) => c.keys())))).then((all) => { window.__kept = all.flat().map((r) => r.url); }); return navigator.serviceWorker.controller ? (window.__kept || []) : [];")
                .await;
            let urls = kept.as_array().cloned().unwrap_or_default();
            if urls.iter().any(|u| u.as_str().is_some_and(|u| u.contains("/assets/engine/quoridor.wasm?v="))) {
                break;
            }
            wait.tick(&urls.len()).await;
        }
        // The manifest an installed app needs, and Chromium's own verdict
        // on installing it.
        let manifest = me.js("return document.querySelector('link[rel=manifest]').href;").await;
        assert!(manifest.as_str().unwrap().contains("/assets/manifest.webmanifest?v="), "{manifest}");
        let installable = me.cdp("Page.getInstallabilityErrors", serde_json::json!({})).await;
        assert_eq!(installable["installabilityErrors"], serde_json::json!([]), "{installable}");
        // The browser's offer to install shows our button, which asks it
        // once (the offer made here as Chromium makes it).
        me.js("const ev = new Event('beforeinstallprompt', { cancelable: true }); window.__asked = 0; ev.prompt = () => { window.__asked += 1; return Promise.resolve(); }; ev.userChoice = Promise.resolve({ outcome: 'accepted' }); window.dispatchEvent(ev); window.__prevented = ev.defaultPrevented; return null;").await;
        me.click("#install-app").await;
        let asked = me.js("return [window.__asked, window.__prevented, document.querySelector('#install-row').hidden];").await;
        assert_eq!(asked, serde_json::json!([1, true, true]), "the install button");

        // The network goes down: the browser is cut off (DevTools'
        // network conditions), and the server is stopped too (a service
        // worker's own requests are not the page's: they fail with it).
        server.stop().await.unwrap();
        let offline = |on: bool| {
            serde_json::json!({"offline": on, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        };
        me.cdp("Network.enable", serde_json::json!({})).await;
        me.cdp("Network.emulateNetworkConditions", offline(true)).await;
        me.open(&format!("{base}/")).await;
        // Chromium may or may not tell the page it is offline
        // (`navigator.onLine`): either line says what still works.
        let said = text_when(&me, "#offline-banner", |t| {
            t.starts_with("You are offline") || t.starts_with("The server cannot be reached")
        })
        .await;
        assert!(said.contains("the lessons, the puzzles and the exercises"), "{said}");
        // A game against the computer, to its end.
        start_on_device(&me).await;
        let mut played = 0;
        loop {
            let (moves, over) = my_turn_or_end(&me, played).await;
            if over {
                break;
            }
            step_forward(&me).await;
            played = moves.len() + 1;
            assert!(played < 80, "no end after 80 moves: {moves:?}");
        }
        assert!(me.page().await.winners.is_some());
        me.shot("offline-game-over").await;
        // The analysis board, its engine line on the device.
        me.open(&format!("{base}/analysis")).await;
        text_when(&me, "#ab-engine", |t| t.starts_with("Engine on this device: depth")).await;
        text_when(&me, "#ab-best", |t| t.starts_with("Best: ")).await;
        me.shot("offline-analysis").await;
        learning_offline(&me, &base).await;
        // A page that needs the connection (the lobby, from the top bar):
        // ours says so at its address, never the browser's error page.
        me.open(&format!("{base}/lobby")).await;
        let said = text_when(&me, "#away-title", |t| !t.is_empty()).await;
        assert_eq!(said, "This page needs the connection");
        assert_eq!(me.js("return location.pathname;").await, "/lobby");
        me.shot("offline-lobby").await;

        // The network comes back: the lobby opens by itself, the line goes
        // by itself, and an online game (the server's, with a clock) works
        // again.
        me.cdp("Network.emulateNetworkConditions", offline(false)).await;
        let server = e2e::own_server(dir.path(), port).await;
        let wait = Waiter::new("the lobby to open by itself");
        while me.js("return !document.querySelector('#seek-form');").await != false {
            wait.tick(&"the offline page still").await;
        }
        me.open(&format!("{base}/")).await;
        let wait = Waiter::new("the offline line to go");
        while me.is_shown("#offline-banner").await {
            wait.tick(&"shown").await;
        }
        // A game on the server: its engine asked for (a game with a clock
        // against the computer is otherwise played on the device).
        me.open(&format!("{base}/?engine=server")).await;
        me.select("#clock", "5+3").await;
        me.click("#start-ai").await;
        let id = me.game_page().await;
        assert!(!id.starts_with("local-"), "{id}");
        text_when(&me, "#conn", |t| t == "live").await;
        me.click("[data-square=\"c2\"]").await;
        let (moves, _) = my_turn_or_end(&me, 2).await;
        assert_eq!(moves[0], "c2");
        server.stop().await.unwrap();
    })
    .await;
}
