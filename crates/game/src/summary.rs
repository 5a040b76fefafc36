//! A game in one line, for the lists of open, live and finished games. The
//! database keeps it beside each game (so that finished games are listed
//! without being read back) and the API sends it as it is.

use quoridor_engine::Controller;
use quoridor_rules::Seat;
use serde::{Deserialize, Serialize};

use crate::room::{RoomState, Status};
use crate::settings::Settings;
use crate::wire;

/// A seat in a list line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSummary {
    #[serde(with = "wire::seat")]
    pub seat: Seat,
    /// `human` or `ai`.
    pub kind: String,
    pub name: String,
    pub taken: bool,
    pub level: Option<u8>,
}

/// A line of the list of games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    pub id: String,
    pub created_ms: u64,
    pub settings: Settings,
    pub seats: Vec<SeatSummary>,
    pub status: Status,
    pub ply: u32,
    pub spectators: u32,
    /// Whether a person can still play in it from another browser: an
    /// online game (not against the AI only, not on one screen).
    #[serde(default)]
    pub online: bool,
}

/// `human` or `ai`, the kind of a seat in the API.
pub fn kind_name(kind: Controller) -> &'static str {
    match kind {
        Controller::Human => "human",
        Controller::Ai(_) => "ai",
    }
}

impl Summary {
    pub fn of(room: &RoomState) -> Summary {
        Summary {
            id: room.id.clone(),
            created_ms: room.created_ms,
            settings: room.settings.clone(),
            seats: room
                .seats
                .iter()
                .map(|slot| SeatSummary {
                    seat: slot.seat,
                    kind: kind_name(slot.kind).into(),
                    name: slot.name.clone(),
                    taken: !slot.is_free(),
                    level: slot.kind.level().map(|l| l.number()),
                })
                .collect(),
            status: room.status(),
            ply: room.game.position().ply(),
            spectators: room.spectators,
            online: !room.is_private(),
        }
    }
}
