//! Shortest paths and distances to the goal lines (pawns never block paths).

use alloc::vec::Vec;

use crate::geometry::{expand, NORTH};
use crate::position::Position;
use crate::seat::Seat;
use crate::square::{Square, SquareIter, MAX_SIZE, STRIDE};

/// Distance of every square of the board to one seat's goal line, around the
/// fences; `None` for squares cut off from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceMap {
    distances: [u8; 128],
}

impl DistanceMap {
    const UNREACHABLE: u8 = u8::MAX;

    /// Steps from `sq` to the goal line, or `None` if it cannot get there.
    pub fn get(&self, sq: Square) -> Option<u32> {
        let d = self.distances[sq.index() as usize];
        (d != DistanceMap::UNREACHABLE).then_some(d as u32)
    }
}

impl Position {
    /// Breadth-first layers from player `p`'s pawn until the goal line; the
    /// index of the layer that meets the goal, or `None` without a path.
    fn layers_to_goal(&self, p: usize, layers: &mut [u128; 128]) -> Option<usize> {
        let goal = self.goal(p);
        let mut seen = self.pawns[p].bit();
        layers[0] = seen;
        let mut d = 0;
        while layers[d] & goal == 0 {
            let next = expand(layers[d], &self.open) & !seen;
            if next == 0 {
                return None;
            }
            d += 1;
            layers[d] = next;
            seen |= next;
        }
        Some(d)
    }

    /// One shortest path of player `p`, from the goal back to the pawn,
    /// taking the lowest square at each step so that it is deterministic.
    pub(crate) fn walk_back(&self, p: usize, mut visit: impl FnMut(usize, Square, Square)) -> bool {
        let mut layers = [0u128; 128];
        let Some(d) = self.layers_to_goal(p, &mut layers) else {
            return false;
        };
        let mut cur = lowest(layers[d] & self.goal(p));
        for i in (0..d).rev() {
            let prev = lowest(expand(cur.bit(), &self.open) & layers[i]);
            visit(i, prev, cur);
            cur = prev;
        }
        true
    }

    /// Anchors of the horizontal and vertical fence slots that would block a
    /// step of the seat's shortest path (the one [`Position::shortest_path`]
    /// gives). These slots are not checked for legality: intersect with
    /// [`Position::fence_moves`]. Empty if the pawn has arrived or is walled off.
    ///
    /// ```
    /// use quoridor_rules::{Position, Ruleset, Seat, Square};
    /// let pos = Position::new(Ruleset::new(5, 2).unwrap());
    /// let (h, _v) = pos.fences_cutting_path(Seat::South);
    /// // South walks c1-c5: the horizontal slots b1..b4 and c1..c4 cut it.
    /// assert_eq!(h.count_ones(), 8);
    /// assert!(h & Square::new(1, 0).bit() != 0);
    /// ```
    pub fn fences_cutting_path(&self, seat: Seat) -> (u128, u128) {
        let (mut north, mut east) = (0u128, 0u128);
        self.walk_back(self.index_of(seat), |_, a, b| {
            let low = a.min(b);
            if a.index().abs_diff(b.index()) != 1 {
                north |= low.bit();
            } else {
                east |= low.bit();
            }
        });
        let anchors = self.geometry().anchors;
        (
            (north | north >> 1) & anchors,
            (east | east >> STRIDE) & anchors,
        )
    }

    /// Fewest steps from a seat's pawn to its goal line around the fences
    /// (pawns do not block), or `None` if it is walled off.
    ///
    /// ```
    /// use quoridor_rules::{Position, Ruleset, Seat};
    /// let pos = Position::new(Ruleset::STANDARD);
    /// assert_eq!(pos.distance(Seat::South), Some(8));
    /// ```
    pub fn distance(&self, seat: Seat) -> Option<u32> {
        let p = self.index_of(seat);
        let goal = self.goal(p);
        let mut seen = self.pawns[p].bit();
        let mut d = 0;
        while seen & goal == 0 {
            let next = seen | expand(seen, &self.open);
            if next == seen {
                return None;
            }
            seen = next;
            d += 1;
        }
        Some(d)
    }

    /// Distances of every seat in the game, in turn order.
    pub fn distances(&self) -> Vec<Option<u32>> {
        self.seats()
            .iter()
            .map(|&seat| self.distance(seat))
            .collect()
    }

    /// One shortest path of a seat's pawn to its goal line: the squares after
    /// the pawn's own, ending on the goal line. Empty if the pawn has arrived,
    /// `None` if it is walled off. Deterministic.
    ///
    /// ```
    /// use quoridor_rules::{Position, Ruleset, Seat};
    /// let pos = Position::new(Ruleset::new(5, 2).unwrap());
    /// let path: Vec<String> = pos.shortest_path(Seat::South).unwrap()
    ///     .iter().map(|sq| sq.to_string()).collect();
    /// assert_eq!(path, ["c2", "c3", "c4", "c5"]);
    /// ```
    pub fn shortest_path(&self, seat: Seat) -> Option<Vec<Square>> {
        let mut path = Vec::new();
        self.walk_back(self.index_of(seat), |_, _, b| path.push(b))
            .then(|| {
                path.reverse();
                path
            })
    }

    /// Distance to a seat's goal line from every square.
    pub fn distance_map(&self, seat: Seat) -> DistanceMap {
        let p = self.index_of(seat);
        let mut distances = [DistanceMap::UNREACHABLE; 128];
        let mut frontier = self.goal(p);
        let mut seen = frontier;
        let mut d = 0u8;
        while frontier != 0 {
            for sq in SquareIter(frontier) {
                distances[sq.index() as usize] = d;
            }
            frontier = expand(frontier, &self.open) & !seen;
            seen |= frontier;
            d += 1;
        }
        DistanceMap { distances }
    }
}

#[inline]
fn lowest(set: u128) -> Square {
    Square::from_index(set.trailing_zeros())
}

const _: () = assert!(NORTH == 0 && STRIDE == MAX_SIZE as u32);
