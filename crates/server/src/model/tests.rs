use std::time::{Duration, Instant};

use quoridor_engine::Level;
use quoridor_rules::Seat;

use super::*;

const ANA: &str = "hash-ana";
const BOB: &str = "hash-bob";

fn slot(seat: Seat, kind: SeatKind, holder: Option<&str>) -> SeatSlot {
    SeatSlot {
        seat,
        kind,
        name: seat.name().into(),
        holder: holder.map(str::to_string),
    }
}

fn settings(size: u8, players: u8, variant: &str, clock: Option<TimeControl>) -> Settings {
    Settings::new(size, players, variant, None)
        .unwrap()
        .with_clock(clock)
        .unwrap()
}

fn online(clock: Option<TimeControl>, now: Instant) -> RoomState {
    let seats = vec![
        slot(Seat::South, SeatKind::Human, Some(ANA)),
        slot(Seat::North, SeatKind::Human, None),
    ];
    RoomState::new(
        "g1".into(),
        0,
        "ip".into(),
        settings(9, 2, "standard", clock),
        seats,
        now,
    )
    .unwrap()
}

const FISCHER: TimeControl = TimeControl::Fischer {
    initial_ms: 60_000,
    increment_ms: 2_000,
};

#[test]
fn waits_for_players_then_plays() {
    let t = Instant::now();
    let mut room = online(None, t);
    assert_eq!(room.status(), Status::Waiting);
    assert_eq!(room.play(ANA, "e2", t).unwrap_err().code, "not_started");
    assert_eq!(
        room.join(BOB, None, Some("Bob".into()), t).unwrap(),
        Seat::North
    );
    assert_eq!(room.status(), Status::Playing);
    assert_eq!(
        room.join("x", None, None, t).unwrap_err().code,
        "no_free_seat"
    );
    room.play(ANA, "e2", t).unwrap();
    assert_eq!(room.play(ANA, "e3", t).unwrap_err().code, "not_your_turn");
    assert_eq!(
        room.play("nobody", "e8", t).unwrap_err().code,
        "unauthorized"
    );
    assert_eq!(room.play(BOB, "e8x", t).unwrap_err().code, "bad_move");
    room.play(BOB, "e8", t).unwrap();
    room.play(ANA, "e7h", t).unwrap();
    let err = room.play(BOB, "e7v", t).unwrap_err();
    assert_eq!(err.code, "illegal_move");
    assert_eq!(err.message, "fence crosses e7h");
    assert_eq!(err.reason.unwrap()["code"], "crosses");
    assert_eq!(room.game.entries().len(), 3);
    assert!(!room.is_private());
    assert_eq!(room.undo(ANA, t).unwrap_err().code, "not_allowed");
}

#[test]
fn a_refused_move_changes_nothing() {
    let t = Instant::now();
    let mut room = online(Some(FISCHER), t);
    room.join(BOB, None, None, t).unwrap();
    let before = room.clone();
    assert!(room.play(ANA, "e3", t).is_err());
    assert_eq!(room.version, before.version);
    assert_eq!(room.game, before.game);
    assert_eq!(room.clocks, before.clocks);
}

#[test]
fn fischer_clock_charges_the_mover_and_adds_the_increment() {
    let t = Instant::now();
    let mut room = online(Some(FISCHER), t);
    assert!(room.deadline().is_none(), "no clock while a seat is free");
    room.join(BOB, None, None, t).unwrap();
    assert_eq!(room.deadline(), Some(t + Duration::from_millis(60_000)));
    room.play(ANA, "e2", t + Duration::from_millis(5_000))
        .unwrap();
    let clocks = room.clocks.as_ref().unwrap();
    assert_eq!(clocks.remaining_ms, vec![57_000, 60_000]);
    assert_eq!(room.meta[0].ms, 5_000);
    let left = room
        .remaining_at(t + Duration::from_millis(15_000))
        .unwrap();
    assert_eq!(left, vec![57_000, 50_000]);
}

#[test]
fn a_fallen_clock_loses_and_refuses_late_moves() {
    let t = Instant::now();
    let mut room = online(Some(FISCHER), t);
    room.join(BOB, None, None, t).unwrap();
    let late = t + Duration::from_millis(60_001);
    assert_eq!(room.play(ANA, "e2", late).unwrap_err().code, "game_over");
    assert!(!room.expire(t + Duration::from_millis(59_000)));
    assert!(room.expire(late));
    assert_eq!(room.status(), Status::Over);
    let (winners, draw, why) = room.result().unwrap();
    assert_eq!((winners, draw, why), (vec![Seat::North], false, "time"));
    assert!(room.deadline().is_none());
}

#[test]
fn per_move_clock_resets_each_turn() {
    let t = Instant::now();
    let mut room = online(
        Some(TimeControl::PerMove {
            per_move_ms: 10_000,
        }),
        t,
    );
    room.join(BOB, None, None, t).unwrap();
    room.play(ANA, "e2", t + Duration::from_millis(9_000))
        .unwrap();
    assert_eq!(
        room.deadline(),
        Some(t + Duration::from_millis(19_000)),
        "north gets a full 10 s"
    );
}

#[test]
fn four_player_timeout_removes_the_seat_and_the_game_goes_on() {
    let t = Instant::now();
    let seats = vec![
        slot(Seat::South, SeatKind::Human, Some(ANA)),
        slot(Seat::West, SeatKind::Human, Some(BOB)),
        slot(Seat::North, SeatKind::Human, Some("c")),
        slot(Seat::East, SeatKind::Human, Some("d")),
    ];
    let mut room = RoomState::new(
        "g4".into(),
        0,
        "ip".into(),
        settings(9, 4, "standard", Some(FISCHER)),
        seats,
        t,
    )
    .unwrap();
    assert!(room.expire(t + Duration::from_millis(60_000)));
    assert_eq!(room.status(), Status::Playing);
    assert!(room.game.position().is_out(Seat::South));
    assert_eq!(room.game.position().turn(), Seat::West);
    // West's clock starts when its turn does.
    assert_eq!(room.deadline(), Some(t + Duration::from_millis(120_000)));
}

#[test]
fn undo_against_the_ai_takes_back_the_reply_too() {
    let t = Instant::now();
    let seats = vec![
        slot(Seat::South, SeatKind::Human, Some(ANA)),
        slot(Seat::North, SeatKind::Ai(Level::new(3).unwrap()), None),
    ];
    let mut room = RoomState::new(
        "ai".into(),
        0,
        "ip".into(),
        settings(9, 2, "standard", Some(FISCHER)),
        seats,
        t,
    )
    .unwrap();
    assert!(room.is_private());
    assert_eq!(room.status(), Status::Playing);
    assert_eq!(room.undo(ANA, t).unwrap_err().code, "not_allowed");
    room.play(ANA, "e2", t + Duration::from_millis(1_000))
        .unwrap();
    assert_eq!(room.ai_to_move(), Some(Level::new(3).unwrap()));
    let after_one = room.clocks.clone();
    room.play_move(
        None,
        "e8".parse().unwrap(),
        t + Duration::from_millis(1_500),
    )
    .unwrap();
    room.play(ANA, "e3", t + Duration::from_millis(3_000))
        .unwrap();
    room.play_move(
        None,
        "e7".parse().unwrap(),
        t + Duration::from_millis(3_100),
    )
    .unwrap();
    let epoch = room.epoch;
    room.undo(ANA, t + Duration::from_millis(4_000)).unwrap();
    assert_eq!(room.game.entries().len(), 2);
    assert_eq!(room.game.position().turn(), Seat::South);
    assert!(room.epoch > epoch);
    let mut expected = after_one.unwrap().remaining_ms;
    expected[1] = 60_000 - 500 + 2_000;
    assert_eq!(room.clocks.as_ref().unwrap().remaining_ms, expected);
}

#[test]
fn hot_seat_undo_takes_back_one_move() {
    let t = Instant::now();
    let seats = vec![
        slot(Seat::South, SeatKind::Human, Some(ANA)),
        slot(Seat::North, SeatKind::Human, Some(ANA)),
    ];
    let mut room = RoomState::new(
        "hs".into(),
        0,
        "ip".into(),
        settings(5, 2, "standard", None),
        seats,
        t,
    )
    .unwrap();
    room.play(ANA, "c2", t).unwrap();
    room.play(ANA, "c4", t).unwrap();
    room.undo(ANA, t).unwrap();
    assert_eq!(room.game.entries().len(), 1);
    assert_eq!(room.game.position().turn(), Seat::North);
}

#[test]
fn draw_offer_needs_every_other_person() {
    let t = Instant::now();
    let mut room = online(None, t);
    room.join(BOB, None, None, t).unwrap();
    assert_eq!(room.draw(BOB, "accept", t).unwrap_err().code, "not_allowed");
    room.draw(ANA, "offer", t).unwrap();
    assert_eq!(room.draw_offer.as_ref().unwrap().waiting, vec!["north"]);
    assert_eq!(room.draw(ANA, "accept", t).unwrap_err().code, "not_allowed");
    room.draw(BOB, "decline", t).unwrap();
    assert!(room.draw_offer.is_none());
    room.draw(ANA, "offer", t).unwrap();
    room.play(ANA, "e2", t).unwrap();
    assert!(room.draw_offer.is_none(), "a move withdraws the offer");
    room.draw(BOB, "offer", t).unwrap();
    room.draw(ANA, "accept", t).unwrap();
    let (winners, draw, why) = room.result().unwrap();
    assert!(winners.is_empty() && draw);
    assert_eq!(why, "agreement");
}

#[test]
fn resign_in_two_players_ends_the_game() {
    let t = Instant::now();
    let mut room = online(None, t);
    room.join(BOB, None, None, t).unwrap();
    assert_eq!(
        room.resign(ANA, Some(Seat::North), t).unwrap_err().code,
        "not_allowed"
    );
    room.resign(BOB, None, t).unwrap();
    assert_eq!(room.result().unwrap().0, vec![Seat::South]);
    assert_eq!(room.resign(ANA, None, t).unwrap_err().code, "game_over");
}

#[test]
fn scoring_moves_carry_points() {
    let t = Instant::now();
    let seats = vec![
        slot(Seat::South, SeatKind::Human, Some(ANA)),
        slot(Seat::North, SeatKind::Human, Some(BOB)),
    ];
    let mut room = RoomState::new(
        "sc".into(),
        0,
        "ip".into(),
        settings(5, 2, "scoring", None),
        seats,
        t,
    )
    .unwrap();
    room.play(ANA, "c2", t).unwrap();
    room.play(BOB, "b5", t).unwrap();
    assert_eq!(room.meta[0].points, Some(1));
    assert_eq!(room.meta[1].points, Some(0));
}

#[test]
fn settings_are_checked() {
    let bad = |size, players, variant: &str, clock| {
        Settings::new(size, players, variant, None)
            .and_then(|s| s.with_clock(clock))
            .unwrap_err()
    };
    assert_eq!(bad(8, 2, "standard", None).code, "bad_request");
    assert_eq!(bad(9, 3, "standard", None).code, "bad_request");
    assert_eq!(bad(9, 2, "chess", None).code, "bad_request");
    assert_eq!(bad(9, 2, "teams", None).code, "bad_request");
    let tiny = TimeControl::PerMove { per_move_ms: 5 };
    assert_eq!(bad(9, 2, "standard", Some(tiny)).code, "bad_request");
    assert_eq!(clean_name(Some("  Ana ")).unwrap().as_deref(), Some("Ana"));
    assert_eq!(clean_name(Some("   ")).unwrap(), None);
    assert!(clean_name(Some(&"x".repeat(25))).is_err());
    assert!(clean_name(Some("a\u{7}b")).is_err());
}
