//! Directions on the grid and the arrow instructions built from them
//! (`2→ 4↓ 3↗`).

use std::fmt;
use std::str::FromStr;

use quoridor_rules::Square;
use serde::{Deserialize, Serialize};

use quoridor_rules::ParseError;

/// One of the eight directions. Up is towards the last row (north), as
/// the board is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    Up,
    UpRight,
    Right,
    DownRight,
    Down,
    DownLeft,
    Left,
    UpLeft,
}

impl Dir {
    pub const ALL: [Dir; 8] = [
        Dir::Up,
        Dir::UpRight,
        Dir::Right,
        Dir::DownRight,
        Dir::Down,
        Dir::DownLeft,
        Dir::Left,
        Dir::UpLeft,
    ];
    /// Up, right, down, left: the pawns' moves.
    pub const STRAIGHT: [Dir; 4] = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];

    /// Column and row change of one step.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::Up => (0, 1),
            Dir::UpRight => (1, 1),
            Dir::Right => (1, 0),
            Dir::DownRight => (1, -1),
            Dir::Down => (0, -1),
            Dir::DownLeft => (-1, -1),
            Dir::Left => (-1, 0),
            Dir::UpLeft => (-1, 1),
        }
    }

    pub const fn is_diagonal(self) -> bool {
        let (dx, dy) = self.delta();
        dx != 0 && dy != 0
    }

    pub const fn arrow(self) -> char {
        match self {
            Dir::Up => '↑',
            Dir::UpRight => '↗',
            Dir::Right => '→',
            Dir::DownRight => '↘',
            Dir::Down => '↓',
            Dir::DownLeft => '↙',
            Dir::Left => '←',
            Dir::UpLeft => '↖',
        }
    }

    pub const fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 4) % 8]
    }

    /// The direction from `from` to a neighbouring square `to` (one of the
    /// eight around it), if it is one.
    pub fn between(from: Square, to: Square) -> Option<Dir> {
        let dx = to.col() as i16 - from.col() as i16;
        let dy = to.row() as i16 - from.row() as i16;
        Dir::ALL
            .into_iter()
            .find(|d| (d.delta().0 as i16, d.delta().1 as i16) == (dx, dy))
    }

    /// The square one step away on a board of side `size`, if on it.
    pub fn step(self, from: Square, size: u8) -> Option<Square> {
        let (dx, dy) = self.delta();
        let col = from.col() as i16 + dx as i16;
        let row = from.row() as i16 + dy as i16;
        let inside = |v: i16| (0..size as i16).contains(&v);
        (inside(col) && inside(row)).then(|| Square::new(col as u8, row as u8))
    }

    /// Reads an arrow, or its letters for a keyboard without arrows
    /// (`N`, `NE`, `E`, … or `U`, `R`, `D`, `L`).
    fn from_word(word: &str) -> Option<Dir> {
        let word = word.to_ascii_uppercase();
        let dir = match word.as_str() {
            "↑" | "N" | "U" | "^" => Dir::Up,
            "↗" | "NE" | "UR" => Dir::UpRight,
            "→" | "E" | "R" | ">" => Dir::Right,
            "↘" | "SE" | "DR" => Dir::DownRight,
            "↓" | "S" | "D" | "V" => Dir::Down,
            "↙" | "SW" | "DL" => Dir::DownLeft,
            "←" | "W" | "L" | "<" => Dir::Left,
            "↖" | "NW" | "UL" => Dir::UpLeft,
            _ => return None,
        };
        Some(dir)
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.arrow())
    }
}

/// One arrow instruction: so many squares in a direction (`3→`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub count: u8,
    pub dir: Dir,
}

/// The most squares one instruction may count (the largest board is 11).
pub const MAX_COUNT: u8 = 10;

impl Step {
    pub const fn new(count: u8, dir: Dir) -> Step {
        Step { count, dir }
    }

    /// The squares walked from `from`, one per square counted; `None` as
    /// soon as one is off a board of side `size`.
    pub fn walk(self, from: Square, size: u8) -> Vec<Option<Square>> {
        let mut at = Some(from);
        (0..self.count)
            .map(|_| {
                at = at.and_then(|sq| self.dir.step(sq, size));
                at
            })
            .collect()
    }

    /// Reads a list of instructions separated by spaces or commas.
    pub fn parse_list(text: &str) -> Result<Vec<Step>, ParseError> {
        text.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(str::parse)
            .collect()
    }

    pub fn list_text(steps: &[Step]) -> String {
        let words: Vec<String> = steps.iter().map(Step::to_string).collect();
        words.join(" ")
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.count, self.dir)
    }
}

impl FromStr for Step {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Step, ParseError> {
        let bad = || ParseError::new(s, "an arrow instruction such as 2→ or 3↗");
        let digits = s.chars().take_while(char::is_ascii_digit).count();
        let count: u8 = s[..digits].parse().map_err(|_| bad())?;
        let dir = Dir::from_word(&s[digits..]).ok_or_else(bad)?;
        if count == 0 || count > MAX_COUNT {
            return Err(bad());
        }
        Ok(Step { count, dir })
    }
}

impl Serialize for Step {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Step {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Step, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_read_and_write() {
        let steps = Step::parse_list("2→ 4↓, 3↗ 1NW 2u").unwrap();
        assert_eq!(Step::list_text(&steps), "2→ 4↓ 3↗ 1↖ 2↑");
        assert!("0→".parse::<Step>().is_err());
        assert!("11→".parse::<Step>().is_err());
        assert!("2x".parse::<Step>().is_err());
        assert!("→".parse::<Step>().is_err());
        for dir in Dir::ALL {
            assert_eq!(dir.opposite().opposite(), dir);
            let (dx, dy) = dir.delta();
            assert_eq!(dir.opposite().delta(), (-dx, -dy));
        }
    }

    #[test]
    fn steps_stop_at_the_edge() {
        let a1 = Square::new(0, 0);
        assert_eq!(Dir::Up.step(a1, 3), Some(Square::new(0, 1)));
        assert_eq!(Dir::Left.step(a1, 3), None);
        let walk = Step::new(3, Dir::UpRight).walk(a1, 3);
        assert_eq!(
            walk,
            [Some(Square::new(1, 1)), Some(Square::new(2, 2)), None]
        );
        assert_eq!(Dir::between(a1, Square::new(1, 1)), Some(Dir::UpRight));
        assert_eq!(Dir::between(a1, Square::new(2, 0)), None);
    }
}
