//! The one error type of the server's boundary. Every failure, from the
//! game model ([`RoomError`]) or from the request itself, becomes a status
//! code and `{"error": {"code", "message", "reason"?}}` (API.md) in one
//! place: [`ApiError::status_and_code`].

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use quoridor_rules::ParseError;

use crate::db::StoreError;
use crate::model::RoomError;
use crate::view::{ErrorBody, ErrorView, ReasonView};

/// Why a request was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum ApiError {
    /// The game refuses the change.
    Room(RoomError),
    /// A move that is not written as a move.
    BadMove(ParseError),
    /// A body, query or path that is not what the route expects.
    BadRequest(String),
    /// No such game.
    NoSuchGame,
    /// No such API route.
    NoSuchRoute,
    /// The route exists, not with this method.
    MethodNotAllowed,
    /// A WebSocket route asked without the upgrade headers.
    UpgradeRequired,
    /// No `Authorization: Bearer` token.
    NoToken,
    PayloadTooLarge(usize),
    /// The body did not arrive in time.
    BodyTimeout,
    TooManyRooms(usize),
    RateLimited,
    Storage(String),
    Unavailable(String),
    /// A classroom exercise that cannot be used (the words say why, in the
    /// asker's language).
    BadExercise(String),
    NoSuchExercise,
    TooManyExercises(usize),
    /// No token, or not the one given when the exercise was shared.
    NotYourExercise,
    /// No tutorial lesson of that name.
    NoSuchLesson,
    /// No puzzle of that id, or none of the theme and difficulty asked.
    NoSuchPuzzle,
    /// A class or tournament refuses the change.
    Club(crate::club::class::ClassError),
    /// No class of that id or code.
    NoSuchClass,
    NoSuchTournament,
    /// Not the token of the class's teacher.
    NotTeacher,
    /// Not the token of the tournament's organiser.
    NotOrganiser,
    /// A class code and PIN that do not match.
    WrongPin,
    /// An account's request refused.
    Account(crate::account::AccountError),
    /// The game has no analysis yet (ask with POST).
    NoSuchAnalysis,
    /// A request that the session cookie would authorise, sent from a page
    /// that is not ours (cross-site request forgery).
    CrossOrigin,
    /// A body that is not declared as JSON.
    UnsupportedMediaType,
    /// Too many wrong PINs: wait this long.
    TooManyPins(std::time::Duration),
}

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::BadRequest(message.into())
    }

    pub fn storage(message: impl Into<String>) -> ApiError {
        ApiError::Storage(message.into())
    }

    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::Unavailable(message.into())
    }

    /// The table: every error's HTTP status and its code for programs.
    pub fn status_and_code(&self) -> (StatusCode, &'static str) {
        use RoomError as R;
        match self {
            ApiError::Room(err) => match err {
                R::Unauthorized => (StatusCode::UNAUTHORIZED, "unauthorized"),
                R::NotYourTurn(_) => (StatusCode::CONFLICT, "not_your_turn"),
                R::TimeUp(_) | R::GameOver => (StatusCode::CONFLICT, "game_over"),
                R::NotStarted => (StatusCode::CONFLICT, "not_started"),
                R::SeatTaken(_) => (StatusCode::CONFLICT, "seat_taken"),
                R::NoFreeSeat => (StatusCode::CONFLICT, "no_free_seat"),
                R::NoSuchSeat(_) | R::Settings(_) => (StatusCode::BAD_REQUEST, "bad_request"),
                R::Illegal(_) => (StatusCode::UNPROCESSABLE_ENTITY, "illegal_move"),
                R::NoSeatPlaying
                | R::NotYourSeat(_)
                | R::PrivateOnly(_)
                | R::NothingToUndo
                | R::NoDrawOffer
                | R::OfferNotForYou
                | R::AiDeclinesDraw(_)
                | R::NotOver
                | R::TooLateToAbort
                | R::Rated(_) => (StatusCode::FORBIDDEN, "not_allowed"),
                R::Stale | R::NotYet => (StatusCode::CONFLICT, "stale"),
            },
            ApiError::BadMove(_) => (StatusCode::BAD_REQUEST, "bad_move"),
            ApiError::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            ApiError::NoSuchGame | ApiError::NoSuchRoute => (StatusCode::NOT_FOUND, "not_found"),
            ApiError::MethodNotAllowed => (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed"),
            ApiError::UpgradeRequired => (StatusCode::UPGRADE_REQUIRED, "upgrade_required"),
            ApiError::NoToken => (StatusCode::UNAUTHORIZED, "unauthorized"),
            ApiError::PayloadTooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"),
            ApiError::BodyTimeout => (StatusCode::REQUEST_TIMEOUT, "timeout"),
            ApiError::TooManyRooms(_) => (StatusCode::TOO_MANY_REQUESTS, "too_many_rooms"),
            ApiError::RateLimited => (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
            ApiError::Storage(_) => (StatusCode::INTERNAL_SERVER_ERROR, "storage"),
            ApiError::Unavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
            ApiError::BadExercise(_) => (StatusCode::UNPROCESSABLE_ENTITY, "bad_exercise"),
            ApiError::NoSuchExercise | ApiError::NoSuchLesson | ApiError::NoSuchPuzzle => {
                (StatusCode::NOT_FOUND, "not_found")
            }
            ApiError::NotYourExercise => (StatusCode::UNAUTHORIZED, "unauthorized"),
            ApiError::TooManyExercises(_) => (StatusCode::TOO_MANY_REQUESTS, "too_many_exercises"),
            ApiError::Club(err) => {
                use crate::club::class::ClassError as C;
                match err {
                    C::BadName(_) | C::BadAssignment(_) => (StatusCode::BAD_REQUEST, "bad_request"),
                    C::Full(..) => (StatusCode::CONFLICT, "full"),
                    C::NoSuchPupil | C::NoSuchAssignment | C::NoSuchExercise => {
                        (StatusCode::NOT_FOUND, "not_found")
                    }
                }
            }
            ApiError::NoSuchClass | ApiError::NoSuchTournament => {
                (StatusCode::NOT_FOUND, "not_found")
            }
            ApiError::NotTeacher | ApiError::NotOrganiser => {
                (StatusCode::UNAUTHORIZED, "unauthorized")
            }
            ApiError::WrongPin => (StatusCode::UNAUTHORIZED, "wrong_pin"),
            ApiError::NoSuchAnalysis => (StatusCode::NOT_FOUND, "not_found"),
            ApiError::CrossOrigin => (StatusCode::FORBIDDEN, "cross_origin"),
            ApiError::UnsupportedMediaType => {
                (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type")
            }
            ApiError::TooManyPins(_) => (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
            ApiError::Account(err) => {
                use crate::account::AccountError as A;
                match err {
                    A::BadName(_) | A::BadPassword(_) | A::NotRated(_) => {
                        (StatusCode::BAD_REQUEST, "bad_request")
                    }
                    A::NameTaken => (StatusCode::CONFLICT, "name_taken"),
                    A::WrongPassword => (StatusCode::UNAUTHORIZED, "wrong_password"),
                    A::TooManyTries(_) => (StatusCode::TOO_MANY_REQUESTS, "too_many_tries"),
                    A::NotLoggedIn => (StatusCode::UNAUTHORIZED, "not_logged_in"),
                    A::NoSuchPlayer => (StatusCode::NOT_FOUND, "not_found"),
                    A::GamesInProgress(_) => (StatusCode::CONFLICT, "games_in_progress"),
                }
            }
        }
    }

    /// How long to wait before trying again, for the refusals that know.
    pub fn retry_after(&self) -> Option<std::time::Duration> {
        match self {
            ApiError::Account(crate::account::AccountError::TooManyTries(wait))
            | ApiError::TooManyPins(wait) => Some(*wait),
            ApiError::RateLimited => Some(std::time::Duration::from_secs(1)),
            _ => None,
        }
    }

    pub fn status(&self) -> StatusCode {
        self.status_and_code().0
    }

    pub fn code(&self) -> &'static str {
        self.status_and_code().1
    }

    /// The error as the API shows it.
    pub fn view(&self) -> ErrorView {
        let reason = match self {
            ApiError::Room(RoomError::Illegal(err)) => Some(ReasonView::of(*err)),
            _ => None,
        };
        ErrorView {
            code: self.code().into(),
            message: self.to_string(),
            reason,
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ApiError::Room(err) => err.fmt(f),
            ApiError::BadMove(err) => err.fmt(f),
            ApiError::BadRequest(message) => f.write_str(message),
            ApiError::NoSuchGame => f.write_str("no such game"),
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
            ApiError::TooManyRooms(limit) => {
                write!(f, "at most {limit} unfinished games per client")
            }
            ApiError::RateLimited => f.write_str("too many requests: slow down"),
            ApiError::Storage(message) => {
                write!(f, "the database failed, nothing was changed: {message}")
            }
            ApiError::Unavailable(message) => f.write_str(message),
            ApiError::BadExercise(message) => f.write_str(message),
            ApiError::NoSuchExercise => f.write_str("no such exercise"),
            ApiError::NoSuchLesson => f.write_str("no such lesson: see GET /api/learn/lessons"),
            ApiError::NoSuchPuzzle => f.write_str("no such puzzle"),
            ApiError::NotYourExercise => {
                f.write_str("this needs the token given when the exercise was shared")
            }
            ApiError::Club(err) => err.fmt(f),
            ApiError::NoSuchClass => f.write_str("no such class: check the code"),
            ApiError::NoSuchTournament => f.write_str("no such tournament"),
            ApiError::NotTeacher => f.write_str("this needs the token of the class's teacher"),
            ApiError::NotOrganiser => {
                f.write_str("this needs the token of the tournament's organiser")
            }
            ApiError::WrongPin => {
                f.write_str("wrong code or PIN (after 5 wrong PINs, wait a minute)")
            }
            ApiError::TooManyExercises(limit) => {
                write!(f, "at most {limit} shared exercises per client")
            }
            ApiError::Account(err) => err.fmt(f),
            ApiError::NoSuchAnalysis => {
                f.write_str("this game has no analysis yet: ask for one with POST")
            }
            ApiError::CrossOrigin => f.write_str(
                "this request comes from another site or port than the server's own pages: refused (API.md, \"Requests from pages\")",
            ),
            ApiError::UnsupportedMediaType => {
                f.write_str("send the body as JSON, with Content-Type: application/json")
            }
            ApiError::TooManyPins(wait) => write!(
                f,
                "too many wrong PINs: try again in {}",
                crate::limits::wait_words(*wait)
            ),
        }
    }
}

impl std::error::Error for ApiError {}

impl From<RoomError> for ApiError {
    fn from(err: RoomError) -> ApiError {
        ApiError::Room(err)
    }
}

impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> ApiError {
        ApiError::Storage(err.0)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status(), Json(ErrorBody { error: self.view() })).into_response();
        if let Some(wait) = self.retry_after() {
            let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(seconds.max(1)),
            );
        }
        response
    }
}

impl From<crate::club::class::ClassError> for ApiError {
    fn from(err: crate::club::class::ClassError) -> ApiError {
        ApiError::Club(err)
    }
}

impl From<crate::account::AccountError> for ApiError {
    fn from(err: crate::account::AccountError) -> ApiError {
        ApiError::Account(err)
    }
}
