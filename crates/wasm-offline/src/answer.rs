//! A request answered as the server answers it, with the very functions
//! the server answers its routes with (`quoridor_learn::page`,
//! `quoridor_exercises::page`).
//!
//! A request is `METHOD PATH?QUERY`, a random number on the next line (the
//! seed of a new exercise when none is asked), then the JSON body. The
//! answer is `{"status": N, "body": …}`: the server's JSON, or its refusal
//! `{"error": {"code", "message"}}` with the server's status and code;
//! status 0 for a request only the server answers.

use quoridor_exercises::page as classroom;
use quoridor_learn::page::{self as learn, LearnError};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Map, Value};

/// A refusal as the server says it.
struct Refusal {
    status: u16,
    code: &'static str,
    message: String,
}

impl Refusal {
    fn bad_request(message: impl Into<String>) -> Refusal {
        Refusal {
            status: 400,
            code: "bad_request",
            message: message.into(),
        }
    }

    fn not_found(message: impl Into<String>) -> Refusal {
        Refusal {
            status: 404,
            code: "not_found",
            message: message.into(),
        }
    }
}

impl From<LearnError> for Refusal {
    fn from(err: LearnError) -> Refusal {
        let message = err.to_string();
        match err {
            LearnError::NoSuchLesson | LearnError::NoSuchPuzzle => Refusal::not_found(message),
            LearnError::BadRequest(_) => Refusal::bad_request(message),
            LearnError::BadMove(_) => Refusal {
                status: 400,
                code: "bad_move",
                message,
            },
        }
    }
}

impl From<classroom::PageError> for Refusal {
    fn from(err: classroom::PageError) -> Refusal {
        let message = err.to_string();
        match err {
            classroom::PageError::BadRequest(_) => Refusal::bad_request(message),
            classroom::PageError::BadExercise(_) => Refusal {
                status: 422,
                code: "bad_exercise",
                message,
            },
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Route<'a> {
    Lessons,
    LessonCheck,
    NextPuzzle,
    PuzzleCheck,
    Puzzle(&'a str),
    Exercise,
    ExerciseCheck,
    Solution,
    Analyze,
    Draft,
    Texts,
}

fn route<'a>(method: &str, path: &'a str) -> Option<Route<'a>> {
    let path = path.split('?').next().unwrap_or_default();
    let route = match (method, path) {
        ("GET", "/api/learn/lessons") => Route::Lessons,
        ("POST", "/api/learn/check") => Route::LessonCheck,
        ("POST", "/api/learn/puzzles/next") => Route::NextPuzzle,
        ("POST", "/api/learn/puzzles/check") => Route::PuzzleCheck,
        ("GET", "/api/classroom/exercise") => Route::Exercise,
        ("POST", "/api/classroom/check") => Route::ExerciseCheck,
        ("POST", "/api/classroom/solution") => Route::Solution,
        ("POST", "/api/classroom/analyze") => Route::Analyze,
        ("POST", "/api/classroom/draft") => Route::Draft,
        ("GET", "/api/classroom/texts") => Route::Texts,
        ("GET", _) => {
            let id = path.strip_prefix("/api/learn/puzzles/")?;
            if id.is_empty() || id.contains('/') {
                return None;
            }
            Route::Puzzle(id)
        }
        _ => return None,
    };
    Some(route)
}

/// Answers a request (see the module's words).
pub fn answer(input: &str) -> String {
    let (head, rest) = input.split_once('\n').unwrap_or((input, ""));
    let (seed, body) = rest.split_once('\n').unwrap_or((rest, ""));
    let seed = seed.trim().parse::<u64>().unwrap_or(0) % 1_000_000_000;
    let (method, target) = head.split_once(' ').unwrap_or((head, ""));
    let (status, body) = match respond(method, target.trim(), seed, body) {
        Ok(body) => (200, body),
        Err(refusal) => (
            refusal.status,
            json!({"error": {"code": refusal.code, "message": refusal.message}}),
        ),
    };
    json!({"status": status, "body": body}).to_string()
}

fn respond(method: &str, target: &str, seed: u64, body: &str) -> Result<Value, Refusal> {
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let Some(route) = route(method, path) else {
        return Err(Refusal {
            status: 0,
            code: "network",
            message: "only the server answers this".into(),
        });
    };
    match route {
        Route::Lessons => view(learn::lessons(&query_of(query)?)),
        Route::LessonCheck => view(learn::check_lesson(&body_of(body)?)?),
        Route::NextPuzzle => view(learn::next_puzzle(&body_of(body)?)?),
        Route::PuzzleCheck => view(learn::check_puzzle(&body_of(body)?)?),
        Route::Puzzle(id) => {
            let asked: learn::LessonsQuery = query_of(query)?;
            let id = decode(id);
            let puzzle = learn::puzzle(&id)?;
            view(learn::puzzle_view(
                puzzle,
                asked.lang.unwrap_or_default(),
                asked.wording.unwrap_or_default(),
            ))
        }
        Route::Exercise => view(classroom::new_exercise(&query_of(query)?, seed)?),
        Route::ExerciseCheck => view(classroom::check_answer(&body_of(body)?)?),
        Route::Solution => view(classroom::solution(&body_of(body)?)?),
        Route::Analyze => view(classroom::analyze(&body_of(body)?)),
        Route::Draft => view(classroom::draft(&body_of(body)?)?),
        Route::Texts => {
            let asked: classroom::LangQuery = query_of(query)?;
            view(classroom::texts(asked.lang.unwrap_or_default()))
        }
    }
}

fn view(view: impl Serialize) -> Result<Value, Refusal> {
    serde_json::to_value(view).map_err(|err| Refusal::bad_request(err.to_string()))
}

fn body_of<T: DeserializeOwned>(body: &str) -> Result<T, Refusal> {
    serde_json::from_str(body).map_err(|err| Refusal::bad_request(format!("body: {err}")))
}

/// A query string read as the server's queries are: numbers where a
/// field is all digits, text elsewhere, unknown fields refused.
fn query_of<T: DeserializeOwned>(query: &str) -> Result<T, Refusal> {
    let mut fields = Map::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = decode(value);
        let value = match value.parse::<u64>() {
            Ok(n) => Value::from(n),
            Err(_) => Value::from(value),
        };
        fields.insert(decode(key), value);
    }
    serde_json::from_value(Value::Object(fields))
        .map_err(|err| Refusal::bad_request(format!("query: {err}")))
}

/// A part of an address with its `%XX` and `+` decoded.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(high), Some(low)) => {
                    out.push(high * 16 + low);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            byte => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(digit: u8) -> Option<u8> {
    (digit as char).to_digit(16).map(|d| d as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(input: &str) -> Value {
        serde_json::from_str(&answer(input)).unwrap()
    }

    #[test]
    fn lessons_and_puzzles_are_answered_as_the_server_answers() {
        let lessons = ask("GET /api/learn/lessons?lang=fr&wording=child\n1\n");
        assert_eq!(lessons["status"], 200);
        let expected = learn::lessons(&learn::LessonsQuery {
            lang: Some(quoridor_learn::Lang::Fr),
            wording: Some(quoridor_learn::Wording::Child),
        });
        assert_eq!(lessons["body"], serde_json::to_value(expected).unwrap());
        let checked = ask(r#"POST /api/learn/check
1
{"lesson": "jump", "move": "e6"}"#);
        assert_eq!(checked["body"]["outcome"], "right");
        let next = ask("POST /api/learn/puzzles/next\n1\n{\"rating\": 1000}");
        assert_eq!(next["body"]["id"], "article-1");
        let one = ask("GET /api/learn/puzzles/article-1?lang=ro\n1\n");
        assert_eq!(one["body"]["id"], "article-1");
    }

    #[test]
    fn refusals_carry_the_servers_status_and_code() {
        let none = ask("GET /api/learn/puzzles/nothing\n1\n");
        assert_eq!(none["status"], 404);
        assert_eq!(none["body"]["error"]["code"], "not_found");
        let bad = ask("POST /api/learn/check\n1\n{\"lesson\": \"jump\", \"move\": \"zz\"}");
        assert_eq!(bad["body"]["error"]["code"], "bad_move");
        let unknown = ask("GET /api/learn/lessons?colour=red\n1\n");
        assert_eq!(unknown["status"], 400);
        let level = ask("GET /api/classroom/exercise?level=9\n1\n");
        assert_eq!(level["body"]["error"]["code"], "bad_request");
        assert_eq!(ask("POST /api/games\n1\n{}")["status"], 0);
        assert_eq!(ask("GET /api/learn/puzzles/a/b\n1\n")["status"], 0);
    }

    #[test]
    fn an_exercise_is_made_from_the_seed_given_and_checked() {
        let made = ask("GET /api/classroom/exercise?kind=routes&level=2&lang=fr\n7\n");
        assert_eq!(made["status"], 200);
        let exercise = quoridor_exercises::generate(quoridor_exercises::Kind::Routes, 2, 7);
        assert_eq!(
            made["body"]["exercise"],
            serde_json::to_value(&exercise).unwrap()
        );
        let key = quoridor_exercises::solve(&exercise).unwrap();
        let body = json!({"exercise": exercise, "answer": key.answer, "lang": "fr"});
        let checked = ask(&format!("POST /api/classroom/check\n1\n{body}"));
        assert_eq!(checked["body"]["right"], true);
        let texts = ask("GET /api/classroom/texts?lang=ro\n1\n");
        assert!(texts["body"]["variants"].is_array());
    }

    #[test]
    fn addresses_are_decoded() {
        assert_eq!(decode("a%20b+c"), "a b c");
        assert_eq!(decode("100%"), "100%");
        assert_eq!(decode("%zz"), "%zz");
        assert_eq!(decode("%e9%"), "\u{fffd}%");
        assert_eq!(decode("%C3%A9t%C3%A9"), "été");
    }
}
