//! Two seats of one child made one (a child who joined twice, "Lea" and
//! "Léa"): the teacher merges one pupil into the other. The kept pupil
//! gets the other's work, keeping the better of the two on each exercise,
//! their places in the class's games, groups and assignments, and their
//! old tokens (whose tablets are then told the pupil moved away). The
//! merged pupil leaves the class.

use super::class::{ClassData, ClassError, Pupil, FORMER_TABLETS};
use super::work::{Work, WorkStatus};

/// How good a piece of work is, best first: right at the first try, right
/// after more tries (fewer is better), right after the solution, wrong,
/// skipped.
fn rank(work: &Work) -> (u8, u32) {
    match work.status {
        WorkStatus::Right => (0, work.attempts),
        WorkStatus::RightAfterSolution => (1, 0),
        WorkStatus::Wrong => (2, 0),
        WorkStatus::Skipped => (3, 0),
    }
}

/// The better of two pieces of work on one exercise (`kept`'s on a tie).
pub fn better(kept: Work, other: Work) -> Work {
    if rank(&other) < rank(&kept) {
        other
    } else {
        kept
    }
}

impl ClassData {
    /// Merges pupil `from` into pupil `into` (see the module's comment).
    /// Answers the merged pupil as they were.
    pub fn merge_pupils(&mut self, from: u32, into: u32) -> Result<Pupil, ClassError> {
        if from == into {
            return Err(ClassError::BadName(
                "into: another pupil of the class (a pupil is not merged into themselves)".into(),
            ));
        }
        self.class.pupil(into)?;
        self.class.pupil(from)?;
        let moved: Vec<((u32, u32, u32), Work)> = self
            .work
            .iter()
            .filter(|((_, p, _), _)| *p == from)
            .map(|(key, work)| (*key, work.clone()))
            .collect();
        for ((assignment, _, index), work) in moved {
            self.work.remove(&(assignment, from, index));
            let key = (assignment, into, index);
            let merged = match self.work.remove(&key) {
                Some(kept) => better(kept, work),
                None => work,
            };
            self.work.insert(key, merged);
        }
        let class = &mut self.class;
        for game in &mut class.games {
            for seat in &mut game.pupils {
                if *seat == Some(from) {
                    *seat = Some(into);
                }
            }
        }
        let lists = class
            .assignments
            .iter_mut()
            .filter_map(|a| a.pupils.as_mut())
            .chain(class.groups.iter_mut().map(|g| &mut g.pupils));
        for list in lists {
            if list.contains(&from) {
                list.retain(|&p| p != from);
                if !list.contains(&into) {
                    list.push(into);
                }
            }
        }
        let at = class
            .pupils
            .iter()
            .position(|p| p.id == from)
            .ok_or(ClassError::NoSuchPupil)?;
        let merged = class.pupils.remove(at);
        let kept = class
            .pupils
            .iter_mut()
            .find(|p| p.id == into)
            .ok_or(ClassError::NoSuchPupil)?;
        kept.former.push(merged.holder.clone());
        kept.former.extend(merged.former.iter().cloned());
        let over = kept.former.len().saturating_sub(FORMER_TABLETS);
        kept.former.drain(..over);
        Ok(merged)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::club::class::{Class, ClassGame};
    use crate::club::work::WorkBook;
    use quoridor_exercises::Lang;

    fn work(status: WorkStatus, attempts: u32) -> Work {
        Work {
            status,
            attempts,
            answer: None,
            at_ms: 0,
            solution_seen: false,
            played: None,
        }
    }

    fn class_of_two() -> ClassData {
        let mut class =
            Class::new("c".into(), "ABC123".into(), "CE2", Lang::Fr, "t".into(), 0).unwrap();
        class
            .join("Léa", "h-lea".into(), "CARDLEA1".into(), 0)
            .unwrap();
        class
            .join("Léa M", "h-lea2".into(), "CARDLEA2".into(), 0)
            .unwrap();
        ClassData {
            class,
            work: WorkBook::new(),
        }
    }

    #[test]
    fn the_better_work_is_kept_on_each_exercise() {
        use WorkStatus::*;
        assert_eq!(better(work(Wrong, 2), work(Right, 3)).status, Right);
        assert_eq!(better(work(Right, 3), work(Right, 1)).attempts, 1);
        assert_eq!(
            better(work(RightAfterSolution, 1), work(Wrong, 1)).status,
            RightAfterSolution
        );
        assert_eq!(better(work(Skipped, 0), work(Wrong, 1)).status, Wrong);
        assert_eq!(better(work(Right, 1), work(Right, 1)), work(Right, 1));
    }

    #[test]
    fn a_merged_pupils_work_games_groups_and_tokens_pass_to_the_kept_one() {
        let mut data = class_of_two();
        let (kept, merged) = (data.class.pupils[0].id, data.class.pupils[1].id);
        data.work.insert((1, kept, 0), work(WorkStatus::Wrong, 1));
        data.work.insert((1, merged, 0), work(WorkStatus::Right, 2));
        data.work
            .insert((1, merged, 1), work(WorkStatus::Skipped, 0));
        data.work.insert((1, kept, 2), work(WorkStatus::Right, 1));
        data.work.insert((1, merged, 2), work(WorkStatus::Wrong, 1));
        data.class.add_game(ClassGame {
            game: "g".into(),
            pupils: vec![Some(merged), None],
            created_ms: 0,
            result: None,
        });
        data.class.new_group("Les bleus", vec![merged]).unwrap();
        let gone = data.merge_pupils(merged, kept).unwrap();
        assert_eq!(gone.name, "Léa M");
        assert_eq!(data.class.pupils.len(), 1);
        let statuses: Vec<_> = data.work.iter().map(|(k, w)| (*k, w.status)).collect();
        assert_eq!(
            statuses,
            [
                ((1, kept, 0), WorkStatus::Right),
                ((1, kept, 1), WorkStatus::Skipped),
                ((1, kept, 2), WorkStatus::Right),
            ]
        );
        assert_eq!(data.class.games[0].pupils, [Some(kept), None]);
        assert_eq!(data.class.groups[0].pupils, [kept]);
        // The merged seat's tablet is told the pupil moved away.
        assert!(data.class.moved_away("h-lea2"));
        assert_eq!(data.class.pupil_of("h-lea").map(|p| p.id), Some(kept));
    }

    #[test]
    fn a_pupil_is_not_merged_into_themselves_nor_into_nobody() {
        let mut data = class_of_two();
        let id = data.class.pupils[0].id;
        let before = data.class.clone();
        assert!(data.merge_pupils(id, id).is_err());
        assert_eq!(data.merge_pupils(id, 99), Err(ClassError::NoSuchPupil));
        assert_eq!(data.merge_pupils(99, id), Err(ClassError::NoSuchPupil));
        assert_eq!(data.class, before);
    }
}
