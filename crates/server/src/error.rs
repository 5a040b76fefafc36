//! The one error of the server's boundary: every refusal becomes a status
//! code and `{"error": {"code", "message", "reason"?}}` (API.md).
//!
//! Each feature says no in its own error type, in its own words
//! ([`crate::hub::HubError`], [`crate::club::ClubError`], …); what each of
//! them means over HTTP is written once, in [`crate::refusals`], as an
//! implementation of [`Refusal`]. This file knows no feature: it holds the
//! trait, the refusals of the HTTP side itself, and the answer's shape.

use std::fmt;
use std::time::Duration;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::view::{ErrorBody, ErrorView, ReasonView};

/// What a refused request's answer carries for the request log and the
/// figures (not sent): its code, and for a failure of the server (5xx)
/// its cause.
#[derive(Clone, Debug)]
pub struct RefusalNote {
    pub code: &'static str,
    pub cause: Option<String>,
}

/// What a refusal of some feature says at the boundary.
pub trait Refusal: fmt::Display {
    /// The HTTP status and the code for programs (API.md, "Errors").
    fn status_and_code(&self) -> (StatusCode, &'static str);

    /// Why, in more detail, for the refusals that have it (an illegal
    /// move's reason).
    fn reason(&self) -> Option<ReasonView> {
        None
    }

    /// How long to wait before trying again, for those that know.
    fn retry_after(&self) -> Option<Duration> {
        None
    }
}

/// Why a request was refused: by the HTTP side itself, or by a feature.
#[derive(Clone, Debug, PartialEq)]
pub enum ApiError {
    /// A body, query or path that is not what the route expects.
    BadRequest(String),
    /// No such API route.
    NoSuchRoute,
    /// The route exists, not with this method.
    MethodNotAllowed,
    /// A WebSocket route asked without the upgrade headers.
    UpgradeRequired,
    /// No token where the route needs one.
    NoToken,
    PayloadTooLarge(usize),
    /// The body did not arrive in time.
    BodyTimeout,
    RateLimited,
    Unavailable(String),
    /// A request that the session cookie would authorise, sent from a page
    /// that is not ours (cross-site request forgery).
    CrossOrigin,
    /// A body that is not declared as JSON.
    UnsupportedMediaType,
    /// A feature's refusal, as the boundary shows it (boxed: errors travel
    /// in every `Result`).
    Refused(Box<Refused>),
}

/// A feature's refusal made into what the API shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Refused {
    status: StatusCode,
    code: &'static str,
    message: String,
    reason: Option<ReasonView>,
    retry_after: Option<Duration>,
}

impl<E: Refusal> From<E> for ApiError {
    fn from(err: E) -> ApiError {
        let (status, code) = err.status_and_code();
        ApiError::Refused(Box::new(Refused {
            status,
            code,
            message: err.to_string(),
            reason: err.reason(),
            retry_after: err.retry_after(),
        }))
    }
}

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::BadRequest(message.into())
    }

    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::Unavailable(message.into())
    }

    /// The table of the HTTP side's own refusals; a feature's says its own.
    pub fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            ApiError::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            ApiError::NoSuchRoute => (StatusCode::NOT_FOUND, "not_found"),
            ApiError::MethodNotAllowed => (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed"),
            ApiError::UpgradeRequired => (StatusCode::UPGRADE_REQUIRED, "upgrade_required"),
            ApiError::NoToken => (StatusCode::UNAUTHORIZED, "unauthorized"),
            ApiError::PayloadTooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"),
            ApiError::BodyTimeout => (StatusCode::REQUEST_TIMEOUT, "timeout"),
            ApiError::RateLimited => (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
            ApiError::Unavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
            ApiError::CrossOrigin => (StatusCode::FORBIDDEN, "cross_origin"),
            ApiError::UnsupportedMediaType => {
                (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type")
            }
            ApiError::Refused(r) => (r.status, r.code),
        }
    }

    pub fn status(&self) -> StatusCode {
        self.status_and_code().0
    }

    pub fn code(&self) -> &'static str {
        self.status_and_code().1
    }

    /// How long to wait before trying again, for the refusals that know.
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            ApiError::RateLimited => Some(Duration::from_secs(1)),
            ApiError::Refused(r) => r.retry_after,
            _ => None,
        }
    }

    /// The error as the API shows it.
    pub fn view(&self) -> ErrorView {
        ErrorView {
            code: self.code().into(),
            message: self.to_string(),
            reason: match self {
                ApiError::Refused(r) => r.reason.clone(),
                _ => None,
            },
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::BadRequest(message) | ApiError::Unavailable(message) => f.write_str(message),
            ApiError::NoSuchRoute => f.write_str("no such API route (see API.md)"),
            ApiError::MethodNotAllowed => {
                f.write_str("this route does not take this method (see API.md)")
            }
            ApiError::UpgradeRequired => {
                f.write_str("this route is a WebSocket: connect with an upgrade request")
            }
            ApiError::NoToken => f.write_str("this needs the token of a seat of this game"),
            ApiError::PayloadTooLarge(limit) => write!(f, "the body is over {limit} bytes"),
            ApiError::BodyTimeout => f.write_str("the body did not arrive in time"),
            ApiError::RateLimited => f.write_str("too many requests: slow down"),
            ApiError::CrossOrigin => f.write_str(
                "this request comes from another site or port than the server's own pages: refused (API.md, \"Requests from pages\")",
            ),
            ApiError::UnsupportedMediaType => {
                f.write_str("send the body as JSON, with Content-Type: application/json")
            }
            ApiError::Refused(r) => f.write_str(&r.message),
        }
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status(), Json(ErrorBody { error: self.view() })).into_response();
        let cause = self.status().is_server_error().then(|| self.to_string());
        response.extensions_mut().insert(RefusalNote {
            code: self.code(),
            cause,
        });
        if let Some(wait) = self.retry_after() {
            let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds.max(1)));
        }
        response
    }
}
