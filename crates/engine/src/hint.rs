//! A hint a person can follow: the best move, with what it does to every
//! pawn's shortest path, so that the page can say why ("d4h: North needs
//! 11 steps instead of 5, you still need 6"). Where the best move is a
//! fence that lengthens nobody's path yet (a fence that prepares
//! something, like `a3h` on move 2), and a pawn move is about as good, the
//! hint is the pawn move: a hint whose reason cannot be told does not help.

use std::sync::atomic::AtomicBool;

use quoridor_rules::{Move, Position, Seat};

use crate::engine::Engine;
use crate::limit::SearchLimit;
use crate::report::Silent;
use crate::search::SearchResult;

/// How much lower a pawn move's expected outcome (0 to 1) may be than a
/// quiet fence's for the hint to prefer it.
pub const CLOSE: f64 = 0.04;

/// A seat's shortest path, in steps, before and after the hinted move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Steps {
    pub seat: Seat,
    pub before: u32,
    pub after: u32,
}

/// The move hinted, its search, and every pawn's path before and after it.
#[derive(Clone, Debug)]
pub struct Hint {
    pub result: SearchResult,
    /// One entry per seat still on the board, in turn order.
    pub steps: Vec<Steps>,
}

/// The hint for the side to move in `pos`, each search within `limit`;
/// `None` when the game is over.
pub fn hint(
    engine: &mut Engine,
    pos: &Position,
    limit: SearchLimit,
    stop: &AtomicBool,
) -> Option<Hint> {
    let best = engine.search(pos, limit, stop, &mut Silent)?;
    let steps = steps_after(pos, best.best);
    if !is_quiet_fence(pos, best.best, &steps) {
        return Some(Hint {
            result: best,
            steps,
        });
    }
    let fences: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|mv| matches!(mv, Move::Fence(_)))
        .collect();
    match engine.search_excluding(pos, limit, &fences, stop, &mut Silent) {
        Some(pawn) if pawn.score.expected_outcome() + CLOSE >= best.score.expected_outcome() => {
            let steps = steps_after(pos, pawn.best);
            Some(Hint {
                result: pawn,
                steps,
            })
        }
        _ => Some(Hint {
            result: best,
            steps,
        }),
    }
}

/// Every pawn's shortest path in steps, before and after `mv`.
pub fn steps_after(pos: &Position, mv: Move) -> Vec<Steps> {
    let mut after = *pos;
    if after.play(mv).is_err() {
        after = *pos;
    }
    let length = |p: &Position, seat: Seat| {
        p.shortest_path(seat)
            .map_or(0, |path| u32::try_from(path.len()).unwrap_or(u32::MAX))
    };
    pos.seats()
        .iter()
        .filter(|&&seat| !pos.is_out(seat))
        .map(|&seat| Steps {
            seat,
            before: length(pos, seat),
            after: length(&after, seat),
        })
        .collect()
}

/// A fence that makes no other pawn's path longer.
fn is_quiet_fence(pos: &Position, mv: Move, steps: &[Steps]) -> bool {
    matches!(mv, Move::Fence(_))
        && steps
            .iter()
            .filter(|s| s.seat != pos.turn())
            .all(|s| s.after <= s.before)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_paths_before_and_after_a_move() {
        let pos: Position = "9 e2,e8 - 10,10 south 2".parse().unwrap();
        // A fence across the e-file between the pawns: both go round it.
        let fence = steps_after(&pos, "e7h".parse().unwrap());
        let seats: Vec<Seat> = fence.iter().map(|s| s.seat).collect();
        assert_eq!(seats, [Seat::South, Seat::North]);
        assert!(
            fence.iter().all(|s| s.before == 7 && s.after == 8),
            "{fence:?}"
        );
        let step = steps_after(&pos, "e3".parse().unwrap());
        assert_eq!(
            step[0],
            Steps {
                seat: Seat::South,
                before: 7,
                after: 6
            }
        );
    }

    #[test]
    fn a_fence_that_prepares_gives_way_to_a_pawn_move_as_good() {
        // At the start, far fences and pawn steps are about equal: the hint
        // is a move whose reason can be told.
        let pos: Position = "9 e1,e9 - 10,10 south 0".parse().unwrap();
        let stop = AtomicBool::new(false);
        let mut engine = Engine::new();
        engine.set_book(false);
        let hint = hint(&mut engine, &pos, SearchLimit::Depth(4), &stop).unwrap();
        let quiet = is_quiet_fence(&pos, hint.result.best, &hint.steps);
        assert!(
            !quiet,
            "{} prepares, and nothing says what",
            hint.result.best
        );
        assert!(pos.is_legal(hint.result.best));
    }
}
