//! The clocks of a game's room: the first move (never charged, timed by
//! its own countdown, an abort when it never comes), fallen clocks, per-move
//! and turn-based clocks, and a four-player game that goes on without a
//! seat whose time ran out.

use std::time::Duration;

use quoridor_engine::{Controller, TimeControl};
use quoridor_rules::{Seat, Variant};

use super::tests::{ms, online, play, room_of, settings, slot, ANA, BOB, FISCHER};
use super::*;
use crate::action::{Action, Claim};

const DAYS_3: TimeControl = TimeControl::PerMove(Duration::from_secs(3 * 86_400));

#[test]
fn a_first_move_is_not_charged_and_later_ones_are() {
    let t = Moment::from_millis(1_000_000);
    let mut room = online(Some(FISCHER), t);
    assert!(room.deadline().is_none(), "no clock while a seat is free");
    room.join(BOB, None, None, None, false, t).unwrap();
    both_open_the_game(&mut room, t);
    // South's first move: no clock runs, but it may not wait for ever.
    assert!(!room.clock_runs());
    assert_eq!(room.deadline(), Some(t + FIRST_MOVE_TIME));
    play(&mut room, ANA, "e2", t + ms(5_000)).unwrap();
    // South was not charged and got the increment; north's first move now.
    let clocks = room.clocks.as_ref().unwrap();
    assert_eq!(clocks.remaining_ms, vec![62_000, 60_000]);
    assert_eq!(room.meta[0].ms, 5_000);
    play(&mut room, BOB, "e8", t + ms(9_000)).unwrap();
    assert_eq!(
        room.remaining_at(t + ms(9_000)).unwrap(),
        vec![62_000, 62_000]
    );
    // From here on each seat's clock runs on its turn.
    assert!(room.clock_runs());
    assert_eq!(
        room.remaining_at(t + ms(19_000)).unwrap(),
        vec![52_000, 62_000]
    );
    play(&mut room, ANA, "e3", t + ms(19_000)).unwrap();
    assert_eq!(
        room.clocks.as_ref().unwrap().remaining_ms,
        vec![54_000, 62_000]
    );
    assert!(!room.abort_allowed());
}

#[test]
fn a_first_move_that_waits_too_long_aborts_the_game() {
    let t = Moment::from_millis(1_000_000);
    let mut room = online(Some(FISCHER), t);
    room.join(BOB, None, None, None, false, t).unwrap();
    both_open_the_game(&mut room, t);
    assert_eq!(room.expire(t + ms(29_000)), Err(RoomError::NotYet));
    room.expire(t + FIRST_MOVE_TIME).unwrap();
    assert_eq!(room.status(), Status::Over);
    let result = room.result().unwrap();
    assert_eq!((result.winners.len(), result.draw), (0, false));
    assert_eq!(result.termination, "aborted");
    // Said why: South's first move waited.
    assert_eq!(
        result.abort,
        Some(Abort {
            seat: Seat::South,
            why: AbortWhy::NoFirstMove
        })
    );
    assert!(room.deadline().is_none());
}

#[test]
fn both_players_see_the_first_move_count_down() {
    let t = Moment::from_millis(1_000_000);
    let mut room = online(Some(FISCHER), t);
    room.join(BOB, None, None, None, false, t).unwrap();
    both_open_the_game(&mut room, t);
    assert_eq!(room.first_move_deadline(), Some(t + FIRST_MOVE_TIME));
    play(&mut room, ANA, "e2", t + ms(8_000)).unwrap();
    // North's turn: its own 30 s from South's move.
    assert_eq!(
        room.first_move_deadline(),
        Some(t + ms(8_000) + FIRST_MOVE_TIME)
    );
    play(&mut room, BOB, "e8", t + ms(11_000)).unwrap();
    assert_eq!(room.first_move_deadline(), None, "both have moved");
    // Without a clock, nothing is aborted and nothing counts down.
    let mut free = online(None, t);
    free.join(BOB, None, None, None, false, t).unwrap();
    assert_eq!(free.first_move_deadline(), None);
}

/// Each player's page opens the game at `now`.
fn both_open_the_game(room: &mut RoomState, now: Moment) {
    room.count_connection(&[Seat::South], true, now);
    room.count_connection(&[Seat::North], true, now);
}

#[test]
fn a_first_move_waits_for_its_player_to_open_the_game() {
    let t = Moment::from_millis(1_000_000);
    let mut room = online(Some(FISCHER), t);
    room.join(BOB, None, None, None, false, t).unwrap();
    // Ana's page has not opened the game yet (a rematch she did not see
    // made): she is waited for, not counted down.
    assert_eq!(room.first_move_deadline(), Some(t + ARRIVAL_TIME));
    assert_eq!(room.expire(t + FIRST_MOVE_TIME), Err(RoomError::NotYet));
    // She comes after 20 s: her 30 s run from then.
    room.count_connection(&[Seat::South], true, t + ms(20_000));
    assert_eq!(
        room.first_move_deadline(),
        Some(t + ms(20_000) + FIRST_MOVE_TIME)
    );
    // Leaving and coming back does not give her more.
    room.count_connection(&[Seat::South], false, t + ms(25_000));
    room.count_connection(&[Seat::South], true, t + ms(40_000));
    assert_eq!(
        room.first_move_deadline(),
        Some(t + ms(20_000) + FIRST_MOVE_TIME)
    );
    play(&mut room, ANA, "e2", t + ms(45_000)).unwrap();
    // Bob opened the game long before his turn: his 30 s run from it.
    let mut other = online(Some(FISCHER), t);
    other.join(BOB, None, None, None, false, t).unwrap();
    both_open_the_game(&mut other, t);
    play(&mut other, ANA, "e2", t + ms(5_000)).unwrap();
    assert_eq!(
        other.first_move_deadline(),
        Some(t + ms(5_000) + FIRST_MOVE_TIME)
    );
}

#[test]
fn a_player_who_never_opens_the_game_has_it_aborted_and_said_so() {
    let t = Moment::from_millis(1_000_000);
    let mut room = online(Some(FISCHER), t);
    room.join(BOB, None, None, None, false, t).unwrap();
    room.count_connection(&[Seat::North], true, t);
    assert_eq!(
        room.expire(t + ARRIVAL_TIME - ms(1)),
        Err(RoomError::NotYet)
    );
    room.expire(t + ARRIVAL_TIME).unwrap();
    assert_eq!(
        room.result().unwrap().abort,
        Some(Abort {
            seat: Seat::South,
            why: AbortWhy::NeverOpened
        })
    );
}

#[test]
fn either_player_may_abort_before_both_have_moved() {
    let t = Moment::from_millis(1_000_000);
    let mut room = online(None, t);
    room.join(BOB, None, None, None, false, t).unwrap();
    play(&mut room, ANA, "e2", t).unwrap();
    assert_eq!(
        room.apply("x", Action::Abort, t),
        Err(RoomError::Unauthorized)
    );
    room.apply(BOB, Action::Abort, t).unwrap();
    assert!(room.aborted);
    assert_eq!(
        room.result().unwrap().abort,
        Some(Abort {
            seat: Seat::North,
            why: AbortWhy::Aborted
        })
    );
    assert_eq!(play(&mut room, BOB, "e8", t), Err(RoomError::GameOver));
    let mut late = online(None, t);
    late.join(BOB, None, None, None, false, t).unwrap();
    play(&mut late, ANA, "e2", t).unwrap();
    play(&mut late, BOB, "e8", t).unwrap();
    assert_eq!(
        late.apply(ANA, Action::Abort, t),
        Err(RoomError::TooLateToAbort)
    );
}

#[test]
fn a_fallen_clock_loses_and_refuses_late_moves() {
    let t = Moment::from_millis(1_000_000);
    let mut room = online(Some(FISCHER), t);
    room.join(BOB, None, None, None, false, t).unwrap();
    play(&mut room, ANA, "e2", t).unwrap();
    play(&mut room, BOB, "e8", t).unwrap();
    // South has 62 s now.
    let late = t + ms(62_001);
    assert_eq!(
        play(&mut room, ANA, "e3", late),
        Err(RoomError::TimeUp(Seat::South))
    );
    assert_eq!(room.expire(t + ms(61_000)), Err(RoomError::NotYet));
    room.expire(late).unwrap();
    assert_eq!(room.status(), Status::Over);
    let result = room.result().unwrap();
    assert_eq!(result.winners, vec![Seat::North]);
    assert_eq!(result.termination, "time");
    assert!(room.deadline().is_none());
}

#[test]
fn per_move_clock_resets_each_turn() {
    let t = Moment::from_millis(1_000_000);
    let mut room = online(Some(TimeControl::PerMove(ms(10_000))), t);
    room.join(BOB, None, None, None, false, t).unwrap();
    play(&mut room, ANA, "e2", t + ms(1_000)).unwrap();
    play(&mut room, BOB, "e8", t + ms(2_000)).unwrap();
    play(&mut room, ANA, "e3", t + ms(11_000)).unwrap();
    assert_eq!(
        room.deadline(),
        Some(t + ms(21_000)),
        "north gets a full 10 s"
    );
}

#[test]
fn four_player_timeout_removes_the_seat_and_the_game_goes_on() {
    let t = Moment::from_millis(1_000_000);
    let seats = vec![
        slot(Seat::South, Controller::Human, Some(ANA)),
        slot(Seat::West, Controller::Human, Some(BOB)),
        slot(Seat::North, Controller::Human, Some("c")),
        slot(Seat::East, Controller::Human, Some("d")),
    ];
    let mut room = room_of(settings(9, 4, Variant::Standard, Some(FISCHER)), seats, t);
    for (holder, mv) in [(ANA, "e2"), (BOB, "b5"), ("c", "e8"), ("d", "h5")] {
        play(&mut room, holder, mv, t).unwrap();
    }
    // South has 62 s, from t.
    room.expire(t + ms(62_000)).unwrap();
    assert_eq!(room.status(), Status::Playing);
    assert!(room.game.position().is_out(Seat::South));
    assert_eq!(room.game.position().turn(), Seat::West);
    // West's clock starts when its turn does.
    assert_eq!(room.deadline(), Some(t + ms(124_000)));
}

#[test]
fn a_turn_based_game_gives_each_move_its_days() {
    let t = Moment::from_millis(1_000_000);
    let day = Duration::from_secs(86_400);
    let mut room = online(Some(DAYS_3), t);
    room.join(BOB, None, None, None, false, t).unwrap();
    assert!(room.settings.is_correspondence());
    // The first move has its days too, not 30 s, and counts down at once.
    assert!(room.clock_runs());
    assert_eq!(room.first_move_deadline(), Some(t + day * 3));
    assert_eq!(room.expire(t + FIRST_MOVE_TIME), Err(RoomError::NotYet));
    play(&mut room, ANA, "e2", t + day * 2).unwrap();
    // North has three days from now; what South did not use is lost.
    assert_eq!(room.deadline(), Some(t + day * 5));
    play(&mut room, BOB, "e8", t + day * 3).unwrap();
    assert_eq!(room.deadline(), Some(t + day * 6));
    assert_eq!(
        room.remaining_at(t + day * 4).unwrap(),
        vec![2 * 86_400_000, 3 * 86_400_000],
        "South has used a day of its three; North, not to move, shows the three days its next move has"
    );
    // A player who closes the page is not "gone": only the clock decides.
    room.count_connection(&[Seat::North], true, t);
    room.count_connection(&[Seat::North], false, t);
    assert_eq!(room.gone_for(1, t + day), None);
    assert_eq!(
        room.claim(ANA, Claim::Win, t + day),
        Err(RoomError::NobodyGone)
    );
    // Three days without a move: South loses on time.
    room.expire(t + day * 6).unwrap();
    let result = room.result().unwrap();
    assert_eq!(
        (result.winners.clone(), result.termination),
        (vec![Seat::North], "time")
    );
}

#[test]
fn a_turn_based_first_move_that_never_comes_aborts_after_its_days() {
    let t = Moment::from_millis(1_000_000);
    let day = Duration::from_secs(86_400);
    let mut room = online(Some(DAYS_3), t);
    room.join(BOB, None, None, None, false, t).unwrap();
    assert_eq!(room.expire(t + day * 2), Err(RoomError::NotYet));
    room.expire(t + day * 3).unwrap();
    assert_eq!(
        room.result().unwrap().abort,
        Some(Abort {
            seat: Seat::South,
            why: AbortWhy::NoFirstMove
        })
    );
}

#[test]
fn turn_based_clocks_are_whole_days_from_one_to_fourteen() {
    let base = Settings::new(9, 2, Variant::Standard, None).unwrap();
    let days = |n: u64| Some(TimeControl::PerMove(Duration::from_secs(n * 86_400)));
    assert!(base.clone().with_clock(days(1)).is_ok());
    assert!(base.clone().with_clock(days(14)).is_ok());
    assert!(matches!(
        base.clone().with_clock(days(15)),
        Err(RoomError::Settings(_))
    ));
    let day_and_a_bit = Some(TimeControl::PerMove(Duration::from_secs(86_401)));
    assert!(matches!(
        base.clone().with_clock(day_and_a_bit),
        Err(RoomError::Settings(_))
    ));
    assert!(!base.with_clock(Some(FISCHER)).unwrap().is_correspondence());
}
