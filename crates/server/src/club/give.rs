//! Giving an assignment to a class: its exercises, rules, due day and
//! pupils (or groups) checked against the class, its title made.

use super::assignment::{
    check_learn_items, default_title, is_day, Assignment, NewAssignment, Source, MAX_ASSIGNMENTS,
    MAX_EXERCISES,
};
use super::class::Class;
use super::class_error::{first_name, ClassError};

impl Class {
    /// Adds an assignment for the whole class by the default rules; its
    /// title defaults to the sheet's.
    pub fn assign(
        &mut self,
        title: Option<&str>,
        source: Source,
        now_ms: u64,
    ) -> Result<u32, ClassError> {
        let mut new = NewAssignment::of(source);
        new.title = title.map(str::to_string);
        self.give(new, now_ms)
    }

    /// Adds an assignment: its exercises, rules, due day and pupils checked.
    pub fn give(&mut self, new: NewAssignment, now_ms: u64) -> Result<u32, ClassError> {
        let NewAssignment {
            title,
            source,
            rules,
            due,
            pupils,
            groups,
        } = new;
        if let Some(day) = &due {
            if !is_day(day) {
                return Err(ClassError::BadAssignment(
                    "due: a day written YYYY-MM-DD".into(),
                ));
            }
            // Yesterday still counts: the teacher's day may be behind UTC.
            let yesterday = crate::calendar::day_of(now_ms.saturating_sub(86_400_000));
            if day.as_str() < yesterday.as_str() {
                return Err(ClassError::BadAssignment(format!(
                    "due: {day} is in the past; choose today or a day to come"
                )));
            }
        }
        let groups = self.known_groups(groups)?;
        let pupils = match pupils {
            None if !groups.is_empty() => Some(self.pupils_of_groups(&groups)),
            Some(_) if !groups.is_empty() => {
                return Err(ClassError::BadAssignment(
                    "pupils or groups: one of them, not both".into(),
                ))
            }
            None => None,
            Some(mut list) => {
                list.sort_unstable();
                list.dedup();
                if list.is_empty() {
                    return Err(ClassError::BadAssignment(
                        "pupils: at least one pupil, or none named for the whole class".into(),
                    ));
                }
                for &p in &list {
                    self.pupil(p)?;
                }
                Some(list)
            }
        };
        let count = source.count();
        if !(1..=MAX_EXERCISES).contains(&count) {
            return Err(ClassError::BadAssignment(format!(
                "count: from 1 to {MAX_EXERCISES} exercises"
            )));
        }
        if let Source::Sheet { level, .. } = source {
            if !(1..=5).contains(&level) {
                return Err(ClassError::BadAssignment("level: from 1 to 5".into()));
            }
        }
        if let Source::Exercises { exercises } = &source {
            for (i, exercise) in exercises.iter().enumerate() {
                exercise.validate().map_err(|err| {
                    ClassError::BadAssignment(format!(
                        "exercise {}: {}",
                        i + 1,
                        quoridor_exercises::problem_text(&err, self.lang)
                    ))
                })?;
            }
        }
        check_learn_items(&source)?;
        if self.assignments.len() >= MAX_ASSIGNMENTS {
            return Err(ClassError::Full("assignments", MAX_ASSIGNMENTS));
        }
        let id = self.next_assignment;
        self.next_assignment += 1;
        let title = match title.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            Some(t) => first_name(t, "title")?,
            None => default_title(&source, self.lang, id),
        };
        self.assignments.push(Assignment {
            id,
            title,
            source,
            created_ms: now_ms,
            rules,
            due,
            pupils,
            groups,
        });
        Ok(id)
    }
}
