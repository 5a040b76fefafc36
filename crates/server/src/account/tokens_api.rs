//! The routes of bots: an account marked as one ([`super::bot`]), and its
//! personal API tokens ([`super::tokens`]) listed, made and deleted; all
//! with the browser's session only, never with a token.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::session::LoggedIn;
use super::view::AccountView;
use super::Accounts;
use crate::db::api_tokens::ApiToken;
use crate::error::ApiError;
use crate::extract::Body;
use crate::state::AppState;

pub fn api_routes() -> Router<AppState> {
    Router::new()
        .route("/account/tokens", get(list).post(make))
        .route("/account/tokens/{id}/delete", post(revoke))
        .route("/account/bot", post(make_bot))
}

/// `POST /api/account/bot` `{}`: the account becomes a bot, for good
/// (refused once it has played); the answer is the account.
async fn make_bot(
    State(accounts): State<Accounts>,
    session: LoggedIn,
    Body(_): Body<Empty>,
) -> Result<Json<AccountView>, ApiError> {
    let bot = accounts.make_bot(&session.account).await?;
    Ok(Json(super::api::account_view(&accounts, &bot).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Empty {}

/// A token as its owner's list shows it (never the token itself).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenView {
    pub id: u64,
    pub label: String,
    pub created_ms: u64,
}

impl From<ApiToken> for TokenView {
    fn from(t: ApiToken) -> TokenView {
        TokenView {
            id: t.id,
            label: t.label,
            created_ms: t.created_ms,
        }
    }
}

/// A token just made: the only time the token itself is shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MadeTokenView {
    pub token: String,
    #[serde(flatten)]
    pub made: TokenView,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MakeRequest {
    label: String,
}

/// `GET /api/account/tokens`: the account's tokens, oldest first.
async fn list(
    State(accounts): State<Accounts>,
    session: LoggedIn,
) -> Result<Json<Vec<TokenView>>, ApiError> {
    let tokens = accounts.api_tokens(session.account.id).await?;
    Ok(Json(tokens.into_iter().map(TokenView::from).collect()))
}

/// `POST /api/account/tokens` `{"label"}`: a new token, shown this once.
async fn make(
    State(accounts): State<Accounts>,
    session: LoggedIn,
    Body(req): Body<MakeRequest>,
) -> Result<Response, ApiError> {
    let (token, made) = accounts
        .make_api_token(session.account.id, &req.label)
        .await?;
    let view = MadeTokenView {
        token,
        made: made.into(),
    };
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

/// `POST /api/account/tokens/{id}/delete`: the token stops working at once.
async fn revoke(
    State(accounts): State<Accounts>,
    session: LoggedIn,
    Path(id): Path<u64>,
) -> Result<StatusCode, ApiError> {
    accounts.revoke_api_token(session.account.id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}
