//! The analysis board's engine: `POST /api/analyse` values any position
//! (set up by hand or taken from a game, in position notation) after a
//! line of moves: the engine's value, best move and line, every pawn's
//! shortest path, and the legal moves to go on exploring.

use std::sync::atomic::AtomicBool;

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::Json;
use quoridor_engine::book::Book;
use quoridor_engine::{Engine, SearchLimit, Silent};
use quoridor_rules::{Position, Square};
use serde::{Deserialize, Serialize};

use super::Analyses;
use crate::error::ApiError;
use crate::extract::Body;
use crate::model::RoomError;
use crate::request::parse_move;
use crate::view::LegalView;
use crate::wire::{self, PerSeat};

/// The most moves of a line explored from the position.
pub const MAX_LINE: usize = 200;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyseRequest {
    /// In position notation (`9 e1,e9 - 10,10 south 0`).
    pub position: String,
    /// Moves played from it, in order.
    #[serde(default)]
    pub moves: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardView {
    /// The position after the moves, in position notation.
    pub position: String,
    #[serde(with = "wire::seat")]
    pub turn: quoridor_rules::Seat,
    pub over: bool,
    /// The expected outcome for the side to move (0 to 1), and the
    /// engine's value as text (`+0.35`, `win in 3`).
    pub value: f64,
    pub score: String,
    pub best: Option<String>,
    pub line: Vec<String>,
    pub depth: u32,
    /// Each pawn's shortest path, from its square to its goal line.
    pub paths: PerSeat<Vec<String>>,
    /// The opening book's moves here, best first (empty out of the book).
    pub book: Vec<BookMoveView>,
    pub legal: LegalView,
}

/// A move of the opening book.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookMoveView {
    #[serde(rename = "move")]
    pub mv: String,
    /// The book's value for the mover (`+0.60`).
    pub score: String,
}

pub async fn analyse(
    State(analyses): State<Analyses>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Body(req): Body<AnalyseRequest>,
) -> Result<Json<BoardView>, ApiError> {
    // Each answer is a search: a few a second per address, so that nobody
    // keeps the searches from the games.
    if !analyses.inner.board_limit.allow(addr.ip()) {
        return Err(ApiError::RateLimited);
    }
    if req.moves.len() > MAX_LINE {
        return Err(ApiError::bad_request(format!(
            "moves: at most {MAX_LINE} in a line"
        )));
    }
    let mut pos: Position = req
        .position
        .trim()
        .parse()
        .map_err(|err| ApiError::bad_request(format!("position: {err}")))?;
    for text in &req.moves {
        let mv = parse_move(text)?;
        pos.play(mv).map_err(RoomError::from)?;
    }
    let limit = SearchLimit::MoveTime(analyses.inner.per_position);
    let permit = analyses
        .inner
        .hub
        .search_permit()
        .await
        .ok_or_else(|| ApiError::unavailable("the server is stopping"))?;
    let searched = tokio::task::spawn_blocking(move || {
        let mut engine = Engine::with_hash(8);
        // The board always searches; the book is shown beside.
        engine.set_book(false);
        let stop = AtomicBool::new(false);
        engine.search(&pos, limit, &stop, &mut Silent)
    })
    .await
    .map_err(|_| ApiError::unavailable("the search failed"))?;
    drop(permit);
    let names = |squares: Vec<Square>| squares.iter().map(ToString::to_string).collect();
    let paths = PerSeat::of(pos.seats(), |seat| {
        let mut path = vec![pos.pawn(seat)];
        path.extend(pos.shortest_path(seat).unwrap_or_default());
        names(path)
    });
    let over = pos.is_over();
    let (value, score, best, line, depth) = match &searched {
        Some(r) => (
            r.score.expected_outcome(),
            r.score.to_string(),
            Some(r.best.to_string()),
            r.pv.iter().map(ToString::to_string).collect(),
            r.depth,
        ),
        None => (0.5, String::new(), None, Vec::new(), 0),
    };
    Ok(Json(BoardView {
        position: pos.to_string(),
        turn: pos.turn(),
        over,
        value: (value * 1000.0).round() / 1000.0,
        score,
        best,
        line,
        depth,
        paths,
        book: Book::shipped()
            .moves(&pos)
            .iter()
            .map(|m| BookMoveView {
                mv: m.mv.to_string(),
                score: m.score.to_string(),
            })
            .collect(),
        legal: LegalView::of(&pos),
    }))
}
