//! What the tournament routes send and receive, typed (a class's own
//! routes are in `view`).

use quoridor_engine::TimeControl;
use serde::{Deserialize, Serialize};

use super::board_view::{nine, BoardView};
use super::tournament::rounds::{Format, Outcome, Standing};
use super::tournament::{Stage, Tournament};
use quoridor_game::wire;

// ---- Requests ----

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTournamentRequest {
    pub name: String,
    pub format: Format,
    #[serde(default)]
    pub rounds: Option<usize>,
    #[serde(default = "nine")]
    pub size: u8,
    #[serde(default)]
    pub fences: Option<u32>,
    #[serde(default, with = "wire::clock")]
    pub clock: Option<TimeControl>,
    /// A class's tournament: the teacher's token, and its pupils play.
    #[serde(default)]
    pub class: Option<String>,
    /// The pupils who play (all by default), for a class's tournament.
    #[serde(default)]
    pub pupils: Option<Vec<u32>>,
    /// AI players (levels) to fill the field.
    #[serde(default)]
    pub ai: Vec<u8>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AddPlayerRequest {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub ai: Option<u8>,
}

/// The organiser's decision for a game of the round being played: the
/// first player wins (the second forfeits), the second wins, or a draw.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DecideRequest {
    pub game: String,
    pub outcome: Outcome,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WithdrawRequest {
    pub player: usize,
}

// ---- Answers ----

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EntrantView {
    pub index: usize,
    pub name: String,
    pub ai: Option<u8>,
    pub withdrawn: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PairingView {
    pub first: usize,
    pub second: Option<usize>,
    pub game: Option<String>,
    pub outcome: Option<Outcome>,
    /// The board now (games in progress and finished, this round).
    pub board: Option<BoardView>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StandingView {
    pub rank: usize,
    pub player: usize,
    pub name: String,
    /// Points, e.g. 2.5.
    pub points: f64,
    pub buchholz: f64,
    pub sonneborn_berger: f64,
    pub played: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub byes: u32,
}

impl StandingView {
    pub fn of(row: &Standing, t: &Tournament) -> StandingView {
        StandingView {
            rank: row.rank,
            player: row.player,
            name: t.players[row.player].name.clone(),
            points: f64::from(row.half_points) / 2.0,
            buchholz: f64::from(row.buchholz) / 2.0,
            sonneborn_berger: f64::from(row.sonneborn_berger) / 4.0,
            played: row.played,
            wins: row.wins,
            draws: row.draws,
            losses: row.losses,
            byes: row.byes,
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TournamentView {
    pub id: String,
    pub code: String,
    pub name: String,
    pub class: Option<String>,
    pub format: Format,
    pub stage: Stage,
    pub total_rounds: usize,
    pub size: u8,
    pub fences: Option<u32>,
    #[serde(with = "wire::clock")]
    pub clock: Option<TimeControl>,
    pub players: Vec<EntrantView>,
    pub rounds: Vec<Vec<PairingView>>,
    pub standings: Vec<StandingView>,
    /// The player this token holds, if any.
    pub you: Option<usize>,
    pub organiser: bool,
    /// Where players join, as other machines reach this server (the
    /// organiser's view only; empty otherwise).
    pub join_url: String,
    pub version: u64,
}
