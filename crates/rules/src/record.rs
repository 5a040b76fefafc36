//! Game records ([`Record`], a PGN-like text that reads back to the same
//! [`Game`]) and the one-line game form of the protocol ([`game_line`]).

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::game::{Entry, Game, GameError, Termination};
use crate::notation::{number, option_key, shown, NotationError};
use crate::parse_error::ParseError;
use crate::position::{Outcome, Position};
use crate::ruleset::{Ruleset, RulesetError, Variant};
use crate::seat::{Seat, Team};

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

/// A record that cannot be read: where (line and column from 1, columns
/// counted in characters) and why.
///
/// ```
/// use quoridor_rules::Record;
/// let err = "[Size \"9\"]\n\n1. e2 e8 2. e3x".parse::<Record>().unwrap_err();
/// assert_eq!((err.line(), err.column()), (3, 13));
/// assert_eq!(
///     err.to_string(),
///     "line 3, column 13: expected a move (e2, e3h, pass), found `e3x`"
/// );
/// let err = "1. e2 e3h 2. e3 e3v".parse::<Record>().unwrap_err();
/// assert_eq!(err.to_string(), "line 1, column 17: illegal move e3v: fence crosses e3h");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    line: usize,
    column: usize,
    kind: RecordErrorKind,
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// Text that is not what was expected here.
    Syntax(ParseError),
    /// A `{` comment without its `}`.
    UnclosedComment,
    /// A tag given twice.
    DuplicateTag(String),
    /// A tag after the first move.
    TagAfterMoves,
    /// The `Game` tag names another game.
    NotQuoridor(String),
    /// An option given twice, or two options that exclude each other
    /// (`teams scoring` in a game line).
    DuplicateOption { option: String, previous: String },
    /// The ruleset tags do not make a playable ruleset.
    Ruleset(RulesetError),
    /// The `Position` tag (or the position of a game line) is not valid.
    Position(NotationError),
    /// A ruleset tag that disagrees with the `Position` tag.
    Disagrees {
        tag: &'static str,
        value: String,
        position: String,
    },
    /// A wrong move number.
    MoveNumber { expected: u32, found: u32 },
    /// A move or other entry that the game refuses.
    Illegal { entry: Entry, error: GameError },
    /// The `Result` tag disagrees with the game (`None`: `*`, unfinished).
    Result {
        claimed: Option<Outcome>,
        actual: Option<Outcome>,
    },
    /// The `Termination` tag disagrees with the game.
    Termination {
        claimed: Termination,
        actual: Option<Termination>,
    },
    /// More than [`MAX_ENTRIES`] moves.
    TooLong,
    /// More than [`MAX_RECORDS`] records in one text.
    TooManyRecords,
}

impl RecordError {
    fn new(line: usize, column: usize, kind: RecordErrorKind) -> RecordError {
        RecordError { line, column, kind }
    }

    fn at(at: Loc, kind: RecordErrorKind) -> RecordError {
        RecordError::new(at.line, at.column, kind)
    }

    fn syntax(at: Loc, found: &str, expected: &'static str) -> RecordError {
        RecordError::at(
            at,
            RecordErrorKind::Syntax(ParseError::new(found, expected)),
        )
    }

    /// Line of the error, from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// Column of the error, from 1, in characters.
    pub fn column(&self) -> usize {
        self.column
    }

    pub fn kind(&self) -> &RecordErrorKind {
        &self.kind
    }
}

impl fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RecordErrorKind::*;
        match self {
            Syntax(err) => err.fmt(f),
            UnclosedComment => f.write_str("comment `{` is not closed"),
            TooLong => write!(f, "more than {MAX_ENTRIES} moves: not a game record"),
            TooManyRecords => write!(f, "more than {MAX_RECORDS} games in one file"),
            DuplicateTag(name) => write!(f, "tag {name} appears twice"),
            TagAfterMoves => f.write_str("tags must come before the moves"),
            NotQuoridor(game) => write!(f, "not a Quoridor record (the Game tag says `{game}`)"),
            DuplicateOption { option, previous } if option == previous => {
                write!(f, "option `{option}` given twice")
            }
            DuplicateOption { option, previous } => {
                write!(f, "option `{option}` conflicts with `{previous}`")
            }
            Ruleset(err) => err.fmt(f),
            Position(err) => write!(f, "position: {err}"),
            Disagrees {
                tag,
                value,
                position,
            } => {
                write!(
                    f,
                    "{tag} \"{value}\" disagrees with the position ({position})"
                )
            }
            MoveNumber { expected, found } => {
                write!(f, "expected move number {expected}, found {found}")
            }
            Illegal {
                entry: Entry::Move(mv),
                error,
            } => write!(f, "illegal move {mv}: {error}"),
            Illegal { entry, error } => write!(f, "{} refused: {error}", entry_word(*entry)),
            Result {
                claimed,
                actual: None,
            } => {
                write!(
                    f,
                    "the Result tag says {} but the game is unfinished",
                    result_word(*claimed)
                )
            }
            Result {
                claimed,
                actual: Some(actual),
            } => {
                write!(
                    f,
                    "the Result tag says {} but the result is {actual}",
                    result_word(*claimed)
                )
            }
            Termination {
                claimed,
                actual: None,
            } => {
                write!(
                    f,
                    "the Termination tag says {claimed} but the game is unfinished"
                )
            }
            Termination {
                claimed,
                actual: Some(actual),
            } => {
                write!(
                    f,
                    "the Termination tag says {claimed} but the game ended by {actual}"
                )
            }
        }
    }
}

impl fmt::Display for RecordError {
    /// `line 3, column 14: illegal move e3v: fence crosses e3h`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl core::error::Error for RecordError {}

/// A place in the text: line and column from 1.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Loc {
    line: usize,
    column: usize,
}

impl Loc {
    /// `n` characters further on the same line.
    fn plus(self, n: usize) -> Loc {
        Loc {
            line: self.line,
            column: self.column + n,
        }
    }
}

/// Reads text character by character, keeping line and column.
#[derive(Clone)]
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    loc: Loc,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            text,
            pos: 0,
            loc: Loc { line: 1, column: 1 },
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.loc = Loc {
                line: self.loc.line + 1,
                column: 1,
            };
        } else {
            self.loc.column += 1;
        }
        Some(c)
    }

    /// Skips white space and comments.
    fn skip_blanks(&mut self) -> Result<(), RecordError> {
        while let Some(c) = self.peek() {
            match c {
                '{' => {
                    let at = self.loc;
                    self.bump();
                    loop {
                        match self.bump() {
                            Some('}') => break,
                            Some(_) => {}
                            None => {
                                return Err(RecordError::at(at, RecordErrorKind::UnclosedComment))
                            }
                        }
                    }
                }
                ';' => while self.bump().is_some_and(|c| c != '\n') {},
                '\u{feff}' => {
                    self.bump();
                }
                c if c.is_whitespace() => {
                    self.bump();
                }
                _ => break,
            }
        }
        Ok(())
    }

    /// Skips spaces and tabs (inside a tag).
    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
    }

    /// A word of the move text: up to white space or a comment.
    fn word(&mut self) -> &'a str {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| !c.is_whitespace() && c != '{' && c != ';')
        {
            self.bump();
        }
        &self.text[start..self.pos]
    }

    /// The text from here to the next white space, for error messages.
    fn rest(&self) -> &'a str {
        let rest = &self.text[self.pos..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        &rest[..end]
    }

    /// A tag, the cursor being on its `[`.
    fn tag(&mut self) -> Result<RawTag<'a>, RecordError> {
        let at = self.loc;
        self.bump();
        self.skip_spaces();
        let name_at = self.loc;
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.bump();
        }
        let name = &self.text[start..self.pos];
        if name.is_empty() {
            return Err(RecordError::syntax(
                name_at,
                self.rest(),
                "a tag name such as Event",
            ));
        }
        self.skip_spaces();
        if self.peek() != Some('"') {
            return Err(RecordError::syntax(
                self.loc,
                self.rest(),
                "`\"` opening the tag value",
            ));
        }
        self.bump();
        let value_at = self.loc;
        let mut value = String::new();
        loop {
            let here = self.loc;
            match self.peek() {
                None | Some('\n') | Some('\r') => {
                    let expected = "`\"` closing the tag value";
                    return Err(RecordError::syntax(here, "", expected));
                }
                Some('"') => {
                    self.bump();
                    break;
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('"' | '\\')) => {
                            self.bump();
                            value.push(c);
                        }
                        _ => {
                            let expected = "`\\\"` or `\\\\` in a tag value";
                            let found = &self.text[self.pos - 1..];
                            let found: String = found.chars().take(2).collect();
                            return Err(RecordError::syntax(here, &found, expected));
                        }
                    }
                }
                Some(c) => {
                    self.bump();
                    value.push(c);
                }
            }
        }
        self.skip_spaces();
        if self.peek() != Some(']') {
            return Err(RecordError::syntax(
                self.loc,
                self.rest(),
                "`]` closing the tag",
            ));
        }
        self.bump();
        Ok(RawTag {
            name,
            value,
            at,
            value_at,
        })
    }
}

/// A tag as read.
struct RawTag<'a> {
    name: &'a str,
    value: String,
    /// Where its `[` is.
    at: Loc,
    /// Where its value starts.
    value_at: Loc,
}

/// The tags of a record, read and checked one by one.
#[derive(Default)]
struct Header {
    size: Option<(u32, Loc)>,
    players: Option<(u32, Loc)>,
    fences: Option<(u32, Loc)>,
    variant: Option<(Variant, Loc)>,
    options: Option<(Vec<String>, Loc)>,
    position: Option<(Position, Loc)>,
    result: Option<(Option<Outcome>, Loc)>,
    termination: Option<(Termination, Loc)>,
    free: Vec<(String, String)>,
}

const TERMINATIONS: [Termination; 6] = [
    Termination::Goal,
    Termination::PlyLimit,
    Termination::Resignation,
    Termination::Timeout,
    Termination::Agreement,
    Termination::Repetition,
];

impl Header {
    fn read(tags: &[RawTag<'_>]) -> Result<Header, RecordError> {
        let mut header = Header::default();
        let mut names = BTreeSet::new();
        for tag in tags {
            if !names.insert(tag.name.to_ascii_lowercase()) {
                let kind = RecordErrorKind::DuplicateTag(tag.name.into());
                return Err(RecordError::at(tag.at, kind));
            }
            let (value, at) = (tag.value.as_str(), tag.value_at);
            let count =
                |expected| number(value).ok_or_else(|| RecordError::syntax(at, value, expected));
            match tag.name.to_ascii_lowercase().as_str() {
                "game" => {
                    if !value.eq_ignore_ascii_case("quoridor") {
                        return Err(RecordError::at(
                            at,
                            RecordErrorKind::NotQuoridor(shown(value)),
                        ));
                    }
                }
                "size" => header.size = Some((count("a board size such as 9")?, at)),
                "players" => header.players = Some((count("a number of players: 2 or 4")?, at)),
                "fences" => header.fences = Some((count("a fence count such as 10")?, at)),
                "variant" => {
                    let variant = [Variant::Standard, Variant::Teams, Variant::Scoring]
                        .into_iter()
                        .find(|v| v.name().eq_ignore_ascii_case(value))
                        .ok_or_else(|| {
                            RecordError::syntax(at, value, "a variant: standard, teams or scoring")
                        })?;
                    header.variant = Some((variant, at));
                }
                "options" => header.options = Some((read_options(value, at)?, at)),
                "position" => {
                    let pos = value
                        .parse()
                        .map_err(|err| RecordError::at(at, RecordErrorKind::Position(err)))?;
                    header.position = Some((pos, at));
                }
                "result" => {
                    let result = read_result(value).ok_or_else(|| {
                        RecordError::syntax(at, value, "a result: south, north+east, draw or *")
                    })?;
                    header.result = Some((result, tag.at));
                }
                "termination" => {
                    let termination = TERMINATIONS
                        .into_iter()
                        .find(|t| t.name().eq_ignore_ascii_case(value))
                        .ok_or_else(|| {
                            let expected =
                                "a termination: goal, ply limit, resignation, time or agreement";
                            RecordError::syntax(at, value, expected)
                        })?;
                    header.termination = Some((termination, tag.at));
                }
                _ => header.free.push((tag.name.into(), tag.value.clone())),
            }
        }
        Ok(header)
    }

    /// The position the game starts from.
    fn start(&self) -> Result<Position, RecordError> {
        let ruleset = |at| move |err| RecordError::at(at, RecordErrorKind::Ruleset(err));
        if let Some((pos, _)) = self.position {
            let rules = pos.rules();
            let agree =
                |tag: &'static str, value: Option<(String, Loc)>, position: String| match value {
                    Some((value, at)) if value != position => {
                        let value = shown(&value);
                        let kind = RecordErrorKind::Disagrees {
                            tag,
                            value,
                            position,
                        };
                        Err(RecordError::at(at, kind))
                    }
                    _ => Ok(()),
                };
            let as_text = |tag: Option<(u32, Loc)>| tag.map(|(n, at)| (n.to_string(), at));
            agree("Size", as_text(self.size), rules.size().to_string())?;
            agree(
                "Players",
                as_text(self.players),
                rules.players().to_string(),
            )?;
            agree("Fences", as_text(self.fences), rules.fences().to_string())?;
            let variant = self.variant.map(|(v, at)| (v.name().to_string(), at));
            agree("Variant", variant, rules.variant().name().into())?;
            if let Some((words, at)) = &self.options {
                // Compare what the words set, whatever their order.
                let base = rules.with_side_step_over_pawn(false).with_ply_limit(None);
                let mut ours = base.ok();
                for word in words {
                    ours = ours.and_then(|r| r.with_option(word)).and_then(Result::ok);
                }
                if ours != Some(*rules) {
                    let value = (words.join(" "), *at);
                    agree("Options", Some(value), option_words(rules).join(" "))?;
                }
            }
            return Ok(pos);
        }
        let mut rules = Ruleset::STANDARD;
        if let Some((size, at)) = self.size {
            rules = Ruleset::new(size, 2).map_err(ruleset(at))?;
        }
        if let Some((players, at)) = self.players {
            rules = Ruleset::new(rules.size() as u32, players).map_err(ruleset(at))?;
        }
        if let Some((fences, at)) = self.fences {
            rules = rules.with_fences(fences).map_err(ruleset(at))?;
        }
        if let Some((variant, at)) = self.variant {
            rules = rules.with_variant(variant).map_err(ruleset(at))?;
        }
        if let Some((words, at)) = &self.options {
            for word in words {
                // The words were checked by `read_options`.
                if let Some(result) = rules.with_option(word) {
                    rules = result.map_err(ruleset(*at))?;
                }
            }
        }
        Ok(Position::new(rules))
    }

    /// Checks the `Result` and `Termination` tags against the game.
    fn check_end(&self, game: &Game) -> Result<(), RecordError> {
        if let Some((claimed, at)) = self.result {
            let actual = game.outcome();
            if claimed != actual {
                return Err(RecordError::at(
                    at,
                    RecordErrorKind::Result { claimed, actual },
                ));
            }
        }
        if let Some((claimed, at)) = self.termination {
            let actual = game.termination();
            if Some(claimed) != actual {
                return Err(RecordError::at(
                    at,
                    RecordErrorKind::Termination { claimed, actual },
                ));
            }
        }
        Ok(())
    }
}

/// The words of an `Options` tag: ruleset options other than the variant.
fn read_options(value: &str, at: Loc) -> Result<Vec<String>, RecordError> {
    let mut words: Vec<String> = Vec::new();
    for word in value.split_ascii_whitespace() {
        let lower = word.to_ascii_lowercase();
        let known = match option_key(&lower) {
            Some("side_step_over_pawn") | Some("repetition") => true,
            Some("ply_limit") => number::<u32>(&lower["ply_limit=".len()..]).is_some(),
            _ => false,
        };
        if !known {
            let expected = "an option: side_step_over_pawn, repetition or ply_limit=N";
            return Err(RecordError::syntax(at, word, expected));
        }
        if let Some(previous) = words.iter().find(|w| option_key(w) == option_key(&lower)) {
            let kind = RecordErrorKind::DuplicateOption {
                option: shown(&lower),
                previous: shown(previous),
            };
            return Err(RecordError::at(at, kind));
        }
        words.push(lower);
    }
    Ok(words)
}

/// `south`, `north+east`, `draw`, `*` (`Some(None)`), or `None` if not a result.
fn read_result(value: &str) -> Option<Option<Outcome>> {
    if value == "*" {
        return Some(None);
    }
    if value.eq_ignore_ascii_case("draw") {
        return Some(Some(Outcome::Draw));
    }
    if value.contains('+') {
        return value
            .parse::<Team>()
            .ok()
            .map(|team| Some(Outcome::TeamWinner(team)));
    }
    value
        .parse::<Seat>()
        .ok()
        .map(|seat| Some(Outcome::Winner(seat)))
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

/// A word of the move text: a move number (`3.`, `3...`, possibly with the
/// move glued on: `3.e4`) or an entry.
fn read_word(game: &mut Game, word: &str, at: Loc) -> Result<(), RecordError> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return apply(game, word, at);
    }
    let rest = &word[digits..];
    let dots = if rest.starts_with("...") {
        3
    } else if rest.starts_with('.') {
        1
    } else {
        return Err(RecordError::syntax(
            at,
            word,
            "a move number such as 3. or 3...",
        ));
    };
    let pos = game.position();
    let expected = pos.ply() / pos.players() as u32 + 1;
    let Some(found) = number::<u32>(&word[..digits]) else {
        return Err(RecordError::syntax(
            at,
            word,
            "a move number such as 3. or 3...",
        ));
    };
    if found != expected {
        return Err(RecordError::at(
            at,
            RecordErrorKind::MoveNumber { expected, found },
        ));
    }
    let glued = &rest[dots..];
    if glued.is_empty() {
        Ok(())
    } else {
        apply(game, glued, at.plus(digits + dots))
    }
}

/// Reads a record (the format is described on [`Record`]). A record cut short
/// reads as the shorter game or fails with the reason; nothing panics.
///
/// ```
/// use quoridor_rules::{Outcome, Record, Seat};
/// let text = "[South \"Alice\"] ; a comment\n1. E2 {good} e8 2.e3 e7h 3. e4 n-resigns";
/// let record: Record = text.parse().unwrap();
/// assert_eq!(record.tag("south"), Some("Alice"));
/// assert_eq!(record.game().outcome(), Some(Outcome::Winner(Seat::South)));
/// assert_eq!(record.game().entries().len(), 6);
///
/// let err = "[Result \"north\"]\n1. e2".parse::<Record>().unwrap_err();
/// assert_eq!(err.to_string(), "line 1, column 1: the Result tag says north but the game is unfinished");
/// let err = "1. e2 e8 3. e3".parse::<Record>().unwrap_err();
/// assert_eq!(err.to_string(), "line 1, column 10: expected move number 2, found 3");
/// ```
impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record, RecordError> {
        let mut cursor = Cursor::new(text);
        let record = read_record(&mut cursor, false)?;
        cursor.skip_blanks()?;
        match cursor.peek() {
            None => Ok(record),
            Some(_) => Err(RecordError::at(cursor.loc, RecordErrorKind::TagAfterMoves)),
        }
    }
}

/// One record from the cursor on: its tags, then its moves up to the end
/// of the text or the next `[`. With `several`, a second `Game` tag
/// starts the next record (this one has no moves).
fn read_record(cursor: &mut Cursor<'_>, several: bool) -> Result<Record, RecordError> {
    let mut tags: Vec<RawTag<'_>> = Vec::new();
    loop {
        cursor.skip_blanks()?;
        if cursor.peek() != Some('[') {
            break;
        }
        let before = cursor.clone();
        let tag = cursor.tag()?;
        let game_tag = |t: &RawTag<'_>| t.name.eq_ignore_ascii_case("Game");
        if several && game_tag(&tag) && tags.iter().any(game_tag) {
            *cursor = before;
            break;
        }
        tags.push(tag);
    }
    let header = Header::read(&tags)?;
    let mut game = Game::from_position(header.start()?);
    loop {
        cursor.skip_blanks()?;
        let at = cursor.loc;
        match cursor.peek() {
            None | Some('[') => break,
            Some(_) => {
                let word = cursor.word();
                read_word(&mut game, word, at)?;
            }
        }
    }
    header.check_end(&game)?;
    Ok(Record {
        tags: header.free,
        game,
    })
}

/// The most records [`parse_records`] reads from one text: twice what a
/// player's page exports at once, few enough that a hostile file cannot
/// fill the memory with games.
pub const MAX_RECORDS: usize = 1000;

/// Every game of a file of records, in order: records one after the other
/// (each from its first tag; a tag after a record's moves, or a second
/// `Game` tag, starts the next), or one game in any other form that
/// [`parse_game_text`] reads. A blank text holds no game. An error gives
/// the line and column in the whole text.
///
/// ```
/// use quoridor_rules::parse_records;
/// let text = "[Game \"Quoridor\"]\n[South \"Ana\"]\n\n1. e2 e8\n\n\
///             [Game \"Quoridor\"]\n[Size \"5\"]\n\n1. c2 c4 2. c3\n";
/// let records = parse_records(text).unwrap();
/// assert_eq!(records.len(), 2);
/// assert_eq!(records[0].tag("South"), Some("Ana"));
/// assert_eq!(records[1].game().rules().size(), 5);
/// assert_eq!(parse_records("e2 e8").unwrap().len(), 1);
/// assert!(parse_records(" \n").unwrap().is_empty());
/// let err = parse_records("[Game \"Quoridor\"]\ne2\n[Game \"Quoridor\"]\ne2 e3").unwrap_err();
/// assert_eq!((err.line(), err.column()), (4, 4));
/// ```
pub fn parse_records(text: &str) -> Result<Vec<Record>, RecordError> {
    let mut cursor = Cursor::new(text);
    cursor.skip_blanks()?;
    match cursor.peek() {
        None => return Ok(Vec::new()),
        Some('[') => {}
        Some(_) => return parse_game_text(text).map(|record| vec![record]),
    }
    let mut records = Vec::new();
    while cursor.peek().is_some() {
        if records.len() == MAX_RECORDS {
            return Err(RecordError::at(cursor.loc, RecordErrorKind::TooManyRecords));
        }
        records.push(read_record(&mut cursor, true)?);
        cursor.skip_blanks()?;
    }
    Ok(records)
}

/// The game as one line, for the protocol's `position` reply (read back by
/// [`parse_game_line`], the protocol's `setposition`).
///
/// From the start of its ruleset, the line is the ruleset as `newgame` takes
/// it ([`Ruleset`]'s `Display`: `size players fences [options]`) followed by
/// the entries: `9 2 10 e2 e8 e3 e7h north-resigns`. From a set-up position,
/// it is the position notation, then the word `moves` and the entries (left
/// out when there are none, so that the line is also a `setboard` argument):
/// `9 e5,e6 - 10,10 south 20 moves e4 e7`. Entries are written as in a
/// record, without move numbers.
///
/// ```
/// use quoridor_rules::{game_line, parse_game_line, Game, Ruleset, Variant};
/// let rules = Ruleset::new(9, 4).unwrap().with_variant(Variant::Teams).unwrap();
/// let mut game = Game::new(rules);
/// for mv in ["e2", "b5", "e8h"] {
///     game.play(mv.parse().unwrap()).unwrap();
/// }
/// assert_eq!(game_line(&game), "9 4 5 teams e2 b5 e8h");
/// assert_eq!(parse_game_line("9 4 5 teams e2 b5 e8h"), Ok(game.clone()));
///
/// let set_up = Game::from_position(*game.position());
/// assert_eq!(game_line(&set_up), "9 e2,b5,e9,i5 e8h 5,5,4,5 east 3 teams");
/// ```
pub fn game_line(game: &Game) -> String {
    let mut line = if set_up(game) {
        game.start().to_string()
    } else {
        game.rules().to_string()
    };
    if set_up(game) && !game.entries().is_empty() {
        line.push_str(" moves");
    }
    for &entry in game.entries() {
        line.push(' ');
        line.push_str(&entry_word(entry));
    }
    line
}

/// Reads a line written by [`game_line`]: `size players fences [options]
/// entries...`, or `position-notation [moves entries...]`. The two forms
/// are told apart by the second word: a number of players, or pawn squares
/// separated by commas. Errors give line 1 (or the line, should the text
/// hold line breaks) and the column of the word at fault; an error in the
/// position notation points at its start.
///
/// ```
/// use quoridor_rules::{parse_game_line, Seat};
/// let game = parse_game_line("7 2 6 d2 d6 d3 d5h").unwrap();
/// assert_eq!(game.position().fences_left(Seat::North), 5);
/// let game = parse_game_line("9 e5,e6 - 10,10 north 20 moves e4 e6").unwrap();
/// assert_eq!(game.position().ply(), 22);
/// let err = parse_game_line("9 2 10 e2 e8 e3 e7h e4 e7v").unwrap_err();
/// assert_eq!(err.to_string(), "line 1, column 24: illegal move e7v: fence crosses e7h");
/// ```
pub fn parse_game_line(text: &str) -> Result<Game, RecordError> {
    let mut words: Vec<(Loc, usize, &str)> = Vec::new();
    let mut loc = Loc { line: 1, column: 1 };
    let mut start: Option<(Loc, usize)> = None;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if let Some((at, from)) = start.take() {
                words.push((at, from, &text[from..i]));
            }
        } else if start.is_none() {
            start = Some((loc, i));
        }
        loc = if c == '\n' {
            Loc {
                line: loc.line + 1,
                column: 1,
            }
        } else {
            loc.plus(1)
        };
    }
    if let Some((at, from)) = start {
        words.push((at, from, &text[from..]));
    }
    let end = |n: usize| words.get(n).map_or(loc, |w| w.0);

    let position_form = words.get(1).is_some_and(|w| w.2.contains(','));
    let (mut game, first_entry) = if position_form {
        let moves = words.iter().position(|w| w.2.eq_ignore_ascii_case("moves"));
        let notation = match moves {
            Some(n) => &text[..words[n].1],
            None => text,
        };
        let pos: Position = notation
            .parse()
            .map_err(|err| RecordError::at(end(0), RecordErrorKind::Position(err)))?;
        (
            Game::from_position(pos),
            moves.map_or(words.len(), |n| n + 1),
        )
    } else {
        let field = |n: usize, expected: &'static str| match words.get(n) {
            Some(&(at, _, word)) => number::<u32>(word)
                .map(|value| (value, at))
                .ok_or_else(|| RecordError::syntax(at, word, expected)),
            None => Err(RecordError::syntax(end(n), "", expected)),
        };
        let ruleset = |at| move |err| RecordError::at(at, RecordErrorKind::Ruleset(err));
        let (size, at) = field(0, "a board size such as 9")?;
        let rules = Ruleset::new(size, 2).map_err(ruleset(at))?;
        let (players, at) = field(1, "a number of players: 2 or 4")?;
        let rules = Ruleset::new(rules.size() as u32, players).map_err(ruleset(at))?;
        let (fences, at) = field(2, "a fence count such as 10")?;
        let mut rules = rules.with_fences(fences).map_err(ruleset(at))?;
        let mut n = 3;
        let mut seen: Vec<(&'static str, String)> = Vec::new();
        while let Some(&(at, _, word)) = words.get(n) {
            let lower = word.to_ascii_lowercase();
            let key = match option_key(&lower) {
                Some(key @ ("variant" | "side_step_over_pawn" | "ply_limit")) => key,
                _ => break,
            };
            if let Some((_, previous)) = seen.iter().find(|(k, _)| *k == key) {
                let kind = RecordErrorKind::DuplicateOption {
                    option: shown(&lower),
                    previous: previous.clone(),
                };
                return Err(RecordError::at(at, kind));
            }
            seen.push((key, shown(&lower)));
            rules = match rules.with_option(&lower) {
                Some(result) => result.map_err(ruleset(at))?,
                None => {
                    return Err(RecordError::syntax(
                        at,
                        word,
                        "a ply limit such as ply_limit=400",
                    ))
                }
            };
            n += 1;
        }
        (Game::new(rules), n)
    };
    for &(at, _, word) in words.iter().skip(first_entry) {
        apply(&mut game, word, at)?;
    }
    Ok(game)
}

/// Any text form of a game, for every command that reads one: a record
/// ([`Record`]'s form, tags optional, with comments and a byte-order mark
/// allowed anywhere a blank is), a game line ([`parse_game_line`]: the
/// ruleset or a position notation, then the moves), a bare position
/// notation, or moves from the 9×9 start (`e2 e8 e3`, numbered or not). A
/// game line or a position starts with the board size, which no move
/// number does (`1.` has its dot).
///
/// ```
/// use quoridor_rules::parse_game_text;
/// for text in [
///     "\u{feff}[Size \"5\"]\n\n1. c2 c4",
///     "; a comment first\n1. e2 e8",
///     "{a comment} e2 e8 e3",
///     "5 2 3 c2 c4",
///     "9 e4,e6 e5h 9,10 north 1",
/// ] {
///     assert!(parse_game_text(text).is_ok(), "{text}");
/// }
/// let err = parse_game_text("e2 e3h e3v").unwrap_err();
/// assert_eq!(err.to_string(), "line 1, column 8: illegal move e3v: fence crosses e3h");
/// ```
pub fn parse_game_text(text: &str) -> Result<Record, RecordError> {
    let mut cursor = Cursor::new(text);
    cursor.skip_blanks()?;
    let first = cursor.rest();
    let game_line = !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit());
    if !game_line {
        return text.parse();
    }
    // The game line's own columns, then the skipped lines added back.
    let start = cursor.loc;
    parse_game_line(&text[cursor.pos..])
        .map(Record::new)
        .map_err(|err| {
            let column = if err.line == 1 {
                err.column + start.column - 1
            } else {
                err.column
            };
            RecordError::new(err.line + start.line - 1, column, err.kind)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Move;

    #[test]
    fn cursor_counts_lines_and_characters() {
        let mut cursor = Cursor::new("é {x\ny} ; z\n  [");
        cursor.bump();
        cursor.skip_blanks().unwrap();
        assert_eq!(cursor.loc, Loc { line: 3, column: 3 });
        assert_eq!(cursor.peek(), Some('['));
        let mut cursor = Cursor::new("  {never closed");
        let err = cursor.skip_blanks().unwrap_err();
        assert_eq!((err.line(), err.column()), (1, 3));
    }

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

    #[test]
    fn result_words() {
        assert_eq!(read_result("*"), Some(None));
        assert_eq!(read_result("DRAW"), Some(Some(Outcome::Draw)));
        assert_eq!(read_result("n"), Some(Some(Outcome::Winner(Seat::North))));
        assert_eq!(
            read_result("east+north"),
            Some(Some(Outcome::TeamWinner(Team::NorthEast)))
        );
        assert_eq!(read_result("south+north"), None);
        assert_eq!(read_result("1-0"), None);
    }

    #[test]
    fn move_numbers_may_carry_the_move() {
        let mut game = Game::new(Ruleset::STANDARD);
        let at = Loc { line: 1, column: 1 };
        read_word(&mut game, "1.e2", at).unwrap();
        read_word(&mut game, "1...e8", at).unwrap();
        read_word(&mut game, "2.", at).unwrap();
        assert_eq!(game.entries().len(), 2);
        let err = read_word(&mut game, "3.e3", at).unwrap_err();
        assert_eq!(
            err.kind(),
            &RecordErrorKind::MoveNumber {
                expected: 2,
                found: 3
            }
        );
        let err = read_word(&mut game, "2..e3", at).unwrap_err();
        assert_eq!(err.column(), 3);
        let err = read_word(&mut game, "99999999999.", at).unwrap_err();
        assert!(matches!(err.kind(), RecordErrorKind::Syntax(_)));
    }
}
