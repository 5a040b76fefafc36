//! The puzzles' draws, on the workspace's SplitMix64: the same seed gives
//! the same puzzles on every machine. Never change what this produces.

use quoridor_rules::rng::SplitMix64;

pub(crate) struct Dice(SplitMix64);

impl Dice {
    pub(crate) fn new(seed: u64) -> Dice {
        Dice(SplitMix64::new(seed))
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number below `n` (at least 1).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A number in [0, 1).
    pub(crate) fn unit(&mut self) -> f64 {
        self.0.unit()
    }
}
