//! Moves: a pawn move (by destination), a fence, or a forced pass.

use core::fmt;
use core::str::FromStr;

use crate::fence::Fence;
use crate::parse_error::ParseError;
use crate::square::Square;

/// A move in the standard notation of RULES.md §2.
///
/// ```
/// use quoridor_rules::Move;
/// for text in ["e2", "e3h", "a1v", "pass"] {
///     assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
/// }
/// assert_eq!("E3V".parse::<Move>().unwrap().to_string(), "e3v");
/// assert!("e3x".parse::<Move>().is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A pawn move (step, jump or side-step), written as its destination.
    Pawn(Square),
    /// A fence placement.
    Fence(Fence),
    /// A pass, legal only when no other move exists.
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pawn(sq) => fmt::Display::fmt(sq, f),
            Move::Fence(fence) => fmt::Display::fmt(fence, f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Move {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Move, ParseError> {
        if s.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        let ends_with_letter = s.chars().last().is_some_and(|c| c.is_ascii_alphabetic());
        let parsed = if ends_with_letter {
            s.parse().map(Move::Fence)
        } else {
            s.parse().map(Move::Pawn)
        };
        parsed.map_err(|_| ParseError::new(s, "a move: a square (e2), a fence (e3h, e3v) or pass"))
    }
}

impl From<Fence> for Move {
    fn from(fence: Fence) -> Move {
        Move::Fence(fence)
    }
}

impl From<Square> for Move {
    fn from(sq: Square) -> Move {
        Move::Pawn(sq)
    }
}
