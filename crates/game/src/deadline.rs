//! A game's clocks in play: whose runs, when it falls, what each seat has
//! left, and a first move that waits too long.

use std::time::Duration;

use quoridor_rules::Entry;

use crate::error::RoomError;
use crate::moment::Moment;
use crate::room::{Abort, AbortWhy, RoomState, Status, ARRIVAL_TIME, FIRST_MOVE_TIME};

impl RoomState {
    /// Whether the clock of the seat to move is running now: a clock, the
    /// game going on, and not the seat's first move (in a tournament's game
    /// the first move is timed too, so that a player who never comes loses
    /// on time and the round can end).
    pub fn clock_runs(&self) -> bool {
        self.status() == Status::Playing
            && self
                .clocks
                .as_ref()
                .is_some_and(|c| c.turn_started.is_some())
            && (self.settings.competition
                || self.settings.is_correspondence()
                || self.has_moved(self.game.position().turn()))
    }

    /// Whether a first move that waits too long aborts the game: an online
    /// game with a clock, before every seat has moved. The seat to move has
    /// [`FIRST_MOVE_TIME`] from its turn, or from the moment its player
    /// opened the game if later; a player who has not opened it is waited
    /// for [`ARRIVAL_TIME`] (a rematch made while they looked elsewhere is
    /// not lost against them). A turn-based game gives a first move its
    /// days, like any move (its clock runs from the start).
    pub fn first_move_deadline(&self) -> Option<Moment> {
        // A tournament's game is not aborted: its organiser decides it.
        let online = !self.is_private() && !self.settings.competition;
        let waiting = self.status() == Status::Playing
            && self.clocks.is_some()
            && online
            && !self.has_moved(self.game.position().turn())
            && !self.everyone_moved();
        if !waiting {
            return None;
        }
        if self.settings.is_correspondence() {
            return self.clock_deadline();
        }
        let arrived = self.arrived_at[self.game.position().turn_index()];
        Some(match arrived {
            Some(at) => at.max(self.turn_began) + FIRST_MOVE_TIME,
            None => self.turn_began + ARRIVAL_TIME,
        })
    }

    /// When the running clock of the seat to move falls.
    fn clock_deadline(&self) -> Option<Moment> {
        if !self.clock_runs() {
            return None;
        }
        let clocks = self.clocks.as_ref()?;
        let started = clocks.turn_started?;
        let left = clocks.remaining_ms[self.game.position().turn_index()];
        Some(started + Duration::from_millis(left))
    }

    /// When the running clock falls (or a first move is overdue), if ever.
    pub fn deadline(&self) -> Option<Moment> {
        self.first_move_deadline().or_else(|| self.clock_deadline())
    }

    /// Each seat's time left at `now`.
    pub fn remaining_at(&self, now: Moment) -> Option<Vec<u64>> {
        let clocks = self.clocks.as_ref()?;
        let turn = self.game.position().turn_index();
        let runs = self.clock_runs();
        Some(
            (0..clocks.remaining_ms.len())
                .map(|i| clocks.left_at(i, runs && i == turn, now))
                .collect(),
        )
    }

    pub(crate) fn start_clock_if_ready(&mut self, now: Moment) {
        let playing = self.status() == Status::Playing;
        if let Some(clocks) = &mut self.clocks {
            if playing && clocks.turn_started.is_none() {
                clocks.turn_started = Some(now);
            }
        }
    }

    /// The deadline has passed: the seat to move loses on time (or, with
    /// four players, leaves the game), or the game is aborted if it was a
    /// first move. Does nothing (`NotYet`) before the deadline.
    pub fn expire(&mut self, now: Moment) -> Result<(), RoomError> {
        if self.deadline().is_none_or(|d| d > now) {
            return Err(RoomError::NotYet);
        }
        if self.first_move_deadline().is_some() {
            let seat = self.game.position().turn();
            let opened = self.arrived_at[self.game.position().turn_index()].is_some();
            let why = if opened || self.settings.is_correspondence() {
                AbortWhy::NoFirstMove
            } else {
                AbortWhy::NeverOpened
            };
            self.end_aborted(Abort { seat, why }, now);
            return Ok(());
        }
        let seat = self.game.position().turn();
        if self.game.clone().timeout(seat).is_err() {
            return Err(RoomError::NotYet);
        }
        let index = self.game.position().turn_index();
        if let Some(clocks) = &mut self.clocks {
            // The seat used all of its time, not the few milliseconds more
            // the timer took to fire.
            clocks.remaining_ms[index] = 0;
            clocks.turn_started = Some(now);
        }
        self.push_entry(Entry::Timeout(seat), seat, None, now);
        self.pass_when_forced(now);
        Ok(())
    }
}
