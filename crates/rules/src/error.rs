//! Why a move is illegal.

use core::fmt;

use crate::fence::Fence;
use crate::seat::Seat;
use crate::square::Square;

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

impl IllegalMove {
    /// The reason's stable code, as the server's refusals, the pages'
    /// `reason.<code>` texts and the WebAssembly module name it.
    pub fn code(&self) -> &'static str {
        match self {
            IllegalMove::GameOver => "game_over",
            IllegalMove::NotReachable { .. } => "not_reachable",
            IllegalMove::OffBoard { .. } => "off_board",
            IllegalMove::NoFencesLeft => "no_fences_left",
            IllegalMove::Overlaps(_) => "overlaps",
            IllegalMove::Crosses(_) => "crosses",
            IllegalMove::NoPathLeft(_) => "no_path_left",
            IllegalMove::PassNotAllowed => "pass_not_allowed",
            IllegalMove::PawnArrived(_) => "pawn_arrived",
        }
    }
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
