//! Tests of the `quoridor` command line: `perft` (plain, with a table,
//! with threads), `bench`, and `mine-puzzles --reprove` / `--check`.

use std::process::{Command, Output};

use quoridor_rules::{perft, Fence, Move, Orientation, Position, Ruleset, Square};

/// `quoridor-lab` with these arguments.
fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_quoridor-lab"))
        .args(args)
        .output()
        .unwrap()
}

fn quoridor(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args(args)
        .output()
        .expect("the quoridor binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

/// The standard output of a run that must have succeeded (its standard
/// error shown if it did not).
fn succeeded(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout(out)
}

/// The count of a `perft D: COUNT in …` line.
fn perft_total(text: &str, depth: u32) -> u64 {
    let prefix = format!("perft {depth}: ");
    let line = text
        .lines()
        .find(|l| l.starts_with(&prefix))
        .expect("a perft line");
    line[prefix.len()..]
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// The sum of the `move: count` lines of `perft --divide`.
fn divide_sum(text: &str) -> u64 {
    text.lines()
        .filter(|l| !l.starts_with("perft "))
        .map(|l| l.split_once(": ").unwrap().1.parse::<u64>().unwrap())
        .sum()
}

/// Every move that could exist on a board of this size, legal or not.
fn candidates(size: u8) -> Vec<Move> {
    let mut moves = vec![Move::Pass];
    for col in 0..size {
        for row in 0..size {
            let sq = Square::new(col, row);
            moves.push(Move::Pawn(sq));
            if col + 1 < size && row + 1 < size {
                moves.push(Move::Fence(Fence::new(sq, Orientation::Horizontal)));
                moves.push(Move::Fence(Fence::new(sq, Orientation::Vertical)));
            }
        }
    }
    moves
}

/// Perft by trying every candidate move with the checked `Position::play`,
/// which uses neither the bitset fence filters nor `legal()`.
fn slow_perft(pos: &Position, depth: u32, candidates: &[Move]) -> u64 {
    if depth == 0 {
        return 1;
    }
    candidates
        .iter()
        .filter_map(|&mv| {
            let mut next = *pos;
            next.play(mv)
                .ok()
                .map(|()| slow_perft(&next, depth - 1, candidates))
        })
        .sum()
}

#[test]
fn perft_3_from_the_standard_start() {
    let out = quoridor(&["perft", "3"]);
    let text = succeeded(&out);
    assert!(text.starts_with("perft 3: 2062264 in "), "{text}");
    assert!(text.trim_end().ends_with("/s), 1 thread"), "{text}");
}

#[test]
fn perft_counts_from_a_position_given() {
    let moves = "e2 e8 e3 e7 c3h";
    let mut pos = Position::new(Ruleset::STANDARD);
    for mv in moves.split(' ') {
        pos.play(mv.parse().unwrap()).unwrap();
    }
    for depth in [1, 2] {
        let out = quoridor(&["perft", &depth.to_string(), "--from", moves, "--hash", "0"]);
        let total = perft_total(&succeeded(&out), depth);
        assert_eq!(
            total,
            slow_perft(&pos, depth, &candidates(9)),
            "depth {depth}"
        );
    }
    // titanium-quoridor's count of the same position (perft 3 e2 e8 e3 e7 c3h).
    let out = quoridor(&["perft", "3", "--from", moves]);
    assert_eq!(perft_total(&succeeded(&out), 3), 1_922_460);
    // A game line and a position notation are read too.
    let out = quoridor(&["perft", "1", "--from", "9 2 10 e2 e8"]);
    let mut after = Position::new(Ruleset::STANDARD);
    after.play("e2".parse().unwrap()).unwrap();
    after.play("e8".parse().unwrap()).unwrap();
    assert_eq!(perft_total(&succeeded(&out), 1), after.legal().len() as u64);
    // A move that is not one: a clear error, no count.
    let out = quoridor(&["perft", "2", "--from", "e2 zz"]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("--from") && said.contains("zz"), "{said}");
}

#[test]
fn perft_on_a_small_four_player_board() {
    let rules = Ruleset::new(5, 4).unwrap();
    let pos = Position::new(rules);
    let cands = candidates(5);
    for depth in [1, 2, 3] {
        let out = quoridor(&["perft", &depth.to_string(), "--size", "5", "--players", "4"]);
        let total = perft_total(&succeeded(&out), depth);
        assert_eq!(total, perft(&pos, depth), "depth {depth}");
        assert_eq!(total, slow_perft(&pos, depth, &cands), "depth {depth}");
    }
}

#[test]
fn perft_with_fewer_fences() {
    let rules = Ruleset::new(7, 2).unwrap().with_fences(2).unwrap();
    let pos = Position::new(rules);
    let out = quoridor(&["perft", "3", "--size", "7", "--fences", "2"]);
    let total = perft_total(&succeeded(&out), 3);
    assert_eq!(total, slow_perft(&pos, 3, &candidates(7)));
}

#[test]
fn divide_lists_each_first_move_sorted_and_sums_to_the_total() {
    let out = quoridor(&["perft", "2", "--divide"]);
    let text = succeeded(&out);
    let mut moves = Vec::new();
    let mut sum = 0;
    for line in text.lines().filter(|l| !l.starts_with("perft ")) {
        let (mv, count) = line.split_once(": ").expect("`move: count`");
        mv.parse::<Move>().expect("a move in notation");
        moves.push(mv.to_string());
        sum += count.parse::<u64>().unwrap();
    }
    assert_eq!(moves.len(), 131);
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert_eq!(perft_total(&text, 2), 16_677);
    assert_eq!(sum, 16_677);
    // A first move's count is the number of replies.
    let e2 = text.lines().find(|l| l.starts_with("e2: ")).unwrap();
    let mut pos = Position::new(Ruleset::STANDARD);
    pos.play("e2".parse().unwrap()).unwrap();
    assert_eq!(e2, format!("e2: {}", pos.legal().len()));
}

#[test]
fn divide_on_four_players_sums_to_perft() {
    let out = quoridor(&["perft", "3", "--divide", "--size", "7", "--players", "4"]);
    let text = succeeded(&out);
    let sum = divide_sum(&text);
    let expected = perft(&Position::new(Ruleset::new(7, 4).unwrap()), 3);
    assert_eq!(sum, expected);
    assert_eq!(perft_total(&text, 3), expected);
}

#[test]
fn bad_board_arguments_are_refused_clearly() {
    for (args, message) in [
        (
            &["perft", "2", "--size", "8"][..],
            "board size must be odd, from 3 to 11 (got 8)",
        ),
        (
            &["perft", "2", "--size", "13"][..],
            "board size must be odd",
        ),
        (
            &["perft", "2", "--players", "3"][..],
            "players must be 2 or 4 (got 3)",
        ),
        (
            &["perft", "1", "--fences", "500"][..],
            "fences per player must be at most 128",
        ),
    ] {
        let out = quoridor(args);
        assert!(!out.status.success(), "{args:?} succeeded");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn perft_with_a_table_and_threads_counts_the_same() {
    // The table is used from depth 5 on.
    let plain = perft(&Position::new(Ruleset::new(5, 2).unwrap()), 5);
    for extra in [
        &["--hash", "0"][..],
        &["--hash", "1"],
        &["--threads", "2"],
        &["--threads", "3", "--hash", "8"],
    ] {
        let mut args = vec!["perft", "5", "--size", "5"];
        args.extend_from_slice(extra);
        let out = quoridor(&args);
        assert!(out.status.success(), "{args:?}: {out:?}");
        let text = stdout(&out);
        assert_eq!(perft_total(&text, 5), plain, "{args:?}");
        let threads = if extra.contains(&"2") {
            "2 threads"
        } else {
            "thread"
        };
        assert!(text.contains(threads), "{args:?}: {text}");
        assert_eq!(text.contains("table"), extra != ["--hash", "0"], "{text}");
    }
    let out = quoridor(&["perft", "4", "--size", "5"]);
    assert!(!stdout(&out).contains("table"), "perft(4) is counted plain");
    let out = quoridor(&["perft", "4", "--size", "5", "--divide", "--threads", "2"]);
    let text = stdout(&out);
    let sum = divide_sum(&text);
    assert_eq!(sum, perft(&Position::new(Ruleset::new(5, 2).unwrap()), 4));
    for bad in [
        &["--threads", "0"][..],
        &["--hash", "-1"],
        &["--hash", "lots"],
    ] {
        let mut args = vec!["perft", "3"];
        args.extend_from_slice(bad);
        let out = quoridor(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn bad_perft_depth_is_a_usage_error() {
    let out = quoridor(&["perft", "deep"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("invalid value"));
}

#[test]
fn bench_quick_prints_its_table() {
    let out = quoridor(&["bench", "--quick", "--seconds", "0.1"]);
    let text = succeeded(&out);
    for row in [
        "random games 9x9 2p, no cap",
        "random games 9x9 2p, 324-ply cap",
        "random games 9x9 4p, no cap",
        "perft(3) 9x9 2p",
        "2,062,264 leaves ok",
        "movegen mid-game legal()",
        "movegen mid-game legal_moves()",
        "targets:",
    ] {
        assert!(text.contains(row), "missing {row:?} in\n{text}");
    }
    // No progress bars on a pipe.
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn bench_quick_json_has_the_figures() {
    let out = quoridor(&["bench", "--quick", "--json", "--seconds", "0.05"]);
    assert!(out.status.success(), "{out:?}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    for key in [
        "random_games_9x9_2p",
        "random_games_9x9_2p_cap324",
        "random_games_9x9_4p",
    ] {
        assert!(json[key]["plies_per_sec"].as_f64().unwrap() > 0.0, "{key}");
        assert!(json[key]["games"].as_u64().unwrap() > 0, "{key}");
    }
    let capped = &json["random_games_9x9_2p_cap324"];
    assert!(capped["longest_game"].as_u64().unwrap() <= 324);
    let perft = json["perft_9x9_2p"].as_array().unwrap();
    assert!(perft.iter().all(|p| p["ok"] == true));
    assert!(
        json["movegen_midgame"]["legal"]["moves_per_sec"]
            .as_f64()
            .unwrap()
            > 0.0
    );
    assert!(json.get("openspiel").is_none());
}

#[test]
fn bench_refuses_a_bad_duration() {
    let out = quoridor(&["bench", "--seconds", "0"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--seconds must be a positive number"));
}

#[test]
fn bench_openspiel_without_python_continues() {
    let out = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args(["bench", "--quick", "--seconds", "0.05", "--openspiel"])
        .env("PYTHON", "/nonexistent/python3")
        .output()
        .unwrap();
    let text = succeeded(&out);
    assert!(
        text.contains("OpenSpiel: not measured: cannot run /nonexistent/python3"),
        "{text}"
    );
}

/// The learned evaluation's pipeline, small: self-play positions, then
/// weights trained on them that the engine reads back.
#[test]
fn train_eval_plays_then_fits_weights_that_load() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("selfplay.tsv");
    let weights = dir.path().join("net.bin");
    let data_arg = data.to_str().unwrap();
    let out = lab(&[
        "train-eval",
        "play",
        "--games",
        "12",
        "--nodes",
        "300",
        "--threads",
        "1",
        "-o",
        data_arg,
    ]);
    let text = succeeded(&out);
    assert!(text.contains(" positions written to "), "{text}");
    // Progress as lines on a pipe; the games went to `.partial` first.
    let progress = String::from_utf8_lossy(&out.stderr);
    assert!(progress.contains("self-play: 12/12 games, "), "{progress}");
    assert!(!dir.path().join("selfplay.tsv.partial").exists());
    let text = std::fs::read_to_string(&data).unwrap();
    // Game number, position, the search's value, the result.
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 4, "{line}");
        assert!(fields[1].parse::<Position>().is_ok(), "{line}");
        assert!(fields[3] == "0" || fields[3] == "1", "{line}");
    }
    let out = lab(&[
        "train-eval",
        "fit",
        data_arg,
        "--hidden",
        "4",
        "--epochs",
        "2",
        "-o",
        weights.to_str().unwrap(),
    ]);
    let text = succeeded(&out);
    assert!(text.contains("held-out loss: hand-made"), "{text}");
    let bytes = std::fs::read(&weights).unwrap();
    let net = quoridor_engine::net::Network::from_bytes(&bytes).unwrap();
    assert_eq!(net.hidden(), 4);

    // A next generation: games played by the network, and the weights
    // trained further from the last ones (their size kept).
    let next_data = dir.path().join("learned.tsv");
    let out = lab(&[
        "train-eval",
        "play",
        "--eval",
        "learned",
        "--games",
        "4",
        "--nodes",
        "300",
        "--threads",
        "1",
        "-o",
        next_data.to_str().unwrap(),
    ]);
    succeeded(&out);
    let next = dir.path().join("next.bin");
    let out = lab(&[
        "train-eval",
        "fit",
        data_arg,
        next_data.to_str().unwrap(),
        "--from",
        weights.to_str().unwrap(),
        "--epochs",
        "1",
        "-o",
        next.to_str().unwrap(),
    ]);
    let text = succeeded(&out);
    assert!(
        text.contains("held-out loss of the starting weights"),
        "{text}"
    );
    let bytes = std::fs::read(&next).unwrap();
    assert_eq!(
        quoridor_engine::net::Network::from_bytes(&bytes)
            .unwrap()
            .hidden(),
        4
    );
    // Starting weights that are not weights are refused, and nothing is
    // written.
    let nothing = dir.path().join("nothing.bin");
    let out = lab(&[
        "train-eval",
        "fit",
        data_arg,
        "--from",
        data_arg,
        "-o",
        nothing.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("not a weights file"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!nothing.exists());

    // A malformed data file is refused with its line.
    let bad = dir.path().join("bad.tsv");
    std::fs::write(&bad, "0\tnot a position\t10\t1\n").unwrap();
    let out = lab(&[
        "train-eval",
        "fit",
        bad.to_str().unwrap(),
        "-o",
        weights.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.tsv:1:"));
}

#[test]
fn book_builds_a_small_book_and_shows_the_shipped_one() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("book.txt");
    let out = lab(&[
        "book",
        "build",
        "--plies",
        "2",
        "--nodes",
        "2000",
        "--threads",
        "1",
        "-o",
        file.to_str().unwrap(),
    ]);
    let text = succeeded(&out);
    assert!(text.contains(" positions written to "), "{text}");
    let text = std::fs::read_to_string(&file).unwrap();
    // The header says how it was made; it reads back as a book.
    assert!(text.contains("# Made by: quoridor-lab book build --plies 2 --nodes 2000"));
    let book = quoridor_engine::book::Book::parse(&text).unwrap();
    assert!(book.len() >= 2, "{text}");

    // The shipped book, from the start and out of it.
    let out = lab(&["book", "show"]);
    let text = succeeded(&out);
    assert!(text.contains("book line: "), "{text}");
    let out = lab(&["book", "show", "d1 f9 c1"]);
    assert!(
        stdout(&out).contains("not in the opening book"),
        "{}",
        stdout(&out)
    );
    let out = lab(&[
        "book",
        "build",
        "--threads",
        "0",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
}

#[test]
fn analyze_ends_quietly_when_its_reader_stops() {
    // `quoridor analyze --all … | head -1`: the review goes on printing
    // after its reader has gone; it must end without a panic.
    use std::io::{BufRead, BufReader, Read};
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args(["analyze", "--all", "--time", "100", "e2 e8 e3 e7 e4 e6"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the quoridor binary runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("ply"), "{first}");
    // The reader is dropped here: the pipe is closed.
    let mut errors = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut errors)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(!errors.contains("panicked"), "{errors}");
    assert!(
        status.success() || status.signal() == Some(libc::SIGPIPE),
        "{status:?}: {errors}"
    );
}

/// `mine-puzzles --reprove`: a candidate proved deep is kept with the
/// proof's answer, a lost one dropped with its reason into the retired
/// list; `--check` then passes the kept file and refuses a wrong answer.
#[test]
fn puzzles_are_proved_again_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let candidates = concat!(
        r#"{"id":"t1","position":"5 c3,a2 - 3,3 south 6","solution":["c4"],"theme":"race","difficulty":1,"rating":1000,"depth":1,"margin":0}"#,
        "\n",
        r#"{"id":"t2","position":"9 a1,i2 - 0,0 south 40","solution":["a2"],"theme":"race","difficulty":1,"rating":1000,"depth":1,"margin":0}"#,
        "\n"
    );
    std::fs::write(path("in.jsonl"), candidates).unwrap();
    let out = succeeded(&lab(&[
        "mine-puzzles",
        "--reprove",
        &path("in.jsonl"),
        "--retired",
        &path("retired.jsonl"),
        "--threads",
        "1",
        "-o",
        &path("out.jsonl"),
    ]));
    assert!(out.contains("t1: the answer is a1h, not c4"), "{out}");
    assert!(
        out.contains("t2: dropped: lost whatever is played"),
        "{out}"
    );
    let kept = std::fs::read_to_string(path("out.jsonl")).unwrap();
    assert!(
        kept.contains(r#""id":"t1""#) && kept.contains(r#""solution":["a1h""#),
        "{kept}"
    );
    assert!(!kept.contains("t2"), "{kept}");
    let retired = std::fs::read_to_string(path("retired.jsonl")).unwrap();
    assert!(
        retired.contains(r#""id":"t2""#) && retired.contains("lost"),
        "{retired}"
    );
    let checked = succeeded(&lab(&[
        "mine-puzzles",
        "--check",
        &path("out.jsonl"),
        "-o",
        "-",
    ]));
    assert!(checked.contains("1 puzzles checked"), "{checked}");
    let mut wrong: serde_json::Value = serde_json::from_str(kept.trim()).unwrap();
    wrong["solution"] = serde_json::json!(["c4"]);
    std::fs::write(path("wrong.jsonl"), format!("{wrong}\n")).unwrap();
    let wrong = lab(&["mine-puzzles", "--check", &path("wrong.jsonl"), "-o", "-"]);
    assert!(!wrong.status.success());
    assert!(
        stdout(&wrong).contains("t1: the search prefers a1h to c4"),
        "{}",
        stdout(&wrong)
    );
}
