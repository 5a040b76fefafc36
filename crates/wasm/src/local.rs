//! A game on the device, run by the game crate the server runs
//! (`quoridor-game`): the page keeps the record (settings, seats, each
//! entry with the time it took), this module replays it into a game and
//! carries out what the person or the computer does, at the time the page
//! gives. Seats, clocks, forced passes, draws, resignations, time running
//! out and undo are the server's rules, not the page's.
//!
//! The input, one item a line:
//!
//! ```text
//! settings SIZE PLAYERS FENCES|- VARIANT
//! clock fischer INITIAL_MS INCREMENT_MS   (or: clock move MS; none: no clock)
//! seat SEAT human|ai LEVEL               (each seat, in turn order)
//! created MS
//! entry SEAT MS TEXT                      (the history: a move, resign SEAT,
//!                                          timeout SEAT or draw)
//! began MS                                (when the turn to move began)
//! now MS
//! do play MOVE | ai MOVE | undo | resign SEAT | draw SEAT | flag | look | rules
//! ```
//!
//! The answer: the history after it (each entry's text, seat and time),
//! when the new turn began, the clocks at `now`, whether undo is allowed,
//! and `declined` when a computer declined a draw; or `{"error": code,
//! "message"…}` (an illegal move with its `reason`), and nothing changed.
//! `rules` answers only the game's ruleset in notation (`9 4 5 repetition
//! ply_limit=1000`: what the rules' replay is given) and its ply limit.

use std::time::Duration;

use quoridor_engine::{Controller, Level, TimeControl};
use quoridor_game::{
    device_seats, Action, DrawAction, Moment, RoomError, RoomState, Settings, Status, DEVICE,
};
use quoridor_rules::{Entry, Move, Seat};

use crate::board;
use crate::json::Json;

/// The most history entries read (the server's ply limit is far lower).
const MAX_ENTRIES: usize = 4096;

/// What the page asks for.
enum Verb {
    Play(Move),
    Ai(Move),
    Undo,
    Resign(Seat),
    Draw(Seat),
    Flag,
    Look,
    Rules,
}

/// The record as read, before its replay.
struct Input {
    settings: Settings,
    seats: Vec<(Seat, Controller)>,
    created: u64,
    entries: Vec<(Seat, u64, Entry)>,
    began: u64,
    now: u64,
    verb: Verb,
}

/// A refusal: its code, what is wrong, and the illegal move's reason.
struct Refused {
    code: &'static str,
    message: String,
    illegal: Option<quoridor_rules::IllegalMove>,
}

impl Refused {
    fn bad(message: impl Into<String>) -> Refused {
        Refused {
            code: "bad_request",
            message: message.into(),
            illegal: None,
        }
    }
}

impl From<RoomError> for Refused {
    fn from(err: RoomError) -> Refused {
        // The server's codes (one table, in the game crate).
        let code = err.code();
        let illegal = match err {
            RoomError::Illegal(illegal) => Some(illegal),
            _ => None,
        };
        Refused {
            code,
            message: err.to_string(),
            illegal,
        }
    }
}

fn number(word: Option<&str>, what: &str) -> Result<u64, Refused> {
    let word = word.ok_or_else(|| Refused::bad(format!("{what}: missing")))?;
    word.parse()
        .map_err(|_| Refused::bad(format!("{what}: {word:?} is not a number")))
}

fn seat_of(word: Option<&str>) -> Result<Seat, Refused> {
    let word = word.ok_or_else(|| Refused::bad("which seat?"))?;
    word.parse()
        .map_err(|_| Refused::bad(format!("{word:?} is not a seat")))
}

fn move_of(word: Option<&str>) -> Result<Move, Refused> {
    let word = word.ok_or_else(|| Refused::bad("move: one move in notation"))?;
    word.parse()
        .map_err(|err| Refused::bad(format!("move {word:?}: {err}")))
}

fn entry_of(seat: Seat, words: &[&str]) -> Result<Entry, Refused> {
    Ok(match words {
        ["resign", s] => Entry::Resign(seat_of(Some(s))?),
        ["timeout", s] => Entry::Timeout(seat_of(Some(s))?),
        ["draw"] => Entry::DrawAgreed,
        [mv] => Entry::Move(move_of(Some(mv))?),
        _ => return Err(Refused::bad(format!("entry of {seat}: {words:?}"))),
    })
}

fn read(text: &str) -> Result<Input, Refused> {
    let mut settings = None;
    let mut clock = None;
    let (mut seats, mut entries) = (Vec::new(), Vec::new());
    let (mut created, mut began, mut now) = (0, 0, 0);
    let mut verb = None;
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let arg = |i: usize| words.get(i).copied();
        match words[0] {
            "settings" => {
                let size = number(arg(1), "size")? as u8;
                let players = number(arg(2), "players")? as u8;
                let fences = match arg(3) {
                    Some("-") | None => None,
                    Some(n) => Some(number(Some(n), "fences")? as u32),
                };
                let word = arg(4).unwrap_or("standard");
                let variant = quoridor_game::wire::variant::ALL
                    .into_iter()
                    .find(|v| v.name() == word)
                    .ok_or_else(|| Refused::bad("variant: standard, teams or scoring"))?;
                settings = Some(Settings::new(size, players, variant, fences)?);
            }
            "clock" => {
                let ms = |i: usize, what: &str| number(arg(i), what).map(Duration::from_millis);
                clock = Some(match arg(1) {
                    Some("fischer") => TimeControl::Fischer {
                        initial: ms(2, "initial")?,
                        increment: ms(3, "increment")?,
                    },
                    Some("move") => TimeControl::PerMove(ms(2, "per move")?),
                    _ => return Err(Refused::bad("clock: fischer or move")),
                });
            }
            "seat" => {
                let seat = seat_of(arg(1))?;
                let kind = match (arg(2), arg(3)) {
                    (Some("human"), _) => Controller::Human,
                    (Some("ai"), level) => {
                        let level = Level::new(number(level, "level")? as u8)
                            .ok_or_else(|| Refused::bad("level: 1 to 8"))?;
                        Controller::Ai(level)
                    }
                    _ => return Err(Refused::bad("seat: human or ai")),
                };
                seats.push((seat, kind));
            }
            "created" => created = number(arg(1), "created")?,
            "began" => began = number(arg(1), "began")?,
            "now" => now = number(arg(1), "now")?,
            "entry" => {
                if entries.len() >= MAX_ENTRIES {
                    return Err(Refused::bad("too many entries"));
                }
                let seat = seat_of(arg(1))?;
                let ms = number(arg(2), "ms")?;
                entries.push((seat, ms, entry_of(seat, &words[3..])?));
            }
            "do" => {
                verb = Some(match (arg(1), arg(2)) {
                    (Some("play"), mv) => Verb::Play(move_of(mv)?),
                    (Some("ai"), mv) => Verb::Ai(move_of(mv)?),
                    (Some("undo"), _) => Verb::Undo,
                    (Some("resign"), seat) => Verb::Resign(seat_of(seat)?),
                    (Some("draw"), seat) => Verb::Draw(seat_of(seat)?),
                    (Some("flag"), _) => Verb::Flag,
                    (Some("look"), _) => Verb::Look,
                    (Some("rules"), _) => Verb::Rules,
                    _ => return Err(Refused::bad(format!("do: {line:?}"))),
                });
            }
            other => return Err(Refused::bad(format!("unknown line {other:?}"))),
        }
    }
    let settings = settings
        .ok_or_else(|| Refused::bad("settings: missing"))?
        .with_clock(clock)?;
    Ok(Input {
        settings,
        seats,
        created,
        entries,
        began,
        now,
        verb: verb.unwrap_or(Verb::Look),
    })
}

/// When the room's current turn began (its clock's start, else the turn's).
fn turn_start(room: &RoomState) -> Moment {
    room.clocks
        .as_ref()
        .and_then(|c| c.turn_started)
        .unwrap_or(room.turn_began)
}

/// The record's history replayed: each entry made at its turn's start
/// plus the time it took, by the same actions that made it.
fn replay(input: &Input) -> Result<RoomState, Refused> {
    let created = Moment::from_millis(input.created);
    let mut room = RoomState::new(
        "local".into(),
        input.created,
        DEVICE.into(),
        input.settings.clone(),
        device_seats(&input.seats),
        created,
    )?;
    for (i, &(seat, ms, entry)) in input.entries.iter().enumerate() {
        // A pass the game played by itself is already there.
        if room.game.entries().len() > i {
            if room.game.entries()[i] != entry {
                return Err(Refused::bad(format!("entry {i}: not the forced pass")));
            }
            continue;
        }
        let at = turn_start(&room) + Duration::from_millis(ms);
        match entry {
            Entry::Move(mv) => room.play_move(None, mv, at)?,
            Entry::Resign(s) => room.resign(DEVICE, Some(s), at)?,
            // A timeout is written when the clock fell (its time is the
            // whole clock's, not the entry's).
            Entry::Timeout(_) => room.expire(room.deadline().map_or(at, |d| d.max(at)))?,
            Entry::DrawAgreed => room.draw(DEVICE, DrawAction::Offer, at)?,
        }
        if room.meta.get(i).map(|m| m.seat) != Some(seat) {
            return Err(Refused::bad(format!("entry {i}: not {seat}'s")));
        }
    }
    Ok(room)
}

/// See the module's comment.
pub fn act(text: &str) -> String {
    match read(text).and_then(|input| run(&input)) {
        Ok(json) => json,
        Err(refused) => {
            let mut json = Json::default();
            json.raw("{")
                .key("error", true)
                .string(refused.code)
                .key("message", false)
                .string(&refused.message);
            if let Some(illegal) = &refused.illegal {
                json.key("reason", false);
                board::reason(&mut json, illegal);
            }
            json.raw("}");
            json.0
        }
    }
}

fn run(input: &Input) -> Result<String, Refused> {
    if let Verb::Rules = input.verb {
        let mut json = Json::default();
        json.raw("{")
            .key("ruleset", true)
            .string(&input.settings.ruleset()?.to_string())
            .key("ply_limit", false)
            .number(input.settings.ply_limit)
            .raw("}");
        return Ok(json.0);
    }
    let mut room = replay(input)?;
    // The record's times are the page's; the replay's are its own: `now`
    // is as far from the replay's turn start as from the record's.
    let start = turn_start(&room);
    let shift = |ms: u64| start + Duration::from_millis(ms.saturating_sub(input.began));
    let now = shift(input.now);
    let held = room.seats_of(DEVICE);
    let mut declined = false;
    match input.verb {
        Verb::Play(mv) | Verb::Ai(mv) => {
            let seats = matches!(input.verb, Verb::Play(_)).then_some(held.as_slice());
            match room.play_move(seats, mv, now) {
                // Too late: the time ran out before the move came.
                Err(RoomError::TimeUp(_)) => room.expire(now)?,
                other => other?,
            }
        }
        Verb::Undo => room.apply(DEVICE, Action::Undo, now)?,
        Verb::Resign(seat) => room.resign(DEVICE, Some(seat), now)?,
        Verb::Draw(seat) => {
            if !held.contains(&seat) {
                return Err(RoomError::NotYourSeat(seat).into());
            }
            match room.draw(DEVICE, DrawAction::Offer, now) {
                Err(RoomError::AiDeclinesDraw(_)) => declined = true,
                other => other?,
            }
        }
        Verb::Flag => match room.expire(now) {
            Err(RoomError::NotYet) => {}
            other => other?,
        },
        Verb::Look | Verb::Rules => {}
    }
    Ok(answer(&room, input, start, now, &held, declined))
}

fn answer(
    room: &RoomState,
    input: &Input,
    start: Moment,
    now: Moment,
    held: &[Seat],
    declined: bool,
) -> String {
    // Back to the page's times.
    let page = |m: Moment| input.began + m.millis_since(start);
    let mut json = Json::default();
    json.raw("{").key("entries", true).raw("[");
    for (i, (entry, meta)) in room.game.entries().iter().zip(&room.meta).enumerate() {
        let text = match entry {
            Entry::Move(mv) => mv.to_string(),
            Entry::Resign(s) => format!("resign {}", s.name()),
            Entry::Timeout(s) => format!("timeout {}", s.name()),
            Entry::DrawAgreed => "draw".into(),
        };
        json.raw(if i == 0 { "{" } else { ",{" })
            .key("text", true)
            .string(&text)
            .key("seat", false)
            .string(meta.seat.name())
            .key("ms", false)
            .number(meta.ms)
            .raw("}");
    }
    json.raw("]");
    json.key("turn_began", false).number(page(room.turn_began));
    json.key("status", false).string(room.status().name());
    json.key("clock", false);
    match room.remaining_at(now) {
        Some(left) => {
            json.raw("{").key("remaining_ms", true).raw("{");
            for (i, (slot, ms)) in room.seats.iter().zip(left).enumerate() {
                json.key(slot.seat.name(), i == 0).number(ms);
            }
            json.raw("}").key("running", false);
            if room.clock_runs() && room.status() == Status::Playing {
                json.string(room.game.position().turn().name());
            } else {
                json.raw("null");
            }
            json.raw("}");
        }
        None => {
            json.raw("null");
        }
    }
    let moved = room.meta.iter().any(|m| held.contains(&m.seat));
    json.key("undo_allowed", false).bool(moved);
    json.key("declined", false).bool(declined);
    json.key("ply_limit", false)
        .number(input.settings.ply_limit);
    json.raw("}");
    json.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(text: &str) -> serde_json::Value {
        serde_json::from_str(&act(text)).unwrap()
    }

    const AGAINST_AI: &str = "settings 9 2 - standard\nclock fischer 60000 2000\nseat south human\nseat north ai 2\ncreated 1000\n";

    #[test]
    fn moves_are_timed_and_clocks_run_from_a_seats_second_turn() {
        let first = json(&format!("{AGAINST_AI}began 1000\nnow 4000\ndo play e2"));
        assert_eq!(
            first["entries"][0],
            serde_json::json!({"text": "e2", "seat": "south", "ms": 3000})
        );
        assert_eq!(first["turn_began"], 4000);
        assert_eq!(
            first["clock"]["remaining_ms"]["south"], 62000,
            "the first move is not charged, and earns its increment"
        );
        let second = json(&format!(
            "{AGAINST_AI}entry south 3000 e2\nbegan 4000\nnow 5000\ndo ai e8"
        ));
        assert_eq!(second["entries"][1]["ms"], 1000);
        assert_eq!(second["clock"]["running"], "south");
        // South's second move: 10 s taken, 2 s given back.
        // 62 s - 10 s + 2 s.
        let third = json(&format!(
            "{AGAINST_AI}entry south 3000 e2\nentry north 1000 e8\nbegan 5000\nnow 15000\ndo play e3"
        ));
        assert_eq!(third["clock"]["remaining_ms"]["south"], 54000);
        assert_eq!(third["undo_allowed"], true);
    }

    #[test]
    fn the_ruleset_is_the_servers() {
        let four = json("settings 9 4 -\ndo rules");
        assert_eq!(four["ruleset"], "9 4 5 repetition ply_limit=1000");
        assert_eq!(four["ply_limit"], 1000);
        let two = json("settings 7 2 6 scoring\ndo rules");
        assert_eq!(two["ruleset"], "7 2 6 scoring ply_limit=1000");
    }

    #[test]
    fn refusals_change_nothing_and_say_why() {
        let late = json(&format!("{AGAINST_AI}began 1000\nnow 2000\ndo play e5"));
        assert_eq!(late["error"], "illegal_move");
        assert!(late["reason"]["code"].is_string());
        let turn = json(&format!("{AGAINST_AI}began 1000\nnow 2000\ndo play e8"));
        assert_eq!(turn["error"], "illegal_move");
        let ai_turn = json(&format!(
            "{AGAINST_AI}entry south 10 e2\nbegan 1010\nnow 2000\ndo play e8"
        ));
        assert_eq!(ai_turn["error"], "not_your_turn");
        let nothing = json(&format!("{AGAINST_AI}began 1000\nnow 2000\ndo undo"));
        assert_eq!(nothing["error"], "not_allowed");
        assert_eq!(json("settings 4 2 -\n")["error"], "bad_request");
    }

    #[test]
    fn undo_takes_back_the_persons_move_and_the_reply() {
        let back = json(&format!(
            "{AGAINST_AI}entry south 10 e2\nentry north 10 e8\nbegan 1020\nnow 3000\ndo undo"
        ));
        assert_eq!(back["entries"].as_array().unwrap().len(), 0);
        assert_eq!(back["turn_began"], 3000);
        assert_eq!(back["undo_allowed"], false);
    }

    #[test]
    fn a_flag_falls_and_a_late_move_loses_on_time() {
        let game = format!("{AGAINST_AI}entry south 10 e2\nentry north 10 e8\nbegan 1020\n");
        let early = json(&format!("{game}now 30000\ndo flag"));
        assert_eq!(early["entries"].as_array().unwrap().len(), 2, "not yet");
        let fallen = json(&format!("{game}now 70000\ndo flag"));
        assert_eq!(fallen["entries"][2]["text"], "timeout south");
        assert_eq!(fallen["status"], "over");
        let late = json(&format!("{game}now 70000\ndo play e3"));
        assert_eq!(late["entries"][2]["text"], "timeout south");
        // The timeout replays as it was recorded.
        let replayed = json(&format!(
            "{game}entry south 0 timeout south\nbegan 70000\nnow 71000\ndo look"
        ));
        assert_eq!(replayed["status"], "over");
    }

    #[test]
    fn draws_on_one_screen_are_agreed_and_the_computer_declines_a_race_it_leads() {
        let hot_seat = "settings 5 2 -\nseat south human\nseat north human\ncreated 0\nbegan 0\nnow 10\ndo draw south";
        let agreed = json(hot_seat);
        assert_eq!(agreed["entries"][0]["text"], "draw");
        assert_eq!(agreed["status"], "over");
        // At the start nobody leads: the computer agrees.
        let start = json(&format!("{AGAINST_AI}began 1000\nnow 2000\ndo draw south"));
        assert_eq!(start["declined"], false);
        let resigned = json(&format!(
            "{AGAINST_AI}began 1000\nnow 2000\ndo resign south"
        ));
        assert_eq!(resigned["entries"][0]["text"], "resign south");
        let four = "settings 5 4 -\nseat south human\nseat west ai 1\nseat north ai 1\nseat east ai 1\ncreated 0\nbegan 0\nnow 10\ndo resign south";
        assert_eq!(json(four)["entries"][0]["text"], "resign south");
    }
}
