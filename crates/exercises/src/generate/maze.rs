//! Mazes: a pawn in the middle of real fences, a way out on an edge.

use quoridor_rules::Square;

use super::{add_fences, at, Rng};
use crate::board::Board;
use crate::exercise::Task;
use crate::side::Side;

const SIZE: [u8; 5] = [4, 5, 6, 7, 9];
/// At most 20 fences: one box of the game.
const FENCES: [usize; 5] = [3, 6, 9, 13, 20];
/// The route out should be at least this long.
const MIN_ROUTE: [u16; 5] = [4, 7, 11, 16, 26];

pub(super) fn generate(level: u8, rng: &mut Rng) -> (Board, Task) {
    let size = at(SIZE, level);
    let mut best: Option<(u16, Board, Task)> = None;
    for _ in 0..30 {
        let (board, task, len) = attempt(level, size, rng);
        if best.as_ref().is_none_or(|(b, ..)| len > *b) {
            best = Some((len, board, task));
        }
        if len >= at(MIN_ROUTE, level) {
            break;
        }
    }
    let (_, board, task) = best.expect("thirty attempts");
    (board, task)
}

fn attempt(level: u8, size: u8, rng: &mut Rng) -> (Board, Task, u16) {
    // The pawn near the middle, the exit on an edge.
    let inner = (size / 3) as usize..=(size - 1 - size / 3) as usize;
    let start = Square::new(
        rng.range(*inner.start(), *inner.end()) as u8,
        rng.range(*inner.start(), *inner.end()) as u8,
    );
    let side = rng.pick(&Side::ALL);
    let exit = side
        .squares(size)
        .nth(rng.below(size as usize))
        .expect("on the edge");
    let mut board = Board::new(size);
    let route_length = |b: &Board| b.distances(start, 0).to(exit);
    add_fences(rng, &mut board, at(FENCES, level), 4, route_length);
    let len = route_length(&board).unwrap_or(0);
    (board, Task::Maze { start, exit, side }, len)
}
