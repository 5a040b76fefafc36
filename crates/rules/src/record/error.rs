//! Why a record or a game line cannot be read, and where.

use alloc::string::String;
use core::fmt;

use super::{entry_word, result_word, MAX_ENTRIES, MAX_RECORDS};
use crate::game::{Entry, GameError, Termination};
use crate::notation::NotationError;
use crate::parse_error::ParseError;
use crate::position::Outcome;
use crate::ruleset::RulesetError;

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
    pub(super) line: usize,
    pub(super) column: usize,
    pub(super) kind: RecordErrorKind,
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
    pub(super) fn new(line: usize, column: usize, kind: RecordErrorKind) -> RecordError {
        RecordError { line, column, kind }
    }

    pub(super) fn at(at: Loc, kind: RecordErrorKind) -> RecordError {
        RecordError::new(at.line, at.column, kind)
    }

    pub(super) fn syntax(at: Loc, found: &str, expected: &'static str) -> RecordError {
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
pub(super) struct Loc {
    pub(super) line: usize,
    pub(super) column: usize,
}

impl Loc {
    /// `n` characters further on the same line.
    pub(super) fn plus(self, n: usize) -> Loc {
        Loc {
            line: self.line,
            column: self.column + n,
        }
    }
}
