//! `quoridor-lab bench server` in tiny configurations: it starts `quoridor
//! serve`, plays a few games over WebSocket and reports them.

use std::process::Command;

use serde_json::Value;

fn bench_server(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_quoridor-lab"))
        .args(["bench", "server", "--json"])
        .args(args)
        .output()
        .expect("the quoridor binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "quoridor-lab bench server {args:?} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&stdout).expect("one JSON object")
}

#[test]
fn a_few_moves_in_a_few_games() {
    let report = bench_server(&["--games", "3", "--moves-per-game", "6"]);
    assert_eq!(report["games"], 3);
    assert_eq!(report["connections"], 6);
    assert_eq!(report["connections_open_at_end"], 6);
    assert_eq!(report["moves"], 18);
    assert_eq!(report["games_cut"], 3);
    assert_eq!(report["errors"], 0);
    assert_eq!(report["round_trip"]["samples"], 18);
    let p50 = report["round_trip"]["p50_ms"].as_f64().unwrap();
    let max = report["round_trip"]["max_ms"].as_f64().unwrap();
    assert!(p50 > 0.0 && p50 <= max, "{report}");
    // The server was started by the bench, and measured.
    let server = &report["server"];
    assert!(server["peak_rss_kib"].as_u64().unwrap() > 0, "{report}");
    assert_eq!(server["killed"], false);
    assert_eq!(server["stderr"], Value::Array(Vec::new()));
    // Plain `quoridor bench` figures are not in it.
    assert!(report.get("perft_9x9_2p").is_none());
}

#[test]
fn whole_games_with_think_time() {
    let report = bench_server(&["--games", "2", "--think-ms", "1-3", "--seed", "7"]);
    assert_eq!(report["games"], 2);
    assert_eq!(report["games_ended"], 2);
    assert_eq!(report["errors"], 0);
    let moves = report["moves"].as_u64().unwrap();
    let plies = report["mean_plies"].as_f64().unwrap();
    assert_eq!(moves as f64, 2.0 * plies);
    // A game needs at least 8 moves of each pawn from the start (9×9).
    assert!(report["min_plies"].as_u64().unwrap() >= 15, "{report}");
}

#[test]
fn bad_arguments_are_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_quoridor-lab"))
        .args(["bench", "server", "--think-ms", "9-1"])
        .output()
        .expect("the quoridor-lab binary runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("above the high end"));
    // The fleets are the lab's: the players' program has none.
    let out = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args(["bench", "server"])
        .output()
        .expect("the quoridor binary runs");
    assert!(!out.status.success());
    for lab_only in ["train-eval", "mine-puzzles", "book"] {
        let out = Command::new(env!("CARGO_BIN_EXE_quoridor"))
            .arg(lab_only)
            .output()
            .expect("the quoridor binary runs");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && said.contains("unrecognized subcommand"),
            "{said}"
        );
    }
}
