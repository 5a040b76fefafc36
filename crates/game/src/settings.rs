//! What a game is created with, checked once: the board, the variant, the
//! fences, the clock, the look, the ply limit; and player names.

use std::time::Duration;

use quoridor_engine::TimeControl;
use quoridor_rules::{Ruleset, Variant};
use serde::{Deserialize, Serialize};

use crate::error::RoomError;
use crate::wire;

/// Longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// Longest clock a game may have (a day), and the longest increment (an hour).
pub const MAX_CLOCK: Duration = Duration::from_secs(24 * 3600);
pub const MAX_INCREMENT: Duration = Duration::from_secs(3600);

/// A day: a turn-based (correspondence) game gives each move whole days,
/// from one to [`MAX_DAYS`].
pub const DAY: Duration = Duration::from_secs(24 * 3600);
pub const MAX_DAYS: u64 = 14;

/// Whether a clock is turn-based: days for each move, as on Board Game
/// Arena, where a player comes back when they can.
pub fn is_correspondence(clock: Option<TimeControl>) -> bool {
    matches!(clock, Some(TimeControl::PerMove(t)) if t >= DAY)
}

/// The server's ply limit: a game still going after this many plies is a
/// draw (RULES.md §7). Real games take a few hundred plies at most; this
/// keeps a game, its record and its messages bounded.
pub const MAX_PLIES: u32 = 1000;

fn max_plies() -> u32 {
    MAX_PLIES
}

/// The junior theme only changes the look.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    #[default]
    Classic,
    Crab,
}

/// What a game was created with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub size: u8,
    pub players: u8,
    #[serde(with = "wire::variant")]
    pub variant: Variant,
    pub fences: u32,
    #[serde(with = "wire::clock")]
    pub clock: Option<TimeControl>,
    pub theme: Theme,
    pub public: bool,
    pub side_step_over_pawn: bool,
    /// Plies after which the game is a draw (at most [`MAX_PLIES`]; games
    /// stored before the limit existed get it).
    #[serde(default = "max_plies")]
    pub ply_limit: u32,
    /// A tournament's or a class's game: never private (no undo, no hint,
    /// even against an AI), never aborted.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub competition: bool,
    /// A rated game between two accounts (see [`Settings::check_rated`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// A rated game whose players both agreed to takebacks (the challenge
    /// offered them and the other accepted it): a move may be taken back
    /// as in a casual game, the opponent accepting each time.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated_takebacks: bool,
    /// The tournament whose game this is: its page links back there, and
    /// it has no rematch (the tournament pairs the next game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<String>,
    /// No chat in this game, for anyone (a class's games: children talk in
    /// class, not through the board, unless their teacher allows it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chat_off: bool,
    /// A class's game (or a class tournament's): its pupils' seat links are
    /// not shared, and when their teacher turns the chat on, the teacher
    /// reads every line (the page says so).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub teacher_reads: bool,
}

impl Settings {
    /// Checks the board and fills in the default fence count; no clock, the
    /// classic theme, public, no `side_step_over_pawn`, the server's ply
    /// limit.
    pub fn new(
        size: u8,
        players: u8,
        variant: Variant,
        fences: Option<u32>,
    ) -> Result<Settings, RoomError> {
        let base = Ruleset::new(size.into(), players.into()).map_err(|err| {
            RoomError::Settings(format!(
                "size and players: {err} (size 3–11, odd; 2 or 4 players)"
            ))
        })?;
        let settings = Settings {
            size,
            players,
            variant,
            fences: fences.unwrap_or(base.fences().into()),
            clock: None,
            theme: Theme::Classic,
            public: true,
            side_step_over_pawn: false,
            ply_limit: MAX_PLIES,
            competition: false,
            tournament: None,
            rated: false,
            rated_takebacks: false,
            chat_off: false,
            teacher_reads: false,
        };
        settings.ruleset()?;
        Ok(settings)
    }

    /// With a time control: from 1 s to a day, an increment of at most an hour.
    pub fn with_clock(mut self, clock: Option<TimeControl>) -> Result<Settings, RoomError> {
        if is_correspondence(clock) {
            let t = clock.map_or(Duration::ZERO, TimeControl::initial);
            let whole_days = t.as_secs().is_multiple_of(DAY.as_secs()) && t.subsec_nanos() == 0;
            if !whole_days || t > DAY * MAX_DAYS as u32 {
                return Err(RoomError::Settings(format!(
                    "clock: a turn-based game gives each move whole days, from 1 to {MAX_DAYS} ({{\"days\": N}})"
                )));
            }
        } else if let Some(control) = clock {
            let initial = control.initial();
            let ok = (Duration::from_secs(1)..=MAX_CLOCK).contains(&initial)
                && control.increment() <= MAX_INCREMENT;
            if !ok {
                return Err(RoomError::Settings(
                    "clock: a time from 1 s to 24 h (initial_ms or per_move_ms) and an increment of at most 1 h, or {\"days\": N} per move"
                        .into(),
                ));
            }
        }
        self.clock = clock;
        Ok(self)
    }

    /// With a ply limit of at most [`MAX_PLIES`].
    pub fn with_ply_limit(mut self, limit: Option<u32>) -> Result<Settings, RoomError> {
        let limit = limit.unwrap_or(MAX_PLIES);
        if !(1..=MAX_PLIES).contains(&limit) {
            return Err(RoomError::Settings(format!(
                "ply_limit: from 1 to {MAX_PLIES}"
            )));
        }
        self.ply_limit = limit;
        Ok(self)
    }

    /// Why these settings cannot be rated, if they cannot: a rated game is
    /// the standard game (two players, 9×9, 10 fences each) with a clock,
    /// public.
    pub fn check_rated(&self) -> Result<(), &'static str> {
        let standard = self.size == 9
            && self.players == 2
            && self.variant == Variant::Standard
            && self.fences == 10
            && !self.side_step_over_pawn;
        if !standard {
            Err("a rated game is the standard game: 2 players, 9×9, 10 fences each")
        } else if self.clock.is_none() {
            Err("a rated game has a clock")
        } else if !self.public {
            Err("a rated game is public")
        } else {
            Ok(())
        }
    }

    /// Whether this game is turn-based ([`is_correspondence`]).
    pub fn is_correspondence(&self) -> bool {
        is_correspondence(self.clock)
    }

    /// The rules of the game.
    pub fn ruleset(&self) -> Result<Ruleset, RoomError> {
        let bad = |err: quoridor_rules::RulesetError| RoomError::Settings(err.to_string());
        Ruleset::new(self.size.into(), self.players.into())
            .map_err(bad)?
            .with_fences(self.fences)
            .map_err(bad)?
            .with_variant(self.variant)
            .map_err(bad)?
            .with_side_step_over_pawn(self.side_step_over_pawn)
            // Four pawns can walk round walls for ever: a position seen a
            // third time draws.
            .with_repetition(self.players == 4)
            .with_ply_limit(Some(self.ply_limit.clamp(1, MAX_PLIES)))
            .map_err(bad)
    }
}

/// Checks a player name ([`crate::name::clean`]: composed, tidied, at most
/// [`MAX_NAME_CHARS`], nothing invisible). An empty name gives `None` (the
/// seat's name is shown).
pub fn clean_name(name: Option<&str>) -> Result<Option<String>, RoomError> {
    let Some(name) = name else {
        return Ok(None);
    };
    match crate::name::clean(name, MAX_NAME_CHARS) {
        Ok(name) => Ok(Some(name)),
        Err(crate::name::NameProblem::Empty) => Ok(None),
        Err(problem) => Err(RoomError::Settings(format!("name: {problem}"))),
    }
}
