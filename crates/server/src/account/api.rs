//! The accounts' routes: sign up, log in and out, the account itself, and
//! the public pages' data (a player's profile and games, leaderboards).

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use super::session::{logged_in, set_cookie, LoggedIn, MaybeAccount, Player};
use super::view::{
    AccountView, GameLineView, GamesView, HistoryView, LeaderView, LeaderboardView, PlayingView,
    ProfileView, RatingView, RecordView, SessionView,
};
use super::{Account, AccountError, Accounts, Speed, UserName};
use crate::db::accounts::{self as store, GameLine};
use crate::error::ApiError;
use crate::extract::{Body, Query};
use crate::hub::Hub;
use crate::state::AppState;
use quoridor_game::rating::PROVISIONAL_DEVIATION;

/// Games per page of a player's list.
const GAMES_PER_PAGE: usize = 25;
/// Rated games kept in a rating-history chart.
const HISTORY_POINTS: usize = 200;
/// Players on a leaderboard.
const LEADERS: usize = 50;

pub fn api_routes() -> Router<AppState> {
    Router::new()
        .route("/account", get(me))
        .route("/account/session", get(session_of))
        .route("/account/signup", post(sign_up))
        .route("/account/login", post(log_in))
        .route("/account/logout", post(log_out))
        .route("/account/password", post(change_password))
        .route("/account/delete", post(delete))
        .route("/account/games", get(my_games))
        .route("/account/playing", get(my_playing))
        .route("/account/blocks", get(blocks).post(block))
        .route("/account/blocks/remove", post(unblock))
        .route("/players/{name}", get(profile))
        .route("/players/{name}/games", get(player_games))
        .route("/players/{name}/records", get(player_records))
        .route("/leaderboard/{speed}", get(leaderboard))
}

pub fn page_routes() -> Router<AppState> {
    Router::new()
        .route("/account", get(page))
        .route("/@/{name}", get(page))
        .route("/leaderboard", get(page))
}

async fn page(
    State(web): State<crate::assets::WebDir>,
    headers: axum::http::HeaderMap,
) -> Response {
    crate::assets::serve_named_page("account.html", web.0.as_deref(), &headers)
}

#[derive(Deserialize)]
struct Credentials {
    name: String,
    password: String,
}

#[derive(Deserialize)]
struct PasswordChange {
    old: String,
    new: String,
}

#[derive(Deserialize)]
struct Confirm {
    password: String,
}

/// A page of a list of games, and which games it keeps.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Page {
    before: Option<u64>,
    limit: Option<usize>,
    /// A speed's name (`blitz`…), `rated` (true or false), `result`
    /// (`win`, `loss`, `draw`), `opponent` (a name).
    speed: Option<String>,
    rated: Option<bool>,
    result: Option<String>,
    opponent: Option<String>,
}

impl Page {
    /// The filter asked for, checked.
    fn filter(&self) -> Result<store::GameFilter, ApiError> {
        if let Some(speed) = &self.speed {
            speed.parse::<Speed>().map_err(ApiError::bad_request)?;
        }
        if let Some(result) = &self.result {
            if !["win", "loss", "draw"].contains(&result.as_str()) {
                return Err(ApiError::bad_request("result: expected win, loss or draw"));
            }
        }
        let opponent = self
            .opponent
            .as_deref()
            .map(str::trim)
            .filter(|o| !o.is_empty());
        if opponent.is_some_and(|o| o.chars().count() > 64) {
            return Err(ApiError::bad_request("opponent: at most 64 characters"));
        }
        Ok(store::GameFilter {
            speed: self.speed.clone(),
            rated: self.rated,
            result: self.result.clone(),
            opponent: opponent.map(str::to_string),
        })
    }
}

/// The account with its ratings.
pub(super) async fn account_view(
    accounts: &Accounts,
    account: &Account,
) -> Result<AccountView, ApiError> {
    let id = account.id;
    let ratings = accounts.read(move |conn| store::ratings(conn, id)).await?;
    Ok(AccountView {
        name: account.name.clone(),
        ratings: ratings.iter().map(RatingView::stored).collect(),
        bot: account.bot,
    })
}

/// An answer that opens (or ends) the session cookie.
fn with_cookie(
    accounts: &Accounts,
    token: Option<&str>,
    request: &HeaderMap,
    status: StatusCode,
    body: impl IntoResponse,
) -> Response {
    let cookie = set_cookie(token, accounts.secure_cookies(), request);
    (status, [(header::SET_COOKIE, cookie)], body).into_response()
}

/// Signs up (`created`) or logs in: the account with its ratings, and the
/// session cookie.
async fn open_session(
    accounts: &Accounts,
    addr: SocketAddr,
    headers: &HeaderMap,
    req: Credentials,
    created: bool,
) -> Result<Response, ApiError> {
    let address = crate::limits::client_key(addr.ip());
    let (account, token) = if created {
        accounts.sign_up(&req.name, &req.password, &address).await?
    } else {
        accounts.log_in(&req.name, &req.password, &address).await?
    };
    let view = account_view(accounts, &account).await?;
    let status = if created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok(with_cookie(
        accounts,
        Some(&token),
        headers,
        status,
        Json(view),
    ))
}

async fn sign_up(
    State(accounts): State<Accounts>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(req): Body<Credentials>,
) -> Result<Response, ApiError> {
    open_session(&accounts, addr, &headers, req, true).await
}

async fn log_in(
    State(accounts): State<Accounts>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(req): Body<Credentials>,
) -> Result<Response, ApiError> {
    open_session(&accounts, addr, &headers, req, false).await
}

async fn log_out(
    State(accounts): State<Accounts>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if let Some((_, session)) = logged_in(&headers, &accounts) {
        accounts.log_out(&session).await?;
    }
    Ok(with_cookie(
        &accounts,
        None,
        &headers,
        StatusCode::NO_CONTENT,
        (),
    ))
}

async fn me(
    State(accounts): State<Accounts>,
    session: LoggedIn,
) -> Result<Json<AccountView>, ApiError> {
    Ok(Json(account_view(&accounts, &session.account).await?))
}

/// Who the page is: `{"account": …}` when logged in, `{"account": null}`
/// for a guest (a `200` either way: a guest is not an error to log).
async fn session_of(
    State(accounts): State<Accounts>,
    MaybeAccount(account): MaybeAccount,
) -> Result<Json<SessionView>, ApiError> {
    let account = match account {
        Some(a) => Some(account_view(&accounts, &a).await?),
        None => None,
    };
    Ok(Json(SessionView { account }))
}

async fn change_password(
    State(accounts): State<Accounts>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    session: LoggedIn,
    Body(req): Body<PasswordChange>,
) -> Result<StatusCode, ApiError> {
    let address = crate::limits::client_key(addr.ip());
    accounts
        .change_password(
            &session.account,
            &session.session,
            &req.old,
            &req.new,
            &address,
        )
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn delete(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    session: LoggedIn,
    Body(req): Body<Confirm>,
) -> Result<Response, ApiError> {
    let AppState {
        accounts,
        hub,
        clubs,
        challenges,
        ..
    } = app;
    let address = crate::limits::client_key(addr.ip());
    let renamed = accounts
        .delete(&session.account, &req.password, &address)
        .await?;
    // Finished games kept in memory are read again, with the new names.
    hub.forget_finished(&renamed).await;
    // The account's classes stay, opened by their screens and PIN.
    clubs.let_go(session.account.id).await?;
    challenges.drop_between(session.account.id, None).await;
    Ok(with_cookie(
        &accounts,
        None,
        &headers,
        StatusCode::NO_CONTENT,
        (),
    ))
}

fn page_of(lines: Vec<GameLine>, limit: usize) -> GamesView {
    let next_before = (lines.len() == limit)
        .then(|| lines.last().map(|l| l.started_ms))
        .flatten();
    GamesView {
        games: lines.into_iter().map(GameLineView::of).collect(),
        next_before,
    }
}

/// The logged-in account's games, those going on included (to go back to
/// them from another browser).
async fn my_games(
    State(accounts): State<Accounts>,
    session: LoggedIn,
    Query(page): Query<Page>,
) -> Result<Json<GamesView>, ApiError> {
    let id = session.account.id;
    let limit = page.limit.unwrap_or(GAMES_PER_PAGE).clamp(1, 100);
    let filter = page.filter()?;
    let lines = accounts
        .read(move |conn| store::games(conn, id, page.before, limit, false, &filter))
        .await?;
    Ok(Json(page_of(lines, limit)))
}

/// Games of an account not over, at most this many.
const PLAYING_SHOWN: usize = 100;

/// The account's games not over: those where it is to move first (the
/// least time left first), then the others.
async fn my_playing(
    State(accounts): State<Accounts>,
    State(hub): State<Hub>,
    Player(account): Player,
) -> Result<Json<Vec<PlayingView>>, ApiError> {
    let id = account.id;
    let ids = accounts
        .read(move |conn| store::unfinished(conn, id))
        .await?;
    let now = crate::calendar::moment_now();
    let mut lines = Vec::new();
    for game in ids.into_iter().take(PLAYING_SHOWN) {
        let Ok(state) = hub.glance(&game).await else {
            continue;
        };
        if let Some(line) = playing_line(&state, id, now) {
            lines.push(line);
        }
    }
    lines.sort_by_key(|l| (!l.my_turn, l.left_ms.unwrap_or(u64::MAX)));
    Ok(Json(lines))
}

/// One line of [`my_playing`], if the game is going on.
fn playing_line(
    state: &quoridor_game::RoomState,
    account: u64,
    now: quoridor_game::Moment,
) -> Option<PlayingView> {
    use quoridor_game::Status;
    let status = state.status();
    if status == Status::Over {
        return None;
    }
    let mine = state.seats.iter().find(|s| s.account == Some(account))?;
    let turn = state.game.position().turn();
    let left_ms = state.deadline().map(|d| d.millis_since(now));
    Some(PlayingView {
        game: state.id.clone(),
        seat: mine.seat,
        opponents: state
            .seats
            .iter()
            .filter(|s| s.seat != mine.seat)
            .map(|s| s.name.clone())
            .collect(),
        my_turn: status == Status::Playing && turn == mine.seat,
        status: status.name().to_string(),
        speed: Speed::of(state.settings.clock),
        days: state.settings.is_correspondence().then(|| {
            state
                .settings
                .clock
                .map_or(0, |c| c.initial().as_secs() / 86_400)
        }),
        left_ms,
        ply: state.game.entries().len(),
        rated: state.settings.rated,
    })
}

/// The account of a user name in the path.
async fn player(accounts: &Accounts, name: &str) -> Result<store::AccountRow, ApiError> {
    let name: UserName = name.parse().map_err(|_| AccountError::NoSuchPlayer)?;
    let key = name.key();
    accounts
        .read(move |conn| store::by_name(conn, &key))
        .await?
        .ok_or(AccountError::NoSuchPlayer.into())
}

async fn profile(
    State(accounts): State<Accounts>,
    Path(name): Path<String>,
) -> Result<Json<ProfileView>, ApiError> {
    let row = player(&accounts, &name).await?;
    let id = row.id;
    let (ratings, record, history, games) = accounts
        .read(move |conn| {
            let ratings = store::ratings(conn, id)?;
            let mut history = Vec::new();
            for r in &ratings {
                let points = store::history(conn, id, r.speed, HISTORY_POINTS)?;
                history.push(HistoryView {
                    speed: r.speed,
                    points: points
                        .into_iter()
                        .map(|(ms, rating)| (ms, rating.round() as i32))
                        .collect(),
                });
            }
            let record = store::record(conn, id)?;
            let games = store::games(conn, id, None, GAMES_PER_PAGE, true, &Default::default())?;
            Ok((ratings, record, history, games))
        })
        .await?;
    Ok(Json(ProfileView {
        name: row.name,
        created_ms: row.created_ms,
        bot: row.bot,
        ratings: ratings.iter().map(RatingView::stored).collect(),
        record: RecordView {
            won: record.0,
            lost: record.1,
            drawn: record.2,
        },
        history,
        games: games.into_iter().map(GameLineView::of).collect(),
    }))
}

async fn player_games(
    State(accounts): State<Accounts>,
    Path(name): Path<String>,
    Query(page): Query<Page>,
) -> Result<Json<GamesView>, ApiError> {
    let id = player(&accounts, &name).await?.id;
    let limit = page.limit.unwrap_or(GAMES_PER_PAGE).clamp(1, 100);
    let filter = page.filter()?;
    let lines = accounts
        .read(move |conn| store::games(conn, id, page.before, limit, true, &filter))
        .await?;
    Ok(Json(page_of(lines, limit)))
}

/// Records exported at most at once.
const RECORDS_AT_ONCE: usize = 500;

/// `GET /api/players/{name}/records`: the player's finished public games
/// that the filter keeps (the newest [`RECORDS_AT_ONCE`]), as one text
/// file of records, newest first, a blank line between two.
async fn player_records(
    State(accounts): State<Accounts>,
    State(hub): State<Hub>,
    Path(name): Path<String>,
    Query(page): Query<Page>,
) -> Result<Response, ApiError> {
    let account = player(&accounts, &name).await?;
    let id = account.id;
    let filter = page.filter()?;
    let lines = accounts
        .read(move |conn| store::games(conn, id, page.before, RECORDS_AT_ONCE, true, &filter))
        .await?;
    let records = hub
        .records(lines.into_iter().map(|line| line.game).collect())
        .await?;
    let text: Vec<&str> = records.iter().map(|r| r.trim_end()).collect();
    // A header holds ASCII: a name's other letters become `_`.
    let ascii: String = account
        .name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let file = format!("quoridor-{ascii}.txt");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file}\""),
            ),
        ],
        text.join("\n\n") + "\n",
    )
        .into_response())
}

async fn leaderboard(
    State(accounts): State<Accounts>,
    Path(speed): Path<String>,
) -> Result<Json<LeaderboardView>, ApiError> {
    let speed: Speed = speed.parse().map_err(ApiError::bad_request)?;
    let lines = accounts
        .read(move |conn| store::leaderboard(conn, speed, PROVISIONAL_DEVIATION, LEADERS))
        .await?;
    Ok(Json(LeaderboardView {
        speed,
        players: lines
            .into_iter()
            .enumerate()
            .map(|(i, (name, rating, games, bot))| LeaderView {
                rank: i as u32 + 1,
                name,
                rating: rating.rating.round() as i32,
                deviation: rating.deviation.round() as i32,
                games,
                bot,
            })
            .collect(),
    }))
}

#[derive(Deserialize)]
struct BlockRequest {
    name: String,
}

#[derive(serde::Serialize)]
struct BlocksView {
    names: Vec<String>,
}

/// The names the logged-in account blocks.
async fn blocks(
    State(accounts): State<Accounts>,
    session: LoggedIn,
) -> Result<Json<BlocksView>, ApiError> {
    let id = session.account.id;
    let names = accounts
        .read(move |conn| store::blocked_names(conn, id))
        .await?;
    Ok(Json(BlocksView { names }))
}

async fn set_block(
    accounts: &Accounts,
    session: &LoggedIn,
    name: &str,
    on: bool,
) -> Result<StatusCode, ApiError> {
    let other = player(accounts, name).await?;
    if other.id == session.account.id {
        return Err(ApiError::bad_request("you cannot block yourself"));
    }
    accounts.block(session.account.id, other.id, on).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Blocks a player: their chat lines are no longer shown to you, and the
/// challenges between you go (neither may challenge the other).
async fn block(
    State(accounts): State<Accounts>,
    State(challenges): State<crate::challenge::Challenges>,
    session: LoggedIn,
    Body(req): Body<BlockRequest>,
) -> Result<StatusCode, ApiError> {
    let done = set_block(&accounts, &session, &req.name, true).await?;
    let other = player(&accounts, &req.name).await?;
    challenges
        .drop_between(session.account.id, Some(other.id))
        .await;
    Ok(done)
}

async fn unblock(
    State(accounts): State<Accounts>,
    session: LoggedIn,
    Body(req): Body<BlockRequest>,
) -> Result<StatusCode, ApiError> {
    set_block(&accounts, &session, &req.name, false).await
}
