//! A rematch as an offer: made once every player of the game has asked
//! for it (at once where one person holds every human seat: against the
//! AI, or on one screen); any of the others may decline it.

use crate::error::RoomError;
use crate::room::{RoomState, Status};

impl RoomState {
    /// The holder asks for a rematch of this finished game: whether every
    /// player has now asked, so that it is to be made.
    pub fn ask_rematch(&mut self, holder: &str) -> Result<bool, RoomError> {
        let mine = self.require_holder(holder)?;
        if self.status() != Status::Over {
            return Err(RoomError::NotOver);
        }
        if self.settings.tournament.is_some() {
            return Err(RoomError::TournamentGame);
        }
        for seat in mine {
            if !self.rematch_asked.contains(&seat) {
                self.rematch_asked.push(seat);
                self.version += 1;
            }
        }
        let everyone = self
            .seats
            .iter()
            .filter(|s| s.kind.is_human())
            .all(|s| self.rematch_asked.contains(&s.seat));
        Ok(everyone)
    }

    /// One of the others declines the rematch offered.
    pub fn decline_rematch(&mut self, holder: &str) -> Result<(), RoomError> {
        let mine = self.require_holder(holder)?;
        let offered = !self.rematch_asked.is_empty()
            && self.rematch.is_none()
            && mine.iter().any(|s| !self.rematch_asked.contains(s));
        if !offered {
            return Err(RoomError::NoRematchOffer);
        }
        self.rematch_asked.clear();
        self.version += 1;
        Ok(())
    }
}
