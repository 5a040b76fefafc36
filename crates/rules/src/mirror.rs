//! The board reflected left to right (file a ↔ the last file).

use crate::fence::{Fence, Orientation};
use crate::mv::Move;
use crate::position::Position;
use crate::square::{Square, SquareIter};

impl Position {
    /// This position reflected left to right: every pawn and fence moved to
    /// the mirror file. With two players (north and south, whose goal lines
    /// a reflection keeps) it is the same game seen in a mirror: the same
    /// number of moves, the same perft, the same outcome. With four, west
    /// and east would swap goals, so it is not.
    ///
    /// ```
    /// use quoridor_rules::{Position, Ruleset};
    /// let mut pos = Position::new(Ruleset::STANDARD);
    /// pos.play("c3h".parse().unwrap()).unwrap();
    /// let mirror = pos.mirrored();
    /// assert!(mirror.has_fence("f3h".parse().unwrap()));
    /// assert_eq!(mirror.mirrored(), pos);
    /// ```
    pub fn mirrored(&self) -> Position {
        let size = self.size();
        let mut mirror = *self;
        for p in 0..self.players() as usize {
            let sq = self.pawns[p];
            if sq.on_board(size) {
                mirror.pawns[p] = Square::new(size - 1 - sq.col(), sq.row());
            }
        }
        mirror.horizontal = 0;
        mirror.vertical = 0;
        mirror.open = Position::new(self.rules).open;
        for (set, orientation) in [
            (self.horizontal, Orientation::Horizontal),
            (self.vertical, Orientation::Vertical),
        ] {
            for anchor in SquareIter(set) {
                let flipped = Square::new(size - 2 - anchor.col(), anchor.row());
                mirror.apply_fence(Fence::new(flipped, orientation));
            }
        }
        mirror.hash = mirror.compute_hash();
        mirror
    }
}

impl Move {
    /// This move reflected left to right on a board of side `size`, as
    /// [`Position::mirrored`] reflects the position it is played in.
    ///
    /// ```
    /// use quoridor_rules::Move;
    /// let mv: Move = "c3h".parse().unwrap();
    /// assert_eq!(mv.mirrored(9).to_string(), "f3h");
    /// let step: Move = "b1".parse().unwrap();
    /// assert_eq!(step.mirrored(9).to_string(), "h1");
    /// ```
    pub fn mirrored(self, size: u8) -> Move {
        match self {
            Move::Pawn(sq) => Move::Pawn(Square::new(size - 1 - sq.col(), sq.row())),
            Move::Fence(f) => {
                let anchor = f.anchor();
                let flipped = Square::new(size - 2 - anchor.col(), anchor.row());
                Move::Fence(Fence::new(flipped, f.orientation()))
            }
            Move::Pass => Move::Pass,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::string::{String, ToString};
    use std::vec::Vec;

    use crate::{perft, Position, Ruleset};

    #[test]
    fn the_start_is_its_own_mirror_and_counts_agree() {
        let start = Position::new(Ruleset::STANDARD);
        assert_eq!(start.mirrored(), start);
        assert_eq!(start.mirrored().hash(), start.hash());
        let mut pos = start;
        for mv in ["d1", "e8h", "a1v", "f9"] {
            pos.play(mv.parse().unwrap()).unwrap();
        }
        let mirror = pos.mirrored();
        assert_ne!(mirror, pos);
        assert_eq!(mirror.pawn(crate::Seat::South).to_string(), "f1");
        assert_eq!(mirror.pawn(crate::Seat::North).to_string(), "d9");
        assert!(mirror.has_fence("d8h".parse().unwrap()));
        assert!(mirror.has_fence("h1v".parse().unwrap()));
        assert_eq!(mirror.mirrored(), pos);
        assert_eq!(mirror.mirrored().hash(), pos.hash());
        assert_eq!(perft(&mirror, 2), perft(&pos, 2));
        // Every legal move of a position is, mirrored, a legal move of
        // its mirror.
        let mut mirrored_moves: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|mv| mv.mirrored(9).to_string())
            .collect();
        let mut moves: Vec<String> = mirror
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect();
        mirrored_moves.sort();
        moves.sort();
        assert_eq!(mirrored_moves, moves);
    }
}
