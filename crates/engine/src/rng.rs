//! The levels' noise: a small deterministic generator (xorshift64) and a
//! root move's value blurred by it. Search, max-n, the book's choice among
//! its moves and the network's training draw from it; a seed gives the
//! same games on every machine. (The workspace's other seeded draws use
//! `quoridor_rules::rng::SplitMix64`; this one is kept because the levels'
//! play, measured in BENCHMARKS.md, comes from its sequence.)

use crate::score::Score;

/// A small deterministic generator for the levels' noise.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x2545_f491_4f6c_dd1d | 1)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in `-n..=n`.
    pub(crate) fn symmetric(&mut self, n: i32) -> i32 {
        if n <= 0 {
            return 0;
        }
        (self.next() % (2 * n as u64 + 1)) as i32 - n
    }
}

/// A root move's value blurred by up to `noise` either way (the low
/// levels' mistakes). A forced result is never blurred: a beginner still
/// takes a win in one.
pub(crate) fn with_noise(score: Score, noise: i32, rng: &mut Rng) -> i32 {
    if score.plies_to_end().is_some() {
        score.0
    } else {
        score.0 + rng.symmetric(noise)
    }
}
