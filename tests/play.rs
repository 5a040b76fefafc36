//! Tests of `quoridor play` through the binary: whole games in `--plain`
//! mode on standard input and output (against the AI, between AI players,
//! between people), the kept game offered again, loading and replaying, a
//! loss on time, the screen capture, and bad options.
//!
//! The AI players are depth-limited levels with a fixed seed, so every
//! game here plays the same way on any machine. (The screen itself is
//! tested with ratatui's `TestBackend` in `src/play/tests/`.)

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

use quoridor_rules::{Game, Move, Position, Ruleset, Seat};

/// A fresh data directory, so that no test sees another's kept game.
fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("quoridor-play-it-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn quoridor(args: &[&str], dir: &PathBuf) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_quoridor"));
    command
        .arg("play")
        .args(args)
        .env("QUORIDOR_DATA_DIR", dir)
        .env_remove("NO_COLOR");
    command
}

/// Runs with these lines on standard input.
fn run_with_input(args: &[&str], dir: &PathBuf, input: &str) -> Output {
    let mut child = quoridor(args, dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the quoridor binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn text(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// Kills a child that runs too long, so that a bug fails the test instead
/// of hanging it.
fn watchdog(child: &Child, seconds: u64) {
    let pid = child.id().to_string();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(seconds));
        let _ = Command::new("kill").arg("-9").arg(&pid).status();
    });
}

/// The pawn move that gets closest to the goal (a simple, sure player).
fn walk(pos: &Position, seat: Seat) -> Move {
    let distances = pos.distance_map(seat);
    pos.legal_moves()
        .iter()
        .copied()
        .filter_map(|mv| match mv {
            Move::Pawn(sq) => distances.get(sq).map(|d| (d, mv)),
            _ => None,
        })
        .min()
        .map(|(_, mv)| mv)
        .unwrap_or_else(|| pos.legal_moves()[0])
}

/// Plays `seat` by talking to the program through pipes: every move the
/// program announces is replayed on a copy of the game, and at each prompt
/// the person answers with `walk`. Returns the transcript and the copy.
fn play_through_pipes(args: &[&str], rules: Ruleset, seat: Seat, dir: &PathBuf) -> (String, Game) {
    let mut child = quoridor(args, dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the quoridor binary runs");
    watchdog(&child, 120);
    let mut stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let mut game = Game::new(rules);
    let mut transcript = String::new();
    let prompt = format!("{seat}, your move:");
    for line in stdout.lines() {
        let line = line.unwrap();
        transcript.push_str(&line);
        transcript.push('\n');
        if let Some((who, mv)) = line.split_once(" plays ") {
            let mv: Move = mv.parse().unwrap();
            assert_eq!(who, game.position().turn().to_string(), "{transcript}");
            game.play(mv)
                .unwrap_or_else(|e| panic!("{mv}: {e}\n{transcript}"));
        } else if line == prompt {
            let mv = walk(game.position(), seat);
            writeln!(stdin, "{mv}").unwrap();
        } else if line.starts_with("Game over.") {
            writeln!(stdin, "quit").unwrap();
        }
    }
    assert!(child.wait().unwrap().success(), "{transcript}");
    (transcript, game)
}

#[test]
fn a_whole_game_against_the_ai_in_line_mode() {
    let dir = data_dir("vs-ai");
    let rules = Ruleset::new(5, 2).unwrap();
    let args = [
        "--plain", "--size", "5", "--ai", "3", "--color", "south", "--seed", "7", "--lang", "en",
        "--new",
    ];
    let (transcript, game) = play_through_pipes(&args, rules, Seat::South, &dir);
    assert!(game.is_over(), "{transcript}");
    let result = format!("game over: {} wins", game.outcome().unwrap());
    assert!(transcript.contains(&result), "{transcript}");
    assert!(transcript.starts_with("Quoridor 5×5 · players: south: you, north: AI level 3\n"));
    // The board is the rules library's diagram.
    assert!(
        transcript.contains("     a   b   c   d   e\n"),
        "{transcript}"
    );
    // A finished game is not kept.
    assert!(!dir.join("autosave.txt").exists());
    // The same seed plays the same game again.
    let (again, _) = play_through_pipes(&args, rules, Seat::South, &dir);
    assert_eq!(again, transcript);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_whole_game_as_north_on_seven_by_seven() {
    let dir = data_dir("north");
    let rules = Ruleset::new(7, 2).unwrap();
    let args = [
        "--plain", "--size", "7", "--ai", "4", "--color", "north", "--seed", "3", "--new",
        "--lang", "en",
    ];
    let (transcript, game) = play_through_pipes(&args, rules, Seat::North, &dir);
    assert!(game.is_over(), "{transcript}");
    // The AI (south) moved first.
    assert!(transcript.contains("\nsouth plays "), "{transcript}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn four_ai_players_play_a_whole_game_alone() {
    let dir = data_dir("four-ai");
    let out = run_with_input(
        &[
            "--plain",
            "--players",
            "4",
            "--size",
            "5",
            "--seats",
            "ai:2,ai:3,ai:2,ai:3",
            "--seed",
            "5",
            "--new",
            "--lang",
            "en",
        ],
        &dir,
        "",
    );
    let transcript = text(&out);
    let mut game = Game::new(Ruleset::new(5, 4).unwrap());
    for line in transcript.lines() {
        if let Some((who, mv)) = line.split_once(" plays ") {
            assert_eq!(who, game.position().turn().to_string());
            game.play(mv.parse().unwrap()).unwrap();
        }
    }
    assert!(game.is_over(), "{transcript}");
    assert!(transcript.contains("game over: "), "{transcript}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Two people on 5×5: a forbidden fence, a typo, south walks to the far
/// side; then undo, quit, and the kept game is offered at the next start.
#[test]
fn people_play_through_a_pipe_and_the_game_is_kept() {
    let dir = data_dir("hotseat");
    let args = ["--plain", "--hotseat", "--size", "5", "--lang", "en"];
    let script = "c2\nzz\nb5\nd3h\nd3v\nb4\nc3\nb3\nc4\nb2\nc5\nundo\nquit\n";
    let out = run_with_input(&args, &dir, script);
    let transcript = text(&out);
    for expected in [
        "south plays c2\n",
        "neither a move nor a command: zz (help lists them)\n",
        "d3v: forbidden, this fence would cross the fence d3h\n",
        "north plays b2\n",
        "game over: south wins\n",
        "taken back: c5\n",
        "the game is kept for the next start (",
    ] {
        assert!(transcript.contains(expected), "{expected}\n{transcript}");
    }
    // The forbidden fence changed nothing: north's next line played.
    assert!(transcript.contains("north plays b4\n"), "{transcript}");
    let kept = std::fs::read_to_string(dir.join("autosave.txt")).unwrap();
    assert!(
        kept.contains("1. c2 b5 2. d3h b4 3. c3 b3 4. c4 b2\n"),
        "{kept}"
    );

    // Next start: the kept game is offered; yes, and south wins again.
    let out = run_with_input(&args, &dir, "y\nc5\n");
    let transcript = text(&out);
    assert!(
        transcript.contains("a game in progress was kept (5×5, 8 moves). Continue it? (y/n)\n"),
        "{transcript}"
    );
    assert!(transcript.contains("game resumed\n"), "{transcript}");
    assert!(
        transcript.contains("game over: south wins\n"),
        "{transcript}"
    );
    assert!(!dir.join("autosave.txt").exists());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_line_mode_speaks_french_and_romanian() {
    let dir = data_dir("lang");
    let out = run_with_input(
        &[
            "--plain",
            "--hotseat",
            "--size",
            "5",
            "--lang",
            "fr",
            "--new",
        ],
        &dir,
        "c2\nc4\nannuler\nquitter\n",
    );
    let transcript = text(&out);
    for expected in [
        "sud joue c2\n",
        "nord, à vous :\n",
        "annulé : c4\n",
        "barrières restantes : sud 3, nord 3\n",
    ] {
        assert!(transcript.contains(expected), "{expected}\n{transcript}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args(["play", "--plain", "--hotseat", "--size", "5", "--new"])
        .env("QUORIDOR_DATA_DIR", &dir)
        .env("LANG", "ro_RO.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(text(&out).contains("sud, mutarea ta:\n"), "{}", text(&out));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_loaded_game_is_replayed_then_played_on() {
    let dir = data_dir("load");
    let file = dir.join("game.txt");
    std::fs::write(&file, "[Size \"5\"]\n\n1. c2 c4 2. c3 b4h\n").unwrap();
    let file_arg = file.display().to_string();
    let out = run_with_input(
        &["--plain", "--hotseat", "--load", &file_arg, "--lang", "en"],
        &dir,
        "back\nback\nplay\nd2\nquit\n",
    );
    let transcript = text(&out);
    for expected in [
        "Replay 4/4: next, back, start, end, or play to play on from here.\n",
        "Replay 2/4: next, back, start, end, or play to play on from here.\n",
        "south plays d2\n",
    ] {
        assert!(transcript.contains(expected), "{expected}\n{transcript}");
    }
    let kept = std::fs::read_to_string(dir.join("autosave.txt")).unwrap();
    assert!(kept.ends_with("1. c2 c4 2. d2\n"), "{kept}");
    // A file that is not a game is refused with the reason.
    std::fs::write(&file, "1. c2 c2\n").unwrap();
    let out = quoridor(&["--plain", "--load", &file_arg], &dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("illegal move c2"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn running_out_of_time_loses() {
    let dir = data_dir("time");
    let mut child = quoridor(
        &[
            "--plain",
            "--hotseat",
            "--size",
            "5",
            "--move-time",
            "300ms",
            "--new",
            "--lang",
            "en",
        ],
        &dir,
    )
    .stdin(Stdio::piped())
    .stdout(Stdio::piped())
    .spawn()
    .unwrap();
    watchdog(&child, 60);
    // Each plays a first move (not timed, as on the server), then nobody
    // answers: south's time runs out, whatever the machine's speed.
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"c2\nc4\n").unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let mut transcript = String::new();
    let mut stdin = Some(stdin);
    for line in stdout.lines() {
        let line = line.unwrap();
        transcript.push_str(&line);
        transcript.push('\n');
        if line.starts_with("Game over.") {
            stdin.take();
        }
    }
    assert!(child.wait().unwrap().success());
    assert!(
        transcript.contains("game over: north wins, south loses on time\n"),
        "{transcript}"
    );
    // North's clock never ran.
    assert!(transcript.contains(", north 0.3\n"), "{transcript}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_screen_capture_after_keys() {
    let dir = data_dir("screenshot");
    let out = quoridor(
        &[
            "--hotseat",
            "--new",
            "--lang",
            "en",
            "--screenshot",
            "80x24",
            "--keys",
            "<Tab><Up><Up>",
        ],
        &dir,
    )
    .output()
    .unwrap();
    let screen = text(&out);
    assert_eq!(screen.lines().count(), 24);
    assert!(screen.contains("━━━┿━━━"), "{screen}");
    assert!(
        screen.contains("e3h: Enter places it, r turns it, Tab back to the pawn"),
        "{screen}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_options_are_refused_with_the_reason() {
    let dir = data_dir("options");
    for (args, reason) in [
        (
            &["--seats", "human,ai:11"][..],
            "expected human, ai or ai:N",
        ),
        (
            &["--players", "4", "--seats", "human,ai"][..],
            "4 players need 4 entries",
        ),
        (&["--size", "8"][..], "size"),
        (
            &["--variant", "teams", "--players", "2"][..],
            "needs 4 players",
        ),
        (&["--clock", "5x"][..], "expected a duration"),
        (&["--color", "west"][..], "not a seat of a 2-player game"),
        (&["--lang", "de"][..], "en, fr or ro"),
        (&["--ai", "0"][..], "levels go from 1 to 8"),
    ] {
        let out = quoridor(args, &dir)
            .arg("--plain")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr).to_lowercase();
        assert!(err.contains(&reason.to_lowercase()), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn every_form_of_record_loads_and_bad_files_say_why() {
    let dir = data_dir("forms");
    let file = dir.join("game.txt");
    let file_arg = file.display().to_string();
    for text in [
        "\u{feff}[Size \"5\"]\n\n1. c2 c4\n",
        "; from the club\n[Size \"5\"]\n1. c2 c4\n",
        "{a comment} 5 2 3 c2 c4\n",
        "e2 e8\n",
    ] {
        std::fs::write(&file, text).unwrap();
        let out = run_with_input(
            &["--plain", "--hotseat", "--load", &file_arg, "--lang", "en"],
            &dir,
            "quit\n",
        );
        assert!(
            text_of(&out).contains("Replay 2/2"),
            "{text:?}\n{}",
            text_of(&out)
        );
    }
    let huge = dir.join("huge.txt");
    std::fs::write(&huge, vec![b' '; 2 * 1024 * 1024]).unwrap();
    for (path, reason) in [
        ("/no/such/file", "no such file"),
        ("/dev/zero", "larger than 1 MB"),
        (huge.to_str().unwrap(), "larger than 1 MB"),
    ] {
        let out = quoridor(&["--plain", "--load", path], &dir)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(!out.status.success(), "{path}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(reason), "{path}: {err}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

fn text_of(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_line_that_is_not_text_is_refused_and_the_game_goes_on() {
    let dir = data_dir("utf8");
    let mut child = quoridor(&["--plain", "--hotseat", "--new", "--lang", "en"], &dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    watchdog(&child, 60);
    let mut input = b"e2\n\xff\xfe\nhelp\n".to_vec();
    input.extend(vec![b'x'; 10_000]);
    input.extend(b"\nboard\ne8\n");
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let transcript = text_of(&out);
    for expected in [
        "south plays e2\n",
        "that line is not text (it is not valid UTF-8)",
        "that line is too long (more than 4096 bytes)",
        "north plays e8\n",
    ] {
        assert!(transcript.contains(expected), "{expected}\n{transcript}");
    }
    let kept = std::fs::read_to_string(dir.join("autosave.txt")).unwrap();
    assert!(kept.ends_with("1. e2 e8\n"), "{kept}");
    let _ = std::fs::remove_dir_all(dir);
}
