//! The transposition table: positions already searched, by Zobrist hash.

use quoridor_rules::{Fence, Move, Orientation, Square};

use crate::score::Score;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true value is at least the stored one.
    Lower,
    /// The true value is at most the stored one.
    Upper,
}

#[derive(Copy, Clone, Debug, Default)]
struct Slot {
    key: u64,
    /// Move (see [`encode`]), depth, bound and score packed together.
    data: u64,
}

/// What the table knows of a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub best: Option<Move>,
    pub depth: u32,
    pub bound: Bound,
    pub score: Score,
}

/// A table of `2^bits` slots, always replacing (the newest search knows best).
pub struct TranspositionTable {
    slots: Vec<Slot>,
    mask: u64,
}

impl TranspositionTable {
    /// A table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> TranspositionTable {
        let slots = (megabytes.max(1) << 20) / std::mem::size_of::<Slot>();
        let size = slots.next_power_of_two() / 2;
        TranspositionTable {
            slots: vec![Slot::default(); size.max(1024)],
            mask: size.max(1024) as u64 - 1,
        }
    }

    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slots[(key & self.mask) as usize];
        if slot.key != key || slot.data == 0 {
            return None;
        }
        let d = slot.data;
        let best = decode((d & 0x3ff) as u16);
        let depth = ((d >> 10) & 0xff) as u32;
        let bound = match (d >> 18) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        let score = Score((d >> 32) as u32 as i32);
        Some(Entry {
            best,
            depth,
            bound,
            score,
        })
    }

    pub fn store(&mut self, key: u64, best: Option<Move>, depth: u32, bound: Bound, score: Score) {
        let bound_bits = match bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = best.map_or(0x3ff, encode) as u64
            | (depth.min(255) as u64) << 10
            | bound_bits << 18
            | (score.0 as u32 as u64) << 32;
        self.slots[(key & self.mask) as usize] = Slot { key, data };
    }
}

/// A move in 10 bits: a pawn's square index, 128 + a horizontal fence's
/// anchor, 256 + a vertical one's, 511 for a pass; 1023 for none.
fn encode(mv: Move) -> u16 {
    match mv {
        Move::Pawn(sq) => sq.index() as u16,
        Move::Fence(f) => match f.orientation() {
            Orientation::Horizontal => 128 + f.anchor().index() as u16,
            Orientation::Vertical => 256 + f.anchor().index() as u16,
        },
        Move::Pass => 511,
    }
}

fn decode(code: u16) -> Option<Move> {
    let square = |i: u16| Square::try_new((i % 11) as u8, (i / 11) as u8);
    match code {
        0..=127 => square(code).map(Move::Pawn),
        128..=255 => {
            square(code - 128).map(|sq| Move::Fence(Fence::new(sq, Orientation::Horizontal)))
        }
        256..=383 => {
            square(code - 256).map(|sq| Move::Fence(Fence::new(sq, Orientation::Vertical)))
        }
        511 => Some(Move::Pass),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip() {
        let mut tt = TranspositionTable::new(1);
        for (i, text) in ["e2", "e3h", "a1v", "k11", "pass"].iter().enumerate() {
            let mv: Move = text.parse().unwrap();
            let key = 0x1234_5678_0000 + i as u64;
            tt.store(key, Some(mv), 7, Bound::Lower, Score(-29_990));
            let e = tt.probe(key).unwrap();
            assert_eq!(
                e,
                Entry {
                    best: Some(mv),
                    depth: 7,
                    bound: Bound::Lower,
                    score: Score(-29_990)
                }
            );
        }
        tt.store(99, None, 0, Bound::Upper, Score(5));
        assert_eq!(tt.probe(99).unwrap().best, None);
        assert!(tt.probe(98).is_none());
    }
}
