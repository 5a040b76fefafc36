//! Framing and dispatch, through `Engine::handle_line` and `run`.

use std::io::Cursor;

use quoridor_rules::rng::SplitMix64;

use super::commands::COMMANDS;
use super::*;

fn reply(engine: &mut Engine, line: &str) -> String {
    engine
        .handle_line(line)
        .unwrap_or_else(|| panic!("no reply to {line:?}"))
}

fn session(input: &[u8]) -> String {
    let mut output = Vec::new();
    run(Cursor::new(input), &mut output).unwrap();
    String::from_utf8(output).unwrap()
}

#[test]
fn replies_are_framed_with_the_id() {
    let mut engine = Engine::new();
    assert_eq!(reply(&mut engine, "protocol_version"), "= 2\n\n");
    assert_eq!(reply(&mut engine, "7 protocol_version"), "=7 2\n\n");
    assert_eq!(reply(&mut engine, "007 name"), "=7 quoridor\n\n");
    assert_eq!(reply(&mut engine, "3 bogus"), "?3 unknown command\n\n");
    assert_eq!(reply(&mut engine, "12 play e2"), "=12\n\n");
    assert_eq!(reply(&mut engine, "0 undo"), "=0\n\n");
    assert_eq!(
        reply(&mut engine, "5"),
        "?5 syntax error: expected a command after the id\n\n"
    );
}

#[test]
fn a_first_word_that_is_not_an_integer_is_the_command() {
    let mut engine = Engine::new();
    for line in [
        "-1 name",
        "1.5 name",
        "x1 name",
        "+1 name",
        "99999999999999999999999 name",
    ] {
        assert_eq!(reply(&mut engine, line), "? unknown command\n\n", "{line}");
    }
    assert_eq!(
        reply(&mut engine, "18446744073709551615 name"),
        "=18446744073709551615 quoridor\n\n"
    );
}

#[test]
fn blank_lines_and_comments_get_no_reply() {
    let mut engine = Engine::new();
    for line in [
        "",
        "   ",
        "\t\t",
        "# a comment",
        "  # indented",
        "\r",
        "\x01\x02",
        "\u{85}",
    ] {
        assert_eq!(engine.handle_line(line), None, "{line:?}");
    }
}

#[test]
fn control_characters_comments_and_tabs_are_cleaned() {
    let mut engine = Engine::new();
    assert_eq!(reply(&mut engine, "pro\x00tocol_\x7fversion\r"), "= 2\n\n");
    assert_eq!(
        reply(&mut engine, "\t4\tknown_command\tplay\t"),
        "=4 true\n\n"
    );
    assert_eq!(
        reply(&mut engine, "name # protocol_version"),
        "= quoridor\n\n"
    );
    assert_eq!(reply(&mut engine, "9 name#"), "=9 quoridor\n\n");
    assert_eq!(reply(&mut engine, "pl\x1bay e2"), "=\n\n");
    assert_eq!(reply(&mut engine, "winner \u{9b}"), "= none\n\n");
}

#[test]
fn results_never_hold_an_empty_line() {
    let mut engine = Engine::new();
    for command in [
        "list_commands",
        "help",
        "showboard",
        "settings",
        "legalmoves",
    ] {
        let text = reply(&mut engine, command);
        let body = text.strip_suffix("\n\n").unwrap();
        assert!(!body.contains("\n\n"), "{command}: {text}");
        assert!(body
            .lines()
            .all(|line| !line.trim().is_empty() && !line.ends_with(' ')));
    }
    let board = reply(&mut engine, "2 showboard");
    assert!(board.starts_with("=2\n   +---"), "{board}");
}

#[test]
fn failures_are_one_line() {
    assert_eq!(
        frame(Some(1), Err(Failure::Other("two\n\nlines  apart".into()))),
        "?1 two lines apart\n\n"
    );
    assert_eq!(frame(None, Ok("a\n\n  \nb  ".into())), "= a\nb\n\n");
    assert_eq!(frame(None, Ok("\n\nx".into())), "=\nx\n\n");
    assert_eq!(frame(None, Ok(String::new())), "=\n\n");
}

#[test]
fn every_command_of_the_table_is_listed_and_known() {
    let mut engine = Engine::new();
    let listed = reply(&mut engine, "list_commands");
    let names: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
    assert_eq!(listed, format!("= {}\n\n", names.join("\n")));
    for name in &names {
        assert_eq!(
            reply(&mut engine, &format!("known_command {name}")),
            "= true\n\n"
        );
        let help = reply(&mut engine, &format!("help {name}"));
        assert!(help.starts_with(&format!("= {name}")), "{help}");
    }
    for name in ["", "bogus", "PLAY", "#"] {
        let line = format!("known_command {name}");
        let expected = if name.is_empty() || name == "#" {
            "? syntax error: missing argument, expected `known_command <name>`\n\n"
        } else {
            "= false\n\n"
        };
        assert_eq!(reply(&mut engine, &line), expected, "{line}");
    }
    let protocol = [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "newgame",
        "play",
        "genmove",
        "legalmoves",
        "undo",
        "showboard",
        "position",
        "setposition",
        "setboard",
        "winner",
        "distances",
        "time_left",
        "level",
        "quit",
    ];
    for name in protocol {
        assert!(names.contains(&name), "{name} is missing");
    }
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), names.len(), "a name twice");
}

#[test]
fn arguments_are_counted() {
    let mut engine = Engine::new();
    assert_eq!(
        reply(&mut engine, "name please"),
        "? syntax error: too many arguments, expected `name`\n\n"
    );
    assert_eq!(
        reply(&mut engine, "play"),
        "? syntax error: missing argument, expected `play [seat] <move>`\n\n"
    );
    assert_eq!(
        reply(&mut engine, "play south e2 now"),
        "? syntax error: too many arguments, expected `play [seat] <move>`\n\n"
    );
    assert_eq!(
        reply(&mut engine, "level"),
        "? syntax error: missing argument, expected `level <n>`\n\n"
    );
}

#[test]
fn play_and_genmove_check_the_seat() {
    let mut engine = Engine::new();
    assert_eq!(
        reply(&mut engine, "play north e8"),
        "? illegal move: it is south's turn\n\n"
    );
    assert_eq!(
        reply(&mut engine, "play west e2"),
        "? illegal move: west is not playing\n\n"
    );
    assert_eq!(reply(&mut engine, "play 1 e2"), "=\n\n");
    assert_eq!(
        reply(&mut engine, "genmove south"),
        "? it is north's turn\n\n"
    );
    assert_eq!(reply(&mut engine, "genmove 2"), "= e8\n\n");
    assert_eq!(
        reply(&mut engine, "play 3 e3"),
        "? syntax error: expected a seat number from 1 to 2 in a 2-player game, found `3`\n\n"
    );
    assert_eq!(
        reply(&mut engine, "play e3x"),
        "? syntax error: expected a move: a square (e2), a fence (e3h, e3v) or pass, found `e3x`\n\n"
    );
    assert_eq!(reply(&mut engine, "play e3h"), "=\n\n");
    assert_eq!(
        reply(&mut engine, "play e3v"),
        "? illegal move: fence crosses e3h\n\n"
    );
}

#[test]
fn genmove_plays_legal_moves_to_the_end() {
    let mut engine = Engine::new();
    assert_eq!(reply(&mut engine, "newgame 5 2 3 ply_limit=200"), "=\n\n");
    let mut plies = 0;
    while reply(&mut engine, "winner") == "= none\n\n" {
        let legal = reply(&mut engine, "legalmoves");
        let text = reply(&mut engine, "genmove");
        let mv = text.trim_start_matches("= ").trim_end();
        assert!(
            legal.split_whitespace().any(|m| m == mv),
            "{mv} not in {legal}"
        );
        plies += 1;
        assert!(plies <= 200);
    }
    assert_ne!(reply(&mut engine, "winner"), "= none\n\n");
    assert_eq!(reply(&mut engine, "genmove"), "? game is over\n\n");
    assert_eq!(reply(&mut engine, "play b2"), "? game is over\n\n");
    assert_eq!(reply(&mut engine, "legalmoves"), "=\n\n");
}

#[test]
fn genmove_answers_within_time_left_and_analyze_reports() {
    let mut engine = Engine::new();
    reply(&mut engine, "level 8");
    reply(&mut engine, "time_left 50");
    let start = std::time::Instant::now();
    let text = reply(&mut engine, "genmove");
    assert!(text.starts_with("= "), "{text}");
    assert!(start.elapsed() < std::time::Duration::from_millis(150));
    let played = text.trim_start_matches("= ").trim().to_string();
    let text = reply(&mut engine, "analyze 30");
    assert!(text.starts_with("= best "), "{text}");
    for word in ["score", "expected", "depth", "nodes", "time", "pv"] {
        assert!(text.contains(word), "{word} missing in {text}");
    }
    // Analysis does not play.
    assert_eq!(
        reply(&mut engine, "position"),
        format!("= 9 2 10 {played}\n\n")
    );
}

#[test]
fn no_search_takes_longer_than_a_minute() {
    use super::commands::think_limit;
    use quoridor_engine::SearchLimit;
    use std::time::Duration;
    assert_eq!(
        think_limit(Some(50)),
        SearchLimit::MoveTime(Duration::from_millis(50))
    );
    let minute = SearchLimit::MoveTime(Duration::from_secs(60));
    assert_eq!(think_limit(Some(60_001)), minute);
    assert_eq!(think_limit(Some(u64::MAX)), minute);
    assert_eq!(think_limit(None), SearchLimit::Infinite);
}

#[test]
fn level_and_time_left_are_kept() {
    let mut engine = Engine::new();
    assert_eq!(
        reply(&mut engine, "settings"),
        "= level 5\ntime_left none\n\n"
    );
    assert_eq!(reply(&mut engine, "level 8"), "=\n\n");
    assert_eq!(reply(&mut engine, "time_left 1500"), "=\n\n");
    for bad in ["0", "11", "-1", "x"] {
        assert_eq!(
            reply(&mut engine, &format!("level {bad}")),
            format!("? syntax error: expected a level from 1 to 8, found `{bad}`\n\n")
        );
    }
    assert!(reply(&mut engine, "time_left -5").starts_with("? syntax error: expected a time"));
    assert_eq!(
        reply(&mut engine, "settings"),
        "= level 8\ntime_left 1500\n\n"
    );
    assert_eq!(reply(&mut engine, "newgame"), "=\n\n");
    assert_eq!(
        reply(&mut engine, "settings"),
        "= level 8\ntime_left 1500\n\n"
    );
}

#[test]
fn newgame_says_what_is_wrong() {
    let mut engine = Engine::new();
    let cases = [
        ("newgame 8 2", "? board size must be odd, from 3 to 11 (got 8)"),
        ("newgame 9 3", "? players must be 2 or 4 (got 3)"),
        ("newgame 9", "? syntax error: missing argument, expected the number of players after the board size"),
        ("newgame 3 2 9", "? fences per player must be at most 8 on this board (got 9)"),
        ("newgame 9 2 teams", "? the teams variant needs 4 players"),
        ("newgame 9 4 teams scoring", "? syntax error: option `scoring` conflicts with `teams`"),
        ("newgame 9 2 ply_limit=4 ply_limit=5", "? syntax error: option `ply_limit=5` conflicts with `ply_limit=4`"),
        ("newgame 9 2 ply_limit=0", "? a ply limit must be a whole number from 1 to 4294967295"),
        ("newgame 9 2 ply_limit=4294967297", "? a ply limit must be a whole number from 1 to 4294967295"),
        ("newgame -9 2", "? syntax error: expected a board size (odd, 3 to 11), found `-9`"),
        (
            "newgame 9 2 10 big",
            "? syntax error: unknown option `big`, expected teams, scoring, standard, side_step_over_pawn or ply_limit=N",
        ),
    ];
    for (line, expected) in cases {
        assert_eq!(
            reply(&mut engine, line),
            format!("{expected}\n\n"),
            "{line}"
        );
    }
    assert_eq!(
        reply(&mut engine, "newgame 9 4 teams ply_limit=40"),
        "=\n\n"
    );
    assert_eq!(
        reply(&mut engine, "ruleset"),
        "= 9 4 5 teams ply_limit=40\n\n"
    );
    assert_eq!(reply(&mut engine, "newgame 11 4"), "=\n\n");
    assert_eq!(reply(&mut engine, "rules"), "= 11 4 7\n\n");
}

#[test]
fn undo_stops_at_the_start() {
    let mut engine = Engine::new();
    assert_eq!(reply(&mut engine, "undo"), "? cannot undo\n\n");
    reply(&mut engine, "play e2");
    reply(&mut engine, "resign");
    assert_eq!(reply(&mut engine, "winner"), "= south\n\n");
    assert_eq!(reply(&mut engine, "undo"), "=\n\n");
    assert_eq!(reply(&mut engine, "undo"), "=\n\n");
    assert_eq!(reply(&mut engine, "undo"), "? cannot undo\n\n");
    let start = Engine::new().handle_line("hash");
    assert_eq!(engine.handle_line("hash"), start);
}

#[test]
fn run_reads_until_quit_or_the_end() {
    assert_eq!(session(b"name\nquit\nname\n"), "= quoridor\n\n=\n\n");
    assert_eq!(
        session(b"name\n\n# nothing\n1 version"),
        format!("= quoridor\n\n=1 {}\n\n", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(session(b""), "");
    assert_eq!(session(b"name\r\nquit\r\n"), "= quoridor\n\n=\n\n");
}

#[test]
fn bytes_that_are_not_utf8_are_replaced() {
    assert_eq!(session(b"\xff\xfe name\n"), "? unknown command\n\n");
    assert_eq!(
        session(b"name \xc3\n"),
        "? syntax error: too many arguments, expected `name`\n\n"
    );
    assert_eq!(session(b"play \xe9\n"), "? syntax error: expected a move: a square (e2), a fence (e3h, e3v) or pass, found `\u{fffd}`\n\n");
}

#[test]
fn long_lines_are_refused_and_skipped() {
    let mut input = b"4 play ".to_vec();
    input.extend_from_slice(&vec![b'x'; 1 << 20]);
    input.extend_from_slice(b"\nname\n");
    let expected =
        format!("?4 syntax error: line too long (more than {MAX_LINE} bytes)\n\n= quoridor\n\n");
    assert_eq!(session(&input), expected);

    // Cut inside a comment: the command before it stands.
    let mut input = b"5 name # ".to_vec();
    input.extend_from_slice(&vec![b'#'; MAX_LINE]);
    input.extend_from_slice(b"\n");
    assert_eq!(session(&input), "=5 quoridor\n\n");

    // Exactly the limit is fine; one byte more is not.
    for (extra, fine) in [(0, true), (1, false)] {
        let mut input = b"name".to_vec();
        input.extend_from_slice(&vec![b' '; MAX_LINE - 4 + extra]);
        let answer = session(&input);
        assert_eq!(answer.starts_with("= quoridor"), fine, "{answer}");
    }
}

/// The random sessions' draws.
struct Rng(SplitMix64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// A random line: a command of the table (or a near miss) with random
/// arguments, or plain garbage.
fn random_line(rng: &mut Rng) -> String {
    const WORDS: &[&str] = &[
        "e2",
        "e8",
        "e3h",
        "e3v",
        "a1h",
        "h8v",
        "pass",
        "k11",
        "i9",
        "a1",
        "south",
        "north",
        "west",
        "east",
        "1",
        "2",
        "3",
        "4",
        "0",
        "-1",
        "9",
        "5",
        "7",
        "11",
        "teams",
        "scoring",
        "side_step_over_pawn",
        "ply_limit=3",
        "#",
        "\t",
        "x",
        "",
        "99999999999999999999",
        "\u{fffd}",
        "é",
        "E3H",
    ];
    let mut line = String::new();
    match rng.below(4) {
        0 => {
            for _ in 0..rng.below(40) {
                line.push(char::from_u32(rng.below(0x3000) as u32).unwrap_or('?'));
            }
        }
        _ => {
            if rng.below(4) == 0 {
                line.push_str(&rng.below(100).to_string());
                line.push(' ');
            }
            let command = COMMANDS[rng.below(COMMANDS.len())].name;
            // Skip the slow ones and `quit` (which only sets a flag anyway).
            let command = match command {
                "perft" => "perft 1",
                other => other,
            };
            line.push_str(command);
            for _ in 0..rng.below(4) {
                line.push(' ');
                line.push_str(rng.pick(WORDS));
            }
        }
    }
    line
}

/// The same property a proptest would check, over many random sessions:
/// no panic, and every non-blank line gets exactly one well-framed reply.
#[test]
fn random_lines_always_get_a_framed_reply() {
    let mut rng = Rng(SplitMix64::new(0x9e37_79b9_7f4a_7c15));
    for _ in 0..300 {
        let mut engine = Engine::new();
        for _ in 0..40 {
            let line = random_line(&mut rng);
            let Some(text) = engine.handle_line(&line) else {
                assert!(clean(&line).trim().is_empty(), "no reply to {line:?}");
                continue;
            };
            assert!(
                text.starts_with('=') || text.starts_with('?'),
                "{line:?} -> {text:?}"
            );
            let body = text
                .strip_suffix("\n\n")
                .unwrap_or_else(|| panic!("{text:?}"));
            assert!(
                !body.contains("\n\n") && !body.is_empty(),
                "{line:?} -> {text:?}"
            );
            assert!(!body.contains("internal error"), "{line:?} -> {text:?}");
        }
    }
}
