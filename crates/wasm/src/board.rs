//! What the page is told of a position and of a search, in the shape of
//! the server's analysis board (`POST /api/analysis/board`, API.md), so
//! that the page reads either the same way.

use quoridor_engine::book::Book;
use quoridor_engine::{SearchInfo, SearchResult};
use quoridor_rules::{IllegalMove, Position, SetupReason, SquareIter};

use crate::json::Json;

/// The position's facts: `position`, `turn`, `over`, `winner`, `paths`,
/// `book`, `legal` (pawn squares, fences, refused fences with their
/// reason's code), as members of an object being written.
pub fn facts(json: &mut Json, pos: &Position) {
    json.key("position", true).string(&pos.to_string());
    json.key("turn", false).string(pos.turn().name());
    json.key("over", false).bool(pos.is_over());
    json.key("paths", false).raw("{");
    for (i, &seat) in pos.seats().iter().enumerate() {
        let mut path = vec![pos.pawn(seat)];
        path.extend(pos.shortest_path(seat).unwrap_or_default());
        json.key(seat.name(), i == 0).strings(path);
    }
    json.raw("}");
    json.key("book", false).raw("[");
    for (i, m) in Book::shipped().moves(pos).iter().enumerate() {
        if i > 0 {
            json.raw(",");
        }
        json.raw("{")
            .key("move", true)
            .string(&m.mv.to_string())
            .key("score", false)
            .string(&m.score.to_string())
            .raw("}");
    }
    json.raw("]");
    legal(json, pos);
}

/// `"legal": {"pawn": [...], "fences": [...], "blocked": {...}}`.
fn legal(json: &mut Json, pos: &Position) {
    json.key("legal", false).raw("{");
    json.key("pawn", true)
        .strings(SquareIter::new(pos.pawn_moves()));
    let (fences, refused) = pos.fences_judged();
    let mut blocked = Json::default();
    for (i, (fence, err)) in refused.iter().enumerate() {
        blocked.key(&fence.to_string(), i == 0);
        reason(&mut blocked, err);
    }
    json.key("fences", false).strings(fences);
    json.key("blocked", false).raw("{").raw(&blocked.0).raw("}");
    json.raw("}");
}

/// A search's progress or result: `best`, `value` (0 to 1 for the side to
/// move), `score` (`+0.35`, `win in 3`), `line`, `depth`, `nodes`, `ms`.
pub fn search(json: &mut Json, info: &SearchInfo, first: bool) {
    let value = (info.score.expected_outcome() * 1000.0).round() / 1000.0;
    json.key("best", first);
    match info.pv.first() {
        Some(mv) => json.string(&mv.to_string()),
        None => json.raw("null"),
    };
    json.key("value", false).number(value);
    json.key("score", false).string(&info.score.to_string());
    json.key("line", false).strings(&info.pv);
    json.key("depth", false).number(info.depth);
    json.key("nodes", false).number(info.nodes);
    json.key("ms", false).number(info.elapsed.as_millis());
}

/// A finished search, its best move first in its line even where the
/// line is empty (a book or race move).
pub fn result(json: &mut Json, result: &SearchResult) {
    let mut info = result.info();
    if info.pv.first() != Some(&result.best) {
        info.pv.insert(0, result.best);
    }
    search(json, &info, true);
}

/// The best lines of a multi-PV search (`"lines": [...]`), each as a
/// search's result, best first.
pub fn lines(json: &mut Json, lines: &[SearchResult], first: bool) {
    json.key("lines", first).raw("[");
    for (i, found) in lines.iter().enumerate() {
        if i > 0 {
            json.raw(",");
        }
        json.raw("{");
        result(json, found);
        json.raw("}");
    }
    json.raw("]");
}

/// Why a position set up breaks the rules, as the server's `reason` of
/// a refused `POST /api/analyse`: its `code` and the square, seat, fence
/// or board size it names.
pub fn setup_reason(json: &mut Json, r: &SetupReason) {
    json.raw("{").key("code", true).string(r.key);
    if let Some(square) = r.square {
        json.key("square", false).string(&square.to_string());
    }
    if let Some(seat) = r.seat {
        json.key("seat", false).string(seat.name());
    }
    if let Some(fence) = r.fence {
        json.key("fence", false).string(&fence.to_string());
    }
    if let Some(size) = r.size {
        json.key("size", false).number(size);
    }
    json.raw("}");
}

/// Why a move is refused, as the server's `reason` (API.md): its `code`
/// and the fence, seat, squares or board size it names.
pub fn reason(json: &mut Json, err: &IllegalMove) {
    json.raw("{").key("code", true).string(err.code());
    match *err {
        IllegalMove::Overlaps(f) | IllegalMove::Crosses(f) => {
            json.key("fence", false).string(&f.to_string());
        }
        IllegalMove::NoPathLeft(s) | IllegalMove::PawnArrived(s) => {
            json.key("seat", false).string(s.name());
        }
        IllegalMove::NotReachable { from, to } => {
            json.key("from", false).string(&from.to_string());
            json.key("to", false).string(&to.to_string());
        }
        IllegalMove::OffBoard { size } => {
            json.key("size", false).number(size);
        }
        IllegalMove::GameOver | IllegalMove::NoFencesLeft | IllegalMove::PassNotAllowed => {}
    }
    json.raw("}");
}
