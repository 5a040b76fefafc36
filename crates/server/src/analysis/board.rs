//! The analysis board's engine: `POST /api/analyse` values any position
//! (set up by hand or taken from a game, in position notation) after a
//! line of moves: the engine's value, best move and line, every pawn's
//! shortest path, and the legal moves to go on exploring. Asked for a
//! depth, the search is the page's own (the same table, an empty one, seed
//! 0), so that the server and every device show the same best move; asked
//! for several lines, it finds that many best moves.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, State};
use axum::Json;
use quoridor_engine::book::Book;
use quoridor_engine::{Engine, SearchLimit, SearchResult, Silent, SHARED_HASH_MB};
use quoridor_rules::{Position, Square};
use serde::{Deserialize, Serialize};

use super::Analyses;
use crate::error::ApiError;
use crate::extract::Body;
use crate::request::parse_move;
use crate::view::LegalView;
use quoridor_game::wire::{self, PerSeat};
use quoridor_game::RoomError;

/// The most moves of a line explored from the position.
pub const MAX_LINE: usize = 200;
/// The deepest search asked for, and the most lines.
pub const MAX_DEPTH: u32 = 14;
pub const MAX_LINES: u32 = 3;
/// The longest a search to a depth runs here: a deeper answer than this
/// allows stops at the depth it reached (and says which).
const DEPTH_TIME: Duration = Duration::from_secs(2);

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyseRequest {
    /// In position notation (`9 e1,e9 - 10,10 south 0`).
    pub position: String,
    /// Moves played from it, in order.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Search to this many plies (1 to [`MAX_DEPTH`]) rather than for the
    /// server's short time.
    #[serde(default)]
    pub depth: Option<u32>,
    /// How many best moves to find (1 to [`MAX_LINES`]).
    #[serde(default)]
    pub lines: Option<u32>,
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
    /// The best moves found, best first, where several were asked for.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<LineView>,
}

/// One of the best moves, with its value and the line it leads to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LineView {
    pub best: String,
    pub value: f64,
    pub score: String,
    pub line: Vec<String>,
    pub depth: u32,
}

impl LineView {
    fn of(found: &SearchResult) -> LineView {
        LineView {
            best: found.best.to_string(),
            value: (found.score.expected_outcome() * 1000.0).round() / 1000.0,
            score: found.score.to_string(),
            line: found.pv.iter().map(ToString::to_string).collect(),
            depth: found.depth,
        }
    }
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
        .map_err(super::AnalysisError::Position)?;
    for text in &req.moves {
        let mv = parse_move(text)?;
        pos.play(mv).map_err(RoomError::from)?;
    }
    let limit = match req.depth {
        None => SearchLimit::MoveTime(analyses.inner.per_position),
        Some(depth @ 1..=MAX_DEPTH) => SearchLimit::Depth(depth),
        Some(_) => {
            return Err(ApiError::bad_request(format!(
                "depth: 1 to {MAX_DEPTH} plies"
            )))
        }
    };
    let count = match req.lines.unwrap_or(1) {
        count @ 1..=MAX_LINES => count as usize,
        _ => return Err(ApiError::bad_request(format!("lines: 1 to {MAX_LINES}"))),
    };
    let client = crate::limits::client_key(addr.ip());
    let permit = analyses.inner.hub.asked_search(Some(&client)).await?;
    let stop = Arc::new(AtomicBool::new(false));
    let timer = {
        let stop = stop.clone();
        tokio::spawn(async move {
            tokio::time::sleep(DEPTH_TIME).await;
            stop.store(true, Ordering::Relaxed);
        })
    };
    let found = tokio::task::spawn_blocking(move || {
        let mut engine = Engine::with_hash(SHARED_HASH_MB);
        // The board always searches; the book is shown beside.
        engine.set_book(false);
        engine.search_lines(&pos, limit, count, &stop, &mut Silent, &mut |_| {})
    })
    .await
    .map_err(|_| ApiError::unavailable("the search failed"));
    timer.abort();
    drop(permit);
    let found = found?;
    let searched = found.first();
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
        lines: if count > 1 {
            found.iter().map(LineView::of).collect()
        } else {
            Vec::new()
        },
    }))
}
