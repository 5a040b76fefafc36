//! A whole game for the page's games on one device: a ruleset and the
//! history, replayed by the rules' [`Game`], and told as the rules part of
//! the server's game object (API.md): position, pawns, fences, hands,
//! scores, who is out, legal moves, the result, and the position after
//! each entry. The page keeps the rest (seats, names, clocks).
//!
//! The input is the ruleset (`9 2 10`, `9 4 - teams ply_limit=200`: size,
//! players, fences or `-` for the board's own count, options as in
//! notation), then one entry per line: a
//! move of the side to move, `resign SEAT`, `timeout SEAT` or `draw`.

use quoridor_engine::controller::accepts_draw;
use quoridor_rules::{Entry, Game, GameError, Outcome, Position, Record, Ruleset, Variant};

use crate::board;
use crate::json::Json;

/// The most entries a game may have (the server's limit is far lower).
const MAX_ENTRIES: usize = 4096;

/// `size players fences [options…]`.
fn parse_rules(line: &str) -> Result<Ruleset, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let number = |i: usize, what: &str| -> Result<u32, String> {
        let word = words
            .get(i)
            .ok_or_else(|| format!("the ruleset lacks its {what}"))?;
        word.parse()
            .map_err(|_| format!("{what}: {word:?} is not a number"))
    };
    let mut rules =
        Ruleset::new(number(0, "size")?, number(1, "players")?).map_err(|e| e.to_string())?;
    // `-`: the board's own count.
    if words.get(2) != Some(&"-") {
        rules = rules
            .with_fences(number(2, "fences")?)
            .map_err(|e| e.to_string())?;
    }
    for word in words.iter().skip(3) {
        rules = rules
            .with_option(word)
            .ok_or_else(|| format!("unknown option {word:?}"))?
            .map_err(|e| e.to_string())?;
    }
    Ok(rules)
}

/// One line of the history.
fn parse_entry(line: &str) -> Result<Entry, String> {
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    let seat = |w: Option<&str>| -> Result<_, String> {
        let w = w.ok_or_else(|| format!("{line}: which seat?"))?;
        w.parse()
            .map_err(|_| format!("{line}: {w:?} is not a seat"))
    };
    Ok(match first {
        "resign" => Entry::Resign(seat(words.next())?),
        "timeout" => Entry::Timeout(seat(words.next())?),
        "draw" => Entry::DrawAgreed,
        mv => Entry::Move(mv.parse().map_err(|e| format!("{line}: {e}"))?),
    })
}

fn error(json: &mut Json, index: usize, code: &str, message: &str) {
    json.raw("{")
        .key("error", true)
        .string(code)
        .key("index", false)
        .number(index)
        .key("message", false)
        .string(message)
        .raw("}");
}

/// The game of the text, or the JSON error of its refused line.
pub fn build(text: &str) -> Result<Game, String> {
    let mut json = Json::default();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let rules = match parse_rules(lines.next().unwrap_or("")) {
        Ok(rules) => rules,
        Err(message) => {
            error(&mut json, 0, "rules", &message);
            return Err(json.0);
        }
    };
    let mut game = Game::new(rules);
    for (i, line) in lines.enumerate() {
        if i >= MAX_ENTRIES {
            error(&mut json, i, "entry", "too many entries");
            return Err(json.0);
        }
        let entry = match parse_entry(line) {
            Ok(entry) => entry,
            Err(message) => {
                error(&mut json, i, "entry", &message);
                return Err(json.0);
            }
        };
        match game.apply(entry) {
            Ok(()) => {}
            Err(GameError::Illegal(illegal)) => {
                json.raw("{")
                    .key("error", true)
                    .string("illegal_move")
                    .key("index", false)
                    .number(i)
                    .key("reason", false);
                board::reason(&mut json, &illegal);
                json.raw("}");
                return Err(json.0);
            }
            Err(other) => {
                error(&mut json, i, "entry", &format!("{line}: {other}"));
                return Err(json.0);
            }
        }
    }
    Ok(game)
}

/// See the module's comment: the game's JSON, or the refused line's
/// error with its `index` among the entries.
pub fn replay(text: &str) -> String {
    match build(text) {
        Ok(game) => {
            let mut json = Json::default();
            write_game(&mut json, &game);
            json.0
        }
        Err(error) => error,
    }
}

/// The game's record (`{"record": text}`), as the server's record of a
/// game: lines `tag NAME VALUE` first, then the game's text.
pub fn record(text: &str) -> String {
    let mut tags = Vec::new();
    let mut rest = Vec::new();
    for line in text.lines() {
        match line.trim().strip_prefix("tag ") {
            Some(tag) if rest.is_empty() => tags.push(tag.split_once(' ').unwrap_or((tag, ""))),
            _ => rest.push(line),
        }
    }
    let game = match build(&rest.join("\n")) {
        Ok(game) => game,
        Err(error) => return error,
    };
    let mut record = Record::new(game);
    for (name, value) in tags {
        record = record.with_tag(name, value);
    }
    let mut json = Json::default();
    json.raw("{")
        .key("record", true)
        .string(&record.to_string())
        .raw("}");
    json.0
}

fn write_game(json: &mut Json, game: &Game) {
    let pos = game.position();
    let seats = pos.seats();
    let scoring = pos.rules().variant() == Variant::Scoring;
    json.raw("{");
    json.key("position", true).string(&pos.to_string());
    json.key("fences_each", false).number(pos.rules().fences());
    json.key("turn", false).string(pos.turn().name());
    json.key("ply", false).number(pos.ply());
    json.key("pawns", false).raw("{");
    for (i, &seat) in seats.iter().enumerate() {
        json.key(seat.name(), i == 0)
            .string(&pos.pawn(seat).to_string());
    }
    json.raw("}");
    json.key("fences", false).strings(pos.fences());
    json.key("fences_left", false).raw("{");
    for (i, &seat) in seats.iter().enumerate() {
        json.key(seat.name(), i == 0).number(pos.fences_left(seat));
    }
    json.raw("}");
    json.key("scores", false);
    if scoring {
        json.raw("{");
        for (i, &seat) in seats.iter().enumerate() {
            json.key(seat.name(), i == 0).number(pos.score(seat));
        }
        json.raw("}");
    } else {
        json.raw("null");
    }
    let names = |keep: &dyn Fn(quoridor_rules::Seat) -> bool| -> Vec<&'static str> {
        seats
            .iter()
            .copied()
            .filter(|&s| keep(s))
            .map(|s| s.name())
            .collect()
    };
    json.key("arrived", false)
        .strings(names(&|s| scoring && pos.has_arrived(s)));
    json.key("out", false).strings(names(&|s| pos.is_out(s)));
    json.key("draw_accepted_by", false)
        .strings(names(&|s| !pos.is_out(s) && accepts_draw(pos, s)));
    json.key("result", false);
    match game.result() {
        Some((outcome, termination)) => {
            let winners: Vec<&str> = match outcome {
                Outcome::Winner(seat) => vec![seat.name()],
                Outcome::TeamWinner(team) => team.seats().iter().map(|s| s.name()).collect(),
                Outcome::Draw => Vec::new(),
            };
            json.raw("{")
                .key("winners", true)
                .strings(winners)
                .key("draw", false)
                .bool(outcome == Outcome::Draw)
                .key("termination", false)
                .string(termination.name())
                .raw("}");
        }
        None => {
            json.raw("null");
        }
    }
    // The movers and the positions after each entry, for the move list
    // and the replay.
    let positions = (1..=game.entries().len()).filter_map(|i| game.position_at(i));
    json.key("positions", false)
        .strings(positions.map(Position::to_string));
    json.key("movers", false).strings(
        (0..game.entries().len())
            .filter_map(|i| game.position_at(i))
            .map(|p| p.turn().name()),
    );
    // The scoring game's points of each pawn move (null for the others).
    json.key("points", false).raw("[");
    for (i, entry) in game.entries().iter().enumerate() {
        let (before, after) = (game.position_at(i), game.position_at(i + 1));
        let points = match (entry, before, after) {
            (Entry::Move(quoridor_rules::Move::Pawn(_)), Some(b), Some(a)) if scoring => {
                Some(a.score(b.turn()) - b.score(b.turn()))
            }
            _ => None,
        };
        if i > 0 {
            json.raw(",");
        }
        match points {
            Some(n) => json.number(n),
            None => json.raw("null"),
        };
    }
    json.raw("]");
    write_recent(json, game);
    // A pawn boxed in with nothing else to play passes: the page plays the
    // pass at once, as the server does.
    let moves = pos.legal_moves();
    let forced = !game.is_over()
        && moves.len() == 1
        && moves.iter().next() == Some(&quoridor_rules::Move::Pass);
    json.key("forced_pass", false).bool(forced);
    if !game.is_over() {
        // `legal` as the analysis board's (the shape of API.md's).
        let mut facts = Json::default();
        board::facts(&mut facts, pos);
        let legal = facts.0.split_once("\"legal\":").map_or("null", |(_, l)| l);
        json.key("legal", false).raw(legal);
    } else {
        json.key("legal", false).raw("null");
    }
    json.raw("}");
}

/// `recent`: the position since which only moves were played without a
/// fence, and those moves; what a search is given (as a position and its
/// moves) to see repetitions coming, as the server's AI sees them.
fn write_recent(json: &mut Json, game: &Game) {
    let entries = game.entries();
    let since_fence = entries.len() + 1 - game.since_last_fence().len();
    let first = entries
        .iter()
        .rposition(|e| !matches!(e, Entry::Move(_)))
        .map_or(0, |i| i + 1)
        .max(since_fence);
    let position = game.position_at(first).unwrap_or(game.position());
    let moves = entries[first..].iter().filter_map(|e| match e {
        Entry::Move(mv) => Some(mv.to_string()),
        _ => None,
    });
    json.key("recent", false)
        .raw("{")
        .key("position", true)
        .string(&position.to_string())
        .key("moves", false)
        .strings(moves)
        .raw("}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recent_moves_start_after_the_last_fence_or_seat_that_left() {
        let recent = |text: &str| {
            let out = replay(text);
            let at = out.find("\"recent\":").unwrap_or_else(|| panic!("{out}"));
            out[at..].split_once('}').unwrap().0.to_string() + "}"
        };
        assert_eq!(
            recent("5 2 2\nc2\nc4"),
            "\"recent\":{\"position\":\"5 c1,c5 - 2,2 south 0 fences=2\",\"moves\":[\"c2\",\"c4\"]}"
        );
        let fenced = recent("5 2 2\nc2\nc4\na2h\nb4\nc1");
        assert_eq!(
            fenced,
            "\"recent\":{\"position\":\"5 c2,c4 a2h 1,2 north 3 fences=2\",\"moves\":[\"b4\",\"c1\"]}"
        );
        assert!(recent("5 2 2\nc2\nc4\na2h").ends_with("\"moves\":[]}"));
        let left = recent("9 4 5 repetition\ne2\na6\nresign north\nh5");
        assert!(left.ends_with("\"moves\":[\"h5\"]}"), "{left}");
    }

    #[test]
    fn a_game_is_replayed_and_ends() {
        let out = replay("5 2 2\nc2\nc4\nc3\na3h\nb3\nresign north");
        assert!(out.contains("\"termination\":\"resignation\""), "{out}");
        assert!(out.contains("\"winners\":[\"south\"]"), "{out}");
        assert!(out.contains("\"legal\":null"), "{out}");
        let going = replay("9 2 10\ne2\ne8");
        assert!(
            going.contains("\"ply\":2") && going.contains("\"legal\":{\"pawn\""),
            "{going}"
        );
        assert!(
            going.contains("\"movers\":[\"south\",\"north\"]"),
            "{going}"
        );
        let refused = replay("9 2 10\ne2\ne5");
        assert!(
            refused.starts_with("{\"error\":\"illegal_move\",\"index\":1"),
            "{refused}"
        );
        let teams = replay("9 4 - teams ply_limit=200\ne2");
        assert!(teams.contains("\"fences_each\":5"), "{teams}");
        let teams = replay("9 4 5 teams ply_limit=200\ne2");
        assert!(teams.contains("\"fences_left\":{\"south\":5"), "{teams}");
        assert!(replay("9 3 10").contains("\"error\":\"rules\""));
        let record = record("tag South Ana\ntag North ?\n9 2 10\ne2\ne8\nresign south");
        assert!(record.contains("[South \\\"Ana\\\"]"), "{record}");
        assert!(record.contains("e2 e8"), "{record}");
        assert!(replay("9 2 10\nresign east").contains("\"error\":\"entry\""));
    }
}
