//! The text form of an exercise: a header line, then one `field: value`
//! per line, readable and writable by hand.
//!
//! ```text
//! quoridor exercise 1
//! task: route
//! level: 2
//! seed: 7
//! size: 5
//! fences: b2h c3v
//! stars: b4 d2
//! fish: c3
//! start: a1
//! end: e5
//! fewest: no
//! ```
//!
//! Arrow walks are one `pawn:` line each (`pawn: red a1 2→ 4↑`), objects
//! one list (`objects: a3 apple, c5 ball`).

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};
use std::str::FromStr;

use quoridor_rules::{ParseError, Square};

use crate::board::Board;
use crate::dir::Step;
use crate::exercise::{Exercise, ExerciseError, Task, Walker, FORMAT_VERSION};
use crate::item::{Item, Object};

const HEADER: &str = "quoridor exercise";

/// Why a text is not an exercise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextError {
    /// The first line is not `quoridor exercise 1`.
    Header,
    UnknownField {
        line: usize,
        field: String,
    },
    Twice {
        line: usize,
        field: &'static str,
    },
    Missing(&'static str),
    Value {
        line: usize,
        field: &'static str,
        error: ParseError,
    },
    Invalid(ExerciseError),
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextError::Header => write!(f, "line 1: expected `{HEADER} {FORMAT_VERSION}`"),
            TextError::UnknownField { line, field } => {
                write!(f, "line {line}: unknown field `{field}`")
            }
            TextError::Twice { line, field } => write!(f, "line {line}: `{field}` given twice"),
            TextError::Missing(field) => write!(f, "the field `{field}` is missing"),
            TextError::Value { line, field, error } => write!(f, "line {line}: {field}: {error}"),
            TextError::Invalid(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for TextError {}

const FIELDS: [&str; 20] = [
    "task", "level", "seed", "size", "fences", "stars", "fish", "objects", "start", "end", "exit",
    "side", "fewest", "pawn", "route", "goal", "green", "red", "first", "version",
];

fn join<T: fmt::Display>(items: impl IntoIterator<Item = T>, sep: &str) -> String {
    let words: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    words.join(sep)
}

impl fmt::Display for Exercise {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = &self.board;
        writeln!(f, "{HEADER} {}", self.version)?;
        writeln!(f, "task: {}", self.task.name())?;
        if let Some(level) = self.level {
            writeln!(f, "level: {level}")?;
        }
        if let Some(seed) = self.seed {
            writeln!(f, "seed: {seed}")?;
        }
        writeln!(f, "size: {}", board.size)?;
        if !board.fences.is_empty() {
            writeln!(f, "fences: {}", join(&board.fences, " "))?;
        }
        for (field, item) in [("stars", Item::Star), ("fish", Item::Fish)] {
            if board.squares_with(item).next().is_some() {
                writeln!(f, "{field}: {}", join(board.squares_with(item), " "))?;
            }
        }
        let objects: Vec<String> = board
            .items
            .iter()
            .filter_map(|(sq, item)| match item {
                Item::Object(o) => Some(format!("{sq} {o}")),
                _ => None,
            })
            .collect();
        if !objects.is_empty() {
            writeln!(f, "objects: {}", objects.join(", "))?;
        }
        let mut out = String::new();
        match &self.task {
            Task::Maze { start, exit, side } => {
                write!(out, "start: {start}\nexit: {exit}\nside: {side}\n")
            }
            Task::Route { start, end, fewest } => {
                let fewest = if *fewest { "yes" } else { "no" };
                write!(out, "start: {start}\nend: {end}\nfewest: {fewest}\n")
            }
            Task::FollowArrows { walkers } => walkers.iter().try_for_each(|w| {
                writeln!(
                    out,
                    "pawn: {} {} {}",
                    w.color,
                    w.start,
                    Step::list_text(&w.steps)
                )
            }),
            Task::WriteArrows { start, route } => {
                write!(out, "start: {start}\nroute: {}\n", join(route, " "))
            }
            Task::ShortestPath { start, goal } => write!(out, "start: {start}\ngoal: {goal}\n"),
            Task::Race { green, red, first } => {
                write!(out, "green: {green}\nred: {red}\nfirst: {first}\n")
            }
        }?;
        f.write_str(&out)
    }
}

/// The fields of a text, each with its line number.
struct Fields<'a> {
    values: BTreeMap<&'static str, (usize, &'a str)>,
    pawns: Vec<(usize, &'a str)>,
}

impl<'a> Fields<'a> {
    fn read(text: &'a str) -> Result<Fields<'a>, TextError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let header = lines.next().map(|(_, l)| l).unwrap_or("");
        let version = header.strip_prefix(HEADER).map(str::trim);
        let mut fields = Fields {
            values: BTreeMap::new(),
            pawns: Vec::new(),
        };
        match version {
            Some(v) => {
                fields.values.insert("version", (1, v));
            }
            None => return Err(TextError::Header),
        }
        for (line, text) in lines {
            let (name, value) = text.split_once(':').unwrap_or((text, ""));
            let name = name.trim().to_ascii_lowercase();
            let Some(&field) = FIELDS.iter().find(|f| **f == name) else {
                return Err(TextError::UnknownField { line, field: name });
            };
            if field == "pawn" {
                fields.pawns.push((line, value.trim()));
            } else if fields.values.insert(field, (line, value.trim())).is_some() {
                return Err(TextError::Twice { line, field });
            }
        }
        Ok(fields)
    }

    fn get<T: FromStr<Err = ParseError>>(
        &self,
        field: &'static str,
    ) -> Result<Option<T>, TextError> {
        match self.values.get(field) {
            None => Ok(None),
            Some(&(line, value)) => {
                value
                    .parse()
                    .map(Some)
                    .map_err(|error| TextError::Value { line, field, error })
            }
        }
    }

    fn need<T: FromStr<Err = ParseError>>(&self, field: &'static str) -> Result<T, TextError> {
        self.get(field)?.ok_or(TextError::Missing(field))
    }

    fn list<T: FromStr<Err = ParseError>>(&self, field: &'static str) -> Result<Vec<T>, TextError> {
        let Some(&(line, value)) = self.values.get(field) else {
            return Ok(Vec::new());
        };
        value
            .split_whitespace()
            .map(|w| {
                w.parse()
                    .map_err(|error| TextError::Value { line, field, error })
            })
            .collect()
    }
}

/// A plain number field, through the rules' error type.
struct Number<N>(N);

impl<N: FromStr> FromStr for Number<N> {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        s.parse()
            .map(Number)
            .map_err(|_| ParseError::new(s, "a whole number"))
    }
}

struct YesNo(bool);

impl FromStr for YesNo {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        match s.to_ascii_lowercase().as_str() {
            "yes" => Ok(YesNo(true)),
            "no" => Ok(YesNo(false)),
            _ => Err(ParseError::new(s, "yes or no")),
        }
    }
}

fn walker(line: usize, text: &str) -> Result<Walker, TextError> {
    let value = |error| TextError::Value {
        line,
        field: "pawn",
        error,
    };
    let mut words = text.splitn(3, char::is_whitespace);
    let color = words.next().unwrap_or("").parse().map_err(value)?;
    let start = words.next().unwrap_or("").parse().map_err(value)?;
    let steps = Step::parse_list(words.next().unwrap_or("")).map_err(value)?;
    Ok(Walker {
        color,
        start,
        steps,
    })
}

impl FromStr for Exercise {
    type Err = TextError;

    fn from_str(text: &str) -> Result<Exercise, TextError> {
        let fields = Fields::read(text)?;
        let version = fields.need::<Number<u32>>("version")?.0;
        let mut board = Board::new(fields.need::<Number<u8>>("size")?.0);
        board.fences = fields.list("fences")?;
        for (field, item) in [("stars", Item::Star), ("fish", Item::Fish)] {
            for sq in fields.list::<Square>(field)? {
                board.items.insert(sq, item);
            }
        }
        if let Some(&(line, value)) = fields.values.get("objects") {
            for pair in value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                let bad = |error| TextError::Value {
                    line,
                    field: "objects",
                    error,
                };
                let (sq, object) = pair.split_once(' ').unwrap_or((pair, ""));
                let sq: Square = sq.parse().map_err(bad)?;
                let object: Object = object.trim().parse().map_err(bad)?;
                board.items.insert(sq, Item::Object(object));
            }
        }
        let task_name: String = fields.need::<Word>("task")?.0;
        let task = match task_name.as_str() {
            "maze" => Task::Maze {
                start: fields.need("start")?,
                exit: fields.need("exit")?,
                side: fields.need("side")?,
            },
            "route" => Task::Route {
                start: fields.need("start")?,
                end: fields.need("end")?,
                fewest: fields.get::<YesNo>("fewest")?.is_some_and(|y| y.0),
            },
            "follow-arrows" => Task::FollowArrows {
                walkers: fields
                    .pawns
                    .iter()
                    .map(|&(line, text)| walker(line, text))
                    .collect::<Result<_, _>>()?,
            },
            "write-arrows" => Task::WriteArrows {
                start: fields.need("start")?,
                route: fields.list("route")?,
            },
            "shortest-path" => Task::ShortestPath {
                start: fields.need("start")?,
                goal: fields.need("goal")?,
            },
            "race" => Task::Race {
                green: fields.need("green")?,
                red: fields.need("red")?,
                first: fields.need("first")?,
            },
            _ => {
                let line = fields.values["task"].0;
                let error = ParseError::new(
                    &task_name,
                    "maze, route, follow-arrows, write-arrows, shortest-path or race",
                );
                return Err(TextError::Value {
                    line,
                    field: "task",
                    error,
                });
            }
        };
        let exercise = Exercise {
            version,
            level: fields.get::<Number<u8>>("level")?.map(|n| n.0),
            seed: fields.get::<Number<u64>>("seed")?.map(|n| n.0),
            board,
            task,
        };
        exercise.validate().map_err(TextError::Invalid)?;
        Ok(exercise)
    }
}

struct Word(String);

impl FromStr for Word {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        Ok(Word(s.to_ascii_lowercase()))
    }
}

impl Exercise {
    /// The JSON form.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("an exercise is plain data")
    }

    /// Reads the JSON form, and checks it ([`Exercise::validate`]).
    pub fn from_json(text: &str) -> Result<Exercise, String> {
        let exercise: Exercise = serde_json::from_str(text).map_err(|e| e.to_string())?;
        exercise.validate().map_err(|e| e.to_string())?;
        Ok(exercise)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercise::Kind;
    use crate::generate::generate;

    #[test]
    fn every_kind_reads_back_from_text_and_json() {
        for kind in Kind::ALL {
            for level in 1..=5 {
                for seed in 0..6 {
                    let exercise = generate(kind, level, seed);
                    let text = exercise.to_string();
                    assert_eq!(text.parse::<Exercise>().unwrap(), exercise, "{text}");
                    let json = exercise.to_json();
                    assert_eq!(Exercise::from_json(&json).unwrap(), exercise, "{json}");
                }
            }
        }
    }

    #[test]
    fn bad_texts_say_where() {
        let good = "quoridor exercise 1\ntask: route\nsize: 5\nstart: a1\nend: e5\n";
        assert!(good.parse::<Exercise>().is_ok());
        let err = |text: &str| text.parse::<Exercise>().unwrap_err().to_string();
        assert_eq!(err("hello"), "line 1: expected `quoridor exercise 1`");
        assert_eq!(
            err(&good.replace("end: e5", "end: z9")),
            "line 5: end: expected a square such as e3 (column a-k, row 1-11), found `z9`"
        );
        assert_eq!(
            err(&good.replace("size: 5", "size: 5\ncolour: red")),
            "line 4: unknown field `colour`"
        );
        assert_eq!(
            err(&good.replace("end: e5\n", "")),
            "the field `end` is missing"
        );
        assert_eq!(err(&good.replace("end: e5", "end: a1")), "two pawns on a1");
        assert_eq!(
            err(&good.replace("size: 5", "size: 5\nfences: a1h b1h")),
            "the fences a1h and b1h overlap"
        );
        assert_eq!(
            err(&good.replace("task: route", "task: dance"))
                .split(':')
                .next(),
            Some("line 2")
        );
    }
}
