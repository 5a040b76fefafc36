//! Seats (the side of the board a pawn starts on) and teams.

use core::fmt;
use core::str::FromStr;

use crate::parse_error::ParseError;

/// A player's seat, named after the side of the board the pawn starts on.
///
/// ```
/// use quoridor_rules::Seat;
/// assert_eq!("N".parse::<Seat>().unwrap(), Seat::North);
/// assert_eq!(Seat::North.to_string(), "north");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Seat {
    South,
    West,
    North,
    East,
}

impl Seat {
    /// All seats, clockwise from south.
    pub const ALL: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

    /// The seats used by a game of `players` players, in turn order.
    pub const fn in_play(players: u8) -> &'static [Seat] {
        if players == 4 {
            &Seat::ALL
        } else {
            &[Seat::South, Seat::North]
        }
    }

    /// The seat of the player with turn-order index `player`.
    pub const fn from_player(player: usize, players: u8) -> Seat {
        Seat::in_play(players)[player]
    }

    /// Turn-order index of this seat in a game of `players` players, or `None`
    /// if the seat is not used (west and east in 2-player games).
    pub const fn player(self, players: u8) -> Option<usize> {
        match (self, players) {
            (Seat::South, _) => Some(0),
            (Seat::North, 2) => Some(1),
            (Seat::West, 4) => Some(1),
            (Seat::North, 4) => Some(2),
            (Seat::East, 4) => Some(3),
            _ => None,
        }
    }

    /// The team of this seat in the cooperative variant: {south, west}
    /// against {north, east} (RULES.md §9).
    pub const fn team(self) -> Team {
        match self {
            Seat::South | Seat::West => Team::SouthWest,
            Seat::North | Seat::East => Team::NorthEast,
        }
    }

    /// The record tag naming the seat's player: `South`, `West`, `North`,
    /// `East` (as in `[North "Alice"]`).
    pub const fn tag(self) -> &'static str {
        match self {
            Seat::South => "South",
            Seat::West => "West",
            Seat::North => "North",
            Seat::East => "East",
        }
    }

    /// Lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Seat::South => "south",
            Seat::West => "west",
            Seat::North => "north",
            Seat::East => "east",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Seat {
    type Err = ParseError;

    /// Accepts the name or its first letter, in any case.
    fn from_str(s: &str) -> Result<Seat, ParseError> {
        match s.to_ascii_lowercase().as_str() {
            "south" | "s" => Ok(Seat::South),
            "west" | "w" => Ok(Seat::West),
            "north" | "n" => Ok(Seat::North),
            "east" | "e" => Ok(Seat::East),
            _ => Err(ParseError::new(s, "a seat: south, west, north or east")),
        }
    }
}

/// A team of the cooperative variant.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Team {
    /// South and west.
    SouthWest,
    /// North and east.
    NorthEast,
}

impl Team {
    /// The two partners.
    pub const fn seats(self) -> [Seat; 2] {
        match self {
            Team::SouthWest => [Seat::South, Seat::West],
            Team::NorthEast => [Seat::North, Seat::East],
        }
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.seats();
        write!(f, "{a}+{b}")
    }
}

impl FromStr for Team {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Team, ParseError> {
        match s.to_ascii_lowercase().as_str() {
            "south+west" | "west+south" => Ok(Team::SouthWest),
            "north+east" | "east+north" => Ok(Team::NorthEast),
            _ => Err(ParseError::new(s, "a team: south+west or north+east")),
        }
    }
}
