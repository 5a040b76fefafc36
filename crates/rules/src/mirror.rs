//! The board reflected left to right (file a ↔ the last file).

use crate::fence::{Fence, Orientation};
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

#[cfg(test)]
mod tests {
    use std::string::ToString;

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
    }
}
