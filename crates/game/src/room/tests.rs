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

pub(super) fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

pub(super) fn slot(seat: Seat, kind: Controller, holder: Option<&str>) -> SeatSlot {
    SeatSlot {
        seat,
        kind,
        name: seat.name().into(),
        holder: holder.map(str::to_string),
        account: None,
        bot: false,
    }
}

pub(super) fn settings(
    size: u8,
    players: u8,
    variant: Variant,
    clock: Option<TimeControl>,
) -> Settings {
    Settings::new(size, players, variant, None)
        .unwrap()
        .with_clock(clock)
        .unwrap()
}

pub(super) fn room_of(settings: Settings, seats: Vec<SeatSlot>, now: Moment) -> RoomState {
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

pub(super) const FISCHER: TimeControl = TimeControl::Fischer {
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
