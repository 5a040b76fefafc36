//! What a player may do besides a move: abort a game not yet begun,
//! resign, offer or answer a draw, ask the others to take a move back (or
//! take moves back at once in a private game); and what an organiser
//! may decide for a game of theirs (a forfeit, a draw).

use quoridor_engine::Controller;
use quoridor_rules::{Entry, GameError, Seat};

use crate::action::DrawAction;
use crate::error::{PrivateOnly, RoomError};
use crate::moment::Moment;
use crate::room::{Abort, AbortWhy, Offer, RoomState, Status};

/// What a tournament's organiser (or a class's teacher) decides for a game
/// in progress: a seat loses by forfeit (an absent or withdrawn player),
/// or the game is a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Forfeit(Seat),
    Draw,
}

/// Whether an offer waits for an answer from one of `mine`.
fn waits_for(waiting: &[Seat], mine: &[Seat]) -> Result<(), RoomError> {
    if waiting.iter().any(|w| mine.contains(w)) {
        Ok(())
    } else {
        Err(RoomError::OfferNotForYou)
    }
}

/// `mine` answer the `offer` waiting (a draw, a takeback): accepted, they
/// are no longer waited for; declined, the offer goes. `none`: the error
/// when no offer waits.
fn answer(
    offer: &mut Option<Offer>,
    accept: bool,
    mine: &[Seat],
    none: RoomError,
) -> Result<(), RoomError> {
    let Some(open) = offer.as_mut() else {
        return Err(none);
    };
    waits_for(&open.waiting, mine)?;
    if accept {
        open.waiting.retain(|w| !mine.contains(w));
    } else {
        *offer = None;
    }
    Ok(())
}

impl RoomState {
    /// Ends the game as the organiser decided (their right is checked by
    /// the caller). A forfeit is written as the seat's resignation.
    pub fn decide(&mut self, decision: Decision, now: Moment) -> Result<(), RoomError> {
        if self.status() == Status::Over {
            return Err(RoomError::GameOver);
        }
        match decision {
            Decision::Forfeit(seat) => self.resign_seat(seat, now),
            Decision::Draw => {
                let seat = self.game.position().turn();
                self.draw_offer = None;
                self.push_entry(Entry::DrawAgreed, seat, None, now);
                Ok(())
            }
        }
    }

    pub(crate) fn end_aborted(&mut self, abort: Abort, now: Moment) {
        if let Some(clocks) = &mut self.clocks {
            clocks.turn_started = None;
        }
        self.aborted = true;
        self.abort = Some(abort);
        self.draw_offer = None;
        self.turn_began = now;
        self.changed_history();
    }

    /// A holder leaves a game before every seat has moved once: it ends
    /// without a result.
    pub fn abort(&mut self, holder: &str, now: Moment) -> Result<(), RoomError> {
        let seats = self.require_holder(holder)?;
        if self.status() == Status::Over {
            return Err(RoomError::GameOver);
        }
        if !self.abort_allowed() {
            return Err(RoomError::TooLateToAbort);
        }
        let turn = self.game.position().turn();
        // On one screen, the seat to move; else the holder's seat.
        let seat = if seats.contains(&turn) {
            turn
        } else {
            seats[0]
        };
        self.end_aborted(
            Abort {
                seat,
                why: AbortWhy::Aborted,
            },
            now,
        );
        Ok(())
    }

    /// A game that waited too long for its players ends without a result
    /// (the first free seat named); one no longer waiting is left alone.
    pub fn nobody_came(&mut self, now: Moment) -> Result<(), RoomError> {
        if self.status() != Status::Waiting {
            return Err(RoomError::Stale);
        }
        let seat = self
            .seats
            .iter()
            .find(|s| s.is_free())
            .map(|s| s.seat)
            .ok_or(RoomError::Stale)?;
        self.end_aborted(
            Abort {
                seat,
                why: AbortWhy::NobodyCame,
            },
            now,
        );
        Ok(())
    }

    /// A seat resigns: `seat`, or else the holder's seat to move, or else
    /// its only seat still playing.
    pub fn resign(
        &mut self,
        holder: &str,
        seat: Option<Seat>,
        now: Moment,
    ) -> Result<(), RoomError> {
        let seats = self.require_holder(holder)?;
        if self.status() == Status::Over {
            return Err(RoomError::GameOver);
        }
        let pos = *self.game.position();
        let playing: Vec<Seat> = seats.iter().copied().filter(|&s| !pos.is_out(s)).collect();
        let seat = match seat {
            Some(seat) if seats.contains(&seat) => seat,
            Some(seat) => return Err(RoomError::NotYourSeat(seat)),
            None if playing.contains(&pos.turn()) => pos.turn(),
            None => *playing.first().ok_or(RoomError::NoSeatPlaying)?,
        };
        self.resign_seat(seat, now)
    }

    /// `seat` resigns (the holder checked): with four players it leaves the
    /// game, and the clock of the seat to move runs on.
    pub(crate) fn resign_seat(&mut self, seat: Seat, now: Moment) -> Result<(), RoomError> {
        let pos = *self.game.position();
        let mut probe = self.game.clone();
        probe.resign(seat).map_err(|err| match err {
            GameError::GameOver => RoomError::GameOver,
            GameError::NotPlaying(_) => RoomError::NoSeatPlaying,
            GameError::Illegal(err) => RoomError::Illegal(err),
        })?;
        if seat != pos.turn() {
            // The clock of the seat to move keeps running; only the history
            // changes.
            let started = self.clocks.as_ref().and_then(|c| c.turn_started);
            let remaining = self.clocks.as_ref().map(|c| c.remaining_ms.clone());
            self.push_entry(Entry::Resign(seat), seat, None, now);
            if let (Some(clocks), Some(started), Some(remaining)) =
                (&mut self.clocks, started, remaining)
            {
                if !self.game.is_over() {
                    clocks.turn_started = Some(started);
                    clocks.remaining_ms = remaining;
                }
            }
            if let (Some(meta), Some(clocks)) = (self.meta.last_mut(), &self.clocks) {
                meta.ms = 0;
                meta.clock_after = Some(clocks.remaining_ms.clone());
            }
        } else {
            self.push_entry(Entry::Resign(seat), seat, None, now);
        }
        self.pass_when_forced(now);
        Ok(())
    }

    /// Offers, accepts or declines a draw. AI seats accept when they are
    /// not ahead in the race (their path is longer than the best other's).
    pub fn draw(&mut self, holder: &str, action: DrawAction, now: Moment) -> Result<(), RoomError> {
        let seats = self.require_holder(holder)?;
        match self.status() {
            Status::Over => return Err(RoomError::GameOver),
            Status::Waiting => return Err(RoomError::NotStarted),
            Status::Playing => {}
        }
        let pos = *self.game.position();
        let mine: Vec<Seat> = seats.into_iter().filter(|&s| !pos.is_out(s)).collect();
        match action {
            DrawAction::Offer => {
                let by = *mine.first().ok_or(RoomError::NoSeatPlaying)?;
                let mut waiting = Vec::new();
                for slot in &self.seats {
                    if pos.is_out(slot.seat) || slot.held_by(holder) {
                        continue;
                    }
                    match slot.kind {
                        Controller::Human => waiting.push(slot.seat),
                        Controller::Ai(_) => {
                            if !quoridor_engine::controller::accepts_draw(&pos, slot.seat) {
                                return Err(RoomError::AiDeclinesDraw(slot.seat));
                            }
                        }
                    }
                }
                self.draw_offer = Some(Offer { by, waiting });
            }
            DrawAction::Accept | DrawAction::Decline => {
                answer(
                    &mut self.draw_offer,
                    action == DrawAction::Accept,
                    &mine,
                    RoomError::NoDrawOffer,
                )?;
            }
        }
        if self
            .draw_offer
            .as_ref()
            .is_some_and(|offer| offer.waiting.is_empty())
        {
            let seat = pos.turn();
            self.push_entry(Entry::DrawAgreed, seat, None, now);
        } else {
            self.version += 1;
        }
        Ok(())
    }

    /// Why this game has no takebacks between its players, if it has none:
    /// a private game takes moves back at once ([`RoomState::undo`]); a
    /// rated, tournament or class game never; nor one with the computer at
    /// the board (it cannot answer).
    pub fn takeback_refused(&self) -> Option<&'static str> {
        if self.is_private() {
            Some("a game against the computer or on one screen takes moves back with undo")
        } else if self.settings.rated && !self.settings.rated_takebacks {
            Some("no takeback in a rated game unless both players agreed to them")
        } else if self.settings.competition || self.settings.tournament.is_some() {
            Some("no takeback in a tournament's or a class's game")
        } else if self.seats.iter().any(|s| !s.kind.is_human()) {
            Some("no takeback in a game with the computer at the board")
        } else {
            None
        }
    }

    /// Asks the other players to take back the holder's last move, or
    /// answers such a request. Once every other player still playing has
    /// accepted, the game goes back to before that move (its clocks as
    /// they were then); one refusal ends the request, and a move withdraws
    /// it. Casual online games only ([`RoomState::takeback_refused`]).
    pub fn takeback(
        &mut self,
        holder: &str,
        action: DrawAction,
        now: Moment,
    ) -> Result<(), RoomError> {
        let seats = self.require_holder(holder)?;
        if let Some(why) = self.takeback_refused() {
            return Err(RoomError::NoTakeback(why));
        }
        match self.status() {
            Status::Over => return Err(RoomError::GameOver),
            Status::Waiting => return Err(RoomError::NotStarted),
            Status::Playing => {}
        }
        let pos = *self.game.position();
        let mine: Vec<Seat> = seats.into_iter().filter(|&s| !pos.is_out(s)).collect();
        match action {
            DrawAction::Offer => {
                let by = *mine.first().ok_or(RoomError::NoSeatPlaying)?;
                if !self.meta.iter().any(|m| m.seat == by) {
                    return Err(RoomError::NothingToUndo);
                }
                let waiting = self
                    .seats
                    .iter()
                    .filter(|s| !pos.is_out(s.seat) && !s.held_by(holder))
                    .map(|s| s.seat)
                    .collect();
                self.takeback_offer = Some(Offer { by, waiting });
            }
            DrawAction::Accept | DrawAction::Decline => {
                answer(
                    &mut self.takeback_offer,
                    action == DrawAction::Accept,
                    &mine,
                    RoomError::NoTakebackOffer,
                )?;
            }
        }
        match &self.takeback_offer {
            Some(offer) if offer.waiting.is_empty() => {
                let by = offer.by;
                let keep = self
                    .meta
                    .iter()
                    .rposition(|m| m.seat == by)
                    .ok_or(RoomError::NothingToUndo)?;
                self.cut_history(keep, now)?;
            }
            _ => self.version += 1,
        }
        Ok(())
    }

    /// Takes back moves to the last time one of the holder's seats was to
    /// move (against the AI: its reply and your move; on one screen: the
    /// last move). Only in private games.
    pub fn undo(&mut self, holder: &str, now: Moment) -> Result<(), RoomError> {
        let seats = self.require_holder(holder)?;
        if !self.is_private() {
            return Err(RoomError::PrivateOnly(PrivateOnly::Undo));
        }
        let keep = self
            .meta
            .iter()
            .rposition(|m| seats.contains(&m.seat))
            .ok_or(RoomError::NothingToUndo)?;
        self.cut_history(keep, now)
    }
}
