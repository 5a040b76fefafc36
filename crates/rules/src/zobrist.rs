//! Zobrist keys, generated at compile time from a fixed seed.

use crate::rng::SplitMix64;

const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0; N];
    let mut rng = SplitMix64::new(seed);
    let mut i = 0;
    while i < N {
        keys[i] = rng.next_u64();
        i += 1;
    }
    keys
}

/// A pawn of turn-order index `p` on square `s`: `PAWN[p * 128 + s]`.
pub(crate) static PAWN: [u64; 512] = table(1);
pub(crate) static HORIZONTAL: [u64; 128] = table(2);
pub(crate) static VERTICAL: [u64; 128] = table(3);
/// The side to move, by turn-order index.
pub(crate) static TURN: [u64; 4] = table(4);
/// Fences left and score enter the hash as `key * value`, so any count works.
pub(crate) static FENCES_LEFT: [u64; 4] = table(5);
pub(crate) static SCORE: [u64; 4] = table(6);
/// A player who has left the game (resigned in a 4-player game).
pub(crate) static OUT: [u64; 4] = table(7);

#[inline(always)]
pub(crate) fn pawn(player: usize, square: u8) -> u64 {
    PAWN[player * 128 + square as usize]
}

#[inline(always)]
pub(crate) fn fences_left(player: usize, count: u8) -> u64 {
    FENCES_LEFT[player].wrapping_mul(count as u64 + 1)
}

#[inline(always)]
pub(crate) fn score(player: usize, score: i32) -> u64 {
    SCORE[player].wrapping_mul(score as i64 as u64)
}
