//! Reading a game object (the server's JSON) in the browser tests: its
//! moves and position, and the moves a test picks from it.

use quoridor_rules::{Move, Position, Seat};
use serde_json::Value;

/// The moves of a game object, in notation.
pub fn moves(game: &Value) -> Vec<String> {
    game["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["move"].as_str().expect("a move").to_string())
        .collect()
}

/// A sorted list of strings of a JSON array.
pub fn strings(value: &Value) -> Vec<String> {
    let mut list: Vec<String> = value
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    list.sort();
    list
}

/// The position of a game object.
pub fn position(game: &Value) -> Position {
    let text = game["position"].as_str().expect("a position");
    text.parse()
        .unwrap_or_else(|err| panic!("cannot read the position {text:?}: {err}"))
}

/// Among `squares` (pawn moves of `seat`), the one that leaves the pawn
/// closest to its goal, around the fences.
pub fn closest_to_goal(game: &Value, seat: &str, squares: &[String]) -> String {
    let pos = position(game);
    let seat: Seat = seat.parse().expect("a seat");
    squares
        .iter()
        .map(|sq| {
            let mut after = pos;
            let mv: Move = sq.parse().unwrap_or_else(|_| panic!("not a square: {sq}"));
            after
                .play(mv)
                .unwrap_or_else(|err| panic!("{sq} is highlighted but illegal: {err}"));
            (after.distance(seat).unwrap_or(u32::MAX), sq)
        })
        .min()
        .map(|(_, sq)| sq.clone())
        .expect("at least one square")
}

/// Among the legal fences of a game object, the one that lengthens the path
/// of `victim` the most.
pub fn most_annoying_fence(game: &Value, victim: &str) -> String {
    let pos = position(game);
    let victim: Seat = victim.parse().expect("a seat");
    strings(&game["legal"]["fences"])
        .into_iter()
        .map(|f| {
            let mut after = pos;
            after
                .play(f.parse().expect("a fence"))
                .unwrap_or_else(|err| panic!("{f} is legal but refused: {err}"));
            (std::cmp::Reverse(after.distance(victim).unwrap_or(0)), f)
        })
        .min()
        .map(|(_, f)| f)
        .expect("a legal fence")
}

/// How many steps a hint's path draws, read from its words: after a pawn
/// move's "you need N more", N + 1 (the move's own step drawn too); after
/// a fence's "yours stays at N" or "yours from A to N", N; a winning move,
/// 1. `None` for a fence that prepares (the words give no number).
pub fn hint_drawn_steps(text: &str) -> Option<u64> {
    let number_after = |marker: &str| -> Option<u64> {
        let rest = text.split(marker).nth(1)?;
        rest.split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()
    };
    if text.contains("wins the game") {
        return Some(1);
    }
    if let Some(n) = number_after("you need ") {
        return Some(n + 1);
    }
    if let Some(n) = number_after("yours stays at ") {
        return Some(n);
    }
    let rest = text.split("yours from ").nth(1)?;
    rest.split(" to ")
        .nth(1)?
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}
