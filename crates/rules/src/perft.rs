//! Perft: counting the leaves of the move tree, to check move generation.

use crate::position::Position;

/// The number of move sequences of length `depth` from `pos`. The last ply is
/// counted without being played.
///
/// ```
/// use quoridor_rules::{perft, Position, Ruleset};
/// let pos = Position::new(Ruleset::STANDARD);
/// assert_eq!(perft(&pos, 1), 131);
/// assert_eq!(perft(&pos, 2), 16_677);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut pos = *pos;
            let mut total = 0;
            for mv in pos.legal().iter() {
                let undo = pos.play_unchecked(mv);
                total += perft(&pos, depth - 1);
                pos.undo(mv, undo);
            }
            total
        }
    }
}
