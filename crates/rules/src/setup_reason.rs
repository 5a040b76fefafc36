//! Why a position cannot be set up, as a refusal's reason: a key the
//! front ends say in their language (`quoridor_exercises::reasons`, the
//! web's `reason.<key>`) and the blanks it fills. The analysis board's
//! set-up says these, on the device and on the server alike.

use crate::error::IllegalMove;
use crate::fence::Fence;
use crate::notation::{NotationError, NotationErrorKind};
use crate::position::SetupError;
use crate::seat::Seat;
use crate::square::Square;

/// A set-up refused: its key and what fills it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupReason {
    pub key: &'static str,
    pub square: Option<Square>,
    pub seat: Option<Seat>,
    pub fence: Option<Fence>,
    pub size: Option<u8>,
}

impl SetupReason {
    fn new(key: &'static str) -> SetupReason {
        SetupReason {
            key,
            square: None,
            seat: None,
            fence: None,
            size: None,
        }
    }

    /// Why this set-up is refused; `None` for a text that is not a
    /// position at all (a malformed field: its own words say it).
    pub fn of(err: &NotationError) -> Option<SetupReason> {
        use NotationErrorKind as K;
        Some(match *err.kind() {
            K::Setup(setup) => SetupReason::of_setup(setup),
            K::FenceOverlaps { other, .. } => SetupReason {
                fence: Some(other),
                ..SetupReason::new("overlaps")
            },
            K::FenceCrosses { other, .. } => SetupReason {
                fence: Some(other),
                ..SetupReason::new("crosses")
            },
            K::FenceOffBoard { size, .. } => SetupReason {
                size: Some(size),
                ..SetupReason::new("off_board")
            },
            _ => return None,
        })
    }

    fn of_setup(err: SetupError) -> SetupReason {
        match err {
            SetupError::PawnOffBoard(sq) => SetupReason {
                square: Some(sq),
                ..SetupReason::new("pawn_off_board")
            },
            SetupError::PawnsShareSquare(sq) => SetupReason {
                square: Some(sq),
                ..SetupReason::new("pawns_share_square")
            },
            SetupError::NoPath(seat) => SetupReason {
                seat: Some(seat),
                ..SetupReason::new("no_way_to_goal")
            },
            SetupError::TwoArrived => SetupReason::new("two_arrived"),
            SetupError::Fence(illegal) => {
                let mut reason = SetupReason::new(illegal.code());
                match illegal {
                    IllegalMove::Overlaps(f) | IllegalMove::Crosses(f) => reason.fence = Some(f),
                    IllegalMove::OffBoard { size } => reason.size = Some(size),
                    IllegalMove::NoPathLeft(s) | IllegalMove::PawnArrived(s) => {
                        reason.seat = Some(s)
                    }
                    _ => {}
                }
                reason
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    fn reason(text: &str) -> Option<SetupReason> {
        SetupReason::of(&text.parse::<Position>().unwrap_err())
    }

    #[test]
    fn a_refused_set_up_says_why_with_its_blanks() {
        let two = reason("9 e1,e1 - 10,10 south 0").unwrap();
        assert_eq!(
            (two.key, two.square),
            ("pawns_share_square", Some("e1".parse().unwrap()))
        );
        let overlaps = reason("9 e1,e9 e3h,e3h 9,9 south 0").unwrap();
        assert_eq!(
            (overlaps.key, overlaps.fence),
            ("overlaps", Some("e3h".parse().unwrap()))
        );
        let walled = reason("9 a1,e9 a2h,b1v 8,10 south 0").unwrap();
        assert_eq!(
            (walled.key, walled.seat),
            ("no_way_to_goal", Some(Seat::South))
        );
        assert_eq!(
            reason("9 e9,e1 - 10,10 south 0").unwrap().key,
            "two_arrived"
        );
        // Not a position at all: its own words.
        assert_eq!(reason("9 z1,e9 - 10,10 south 0"), None);
    }
}
