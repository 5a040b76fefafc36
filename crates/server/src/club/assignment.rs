//! An assignment of a class: where its exercises come from (a printed
//! sheet, the editor, the lessons and puzzles of `/learn`), its rules, its
//! due day and the pupils it is for; given, checked and titled here.

use quoridor_exercises::{Exercise, Kind, Lang, Sheet, SheetSpec};
use serde::{Deserialize, Serialize};

use super::class_error::ClassError;
use super::work::{record, record_move, Judged, Work, WorkBook, WorkStatus};

/// The most assignments a class keeps.
pub const MAX_ASSIGNMENTS: usize = 50;
/// The most exercises in one assignment.
pub const MAX_EXERCISES: usize = 40;

/// Where an assignment's exercises come from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "source", rename_all = "snake_case", deny_unknown_fields)]
pub enum Source {
    /// A printable sheet's exercises: the same seed gives the same
    /// exercises on paper and on screen.
    Sheet {
        kind: Option<Kind>,
        level: u8,
        count: usize,
        #[serde(with = "quoridor_exercises::serde_text")]
        seed: u64,
    },
    /// Exercises made in the editor.
    Exercises { exercises: Vec<Exercise> },
    /// Lessons of the rules tutorial of `/learn`, then its tactics
    /// puzzles (drawn when given), by id; either list may be empty.
    Learn {
        #[serde(default)]
        lessons: Vec<String>,
        #[serde(default)]
        puzzles: Vec<String>,
    },
}

/// An item of an assignment played on the board of `/learn`: a move is
/// its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnItem<'a> {
    Puzzle(&'a str),
    Lesson(&'a str),
}

impl Source {
    /// The exercises, in order (a sheet is generated: CPU work).
    pub fn exercises(&self) -> Vec<Exercise> {
        match self {
            Source::Sheet {
                kind,
                level,
                count,
                seed,
            } => Sheet::new(SheetSpec {
                kind: *kind,
                level: *level,
                count: *count,
                seed: *seed,
                lang: Lang::En,
            })
            .exercises
            .into_iter()
            .map(|(exercise, _)| exercise)
            .collect(),
            Source::Exercises { exercises } => exercises.clone(),
            // Played on the board of `/learn`, not the classroom's.
            Source::Learn { .. } => Vec::new(),
        }
    }

    pub fn count(&self) -> usize {
        match self {
            Source::Sheet { count, .. } => *count,
            Source::Exercises { exercises } => exercises.len(),
            Source::Learn { lessons, puzzles } => lessons.len() + puzzles.len(),
        }
    }

    /// Item `index` of an assignment of `/learn`: its lessons, then its
    /// puzzles.
    pub fn learn_item(&self, index: usize) -> Option<LearnItem<'_>> {
        match self {
            Source::Learn { lessons, puzzles } => match lessons.get(index) {
                Some(id) => Some(LearnItem::Lesson(id)),
                None => puzzles
                    .get(index - lessons.len())
                    .map(|id| LearnItem::Puzzle(id)),
            },
            Source::Sheet { .. } | Source::Exercises { .. } => None,
        }
    }

    /// The kind and level of exercise `index` (none for an editor's
    /// exercise without one), known without making the exercise.
    pub fn kind_and_level(&self, index: usize) -> Option<(Kind, Option<u8>)> {
        match self {
            Source::Sheet {
                kind,
                level,
                count,
                seed,
            } => {
                let spec = SheetSpec {
                    kind: *kind,
                    level: *level,
                    count: *count,
                    seed: *seed,
                    lang: Lang::En,
                };
                (index < *count).then(|| (spec.kind_of(index), Some(*level)))
            }
            Source::Exercises { exercises } => exercises.get(index).map(|e| (e.kind(), e.level)),
            Source::Learn { .. } => None,
        }
    }
}

/// What an assignment asks of its pupils. Older stores, from before
/// rules, read as the defaults: the solution after a real try, nothing
/// else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// The solution is shown only after an answer was given.
    pub solution_after_try: bool,
    /// Each exercise is right (with or without the solution) before the
    /// next one is answered.
    pub until_right: bool,
    /// No exercise may be skipped.
    pub no_skip: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            solution_after_try: true,
            until_right: false,
            no_skip: false,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Assignment {
    pub id: u32,
    pub title: String,
    pub source: Source,
    pub created_ms: u64,
    #[serde(default)]
    pub rules: Rules,
    /// The day it is due (`YYYY-MM-DD`: the teacher's calendar day, with
    /// no time zone to get wrong).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub due: Option<String>,
    /// The pupils it is for (`None`: the whole class, newcomers too).
    /// Given to groups, their pupils, kept up to date as they change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pupils: Option<Vec<u32>>,
    /// The groups it was given to (`club::groups`), if any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<u32>,
}

impl Assignment {
    /// Whether pupil `pupil` has this assignment to do.
    pub fn is_for(&self, pupil: u32) -> bool {
        self.pupils
            .as_ref()
            .is_none_or(|list| list.contains(&pupil))
    }
    /// Whether pupil `pupil` may answer (or skip, `skip`) exercise `index`
    /// by the assignment's rules: no skip where skipping is ruled out; in
    /// an assignment done "until right", every exercise before it right
    /// first.
    pub fn may_answer(
        &self,
        book: &WorkBook,
        pupil: u32,
        index: u32,
        skip: bool,
    ) -> Result<(), ClassError> {
        if !self.is_for(pupil) {
            return Err(ClassError::NoSuchAssignment);
        }
        if skip && self.rules.no_skip {
            return Err(ClassError::NoSkip);
        }
        if self.rules.until_right {
            let open = (0..index).find(|&i| {
                book.get(&(self.id, pupil, i))
                    .is_none_or(|work| !work.status.is_right())
            });
            if let Some(i) = open {
                return Err(ClassError::NotRightYet(i));
            }
        }
        Ok(())
    }

    /// Records a pupil's judged answer to item `index` (or its skip),
    /// where this assignment's rules allow it.
    pub fn take_answer(
        &self,
        book: &mut WorkBook,
        pupil: u32,
        index: u32,
        judged: &Judged,
        now_ms: u64,
    ) -> Result<Work, ClassError> {
        let skip = judged.status == WorkStatus::Skipped;
        self.may_answer(book, pupil, index, skip)?;
        let key = (self.id, pupil, index);
        Ok(record(
            book,
            key,
            judged.status,
            judged.answer.clone(),
            now_ms,
        ))
    }

    /// Records a move played for item `index` (a puzzle or a lesson),
    /// right or wrong, where this assignment's rules allow it.
    pub fn take_move(
        &self,
        book: &mut WorkBook,
        pupil: u32,
        index: u32,
        status: WorkStatus,
        played: String,
        now_ms: u64,
    ) -> Result<Work, ClassError> {
        self.may_answer(book, pupil, index, false)?;
        Ok(record_move(
            book,
            (self.id, pupil, index),
            status,
            played,
            now_ms,
        ))
    }
}

/// A new assignment: where its exercises come from, and what it asks.
#[derive(Clone, Debug, PartialEq)]
pub struct NewAssignment {
    pub title: Option<String>,
    pub source: Source,
    pub rules: Rules,
    pub due: Option<String>,
    pub pupils: Option<Vec<u32>>,
    /// Groups instead of pupils: for their pupils, as the groups change.
    pub groups: Vec<u32>,
}

impl NewAssignment {
    /// Exercises for the whole class, by the default rules, due any day.
    pub fn of(source: Source) -> NewAssignment {
        NewAssignment {
            title: None,
            source,
            rules: Rules::default(),
            due: None,
            pupils: None,
            groups: Vec::new(),
        }
    }
}

/// Whether `text` is a calendar day written `YYYY-MM-DD` (from 2000 to
/// 2999).
pub fn is_day(text: &str) -> bool {
    let b = text.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let number = |r: std::ops::Range<usize>| text.get(r).and_then(|s| s.parse::<u32>().ok());
    let (Some(year), Some(month), Some(day)) = (number(0..4), number(5..7), number(8..10)) else {
        return false;
    };
    if !text
        .bytes()
        .enumerate()
        .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
    {
        return false;
    }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (2000..3000).contains(&year) && (1..=days).contains(&day)
}

pub(super) fn default_title(source: &Source, lang: Lang, id: u32) -> String {
    match source {
        Source::Sheet {
            kind,
            level,
            count,
            seed,
        } => {
            SheetSpec {
                kind: *kind,
                level: *level,
                count: *count,
                seed: *seed,
                lang,
            }
            .title()
            .to_string()
                + &format!(" · {}", level)
        }
        Source::Exercises { .. } => format!("#{id}"),
        Source::Learn { lessons, puzzles } => {
            let words = match (lang, lessons.is_empty(), puzzles.is_empty()) {
                (Lang::En, true, _) => "Puzzles",
                (Lang::En, _, true) => "Rules",
                (Lang::En, _, _) => "Rules and puzzles",
                (Lang::Fr, true, _) => "Problèmes",
                (Lang::Fr, _, true) => "Règles",
                (Lang::Fr, _, _) => "Règles et problèmes",
                (Lang::Ro, true, _) => "Probleme",
                (Lang::Ro, _, true) => "Reguli",
                (Lang::Ro, _, _) => "Reguli și probleme",
            };
            format!("{words} #{id}")
        }
    }
}

/// Whether every puzzle and lesson named exists, each once.
pub(super) fn check_learn_items(source: &Source) -> Result<(), ClassError> {
    let Source::Learn { lessons, puzzles } = source else {
        return Ok(());
    };
    /// Whether an id names something shipped.
    type Known = fn(&str) -> bool;
    let lists: [(&[String], Known); 2] = [
        (lessons, |id| quoridor_learn::lesson(id).is_some()),
        (puzzles, |id| quoridor_learn::find_puzzle(id).is_some()),
    ];
    for (ids, known) in lists {
        for (i, id) in ids.iter().enumerate() {
            if !known(id) {
                return Err(ClassError::BadAssignment(format!(
                    "no puzzle or lesson \"{id:.24}\""
                )));
            }
            if ids[..i].iter().any(|other| other.eq_ignore_ascii_case(id)) {
                return Err(ClassError::BadAssignment(format!("\"{id:.24}\" twice")));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::club::class::tests::class;

    #[test]
    fn an_assignments_rules_hold() {
        use crate::club::work::{record, see_solution, TryFirst, WorkStatus};
        let mut a = Assignment {
            id: 1,
            title: "Routes".into(),
            source: Source::Exercises {
                exercises: Vec::new(),
            },
            created_ms: 0,
            rules: Rules::default(),
            due: None,
            pupils: Some(vec![7]),
            groups: Vec::new(),
        };
        let mut book = WorkBook::new();
        // Given by name: only to pupil 7.
        assert_eq!(
            a.may_answer(&book, 8, 0, false),
            Err(ClassError::NoSuchAssignment)
        );
        assert_eq!(a.may_answer(&book, 7, 2, true), Ok(()));
        a.rules.no_skip = true;
        assert_eq!(a.may_answer(&book, 7, 2, true), Err(ClassError::NoSkip));
        a.rules.until_right = true;
        assert_eq!(
            a.may_answer(&book, 7, 2, false),
            Err(ClassError::NotRightYet(0))
        );
        record(&mut book, (1, 7, 0), WorkStatus::Right, None, 1);
        record(&mut book, (1, 7, 1), WorkStatus::Wrong, None, 1);
        assert_eq!(
            a.may_answer(&book, 7, 2, false),
            Err(ClassError::NotRightYet(1))
        );
        // Right after the solution is right enough to go on.
        see_solution(&mut book, (1, 7, 1), true, 2).unwrap();
        record(&mut book, (1, 7, 1), WorkStatus::Right, None, 3);
        assert_eq!(a.may_answer(&book, 7, 2, false), Ok(()));
        assert_eq!(a.may_answer(&book, 7, 1, false), Ok(()));
        // The solution before a try, where the rules allow it: recorded.
        assert_eq!(see_solution(&mut book, (1, 7, 5), true, 4), Err(TryFirst));
        let seen = see_solution(&mut book, (1, 7, 5), false, 4).unwrap();
        assert!(seen.solution_seen && seen.attempts == 0);
        let work = record(&mut book, (1, 7, 5), WorkStatus::Right, None, 5);
        assert_eq!(work.status, WorkStatus::RightAfterSolution);
        // Taking an answer or a move: the same rules, then recorded.
        let before = book.clone();
        assert_eq!(
            a.take_answer(&mut book, 7, 3, &Judged::skipped(), 6),
            Err(ClassError::NoSkip)
        );
        assert_eq!(
            a.take_move(&mut book, 8, 0, WorkStatus::Right, "e2".into(), 6),
            Err(ClassError::NoSuchAssignment)
        );
        assert_eq!(book, before, "a refused answer changes nothing");
        a.rules.no_skip = false;
        let skipped = a
            .take_answer(&mut book, 7, 2, &Judged::skipped(), 7)
            .unwrap();
        assert_eq!(skipped.status, WorkStatus::Skipped);
        assert_eq!(
            a.take_move(&mut book, 7, 4, WorkStatus::Right, "e2".into(), 8),
            Err(ClassError::NotRightYet(2)),
            "item 2 was skipped, not right"
        );
    }

    #[test]
    fn an_assignment_is_due_on_a_day_and_given_to_whom_it_names() {
        let mut c = class();
        let lea = c.join("Léa", "h1".into(), "C1".into(), 1).unwrap();
        let hugo = c.join("Hugo", "h2".into(), "C2".into(), 1).unwrap();
        let sheet = Source::Sheet {
            kind: None,
            level: 1,
            count: 2,
            seed: 3,
        };
        let mut new = NewAssignment::of(sheet.clone());
        new.due = Some("2026-12-04".into());
        new.pupils = Some(vec![hugo, lea, hugo]);
        new.rules.no_skip = true;
        let id = c.give(new.clone(), 5).unwrap();
        let a = c.assignment(id).unwrap();
        assert_eq!(a.pupils.as_deref(), Some(&[lea, hugo][..]));
        assert!(a.is_for(lea) && !a.is_for(99) && a.rules.no_skip);
        for bad in [
            "2026-02-30",
            "2026-13-01",
            "26-12-04",
            "2026-1-04",
            "2026-12-4x",
            "2026/12/04",
        ] {
            let mut wrong = new.clone();
            wrong.due = Some(bad.into());
            assert!(
                matches!(c.give(wrong, 5), Err(ClassError::BadAssignment(_))),
                "{bad}"
            );
        }
        assert!(is_day("2028-02-29") && !is_day("2027-02-29") && !is_day("2100-02-29"));
        let mut nobody = new.clone();
        nobody.pupils = Some(Vec::new());
        assert!(c.give(nobody, 5).is_err());
        let mut stranger = new.clone();
        stranger.pupils = Some(vec![42]);
        assert_eq!(c.give(stranger, 5), Err(ClassError::NoSuchPupil));
        // A pupil who leaves leaves the assignments given by name.
        c.remove_pupil(lea).unwrap();
        assert_eq!(
            c.assignment(id).unwrap().pupils.as_deref(),
            Some(&[hugo][..])
        );
        // Stored before rules: the old rules.
        let old: Assignment = serde_json::from_str(
            r#"{"id":1,"title":"T","source":{"source":"sheet","kind":null,"level":1,"count":2,"seed":"3"},"created_ms":0}"#,
        )
        .unwrap();
        assert_eq!(
            (old.rules, old.due, old.pupils),
            (Rules::default(), None, None)
        );
    }

    #[test]
    fn sheet_assignments_match_the_printed_sheet() {
        let mut c = class();
        let source = Source::Sheet {
            kind: None,
            level: 2,
            count: 6,
            seed: 77,
        };
        let id = c.assign(None, source.clone(), 0).unwrap();
        let printed = Sheet::new(SheetSpec {
            kind: None,
            level: 2,
            count: 6,
            seed: 77,
            lang: Lang::Fr,
        });
        let on_screen = c.assignment(id).unwrap().source.exercises();
        let on_paper: Vec<Exercise> = printed.exercises.into_iter().map(|(e, _)| e).collect();
        assert_eq!(on_screen, on_paper);
        assert!(c
            .assign(
                None,
                Source::Sheet {
                    kind: None,
                    level: 9,
                    count: 6,
                    seed: 1
                },
                0
            )
            .is_err());
        assert!(c
            .assign(
                None,
                Source::Sheet {
                    kind: None,
                    level: 1,
                    count: 0,
                    seed: 1
                },
                0
            )
            .is_err());
    }
}
