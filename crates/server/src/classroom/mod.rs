//! The classroom in the web app: exercises to solve on a tablet, checked
//! with friendly words; the teacher's editor and shared links; printable
//! worksheets and the pupil's rule sheet. The exercises themselves are the
//! `quoridor-classroom` crate's; this is their HTTP side.

mod api;
pub mod view;

use std::sync::Arc;

use quoridor_classroom::svg::BoardDrawing;
use quoridor_classroom::{
    answer_text, instruction, object_label, pawn_phrase, problem_text, solve, svg, Answer,
    Exercise, Item, Lang, Task,
};

pub use api::{api_routes, page_routes};

use crate::db::Db;
use crate::limits::tally::Tally;
use crate::limits::workers::Workers;
use view::{AnswerKind, ExerciseView, ObjectView, PawnView, SolutionView};

/// Why the classroom refuses (the boundary says what each means over
/// HTTP, in `crate::refusals`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassroomError {
    /// An exercise that cannot be used (the words say why, in the asker's
    /// language).
    BadExercise(String),
    NoSuchExercise,
    TooManyExercises(usize),
    /// No token, or not the one given when the exercise was shared.
    NotYourExercise,
    Store(crate::db::StoreError),
    /// The server is stopping, or the work failed inside.
    Unavailable(&'static str),
}

impl std::fmt::Display for ClassroomError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClassroomError::BadExercise(message) => f.write_str(message),
            ClassroomError::NoSuchExercise => f.write_str("no such exercise"),
            ClassroomError::TooManyExercises(limit) => {
                write!(f, "at most {limit} shared exercises per client")
            }
            ClassroomError::NotYourExercise => {
                f.write_str("this needs the token given when the exercise was shared")
            }
            ClassroomError::Store(err) => {
                write!(f, "the database failed, nothing was changed: {err}")
            }
            ClassroomError::Unavailable(why) => f.write_str(why),
        }
    }
}

impl From<crate::db::StoreError> for ClassroomError {
    fn from(err: crate::db::StoreError) -> ClassroomError {
        ClassroomError::Store(err)
    }
}

/// The most exercises one client may share.
pub const MAX_SHARED: usize = 500;

/// What the classroom's handlers need: the database for shared exercises,
/// and permits for the CPU work (generating sheets, making PDFs).
#[derive(Clone)]
pub struct Classroom {
    db: Db,
    workers: Workers,
    /// Shared exercises per address, reserved before one is saved.
    shared: Arc<Tally>,
    /// Held while a shared exercise is deleted.
    deleting: Arc<tokio::sync::Mutex<()>>,
}

impl Classroom {
    /// The classroom, with the shared exercises counted from the store.
    pub fn new(db: Db, workers: Workers) -> Result<Classroom, String> {
        let shared = Tally::new();
        let counts = db
            .exercises_per_creator()
            .map_err(|err| format!("cannot count the shared exercises: {err}"))?;
        for (creator, n) in counts {
            for _ in 0..n {
                shared.add(&creator);
            }
        }
        Ok(Classroom {
            db,
            workers,
            shared: Arc::new(shared),
            deleting: Arc::default(),
        })
    }

    /// Runs `work` on a blocking thread, a few at once.
    async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ClassroomError> {
        self.workers
            .run(work)
            .await
            .map_err(|failed| ClassroomError::Unavailable(failed.words()))
    }
}

/// An exercise a client sent, checked: usable, or why not in its words.
fn checked(exercise: &Exercise, lang: Lang) -> Result<(), ClassroomError> {
    exercise
        .validate()
        .map_err(|err| ClassroomError::BadExercise(problem_text(&err, lang)))
}

/// A board being built, drawn as the pupil will see it: its fences, its
/// pictures and the pawns placed so far, crossing fences included (the
/// editor's check says what is wrong). Drawn by the worksheet's code, as
/// every exercise is, so the editor shows what will be printed.
fn draft_svg(
    board: quoridor_classroom::Board,
    pawns: &[view::PlacedPawn],
    lang: Lang,
) -> Result<String, ClassroomError> {
    let bad = |err| ClassroomError::BadExercise(problem_text(&err, lang));
    board
        .validate_bounds()
        .map_err(|err| bad(quoridor_classroom::ExerciseError::Board(err)))?;
    // One pawn of each colour: four at most.
    for (i, pawn) in pawns.iter().enumerate() {
        if pawn.square.col() >= board.size || pawn.square.row() >= board.size {
            return Err(bad(quoridor_classroom::ExerciseError::PawnOffBoard(
                pawn.square,
            )));
        }
        if pawns[..i].iter().any(|p| p.color == pawn.color) {
            return Err(bad(quoridor_classroom::ExerciseError::SameColor(
                pawn.color,
            )));
        }
    }
    // With no task yet, the pawns are drawn as walkers without arrows:
    // the only task that draws any set of pawns and nothing else.
    let walkers = pawns
        .iter()
        .map(|p| quoridor_classroom::Walker {
            color: p.color,
            start: p.square,
            steps: Vec::new(),
        })
        .collect();
    let exercise = Exercise {
        version: quoridor_classroom::FORMAT_VERSION,
        level: None,
        seed: None,
        board,
        task: Task::FollowArrows { walkers },
    };
    Ok(BoardDrawing {
        exercise: &exercise,
        lang,
        route: None,
        numbers: false,
        interactive: true,
    }
    .svg())
}

fn answer_kind(task: &Task) -> AnswerKind {
    match task {
        Task::FollowArrows { .. } => AnswerKind::Objects,
        Task::WriteArrows { .. } => AnswerKind::Arrows,
        Task::Race { .. } => AnswerKind::Race,
        _ => AnswerKind::Route,
    }
}

/// The board as drawn for the page (tappable), with an optional route.
pub(crate) fn board_svg(
    exercise: &Exercise,
    lang: Lang,
    route: Option<&[quoridor_rules::Square]>,
) -> String {
    let drawn = quoridor_classroom::drawn_route(exercise);
    BoardDrawing {
        exercise,
        lang,
        route: route.or((!drawn.is_empty()).then_some(drawn)),
        numbers: route.is_none(),
        interactive: true,
    }
    .svg()
}

/// A usable exercise as the page shows it.
pub fn exercise_view(exercise: Exercise, lang: Lang, id: Option<String>) -> ExerciseView {
    let pawns = exercise
        .task
        .pawns()
        .into_iter()
        .map(|(color, _)| PawnView {
            color,
            label: pawn_phrase(lang, color),
            letter: svg::pawn_letter(lang, color),
        })
        .collect();
    let objects = exercise
        .board
        .items
        .values()
        .filter_map(|item| match item {
            Item::Object(object) => Some(ObjectView {
                object: *object,
                label: object_label(lang, *object).0.to_string(),
            }),
            _ => None,
        })
        .collect();
    let diagonals = exercise.level.is_none_or(|l| l >= 4)
        || match &exercise.task {
            Task::WriteArrows { start, route } => quoridor_classroom::arrows_of(*start, route)
                .iter()
                .any(|s| s.dir.is_diagonal()),
            _ => false,
        };
    ExerciseView {
        kind: exercise.kind(),
        answer: answer_kind(&exercise.task),
        instruction: instruction(&exercise, lang),
        svg: board_svg(&exercise, lang, None),
        pawns,
        objects,
        diagonals,
        id,
        exercise,
    }
}

/// The answer key of a usable exercise, if it has one.
pub fn solution_view(exercise: &Exercise, lang: Lang) -> Option<SolutionView> {
    let solution = solve(exercise)?;
    let lines = answer_text(&solution, exercise, lang);
    Some(SolutionView {
        answer: solution.answer,
        lines,
    })
}

/// The route of an answer, if it is one.
fn route_of(answer: &Answer) -> Option<&[quoridor_rules::Square]> {
    match answer {
        Answer::Route { squares } => Some(squares),
        _ => None,
    }
}
