//! What the server keeps and how it lives: only hashes of tokens,
//! rematches and turn-based games within their limits, pages served
//! compressed, finished games leaving memory, a stop told to the pages,
//! the recent games a browser asks about, records.

use super::*;
use crate::clocks::clocked_game;

#[tokio::test]
async fn the_database_keeps_only_hashes_of_tokens() {
    let h = Harness::new().await;
    let created = h.create(&online_game()).await;
    let bob = h.join(&created.id, None, None).await.token;
    assert_eq!(h.play(&created.id, &created.token, "e2").await.status, 200);
    let text = h.stored_text();
    assert!(!text.is_empty());
    for token in [&created.token, &bob] {
        assert!(!text.contains(token.as_str()), "a raw token is stored");
    }
    let hash = quoridor_server::token::hash_token(&created.token);
    assert!(text.contains(&hash), "the hash is what is stored");
}

#[tokio::test]
async fn rematches_count_against_the_caller_and_are_made_once() {
    let h = Harness::with(|args| args.max_rooms_per_client = 1).await;
    let created = h
        .create(&CreateRequest {
            size: 5,
            seats: vec![human(true, None), human(true, None)],
            ..CreateRequest::default()
        })
        .await;
    let path = format!("/api/games/{}/resign", created.id);
    assert_eq!(
        h.post(&path, Some(&created.token), &json!({})).await.status,
        200
    );
    // Two rematch requests at once make one game.
    let rematch = format!("/api/games/{}/rematch", created.id);
    let empty = json!({});
    let (a, b) = tokio::join!(
        h.post(&rematch, Some(&created.token), &empty),
        h.post(&rematch, Some(&created.token), &empty)
    );
    let (a, b): (SeatedView, SeatedView) = (a.json(), b.json());
    assert_eq!(a.id, b.id);
    // That rematch is the client's one unfinished game: no other fits.
    let other = h
        .create_raw(&CreateRequest {
            size: 5,
            ..CreateRequest::default()
        })
        .await;
    assert_eq!(other.error(429), "too_many_rooms");
    // A turn-based game lasts days: it is counted apart, and still fits.
    let turn_based = h
        .create_raw(&CreateRequest {
            size: 5,
            clock: Some(quoridor_engine::TimeControl::PerMove(
                std::time::Duration::from_secs(3 * 24 * 3600),
            )),
            ..CreateRequest::default()
        })
        .await;
    assert_eq!(turn_based.status, 201, "{}", turn_based.text);
}

#[tokio::test]
async fn turn_based_games_have_their_own_limit() {
    let h = Harness::with(|args| {
        args.max_rooms_per_client = 1;
        args.max_turn_based_per_client = 2;
    })
    .await;
    let turn_based = CreateRequest {
        size: 5,
        clock: Some(quoridor_engine::TimeControl::PerMove(
            std::time::Duration::from_secs(24 * 3600),
        )),
        ..CreateRequest::default()
    };
    for _ in 0..2 {
        let made = h.create_raw(&turn_based).await;
        assert_eq!(made.status, 201, "{}", made.text);
    }
    assert_eq!(h.create_raw(&turn_based).await.error(429), "too_many_rooms");
    // The games played now keep their own place.
    let now = h
        .create_raw(&CreateRequest {
            size: 5,
            ..CreateRequest::default()
        })
        .await;
    assert_eq!(now.status, 201, "{}", now.text);
}

#[tokio::test]
async fn pages_and_assets_are_served_compressed_and_cached() {
    let h = Harness::new().await;
    let page = h.get("/").await.text;
    for path in [
        "/",
        "/g/abc",
        "/assets/pages/app.js",
        "/assets/style.css",
        "/assets/lib/i18n.js",
    ] {
        let reply = h.get(path).await;
        assert_eq!(reply.status, 200, "{path}");
        assert!(!reply.text.trim().is_empty(), "{path}");
    }
    assert_eq!(h.get("/assets/nothing.js").await.status, 404);
    // The page names versioned assets, cached for good, and compressed.
    let start = page
        .find("/assets/pages/app.js?v=")
        .expect("a versioned link");
    let link = &page[start..page[start..].find('"').map_or(page.len(), |e| start + e)];
    let res = h
        .http
        .get(format!("{}{link}", h.base()))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    let headers = res.headers();
    assert_eq!(
        headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(headers["content-encoding"], "gzip");
    let plain = h.get("/assets/pages/app.js").await;
    assert_eq!(plain.status, 200);
}

#[tokio::test]
async fn finished_games_leave_memory_and_come_back_from_the_database() {
    let h = Harness::new().await;
    let created = h.create(&online_game()).await;
    let id = &created.id;
    h.join(id, None, None).await;
    h.play(id, &created.token, "e2").await;
    let resign = h
        .post(
            &format!("/api/games/{id}/resign"),
            Some(&created.token),
            &json!({}),
        )
        .await;
    assert_eq!(resign.status, 200);
    let hub = &h.server.as_ref().unwrap().hub;
    let before = hub.len();
    assert_eq!(hub.evict_idle(Duration::ZERO).await, 1);
    assert_eq!(hub.len(), before - 1);
    let game = h.game(id).await;
    assert_eq!(game.status.name(), "over");
    assert_eq!(game.moves.len(), 2);
    assert_eq!(game.result.unwrap().winners, [Seat::North]);
    let list: ListView = h.get("/api/games?status=over").await.json();
    assert!(list.games.iter().any(|g| &g.id == id));
}

/// Stopping (SIGTERM), the server tells every page it restarts: an
/// `unavailable` error, then a close with 1012 ("service restart"), after
/// which the page reconnects; the stop ends within a bounded time.
#[tokio::test]
async fn a_stopping_server_tells_the_pages_it_restarts() {
    let mut h = Harness::new().await;
    let created = h.create(&online_game()).await;
    let mut ws = Follower::new(&h, &created.id, Some(&created.token)).await;
    ws.state().await;
    let stopping = tokio::spawn(h.server.take().unwrap().stop());
    assert_eq!(ws.error().await, "unavailable");
    let close = tokio::time::timeout(Duration::from_secs(5), ws.ws.next())
        .await
        .expect("a close frame within 5 s");
    match close {
        Some(Ok(Message::Close(Some(frame)))) => assert_eq!(frame.code, CloseCode::Restart),
        other => panic!("a close frame with code 1012, not {other:?}"),
    }
    tokio::time::timeout(Duration::from_secs(10), stopping)
        .await
        .expect("stopped within 10 s")
        .unwrap()
        .unwrap();
}

#[tokio::test]
async fn a_browser_asks_how_its_recent_games_stand() {
    let h = Harness::new().await;
    let (going, _, _) = clocked_game(&h, json!({"initial_ms": 300_000, "increment_ms": 0})).await;
    let (ended, ana, _) = clocked_game(&h, json!({"initial_ms": 300_000, "increment_ms": 0})).await;
    let reply = h
        .post(
            &format!("/api/games/{ended}/resign"),
            Some(&ana),
            &json!({}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let reply = h
        .send(h.http.get(format!(
            "{}/api/games/status?ids={going},nothing,{ended}",
            h.base()
        )))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let v: Value = reply.json();
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "an unknown id is left out: {v}");
    assert_eq!(
        (games[0]["id"].as_str(), games[0]["status"].as_str()),
        (Some(going.as_str()), Some("playing"))
    );
    assert_eq!(games[1]["status"], "over");
    assert_eq!(games[1]["result"]["termination"], "resignation");
    assert!(games[1]["created_ms"].as_u64().unwrap() > 0);
    let many = vec!["abcdefghij"; 31].join(",");
    let reply = h
        .send(
            h.http
                .get(format!("{}/api/games/status?ids={many}", h.base())),
        )
        .await;
    assert_eq!(reply.error(400), "bad_request");
}

#[tokio::test]
async fn a_record_writes_an_unnamed_player_as_unknown_and_says_why_a_game_was_aborted() {
    let h = Harness::new().await;
    let created: SeatedView = h
        .post(
            "/api/games",
            None,
            &json!({"seats": [{"kind": "human", "mine": true, "name": "Ana"}, {"kind": "human"}]}),
        )
        .await
        .json();
    h.join(&created.id, None, None).await;
    let id = created.id;
    let reply = h
        .post(
            &format!("/api/games/{id}/abort"),
            Some(&created.token),
            &json!({}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let text = h.get(&format!("/api/games/{id}/record")).await.text;
    assert!(
        text.contains("[Termination_Note \"aborted by south\"]"),
        "{text}"
    );
    let reply = h
        .post(
            "/api/games",
            None,
            &json!({"size": 5, "seats": [{"kind": "human", "mine": true}, {"kind": "ai", "level": 1}]}),
        )
        .await;
    let made: Value = reply.json();
    let text = h
        .get(&format!(
            "/api/games/{}/record",
            made["id"].as_str().unwrap()
        ))
        .await
        .text;
    assert!(text.contains("[South \"?\"]"), "{text}");
    assert!(!text.contains("\"south\""), "{text}");
}
