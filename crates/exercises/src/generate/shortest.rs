//! Shortest paths: the fewest steps from a pawn to the far edge around the
//! fences (A), and the race of two pawns each taking its shortest path (B).

use quoridor_rules::Square;

use super::{add_fences, at, Rng};
use crate::board::Board;
use crate::exercise::Task;
use crate::pawn::Color;
use crate::side::Side;
use crate::solve::steps_to_edge;

const SIZE: [u8; 5] = [5, 5, 7, 9, 9];
const PATH_FENCES: [usize; 5] = [2, 4, 6, 9, 12];
const RACE_FENCES: [usize; 5] = [2, 3, 5, 8, 10];

pub(super) fn generate(level: u8, rng: &mut Rng) -> (Board, Task) {
    let size = at(SIZE, level);
    if rng.chance(1, 2) {
        shortest_path(level, size, rng)
    } else {
        race(level, size, rng)
    }
}

fn shortest_path(level: u8, size: u8, rng: &mut Rng) -> (Board, Task) {
    let mut fallback = None;
    for _ in 0..30 {
        let start = Square::new(rng.below(size as usize) as u8, 0);
        let mut board = Board::new(size);
        let length = |b: &Board| steps_to_edge(b, start, Side::Top);
        add_fences(rng, &mut board, at(PATH_FENCES, level), 3, length);
        let task = Task::ShortestPath {
            start,
            goal: Side::Top,
        };
        // A detour around the fences, beyond the first level.
        if level == 1 || length(&board).is_some_and(|d| d >= size as u16) {
            return (board, task);
        }
        fallback.get_or_insert((board, task));
    }
    fallback.expect("thirty attempts")
}

fn race(level: u8, size: u8, rng: &mut Rng) -> (Board, Task) {
    let green = Square::new(rng.below(size as usize) as u8, 0);
    let red = Square::new(rng.below(size as usize) as u8, size - 1);
    let first = rng.pick(&[Color::Green, Color::Red]);
    let mut board = Board::new(size);
    // Each fence lengthens one pawn's way or the other's, never closing one.
    let both = |b: &Board| {
        let g = steps_to_edge(b, green, Side::Top)?;
        let r = steps_to_edge(b, red, Side::Bottom)?;
        Some(g.max(r))
    };
    for i in 0..at(RACE_FENCES, level) {
        let target = if i % 2 == 0 { Side::Top } else { Side::Bottom };
        let pawn = if target == Side::Top { green } else { red };
        add_fences(rng, &mut board, 1, 2, |b: &Board| {
            both(b)?;
            steps_to_edge(b, pawn, target)
        });
    }
    (board, Task::Race { green, red, first })
}
