//! A file of game records read for the analysis board
//! ([`quoridor_rules::parse_records`]): each game's free tags, the position
//! it starts from, its moves, and how it ended, so that the page can open
//! any of them without asking the server.
//!
//! The answer is `{"records": [{"tags": [[name, value]…], "position":
//! notation, "moves": [move…], "result": "south" | "draw" | "*" …,
//! "termination": "resignation" | null}…]}`, or `{"error": "record",
//! "line", "column", "message"}` for the first fault of the file.

use quoridor_rules::{parse_records, Entry};

use crate::json::Json;

/// See the module's comment.
pub fn read(text: &str) -> String {
    let mut json = Json::default();
    let records = match parse_records(text) {
        Ok(records) => records,
        Err(err) => {
            json.raw("{")
                .key("error", true)
                .string("record")
                .key("line", false)
                .number(err.line())
                .key("column", false)
                .number(err.column())
                .key("message", false)
                .string(&err.kind().to_string())
                .raw("}");
            return json.0;
        }
    };
    json.raw("{").key("records", true).raw("[");
    for (i, record) in records.iter().enumerate() {
        if i > 0 {
            json.raw(",");
        }
        let game = record.game();
        json.raw("{").key("tags", true).raw("[");
        for (j, (name, value)) in record.tags().iter().enumerate() {
            if j > 0 {
                json.raw(",");
            }
            json.strings([name, value]);
        }
        // The moves alone: a resignation, a timeout or a draw agreed is
        // said by the result, not explored.
        let moves = game.entries().iter().filter_map(|entry| match entry {
            Entry::Move(mv) => Some(mv),
            _ => None,
        });
        json.raw("]")
            .key("position", false)
            .string(&game.start().to_string())
            .key("moves", false)
            .strings(moves)
            .key("result", false);
        match game.outcome() {
            Some(outcome) => json.string(&outcome.to_string()),
            None => json.string("*"),
        };
        json.key("termination", false);
        match game.termination() {
            Some(termination) => json.string(termination.name()),
            None => json.raw("null"),
        };
        json.raw("}");
    }
    json.raw("]}");
    json.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn read_json(text: &str) -> Value {
        serde_json::from_str(&read(text)).unwrap()
    }

    #[test]
    fn each_game_of_a_file_with_its_tags_start_moves_and_end() {
        let text = "[Game \"Quoridor\"]\n[South \"Ana \\\"A\\\"\"]\n[North \"?\"]\n\
                    [Result \"south\"]\n\n1. e2 e8 2. e3 e7h 3. e4 north-resigns\n\n\
                    [Game \"Quoridor\"]\n[Size \"5\"]\n[Position \"5 c2,c4 - 3,3 north 1\"]\n\n1... c3h\n";
        assert_eq!(
            read_json(text),
            json!({"records": [
                {"tags": [["South", "Ana \"A\""], ["North", "?"]],
                 "position": "9 e1,e9 - 10,10 south 0",
                 "moves": ["e2", "e8", "e3", "e7h", "e4"],
                 "result": "south", "termination": "resignation"},
                {"tags": [], "position": "5 c2,c4 - 3,3 north 1",
                 "moves": ["c3h"], "result": "*", "termination": null},
            ]})
        );
    }

    #[test]
    fn a_fault_is_told_with_its_place() {
        assert_eq!(
            read_json("[Game \"Quoridor\"]\n\n1. e2 e8\n[Game \"Quoridor\"]\n1. e2 e2\n"),
            json!({"error": "record", "line": 5, "column": 7,
                   "message": "illegal move e2: not reachable from e9"})
        );
        assert_eq!(read_json(""), json!({"records": []}));
    }
}
