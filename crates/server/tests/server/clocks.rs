//! Clocks: kept across a restart, falling with nobody connected, not
//! charged for the time the server was down; a game aborted before both
//! have moved.

use super::*;

/// Both seats of an online game with a clock, each having moved once (from
/// then on the clocks run).
pub(crate) async fn clocked_game(h: &Harness, clock: Value) -> (String, String, String) {
    let created: SeatedView = h
        .post(
            "/api/games",
            None,
            &json!({"clock": clock, "seats": [{"kind": "human", "mine": true}, {"kind": "human"}]}),
        )
        .await
        .json();
    let bob = h.join(&created.id, None, None).await.token;
    for (token, mv) in [(&created.token, "e2"), (&bob, "e8")] {
        let reply = h.play(&created.id, token, mv).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
    }
    (created.id, created.token, bob)
}

#[tokio::test]
async fn games_survive_a_restart_with_their_clocks() {
    let mut h = Harness::new().await;
    let (id, ana, bob) = clocked_game(&h, json!({"initial_ms": 300_000, "increment_ms": 0})).await;
    assert_eq!(h.play(&id, &ana, "c3h").await.status, 200);
    let before = h.game(&id).await;
    h.restart().await;
    let after = h.game(&id).await;
    assert_eq!(after.moves, before.moves);
    assert_eq!(after.fences, ["c3h"]);
    assert_eq!(after.status.name(), "playing");
    assert_eq!(after.turn, Seat::North);
    for seat in [Seat::South, Seat::North] {
        let left =
            |view: &GameView| *view.clock.as_ref().unwrap().remaining_ms.get(seat).unwrap() as i64;
        let (b, a) = (left(&before), left(&after));
        assert!((b - a).abs() < 1_000, "{seat}: {b} ms before, {a} ms after");
    }
    // The tokens still work and the game goes on.
    assert_eq!(h.play(&id, &bob, "e7").await.status, 200);
    assert_eq!(h.play(&id, &bob, "e6").await.status, 409);
}

#[tokio::test]
async fn a_clock_runs_out_while_nobody_is_connected() {
    let h = Harness::new().await;
    let (id, ana, _bob) = clocked_game(&h, json!({"per_move_ms": 1000})).await;
    assert_eq!(h.play(&id, &ana, "e3").await.status, 200);
    // Nobody has a WebSocket open; the server's own timer ends the game.
    let deadline = Instant::now() + Duration::from_secs(5);
    let game = loop {
        let game = h.game(&id).await;
        if game.status.name() == "over" || Instant::now() > deadline {
            break game;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(game.moves[3].mv, "timeout");
    let result = game.result.unwrap();
    assert_eq!(result.termination, "time");
    assert_eq!(result.winners, [Seat::South]);
    assert_eq!(game.clock.unwrap().remaining_ms.get(Seat::North), Some(&0));
}

#[tokio::test]
async fn a_clock_that_fell_while_the_server_was_down_is_not_charged() {
    let mut h = Harness::new().await;
    let (id, _ana, _bob) = clocked_game(&h, json!({"per_move_ms": 3000})).await;
    h.server.take().unwrap().stop().await.unwrap();
    tokio::time::sleep(Duration::from_millis(3500)).await;
    h.server = Some(start(ServeArgs::for_tests(h.db.clone())).await.unwrap());
    let game = h.game(&id).await;
    assert_eq!(game.status.name(), "playing");
    let left = *game.clock.unwrap().remaining_ms.get(Seat::South).unwrap();
    assert!(left > 2000, "south has {left} ms left");
}

#[tokio::test]
async fn a_game_may_be_aborted_before_both_have_moved() {
    let h = Harness::new().await;
    let created = h.create(&online_game()).await;
    let bob = h.join(&created.id, None, None).await.token;
    assert!(h.game(&created.id).await.abort_allowed);
    let path = format!("/api/games/{}/abort", created.id);
    let game: GameView = h.post(&path, Some(&bob), &json!({})).await.json();
    assert_eq!(game.result.unwrap().termination, "aborted");
    assert_eq!(
        h.play(&created.id, &created.token, "e2").await.error(409),
        "game_over"
    );
    // Once both have moved it is too late.
    let (id, ana, _) = clocked_game(&h, json!({"initial_ms": 60_000, "increment_ms": 0})).await;
    let path = format!("/api/games/{id}/abort");
    assert_eq!(
        h.post(&path, Some(&ana), &json!({})).await.error(403),
        "not_allowed"
    );
}
