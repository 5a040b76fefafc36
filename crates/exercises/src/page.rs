//! What the classroom's page is shown and asks (API.md, "The classroom"):
//! a new exercise, an answer checked, the answer key, the editor's live
//! check and drawing, the pupil's sheet, as JSON views in the asked
//! language. Pure: the server answers its `/api/classroom/…` routes with
//! these functions, and the page's WebAssembly answers the same requests
//! with them when the server cannot be reached (a classroom's tablet
//! offline).

use quoridor_rules::Square;
use serde::{Deserialize, Serialize};

use crate::svg::BoardDrawing;
use crate::{
    answer_text, arrows_of, check, drawn_route, generate, instruction, object_label, pawn_phrase,
    problem_text, pupil_sheet, solve, svg, variants, verdict_text, Answer, Color, Exercise,
    ExerciseError, Item, Kind, Lang, Mistake, Object, PupilSheet, Task, VariantText, Walker,
    FORMAT_VERSION, LEVELS, T,
};

/// Why a request is refused, in the asker's language where a person
/// reads it (the server says what each means over HTTP).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PageError {
    /// A field out of its range (the words name it).
    BadRequest(String),
    /// An exercise that cannot be used: the words say why.
    BadExercise(String),
}

impl std::fmt::Display for PageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PageError::BadRequest(words) | PageError::BadExercise(words) => f.write_str(words),
        }
    }
}

impl std::error::Error for PageError {}

/// The longest route an answer may name.
const MAX_ANSWER: usize = 500;

/// `GET /api/classroom/exercise`: a new exercise.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExerciseQuery {
    pub kind: Option<Kind>,
    pub level: Option<u8>,
    pub seed: Option<u64>,
    pub lang: Option<Lang>,
}

/// The language of a reply.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LangQuery {
    pub lang: Option<Lang>,
}

/// The kind a pupil's answer takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnswerKind {
    Route,
    Objects,
    Arrows,
    Race,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PawnView {
    pub color: Color,
    /// "the red pawn", in the language asked.
    pub label: String,
    /// The letter on it.
    pub letter: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectView {
    pub object: Object,
    pub label: String,
}

/// An exercise ready to be shown and answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExerciseView {
    pub exercise: Exercise,
    pub kind: Kind,
    pub answer: AnswerKind,
    pub instruction: String,
    /// The board, with a tappable `rect.cell[data-sq]` over each square.
    pub svg: String,
    pub pawns: Vec<PawnView>,
    /// The objects on the board, for the answer buttons.
    pub objects: Vec<ObjectView>,
    /// Whether the arrow keys should offer the diagonals.
    pub diagonals: bool,
    /// The shared exercise's id, if it is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

/// `POST /api/classroom/check`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    pub exercise: Exercise,
    pub answer: Answer,
    #[serde(default)]
    pub lang: Option<Lang>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckView {
    pub right: bool,
    /// What to say, a sentence each.
    pub messages: Vec<String>,
    /// The same, for programs (squares to show, which star).
    pub mistakes: Vec<Mistake>,
}

/// `POST /api/classroom/solution` and `POST /api/classroom/analyze`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExerciseRequest {
    pub exercise: Exercise,
    #[serde(default)]
    pub lang: Option<Lang>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolutionView {
    pub answer: Answer,
    /// The answer key in words.
    pub lines: Vec<String>,
}

/// What the editor learns of an exercise as it is built.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalyzeView {
    /// Why it cannot be used yet, in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
    pub solvable: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<SolutionView>,
    /// How many fences it takes to build on the wooden board.
    pub fences: usize,
    /// The exercise as a pupil will see it (when it can be used).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view: Option<ExerciseView>,
    /// The board as drawn, even when it cannot be used yet.
    pub svg: String,
}

/// `POST /api/classroom/draft`: a board the editor is building, with the
/// pawns placed so far (an exercise needs all of its task's pawns; the
/// drawing does not).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DraftRequest {
    pub board: crate::Board,
    #[serde(default)]
    pub pawns: Vec<PlacedPawn>,
    #[serde(default)]
    pub lang: Option<Lang>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedPawn {
    pub color: Color,
    #[serde(with = "crate::serde_text")]
    pub square: quoridor_rules::Square,
}

/// The drawing of a draft, tappable as an exercise's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraftView {
    pub svg: String,
}

/// `POST /api/classroom/exercises`: the saved exercise's id and link, and
/// the token that may delete it (kept by the teacher's browser).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedView {
    pub id: String,
    pub link: String,
    /// The whole address, as other machines (the pupils' tablets) reach
    /// the server: never this computer's loopback when it listens on the
    /// network.
    #[serde(default)]
    pub url: String,
    pub token: String,
}

/// The pupil's sheet and the variants, in words, for the page.
#[derive(Serialize)]
pub struct TextsView {
    pub pupil: PupilSheet,
    pub variants: Vec<VariantText>,
}

/// `GET /api/classroom/texts`.
pub fn texts(lang: Lang) -> TextsView {
    TextsView {
        pupil: pupil_sheet(lang),
        variants: variants(lang),
    }
}

/// An exercise a client sent, checked: usable, or why not in its words.
pub fn checked(exercise: &Exercise, lang: Lang) -> Result<(), PageError> {
    exercise
        .validate()
        .map_err(|err| PageError::BadExercise(problem_text(&err, lang)))
}

/// A new exercise of a kind and level; `seed` when the query has none
/// (the asker's random number), and its kind from the seed unless asked.
pub fn new_exercise(query: &ExerciseQuery, seed: u64) -> Result<ExerciseView, PageError> {
    let level = query.level.unwrap_or(1);
    if !LEVELS.contains(&level) {
        return Err(PageError::BadRequest("level: from 1 to 5".into()));
    }
    let lang = query.lang.unwrap_or_default();
    let seed = query.seed.unwrap_or(seed);
    let kind = query.kind.unwrap_or(Kind::ALL[(seed % 4) as usize]);
    Ok(exercise_view(generate(kind, level, seed), lang, None))
}

/// `POST /api/classroom/check`: a pupil's answer, checked with words.
pub fn check_answer(req: &CheckRequest) -> Result<CheckView, PageError> {
    let lang = req.lang.unwrap_or_default();
    checked(&req.exercise, lang)?;
    if route_of(&req.answer).is_some_and(|r| r.len() > MAX_ANSWER) {
        return Err(PageError::BadRequest(format!(
            "at most {MAX_ANSWER} squares in a route"
        )));
    }
    let verdict = check(&req.exercise, &req.answer);
    Ok(CheckView {
        right: verdict.is_right(),
        messages: verdict_text(&verdict, &req.exercise, lang),
        mistakes: verdict.mistakes,
    })
}

/// `POST /api/classroom/solution`: the answer key, or why there is none.
pub fn solution(req: &ExerciseRequest) -> Result<SolutionView, PageError> {
    let lang = req.lang.unwrap_or_default();
    checked(&req.exercise, lang)?;
    solution_view(&req.exercise, lang)
        .ok_or_else(|| PageError::BadExercise(lang.t(T::ProblemUnsolvable).into()))
}

/// A board being built, drawn as the pupil will see it: its fences, its
/// pictures and the pawns placed so far, crossing fences included (the
/// editor's check says what is wrong). Drawn by the worksheet's code, as
/// every exercise is, so the editor shows what will be printed.
pub fn draft(req: &DraftRequest) -> Result<DraftView, PageError> {
    let lang = req.lang.unwrap_or_default();
    let bad = |err| PageError::BadExercise(problem_text(&err, lang));
    req.board
        .validate_bounds()
        .map_err(|err| bad(ExerciseError::Board(err)))?;
    // One pawn of each colour: four at most.
    let pawns = &req.pawns;
    for (i, pawn) in pawns.iter().enumerate() {
        if pawn.square.col() >= req.board.size || pawn.square.row() >= req.board.size {
            return Err(bad(ExerciseError::PawnOffBoard(pawn.square)));
        }
        if pawns[..i].iter().any(|p| p.color == pawn.color) {
            return Err(bad(ExerciseError::SameColor(pawn.color)));
        }
    }
    // With no task yet, the pawns are drawn as walkers without arrows:
    // the only task that draws any set of pawns and nothing else.
    let walkers = pawns
        .iter()
        .map(|p| Walker {
            color: p.color,
            start: p.square,
            steps: Vec::new(),
        })
        .collect();
    let exercise = Exercise {
        version: FORMAT_VERSION,
        level: None,
        seed: None,
        board: req.board.clone(),
        task: Task::FollowArrows { walkers },
    };
    let svg = BoardDrawing {
        exercise: &exercise,
        lang,
        route: None,
        numbers: false,
        interactive: true,
    }
    .svg();
    Ok(DraftView { svg })
}

/// The editor's live check: what is wrong, the answer, the drawing.
pub fn analyze(req: &ExerciseRequest) -> AnalyzeView {
    let lang = req.lang.unwrap_or_default();
    let exercise = &req.exercise;
    let fences = exercise.board.fences.len();
    // Even a broken exercise is drawn, as far as it can be.
    let drawable = exercise.board.validate_bounds().is_ok();
    let svg = if drawable {
        board_svg(exercise, lang, None)
    } else {
        String::new()
    };
    if let Err(err) = exercise.validate() {
        return AnalyzeView {
            problem: Some(problem_text(&err, lang)),
            solvable: false,
            solution: None,
            fences,
            view: None,
            svg,
        };
    }
    let solution = solution_view(exercise, lang);
    let problem = solution
        .is_none()
        .then(|| lang.t(T::ProblemUnsolvable).to_string());
    let with_route = solution
        .as_ref()
        .and_then(|s| route_of(&s.answer).map(|r| board_svg(exercise, lang, Some(r))));
    AnalyzeView {
        problem,
        solvable: solution.is_some(),
        solution,
        fences,
        svg: with_route.unwrap_or(svg),
        view: Some(exercise_view(exercise.clone(), lang, None)),
    }
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
pub fn board_svg(exercise: &Exercise, lang: Lang, route: Option<&[Square]>) -> String {
    let drawn = drawn_route(exercise);
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
            Task::WriteArrows { start, route } => {
                arrows_of(*start, route).iter().any(|s| s.dir.is_diagonal())
            }
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
pub fn route_of(answer: &Answer) -> Option<&[Square]> {
    match answer {
        Answer::Route { squares } => Some(squares),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exercise_is_made_checked_and_solved() {
        let query = ExerciseQuery {
            kind: Some(Kind::Routes),
            level: Some(2),
            seed: None,
            lang: Some(Lang::Ro),
        };
        let view = new_exercise(&query, 7).unwrap();
        assert_eq!(view.exercise, generate(Kind::Routes, 2, 7));
        let request = ExerciseRequest {
            exercise: view.exercise.clone(),
            lang: Some(Lang::Ro),
        };
        let key = solution(&request).unwrap();
        let right = check_answer(&CheckRequest {
            exercise: view.exercise.clone(),
            answer: key.answer,
            lang: None,
        })
        .unwrap();
        assert!(right.right);
        assert!(analyze(&request).solvable);
        let too_hard = ExerciseQuery {
            level: Some(9),
            ..query
        };
        assert!(matches!(
            new_exercise(&too_hard, 7),
            Err(PageError::BadRequest(_))
        ));
    }
}
