//! Who is at the game: each seat's open connections, when the last one
//! closed, and the win or a draw claimed against players who have gone.

use std::time::Duration;

use quoridor_rules::{Entry, Seat};

use crate::action::Claim;
use crate::error::RoomError;
use crate::moment::Moment;
use crate::room::{RoomState, Status, CLAIM_TIME};

impl RoomState {
    /// A connection opened (`arriving`) or closed, of `seats` (none: a
    /// spectator's).
    pub fn count_connection(&mut self, seats: &[Seat], arriving: bool, now: Moment) {
        let step = |n: &mut u32| {
            *n = if arriving {
                n.saturating_add(1)
            } else {
                n.saturating_sub(1)
            }
        };
        if seats.is_empty() {
            step(&mut self.spectators);
        }
        for seat in seats {
            if let Some(i) = self.seats.iter().position(|s| s.seat == *seat) {
                step(&mut self.connections[i]);
                if arriving && self.arrived_at[i].is_none() {
                    self.arrived_at[i] = Some(now);
                }
                self.left_at[i] = (self.connections[i] == 0).then_some(now);
            }
        }
    }

    /// How long seat `i`'s player has been gone at `now`: a human seat of
    /// an online game being played, whose last page closed (a player who
    /// never opened one, playing over HTTP, is never gone). In a turn-based
    /// game players come and go between moves: only its clock decides.
    pub fn gone_for(&self, i: usize, now: Moment) -> Option<Duration> {
        let slot = &self.seats[i];
        let playing = self.status() == Status::Playing
            && !self.is_private()
            && !self.settings.is_correspondence();
        if !playing || !slot.kind.is_human() || self.game.position().is_out(slot.seat) {
            return None;
        }
        if self.connections[i] > 0 {
            return None;
        }
        self.left_at[i].map(|t| now.saturating_duration_since(t))
    }

    /// The others' seats gone [`CLAIM_TIME`] or more, for a claim by the
    /// holder of `mine`.
    fn gone_seats(&self, mine: &[Seat], now: Moment) -> Vec<Seat> {
        (0..self.seats.len())
            .filter(|&i| !mine.contains(&self.seats[i].seat))
            .filter(|&i| self.gone_for(i, now).is_some_and(|d| d >= CLAIM_TIME))
            .map(|i| self.seats[i].seat)
            .collect()
    }

    /// The others have gone: the holder claims the win (each seat gone
    /// resigns) or a draw.
    pub fn claim(&mut self, holder: &str, claim: Claim, now: Moment) -> Result<(), RoomError> {
        let mine = self.require_holder(holder)?;
        if self.status() == Status::Over {
            return Err(RoomError::GameOver);
        }
        let gone = self.gone_seats(&mine, now);
        if gone.is_empty() {
            return Err(RoomError::NobodyGone);
        }
        match claim {
            Claim::Win => {
                for seat in gone {
                    if self.status() == Status::Playing {
                        self.resign_seat(seat, now)?;
                        self.left_seats.push(seat);
                    }
                }
            }
            Claim::Draw => {
                let seat = self.game.position().turn();
                self.push_entry(Entry::DrawAgreed, seat, None, now);
            }
        }
        self.draw_offer = None;
        Ok(())
    }
}
