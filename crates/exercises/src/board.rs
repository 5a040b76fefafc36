//! The board of an exercise: its size, its fences (real ones, that could
//! be set on the wooden board), and what stands on its squares; and the
//! walks on it: which steps are open, and the shortest routes.

use std::collections::{BTreeMap, VecDeque};

use quoridor_rules::{Fence, FenceConflict, Square};
use serde::{Deserialize, Serialize};

use crate::dir::Dir;
use crate::item::Item;

/// The smallest and largest boards of an exercise.
pub const MIN_SIZE: u8 = 3;
pub const MAX_SIZE: u8 = 11;

/// A set of squares, by their bits (`Square::bit`).
pub type Squares = u128;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    pub size: u8,
    #[serde(with = "crate::serde_text::list", default)]
    pub fences: Vec<Fence>,
    #[serde(with = "items", default)]
    pub items: BTreeMap<Square, Item>,
}

/// Why a board cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    Size(u8),
    /// More fences than the board has places for.
    TooManyFences(usize),
    FenceOffBoard(Fence),
    Fences(Fence, Fence, FenceConflict),
    ItemOffBoard(Square),
}

impl std::fmt::Display for BoardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoardError::Size(n) => write!(
                f,
                "a board of {n}×{n}: the sizes go from {MIN_SIZE} to {MAX_SIZE}"
            ),
            BoardError::TooManyFences(n) => {
                write!(f, "{n} fences: more than the board has room for")
            }
            BoardError::FenceOffBoard(fence) => write!(f, "the fence {fence} is off the board"),
            BoardError::Fences(a, b, FenceConflict::Overlaps) => {
                write!(f, "the fences {a} and {b} overlap")
            }
            BoardError::Fences(a, b, FenceConflict::Crosses) => {
                write!(f, "the fences {a} and {b} cross")
            }
            BoardError::ItemOffBoard(sq) => write!(f, "{sq} is off the board"),
        }
    }
}

impl Board {
    pub fn new(size: u8) -> Board {
        Board {
            size,
            fences: Vec::new(),
            items: BTreeMap::new(),
        }
    }

    /// Every square of the board.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.size).flat_map(move |row| (0..self.size).map(move |col| Square::new(col, row)))
    }

    pub fn on_board(&self, sq: Square) -> bool {
        sq.on_board(self.size)
    }

    /// The board as it could be built: a legal size, fences on it that
    /// neither overlap nor cross, items on it.
    pub fn validate(&self) -> Result<(), BoardError> {
        self.validate_bounds()?;
        for (i, &fence) in self.fences.iter().enumerate() {
            for &other in &self.fences[..i] {
                if let Some(conflict) = fence.conflict(other) {
                    return Err(BoardError::Fences(other, fence, conflict));
                }
            }
        }
        Ok(())
    }

    /// Whether the board can be drawn: its size, and every fence and item
    /// on it. Its fences may still cross (an editor's draft shows them,
    /// so that the teacher sees which to take away).
    pub fn validate_bounds(&self) -> Result<(), BoardError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&self.size) {
            return Err(BoardError::Size(self.size));
        }
        let slots = 2 * (self.size as usize - 1).pow(2);
        if self.fences.len() > slots {
            return Err(BoardError::TooManyFences(self.fences.len()));
        }
        if let Some(&fence) = self.fences.iter().find(|f| !f.on_board(self.size)) {
            return Err(BoardError::FenceOffBoard(fence));
        }
        match self.items.keys().find(|sq| !self.on_board(**sq)) {
            Some(&sq) => Err(BoardError::ItemOffBoard(sq)),
            None => Ok(()),
        }
    }

    /// Whether `fence` may be added: on the board, clear of the others.
    pub fn fits(&self, fence: Fence) -> bool {
        fence.on_board(self.size) && self.fences.iter().all(|f| f.conflict(fence).is_none())
    }

    /// The fence between two neighbouring squares, if any.
    pub fn fence_between(&self, a: Square, b: Square) -> Option<Fence> {
        self.fences.iter().copied().find(|f| f.blocks(a, b))
    }

    /// The squares holding `item`.
    pub fn squares_with(&self, item: Item) -> impl Iterator<Item = Square> + '_ {
        self.items
            .iter()
            .filter(move |(_, &i)| i == item)
            .map(|(&sq, _)| sq)
    }

    pub fn set_of(&self, item: Item) -> Squares {
        self.squares_with(item).fold(0, |set, sq| set | sq.bit())
    }

    /// The squares a pawn reaches in one step from `sq`: up, right, down
    /// or left, on the board, with no fence between.
    pub fn neighbours(&self, sq: Square) -> impl Iterator<Item = Square> + '_ {
        Dir::STRAIGHT
            .into_iter()
            .filter_map(move |d| d.step(sq, self.size))
            .filter(move |&to| self.fence_between(sq, to).is_none())
    }

    /// The number of pawn steps from `from` to every square, never
    /// entering a square of `avoid` (`None`: out of reach).
    pub fn distances(&self, from: Square, avoid: Squares) -> Distances {
        let mut dist = [None; 121];
        let mut queue = VecDeque::from([from]);
        dist[from.index() as usize] = Some(0u16);
        while let Some(sq) = queue.pop_front() {
            let d = dist[sq.index() as usize].unwrap_or(0);
            for to in self.neighbours(sq) {
                let slot = &mut dist[to.index() as usize];
                if slot.is_none() && to.bit() & avoid == 0 {
                    *slot = Some(d + 1);
                    queue.push_back(to);
                }
            }
        }
        Distances(dist)
    }

    /// A shortest pawn route from `from` to any square of `targets`,
    /// never on a square of `avoid`, through every square of `visit`
    /// (in any order): the squares after `from`, or `None` if there is
    /// none. Among the shortest, the same one every time.
    pub fn shortest_route(
        &self,
        from: Square,
        targets: Squares,
        avoid: Squares,
        visit: &[Square],
    ) -> Option<Vec<Square>> {
        let all = (1u32 << visit.len()) - 1;
        let mask_of = |sq: Square| visit.iter().position(|&v| v == sq).map_or(0, |i| 1u32 << i);
        let states = 121 * (1usize << visit.len());
        let index =
            |sq: Square, mask: u32| sq.index() as usize * (1 << visit.len()) + mask as usize;
        let mut came_from: Vec<Option<(Square, u32)>> = vec![None; states];
        let mut seen = vec![false; states];
        let start = (from, mask_of(from));
        seen[index(start.0, start.1)] = true;
        let mut queue = VecDeque::from([start]);
        while let Some((sq, mask)) = queue.pop_front() {
            if mask == all && targets & sq.bit() != 0 && (sq, mask) != start {
                let mut route = vec![sq];
                let mut at = (sq, mask);
                while let Some(prev) = came_from[index(at.0, at.1)] {
                    if prev == start {
                        break;
                    }
                    route.push(prev.0);
                    at = prev;
                }
                route.reverse();
                return Some(route);
            }
            for to in self.neighbours(sq) {
                if to.bit() & avoid != 0 {
                    continue;
                }
                let next = (to, mask | mask_of(to));
                let i = index(next.0, next.1);
                if !seen[i] {
                    seen[i] = true;
                    came_from[i] = Some((sq, mask));
                    queue.push_back(next);
                }
            }
        }
        None
    }
}

/// Steps from one square to every other ([`Board::distances`]).
#[derive(Clone, Debug)]
pub struct Distances([Option<u16>; 121]);

impl Distances {
    pub fn to(&self, sq: Square) -> Option<u16> {
        self.0[sq.index() as usize]
    }

    /// The nearest square of a set, by its distance.
    pub fn nearest(&self, set: Squares) -> Option<u16> {
        (0..121u8)
            .filter(|i| set & (1u128 << i) != 0)
            .filter_map(|i| self.0[i as usize])
            .min()
    }
}

/// The squares of a set, lowest index first.
pub fn squares_of(set: Squares) -> impl Iterator<Item = Square> {
    quoridor_rules::SquareIter::new(set)
}

/// The items as a JSON object: `{"b2": "star", "c3": "fish"}`.
mod items {
    use super::*;
    use serde::de::Error as _;
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(
        items: &BTreeMap<Square, Item>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_map(
            items
                .iter()
                .map(|(sq, item)| (sq.to_string(), item.to_string())),
        )
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<BTreeMap<Square, Item>, D::Error> {
        let raw = BTreeMap::<String, String>::deserialize(d)?;
        raw.iter()
            .map(|(sq, item)| {
                let sq: Square = sq.parse().map_err(D::Error::custom)?;
                let item: Item = item.parse().map_err(D::Error::custom)?;
                Ok((sq, item))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn fences_block_steps_and_routes_go_around() {
        let mut board = Board::new(3);
        board.fences.push("a1h".parse().unwrap());
        // a1 | a2 and b1 | b2 are walled: the way round is by c.
        assert_eq!(board.neighbours(sq("a1")).collect::<Vec<_>>(), [sq("b1")]);
        let route = board
            .shortest_route(sq("a1"), sq("a2").bit(), 0, &[])
            .unwrap();
        assert_eq!(route, [sq("b1"), sq("c1"), sq("c2"), sq("b2"), sq("a2")]);
        assert_eq!(board.distances(sq("a1"), 0).to(sq("a2")), Some(5));
        // Through a star on c3 and never on b2.
        let route = board
            .shortest_route(sq("a1"), sq("a2").bit(), sq("b2").bit(), &[sq("c3")])
            .unwrap();
        assert_eq!(route.len(), 7, "{route:?}");
        assert!(route.contains(&sq("c3")) && !route.contains(&sq("b2")));
        assert!(board
            .shortest_route(sq("a1"), sq("a2").bit(), sq("c2").bit(), &[])
            .is_none());
    }

    #[test]
    fn boards_are_validated() {
        let mut board = Board::new(4);
        assert_eq!(board.validate(), Ok(()));
        board.fences = vec!["a1h".parse().unwrap(), "b1h".parse().unwrap()];
        assert!(matches!(
            board.validate(),
            Err(BoardError::Fences(_, _, FenceConflict::Overlaps))
        ));
        board.fences = vec!["d3h".parse().unwrap()];
        assert!(matches!(
            board.validate(),
            Err(BoardError::FenceOffBoard(_))
        ));
        assert!(!board.fits("d1v".parse().unwrap()));
        assert!(Board::new(2).validate().is_err());
    }
}
