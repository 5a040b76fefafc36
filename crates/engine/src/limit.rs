//! How long a search may run: every front end translates its own notion
//! (protocol `time_left`, a clock, a level) into one [`SearchLimit`].

use std::time::Duration;

use quoridor_rules::Position;

/// The limit of one search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SearchLimit {
    /// Iterative deepening up to this depth (plies).
    Depth(u32),
    /// About this many nodes.
    Nodes(u64),
    /// This much time for the move (the search answers within it).
    MoveTime(Duration),
    /// A chess-style clock: the time left on the mover's clock and the
    /// increment added after each move. The time manager never lets it run out.
    Clock {
        remaining: Duration,
        increment: Duration,
    },
    /// Until stopped through the stop flag.
    Infinite,
}

/// The deepest iteration worth searching from `root` when no line may run
/// past ply `cap` of the search: neither can one run past the rules' ply
/// limit, and an iteration deeper than both searches the same tree again.
/// Without this bound, the last moves before a ply limit, whose every line
/// ends in a draw within a few plies, deepened to depths in the hundreds.
pub(crate) fn deepest_iteration(root: &Position, cap: u32) -> u32 {
    match root.rules().ply_limit() {
        Some(limit) => cap.min(limit.saturating_sub(root.ply()).max(1)),
        None => cap,
    }
}
