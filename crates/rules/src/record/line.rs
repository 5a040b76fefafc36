//! The one-line game form of the protocol ([`game_line`]), and
//! [`parse_game_text`], which reads any text form of a game.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::cursor::Cursor;
use super::error::{Loc, RecordError, RecordErrorKind};
use super::{apply, entry_word, set_up, Record};
use crate::game::Game;
use crate::notation::{number, option_key, shown};
use crate::position::Position;
use crate::ruleset::Ruleset;

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
