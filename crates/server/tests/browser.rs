//! End-to-end tests in a real headless Chromium, driven through chromedriver
//! (WebDriver) by fantoccini: every move is a click on the board, as a
//! person would play. Each test has its own server, chromedriver and
//! browser profiles, so they run in parallel.
//!
//! Needs Debian's chromium and chromium-driver: `./scripts/test.sh`
//! installs them. Screenshots: `<target>/e2e-artifacts/*.png`.

mod e2e;

use e2e::{closest_to_goal, most_annoying_fence, moves, strings, Browser, Env, Page, Waiter};
use serde_json::{json, Value};

/// Waits until `seat`, held by `browser`, is to move after at least
/// `min_moves` moves, with the page agreeing with the server (see
/// [`differences`]) and squares highlighted; or until the game is over and
/// the page says so. Returns the page and the game object.
async fn wait_turn(
    env: &Env,
    browser: &Browser,
    id: &str,
    seat: &str,
    min_moves: usize,
) -> (Page, Value) {
    let what = format!(
        "{}: the turn of {seat} after {min_moves} moves",
        browser.label
    );
    let wait = Waiter::new(what);
    loop {
        let page = browser.page().await;
        let game = env.game(id).await;
        let diff = differences(&page, &game);
        let ready = match game["status"].as_str() {
            Some("over") => page.result.is_some(),
            Some("playing") => {
                game["turn"] == seat && moves(&game).len() >= min_moves && !page.legal.is_empty()
            }
            _ => false,
        };
        if ready && diff.is_empty() {
            return (page, game);
        }
        wait.tick(&(diff, &game["status"], &game["turn"], &page))
            .await;
    }
}

/// How the page differs from the game object: its moves, the pawns on the
/// board, and the highlighted squares (the legal pawn moves, when the page
/// holds the seat to move).
fn differences(page: &Page, game: &Value) -> Vec<String> {
    let mut diff = Vec::new();
    let expected = moves(game);
    if page.moves != expected {
        diff.push(format!(
            "#moves shows {:?}, the server {expected:?}",
            page.moves
        ));
    }
    for (seat, square) in game["pawns"].as_object().expect("pawns") {
        if page.pawns.get(seat) != Some(square) {
            let drawn = page.pawns.get(seat);
            diff.push(format!(
                "the {seat} pawn is drawn on {drawn:?}, not on {square}"
            ));
        }
    }
    if game["status"] == "playing" && !page.legal.is_empty() {
        let legal = strings(&game["legal"]["pawn"]);
        if page.legal != legal {
            diff.push(format!(
                "highlighted {:?}, legal pawn moves {legal:?}",
                page.legal
            ));
        }
    }
    diff
}

/// Waits until the server has `n` moves and the page shows the game as the
/// server has it.
async fn wait_synced(env: &Env, browser: &Browser, id: &str, n: usize) -> (Page, Value) {
    let wait = Waiter::new(format!(
        "{}: the page to show the game after {n} moves",
        browser.label
    ));
    loop {
        let page = browser.page().await;
        let game = env.game(id).await;
        let diff = differences(&page, &game);
        if diff.is_empty() && moves(&game).len() == n {
            return (page, game);
        }
        wait.tick(&(diff, &page)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_the_ai_by_clicking() {
    e2e::run("vs-ai", |env| async move {
        let me = env.browser("player").await;
        let id = me.start_vs_ai("5").await;
        let game = env.game(&id).await;
        assert_eq!(game["settings"]["size"], 5);
        assert_eq!(game["seats"][1]["kind"], "ai");
        assert_eq!(game["seats"][1]["level"], 1);

        let mut clicks = 0;
        let mut played = 0;
        let (page, game) = loop {
            let (page, game) = wait_turn(&env, &me, &id, "south", played).await;
            if game["status"] == "over" {
                break (page, game);
            }
            assert!(!page.legal.is_empty(), "no square highlighted on my turn");
            if clicks == 0 {
                me.shot("start").await;
            }
            let square = closest_to_goal(&game, "south", &page.legal);
            me.click(&format!("[data-square=\"{square}\"]")).await;
            played = moves(&game).len() + 1;
            clicks += 1;
            if clicks == 2 {
                me.shot("playing").await;
            }
            assert!(clicks < 60, "no end after 60 moves: {:?}", moves(&game));
        };
        me.shot("over").await;

        assert_eq!(game["status"], "over");
        let result = &game["result"];
        let winners = strings(&result["winners"]);
        assert_eq!(result["draw"], false, "{result}");
        assert_eq!(winners.len(), 1, "one winner: {result}");
        assert!(
            ["south", "north"].contains(&winners[0].as_str()),
            "{result}"
        );
        assert_eq!(
            page.winners.as_deref(),
            Some(winners[0].as_str()),
            "#result"
        );
        assert!(
            page.legal.is_empty(),
            "squares still highlighted after the end"
        );
        assert_eq!(page.moves, moves(&game), "#moves at the end");
        assert!(
            me.is_shown("#rematch").await,
            "no rematch button at the end"
        );
        assert!(
            !me.is_shown("#resign").await,
            "resign still offered at the end"
        );
        eprintln!(
            "vs-ai: {} won after {} moves ({} clicks): {}",
            winners[0],
            moves(&game).len(),
            clicks,
            page.result.as_deref().unwrap_or_default()
        );
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fence_placed_by_clicking_a_groove_and_an_illegal_one_refused() {
    e2e::run("fences", |env| async move {
        let me = env.browser("player").await;
        let id = me.start_vs_ai("7").await;

        // (b) A click on a groove places the fence.
        let (page, game) = wait_turn(&env, &me, &id, "south", 0).await;
        assert_eq!(game["status"], "playing");
        let fence = "c5h";
        assert!(
            strings(&game["legal"]["fences"]).contains(&fence.to_string()),
            "{fence} should be legal at the start"
        );
        let left = game["fences_left"]["south"].as_u64().expect("fences left");
        assert_eq!(
            page.fences_left.get("south").and_then(Value::as_u64),
            Some(left)
        );
        assert!(
            page.placed.is_empty(),
            "fences before any: {:?}",
            page.placed
        );
        me.record_sends().await;
        me.click(&format!("[data-fence=\"{fence}\"]")).await;
        let wait = Waiter::new(format!(
            "[data-placed=\"{fence}\"] and {} fences left",
            left - 1
        ));
        let page = loop {
            let page = me.page().await;
            let count = page.fences_left.get("south").and_then(Value::as_u64);
            if page.placed.contains(&fence.to_string()) && count == Some(left - 1) {
                break page;
            }
            wait.tick(&page).await;
        };
        assert!(
            page.fence_error.as_deref().unwrap_or("").is_empty(),
            "{page:?}"
        );
        me.shot("fence-placed").await;
        let sent = me.sent().await;
        assert!(
            sent.iter().any(|s| s.contains(fence)),
            "the page did not send {fence}: {sent:?}"
        );
        let game = env.game(&id).await;
        assert_eq!(moves(&game)[0], fence);
        assert_eq!(game["fences_left"]["south"].as_u64(), Some(left - 1));

        // (c) The AI answers; then a fence crossing ours is refused on the
        // page, with the reason, and nothing is sent.
        let (page, game) = wait_turn(&env, &me, &id, "south", 2).await;
        assert_eq!(game["status"], "playing", "the game ended too early");
        assert!(!page.legal.is_empty(), "no square highlighted on my turn");
        let illegal = "c5v";
        let reason = &game["legal"]["blocked"][illegal];
        assert!(
            reason.is_object(),
            "the server does not refuse {illegal}: {game}"
        );
        let code = reason["code"].as_str().expect("a reason code");
        assert!(["crosses", "overlaps"].contains(&code), "{reason}");
        let other = reason["fence"].as_str().expect("the fence in the way");
        let before = moves(&game);
        me.record_sends().await;
        me.click(&format!("[data-fence=\"{illegal}\"]")).await;
        let wait = Waiter::new("#fence-error to give the reason");
        let page = loop {
            let page = me.page().await;
            if page.fence_error.as_deref().is_some_and(|e| !e.is_empty()) {
                break page;
            }
            wait.tick(&page).await;
        };
        me.shot("fence-refused").await;
        let error = page.fence_error.clone().unwrap_or_default();
        let verb = if code == "crosses" {
            "cross"
        } else {
            "overlap"
        };
        assert!(
            error.contains(illegal) && error.contains(other) && error.contains(verb),
            "#fence-error should say that {illegal} would {verb} {other}: {error:?}"
        );
        let sent = me.sent().await;
        assert!(
            sent.is_empty(),
            "the page sent something for an illegal fence: {sent:?}"
        );
        assert!(
            page.error.is_none(),
            "the server was asked: {:?}",
            page.error
        );
        assert!(!page.placed.contains(&illegal.to_string()), "{page:?}");
        let game = env.game(&id).await;
        assert_eq!(moves(&game), before, "a move was made");
        assert_eq!(game["turn"], "south");

        // The page still plays after the refusal.
        let square = closest_to_goal(&game, "south", &page.legal);
        me.click(&format!("[data-square=\"{square}\"]")).await;
        let wait = Waiter::new(format!("#moves to show {square}"));
        loop {
            let page = me.page().await;
            if page.moves.len() > before.len() {
                assert_eq!(page.moves[before.len()], square);
                break;
            }
            wait.tick(&page).await;
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_online_game_between_two_browsers_with_a_spectator() {
    e2e::run("online", |env| async move {
        let a = env.browser("a-south").await;
        let b = env.browser("b-north").await;
        let c = env.browser("c-spectator").await;

        // A creates the game and reads the invite link for north.
        a.open("/").await;
        a.select("#size", "7").await;
        a.select("#players", "2").await;
        a.type_into("#player-name", "Ana").await;
        a.click("#online-create").await;
        let id = a.game_page().await;
        let invite_css = "#invite-links a[data-seat=\"north\"]";
        let invite = a.attr(invite_css, "href").await.expect("an invite link");
        assert!(
            invite.contains(&format!("/g/{id}")) && invite.contains("join=north"),
            "{invite}"
        );
        assert_eq!(env.game(&id).await["status"], "waiting");
        a.shot("invite").await;

        // The game is listed on the home page as open.
        c.open("/").await;
        c.shown(&format!("#open-games [href*=\"{id}\"]")).await;

        // B opens the link and joins.
        b.open(&invite).await;
        b.type_into("#join-name", "Bob").await;
        b.click("#join-submit").await;
        let wait = Waiter::new("the game to start");
        loop {
            let game = env.game(&id).await;
            if game["status"] == "playing" {
                assert_eq!(game["seats"][1]["name"], "Bob");
                assert_eq!(game["seats"][0]["name"], "Ana");
                break;
            }
            wait.tick(&game["seats"]).await;
        }
        let wait = Waiter::new("A's invite link to go once north is taken");
        while a.is_shown(invite_css).await {
            wait.tick(&"the invite link is still shown").await;
        }

        // C watches.
        c.open(&format!("/g/{id}")).await;
        c.game_page().await;
        let wait = Waiter::new("the server to count the spectator");
        loop {
            let game = env.game(&id).await;
            if game["spectators"].as_u64().unwrap_or(0) >= 1 {
                break;
            }
            wait.tick(&game["spectators"]).await;
        }

        // A and B take turns by clicking; B's second move is a fence.
        let plies = 6;
        for ply in 0..plies {
            let (mover, seat, other) = if ply % 2 == 0 {
                (&a, "south", "north")
            } else {
                (&b, "north", "south")
            };
            let (page, game) = wait_turn(&env, mover, &id, seat, ply).await;
            assert_eq!(game["status"], "playing", "the game ended early");
            assert!(
                !page.legal.is_empty(),
                "{}: no square highlighted",
                mover.label
            );
            let idle = if ply % 2 == 0 { &b } else { &a };
            let (idle_page, _) = wait_synced(&env, idle, &id, ply).await;
            assert!(
                idle_page.legal.is_empty(),
                "{}: squares highlighted out of turn",
                idle.label
            );
            if ply == 3 {
                let fence = most_annoying_fence(&game, other);
                mover.click(&format!("[data-fence=\"{fence}\"]")).await;
            } else {
                let square = closest_to_goal(&game, seat, &page.legal);
                mover.click(&format!("[data-square=\"{square}\"]")).await;
            }
            if ply == 2 {
                // The spectator sees the game but cannot move.
                let (page, game) = wait_synced(&env, &c, &id, 3).await;
                assert_eq!(game["turn"], "north");
                assert!(
                    page.legal.is_empty(),
                    "the spectator has highlighted squares"
                );
                assert!(!c.is_shown("#resign").await, "the spectator may resign");
                c.record_sends().await;
                let target = strings(&game["legal"]["pawn"])[0].clone();
                c.click(&format!("[data-square=\"{target}\"]")).await;
                let wait = Waiter::new("the spectator's refusal in #fence-error");
                loop {
                    let page = c.page().await;
                    if page.fence_error.as_deref().is_some_and(|e| !e.is_empty()) {
                        break;
                    }
                    wait.tick(&page).await;
                }
                let sent = c.sent().await;
                assert!(sent.is_empty(), "the spectator sent: {sent:?}");
                assert_eq!(moves(&env.game(&id).await).len(), 3, "the spectator moved");
                c.shot("watching").await;
            }
        }

        // All three pages show the same moves as the server.
        let (_, game) = wait_synced(&env, &a, &id, plies).await;
        let expected = moves(&game);
        let mut texts = Vec::new();
        for browser in [&a, &b, &c] {
            let (page, _) = wait_synced(&env, browser, &id, plies).await;
            assert_eq!(page.moves, expected, "{}: #moves", browser.label);
            assert_eq!(
                page.placed,
                strings(&game["fences"]),
                "{}: fences",
                browser.label
            );
            texts.push((browser.label.clone(), page.moves_text));
        }
        assert!(
            texts.iter().all(|(_, t)| *t == texts[0].1),
            "#moves differs between the browsers: {texts:#?}"
        );
        a.shot("end").await;
        b.shot("end").await;
        c.shot("end").await;
    })
    .await;
}

/// An online game of Ana (South, who made it) and Bob (North, who joined),
/// each on their own page: the game's id and the two browsers.
async fn ana_and_bob(env: &Env, clock: Option<Value>) -> (String, Browser, Browser) {
    let http = reqwest::Client::new();
    let made: Value = http
        .post(format!("{}/api/games", env.base()))
        .json(&json!({"size": 9, "clock": clock,
            "seats": [{"kind": "human", "mine": true, "name": "Ana"}, {"kind": "human"}]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = made["id"].as_str().unwrap().to_string();
    let joined: Value = http
        .post(format!("{}/api/games/{id}/join", env.base()))
        .json(&json!({"seat": "north", "name": "Bob"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let south = env.browser("south").await;
    let north = env.browser("north").await;
    south
        .open(&format!("/g/{id}#t={}", made["token"].as_str().unwrap()))
        .await;
    north
        .open(&format!("/g/{id}#t={}", joined["token"].as_str().unwrap()))
        .await;
    (id, south, north)
}

/// The text of `sel` when it is shown.
async fn shown_text(b: &Browser, sel: &str) -> Option<String> {
    let v = b
        .js(&format!("const n = document.querySelector('{sel}'); return n && !n.hidden ? n.textContent : null;"))
        .await;
    v.as_str().map(str::to_string)
}

/// An online game with a clock whose first move never comes: both players
/// see the seconds left before the abort, and then why it was aborted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_move_that_never_comes_is_counted_down_and_the_abort_explained() {
    e2e::run("first-move", |env| async move {
        let clock = json!({"initial_ms": 300000, "increment_ms": 0});
        let (_, south, north) = ana_and_bob(&env, Some(clock)).await;
        let wait = Waiter::new("both see the countdown");
        let (mine, theirs) = loop {
            let seen = (
                shown_text(&south, "#first-move").await,
                shown_text(&north, "#first-move").await,
            );
            // Each page names the seat to move until the server has said
            // which seats it holds.
            if let (Some(a), Some(b)) = &seen {
                if a.starts_with("Your first move: within ") {
                    break (a.clone(), b.clone());
                }
            }
            wait.tick(&seen).await;
        };
        assert!(mine.starts_with("Your first move: within "), "{mine}");
        assert!(theirs.starts_with("Ana must move within "), "{theirs}");
        // It counts down.
        let first: u32 = mine
            .trim_start_matches("Your first move: within ")
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!((20..=30).contains(&first), "{mine}");
        south.shot("countdown").await;
        let wait = Waiter::new("the seconds to go down");
        loop {
            let now = shown_text(&south, "#first-move").await.unwrap_or_default();
            let s: u32 = now
                .trim_start_matches("Your first move: within ")
                .split(' ')
                .next()
                .unwrap_or("99")
                .parse()
                .unwrap_or(99);
            if s < first {
                break;
            }
            wait.tick(&now).await;
        }
        // Thirty seconds after the start, the game is aborted, and said why.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(45);
        let said = loop {
            if let Some(said) = shown_text(&north, "#result").await {
                break said;
            }
            assert!(std::time::Instant::now() < deadline, "no abort after 45 s");
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        };
        assert!(
            said.contains("Aborted: Ana did not move in 30 s."),
            "{said}"
        );
        assert!(
            shown_text(&north, "#first-move").await.is_none(),
            "the countdown is gone"
        );
        north.shot("aborted").await;
    })
    .await;
}

/// An opponent who closes their page: the other player is told at once,
/// sees the seconds before a claim, and then claims the win.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_opponent_who_left_is_told_and_the_win_claimed() {
    e2e::run("claim", |env| async move {
        let (id, south, north) = ana_and_bob(&env, None).await;
        let wait = Waiter::new("both pages connected");
        loop {
            let game = env.game(&id).await;
            if game["seats"][0]["connected"] == true && game["seats"][1]["connected"] == true {
                break;
            }
            wait.tick(&game["seats"]).await;
        }
        assert_eq!(shown_text(&south, "#gone-panel").await, None);
        // Bob closes his page.
        north.open("/").await;
        let wait = Waiter::new("Ana told that Bob left");
        let said = loop {
            if shown_text(&south, "#gone-panel").await.is_some() {
                break shown_text(&south, "#gone-text").await.unwrap();
            }
            wait.tick(&"not told yet").await;
        };
        assert!(
            said.starts_with(
                "Bob left the game. If they do not come back, you may claim the win in "
            ),
            "{said}"
        );
        assert!(
            south
                .js("return document.querySelector('#gone-actions').hidden;")
                .await
                .as_bool()
                .unwrap(),
            "not yet"
        );
        south.shot("left").await;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(35);
        while south
            .js("return document.querySelector('#gone-actions').hidden;")
            .await
            .as_bool()
            .unwrap()
        {
            assert!(std::time::Instant::now() < deadline, "no claim after 35 s");
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        }
        assert_eq!(
            shown_text(&south, "#gone-text").await.as_deref(),
            Some("Bob left the game. Claim the win, call it a draw, or wait for them.")
        );
        south.shot("claim").await;
        south.click("#claim-win").await;
        let wait = Waiter::new("the win");
        loop {
            let game = env.game(&id).await;
            if game["status"] == "over" {
                assert_eq!(game["result"]["winners"], json!(["south"]));
                assert_eq!(game["result"]["termination"], "resignation");
                assert_eq!(game["result"]["left"], json!(["north"]));
                break;
            }
            wait.tick(&game["status"]).await;
        }
        // The page hears of the end after the server has it: wait for it.
        let wait = Waiter::new("the result banner");
        let banner = loop {
            let banner = shown_text(&south, "#result").await.unwrap_or_default();
            if !banner.is_empty() {
                break banner;
            }
            wait.tick(&banner).await;
        };
        assert!(
            banner.starts_with("You win, as Bob left the game"),
            "{banner}"
        );
        // The record says so too.
        let record = reqwest::get(format!("{}/api/games/{id}/record", env.base()))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            record.contains("[Termination_Note \"north left the game\"]"),
            "{record}"
        );
        // Its moves and the page's move list say that Bob left, not that
        // he resigned; the record still reads back.
        assert!(record.contains("north-resigns {left the game}"), "{record}");
        record
            .parse::<quoridor_rules::Record>()
            .unwrap_or_else(|err| panic!("{err}: {record}"));
        let listed = south
            .js("const m = [...document.querySelectorAll('#moves .mv')]; return m.length ? [m[m.length - 1].textContent, m[m.length - 1].getAttribute('aria-label')] : null;")
            .await;
        assert_eq!(
            listed,
            json!(["North left the game", "North left the game"]),
            "the last entry of the move list"
        );
        assert_eq!(
            shown_text(&south, "#gone-panel").await,
            None,
            "over: nobody is gone"
        );
    })
    .await;
}

/// A player who goes to another site in the same tab is seen gone at once
/// (the page closes its socket on `pagehide`, also when the browser keeps
/// the page in its back-forward cache), and connected again when he comes
/// back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_goes_elsewhere_is_seen_gone_and_back_when_he_returns() {
    e2e::run("elsewhere", |env| async move {
        let (id, _south, north) = ana_and_bob(&env, None).await;
        let connected = |game: &Value| game["seats"][1]["connected"] == true;
        let wait = Waiter::new("Bob connected");
        loop {
            let game = env.game(&id).await;
            if connected(&game) {
                break;
            }
            wait.tick(&game["seats"]).await;
        }
        north
            .js("window.quoridorBefore = 'kept'; return null;")
            .await;
        north
            .client
            .goto("data:text/html,<p>somewhere else</p>")
            .await
            .unwrap();
        let left = std::time::Instant::now();
        let wait = Waiter::new("Bob seen gone");
        loop {
            let game = env.game(&id).await;
            if !connected(&game) {
                break;
            }
            wait.tick(&game["seats"]).await;
        }
        assert!(
            left.elapsed() < std::time::Duration::from_secs(3),
            "seen gone after {:?}",
            left.elapsed()
        );
        north.client.back().await.unwrap();
        let wait = Waiter::new("Bob back");
        loop {
            let game = env.game(&id).await;
            if connected(&game) {
                break;
            }
            wait.tick(&game["seats"]).await;
        }
        // It came back from the back-forward cache (a page that closes its
        // socket when left may be kept there) and opened its socket again.
        let kept = north.js("return window.quoridorBefore || null;").await;
        assert_eq!(
            kept, "kept",
            "the page was not kept in the back-forward cache"
        );
    })
    .await;
}
