//! Classes: made, opened on another screen, joined, read, exported,
//! deleted; their pupils.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::account::session::{LoggedIn, MaybeAccount};
use crate::club::action::{Applied, ClassAction};
use crate::club::cards::Key;
use crate::club::class::{is_code, lock_pin, normal_code, Class};
use crate::club::progress::{progress as class_progress, ClassProgress};
use crate::club::results::{progress_csv, results_csv};
use crate::club::rooms::Shown;
use crate::club::spreadsheet::results_xlsx;
use crate::club::tournament::{Entrant, Tournament};
use crate::club::view::*;
use crate::club::{ClubError, Clubs, Code};
use crate::origin::OwnOrigins;

use crate::error::ApiError;
use crate::extract::{bearer, Body};
use crate::token::{hash_token, new_game_id, new_token, random_u64};
use crate::wall_ms;

use super::keys::*;
use super::views::*;

// ---------------------------------------------------------------- classes

/// A new class; made by a logged-in teacher, it is kept in their account.
pub(super) async fn new_class(
    State(clubs): State<Clubs>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    MaybeAccount(account): MaybeAccount,
    Body(req): Body<NewClassRequest>,
) -> Result<(StatusCode, Json<KeyView>), ApiError> {
    let pin = match req.pin.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
        Some(pin) => Some(lock_pin(pin, random_u64()).map_err(ClubError::from)?),
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
    class.owner = account.map(|a| a.id);
    open_counted(&clubs, class, addr, token).await
}

/// Opens a new class counted against the address's classes; its PIN is
/// known there. Answers its key.
async fn open_counted(
    clubs: &Clubs,
    mut class: Class,
    addr: SocketAddr,
    token: String,
) -> Result<(StatusCode, Json<KeyView>), ApiError> {
    let address = crate::limits::client_key(addr.ip());
    let place = clubs.take_place(&address)?;
    class.creator = Some(address.clone());
    let (id, code) = (class.id.clone(), class.code.clone());
    clubs.open_class(class, Some(place)).await?;
    clubs.pin_known(&id, &address);
    Ok((StatusCode::CREATED, Json(KeyView { id, code, token })))
}

/// Next year's class, made from this one by its teacher
/// ([`Class::next_year`]): a new class, code and teacher key, counted
/// against the address's classes as a new class is.
pub(super) async fn next_year(
    State(clubs): State<Clubs>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Teacher(room): Teacher,
    Body(req): Body<NextYearRequest>,
) -> Result<(StatusCode, Json<KeyView>), ApiError> {
    let token = new_token();
    let old = room.shown().class.clone();
    let class = old.next_year(
        new_game_id(),
        clubs.new_code(),
        req.name.as_deref(),
        hash_token(&token),
        wall_ms(),
    )?;
    open_counted(&clubs, class, addr, token).await
}

/// The classes kept in the logged-in teacher's account.
pub(super) async fn my_classes(
    State(clubs): State<Clubs>,
    session: LoggedIn,
) -> Json<Vec<OwnedClassView>> {
    Json(
        clubs
            .owned_by(session.account.id)
            .iter()
            .map(|c| OwnedClassView {
                id: c.id.clone(),
                code: c.code.clone(),
                name: c.name.clone(),
                pupils: c.pupils.len(),
                created_ms: c.created_ms,
            })
            .collect(),
    )
}

/// A teacher screen for a class kept in the logged-in teacher's account
/// (any device they log in on, no PIN).
pub(super) async fn teacher_key(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    session: LoggedIn,
) -> Result<Json<KeyView>, ApiError> {
    let room = clubs.class(&id)?;
    let token = new_token();
    clubs
        .open_owned(&room, session.account.id, hash_token(&token))
        .await?;
    let code = room.shown().class.code.clone();
    Ok(Json(KeyView { id, code, token }))
}

/// The class (its teacher's token) kept in the logged-in account.
pub(super) async fn keep_in_account(
    State(clubs): State<Clubs>,
    session: LoggedIn,
    Teacher(room): Teacher,
) -> Result<StatusCode, ApiError> {
    clubs.keep_in_account(&room, session.account.id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Another teacher screen (the whiteboard) with the code and the PIN. A
/// wrong code counts as a wrong PIN (of no class), so that guessing codes
/// is as slow as guessing PINs.
pub(super) async fn open_class(
    State(clubs): State<Clubs>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Body(req): Body<OpenClassRequest>,
) -> Result<Json<KeyView>, ApiError> {
    let code = normal_code(&req.code);
    let address = crate::limits::client_key(addr.ip());
    let Some(Code::Class(id)) = clubs.code(&code) else {
        clubs
            .pin_attempt(&format!("code {code}"), &address)?
            .failed();
        return Err(ClubError::WrongPin.into());
    };
    let attempt = clubs.pin_attempt(&id, &address)?;
    let room = clubs.class(&id)?;
    let token = new_token();
    let action = ClassAction::AddTeacher {
        pin: req.pin,
        holder: hash_token(&token),
    };
    if let Applied::WrongPin = clubs.apply(&room, action).await? {
        attempt.failed();
        return Err(ClubError::WrongPin.into());
    }
    attempt.succeeded();
    Ok(Json(KeyView { id, code, token }))
}

/// A pupil joins a class, or a player a tournament, with its code. A
/// tablet that already holds a seat (its token as the bearer) gets the
/// same seat back.
pub(super) async fn join(
    State(clubs): State<Clubs>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(req): Body<JoinClassRequest>,
) -> Result<Json<JoinedView>, ApiError> {
    let key = match (&req.card, &req.pictures) {
        (Some(card), _) => Some(Key::Card(card)),
        (None, Some(row)) => Some(Key::Pictures {
            code: &req.code,
            row,
        }),
        (None, None) => None,
    };
    if let Some(key) = key {
        let back = clubs
            .come_back(key, &crate::limits::client_key(addr.ip()))
            .await?;
        return Ok(Json(JoinedView {
            id: back.class,
            code: back.code,
            player: back.pupil,
            name: back.name,
            token: back.token,
        }));
    }
    let code = normal_code(&req.code);
    if !is_code(&code) {
        return Err(ApiError::bad_request(
            "code: 6 letters and digits, as shown on the board",
        ));
    }
    let again = bearer(&headers);
    let (id, (player, name, token)) = match clubs.code(&code).ok_or(ClubError::NoSuchClass)? {
        Code::Class(id) => {
            let room = clubs.class(&id)?;
            let token = new_token();
            let action = ClassAction::Join {
                name: req.name,
                again: again.as_deref().map(hash_token),
                holder: hash_token(&token),
                card: clubs.new_card(),
            };
            let Applied::Joined { pupil, name, new } = clubs.apply(&room, action).await? else {
                unreachable!("a join answers the pupil");
            };
            let token = if new { token } else { again.unwrap_or(token) };
            (id, (pupil, name, token))
        }
        Code::Tournament(id) => {
            let tournament = clubs.tournament(&id)?;
            let mut change = clubs.begin_tournament(&tournament).await;
            let seat = again.and_then(|token| {
                let p = change.tournament.player_of(&hash_token(&token))?;
                Some((p as u32, change.tournament.players[p].name.clone(), token))
            });
            if let Some(seat) = seat {
                change.unchanged();
                (id, seat)
            } else if let Some(class) = change.tournament.class.clone() {
                // A class's tournament: only the class's pupils, with the
                // class's own token, as the pupil they are.
                let pupil = bearer(&headers).map(|t| hash_token(&t)).and_then(|holder| {
                    let room = clubs.class(&class).ok()?;
                    let shown = room.shown();
                    let p = shown.class.pupil_of(&holder)?;
                    Some((p.id, p.name.clone(), p.holder.clone()))
                });
                let Some((pupil, name, holder)) = pupil else {
                    change.unchanged();
                    return Err(ClubError::ClassOnly.into());
                };
                let token = bearer(&headers).unwrap_or_default();
                let player = change.tournament.enter(Entrant {
                    name,
                    holder: Some(holder),
                    ai: None,
                    pupil: Some(pupil),
                    withdrawn: false,
                    removed: false,
                })?;
                let name = change.tournament.players[player].name.clone();
                change.commit().await?;
                (id, (player as u32, name, token))
            } else {
                let token = new_token();
                let player = change.tournament.enter(Entrant {
                    name: req.name,
                    holder: Some(hash_token(&token)),
                    ai: None,
                    pupil: None,
                    withdrawn: false,
                    removed: false,
                })?;
                let name = change.tournament.players[player].name.clone();
                change.commit().await?;
                (id, (player as u32, name, token))
            }
        }
    };
    Ok(Json(JoinedView {
        id,
        code,
        player,
        name,
        token,
    }))
}

pub(super) async fn get_class(
    State(clubs): State<Clubs>,
    State(origins): State<Arc<OwnOrigins>>,
    headers: HeaderMap,
    Teacher(room): Teacher,
) -> Result<Json<ClassView>, ApiError> {
    Ok(Json(
        class_view(&clubs, &room, &join_base(&headers, &origins)).await,
    ))
}

pub(super) async fn delete_class(
    State(clubs): State<Clubs>,
    Teacher(room): Teacher,
) -> Result<StatusCode, ApiError> {
    clubs.delete_class(&room).await?;
    Ok(StatusCode::NO_CONTENT)
}

pub(super) async fn me(
    State(clubs): State<Clubs>,
    Pupil { room, id: pupil }: Pupil,
) -> Result<Json<MeView>, ApiError> {
    Ok(Json(me_view(&clubs, &room, pupil).await?))
}

/// The join address's QR code, for the teacher's screen (it holds the
/// class's code: the teacher's key only). The code rides in the address's
/// fragment, which no server or proxy ever receives.
pub(super) async fn qr(
    State(origins): State<Arc<OwnOrigins>>,
    headers: HeaderMap,
    Teacher(room): Teacher,
) -> Result<Response, ApiError> {
    let code = room.shown().class.code.clone();
    let url = format!("{}/join#code={code}", join_base(&headers, &origins));
    let svg = qr_svg(&url, 240)?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

/// A QR code of `text`, as SVG at least `size` pixels wide.
fn qr_svg(text: &str, size: u32) -> Result<String, ApiError> {
    Ok(qrcode::QrCode::new(text.as_bytes())
        .map_err(|err| ApiError::unavailable(format!("no QR code: {err}")))?
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(size, size)
        .build())
}

/// The class's login cards, to print: one per pupil, with its QR code.
pub(super) async fn cards(
    State(origins): State<Arc<OwnOrigins>>,
    headers: HeaderMap,
    Teacher(room): Teacher,
) -> Result<Json<CardsView>, ApiError> {
    let join_url = format!("{}/join", join_base(&headers, &origins));
    let shown = room.shown();
    let mut cards = Vec::new();
    for pupil in &shown.class.pupils {
        cards.push(PrintedCard {
            pupil: pupil.id,
            name: pupil.name.clone(),
            card: pupil.card.clone(),
            pictures: pupil.picture_row(),
            qr_svg: qr_svg(&format!("{join_url}#card={}", pupil.card), 160)?,
        });
    }
    Ok(Json(CardsView {
        class_name: shown.class.name.clone(),
        join_url,
        cards,
    }))
}

/// A new login card for a pupil (lost or seen by others): the old one
/// stops working.
pub(super) async fn replace_card(
    State(clubs): State<Clubs>,
    Path((_, p)): Path<(String, u32)>,
    Teacher(room): Teacher,
) -> Result<Json<CardView>, ApiError> {
    let card = clubs.replace_card(&room, p).await?;
    Ok(Json(CardView { pupil: p, card }))
}

pub(super) async fn results(Teacher(room): Teacher) -> Result<Response, ApiError> {
    let data = room.shown();
    let csv = results_csv(&data.class, &data.work);
    Ok(attachment(CSV, &data.class, Export::Results, "csv", csv))
}

const CSV: &str = "text/csv; charset=utf-8";

/// What a class's export holds.
#[derive(Clone, Copy)]
enum Export {
    Results,
    Progress,
}

impl Export {
    fn word(self, lang: quoridor_exercises::Lang) -> &'static str {
        use quoridor_exercises::Lang;
        match (self, lang) {
            (Export::Results, Lang::En) => "results",
            (Export::Results, Lang::Fr) => "résultats",
            (Export::Results, Lang::Ro) => "rezultate",
            (Export::Progress, Lang::En) => "progress",
            (Export::Progress, Lang::Fr) => "progression",
            (Export::Progress, Lang::Ro) => "progres",
        }
    }
}

/// `text` as RFC 5987 writes a header's UTF-8 value: letters, digits and
/// `-._~` as they are, every other byte as `%XX`.
fn percent_encoded(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3);
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// A class's export, saved by the browser under a name a teacher finds
/// among their downloads: the class, what it holds (in the class's
/// language) and the day, e.g. `CE2-B-résultats-2026-11-28.csv`; an ASCII
/// name (the class's code) for the browsers that read only that.
fn attachment(
    content_type: &'static str,
    class: &crate::club::class::Class,
    what: Export,
    ext: &str,
    body: impl IntoResponse,
) -> Response {
    let day = crate::calendar::day_of(crate::wall_ms());
    let word = what.word(class.lang);
    let mut name = String::new();
    for c in class.name.chars() {
        let c = if c.is_alphanumeric() { c } else { '-' };
        if !(c == '-' && (name.is_empty() || name.ends_with('-'))) {
            name.push(c);
        }
    }
    let name = name.trim_end_matches('-');
    let full = format!("{name}-{word}-{day}.{ext}");
    let ascii = format!(
        "{}-{}-{day}.{ext}",
        class.code,
        what.word(quoridor_exercises::Lang::En)
    );
    let file = format!(
        "attachment; filename=\"{ascii}\"; filename*=UTF-8''{}",
        percent_encoded(&full)
    );
    (
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (header::CONTENT_DISPOSITION, file),
        ],
        body,
    )
        .into_response()
}

/// The class's progress over the term (the teacher's).
pub(super) async fn progress(
    State(clubs): State<Clubs>,
    Teacher(room): Teacher,
) -> Result<Json<ClassProgress>, ApiError> {
    Ok(Json(term(&clubs, &room.shown())))
}

/// A class's progress over the term, its tournaments' games counted.
fn term(clubs: &Clubs, data: &Shown) -> ClassProgress {
    let rooms = clubs.tournaments_of(&data.class);
    let tournaments: Vec<&Tournament> = rooms.iter().map(|t| &**t).collect();
    class_progress(&data.class, &data.work, &tournaments)
}

/// The progress as CSV, for a spreadsheet in the class's language.
pub(super) async fn progress_file(
    State(clubs): State<Clubs>,
    Teacher(room): Teacher,
) -> Result<Response, ApiError> {
    let data = room.shown();
    let csv = progress_csv(&data.class, &term(&clubs, &data));
    Ok(attachment(CSV, &data.class, Export::Progress, "csv", csv))
}

/// The results and the progress as a spreadsheet file (`.xlsx`).
pub(super) async fn results_file(
    State(clubs): State<Clubs>,
    Teacher(room): Teacher,
) -> Result<Response, ApiError> {
    let data = room.shown();
    let class = data.class.clone();
    let progress = term(&clubs, &data);
    let bytes = clubs
        .blocking(move || results_xlsx(&data.class, &data.work, &progress))
        .await?
        .map_err(|err| ApiError::unavailable(format!("no spreadsheet: {err}")))?;
    Ok(attachment(XLSX, &class, Export::Results, "xlsx", bytes))
}

pub(super) async fn remove_pupil(
    State(clubs): State<Clubs>,
    Path((_, p)): Path<(String, u32)>,
    Teacher(room): Teacher,
) -> Result<StatusCode, ApiError> {
    let Applied::Removed(class) = clubs.apply(&room, ClassAction::RemovePupil(p)).await? else {
        unreachable!("a removal answers the class before it");
    };
    clubs.pupil_removed(&class, p).await?;
    Ok(StatusCode::NO_CONTENT)
}
