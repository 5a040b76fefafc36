//! The position as feature planes: small integers on the board's squares,
//! one plane per feature, the input a convolutional network expects.

use quoridor_rules::{Orientation, Position};

use crate::action::each_square;

/// The planes of a position, each `N`×`N` (row-major, row 0 is rank 1, so
/// that plane`[row][col]` is the square at column `col`, row `row`), for `P`
/// players in turn order (south, north or south, west, north, east):
///
/// | planes | value on a square |
/// |---|---|
/// | `0 .. P` | 1 where player `p`'s pawn stands |
/// | `P .. P+4` | 1 where a fence stops a step north, east, south, west |
/// | `P+4 .. 2P+4` | player `p`'s fences left, on every square |
/// | `2P+4 .. 3P+4` | 1 on every square for the player to move |
///
/// Two players have 10 planes, four have 16. The board's edge is not marked
/// (it is where the planes end). Values are `u8`: cast them to floats for a
/// network. A player who left the game has an empty pawn plane. Scores of the
/// scoring variant are not in the planes.
///
/// ```
/// use quoridor_env::Planes;
/// use quoridor_rules::{Position, Ruleset};
/// let pos = Position::new(Ruleset::STANDARD);
/// let planes = Planes::new(9, 2);
/// assert_eq!(planes.shape(), [10, 9, 9]);
/// let mut out = vec![0; planes.len()];
/// planes.write(&pos, &mut out);
/// assert_eq!(out[4], 1); // south's pawn on e1: plane 0, row 0, column 4
/// assert_eq!(out[6 * 81], 10); // south's fences left
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Planes {
    size: u8,
    players: u8,
}

/// Directions in plane order.
const NORTH: usize = 0;
const EAST: usize = 1;
const SOUTH: usize = 2;
const WEST: usize = 3;

impl Planes {
    /// The planes of an `size`×`size` board with `players` players.
    pub fn new(size: u8, players: u8) -> Planes {
        Planes { size, players }
    }

    /// The planes of a position's board and players.
    pub fn of(pos: &Position) -> Planes {
        Planes::new(pos.size(), pos.players())
    }

    /// How many planes: `3P + 4`.
    pub fn channels(self) -> usize {
        3 * self.players as usize + 4
    }

    /// `[channels, N, N]`.
    pub fn shape(self) -> [usize; 3] {
        let n = self.size as usize;
        [self.channels(), n, n]
    }

    /// How many values in all.
    #[allow(clippy::len_without_is_empty)] // never empty
    pub fn len(self) -> usize {
        let [c, n, _] = self.shape();
        c * n * n
    }

    /// Writes the planes of `pos` into `out` ([`Planes::len`] values).
    ///
    /// # Panics
    /// If `out` has another length, or `pos` another size or player count.
    pub fn write(self, pos: &Position, out: &mut [u8]) {
        assert_eq!(out.len(), self.len(), "the planes have a fixed length");
        assert_eq!((pos.size(), pos.players()), (self.size, self.players));
        let n = self.size as usize;
        let area = n * n;
        let players = self.players as usize;
        out.fill(0);
        let seats = pos.seats();
        for (p, &seat) in seats.iter().enumerate() {
            if pos.is_out(seat) {
                continue;
            }
            let sq = pos.pawn(seat);
            out[p * area + sq.row() as usize * n + sq.col() as usize] = 1;
            let left = pos.fences_left(seat);
            out[(players + 4 + p) * area..][..area].fill(left);
        }
        out[(2 * players + 4 + pos.turn_index()) * area..][..area].fill(1);

        let blocked = &mut out[players * area..][..4 * area];
        let mut mark = |dir: usize, col: usize, row: usize| blocked[dir * area + row * n + col] = 1;
        let (horizontal, vertical) = fence_sets(pos);
        // A horizontal fence at (c, r) lies between rows r and r+1 under
        // columns c and c+1; a vertical one between columns c and c+1 beside
        // rows r and r+1.
        each_square(horizontal, |c, r| {
            for col in [c, c + 1] {
                mark(NORTH, col, r);
                mark(SOUTH, col, r + 1);
            }
        });
        each_square(vertical, |c, r| {
            for row in [r, r + 1] {
                mark(EAST, c, row);
                mark(WEST, c + 1, row);
            }
        });
    }
}

/// The anchors of the placed fences, horizontal and vertical, as bitsets.
fn fence_sets(pos: &Position) -> (u128, u128) {
    let (mut horizontal, mut vertical) = (0, 0);
    for fence in pos.fences() {
        match fence.orientation() {
            Orientation::Horizontal => horizontal |= fence.anchor().bit(),
            Orientation::Vertical => vertical |= fence.anchor().bit(),
        }
    }
    (horizontal, vertical)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::{Ruleset, Seat, Square};

    fn planes_of(pos: &Position) -> Vec<u8> {
        let planes = Planes::of(pos);
        let mut out = vec![7; planes.len()];
        planes.write(pos, &mut out);
        out
    }

    /// Every blocked plane agrees with the rules' own `is_blocked` away from
    /// the edge.
    #[test]
    fn blocked_planes_agree_with_the_rules() {
        let mut pos = Position::new(Ruleset::new(7, 4).unwrap());
        for mv in ["d2", "b4", "c4h", "f4", "a1v", "e5v", "b2h"] {
            pos.play(mv.parse().unwrap()).unwrap();
        }
        let out = planes_of(&pos);
        let n = 7;
        let steps = [(0, 1), (1, 0), (0, -1), (-1, 0)];
        for row in 0..n {
            for col in 0..n {
                let sq = Square::new(col as u8, row as u8);
                for (dir, (dc, dr)) in steps.iter().enumerate() {
                    let (c2, r2) = (col as i32 + dc, row as i32 + dr);
                    let inside = (0..n as i32).contains(&c2) && (0..n as i32).contains(&r2);
                    let expected = inside && pos.is_blocked(sq, Square::new(c2 as u8, r2 as u8));
                    let value = out[(4 + dir) * n * n + row * n + col];
                    assert_eq!(value, expected as u8, "{sq} direction {dir}");
                }
            }
        }
    }

    #[test]
    fn pawns_fences_left_and_turn() {
        let mut pos = Position::new(Ruleset::new(5, 2).unwrap());
        pos.play("c2".parse().unwrap()).unwrap();
        pos.play("b2h".parse().unwrap()).unwrap();
        let out = planes_of(&pos);
        let area = 25;
        assert_eq!(out[..area].iter().map(|&v| v as u32).sum::<u32>(), 1);
        assert_eq!(out[5 + 2], 1, "south on c2");
        assert_eq!(out[area + 4 * 5 + 2], 1, "north on c5");
        assert!(out[6 * area..7 * area]
            .iter()
            .all(|&v| v == pos.fences_left(Seat::South)));
        assert!(out[7 * area..8 * area]
            .iter()
            .all(|&v| v == pos.fences_left(Seat::North)));
        assert_eq!(
            pos.fences_left(Seat::North) + 1,
            pos.fences_left(Seat::South)
        );
        assert!(
            out[8 * area..9 * area].iter().all(|&v| v == 1),
            "south to move"
        );
        assert!(out[9 * area..].iter().all(|&v| v == 0));
    }
}
