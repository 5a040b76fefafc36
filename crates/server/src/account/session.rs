//! The session cookie: read from requests (an extractor for handlers that
//! need a logged-in account, one for those where it is optional), and
//! written when a session opens or ends.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue};

use super::{Account, AccountError, Accounts, SESSION_LIFE};
use crate::error::ApiError;
use crate::extract::MAX_TOKEN;
use crate::token::hash_token;

/// The cookie's name over plain http.
pub const COOKIE: &str = "quoridor_session";
/// Its name over https: the `__Host-` prefix makes browsers refuse it
/// unless it is `Secure`, for the whole site (`Path=/`) and for this host
/// only (no `Domain`): no subdomain or plain-http page can set one.
pub const SECURE_COOKIE: &str = "__Host-quoridor_session";

/// Whether a cookie's name is the session's.
pub fn is_session_cookie(name: &str) -> bool {
    name == COOKIE || name == SECURE_COOKIE
}

/// The session token of the request's cookie, if any (the `__Host-` one
/// first).
pub fn cookie_token(headers: &HeaderMap) -> Option<String> {
    let pairs = || {
        headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .filter_map(|pair| pair.trim().split_once('='))
    };
    pairs()
        .find(|(name, _)| *name == SECURE_COOKIE)
        .or_else(|| pairs().find(|(name, _)| *name == COOKIE))
        .map(|(_, value)| value.trim().to_string())
        .filter(|t| !t.is_empty() && t.len() <= MAX_TOKEN)
}

/// The account logged in on this request, and its session's hash.
pub fn logged_in(headers: &HeaderMap, accounts: &Accounts) -> Option<(Account, String)> {
    let hash = hash_token(&cookie_token(headers)?);
    accounts.session(&hash).map(|account| (account, hash))
}

/// A handler's account, if the request is logged in.
pub struct MaybeAccount(pub Option<Account>);

impl<S: Send + Sync> FromRequestParts<S> for MaybeAccount
where
    Accounts: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let accounts = Accounts::from_ref(state);
        Ok(MaybeAccount(
            logged_in(&parts.headers, &accounts).map(|(a, _)| a),
        ))
    }
}

/// A handler's account: refused when not logged in. `session` is the hash
/// of the session's token.
pub struct LoggedIn {
    pub account: Account,
    pub session: String,
}

impl<S: Send + Sync> FromRequestParts<S> for LoggedIn
where
    Accounts: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let accounts = Accounts::from_ref(state);
        logged_in(&parts.headers, &accounts)
            .map(|(account, session)| LoggedIn { account, session })
            .ok_or(AccountError::NotLoggedIn.into())
    }
}

/// A handler's account where a program may act for it: the browser's
/// session, or a personal API token (`Authorization: Bearer qdr_…`,
/// [`super::tokens`]). Refused when neither is there, and for a token
/// that is not (or no longer) known.
pub struct Player(pub Account);

impl<S: Send + Sync> FromRequestParts<S> for Player
where
    Accounts: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let accounts = Accounts::from_ref(state);
        if let Some(token) = crate::extract::request_token(&parts.headers) {
            return Ok(Player(accounts.api_token_account(&token).await?));
        }
        logged_in(&parts.headers, &accounts)
            .map(|(account, _)| Player(account))
            .ok_or(AccountError::NotLoggedIn.into())
    }
}

/// Who acts on a game: the bearer token of a seat or, without one, the
/// logged-in account, which acts for the seats it took from any browser;
/// a personal API token acts as its account.
pub enum Caller {
    Token(String),
    Account(Account),
}

impl<S: Send + Sync> FromRequestParts<S> for Caller
where
    Accounts: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let accounts = Accounts::from_ref(state);
        match crate::extract::bearer(&parts.headers) {
            Some(token) if super::tokens::is_api_token(&token) => {
                Ok(Caller::Account(accounts.api_token_account(&token).await?))
            }
            Some(token) => Ok(Caller::Token(token)),
            None => logged_in(&parts.headers, &accounts)
                .map(|(account, _)| Caller::Account(account))
                .ok_or(ApiError::NoToken),
        }
    }
}

impl Caller {
    /// The holder this caller acts as in `room`: the token's hash, or the
    /// holder of the account's seat (none: unauthorized).
    pub async fn holder(&self, room: &crate::hub::Room) -> Result<String, ApiError> {
        match self {
            Caller::Token(token) => Ok(hash_token(token)),
            Caller::Account(account) => room
                .account_holder(account.id)
                .await
                .ok_or(quoridor_game::RoomError::Unauthorized.into()),
        }
    }

    /// The token to hand back (a rematch's): none when the session acts.
    pub fn token(&self) -> &str {
        match self {
            Caller::Token(token) => token,
            Caller::Account(_) => "",
        }
    }
}

/// Whether the request came over https (directly or through a proxy that
/// says so).
fn over_https(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"))
}

/// The `Set-Cookie` value that opens a session (`token`) or ends it
/// (`None`): HttpOnly, SameSite=Lax; over https Secure, and named with the
/// `__Host-` prefix.
pub fn set_cookie(token: Option<&str>, secure: bool, request: &HeaderMap) -> HeaderValue {
    let (name, secure) = if secure || over_https(request) {
        (SECURE_COOKIE, "; Secure")
    } else {
        (COOKIE, "")
    };
    let text = match token {
        Some(token) => format!(
            "{name}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={}{secure}",
            SESSION_LIFE.as_secs()
        ),
        None => format!("{name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}"),
    };
    HeaderValue::from_str(&text).expect("tokens are hex")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_cookie_among_others() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; quoridor_session=abc123 ; b=2"),
        );
        assert_eq!(cookie_token(&headers).as_deref(), Some("abc123"));
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("quoridor_session="),
        );
        assert_eq!(cookie_token(&headers), None);
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("xquoridor_session=1"),
        );
        assert_eq!(cookie_token(&headers), None);
    }

    #[test]
    fn cookie_attributes() {
        let plain = HeaderMap::new();
        let c = set_cookie(Some("ff"), false, &plain);
        let c = c.to_str().unwrap();
        assert!(c.starts_with("quoridor_session=ff; Path=/; HttpOnly; SameSite=Lax; Max-Age="));
        assert!(!c.contains("Secure"));
        let mut proxied = HeaderMap::new();
        proxied.insert("x-forwarded-proto", HeaderValue::from_static("https"));
        let secure = set_cookie(Some("ff"), false, &proxied);
        let secure = secure.to_str().unwrap();
        assert!(
            secure.starts_with("__Host-quoridor_session=ff; Path=/;"),
            "{secure}"
        );
        assert!(
            secure.ends_with("; Secure") && !secure.contains("Domain"),
            "{secure}"
        );
        let mut both = HeaderMap::new();
        both.insert(
            header::COOKIE,
            HeaderValue::from_static("quoridor_session=old; __Host-quoridor_session=new"),
        );
        assert_eq!(cookie_token(&both).as_deref(), Some("new"));
        assert!(set_cookie(None, true, &plain)
            .to_str()
            .unwrap()
            .contains("Max-Age=0"));
    }
}
