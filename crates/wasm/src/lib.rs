//! The rules and the engine for the page: a WebAssembly module with plain
//! `extern "C"` exports, wrapped by `web/lib/engine-core.js` and run in a
//! Web Worker (`web/engine-worker.js`) so that the page never waits on it.
//!
//! Text crosses in two buffers: the page writes its input (a position, a
//! move) into the input buffer ([`qw_input`]), calls a function, and reads
//! the function's answer, JSON of the length it returns, from
//! [`qw_output`]. Errors are answered as `{"error": code, "message": …}`.
//!
//! The module imports two functions from `env`: `quoridor_now_ms()`, the
//! engine's clock ([`quoridor_engine::clock`]), and `quoridor_report(ptr,
//! len)`, which hears each finished iteration of a search as JSON (the
//! page's live depth). The search itself is the native engine's: at a
//! fixed depth and seed it plays the server's moves.
//!
//! Layers, from the bottom (`tests/layers.rs` of the workspace):
//!
//! 1. `json`, `board` (positions and searches as JSON).
//! 2. `game`, `host` (what the page hands the module), `review`, `local`
//!    (a game on the device, by the game crate's rules), `records` (a file
//!    of records read).
//! 3. `session` (the position the page works on, and its engine).

mod board;
mod game;
mod host;
mod json;
mod local;
mod records;
mod review;
pub mod session;

pub use session::Session;

use std::cell::RefCell;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<String> = const { RefCell::new(String::new()) };
    static SESSION: RefCell<Session> = RefCell::new(Session::new());
}

/// The input text, read by a function.
fn input() -> String {
    INPUT.with(|input| String::from_utf8_lossy(&input.borrow()).into_owned())
}

/// Keeps `answer` for [`qw_output`] and returns its length.
fn answer(answer: String) -> u32 {
    let len = answer.len() as u32;
    OUTPUT.with(|out| *out.borrow_mut() = answer);
    len
}

fn with_session<T>(f: impl FnOnce(&mut Session) -> T) -> T {
    SESSION.with(|session| f(&mut session.borrow_mut()))
}

/// A buffer of `len` bytes for the next input; the page writes there.
#[no_mangle]
pub extern "C" fn qw_input(len: u32) -> *mut u8 {
    INPUT.with(|input| {
        let mut input = input.borrow_mut();
        input.clear();
        input.resize(len as usize, 0);
        input.as_mut_ptr()
    })
}

/// Where the last answer lies (its length was returned).
#[no_mangle]
pub extern "C" fn qw_output() -> *const u8 {
    OUTPUT.with(|out| out.borrow().as_ptr())
}

/// Sets the position: the input is a position in notation, or `start`
/// with a board size and a player count (`start 9 2`), then optionally
/// moves, one per line. Answers the position's facts.
#[no_mangle]
pub extern "C" fn qw_position() -> u32 {
    let text = input();
    answer(with_session(|s| s.set(&text)))
}

/// Plays the move of the input; answers the facts, or why it is refused.
#[no_mangle]
pub extern "C" fn qw_play() -> u32 {
    let text = input();
    answer(with_session(|s| s.play(&text)))
}

/// Takes the last move back; answers the facts.
#[no_mangle]
pub extern "C" fn qw_undo() -> u32 {
    answer(with_session(|s| s.undo()))
}

/// The current position's facts.
#[no_mangle]
pub extern "C" fn qw_facts() -> u32 {
    answer(with_session(|s| s.facts()))
}

/// The number of move sequences of `depth` plies from the position.
#[no_mangle]
pub extern "C" fn qw_perft(depth: u32) -> f64 {
    with_session(|s| s.perft(depth)) as f64
}

/// Searches the position: `level` 1 to 8, and each limit that is above 0
/// (plies, milliseconds, nodes); none means the level's own. `seed` fixes
/// the low levels' randomness, `book` lets the levels that play the book
/// play it; `lines` above 1 finds that many best moves, each with its line
/// (`lines` in the answer, each told as it comes). Each iteration of the
/// first is reported; the answer is the result.
#[no_mangle]
pub extern "C" fn qw_search(
    level: u32,
    depth: u32,
    ms: f64,
    nodes: f64,
    seed: f64,
    book: u32,
    lines: u32,
) -> u32 {
    let limits = session::Limits {
        level,
        depth,
        ms,
        nodes,
        seed: seed as u64,
        book: book != 0,
        lines,
    };
    answer(with_session(|s| s.search(limits, &mut host::HostReporter)))
}

/// A hint for the side to move, searched for `ms`: the best move a person
/// can follow, its line, and every pawn's path before and after it.
#[no_mangle]
pub extern "C" fn qw_hint(ms: f64) -> u32 {
    answer(with_session(|s| s.hint(ms)))
}

/// A whole game replayed: the input is the ruleset and the history, one
/// entry a line (see [`game`]); answers the rules part of the game object.
#[no_mangle]
pub extern "C" fn qw_game() -> u32 {
    answer(game::replay(&input()))
}

/// A game on the device: its record and what is done to it (see
/// [`local`]); answers the history after it and the clocks.
#[no_mangle]
pub extern "C" fn qw_local() -> u32 {
    answer(local::act(&input()))
}

/// A game's record: `tag NAME VALUE` lines, then the game as for
/// [`qw_game`]; answers `{"record": text}`.
#[no_mangle]
pub extern "C" fn qw_record() -> u32 {
    answer(game::record(&input()))
}

/// A file of game records (the input) read for the analysis board: each
/// game's tags, start, moves and end (see [`records`]).
#[no_mangle]
pub extern "C" fn qw_read_records() -> u32 {
    answer(records::read(&input()))
}

/// A finished game reviewed (the input as for [`qw_game`]), each position
/// searched for `ms`; progress is reported after each position.
#[no_mangle]
pub extern "C" fn qw_review(ms: u32) -> u32 {
    let text = input();
    answer(with_session(|s| s.review(&text, ms)))
}

/// Forgets what earlier searches learned (a new game).
#[no_mangle]
pub extern "C" fn qw_new_game() {
    with_session(|s| s.new_game());
}

/// How long the computer may think on a move with `remaining_ms` on its
/// clock and `increment_ms` added after each move (the server's share,
/// [`quoridor_engine::time::clock_budget`]), in milliseconds.
#[no_mangle]
pub extern "C" fn qw_clock_budget(remaining_ms: f64, increment_ms: f64) -> f64 {
    let ms = |v: f64| std::time::Duration::from_secs_f64(v.max(0.0) / 1000.0);
    quoridor_engine::time::clock_budget(ms(remaining_ms), ms(increment_ms)).as_secs_f64() * 1000.0
}
