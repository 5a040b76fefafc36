//! A finished game reviewed on the device, as the server's analysis
//! (`POST /api/games/{id}/analysis`, API.md "Computer analysis"): every
//! position valued by a search, the moves judged, South's expected
//! outcome for the graph, each player's accuracy. Progress goes to the
//! page as `{"done": n, "total": n}` after each position.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use quoridor_engine::review::{player_summaries, review_moves, south_graph, value_position};
use quoridor_engine::{Engine, SearchLimit};

use crate::game;
use crate::host::report_to_host;
use crate::json::Json;

/// The analysis of the game of `text` (as `qw_game` reads it), each
/// position searched for `ms`; or the game's error.
pub fn review(engine: &mut Engine, text: &str, ms: u32) -> String {
    let game = match game::build(text) {
        Ok(game) => game,
        Err(error) => return error,
    };
    let limit = SearchLimit::MoveTime(Duration::from_millis(u64::from(ms.max(1))));
    let stop = AtomicBool::new(false);
    let total = game.entries().len() + 1;
    engine.new_game();
    let mut values = Vec::with_capacity(total);
    for i in 0..total {
        let pos = game.position_at(i).copied().unwrap_or(*game.position());
        values.push(value_position(engine, &pos, limit, &stop));
        let mut progress = Json::default();
        progress
            .raw("{")
            .key("done", true)
            .number(i + 1)
            .key("total", false)
            .number(total)
            .raw("}");
        report_to_host(&progress.0);
    }
    let reviews = review_moves(&game, &values);
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    let mut json = Json::default();
    json.raw("{").key("per_position_ms", true).number(ms);
    json.key("graph", false).raw("[");
    for (i, v) in south_graph(&game, &values).iter().enumerate() {
        if i > 0 {
            json.raw(",");
        }
        json.number(v);
    }
    json.raw("]").key("moves", false).raw("[");
    for (i, r) in reviews.iter().enumerate() {
        if i > 0 {
            json.raw(",");
        }
        json.raw("{")
            .key("ply", true)
            .number(r.ply)
            .key("seat", false)
            .string(r.mover.name())
            .key("move", false)
            .string(&r.played.to_string())
            .key("best", false);
        match r.best {
            Some(best) => json.string(&best.to_string()),
            None => json.raw("null"),
        };
        json.key("line", false)
            .strings(&r.line)
            .key("before", false)
            .number(round(r.before))
            .key("after", false)
            .number(round(r.after))
            .key("loss", false)
            .number(round(r.loss))
            .key("judgement", false);
        match r.judgement {
            Some(j) => json.string(j.name()),
            None => json.raw("null"),
        };
        json.key("accuracy", false)
            .number((r.accuracy * 10.0).round() / 10.0)
            .key("book", false)
            .bool(r.book)
            .raw("}");
    }
    json.raw("]").key("players", false).raw("[");
    for (i, p) in player_summaries(&reviews).iter().enumerate() {
        if i > 0 {
            json.raw(",");
        }
        json.raw("{")
            .key("seat", true)
            .string(p.seat.name())
            .key("accuracy", false)
            .number(p.accuracy)
            .key("inaccuracies", false)
            .number(p.inaccuracies)
            .key("mistakes", false)
            .number(p.mistakes)
            .key("blunders", false)
            .number(p.blunders)
            .raw("}");
    }
    json.raw("]}");
    json.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_game_is_reviewed() {
        let mut engine = Engine::with_hash(1);
        let text = "5 2 2\nc2\nc4\nc3\nb4\nc4\nb3\nc5";
        let out = review(&mut engine, text, 5);
        assert!(
            out.starts_with("{\"per_position_ms\":5,\"graph\":["),
            "{out}"
        );
        assert!(out.contains("\"players\":[{\"seat\":\"south\""), "{out}");
        assert!(out.contains("\"move\":\"c5\""), "{out}");
        assert!(review(&mut engine, "5 2 2\nc4", 5).contains("\"error\""));
    }
}
