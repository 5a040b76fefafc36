//! A class's work: each pupil's answers to each exercise of each
//! assignment, and how they stand.

use std::collections::BTreeMap;

use quoridor_exercises::{check, verdict_text, Answer, Exercise, Lang, Mistake};
use serde::{Deserialize, Serialize};

/// How a pupil's exercise stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorkStatus {
    Right,
    Wrong,
    Skipped,
    /// Right, but after the pupil had seen the solution.
    RightAfterSolution,
}

impl WorkStatus {
    pub fn name(self) -> &'static str {
        match self {
            WorkStatus::Right => "right",
            WorkStatus::Wrong => "wrong",
            WorkStatus::Skipped => "skipped",
            WorkStatus::RightAfterSolution => "right_after_solution",
        }
    }

    /// Whether the exercise was answered right, with or without the
    /// solution.
    pub fn is_right(self) -> bool {
        matches!(self, WorkStatus::Right | WorkStatus::RightAfterSolution)
    }
}

/// Why a pupil may not see an exercise's solution yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TryFirst;

/// A pupil's work on one exercise: right once it has been right.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Work {
    pub status: WorkStatus,
    pub attempts: u32,
    /// The last answer given (their route, for the teacher).
    pub answer: Option<Answer>,
    pub at_ms: u64,
    /// Whether the pupil has been shown the solution: a right answer after
    /// it counts as [`WorkStatus::RightAfterSolution`].
    #[serde(default)]
    pub solution_seen: bool,
    /// The last move played, for a puzzle or a lesson of `/learn`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<String>,
}

impl Work {
    /// What the pupil gave, in a few characters: a route's squares, an
    /// answer's JSON, or a move.
    pub fn given_text(&self, lang: Lang) -> String {
        match (&self.answer, &self.played) {
            (Some(answer), _) => quoridor_exercises::given_text(answer, lang),
            (None, Some(mv)) => mv.clone(),
            (None, None) => String::new(),
        }
    }
}

/// What a pupil gave for an exercise.
enum Given {
    Answer(Option<Answer>),
    Move(String),
}

/// The work of a class: (assignment, pupil, exercise index) → work.
pub type WorkBook = BTreeMap<(u32, u32, u32), Work>;

/// Records that the pupil was shown the solution, which comes after a
/// real try (an answer given, right or wrong) when `after_try`: a right
/// answer from now on is [`WorkStatus::RightAfterSolution`]; one given
/// before stays right.
pub fn see_solution(
    book: &mut WorkBook,
    key: (u32, u32, u32),
    after_try: bool,
    now_ms: u64,
) -> Result<Work, TryFirst> {
    if after_try && book.get(&key).is_none_or(|work| work.attempts == 0) {
        return Err(TryFirst);
    }
    let work = book.entry(key).or_insert(Work {
        status: WorkStatus::Skipped,
        attempts: 0,
        answer: None,
        at_ms: now_ms,
        solution_seen: false,
        played: None,
    });
    work.solution_seen = true;
    work.at_ms = now_ms;
    Ok(work.clone())
}

/// A pupil's answer judged, before it is recorded: its status, what the
/// pupil is told, and the answer kept for the teacher.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    pub status: WorkStatus,
    pub messages: Vec<String>,
    pub mistakes: Vec<Mistake>,
    pub answer: Option<Answer>,
}

impl Judged {
    /// An item skipped (any item may be: a puzzle or a lesson too).
    pub fn skipped() -> Judged {
        Judged {
            status: WorkStatus::Skipped,
            messages: Vec::new(),
            mistakes: Vec::new(),
            answer: None,
        }
    }

    /// An answer checked against its exercise by the classroom's rules,
    /// and what is wrong with it said in `lang`.
    pub fn checked(exercise: &Exercise, answer: Answer, lang: Lang) -> Judged {
        let verdict = check(exercise, &answer);
        Judged {
            status: if verdict.is_right() {
                WorkStatus::Right
            } else {
                WorkStatus::Wrong
            },
            messages: verdict_text(&verdict, exercise, lang),
            mistakes: verdict.mistakes,
            answer: Some(answer),
        }
    }
}

/// Records an answer: right stays right; a skip never undoes an answer;
/// an exercise redone once it is right is practice, and changes nothing
/// (its tries, so "right the first time" stays so).
pub fn record(
    book: &mut WorkBook,
    key: (u32, u32, u32),
    status: WorkStatus,
    answer: Option<Answer>,
    now_ms: u64,
) -> Work {
    record_given(book, key, status, Given::Answer(answer), now_ms)
}

/// Records a move played for a puzzle or a lesson, as [`record`] does an
/// answer.
pub fn record_move(
    book: &mut WorkBook,
    key: (u32, u32, u32),
    status: WorkStatus,
    played: String,
    now_ms: u64,
) -> Work {
    record_given(book, key, status, Given::Move(played), now_ms)
}

fn record_given(
    book: &mut WorkBook,
    key: (u32, u32, u32),
    status: WorkStatus,
    given: Given,
    now_ms: u64,
) -> Work {
    let entry = book.entry(key).or_insert(Work {
        status,
        attempts: 0,
        answer: None,
        at_ms: now_ms,
        solution_seen: false,
        played: None,
    });
    if entry.attempts > 0 && entry.status.is_right() {
        return entry.clone();
    }
    let status = match status {
        WorkStatus::Right if entry.solution_seen => WorkStatus::RightAfterSolution,
        other => other,
    };
    match status {
        WorkStatus::Skipped => {
            if entry.attempts == 0 {
                entry.status = WorkStatus::Skipped;
            }
        }
        _ => {
            entry.attempts += 1;
            // The first answer is kept whatever it is (a first right one
            // too); after that, a right one stays.
            if entry.attempts == 1 || !entry.status.is_right() {
                entry.status = status;
                match given {
                    Given::Answer(answer) => entry.answer = answer,
                    Given::Move(played) => entry.played = Some(played),
                }
            }
        }
    }
    entry.at_ms = now_ms;
    entry.clone()
}

/// A pupil's count of right answers over every assignment, and of
/// exercises done: their "level" for pairing by level.
pub fn level_of(book: &WorkBook, pupil: u32) -> (usize, usize) {
    let mut right = 0;
    let mut done = 0;
    for ((_, p, _), work) in book {
        if *p == pupil {
            done += 1;
            if work.status == WorkStatus::Right {
                right += 1;
            }
        }
    }
    (right, done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_answer_is_kept_even_when_right() {
        let route = || Answer::Route {
            squares: vec!["a1".parse().unwrap(), "a2".parse().unwrap()],
        };
        let mut book = WorkBook::new();
        let k = (1, 1, 0);
        record(&mut book, k, WorkStatus::Right, Some(route()), 1);
        assert_eq!(book[&k].answer, Some(route()));
        assert_eq!((book[&k].status, book[&k].attempts), (WorkStatus::Right, 1));
        // Redone once right, wrong or right, it changes nothing: still
        // right the first time.
        record(&mut book, k, WorkStatus::Wrong, None, 2);
        record(&mut book, k, WorkStatus::Right, None, 3);
        assert_eq!(book[&k].answer, Some(route()));
        assert_eq!((book[&k].status, book[&k].attempts), (WorkStatus::Right, 1));
        assert_eq!(book[&k].at_ms, 1);
        // After a skip, the first answer is kept too.
        let k = (1, 1, 1);
        record(&mut book, k, WorkStatus::Skipped, None, 3);
        record(&mut book, k, WorkStatus::Right, Some(route()), 4);
        assert_eq!(book[&k].answer, Some(route()));
    }

    #[test]
    fn a_right_answer_after_the_solution_is_marked_so_and_one_before_stays_right() {
        let mut book = WorkBook::new();
        let k = (1, 1, 0);
        // No solution before a real try.
        assert_eq!(see_solution(&mut book, k, true, 1), Err(TryFirst));
        record(&mut book, k, WorkStatus::Skipped, None, 1);
        assert_eq!(see_solution(&mut book, k, true, 1), Err(TryFirst));
        record(&mut book, k, WorkStatus::Wrong, None, 2);
        assert!(see_solution(&mut book, k, true, 3).unwrap().solution_seen);
        let work = record(&mut book, k, WorkStatus::Right, None, 4);
        assert_eq!(work.status, WorkStatus::RightAfterSolution);
        assert!(work.status.is_right());
        // A wrong answer after it does not undo it.
        record(&mut book, k, WorkStatus::Wrong, None, 5);
        assert_eq!(book[&k].status, WorkStatus::RightAfterSolution);
        assert_eq!(
            level_of(&book, 1),
            (0, 1),
            "not counted as right for pairing"
        );
        // Right before the solution stays right.
        let k = (1, 1, 1);
        record(&mut book, k, WorkStatus::Right, None, 6);
        see_solution(&mut book, k, true, 7).unwrap();
        record(&mut book, k, WorkStatus::Right, None, 8);
        assert_eq!(book[&k].status, WorkStatus::Right);
        // Stored before the field existed: not seen.
        let old: Work =
            serde_json::from_str(r#"{"status":"right","attempts":1,"answer":null,"at_ms":1}"#)
                .unwrap();
        assert!(!old.solution_seen);
        assert_eq!(
            serde_json::to_string(&WorkStatus::RightAfterSolution).unwrap(),
            "\"right_after_solution\""
        );
    }

    #[test]
    fn work_right_stays_right_and_skips_do_not_undo() {
        let mut book = WorkBook::new();
        let k = (1, 1, 0);
        record(&mut book, k, WorkStatus::Skipped, None, 1);
        assert_eq!(book[&k].status, WorkStatus::Skipped);
        record(&mut book, k, WorkStatus::Wrong, None, 2);
        assert_eq!((book[&k].status, book[&k].attempts), (WorkStatus::Wrong, 1));
        record(&mut book, k, WorkStatus::Right, None, 3);
        record(&mut book, k, WorkStatus::Wrong, None, 4);
        record(&mut book, k, WorkStatus::Skipped, None, 5);
        assert_eq!((book[&k].status, book[&k].attempts), (WorkStatus::Right, 2));
        assert_eq!(level_of(&book, 1), (1, 1));
    }
}
