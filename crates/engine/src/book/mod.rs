//! The opening book: positions of the standard game's first plies with
//! the moves our own long searches found best there, built by
//! `quoridor book build` ([`build`]) and shipped in
//! `crates/engine/data/opening-book.txt`. Levels 6–8 play a book move at
//! once while the game is in the book; the analysis shows which moves are
//! book moves.
//!
//! The file is text, a position a line:
//!
//! ```text
//! 9 e1,e9 - 10,10 south 0<TAB>e2:60:16 d1:45:15
//! ```
//!
//! the position in position notation, a tab (`<TAB>` here), then each
//! book move as
//! `move:value:depth` (the value in hundredths of a step for the side to
//! move, the depth of the search that found it), best first. A position is
//! found in the book under its own form or its mirror image.

pub mod build;

use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

use quoridor_rules::{Move, Position, Ruleset, Variant};

use crate::rng::Rng;
use crate::score::Score;

/// Book moves this close to the best one (hundredths of a step) are
/// played as often as it: variety that gives nothing away.
pub const VARIETY: i32 = 10;

/// One move of a book position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub mv: Move,
    /// The value after it, for the side that plays it.
    pub score: Score,
    /// The depth of the search that valued it.
    pub depth: u32,
}

/// A book position and its moves, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    pub position: Position,
    pub moves: Vec<BookMove>,
}

/// Why a book file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// The line (from 1).
    pub line: usize,
    pub message: String,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for BookError {}

/// The opening book.
#[derive(Clone, Debug, Default)]
pub struct Book {
    /// In the order of the file.
    entries: Vec<BookEntry>,
    /// Entry index by the position's two hashes (which leave the ply out).
    index: HashMap<(u64, u64), usize>,
}

fn key(pos: &Position) -> (u64, u64) {
    (pos.hash(), pos.fingerprint())
}

/// Whether `pos` is a position of the game the book is for: two players
/// with ten fences each on 9×9, first to arrive wins.
pub fn applies(pos: &Position) -> bool {
    let rules = pos.rules();
    rules.size() == Ruleset::STANDARD.size()
        && rules.players() == 2
        && rules.variant() == Variant::Standard
        && rules.fences() == Ruleset::STANDARD.fences()
}

impl Book {
    /// The book shipped with the engine.
    pub fn shipped() -> &'static Book {
        static SHIPPED: OnceLock<Book> = OnceLock::new();
        SHIPPED.get_or_init(|| {
            Book::parse(include_str!("../../data/opening-book.txt"))
                .expect("the shipped opening book is valid (tested)")
        })
    }

    /// Reads a book file (see the module's documentation). Every move must
    /// be legal in its position, every position a book position, and no
    /// position given twice.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut book = Book::default();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let fail = |message: String| BookError {
                line: i + 1,
                message,
            };
            let (position, moves) = line
                .split_once('\t')
                .ok_or_else(|| fail("expected a position, a tab, then its moves".into()))?;
            let position: Position = position
                .parse()
                .map_err(|e| fail(format!("position: {e}")))?;
            if !applies(&position) || position.is_over() {
                return Err(fail(
                    "not a position of the standard two-player game in play".into(),
                ));
            }
            let moves = moves
                .split_whitespace()
                .map(|word| parse_book_move(&position, word))
                .collect::<Result<Vec<_>, _>>()
                .map_err(fail)?;
            if moves.is_empty() {
                return Err(fail("a position without moves".into()));
            }
            if !book.insert(BookEntry { position, moves }) {
                return Err(fail("this position is already in the book".into()));
            }
        }
        Ok(book)
    }

    /// Adds a position; refused (false) if it is there already.
    #[must_use]
    pub fn insert(&mut self, mut entry: BookEntry) -> bool {
        if self.entry(&entry.position).is_some() {
            return false;
        }
        entry.moves.sort_by_key(|m| std::cmp::Reverse(m.score));
        self.index.insert(key(&entry.position), self.entries.len());
        self.entries.push(entry);
        true
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn entries(&self) -> &[BookEntry] {
        &self.entries
    }

    fn entry(&self, pos: &Position) -> Option<&BookEntry> {
        if !applies(pos) {
            return None;
        }
        self.index.get(&key(pos)).map(|&i| &self.entries[i])
    }

    /// The book moves of `pos`, best first (empty when it is not in the
    /// book), found as it is or as its mirror image.
    pub fn moves(&self, pos: &Position) -> Vec<BookMove> {
        if let Some(entry) = self.entry(pos) {
            return entry.moves.clone();
        }
        let mirror = pos.mirrored();
        match self.entry(&mirror) {
            Some(entry) => entry
                .moves
                .iter()
                .map(|m| BookMove {
                    mv: m.mv.mirrored(pos.size()),
                    ..*m
                })
                .collect(),
            None => Vec::new(),
        }
    }

    /// Whether `mv` is a book move of `pos`.
    pub fn contains(&self, pos: &Position, mv: Move) -> bool {
        self.moves(pos).iter().any(|m| m.mv == mv)
    }

    /// The move to play from the book in `pos`: one of those within
    /// [`VARIETY`] of the best, drawn by `rng`.
    pub(crate) fn choose(&self, pos: &Position, rng: &mut Rng) -> Option<BookMove> {
        let moves = self.moves(pos);
        let best = moves.first()?.score;
        let near: Vec<BookMove> = moves
            .into_iter()
            .filter(|m| m.score.0 >= best.0 - VARIETY && pos.is_legal(m.mv))
            .collect();
        if near.is_empty() {
            return None;
        }
        Some(near[(rng.next() % near.len() as u64) as usize])
    }

    /// The book line from `pos`: the best book move, then the best book
    /// reply, while the positions are in the book (at most `max` moves).
    pub fn line(&self, pos: &Position, max: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut pos = *pos;
        while line.len() < max {
            let Some(first) = self.moves(&pos).first().copied() else {
                break;
            };
            if pos.play(first.mv).is_err() {
                break;
            }
            line.push(first.mv);
        }
        line
    }
}

fn parse_book_move(pos: &Position, word: &str) -> Result<BookMove, String> {
    let expected = || format!("{word:?}: expected move:value:depth, as e2:60:16");
    let mut parts = word.split(':');
    let (Some(mv), Some(score), Some(depth), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(expected());
    };
    let mv: Move = mv.parse().map_err(|_| expected())?;
    let score: i32 = score.parse().map_err(|_| expected())?;
    let depth: u32 = depth.parse().map_err(|_| expected())?;
    if score.abs() > Score::WIN.0 {
        return Err(format!("{word:?}: the value is out of range"));
    }
    pos.check(mv).map_err(|e| format!("{mv}: {e}"))?;
    Ok(BookMove {
        mv,
        score: Score(score),
        depth,
    })
}

/// The file text: a header of `#` lines, then a line per position.
impl fmt::Display for Book {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for entry in &self.entries {
            write!(f, "{}\t", entry.position)?;
            for (i, m) in entry.moves.iter().enumerate() {
                let sep = if i == 0 { "" } else { " " };
                write!(f, "{sep}{}:{}:{}", m.mv, m.score.0, m.depth)?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Position {
        Position::new(Ruleset::STANDARD)
    }

    fn after(moves: &[&str]) -> Position {
        let mut pos = start();
        for mv in moves {
            pos.play(mv.parse().unwrap()).unwrap();
        }
        pos
    }

    #[test]
    fn reads_writes_and_finds_mirrors() {
        let text = format!(
            "# a book\n{}\te2:60:16 d1:45:15\n{}\tc8h:20:12\n",
            start(),
            after(&["e2", "e8"])
        );
        let book = Book::parse(&text).unwrap();
        assert_eq!(book.len(), 2);
        let moves = book.moves(&start());
        assert_eq!(moves[0].mv.to_string(), "e2");
        assert_eq!(moves[0].score, Score(60));
        assert_eq!(moves[1].depth, 15);
        // Written back, it reads the same.
        let again = Book::parse(&book.to_string()).unwrap();
        assert_eq!(again.entries(), book.entries());
        let pos = after(&["e2", "e8"]);
        assert!(book.contains(&pos, "c8h".parse().unwrap()));
        assert!(!book.contains(&pos, "f8h".parse().unwrap()));
        // A position is found as its mirror image, its moves mirrored.
        let text = format!("{}\td2:10:9 c1:5:9\n", after(&["d1", "e8"]));
        let book = Book::parse(&text).unwrap();
        let mirror = after(&["f1", "e8"]);
        let moves: Vec<String> = book
            .moves(&mirror)
            .iter()
            .map(|m| m.mv.to_string())
            .collect();
        assert_eq!(moves, ["f2", "g1"]);
        assert_eq!(book.line(&mirror, 5).len(), 1);
        // Another game is never in the book.
        let small = Position::new(Ruleset::new(7, 2).unwrap());
        assert!(book.moves(&small).is_empty());
    }

    #[test]
    fn bad_files_are_refused_with_their_line() {
        let start = start();
        for (text, wanted) in [
            (format!("{start} e2:1:1"), "a tab"),
            (format!("{start}\te2"), "move:value:depth"),
            (format!("{start}\te2:x:1"), "move:value:depth"),
            (format!("{start}\te5:1:1"), "e5"),
            (format!("{start}\t"), "without moves"),
            ("9 z1,e9 - 10,10 south 0\te2:1:1".to_string(), "position"),
            ("7 d1,d7 - 6,6 south 0\td2:1:1".to_string(), "standard"),
            (format!("{start}\te2:1:1\n{start}\td1:1:1"), "already"),
        ] {
            let err = Book::parse(&text).unwrap_err();
            assert!(err.to_string().contains(wanted), "{text:?}: {err}");
            assert!(err.line >= 1);
        }
    }

    #[test]
    fn the_shipped_book_is_valid_and_deep() {
        let book = Book::shipped();
        assert!(book.len() >= 50, "{} positions", book.len());
        let moves = book.moves(&start());
        assert!(!moves.is_empty());
        assert!(book.line(&start(), 40).len() >= 6);
        // Every position is reached from the start by book moves (as it
        // is or as its mirror image).
        let mut reached = std::collections::HashSet::new();
        let mut todo = vec![start()];
        while let Some(pos) = todo.pop() {
            if !reached.insert(key(&pos)) {
                continue;
            }
            for m in book.moves(&pos) {
                let mut next = pos;
                next.play(m.mv).unwrap();
                todo.push(next);
            }
        }
        for entry in book.entries() {
            let pos = entry.position;
            assert!(
                reached.contains(&key(&pos)) || reached.contains(&key(&pos.mirrored())),
                "{pos} is not reached by book moves"
            );
        }
    }

    #[test]
    fn choice_keeps_to_the_best_moves() {
        let text = format!("{}\td1:50:9 f1:50:9 e2:45:9 d2:0:9\n", start());
        let text = text.replace("d2:0:9", "e1h:0:9");
        let book = Book::parse(&text).unwrap();
        let mut rng = Rng::new(3);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..100 {
            seen.insert(book.choose(&start(), &mut rng).unwrap().mv.to_string());
        }
        assert_eq!(
            seen.into_iter().collect::<Vec<_>>(),
            ["d1", "e2", "f1"],
            "within {VARIETY} of the best, never the fence at -0.50"
        );
    }
}
