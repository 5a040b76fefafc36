//! A game's analysis as the API sends it (API.md, "Computer analysis").

use quoridor_engine::review::{player_summaries, south_graph, MoveReview, Valuation};
use quoridor_rules::Game;
use serde::{Deserialize, Serialize};

/// One judged move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveJudgedView {
    /// The entry's index (0: the first move).
    pub ply: usize,
    pub seat: String,
    #[serde(rename = "move")]
    pub mv: String,
    /// The engine's move and line when it differs from the one played.
    pub best: Option<String>,
    pub line: Vec<String>,
    /// The mover's expected outcome before (best play) and after the move.
    pub before: f64,
    pub after: f64,
    pub loss: f64,
    /// `inaccuracy`, `mistake`, `blunder`, or `null`.
    pub judgement: Option<String>,
    pub accuracy: f64,
    /// Whether the move is in the opening book (analyses stored before
    /// the book read as not).
    #[serde(default)]
    pub book: bool,
}

/// A player's summary.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PlayerSummaryView {
    pub seat: String,
    /// The mean of the moves' accuracies, 0 to 100.
    pub accuracy: f64,
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnalysisView {
    pub game: String,
    /// The search time each position had.
    pub per_position_ms: u64,
    /// The depth each position was searched to, when the server searches
    /// to a depth (`--analysis-depth`) rather than for a time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// South's expected outcome at every position, from the start to the
    /// end (the graph).
    pub graph: Vec<f64>,
    pub moves: Vec<MoveJudgedView>,
    pub players: Vec<PlayerSummaryView>,
}

impl AnalysisView {
    pub fn of(
        id: &str,
        game: &Game,
        values: &[Valuation],
        reviews: &[MoveReview],
        per_position_ms: u64,
        depth: Option<u32>,
    ) -> AnalysisView {
        let graph = south_graph(game, values);
        let round = |x: f64| (x * 1000.0).round() / 1000.0;
        let moves = reviews
            .iter()
            .map(|r| MoveJudgedView {
                ply: r.ply,
                seat: r.mover.name().to_string(),
                mv: r.played.to_string(),
                best: r.best.map(|b| b.to_string()),
                line: r.line.iter().map(ToString::to_string).collect(),
                before: round(r.before),
                after: round(r.after),
                loss: round(r.loss),
                judgement: r.judgement.map(|j| j.name().to_string()),
                accuracy: (r.accuracy * 10.0).round() / 10.0,
                book: r.book,
            })
            .collect();
        let players = player_summaries(reviews)
            .into_iter()
            .map(|p| PlayerSummaryView {
                seat: p.seat.name().to_string(),
                accuracy: p.accuracy,
                inaccuracies: p.inaccuracies,
                mistakes: p.mistakes,
                blunders: p.blunders,
            })
            .collect();
        AnalysisView {
            game: id.to_string(),
            per_position_ms,
            depth,
            graph,
            moves,
            players,
        }
    }
}

/// Where an analysis stands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum AnalysisStatusView {
    /// A game never analysed (ask with POST).
    None,
    Queued,
    Running {
        done: usize,
        total: usize,
    },
    Done {
        analysis: Box<AnalysisView>,
    },
    Failed {
        message: String,
    },
}
