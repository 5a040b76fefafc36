//! Fences (walls), named by their lower-left square and orientation.

use core::fmt;
use core::str::FromStr;

use crate::parse_error::ParseError;
use crate::square::{Square, MAX_SIZE};

/// Orientation of a fence.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Orientation {
    /// Between two rows, spanning two columns (`h`).
    Horizontal,
    /// Between two columns, spanning two rows (`v`).
    Vertical,
}

impl Orientation {
    /// The notation letter.
    pub const fn char(self) -> char {
        match self {
            Orientation::Horizontal => 'h',
            Orientation::Vertical => 'v',
        }
    }
}

/// A fence: its anchor (the square it touches closest to `a1`) and orientation.
///
/// `e3h` separates e3|e4 and f3|f4; `e3v` separates e3|f3 and e4|f4.
///
/// ```
/// use quoridor_rules::{Fence, Orientation};
/// let f: Fence = "E3H".parse().unwrap();
/// assert_eq!(f.orientation(), Orientation::Horizontal);
/// assert_eq!(f.to_string(), "e3h");
/// assert!(f.on_board(9));
/// assert!(!"i3h".parse::<Fence>().unwrap().on_board(9));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fence {
    anchor: Square,
    orientation: Orientation,
}

impl Fence {
    /// Every fence slot of a board of `size`, row by row from a1,
    /// horizontal before vertical at each anchor.
    pub fn slots(size: u8) -> impl Iterator<Item = Fence> {
        let lines = size.saturating_sub(1);
        (0..lines).flat_map(move |row| {
            (0..lines).flat_map(move |col| {
                [Orientation::Horizontal, Orientation::Vertical]
                    .into_iter()
                    .map(move |o| Fence::new(Square::new(col, row), o))
            })
        })
    }

    /// A fence at `anchor`.
    pub const fn new(anchor: Square, orientation: Orientation) -> Fence {
        Fence {
            anchor,
            orientation,
        }
    }

    /// The lower-left square the fence touches.
    pub const fn anchor(self) -> Square {
        self.anchor
    }

    pub const fn orientation(self) -> Orientation {
        self.orientation
    }

    /// Whether the fence lies entirely on a board of side `size`
    /// (anchors run over columns a…N−1 and rows 1…N−1).
    pub const fn on_board(self, size: u8) -> bool {
        self.anchor.col() + 1 < size && self.anchor.row() + 1 < size
    }

    /// Whether two fences cannot both stand on a board: they overlap (the
    /// same groove, sharing a square's length) or cross (the same centre,
    /// one each way).
    ///
    /// ```
    /// use quoridor_rules::{Fence, FenceConflict};
    /// let f = |s: &str| s.parse::<Fence>().unwrap();
    /// assert_eq!(f("e3h").conflict(f("f3h")), Some(FenceConflict::Overlaps));
    /// assert_eq!(f("e3h").conflict(f("e3v")), Some(FenceConflict::Crosses));
    /// assert_eq!(f("e3h").conflict(f("g3h")), None);
    /// ```
    pub fn conflict(self, other: Fence) -> Option<FenceConflict> {
        let (col, row) = (self.anchor.col(), self.anchor.row());
        let (other_col, other_row) = (other.anchor.col(), other.anchor.row());
        if self.orientation != other.orientation {
            return (self.anchor == other.anchor).then_some(FenceConflict::Crosses);
        }
        let overlaps = match self.orientation {
            Orientation::Horizontal => row == other_row && col.abs_diff(other_col) <= 1,
            Orientation::Vertical => col == other_col && row.abs_diff(other_row) <= 1,
        };
        overlaps.then_some(FenceConflict::Overlaps)
    }

    /// Whether the fence stands between two orthogonally adjacent squares.
    ///
    /// ```
    /// use quoridor_rules::{Fence, Square};
    /// let f: Fence = "e3h".parse().unwrap();
    /// let sq = |s: &str| s.parse::<Square>().unwrap();
    /// assert!(f.blocks(sq("e3"), sq("e4")) && f.blocks(sq("f4"), sq("f3")));
    /// assert!(!f.blocks(sq("e3"), sq("f3")) && !f.blocks(sq("g3"), sq("g4")));
    /// ```
    pub fn blocks(self, a: Square, b: Square) -> bool {
        let (c, r) = (self.anchor.col(), self.anchor.row());
        let (lo, hi) = if a.index() < b.index() {
            (a, b)
        } else {
            (b, a)
        };
        match self.orientation {
            // Between rows r and r + 1, in columns c and c + 1.
            Orientation::Horizontal => {
                lo.row() == r
                    && hi.row() == r + 1
                    && lo.col() == hi.col()
                    && lo.col().wrapping_sub(c) <= 1
            }
            // Between columns c and c + 1, in rows r and r + 1.
            Orientation::Vertical => {
                lo.col() == c
                    && hi.col() == c + 1
                    && lo.row() == hi.row()
                    && lo.row().wrapping_sub(r) <= 1
            }
        }
    }
}

/// Why two fences cannot both stand ([`Fence::conflict`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FenceConflict {
    Overlaps,
    Crosses,
}

impl fmt::Display for Fence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.anchor, self.orientation.char())
    }
}

impl fmt::Debug for Fence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Fence {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Fence, ParseError> {
        let bad = || ParseError::new(s, "a fence such as e3h or e3v");
        let last = s.chars().last().ok_or_else(bad)?;
        let orientation = match last.to_ascii_lowercase() {
            'h' => Orientation::Horizontal,
            'v' => Orientation::Vertical,
            _ => return Err(bad()),
        };
        let anchor: Square = s[..s.len() - 1].parse().map_err(|_| bad())?;
        // An anchor in the last column or row can never lie on any board.
        if anchor.col() + 1 >= MAX_SIZE || anchor.row() + 1 >= MAX_SIZE {
            return Err(bad());
        }
        Ok(Fence::new(anchor, orientation))
    }
}
