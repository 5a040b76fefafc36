//! The four edges of the board: where a maze opens, which line a pawn must
//! reach.

use std::fmt;
use std::str::FromStr;

use quoridor_rules::{ParseError, Square};
use serde::{Deserialize, Serialize};

use crate::dir::Dir;

/// An edge of the board, as drawn: the top is the last row.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Top,
    Right,
    Bottom,
    Left,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::Top, Side::Right, Side::Bottom, Side::Left];

    pub const fn name(self) -> &'static str {
        match self {
            Side::Top => "top",
            Side::Right => "right",
            Side::Bottom => "bottom",
            Side::Left => "left",
        }
    }

    /// The direction that leaves the board through this edge.
    pub const fn outwards(self) -> Dir {
        match self {
            Side::Top => Dir::Up,
            Side::Right => Dir::Right,
            Side::Bottom => Dir::Down,
            Side::Left => Dir::Left,
        }
    }

    pub const fn opposite(self) -> Side {
        match self {
            Side::Top => Side::Bottom,
            Side::Right => Side::Left,
            Side::Bottom => Side::Top,
            Side::Left => Side::Right,
        }
    }

    /// Whether `sq` lies along this edge of a board of side `size`.
    pub fn touches(self, sq: Square, size: u8) -> bool {
        match self {
            Side::Top => sq.row() + 1 == size,
            Side::Right => sq.col() + 1 == size,
            Side::Bottom => sq.row() == 0,
            Side::Left => sq.col() == 0,
        }
    }

    /// The squares along this edge.
    pub fn squares(self, size: u8) -> impl Iterator<Item = Square> {
        (0..size).map(move |i| match self {
            Side::Top => Square::new(i, size - 1),
            Side::Right => Square::new(size - 1, i),
            Side::Bottom => Square::new(i, 0),
            Side::Left => Square::new(0, i),
        })
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Side {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Side, ParseError> {
        Side::ALL
            .into_iter()
            .find(|side| side.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseError::new(s, "an edge: top, right, bottom or left"))
    }
}
