//! What the page `/learn` is shown and asks: the lessons, a lesson's move
//! checked, the next puzzle and a puzzle's move checked, as JSON views in
//! the asked language and wording. Pure: the server answers its
//! `/api/learn/…` routes with these functions, and the page's WebAssembly
//! answers the same requests with them when the server cannot be reached
//! (a classroom's tablet offline).

use quoridor_rules::{Move, ParseError, Position};
use serde::{Deserialize, Serialize};

use crate::texts::{puzzle_task, seat_name, theme_name};
use crate::{
    illegal_text, lesson, pick, rated, Answer, Lang, Lesson, LessonText, Outcome, Puzzle, Theme,
    Wording, LESSONS,
};

/// Why the tutorial or the puzzles refuse (the server says what each
/// means over HTTP).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LearnError {
    /// No tutorial lesson of that name.
    NoSuchLesson,
    /// No puzzle of that id, or none of the theme and difficulty asked.
    NoSuchPuzzle,
    /// A field out of its range (the words name it).
    BadRequest(String),
    /// A move that is not written as a move.
    BadMove(ParseError),
}

impl std::fmt::Display for LearnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LearnError::NoSuchLesson => f.write_str("no such lesson: see GET /api/learn/lessons"),
            LearnError::NoSuchPuzzle => f.write_str("no such puzzle"),
            LearnError::BadRequest(words) => f.write_str(words),
            LearnError::BadMove(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for LearnError {}

impl From<ParseError> for LearnError {
    fn from(err: ParseError) -> LearnError {
        LearnError::BadMove(err)
    }
}

/// The language and wording of an answer.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonsQuery {
    pub lang: Option<Lang>,
    pub wording: Option<Wording>,
}

/// A board as the page draws it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct BoardView {
    pub size: u8,
    /// The position notation.
    pub notation: String,
    pub pawns: Vec<PawnView>,
    /// Placed fences (`e3h`).
    pub fences: Vec<String>,
    /// The seat to move, and its name in the asked language.
    pub turn: String,
    pub turn_name: String,
    /// Fences left, by seat in turn order.
    pub fences_left: Vec<u8>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct PawnView {
    pub seat: String,
    pub square: String,
}

impl BoardView {
    /// The boards after each move of `moves` from `start`.
    pub fn line(start: Position, moves: &[Move], lang: Lang) -> Vec<BoardView> {
        let mut pos = start;
        moves
            .iter()
            .map(|&mv| {
                pos.play_unchecked(mv);
                BoardView::of(&pos, lang)
            })
            .collect()
    }

    pub fn of(pos: &Position, lang: Lang) -> BoardView {
        BoardView {
            size: pos.size(),
            notation: pos.to_string(),
            pawns: pos
                .seats()
                .iter()
                .map(|&seat| PawnView {
                    seat: seat.name().into(),
                    square: pos.pawn(seat).to_string(),
                })
                .collect(),
            fences: pos.fences().map(|f| f.to_string()).collect(),
            turn: pos.turn().name().into(),
            turn_name: seat_name(lang, pos.turn()).into(),
            fences_left: pos.seats().iter().map(|&s| pos.fences_left(s)).collect(),
        }
    }
}

/// One lesson in one language and wording.
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct LessonView {
    pub id: String,
    pub number: usize,
    pub title: String,
    pub rule: String,
    pub task: String,
    /// The kind of move asked for (`step`, `jump`, `fence`): a picture.
    #[serde(default)]
    pub move_kind: String,
    pub board: BoardView,
}

#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct LessonsView {
    pub lessons: Vec<LessonView>,
}

/// A lesson's words in a language.
pub fn words(lang: Lang, lesson: &Lesson) -> LessonText {
    LessonText::of(lang, lesson.id).expect("every lesson has its words in every language")
}

/// Every lesson, in order.
pub fn lessons(query: &LessonsQuery) -> LessonsView {
    let lang = query.lang.unwrap_or_default();
    let wording = query.wording.unwrap_or_default();
    let lessons = LESSONS
        .iter()
        .map(|lesson| {
            let text = words(lang, lesson);
            LessonView {
                id: lesson.id.into(),
                number: lesson.number(),
                title: text.title.into(),
                rule: text.rule(wording).into(),
                task: text.task(wording).into(),
                move_kind: lesson.move_kind().name().into(),
                board: BoardView::of(&lesson.start(), lang),
            }
        })
        .collect();
    LessonsView { lessons }
}

#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    pub lesson: String,
    /// The move, in the standard notation (`e6`, `e3h`).
    pub r#move: String,
    pub lang: Option<Lang>,
    pub wording: Option<Wording>,
}

/// A checked move: `right`, `not_asked` (legal, but not the lesson's task)
/// or `illegal` (with the rules' reason), what to say, and the board after a
/// right move.
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct CheckView {
    pub outcome: String,
    pub message: String,
    /// The rule again, after an illegal move.
    pub rule: Option<String>,
    pub board: Option<BoardView>,
}

/// The longest move text looked at (a move is at most 4 characters).
const MAX_MOVE_TEXT: usize = 16;

/// A move as typed or tapped (`e2`, `e3h`).
pub fn read_move(text: &str) -> Result<Move, LearnError> {
    if text.len() > MAX_MOVE_TEXT {
        return Err(LearnError::BadRequest(
            "move: a square (e2) or a fence (e3h)".into(),
        ));
    }
    Ok(text.trim().parse()?)
}

/// A move checked against a lesson.
pub fn check_lesson(req: &CheckRequest) -> Result<CheckView, LearnError> {
    let lang = req.lang.unwrap_or_default();
    let wording = req.wording.unwrap_or_default();
    let lesson = lesson(&req.lesson).ok_or(LearnError::NoSuchLesson)?;
    let mv = read_move(&req.r#move)?;
    let text = words(lang, lesson);
    let checked = lesson.check(mv);
    Ok(match checked.outcome {
        Outcome::Right => {
            let mut after = lesson.start();
            after.play_unchecked(mv);
            CheckView {
                outcome: "right".into(),
                message: text.success.into(),
                rule: None,
                board: Some(BoardView::of(&after, lang)),
            }
        }
        Outcome::NotAsked => CheckView {
            outcome: "not_asked".into(),
            message: text.hint.into(),
            rule: None,
            board: None,
        },
        Outcome::Illegal => CheckView {
            outcome: "illegal".into(),
            message: checked
                .illegal
                .map(|err| illegal_text(lang, &err))
                .unwrap_or_default(),
            rule: Some(text.rule(wording).into()),
            board: None,
        },
    })
}

// ---------------------------------------------------------------------
// Puzzles
// ---------------------------------------------------------------------

fn puzzles() -> &'static [Puzzle] {
    crate::shipped_puzzles()
}

/// The shipped puzzle of an id.
pub fn puzzle(id: &str) -> Result<&'static Puzzle, LearnError> {
    crate::find_puzzle(id).ok_or(LearnError::NoSuchPuzzle)
}

/// The most puzzle ids a client may say it has seen.
const MAX_SEEN: usize = 5000;
/// Ratings outside this range are refused.
const RATINGS: std::ops::RangeInclusive<i32> = 0..=4000;

/// A puzzle to solve (its solution is not in it).
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct PuzzleView {
    pub id: String,
    pub theme: Theme,
    pub theme_name: String,
    pub difficulty: u8,
    pub rating: i32,
    /// "North to move: find the best move." in the asked language, or
    /// for a child what to look for ([`puzzle_task`]).
    pub task: String,
    /// The kind of move that answers it (`step`, `jump`, `fence`): a
    /// picture.
    #[serde(default)]
    pub move_kind: String,
    pub board: BoardView,
    /// Its place among the puzzles, from 1: what a person is shown (the id
    /// is the address's).
    #[serde(default)]
    pub number: usize,
    /// How many puzzles there are.
    pub total: usize,
}

/// A puzzle as the page shows it.
pub fn puzzle_view(puzzle: &Puzzle, lang: Lang, wording: Wording) -> PuzzleView {
    let pos = puzzle.start();
    PuzzleView {
        id: puzzle.id.clone(),
        theme: puzzle.theme,
        theme_name: theme_name(lang, puzzle.theme).into(),
        difficulty: puzzle.difficulty,
        rating: puzzle.rating,
        task: puzzle_task(lang, pos.turn(), puzzle.theme, wording),
        move_kind: puzzle.theme.move_kind().name().into(),
        board: BoardView::of(&pos, lang),
        number: puzzles()
            .iter()
            .position(|p| p.id == puzzle.id)
            .map_or(0, |i| i + 1),
        total: puzzles().len(),
    }
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct NextPuzzleRequest {
    pub theme: Option<Theme>,
    pub difficulty: Option<u8>,
    pub rating: Option<i32>,
    /// Puzzles already met (left out unless every one has been met).
    #[serde(default)]
    pub seen: Vec<String>,
    pub lang: Option<Lang>,
    #[serde(default)]
    pub wording: Option<Wording>,
}

fn rating_of(rating: Option<i32>) -> Result<i32, LearnError> {
    let rating = rating.unwrap_or(crate::START_RATING);
    if !RATINGS.contains(&rating) {
        return Err(LearnError::BadRequest("rating: from 0 to 4000".into()));
    }
    Ok(rating)
}

/// The next puzzle for a player: the theme and difficulty asked, the
/// rating nearest theirs, not one already met (unless all have been).
pub fn next_puzzle(req: &NextPuzzleRequest) -> Result<PuzzleView, LearnError> {
    let lang = req.lang.unwrap_or_default();
    let rating = rating_of(req.rating)?;
    if req.difficulty.is_some_and(|d| !(1..=5).contains(&d)) {
        return Err(LearnError::BadRequest("difficulty: from 1 to 5".into()));
    }
    if req.seen.len() > MAX_SEEN {
        return Err(LearnError::BadRequest(format!(
            "seen: at most {MAX_SEEN} ids"
        )));
    }
    let all = puzzles();
    let found = pick(all, req.theme, req.difficulty, rating, &req.seen)
        .or_else(|| pick(all, req.theme, req.difficulty, rating, &[]))
        .ok_or(LearnError::NoSuchPuzzle)?;
    Ok(puzzle_view(found, lang, req.wording.unwrap_or_default()))
}

#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleCheckRequest {
    pub id: String,
    pub r#move: String,
    /// The player's rating before this puzzle.
    pub rating: Option<i32>,
    pub lang: Option<Lang>,
}

/// A checked puzzle move: `right` or `wrong` (then the explanation, the
/// solution line, the new rating, the board after the best move and after
/// each move of the line, to play it out), or `illegal` (the reason;
/// nothing counts).
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct PuzzleCheckView {
    pub outcome: String,
    pub message: String,
    pub solution: Vec<String>,
    pub rating: Option<i32>,
    pub board: Option<BoardView>,
    pub line: Vec<BoardView>,
}

/// A move checked against a puzzle, with the player's new rating.
pub fn check_puzzle(req: &PuzzleCheckRequest) -> Result<PuzzleCheckView, LearnError> {
    let lang = req.lang.unwrap_or_default();
    let rating = rating_of(req.rating)?;
    let puzzle = puzzle(&req.id)?;
    let mv = read_move(&req.r#move)?;
    let solved = match puzzle.check(mv) {
        Answer::Illegal(err) => {
            return Ok(PuzzleCheckView {
                outcome: "illegal".into(),
                message: illegal_text(lang, &err),
                solution: Vec::new(),
                rating: None,
                board: None,
                line: Vec::new(),
            })
        }
        Answer::Right => true,
        Answer::Wrong => false,
    };
    let line = BoardView::line(puzzle.start(), &puzzle.line(), lang);
    let mut after = puzzle.start();
    after.play_unchecked(puzzle.best());
    Ok(PuzzleCheckView {
        outcome: if solved { "right" } else { "wrong" }.into(),
        message: puzzle.explanation(lang),
        solution: puzzle.solution.clone(),
        rating: Some(rated(rating, puzzle.rating, solved)),
        board: Some(BoardView::of(&after, lang)),
        line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lesson_is_checked_and_a_bad_move_refused() {
        let req = |mv: &str| CheckRequest {
            lesson: "jump".into(),
            r#move: mv.into(),
            lang: Some(Lang::Fr),
            wording: None,
        };
        assert_eq!(check_lesson(&req("e6")).unwrap().outcome, "right");
        assert_eq!(check_lesson(&req("e7")).unwrap().outcome, "illegal");
        assert!(matches!(
            check_lesson(&req("zz")),
            Err(LearnError::BadMove(_))
        ));
        let nothing = CheckRequest {
            lesson: "nothing".into(),
            ..req("e6")
        };
        assert_eq!(check_lesson(&nothing), Err(LearnError::NoSuchLesson));
    }

    #[test]
    fn a_puzzle_comes_and_its_answer_is_right() {
        let first = next_puzzle(&NextPuzzleRequest::default()).unwrap();
        let answer = puzzle(&first.id).unwrap().solution[0].clone();
        let req = PuzzleCheckRequest {
            id: first.id,
            r#move: answer,
            rating: Some(1000),
            lang: None,
        };
        let checked = check_puzzle(&req).unwrap();
        assert_eq!(checked.outcome, "right");
        assert!(checked.rating.unwrap() > 1000);
        let out_of_range = NextPuzzleRequest {
            rating: Some(9000),
            ..Default::default()
        };
        assert!(matches!(
            next_puzzle(&out_of_range),
            Err(LearnError::BadRequest(_))
        ));
    }
}
