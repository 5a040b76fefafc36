//! Game records ([`Record`], a PGN-like text that reads back to the same
//! [`Game`]) and the one-line game form of the protocol ([`game_line`]).
//!
//! The record's type, its writing and its entry words are here; reading
//! is in `cursor` (characters, comments and tags), `header` (the tags
//! checked), `read` (the move text, [`parse_records`]) and `line` (the
//! game line and [`parse_game_text`]); errors and their places in `error`.

mod cursor;
mod error;
mod header;
mod line;
mod read;

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::game::{Entry, Game};
use crate::parse_error::ParseError;
use crate::position::{Outcome, Position};
use crate::ruleset::Ruleset;
use crate::seat::Seat;
use error::Loc;

pub use error::{RecordError, RecordErrorKind};
pub use line::{game_line, parse_game_line, parse_game_text};
pub use read::parse_records;

/// The tags that the record computes itself, matched without regard to case.
const RESERVED: [&str; 9] = [
    "Game",
    "Size",
    "Players",
    "Fences",
    "Variant",
    "Options",
    "Position",
    "Result",
    "Termination",
];

/// Output lines are wrapped before this many columns.
const WIDTH: usize = 80;

/// The most entries a record or a game line may hold: far more than any
/// game played (a long game has a few hundred), few enough that a hostile
/// text cannot fill the memory with positions.
pub const MAX_ENTRIES: usize = 10_000;

/// The most records [`parse_records`] reads from one text: twice what a
/// player's page exports at once, few enough that a hostile file cannot
/// fill the memory with games.
pub const MAX_RECORDS: usize = 1000;

/// A game with its free tags (player names, dates, …), written and read as
/// a PGN-like text:
///
/// ```text
/// [Game "Quoridor"]
/// [Size "9"]
/// [Players "2"]
/// [Fences "10"]
/// [Variant "standard"]
/// [Options "side_step_over_pawn ply_limit=400"]
/// [South "Alice"]
/// [Result "south"]
/// [Termination "resignation"]
///
/// 1. e2 e8 2. e3 e7h 3. e4 north-resigns
/// ```
///
/// **Tags** (`[Name "value"]`, with `\"` and `\\` escapes in the value):
/// - `Size`, `Players`, `Fences`, `Variant` (`standard`, `teams`, `scoring`)
///   and `Options` (the other words of [`Ruleset::with_option`], only when
///   there are some) describe the ruleset. On input each may be left out
///   (9, 2, the default fences of §1, standard, none).
/// - `Position`: the position notation of the start, only for a game that
///   starts from a set-up position. It is then the authority for the rules;
///   any of the tags above that is present must agree with it.
/// - `Result` (`south`, `north+east`, `draw` or `*`) and `Termination`
///   ([`Termination::name`]) are recomputed on output; on input they must
///   agree with the replayed game.
/// - Every other tag (player names, dates, clocks) is kept, in order.
///
/// **Move text**: moves in the notation of RULES.md §2, numbered by rounds:
/// `N.` before a move of ply `(N−1)·players` (counting from the start of the
/// game, so a set-up position's ply continues the count), and `N...` before
/// the first move when it is not at the start of a round. Resignations,
/// timeouts and agreed draws are written `north-resigns`, `north-timeout`,
/// `draw-agreed`, where they happened. On input, case does not matter, the
/// numbers may be left out (a number that is there must be right), and
/// comments `{ … }` and `;` to the end of the line are skipped.
///
/// ```
/// use quoridor_rules::{Game, Record, Ruleset, Seat};
/// let mut game = Game::new(Ruleset::STANDARD);
/// for mv in ["e2", "e8", "e3", "e7h", "e4"] {
///     game.play(mv.parse().unwrap()).unwrap();
/// }
/// game.resign(Seat::North).unwrap();
/// let record = Record::new(game).with_tag("South", "Alice").with_tag("North", "Bob \"B\"");
/// let text = record.to_string();
/// assert_eq!(
///     text,
///     r#"[Game "Quoridor"]
/// [Size "9"]
/// [Players "2"]
/// [Fences "10"]
/// [Variant "standard"]
/// [South "Alice"]
/// [North "Bob \"B\""]
/// [Result "south"]
/// [Termination "resignation"]
///
/// 1. e2 e8 2. e3 e7h 3. e4 north-resigns
/// "#
/// );
/// assert_eq!(text.parse::<Record>(), Ok(record));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    tags: Vec<(String, String)>,
    game: Game,
}

impl Record {
    /// A record of a game, without free tags.
    pub fn new(game: Game) -> Record {
        Record {
            tags: Vec::new(),
            game,
        }
    }

    /// Whether `name` can be a free tag: letters, digits and `_`, and not one
    /// of the tags the record writes itself (`Game`, `Size`, `Players`,
    /// `Fences`, `Variant`, `Options`, `Position`, `Result`, `Termination`,
    /// in any case).
    ///
    /// ```
    /// use quoridor_rules::Record;
    /// assert!(Record::is_free_tag("White_Clock"));
    /// assert!(!Record::is_free_tag("result"));
    /// assert!(!Record::is_free_tag("Two words"));
    /// ```
    pub fn is_free_tag(name: &str) -> bool {
        is_tag_name(name) && !RESERVED.iter().any(|r| r.eq_ignore_ascii_case(name))
    }

    /// The record with the tag `name` set to `value` (replacing a tag of the
    /// same name, in any case, or else added last). Line breaks in the value
    /// become spaces.
    ///
    /// # Panics
    /// If `name` is not a free tag ([`Record::is_free_tag`]).
    pub fn with_tag(mut self, name: &str, value: &str) -> Record {
        assert!(Record::is_free_tag(name), "not a free tag name: {name:?}");
        let value: String = value
            .chars()
            .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
            .collect();
        match self
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(tag) => tag.1 = value,
            None => self.tags.push((name.into(), value)),
        }
        self
    }

    /// The free tags, in order.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of a free tag, by name in any case.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn into_game(self) -> Game {
        self.game
    }
}

impl From<Game> for Record {
    fn from(game: Game) -> Record {
        Record::new(game)
    }
}

fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

fn write_tag(f: &mut fmt::Formatter<'_>, name: &str, value: &str) -> fmt::Result {
    write!(f, "[{name} \"")?;
    for c in value.chars() {
        if c == '"' || c == '\\' {
            f.write_str("\\")?;
        }
        write!(f, "{c}")?;
    }
    f.write_str("\"]\n")
}

/// An entry as a word of the move text: `e3h`, `north-resigns`, `draw-agreed`.
fn entry_word(entry: Entry) -> String {
    match entry {
        Entry::Move(mv) => mv.to_string(),
        Entry::Resign(seat) => format!("{seat}-resigns"),
        Entry::Timeout(seat) => format!("{seat}-timeout"),
        Entry::DrawAgreed => "draw-agreed".into(),
    }
}

/// An entry word: a move, `north-resigns`, `north-timeout`, `draw-agreed`.
fn read_entry(word: &str) -> Result<Entry, ParseError> {
    if word.eq_ignore_ascii_case("draw-agreed") {
        return Ok(Entry::DrawAgreed);
    }
    if let Some((seat, what)) = word.split_once('-') {
        let seat = seat.parse::<Seat>().ok();
        let what = what.to_ascii_lowercase();
        return match (seat, what.as_str()) {
            (Some(seat), "resigns") => Ok(Entry::Resign(seat)),
            (Some(seat), "timeout") => Ok(Entry::Timeout(seat)),
            _ => Err(ParseError::new(
                word,
                "north-resigns, north-timeout or draw-agreed",
            )),
        };
    }
    word.parse()
        .map(Entry::Move)
        .map_err(|_| ParseError::new(word, "a move (e2, e3h, pass)"))
}

/// Reads an entry word and applies it to the game.
fn apply(game: &mut Game, word: &str, at: Loc) -> Result<(), RecordError> {
    if game.entries().len() >= MAX_ENTRIES {
        return Err(RecordError::at(at, RecordErrorKind::TooLong));
    }
    let entry =
        read_entry(word).map_err(|err| RecordError::at(at, RecordErrorKind::Syntax(err)))?;
    game.apply(entry)
        .map_err(|error| RecordError::at(at, RecordErrorKind::Illegal { entry, error }))
}

/// The options of a ruleset other than its variant, as in the `Options` tag.
fn option_words(rules: &Ruleset) -> Vec<String> {
    let variant = rules.variant();
    rules
        .option_words()
        .filter(|word| word != variant.name())
        .collect()
}

/// Whether a game starts from a set-up position rather than the start of its
/// ruleset.
fn set_up(game: &Game) -> bool {
    *game.start() != Position::new(*game.rules())
}

fn result_word(outcome: Option<Outcome>) -> String {
    outcome.map_or_else(|| "*".into(), |outcome| outcome.to_string())
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = &self.game;
        let rules = game.rules();
        write_tag(f, "Game", "Quoridor")?;
        write_tag(f, "Size", &rules.size().to_string())?;
        write_tag(f, "Players", &rules.players().to_string())?;
        write_tag(f, "Fences", &rules.fences().to_string())?;
        write_tag(f, "Variant", rules.variant().name())?;
        let options = option_words(rules);
        if !options.is_empty() {
            write_tag(f, "Options", &options.join(" "))?;
        }
        if set_up(game) {
            write_tag(f, "Position", &game.start().to_string())?;
        }
        for (name, value) in &self.tags {
            write_tag(f, name, value)?;
        }
        let (outcome, termination) = match game.result() {
            Some((outcome, termination)) => (Some(outcome), Some(termination)),
            None => (None, None),
        };
        write_tag(f, "Result", &result_word(outcome))?;
        if let Some(termination) = termination {
            write_tag(f, "Termination", termination.name())?;
        }
        f.write_str("\n")?;

        let players = rules.players() as u32;
        let mut first_move = true;
        let mut line = String::new();
        for (i, &entry) in game.entries().iter().enumerate() {
            let mut unit = String::new();
            if let Entry::Move(_) = entry {
                let ply = game.position_at(i).map_or(0, Position::ply);
                let (round, offset) = (ply / players + 1, ply % players);
                if offset == 0 {
                    unit = format!("{round}. ");
                } else if first_move {
                    unit = format!("{round}... ");
                }
                first_move = false;
            }
            unit.push_str(&entry_word(entry));
            if !line.is_empty() && line.chars().count() + 1 + unit.chars().count() > WIDTH {
                writeln!(f, "{line}")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&unit);
        }
        if !line.is_empty() {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Move;

    #[test]
    fn entry_words() {
        let cases = [
            ("E3H", Entry::Move("e3h".parse::<Move>().unwrap())),
            ("pass", Entry::Move(Move::Pass)),
            ("w-Resigns", Entry::Resign(Seat::West)),
            ("east-timeout", Entry::Timeout(Seat::East)),
            ("Draw-Agreed", Entry::DrawAgreed),
        ];
        for (word, entry) in cases {
            assert_eq!(read_entry(word), Ok(entry), "{word}");
        }
        for word in ["", "-", "x-resigns", "north-", "e3x", "draw"] {
            assert!(read_entry(word).is_err(), "{word}");
        }
        for entry in cases.map(|(_, e)| e) {
            assert_eq!(read_entry(&entry_word(entry)), Ok(entry));
        }
    }
}
