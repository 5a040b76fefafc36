//! The protocol's commands: one table, the handlers, and their failures.

use std::fmt;

use quoridor_rules::{
    game_line, parse_game_line, perft, Diagram, Entry, Game, GameError, Move, NotationError,
    NotationErrorKind, Position, RecordError, RecordErrorKind, Ruleset, Seat, Variant,
};

use super::state::Engine;

/// What a handler returns: the result text, or why the command failed.
pub(super) type Reply = Result<String, Failure>;

/// Why a command failed; the `Display` text is the message after `?`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Failure {
    UnknownCommand,
    /// `syntax error: …`, saying what was expected.
    Syntax(String),
    /// `illegal move: …`, with the reason.
    Illegal(String),
    CannotUndo,
    GameOver,
    /// Any other message, shown as it is.
    Other(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::UnknownCommand => f.write_str("unknown command"),
            Failure::Syntax(what) => write!(f, "syntax error: {what}"),
            Failure::Illegal(why) => write!(f, "illegal move: {why}"),
            Failure::CannotUndo => f.write_str("cannot undo"),
            Failure::GameOver => f.write_str("game is over"),
            Failure::Other(message) => f.write_str(message),
        }
    }
}

impl From<GameError> for Failure {
    fn from(err: GameError) -> Failure {
        match err {
            GameError::Illegal(why) => Failure::Illegal(why.to_string()),
            GameError::GameOver => Failure::GameOver,
            GameError::NotPlaying(_) => Failure::Other(err.to_string()),
        }
    }
}

type Handler = fn(&mut Engine, &[&str]) -> Reply;

/// A command of the table.
pub(super) struct Command {
    pub name: &'static str,
    /// The arguments, as shown in help and in syntax errors.
    pub args: &'static str,
    /// How many arguments it takes, at least and at most.
    pub arity: (usize, usize),
    /// One line of help.
    pub help: &'static str,
    pub run: Handler,
}

const MANY: usize = usize::MAX;

/// Every command, in the order `list_commands` and `help` show them.
pub(super) static COMMANDS: &[Command] = &[
    Command {
        name: "protocol_version",
        args: "",
        arity: (0, 0),
        help: "the protocol version: 2",
        run: |_, _| Ok("2".into()),
    },
    Command {
        name: "name",
        args: "",
        arity: (0, 0),
        help: "the engine's name",
        run: |_, _| Ok("quoridor".into()),
    },
    Command {
        name: "version",
        args: "",
        arity: (0, 0),
        help: "the engine's version",
        run: |_, _| Ok(env!("CARGO_PKG_VERSION").into()),
    },
    Command {
        name: "known_command",
        args: "<name>",
        arity: (1, 1),
        help: "true if the engine knows the command, else false",
        run: |_, args| Ok(find(args[0]).is_some().to_string()),
    },
    Command {
        name: "list_commands",
        args: "",
        arity: (0, 0),
        help: "the known commands, one per line",
        run: |_, _| {
            Ok(COMMANDS
                .iter()
                .map(|c| c.name)
                .collect::<Vec<_>>()
                .join("\n"))
        },
    },
    Command {
        name: "help",
        args: "[command]",
        arity: (0, 1),
        help: "what each command does (or one command)",
        run: help,
    },
    Command {
        name: "newgame",
        args: "[<size> <players> [fences]] [options]",
        arity: (0, MANY),
        help: "start a game: odd size 3-11, 2 or 4 players, fences per player (default: \
               the rules' table); alone, 9 2 10. Options: teams, scoring, \
               side_step_over_pawn, ply_limit=N",
        run: newgame,
    },
    Command {
        name: "play",
        args: "[seat] <move>",
        arity: (1, 2),
        help: "play a move (e2, e3h, e3v, pass) for the side to move; with a seat \
               (south, west, north, east, or 1-4 in turn order) it must be that seat's turn",
        run: play,
    },
    Command {
        name: "genmove",
        args: "[seat]",
        arity: (0, 1),
        help: "the engine searches at its level (see `level`) within the time given by \
               `time_left`, plays its move and replies with it",
        run: genmove,
    },
    Command {
        name: "analyze",
        args: "[ms]",
        arity: (0, 1),
        help: "search the position without playing (for ms milliseconds, at most 60000, \
               default the level's own limit): best move, value (steps ahead for the side to move, or \
               win/loss in N plies), expected outcome (0 to 1), depth, nodes, time and the \
               principal variation",
        run: analyze,
    },
    Command {
        name: "seed",
        args: "<n>",
        arity: (1, 1),
        help: "seed the randomness of the low levels (the same seed gives the same games)",
        run: seed,
    },
    Command {
        name: "legalmoves",
        args: "",
        arity: (0, 0),
        help: "the legal moves of the side to move, sorted as strings; empty when the \
               game is over",
        run: legalmoves,
    },
    Command {
        name: "undo",
        args: "",
        arity: (0, 0),
        help: "take back the last move (or resignation, or agreed draw)",
        run: |engine, _| {
            engine
                .game
                .undo()
                .map(|_| String::new())
                .ok_or(Failure::CannotUndo)
        },
    },
    Command {
        name: "showboard",
        args: "",
        arity: (0, 0),
        help: "a picture of the board, the side to move, fences left and distances",
        run: showboard,
    },
    Command {
        name: "position",
        args: "",
        arity: (0, 0),
        help: "the game as one line, for setposition: the ruleset then the moves \
               (9 2 10 e2 e8), or from a set-up position its notation, `moves` and the moves",
        run: |engine, _| Ok(game_line(&engine.game)),
    },
    Command {
        name: "setposition",
        args: "<size> <players> <fences> [options] <move>...",
        arity: (1, MANY),
        help: "set up a game from its moves, as `position` writes it (also from a \
               position notation followed by `moves` and the moves)",
        run: setposition,
    },
    Command {
        name: "setboard",
        args: "<position>",
        arity: (1, MANY),
        help: "set up a position from its one-line notation: <size> <pawns> <fences> \
               <fences-left> <to-move> <ply> [options], e.g. 9 e1,e9 - 10,10 south 0",
        run: setboard,
    },
    Command {
        name: "winner",
        args: "",
        arity: (0, 0),
        help: "none while the game goes on, else the winning seat, team (south+west) or draw",
        run: winner,
    },
    Command {
        name: "distances",
        args: "",
        arity: (0, 0),
        help: "each seat's shortest-path length to its goal line, in turn order (- for a \
               seat that has left)",
        run: distances,
    },
    Command {
        name: "scores",
        args: "",
        arity: (0, 0),
        help: "each seat's score in the scoring variant (0 otherwise), in turn order (- for \
               a seat that has left)",
        run: scores,
    },
    Command {
        name: "time_left",
        args: "<ms>",
        arity: (1, 1),
        help: "the time the engine may spend on its next move, in milliseconds (at most \
               60000: one move never takes longer, since nothing can stop it once started)",
        run: time_left,
    },
    Command {
        name: "level",
        args: "<n>",
        arity: (1, 1),
        help: "strength level, 1 (a beginner) to 8 (full strength: all the time `time_left` \
               gives, 300 ms per move without it)",
        run: level,
    },
    Command {
        name: "settings",
        args: "",
        arity: (0, 0),
        help: "the level and time budget in force",
        run: settings,
    },
    Command {
        name: "resign",
        args: "[seat]",
        arity: (0, 1),
        help: "a seat (by default the side to move) resigns; in a 4-player game without \
               teams it leaves and the others play on",
        run: resign,
    },
    Command {
        name: "draw",
        args: "",
        arity: (0, 0),
        help: "the players agree a draw",
        run: |engine, _| {
            engine
                .game
                .agree_draw()
                .map(|()| String::new())
                .map_err(Failure::from)
        },
    },
    Command {
        name: "ruleset",
        args: "",
        arity: (0, 0),
        help: "the rules of the game: size, players, fences, options",
        run: ruleset,
    },
    Command {
        name: "rules",
        args: "",
        arity: (0, 0),
        help: "the same as ruleset",
        run: ruleset,
    },
    Command {
        name: "hash",
        args: "",
        arity: (0, 0),
        help: "the Zobrist hash of the position, 16 hexadecimal digits",
        run: |engine, _| Ok(format!("{:016x}", engine.game.position().hash())),
    },
    Command {
        name: "perft",
        args: "<depth>",
        arity: (1, 1),
        help: "the number of move sequences of that length (0-4) from the position",
        run: perft_command,
    },
    Command {
        name: "quit",
        args: "",
        arity: (0, 0),
        help: "end the session",
        run: |engine, _| {
            engine.quit = true;
            Ok(String::new())
        },
    },
];

/// The command of that name (names are case-sensitive, as in GTP).
pub(super) fn find(name: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|command| command.name == name)
}

/// Runs a command: checks the number of arguments, then calls the handler.
pub(super) fn dispatch(engine: &mut Engine, name: &str, args: &[&str]) -> Reply {
    let command = find(name).ok_or(Failure::UnknownCommand)?;
    let (min, max) = command.arity;
    if args.len() < min {
        return Err(Failure::Syntax(format!(
            "missing argument, expected {}",
            usage(command)
        )));
    }
    if args.len() > max {
        return Err(Failure::Syntax(format!(
            "too many arguments, expected {}",
            usage(command)
        )));
    }
    (command.run)(engine, args)
}

fn usage(command: &Command) -> String {
    if command.args.is_empty() {
        format!("`{}`", command.name)
    } else {
        format!("`{} {}`", command.name, command.args)
    }
}

fn help(_: &mut Engine, args: &[&str]) -> Reply {
    let line = |command: &Command| {
        let usage = usage(command);
        format!("{}: {}", usage.trim_matches('`'), command.help)
    };
    match args.first() {
        Some(name) => find(name).map(line).ok_or(Failure::UnknownCommand),
        None => Ok(COMMANDS.iter().map(line).collect::<Vec<_>>().join("\n")),
    }
}

/// A whole number, or a syntax error naming what was expected.
fn number<T: std::str::FromStr>(word: &str, what: &str) -> Result<T, Failure> {
    word.parse()
        .map_err(|_| Failure::Syntax(format!("expected {what}, found `{}`", shown(word))))
}

fn newgame(engine: &mut Engine, args: &[&str]) -> Reply {
    let is_number = |word: &&&str| word.starts_with(|c: char| c.is_ascii_digit() || c == '-');
    let count = args.iter().take(3).take_while(is_number).count();
    let (numbers, options) = args.split_at(count);
    let rules = match numbers {
        [] => Ruleset::STANDARD,
        [_] => {
            let what = "the number of players after the board size";
            return Err(Failure::Syntax(format!(
                "missing argument, expected {what}"
            )));
        }
        [size, players, fences @ ..] => {
            let size = number(size, "a board size (odd, 3 to 11)")?;
            let players = number(players, "a number of players (2 or 4)")?;
            let rules = Ruleset::new(size, players).map_err(other)?;
            match fences.first() {
                Some(fences) => {
                    let fences = number(fences, "a number of fences per player")?;
                    rules.with_fences(fences).map_err(other)?
                }
                None => rules,
            }
        }
    };
    let mut rules = rules;
    let mut given: Vec<(String, &str)> = Vec::new();
    for &word in options {
        // What an option sets: the variant, or the name before `=`.
        let lower = word.to_ascii_lowercase();
        let key = if is_variant_word(&lower) {
            "variant".to_string()
        } else {
            lower.split('=').next().unwrap_or_default().to_string()
        };
        if let Some((_, previous)) = given.iter().find(|(k, _)| *k == key) {
            let message = if previous.eq_ignore_ascii_case(word) {
                format!("option `{}` given twice", shown(word))
            } else {
                format!(
                    "option `{}` conflicts with `{}`",
                    shown(word),
                    shown(previous)
                )
            };
            return Err(Failure::Syntax(message));
        }
        rules = match rules.with_option(word) {
            Some(result) => result.map_err(other)?,
            None => {
                let expected = "teams, scoring, standard, side_step_over_pawn or ply_limit=N";
                let word = shown(word);
                return Err(Failure::Syntax(format!(
                    "unknown option `{word}`, expected {expected}"
                )));
            }
        };
        given.push((key, word));
    }
    engine.game = Game::new(rules);
    engine.ai.new_game();
    Ok(String::new())
}

/// Whether an option word chooses a variant (`standard`, `teams`, `scoring`).
fn is_variant_word(word: &str) -> bool {
    [Variant::Standard, Variant::Teams, Variant::Scoring]
        .iter()
        .any(|variant| variant.name().eq_ignore_ascii_case(word))
}

/// A word of the input as shown in a message: cut to a readable length.
fn shown(word: &str) -> String {
    quoridor_rules::excerpt(word, 40)
}

fn other(err: impl fmt::Display) -> Failure {
    Failure::Other(err.to_string())
}

/// A seat: its name or initial, or its number in turn order (1 moves first).
fn seat(word: &str, pos: &Position) -> Result<Seat, Failure> {
    let players = pos.players() as usize;
    if word.bytes().all(|b| b.is_ascii_digit()) {
        return match word.parse::<usize>() {
            Ok(n) if (1..=players).contains(&n) => Ok(Seat::from_player(n - 1, pos.players())),
            _ => Err(Failure::Syntax(format!(
                "expected a seat number from 1 to {players} in a {players}-player game, found `{}`",
                shown(word)
            ))),
        };
    }
    word.parse()
        .map_err(|err| Failure::Syntax(format!("{err}")))
}

/// Why `seat` may not move now, if it may not.
fn not_its_turn(pos: &Position, seat: Seat) -> Option<String> {
    if seat.player(pos.players()).is_none() || pos.is_out(seat) {
        Some(format!("{seat} is not playing"))
    } else if pos.turn() != seat {
        Some(format!("it is {}'s turn", pos.turn()))
    } else {
        None
    }
}

fn play(engine: &mut Engine, args: &[&str]) -> Reply {
    let pos = engine.game.position();
    let (seat, mv) = match args {
        [mv] => (None, mv),
        [who, mv] => (Some(seat(who, pos)?), mv),
        _ => unreachable!("arity is checked by dispatch"),
    };
    let mv: Move = mv
        .parse()
        .map_err(|err| Failure::Syntax(format!("{err}")))?;
    if engine.game.is_over() {
        return Err(Failure::GameOver);
    }
    if let Some(why) = seat.and_then(|seat| not_its_turn(pos, seat)) {
        return Err(Failure::Illegal(why));
    }
    engine.game.play(mv)?;
    Ok(String::new())
}

fn genmove(engine: &mut Engine, args: &[&str]) -> Reply {
    let pos = engine.game.position();
    let seat = args.first().map(|who| seat(who, pos)).transpose()?;
    if engine.game.is_over() {
        return Err(Failure::GameOver);
    }
    if let Some(why) = seat.and_then(|seat| not_its_turn(pos, seat)) {
        return Err(Failure::Other(why));
    }
    let result = think(engine, engine.time_left_ms)?;
    engine.game.play(result.best)?;
    Ok(result.best.to_string())
}

/// The longest a single search of the protocol may take, in milliseconds:
/// a command cannot be interrupted, so a huge `time_left` must not make the
/// engine deaf for hours.
pub const MAX_THINK_MS: u64 = 60_000;

/// The limit of a search given `ms` milliseconds, or none (the level's own).
pub(super) fn think_limit(ms: Option<u64>) -> quoridor_engine::SearchLimit {
    use quoridor_engine::SearchLimit;
    match ms {
        Some(ms) => SearchLimit::MoveTime(std::time::Duration::from_millis(ms.min(MAX_THINK_MS))),
        None => SearchLimit::Infinite,
    }
}

/// Searches the current position at the engine's level, within `ms` (at
/// most [`MAX_THINK_MS`]) if given.
fn think(engine: &mut Engine, ms: Option<u64>) -> Result<quoridor_engine::SearchResult, Failure> {
    let limit = think_limit(ms);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut silent = quoridor_engine::Silent;
    engine
        .ai
        .search_game(&engine.game, limit, &stop, &mut silent)
        .ok_or(Failure::GameOver)
}

fn analyze(engine: &mut Engine, args: &[&str]) -> Reply {
    let ms = match args.first() {
        Some(word) => Some(number::<u64>(word, "a time in milliseconds")?),
        None => None,
    };
    let r = think(engine, ms)?;
    let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
    Ok(format!(
        "best {} score {} expected {:.2} depth {} nodes {} time {} pv {}",
        r.best,
        r.score,
        r.score.expected_outcome(),
        r.depth,
        r.nodes,
        r.elapsed.as_millis(),
        pv.join(" ")
    ))
}

fn seed(engine: &mut Engine, args: &[&str]) -> Reply {
    let n = number::<u64>(args[0], "a seed (a whole number)")?;
    engine.ai.set_seed(n);
    Ok(String::new())
}

/// The legal moves, sorted as strings.
fn sorted_moves(pos: &Position) -> Vec<(String, Move)> {
    let mut moves: Vec<(String, Move)> = pos
        .legal_moves()
        .iter()
        .map(|&mv| (mv.to_string(), mv))
        .collect();
    moves.sort();
    moves
}

fn legalmoves(engine: &mut Engine, _: &[&str]) -> Reply {
    if engine.game.is_over() {
        return Ok(String::new());
    }
    let moves = sorted_moves(engine.game.position());
    Ok(moves
        .into_iter()
        .map(|(text, _)| text)
        .collect::<Vec<_>>()
        .join(" "))
}

fn showboard(engine: &mut Engine, _: &[&str]) -> Reply {
    let diagram = Diagram::new(engine.game.position()).with_outcome(engine.game.outcome());
    Ok(format!("\n{diagram}"))
}

fn winner(engine: &mut Engine, _: &[&str]) -> Reply {
    Ok(engine
        .game
        .outcome()
        .map_or_else(|| "none".into(), |outcome| outcome.to_string()))
}

/// One value per seat in turn order, `-` for a seat that has left.
fn per_seat(pos: &Position, value: impl Fn(Seat) -> String) -> String {
    let values = pos.seats().iter().map(|&seat| {
        if pos.is_out(seat) {
            "-".into()
        } else {
            value(seat)
        }
    });
    values.collect::<Vec<_>>().join(" ")
}

fn distances(engine: &mut Engine, _: &[&str]) -> Reply {
    let pos = engine.game.position();
    Ok(per_seat(pos, |seat| {
        pos.distance(seat)
            .map_or_else(|| "-".into(), |d| d.to_string())
    }))
}

fn scores(engine: &mut Engine, _: &[&str]) -> Reply {
    let pos = engine.game.position();
    Ok(per_seat(pos, |seat| pos.score(seat).to_string()))
}

fn time_left(engine: &mut Engine, args: &[&str]) -> Reply {
    let ms = number(
        args[0],
        "a time in milliseconds (a whole number, 0 or more)",
    )?;
    engine.time_left_ms = Some(ms);
    Ok(String::new())
}

fn level(engine: &mut Engine, args: &[&str]) -> Reply {
    let expected = "a level from 1 to 8";
    match number::<u8>(args[0], expected) {
        Ok(n) if quoridor_engine::Level::new(n).is_some() => {
            engine.level = n;
            engine
                .ai
                .set_level(quoridor_engine::Level::new(n).unwrap_or_default());
            Ok(String::new())
        }
        _ => Err(Failure::Syntax(format!(
            "expected {expected}, found `{}`",
            shown(args[0])
        ))),
    }
}

fn settings(engine: &mut Engine, _: &[&str]) -> Reply {
    let time = engine
        .time_left_ms
        .map_or_else(|| "none".into(), |ms| ms.to_string());
    Ok(format!("level {}\ntime_left {time}", engine.level))
}

fn resign(engine: &mut Engine, args: &[&str]) -> Reply {
    let pos = engine.game.position();
    let seat = match args.first() {
        Some(who) => seat(who, pos)?,
        None => pos.turn(),
    };
    engine.game.resign(seat)?;
    Ok(String::new())
}

fn ruleset(engine: &mut Engine, _: &[&str]) -> Reply {
    Ok(engine.game.rules().to_string())
}

/// The deepest `perft` allowed: deeper counts take minutes.
const MAX_PERFT_DEPTH: u32 = 4;

fn perft_command(engine: &mut Engine, args: &[&str]) -> Reply {
    let expected = format!("a depth from 0 to {MAX_PERFT_DEPTH}");
    match number::<u32>(args[0], &expected) {
        Ok(depth) if depth <= MAX_PERFT_DEPTH => {
            Ok(perft(engine.game.position(), depth).to_string())
        }
        _ => Err(Failure::Syntax(format!(
            "expected {expected}, found `{}`",
            shown(args[0])
        ))),
    }
}

fn setposition(engine: &mut Engine, args: &[&str]) -> Reply {
    let text = args.join(" ");
    engine.game = parse_game_line(&text).map_err(|err| record_failure(&err, args))?;
    engine.ai.new_game();
    Ok(String::new())
}

fn setboard(engine: &mut Engine, args: &[&str]) -> Reply {
    let pos: Position = args
        .join(" ")
        .parse()
        .map_err(|err| notation_failure(&err))?;
    engine.game = Game::from_position(pos);
    engine.ai.new_game();
    Ok(String::new())
}

/// A position notation refused: a syntax error when it is malformed, else
/// the rule it breaks.
fn notation_failure(err: &NotationError) -> Failure {
    match err.kind() {
        NotationErrorKind::Missing
        | NotationErrorKind::Malformed(_)
        | NotationErrorKind::PlayerCount(_)
        | NotationErrorKind::Count { .. }
        | NotationErrorKind::UnknownOption(_)
        | NotationErrorKind::DuplicateOption { .. } => Failure::Syntax(err.to_string()),
        _ => Failure::Other(err.to_string()),
    }
}

/// A game line refused, with the argument at fault (from 1) found from the
/// column of the error in the arguments joined by single spaces.
fn record_failure(err: &RecordError, args: &[&str]) -> Failure {
    let mut start = 1;
    let mut argument = args.len() + 1;
    for (i, arg) in args.iter().enumerate() {
        let end = start + arg.chars().count();
        if err.column() < end {
            argument = i + 1;
            break;
        }
        start = end + 1;
    }
    let at = if argument > args.len() {
        format!("after argument {}", args.len())
    } else {
        format!("argument {argument}")
    };
    match err.kind() {
        RecordErrorKind::Position(err) => notation_failure(err),
        RecordErrorKind::Illegal {
            entry: Entry::Move(mv),
            error,
        } => match error {
            GameError::GameOver => Failure::Illegal(format!("{mv} ({at}): game is over")),
            GameError::Illegal(why) => Failure::Illegal(format!("{mv} ({at}): {why}")),
            other => Failure::Illegal(format!("{mv} ({at}): {other}")),
        },
        RecordErrorKind::Syntax(parse) => Failure::Syntax(format!("{at}: {parse}")),
        kind => Failure::Other(format!("{at}: {kind}")),
    }
}
