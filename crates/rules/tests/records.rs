//! Game records and game lines: exact texts, every error with its message,
//! round trips of random games, and text cut or garbled anywhere.

mod common;

use common::{random_game, random_move, Rng};
use proptest::prelude::*;
use quoridor_rules::{
    game_line, parse_game_line, Entry, Game, Outcome, Position, Record, RecordErrorKind, Ruleset,
    Seat, Team, Termination, Variant,
};

fn has_out_seat(pos: &Position) -> bool {
    pos.seats().iter().any(|&s| pos.is_out(s))
}

/// The same record: equal, except that the square a removed pawn stood on
/// is not part of a set-up start, so then only text, entries and hashes.
fn assert_same(read: &Record, written: &Record) {
    if has_out_seat(written.game().start()) {
        assert_eq!(read.to_string(), written.to_string());
        assert_eq!(read.tags(), written.tags());
        assert_eq!(read.game().entries(), written.game().entries());
        assert_eq!(read.game().result(), written.game().result());
        assert_eq!(
            read.game().position().hash(),
            written.game().position().hash()
        );
    } else {
        assert_eq!(read, written);
    }
}

fn assert_same_game(read: &Game, written: &Game) {
    if has_out_seat(written.start()) {
        assert_eq!(game_line(read), game_line(written));
        assert_eq!(read.entries(), written.entries());
        assert_eq!(read.result(), written.result());
        assert_eq!(read.position().hash(), written.position().hash());
    } else {
        assert_eq!(read, written);
    }
}

fn with_names(game: Game, rng: &mut Rng) -> Record {
    let names = [
        "Alice",
        "Bob \"the wall\"",
        "C:\\bots\\q.exe",
        "Zoë ; {not a comment}",
        "",
    ];
    let mut record = Record::new(game);
    for tag in ["Event", "South", "North", "Date"] {
        if rng.below(2) == 0 {
            record = record.with_tag(tag, names[rng.below(names.len())]);
        }
    }
    record
}

fn check_round_trip(game: &Game, rng: &mut Rng) {
    let record = with_names(game.clone(), rng);
    let text = record.to_string();
    let read: Record = text.parse().unwrap_or_else(|err| panic!("{err}\n{text}"));
    assert_same(&read, &record);
    let moves = text.split("\n\n").nth(1).unwrap();
    assert!(
        moves.lines().all(|line| line.chars().count() <= 80),
        "{text}"
    );

    let line = game_line(game);
    let read = parse_game_line(&line).unwrap_or_else(|err| panic!("{err}\n{line}"));
    assert_same_game(&read, game);
}

#[test]
fn random_games_round_trip() {
    let mut rng = Rng(99);
    let mut kinds = [0; 4];
    for seed in 0..1500 {
        let game = random_game(seed, 150);
        for entry in game.entries() {
            kinds[match entry {
                Entry::Move(_) => 0,
                Entry::Resign(_) => 1,
                Entry::Timeout(_) => 2,
                Entry::DrawAgreed => 3,
            }] += 1;
        }
        check_round_trip(&game, &mut rng);
    }
    assert!(kinds.iter().all(|&n| n > 0), "{kinds:?}");
}

fn play(game: &mut Game, moves: &str) {
    for word in moves.split_whitespace() {
        let entry = match word {
            "draw-agreed" => Entry::DrawAgreed,
            _ => match word.split_once('-') {
                Some((seat, "resigns")) => Entry::Resign(seat.parse().unwrap()),
                Some((seat, "timeout")) => Entry::Timeout(seat.parse().unwrap()),
                _ => Entry::Move(word.parse().unwrap()),
            },
        };
        game.apply(entry)
            .unwrap_or_else(|err| panic!("{word}: {err}"));
    }
}

/// The record's text, and that it reads back to the same record.
fn written(record: &Record) -> String {
    let text = record.to_string();
    assert_eq!(text.parse::<Record>().as_ref(), Ok(record), "{text}");
    text
}

#[test]
fn the_example_of_the_format() {
    let rules = Ruleset::STANDARD
        .with_side_step_over_pawn(true)
        .with_ply_limit(Some(400))
        .unwrap();
    let mut game = Game::new(rules);
    play(&mut game, "e2 e8 e3 e7h e4 north-resigns");
    let record = Record::new(game)
        .with_tag("South", "Alice")
        .with_tag("North", "Bob")
        .with_tag("Date", "2024.05.01");
    let text = "\
[Game \"Quoridor\"]
[Size \"9\"]
[Players \"2\"]
[Fences \"10\"]
[Variant \"standard\"]
[Options \"side_step_over_pawn ply_limit=400\"]
[South \"Alice\"]
[North \"Bob\"]
[Date \"2024.05.01\"]
[Result \"south\"]
[Termination \"resignation\"]

1. e2 e8 2. e3 e7h 3. e4 north-resigns
";
    assert_eq!(written(&record), text);
    assert_eq!(record.tag("north"), Some("Bob"));
    assert_eq!(record.tags().len(), 3);
}

#[test]
fn an_empty_game() {
    let record = Record::new(Game::new(Ruleset::new(5, 2).unwrap()));
    let text = "\
[Game \"Quoridor\"]
[Size \"5\"]
[Players \"2\"]
[Fences \"3\"]
[Variant \"standard\"]
[Result \"*\"]

";
    assert_eq!(written(&record), text);
    // Every tag may be left out: an empty text is an empty standard game.
    assert_eq!(
        "".parse::<Record>(),
        Ok(Record::new(Game::new(Ruleset::STANDARD)))
    );
    assert_eq!("[Size \"5\"]".parse::<Record>(), Ok(record));
}

#[test]
fn four_players_with_a_resignation() {
    let mut game = Game::new(Ruleset::new(9, 4).unwrap());
    play(&mut game, "e2 b5 e8 h5 e3 west-resigns e7 g5 e4 e6 f5 e5h");
    let text = "\
[Game \"Quoridor\"]
[Size \"9\"]
[Players \"4\"]
[Fences \"5\"]
[Variant \"standard\"]
[Result \"*\"]

1. e2 b5 e8 h5 2. e3 west-resigns e7 g5 e4 3. e6 f5 e5h
";
    assert_eq!(written(&Record::new(game)), text);
}

#[test]
fn teams_and_timeouts() {
    let rules = Ruleset::new(9, 4)
        .unwrap()
        .with_variant(Variant::Teams)
        .unwrap();
    let mut game = Game::new(rules);
    play(&mut game, "e2 b5 e8 h5 e3 c5 e7h north-timeout");
    assert_eq!(game.outcome(), Some(Outcome::TeamWinner(Team::SouthWest)));
    let text = "\
[Game \"Quoridor\"]
[Size \"9\"]
[Players \"4\"]
[Fences \"5\"]
[Variant \"teams\"]
[Result \"south+west\"]
[Termination \"time\"]

1. e2 b5 e8 h5 2. e3 c5 e7h north-timeout
";
    assert_eq!(written(&Record::new(game.clone())), text);
    assert_eq!(
        game_line(&game),
        "9 4 5 teams e2 b5 e8 h5 e3 c5 e7h north-timeout"
    );
    assert_eq!(
        text.replace("south+west", "west+south").parse::<Record>(),
        Ok(Record::new(game))
    );
}

#[test]
fn a_set_up_position_continues_the_count() {
    let start: Position = "9 e2,e8 c3h 9,10 north 3".parse().unwrap();
    let mut game = Game::from_position(start);
    play(&mut game, "e7 e3 e6 draw-agreed");
    let text = "\
[Game \"Quoridor\"]
[Size \"9\"]
[Players \"2\"]
[Fences \"10\"]
[Variant \"standard\"]
[Position \"9 e2,e8 c3h 9,10 north 3\"]
[Result \"draw\"]
[Termination \"agreement\"]

2... e7 3. e3 e6 draw-agreed
";
    assert_eq!(written(&Record::new(game.clone())), text);
    assert_eq!(
        game_line(&game),
        "9 e2,e8 c3h 9,10 north 3 moves e7 e3 e6 draw-agreed"
    );
    assert_eq!(parse_game_line(&game_line(&game)), Ok(game.clone()));
    // The ruleset tags may be left out, or must agree with the position.
    let short = "[Position \"9 e2,e8 c3h 9,10 north 3\"]\n2... e7 3. e3 e6 draw-agreed";
    assert_eq!(short.parse::<Record>(), Ok(Record::new(game)));
    // Without moves, the line is the position notation itself.
    let empty = Game::from_position(start);
    assert_eq!(game_line(&empty), "9 e2,e8 c3h 9,10 north 3");
    assert_eq!(parse_game_line("9 e2,e8 c3h 9,10 north 3"), Ok(empty));
}

#[test]
fn scoring_game_and_ply_limit() {
    let rules = Ruleset::new(5, 2)
        .unwrap()
        .with_variant(Variant::Scoring)
        .unwrap()
        .with_ply_limit(Some(6))
        .unwrap();
    let mut game = Game::new(rules);
    play(&mut game, "c2 c4 b2 b4 b1 b5");
    assert_eq!(game.result(), Some((Outcome::Draw, Termination::PlyLimit)));
    let text = "\
[Game \"Quoridor\"]
[Size \"5\"]
[Players \"2\"]
[Fences \"3\"]
[Variant \"scoring\"]
[Options \"ply_limit=6\"]
[Result \"draw\"]
[Termination \"ply limit\"]

1. c2 c4 2. b2 b4 3. b1 b5
";
    assert_eq!(written(&Record::new(game.clone())), text);
    assert_eq!(
        game_line(&game),
        "5 2 3 scoring ply_limit=6 c2 c4 b2 b4 b1 b5"
    );
}

#[test]
fn long_games_wrap_at_80_columns() {
    let mut game = Game::new(Ruleset::new(11, 2).unwrap());
    let mut rng = Rng(5);
    for _ in 0..60 {
        if game.is_over() {
            break;
        }
        let mv = random_move(game.position(), &mut rng);
        game.play(mv).unwrap();
    }
    let text = written(&Record::new(game));
    let moves: Vec<&str> = text.split("\n\n").nth(1).unwrap().lines().collect();
    assert!(moves.len() > 2);
    for (i, line) in moves.iter().enumerate() {
        assert!(line.len() <= 80, "{line}");
        // A line is full: the next unit would not have fitted.
        if let Some(next) = moves.get(i + 1) {
            let unit = if next.as_bytes()[0].is_ascii_digit() {
                next.splitn(3, ' ').take(2).collect::<Vec<_>>().join(" ")
            } else {
                next.split(' ').next().unwrap().to_string()
            };
            assert!(line.len() + 1 + unit.len() > 80, "{line} / {unit}");
        }
        // A number stays with its move.
        assert!(!line.ends_with('.'), "{line}");
    }
}

#[test]
fn input_is_forgiving() {
    let text =
        "\u{feff}; a file comment\n[ Event  \"Club \\\"night\\\"\" ]\n{ a comment\n over lines }\n\
                1.E2 E8 {good} 2. e3 ; to the end of the line\n e7H 3.e4 N-RESIGNS\r\n";
    let record: Record = text.parse().unwrap();
    assert_eq!(record.tag("Event"), Some("Club \"night\""));
    assert_eq!(record.game().outcome(), Some(Outcome::Winner(Seat::South)));
    assert_eq!(record.game().entries().len(), 6);
    // Numbers may be left out.
    let bare: Record = "e2 e8 e3 e7h e4 north-resigns".parse().unwrap();
    assert_eq!(bare.game(), record.game());
}

fn error(text: &str) -> String {
    text.parse::<Record>().unwrap_err().to_string()
}

#[test]
fn every_record_error_has_its_message() {
    let cases = [
        // Syntax.
        ("1. e2 e8 2. e3x", "line 1, column 13: expected a move (e2, e3h, pass), found `e3x`"),
        ("e2 north-resignz", "line 1, column 4: expected north-resigns, north-timeout or draw-agreed, found `north-resignz`"),
        ("e2 12 e8", "line 1, column 4: expected a move number such as 3. or 3..., found `12`"),
        ("[Size \"x\"]", "line 1, column 8: expected a board size such as 9, found `x`"),
        ("[Players \"two\"]", "line 1, column 11: expected a number of players: 2 or 4, found `two`"),
        ("[Fences \"-1\"]", "line 1, column 10: expected a fence count such as 10, found `-1`"),
        ("[Variant \"coop\"]", "line 1, column 11: expected a variant: standard, teams or scoring, found `coop`"),
        ("[Options \"teams\"]", "line 1, column 11: expected an option: side_step_over_pawn, repetition or ply_limit=N, found `teams`"),
        ("[Result \"1-0\"]", "line 1, column 10: expected a result: south, north+east, draw or *, found `1-0`"),
        ("[Termination \"mate\"]", "line 1, column 15: expected a termination: goal, ply limit, resignation, time or agreement, found `mate`"),
        ("[\"x\"]", "line 1, column 2: expected a tag name such as Event, found `\"x\"]`"),
        ("[Size 9]", "line 1, column 7: expected `\"` opening the tag value, found `9]`"),
        ("[Size \"9", "line 1, column 9: expected `\"` closing the tag value, found nothing"),
        ("[Site \"a\nb\"]", "line 1, column 9: expected `\"` closing the tag value, found nothing"),
        ("[Site \"C:\\q\"]", "line 1, column 10: expected `\\\"` or `\\\\` in a tag value, found `\\q`"),
        ("[Size \"9\" x]", "line 1, column 11: expected `]` closing the tag, found `x]`"),
        // Structure.
        ("1. e2 { unclosed", "line 1, column 7: comment `{` is not closed"),
        ("[Size \"9\"]\n[size \"9\"]", "line 2, column 1: tag size appears twice"),
        ("1. e2\n[Size \"9\"]", "line 2, column 1: tags must come before the moves"),
        ("[Game \"Chess\"]", "line 1, column 8: not a Quoridor record (the Game tag says `Chess`)"),
        ("[Options \"ply_limit=4 PLY_LIMIT=5\"]", "line 1, column 11: option `ply_limit=5` conflicts with `ply_limit=4`"),
        // Rules.
        ("[Size \"8\"]", "line 1, column 8: board size must be odd, from 3 to 11 (got 8)"),
        ("[Players \"3\"]", "line 1, column 11: players must be 2 or 4 (got 3)"),
        ("[Fences \"129\"]", "line 1, column 10: fences per player must be at most 128 on this board (got 129)"),
        ("[Variant \"teams\"]", "line 1, column 11: the teams variant needs 4 players"),
        ("[Options \"ply_limit=0\"]", "line 1, column 11: a ply limit must be a whole number from 1 to 4294967295"),
        ("[Position \"9 e1,e1 - 10,10 south 0\"]", "line 1, column 12: position: two pawns on e1"),
        ("[Position \"9 e1,e9 - 10,10 x 0\"]", "line 1, column 12: position: field 5 (to-move): expected a seat: south, west, north or east, found `x`"),
        ("[Size \"7\"]\n[Position \"9 e1,e9 - 10,10 south 0\"]", "line 1, column 8: Size \"7\" disagrees with the position (9)"),
        ("[Variant \"scoring\"]\n[Position \"9 e1,e9 - 10,10 south 0\"]", "line 1, column 11: Variant \"scoring\" disagrees with the position (standard)"),
        ("[Options \"ply_limit=9\"]\n[Position \"9 e1,e9 - 10,10 south 0 ply_limit=8\"]", "line 1, column 11: Options \"ply_limit=9\" disagrees with the position (ply_limit=8)"),
        // Moves.
        ("1. e2 e8 3. e3", "line 1, column 10: expected move number 2, found 3"),
        ("1. e2 e3h 2. e3 e3v", "line 1, column 17: illegal move e3v: fence crosses e3h"),
        ("1. e2\n e8 e2", "line 2, column 5: illegal move e2: not reachable from e2"),
        ("1. e2 west-resigns", "line 1, column 7: west-resigns refused: west is not playing"),
        ("1. e2 south-resigns e8", "line 1, column 21: illegal move e8: game is over"),
        ("draw-agreed draw-agreed", "line 1, column 13: draw-agreed refused: game is over"),
        ("1. e10", "line 1, column 4: illegal move e10: off the 9x9 board"),
        // The end.
        ("[Result \"north\"]\n1. e2", "line 1, column 1: the Result tag says north but the game is unfinished"),
        ("[Result \"*\"]\n1. e2 e8 south-resigns", "line 1, column 1: the Result tag says * but the result is north"),
        ("[Result \"draw\"]\n1. e2 e8 south-resigns", "line 1, column 1: the Result tag says draw but the result is north"),
        ("[Termination \"goal\"]\n1. e2 e8 south-resigns", "line 1, column 1: the Termination tag says goal but the game ended by resignation"),
        ("[Termination \"goal\"]\n1. e2", "line 1, column 1: the Termination tag says goal but the game is unfinished"),
    ];
    expect_errors(&cases, |text| text.parse::<Record>());
}

#[test]
fn errors_carry_their_kind() {
    let err = "1. e2 e3h 2. e3 e3v".parse::<Record>().unwrap_err();
    assert_eq!((err.line(), err.column()), (1, 17));
    assert!(matches!(
        err.kind(),
        RecordErrorKind::Illegal {
            entry: Entry::Move(_),
            ..
        }
    ));
    let err = "1. e2 e8 3. e3".parse::<Record>().unwrap_err();
    assert_eq!(
        err.kind(),
        &RecordErrorKind::MoveNumber {
            expected: 2,
            found: 3
        }
    );
    assert_eq!(
        error("1. e2 e8 2. e3e"),
        "line 1, column 13: expected a move (e2, e3h, pass), found `e3e`"
    );
}

#[test]
fn every_game_line_error_has_its_message() {
    let cases = [
        (
            "",
            "line 1, column 1: expected a board size such as 9, found nothing",
        ),
        (
            "9 2",
            "line 1, column 4: expected a fence count such as 10, found nothing",
        ),
        (
            "x 2 10",
            "line 1, column 1: expected a board size such as 9, found `x`",
        ),
        ("9 3 10", "line 1, column 3: players must be 2 or 4 (got 3)"),
        (
            "9 2 200",
            "line 1, column 5: fences per player must be at most 128 on this board (got 200)",
        ),
        (
            "9 2 10 teams",
            "line 1, column 8: the teams variant needs 4 players",
        ),
        (
            "9 4 5 teams scoring",
            "line 1, column 13: option `scoring` conflicts with `teams`",
        ),
        (
            "9 2 10 ply_limit=x",
            "line 1, column 8: a ply limit must be a whole number from 1 to 4294967295",
        ),
        (
            "9 2 10 e2 e8 e3 e7h e4 e7v",
            "line 1, column 24: illegal move e7v: fence crosses e7h",
        ),
        (
            "9 2 10 e2 1. e8",
            "line 1, column 11: expected a move (e2, e3h, pass), found `1.`",
        ),
        (
            "9 e1,e1 - 10,10 south 0 moves e2",
            "line 1, column 1: position: two pawns on e1",
        ),
        (
            "9 e1,e9 - 10,10 south 0 moves e2 x",
            "line 1, column 34: expected a move (e2, e3h, pass), found `x`",
        ),
        (
            "9 e1,e9 - 10,10 south 0 e2",
            "line 1, column 1: position: field 7 (option): unknown option `e2`",
        ),
    ];
    expect_errors(&cases, parse_game_line);
}

#[test]
#[should_panic(expected = "not a free tag name")]
fn reserved_tags_cannot_be_set() {
    let _ = Record::new(Game::new(Ruleset::STANDARD)).with_tag("Result", "south");
}

#[test]
fn tags_are_replaced_and_cleaned() {
    let record = Record::new(Game::new(Ruleset::STANDARD))
        .with_tag("South", "A")
        .with_tag("North", "line\nbreak")
        .with_tag("south", "B");
    assert_eq!(
        record.tags(),
        [
            ("South".to_string(), "B".to_string()),
            ("North".to_string(), "line break".to_string())
        ]
    );
    assert_eq!(
        written(&record)
            .lines()
            .filter(|l| l.starts_with("[South"))
            .count(),
        1
    );
}

/// Texts of random finished and unfinished games, for cutting and garbling.
fn sample(seed: u64) -> (Record, String) {
    let mut rng = Rng(seed);
    let game = random_game(seed, 40);
    let record = with_names(game, &mut rng);
    let text = record.to_string();
    (record, text)
}

/// A cut record reads as a shorter game (whose last entry may be a cut
/// word, `e7h` read as `e7`) or fails with a position inside the text.
fn check_cut(record: &Record, cut: &str) {
    match cut.parse::<Record>() {
        Ok(read) => {
            let (read, all) = (read.game().entries(), record.game().entries());
            assert!(read.len() <= all.len(), "{cut}");
            let whole = read.len().saturating_sub(1);
            assert_eq!(read[..whole], all[..whole], "{cut}");
        }
        Err(err) => {
            assert!(
                err.line() >= 1 && err.line() <= cut.lines().count() + 1,
                "{err}"
            );
            assert!(err.column() >= 1, "{err}");
        }
    }
}

#[test]
fn every_cut_of_a_record_is_handled() {
    for seed in 0..40 {
        let (record, text) = sample(seed);
        for (end, _) in text.char_indices() {
            check_cut(&record, &text[..end]);
        }
        check_cut(&record, &text);
    }
}

fn garble(text: &str, rng: &mut Rng) -> String {
    const PIECES: &[&str] = &[
        "[",
        "]",
        "\"",
        "\\",
        "{",
        "}",
        ";",
        "\n",
        " ",
        ".",
        "...",
        "1",
        "9",
        "e",
        "h",
        "v",
        "-",
        "resigns",
        "draw-agreed",
        "pass",
        "é",
        "\u{feff}",
        "Size",
        "Result",
    ];
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let i = rng.below(chars.len() + 1);
        match rng.below(3) {
            0 if i < chars.len() => {
                chars.remove(i);
            }
            _ => {
                let piece = PIECES[rng.below(PIECES.len())];
                for (k, c) in piece.chars().enumerate() {
                    chars.insert(i + k, c);
                }
            }
        }
    }
    chars.into_iter().collect()
}

#[test]
fn garbled_records_are_refused_or_valid() {
    let mut rng = Rng(3);
    let mut valid = 0;
    for seed in 0..60 {
        let (_, text) = sample(seed);
        for _ in 0..100 {
            let garbled = garble(&text, &mut rng);
            if let Ok(record) = garbled.parse::<Record>() {
                valid += 1;
                let again: Record = record.to_string().parse().unwrap();
                assert_same(&again, &record);
            }
        }
    }
    assert!(valid > 0);
}

proptest! {
    #[test]
    fn any_text_reads_or_fails_cleanly(text in "(?s).{0,200}") {
        if let Ok(record) = text.parse::<Record>() {
            let again: Record = record.to_string().parse().unwrap();
            assert_same(&again, &record);
        }
        if let Ok(game) = parse_game_line(&text) {
            assert_same_game(&parse_game_line(&game_line(&game)).unwrap(), &game);
        }
    }

    #[test]
    fn record_like_text_reads_or_fails_cleanly(
        text in r#"(\[(Size|Players|Fences|Variant|Options|Position|Result|Termination|Event) "[0-9a-z ,=*+-]{0,12}"\]\n){0,4}([0-9]{1,2}\.{1,3} |[a-k][1-9][hv]? |pass |(south|north|west|east)-(resigns|timeout) |draw-agreed |\{[a-z ]*\}? |; x\n){0,16}"#
    ) {
        if let Ok(record) = text.parse::<Record>() {
            let again: Record = record.to_string().parse().unwrap();
            assert_same(&again, &record);
        }
    }

    #[test]
    fn game_line_like_text_reads_or_fails_cleanly(
        text in "(3|5|9|x) (2|4|x) (0|5|10)( (teams|scoring|ply_limit=[0-9]|side_step_over_pawn)){0,2}( ([a-e][1-5][hv]?|pass|south-resigns|draw-agreed)){0,12}"
    ) {
        if let Ok(game) = parse_game_line(&text) {
            assert_same_game(&parse_game_line(&game_line(&game)).unwrap(), &game);
        }
    }

    #[test]
    fn random_records_round_trip(seed in any::<u64>(), entries in 0usize..250) {
        let mut rng = Rng(seed ^ 0x5555);
        check_round_trip(&random_game(seed, entries), &mut rng);
    }
}

#[test]
fn sample_files() {
    for text in [
        include_str!("data/records/two-players.txt"),
        include_str!("data/records/teams.txt"),
    ] {
        let record: Record = text.parse().unwrap_or_else(|err| panic!("{err}"));
        assert!(record.game().is_over());
        assert_eq!(record.to_string(), text);
    }
    let typed: Record = include_str!("data/records/two-players-annotated.txt")
        .parse()
        .unwrap();
    let canonical: Record = include_str!("data/records/two-players.txt")
        .parse()
        .unwrap();
    assert_eq!(typed, canonical);
    assert_eq!(
        game_line(typed.game()),
        "9 2 10 e2 e8 e3 e1v e4 f4h e5 e7 g1h e6 g3v d6 e6 d8v e7 d5 e8 d4 e9"
    );
}

/// Every text is refused with exactly its message.
fn expect_errors<T, E: std::fmt::Display>(
    cases: &[(&str, &str)],
    parse: impl Fn(&str) -> Result<T, E>,
) {
    let mut failures = Vec::new();
    for &(text, message) in cases {
        match parse(text) {
            Ok(_) => failures.push(format!("{text:?}: parsed")),
            Err(err) if err.to_string() != message => {
                failures.push(format!("{text:?}:\n  got      {err}\n  expected {message}"))
            }
            Err(_) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The `repetition` option: the third time a position comes back (the ply
/// aside) the game is drawn, told as `repetition`; a fence placed in
/// between starts the count again; without the option nothing ends; the
/// option is written and read back in the notation and the record.
#[test]
fn a_position_seen_three_times_draws_under_the_repetition_option() {
    let rules = Ruleset::new(5, 2).unwrap().with_repetition(true);
    assert_eq!(rules.to_string(), "5 2 3 repetition");
    let there_and_back = "c2 c4 c1 c5";
    let mut game = Game::new(rules);
    play(&mut game, there_and_back);
    assert!(!game.is_over(), "twice is not enough");
    play(&mut game, "c2 c4 c1");
    assert!(!game.is_over());
    play(&mut game, "c5");
    assert_eq!(
        game.result(),
        Some((Outcome::Draw, Termination::Repetition))
    );
    assert!(game.play("c2".parse().unwrap()).is_err(), "over");
    let text = written(&Record::new(game.clone()));
    assert!(text.contains("[Termination \"repetition\"]"), "{text}");
    assert!(text.contains("repetition"), "{text}");
    // Taken back, the game goes on.
    game.undo();
    assert!(!game.is_over());

    // The start seen twice, then a fence: the count starts again.
    let mut fenced = Game::new(rules);
    play(&mut fenced, "c2 c4 c1 c5 c2 c4 c1 a4h c2 c5 c1 c4");
    assert!(!fenced.is_over(), "{:?}", fenced.result());
    play(&mut fenced, "c2 c5 c1 c4");
    assert_eq!(fenced.termination(), Some(Termination::Repetition));

    // Without the option: never.
    let mut plain = Game::new(Ruleset::new(5, 2).unwrap());
    for _ in 0..4 {
        play(&mut plain, there_and_back);
    }
    assert!(!plain.is_over());

    // In the position notation too.
    let pos: Position = "5 c1,c5 - 3,3 south 0 repetition".parse().unwrap();
    assert!(pos.rules().repetition());
    assert!(pos.to_string().ends_with(" repetition"), "{pos}");
    assert!("5 c1,c5 - 3,3 south 0 repetition repetition"
        .parse::<Position>()
        .is_err());
}

/// `Game::since_last_fence`: the positions a later one can repeat, from
/// the last fence placed (or the start) to the current one, which
/// `Position::repeats` tells apart by all but the ply.
#[test]
fn the_positions_since_the_last_fence_are_those_that_can_repeat() {
    let mut game = Game::new(Ruleset::new(5, 2).unwrap());
    assert_eq!(game.since_last_fence().len(), 1, "the start alone");
    play(&mut game, "c2 c4 c1");
    assert_eq!(game.since_last_fence().len(), 4);
    play(&mut game, "a4h c2");
    let recent = game.since_last_fence();
    assert_eq!(recent.len(), 2, "from the position after the fence");
    assert_eq!(recent[0].fence_count(), 1);
    assert_eq!(recent.last(), Some(game.position()));
    play(&mut game, "c5 c1 c4");
    let recent = game.since_last_fence();
    assert_eq!(recent.len(), 5);
    assert!(
        recent[4].repeats(&recent[0]),
        "back where the fence left them"
    );
    assert_ne!(recent[4].ply(), recent[0].ply());
    assert!(!recent[4].repeats(&recent[2]), "the pawns elsewhere");
    assert!(!recent[3].repeats(&recent[1]), "the pawns elsewhere");
}
