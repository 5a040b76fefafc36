//! Takebacks between the players of an online game ([`RoomState::takeback`]).

use quoridor_rules::Seat;

use super::tests::{online, play, ANA, BOB};
use super::*;
use crate::action::{Action, DrawAction};

fn takeback(
    room: &mut RoomState,
    holder: &str,
    answer: DrawAction,
    now: Moment,
) -> Result<(), RoomError> {
    room.apply(holder, Action::Takeback(answer), now)
}

#[test]
fn a_takeback_accepted_goes_back_to_before_the_askers_last_move() {
    let t = Moment::from_millis(1_000_000);
    let mut room = online(None, t);
    room.join(BOB, None, None, None, false, t).unwrap();
    assert_eq!(room.takeback_refused(), None);
    assert_eq!(
        takeback(&mut room, ANA, DrawAction::Offer, t),
        Err(RoomError::NothingToUndo),
        "nothing of Ana's to take back yet"
    );
    assert_eq!(
        takeback(&mut room, BOB, DrawAction::Accept, t),
        Err(RoomError::NoTakebackOffer)
    );
    play(&mut room, ANA, "e2", t).unwrap();
    play(&mut room, BOB, "e8", t).unwrap();
    takeback(&mut room, ANA, DrawAction::Offer, t).unwrap();
    let offer = room.takeback_offer.clone().unwrap();
    assert_eq!((offer.by, offer.waiting), (Seat::South, vec![Seat::North]));
    assert_eq!(
        takeback(&mut room, ANA, DrawAction::Accept, t),
        Err(RoomError::OfferNotForYou)
    );
    assert_eq!(
        takeback(&mut room, ANA, DrawAction::Decline, t),
        Err(RoomError::OfferNotForYou)
    );
    let epoch = room.epoch;
    takeback(&mut room, BOB, DrawAction::Accept, t).unwrap();
    // Ana's e2 and Bob's answer are taken back: Ana is to move again.
    assert!(room.game.entries().is_empty());
    assert_eq!(room.game.position().turn(), Seat::South);
    assert!(room.takeback_offer.is_none());
    assert!(room.epoch > epoch, "the history changed");
}

#[test]
fn a_takeback_declined_or_passed_over_by_a_move_ends() {
    let t = Moment::from_millis(1_000_000);
    let mut room = online(None, t);
    room.join(BOB, None, None, None, false, t).unwrap();
    play(&mut room, ANA, "e2", t).unwrap();
    takeback(&mut room, ANA, DrawAction::Offer, t).unwrap();
    takeback(&mut room, BOB, DrawAction::Decline, t).unwrap();
    assert!(room.takeback_offer.is_none());
    assert_eq!(room.game.entries().len(), 1, "nothing taken back");
    takeback(&mut room, ANA, DrawAction::Offer, t).unwrap();
    play(&mut room, BOB, "e8", t).unwrap();
    assert!(
        room.takeback_offer.is_none(),
        "a move withdraws the request"
    );
    assert_eq!(
        takeback(&mut room, BOB, DrawAction::Accept, t),
        Err(RoomError::NoTakebackOffer)
    );
}

#[test]
fn rated_competition_and_private_games_have_no_takeback() {
    let t = Moment::from_millis(1_000_000);
    let mut rated = online(None, t);
    rated.join(BOB, None, None, None, false, t).unwrap();
    play(&mut rated, ANA, "e2", t).unwrap();
    rated.settings.rated = true;
    assert!(matches!(
        takeback(&mut rated, ANA, DrawAction::Offer, t),
        Err(RoomError::NoTakeback(_))
    ));
    // Both players agreed to takebacks (the challenge's terms): the
    // opponent still answers each request.
    rated.settings.rated_takebacks = true;
    assert_eq!(rated.takeback_refused(), None);
    takeback(&mut rated, ANA, DrawAction::Offer, t).unwrap();
    takeback(&mut rated, BOB, DrawAction::Decline, t).unwrap();
    rated.settings.rated_takebacks = false;
    rated.settings.rated = false;
    rated.settings.competition = true;
    assert!(matches!(
        takeback(&mut rated, ANA, DrawAction::Offer, t),
        Err(RoomError::NoTakeback(_))
    ));
    rated.settings.competition = false;
    rated.settings.tournament = Some("cup".into());
    assert!(rated.takeback_refused().is_some());
    // A game on one screen takes moves back with undo instead.
    let mut alone = online(None, t);
    alone.seats[1].holder = Some(ANA.into());
    assert!(alone.takeback_refused().is_some());
    assert_eq!(RoomError::NoTakeback("x").code(), "not_allowed");
}

#[test]
fn a_takeback_gives_the_clocks_back_as_they_were() {
    let t = Moment::from_millis(1_000_000);
    let at = |ms: u64| t + std::time::Duration::from_millis(ms);
    let clock = quoridor_engine::TimeControl::Fischer {
        initial: std::time::Duration::from_secs(60),
        increment: std::time::Duration::ZERO,
    };
    let mut room = online(Some(clock), t);
    room.join(BOB, None, None, None, false, t).unwrap();
    play(&mut room, ANA, "e2", at(1_000)).unwrap();
    play(&mut room, BOB, "e8", at(3_000)).unwrap();
    let after_answer = room.clocks.as_ref().unwrap().remaining_ms.clone();
    play(&mut room, ANA, "e3", at(10_000)).unwrap();
    takeback(&mut room, ANA, DrawAction::Offer, at(11_000)).unwrap();
    takeback(&mut room, BOB, DrawAction::Accept, at(12_000)).unwrap();
    assert_eq!(room.game.entries().len(), 2);
    assert_eq!(room.game.position().turn(), Seat::South);
    // Ana's 7 s on e3 are hers again: the clocks read as after Bob's e8.
    assert_eq!(room.clocks.as_ref().unwrap().remaining_ms, after_answer);
}
