//! Perft, fast: the leaves of the move tree counted with a transposition
//! table shared by threads. The rules crate's [`quoridor_rules::perft`] is
//! the plain count (no table, no threads, no memory); this crate gives the
//! same numbers sooner, and is kept out of the rules crate so that it stays
//! free of threads and large allocations.
//!
//! ```
//! use quoridor_perft::{perft, Table};
//! use quoridor_rules::{Position, Ruleset};
//! let pos = Position::new(Ruleset::STANDARD);
//! let table = Table::with_megabytes(16);
//! assert_eq!(perft(&pos, 3, Some(&table), 2, &|_, _| {}), 2_062_264);
//! ```
//!
//! Layers (`tests/layers.rs` of the workspace):
//!
//! 1. `table` (the shared transposition table of counts).

mod table;

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use quoridor_rules::{Move, Position};

pub use table::{Key, Table};

/// Subtrees of fewer plies are counted directly: below this, looking them
/// up costs more than counting them.
const FROM_DEPTH: u32 = 2;

/// The number of move sequences of length `depth` from `pos` (the last ply
/// counted without being played), with `table` if given, on `threads`
/// threads. `progress(done, total)` is called as each first move's subtree
/// is finished.
///
/// A table must serve positions of one ruleset only: clear it
/// ([`Table::clear`]) before counting under other rules.
pub fn perft(
    pos: &Position,
    depth: u32,
    table: Option<&Table>,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> u64 {
    if depth <= 1 {
        return quoridor_rules::perft(pos, depth);
    }
    divide(pos, depth, table, threads, progress)
        .iter()
        .map(|(_, count)| count)
        .sum()
}

/// The count below each legal first move, in move generation order
/// (`depth` at least 1), the first moves shared among `threads` threads.
pub fn divide(
    pos: &Position,
    depth: u32,
    table: Option<&Table>,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<(Move, u64)> {
    assert!(depth >= 1, "divide counts below the first moves");
    let moves: Vec<Move> = pos.legal().iter().collect();
    let counts: Vec<AtomicU64> = moves.iter().map(|_| AtomicU64::new(0)).collect();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let worker = || {
        let mut pos = *pos;
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&mv) = moves.get(i) else { break };
            let undo = pos.play_unchecked(mv);
            counts[i].store(count(&mut pos, depth - 1, table), Ordering::Relaxed);
            pos.undo(mv, undo);
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, moves.len());
        }
    };
    let threads = threads.clamp(1, moves.len().max(1));
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(worker);
        }
        worker();
    });
    moves
        .into_iter()
        .zip(counts)
        .map(|(mv, c)| (mv, c.into_inner()))
        .collect()
}

/// The count below `pos`, looked up and kept in `table` from
/// [`FROM_DEPTH`] plies up.
fn count(pos: &mut Position, depth: u32, table: Option<&Table>) -> u64 {
    // The rules crate's own recursion is the fastest plain count.
    let Some(table) = table.filter(|_| depth >= FROM_DEPTH) else {
        return quoridor_rules::perft(pos, depth);
    };
    let key = Key::new(pos, depth);
    if let Some(found) = table.get(key) {
        return found;
    }
    let total = if depth == FROM_DEPTH {
        quoridor_rules::perft(pos, depth)
    } else {
        count_below(pos, depth, table)
    };
    table.put(key, total);
    total
}

/// The sum of the counts below each legal move.
fn count_below(pos: &mut Position, depth: u32, table: &Table) -> u64 {
    let mut total = 0;
    for mv in pos.legal().iter() {
        let undo = pos.play_unchecked(mv);
        total += count(pos, depth - 1, Some(table));
        pos.undo(mv, undo);
    }
    total
}
