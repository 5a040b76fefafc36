//! A class carried over to next year: a new class made from an old one,
//! with the old one's language, PIN, account and assignments (their
//! exercises, titles and rules, for the whole new class, due no day), and
//! nothing of its children: no pupils, work, games, groups or tournaments.
//! The old class stays as it was, for its teacher to keep or delete.

use super::class::{Assignment, Class, ClassError};

impl Class {
    /// The class for next year (see the module's comment), named `name`
    /// or as this one, held by the teacher screen `teacher`.
    pub fn next_year(
        &self,
        id: String,
        code: String,
        name: Option<&str>,
        teacher: String,
        now_ms: u64,
    ) -> Result<Class, ClassError> {
        let name = name.map(str::trim).filter(|n| !n.is_empty());
        let mut next = Class::new(
            id,
            code,
            name.unwrap_or(&self.name),
            self.lang,
            teacher,
            now_ms,
        )?;
        next.pin = self.pin.clone();
        next.owner = self.owner;
        next.assignments = self
            .assignments
            .iter()
            .map(|a| Assignment {
                created_ms: now_ms,
                due: None,
                pupils: None,
                groups: Vec::new(),
                ..a.clone()
            })
            .collect();
        next.next_assignment = self.next_assignment;
        Ok(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::club::class::{ClassGame, NewAssignment, Source};
    use quoridor_exercises::Lang;

    #[test]
    fn next_year_keeps_the_assignments_and_nothing_of_the_children() {
        let mut old = Class::new(
            "a".into(),
            "ABC123".into(),
            "CE2 B",
            Lang::Ro,
            "t".into(),
            0,
        )
        .unwrap();
        old.pin = Some("salted".into());
        old.owner = Some(7);
        let lea = old.join("Léa", "h".into(), "CARDLEA1".into(), 0).unwrap();
        let mut given = NewAssignment::of(Source::Sheet {
            kind: None,
            level: 1,
            count: 4,
            seed: 42,
        });
        given.due = Some("2026-12-01".into());
        given.pupils = Some(vec![lea]);
        old.give(given, 10).unwrap();
        old.add_game(ClassGame {
            game: "g".into(),
            pupils: vec![Some(lea), None],
            created_ms: 0,
            result: None,
        });
        let next = old
            .next_year("b".into(), "XYZ789".into(), None, "t2".into(), 99)
            .unwrap();
        assert_eq!(
            (
                next.name.as_str(),
                next.lang,
                next.pin.as_deref(),
                next.owner
            ),
            ("CE2 B", Lang::Ro, Some("salted"), Some(7))
        );
        assert!(next.pupils.is_empty() && next.games.is_empty() && next.tournaments.is_empty());
        assert_eq!(next.teachers, ["t2"]);
        let (a, b) = (&old.assignments[0], &next.assignments[0]);
        assert_eq!(
            (&b.title, &b.source, &b.rules, b.id),
            (&a.title, &a.source, &a.rules, a.id)
        );
        assert_eq!(
            (b.due.as_deref(), b.pupils.as_deref(), b.created_ms),
            (None, None, 99)
        );
        assert_eq!(next.next_assignment, old.next_assignment);
        let renamed = old
            .next_year(
                "c".into(),
                "XYZ780".into(),
                Some(" CM1 B "),
                "t3".into(),
                99,
            )
            .unwrap();
        assert_eq!(renamed.name, "CM1 B");
        assert!(old
            .next_year(
                "d".into(),
                "XYZ781".into(),
                Some(&"x".repeat(500)),
                "t".into(),
                0
            )
            .is_err());
    }
}
