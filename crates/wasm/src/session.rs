//! The position the page works on, its history for undo, and one engine
//! that keeps its table between searches.

use std::sync::atomic::AtomicBool;

use quoridor_engine::{Engine, Level, Reporter, SearchLimit, SearchResult, SHARED_HASH_MB};
use quoridor_rules::{IllegalMove, Move, Position, Ruleset, SetupReason};

use crate::board;
use crate::host::report_to_host;
use crate::json::Json;

/// The most lines a search finds (multi-PV).
pub const MAX_LINES: u32 = 5;

/// The most positions kept for undo (a game is far shorter).
const MAX_HISTORY: usize = 4096;

/// What a search may use; zero means unset.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    pub level: u32,
    pub depth: u32,
    pub ms: f64,
    pub nodes: f64,
    pub seed: u64,
    pub book: bool,
    /// How many best moves to find, each with its line (multi-PV); 0 or
    /// 1: the best only.
    pub lines: u32,
}

impl Limits {
    /// The first limit set, in the order depth, time, nodes; else the
    /// level's own.
    fn search_limit(&self) -> SearchLimit {
        if self.depth > 0 {
            SearchLimit::Depth(self.depth)
        } else if self.ms > 0.0 {
            SearchLimit::MoveTime(std::time::Duration::from_secs_f64(self.ms / 1000.0))
        } else if self.nodes >= 1.0 {
            SearchLimit::Nodes(self.nodes as u64)
        } else {
            SearchLimit::Infinite
        }
    }
}

/// A move the rules refuse, as the server answers it: `illegal_move`
/// with the reason.
fn illegal(err: &IllegalMove, message: &str) -> String {
    let mut json = Json::default();
    json.raw("{")
        .key("error", true)
        .string("illegal_move")
        .key("message", false)
        .string(message)
        .key("reason", false);
    board::reason(&mut json, err);
    json.raw("}");
    json.0
}

/// A position that breaks the rules, with the rule (`reason`).
fn refused_setup(message: &str, why: &SetupReason) -> String {
    let mut json = Json::default();
    json.raw("{")
        .key("error", true)
        .string("position")
        .key("message", false)
        .string(message)
        .key("reason", false);
    board::setup_reason(&mut json, why);
    json.raw("}");
    json.0
}

/// An error answer.
fn error(code: &str, message: &str) -> String {
    let mut json = Json::default();
    json.raw("{")
        .key("error", true)
        .string(code)
        .key("message", false)
        .string(message)
        .raw("}");
    json.0
}

pub struct Session {
    /// The positions from the first one set, the current one last.
    history: Vec<Position>,
    engine: Engine,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    pub fn new() -> Session {
        Session {
            history: vec![Position::new(Ruleset::default())],
            engine: Engine::with_hash(SHARED_HASH_MB),
        }
    }

    pub fn position(&self) -> &Position {
        self.history
            .last()
            .expect("a session always has a position")
    }

    /// See `qw_position`.
    pub fn set(&mut self, text: &str) -> String {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        let first = lines.next().unwrap_or("start");
        let start = match parse_start(first) {
            Ok(pos) => pos,
            Err((message, None)) => return error("position", &message),
            Err((message, Some(why))) => return refused_setup(&message, &why),
        };
        let mut history = vec![start];
        for line in lines {
            let mut pos = *history.last().unwrap_or(&start);
            let played = line
                .parse::<Move>()
                .map_err(|err| error("move", &format!("{line}: {err}")))
                .and_then(|mv| {
                    pos.play(mv)
                        .map_err(|err| illegal(&err, &format!("{line}: {err}")))
                });
            if let Err(answer) = played {
                return answer;
            }
            if history.len() >= MAX_HISTORY {
                return error("move", "too many moves");
            }
            history.push(pos);
        }
        self.history = history;
        self.facts()
    }

    /// See `qw_play`.
    pub fn play(&mut self, text: &str) -> String {
        let mv = match text.trim().parse::<Move>() {
            Ok(mv) => mv,
            Err(err) => return error("move", &err.to_string()),
        };
        let mut pos = *self.position();
        if let Err(err) = pos.play(mv) {
            return illegal(&err, &err.to_string());
        }
        if self.history.len() >= MAX_HISTORY {
            return error("move", "too many moves");
        }
        self.history.push(pos);
        self.facts()
    }

    /// See `qw_undo`.
    pub fn undo(&mut self) -> String {
        if self.history.len() > 1 {
            self.history.pop();
        }
        self.facts()
    }

    /// The position's facts as an object.
    pub fn facts(&self) -> String {
        let mut json = Json::default();
        json.raw("{");
        board::facts(&mut json, self.position());
        json.key("ply", false).number(self.history.len() - 1);
        json.raw("}");
        json.0
    }

    pub fn perft(&self, depth: u32) -> u64 {
        quoridor_rules::perft(self.position(), depth)
    }

    /// See [`crate::review`].
    pub fn review(&mut self, text: &str, ms: u32) -> String {
        self.engine.set_level(Level::MAX);
        crate::review::review(&mut self.engine, text, ms)
    }

    pub fn new_game(&mut self) {
        self.engine.new_game();
    }

    /// Searches the position; the answer is the result with the facts.
    pub fn search(&mut self, limits: Limits, reporter: &mut dyn Reporter) -> String {
        let Some(level) = u8::try_from(limits.level).ok().and_then(Level::new) else {
            return error("level", "the level is 1 to 8");
        };
        let pos = *self.position();
        self.engine.set_level(level);
        self.engine.set_seed(limits.seed);
        self.engine.set_book(limits.book);
        let stop = AtomicBool::new(false);
        let count = limits.lines.clamp(1, MAX_LINES) as usize;
        // Each line after the first is told as it comes (the first is
        // told by its iterations).
        let mut told = |so_far: &[SearchResult]| {
            if so_far.len() > 1 {
                let mut json = Json::default();
                json.raw("{");
                board::lines(&mut json, so_far, true);
                json.raw("}");
                report_to_host(&json.0);
            }
        };
        // One line (always so with four players each for themselves) is
        // searched knowing the positions before, to see repetitions coming.
        let found = if count == 1 || pos.rules().is_free_for_all() {
            let limit = limits.search_limit();
            let found = self
                .engine
                .search_after(&pos, &self.history, limit, &stop, reporter);
            found.into_iter().collect()
        } else {
            self.engine.search_lines(
                &pos,
                limits.search_limit(),
                count,
                &stop,
                reporter,
                &mut told,
            )
        };
        let Some(first) = found.first() else {
            return error("game_over", "the game is over");
        };
        let mut json = Json::default();
        json.raw("{");
        board::result(&mut json, first);
        if count > 1 {
            board::lines(&mut json, &found, false);
        }
        json.raw("}");
        json.0
    }
}

impl Session {
    /// A hint for the side to move at full strength, searched for `ms`
    /// (see [`quoridor_engine::hint`]): the search's result with `steps`,
    /// every pawn's path before and after the move.
    pub fn hint(&mut self, ms: f64) -> String {
        let pos = *self.position();
        self.engine.set_level(Level::MAX);
        self.engine.set_book(true);
        let stop = AtomicBool::new(false);
        let limit = SearchLimit::MoveTime(std::time::Duration::from_secs_f64(ms.max(1.0) / 1000.0));
        let Some(hint) = quoridor_engine::hint::hint(&mut self.engine, &pos, limit, &stop) else {
            return error("game_over", "the game is over");
        };
        let mut json = Json::default();
        json.raw("{");
        board::result(&mut json, &hint.result);
        json.key("steps", false).raw("[");
        for (i, steps) in hint.steps.iter().enumerate() {
            if i > 0 {
                json.raw(",");
            }
            json.raw("{")
                .key("seat", true)
                .string(steps.seat.name())
                .key("before", false)
                .number(steps.before)
                .key("after", false)
                .number(steps.after)
                .raw("}");
        }
        json.raw("]}");
        json.0
    }
}

/// `start SIZE PLAYERS` or a position in notation.
/// The first position: `start [size [players]]` or position notation;
/// refused with its words, and the rule it breaks where it is one.
fn parse_start(text: &str) -> Result<Position, (String, Option<SetupReason>)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.first() == Some(&"start") {
        let number = |i: usize, default: u32| {
            words.get(i).map_or(Ok(default), |w| {
                w.parse::<u32>().map_err(|e| (format!("{w}: {e}"), None))
            })
        };
        let rules =
            Ruleset::new(number(1, 9)?, number(2, 2)?).map_err(|e| (e.to_string(), None))?;
        return Ok(Position::new(rules));
    }
    text.parse::<Position>()
        .map_err(|err| (err.to_string(), SetupReason::of(&err)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_engine::Silent;

    #[test]
    fn a_session_plays_refuses_and_takes_back() {
        let mut session = Session::new();
        let facts = session.set("start 9 2\ne2\ne8");
        assert!(facts.contains("\"ply\":2"), "{facts}");
        let refused = session.play("e4");
        assert!(
            refused.starts_with("{\"error\":\"illegal_move\""),
            "{refused}"
        );
        assert!(
            refused
                .contains("\"reason\":{\"code\":\"not_reachable\",\"from\":\"e2\",\"to\":\"e4\"}"),
            "{refused}"
        );
        assert!(session.play("e3").contains("\"turn\":\"north\""));
        assert!(session.undo().contains("\"ply\":2"));
        assert!(session.set("start 12 2").contains("\"error\":\"position\""));
        // A position that breaks the rules says which rule, as the server.
        let two = session.set("9 e1,e1 - 10,10 south 0");
        assert!(
            two.contains("\"reason\":{\"code\":\"pawns_share_square\",\"square\":\"e1\"}"),
            "{two}"
        );
        assert_eq!(
            session.position().ply(),
            2,
            "a refused position changes nothing"
        );
        assert_eq!(session.perft(1), 132, "four pawn moves and 128 fences");
    }

    #[test]
    fn a_search_at_a_fixed_depth_answers_a_legal_move() {
        let mut session = Session::new();
        session.set("start 9 2");
        let limits = Limits {
            level: 8,
            depth: 3,
            ms: 0.0,
            nodes: 0.0,
            seed: 1,
            book: false,
            lines: 0,
        };
        let answer = session.search(limits, &mut Silent);
        assert!(answer.contains("\"depth\":3,"), "{answer}");
        let best = answer
            .split("\"best\":\"")
            .nth(1)
            .and_then(|r| r.split('"').next());
        let best: Move = best.expect("a best move").parse().unwrap();
        assert!(session.position().is_legal(best), "{answer}");
        let bad = Limits { level: 9, ..limits };
        assert!(session
            .search(bad, &mut Silent)
            .contains("\"error\":\"level\""));
    }
}
