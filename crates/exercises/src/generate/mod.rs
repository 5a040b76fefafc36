//! The generators: from a kind, a level (1 to 5) and a seed, always the
//! same exercise. Higher levels mean larger boards, more fences, longer
//! routes, more stars, fish and objects, diagonals and dead ends.

mod arrows;
mod maze;
mod routes;
mod shortest;

use quoridor_rules::{Fence, Orientation, Square};

use crate::board::Board;
use crate::exercise::{Exercise, Kind};
use crate::rng::Rng;

/// The levels.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;

/// The exercise of `kind` at `level` (clamped to 1..=5) for `seed`.
pub fn generate(kind: Kind, level: u8, seed: u64) -> Exercise {
    let level = level.clamp(*LEVELS.start(), *LEVELS.end());
    // The kind is mixed in so that a mixed sheet's exercises differ.
    let mut rng = Rng::new(seed ^ (kind as u64).wrapping_mul(0xA076_1D64_78BD_642F));
    let (board, task) = match kind {
        Kind::Maze => maze::generate(level, &mut rng),
        Kind::Routes => routes::generate(level, &mut rng),
        Kind::Arrows => arrows::generate(level, &mut rng),
        Kind::Shortest => shortest::generate(level, &mut rng),
    };
    Exercise {
        level: Some(level),
        seed: Some(seed),
        ..Exercise::new(board, task)
    }
}

/// A value of a level's table.
fn at<T: Copy>(table: [T; 5], level: u8) -> T {
    table[level as usize - 1]
}

fn random_square(rng: &mut Rng, size: u8) -> Square {
    Square::new(
        rng.below(size as usize) as u8,
        rng.below(size as usize) as u8,
    )
}

fn random_fence(rng: &mut Rng, size: u8) -> Fence {
    let anchor = Square::new(
        rng.below(size as usize - 1) as u8,
        rng.below(size as usize - 1) as u8,
    );
    let orientation = if rng.chance(1, 2) {
        Orientation::Horizontal
    } else {
        Orientation::Vertical
    };
    Fence::new(anchor, orientation)
}

/// A square of the board that holds neither an item nor one of `taken`.
fn free_square(rng: &mut Rng, board: &Board, taken: &[Square]) -> Option<Square> {
    let free: Vec<Square> = board
        .squares()
        .filter(|sq| !board.items.contains_key(sq) && !taken.contains(sq))
        .collect();
    (!free.is_empty()).then(|| free[rng.below(free.len())])
}

/// Adds up to `count` fences, each the one among a few random candidates
/// that makes `length` (of the board with it) longest, never one that
/// makes it `None` (no way through). `greed` of 4 in which a candidate is
/// picked for its length rather than at random.
fn add_fences(
    rng: &mut Rng,
    board: &mut Board,
    count: usize,
    greed: usize,
    length: impl Fn(&Board) -> Option<u16>,
) {
    for _ in 0..count {
        let greedy = rng.below(4) < greed;
        let mut best: Option<(u16, Fence)> = None;
        for _ in 0..24 {
            let fence = random_fence(rng, board.size);
            if !board.fits(fence) {
                continue;
            }
            board.fences.push(fence);
            let len = length(board);
            board.fences.pop();
            let Some(len) = len else { continue };
            if best.is_none_or(|(b, _)| greedy && len > b) {
                best = Some((len, fence));
            }
        }
        match best {
            Some((_, fence)) => board.fences.push(fence),
            None => break,
        }
    }
    board.fences.sort();
}
