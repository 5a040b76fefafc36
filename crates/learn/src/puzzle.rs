//! Tactics puzzles: a position where one move is clearly better than every
//! other, its solution line, a theme, a difficulty, and an explanation made
//! from the path lengths.

use std::fmt;

use quoridor_exercises::Lang;
use quoridor_rules::{Move, Position, Seat};
use serde::{Deserialize, Serialize};

use crate::texts::puzzle_words;
pub use crate::theme::{Facts, MoveKind, Theme};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    pub id: String,
    /// The position, in the position notation; the side to move solves.
    pub position: String,
    /// The move to find, then the line that follows (as the search saw it).
    pub solution: Vec<String>,
    /// Other moves that are right too: where the answer wins by force,
    /// every other move that also wins by force (none elsewhere).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accept: Vec<String>,
    pub theme: Theme,
    /// 1 (easy) to 5 (hard).
    pub difficulty: u8,
    /// The puzzle's rating (1000 + 150 per step of difficulty above 1).
    pub rating: i32,
    /// The search depth that proved it, and by how much the best move beat
    /// every other there (hundredths of a step; 3000 for a forced win that
    /// every other move gives up).
    pub depth: u32,
    pub margin: i32,
}

/// A puzzle that cannot be used: the text at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError(pub String);

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PuzzleError {}

/// The puzzles shipped with the program (made by `quoridor mine-puzzles`;
/// see `data/README.md`): the strategy article's two examples, then the
/// mined ones.
pub const SHIPPED: &str = concat!(
    include_str!("../data/article.jsonl"),
    include_str!("../data/puzzles.jsonl")
);

/// Reads puzzles, one JSON object per line (empty lines skipped).
pub fn read_puzzles(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            let puzzle: Puzzle = serde_json::from_str(line)
                .map_err(|e| PuzzleError(format!("line {}: {e}", i + 1)))?;
            puzzle
                .validate()
                .map_err(|e| PuzzleError(format!("line {}: {e}", i + 1)))?;
            Ok(puzzle)
        })
        .collect()
}

/// The shipped puzzles.
pub fn shipped() -> Vec<Puzzle> {
    read_puzzles(SHIPPED).expect("the shipped puzzles are valid (tested)")
}

/// The shipped puzzles, read once for the whole program.
pub fn shipped_puzzles() -> &'static [Puzzle] {
    static PUZZLES: std::sync::OnceLock<Vec<Puzzle>> = std::sync::OnceLock::new();
    PUZZLES.get_or_init(shipped)
}

/// The shipped puzzle named `id` (in any case).
pub fn find_puzzle(id: &str) -> Option<&'static Puzzle> {
    shipped_puzzles()
        .iter()
        .find(|p| p.id.eq_ignore_ascii_case(id))
}

/// `count` different puzzles of the theme and difficulty asked (any if
/// `None`) for a class's assignment, drawn by `seed` (the same seed, the
/// same set) and given easiest first; fewer when fewer match.
pub fn choose(
    puzzles: &[Puzzle],
    theme: Option<Theme>,
    difficulty: Option<u8>,
    count: usize,
    seed: u64,
) -> Vec<&Puzzle> {
    let mut open: Vec<&Puzzle> = puzzles
        .iter()
        .filter(|p| theme.is_none_or(|t| p.theme == t))
        .filter(|p| difficulty.is_none_or(|d| p.difficulty == d))
        .collect();
    let mut dice = crate::dice::Dice::new(seed);
    // The first `count` places of a Fisher–Yates shuffle.
    let count = count.min(open.len());
    for i in 0..count {
        let j = i + dice.below((open.len() - i) as u64) as usize;
        open.swap(i, j);
    }
    open.truncate(count);
    open.sort_by(|a, b| (a.rating, &a.id).cmp(&(b.rating, &b.id)));
    open
}

/// How a move answers a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Right,
    /// Legal, but not the best move.
    Wrong,
    /// Against the rules, with the reason.
    Illegal(quoridor_rules::IllegalMove),
}

impl Puzzle {
    /// The position to solve.
    pub fn start(&self) -> Position {
        self.position
            .parse()
            .expect("a validated puzzle's position")
    }

    /// The move to find.
    pub fn best(&self) -> Move {
        self.line()[0]
    }

    /// The moves that are right: the answer, then the accepted ones.
    pub fn answers(&self) -> Vec<Move> {
        std::iter::once(self.best())
            .chain(
                self.accept
                    .iter()
                    .map(|m| m.parse().expect("a validated puzzle's moves")),
            )
            .collect()
    }

    /// The solution line as moves.
    pub fn line(&self) -> Vec<Move> {
        self.solution
            .iter()
            .map(|m| m.parse().expect("a validated puzzle's moves"))
            .collect()
    }

    /// Whether the position reads, the solution is legal from it, and the
    /// numbers are in range.
    pub fn validate(&self) -> Result<(), PuzzleError> {
        let mut pos: Position = self
            .position
            .parse()
            .map_err(|e| PuzzleError(format!("{}: {e}", self.id)))?;
        if pos.is_over() || self.solution.is_empty() {
            return Err(PuzzleError(format!("{}: nothing to solve", self.id)));
        }
        for text in &self.solution {
            let mv: Move = text
                .parse()
                .map_err(|e| PuzzleError(format!("{}: {e}", self.id)))?;
            pos.play(mv)
                .map_err(|e| PuzzleError(format!("{}: {text}: {e}", self.id)))?;
        }
        let start = self.start();
        for text in &self.accept {
            let mv: Move = text
                .parse()
                .map_err(|e| PuzzleError(format!("{}: {e}", self.id)))?;
            start
                .check(mv)
                .map_err(|e| PuzzleError(format!("{}: {text}: {e}", self.id)))?;
            if mv == self.best() {
                return Err(PuzzleError(format!("{}: {text} accepted twice", self.id)));
            }
        }
        if !(1..=5).contains(&self.difficulty) {
            return Err(PuzzleError(format!("{}: difficulty 1 to 5", self.id)));
        }
        Ok(())
    }

    /// Checks a move: the best move is right, and so is an accepted one.
    pub fn check(&self, mv: Move) -> Answer {
        let pos = self.start();
        if let Err(err) = pos.check(mv) {
            return Answer::Illegal(err);
        }
        if self.answers().contains(&mv) {
            Answer::Right
        } else {
            Answer::Wrong
        }
    }

    /// Why the best move is best, from the path lengths before and after it.
    pub fn explanation(&self, lang: Lang) -> String {
        let pos = self.start();
        let me = pos.turn();
        let them = opponent(&pos);
        let mut after = pos;
        after.play_unchecked(self.best());
        let steps = |p: &Position, seat: Seat| p.distance(seat).unwrap_or(0);
        let best = self.best();
        let facts = Facts {
            mv: best.to_string(),
            kind: MoveKind::of(&pos, best),
            me,
            them,
            mine_after: steps(&after, me),
            theirs_before: steps(&pos, them),
            theirs_after: steps(&after, them),
            threat_before: fence_threat(&pos, them, me),
            threat_after: fence_threat(&after, them, me),
            margin: self.margin,
            also: self.accept.clone(),
        };
        puzzle_words(lang, &facts)
    }
}

/// A player's puzzle rating before any puzzle.
pub const START_RATING: i32 = 1000;

/// A player's new puzzle rating after a puzzle: an Elo update (K = 32)
/// against the puzzle's rating, kept on the player's own device until
/// accounts bring Glicko-2.
///
/// ```
/// use quoridor_learn::puzzle::rated;
/// assert_eq!(rated(1000, 1000, true), 1016);
/// assert_eq!(rated(1000, 1000, false), 984);
/// assert!(rated(1000, 1600, true) > 1016);
/// ```
pub fn rated(player: i32, puzzle: i32, solved: bool) -> i32 {
    let expected = 1.0 / (1.0 + 10f64.powf(f64::from(puzzle - player) / 400.0));
    let score = if solved { 1.0 } else { 0.0 };
    (f64::from(player) + 32.0 * (score - expected)).round() as i32
}

/// The next puzzle for a player: among those of the theme and difficulty
/// asked (any if `None`) not in `seen`, the strategy article's examples
/// first, then the one whose rating is nearest the player's; `None` when
/// none is left.
pub fn pick<'a>(
    puzzles: &'a [Puzzle],
    theme: Option<Theme>,
    difficulty: Option<u8>,
    rating: i32,
    seen: &[String],
) -> Option<&'a Puzzle> {
    let open = || {
        puzzles
            .iter()
            .filter(move |p| theme.is_none_or(|t| p.theme == t))
            .filter(move |p| difficulty.is_none_or(|d| p.difficulty == d))
            .filter(|p| !seen.contains(&p.id))
    };
    open()
        .find(|p| p.id.starts_with("article-"))
        .or_else(|| open().min_by_key(|p| ((p.rating - rating).abs(), p.id.clone())))
}

/// The opponent of the side to move in a two-player position.
pub fn opponent(pos: &Position) -> Seat {
    let seats = pos.seats();
    seats[(pos.turn_index() + 1) % seats.len()]
}

/// The same position with `seat` to move.
fn with_turn(pos: &Position, seat: Seat) -> Option<Position> {
    let text = pos.to_string();
    let mut fields: Vec<&str> = text.split(' ').collect();
    *fields.get_mut(4)? = seat.name();
    fields.join(" ").parse().ok()
}

/// The most steps one fence of `by` could add to `victim`'s way, were it
/// `by`'s turn in `pos`.
pub fn fence_threat(pos: &Position, by: Seat, victim: Seat) -> u32 {
    let Some(theirs) = with_turn(pos, by) else {
        return 0;
    };
    let before = theirs.distance(victim).unwrap_or(0);
    theirs
        .legal_moves()
        .iter()
        .filter(|mv| matches!(mv, Move::Fence(_)))
        .map(|&mv| {
            let mut after = theirs;
            after.play_unchecked(mv);
            after.distance(victim).unwrap_or(0).saturating_sub(before)
        })
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_assignments_puzzles_are_different_of_the_kind_asked_and_the_same_for_a_seed() {
        let all = shipped_puzzles();
        let set = choose(all, Some(Theme::Race), Some(1), 5, 7);
        assert_eq!(set.len(), 5);
        assert!(set
            .iter()
            .all(|p| p.theme == Theme::Race && p.difficulty == 1));
        let ids: std::collections::BTreeSet<&str> = set.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids.len(), 5, "no puzzle twice");
        assert!(
            set.windows(2).all(|w| w[0].rating <= w[1].rating),
            "easiest first"
        );
        let again: Vec<&str> = choose(all, Some(Theme::Race), Some(1), 5, 7)
            .iter()
            .map(|p| p.id.as_str())
            .collect();
        assert_eq!(again, set.iter().map(|p| p.id.as_str()).collect::<Vec<_>>());
        let other: Vec<&str> = choose(all, Some(Theme::Race), Some(1), 5, 8)
            .iter()
            .map(|p| p.id.as_str())
            .collect();
        assert_ne!(again, other, "another seed, another set");
        // Never more than there are.
        let any = choose(all, None, None, 100_000, 1);
        assert_eq!(any.len(), all.len());
        assert_eq!(find_puzzle(&set[0].id.to_uppercase()), Some(set[0]));
        assert_eq!(find_puzzle("nope"), None);
    }

    #[test]
    fn themes_read_and_write() {
        for theme in Theme::ALL {
            assert_eq!(theme.name().parse::<Theme>().unwrap(), theme);
        }
        assert!("chess".parse::<Theme>().is_err());
    }

    #[test]
    fn a_puzzle_checks_and_explains() {
        let puzzle = Puzzle {
            id: "t1".into(),
            position: "5 c3,c2 - 3,3 south 6".into(),
            solution: vec!["c1h".into()],
            accept: Vec::new(),
            theme: Theme::Detour,
            difficulty: 1,
            rating: 1000,
            depth: 4,
            margin: 3000,
        };
        puzzle.validate().unwrap();
        assert_eq!(puzzle.check("c1h".parse().unwrap()), Answer::Right);
        assert_eq!(puzzle.check("c4".parse().unwrap()), Answer::Wrong);
        assert!(matches!(
            puzzle.check("c5".parse().unwrap()),
            Answer::Illegal(_)
        ));
        let words = puzzle.explanation(Lang::En);
        assert!(
            words.contains("c1h") && words.contains("North needs"),
            "{words}"
        );
        // Another move accepted (a win by force as well) is right, and
        // the explanation says so.
        let two = Puzzle {
            accept: vec!["c4".into()],
            ..puzzle.clone()
        };
        two.validate().unwrap();
        assert_eq!(two.check("c4".parse().unwrap()), Answer::Right);
        let words = two.explanation(Lang::Fr);
        assert!(
            words.contains("comptent aussi comme justes : c4"),
            "{words}"
        );
        let twice = Puzzle {
            accept: vec!["c1h".into()],
            ..puzzle.clone()
        };
        assert!(twice.validate().is_err());
        let bad = Puzzle {
            solution: vec!["c5".into()],
            ..puzzle
        };
        assert!(bad.validate().unwrap_err().to_string().contains("c5"));
    }

    #[test]
    fn the_article_examples_come_first_with_the_article_numbers() {
        let puzzles = shipped();
        assert_eq!(
            (puzzles[0].id.as_str(), puzzles[1].id.as_str()),
            ("article-1", "article-2")
        );
        let first = puzzles[0].explanation(Lang::En);
        assert!(
            first.contains("North needs 20 steps instead of 5, and South 3"),
            "{first}"
        );
        let second = puzzles[1].explanation(Lang::En);
        assert!(
            second.contains("South needs 24 steps instead of 3, and North 5"),
            "{second}"
        );
        let start = pick(&puzzles, None, None, START_RATING, &[]).unwrap();
        assert_eq!(start.id, "article-1");
        let seen = vec!["article-1".to_string()];
        assert_eq!(
            pick(&puzzles, None, None, START_RATING, &seen).unwrap().id,
            "article-2"
        );
        // The same position with each side to move, as the article tells it.
        let (a, b) = (puzzles[0].start(), puzzles[1].start());
        assert_eq!(a.to_string().replace(" south ", " north "), b.to_string());
        let found = crate::article::measure(
            a.pawn(Seat::South),
            a.pawn(Seat::North),
            &a.fences().collect::<Vec<_>>(),
        )
        .unwrap();
        assert_eq!(found.distance(), 0, "{found:?}");
    }

    #[test]
    fn the_shipped_puzzles_are_valid_and_varied() {
        let puzzles = shipped();
        assert!(puzzles.len() >= 200, "{} puzzles", puzzles.len());
        let ids: std::collections::HashSet<_> = puzzles.iter().map(|p| &p.id).collect();
        assert_eq!(ids.len(), puzzles.len(), "ids are unique");
        for theme in [Theme::Race, Theme::Detour] {
            assert!(puzzles.iter().any(|p| p.theme == theme), "{theme}");
        }
        for p in &puzzles {
            for lang in Lang::ALL {
                assert!(!p.explanation(lang).is_empty());
            }
        }
    }
}
