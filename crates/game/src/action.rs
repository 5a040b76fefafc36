//! What a player does to a game: one enum that the HTTP routes and the
//! WebSocket messages both turn into, applied by one function
//! ([`RoomState::apply`]).

use quoridor_rules::{Move, Seat};
use serde::{Deserialize, Serialize};

use crate::error::RoomError;
use crate::moment::Moment;
use crate::room::RoomState;

/// The answers to a draw offer or a takeback request, and the offer itself.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DrawAction {
    Offer,
    Accept,
    Decline,
}

/// A player's action on a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A move for the seat to move.
    Move(Move),
    /// A seat resigns: the one named, else the holder's seat to move, else
    /// its only seat still playing.
    Resign(Option<Seat>),
    Draw(DrawAction),
    /// Takes back to the holder's last turn (private games only).
    Undo,
    /// Asks the other players to take back the holder's last move, or
    /// answers such a request (casual online games).
    Takeback(DrawAction),
    /// Leaves a game nobody has moved in yet (before both sides have
    /// moved): it ends without a result.
    Abort,
    /// The other players' pages have been gone [`crate::room::CLAIM_TIME`]: the
    /// win (they resign) or a draw.
    Claim(Claim),
}

/// What a player claims when the others have gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Claim {
    Win,
    Draw,
}

impl RoomState {
    /// Carries out `action` for the seats `holder` holds. On an error the
    /// game is as it was.
    pub fn apply(&mut self, holder: &str, action: Action, now: Moment) -> Result<(), RoomError> {
        match action {
            Action::Move(mv) => {
                let seats = self.require_holder(holder)?;
                self.play_move(Some(&seats), mv, now)
            }
            Action::Resign(seat) => self.resign(holder, seat, now),
            Action::Draw(draw) => self.draw(holder, draw, now),
            Action::Undo => self.undo(holder, now),
            Action::Takeback(answer) => self.takeback(holder, answer, now),
            Action::Abort => self.abort(holder, now),
            Action::Claim(claim) => self.claim(holder, claim, now),
        }
    }
}
