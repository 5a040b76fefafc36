//! Tests of `quoridor match`: short matches between engine levels, against
//! our own binary as an external program, and against broken programs.

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use quoridor_rules::{Outcome, Record, Team};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_quoridor");

fn quoridor(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("match")
        .args(args)
        .output()
        .expect("the quoridor binary runs")
}

/// Runs a match that must succeed and returns its JSON report.
fn json_match(args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    let out = quoridor(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "match failed: {stderr}");
    serde_json::from_slice(&out.stdout).expect("a JSON report")
}

/// A fresh directory for one test's files, removed when the test ends.
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("quoridor-match-{name}-"))
        .tempdir()
        .unwrap()
}

/// The records of a file written with `--records FILE.txt`.
fn read_records(path: &Path) -> Vec<Record> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut chunks: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.starts_with("[Game ") {
            chunks.push(String::new());
        }
        let chunk = chunks.last_mut().expect("a record starts with [Game]");
        chunk.push_str(line);
        chunk.push('\n');
    }
    chunks
        .iter()
        .map(|chunk| {
            chunk
                .parse::<Record>()
                .unwrap_or_else(|e| panic!("{e}\n{chunk}"))
        })
        .collect()
}

fn number(value: &Value) -> u64 {
    value
        .as_u64()
        .unwrap_or_else(|| panic!("not a number: {value}"))
}

/// Wins, draws, losses of the first player from the report.
fn wdl(report: &Value) -> (u64, u64, u64) {
    (
        number(&report["wins"]),
        number(&report["draws"]),
        number(&report["losses"]),
    )
}

/// The name that won a replayed record (`None` for a draw).
fn winner_name(record: &Record) -> Option<String> {
    let seat = match record.game().outcome().expect("a finished game") {
        Outcome::Winner(seat) => seat,
        Outcome::TeamWinner(team) => team.seats()[0],
        Outcome::Draw => return None,
    };
    let tag = match seat.name() {
        "south" => "South",
        "west" => "West",
        "north" => "North",
        _ => "East",
    };
    Some(record.tag(tag).expect("a player tag").to_string())
}

#[test]
fn a_short_match_reports_and_records_every_game() {
    let scratch = scratch("short");
    let dir = scratch.path();
    let file = dir.join("games.txt");
    let report = json_match(&[
        "--games",
        "4",
        "--size",
        "5",
        "--player",
        "level=1",
        "--player",
        "level=5",
        "--records",
        file.to_str().unwrap(),
    ]);
    let (w, d, l) = wdl(&report);
    assert_eq!(w + d + l, 4, "{report}");
    assert_eq!(number(&report["games"]), 4);
    let players = report["players"].as_array().unwrap();
    assert_eq!(players[0]["name"], "level1");
    assert_eq!(players[1]["name"], "level5");
    assert_eq!(number(&players[1]["wins"]), l);
    for player in players {
        for fault in ["losses_on_time", "illegal_moves", "crashes"] {
            assert_eq!(number(&player[fault]), 0, "{report}");
        }
    }
    let score = report["score"].as_f64().unwrap();
    assert!((score - (w as f64 + d as f64 / 2.0) / 4.0).abs() < 1e-9);

    // The records parse back (replaying every move) to the reported results.
    let records = read_records(&file);
    assert_eq!(records.len(), 4);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for (i, record) in records.iter().enumerate() {
        assert_eq!(record.tag("Round"), Some((i + 1).to_string().as_str()));
        assert!(record.tag("Opening").is_some());
        assert!(record.tag("TimeControl").is_some());
        assert_eq!(record.game().rules().ply_limit(), Some(400));
        match winner_name(record).as_deref() {
            Some("level1") => wins += 1,
            Some("level5") => losses += 1,
            None => draws += 1,
            Some(other) => panic!("unknown winner {other}"),
        }
    }
    assert_eq!((wins, draws, losses), (w, d, l));
    let plies: u32 = records.iter().map(|r| r.game().position().ply()).sum();
    let average = report["average_plies"].as_f64().unwrap();
    assert!((average - plies as f64 / 4.0).abs() < 1e-9);
}

#[test]
fn the_text_report_shows_the_statistics() {
    let out = quoridor(&[
        "--games", "2", "--size", "5", "--player", "depth=1", "--player", "depth=2",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    for part in [
        "Results for level8#1:",
        "Score:",
        "Elo difference:",
        "Plies per game:",
        "Time per move:",
        "Losses on time / illegal moves / crashes",
        "level8#2",
    ] {
        assert!(text.contains(part), "{part} missing in:\n{text}");
    }
}

#[test]
fn colours_alternate_and_openings_are_reproducible() {
    let scratch = scratch("colours");
    let dir = scratch.path();
    let run = |seed: &str, name: &str| {
        let file = dir.join(name);
        json_match(&[
            "--games",
            "6",
            "--size",
            "7",
            "--openings",
            "random:3",
            "--seed",
            seed,
            "--player",
            "level=2",
            "--player",
            "level=4",
            "--records",
            file.to_str().unwrap(),
        ]);
        read_records(&file)
    };
    let first = run("5", "a.txt");
    for pair in first.chunks(2) {
        assert_eq!(pair[0].tag("South"), Some("level2"));
        assert_eq!(pair[0].tag("North"), Some("level4"));
        assert_eq!(pair[1].tag("South"), Some("level4"));
        assert_eq!(pair[1].tag("North"), Some("level2"));
        assert_eq!(pair[0].tag("Opening"), pair[1].tag("Opening"));
        let opening = pair[0].tag("Opening").unwrap();
        assert_eq!(opening.split(' ').count(), 3, "{opening}");
        let moves: Vec<String> = pair[0].game().moves().map(|m| m.to_string()).collect();
        assert_eq!(moves[..3].join(" "), opening);
    }
    let openings = |records: &[Record]| -> Vec<String> {
        records
            .iter()
            .map(|r| r.tag("Opening").unwrap().to_string())
            .collect()
    };
    // The same seed gives the same games (the levels are deterministic for a
    // seed); another seed other openings.
    let again = run("5", "b.txt");
    assert_eq!(
        std::fs::read_to_string(dir.join("a.txt")).unwrap(),
        std::fs::read_to_string(dir.join("b.txt")).unwrap()
    );
    let other = run("6", "c.txt");
    assert_eq!(openings(&first), openings(&again));
    assert_ne!(openings(&first), openings(&other));
}

#[test]
fn openings_from_a_file() {
    let scratch = scratch("openings");
    let dir = scratch.path();
    let file = dir.join("openings.txt");
    std::fs::write(&file, "# two openings\n5 2 3 c2 c4\n5 2 3 b2h\n").unwrap();
    let records_dir = dir.join("records");
    let report = json_match(&[
        "--games",
        "4",
        "--size",
        "5",
        "--openings",
        file.to_str().unwrap(),
        "--player",
        "level=3",
        "--player",
        "level=3",
        "--records",
        records_dir.to_str().unwrap(),
    ]);
    assert_eq!(number(&report["games"]), 4);
    let openings: Vec<String> = (1..=4)
        .map(|i| {
            let path = records_dir.join(format!("game-{i:04}.txt"));
            let text = std::fs::read_to_string(path).unwrap();
            let record: Record = text.parse().unwrap();
            record.tag("Opening").unwrap().to_string()
        })
        .collect();
    assert_eq!(openings, ["c2 c4", "c2 c4", "b2h", "b2h"]);

    // An opening for other rules is refused before any game.
    let out = quoridor(&[
        "--games",
        "2",
        "--size",
        "7",
        "--openings",
        file.to_str().unwrap(),
        "--player",
        "level=1",
        "--player",
        "level=2",
    ]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("the match plays"), "{stderr}");
}

#[test]
fn our_own_binary_as_an_external_program() {
    let program = format!("time=100ms,name=gtp,cmd={BIN} gtp");
    let report = json_match(&[
        "--games", "2", "--size", "5", "--player", "level=3", "--player", &program,
    ]);
    let (w, d, l) = wdl(&report);
    assert_eq!(w + d + l, 2);
    let gtp = &report["players"][1];
    assert_eq!(gtp["name"], "gtp");
    for fault in ["losses_on_time", "illegal_moves", "crashes"] {
        assert_eq!(number(&gtp[fault]), 0, "{report}");
    }
    assert!(number(&gtp["moves"]) > 0);
    assert_eq!(
        report["concurrency"], 1,
        "a program is timed: one game at a time"
    );
}

#[test]
fn a_program_answering_nonsense_forfeits_with_the_reason_recorded() {
    let scratch = scratch("broken");
    let dir = scratch.path();
    let file = dir.join("games.txt");
    let script = r#"while read line; do case "$line" in genmove*) echo "= zz9";; *) echo "=";; esac; echo; done"#;
    let program = format!("time=100ms,name=broken,cmd=sh -c '{script}'");
    let started = Instant::now();
    let report = json_match(&[
        "--games",
        "2",
        "--size",
        "5",
        "--player",
        "level=2",
        "--player",
        &program,
        "--records",
        file.to_str().unwrap(),
    ]);
    assert!(started.elapsed() < Duration::from_secs(20));
    assert_eq!(wdl(&report), (2, 0, 0), "{report}");
    assert_eq!(number(&report["players"][1]["illegal_moves"]), 2);
    let records = read_records(&file);
    assert_eq!(records.len(), 2);
    for record in &records {
        let reason = record.tag("Forfeit").expect("a Forfeit tag");
        assert!(
            reason.contains("broken") && reason.contains("zz9"),
            "{reason}"
        );
        assert_eq!(winner_name(record).as_deref(), Some("level2"));
    }
}

#[test]
fn a_silent_program_loses_on_time_without_hanging_the_runner() {
    let scratch = scratch("silent");
    let dir = scratch.path();
    let file = dir.join("games.txt");
    // Answers `newgame`, then reads nothing more and never answers.
    let program = "time=50ms,timeout=2s,name=mute,cmd=sh -c 'read x; echo =; echo; exec sleep 30'";
    let started = Instant::now();
    let report = json_match(&[
        "--games",
        "2",
        "--size",
        "5",
        "--player",
        program,
        "--player",
        "level=1",
        "--records",
        file.to_str().unwrap(),
    ]);
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(wdl(&report), (0, 0, 2), "{report}");
    assert_eq!(number(&report["players"][0]["losses_on_time"]), 2);
    for record in read_records(&file) {
        assert!(record
            .tag("Forfeit")
            .unwrap()
            .contains("mute: lost on time"));
        assert_eq!(
            record.game().termination(),
            Some(quoridor_rules::Termination::Timeout)
        );
    }
}

#[test]
fn a_missing_program_stops_the_match_with_an_error() {
    let out = quoridor(&[
        "--games",
        "2",
        "--size",
        "5",
        "--player",
        "level=1",
        "--player",
        "cmd=/nonexistent/bot --x",
    ]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cannot start"), "{stderr}");
}

#[test]
fn four_player_team_games_score_by_team() {
    let scratch = scratch("teams");
    let dir = scratch.path();
    let file = dir.join("games.txt");
    let report = json_match(&[
        "--games",
        "2",
        "--size",
        "5",
        "--players",
        "4",
        "--variant",
        "teams",
        "--player",
        "level=4",
        "--player",
        "level=1",
        "--records",
        file.to_str().unwrap(),
    ]);
    let (w, d, l) = wdl(&report);
    assert_eq!(w + d + l, 2);
    let records = read_records(&file);
    assert_eq!(records[0].tag("South"), Some("level4"));
    assert_eq!(records[0].tag("West"), Some("level4"));
    assert_eq!(records[0].tag("North"), Some("level1"));
    assert_eq!(records[1].tag("South"), Some("level1"));
    let wins = records
        .iter()
        .filter(|r| match r.game().outcome() {
            Some(Outcome::TeamWinner(Team::SouthWest)) => r.tag("South") == Some("level4"),
            Some(Outcome::TeamWinner(Team::NorthEast)) => r.tag("North") == Some("level4"),
            _ => false,
        })
        .count();
    assert_eq!(wins as u64, w);
}

#[test]
fn bad_arguments_are_refused() {
    for args in [
        &["--player", "level=1"][..],
        &["--player", "level=1", "--player", "level=99"],
        &["--player", "level=1", "--player", "level=2", "--games", "0"],
        &[
            "--player",
            "level=1",
            "--player",
            "level=2",
            "--variant",
            "teams",
        ],
        &[
            "--player",
            "level=1",
            "--player",
            "level=2",
            "--openings",
            "random:x",
        ],
    ] {
        let out = quoridor(args);
        assert!(!out.status.success(), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}
