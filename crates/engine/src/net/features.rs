//! What the network sees of a position: the two pawns, the placed fences
//! and the fences in hand, seen from the side to move (the board turned so
//! that the mover always walks up), and the two race distances.

use quoridor_rules::{Orientation, Position, Variant};

/// Squares of the 9×9 board.
const SQUARES: usize = 81;
/// Fence slots of one orientation.
const SLOTS: usize = 64;
/// Fences in hand, 0 to 10.
const HAND: usize = 11;

pub(crate) const MY_PAWN: usize = 0;
pub(crate) const THEIR_PAWN: usize = MY_PAWN + SQUARES;
pub(crate) const HORIZONTAL: usize = THEIR_PAWN + SQUARES;
pub(crate) const VERTICAL: usize = HORIZONTAL + SLOTS;
pub(crate) const MY_HAND: usize = VERTICAL + SLOTS;
pub(crate) const THEIR_HAND: usize = MY_HAND + HAND;
/// The one-hot inputs.
pub const SPARSE_INPUTS: usize = THEIR_HAND + HAND;
/// The inputs with a value: the mover's distance and the opponent's, in
/// tens of steps.
pub const DENSE_INPUTS: usize = 2;
/// Every input, one-hot ones first.
pub const INPUTS: usize = SPARSE_INPUTS + DENSE_INPUTS;
/// The most one-hot inputs that can be on at once: two pawns, twenty
/// fences, two hands.
const MAX_ACTIVE: usize = 24;

/// The inputs of one position.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Features {
    active: [u16; MAX_ACTIVE],
    len: u8,
    dense: [f32; DENSE_INPUTS],
}

impl Features {
    /// Whether the network knows this game: the standard game of two
    /// players on 9×9 with at most ten fences each.
    pub fn applies(pos: &Position) -> bool {
        pos.size() == 9
            && pos.players() == 2
            && pos.rules().variant() == Variant::Standard
            && pos.seats().iter().all(|&s| pos.fences_left(s) <= 10)
            && pos.fence_count() <= 20
    }

    /// The inputs of `pos` (which the network must apply to), given the
    /// distances of the mover and of the opponent.
    pub fn new(pos: &Position, mine: u32, theirs: u32) -> Features {
        let me = pos.turn();
        let them = pos.seats()[1 - pos.turn_index()];
        // South walks up the rows; for north the board is turned over.
        let flip = pos.turn_index() == 1;
        let square = |col: u8, row: u8| {
            let row = if flip { 8 - row } else { row };
            usize::from(row) * 9 + usize::from(col)
        };
        let mut features = Features {
            active: [0; MAX_ACTIVE],
            len: 0,
            dense: [mine as f32 / 10.0, theirs as f32 / 10.0],
        };
        let (a, b) = (pos.pawn(me), pos.pawn(them));
        features.push(MY_PAWN + square(a.col(), a.row()));
        features.push(THEIR_PAWN + square(b.col(), b.row()));
        for fence in pos.fences() {
            let anchor = fence.anchor();
            let row = if flip { 7 - anchor.row() } else { anchor.row() };
            let slot = usize::from(row) * 8 + usize::from(anchor.col());
            features.push(match fence.orientation() {
                Orientation::Horizontal => HORIZONTAL + slot,
                Orientation::Vertical => VERTICAL + slot,
            });
        }
        features.push(MY_HAND + usize::from(pos.fences_left(me)));
        features.push(THEIR_HAND + usize::from(pos.fences_left(them)));
        features
    }

    fn push(&mut self, input: usize) {
        self.active[usize::from(self.len)] = input as u16;
        self.len += 1;
    }

    /// The one-hot inputs that are on.
    pub fn active(&self) -> &[u16] {
        &self.active[..usize::from(self.len)]
    }

    /// The values of the dense inputs.
    pub fn dense(&self) -> &[f32; DENSE_INPUTS] {
        &self.dense
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::{Position, Ruleset};

    #[test]
    fn each_side_sees_the_board_from_its_own_end() {
        // The start: each pawn on its own first row, seen alike by both.
        let start = Position::new(Ruleset::STANDARD);
        let south = Features::new(&start, 8, 8);
        let mut pos = start;
        pos.play("a1h".parse().unwrap()).unwrap();
        let north = Features::new(&pos, 8, 8);
        assert_eq!(south.active()[..2], north.active()[..2]);
        assert_eq!(south.active()[0] as usize, MY_PAWN + 4);
        assert_eq!(south.active()[1] as usize, THEIR_PAWN + 8 * 9 + 4);
        // North sees south's fence a1h at its far end, and one fence fewer
        // in its opponent's hand.
        assert!(north.active().contains(&((HORIZONTAL + 7 * 8) as u16)));
        assert!(north.active().contains(&((MY_HAND + 10) as u16)));
        assert!(north.active().contains(&((THEIR_HAND + 9) as u16)));
        assert_eq!(north.dense(), &[0.8, 0.8]);
    }

    #[test]
    fn every_input_is_in_range_and_counted_once() {
        let mut pos = Position::new(Ruleset::STANDARD);
        for mv in ["a3h", "c3h", "e5h", "g1v", "e2", "e8", "b7h", "d7h"] {
            pos.play(mv.parse().unwrap()).unwrap();
        }
        assert!(Features::applies(&pos));
        let f = Features::new(&pos, 5, 7);
        assert_eq!(f.active().len(), 2 + 6 + 2);
        assert!(f.active().iter().all(|&i| (i as usize) < SPARSE_INPUTS));
        let mut sorted = f.active().to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), f.active().len());
        assert!(!Features::applies(&Position::new(
            Ruleset::new(7, 2).unwrap()
        )));
    }
}
