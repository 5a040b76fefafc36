//! The native answers the WebAssembly must give: perft counts on positions
//! of the conformance corpus and the best move at a fixed depth and seed on
//! 100 positions, and the three best lines on 8, kept in `golden.json`, which Node's test of the module
//! (`crates/server/web/test/engine-wasm.test.js`) reads. This test holds
//! the file to what the native code answers now; `QUORIDOR_BLESS=1`
//! rewrites it after a change to the rules or the engine.

use quoridor_engine::Silent;
use quoridor_rules::{Move, Position, Ruleset};
use quoridor_wasm::session::Limits;
use quoridor_wasm::Session;
use serde_json::{json, Value};

/// Positions from the middle and three quarters of the corpus's games.
fn corpus_positions() -> Vec<String> {
    let files = [
        include_str!("../../rules/tests/data/openspiel-2p.jsonl"),
        include_str!("../../rules/tests/data/openspiel-4p.jsonl"),
    ];
    let mut positions = Vec::new();
    for text in files {
        for (i, line) in text.lines().enumerate().filter(|(i, _)| i % 4 == 0) {
            let game: Value = serde_json::from_str(line).unwrap();
            let number = |key: &str| game[key].as_u64().unwrap() as u32;
            let rules = Ruleset::new(number("size"), number("players"))
                .unwrap()
                .with_fences(number("walls"))
                .unwrap();
            let moves: Vec<Move> = game["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().parse().unwrap())
                .collect();
            let stop = if i % 8 == 0 {
                moves.len() / 2
            } else {
                moves.len() * 3 / 4
            };
            let mut pos = Position::new(rules);
            for &mv in &moves[..stop] {
                pos.play(mv).unwrap();
            }
            if !pos.is_over() {
                positions.push(pos.to_string());
            }
        }
    }
    positions
}

fn answers() -> Value {
    let positions = corpus_positions();
    let mut session = Session::new();
    let perft: Vec<Value> = positions
        .iter()
        .take(40)
        .enumerate()
        .map(|(i, position)| {
            session.set(position);
            let depth = if i % 4 == 0 { 3 } else { 2 };
            json!({"position": position, "depth": depth, "count": session.perft(depth)})
        })
        .collect();
    let best: Vec<Value> = positions
        .iter()
        .cycle()
        .take(100)
        .enumerate()
        .map(|(i, position)| {
            let level = 1 + (i % 8) as u32;
            // Levels 1 to 5 at their own depth; the others at three or four
            // plies (their own limit is a time).
            let depth = if level <= 5 { 0 } else { 3 + (i % 2) as u32 };
            let limits = Limits {
                level,
                depth,
                ms: 0.0,
                nodes: 0.0,
                seed: i as u64,
                book: false,
                lines: 0,
            };
            session.set(position);
            session.new_game();
            let found: Value = serde_json::from_str(&session.search(limits, &mut Silent)).unwrap();
            json!({
                "position": position, "level": level, "depth": depth, "seed": i,
                "best": found["best"], "score": found["score"],
            })
        })
        .collect();
    // The analysis board's three best lines at four plies.
    let lines: Vec<Value> = positions
        .iter()
        .step_by(7)
        .take(8)
        .map(|position| {
            let limits = Limits {
                level: 8,
                depth: 4,
                ms: 0.0,
                nodes: 0.0,
                seed: 0,
                book: false,
                lines: 3,
            };
            session.set(position);
            session.new_game();
            let found: Value = serde_json::from_str(&session.search(limits, &mut Silent)).unwrap();
            let lines: Vec<Value> = found["lines"]
                .as_array()
                .map(|all| all.iter().map(|l| json!([l["best"], l["score"]])).collect())
                .unwrap_or_default();
            json!({"position": position, "depth": 4, "lines": lines})
        })
        .collect();
    json!({"perft": perft, "best": best, "lines": lines})
}

#[test]
fn the_golden_answers_are_the_native_engines() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden.json");
    let now = serde_json::to_string_pretty(&answers()).unwrap() + "\n";
    if std::env::var_os("QUORIDOR_BLESS").is_some() {
        std::fs::write(path, &now).unwrap();
    }
    let kept = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        kept == now,
        "{path} differs from the native answers: rerun with QUORIDOR_BLESS=1 if the change is meant"
    );
}
