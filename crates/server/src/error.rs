//! The one error type of the server. Every failure becomes a status code and
//! `{"error": {"code", "message", "reason"?}}` (see API.md).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use quoridor_rules::{IllegalMove, ParseError, Seat};
use serde_json::{json, Value};

#[derive(Clone, Debug, PartialEq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    /// Why the rules refused a move.
    pub reason: Option<Value>,
}

impl ApiError {
    fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            reason: None,
        }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    pub fn bad_move(err: ParseError) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_move", err.to_string())
    }

    pub fn illegal(err: IllegalMove) -> ApiError {
        ApiError {
            reason: Some(reason_json(err)),
            ..ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "illegal_move",
                err.to_string(),
            )
        }
    }

    pub fn unauthorized() -> ApiError {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "this needs the token of a seat of this game",
        )
    }

    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "not_allowed", message)
    }

    pub fn not_allowed(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "not_allowed", message)
    }

    pub fn not_your_turn(turn: Seat) -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "not_your_turn",
            format!("it is {turn}'s turn"),
        )
    }

    pub fn time_up(turn: Seat) -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "game_over",
            format!("{turn}'s time is up"),
        )
    }

    pub fn not_started() -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "not_started",
            "the game waits for players to take the free seats",
        )
    }

    pub fn game_over() -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "game_over", "the game is over")
    }

    pub fn seat_taken(seat: Seat) -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "seat_taken",
            format!("{seat} is already taken"),
        )
    }

    pub fn no_free_seat() -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "no_free_seat",
            "every seat of this game is taken",
        )
    }

    pub fn not_found() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such game")
    }

    pub fn too_many_rooms(limit: usize) -> ApiError {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_rooms",
            format!("at most {limit} unfinished games per client"),
        )
    }

    pub fn rate_limited() -> ApiError {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "too many requests: slow down",
        )
    }

    pub fn payload_too_large(limit: usize) -> ApiError {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            format!("at most {limit} bytes"),
        )
    }

    pub fn storage(message: impl Into<String>) -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "storage",
            format!(
                "the database failed, nothing was changed: {}",
                message.into()
            ),
        )
    }

    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", message)
    }

    /// The JSON body.
    pub fn body(&self) -> Value {
        let mut error = json!({"code": self.code, "message": self.message});
        if let Some(reason) = &self.reason {
            error["reason"] = reason.clone();
        }
        json!({ "error": error })
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body())).into_response()
    }
}

/// Why the rules refuse a move, as `{"code", ..., "text"}` so that pages can
/// translate it.
pub fn reason_json(err: IllegalMove) -> Value {
    let mut reason = match err {
        IllegalMove::GameOver => json!({"code": "game_over"}),
        IllegalMove::NotReachable { from, .. } => {
            json!({"code": "not_reachable", "from": from.to_string()})
        }
        IllegalMove::OffBoard { .. } => json!({"code": "off_board"}),
        IllegalMove::NoFencesLeft => json!({"code": "no_fences_left"}),
        IllegalMove::Overlaps(fence) => json!({"code": "overlaps", "fence": fence.to_string()}),
        IllegalMove::Crosses(fence) => json!({"code": "crosses", "fence": fence.to_string()}),
        IllegalMove::NoPathLeft(seat) => json!({"code": "no_path_left", "seat": seat.name()}),
        IllegalMove::PassNotAllowed => json!({"code": "pass_not_allowed"}),
        IllegalMove::PawnArrived(seat) => json!({"code": "pawn_arrived", "seat": seat.name()}),
    };
    reason["text"] = Value::String(err.to_string());
    reason
}
