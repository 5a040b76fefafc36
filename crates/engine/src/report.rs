//! How a search tells its progress: every front end (protocol, terminal,
//! server, match runner) implements [`Reporter`] and drives the same search.

use std::time::Duration;

use quoridor_rules::Move;

use crate::score::Score;

/// What a search knows after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Depth completed, in plies.
    pub depth: u32,
    /// Value for the side to move at the root.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    pub elapsed: Duration,
    /// The principal variation, from the root.
    pub pv: Vec<Move>,
}

/// Receives the progress of a search.
pub trait Reporter {
    /// Called after each completed iteration of iterative deepening.
    fn iteration(&mut self, _info: &SearchInfo) {}
}

/// A reporter that ignores everything.
#[derive(Debug, Default, Clone, Copy)]
pub struct Silent;

impl Reporter for Silent {}

/// A reporter that keeps every iteration (for tests and analysis).
#[derive(Debug, Default, Clone)]
pub struct Collect(pub Vec<SearchInfo>);

impl Reporter for Collect {
    fn iteration(&mut self, info: &SearchInfo) {
        self.0.push(info.clone());
    }
}
