//! The native side of `scripts/bench-wasm.mjs`: the same work as the
//! WebAssembly does there (perft 4 from the start, then a search to a
//! fixed depth on each position of `tests/golden.json`), timed natively,
//! printed as JSON.

use std::time::Instant;

use quoridor_engine::Silent;
use quoridor_wasm::session::Limits;
use quoridor_wasm::Session;

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(6);
    let golden: serde_json::Value =
        serde_json::from_str(include_str!("../tests/golden.json")).unwrap();
    let mut session = Session::new();
    session.set("start 9 2");
    let began = Instant::now();
    let count = session.perft(4);
    let perft_s = began.elapsed().as_secs_f64();
    let mut nodes = 0u64;
    let began = Instant::now();
    let positions = golden["best"].as_array().unwrap();
    for entry in positions {
        session.set(entry["position"].as_str().unwrap());
        session.new_game();
        let limits = Limits {
            level: 8,
            depth,
            ms: 0.0,
            nodes: 0.0,
            seed: 0,
            book: false,
            lines: 0,
        };
        let found: serde_json::Value =
            serde_json::from_str(&session.search(limits, &mut Silent)).unwrap();
        nodes += found["nodes"].as_u64().unwrap_or(0);
    }
    let search_s = began.elapsed().as_secs_f64();
    println!(
        "{}",
        serde_json::json!({
            "perft4": count, "perft4_s": perft_s,
            "positions": positions.len(), "depth": depth, "nodes": nodes, "search_s": search_s,
        })
    );
}
