//! The position notation (FEN-like): `Display` and `FromStr` for
//! [`Position`], and the error type. The format is described on [`Field`].

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::fence::{Fence, FenceConflict};
use crate::parse_error::ParseError;
use crate::position::{Position, SetupError};
use crate::ruleset::{Ruleset, RulesetError, Variant};
use crate::seat::Seat;
use crate::square::Square;

/// The largest ply count read, far beyond any game, so that the count
/// cannot overflow in play.
const MAX_PLY: u32 = 1_000_000_000;

/// The largest score read (either sign), for the same reason.
const MAX_SCORE: i32 = 10_000;

/// A field of the position notation, which writes a whole position on one
/// line, like chess FEN:
///
/// `<size> <pawns> <fences> <fences-left> <to-move> <ply> [options...]`,
/// fields separated by single spaces:
///
/// - `size`: the board side, `9`.
/// - `pawns`: squares in turn order (south,north or south,west,north,east);
///   the number of pawns is the number of players. `-` for a seat that has
///   left the game.
/// - `fences`: the placed fences, comma-separated, or `-` for none.
/// - `fences-left`: one count per player, in turn order.
/// - `to-move`: the seat to move (`south`…).
/// - `ply`: plies played since the start of the game (at most 10⁹).
/// - options, in any order: the words of [`Ruleset::with_option`] (`teams`,
///   `scoring`, `side_step_over_pawn`, `repetition`, `ply_limit=N`), `fences=N` (fences
///   each player started with, written when it is not
///   [`Ruleset::default_fences`]) and `scores=a,b[,c,d]` (scoring variant;
///   each within ±10000; always written, zero when left out).
///
/// Input is case-insensitive, fences may come in any order and fields may be
/// separated by any run of ASCII white space.
///
/// The start of the classic game is `9 e1,e9 - 10,10 south 0`, of the
/// four-player teams game `9 e1,a5,e9,i5 - 5,5,5,5 south 0 teams`. Errors
/// ([`NotationError`]) name the field at fault.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// Field 1: the board size.
    Size,
    /// Field 2: the pawns.
    Pawns,
    /// Field 3: the placed fences.
    Fences,
    /// Field 4: fences left per player.
    FencesLeft,
    /// Field 5: the seat to move.
    ToMove,
    /// Field 6: plies played.
    Ply,
    /// An option; holds its field number (7 for the first option).
    Option(usize),
}

impl Field {
    /// The field's number, from 1.
    pub const fn number(self) -> usize {
        match self {
            Field::Size => 1,
            Field::Pawns => 2,
            Field::Fences => 3,
            Field::FencesLeft => 4,
            Field::ToMove => 5,
            Field::Ply => 6,
            Field::Option(n) => n,
        }
    }

    /// The field's name: `size`, `pawns`, `fences`, `fences-left`,
    /// `to-move`, `ply` or `option`.
    pub const fn name(self) -> &'static str {
        match self {
            Field::Size => "size",
            Field::Pawns => "pawns",
            Field::Fences => "fences",
            Field::FencesLeft => "fences-left",
            Field::ToMove => "to-move",
            Field::Ply => "ply",
            Field::Option(_) => "option",
        }
    }
}

impl fmt::Display for Field {
    /// `field 2 (pawns)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "field {} ({})", self.number(), self.name())
    }
}

/// Text that is not a valid position: which field, and what is wrong.
///
/// ```
/// use quoridor_rules::{Field, Position};
/// let err = "9 e1,z9 - 10,10 south 0".parse::<Position>().unwrap_err();
/// assert_eq!(err.field(), Some(Field::Pawns));
/// assert_eq!(
///     err.to_string(),
///     "field 2 (pawns): expected a square such as e3 (or - for a seat that left), found `z9`"
/// );
/// let err = "9 e1,e9 d8v,e8h,f8v 10,7 south 3".parse::<Position>();
/// assert_eq!(err.unwrap_err().to_string(), "no path left for north");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    field: Option<Field>,
    kind: NotationErrorKind,
}

/// What is wrong with a position notation.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotationErrorKind {
    /// The text ends before this field.
    Missing,
    /// The field (or an item of its list) is not well formed.
    Malformed(ParseError),
    /// Not 2 or 4 pawns.
    PlayerCount(usize),
    /// A list with the wrong number of items (one per player is expected).
    Count { expected: usize, found: usize },
    /// A fence outside the board.
    FenceOffBoard { fence: Fence, size: u8 },
    /// A fence sharing a groove segment with another one.
    FenceOverlaps { fence: Fence, other: Fence },
    /// A fence crossing another one.
    FenceCrosses { fence: Fence, other: Fence },
    /// A seat with more fences left than each player starts with.
    FencesLeft { seat: Seat, left: u8, max: u8 },
    /// More fences placed and in hand than the players started with.
    TooManyFences { placed: u32, left: u32, total: u32 },
    /// A seat that does not play in a game of this many players.
    NotInGame(Seat),
    /// The seat to move has left the game.
    SeatLeft(Seat),
    /// A word that is not an option (cut to a readable length).
    UnknownOption(String),
    /// An option given twice, or two options that exclude each other
    /// (`teams scoring`).
    DuplicateOption { option: String, previous: String },
    /// `scores=` outside the scoring variant.
    ScoresWithoutScoring,
    /// The size, players and options do not make a playable ruleset.
    Ruleset(RulesetError),
    /// The position breaks the rules (no field: it concerns the whole).
    Setup(SetupError),
}

impl NotationError {
    fn new(field: Field, kind: NotationErrorKind) -> NotationError {
        NotationError {
            field: Some(field),
            kind,
        }
    }

    fn malformed(field: Field, found: &str, expected: &'static str) -> NotationError {
        NotationError::new(
            field,
            NotationErrorKind::Malformed(ParseError::new(found, expected)),
        )
    }

    /// The field at fault, or `None` when the position as a whole breaks the
    /// rules ([`NotationErrorKind::Setup`]).
    pub fn field(&self) -> Option<Field> {
        self.field
    }

    pub fn kind(&self) -> &NotationErrorKind {
        &self.kind
    }
}

impl fmt::Display for NotationErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use NotationErrorKind::*;
        match self {
            Missing => f.write_str("missing"),
            Malformed(err) => err.fmt(f),
            PlayerCount(n) => write!(f, "expected 2 or 4 pawns (one per player), found {n}"),
            Count { expected, found } => {
                write!(
                    f,
                    "expected {expected} values (one per player), found {found}"
                )
            }
            FenceOffBoard { fence, size } => write!(f, "{fence} is off the {size}x{size} board"),
            FenceOverlaps { fence, other } if fence == other => write!(f, "{fence} given twice"),
            FenceOverlaps { fence, other } => write!(f, "{fence} overlaps {other}"),
            FenceCrosses { fence, other } => write!(f, "{fence} crosses {other}"),
            FencesLeft { seat, left, max } => {
                write!(
                    f,
                    "{seat} has {left} fences left, more than the {max} each player starts with"
                )
            }
            TooManyFences {
                placed,
                left,
                total,
            } => write!(
                f,
                "{placed} fences on the board and {left} in hand make {}, more than the {total} the players start with",
                placed + left
            ),
            NotInGame(seat) => write!(f, "{seat} does not play in this game"),
            SeatLeft(seat) => write!(f, "{seat} has left the game"),
            UnknownOption(word) => write!(f, "unknown option `{word}`"),
            DuplicateOption { option, previous } if option == previous => {
                write!(f, "option `{option}` given twice")
            }
            DuplicateOption { option, previous } => {
                write!(f, "option `{option}` conflicts with `{previous}`")
            }
            ScoresWithoutScoring => f.write_str("scores are only kept in the scoring variant"),
            Ruleset(err) => err.fmt(f),
            Setup(err) => err.fmt(f),
        }
    }
}

impl fmt::Display for NotationError {
    /// `field 2 (pawns): expected a square …`, `missing field 4
    /// (fences-left)`, or for a position that breaks the rules the reason
    /// alone (`no path left for north`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.field, &self.kind) {
            (Some(field), NotationErrorKind::Missing) => write!(f, "missing {field}"),
            (Some(field), kind) => write!(f, "{field}: {kind}"),
            (None, kind) => kind.fmt(f),
        }
    }
}

impl core::error::Error for NotationError {}

/// `9 e1,e9 - 10,10 south 0`: the position notation described on [`Field`].
///
/// ```
/// use quoridor_rules::{Position, Ruleset, Variant};
/// let mut pos = Position::new(Ruleset::STANDARD);
/// assert_eq!(pos.to_string(), "9 e1,e9 - 10,10 south 0");
/// pos.play("e2".parse().unwrap()).unwrap();
/// pos.play("e3h".parse().unwrap()).unwrap();
/// assert_eq!(pos.to_string(), "9 e2,e9 e3h 10,9 south 2");
/// let teams = Ruleset::new(9, 4).unwrap().with_variant(Variant::Teams).unwrap();
/// assert_eq!(Position::new(teams).to_string(), "9 e1,a5,e9,i5 - 5,5,5,5 south 0 teams");
/// ```
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = self.rules();
        write!(f, "{}", rules.size())?;
        for (p, &seat) in self.seats().iter().enumerate() {
            f.write_str(if p == 0 { " " } else { "," })?;
            if self.is_out(seat) {
                f.write_str("-")?;
            } else {
                write!(f, "{}", self.pawns[p])?;
            }
        }
        let mut none = true;
        for fence in self.fences() {
            f.write_str(if none { " " } else { "," })?;
            write!(f, "{fence}")?;
            none = false;
        }
        if none {
            f.write_str(" -")?;
        }
        for (p, &seat) in self.seats().iter().enumerate() {
            f.write_str(if p == 0 { " " } else { "," })?;
            write!(f, "{}", self.fences_left(seat))?;
        }
        write!(f, " {} {}", self.turn(), self.ply())?;
        for word in rules.option_words() {
            write!(f, " {word}")?;
        }
        if rules.fences() != Ruleset::default_fences(rules.size(), rules.players()) {
            write!(f, " fences={}", rules.fences())?;
        }
        if rules.variant() == Variant::Scoring {
            for (p, &seat) in self.seats().iter().enumerate() {
                f.write_str(if p == 0 { " scores=" } else { "," })?;
                write!(f, "{}", self.score(seat))?;
            }
        }
        Ok(())
    }
}

/// Reads the position notation (see [`Field`]) written by `Display`,
/// checking every rule of the game.
///
/// ```
/// use quoridor_rules::{Position, Seat, Square};
/// let pos: Position = "9 E5,e6 e3h,D5V 8,10 N 12".parse().unwrap();
/// assert_eq!(pos.turn(), Seat::North);
/// assert_eq!(pos.pawn(Seat::South), "e5".parse::<Square>().unwrap());
/// assert_eq!(pos.to_string(), "9 e5,e6 e3h,d5v 8,10 north 12");
///
/// let err = "9 e1,e9 e3h,f3h 10,8 south 2".parse::<Position>().unwrap_err();
/// assert_eq!(err.to_string(), "field 3 (fences): f3h overlaps e3h");
/// let err = "9 e1,e9 - 10,10 south 0 teams".parse::<Position>().unwrap_err();
/// assert_eq!(err.to_string(), "field 7 (option): the teams variant needs 4 players");
/// ```
impl FromStr for Position {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Position, NotationError> {
        Notation::read(text)?.build()
    }
}

/// An option word of the notation, read but not yet checked against the rest.
enum OptionWord {
    /// A word of [`Ruleset::with_option`], in lower case.
    Rule(String),
    Fences(u32),
    Scores(Vec<i32>),
}

/// The fields of a notation, each well formed on its own.
struct Notation {
    size: u32,
    pawns: Vec<Option<Square>>,
    fences: Vec<Fence>,
    fences_left: Vec<u8>,
    to_move: Seat,
    ply: u32,
    options: Vec<(Field, OptionWord)>,
}

/// The key of an option word (lower case): options with the same key
/// exclude each other. `None` for a word that is no option.
pub(crate) fn option_key(word: &str) -> Option<&'static str> {
    match word {
        "standard" | "teams" | "scoring" => Some("variant"),
        "side_step_over_pawn" => Some("side_step_over_pawn"),
        "repetition" => Some("repetition"),
        _ if word.starts_with("ply_limit=") => Some("ply_limit"),
        _ if word.starts_with("fences=") => Some("fences"),
        _ if word.starts_with("scores=") => Some("scores"),
        _ => None,
    }
}

/// A non-negative number written in decimal digits only (no sign).
pub(crate) fn number<T: FromStr>(text: &str) -> Option<T> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A word cut to a readable length for an error message.
pub(crate) fn shown(word: &str) -> String {
    crate::parse_error::excerpt(word, 40)
}

impl Notation {
    /// Reads every field, checking only that each is well formed.
    fn read(text: &str) -> Result<Notation, NotationError> {
        let mut words = text.split_ascii_whitespace();
        let mut next = |field: Field| {
            words
                .next()
                .ok_or(NotationError::new(field, NotationErrorKind::Missing))
        };

        let word = next(Field::Size)?;
        let size = number(word)
            .ok_or_else(|| NotationError::malformed(Field::Size, word, "a board size such as 9"))?;

        let word = next(Field::Pawns)?;
        let pawns = word
            .split(',')
            .map(|item| match item {
                "-" => Ok(None),
                _ => item.parse().map(Some).map_err(|_| {
                    NotationError::malformed(
                        Field::Pawns,
                        item,
                        "a square such as e3 (or - for a seat that left)",
                    )
                }),
            })
            .collect::<Result<Vec<_>, _>>()?;

        let word = next(Field::Fences)?;
        let fences = match word {
            "-" => Vec::new(),
            _ => word
                .split(',')
                .map(|item| {
                    item.parse().map_err(|_| {
                        NotationError::malformed(
                            Field::Fences,
                            item,
                            "a fence such as e3h or e3v (or - for none)",
                        )
                    })
                })
                .collect::<Result<Vec<_>, _>>()?,
        };

        let word = next(Field::FencesLeft)?;
        let fences_left = word
            .split(',')
            .map(|item| {
                number(item).ok_or_else(|| {
                    NotationError::malformed(Field::FencesLeft, item, "a fence count from 0 to 255")
                })
            })
            .collect::<Result<Vec<_>, _>>()?;

        let word = next(Field::ToMove)?;
        let to_move = word.parse().map_err(|err: ParseError| {
            NotationError::new(Field::ToMove, NotationErrorKind::Malformed(err))
        })?;

        let word = next(Field::Ply)?;
        let ply = number(word).filter(|&ply| ply <= MAX_PLY).ok_or_else(|| {
            NotationError::malformed(Field::Ply, word, "a number of plies from 0 to 1000000000")
        })?;

        let mut options: Vec<(Field, OptionWord)> = Vec::new();
        let mut keys: Vec<(&'static str, String)> = Vec::new();
        for (i, word) in words.enumerate() {
            let field = Field::Option(7 + i);
            let lower = word.to_ascii_lowercase();
            let Some(key) = option_key(&lower) else {
                return Err(NotationError::new(
                    field,
                    NotationErrorKind::UnknownOption(shown(word)),
                ));
            };
            if let Some((_, previous)) = keys.iter().find(|(k, _)| *k == key) {
                let kind = NotationErrorKind::DuplicateOption {
                    option: shown(&lower),
                    previous: previous.clone(),
                };
                return Err(NotationError::new(field, kind));
            }
            keys.push((key, shown(&lower)));
            let option = match key {
                "fences" => {
                    let n = number(&lower["fences=".len()..]).ok_or_else(|| {
                        NotationError::malformed(field, word, "a fence count such as fences=10")
                    })?;
                    OptionWord::Fences(n)
                }
                "scores" => {
                    let scores = lower["scores=".len()..]
                        .split(',')
                        .map(|item| {
                            let (negative, digits) = match item.strip_prefix('-') {
                                Some(digits) => (true, digits),
                                None => (false, item),
                            };
                            let value = number::<i32>(digits)
                                .filter(|v| *v <= MAX_SCORE)
                                .map(|v| if negative { -v } else { v });
                            value.ok_or_else(|| {
                                let expected = "a score from -10000 to 10000";
                                NotationError::malformed(field, item, expected)
                            })
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    OptionWord::Scores(scores)
                }
                "ply_limit" => {
                    if number::<u32>(&lower["ply_limit=".len()..]).is_none() {
                        let expected = "a ply limit such as ply_limit=400";
                        return Err(NotationError::malformed(field, word, expected));
                    }
                    OptionWord::Rule(lower)
                }
                _ => OptionWord::Rule(lower),
            };
            options.push((field, option));
        }
        Ok(Notation {
            size,
            pawns,
            fences,
            fences_left,
            to_move,
            ply,
            options,
        })
    }

    /// Checks the fields against each other and the rules.
    fn build(self) -> Result<Position, NotationError> {
        use NotationErrorKind as Kind;
        let ruleset = |field: Field| move |err| NotationError::new(field, Kind::Ruleset(err));

        Ruleset::new(self.size, 2).map_err(ruleset(Field::Size))?;
        let players = self.pawns.len();
        if players != 2 && players != 4 {
            return Err(NotationError::new(Field::Pawns, Kind::PlayerCount(players)));
        }
        let mut rules = Ruleset::new(self.size, players as u32).map_err(ruleset(Field::Pawns))?;
        let mut scores = None;
        for (field, option) in &self.options {
            match option {
                OptionWord::Rule(word) => {
                    rules = match rules.with_option(word) {
                        Some(result) => result.map_err(ruleset(*field))?,
                        None => {
                            let kind = Kind::UnknownOption(shown(word));
                            return Err(NotationError::new(*field, kind));
                        }
                    };
                }
                OptionWord::Fences(n) => rules = rules.with_fences(*n).map_err(ruleset(*field))?,
                OptionWord::Scores(values) => scores = Some((*field, values)),
            }
        }
        let mut all_scores = [0i32; 4];
        if let Some((field, values)) = scores {
            if rules.variant() != Variant::Scoring {
                return Err(NotationError::new(field, Kind::ScoresWithoutScoring));
            }
            if values.len() != players {
                let kind = Kind::Count {
                    expected: players,
                    found: values.len(),
                };
                return Err(NotationError::new(field, kind));
            }
            all_scores[..players].copy_from_slice(values);
        }

        if self.fences_left.len() != players {
            let kind = Kind::Count {
                expected: players,
                found: self.fences_left.len(),
            };
            return Err(NotationError::new(Field::FencesLeft, kind));
        }
        let seats = Seat::in_play(rules.players());
        let max = rules.fences();
        for (&left, &seat) in self.fences_left.iter().zip(seats) {
            if left > max {
                let kind = Kind::FencesLeft { seat, left, max };
                return Err(NotationError::new(Field::FencesLeft, kind));
            }
        }

        // Fences never appear from nowhere: each one on the board came from
        // a player's stock.
        let placed = self.fences.len() as u32;
        let left: u32 = self.fences_left.iter().map(|&n| u32::from(n)).sum();
        let total = u32::from(max) * players as u32;
        if placed + left > total {
            let kind = Kind::TooManyFences {
                placed,
                left,
                total,
            };
            return Err(NotationError::new(Field::Fences, kind));
        }

        let Some(turn) = self.to_move.player(rules.players()) else {
            return Err(NotationError::new(
                Field::ToMove,
                Kind::NotInGame(self.to_move),
            ));
        };
        if self.pawns[turn].is_none() {
            return Err(NotationError::new(
                Field::ToMove,
                Kind::SeatLeft(self.to_move),
            ));
        }

        check_fences(&self.fences, rules.size())?;
        let start = Position::new(rules);
        let mut out = 0u8;
        let mut pawns = [Square::new(0, 0); 4];
        for (p, pawn) in self.pawns.iter().enumerate() {
            match pawn {
                Some(sq) => pawns[p] = *sq,
                None => {
                    out |= 1 << p;
                    pawns[p] = start.pawns[p];
                }
            }
        }
        Position::from_parts_with_out(
            rules,
            &pawns,
            out,
            &self.fences,
            &self.fences_left,
            turn,
            self.ply,
            &all_scores,
        )
        .map_err(|err| NotationError {
            field: None,
            kind: Kind::Setup(err),
        })
    }
}

/// Every fence on the board, none overlapping or crossing an earlier one.
fn check_fences(fences: &[Fence], size: u8) -> Result<(), NotationError> {
    for (i, &fence) in fences.iter().enumerate() {
        if !fence.on_board(size) {
            let kind = NotationErrorKind::FenceOffBoard { fence, size };
            return Err(NotationError::new(Field::Fences, kind));
        }
        for &other in &fences[..i] {
            let kind = match fence.conflict(other) {
                None => continue,
                Some(FenceConflict::Crosses) => NotationErrorKind::FenceCrosses { fence, other },
                Some(FenceConflict::Overlaps) => NotationErrorKind::FenceOverlaps { fence, other },
            };
            return Err(NotationError::new(Field::Fences, kind));
        }
    }
    Ok(())
}

impl From<SetupError> for NotationError {
    fn from(err: SetupError) -> NotationError {
        NotationError {
            field: None,
            kind: NotationErrorKind::Setup(err),
        }
    }
}

#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::string::{String, ToString};

    use super::*;
    use crate::{Game, Move};

    fn err(text: &str) -> String {
        text.parse::<Position>().unwrap_err().to_string()
    }

    #[test]
    fn start_positions() {
        for size in [3, 5, 7, 9, 11] {
            for players in [2, 4] {
                let pos = Position::new(Ruleset::new(size, players).unwrap());
                let text = pos.to_string();
                assert_eq!(text.parse::<Position>(), Ok(pos), "{text}");
            }
        }
        assert_eq!(
            Position::new(Ruleset::STANDARD).to_string(),
            "9 e1,e9 - 10,10 south 0"
        );
        let four = Ruleset::new(5, 4).unwrap();
        assert_eq!(
            Position::new(four).to_string(),
            "5 c1,a3,c5,e3 - 1,1,1,1 south 0"
        );
    }

    #[test]
    fn options_are_written_and_read() {
        let rules = Ruleset::new(7, 2)
            .unwrap()
            .with_variant(Variant::Scoring)
            .unwrap()
            .with_side_step_over_pawn(true)
            .with_ply_limit(Some(300))
            .unwrap()
            .with_fences(4)
            .unwrap();
        let pos = Position::new(rules);
        let text = "7 d1,d7 - 4,4 south 0 scoring side_step_over_pawn ply_limit=300 fences=4 \
                    scores=0,0";
        assert_eq!(pos.to_string(), text);
        assert_eq!(text.parse::<Position>(), Ok(pos));
        let shuffled = "7 D1,D7 - 4,4 S 0 fences=4 SCORES=0,0 Ply_Limit=300 side_step_over_pawn \
                        scoring";
        assert_eq!(shuffled.parse::<Position>(), Ok(pos));
        // Scores may be left out: they are zero.
        let without = "7 d1,d7 - 4,4 south 0 scoring side_step_over_pawn ply_limit=300 fences=4";
        assert_eq!(without.parse::<Position>(), Ok(pos));
    }

    #[test]
    fn a_seat_that_left() {
        let mut game = Game::new(Ruleset::new(9, 4).unwrap());
        for mv in ["e2", "b5", "e8"] {
            game.play(mv.parse::<Move>().unwrap()).unwrap();
        }
        game.resign(Seat::West).unwrap();
        let pos = *game.position();
        let text = pos.to_string();
        assert_eq!(text, "9 e2,-,e8,i5 - 5,5,5,5 east 3");
        let back: Position = text.parse().unwrap();
        assert_eq!(back.hash(), pos.hash());
        assert!(back.is_out(Seat::West));
        assert_eq!(back.to_string(), text);
        assert_eq!(
            err("9 e2,-,e8,i5 - 5,5,5,5 west 3"),
            "field 5 (to-move): west has left the game"
        );
    }

    #[test]
    fn every_error_has_its_message() {
        let cases = [
            ("", "missing field 1 (size)"),
            ("9 e1,e9 - 10,10 south", "missing field 6 (ply)"),
            ("x", "field 1 (size): expected a board size such as 9, found `x`"),
            ("8 e1,e9 - 10,10 south 0", "field 1 (size): board size must be odd, from 3 to 11 (got 8)"),
            ("9 e1,e9,e5 - 10,10,10 south 0", "field 2 (pawns): expected 2 or 4 pawns (one per player), found 3"),
            ("9 e1,,e9 - 10,10 south 0", "field 2 (pawns): expected a square such as e3 (or - for a seat that left), found nothing"),
            ("9 e1,e9 e3 10,10 south 0", "field 3 (fences): expected a fence such as e3h or e3v (or - for none), found `e3`"),
            ("9 e1,e9 i3h 10,9 south 1", "field 3 (fences): i3h is off the 9x9 board"),
            ("9 e1,e9 e3h,e3v 10,8 south 2", "field 3 (fences): e3v crosses e3h"),
            ("9 e1,e9 e3v,e4v 10,8 south 2", "field 3 (fences): e4v overlaps e3v"),
            ("9 e1,e9 e3h,e3h 10,8 south 2", "field 3 (fences): e3h given twice"),
            ("9 e1,e9 - 10 south 0", "field 4 (fences-left): expected 2 values (one per player), found 1"),
            ("9 e1,e9 - 10,11 south 0", "field 4 (fences-left): north has 11 fences left, more than the 10 each player starts with"),
            ("3 b1,b3 a1h,b2h 1,1 south 0 fences=1", "field 3 (fences): 2 fences on the board and 2 in hand make 4, more than the 2 the players start with"),
            ("9 e1,e9 - 10,256 south 0", "field 4 (fences-left): expected a fence count from 0 to 255, found `256`"),
            ("9 e1,e9 - 10,10 up 0", "field 5 (to-move): expected a seat: south, west, north or east, found `up`"),
            ("9 e1,e9 - 10,10 west 0", "field 5 (to-move): west does not play in this game"),
            ("9 e1,e9 - 10,10 south -1", "field 6 (ply): expected a number of plies from 0 to 1000000000, found `-1`"),
            ("9 e1,e9 - 10,10 south 0 e2", "field 7 (option): unknown option `e2`"),
            ("9 e1,e9 - 10,10 south 0 scoring teams", "field 8 (option): option `teams` conflicts with `scoring`"),
            ("9 e1,e9 - 10,10 south 0 ply_limit=4 ply_limit=4", "field 8 (option): option `ply_limit=4` given twice"),
            ("9 e1,e9 - 10,10 south 0 ply_limit=x", "field 7 (option): expected a ply limit such as ply_limit=400, found `ply_limit=x`"),
            ("9 e1,e9 - 10,10 south 0 ply_limit=0", "field 7 (option): a ply limit must be a whole number from 1 to 4294967295"),
            ("9 e1,e9 - 10,10 south 0 fences=129", "field 7 (option): fences per player must be at most 128 on this board (got 129)"),
            ("9 e1,e9 - 10,10 south 0 scores=1,2", "field 7 (option): scores are only kept in the scoring variant"),
            ("9 e1,e9 - 10,10 south 0 scoring scores=1", "field 8 (option): expected 2 values (one per player), found 1"),
            ("9 e1,e9 - 10,10 south 0 scoring scores=1,+2", "field 8 (option): expected a score from -10000 to 10000, found `+2`"),
            ("9 e1,e1 - 10,10 south 0", "two pawns on e1"),
            ("9 e1,j9 - 10,10 south 0", "pawn on j9 is off the board"),
            ("9 e9,e1 - 10,10 south 0", "more than one pawn has arrived"),
            ("9 e1,e9 a1h,c1h,e1h,g1h,h1v 10,5 south 5", "no path left for south"),
        ];
        for (text, message) in cases {
            assert_eq!(err(text), message, "{text}");
        }
        assert_eq!(
            err("9 e1,e9 - 10,10 south 1000000001"),
            "field 6 (ply): expected a number of plies from 0 to 1000000000, found `1000000001`"
        );
        assert_eq!(
            err("9 e1,e9 - 10,10 south 0 scoring scores=0,-10001"),
            "field 8 (option): expected a score from -10000 to 10000, found `-10001`"
        );
        let extremes = "9 e1,e9 - 10,10 south 1000000000 scoring scores=-10000,10000";
        assert_eq!(extremes.parse::<Position>().unwrap().to_string(), extremes);
        // Scoring allows every pawn to have arrived.
        assert!("9 e9,e1 - 10,10 south 0 scoring"
            .parse::<Position>()
            .is_ok());
        let long = format!("9 e1,e9 - 10,10 south 0 {}", "x".repeat(100));
        assert_eq!(
            err(&long),
            format!("field 7 (option): unknown option `{}…`", "x".repeat(40))
        );
    }

    #[test]
    fn setup_errors_have_no_field() {
        let err = "9 e1,e1 - 10,10 south 0".parse::<Position>().unwrap_err();
        assert_eq!(err.field(), None);
        assert_eq!(
            err.kind(),
            &NotationErrorKind::Setup(SetupError::PawnsShareSquare("e1".parse().unwrap()))
        );
    }
}
