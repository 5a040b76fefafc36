//! The classroom in the web app: exercises to solve on a tablet, checked
//! with friendly words; the teacher's editor and shared links; printable
//! worksheets and the pupil's rule sheet. The exercises themselves are the
//! `quoridor-exercises` crate's; this is their HTTP side.

mod api;
/// The views are the exercises crate's (the page's WebAssembly answers with
/// them too, offline).
pub use quoridor_exercises::page as view;

use std::sync::Arc;

pub use quoridor_exercises::page::{board_svg, exercise_view, solution_view};

pub use api::{api_routes, page_routes};

use crate::db::Db;
use crate::limits::tally::Tally;
use crate::limits::workers::Workers;

/// Why the classroom refuses (the boundary says what each means over
/// HTTP, in `crate::refusals`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassroomError {
    /// An exercise that cannot be used (the words say why, in the asker's
    /// language).
    BadExercise(String),
    NoSuchExercise,
    TooManyExercises(usize),
    /// No token, or not the one given when the exercise was shared.
    NotYourExercise,
    Store(crate::db::StoreError),
    /// The server is stopping, or the work failed inside.
    Unavailable(&'static str),
    /// Heavy work refused or failed (a share per address, a busy lane).
    Work(crate::limits::workers::WorkFailed),
}

impl std::fmt::Display for ClassroomError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClassroomError::BadExercise(message) => f.write_str(message),
            ClassroomError::NoSuchExercise => f.write_str("no such exercise"),
            ClassroomError::TooManyExercises(limit) => {
                write!(f, "at most {limit} shared exercises per client")
            }
            ClassroomError::NotYourExercise => {
                f.write_str("this needs the token given when the exercise was shared")
            }
            ClassroomError::Store(err) => {
                write!(f, "the database failed, nothing was changed: {err}")
            }
            ClassroomError::Unavailable(why) => f.write_str(why),
            ClassroomError::Work(failed) => f.write_str(failed.words()),
        }
    }
}

impl From<crate::db::StoreError> for ClassroomError {
    fn from(err: crate::db::StoreError) -> ClassroomError {
        ClassroomError::Store(err)
    }
}

/// Printable sheets (HTML or PDF) one address may ask for a second, and
/// at once.
pub const PRINTS_PER_SECOND: u32 = 2;
pub const PRINTS_AT_ONCE: u32 = 10;

/// The most exercises one client may share.
pub const MAX_SHARED: usize = 500;

/// What the classroom's handlers need: the database for shared exercises,
/// and permits for the CPU work (generating sheets, making PDFs).
#[derive(Clone)]
pub struct Classroom {
    db: Db,
    workers: Workers,
    /// Shared exercises per address, reserved before one is saved.
    shared: Arc<Tally>,
    /// Held while a shared exercise is deleted.
    deleting: Arc<tokio::sync::Mutex<()>>,
    /// Printable sheets asked for, per address.
    prints: Arc<crate::limits::PerClient>,
}

impl Classroom {
    /// The classroom, with the shared exercises counted from the store.
    pub fn new(db: Db, workers: Workers) -> Result<Classroom, String> {
        let shared = Tally::new();
        let counts = db
            .exercises_per_creator()
            .map_err(|err| format!("cannot count the shared exercises: {err}"))?;
        for (creator, n) in counts {
            for _ in 0..n {
                shared.add(&creator);
            }
        }
        Ok(Classroom {
            db,
            workers,
            shared: Arc::new(shared),
            deleting: Arc::default(),
            prints: Arc::new(crate::limits::PerClient::with_burst(
                PRINTS_PER_SECOND,
                PRINTS_AT_ONCE,
            )),
        })
    }

    /// Runs `work` on a blocking thread, a few at once.
    async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ClassroomError> {
        self.workers
            .run(work)
            .await
            .map_err(|failed| ClassroomError::Unavailable(failed.words()))
    }

    /// Runs heavy `work` (a printable sheet, a PDF) asked from `ip` on the
    /// heavy lane: [`PRINTS_PER_SECOND`] a second per address
    /// ([`PRINTS_AT_ONCE`] at once), one at a time.
    async fn heavy<T: Send + 'static>(
        &self,
        ip: std::net::IpAddr,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ClassroomError> {
        if !self.prints.allow(ip) {
            return Err(ClassroomError::Work(
                crate::limits::workers::WorkFailed::PerClient,
            ));
        }
        self.workers
            .run_heavy(&crate::limits::client_key(ip), work)
            .await
            .map_err(ClassroomError::Work)
    }
}
