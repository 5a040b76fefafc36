//! The conformance corpus (a copy of `shared/conformance/`): random games of
//! OpenSpiel 2.0.2 with the exact sorted set of legal moves at every ply.
//! Every list must agree with ours, with the differences the corpus README
//! names: skip the final list of `draw_max_length` games; a `stuck` game ends
//! on a position whose only legal move is `pass`.

use quoridor_rules::{Move, Outcome, Position, Ruleset, Seat};
use serde_json::Value;

fn check_file(name: &str, text: &str) -> usize {
    let mut failures = Vec::new();
    let mut games = 0;
    for (line_no, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        games += 1;
        let game: Value = serde_json::from_str(line).expect("corpus line is JSON");
        if let Err(msg) = check_game(&game) {
            failures.push(format!("{name}:{} (id {}): {msg}", line_no + 1, game["id"]));
        }
    }
    assert!(
        failures.is_empty(),
        "{} games differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    games
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

fn check_game(game: &Value) -> Result<(), String> {
    let size = game["size"].as_u64().unwrap() as u32;
    let players = game["players"].as_u64().unwrap() as u32;
    let walls = game["walls"].as_u64().unwrap() as u32;
    let rules = Ruleset::new(size, players)
        .unwrap()
        .with_fences(walls)
        .unwrap();
    let moves = strings(&game["moves"]);
    let legal = game["legal"].as_array().unwrap();
    let end = game["end"].as_str().unwrap();
    assert_eq!(legal.len(), moves.len() + 1);
    let mut pos = Position::new(rules);
    for (ply, expected) in legal.iter().enumerate() {
        let mut expected = strings(expected);
        let last = ply == moves.len();
        if last && end == "draw_max_length" {
            break;
        }
        if last && end == "stuck" {
            expected = vec!["pass".to_string()];
        }
        let mut ours: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        ours.sort();
        if ours != expected {
            let missing: Vec<_> = expected.iter().filter(|m| !ours.contains(m)).collect();
            let extra: Vec<_> = ours.iter().filter(|m| !expected.contains(m)).collect();
            return Err(format!(
                "ply {ply} after {:?}: missing {missing:?}, extra {extra:?}",
                &moves[..ply]
            ));
        }
        // The compact form and the per-move check agree with the list.
        if pos.count_legal_moves() != ours.len() {
            return Err(format!("ply {ply}: count differs from the list"));
        }
        if last {
            break;
        }
        let mv: Move = moves[ply].parse().map_err(|e| format!("ply {ply}: {e}"))?;
        pos.play(mv)
            .map_err(|e| format!("ply {ply}: {mv} refused: {e}"))?;
        if pos.hash() != pos.compute_hash() {
            return Err(format!("ply {ply}: incremental hash differs"));
        }
    }
    if end == "win" {
        let winner = game["winner"].as_u64().unwrap() as usize;
        let seat = Seat::from_player(winner, players as u8);
        if pos.outcome() != Some(Outcome::Winner(seat)) {
            return Err(format!("expected {seat} to win, got {:?}", pos.outcome()));
        }
    }
    Ok(())
}

#[test]
fn two_player_corpus() {
    let games = check_file(
        "openspiel-2p.jsonl",
        include_str!("data/openspiel-2p.jsonl"),
    );
    assert_eq!(games, 240);
}

#[test]
fn four_player_corpus() {
    let games = check_file(
        "openspiel-4p.jsonl",
        include_str!("data/openspiel-4p.jsonl"),
    );
    assert_eq!(games, 160);
}
