//! The routes of classes and tournaments (API.md, "Classes and
//! tournaments") and their pages. Handlers are thin: they check the key
//! (the teacher's, the pupil's or the organiser's token, hashed), change
//! the class or tournament under its lock, store it, and answer a view.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use quoridor_classroom::{check, verdict_text, Lang};
use quoridor_engine::Level;
use serde::Deserialize;

use super::class::{
    is_code, level_of, normal_code, record, results_csv, Class, Source, WorkStatus,
};
use super::event::{Entrant, GameRules, Stage, Tournament};
use super::tournament::Format;
use super::view::*;
use super::{ClassData, ClassRoom, ClubError, Clubs, Code, Cup, Shown};
use crate::classroom::exercise_view;
use crate::classroom::ClassroomError;
use crate::db::ClubWrite;
use crate::error::ApiError;
use crate::extract::{bearer, request_token, token_in_address, Body, Query, SOCKET_PROTOCOL};
use crate::state::AppState;
use crate::token::{hash_token, new_game_id, new_token, random_u64};
use crate::wall_ms;

/// A tournament's clock when none is asked for.
pub const DEFAULT_CLOCK: quoridor_engine::TimeControl = quoridor_engine::TimeControl::Fischer {
    initial: std::time::Duration::from_secs(600),
    increment: std::time::Duration::from_secs(5),
};

pub fn api_routes() -> Router<AppState> {
    Router::new()
        .route("/classes", post(new_class))
        .route("/classes/open", post(open_class))
        .route("/join", post(join))
        .route("/classes/{id}", get(get_class).delete(delete_class))
        .route("/classes/{id}/me", get(me))
        .route("/classes/{id}/live", get(class_live))
        .route("/classes/{id}/qr.svg", get(qr))
        .route("/classes/{id}/results.csv", get(results))
        .route("/classes/{id}/assignments", post(assign))
        .route("/classes/{id}/assignments/{n}", delete(unassign))
        .route("/classes/{id}/assignments/{n}/exercises/{i}", get(exercise))
        .route("/classes/{id}/assignments/{n}/answers", post(answer))
        .route(
            "/classes/{id}/assignments/{n}/exercises/{i}/work/{p}",
            get(work_drawing),
        )
        .route("/classes/{id}/games", post(class_games))
        .route("/classes/{id}/pupils/{p}", delete(remove_pupil))
        .route("/tournaments", post(new_tournament))
        .route(
            "/tournaments/{id}",
            get(get_tournament).delete(delete_tournament),
        )
        .route("/tournaments/{id}/players", post(add_player))
        .route("/tournaments/{id}/start", post(start))
        .route("/tournaments/{id}/withdraw", post(withdraw))
        .route("/tournaments/{id}/live", get(tournament_live))
}

pub fn page_routes() -> Router<AppState> {
    Router::new()
        .route("/class", get(page))
        .route("/join", get(page))
        .route("/t/{id}", get(page))
}

async fn page(State(web): State<crate::assets::WebDir>) -> Response {
    crate::assets::serve_named_page("club.html", web.0.as_deref())
}

/// A query's language; a token sent there is refused
/// ([`crate::extract::token_in_address`]).
#[derive(Deserialize, Default)]
struct TokenQuery {
    token: Option<String>,
    lang: Option<Lang>,
}

/// The hash of the request's token ([`request_token`]), if any.
fn holder_of(headers: &HeaderMap, query: &TokenQuery) -> Result<Option<String>, ApiError> {
    if query.token.is_some() {
        return Err(token_in_address());
    }
    Ok(request_token(headers).map(|t| hash_token(&t)))
}

fn salted(pin: &str, salt: &str) -> String {
    hash_token(&format!("{salt}:{pin}"))
}

/// Whether `pin` matches the stored `salt:hash`, compared in constant time.
fn pin_matches(stored: &str, pin: &str) -> bool {
    let Some((salt, hash)) = stored.split_once(':') else {
        return false;
    };
    let given = salted(pin, salt);
    given.len() == hash.len()
        && given
            .bytes()
            .zip(hash.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

fn check_pin(pin: &str) -> Result<(), ApiError> {
    if (4..=8).contains(&pin.len()) && pin.bytes().all(|b| b.is_ascii_digit()) {
        Ok(())
    } else {
        Err(ApiError::bad_request("pin: 4 to 8 digits"))
    }
}

// ---------------------------------------------------------------- classes

async fn new_class(
    State(clubs): State<Clubs>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Body(req): Body<NewClassRequest>,
) -> Result<(StatusCode, Json<KeyView>), ApiError> {
    let pin = match req.pin.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
        Some(pin) => {
            check_pin(pin)?;
            let salt = format!("{:016x}", random_u64());
            Some(format!("{salt}:{}", salted(pin, &salt)))
        }
        None => None,
    };
    let token = new_token();
    let mut class = Class::new(
        new_game_id(),
        clubs.new_code(),
        &req.name,
        req.lang,
        hash_token(&token),
        wall_ms(),
    )?;
    class.pin = pin;
    let address = addr.ip().to_string();
    let _place = clubs.take_place(&address)?;
    class.creator = Some(address);
    let (id, code) = (class.id.clone(), class.code.clone());
    clubs.open_class(class).await?;
    Ok((StatusCode::CREATED, Json(KeyView { id, code, token })))
}

/// Another teacher screen (the whiteboard) with the code and the PIN. A
/// wrong code counts as a wrong PIN (of no class), so that guessing codes
/// is as slow as guessing PINs.
async fn open_class(
    State(clubs): State<Clubs>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Body(req): Body<OpenClassRequest>,
) -> Result<Json<KeyView>, ApiError> {
    let code = normal_code(&req.code);
    let address = addr.ip().to_string();
    let Some(Code::Class(id)) = clubs.code(&code) else {
        clubs
            .pin_attempt(&format!("code {code}"), &address)?
            .failed();
        return Err(ClubError::WrongPin.into());
    };
    let attempt = clubs.pin_attempt(&id, &address)?;
    let room = clubs.class(&id)?;
    let mut data = room.data.lock().await;
    let right = data
        .class
        .pin
        .as_deref()
        .is_some_and(|p| pin_matches(p, req.pin.trim()));
    if !right {
        attempt.failed();
        return Err(ClubError::WrongPin.into());
    }
    attempt.succeeded();
    let token = new_token();
    data.class.add_teacher(hash_token(&token));
    clubs.save_class(&room, &mut data).await?;
    Ok(Json(KeyView { id, code, token }))
}

/// A pupil joins a class, or a player a tournament, with its code. A
/// tablet that already holds a seat (its token as the bearer) gets the
/// same seat back.
async fn join(
    State(clubs): State<Clubs>,
    headers: HeaderMap,
    Body(req): Body<JoinClassRequest>,
) -> Result<Json<JoinedView>, ApiError> {
    let code = normal_code(&req.code);
    if !is_code(&code) {
        return Err(ApiError::bad_request(
            "code: 6 letters and digits, as shown on the board",
        ));
    }
    let again = bearer(&headers);
    match clubs.code(&code).ok_or(ClubError::NoSuchClass)? {
        Code::Class(id) => {
            let room = clubs.class(&id)?;
            let mut data = room.data.lock().await;
            if let Some(token) = again {
                if let Some(p) = data.class.pupil_of(&hash_token(&token)) {
                    let view = JoinedView {
                        id,
                        player: p.id,
                        name: p.name.clone(),
                        token,
                    };
                    return Ok(Json(view));
                }
            }
            let token = new_token();
            let pupil = data.class.join(&req.name, hash_token(&token), wall_ms())?;
            clubs.save_class(&room, &mut data).await?;
            let name = data.class.pupil(pupil)?.name.clone();
            Ok(Json(JoinedView {
                id,
                player: pupil,
                name,
                token,
            }))
        }
        Code::Tournament(id) => {
            let cup = clubs.cup(&id)?;
            let mut data = cup.data.lock().await;
            if let Some(token) = again {
                if let Some(p) = data.event.player_of(&hash_token(&token)) {
                    let name = data.event.players[p].name.clone();
                    return Ok(Json(JoinedView {
                        id,
                        player: p as u32,
                        name,
                        token,
                    }));
                }
            }
            let token = new_token();
            let player = data.event.enter(Entrant {
                name: req.name,
                holder: Some(hash_token(&token)),
                ai: None,
                pupil: None,
                withdrawn: false,
            })?;
            clubs.save_cup(&cup, &mut data).await?;
            let name = data.event.players[player].name.clone();
            Ok(Json(JoinedView {
                id,
                player: player as u32,
                name,
                token,
            }))
        }
    }
}

/// The class, if `holder` is its teacher.
async fn as_teacher(
    clubs: &Clubs,
    id: &str,
    holder: Option<String>,
) -> Result<Arc<ClassRoom>, ApiError> {
    let room = clubs.class(id)?;
    let holder = holder.ok_or(ClubError::NotTeacher)?;
    if !room.shown().class.is_teacher(&holder) {
        return Err(ClubError::NotTeacher.into());
    }
    Ok(room)
}

fn work_views(shown: &Shown, assignment: u32, pupil: Option<u32>) -> Vec<WorkView> {
    shown
        .work
        .range((assignment, 0, 0)..=(assignment, u32::MAX, u32::MAX))
        .filter(|((_, p, _), _)| pupil.is_none_or(|me| *p == me))
        .map(|((_, p, i), w)| WorkView {
            pupil: *p,
            index: *i,
            status: w.status,
            attempts: w.attempts,
            answer: w
                .answer
                .as_ref()
                .map(super::class::answer_text)
                .unwrap_or_default(),
        })
        .collect()
}

fn assignment_views(shown: &Shown, pupil: Option<u32>) -> Vec<AssignmentView> {
    shown
        .class
        .assignments
        .iter()
        .map(|a| AssignmentView {
            id: a.id,
            title: a.title.clone(),
            count: a.source.count(),
            source: match &a.source {
                // The exercises themselves are fetched one at a time.
                Source::Exercises { exercises } => Source::Exercises {
                    exercises: Vec::with_capacity(exercises.len()),
                },
                sheet => sheet.clone(),
            },
            created_ms: a.created_ms,
            work: work_views(shown, a.id, pupil),
        })
        .collect()
}

/// The newest games shown on a page (the dashboard's or a pupil's).
pub const GAMES_SHOWN: usize = 60;

fn game_views(room: &ClassRoom, class: &Class, pupil: Option<u32>) -> Vec<ClassGameView> {
    let boards = room.boards();
    class
        .games
        .iter()
        .rev()
        .filter(|g| pupil.is_none_or(|me| g.pupils.contains(&Some(me))))
        .take(GAMES_SHOWN)
        .filter_map(|g| {
            Some(ClassGameView {
                board: boards.get(&g.game)?.clone(),
                pupils: g.pupils.clone(),
            })
        })
        .collect()
}

fn tournament_links(clubs: &Clubs, ids: &[String]) -> Vec<TournamentLink> {
    ids.iter()
        .filter_map(|id| {
            let event = clubs.cup(id).ok()?.shown();
            Some(TournamentLink {
                id: id.clone(),
                name: event.name.clone(),
                stage: event.stage,
            })
        })
        .collect()
}

/// Boards not seen yet (a class read back at start-up) are read once.
async fn fill_boards(clubs: &Clubs, room: &ClassRoom, class: &Class) {
    let missing: Vec<String> = {
        let boards = room.boards();
        class
            .games
            .iter()
            .rev()
            .take(GAMES_SHOWN)
            .filter(|g| !boards.contains_key(&g.game))
            .map(|g| g.game.clone())
            .collect()
    };
    for id in missing {
        if let Ok(state) = clubs.hub().state(&id).await {
            room.boards().insert(id, BoardView::of(&state));
        }
    }
}

/// The teacher's view, from the class as last stored: it never waits for
/// a change being stored.
async fn class_view(clubs: &Clubs, room: &ClassRoom, host: &str) -> ClassView {
    let version = *room.version.borrow();
    let shown = room.shown();
    fill_boards(clubs, room, &shown.class).await;
    let class = &shown.class;
    let pupils = class
        .pupils
        .iter()
        .map(|p| {
            let (right, done) = level_of(&shown.work, p.id);
            PupilView {
                id: p.id,
                name: p.name.clone(),
                right,
                done,
                online: room.is_online(p.id),
            }
        })
        .collect();
    ClassView {
        id: class.id.clone(),
        code: class.code.clone(),
        name: class.name.clone(),
        lang: class.lang,
        join_url: format!("http://{host}/join?code={}", class.code),
        has_pin: class.pin.is_some(),
        pupils,
        assignments: assignment_views(&shown, None),
        games: game_views(room, class, None),
        tournaments: tournament_links(clubs, &class.tournaments),
        version,
    }
}

async fn me_view(clubs: &Clubs, room: &ClassRoom, pupil: u32) -> Result<MeView, ApiError> {
    let version = *room.version.borrow();
    let shown = room.shown();
    fill_boards(clubs, room, &shown.class).await;
    let class = &shown.class;
    Ok(MeView {
        class: class.id.clone(),
        class_name: class.name.clone(),
        lang: class.lang,
        pupil,
        name: class.pupil(pupil)?.name.clone(),
        assignments: assignment_views(&shown, Some(pupil)),
        games: game_views(room, class, Some(pupil)),
        tournaments: tournament_links(clubs, &class.tournaments),
        version,
    })
}

fn host_of(headers: &HeaderMap) -> String {
    headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| h.len() <= 255 && h.bytes().all(|b| b.is_ascii_graphic()))
        .unwrap_or("localhost")
        .to_string()
}

async fn get_class(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
) -> Result<Json<ClassView>, ApiError> {
    let room = as_teacher(&clubs, &id, holder_of(&headers, &q)?).await?;
    Ok(Json(class_view(&clubs, &room, &host_of(&headers)).await))
}

async fn delete_class(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
) -> Result<StatusCode, ApiError> {
    let room = as_teacher(&clubs, &id, holder_of(&headers, &q)?).await?;
    clubs.delete_class(&room).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The pupil of the class `holder` is.
async fn as_pupil(
    clubs: &Clubs,
    id: &str,
    holder: Option<String>,
) -> Result<(Arc<ClassRoom>, u32), ApiError> {
    let room = clubs.class(id)?;
    let holder = holder.ok_or(ApiError::NoToken)?;
    let pupil = room
        .shown()
        .class
        .pupil_of(&holder)
        .map(|p| p.id)
        .ok_or(ApiError::NoToken)?;
    Ok((room, pupil))
}

async fn me(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
) -> Result<Json<MeView>, ApiError> {
    let (room, pupil) = as_pupil(&clubs, &id, holder_of(&headers, &q)?).await?;
    Ok(Json(me_view(&clubs, &room, pupil).await?))
}

async fn qr(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let room = clubs.class(&id)?;
    let code = room.shown().class.code.clone();
    let url = format!("http://{}/join?code={code}", host_of(&headers));
    let svg = qrcode::QrCode::new(url.as_bytes())
        .map_err(|err| ApiError::unavailable(format!("no QR code: {err}")))?
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(240, 240)
        .build();
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

async fn results(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
) -> Result<Response, ApiError> {
    let room = as_teacher(&clubs, &id, holder_of(&headers, &q)?).await?;
    let data = room.shown();
    let csv = results_csv(&data.class, &data.work);
    let file = format!("attachment; filename=\"{}-results.csv\"", data.class.code);
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, file),
        ],
        csv,
    )
        .into_response())
}

async fn assign(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<AssignRequest>,
) -> Result<(StatusCode, Json<ClassView>), ApiError> {
    let room = as_teacher(&clubs, &id, holder_of(&headers, &TokenQuery::default())?).await?;
    let source = if req.exercises.is_empty() {
        Source::Sheet {
            kind: req.kind,
            level: req.level.unwrap_or(1),
            count: req.count.unwrap_or(6),
            seed: req.seed.unwrap_or_else(|| random_u64() % 1_000_000),
        }
    } else {
        if req.exercises.len() > super::class::MAX_EXERCISES {
            return Err(ApiError::bad_request(format!(
                "exercises: at most {}",
                super::class::MAX_EXERCISES
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
            let exercise = quoridor_classroom::Exercise::from_json(&stored.body)
                .map_err(|_| ClassroomError::NoSuchExercise)?;
            list.push(exercise);
        }
        Source::Exercises { exercises: list }
    };
    {
        let mut data = room.data.lock().await;
        data.class.assign(req.title.as_deref(), source, wall_ms())?;
        clubs.save_class(&room, &mut data).await?;
    }
    let view = class_view(&clubs, &room, &host_of(&headers)).await;
    Ok((StatusCode::CREATED, Json(view)))
}

async fn unassign(
    State(clubs): State<Clubs>,
    Path((id, n)): Path<(String, u32)>,
    headers: HeaderMap,
) -> Result<StatusCode, ApiError> {
    let room = as_teacher(&clubs, &id, holder_of(&headers, &TokenQuery::default())?).await?;
    let mut data = room.data.lock().await;
    data.class.assignment(n)?;
    data.class.assignments.retain(|a| a.id != n);
    data.work.retain(|(a, _, _), _| *a != n);
    room.forget_exercises(n);
    clubs.save_class(&room, &mut data).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// One exercise of an assignment, for its pupils and its teacher.
async fn exercise(
    State(clubs): State<Clubs>,
    Path((id, n, i)): Path<(String, u32, u32)>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
) -> Result<Json<crate::classroom::view::ExerciseView>, ApiError> {
    let room = clubs.class(&id)?;
    let holder = holder_of(&headers, &q)?.ok_or(ApiError::NoToken)?;
    let lang = {
        let data = room.shown();
        if data.class.pupil_of(&holder).is_none() && !data.class.is_teacher(&holder) {
            return Err(ApiError::NoToken);
        }
        q.lang.unwrap_or(data.class.lang)
    };
    let list = clubs.exercises(&room, n).await?;
    let exercise = list
        .get(i as usize)
        .cloned()
        .ok_or(ClubError::Class(super::class::ClassError::NoSuchExercise))?;
    let view = clubs
        .blocking(move || exercise_view(exercise, lang, None))
        .await?;
    Ok(Json(view))
}

/// For the teacher: exercise `i` drawn with the route pupil `p` gave.
async fn work_drawing(
    State(clubs): State<Clubs>,
    Path((id, n, i, p)): Path<(String, u32, u32, u32)>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
) -> Result<Response, ApiError> {
    let room = as_teacher(&clubs, &id, holder_of(&headers, &q)?).await?;
    let (lang, answer) = {
        let data = room.shown();
        data.class.pupil(p)?;
        let answer = data.work.get(&(n, p, i)).and_then(|w| w.answer.clone());
        (q.lang.unwrap_or(data.class.lang), answer)
    };
    let list = clubs.exercises(&room, n).await?;
    let exercise = list
        .get(i as usize)
        .cloned()
        .ok_or(ClubError::Class(super::class::ClassError::NoSuchExercise))?;
    let svg = clubs
        .blocking(move || {
            let route = match &answer {
                Some(quoridor_classroom::Answer::Route { squares }) => Some(squares.as_slice()),
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
async fn answer(
    State(clubs): State<Clubs>,
    Path((id, n)): Path<(String, u32)>,
    headers: HeaderMap,
    Body(req): Body<AnswerRequest>,
) -> Result<Json<AnswerView>, ApiError> {
    let (room, pupil) = as_pupil(&clubs, &id, bearer(&headers).map(|t| hash_token(&t))).await?;
    let list = clubs.exercises(&room, n).await?;
    let exercise = list
        .get(req.index as usize)
        .cloned()
        .ok_or(ClubError::Class(super::class::ClassError::NoSuchExercise))?;
    let lang = match req.lang {
        Some(l) => l,
        None => room.shown().class.lang,
    };
    let (status, messages, mistakes, answer) = match (req.skip, req.answer) {
        (true, _) => (WorkStatus::Skipped, Vec::new(), Vec::new(), None),
        (false, None) => {
            return Err(ApiError::bad_request(
                "answer: expected an answer, or \"skip\": true",
            ))
        }
        (false, Some(answer)) => {
            if let quoridor_classroom::Answer::Route { squares } = &answer {
                if squares.len() > 500 {
                    return Err(ApiError::bad_request("at most 500 squares in a route"));
                }
            }
            let checked = answer.clone();
            let (right, messages, mistakes) = clubs
                .blocking(move || {
                    let verdict = check(&exercise, &checked);
                    (
                        verdict.is_right(),
                        verdict_text(&verdict, &exercise, lang),
                        verdict.mistakes,
                    )
                })
                .await?;
            let status = if right {
                WorkStatus::Right
            } else {
                WorkStatus::Wrong
            };
            (status, messages, mistakes, Some(answer))
        }
    };
    let mut data = room.data.lock().await;
    let key = (n, pupil, req.index);
    let work = record(&mut data.work, key, status, answer, wall_ms());
    clubs.save_work(&room, &mut data, key).await?;
    Ok(Json(AnswerView {
        right: status == WorkStatus::Right,
        status: work.status,
        messages,
        mistakes,
    }))
}

/// The groups of pupils that play, by the teacher's choice.
fn groups_of(data: &ClassData, req: &ClassGamesRequest) -> Result<Vec<Vec<Option<u32>>>, ApiError> {
    let players = usize::from(req.game.players);
    let chosen: Vec<u32> = match &req.pupils {
        Some(list) => list.clone(),
        None => data.class.pupils.iter().map(|p| p.id).collect(),
    };
    for &p in &chosen {
        data.class.pupil(p)?;
    }
    if req.ai_level.is_some() {
        // Everyone against the AI: one pupil per game, AI seats after.
        let ids = if req.pair_by == PairBy::Hand {
            req.groups.iter().flatten().copied().collect()
        } else {
            chosen
        };
        return Ok(ids
            .into_iter()
            .map(|p| {
                std::iter::once(Some(p))
                    .chain(std::iter::repeat_n(None, players - 1))
                    .collect()
            })
            .collect());
    }
    let mut order = chosen;
    match req.pair_by {
        PairBy::Hand => {
            let mut seen = std::collections::HashSet::new();
            let mut groups = Vec::new();
            for group in &req.groups {
                if group.len() != players {
                    return Err(ApiError::bad_request(format!(
                        "groups: {players} pupils in each game"
                    )));
                }
                for &p in group {
                    data.class.pupil(p)?;
                    if !seen.insert(p) {
                        return Err(ApiError::bad_request("groups: a pupil in two games"));
                    }
                }
                groups.push(group.iter().map(|&p| Some(p)).collect());
            }
            return Ok(groups);
        }
        PairBy::Random => {
            for i in (1..order.len()).rev() {
                let j = (random_u64() % (i as u64 + 1)) as usize;
                order.swap(i, j);
            }
        }
        PairBy::Level => {
            order.sort_by_key(|&p| {
                let (right, done) = level_of(&data.work, p);
                (std::cmp::Reverse(right), std::cmp::Reverse(done), p)
            });
        }
    }
    // Full games, then the pupils left over play with AI seats.
    Ok(order
        .chunks(players)
        .map(|chunk| {
            let mut group: Vec<Option<u32>> = chunk.iter().map(|&p| Some(p)).collect();
            group.resize(players, None);
            group
        })
        .collect())
}

/// The teacher starts games: pupils paired by hand, at random or by
/// level, or each against the AI.
async fn class_games(
    State(clubs): State<Clubs>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<ClassGamesRequest>,
) -> Result<(StatusCode, Json<ClassView>), ApiError> {
    let address = addr.ip().to_string();
    let room = as_teacher(&clubs, &id, holder_of(&headers, &TokenQuery::default())?).await?;
    let level = match req.ai_level {
        Some(l) => Level::new(l).ok_or_else(|| ApiError::bad_request("ai_level: from 1 to 8"))?,
        None => Level::new(2).expect("level 2"),
    };
    {
        let mut data = room.data.lock().await;
        let groups = groups_of(&data, &req)?;
        data.class.room_for_games(groups.len())?;
        if groups.is_empty() {
            return Err(ApiError::bad_request(
                "no pupils to pair: pupils join with the code first",
            ));
        }
        let mut made = 0;
        let mut failure = None;
        for group in groups {
            match clubs
                .class_game(&room, &mut data, &address, &req.game, group, level)
                .await
            {
                Ok(_) => made += 1,
                Err(err) => {
                    failure = Some(err);
                    break;
                }
            }
        }
        if made > 0 {
            clubs.save_class(&room, &mut data).await?;
        }
        if let Some(err) = failure {
            return Err(err.into());
        }
    }
    let view = class_view(&clubs, &room, &host_of(&headers)).await;
    Ok((StatusCode::CREATED, Json(view)))
}

async fn remove_pupil(
    State(clubs): State<Clubs>,
    Path((id, p)): Path<(String, u32)>,
    headers: HeaderMap,
) -> Result<StatusCode, ApiError> {
    let room = as_teacher(&clubs, &id, holder_of(&headers, &TokenQuery::default())?).await?;
    let mut data = room.data.lock().await;
    data.class.remove_pupil(p)?;
    data.work.retain(|(_, pupil, _), _| *pupil != p);
    clubs
        .db()
        .save_club(ClubWrite::DeletePupilWork {
            class: id,
            pupil: p,
        })
        .await?;
    clubs.save_class(&room, &mut data).await?;
    Ok(StatusCode::NO_CONTENT)
}

// ------------------------------------------------------------ tournaments

async fn new_tournament(
    State(clubs): State<Clubs>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(req): Body<NewTournamentRequest>,
) -> Result<(StatusCode, Json<KeyView>), ApiError> {
    let holder = bearer(&headers).map(|t| hash_token(&t));
    let class_room = match &req.class {
        Some(class) => Some(as_teacher(&clubs, class, holder.clone()).await?),
        None => None,
    };
    // Checked here, so that a bad request makes nothing.
    crate::model::Settings::new(req.size, 2, quoridor_rules::Variant::Standard, req.fences)?
        .with_clock(req.clock)?;
    let token = new_token();
    let mut event = Tournament::new(
        new_game_id(),
        clubs.new_code(),
        &req.name,
        req.class.clone(),
        hash_token(&token),
        req.format,
        req.rounds
            .unwrap_or(if req.format == Format::Swiss { 3 } else { 0 }),
        GameRules {
            size: req.size,
            fences: req.fences,
            // Every tournament game has a clock (10 min + 5 s unless asked).
            clock: Some(req.clock.unwrap_or(DEFAULT_CLOCK)),
        },
        wall_ms(),
    )?;
    // The class stays locked until the tournament is on its list, so that
    // tournaments opened at once cannot pass the class's limit.
    let mut class_data = match &class_room {
        Some(room) => Some(room.data.lock().await),
        None => None,
    };
    if let Some(data) = &class_data {
        if data.class.tournaments.len() >= super::class::MAX_CLASS_TOURNAMENTS {
            return Err(super::class::ClassError::Full(
                "tournaments",
                super::class::MAX_CLASS_TOURNAMENTS,
            )
            .into());
        }
        // The teacher's own token also organises a class's tournament.
        if let Some(h) = &holder {
            event.organisers.push(h.clone());
        }
        let chosen: Vec<u32> = match &req.pupils {
            Some(list) => list.clone(),
            None => data.class.pupils.iter().map(|p| p.id).collect(),
        };
        for p in chosen {
            let pupil = data.class.pupil(p)?;
            event.enter(Entrant {
                name: pupil.name.clone(),
                holder: Some(pupil.holder.clone()),
                ai: None,
                pupil: Some(p),
                withdrawn: false,
            })?;
        }
    }
    for (i, &level) in req.ai.iter().enumerate() {
        event.enter(Entrant {
            name: format!("AI {level} #{}", i + 1),
            holder: None,
            ai: Some(level),
            pupil: None,
            withdrawn: false,
        })?;
    }
    let address = addr.ip().to_string();
    let _place = clubs.take_place(&address)?;
    event.creator = Some(address);
    let (id, code) = (event.id.clone(), event.code.clone());
    clubs.open_cup(event).await?;
    if let (Some(room), Some(data)) = (&class_room, &mut class_data) {
        data.class.tournaments.push(id.clone());
        clubs.save_class(room, data).await?;
    }
    Ok((StatusCode::CREATED, Json(KeyView { id, code, token })))
}

/// The tournament as last stored, with its boards now.
fn tournament_view(cup: &Cup, holder: Option<&str>, version: u64) -> TournamentView {
    let t = &*cup.shown();
    let boards = cup.boards();
    TournamentView {
        id: t.id.clone(),
        code: t.code.clone(),
        name: t.name.clone(),
        class: t.class.clone(),
        format: t.format,
        stage: t.stage,
        total_rounds: t.total_rounds(),
        size: t.rules.size,
        fences: t.rules.fences,
        clock: t.rules.clock,
        players: t
            .players
            .iter()
            .enumerate()
            .map(|(index, p)| EntrantView {
                index,
                name: p.name.clone(),
                ai: p.ai,
                withdrawn: p.withdrawn,
            })
            .collect(),
        rounds: t
            .rounds
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|p| PairingView {
                        first: p.first,
                        second: p.second,
                        game: p.game.clone(),
                        outcome: p.outcome,
                        board: p.game.as_ref().and_then(|g| boards.get(g).cloned()),
                    })
                    .collect()
            })
            .collect(),
        standings: t
            .standings()
            .iter()
            .map(|row| StandingView::of(row, t))
            .collect(),
        you: holder.and_then(|h| t.player_of(h)),
        organiser: holder.is_some_and(|h| t.is_organiser(h)),
        version,
    }
}

async fn get_tournament(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
) -> Result<Json<TournamentView>, ApiError> {
    let cup = clubs.cup(&id)?;
    let holder = holder_of(&headers, &q)?;
    let version = *cup.version.borrow();
    clubs.fill_cup_boards(&cup).await;
    Ok(Json(tournament_view(&cup, holder.as_deref(), version)))
}

async fn delete_tournament(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<StatusCode, ApiError> {
    let cup = as_organiser(&clubs, &id, &headers).await?;
    clubs.delete_cup(&cup).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn as_organiser(clubs: &Clubs, id: &str, headers: &HeaderMap) -> Result<Arc<Cup>, ApiError> {
    let cup = clubs.cup(id)?;
    let holder = bearer(headers)
        .map(|t| hash_token(&t))
        .ok_or(ClubError::NotOrganiser)?;
    if !cup.shown().is_organiser(&holder) {
        return Err(ClubError::NotOrganiser.into());
    }
    Ok(cup)
}

/// The organiser adds an AI, or a named player who gets a link.
async fn add_player(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<AddPlayerRequest>,
) -> Result<Json<JoinedView>, ApiError> {
    let cup = as_organiser(&clubs, &id, &headers).await?;
    let mut data = cup.data.lock().await;
    let (entrant, token) = match (req.ai, req.name) {
        (Some(level), name) => {
            let n = data.event.players.iter().filter(|p| p.ai.is_some()).count() + 1;
            (
                Entrant {
                    name: name.unwrap_or_else(|| format!("AI {level} #{n}")),
                    holder: None,
                    ai: Some(level),
                    pupil: None,
                    withdrawn: false,
                },
                String::new(),
            )
        }
        (None, Some(name)) => {
            let token = new_token();
            (
                Entrant {
                    name,
                    holder: Some(hash_token(&token)),
                    ai: None,
                    pupil: None,
                    withdrawn: false,
                },
                token,
            )
        }
        (None, None) => {
            return Err(ApiError::bad_request(
                "a player: \"name\" or \"ai\" (a level)",
            ))
        }
    };
    let player = data.event.enter(entrant)?;
    clubs.save_cup(&cup, &mut data).await?;
    let name = data.event.players[player].name.clone();
    Ok(Json(JoinedView {
        id,
        player: player as u32,
        name,
        token,
    }))
}

async fn start(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(crate::request::Empty {}): Body<crate::request::Empty>,
) -> Result<Json<TournamentView>, ApiError> {
    let cup = as_organiser(&clubs, &id, &headers).await?;
    let mut data = cup.data.lock().await;
    let before = data.event.clone();
    data.event.start()?;
    if let Err(err) = clubs.start_games(&cup, &mut data).await {
        // Nothing is kept of a start that could not make its games.
        data.event = before;
        return Err(err.into());
    }
    clubs.save_cup(&cup, &mut data).await?;
    let holder = bearer(&headers).map(|t| hash_token(&t));
    let version = *cup.version.borrow();
    drop(data);
    Ok(Json(tournament_view(&cup, holder.as_deref(), version)))
}

async fn withdraw(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<WithdrawRequest>,
) -> Result<StatusCode, ApiError> {
    let cup = as_organiser(&clubs, &id, &headers).await?;
    let mut data = cup.data.lock().await;
    if data.event.stage == Stage::Finished {
        return Err(ApiError::bad_request("the tournament is over"));
    }
    data.event.withdraw(req.player)?;
    clubs.save_cup(&cup, &mut data).await?;
    Ok(StatusCode::NO_CONTENT)
}

// ------------------------------------------------------------------- live

/// Who a live page is.
enum Watcher {
    Teacher(String),
    Pupil(u32),
}

async fn class_live(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let ws = ws.map_err(|_| ApiError::UpgradeRequired)?;
    let room = clubs.class(&id)?;
    let holder = holder_of(&headers, &q)?.ok_or(ApiError::NoToken)?;
    let watcher = {
        let data = room.shown();
        if data.class.is_teacher(&holder) {
            Watcher::Teacher(host_of(&headers))
        } else if let Some(p) = data.class.pupil_of(&holder) {
            Watcher::Pupil(p.id)
        } else {
            return Err(ApiError::NoToken);
        }
    };
    Ok(ws
        .protocols([SOCKET_PROTOCOL])
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_message_size(1024)
        .on_upgrade(move |socket| class_socket(clubs, room, watcher, socket)))
}

fn text(message: &LiveMessage<'_>) -> Message {
    Message::Text(Utf8Bytes::from(
        serde_json::to_string(message).expect("views serialize"),
    ))
}

fn online(room: &ClassRoom, watcher: &Watcher, arriving: bool) {
    if let Watcher::Pupil(p) = watcher {
        room.set_online(*p, arriving);
    }
}

/// The view after every change; changes that come while one view is being
/// sent are sent together, in the next (the version channel keeps only the
/// latest). The page sends nothing but pings.
async fn class_socket(clubs: Clubs, room: Arc<ClassRoom>, watcher: Watcher, socket: WebSocket) {
    let (mut tx, mut rx) = socket.split();
    let mut changes = room.version.subscribe();
    online(&room, &watcher, true);
    loop {
        if *changes.borrow_and_update() == u64::MAX {
            break; // the class was deleted
        }
        let message = match &watcher {
            Watcher::Teacher(host) => {
                let view = class_view(&clubs, &room, host).await;
                text(&LiveMessage::Class { class: &view })
            }
            Watcher::Pupil(p) => match me_view(&clubs, &room, *p).await {
                Ok(view) => text(&LiveMessage::Me { me: &view }),
                Err(_) => break, // removed by the teacher
            },
        };
        if tx.send(message).await.is_err() {
            break;
        }
        tokio::select! {
            changed = changes.changed() => if changed.is_err() { break },
            incoming = rx.next() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            },
            _ = clubs.hub().stopped() => break,
        }
    }
    online(&room, &watcher, false);
    let _ = tx.send(Message::Close(None)).await;
}

async fn tournament_live(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let ws = ws.map_err(|_| ApiError::UpgradeRequired)?;
    let cup = clubs.cup(&id)?;
    let holder = holder_of(&headers, &q)?;
    Ok(ws
        .protocols([SOCKET_PROTOCOL])
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_message_size(1024)
        .on_upgrade(move |socket| tournament_socket(clubs, cup, holder, socket)))
}

async fn tournament_socket(clubs: Clubs, cup: Arc<Cup>, holder: Option<String>, socket: WebSocket) {
    let (mut tx, mut rx) = socket.split();
    let mut changes = cup.version.subscribe();
    loop {
        let version = *changes.borrow_and_update();
        if version == u64::MAX {
            break;
        }
        clubs.fill_cup_boards(&cup).await;
        let view = tournament_view(&cup, holder.as_deref(), version);
        let message = text(&LiveMessage::Tournament { tournament: &view });
        if tx.send(message).await.is_err() {
            break;
        }
        tokio::select! {
            changed = changes.changed() => if changed.is_err() { break },
            incoming = rx.next() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            },
            _ = clubs.hub().stopped() => break,
        }
    }
    let _ = tx.send(Message::Close(None)).await;
}
