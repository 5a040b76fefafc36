//! Assignments and the pupils' work on them.

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::sync::Arc;

use crate::classroom::exercise_view;
use crate::classroom::ClassroomError;
use crate::club::action::{Applied, ClassAction};
use crate::club::class::{ClassError, NewAssignment, Source, MAX_EXERCISES};
use crate::club::view::*;
use crate::club::work::{Judged, WorkStatus};
use crate::club::{ClubError, Clubs};
use crate::learn::LearnError;
use crate::origin::OwnOrigins;

use crate::error::ApiError;
use crate::extract::{Body, Query};
use crate::token::random_u64;

use super::keys::*;
use super::views::*;

pub(super) async fn assign(
    State(clubs): State<Clubs>,
    State(origins): State<Arc<OwnOrigins>>,
    headers: HeaderMap,
    Teacher(room): Teacher,
    Body(req): Body<AssignRequest>,
) -> Result<(StatusCode, Json<ClassView>), ApiError> {
    // Puzzles drawn for the class are new to it while the collection has
    // enough of them (a seed chosen by the teacher draws as it always did).
    let given: std::collections::HashSet<String> = room
        .shown()
        .class
        .assignments
        .iter()
        .filter_map(|a| match &a.source {
            Source::Learn { puzzles, .. } => Some(puzzles.iter().cloned()),
            _ => None,
        })
        .flatten()
        .collect();
    let source = source_of(&clubs, &req, &given)?;
    let new = NewAssignment {
        title: req.title,
        source,
        rules: req.rules,
        due: req.due,
        pupils: req.pupils,
        groups: req.groups,
    };
    clubs.apply(&room, ClassAction::Give(new)).await?;
    let view = class_view(&clubs, &room, &join_base(&headers, &origins)).await;
    Ok((StatusCode::CREATED, Json(view)))
}

/// Where a new assignment's exercises come from: shared exercises, or
/// lessons and puzzles of `/learn`, or else a sheet.
fn source_of(
    clubs: &Clubs,
    req: &AssignRequest,
    given: &std::collections::HashSet<String>,
) -> Result<Source, ApiError> {
    let learn = req.puzzles.is_some() || req.lessons.is_some();
    if learn && !req.exercises.is_empty() {
        return Err(ApiError::bad_request(
            "exercises, or lessons and puzzles: not both",
        ));
    }
    if learn {
        let lessons = match &req.lessons {
            Some(ids) => lessons_of(ids)?,
            None => Vec::new(),
        };
        let puzzles = match &req.puzzles {
            Some(choice) => puzzles_of(choice, req.count, req.seed, given)?,
            None => Vec::new(),
        };
        return Ok(Source::Learn { lessons, puzzles });
    }
    if req.exercises.is_empty() {
        return Ok(Source::Sheet {
            kind: req.kind,
            level: req.level.unwrap_or(1),
            count: req.count.unwrap_or(6),
            seed: req.seed.unwrap_or_else(|| random_u64() % 1_000_000),
        });
    }
    if req.exercises.len() > MAX_EXERCISES {
        return Err(ApiError::bad_request(format!(
            "exercises: at most {MAX_EXERCISES}"
        )));
    }
    let mut list = Vec::new();
    for shared in &req.exercises {
        if !crate::token::is_game_id(shared) {
            return Err(ClassroomError::NoSuchExercise.into());
        }
        let stored = clubs
            .db()
            .exercise(shared)?
            .ok_or(ClassroomError::NoSuchExercise)?;
        let exercise = quoridor_exercises::Exercise::from_json(&stored.body)
            .map_err(|_| ClassroomError::NoSuchExercise)?;
        list.push(exercise);
    }
    Ok(Source::Exercises { exercises: list })
}

/// Puzzles' ids: named, or drawn by theme and difficulty (by `seed`: the
/// same seed, the same puzzles), `count` of them (6 if not said). Drawn
/// without a seed, they are first those the class was not `given` yet.
fn puzzles_of(
    choice: &PuzzleChoice,
    count: Option<usize>,
    seed: Option<u64>,
    given: &std::collections::HashSet<String>,
) -> Result<Vec<String>, ApiError> {
    if choice.ids.len() > MAX_EXERCISES {
        return Err(ApiError::bad_request(format!(
            "puzzles: at most {MAX_EXERCISES}"
        )));
    }
    if !choice.ids.is_empty() {
        return choice
            .ids
            .iter()
            .map(|id| {
                quoridor_learn::find_puzzle(id)
                    .map(|p| p.id.clone())
                    .ok_or_else(|| LearnError::NoSuchPuzzle.into())
            })
            .collect();
    }
    if choice.difficulty.is_some_and(|d| !(1..=5).contains(&d)) {
        return Err(ApiError::bad_request("difficulty: from 1 to 5"));
    }
    let count = count.unwrap_or(6);
    if !(1..=MAX_EXERCISES).contains(&count) {
        return Err(ApiError::bad_request(format!(
            "count: from 1 to {MAX_EXERCISES}"
        )));
    }
    let all = quoridor_learn::shipped_puzzles();
    let Some(seed) = seed else {
        let seed = random_u64();
        let fresh: Vec<quoridor_learn::Puzzle> = all
            .iter()
            .filter(|p| !given.contains(&p.id))
            .cloned()
            .collect();
        let mut ids: Vec<String> =
            quoridor_learn::choose(&fresh, choice.theme, choice.difficulty, count, seed)
                .into_iter()
                .map(|p| p.id.clone())
                .collect();
        // Not enough new ones: the rest from those given before.
        if ids.len() < count {
            let again = quoridor_learn::choose(all, choice.theme, choice.difficulty, count, seed);
            for p in again {
                if ids.len() < count && !ids.contains(&p.id) {
                    ids.push(p.id.clone());
                }
            }
        }
        if ids.is_empty() {
            return Err(LearnError::NoSuchPuzzle.into());
        }
        return Ok(ids);
    };
    let drawn = quoridor_learn::choose(all, choice.theme, choice.difficulty, count, seed);
    if drawn.is_empty() {
        return Err(LearnError::NoSuchPuzzle.into());
    }
    Ok(drawn.into_iter().map(|p| p.id.clone()).collect())
}

/// Lessons' ids: those named, in the order given, or all of them.
fn lessons_of(ids: &[String]) -> Result<Vec<String>, ApiError> {
    if ids.len() > MAX_EXERCISES {
        return Err(ApiError::bad_request(format!(
            "lessons: at most {MAX_EXERCISES}"
        )));
    }
    if ids.is_empty() {
        return Ok(quoridor_learn::LESSONS
            .iter()
            .map(|l| l.id.into())
            .collect());
    }
    ids.iter()
        .map(|id| {
            quoridor_learn::lesson(id)
                .map(|l| l.id.to_string())
                .ok_or_else(|| LearnError::NoSuchLesson.into())
        })
        .collect()
}

pub(super) async fn unassign(
    State(clubs): State<Clubs>,
    Path((_, n)): Path<(String, u32)>,
    Teacher(room): Teacher,
) -> Result<StatusCode, ApiError> {
    clubs.apply(&room, ClassAction::Unassign(n)).await?;
    room.forget_exercises(n);
    Ok(StatusCode::NO_CONTENT)
}

/// One exercise of an assignment, for its pupils and its teacher.
pub(super) async fn exercise(
    State(clubs): State<Clubs>,
    Path((id, n, i)): Path<(String, u32, u32)>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
) -> Result<Json<crate::classroom::view::ExerciseView>, ApiError> {
    let room = clubs.class(&id)?;
    let holder = holder_of(&headers, &q)?.ok_or(ApiError::NoToken)?;
    let lang = {
        let data = room.shown();
        match data.class.pupil_of(&holder) {
            // A pupil sees the assignments given to them.
            Some(p) if !data.class.assignment(n)?.is_for(p.id) => {
                return Err(ClubError::Class(ClassError::NoSuchAssignment).into())
            }
            Some(_) => {}
            None if data.class.is_teacher(&holder) => {}
            None => return Err(ApiError::NoToken),
        }
        q.lang.unwrap_or(data.class.lang)
    };
    let list = clubs.exercises(&room, n).await?;
    let exercise = list.get(i as usize).cloned().ok_or(ClubError::Class(
        crate::club::class::ClassError::NoSuchExercise,
    ))?;
    let view = clubs
        .blocking(move || exercise_view(exercise, lang, None))
        .await?;
    Ok(Json(view))
}

/// For the teacher: exercise `i` drawn with the route pupil `p` gave.
pub(super) async fn work_drawing(
    State(clubs): State<Clubs>,
    Path((_, n, i, p)): Path<(String, u32, u32, u32)>,
    Query(q): Query<TokenQuery>,
    Teacher(room): Teacher,
) -> Result<Response, ApiError> {
    let (lang, answer) = {
        let data = room.shown();
        data.class.pupil(p)?;
        let answer = data.work.get(&(n, p, i)).and_then(|w| w.answer.clone());
        (q.lang.unwrap_or(data.class.lang), answer)
    };
    let list = clubs.exercises(&room, n).await?;
    let exercise = list.get(i as usize).cloned().ok_or(ClubError::Class(
        crate::club::class::ClassError::NoSuchExercise,
    ))?;
    let svg = clubs
        .blocking(move || {
            let route = match &answer {
                Some(quoridor_exercises::Answer::Route { squares }) => Some(squares.as_slice()),
                _ => None,
            };
            crate::classroom::board_svg(&exercise, lang, route)
        })
        .await?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        svg,
    )
        .into_response())
}

/// A pupil's answer (or skip): checked, recorded, told to the teacher.
pub(super) async fn answer(
    State(clubs): State<Clubs>,
    Path((_, n)): Path<(String, u32)>,
    Pupil { room, id: pupil }: Pupil,
    Body(req): Body<AnswerRequest>,
) -> Result<Json<AnswerView>, ApiError> {
    let lang = req.lang.unwrap_or(room.shown().class.lang);
    let judged = match (req.skip, req.answer) {
        (true, _) => {
            let count = room.shown().class.assignment(n)?.source.count();
            if req.index as usize >= count {
                return Err(ClubError::Class(ClassError::NoSuchExercise).into());
            }
            Judged::skipped()
        }
        (false, None) => {
            return Err(ApiError::bad_request(
                "answer: expected an answer, or \"skip\": true",
            ))
        }
        (false, Some(answer)) => {
            if let quoridor_exercises::Answer::Route { squares } = &answer {
                if squares.len() > 500 {
                    return Err(ApiError::bad_request("at most 500 squares in a route"));
                }
            }
            let list = clubs.exercises(&room, n).await?;
            let exercise = list
                .get(req.index as usize)
                .cloned()
                .ok_or(ClubError::Class(ClassError::NoSuchExercise))?;
            clubs
                .blocking(move || Judged::checked(&exercise, answer, lang))
                .await?
        }
    };
    // The assignment's rules decide as the answer is recorded.
    let action = ClassAction::Answer {
        assignment: n,
        pupil,
        index: req.index,
        judged: judged.clone(),
    };
    let Applied::Work(work) = clubs.apply(&room, action).await? else {
        unreachable!("an answer answers the work");
    };
    Ok(Json(AnswerView {
        right: judged.status == WorkStatus::Right,
        status: work.status,
        messages: judged.messages,
        mistakes: judged.mistakes,
    }))
}

/// A pupil asks for an exercise's solution, after a real try: it is
/// recorded, so that a right answer after it is marked as such for the
/// teacher.
pub(super) async fn solution(
    State(clubs): State<Clubs>,
    Path((_, n, i)): Path<(String, u32, u32)>,
    Pupil { room, id: pupil }: Pupil,
    Query(q): Query<TokenQuery>,
) -> Result<Json<crate::classroom::view::SolutionView>, ApiError> {
    let lang = q.lang.unwrap_or(room.shown().class.lang);
    let list = clubs.exercises(&room, n).await?;
    let exercise = list.get(i as usize).cloned().ok_or(ClubError::Class(
        crate::club::class::ClassError::NoSuchExercise,
    ))?;
    let action = ClassAction::SeeSolution {
        assignment: n,
        pupil,
        index: i,
    };
    clubs.apply(&room, action).await?;
    let view = clubs
        .blocking(move || crate::classroom::solution_view(&exercise, lang))
        .await?;
    view.map(Json).ok_or_else(|| {
        ClassroomError::BadExercise(lang.t(quoridor_exercises::T::ProblemUnsolvable).into()).into()
    })
}
