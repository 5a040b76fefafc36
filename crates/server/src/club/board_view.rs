//! A board at a glance, as the teacher's thumbnails and a tournament's
//! page show it; below the class's views and the tournament's, which both
//! carry boards.

use quoridor_rules::Seat;
use serde::{Deserialize, Serialize};

use super::tournament::rounds::Outcome;
use quoridor_game::wire;
use quoridor_game::{RoomState, Status, Theme};

/// The board side a game has unless asked otherwise.
pub(super) fn nine() -> u8 {
    9
}

/// A board at a glance: for the teacher's thumbnails and the tournament page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardView {
    pub id: String,
    pub size: u8,
    pub theme: Theme,
    /// Names in turn order.
    pub names: Vec<String>,
    /// The computer's level of each seat it plays, in turn order (the
    /// pages say "Computer 2" in their language for its default name).
    #[serde(default)]
    pub levels: Vec<Option<u8>>,
    #[serde(with = "wire::seats")]
    pub seats: Vec<Seat>,
    /// Pawn squares in turn order.
    pub pawns: Vec<String>,
    pub fences: Vec<String>,
    pub fences_left: Vec<u32>,
    #[serde(with = "wire::seat")]
    pub turn: Seat,
    pub ply: u32,
    pub status: Status,
    #[serde(with = "wire::seats")]
    pub winners: Vec<Seat>,
    pub draw: bool,
    /// Steps to the goal per seat (who is winning the race).
    pub distances: Vec<Option<u32>>,
    /// The seat ahead in the race (fewest steps, the turn counted), while
    /// the game goes on.
    #[serde(with = "wire::opt_seat")]
    pub ahead: Option<Seat>,
    pub version: u64,
}

impl BoardView {
    pub fn of(room: &RoomState) -> BoardView {
        let pos = room.game.position();
        let seats = pos.seats().to_vec();
        let status = room.status();
        let result = room.result();
        let distances = pos.distances();
        let ahead = (status == Status::Playing)
            .then(|| {
                // Steps left, counting that the side to move is a half-step ahead.
                let turn = pos.turn();
                seats
                    .iter()
                    .zip(&distances)
                    .filter_map(|(&s, d)| d.map(|d| (2 * d + u32::from(s != turn), s)))
                    .min_by_key(|&(d, _)| d)
                    .map(|(_, s)| s)
            })
            .flatten();
        BoardView {
            id: room.id.clone(),
            size: room.settings.size,
            theme: room.settings.theme,
            names: room.seats.iter().map(|s| s.name.clone()).collect(),
            levels: room
                .seats
                .iter()
                .map(|s| s.kind.level().map(|l| l.number()))
                .collect(),
            pawns: seats.iter().map(|&s| pos.pawn(s).to_string()).collect(),
            fences: pos.fences().map(|f| f.to_string()).collect(),
            fences_left: seats
                .iter()
                .map(|&s| u32::from(pos.fences_left(s)))
                .collect(),
            seats,
            turn: pos.turn(),
            ply: pos.ply(),
            status,
            winners: result
                .as_ref()
                .map(|r| r.winners.clone())
                .unwrap_or_default(),
            draw: result.as_ref().is_some_and(|r| r.draw),
            distances,
            ahead,
            version: room.version,
        }
    }

    /// The outcome for the first seat, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.status != Status::Over {
            return None;
        }
        Some(match self.winners.first() {
            Some(w) if self.seats.first() == Some(w) => Outcome::FirstWins,
            Some(_) => Outcome::SecondWins,
            None => Outcome::Draw,
        })
    }
}
