//! Squares of the board.

use core::fmt;
use core::str::FromStr;

use crate::parse_error::ParseError;

/// The largest supported board side.
pub const MAX_SIZE: u8 = 11;

/// Distance between two rows in the bit layout. Every board size uses the
/// same layout so that one set of shifts serves all sizes.
pub(crate) const STRIDE: u32 = MAX_SIZE as u32;

/// A square, by column (`a` = 0) and row (`1` = 0).
///
/// Squares are independent of the board size; whether a square lies on a
/// given board is checked where a board is known.
///
/// ```
/// use quoridor_rules::Square;
/// let sq: Square = "E3".parse().unwrap();
/// assert_eq!((sq.col(), sq.row()), (4, 2));
/// assert_eq!(sq.to_string(), "e3");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `col`, `row` (both from 0).
    ///
    /// # Panics
    /// If either is `>= MAX_SIZE`.
    pub const fn new(col: u8, row: u8) -> Square {
        assert!(col < MAX_SIZE && row < MAX_SIZE);
        Square(row * MAX_SIZE + col)
    }

    /// The square at `col`, `row`, or `None` when off the largest board.
    pub const fn try_new(col: u8, row: u8) -> Option<Square> {
        if col < MAX_SIZE && row < MAX_SIZE {
            Some(Square(row * MAX_SIZE + col))
        } else {
            None
        }
    }

    /// Column, from 0 (`a`).
    pub const fn col(self) -> u8 {
        self.0 % MAX_SIZE
    }

    /// Row, from 0 (`1`).
    pub const fn row(self) -> u8 {
        self.0 / MAX_SIZE
    }

    /// Index in the bit layout (`row * 11 + col`).
    pub const fn index(self) -> u8 {
        self.0
    }

    pub(crate) const fn from_index(index: u32) -> Square {
        Square(index as u8)
    }

    /// The square's bit in a board bitset.
    pub const fn bit(self) -> u128 {
        1u128 << self.0
    }

    /// Whether the square lies on a board of side `size`.
    pub const fn on_board(self, size: u8) -> bool {
        self.col() < size && self.row() < size
    }

    /// Letter of a column index (`0` → `a`).
    pub(crate) fn col_char(col: u8) -> char {
        (b'a' + col) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", Square::col_char(self.col()), self.row() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Square {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Square, ParseError> {
        let bytes = s.as_bytes();
        let bad = || ParseError::new(s, "a square such as e3 (column a-k, row 1-11)");
        let (&letter, digits) = bytes.split_first().ok_or_else(bad)?;
        let col = letter.to_ascii_lowercase().wrapping_sub(b'a');
        if col >= MAX_SIZE || digits.is_empty() || digits.len() > 2 {
            return Err(bad());
        }
        if digits[0] == b'0' || !digits.iter().all(u8::is_ascii_digit) {
            return Err(bad());
        }
        let row = digits.iter().fold(0u8, |acc, d| acc * 10 + (d - b'0'));
        if row == 0 || row > MAX_SIZE {
            return Err(bad());
        }
        Ok(Square::new(col, row - 1))
    }
}

/// Iterates over the squares of a bitset, lowest index first.
#[derive(Clone, Copy, Debug, Default)]
pub struct SquareIter(pub(crate) u128);

impl SquareIter {
    /// The squares of a bitset (bit `row * 11 + col`, as [`Square::bit`]).
    pub const fn new(set: u128) -> SquareIter {
        SquareIter(set)
    }
}

impl Iterator for SquareIter {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Square::from_index(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareIter {}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn parse_and_print() {
        for col in 0..MAX_SIZE {
            for row in 0..MAX_SIZE {
                let sq = Square::new(col, row);
                assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
            }
        }
        assert_eq!("K11".parse::<Square>().unwrap(), Square::new(10, 10));
        for bad in ["", "e", "e0", "e12", "l1", "3e", "e03", "e1x", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
