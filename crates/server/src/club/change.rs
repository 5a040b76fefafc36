//! The one write path of a class and of a tournament, as the hub's
//! `change` is a game's: take the lock, change the class by applying one
//! [`ClassAction`] ([`Clubs::apply`], `action.rs`), or the tournament with
//! the functions of `tournament/`, store, then publish to the live pages. A
//! change that is refused, or that cannot be stored, leaves the class as
//! it was last stored.
//!
//! The two changes that must wait on the hub while they hold the class's
//! lock (making a class's games, opening its tournament) begin a
//! [`ClassChange`] and commit it; a tournament's changes take a function
//! ([`Clubs::change_tournament`]) or begin a [`TournamentChange`].

use std::ops::{Deref, DerefMut};

use tokio::sync::MutexGuard;

use super::action::{Applied, ClassAction};
use super::class::{Changed, ClassData};
use super::{
    class_json, tournament_json, ClassRoom, ClubError, Clubs, TournamentData, TournamentRoom,
};
use crate::db::{ClubWrite, Forget};
use crate::wall_ms;

impl Clubs {
    /// Applies `action` to a class ([`ClassData::apply`]) and stores what
    /// it changed: every change a person asks of a class.
    pub async fn apply(&self, room: &ClassRoom, action: ClassAction) -> Result<Applied, ClubError> {
        self.change_class(room, |data, now| Ok(data.apply(action, now)?))
            .await
    }

    /// Changes a class: `change` gets it and the time (ms since the
    /// epoch) and says what to store, or why not.
    async fn change_class<T>(
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
    pub async fn change_tournament<T>(
        &self,
        tournament: &TournamentRoom,
        change: impl FnOnce(&mut TournamentData) -> Result<T, ClubError>,
    ) -> Result<T, ClubError> {
        let mut open = self.begin_tournament(tournament).await;
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
            state: Commit::Open,
        }
    }

    /// Begins a change of `tournament`.
    pub async fn begin_tournament<'a>(
        &'a self,
        tournament: &'a TournamentRoom,
    ) -> TournamentChange<'a> {
        TournamentChange {
            clubs: self,
            tournament,
            data: tournament.data.lock().await,
            state: Commit::Open,
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
    state: Commit,
}

/// Where a change stands, for when its future is dropped (a client that
/// goes away drops its request's future at any `await`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Commit {
    /// Not sent to the store: dropped, the change is undone.
    Open,
    /// Sent to the store, whose writer thread commits it even if nobody
    /// waits for the answer: dropped, the change is kept and shown
    /// (`true`: more than the work changed).
    Sent(bool),
    /// Stored and shown, or undone.
    Done,
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
            Changed::ClassMerged { from, into } => Some(ClubWrite::MergePupils {
                id: class,
                body: class_json(&self.data.class),
                from,
                into,
                work: self
                    .data
                    .work
                    .iter()
                    .filter(|((_, p, _), _)| *p == into)
                    .map(|(&(a, p, i), work)| {
                        (
                            a,
                            p,
                            i,
                            serde_json::to_string(work).expect("work serializes"),
                        )
                    })
                    .collect(),
            }),
        };
        let class_changed = !matches!(changed, Changed::Work(_));
        if let Some(write) = write {
            // The write is sent at the first poll of `save_club`.
            self.state = Commit::Sent(class_changed);
            if let Err(err) = self.clubs.db().save_club(write).await {
                self.state = Commit::Open;
                return Err(err.into());
            }
            self.room.publish(&self.data, class_changed);
        }
        self.state = Commit::Done;
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
        match self.state {
            Commit::Open => {
                let last = self.room.shown();
                self.data.class = (*last.class).clone();
                self.data.work = (*last.work).clone();
            }
            Commit::Sent(class_changed) => self.room.publish(&self.data, class_changed),
            Commit::Done => {}
        }
    }
}

/// A change of a tournament under way, as [`ClassChange`].
pub struct TournamentChange<'a> {
    clubs: &'a Clubs,
    tournament: &'a TournamentRoom,
    data: MutexGuard<'a, TournamentData>,
    state: Commit,
}

impl Deref for TournamentChange<'_> {
    type Target = TournamentData;

    fn deref(&self) -> &TournamentData {
        &self.data
    }
}

impl DerefMut for TournamentChange<'_> {
    fn deref_mut(&mut self) -> &mut TournamentData {
        &mut self.data
    }
}

impl TournamentChange<'_> {
    /// Makes the games of a running round that have none yet, stores the
    /// tournament and shows it. If it cannot be stored, or no game could
    /// be made, nothing changed; the games that were made are kept (and
    /// the others are made at the next change, or at the next start).
    pub async fn commit(mut self) -> Result<(), ClubError> {
        let waiting = self.data.tournament.unstarted().len();
        let games = self
            .clubs
            .start_games(self.tournament, &mut self.data)
            .await;
        if games.is_err() && self.data.tournament.unstarted().len() == waiting {
            return games;
        }
        let write = ClubWrite::Tournament {
            id: self.data.tournament.id.clone(),
            class: self.data.tournament.class.clone(),
            body: tournament_json(&self.data.tournament),
        };
        self.state = Commit::Sent(true);
        if let Err(err) = self.clubs.db().save_club(write).await {
            self.state = Commit::Open;
            return Err(err.into());
        }
        self.state = Commit::Done;
        self.tournament.publish(&self.data);
        // A class's pupils follow their tournament on their own page.
        if let Some(room) = self
            .data
            .tournament
            .class
            .as_ref()
            .and_then(|c| self.clubs.class(c).ok())
        {
            room.bump();
        }
        games
    }

    /// Ends a change that changed nothing.
    pub fn unchanged(mut self) {
        self.state = Commit::Done;
    }
}

impl Drop for TournamentChange<'_> {
    fn drop(&mut self) {
        match self.state {
            Commit::Open => self.data.tournament = (*self.tournament.shown()).clone(),
            Commit::Sent(_) => self.tournament.publish(&self.data),
            Commit::Done => {}
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use std::time::Duration;

    use futures_util::FutureExt;
    use quoridor_exercises::Lang;

    use super::*;
    use crate::club::class::Class;
    use crate::db::Db;
    use crate::hub::{Hub, HubConfig};
    use crate::limits::workers::Workers;

    /// The classes and tournaments of a new store in `dir`.
    pub(in crate::club) async fn clubs(dir: &std::path::Path) -> (Clubs, Db) {
        let metrics = std::sync::Arc::new(crate::metrics::Metrics::default());
        let db = Db::open_for_tests(dir, metrics.clone());
        let hub = Hub::new(
            db.clone(),
            HubConfig {
                max_rooms_per_client: 20,
                max_club_games_per_client: 128,
                max_turn_based_per_client: 200,
                ai_threads: 1,
                ai_max_think: Duration::from_millis(100),
                max_active_games: 100,
                max_waiting_games: 100,
                waiting_expiry: Duration::from_secs(3600),
                finished_in_memory: 100,
            },
            metrics,
        );
        let clubs = Clubs::start(db.clone(), hub, Workers::new(1))
            .await
            .unwrap();
        (clubs, db)
    }

    fn stored_pupils(db: &Db, id: &str) -> usize {
        let body = db
            .classes()
            .unwrap()
            .into_iter()
            .find(|b| b.contains(id))
            .unwrap();
        serde_json::from_str::<Class>(&body).unwrap().pupils.len()
    }

    fn join(
        name: &'static str,
    ) -> impl FnOnce(&mut ClassData, u64) -> Result<((), Changed), ClubError> {
        move |data, now| {
            data.class
                .join(name, format!("h-{name}"), format!("c-{name}"), now)?;
            Ok(((), Changed::Class))
        }
    }

    /// A request's future may be dropped at any `await` (its client went
    /// away): before the write is sent, the change is undone; after, it is
    /// kept and shown, as the store has it.
    #[tokio::test]
    async fn a_change_dropped_midway_leaves_memory_as_the_store_has_it() {
        let dir = tempfile::tempdir().unwrap();
        let (clubs, db) = clubs(dir.path()).await;
        let class =
            Class::new("c1".into(), "ABC234".into(), "CM1", Lang::Fr, "t".into(), 0).unwrap();
        let room = clubs.open_class(class, None).await.unwrap();
        clubs.change_class(&room, join("Ana")).await.unwrap();
        // Dropped before its first poll: nothing sent, nothing changed.
        drop(clubs.change_class(&room, join("Bob")));
        // Polled once (the write is sent), then dropped. The store's thread
        // may answer before that first poll ends (then the change simply
        // completes); whichever way, the change is kept and shown.
        for name in ["Léa", "Max", "Noé"] {
            let _ = clubs.change_class(&room, join(name)).now_or_never();
        }
        // Refused: undone.
        let twice = clubs.change_class(&room, join("Ana")).await;
        assert!(matches!(twice, Err(ClubError::Class(_))));
        let names: Vec<String> = room
            .shown()
            .class
            .pupils
            .iter()
            .map(|p| p.name.clone())
            .collect();
        assert_eq!(names, ["Ana", "Léa", "Max", "Noé"]);
        // The next change waits for the lock, so the dropped write is in.
        clubs.change_class(&room, join("Tom")).await.unwrap();
        assert_eq!(stored_pupils(&db, "c1"), 5);
        assert_eq!(room.shown().class.pupils.len(), 5);
    }
}
