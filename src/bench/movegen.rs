//! Legal move generation on a fixed, seeded set of mid-game positions with
//! many fences on the board.

use std::hint::black_box;
use std::time::{Duration, Instant};

use quoridor_rules::{Move, Position, Ruleset, Seat};

use super::progress::Progress;
use quoridor_rules::rng::SplitMix64;

/// Fences on the board in the chosen positions (both players together).
pub const FENCES: (u32, u32) = (8, 16);
/// Fences each player must have placed.
pub const FENCES_EACH: u8 = 3;

/// Positions reached by random play from the 9×9 two-player start, taken
/// when the number of fences on the board reaches a target drawn in
/// [`FENCES`]. The game must not be over, each player must have placed at
/// least [`FENCES_EACH`] fences and the side to move must have one left (so
/// that fence legality is really computed). To move the pawns as well as
/// place fences, each ply is a pawn move with probability 1/2 and otherwise
/// uniform over all legal moves.
pub fn positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let rules = Ruleset::STANDARD;
    let mut set = Vec::with_capacity(count);
    while set.len() < count {
        let target = FENCES.0 + rng.below(u64::from(FENCES.1 - FENCES.0 + 1)) as u32;
        let mut pos = Position::new(rules);
        while !pos.is_over() && pos.fence_count() < target {
            let legal = pos.legal();
            let pawns = legal.pawn.count_ones() as usize;
            let index = if pawns > 0 && rng.below(2) == 0 {
                rng.below(pawns as u64) as usize
            } else {
                rng.below(legal.len() as u64) as usize
            };
            pos.play_unchecked(legal.nth(index).expect("index below len"));
        }
        if suitable(&pos, target) {
            set.push(pos);
        }
    }
    set
}

fn suitable(pos: &Position, target: u32) -> bool {
    let fences = Ruleset::STANDARD.fences();
    !pos.is_over()
        && pos.fence_count() == target
        && [Seat::South, Seat::North]
            .iter()
            .all(|&s| fences - pos.fences_left(s) >= FENCES_EACH)
        && pos.fences_left(pos.turn()) > 0
}

/// Figures of one generator over the set.
#[derive(Clone, Debug, Default)]
pub struct MovegenStats {
    pub seconds: f64,
    pub positions: u64,
    pub moves: u64,
}

impl MovegenStats {
    pub fn positions_per_sec(&self) -> f64 {
        self.positions as f64 / self.seconds
    }

    pub fn moves_per_sec(&self) -> f64 {
        self.moves as f64 / self.seconds
    }

    pub fn nanos_per_position(&self) -> f64 {
        self.seconds * 1e9 / self.positions as f64
    }
}

/// Which form of the legal list to time.
#[derive(Copy, Clone, Debug)]
pub enum Form {
    /// `Position::legal()`: bitsets (`LegalMoves`).
    Compact,
    /// `Position::legal_moves()`: a `MoveList` of `Move`s.
    List,
}

/// Generates the legal moves of every position of the set, over and over,
/// until `duration` has passed (checked after each pass over the set).
pub fn run(set: &[Position], form: Form, duration: Duration, progress: &Progress) -> MovegenStats {
    let mut stats = MovegenStats::default();
    let start = Instant::now();
    loop {
        let mut moves = 0;
        for pos in set {
            moves += match form {
                Form::Compact => black_box(black_box(pos).legal()).len(),
                Form::List => black_box(black_box(pos).legal_moves()).len(),
            };
        }
        stats.positions += set.len() as u64;
        stats.moves += moves as u64;
        let elapsed = start.elapsed();
        progress.update(elapsed);
        if elapsed >= duration {
            stats.seconds = elapsed.as_secs_f64();
            return stats;
        }
    }
}

/// Mean fences on the board and mean legal moves over the set.
pub fn describe(set: &[Position]) -> (f64, f64) {
    let n = set.len() as f64;
    let fences: u32 = set.iter().map(Position::fence_count).sum();
    let moves: usize = set.iter().map(|p| p.legal().len()).sum();
    (fences as f64 / n, moves as f64 / n)
}

/// Checks that the two forms agree on the set (a cheap guard that the
/// benchmark measures equal work).
pub fn forms_agree(set: &[Position]) -> bool {
    set.iter().all(|pos| {
        let compact: Vec<Move> = pos.legal().iter().collect();
        compact[..] == pos.legal_moves()[..]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_set_is_reproducible_and_meets_the_conditions() {
        let a = positions(50, 9);
        assert_eq!(a, positions(50, 9));
        for pos in &a {
            assert!((FENCES.0..=FENCES.1).contains(&pos.fence_count()));
            assert!(!pos.is_over());
            assert!(pos.fences_left(pos.turn()) > 0);
        }
        assert!(forms_agree(&a));
    }
}
