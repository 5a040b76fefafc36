//! Turn-based games that nobody looks at leave memory while they go on
//! (`Hub::sleep_idle`): still counted against their creator, read back
//! whole when asked for (once, however many ask at once), and ended on
//! time when their clock falls while they sleep (`Hub::wake_due`). This
//! file is its own test binary: it moves the wall clock forward
//! (`advance_wall_clock`), which every test of a binary would see.

mod harness;

use std::time::Duration;

use harness::Harness;
use quoridor_engine::TimeControl;
use quoridor_rules::Seat;
use quoridor_server::hub::Hub;
use quoridor_server::request::{CreateRequest, SeatRequest};

const DAY_MS: u64 = 24 * 3600 * 1000;

fn turn_based() -> CreateRequest {
    CreateRequest {
        size: 5,
        clock: Some(TimeControl::PerMove(Duration::from_millis(DAY_MS))),
        seats: vec![SeatRequest::human(true), SeatRequest::human(false)],
        ..CreateRequest::default()
    }
}

/// Sends the idle turn-based games to sleep, once nothing holds game `id`
/// (a request just answered, or its clock task looking at it, may hold it
/// a moment).
async fn sleep_now(hub: &Hub) {
    for _ in 0..200 {
        if hub.sleep_idle(Duration::ZERO).await == 1 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the game did not leave memory");
}

#[tokio::test]
async fn turn_based_games_sleep_out_of_memory_and_still_end_on_time() {
    let h = Harness::with(|args| args.max_turn_based_per_client = 1).await;
    let hub = &h.server.as_ref().unwrap().hub;
    let made = h.create(&turn_based()).await;
    let id = made.id.clone();
    let north = h.join(&id, None, None).await;
    assert_eq!(h.play(&id, &made.token, "c2").await.status, 200);
    let in_memory = hub.len();
    sleep_now(hub).await;
    assert_eq!((hub.len(), hub.asleep()), (in_memory - 1, 1));
    // Still counted: no second turn-based game from this address.
    let second = h.post("/api/games", None, &turn_based()).await;
    assert_eq!(second.error(429), "too_many_rooms");

    // Asked for twice at once, it comes back once, whole, and plays on.
    let (a, b) = tokio::join!(h.game(&id), h.game(&id));
    assert_eq!((a.moves.len(), b.moves.len()), (1, 1));
    assert_eq!(a.status.name(), "playing");
    assert_eq!((hub.len(), hub.asleep()), (in_memory, 0));
    assert_eq!(h.play(&id, &north.token, "c4").await.status, 200);

    // Asleep again; two days later South's day has run out while it
    // slept: read back, South loses on time.
    sleep_now(hub).await;
    assert_eq!(hub.wake_due().await, 0, "not due yet");
    quoridor_server::advance_wall_clock(2 * DAY_MS);
    assert_eq!(hub.wake_due().await, 1);
    let mut over = None;
    for _ in 0..500 {
        let game = h.game(&id).await;
        if game.status.name() == "over" {
            over = Some(game);
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let over = over.expect("the game ended on time");
    let result = over.result.expect("a result");
    assert_eq!(result.winners, [Seat::North]);
    assert_eq!(result.termination, "time");
    assert_eq!(over.moves.len(), 3, "two moves and the loss on time");
    assert_eq!(hub.asleep(), 0);

    // Its place is free, once: one turn-based game again, not two.
    assert_eq!(h.post("/api/games", None, &turn_based()).await.status, 201);
    let again = h.post("/api/games", None, &turn_based()).await;
    assert_eq!(again.error(429), "too_many_rooms");
}
