//! The pawns' colours: who is who in a route, an arrow walk or a race.

use std::fmt;
use std::str::FromStr;

use quoridor_rules::ParseError;
use serde::{Deserialize, Serialize};

/// A pawn's colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    Red,
    Blue,
    Green,
    Yellow,
}

impl Color {
    pub const ALL: [Color; 4] = [Color::Red, Color::Blue, Color::Green, Color::Yellow];

    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
            Color::Green => "green",
            Color::Yellow => "yellow",
        }
    }

    /// How it is drawn.
    pub const fn fill(self) -> &'static str {
        match self {
            Color::Red => "#d63a2f",
            Color::Blue => "#2f6fd6",
            Color::Green => "#2f9e44",
            Color::Yellow => "#f2c230",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Color {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Color, ParseError> {
        Color::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseError::new(s, "a colour: red, blue, green or yellow"))
    }
}
