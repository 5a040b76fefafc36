//! The page's own answers, kept in `golden.json` for the Node test
//! (`web/test/offline-wasm.test.js`), which asks the WebAssembly the same
//! requests and must hear the same: the native code here is the server's
//! (`quoridor_learn::page`, `quoridor_exercises::page`). `QUORIDOR_BLESS=1`
//! writes the file anew.

use serde_json::{json, Value};

/// The page's own answers to the tutorial's, the puzzles' and the
/// classroom's requests (the server's code): Node
/// asks the module the same and must hear the same.
fn offline_answers() -> Vec<Value> {
    let puzzle = &quoridor_learn::shipped()[5];
    let exercise = quoridor_exercises::generate(quoridor_exercises::Kind::Maze, 3, 11);
    let requests = [
        json!({"method": "GET", "path": "/api/learn/lessons?lang=fr&wording=child"}),
        json!({"method": "POST", "path": "/api/learn/check",
               "body": {"lesson": "jump", "move": "e7", "lang": "ro"}}),
        json!({"method": "POST", "path": "/api/learn/puzzles/next",
               "body": {"rating": 1400, "seen": ["article-1", "article-2"], "lang": "fr"}}),
        json!({"method": "POST", "path": "/api/learn/puzzles/check",
               "body": {"id": puzzle.id, "move": puzzle.solution[0], "rating": 1200}}),
        json!({"method": "GET", "path": format!("/api/learn/puzzles/{}?lang=ro", puzzle.id)}),
        json!({"method": "GET", "path": "/api/classroom/exercise?kind=maze&level=3&lang=fr", "seed": 11}),
        json!({"method": "POST", "path": "/api/classroom/solution",
               "body": {"exercise": exercise, "lang": "ro"}}),
        json!({"method": "POST", "path": "/api/classroom/check",
               "body": {"exercise": exercise, "answer": {"answer": "route", "squares": ["a1"]}}}),
        json!({"method": "GET", "path": "/api/classroom/texts?lang=fr"}),
        json!({"method": "GET", "path": "/api/classroom/exercise?level=8"}),
    ];
    requests
        .into_iter()
        .map(|request| {
            let body = request
                .get("body")
                .map(|b| b.to_string())
                .unwrap_or_default();
            let seed = request["seed"].as_u64().unwrap_or(0);
            let input = format!(
                "{} {}\n{seed}\n{body}",
                request["method"].as_str().unwrap(),
                request["path"].as_str().unwrap()
            );
            let answer: Value =
                serde_json::from_str(&quoridor_wasm_offline::answer::answer(&input)).unwrap();
            json!({"request": request, "answer": answer})
        })
        .collect()
}

#[test]
fn the_golden_answers_are_the_native_ones() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden.json");
    let now = serde_json::to_string_pretty(&offline_answers()).unwrap() + "\n";
    if std::env::var_os("QUORIDOR_BLESS").is_some() {
        std::fs::write(path, &now).unwrap();
    }
    let kept = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        kept == now,
        "{path} differs from the native answers: rerun with QUORIDOR_BLESS=1 if the change is meant"
    );
}
