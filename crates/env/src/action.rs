//! A fixed numbering of every move of a board size, for learning programs:
//! the same number always means the same move, whatever the position.

use core::fmt;

use quoridor_rules::{Fence, LegalMoves, Move, Orientation, Square};

/// The actions of one board size `N`, numbered in four blocks:
///
/// | actions | move |
/// |---|---|
/// | `0 .. N²` | a pawn move to the square `row · N + col` |
/// | `N² .. N² + (N−1)²` | the horizontal fence at anchor `row · (N−1) + col` |
/// | then `(N−1)²` more | the vertical fence at that anchor |
/// | the last | `pass` (legal only when nothing else is) |
///
/// Rows and columns count from 0 at `a1`; a fence's anchor is its lower-left
/// square. On 9×9 there are 81 + 64 + 64 + 1 = 210 actions.
///
/// ```
/// use quoridor_env::ActionSpace;
/// let space = ActionSpace::new(9);
/// assert_eq!(space.len(), 210);
/// assert_eq!(space.encode("e2".parse().unwrap()), Some(13));
/// assert_eq!(space.decode(81).unwrap().to_string(), "a1h");
/// assert_eq!(space.decode(209).unwrap().to_string(), "pass");
/// assert_eq!(space.decode(210), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ActionSpace {
    size: u8,
}

/// An action number outside the space, or a move that has no number on this
/// board (a square or fence off it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// The number is not below [`ActionSpace::len`].
    OutOfRange { action: i64, len: usize },
    /// The move does not fit on a board of this size.
    OffBoard { mv: Move, size: u8 },
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::OutOfRange { action, len } => {
                write!(
                    f,
                    "action {action} is out of range: actions are 0 to {}",
                    len - 1
                )
            }
            ActionError::OffBoard { mv, size } => {
                write!(f, "{mv} is off the {size}x{size} board")
            }
        }
    }
}

impl std::error::Error for ActionError {}

impl ActionSpace {
    /// The actions of an `size`×`size` board (3 to 11).
    ///
    /// # Panics
    /// If `size` is outside 3–11 (a [`quoridor_rules::Ruleset`] never is).
    pub fn new(size: u8) -> ActionSpace {
        assert!(
            (3..=quoridor_rules::MAX_SIZE).contains(&size),
            "board size {size} is not 3 to 11"
        );
        ActionSpace { size }
    }

    pub fn size(self) -> u8 {
        self.size
    }

    /// How many actions: `N² + 2(N−1)² + 1`.
    #[allow(clippy::len_without_is_empty)] // never empty
    pub fn len(self) -> usize {
        let n = self.size as usize;
        n * n + 2 * (n - 1) * (n - 1) + 1
    }

    fn squares(self) -> usize {
        self.size as usize * self.size as usize
    }

    fn anchors(self) -> usize {
        (self.size as usize - 1) * (self.size as usize - 1)
    }

    /// The number of the pass.
    pub fn pass(self) -> usize {
        self.len() - 1
    }

    /// The number of a move, or `None` when it does not fit on the board.
    pub fn encode(self, mv: Move) -> Option<usize> {
        let n = self.size as usize;
        match mv {
            Move::Pawn(sq) => sq
                .on_board(self.size)
                .then(|| sq.row() as usize * n + sq.col() as usize),
            Move::Fence(fence) => {
                if !fence.on_board(self.size) {
                    return None;
                }
                let anchor = fence.anchor();
                let index = anchor.row() as usize * (n - 1) + anchor.col() as usize;
                Some(match fence.orientation() {
                    Orientation::Horizontal => self.squares() + index,
                    Orientation::Vertical => self.squares() + self.anchors() + index,
                })
            }
            Move::Pass => Some(self.pass()),
        }
    }

    /// [`ActionSpace::encode`] with the reason when it has no number.
    pub fn try_encode(self, mv: Move) -> Result<usize, ActionError> {
        self.encode(mv).ok_or(ActionError::OffBoard {
            mv,
            size: self.size,
        })
    }

    /// The move of a number, or `None` past the end.
    pub fn decode(self, action: usize) -> Option<Move> {
        let n = self.size as usize;
        let (squares, anchors) = (self.squares(), self.anchors());
        let fence = |index: usize, orientation| {
            let anchor = Square::new((index % (n - 1)) as u8, (index / (n - 1)) as u8);
            Move::Fence(Fence::new(anchor, orientation))
        };
        if action < squares {
            Some(Move::Pawn(Square::new(
                (action % n) as u8,
                (action / n) as u8,
            )))
        } else if action < squares + anchors {
            Some(fence(action - squares, Orientation::Horizontal))
        } else if action < squares + 2 * anchors {
            Some(fence(action - squares - anchors, Orientation::Vertical))
        } else {
            (action == self.pass()).then_some(Move::Pass)
        }
    }

    /// [`ActionSpace::decode`] of any integer, with the reason when it has no move.
    pub fn try_decode(self, action: i64) -> Result<Move, ActionError> {
        usize::try_from(action)
            .ok()
            .and_then(|a| self.decode(a))
            .ok_or(ActionError::OutOfRange {
                action,
                len: self.len(),
            })
    }

    /// Marks the legal actions in `mask` (of [`ActionSpace::len`] entries),
    /// clearing the others.
    ///
    /// # Panics
    /// If `mask` is not [`ActionSpace::len`] long.
    pub fn write_mask(self, legal: &LegalMoves, mask: &mut [bool]) {
        assert_eq!(mask.len(), self.len(), "a mask has one entry per action");
        mask.fill(false);
        let n = self.size as usize;
        let (squares, anchors) = (self.squares(), self.anchors());
        each_square(legal.pawn, |col, row| mask[row * n + col] = true);
        each_square(legal.horizontal, |col, row| {
            mask[squares + row * (n - 1) + col] = true
        });
        each_square(legal.vertical, |col, row| {
            mask[squares + anchors + row * (n - 1) + col] = true
        });
        mask[self.pass()] = legal.pass;
    }

    /// The actions of the legal moves, in increasing order (read straight
    /// from the bitsets, whose square order is the actions' order).
    pub fn legal_actions(self, legal: &LegalMoves) -> Vec<usize> {
        let n = self.size as usize;
        let (squares, anchors) = (self.squares(), self.anchors());
        let mut actions = Vec::with_capacity(legal.len());
        each_square(legal.pawn, |col, row| actions.push(row * n + col));
        each_square(legal.horizontal, |col, row| {
            actions.push(squares + row * (n - 1) + col)
        });
        each_square(legal.vertical, |col, row| {
            actions.push(squares + anchors + row * (n - 1) + col)
        });
        if legal.pass {
            actions.push(self.pass());
        }
        actions
    }
}

/// Calls `f(col, row)` for each square of a board bitset.
pub(crate) fn each_square(mut set: u128, mut f: impl FnMut(usize, usize)) {
    const STRIDE: usize = quoridor_rules::MAX_SIZE as usize;
    while set != 0 {
        let index = set.trailing_zeros() as usize;
        set &= set - 1;
        f(index % STRIDE, index / STRIDE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::{Position, Ruleset};

    #[test]
    fn every_number_names_one_move_and_back() {
        for size in (3..=11).step_by(2) {
            let space = ActionSpace::new(size);
            let mut seen = std::collections::HashSet::new();
            for action in 0..space.len() {
                let mv = space.decode(action).expect("every number has a move");
                assert!(seen.insert(mv), "{mv} twice on {size}x{size}");
                assert_eq!(space.encode(mv), Some(action), "{mv} on {size}x{size}");
            }
            assert_eq!(space.decode(space.len()), None);
        }
    }

    #[test]
    fn moves_off_the_board_have_no_number() {
        let space = ActionSpace::new(5);
        for text in ["f1", "a6", "e1h", "a5v", "k11"] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(space.encode(mv), None, "{text}");
            assert_eq!(
                space.try_encode(mv).unwrap_err().to_string(),
                format!("{text} is off the 5x5 board")
            );
        }
        assert_eq!(
            space.try_decode(-1).unwrap_err().to_string(),
            "action -1 is out of range: actions are 0 to 57"
        );
        assert_eq!(
            space.try_decode(58).unwrap_err().to_string(),
            "action 58 is out of range: actions are 0 to 57"
        );
    }

    #[test]
    fn the_mask_marks_exactly_the_legal_moves() {
        let mut pos = Position::new(Ruleset::STANDARD);
        for mv in ["e2", "e8", "e3h", "d7v", "e3"] {
            pos.play(mv.parse().unwrap()).unwrap();
        }
        let space = ActionSpace::new(9);
        let mut mask = vec![false; space.len()];
        space.write_mask(&pos.legal(), &mut mask);
        let marked: Vec<usize> = (0..space.len()).filter(|&a| mask[a]).collect();
        assert_eq!(marked, space.legal_actions(&pos.legal()));
        let mut encoded: Vec<usize> = pos
            .legal()
            .iter()
            .map(|m| space.encode(m).unwrap())
            .collect();
        encoded.sort_unstable();
        assert_eq!(marked, encoded);
        assert_eq!(marked.len(), pos.legal_moves().len());
        for a in marked {
            assert!(pos.is_legal(space.decode(a).unwrap()));
        }
    }
}
