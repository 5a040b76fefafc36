//! A class's changes, each one action applied by one function, as a game's
//! `RoomState::apply`: a handler says what is asked ([`ClassAction`]),
//! [`ClassData::apply`] decides and changes the class and its pupils'
//! work, and `Clubs::apply` stores what it says changed. Nothing here
//! knows about requests, tokens or the store; the time is given.

use crate::club::assignment::NewAssignment;
use crate::club::class::{Changed, Class, ClassData, GameEnd};
use crate::club::class_error::ClassError;
use crate::club::pictures::PictureTry;
use crate::club::work::{see_solution, Judged, Work, WorkStatus};
use crate::token::random_u64;

/// A pupil the teacher adds before the lesson: their name, the hash of a
/// token nobody is given (the card is the way in) and their card.
#[derive(Clone, Debug)]
pub struct NewPupil {
    pub name: String,
    pub holder: String,
    pub card: String,
}

/// One change of a class, as asked.
#[derive(Clone, Debug)]
pub enum ClassAction {
    /// Another teacher's device opens the class with its PIN.
    AddTeacher {
        pin: String,
        holder: String,
    },
    /// A pupil joins with a first name; a tablet that already holds a
    /// seat (`again`, its token's hash) keeps it.
    Join {
        name: String,
        again: Option<String>,
        holder: String,
        card: String,
    },
    /// The teacher adds pupils before the lesson.
    AddPupils(Vec<NewPupil>),
    RenamePupil {
        pupil: u32,
        name: String,
    },
    /// A pupil removed, with their work.
    RemovePupil(u32),
    NewGroup {
        name: String,
        pupils: Vec<u32>,
    },
    ChangeGroup {
        group: u32,
        name: Option<String>,
        pupils: Option<Vec<u32>>,
    },
    DeleteGroup(u32),
    /// The way in by pictures opened for a lesson (every try given back),
    /// or shut.
    Pictures {
        open: bool,
    },
    Give(NewAssignment),
    /// An assignment taken back, with the work done on it.
    Unassign(u32),
    /// A pupil's answer to an exercise, judged, recorded by the
    /// assignment's rules.
    Answer {
        assignment: u32,
        pupil: u32,
        index: u32,
        judged: Judged,
    },
    /// A pupil's move on a puzzle or a lesson, judged.
    Move {
        assignment: u32,
        pupil: u32,
        index: u32,
        status: WorkStatus,
        played: String,
    },
    /// A pupil is shown an item's solution (after a real try, if the
    /// assignment says so).
    SeeSolution {
        assignment: u32,
        pupil: u32,
        index: u32,
    },
    /// One of the class's tournaments was deleted.
    ForgetTournament(String),
    /// A pupil comes back with their login card on a tablet (`holder`).
    ComeBack {
        card: String,
        holder: String,
    },
    /// A pupil taps their row of pictures (already read), on a tablet.
    TryPictures {
        row: String,
        holder: String,
    },
    /// The teacher gives a pupil a new card (and a new row of pictures).
    ReplaceCard {
        pupil: u32,
        card: String,
    },
    /// The chat of the class's games on or off.
    Chat(bool),
    /// One of the class's games ended.
    GameEnded {
        game: String,
        end: GameEnd,
    },
    /// A pupil merged into another (a child who joined twice).
    Merge {
        from: u32,
        into: u32,
    },
    /// A device of the account that keeps the class opens it.
    OpenOwned {
        account: u64,
        holder: String,
    },
    /// The class is kept in an account from now on.
    KeepIn(u64),
    /// The account lets the class go (deleted): kept in none, if it was
    /// kept there.
    LetGo(u64),
}

/// What an action did, for the handler's answer.
#[derive(Clone, Debug)]
pub enum Applied {
    Done,
    /// The PIN does not open the class: nothing changed.
    WrongPin,
    /// The pupil who joined (`new`: a seat of their own, else the one
    /// the tablet held).
    Joined {
        pupil: u32,
        name: String,
        new: bool,
    },
    /// The pupil kept by a merge: the tablet that holds them, their name.
    Merged {
        holder: String,
        name: String,
    },
    /// A pupil's work as recorded.
    Work(Work),
    /// The class as it was before a pupil was removed.
    Removed(Box<Class>),
    /// A card that opens no seat of the class (never given, or replaced).
    WrongCard,
    /// A row of pictures that opens no seat, or the way in shut.
    NoPictureSeat(PictureTry),
    /// The class is not kept in that account.
    NotOwner,
}

/// Pupil `pupil` on their seat (`new`: one of their own, just made).
fn joined(class: &Class, pupil: u32, new: bool) -> Result<Applied, ClassError> {
    let name = class.pupil(pupil)?.name.clone();
    Ok(Applied::Joined { pupil, name, new })
}

/// A pupil's work on item `key` (assignment, pupil, index), to store.
fn worked(key: (u32, u32, u32), work: Work) -> Result<(Applied, Changed), ClassError> {
    Ok((Applied::Work(work), Changed::Work(key)))
}

/// The class to store if it changed.
fn stored_if(changed: bool) -> Changed {
    if changed {
        Changed::Class
    } else {
        Changed::Nothing
    }
}

impl ClassData {
    /// Applies `action` at `now_ms`: the class changed and what to store,
    /// or why not (and nothing changed).
    pub fn apply(
        &mut self,
        action: ClassAction,
        now_ms: u64,
    ) -> Result<(Applied, Changed), ClassError> {
        let class = &mut self.class;
        let done = Ok((Applied::Done, Changed::Class));
        match action {
            ClassAction::AddTeacher { pin, holder } => {
                if !class.opens_with(pin.trim()) {
                    return Ok((Applied::WrongPin, Changed::Nothing));
                }
                class.add_teacher(holder);
                done
            }
            ClassAction::Join {
                name,
                again,
                holder,
                card,
            } => {
                if let Some(p) = again.and_then(|held| class.pupil_of(&held)) {
                    return Ok((joined(class, p.id, false)?, Changed::Nothing));
                }
                let pupil = class.join(&name, holder, card, now_ms)?;
                Ok((joined(class, pupil, true)?, Changed::Class))
            }
            ClassAction::AddPupils(pupils) => {
                // All or none: a name refused halfway leaves the class as
                // it was.
                let mut next = class.clone();
                for p in pupils {
                    next.join(&p.name, p.holder, p.card, now_ms)?;
                }
                *class = next;
                done
            }
            ClassAction::RenamePupil { pupil, name } => {
                class.rename_pupil(pupil, &name)?;
                done
            }
            ClassAction::RemovePupil(pupil) => {
                let before = class.clone();
                self.remove_pupil(pupil)?;
                let removed = Applied::Removed(Box::new(before));
                Ok((removed, Changed::ClassLessPupil(pupil)))
            }
            ClassAction::NewGroup { name, pupils } => {
                class.new_group(&name, pupils)?;
                done
            }
            ClassAction::ChangeGroup {
                group,
                name,
                pupils,
            } => {
                class.change_group(group, name.as_deref(), pupils)?;
                done
            }
            ClassAction::DeleteGroup(group) => {
                class.delete_group(group)?;
                done
            }
            ClassAction::Pictures { open: true } => {
                class.open_pictures(now_ms);
                done
            }
            ClassAction::Pictures { open: false } => {
                class.shut_pictures();
                done
            }
            ClassAction::Give(new) => {
                class.give(new, now_ms)?;
                done
            }
            ClassAction::Unassign(assignment) => {
                self.unassign(assignment)?;
                Ok((Applied::Done, Changed::ClassLessAssignment(assignment)))
            }
            ClassAction::Answer {
                assignment,
                pupil,
                index,
                judged,
            } => {
                let given = self.class.assignment(assignment)?;
                let work = given.take_answer(&mut self.work, pupil, index, &judged, now_ms)?;
                worked((assignment, pupil, index), work)
            }
            ClassAction::Move {
                assignment,
                pupil,
                index,
                status,
                played,
            } => {
                let given = self.class.assignment(assignment)?;
                let work = given.take_move(&mut self.work, pupil, index, status, played, now_ms)?;
                worked((assignment, pupil, index), work)
            }
            ClassAction::SeeSolution {
                assignment,
                pupil,
                index,
            } => self.see_solution((assignment, pupil, index), now_ms),
            ClassAction::ForgetTournament(id) => {
                class.forget_tournament(&id);
                done
            }
            ClassAction::ComeBack { card, holder } => {
                let Some(pupil) = class.come_back(&card, holder) else {
                    return Ok((Applied::WrongCard, Changed::Nothing));
                };
                Ok((joined(class, pupil, false)?, Changed::Class))
            }
            ClassAction::TryPictures { row, holder } => self.try_pictures(&row, holder, now_ms),
            ClassAction::ReplaceCard { pupil, card } => {
                class.new_card(pupil, card)?;
                // A lost card shows its pictures too.
                class.new_pictures(pupil, random_u64)?;
                done
            }
            ClassAction::Chat(on) => {
                if class.chat == on {
                    return Ok((Applied::Done, Changed::Nothing));
                }
                class.chat = on;
                done
            }
            ClassAction::GameEnded { game, end } => {
                let news = class.game_ended(&game, end);
                Ok((Applied::Done, stored_if(news)))
            }
            ClassAction::Merge { from, into } => self.merge(from, into),
            ClassAction::OpenOwned { account, holder } => {
                if class.owner != Some(account) {
                    return Ok((Applied::NotOwner, Changed::Nothing));
                }
                class.add_teacher(holder);
                done
            }
            ClassAction::KeepIn(account) => self.set_owner(Some(account)),
            ClassAction::LetGo(account) if class.owner == Some(account) => self.set_owner(None),
            ClassAction::LetGo(_) => Ok((Applied::Done, Changed::Nothing)),
        }
    }

    /// The account that keeps the class, or none: stored only if it changed.
    fn set_owner(&mut self, owner: Option<u64>) -> Result<(Applied, Changed), ClassError> {
        if self.class.owner == owner {
            return Ok((Applied::Done, Changed::Nothing));
        }
        self.class.owner = owner;
        Ok((Applied::Done, Changed::Class))
    }

    /// A pupil asks for an exercise's solution: given once they tried, if
    /// the assignment says so.
    fn see_solution(
        &mut self,
        key: (u32, u32, u32),
        now_ms: u64,
    ) -> Result<(Applied, Changed), ClassError> {
        let (assignment, pupil, _) = key;
        let given = self.class.assignment(assignment)?;
        if !given.is_for(pupil) {
            return Err(ClassError::NoSuchAssignment);
        }
        let after_try = given.rules.solution_after_try;
        let work = see_solution(&mut self.work, key, after_try, now_ms)
            .map_err(|_| ClassError::TryFirst)?;
        worked(key, work)
    }

    /// A pupil taps their row of pictures: their seat, or why not.
    fn try_pictures(
        &mut self,
        row: &str,
        holder: String,
        now_ms: u64,
    ) -> Result<(Applied, Changed), ClassError> {
        let class = &mut self.class;
        let tried = class.try_pictures(row, now_ms);
        let PictureTry::Pupil(pupil) = tried else {
            // A wrong row counts against the door; a shut door changed
            // nothing.
            let stored = stored_if(tried != PictureTry::Shut);
            return Ok((Applied::NoPictureSeat(tried), stored));
        };
        class.seat_to(pupil, holder)?;
        Ok((joined(class, pupil, false)?, Changed::Class))
    }

    /// Two seats of one pupil become one (`into`), with both seats' work.
    fn merge(&mut self, from: u32, into: u32) -> Result<(Applied, Changed), ClassError> {
        self.merge_pupils(from, into)?;
        let kept = self.class.pupil(into)?;
        let merged = Applied::Merged {
            holder: kept.holder.clone(),
            name: kept.name.clone(),
        };
        Ok((merged, Changed::ClassMerged { from, into }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::club::class::{lock_pin, tests::class};

    fn data() -> ClassData {
        ClassData {
            class: class(),
            work: Default::default(),
        }
    }

    fn pupil(name: &str, n: u32) -> NewPupil {
        NewPupil {
            name: name.into(),
            holder: format!("h{n}"),
            card: format!("CARD{n:04}"),
        }
    }

    #[test]
    fn pupils_added_before_the_lesson_come_all_or_none() {
        let mut d = data();
        let refused = d.apply(
            ClassAction::AddPupils(vec![pupil("Léa", 1), pupil("léa", 2)]),
            5,
        );
        assert!(matches!(refused, Err(ClassError::BadName(_))));
        assert!(
            d.class.pupils.is_empty(),
            "nothing of a refused list is kept"
        );
        let added = d.apply(
            ClassAction::AddPupils(vec![pupil("Léa", 1), pupil("Hugo", 2)]),
            5,
        );
        assert!(matches!(added, Ok((Applied::Done, Changed::Class))));
        assert_eq!(d.class.pupils.len(), 2);
    }

    #[test]
    fn a_tablet_that_holds_a_seat_keeps_it_when_it_joins_again() {
        let mut d = data();
        let join = |again: Option<&str>, holder: &str| ClassAction::Join {
            name: "Léa".into(),
            again: again.map(str::to_string),
            holder: holder.into(),
            card: "CARD0001".into(),
        };
        let (first, changed) = d.apply(join(None, "h1"), 1).unwrap();
        assert!(matches!(
            first,
            Applied::Joined {
                pupil: 1,
                new: true,
                ..
            }
        ));
        assert_eq!(changed, Changed::Class);
        let (again, changed) = d.apply(join(Some("h1"), "h2"), 2).unwrap();
        assert!(matches!(
            again,
            Applied::Joined {
                pupil: 1,
                new: false,
                ..
            }
        ));
        assert_eq!(changed, Changed::Nothing);
        assert_eq!(d.class.pupils.len(), 1);
    }

    #[test]
    fn a_wrong_pin_or_another_account_changes_nothing() {
        let mut d = data();
        d.class.pin = Some(lock_pin("1234", 7).unwrap());
        let teachers = d.class.clone();
        let wrong = ClassAction::AddTeacher {
            pin: "4321".into(),
            holder: "t2".into(),
        };
        assert!(matches!(
            d.apply(wrong, 1),
            Ok((Applied::WrongPin, Changed::Nothing))
        ));
        let right = ClassAction::AddTeacher {
            pin: " 1234 ".into(),
            holder: "t2".into(),
        };
        assert!(matches!(
            d.apply(right, 1),
            Ok((Applied::Done, Changed::Class))
        ));
        assert!(d.class.is_teacher("t2") && !teachers.is_teacher("t2"));
        d.apply(ClassAction::KeepIn(9), 1).unwrap();
        let (_, changed) = d.apply(ClassAction::LetGo(8), 1).unwrap();
        assert_eq!((changed, d.class.owner), (Changed::Nothing, Some(9)));
        let (_, changed) = d.apply(ClassAction::LetGo(9), 1).unwrap();
        assert_eq!((changed, d.class.owner), (Changed::Class, None));
        let owned = ClassAction::OpenOwned {
            account: 9,
            holder: "t3".into(),
        };
        assert!(matches!(d.apply(owned, 1), Ok((Applied::NotOwner, _))));
        assert!(!d.class.is_teacher("t3"));
    }
}
