//! Error types: malformed text and illegal moves.

use alloc::string::String;
use core::fmt;

use crate::fence::Fence;
use crate::seat::Seat;
use crate::square::Square;

/// `text` cut to `max_chars` characters, with `…` when something was cut:
/// how a message quotes what it was given, whatever its length.
///
/// ```
/// use quoridor_rules::excerpt;
/// assert_eq!(excerpt("e3h", 40), "e3h");
/// assert_eq!(excerpt("abcdef", 3), "abc…");
/// ```
pub fn excerpt(text: &str, max_chars: usize) -> String {
    let mut out: String = text.chars().take(max_chars).collect();
    if text.chars().nth(max_chars).is_some() {
        out.push('…');
    }
    out
}

/// Text that is not what was expected. Says what was expected and what was
/// found (cut to a readable length).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    found: String,
    expected: &'static str,
}

impl ParseError {
    const MAX_SHOWN: usize = 40;

    pub(crate) fn new(found: &str, expected: &'static str) -> ParseError {
        ParseError {
            found: excerpt(found, Self::MAX_SHOWN),
            expected,
        }
    }

    /// What was expected, e.g. `a square such as e3`.
    pub fn expected(&self) -> &'static str {
        self.expected
    }

    /// The offending text (possibly cut short).
    pub fn found(&self) -> &str {
        &self.found
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.found.is_empty() {
            write!(f, "expected {}, found nothing", self.expected)
        } else {
            write!(f, "expected {}, found `{}`", self.expected, self.found)
        }
    }
}

impl core::error::Error for ParseError {}

/// Why a move is illegal. The `Display` text is the short reason used by
/// every front end (`fence crosses e3v`, `no path left for north`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game has ended.
    GameOver,
    /// The pawn cannot get to that square this turn.
    NotReachable { from: Square, to: Square },
    /// A square or fence outside the board.
    OffBoard { size: u8 },
    /// The player has placed all their fences.
    NoFencesLeft,
    /// The fence shares a groove segment with this placed fence.
    Overlaps(Fence),
    /// The fence crosses this placed fence.
    Crosses(Fence),
    /// The fence would leave this seat without a path to its goal line.
    NoPathLeft(Seat),
    /// A pass while another move exists.
    PassNotAllowed,
    /// A pawn that has arrived (scoring variant) does not move any more.
    PawnArrived(Seat),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => f.write_str("game is over"),
            IllegalMove::NotReachable { from, .. } => write!(f, "not reachable from {from}"),
            IllegalMove::OffBoard { size } => write!(f, "off the {size}x{size} board"),
            IllegalMove::NoFencesLeft => f.write_str("no fences left"),
            IllegalMove::Overlaps(fence) => write!(f, "fence overlaps {fence}"),
            IllegalMove::Crosses(fence) => write!(f, "fence crosses {fence}"),
            IllegalMove::NoPathLeft(seat) => write!(f, "no path left for {seat}"),
            IllegalMove::PassNotAllowed => {
                f.write_str("pass is only allowed when no other move exists")
            }
            IllegalMove::PawnArrived(seat) => {
                write!(f, "{seat}'s pawn has arrived and no longer moves")
            }
        }
    }
}

impl core::error::Error for IllegalMove {}
