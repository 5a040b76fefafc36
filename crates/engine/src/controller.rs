//! Who plays a seat: a person, or the engine at a level. One type for the
//! terminal game, saved games and the server.

use std::fmt;
use std::str::FromStr;

use quoridor_rules::{Position, Seat, Variant};

use crate::level::Level;

/// Who plays a seat.
///
/// ```
/// use quoridor_engine::{Controller, Level};
/// let ai: Controller = "ai:7".parse().unwrap();
/// assert_eq!(ai, Controller::Ai(Level::new(7).unwrap()));
/// assert_eq!(ai.to_string(), "ai:7");
/// assert_eq!("human".parse::<Controller>(), Ok(Controller::Human));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Controller {
    /// A person.
    Human,
    /// The engine at this level.
    Ai(Level),
}

/// The level of `ai` without a number.
pub const DEFAULT_AI_LEVEL: u8 = 5;

impl Controller {
    pub fn is_human(self) -> bool {
        self == Controller::Human
    }

    /// The AI's level, for an AI seat.
    pub fn level(self) -> Option<Level> {
        match self {
            Controller::Ai(level) => Some(level),
            Controller::Human => None,
        }
    }
}

/// `human` or `ai:5`, as in `--seats` and saved games.
impl fmt::Display for Controller {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Controller::Human => f.write_str("human"),
            Controller::Ai(level) => write!(f, "ai:{level}"),
        }
    }
}

impl FromStr for Controller {
    type Err = String;

    /// `human` (or `h`), `ai` (level 5), `ai:N` or `aiN` (N from 1 to 8).
    fn from_str(s: &str) -> Result<Controller, String> {
        let lower = s.trim().to_ascii_lowercase();
        let bad = || {
            format!(
                "`{}`: expected human, ai or ai:N (a level from 1 to 8)",
                quoridor_rules::excerpt(s, 40)
            )
        };
        match lower.as_str() {
            "human" | "h" | "person" => return Ok(Controller::Human),
            "ai" => {
                let level = Level::new(DEFAULT_AI_LEVEL).expect("a level");
                return Ok(Controller::Ai(level));
            }
            _ => {}
        }
        let level = lower.strip_prefix("ai").ok_or_else(bad)?;
        let level = level.strip_prefix(':').unwrap_or(level);
        level
            .parse::<Level>()
            .map(Controller::Ai)
            .map_err(|_| bad())
    }
}

/// Whether the AI playing `seat` accepts a draw (the server's AI seats
/// and the page's games on one device): it does unless its side leads the
/// race, with a shorter path than every opponent's, or an equal one and
/// the move first (the side to move wins a tie).
pub fn accepts_draw(pos: &Position, seat: Seat) -> bool {
    let players = pos.seats().len();
    let turn = pos.turn_index();
    // (steps to go, turns before it moves): the smaller arrives first.
    let race = |s: Seat| {
        let index = s.player(pos.players()).unwrap_or(0);
        let distance = pos.distance(s).unwrap_or(u32::MAX);
        (distance, (index + players - turn) % players)
    };
    let teams = pos.rules().variant() == Variant::Teams;
    let mine = |s: Seat| s == seat || (teams && s.team() == seat.team());
    let playing = pos.seats().iter().copied().filter(|&s| !pos.is_out(s));
    let ours = playing.clone().filter(|&s| mine(s)).map(race).min();
    let theirs = playing.filter(|&s| !mine(s)).map(race).min();
    match (ours, theirs) {
        (Some(ours), Some(theirs)) => ours > theirs,
        _ => true,
    }
}
