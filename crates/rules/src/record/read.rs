//! Reading a record's move text, and files of several records.

use alloc::vec;
use alloc::vec::Vec;
use core::str::FromStr;

use super::cursor::{Cursor, RawTag};
use super::error::{Loc, RecordError, RecordErrorKind};
use super::header::Header;
use super::line::parse_game_text;
use super::{apply, Record, MAX_RECORDS};
use crate::game::Game;
use crate::notation::number;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Ruleset;

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
