//! How long a search may run: every front end translates its own notion
//! (protocol `time_left`, a clock, a level) into one [`SearchLimit`].

use std::time::Duration;

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
