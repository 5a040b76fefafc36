//! The analysis in a real headless Chromium: a finished game's analysis
//! with its graph and its blunder marked, and the analysis board (a tree of
//! moves explored, positions set up, the engine's verdict in words, links
//! that keep what was seen).

mod e2e;

use e2e::post;
use fantoccini::key::Key;
use serde_json::Value;

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
            v.as_str().is_some_and(|s| s.starts_with("Opening book, from longer searches made in advance") && s.contains("e2"))
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
            v.as_str().is_some_and(|s| s.starts_with("Opening book, from longer searches made in advance"))
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
        // And the depth it was seen at (this browser would search to 10).
        assert!(link.as_str().unwrap().contains("&depth=8"), "{link}");
        assert_eq!(c.js("return document.querySelector('#ab-depth').value;").await, "8");
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
        // The moves explored are set aside, and it is said.
        b.js_until("return !document.querySelector('#ab-setup-note').hidden;", |v| v == true).await;
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
        // "Back to the moves" brings the moves set aside back.
        b.click("#ab-setup-back").await;
        b.js_until("return [document.querySelector('#ab-line').textContent, document.querySelector('#ab-explore').hidden];", |v| v[0] == "e2 e3h" && v[1] == false).await;
        // A race won by force is said so, and the bar is whole; a finished
        // position names its winner.
        b.open("/analysis?pos=9%20e7%2Ce3%20-%200%2C0%20south%200&depth=8").await;
        let said = b.js_until("return [document.querySelector('#ab-eval').textContent, document.querySelector('#ab-bar-south').style.height];", |v| v[0].as_str().is_some_and(|s| s.starts_with("Forced:"))).await;
        assert_eq!(said[0], "Forced: South wins in 3 moves, whatever the defence (South to move).", "{said}");
        assert_eq!(said[1], "100%", "{said}");
        b.open("/analysis?pos=9%20e9%2Ce5%20-%200%2C0%20north%201").await;
        let said = b.js_until("return [document.querySelector('#ab-eval').textContent, document.querySelector('#ab-bar-south').style.height];", |v| v[0].as_str().is_some_and(|s| s.starts_with("The game is over"))).await;
        assert_eq!(said, serde_json::json!(["The game is over: South has won.", "100%"]));
        // A position that breaks a rule says which, in the page's language.
        let ro = env.browser_in("ro", "ro-RO").await;
        ro.open("/analysis?pos=9%20e1%2Ce1%20-%2010%2C10%20south%200").await;
        let said = ro.js_until("const e = document.querySelector('#ab-error'); return !e.hidden && e.textContent;", |v| v.is_string()).await;
        assert_eq!(said, "Această poziție nu poate fi aranjată: doi pioni pe e1.");
        // The server's engine where the address asks for it.
        let c = env.browser("friend").await;
        c.open(&format!("/analysis?engine=server&pos={}", pos.as_str().unwrap().replace(' ', "%20").replace(',', "%2C"))).await;
        c.shown("#ab-board [data-pawn=\"north\"]").await;
        c.js_until("return document.querySelector('#ab-best').textContent;", |v| v != "").await;
        // It says how deep it went, and why not deeper where it stopped.
        let engine = c.js_until("return document.querySelector('#ab-engine').textContent;", |v| v.as_str().is_some_and(|s| s.starts_with("Engine on the server: depth "))).await;
        let engine = engine.as_str().unwrap();
        assert!(!engine.contains(" of the ") || engine.contains("2 s"), "{engine}");
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

/// Records imported (issue 61): two finished games' records, downloaded
/// as the server writes them and kept in one file, are opened on the
/// analysis board of a French page. The first game is shown from its
/// start with its moves as the main line, who played it and how it ended
/// in French; the file's second game is one choice away; a pasted text
/// that the rules refuse is placed by line, column and word, and leaves
/// the game shown alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_of_records_opens_on_the_analysis_board() {
    e2e::run("board-records", |env| async move {
        let base = env.base().to_string();
        let mut file = String::new();
        // Bob resigns the first; Ana the second.
        for (moves, loser) in [(&["e2", "e8", "e3", "e7h", "e4"][..], 1), (&["e2", "d8h"][..], 0)] {
            let made = post(&base, "/api/games", None, serde_json::json!({
                "seats": [{"kind": "human", "mine": true, "name": "Ana"}, {"kind": "human"}]
            }))
            .await;
            let id = made["id"].as_str().unwrap().to_string();
            let joined = post(&base, &format!("/api/games/{id}/join"), None, serde_json::json!({"name": "Bob"})).await;
            let tokens = [made["token"].as_str().unwrap().to_string(), joined["token"].as_str().unwrap().to_string()];
            for (i, mv) in moves.iter().enumerate() {
                post(&base, &format!("/api/games/{id}/move"), Some(&tokens[i % 2]), serde_json::json!({"move": mv})).await;
            }
            post(&base, &format!("/api/games/{id}/resign"), Some(&tokens[loser]), serde_json::json!({})).await;
            let record = env.http().get(format!("{base}/api/games/{id}/record")).send().await.unwrap().text().await.unwrap();
            assert!(record.starts_with("[Game "), "{record}");
            file.push_str(record.trim_end());
            file.push_str("\n\n");
        }
        let path = env.dir().join("quoridor-games.txt");
        std::fs::write(&path, &file).unwrap();

        let b = env.browser_in("analyst", "fr").await;
        b.open("/analysis").await;
        b.click("#ab-records summary").await;
        b.shown("#ab-record-file-button").await;
        let input = b.client.find(fantoccini::Locator::Css("#ab-record-file")).await.unwrap();
        input.send_keys(path.to_str().unwrap()).await.unwrap();
        let said = "const p = document.querySelector('#ab-record'); return p.hidden ? null : p.textContent;";
        let first = "Sud\u{a0}: Ana · Nord\u{a0}: Bob · Ana gagne, par abandon.";
        b.js_until(said, |v| v == first).await;
        // From the start, the game's moves the tree's main line.
        let board = "return [document.querySelector('#ab-line').textContent, [...document.querySelectorAll('#ab-moves .mv')].map((m) => m.textContent).join(' '), new URLSearchParams(location.search).get('pos')];";
        let shown = b.js_until(board, |v| v[1] != "").await;
        assert_eq!(shown, serde_json::json!(["—", "e2 e8 e3 e7h e4", "9 e1,e9 - 10,10 south 0 ply_limit=1000"]));
        b.click("#ab-last").await;
        b.js_until(board, |v| v[0] == "e2 e8 e3 e7h e4").await;
        b.js_until("return document.querySelectorAll('#ab-board [data-placed=\"e7h\"]').length;", |v| v == 1).await;
        let choices = b.js("return [...document.querySelectorAll('#ab-record-pick option')].map((o) => o.textContent);").await;
        assert_eq!(
            choices,
            serde_json::json!(["1. Ana – Bob · Ana gagne, par abandon.", "2. Ana – Bob · Bob gagne, par abandon."])
        );
        b.select("#ab-record-pick", "1").await;
        b.js_until(said, |v| v == "Sud\u{a0}: Ana · Nord\u{a0}: Bob · Bob gagne, par abandon.").await;
        b.js_until(board, |v| v[1] == "e2 d8h" && v[0] == "—").await;

        // A refused text is placed in French and changes nothing.
        b.click("#ab-records summary").await;
        b.type_into("#ab-record-text", "1. e2 e8 2. e3 e1").await;
        b.click("#ab-record-open").await;
        let error = "const e = document.querySelector('#ab-error'); return e.hidden ? null : e.textContent;";
        b.js_until(error, |v| v == "Cette partie est illisible\u{a0}: ligne 1, colonne 16 (e1).").await;
        assert_eq!(b.js(said).await, "Sud\u{a0}: Ana · Nord\u{a0}: Bob · Bob gagne, par abandon.");
        assert_eq!(b.js(board).await[1], "e2 d8h");
        b.shot("board-records").await;
    })
    .await;
}
