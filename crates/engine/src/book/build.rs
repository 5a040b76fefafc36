//! Building the opening book from our own long searches: from the start,
//! each position is searched at full strength for its best move, then
//! again without the moves found so far while the next best stays within a
//! margin of the best; every book move is played, and the positions it
//! leads to are searched in turn, ply by ply, down to a depth. The lines
//! are the engine's self-play with its alternatives. In the first plies the
//! natural move (the pawn step that goes closest to the goal, what most
//! people play) is followed too, valued by the search of the position it
//! leads to: so that the book still answers an opponent who walks first.
//!
//! Searches are limited by nodes, so the same settings build the same
//! book on any machine, however many threads share the work.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use quoridor_rules::{Move, Position, Ruleset};

use super::{key, Book, BookEntry, BookMove};
use crate::{safe_move, Engine, SearchLimit, Silent};

/// How to build a book.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BuildSettings {
    /// Plies from the start whose positions are in the book.
    pub plies: u32,
    /// Nodes per search.
    pub nodes: u64,
    /// Most moves kept per position.
    pub width: usize,
    /// Moves kept are at most this far below the best (hundredths of a
    /// step).
    pub margin: i32,
    /// Plies from the start in which the natural move is followed too.
    pub natural_plies: u32,
    /// Searches run at once.
    pub threads: usize,
}

impl Default for BuildSettings {
    fn default() -> BuildSettings {
        BuildSettings {
            plies: 8,
            nodes: 2_000_000,
            width: 3,
            margin: 20,
            natural_plies: 4,
            threads: 2,
        }
    }
}

/// Where a build stands: positions searched at `ply`, out of `of`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    pub ply: u32,
    pub done: usize,
    pub of: usize,
    /// Positions in the book so far.
    pub positions: usize,
}

/// Both forms of a position share a key: the smaller of its own and its
/// mirror image's.
fn canonical_key(pos: &Position) -> (u64, u64) {
    key(pos).min(key(&pos.mirrored()))
}

/// Builds the book (see the module's documentation); `progress` hears
/// every position searched. `stop` ends the build early with the plies
/// finished so far.
pub fn build(
    settings: BuildSettings,
    stop: &AtomicBool,
    progress: impl Fn(BuildProgress) + Sync,
) -> Book {
    let mut book = Book::default();
    let start = Position::new(Ruleset::STANDARD);
    let mut seen = HashSet::from([canonical_key(&start)]);
    let mut frontier = vec![start];
    // Natural moves followed but not searched: valued once the position
    // they lead to is.
    let mut natural: Vec<(Position, Move)> = Vec::new();
    for ply in 0..settings.plies {
        if frontier.is_empty() {
            break;
        }
        let entries = search_all(&frontier, settings, stop, |done| {
            progress(BuildProgress {
                ply,
                done,
                of: frontier.len(),
                positions: book.len() + done,
            })
        });
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let mut next = Vec::new();
        for entry in entries {
            let mut followed: Vec<Move> = entry.moves.iter().map(|m| m.mv).collect();
            if ply < settings.natural_plies {
                if let Some(mv) = safe_move(&entry.position).filter(|mv| !followed.contains(mv)) {
                    natural.push((entry.position, mv));
                    followed.push(mv);
                }
            }
            for mv in followed {
                let mut child = entry.position;
                child.play_unchecked(mv);
                if !child.is_over() && seen.insert(canonical_key(&child)) {
                    next.push(child);
                }
            }
            // Each position is new (its key was not seen before).
            let added = book.insert(entry);
            debug_assert!(added);
        }
        frontier = next;
    }
    for (pos, mv) in natural {
        add_natural(&mut book, &pos, mv);
    }
    book
}

/// Adds `mv` to the book moves of `pos`, valued by the best move of the
/// position it leads to (left out if that one is not in the book).
fn add_natural(book: &mut Book, pos: &Position, mv: Move) {
    let mut child = *pos;
    child.play_unchecked(mv);
    let Some(reply) = book.moves(&child).first().copied() else {
        return;
    };
    let Some(&i) = book.index.get(&key(pos)) else {
        return;
    };
    let entry = &mut book.entries[i];
    if entry.moves.iter().any(|m| m.mv == mv) {
        return;
    }
    entry.moves.push(BookMove {
        mv,
        score: -reply.score,
        depth: reply.depth + 1,
    });
    entry.moves.sort_by_key(|m| std::cmp::Reverse(m.score));
}

/// The book entries of `positions`, in their order, searched by
/// `settings.threads` threads.
fn search_all(
    positions: &[Position],
    settings: BuildSettings,
    stop: &AtomicBool,
    progress: impl Fn(usize) + Sync,
) -> Vec<BookEntry> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; positions.len()]);
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.max(1) {
            scope.spawn(|| {
                let mut engine = Engine::with_hash(64);
                engine.set_book(false);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= positions.len() || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let moves = book_moves(&mut engine, &positions[i], settings, stop);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(moves);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    positions
        .iter()
        .zip(results)
        .filter_map(|(&position, moves)| {
            let moves = moves?;
            (!moves.is_empty()).then_some(BookEntry { position, moves })
        })
        .collect()
}

/// The best move of `pos` and the next best ones within the margin. In a
/// position that is its own mirror image, a move's mirror is as good as
/// it: it is kept too, without a search of its own.
pub fn book_moves(
    engine: &mut Engine,
    pos: &Position,
    settings: BuildSettings,
    stop: &AtomicBool,
) -> Vec<BookMove> {
    let limit = SearchLimit::Nodes(settings.nodes);
    // Each position from a clean table: the result does not depend on
    // which thread searched what before.
    engine.new_game();
    let symmetric = pos.mirrored() == *pos;
    let mut moves: Vec<BookMove> = Vec::new();
    let mut excluded: Vec<Move> = Vec::new();
    while moves.len() < settings.width.max(1) && !stop.load(Ordering::Relaxed) {
        let result = if excluded.is_empty() {
            engine.search(pos, limit, stop, &mut Silent)
        } else {
            engine.search_excluding(pos, limit, &excluded, stop, &mut Silent)
        };
        let Some(result) = result else { break };
        if moves
            .first()
            .is_some_and(|best| result.score.0 < best.score.0 - settings.margin)
        {
            break;
        }
        let found = BookMove {
            mv: result.best,
            score: result.score,
            depth: result.depth,
        };
        moves.push(found);
        excluded.push(found.mv);
        let mirror = found.mv.mirrored(pos.size());
        if symmetric && mirror != found.mv && moves.len() < settings.width {
            moves.push(BookMove {
                mv: mirror,
                ..found
            });
            excluded.push(mirror);
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_build_is_deterministic_and_reads_back() {
        let settings = BuildSettings {
            plies: 2,
            nodes: 3_000,
            width: 2,
            margin: 30,
            natural_plies: 1,
            threads: 2,
        };
        let stop = AtomicBool::new(false);
        let book = build(settings, &stop, |_| {});
        let again = build(
            BuildSettings {
                threads: 1,
                ..settings
            },
            &stop,
            |_| {},
        );
        assert_eq!(book.entries(), again.entries());
        let start = Position::new(Ruleset::STANDARD);
        let first = book.moves(&start);
        assert!(!first.is_empty());
        // Every move of the start is followed by its position, searched.
        assert!(first.len() <= 3);
        for m in &first {
            let mut child = start;
            child.play(m.mv).unwrap();
            assert!(!book.moves(&child).is_empty(), "{}", m.mv);
        }
        // The natural first step (e2) is followed and valued too.
        let e2: Move = "e2".parse().unwrap();
        assert!(book.contains(&start, e2));
        assert!(book.len() <= 1 + 3);
        let text = book.to_string();
        assert_eq!(Book::parse(&text).unwrap().entries(), book.entries());
    }

    #[test]
    fn a_symmetric_position_keeps_both_mirror_moves() {
        let mut engine = Engine::with_hash(8);
        let start = Position::new(Ruleset::STANDARD);
        let settings = BuildSettings {
            nodes: 2_000,
            width: 4,
            margin: 10_000,
            ..BuildSettings::default()
        };
        let moves = book_moves(&mut engine, &start, settings, &AtomicBool::new(false));
        assert_eq!(moves.len(), 4);
        // Each move found has its mirror beside it (the last one's may
        // not fit in the width).
        for m in &moves[..3] {
            let mirror = m.mv.mirrored(9);
            assert!(
                mirror == m.mv || moves.iter().any(|o| o.mv == mirror),
                "{moves:?}"
            );
        }
    }
}
