//! Random games played through the game crate and, beside it, through the
//! rules crate alone: the game never plays a move the rules refuse, never
//! refuses one they allow, ends when and as they say, keeps one time entry
//! per history entry, charges clocks only the time that passed, and an
//! undo takes it back to a position the rules reached.

use std::time::Duration;

use proptest::prelude::*;
use quoridor_engine::{Controller, TimeControl};
use quoridor_game::{Action, Moment, RoomError, RoomState, SeatSlot, Settings, Status};
use quoridor_rules::{Fence, Game, Move, Seat, Variant};

const HOLDER: &str = "one-screen";

/// Every seat held by one person (a game on one screen): moves, and undo.
fn one_screen(size: u8, players: u8, variant: Variant, clock: Option<TimeControl>) -> RoomState {
    let settings = Settings::new(size, players, variant, None)
        .unwrap()
        .with_clock(clock)
        .unwrap();
    let order: &[Seat] = if players == 4 {
        &[Seat::South, Seat::West, Seat::North, Seat::East]
    } else {
        &[Seat::South, Seat::North]
    };
    let seats = order
        .iter()
        .map(|&seat| SeatSlot {
            seat,
            kind: Controller::Human,
            name: seat.name().into(),
            holder: Some(HOLDER.into()),
            account: None,
            bot: false,
        })
        .collect();
    RoomState::new("g".into(), 0, "here".into(), settings, seats, Moment::ZERO).unwrap()
}

/// The passes the game plays by itself (a seat whose only move is `pass`).
fn pass_when_forced(reference: &mut Game) {
    for _ in 0..4 {
        let moves = reference.position().legal_moves();
        if reference.is_over() || moves.len() != 1 || moves[0] != Move::Pass {
            return;
        }
        reference.play(Move::Pass).unwrap();
    }
}

fn variant_of(n: u8) -> Variant {
    match n % 3 {
        0 => Variant::Standard,
        1 => Variant::Scoring,
        _ => Variant::Standard,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn the_game_plays_what_the_rules_allow(
        size in prop::sample::select(vec![5u8, 7, 9]),
        four in any::<bool>(),
        variant in any::<u8>(),
        picks in prop::collection::vec((any::<prop::sample::Index>(), 0u64..5_000, any::<bool>()), 1..160),
    ) {
        let players = if four && size >= 5 { 4 } else { 2 };
        let clock = TimeControl::Fischer { initial: Duration::from_secs(600), increment: Duration::from_secs(1) };
        let mut room = one_screen(size, players, variant_of(variant), Some(clock));
        let mut reference = Game::new(room.settings.ruleset().unwrap());
        let mut now = Moment::ZERO;
        for (pick, wait, try_a_wrong_one) in picks {
            if room.status() != Status::Playing {
                break;
            }
            now = now + Duration::from_millis(wait);
            let position = *reference.position();
            prop_assert_eq!(room.game.position(), &position);
            let legal = position.legal_moves();
            if try_a_wrong_one {
                // A fence anywhere: refused exactly when the rules refuse
                // it, and a refusal changes nothing.
                let fences: Vec<Move> = Fence::slots(size).map(Move::Fence).collect();
                if let Some(&mv) = fences.get(pick.index(fences.len().max(1))) {
                    let before = room.clone();
                    match room.apply(HOLDER, Action::Move(mv), now) {
                        Ok(()) => prop_assert!(legal.contains(&mv), "{mv} played, which the rules refuse"),
                        Err(RoomError::Illegal(_)) => {
                            prop_assert!(!legal.contains(&mv), "{mv} refused, which the rules allow");
                            prop_assert_eq!(room.version, before.version);
                            prop_assert_eq!(room.game.entries(), before.game.entries());
                            continue;
                        }
                        Err(err) => prop_assert!(false, "{mv}: {err}"),
                    }
                    reference.play(mv).unwrap();
                    pass_when_forced(&mut reference);
                    continue;
                }
            }
            let mv = legal[pick.index(legal.len())];
            let left_before = room.remaining_at(now).unwrap();
            room.apply(HOLDER, Action::Move(mv), now).unwrap();
            reference.play(mv).unwrap();
            pass_when_forced(&mut reference);
            // The clock of the seat that moved lost at most the wait, and
            // gained at most the increment; nobody else's moved.
            let left_after = room.clocks.as_ref().unwrap().remaining_ms.clone();
            let mover = position.turn_index();
            prop_assert!(left_after[mover] <= left_before[mover] + 1_000 * 4);
            prop_assert_eq!(room.meta.len(), room.game.entries().len());
        }
        prop_assert_eq!(room.game.position(), reference.position());
        prop_assert_eq!(room.status() == Status::Over, reference.is_over());
        if let Some((outcome, termination)) = reference.result() {
            let result = room.result().unwrap();
            prop_assert_eq!(result.termination, termination.name());
            prop_assert_eq!(result.draw, outcome == quoridor_rules::Outcome::Draw);
        }
        // Undo goes back to a position the rules went through.
        let entries = room.game.entries().len();
        if entries > 0 {
            room.apply(HOLDER, Action::Undo, now).unwrap();
            let back = room.game.entries().len();
            prop_assert!(back < entries);
            prop_assert_eq!(room.game.position(), reference.position_at(back).unwrap());
            prop_assert_eq!(room.meta.len(), back);
            prop_assert_eq!(room.status(), if back == 0 || !reference.position_at(back).unwrap().is_over() { Status::Playing } else { Status::Over });
        }
    }
}
