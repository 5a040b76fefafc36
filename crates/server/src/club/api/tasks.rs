//! An assignment's puzzles and rules lessons, played on the board of
//! `/learn`: each shown to its pupils, each move checked by the learn
//! crate and recorded like an exercise's answer, the solution shown by the
//! assignment's rules (and recorded, so that a right move after it is
//! marked as such).

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Json;
use quoridor_exercises::Lang;
use quoridor_learn::texts::puzzle_task;
use quoridor_learn::{find_puzzle, illegal_text, lesson, Lesson, Outcome, Puzzle, Theme, Wording};
use quoridor_rules::Position;
use serde::{Deserialize, Serialize};

use crate::club::action::{Applied, ClassAction};
use crate::club::class::{ClassError, LearnItem};
use crate::club::work::WorkStatus;
use crate::club::{ClassRoom, ClubError, Clubs};
use crate::error::ApiError;
use crate::extract::{request_token, Body, Query};
use crate::learn::{read_move, words, BoardView};
use crate::token::hash_token;

use super::keys::*;

/// A puzzle or a lesson, found.
#[derive(Clone, Copy)]
enum Item {
    Puzzle(&'static Puzzle),
    Lesson(&'static Lesson),
}

impl Item {
    fn start(self) -> Position {
        match self {
            Item::Puzzle(p) => p.start(),
            Item::Lesson(l) => l.start(),
        }
    }
}

/// Item `i` of assignment `n`, for `pupil` (`None`: the teacher).
fn item(room: &ClassRoom, n: u32, i: u32, pupil: Option<u32>) -> Result<Item, ApiError> {
    let shown = room.shown();
    let assignment = shown.class.assignment(n)?;
    if pupil.is_some_and(|p| !assignment.is_for(p)) {
        return Err(ClubError::Class(ClassError::NoSuchAssignment).into());
    }
    let found = match assignment.source.learn_item(i as usize) {
        Some(LearnItem::Puzzle(id)) => find_puzzle(id).map(Item::Puzzle),
        Some(LearnItem::Lesson(id)) => lesson(id).map(Item::Lesson),
        None => None,
    };
    found.ok_or_else(|| ClubError::Class(ClassError::NoSuchExercise).into())
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaskQuery {
    pub lang: Option<Lang>,
    pub wording: Option<Wording>,
}

/// A puzzle or a lesson of an assignment, to play (a puzzle's solution
/// is not in it).
#[derive(Debug, Serialize, Deserialize)]
pub struct TaskView {
    pub index: u32,
    /// `puzzle` or `lesson`.
    pub kind: String,
    pub id: String,
    /// The lesson's title, or the puzzle's theme.
    pub title: String,
    /// The lesson's rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    pub task: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theme: Option<Theme>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<u8>,
    /// The kind of move that answers it (`step`, `jump`, `fence`): a
    /// picture beside the task.
    #[serde(default)]
    pub move_kind: String,
    pub board: BoardView,
}

pub(super) async fn task(
    State(clubs): State<Clubs>,
    Path((id, n, i)): Path<(String, u32, u32)>,
    headers: HeaderMap,
    Query(q): Query<TaskQuery>,
) -> Result<Json<TaskView>, ApiError> {
    let room = clubs.class(&id)?;
    let holder = request_token(&headers)
        .map(|t| hash_token(&t))
        .ok_or(ApiError::NoToken)?;
    let (pupil, lang) = {
        let shown = room.shown();
        let pupil = match shown.class.pupil_of(&holder) {
            Some(p) => Some(p.id),
            None if shown.class.is_teacher(&holder) => None,
            None => return Err(ApiError::NoToken),
        };
        (pupil, q.lang.unwrap_or(shown.class.lang))
    };
    let wording = q.wording.unwrap_or_default();
    let found = item(&room, n, i, pupil)?;
    let board = BoardView::of(&found.start(), lang);
    let view = match found {
        Item::Puzzle(p) => TaskView {
            index: i,
            kind: "puzzle".into(),
            id: p.id.clone(),
            title: quoridor_learn::texts::theme_name(lang, p.theme).into(),
            rule: None,
            task: puzzle_task(lang, p.start().turn(), p.theme, wording),
            theme: Some(p.theme),
            difficulty: Some(p.difficulty),
            move_kind: p.theme.move_kind().name().into(),
            board,
        },
        Item::Lesson(l) => {
            let text = words(lang, l);
            TaskView {
                index: i,
                kind: "lesson".into(),
                id: l.id.into(),
                title: text.title.into(),
                rule: Some(text.rule(wording).into()),
                task: text.task(wording).into(),
                theme: None,
                difficulty: None,
                move_kind: l.move_kind().name().into(),
                board,
            }
        }
    };
    Ok(Json(view))
}

#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    pub index: u32,
    /// The move, in the standard notation (`e6`, `e3h`).
    pub r#move: String,
    #[serde(default)]
    pub lang: Option<Lang>,
    #[serde(default)]
    pub wording: Option<Wording>,
}

/// A move checked: `right`; `wrong` (a puzzle's move that is not the
/// best); `not_asked` (a lesson's legal move that is not its task); or
/// `illegal` (the rules' reason; nothing is recorded). After a right move,
/// the board after it (and a puzzle's whole line, to play it out).
#[derive(Debug, Serialize, Deserialize)]
pub struct MoveView {
    pub outcome: String,
    /// Why it is right (a puzzle's explanation, a lesson's praise), a
    /// lesson's hint, or the rules' reason; empty after a puzzle's wrong
    /// move (the page says to try again, and gives nothing away).
    pub message: String,
    /// How the item stands now (none after an illegal move).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<WorkStatus>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardView>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub line: Vec<BoardView>,
}

/// A pupil's move on a puzzle or a lesson: checked, recorded (unless
/// illegal), told to the teacher.
pub(super) async fn play(
    State(clubs): State<Clubs>,
    Path((_, n)): Path<(String, u32)>,
    Pupil { room, id: pupil }: Pupil,
    Body(req): Body<MoveRequest>,
) -> Result<Json<MoveView>, ApiError> {
    let lang = req.lang.unwrap_or(room.shown().class.lang);
    let wording = req.wording.unwrap_or_default();
    let found = item(&room, n, req.index, Some(pupil))?;
    {
        let shown = room.shown();
        let assignment = shown.class.assignment(n)?;
        // Told before the move is checked, so that a pupil who may not
        // answer yet learns nothing of it; decided again as it is recorded.
        assignment.may_answer(&shown.work, pupil, req.index, false)?;
    }
    let mv = read_move(&req.r#move)?;
    let mut view = match found {
        Item::Puzzle(p) => match p.check(mv) {
            quoridor_learn::Answer::Illegal(err) => MoveView {
                outcome: "illegal".into(),
                message: illegal_text(lang, &err),
                status: None,
                board: None,
                line: Vec::new(),
            },
            quoridor_learn::Answer::Right => {
                let line = BoardView::line(p.start(), &p.line(), lang);
                MoveView {
                    outcome: "right".into(),
                    message: p.explanation(lang),
                    status: None,
                    board: line.first().cloned(),
                    line,
                }
            }
            quoridor_learn::Answer::Wrong => MoveView {
                outcome: "wrong".into(),
                message: String::new(),
                status: None,
                board: None,
                line: Vec::new(),
            },
        },
        Item::Lesson(l) => {
            let checked = l.check(mv);
            let text = words(lang, l);
            match checked.outcome {
                Outcome::Right => MoveView {
                    outcome: "right".into(),
                    message: text.success.into(),
                    status: None,
                    board: BoardView::line(l.start(), &[mv], lang).pop(),
                    line: Vec::new(),
                },
                Outcome::NotAsked => MoveView {
                    outcome: "not_asked".into(),
                    message: text.hint.into(),
                    status: None,
                    board: None,
                    line: Vec::new(),
                },
                Outcome::Illegal => MoveView {
                    outcome: "illegal".into(),
                    message: checked
                        .illegal
                        .map(|err| illegal_text(lang, &err))
                        .unwrap_or_else(|| text.rule(wording).into()),
                    status: None,
                    board: None,
                    line: Vec::new(),
                },
            }
        }
    };
    if view.outcome == "illegal" {
        return Ok(Json(view));
    }
    let status = if view.outcome == "right" {
        WorkStatus::Right
    } else {
        WorkStatus::Wrong
    };
    let action = ClassAction::Move {
        assignment: n,
        pupil,
        index: req.index,
        status,
        played: mv.to_string(),
    };
    let Applied::Work(work) = clubs.apply(&room, action).await? else {
        unreachable!("a move answers the work");
    };
    view.status = Some(work.status);
    Ok(Json(view))
}

/// An item's solution: the moves, why, and the boards after each.
#[derive(Debug, Serialize, Deserialize)]
pub struct TaskSolutionView {
    /// A puzzle's line (its first move is the answer), or a lesson's
    /// right moves (any one of them is right).
    pub moves: Vec<String>,
    pub message: String,
    /// The boards after each move of a puzzle's line, or after a lesson's
    /// first right move.
    pub line: Vec<BoardView>,
}

/// A pupil asks for the solution, by the assignment's rules: it is
/// recorded.
pub(super) async fn task_solution(
    State(clubs): State<Clubs>,
    Path((_, n, i)): Path<(String, u32, u32)>,
    Pupil { room, id: pupil }: Pupil,
    Query(q): Query<TaskQuery>,
) -> Result<Json<TaskSolutionView>, ApiError> {
    let lang = q.lang.unwrap_or(room.shown().class.lang);
    let found = item(&room, n, i, Some(pupil))?;
    let action = ClassAction::SeeSolution {
        assignment: n,
        pupil,
        index: i,
    };
    clubs.apply(&room, action).await?;
    let view = match found {
        Item::Puzzle(p) => TaskSolutionView {
            moves: p.solution.clone(),
            message: p.explanation(lang),
            line: BoardView::line(p.start(), &p.line(), lang),
        },
        Item::Lesson(l) => {
            let answers = l.answers();
            TaskSolutionView {
                moves: answers.iter().map(|m| m.to_string()).collect(),
                message: words(lang, l).success.into(),
                line: BoardView::line(l.start(), &answers[..answers.len().min(1)], lang),
            }
        }
    };
    Ok(Json(view))
}
