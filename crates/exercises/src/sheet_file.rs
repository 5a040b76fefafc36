//! A worksheet saved whole, to print again exactly as it was (even by a
//! later version whose generators make other exercises from the same
//! seed), to share, or to write by hand: its settings, then each exercise
//! in its own text form followed by its answer key.
//!
//! ```text
//! quoridor sheet 1
//! kind: mixed
//! level: 2
//! seed: 2026
//! lang: fr
//!
//! quoridor exercise 1
//! task: route
//! size: 3
//! stars: b2
//! start: a1
//! end: c1
//! fewest: no
//! answer: route a2 b2 b1 c1
//! ```
//!
//! Blocks are separated by blank lines; `kind` is a kind or `mixed`. The
//! JSON form is `{"version", "spec", "exercises": [{"exercise", "answer"}]}`.
//! Reading either checks every exercise and its answer key.

use std::fmt::{self, Write as _};

use serde::{Deserialize, Serialize};

use crate::answer::Answer;
use crate::check::{check, Mistake};
use crate::exercise::{Exercise, Kind};
use crate::sheet::{Sheet, SheetSpec, MAX_COUNT};
use crate::solve::{solve, Solution};
use crate::texts::Lang;

const HEADER: &str = "quoridor sheet";
/// The version of the saved form.
pub const SHEET_VERSION: u32 = 1;

/// Why a saved sheet cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SheetError {
    /// The first line is not `quoridor sheet 1`.
    Header,
    /// A line of the settings block, and what is wrong with it.
    Setting { line: usize, message: String },
    /// No exercise, or more than a sheet holds.
    Count(usize),
    /// Exercise `n` (from 1) cannot be read, or is not valid.
    Exercise { n: usize, message: String },
    /// Exercise `n` has no answer.
    Unsolvable { n: usize },
    /// Exercise `n`'s answer key is not right.
    WrongKey { n: usize, mistakes: Vec<Mistake> },
    /// The JSON form: not JSON of a sheet.
    Json(String),
}

impl fmt::Display for SheetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SheetError::Header => write!(f, "line 1: expected `{HEADER} {SHEET_VERSION}`"),
            SheetError::Setting { line, message } => write!(f, "line {line}: {message}"),
            SheetError::Count(n) => write!(f, "{n} exercises: a sheet holds from 1 to {MAX_COUNT}"),
            SheetError::Exercise { n, message } => write!(f, "exercise {n}: {message}"),
            SheetError::Unsolvable { n } => write!(f, "exercise {n}: it has no answer"),
            SheetError::WrongKey { n, mistakes } => {
                write!(f, "exercise {n}: the answer key is wrong ({mistakes:?})")
            }
            SheetError::Json(message) => write!(f, "not a sheet: {message}"),
        }
    }
}

impl std::error::Error for SheetError {}

/// The JSON form.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SheetJson {
    version: u32,
    spec: SheetSpec,
    exercises: Vec<ExerciseJson>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExerciseJson {
    exercise: Exercise,
    answer: Answer,
}

impl Sheet {
    /// The saved text form (see the module's documentation).
    pub fn to_saved_text(&self) -> String {
        let spec = &self.spec;
        let kind = spec.kind.map_or("mixed".to_string(), |k| k.to_string());
        let mut out = format!(
            "{HEADER} {SHEET_VERSION}\nkind: {kind}\nlevel: {}\nseed: {}\nlang: {}\n",
            spec.level, spec.seed, spec.lang
        );
        for (exercise, solution) in &self.exercises {
            let _ = write!(out, "\n{exercise}answer: {}\n", solution.answer);
        }
        out
    }

    /// Reads the saved text form, checking every exercise and its key.
    pub fn from_saved_text(text: &str) -> Result<Sheet, SheetError> {
        let blocks = blocks(text);
        let Some((first, settings)) = blocks.first() else {
            return Err(SheetError::Header);
        };
        let mut spec = read_settings(*first, settings)?;
        let mut exercises = Vec::new();
        for (n, (start, block)) in blocks.iter().skip(1).enumerate() {
            let n = n + 1;
            if n > MAX_COUNT {
                return Err(SheetError::Count(blocks.len() - 1));
            }
            exercises.push(read_exercise(n, *start, block)?);
        }
        spec.count = exercises.len();
        Sheet::checked(spec, exercises)
    }

    /// The JSON form.
    pub fn to_json(&self) -> String {
        let json = SheetJson {
            version: SHEET_VERSION,
            spec: self.spec.clone(),
            exercises: self
                .exercises
                .iter()
                .map(|(exercise, solution)| ExerciseJson {
                    exercise: exercise.clone(),
                    answer: solution.answer.clone(),
                })
                .collect(),
        };
        let mut text = serde_json::to_string_pretty(&json).expect("a sheet is plain data");
        text.push('\n');
        text
    }

    /// Reads the JSON form, checking every exercise and its key.
    pub fn from_json(text: &str) -> Result<Sheet, SheetError> {
        let json: SheetJson =
            serde_json::from_str(text).map_err(|e| SheetError::Json(e.to_string()))?;
        if json.version != SHEET_VERSION {
            return Err(SheetError::Json(format!(
                "version {}: this program reads version {SHEET_VERSION}",
                json.version
            )));
        }
        if json.exercises.len() > MAX_COUNT {
            return Err(SheetError::Count(json.exercises.len()));
        }
        let mut spec = json.spec;
        spec.count = json.exercises.len();
        let exercises = json
            .exercises
            .into_iter()
            .enumerate()
            .map(|(i, e)| {
                e.exercise.validate().map_err(|err| SheetError::Exercise {
                    n: i + 1,
                    message: err.to_string(),
                })?;
                Ok((e.exercise, Some(e.answer)))
            })
            .collect::<Result<Vec<_>, SheetError>>()?;
        Sheet::checked(spec, exercises)
    }

    /// Either saved form: JSON when it starts with `{`.
    pub fn read_saved(text: &str) -> Result<Sheet, SheetError> {
        let text = text.trim_start_matches('\u{feff}');
        if text.trim_start().starts_with('{') {
            Sheet::from_json(text)
        } else {
            Sheet::from_saved_text(text)
        }
    }

    /// The sheet of these exercises, each key checked (or written when the
    /// file gave none).
    fn checked(
        spec: SheetSpec,
        exercises: Vec<(Exercise, Option<Answer>)>,
    ) -> Result<Sheet, SheetError> {
        if exercises.is_empty() {
            return Err(SheetError::Count(0));
        }
        let exercises = exercises
            .into_iter()
            .enumerate()
            .map(|(i, (exercise, answer))| {
                let n = i + 1;
                let answer = match answer {
                    Some(answer) => answer,
                    None => solve(&exercise).ok_or(SheetError::Unsolvable { n })?.answer,
                };
                let verdict = check(&exercise, &answer);
                if !verdict.is_right() {
                    return Err(SheetError::WrongKey {
                        n,
                        mistakes: verdict.mistakes,
                    });
                }
                Ok((exercise, Solution { answer }))
            })
            .collect::<Result<_, _>>()?;
        Ok(Sheet { spec, exercises })
    }
}

/// The blocks of non-blank lines, each with the number of its first line.
fn blocks(text: &str) -> Vec<(usize, Vec<(usize, &str)>)> {
    let mut blocks: Vec<(usize, Vec<(usize, &str)>)> = Vec::new();
    let mut open = false;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.trim().is_empty() {
            open = false;
            continue;
        }
        if !open {
            blocks.push((i + 1, Vec::new()));
            open = true;
        }
        if let Some((_, block)) = blocks.last_mut() {
            block.push((i + 1, line));
        }
    }
    blocks
}

fn read_settings(first: usize, lines: &[(usize, &str)]) -> Result<SheetSpec, SheetError> {
    let header = lines.first().map(|(_, l)| l.trim());
    if first != 1 || header != Some(format!("{HEADER} {SHEET_VERSION}").as_str()) {
        return Err(SheetError::Header);
    }
    let mut spec = SheetSpec {
        kind: None,
        level: 1,
        count: 0,
        seed: 0,
        lang: Lang::default(),
    };
    for &(line, text) in &lines[1..] {
        let bad = |message: String| SheetError::Setting { line, message };
        let (field, value) = text
            .split_once(':')
            .ok_or_else(|| bad(format!("expected `field: value`, found `{text}`")))?;
        let value = value.trim();
        match field.trim() {
            "kind" if value == "mixed" => spec.kind = None,
            "kind" => spec.kind = Some(value.parse::<Kind>().map_err(|e| bad(e.to_string()))?),
            "level" => {
                spec.level = value
                    .parse()
                    .ok()
                    .filter(|l| (1..=5).contains(l))
                    .ok_or_else(|| bad(format!("level: expected 1 to 5, found `{value}`")))?;
            }
            "seed" => {
                spec.seed = value
                    .parse()
                    .map_err(|_| bad(format!("seed: expected a number, found `{value}`")))?;
            }
            "lang" => {
                spec.lang = value
                    .parse()
                    .map_err(|e: quoridor_rules::ParseError| bad(e.to_string()))?
            }
            other => return Err(bad(format!("unknown field `{other}`"))),
        }
    }
    Ok(spec)
}

/// One exercise block: the exercise's text form and an optional
/// `answer:` line (the key).
fn read_exercise(
    n: usize,
    start: usize,
    lines: &[(usize, &str)],
) -> Result<(Exercise, Option<Answer>), SheetError> {
    let mut text = String::new();
    let mut answer = None;
    for &(line, content) in lines {
        match content.split_once(':') {
            Some(("answer", value)) => {
                let parsed = value
                    .trim()
                    .parse::<Answer>()
                    .map_err(|e| SheetError::Exercise {
                        n,
                        message: format!("line {line}: answer: {e}"),
                    })?;
                answer = Some(parsed);
            }
            _ => {
                text.push_str(content);
                text.push('\n');
            }
        }
    }
    let exercise = text.parse::<Exercise>().map_err(|e| SheetError::Exercise {
        n,
        message: format!("{e} (in the block from line {start})"),
    })?;
    Ok((exercise, answer))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(kind: Option<Kind>, level: u8, seed: u64) -> Sheet {
        Sheet::new(SheetSpec {
            kind,
            level,
            count: 6,
            seed,
            lang: Lang::Fr,
        })
    }

    #[test]
    fn every_kind_of_sheet_reads_back_from_both_forms() {
        for kind in [None, Some(Kind::Maze), Some(Kind::Arrows)] {
            for level in 1..=5 {
                let sheet = sheet(kind, level, 40 + u64::from(level));
                let text = sheet.to_saved_text();
                let read = Sheet::read_saved(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
                assert_eq!(read.spec, sheet.spec);
                assert_eq!(read.exercises, sheet.exercises);
                assert_eq!(read.text(), sheet.text(), "the printed sheet changed");
                let json = sheet.to_json();
                let read = Sheet::read_saved(&json).unwrap_or_else(|e| panic!("{e}\n{json}"));
                assert_eq!(read.exercises, sheet.exercises);
                assert_eq!(read.spec, sheet.spec);
            }
        }
    }

    #[test]
    fn a_hand_written_sheet_gets_its_key() {
        let text = "quoridor sheet 1\nkind: routes\nlevel: 1\nseed: 5\nlang: en\n\n\
                    quoridor exercise 1\ntask: route\nsize: 3\nstars: b2\nstart: a1\nend: c1\nfewest: no\n";
        let sheet = Sheet::from_saved_text(text).unwrap();
        assert_eq!(sheet.spec.count, 1);
        let (exercise, key) = &sheet.exercises[0];
        assert!(check(exercise, &key.answer).is_right());
        assert_eq!(key.steps(), Some(4));
        // A key given by hand is kept when it is right.
        let given = format!("{text}answer: route a2 b2 b1 c1\n");
        let sheet = Sheet::from_saved_text(&given).unwrap();
        assert_eq!(sheet.exercises[0].1.answer.to_string(), "route a2 b2 b1 c1");
    }

    #[test]
    fn bad_sheets_say_what_is_wrong() {
        let good = sheet(Some(Kind::Routes), 2, 3).to_saved_text();
        let cases = [
            ("", "line 1: expected `quoridor sheet 1`".to_string()),
            (
                &good.replacen("quoridor sheet 1", "quoridor sheet 2", 1)[..],
                "line 1: expected `quoridor sheet 1`".to_string(),
            ),
            (
                &good.replacen("level: 2", "level: 9", 1)[..],
                "line 3: level: expected 1 to 5, found `9`".to_string(),
            ),
            (
                &good.replacen("lang: fr", "colour: fr", 1)[..],
                "line 5: unknown field `colour`".to_string(),
            ),
            (
                "quoridor sheet 1\nkind: maze\n",
                "0 exercises: a sheet holds from 1 to 40".to_string(),
            ),
        ];
        for (text, said) in cases {
            let err = Sheet::read_saved(text).unwrap_err();
            assert_eq!(err.to_string(), said, "{text}");
        }
        // A key that is not right, and an exercise that is not valid.
        let answer_line = good.lines().find(|l| l.starts_with("answer:")).unwrap();
        let wrong = good.replacen(answer_line, "answer: route a1", 1);
        let err = Sheet::read_saved(&wrong).unwrap_err();
        assert!(matches!(err, SheetError::WrongKey { n: 1, .. }), "{err}");
        let size_line = good.lines().find(|l| l.starts_with("size:")).unwrap();
        let big = good.replacen(size_line, "size: 12", 1);
        let err = Sheet::read_saved(&big).unwrap_err();
        assert!(err.to_string().starts_with("exercise 1: "), "{err}");
        // Too many exercises, in both forms.
        let one = good.split("\n\n").nth(1).unwrap();
        let many = format!(
            "quoridor sheet 1\n\n{}",
            vec![one; MAX_COUNT + 1].join("\n\n")
        );
        assert_eq!(
            Sheet::read_saved(&many).unwrap_err(),
            SheetError::Count(MAX_COUNT + 1)
        );
        let json = sheet(None, 1, 1).to_json();
        let err = Sheet::read_saved(&json.replacen("\"version\": 1", "\"version\": 7", 1));
        assert!(err.unwrap_err().to_string().contains("version 7"));
        assert!(Sheet::read_saved("{\"spec\": 3}").is_err());
    }
}
