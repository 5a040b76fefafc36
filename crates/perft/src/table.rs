//! The transposition table of perft: a count for each (position, depth)
//! seen, shared by threads without locks.
//!
//! Each slot holds three words: the count with the depth in its top byte,
//! and the two keys of the position (its Zobrist hash and its fingerprint,
//! each mixed with the depth) each XORed with that word. A slot half
//! written by another thread fails the check and reads as a miss, so no
//! lock is needed; two different positions pass for one only if both
//! 64-bit keys agree. Slots go in pairs: the first keeps the deepest
//! subtree seen, the second the latest.

use std::sync::atomic::{AtomicU64, Ordering};

use quoridor_rules::Position;

/// Counts from 2⁵⁶ up are not kept (the depth shares their word).
const MAX_COUNT: u64 = (1 << 56) - 1;

struct Slot {
    hash: AtomicU64,
    fingerprint: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    fn empty() -> Slot {
        Slot {
            hash: AtomicU64::new(0),
            fingerprint: AtomicU64::new(0),
            data: AtomicU64::new(0),
        }
    }

    /// The count, if this slot holds these keys.
    fn get(&self, keys: (u64, u64)) -> Option<u64> {
        let data = self.data.load(Ordering::Relaxed);
        let hash = self.hash.load(Ordering::Relaxed) ^ data;
        let fingerprint = self.fingerprint.load(Ordering::Relaxed) ^ data;
        // An empty slot has no depth: `data` is never 0 once written.
        (data != 0 && (hash, fingerprint) == keys).then_some(data & MAX_COUNT)
    }

    fn depth(&self) -> u64 {
        self.data.load(Ordering::Relaxed) >> 56
    }

    fn put(&self, keys: (u64, u64), data: u64) {
        self.hash.store(keys.0 ^ data, Ordering::Relaxed);
        self.fingerprint.store(keys.1 ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }
}

/// A perft transposition table of a fixed size.
pub struct Table {
    slots: Vec<Slot>,
    /// Pairs of slots, minus one (a power of two minus one).
    pair_mask: u64,
}

impl Table {
    /// The bytes a slot takes.
    pub const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

    /// The largest table that fits in `mb` megabytes (at least one pair of
    /// slots).
    pub fn with_megabytes(mb: usize) -> Table {
        let slots = (mb << 20) / Self::SLOT_BYTES;
        let pairs = (slots / 2).max(1);
        // A power of two, so that a key picks its pair with a mask.
        let pairs = 1usize << (usize::BITS - 1 - pairs.leading_zeros());
        Table {
            slots: std::iter::repeat_with(Slot::empty)
                .take(pairs * 2)
                .collect(),
            pair_mask: pairs as u64 - 1,
        }
    }

    /// The memory the table takes, in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * Self::SLOT_BYTES
    }

    /// Forgets every count (for positions of another ruleset).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = Slot::empty());
    }

    fn pair(&self, hash_key: u64) -> &[Slot] {
        let first = ((hash_key & self.pair_mask) * 2) as usize;
        &self.slots[first..first + 2]
    }

    /// The count kept under `key`, if any.
    pub fn get(&self, key: Key) -> Option<u64> {
        let keys = (key.hash, key.fingerprint);
        self.pair(key.hash).iter().find_map(|slot| slot.get(keys))
    }

    /// Keeps `count` under `key`.
    pub fn put(&self, key: Key, count: u64) {
        if count > MAX_COUNT {
            return;
        }
        let data = count | u64::from(key.depth) << 56;
        let pair = self.pair(key.hash);
        let slot = if u64::from(key.depth) >= pair[0].depth() {
            &pair[0]
        } else {
            &pair[1]
        };
        slot.put((key.hash, key.fingerprint), data);
    }
}

/// What a count is kept under: a position and the plies counted below it.
/// With two players a position and its mirror image have one key (their
/// counts are equal), which finds twice as many transpositions.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Key {
    hash: u64,
    fingerprint: u64,
    depth: u8,
}

impl Key {
    /// The key of `pos` with `depth` plies to count (1 to 255).
    pub fn new(pos: &Position, depth: u32) -> Key {
        debug_assert!((1..=255).contains(&depth));
        let d = u64::from(depth);
        let of = |p: &Position| {
            (
                p.hash() ^ d.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                p.fingerprint() ^ d.wrapping_mul(0xc2b2_ae3d_27d4_eb4f),
            )
        };
        let mut keys = of(pos);
        if pos.players() == 2 {
            keys = keys.min(of(&pos.mirrored()));
        }
        Key {
            hash: keys.0,
            fingerprint: keys.1,
            depth: depth as u8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::Ruleset;

    #[test]
    fn sizes_are_powers_of_two_within_the_budget() {
        for mb in [0, 1, 3, 64] {
            let table = Table::with_megabytes(mb);
            assert!(table.slots.len().is_power_of_two());
            assert!(table.bytes() <= (mb << 20).max(2 * Table::SLOT_BYTES));
            assert!(mb == 0 || table.bytes() * 2 > mb << 20);
        }
        assert_eq!(Table::SLOT_BYTES, 24);
    }

    #[test]
    fn counts_are_kept_by_position_and_depth() {
        let mut table = Table::with_megabytes(1);
        let pos = Position::new(Ruleset::STANDARD);
        let mut other = pos;
        other.play("e2".parse().unwrap()).unwrap();
        let key = |p: &Position, d| Key::new(p, d);
        assert_eq!(table.get(key(&pos, 3)), None);
        table.put(key(&pos, 3), 2_062_264);
        table.put(key(&other, 3), 7);
        assert_eq!(table.get(key(&pos, 3)), Some(2_062_264));
        assert_eq!(table.get(key(&pos, 2)), None);
        assert_eq!(table.get(key(&other, 3)), Some(7));
        // The mirror image shares the count.
        let mut left = pos;
        left.play("d1".parse().unwrap()).unwrap();
        let mut right = pos;
        right.play("f1".parse().unwrap()).unwrap();
        assert_eq!(key(&left, 3), key(&right, 3));
        assert_ne!(key(&left, 3), key(&other, 3));
        // A count of 0 (a finished game) is kept too.
        table.put(key(&other, 2), 0);
        assert_eq!(table.get(key(&other, 2)), Some(0));
        table.clear();
        assert_eq!(table.get(key(&pos, 3)), None);
    }

    #[test]
    fn a_torn_slot_reads_as_a_miss() {
        let table = Table::with_megabytes(1);
        let pos = Position::new(Ruleset::STANDARD);
        let key = Key::new(&pos, 4);
        table.put(key, 99);
        let keys = (key.hash, key.fingerprint);
        let slot = table
            .pair(key.hash)
            .iter()
            .find(|s| s.get(keys).is_some())
            .unwrap();
        // Another thread's count written over this one's keys.
        slot.data.store(5 | 4 << 56, Ordering::Relaxed);
        assert_eq!(table.get(key), None);
    }
}
