//! The game object of API.md, made once per change and sent to everyone.

use std::time::Instant;

use quoridor_rules::{Fence, Move, Orientation, Position, Seat, Square, SquareIter};
use serde_json::{json, Map, Value};

use crate::error::reason_json;
use crate::model::{entry_text, seat_name, RoomState, SeatKind, Status};

fn per_seat<T: Into<Value>>(seats: &[Seat], mut f: impl FnMut(Seat) -> T) -> Value {
    let mut map = Map::new();
    for &seat in seats {
        map.insert(seat_name(seat).to_string(), f(seat).into());
    }
    Value::Object(map)
}

/// Every fence slot of the board, in a fixed order.
pub fn fence_slots(size: u8) -> impl Iterator<Item = Fence> {
    (0..size - 1).flat_map(move |row| {
        (0..size - 1).flat_map(move |col| {
            [Orientation::Horizontal, Orientation::Vertical]
                .into_iter()
                .map(move |o| Fence::new(Square::new(col, row), o))
        })
    })
}

/// The legal moves of the side to move and why each other fence is refused.
fn legal_json(pos: &Position) -> Value {
    let pawn: Vec<String> = SquareIter::new(pos.pawn_moves())
        .map(|sq| sq.to_string())
        .collect();
    let mut fences = Vec::new();
    let mut blocked = Map::new();
    // The bitsets give the legal fences at once; only the others are
    // checked one by one, for their reason.
    let (h_ok, v_ok) = pos.fence_moves();
    for fence in fence_slots(pos.size()) {
        let ok = match fence.orientation() {
            Orientation::Horizontal => h_ok,
            Orientation::Vertical => v_ok,
        } & fence.anchor().bit()
            != 0;
        if ok {
            fences.push(Value::String(fence.to_string()));
            continue;
        }
        match pos.check(Move::Fence(fence)) {
            Ok(()) => fences.push(Value::String(fence.to_string())),
            Err(err) => {
                blocked.insert(fence.to_string(), reason_json(err));
            }
        }
    }
    json!({"pawn": pawn, "fences": fences, "blocked": blocked})
}

/// The game object.
pub fn game_json(room: &RoomState, now: Instant) -> Value {
    let pos = room.game.position();
    let seats = pos.seats();
    let status = room.status();
    let seat_list: Vec<Value> = room
        .seats
        .iter()
        .enumerate()
        .map(|(i, slot)| {
            let mut v = json!({
                "seat": seat_name(slot.seat),
                "kind": match slot.kind { SeatKind::Human => "human", SeatKind::Ai(_) => "ai" },
                "name": slot.name,
                "taken": slot.holder.is_some() || slot.kind != SeatKind::Human,
                "connected": matches!(slot.kind, SeatKind::Ai(_)) || room.connections[i] > 0,
            });
            if let SeatKind::Ai(level) = slot.kind {
                v["level"] = level.number().into();
            }
            v
        })
        .collect();
    let moves: Vec<Value> = room
        .game
        .entries()
        .iter()
        .zip(&room.meta)
        .map(|(entry, meta)| {
            json!({"seat": meta.seat, "move": entry_text(entry), "points": meta.points, "ms": meta.ms})
        })
        .collect();
    let scoring = room.settings.variant == "scoring";
    let clock = room.remaining_at(now).map(|left| {
        json!({
            "remaining_ms": per_seat(seats, |s| left[s.player(pos.players()).unwrap_or(0)]),
            "running": (status == Status::Playing
                && room.clocks.as_ref().is_some_and(|c| c.turn_started.is_some()))
                .then(|| seat_name(pos.turn())),
        })
    });
    let result = room.result().map(|(winners, draw, termination)| {
        json!({
            "winners": winners.iter().map(|&s| seat_name(s)).collect::<Vec<_>>(),
            "draw": draw,
            "termination": termination,
        })
    });
    json!({
        "id": room.id,
        "version": room.version,
        "created_ms": room.created_ms,
        "settings": room.settings,
        "seats": seat_list,
        "status": status.name(),
        "turn": seat_name(pos.turn()),
        "ply": pos.ply(),
        "position": pos.to_string(),
        "pawns": per_seat(seats, |s| pos.pawn(s).to_string()),
        "fences": pos.fences().map(|f| f.to_string()).collect::<Vec<_>>(),
        "fences_left": per_seat(seats, |s| u32::from(pos.fences_left(s))),
        "scores": scoring.then(|| per_seat(seats, |s| pos.score(s))),
        "arrived": seats.iter().filter(|&&s| scoring && pos.has_arrived(s)).map(|&s| seat_name(s)).collect::<Vec<_>>(),
        "out": seats.iter().filter(|&&s| pos.is_out(s)).map(|&s| seat_name(s)).collect::<Vec<_>>(),
        "moves": moves,
        "legal": (status == Status::Playing).then(|| legal_json(pos)),
        "clock": clock,
        "draw_offer": room.draw_offer,
        "result": result,
        "undo_allowed": room.is_private() && !room.meta.is_empty(),
        "hint_allowed": room.is_private() && status == Status::Playing,
        "spectators": room.spectators,
        "rematch": room.rematch,
    })
}

/// A line of the list of games.
pub fn summary_json(room: &RoomState) -> Value {
    let seats: Vec<Value> = room
        .seats
        .iter()
        .map(|slot| {
            json!({
                "seat": seat_name(slot.seat),
                "kind": match slot.kind { SeatKind::Human => "human", SeatKind::Ai(_) => "ai" },
                "name": slot.name,
                "taken": !slot.is_free(),
                "level": match slot.kind { SeatKind::Ai(level) => Some(level.number()), SeatKind::Human => None },
            })
        })
        .collect();
    json!({
        "id": room.id,
        "created_ms": room.created_ms,
        "settings": room.settings,
        "seats": seats,
        "status": room.status().name(),
        "ply": room.game.position().ply(),
        "spectators": room.spectators,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast path agrees with checking every slot one by one.
    #[test]
    fn legal_fences_agree_with_check() {
        let mut pos = Position::new(quoridor_rules::Ruleset::new(5, 2).unwrap());
        for ply in 0..14usize {
            let legal = legal_json(&pos);
            for fence in fence_slots(5) {
                let name = fence.to_string();
                let listed = legal["fences"]
                    .as_array()
                    .unwrap()
                    .contains(&Value::String(name.clone()));
                assert_eq!(listed, pos.check(Move::Fence(fence)).is_ok(), "{name}");
                assert_eq!(listed, legal["blocked"].get(&name).is_none(), "{name}");
            }
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.is_over() {
                break;
            }
            let mv = moves[(ply * 7 + 3) % moves.len()];
            pos.play(mv).unwrap();
        }
    }
}
