//! Finished games leave memory and come back whole (issue 42): with room
//! for two finished games, five finished games are still there to replay,
//! to download, to rematch and to follow.

mod harness;

use futures_util::StreamExt;
use harness::Harness;
use quoridor_server::request::{CreateRequest, SeatRequest};
use quoridor_server::view::{GameView, HealthView, SeatedView};
use serde_json::json;

fn two_people() -> CreateRequest {
    CreateRequest {
        size: 5,
        seats: vec![SeatRequest::human(true), SeatRequest::human(true)],
        ..CreateRequest::default()
    }
}

#[tokio::test]
async fn finished_games_beyond_the_bound_are_read_back_whole() {
    let h = Harness::with(|args| args.finished_in_memory = 2).await;
    let mut games = Vec::new();
    for _ in 0..5 {
        let game: SeatedView = h.create(&two_people()).await;
        for mv in ["c2", "c4", "c3"] {
            assert_eq!(h.play(&game.id, &game.token, mv).await.status, 200);
        }
        let resign = format!("/api/games/{}/resign", game.id);
        let body = json!({"seat": "north"});
        assert_eq!(h.post(&resign, Some(&game.token), &body).await.status, 200);
        games.push(game);
    }
    let health: HealthView = h.get("/api/health").await.json();
    assert_eq!((health.games, health.finished), (2, 2));
    // The oldest game, out of memory, comes back with every move.
    let first: GameView = h.game(&games[0].id).await;
    // Three moves and the resignation.
    assert_eq!(first.moves.len(), 4);
    assert_eq!(first.status.name(), "over");
    let record = h.get(&format!("/api/games/{}/record", games[0].id)).await;
    assert!(
        record.text.contains("c2") && record.text.contains("c3"),
        "{}",
        record.text
    );
    // A rematch of it, asked for twice, is one game.
    let path = format!("/api/games/{}/rematch", games[0].id);
    let a: SeatedView = h
        .post(&path, Some(&games[0].token), &json!({}))
        .await
        .json();
    let b: SeatedView = h
        .post(&path, Some(&games[0].token), &json!({}))
        .await
        .json();
    assert_eq!(a.id, b.id);
    // A spectator of an old game holds it in memory while watching, and
    // sees it as it is.
    let mut ws = h.ws(&games[1].id, None).await;
    let hello: serde_json::Value =
        serde_json::from_str(ws.next().await.unwrap().unwrap().to_text().unwrap()).unwrap();
    assert_eq!(hello["game"]["status"], "over");
    assert_eq!(hello["game"]["moves"].as_array().unwrap().len(), 4);
}
