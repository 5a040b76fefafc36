use std::time::Duration;

use quoridor_engine::{Controller, Level, TimeControl};
use quoridor_rules::{Fence, IllegalMove, Orientation, Seat, Square, Variant};

use super::*;
use crate::action::{Action, Claim, DrawAction};
use crate::error::PrivateOnly;
use crate::offers::Decision;
use crate::settings::{clean_name, MAX_PLIES};

pub(super) const ANA: &str = "hash-ana";
pub(super) const BOB: &str = "hash-bob";

/// Plays `text` for `holder`.
pub(super) fn play(
    room: &mut RoomState,
    holder: &str,
    text: &str,
    now: Moment,
) -> Result<(), RoomError> {
    room.apply(holder, Action::Move(text.parse().unwrap()), now)
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn slot(seat: Seat, kind: Controller, holder: Option<&str>) -> SeatSlot {
    SeatSlot {
        seat,
        kind,
        name: seat.name().into(),
        holder: holder.map(str::to_string),
        account: None,
        bot: false,
    }
}

fn settings(size: u8, players: u8, variant: Variant, clock: Option<TimeControl>) -> Settings {
    Settings::new(size, players, variant, None)
        .unwrap()
        .with_clock(clock)
        .unwrap()
}

fn room_of(settings: Settings, seats: Vec<SeatSlot>, now: Moment) -> RoomState {
    RoomState::new("g".into(), 0, "ip".into(), settings, seats, now).unwrap()
}

/// Ana holds south; north is free.
pub(super) fn online(clock: Option<TimeControl>, now: Moment) -> RoomState {
    let seats = vec![
        slot(Seat::South, Controller::Human, Some(ANA)),
        slot(Seat::North, Controller::Human, None),
    ];
    room_of(settings(9, 2, Variant::Standard, clock), seats, now)
}

const FISCHER: TimeControl = TimeControl::Fischer {
    initial: Duration::from_secs(60),
    increment: Duration::from_secs(2),
};

#[test]
fn waits_for_players_then_plays() {
    let t = Moment::from_millis(1_000_000);
    let mut room = online(None, t);
    assert_eq!(room.status(), Status::Waiting);
    assert_eq!(play(&mut room, ANA, "e2", t), Err(RoomError::NotStarted));
    assert_eq!(
        room.join(BOB, None, Some("Bob".into()), None, false, t)
            .unwrap(),
        Seat::North
    );
    assert_eq!(room.status(), Status::Playing);
    assert_eq!(
        room.join("x", None, None, None, false, t),
        Err(RoomError::NoFreeSeat)
    );
    play(&mut room, ANA, "e2", t).unwrap();
    assert_eq!(
        play(&mut room, ANA, "e3", t),
        Err(RoomError::NotYourTurn(Seat::North))
    );
    assert_eq!(
        play(&mut room, "nobody", "e8", t),
        Err(RoomError::Unauthorized)
    );
    play(&mut room, BOB, "e8", t).unwrap();
    play(&mut room, ANA, "e7h", t).unwrap();
    let err = play(&mut room, BOB, "e7v", t).unwrap_err();
    let e7h = Fence::new(Square::new(4, 6), Orientation::Horizontal);
    assert_eq!(err, RoomError::Illegal(IllegalMove::Crosses(e7h)));
    assert_eq!(err.to_string(), "fence crosses e7h");
    assert_eq!(room.game.entries().len(), 3);
    assert!(!room.is_private());
    assert_eq!(
        room.apply(ANA, Action::Undo, t),
        Err(RoomError::PrivateOnly(PrivateOnly::Undo))
    );
}

#[test]
fn a_refused_move_changes_nothing() {
    let t = Moment::from_millis(1_000_000);
    let mut room = online(Some(FISCHER), t);
    room.join(BOB, None, None, None, false, t).unwrap();
    let before = room.clone();
    assert!(play(&mut room, ANA, "e3", t).is_err());
    assert_eq!(room.version, before.version);
    assert_eq!(room.game, before.game);
    assert_eq!(room.clocks, before.clocks);
}

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
fn undo_against_the_ai_takes_back_the_reply_too() {
    let t = Moment::from_millis(1_000_000);
    let seats = vec![
        slot(Seat::South, Controller::Human, Some(ANA)),
        slot(Seat::North, Controller::Ai(Level::new(3).unwrap()), None),
    ];
    let mut room = room_of(settings(9, 2, Variant::Standard, Some(FISCHER)), seats, t);
    assert!(room.is_private());
    assert_eq!(room.status(), Status::Playing);
    assert_eq!(
        room.apply(ANA, Action::Undo, t),
        Err(RoomError::NothingToUndo)
    );
    assert_eq!(room.deadline(), None, "no abort deadline against the AI");
    play(&mut room, ANA, "e2", t + ms(1_000)).unwrap();
    assert_eq!(room.ai_to_move(), Some(Level::new(3).unwrap()));
    room.play_move(None, "e8".parse().unwrap(), t + ms(1_500))
        .unwrap();
    let after_reply = room.clocks.clone();
    play(&mut room, ANA, "e3", t + ms(3_000)).unwrap();
    room.play_move(None, "e7".parse().unwrap(), t + ms(3_100))
        .unwrap();
    let epoch = room.epoch;
    room.apply(ANA, Action::Undo, t + ms(4_000)).unwrap();
    assert_eq!(room.game.entries().len(), 2);
    assert_eq!(room.game.position().turn(), Seat::South);
    assert!(room.epoch > epoch);
    assert_eq!(
        room.clocks.as_ref().unwrap().remaining_ms,
        after_reply.unwrap().remaining_ms
    );
}

#[test]
fn hot_seat_undo_takes_back_one_move() {
    let t = Moment::from_millis(1_000_000);
    let seats = vec![
        slot(Seat::South, Controller::Human, Some(ANA)),
        slot(Seat::North, Controller::Human, Some(ANA)),
    ];
    let mut room = room_of(settings(5, 2, Variant::Standard, None), seats, t);
    play(&mut room, ANA, "c2", t).unwrap();
    play(&mut room, ANA, "c4", t).unwrap();
    room.apply(ANA, Action::Undo, t).unwrap();
    assert_eq!(room.game.entries().len(), 1);
    assert_eq!(room.game.position().turn(), Seat::North);
}

#[test]
fn draw_offer_needs_every_other_person() {
    let t = Moment::from_millis(1_000_000);
    let mut room = online(None, t);
    room.join(BOB, None, None, None, false, t).unwrap();
    let draw = |room: &mut RoomState, holder, action| room.apply(holder, Action::Draw(action), t);
    assert_eq!(
        draw(&mut room, BOB, DrawAction::Accept),
        Err(RoomError::NoDrawOffer)
    );
    draw(&mut room, ANA, DrawAction::Offer).unwrap();
    assert_eq!(room.draw_offer.as_ref().unwrap().waiting, vec![Seat::North]);
    assert_eq!(
        draw(&mut room, ANA, DrawAction::Accept),
        Err(RoomError::OfferNotForYou)
    );
    assert_eq!(
        draw(&mut room, ANA, DrawAction::Decline),
        Err(RoomError::OfferNotForYou),
        "the one who offered cannot decline for the other"
    );
    draw(&mut room, BOB, DrawAction::Decline).unwrap();
    assert!(room.draw_offer.is_none());
    draw(&mut room, ANA, DrawAction::Offer).unwrap();
    play(&mut room, ANA, "e2", t).unwrap();
    assert!(room.draw_offer.is_none(), "a move withdraws the offer");
    draw(&mut room, BOB, DrawAction::Offer).unwrap();
    draw(&mut room, ANA, DrawAction::Accept).unwrap();
    let result = room.result().unwrap();
    assert!(result.winners.is_empty() && result.draw);
    assert_eq!(result.termination, "agreement");
}

#[test]
fn resign_in_two_players_ends_the_game() {
    let t = Moment::from_millis(1_000_000);
    let mut room = online(None, t);
    room.join(BOB, None, None, None, false, t).unwrap();
    assert_eq!(
        room.apply(ANA, Action::Resign(Some(Seat::North)), t),
        Err(RoomError::NotYourSeat(Seat::North))
    );
    room.apply(BOB, Action::Resign(None), t).unwrap();
    assert_eq!(room.result().unwrap().winners, vec![Seat::South]);
    assert_eq!(
        room.apply(ANA, Action::Resign(None), t),
        Err(RoomError::GameOver)
    );
}

#[test]
fn an_organiser_decides_a_forfeit_or_a_draw_once() {
    let t = Moment::from_millis(1_000_000);
    let mut room = online(Some(FISCHER), t);
    room.join(BOB, None, None, None, false, t).unwrap();
    play(&mut room, ANA, "e2", t).unwrap();
    // The absent player (north, to move) loses by forfeit, at once.
    room.decide(Decision::Forfeit(Seat::North), t + ms(10))
        .unwrap();
    assert_eq!(room.status(), Status::Over);
    assert_eq!(room.result().unwrap().winners, vec![Seat::South]);
    assert_eq!(
        room.decide(Decision::Draw, t + ms(20)),
        Err(RoomError::GameOver)
    );
    assert!(play(&mut room, BOB, "e8", t + ms(30)).is_err());

    let mut drawn = online(None, t);
    drawn.join(BOB, None, None, None, false, t).unwrap();
    drawn.decide(Decision::Draw, t).unwrap();
    let result = drawn.result().unwrap();
    assert!(result.winners.is_empty() && result.draw);
}

#[test]
fn scoring_moves_carry_points() {
    let t = Moment::from_millis(1_000_000);
    let seats = vec![
        slot(Seat::South, Controller::Human, Some(ANA)),
        slot(Seat::North, Controller::Human, Some(BOB)),
    ];
    let mut room = room_of(settings(5, 2, Variant::Scoring, None), seats, t);
    play(&mut room, ANA, "c2", t).unwrap();
    play(&mut room, BOB, "b5", t).unwrap();
    assert_eq!(room.meta[0].points, Some(1));
    assert_eq!(room.meta[1].points, Some(0));
}

/// Four players walking to and fro: the third time the same position
/// comes back the game is drawn; two players may repeat as they like.
#[test]
fn a_four_player_game_is_drawn_by_a_third_repetition() {
    let t = Moment::from_millis(1_000_000);
    let seats: Vec<_> = Seat::in_play(4)
        .iter()
        .map(|&seat| slot(seat, Controller::Human, Some(ANA)))
        .collect();
    let mut room = room_of(settings(9, 4, Variant::Standard, None), seats, t);
    let round = ["e2", "b5", "e8", "h5", "e1", "a5", "e9", "i5"];
    for mv in round.iter().chain(&round) {
        assert!(room.result().is_none(), "before {mv}");
        play(&mut room, ANA, mv, t).unwrap();
    }
    let result = room.result().unwrap();
    assert!(result.draw);
    assert_eq!(result.termination, "repetition");
    assert!(settings(9, 2, Variant::Standard, None)
        .ruleset()
        .is_ok_and(|rules| !rules.repetition()));
}

#[test]
fn the_ply_limit_ends_a_game_in_a_draw() {
    let t = Moment::from_millis(1_000_000);
    let seats = vec![
        slot(Seat::South, Controller::Human, Some(ANA)),
        slot(Seat::North, Controller::Human, Some(ANA)),
    ];
    let settings = settings(5, 2, Variant::Standard, None)
        .with_ply_limit(Some(4))
        .unwrap();
    let mut room = room_of(settings, seats, t);
    for mv in ["c2", "c4", "c1", "c5"] {
        play(&mut room, ANA, mv, t).unwrap();
    }
    let result = room.result().unwrap();
    assert!(result.draw);
    assert_eq!(result.termination, "ply limit");
    assert_eq!(
        Settings::new(9, 2, Variant::Standard, None)
            .unwrap()
            .ply_limit,
        MAX_PLIES
    );
    assert!(settings_with_plies(MAX_PLIES + 1).is_err());
    assert!(settings_with_plies(0).is_err());
}

fn settings_with_plies(plies: u32) -> Result<Settings, RoomError> {
    Settings::new(9, 2, Variant::Standard, None)?.with_ply_limit(Some(plies))
}

#[test]
fn settings_are_checked() {
    let bad = |size, players, variant, clock| {
        Settings::new(size, players, variant, None)
            .and_then(|s| s.with_clock(clock))
            .unwrap_err()
    };
    let is_settings = |err: RoomError| matches!(err, RoomError::Settings(_));
    assert!(is_settings(bad(8, 2, Variant::Standard, None)));
    assert!(is_settings(bad(9, 3, Variant::Standard, None)));
    assert!(is_settings(bad(9, 2, Variant::Teams, None)));
    let tiny = TimeControl::PerMove(ms(5));
    assert!(is_settings(bad(9, 2, Variant::Standard, Some(tiny))));
    assert_eq!(clean_name(Some("  Ana ")).unwrap().as_deref(), Some("Ana"));
    assert_eq!(clean_name(Some("   ")).unwrap(), None);
    assert!(clean_name(Some(&"x".repeat(25))).is_err());
    assert!(clean_name(Some("a\u{7}b")).is_err());
}

#[test]
fn a_pass_nobody_can_refuse_is_played_at_once() {
    let t = Moment::from_millis(1_000_000);
    let seats = vec![
        slot(Seat::South, Controller::Human, Some(ANA)),
        slot(Seat::North, Controller::Human, Some(BOB)),
    ];
    let settings = Settings::new(5, 2, Variant::Scoring, Some(0)).unwrap();
    let mut room = room_of(settings, seats, t);
    for (holder, mv) in [
        (ANA, "c2"),
        (BOB, "b5"),
        (ANA, "c3"),
        (BOB, "a5"),
        (ANA, "c4"),
        (BOB, "b5"),
        (ANA, "c5"),
    ] {
        play(&mut room, holder, mv, t).unwrap();
    }
    // South has arrived and has no fence: after north's move, south's
    // pass is played for it and north is to move again.
    play(&mut room, BOB, "b4", t).unwrap();
    assert_eq!(room.game.position().turn(), Seat::North);
    let last = room.game.entries().last().copied();
    assert_eq!(
        last,
        Some(quoridor_rules::Entry::Move(quoridor_rules::Move::Pass))
    );
    assert_eq!(room.meta.last().unwrap().seat, Seat::South);
    play(&mut room, BOB, "b3", t).unwrap();
    assert_eq!(room.game.position().turn(), Seat::North);
}

/// A tournament's game: no abort, no undo or hint even against an AI, and
/// the first move is timed, so a player who never comes loses on time.
#[test]
fn a_competition_game_times_the_first_move_and_is_never_aborted() {
    let t = Moment::from_millis(1_000_000);
    let mut rules = settings(5, 2, Variant::Standard, Some(FISCHER));
    rules.competition = true;
    let seats = vec![
        slot(Seat::South, Controller::Human, Some(ANA)),
        slot(Seat::North, Controller::Ai(Level::new(1).unwrap()), None),
    ];
    let mut room = room_of(rules, seats, t);
    assert!(!room.is_private());
    assert!(!room.abort_allowed());
    assert_eq!(
        room.apply(ANA, Action::Abort, t),
        Err(RoomError::TooLateToAbort)
    );
    assert_eq!(
        room.apply(ANA, Action::Undo, t),
        Err(RoomError::PrivateOnly(PrivateOnly::Undo))
    );
    assert!(room.clock_runs());
    assert_eq!(room.deadline(), Some(t + ms(60_000)));
    room.expire(t + ms(60_000)).unwrap();
    let result = room.result().unwrap();
    assert_eq!(result.winners, vec![Seat::North]);
    assert_eq!(result.termination, "time");
}

#[test]
fn a_class_game_is_never_aborted_by_a_pupil_but_keeps_its_hints() {
    let t = Moment::from_millis(1_000_000);
    let mut rules = settings(5, 2, Variant::Standard, None);
    rules.teacher_reads = true;
    let seats = vec![
        slot(Seat::South, Controller::Human, Some(ANA)),
        slot(Seat::North, Controller::Ai(Level::new(1).unwrap()), None),
    ];
    let mut room = room_of(rules, seats, t);
    assert!(!room.abort_allowed());
    assert_eq!(
        room.apply(ANA, Action::Abort, t),
        Err(RoomError::TooLateToAbort)
    );
    assert_eq!(room.status(), Status::Playing);
    // Against the computer, a pupil still learns with undo and hints.
    assert!(room.is_private());
}

#[test]
fn a_rated_game_needs_two_accounts() {
    let t = Moment::from_millis(1_000_000);
    let clock = Some(TimeControl::Fischer {
        initial: Duration::from_secs(180),
        increment: Duration::from_secs(2),
    });
    let mut rules = settings(9, 2, Variant::Standard, clock);
    assert_eq!(rules.check_rated(), Ok(()));
    rules.rated = true;
    let mut host = slot(Seat::South, Controller::Human, Some("account:1"));
    host.account = Some(1);
    let seats = vec![host, slot(Seat::North, Controller::Human, None)];
    let mut room = RoomState::new("r".into(), 0, "c".into(), rules, seats, t).unwrap();
    assert!(matches!(
        room.join("guest", None, None, None, false, t),
        Err(RoomError::Rated(_))
    ));
    assert!(matches!(
        room.join("account:1", None, None, Some(1), false, t),
        Err(RoomError::Rated(_))
    ));
    assert_eq!(
        room.join("account:2", None, None, Some(2), true, t),
        Ok(Seat::North)
    );
    assert_eq!(room.seats[1].account, Some(2));
    assert!(room.seats[1].bot, "a bot's account is marked on its seat");
    assert!(!room.seats[0].bot);
    assert!(!room.is_private(), "two players: no undo, no hints");

    let small = settings(5, 2, Variant::Standard, clock);
    assert!(small.check_rated().is_err());
    let untimed = settings(9, 2, Variant::Standard, None);
    assert!(untimed.check_rated().is_err());
}

#[test]
fn a_rematch_moves_everyone_on_one_seat() {
    let lv = Level::new(3).unwrap();
    let mut named = slot(Seat::South, Controller::Human, Some("a"));
    named.name = "Ana".into();
    named.account = Some(7);
    let two = [named.clone(), slot(Seat::North, Controller::Ai(lv), None)];
    let turned = SeatSlot::turned(&two);
    assert_eq!(turned[0].seat, Seat::South);
    assert_eq!(turned[0].kind, Controller::Ai(lv));
    assert_eq!(turned[1].seat, Seat::North);
    assert_eq!(
        (
            turned[1].name.as_str(),
            turned[1].holder.as_deref(),
            turned[1].account
        ),
        ("Ana", Some("a"), Some(7))
    );
    // Four players: each moves on one; default names stay with the seats.
    let four: Vec<SeatSlot> = Seat::in_play(4)
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let mut one = slot(s, Controller::Human, Some(["a", "b", "c", "d"][i]));
            one.name = s.name().to_string();
            one
        })
        .collect();
    let turned = SeatSlot::turned(&four);
    for i in 0..4 {
        assert_eq!(turned[i].seat, four[i].seat);
        assert_eq!(turned[i].name, four[i].seat.name());
        assert_eq!(turned[i].holder, four[(i + 3) % 4].holder);
    }
    assert_eq!(SeatSlot::turned(&turned[..]).len(), 4);
}

#[test]
fn a_player_may_claim_the_win_or_a_draw_once_the_other_has_been_gone_20_s() {
    let t = Moment::from_millis(1_000_000);
    let mut room = online(None, t);
    room.join(BOB, None, None, None, false, t).unwrap();
    let (south, north) = ([Seat::South], [Seat::North]);
    room.count_connection(&south, true, t);
    // Bob plays over HTTP, no page open: never "gone".
    assert_eq!(room.gone_for(1, t + ms(60_000)), None);
    room.count_connection(&north, true, t);
    play(&mut room, ANA, "e2", t).unwrap();
    // Bob's page closes (two tabs: only when the last one does).
    room.count_connection(&north, true, t);
    room.count_connection(&north, false, t);
    assert_eq!(room.gone_for(1, t + ms(5_000)), None);
    room.count_connection(&north, false, t + ms(1_000));
    assert_eq!(room.gone_for(1, t + ms(6_000)), Some(ms(5_000)));
    let win = Action::Claim(Claim::Win);
    assert_eq!(
        room.apply(ANA, win, t + ms(20_999)),
        Err(RoomError::NobodyGone)
    );
    assert_eq!(
        room.apply(BOB, win, t + ms(30_000)),
        Err(RoomError::NobodyGone),
        "Ana is here"
    );
    // He came back, and left again: counted from then.
    room.count_connection(&north, true, t + ms(22_000));
    assert_eq!(room.gone_for(1, t + ms(23_000)), None);
    room.count_connection(&north, false, t + ms(25_000));
    assert!(room.apply(ANA, win, t + ms(44_000)).is_err());
    let mut draw = room.clone();
    room.apply(ANA, win, t + ms(45_000)).unwrap();
    let result = room.result().unwrap();
    assert_eq!(
        (result.winners, result.termination, result.left),
        (vec![Seat::South], "resignation", vec![Seat::North]),
        "a resignation that was not his: North left"
    );
    draw.apply(ANA, Action::Claim(Claim::Draw), t + ms(45_000))
        .unwrap();
    assert!(draw.result().unwrap().draw);
    // Over: nobody is gone any more.
    assert_eq!(room.gone_for(1, t + ms(50_000)), None);
    // On one screen there is nobody to claim against.
    let mut home = online(None, t);
    home.join(ANA, None, None, None, false, t).unwrap();
    home.count_connection(&south, true, t);
    home.count_connection(&south, false, t);
    assert_eq!(home.gone_for(1, t + ms(60_000)), None);
}

const DAYS_3: TimeControl = TimeControl::PerMove(Duration::from_secs(3 * 86_400));

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
