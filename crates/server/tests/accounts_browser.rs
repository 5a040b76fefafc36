//! Accounts in a real headless Chromium: two players sign up on the
//! account page, one posts a rated seek in the lobby, the other plays it,
//! both pages open the game, they play by clicking until one resigns, the
//! result shows both rating changes, and the winner's public page shows
//! the new rating and its chart.

mod e2e;

use e2e::{closest_to_goal, moves, Browser, Waiter};
use fantoccini::key::Key;
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_accounts_play_a_rated_game_and_the_profile_shows_the_rating() {
    e2e::run("accounts-rated", |env| async move {
        let alice = env.browser("alice").await;
        let bob = env.browser("bob").await;
        for (browser, name) in [(&alice, "alice"), (&bob, "bob")] {
            browser.open("/account?signup").await;
            browser.type_into("#auth-name", name).await;
            browser.type_into("#auth-password", "a good password").await;
            browser.click("#auth-go").await;
            let hello = format!("Hello {name}");
            browser.js_until("const h = document.querySelector('#home-title'); return h && h.textContent;",
                |v| v.as_str() == Some(hello.as_str()),
            )
            .await;
        }
        alice.shot("account").await;

        // Alice posts a rated blitz seek in the lobby; Bob, in the lobby
        // too, sees it and plays it: both pages open the game.
        alice.open("/lobby").await;
        alice.shown("#seek-rated-row").await;
        alice.select("#seek-clock", "180+2").await;
        alice.click("#post-seek").await;
        alice.shown("#lobby-status").await;
        bob.open("/lobby").await;
        bob.shown("#seeks [data-accept]").await;
        bob.shot("lobby").await;
        bob.click("#seeks [data-accept]").await;
        let id = bob.game_page().await;
        assert_eq!(alice.game_page().await, id, "both pages open the paired game");
        let game = env.game(&id).await;
        assert_eq!(game["settings"]["rated"], true, "{}", game["settings"]);
        assert_eq!(game["status"], "playing");
        let names = [&game["seats"][0]["name"], &game["seats"][1]["name"]];
        assert!(names.contains(&&Value::from("alice")) && names.contains(&&Value::from("bob")), "{names:?}");
        let alice_seat = if game["seats"][0]["name"] == "alice" { "south" } else { "north" };
        // The game says it is rated, and each player's rating is beside
        // their name (new accounts: 1500, provisional).
        let status = alice.js_until("return document.querySelector('#status').textContent;", |v| v.as_str().is_some_and(|s| s.contains("Rated"))).await;
        assert!(status.as_str().unwrap().contains("Rated · Blitz"), "{status}");
        let shown = bob.js_until("const r = Array.from(document.querySelectorAll('.p-rating')).map((n) => n.textContent); return r.length === 2 && r;", |v| v.is_array()).await;
        assert_eq!(shown, json!(["1500?", "1500?"]));
        alice.shot("paired").await;

        // They chat: off until each turns it on; the line is shown as text.
        for browser in [&alice, &bob] {
            browser.shown("#chat").await;
            browser.click("#chat-on").await;
            browser.shown("#chat-input").await;
        }
        alice.type_into("#chat-input", "good luck <b>bob</b>").await;
        alice.click("#chat-form button[type=submit]").await;
        let heard = bob.js_until("const l = document.querySelector('#chat-lines .chat-line'); return l && [l.textContent, l.querySelectorAll('b').length];",
            |v| v.is_array(),
        )
        .await;
        assert_eq!(heard[0], "alice: good luck <b>bob</b>", "{heard}");
        assert_eq!(heard[1], 0, "markup shown as text: {heard}");

        // Alice on another computer: logged in there, she plays her moves
        // from that browser (it has no token: her session acts).
        let elsewhere = env.browser("alice-elsewhere").await;
        elsewhere.open("/account").await;
        elsewhere.type_into("#auth-name", "alice").await;
        elsewhere.type_into("#auth-password", "a good password").await;
        elsewhere.click("#auth-go").await;
        elsewhere.shown("#home-games").await;
        elsewhere.click(&format!("#home-games a[href=\"/g/{id}\"]")).await;
        elsewhere.game_page().await;
        let (south, north) = if alice_seat == "south" {
            (&elsewhere, &bob)
        } else {
            (&bob, &elsewhere)
        };

        // Four moves by clicking, then Bob resigns.
        for ply in 0..4 {
            let (mover, seat) = if ply % 2 == 0 {
                (south, "south")
            } else {
                (north, "north")
            };
            let wait = Waiter::new(format!("{seat} to move after {ply} moves"));
            let (page, game) = loop {
                let page = mover.page().await;
                let game = env.game(&id).await;
                if game["turn"] == seat && moves(&game).len() == ply && !page.legal.is_empty() {
                    break (page, game);
                }
                wait.tick(&(&game["turn"], &page.legal)).await;
            };
            let square = closest_to_goal(&game, seat, &page.legal);
            mover.click(&format!("[data-square=\"{square}\"]")).await;
        }
        let wait = Waiter::new("four moves stored");
        while moves(&env.game(&id).await).len() < 4 {
            wait.tick(&"fewer than four moves").await;
        }
        bob.click("#resign").await;
        bob.click("#confirm-yes").await;

        // Both pages show the rating changes of the result.
        for browser in [&alice, &bob] {
            let changes = browser.js_until("return Array.from(document.querySelectorAll('#result .rating-change')).map((e) => e.textContent);",
                |v| v.as_array().is_some_and(|a| a.len() == 2),
            )
            .await;
            let text = changes.to_string();
            assert!(text.contains("alice: 1500 → 1662?") && text.contains("(+162)"), "{text}");
            assert!(text.contains("bob: 1500 → 1338?") && text.contains("(-162)"), "{text}");
        }
        let game = env.game(&id).await;
        let alice_change = game["rating_changes"]
            .as_array()
            .and_then(|c| c.iter().find(|c| c["name"] == "alice"))
            .cloned();
        assert_eq!(alice_change.map(|c| c["after"].clone()), Some(Value::from(1662)), "{}", game["rating_changes"]);
        alice.shot("rated-result").await;

        // Alice's public page: the blitz rating, its chart, the game.
        alice.open("/@/alice").await;
        alice.js_until("const r = document.querySelector('#profile-ratings [data-speed=\"blitz\"] .acc-value'); return r && r.textContent;",
            |v| v.as_str() == Some("1662?"),
        )
        .await;
        let chart = alice
            .js("return document.querySelectorAll('#profile-chart polyline[data-speed=\"blitz\"], #profile-chart circle').length;")
            .await;
        assert!(chart.as_u64().unwrap_or(0) >= 2, "the chart's line and dot: {chart}");
        let record = alice.js("return document.querySelector('#profile-record').textContent;").await;
        assert_eq!(record.as_str(), Some("1 won · 0 lost · 0 drawn"));
        let line = alice
            .js("const a = document.querySelector('#profile-games tbody tr a'); return a && a.getAttribute('href');")
            .await;
        assert_eq!(line.as_str(), Some(format!("/g/{id}").as_str()));
        alice.shot("profile").await;
        // On a phone: nothing wider than the screen, the chart whole (the
        // games' table scrolls in its own box).
        alice.client.set_window_size(390, 844).await.unwrap();
        alice.client.refresh().await.unwrap();
        alice.shown("#profile-chart svg").await;
        let widths = alice
            .js("return [document.documentElement.clientWidth, document.documentElement.scrollWidth, document.querySelector('#profile-chart svg').getBoundingClientRect().right];")
            .await;
        let [client, scroll, chart_right] = [0, 1, 2].map(|i| widths[i].as_f64().unwrap());
        assert!(scroll <= client && chart_right <= client, "wider than the phone: {widths}");
        alice.shot("profile-phone").await;

        // Bob, logged in, finds the game again from his account page.
        bob.open("/account").await;
        bob.js_until("const a = document.querySelector('#home-games tbody tr a'); return a && a.getAttribute('href');",
            |v| v.as_str() == Some(format!("/g/{id}").as_str()),
        )
        .await;
    })
    .await;
}

async fn post(base: &str, path: &str, token: Option<&str>, body: Value) -> Value {
    let mut req = reqwest::Client::new()
        .post(format!("{base}{path}"))
        .json(&body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let res = req.send().await.unwrap();
    let status = res.status();
    let text = res.text().await.unwrap();
    assert!(status.is_success(), "{path}: {status} {text}");
    serde_json::from_str(&text).unwrap_or(Value::Null)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_of_a_game_shows_its_graph_and_marks_the_blunder() {
    e2e::run("analysis", |env| async move {
        // A game between two people where South, on d8 with North on f2,
        // steps aside (c8) instead of winning with d9, and North wins.
        let base = env.base().to_string();
        let made = post(&base, "/api/games", None, serde_json::json!({
            "seats": [{"kind": "human", "mine": true, "name": "Ana"}, {"kind": "human"}]
        }))
        .await;
        let id = made["id"].as_str().unwrap().to_string();
        let south = made["token"].as_str().unwrap().to_string();
        let joined = post(&base, &format!("/api/games/{id}/join"), None, serde_json::json!({"name": "Bob"})).await;
        let north = joined["token"].as_str().unwrap().to_string();
        let moves = [
            "e2", "e8", "d2", "f8", "d3", "f7", "d4", "f6", "d5", "f5", "d6", "f4", "d7", "f3", "d8", "f2", "c8", "f1",
        ];
        for (i, mv) in moves.iter().enumerate() {
            let token = if i % 2 == 0 { &south } else { &north };
            post(&base, &format!("/api/games/{id}/move"), Some(token), serde_json::json!({"move": mv})).await;
        }

        // A spectator opens it and asks for the analysis.
        let b = env.browser("reviewer").await;
        b.open(&format!("/g/{id}")).await;
        b.shown("#analysis-ask").await;
        b.click("#analysis-ask").await;
        let marked = b.js_until("const m = document.querySelector('#moves [data-ply=\"17\"][data-judgement]'); return m && [m.dataset.ply, m.dataset.judgement, m.textContent, m.title];",
            |v| v.is_array(),
        )
        .await;
        assert_eq!(marked[0], "17", "South's step aside is the 17th move: {marked}");
        // A won game given away: a blunder, whatever the evaluation.
        assert_eq!(marked[1], "blunder", "{marked}");
        assert!(marked[2].as_str().unwrap().contains('?'), "{marked}");
        assert!(marked[3].as_str().unwrap().contains("better"), "{marked}");
        let graph = b
            .js("return [document.querySelectorAll('#analysis-graph polyline').length, document.querySelectorAll('#analysis-graph circle.analysis-dot').length];")
            .await;
        assert_eq!(graph[0], 1, "the graph's line: {graph}");
        assert!(graph[1].as_u64().unwrap() >= 1, "a dot for the blunder: {graph}");
        let players = b.js("return document.querySelector('#analysis-players').textContent;").await;
        let players = players.as_str().unwrap();
        assert!(players.contains("accuracy"), "{players}");
        // Counts in the right number: "1 blunder", "2 blunders", never
        // "1 blunders" (how many there are is the engine's judgement, which
        // a loaded machine may change).
        let lines = b
            .js("return Array.from(document.querySelectorAll('#analysis-players > *')).map((e) => e.textContent).join(' , ');")
            .await;
        let lines = lines.as_str().unwrap().to_string();
        let counted: Vec<(u32, &str)> = lines
            .split(['·', ','])
            .filter_map(|part| {
                let mut words = part.split_whitespace().rev();
                let word = words.next()?.trim_end_matches(|c: char| !c.is_alphabetic());
                let n = words.next()?.parse().ok()?;
                Some((n, word))
            })
            .collect();
        assert!(counted.len() >= 6, "three counts for each player: {players}");
        for (n, word) in counted {
            let singular = ["inaccuracy", "mistake", "blunder"].contains(&word);
            let plural = ["inaccuracies", "mistakes", "blunders"].contains(&word);
            assert!(if n == 1 { singular } else { plural }, "{n} {word} in {players}");
        }
        b.shot("analysed").await;

        // A click on the blunder's dot shows that position and says why.
        b.click("#analysis-graph circle.analysis-dot[data-ply=\"17\"]").await;
        let note = b.js_until("return document.querySelector('#analysis-move').textContent;",
            |v| v.as_str().is_some_and(|s| s.contains("better")),
        )
        .await;
        assert!(note.as_str().unwrap().starts_with("c8"), "{note}");
        assert!(note.as_str().unwrap().contains("d9"), "the win: {note}");

        // The analysis board opens the whole game, at the move shown.
        let link = b.js("return document.querySelector('#board-link').getAttribute('href');").await;
        let link = link.as_str().unwrap().to_string();
        b.open(&link).await;
        let shown = b.js_until("return [document.querySelectorAll('#ab-moves button.mv').length, document.querySelector('#ab-moves .current')?.dataset.line, document.querySelector('#ab-line').textContent, new URLSearchParams(location.search).get('pos')];",
            |v| v[0] == moves.len(),
        )
        .await;
        let played = moves[..17].join(" ");
        assert_eq!(shown[1], played.as_str(), "{link}: {shown}");
        assert_eq!(shown[2], played.as_str(), "{shown}");
        // The start, with the game's options.
        assert!(shown[3].as_str().unwrap().starts_with("9 e1,e9 - 10,10 south 0"), "{shown}");
        // The last move is one step on.
        b.click("#ab-forward").await;
        b.js_until("return document.querySelector('#ab-line').textContent;", |v| v == moves.join(" ").as_str()).await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_board_explores_and_sets_up_positions() {
    e2e::run("board", |env| async move {
        let b = env.browser("analyst").await;
        b.client.set_window_size(1200, 900).await.unwrap();
        // A shallow depth, so that three lines come quickly.
        b.open("/analysis").await;
        b.select("#ab-depth", "8").await;
        b.open("/analysis").await;
        // The start: the engine's value, both shortest paths drawn.
        b.js_until("return document.querySelector('#ab-eval').textContent;", |v| {
            v.as_str().is_some_and(|s| s.starts_with("South "))
        })
        .await;
        let paths = b.js("return document.querySelectorAll('#ab-board [data-path]').length;").await;
        assert_eq!(paths, 2);
        // The engine runs on this device, its depth growing live, and
        // the server is never asked.
        b.js_until("return document.querySelector('#ab-engine').textContent;", |v| {
            v.as_str().is_some_and(|s| s.starts_with("Engine on this device: depth"))
        })
        .await;
        let asked = b
            .js("return performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/analyse')).length;")
            .await;
        assert_eq!(asked, 0, "the analysis ran on the server");
        // The engine's best move drawn on the board, the one it names.
        b.js_until("return document.querySelector('#ab-best').textContent;", |v| v != "").await;
        let best = b
            .js("return [document.querySelector('#ab-board [data-move]')?.dataset.move, document.querySelector('#ab-best').textContent];")
            .await;
        let (drawn, said) = (best[0].as_str().unwrap_or_default(), best[1].as_str().unwrap_or_default());
        assert!(!drawn.is_empty() && said.contains(&format!("Best: {drawn} ")), "{best}");
        // The evaluation bar stands beside the board, as tall as it, South's
        // share rising from the bottom as the evaluation says.
        // (Its height eases in: waited for.)
        b.js_until("const r = (s) => document.querySelector(s).getBoundingClientRect(); const bar = r('#ab-bar'), board = r('#ab-board'), south = r('#ab-bar-south'); const said = /South (\\d+)%/.exec(document.querySelector('#ab-eval').textContent); return [bar.right <= board.left, Math.abs(bar.height - board.height) < 2, Math.abs(south.bottom - bar.bottom) < 1, said ? Math.abs(south.height / bar.height * 100 - Number(said[1])) < 2 : document.querySelector('#ab-eval').textContent];", |v| v == &serde_json::json!([true, true, true, true])).await;
        // The start is in the opening book: its moves are shown.
        b.js_until("return document.querySelector('#ab-book').textContent;", |v| {
            v.as_str().is_some_and(|s| s.starts_with("Opening book: ") && s.contains("e2"))
        })
        .await;
        // The keyboard, as on the game page: up and Enter play e2, W and
        // Enter put a fence at the cursor (e2h), each announced.
        let up_enter = format!("{}{}", char::from(Key::Up), char::from(Key::Enter));
        b.press("#ab-board svg", &up_enter).await;
        b.js_until("return document.querySelector('#ab-line').textContent;", |v| v == "e2").await;
        b.press("#ab-board svg", &format!("w{}", char::from(Key::Enter))).await;
        b.js_until("return document.querySelector('#ab-line').textContent;", |v| v == "e2 e2h").await;
        b.js_until("return document.querySelector('#announce').textContent;", |v| {
            v.as_str().is_some_and(|s| s.contains("e2h"))
        })
        .await;
        // The line shows at once; the position's words once it is read.
        b.js_until("return document.querySelector('#ab-desc').textContent;", |v| {
            v.as_str().is_some_and(|s| s.contains("South on e2") && s.contains("e2h"))
        })
        .await;
        // The fence deleted from the tree, then back to the start (e2
        // stays in the tree).
        b.click("#ab-delete").await;
        b.js_until("return [document.querySelector('#ab-line').textContent, new URLSearchParams(location.search).get('tree')];", |v| v[0] == "e2" && v[1].is_null()).await;
        b.click("#ab-back").await;
        b.js_until("return document.querySelector('#ab-line').textContent;", |v| v == "—").await;
        assert_eq!(b.js("return new URLSearchParams(location.search).get('tree');").await, "e2");
        // A click on a highlighted square plays it; the link holds the line.
        // The engine's texts are watched as they change: its depth grows
        // live, until the search ends.
        b.js_until("return document.querySelector('#ab-engine').textContent;", |v| {
            v.as_str().is_some_and(|s| s.starts_with("Engine on this device: depth") && s.contains("positions a second"))
        })
        .await;
        b.js("window.__seen = []; new MutationObserver((rs) => { for (const r of rs) for (const n of r.addedNodes) window.__seen.push(n.textContent); }).observe(document.querySelector('#ab-engine'), { childList: true }); return null;").await;
        b.click("#ab-board [data-square=\"e2\"].legal").await;
        let seen = b.js_until("return window.__seen;", |v| {
            v.as_array().is_some_and(|a| a.iter().any(|t| t.as_str().is_some_and(|t| t.starts_with("Engine on this device: depth"))))
        })
        .await;
        let depths: Vec<u64> = seen
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|t| t.as_str()?.split("depth ").nth(1)?.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
            .collect();
        assert!(depths.windows(2).all(|w| w[0] <= w[1]) && depths.len() >= 3 && depths[0] < depths[depths.len() - 1], "{seen}");
        b.js_until("return document.querySelector('#ab-line').textContent;", |v| v == "e2").await;
        let share = b.js("return document.querySelector('#ab-share').value;").await;
        assert!(share.as_str().unwrap().contains("line=e2"), "{share}");
        // A fence typed in, then the best move by its button.
        b.type_into("#ab-move", "e3h").await;
        b.click("#ab-move-form button[type=submit]").await;
        b.js_until("return document.querySelector('#ab-line').textContent;", |v| v == "e2 e3h").await;
        b.shown("#ab-board [data-placed=\"e3h\"]").await;
        // e2 e3h is a line of the book too.
        b.js_until("return document.querySelector('#ab-book').textContent;", |v| {
            v.as_str().is_some_and(|s| s.starts_with("Opening book: "))
        })
        .await;
        // The best move, once the line shown is analysed.
        b.js_until("return !document.querySelector('#ab-best-play').disabled;", |v| v == true).await;
        b.click("#ab-best-play").await;
        b.js_until("return document.querySelector('#ab-line').textContent.split(' ').length;", |v| v == 3).await;
        b.click("#ab-back").await;
        b.js_until("return document.querySelector('#ab-line').textContent;", |v| v == "e2 e3h").await;
        let main = b
            .js("return document.querySelector('#ab-moves button.mv[data-line^=\"e2 e3h \"]').dataset.line;")
            .await;
        let main = main.as_str().unwrap().to_string();
        // The engine's three best moves, each with its line, at the depth
        // chosen.
        let lines = b.js_until("return Array.from(document.querySelectorAll('#ab-lines li button')).map((b) => b.dataset.move);",
            |v| v.as_array().is_some_and(|a| a.len() == 3),
        )
        .await;
        let lines: Vec<String> = lines.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect();
        assert_eq!(lines.iter().collect::<std::collections::HashSet<_>>().len(), 3, "{lines:?}");
        let said = b.js("return document.querySelector('#ab-best').textContent;").await;
        assert!(said.as_str().unwrap().contains(&format!("Best: {} ", lines[0])) && said.as_str().unwrap().contains("(depth 8)"), "{said} {lines:?}");
        // The lines keep their room while searched again, so that the
        // buttons under them stay where a click is aimed.
        let heights = b.js("const l = document.querySelector('#ab-lines'); const kept = Array.from(l.children); const full = l.getBoundingClientRect().height; l.replaceChildren(); const empty = l.getBoundingClientRect().height; l.replaceChildren(kept[0]); const one = l.getBoundingClientRect().height; l.replaceChildren(...kept); return [full, empty, one];").await;
        assert!(heights[0] == heights[1] && heights[1] == heights[2], "the lines' room changes: {heights}");
        // Another of them played here: a variation beside the main line.
        let other = lines.iter().find(|m| format!("e2 e3h {m}") != main).unwrap().clone();
        b.click(&format!("#ab-lines button[data-move=\"{other}\"]")).await;
        let varied = format!("e2 e3h {other}");
        b.js_until("return document.querySelector('#ab-line').textContent;", |v| v == varied.as_str()).await;
        let tree = b.js_until("return new URLSearchParams(location.search).get('tree');", |v| v.is_string()).await;
        assert_eq!(tree, format!("{main} ({other})").as_str());
        assert_eq!(b.js("return document.querySelectorAll('#ab-moves .ab-var button.mv').length;").await, 1);
        // Back to the main line by a click, then to the variation by ↓.
        b.click(&format!("#ab-moves button.mv[data-line=\"{main}\"]")).await;
        b.js_until("return document.querySelector('#ab-line').textContent;", |v| v == main.as_str()).await;
        b.press("#ab-moves", &char::from(Key::Down).to_string()).await;
        b.js_until("return document.querySelector('#ab-line').textContent;", |v| v == varied.as_str()).await;
        // Made the main line, the old one becomes the variation.
        b.click("#ab-promote").await;
        b.js_until("return new URLSearchParams(location.search).get('tree');", |v| v == format!("{varied} ({})", main.rsplit(' ').next().unwrap()).as_str()).await;
        // The link keeps the tree: opened elsewhere, the same moves.
        let link = b.js("return document.querySelector('#ab-share').value;").await;
        let c = env.browser("reader").await;
        c.open(link.as_str().unwrap().trim_start_matches(env.base())).await;
        c.js_until("return [document.querySelectorAll('#ab-moves button.mv').length, document.querySelector('#ab-moves .current')?.dataset.line];", |v| v[0] == 4 && v[1] == varied.as_str()).await;
        // Deleted, the variation is gone and its parent shown.
        b.click("#ab-delete").await;
        b.js_until("return document.querySelector('#ab-line').textContent;", |v| v == "e2 e3h").await;
        b.js_until("return new URLSearchParams(location.search).get('tree');", |v| v == main.as_str()).await;
        // ← from the page goes back a move; → forward again.
        b.press("#ab-moves", &char::from(Key::Left).to_string()).await;
        b.js_until("return document.querySelector('#ab-line').textContent;", |v| v == "e2").await;
        b.press("#ab-moves", &char::from(Key::End).to_string()).await;
        b.js_until("return document.querySelector('#ab-line').textContent;", |v| v == main.as_str()).await;
        b.click("#ab-back").await;
        b.js_until("return document.querySelector('#ab-line').textContent;", |v| v == "e2 e3h").await;
        // Set up by hand: the shown position becomes the start; north's
        // pawn moved by a click.
        b.click("#ab-setup-tab").await;
        b.select("#ab-tool", "north").await;
        b.click("#ab-board [data-square=\"c5\"]").await;
        b.js_until("return new URLSearchParams(location.search).get('pos');", |v| {
            v.as_str().is_some_and(|p| p.contains(",c5 ") && p.contains("e3h"))
        })
        .await;
        // Out of the book, nothing of it is shown.
        b.js_until("return document.querySelector('#ab-book').textContent;", |v| v == "").await;
        // A fence put by hand comes from the hand of the side to move
        // (South, ten): never more fences than there were.
        b.select("#ab-tool", "h").await;
        b.click("#ab-board [data-square=\"a1\"]").await;
        b.js_until("return [new URLSearchParams(location.search).get('pos'), document.querySelector('#ab-fences-south').value];", |v| {
            v[0].as_str().is_some_and(|p| p.contains("a1h") && p.contains(" 9,9 ")) && v[1] == "9"
        })
        .await;
        assert!(b.js("return document.querySelector('#ab-error').hidden;").await.as_bool().unwrap());
        // None left in South's hand: said, and nothing put.
        b.js("const f = document.querySelector('#ab-fences-south'); f.value = '0'; f.dispatchEvent(new Event('change')); return null;").await;
        b.click("#ab-board [data-square=\"g1\"]").await;
        let said = b.js_until("const e = document.querySelector('#ab-error'); return !e.hidden && e.textContent;", |v| v.is_string()).await;
        assert!(said.as_str().unwrap().starts_with("South has no fence left in hand"), "{said}");
        let pos = b.js("return new URLSearchParams(location.search).get('pos');").await;
        assert!(!pos.as_str().unwrap().contains("g1h"), "{pos}");
        b.shot("set-up").await;
        // Opened from its link in another browser, the same position.
        let pos = b.js("return new URLSearchParams(location.search).get('pos');").await;
        // The server's engine where the address asks for it.
        let c = env.browser("friend").await;
        c.open(&format!("/analysis?engine=server&pos={}", pos.as_str().unwrap().replace(' ', "%20").replace(',', "%2C"))).await;
        c.shown("#ab-board [data-pawn=\"north\"]").await;
        c.js_until("return document.querySelector('#ab-engine').textContent;", |v| v == "Engine on the server").await;
        c.js_until("return document.querySelector('#ab-best').textContent;", |v| v != "").await;
        // The pawn's centre is the square's, on the screen.
        let centres = c
            .js("const at = (s) => { const r = document.querySelector(s).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }; return [at('#ab-board [data-pawn=\"north\"] .halo'), at('#ab-board [data-square=\"c5\"]')];")
            .await;
        let xy = |v: &Value| [v[0].as_f64().unwrap(), v[1].as_f64().unwrap()];
        let (north, square) = (xy(&centres[0]), xy(&centres[1]));
        assert!((north[0] - square[0]).abs() < 1.0 && (north[1] - square[1]).abs() < 1.0, "{north:?} {square:?}");
    })
    .await;
}

/// The texts a person sees on the page (visible text, titles, labels,
/// placeholders and the tab's title) that hold a common English word;
/// the language picker's names are left out.
const ENGLISH_LEFT: &str = r#"
const words = /\b(the|and|your|you|with|Log in|Sign up|Play|Home|Lobby|Leaderboard|Password|Language|Learn|Board|Fences?|Games?|Rating|Analysis|Analyse|Settings|Players?|Moves?|Computer|Join|Class|Exercises|Search|Loading|Cancel|Delete|Share|Copy|Back|Next|Start|Level|Size|Name|Rated|Casual|Waiting|South|North|West|East|Nobody|None|Draw|Resign|Undo)\b/;
const found = [];
const seen = (node) => {
  for (let e = node; e; e = e.parentElement) {
    if (e.matches('#lang, script, style, template, [hidden]')) return false;
  }
  return node.getClientRects().length > 0;
};
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const text = n.textContent.trim();
  if (text && words.test(text) && seen(n.parentElement)) found.push(text);
}
for (const e of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
  if (!seen(e)) continue;
  for (const a of ['title', 'aria-label', 'placeholder', 'alt']) {
    const v = e.getAttribute(a);
    if (v && words.test(v)) found.push(a + ': ' + v);
  }
}
if (words.test(document.title) || /\b(players|lobby|board|classroom|learn|analysis|class)\b/i.test(document.title)) found.push('tab: ' + document.title);
return { lang: document.documentElement.lang, ready: document.readyState, found };
"#;

/// Waits until `path` is open in `lang` and settled, and returns the
/// English found on it.
async fn english_left_on(b: &Browser, path: &str, lang: &str) -> Vec<String> {
    b.open(path).await;
    let wait = Waiter::new(format!("{}: {path} in {lang}", b.label));
    let mut last: Option<Value> = None;
    let mut same = 0;
    loop {
        let now = b.js(ENGLISH_LEFT).await;
        let settled = now["lang"] == lang && now["ready"] == "complete";
        // The page's data comes after it loads: read it until it stops
        // changing (three readings alike).
        same = if settled && last.as_ref() == Some(&now) {
            same + 1
        } else {
            0
        };
        if same >= 2 {
            return now["found"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect();
        }
        last = Some(now.clone());
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        wait.tick(&now).await;
    }
}

/// On a phone (360 and 390 px wide), in each language, every link of the
/// top bar is on screen whole: the bar wraps, it never hides links past
/// its edge (a row scrolling sideways with no scroll bar did, cut
/// mid-word: "Clasamen", "Leaderb").
const PLAYER_PAGES: &[&str] = &[
    "/",
    "/lobby",
    "/account",
    "/account?signup",
    "/leaderboard",
    "/@/ioana",
    "/analysis",
    "/learn",
    "/classroom",
    "/join",
    "/class",
    "/offline",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_speaks_the_browsers_language_and_keeps_a_chosen_one() {
    e2e::run("languages", |env| async move {
        // A player with a public page.
        let ro = env.browser_in("ro", "ro-RO").await;
        ro.open("/account?signup").await;
        ro.type_into("#auth-name", "ioana").await;
        ro.type_into("#auth-password", "o parolă bună").await;
        ro.click("#auth-go").await;
        ro.shown("#home-title").await;
        // A Romanian browser: every page opens in Romanian, with no English.
        let mut english = Vec::new();
        for path in PLAYER_PAGES {
            for text in english_left_on(&ro, path, "ro").await {
                english.push(format!("ro {path}: {text}"));
            }
        }
        // An English browser whose user chose French once, on the lobby:
        // every page after that, and after a reload, is French.
        let fr = env.browser("fr").await;
        fr.open("/lobby").await;
        fr.select("#lang", "fr").await;
        fr.shot("lobby-french").await;
        for path in PLAYER_PAGES {
            for text in english_left_on(&fr, path, "fr").await {
                english.push(format!("fr {path}: {text}"));
            }
        }
        fr.client.refresh().await.unwrap();
        assert_eq!(
            english_left_on(&fr, "/lobby", "fr").await,
            Vec::<String>::new()
        );
        ro.shot("public-page-romanian").await;
        assert!(english.is_empty(), "English left:\n{}", english.join("\n"));
    })
    .await;
}

/// Issue 39: Ana challenges Bob from his page to a turn-based game; Bob's
/// account page (in French) shows it at once, he accepts, and both pages
/// open the game, whose clocks count days. Ana moves from her account (no
/// seat token), and Bob's home page, open meanwhile, lists the game as his
/// turn at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_by_name_opens_a_turn_based_game_for_both() {
    e2e::run("challenge", |env| async move {
        let ana = env.browser("ana").await;
        let bob = env.browser_in("bob", "fr").await;
        ana.sign_up("ana").await;
        bob.sign_up("bob").await;
        ana.open("/@/bob").await;
        ana.shown("#ch-form").await;
        ana.select("#ch-clock", "d3").await;
        ana.select("#ch-color", "south").await;
        ana.click("#ch-send").await;
        let sent = ana.js_until("const s = document.querySelector('#ch-status'); return s && !s.hidden && s.textContent;", |v| v.is_string()).await;
        assert!(sent.as_str().unwrap().contains("Waiting for bob"), "{sent}");
        ana.shot("challenge-sent").await;

        // Bob's page hears of it without a reload, in French.
        bob.shown("#home-challenges [data-accept]").await;
        let line = bob.js("return document.querySelector('#home-challenges [data-challenge]').textContent;").await;
        let line = line.as_str().unwrap();
        assert!(line.contains("ana (1500?) vous défie") && line.contains("3 jours par coup") && line.contains("Vous jouez Nord"), "{line}");
        bob.shot("challenge-received").await;
        bob.click("#home-challenges [data-accept]").await;
        let id = bob.game_page().await;
        assert_eq!(ana.game_page().await, id, "the challenger is taken to the game");
        let game = env.game(&id).await;
        assert_eq!(game["seats"][0]["name"], "ana");
        assert_eq!(game["speed"], "correspondence");

        // The clocks count days and hours (in each page's language).
        let clock = ana.js_until("const c = document.querySelector('#clock-south'); return c && c.textContent;", |v| v.as_str().is_some_and(|s| s.contains(" d "))).await;
        assert!(clock.as_str().unwrap().starts_with("2 d 23 h") || clock.as_str().unwrap().starts_with("3 d 0 h"), "{clock}");
        bob.js_until("const c = document.querySelector('#clock-south'); return c && c.textContent;", |v| v.as_str().is_some_and(|s| s.contains(" j "))).await;
        // On a phone the days stay on one line and nothing runs off the
        // side (the first move's countdown, the players' cards).
        bob.client.set_window_size(390, 844).await.unwrap();
        let fits = bob.js_until("const c = document.querySelector('#clock-south').getBoundingClientRect(); return [document.scrollingElement.scrollWidth <= window.innerWidth, c.height < 40];", |v| v == &serde_json::json!([true, true])).await;
        assert_eq!(fits, serde_json::json!([true, true]));
        bob.shot("phone-game").await;
        bob.client.set_window_size(1200, 900).await.unwrap();
        // Bob goes to his home page while Ana thinks: the game is there,
        // not his turn.
        bob.open("/").await;
        let line = format!("#your-turn [data-playing=\"{id}\"]");
        let waiting = bob.shown(&line).await.text().await.unwrap();
        assert!(waiting.contains("ana"), "{waiting}");
        assert!(!bob.is_shown(&format!("{line}.my-turn")).await);

        // Ana moves by clicking (her session holds South, no token).
        let wait = Waiter::new("ana can move");
        let page = loop {
            let page = ana.page().await;
            if !page.legal.is_empty() {
                break page;
            }
            wait.tick(&page.legal).await;
        };
        let square = closest_to_goal(&game, "south", &page.legal);
        ana.click(&format!("[data-square=\"{square}\"]")).await;
        let wait = Waiter::new("the move stored");
        while moves(&env.game(&id).await).is_empty() {
            wait.tick(&"no move").await;
        }
        // Bob's home page, open all along, lists it as his turn at once:
        // the challenges' socket says a game of his moved on (the list is
        // otherwise asked again only each minute, later than this waits).
        bob.shown(&format!("{line}.my-turn")).await;
        let turn = bob.js("return document.querySelector('#your-turn').textContent;").await;
        assert!(turn.as_str().unwrap().contains("À vous de jouer"), "{turn}");
        bob.shot("your-turn").await;

        // From his account page, Bob challenges Ana back by typing her
        // name: his list of sent challenges shows it at once; the game in
        // progress is listed there too, as his turn.
        bob.open("/account").await;
        bob.shown(&format!("#home-playing [data-playing=\"{id}\"]")).await;
        bob.type_into("#ch-to", "Ana").await;
        bob.select("#ch-clock", "5+3").await;
        bob.click("#ch-send").await;
        bob.shown("#home-challenges [data-cancel]").await;
        let sent = bob.js("return document.querySelector('#home-challenges [data-challenge]').textContent;").await;
        assert!(sent.as_str().unwrap().contains("À ana") && sent.as_str().unwrap().contains("5 min + 3 s"), "{sent}");
        bob.shot("challenge-by-name").await;
        // Ana's home page lists the game too, Bob to move: a challenger
        // who was away when it was accepted finds it there.
        ana.open("/").await;
        let hers = ana.shown(&line).await.text().await.unwrap();
        assert!(hers.contains("bob"), "{hers}");
        assert!(!ana.is_shown(&format!("{line}.my-turn")).await);
    })
    .await;
}
