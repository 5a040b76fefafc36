//! The one write path of a class and of a tournament, as the hub's
//! `change` is a game's: take the lock, change the class with the pure
//! functions of `class.rs` (or the tournament with `event.rs`'s), store,
//! then publish to the live pages. A change that is refused, or that
//! cannot be stored, leaves the class as it was last stored.
//!
//! [`Clubs::change_class`] and [`Clubs::change_cup`] take a function of
//! the state and the time; the few changes that must wait on the hub while
//! they hold the lock (making games) begin a [`ClassChange`] or a
//! [`CupChange`] and commit it.

use std::ops::{Deref, DerefMut};

use tokio::sync::MutexGuard;

use super::class::{Changed, ClassData};
use super::{class_json, tournament_json, ClassRoom, ClubError, Clubs, Cup, CupData};
use crate::db::{ClubWrite, Forget};
use crate::wall_ms;

impl Clubs {
    /// Changes a class: `change` gets it and the time (ms since the
    /// epoch) and says what to store, or why not.
    pub async fn change_class<T>(
        &self,
        room: &ClassRoom,
        change: impl FnOnce(&mut ClassData, u64) -> Result<(T, Changed), ClubError>,
    ) -> Result<T, ClubError> {
        let mut open = self.begin_class(room).await;
        let (out, stored) = change(&mut open, wall_ms())?;
        open.commit(stored).await?;
        Ok(out)
    }

    /// Changes a tournament, as [`Clubs::change_class`] (the games of a
    /// round that has none yet are made before it is stored).
    pub async fn change_cup<T>(
        &self,
        cup: &Cup,
        change: impl FnOnce(&mut CupData) -> Result<T, ClubError>,
    ) -> Result<T, ClubError> {
        let mut open = self.begin_cup(cup).await;
        let out = change(&mut open)?;
        open.commit().await?;
        Ok(out)
    }

    /// Begins a change of `room` (waiting for the one under way, if any).
    pub async fn begin_class<'a>(&'a self, room: &'a ClassRoom) -> ClassChange<'a> {
        ClassChange {
            clubs: self,
            room,
            data: room.data.lock().await,
            open: true,
        }
    }

    /// Begins a change of `cup`.
    pub async fn begin_cup<'a>(&'a self, cup: &'a Cup) -> CupChange<'a> {
        CupChange {
            clubs: self,
            cup,
            data: cup.data.lock().await,
            open: true,
        }
    }
}

/// A change of a class under way: its lock is held until
/// [`ClassChange::commit`]; dropped without it, the class is put back as
/// it was last stored.
pub struct ClassChange<'a> {
    clubs: &'a Clubs,
    room: &'a ClassRoom,
    data: MutexGuard<'a, ClassData>,
    open: bool,
}

impl Deref for ClassChange<'_> {
    type Target = ClassData;

    fn deref(&self) -> &ClassData {
        &self.data
    }
}

impl DerefMut for ClassChange<'_> {
    fn deref_mut(&mut self) -> &mut ClassData {
        &mut self.data
    }
}

impl ClassChange<'_> {
    /// Stores what changed and shows it on the live pages; if it cannot be
    /// stored, nothing changed.
    pub async fn commit(mut self, changed: Changed) -> Result<(), ClubError> {
        let class = self.data.class.id.clone();
        let write = match changed {
            Changed::Nothing => None,
            Changed::Work(key) => self.data.work.get(&key).map(|work| ClubWrite::Work {
                class,
                assignment: key.0,
                pupil: key.1,
                index: key.2,
                body: serde_json::to_string(work).expect("work serializes"),
            }),
            Changed::Class => Some(self.class_write(None)),
            Changed::ClassLessPupil(p) => Some(self.class_write(Some(Forget::Pupil(p)))),
            Changed::ClassLessAssignment(n) => Some(self.class_write(Some(Forget::Assignment(n)))),
        };
        if let Some(write) = write {
            // On failure `self` drops open: the class is put back.
            self.clubs.db().save_club(write).await?;
            self.room
                .publish(&self.data, !matches!(changed, Changed::Work(_)));
        }
        self.open = false;
        Ok(())
    }

    fn class_write(&self, forget: Option<Forget>) -> ClubWrite {
        ClubWrite::Class {
            id: self.data.class.id.clone(),
            body: class_json(&self.data.class),
            forget,
        }
    }
}

impl Drop for ClassChange<'_> {
    fn drop(&mut self) {
        if self.open {
            let last = self.room.shown();
            self.data.class = (*last.class).clone();
            self.data.work = (*last.work).clone();
        }
    }
}

/// A change of a tournament under way, as [`ClassChange`].
pub struct CupChange<'a> {
    clubs: &'a Clubs,
    cup: &'a Cup,
    data: MutexGuard<'a, CupData>,
    open: bool,
}

impl Deref for CupChange<'_> {
    type Target = CupData;

    fn deref(&self) -> &CupData {
        &self.data
    }
}

impl DerefMut for CupChange<'_> {
    fn deref_mut(&mut self) -> &mut CupData {
        &mut self.data
    }
}

impl CupChange<'_> {
    /// Makes the games of a running round that have none yet, stores the
    /// tournament and shows it. If it cannot be stored, or no game could
    /// be made, nothing changed; the games that were made are kept (and
    /// the others are made at the next change, or at the next start).
    pub async fn commit(mut self) -> Result<(), ClubError> {
        let waiting = self.data.event.unstarted().len();
        let games = self.clubs.start_games(self.cup, &mut self.data).await;
        if games.is_err() && self.data.event.unstarted().len() == waiting {
            return games;
        }
        let write = ClubWrite::Tournament {
            id: self.data.event.id.clone(),
            class: self.data.event.class.clone(),
            body: tournament_json(&self.data.event),
        };
        self.clubs.db().save_club(write).await?;
        self.open = false;
        self.cup.publish(&self.data);
        games
    }

    /// Ends a change that changed nothing.
    pub fn unchanged(mut self) {
        self.open = false;
    }
}

impl Drop for CupChange<'_> {
    fn drop(&mut self) {
        if self.open {
            self.data.event = (*self.cup.shown()).clone();
        }
    }
}
