//! Arrow instructions: follow them to an object (one to three pawns on a
//! board), or write them for a drawn route. Diagonals from level 4.

use quoridor_rules::Square;

use super::{at, free_square, random_square, Rng};
use crate::board::Board;
use crate::dir::{Dir, Step};
use crate::exercise::{Task, Walker};
use crate::item::{Item, Object};
use crate::pawn::Color;

const SIZE: [u8; 5] = [5, 6, 7, 8, 9];
const ARROWS: [usize; 5] = [3, 4, 5, 6, 7];
const LONGEST: [u8; 5] = [3, 4, 5, 6, 7];
const WALKERS: [usize; 5] = [1, 2, 2, 3, 3];
const DISTRACTORS: [usize; 5] = [2, 2, 3, 3, 4];
const WRITE_ARROWS: [usize; 5] = [2, 3, 4, 5, 6];
const COLORS: [Color; 3] = [Color::Red, Color::Blue, Color::Yellow];

pub(super) fn generate(level: u8, rng: &mut Rng) -> (Board, Task) {
    if level >= 3 && rng.chance(1, 2) {
        write(level, rng)
    } else {
        follow(level, rng)
    }
}

fn directions(level: u8) -> &'static [Dir] {
    if level >= 4 {
        &Dir::ALL
    } else {
        &Dir::STRAIGHT
    }
}

/// A walk of `arrows` instructions from `start`, turning at each one,
/// never back the way it came, within the board; with `no_repeat`, never
/// twice on a square.
fn walk(
    level: u8,
    size: u8,
    start: Square,
    arrows: usize,
    no_repeat: bool,
    rng: &mut Rng,
) -> Option<Vec<Step>> {
    let mut steps: Vec<Step> = Vec::new();
    let mut at_sq = start;
    let mut seen = vec![start];
    for _ in 0..arrows {
        let mut choices = Vec::new();
        for &dir in directions(level) {
            if steps
                .last()
                .is_some_and(|s| s.dir == dir || s.dir == dir.opposite())
            {
                continue;
            }
            for count in 1..=at(LONGEST, level).min(size - 1) {
                let path = Step::new(count, dir).walk(at_sq, size);
                let ok = path
                    .iter()
                    .all(|sq| sq.is_some_and(|sq| !no_repeat || !seen.contains(&sq)));
                if ok {
                    choices.push(Step::new(count, dir));
                }
            }
        }
        if choices.is_empty() {
            return None;
        }
        let step = rng.pick(&choices);
        for sq in step.walk(at_sq, size).into_iter().flatten() {
            seen.push(sq);
            at_sq = sq;
        }
        steps.push(step);
    }
    Some(steps)
}

fn follow(level: u8, rng: &mut Rng) -> (Board, Task) {
    let size = at(SIZE, level);
    for _ in 0..1000 {
        if let Some(found) = follow_attempt(level, size, rng) {
            return found;
        }
    }
    // Never seen; a plain one rather than a loop without end.
    let mut board = Board::new(size);
    board
        .items
        .insert(Square::new(2, 0), Item::Object(Object::Apple));
    let walker = Walker {
        color: Color::Red,
        start: Square::new(0, 0),
        steps: vec![Step::new(2, Dir::Right)],
    };
    (
        board,
        Task::FollowArrows {
            walkers: vec![walker],
        },
    )
}

fn follow_attempt(level: u8, size: u8, rng: &mut Rng) -> Option<(Board, Task)> {
    let mut board = Board::new(size);
    let mut objects = Object::ALL;
    rng.shuffle(&mut objects);
    let mut objects = objects.into_iter();
    let mut walkers: Vec<Walker> = Vec::new();
    let mut taken: Vec<Square> = Vec::new();
    for &color in &COLORS[..at(WALKERS, level)] {
        let start = free_square(rng, &board, &taken)?;
        let steps = walk(level, size, start, at(ARROWS, level), false, rng)?;
        let walker = Walker {
            color,
            start,
            steps,
        };
        let end = walker.end(size)?;
        if end == start || taken.contains(&end) || board.items.contains_key(&end) {
            return None;
        }
        board.items.insert(end, Item::Object(objects.next()?));
        taken.push(start);
        walkers.push(walker);
    }
    for _ in 0..at(DISTRACTORS, level) {
        let sq = free_square(rng, &board, &taken)?;
        board.items.insert(sq, Item::Object(objects.next()?));
    }
    Some((board, Task::FollowArrows { walkers }))
}

fn write(level: u8, rng: &mut Rng) -> (Board, Task) {
    let size = at(SIZE, level);
    for _ in 0..1000 {
        let start = random_square(rng, size);
        let Some(steps) = walk(level, size, start, at(WRITE_ARROWS, level), true, rng) else {
            continue;
        };
        let walker = Walker {
            color: Color::Red,
            start,
            steps,
        };
        let Some(route) = walker.path(size) else {
            continue;
        };
        return (Board::new(size), Task::WriteArrows { start, route });
    }
    let route = vec![Square::new(1, 0), Square::new(2, 0)];
    (
        Board::new(size),
        Task::WriteArrows {
            start: Square::new(0, 0),
            route,
        },
    )
}
