//! Everything the server keeps: a SQLite file (the default) or a
//! PostgreSQL database.
//!
//! Layers, from the bottom:
//!
//! 1. [`sql`]: one way to speak SQL to either; [`schema`]: SQLite's steps;
//!    [`postgres`]: PostgreSQL's steps and connections.
//! 2. [`writer`]: the writer thread and the [`Change`] each feature gives it.
//! 3. [`store`]: [`Db`], the store a server opens.
//! 4. Each feature's tables, in its file: [`games`], [`exercises`],
//!    [`clubs`], [`analyses`], [`accounts`], [`challenges`]; [`cluster`]:
//!    the instances sharing a PostgreSQL database and the games each holds;
//!    [`notices`]: what they tell each other at once (LISTEN/NOTIFY).
//! 5. [`backup`] (SQLite's online copies), [`migrate`] (SQLite into
//!    PostgreSQL).

pub mod accounts;
pub mod analyses;
pub mod api_tokens;
pub mod backup;
pub mod challenges;
pub mod clubs;
pub mod cluster;
pub mod exercises;
pub mod game_chat;
pub mod games;
pub mod migrate;
pub mod notices;
pub mod postgres;
pub mod push;
pub mod schema;
pub mod sql;
pub mod store;
pub mod writer;

pub use self::accounts::AccountWrite;
pub use self::clubs::{ClubWrite, Forget, WorkRow};
pub use self::exercises::{SavedExercise, StoredExercise};
pub use self::games::Save;
pub use self::schema::{migrate, SCHEMA_VERSION};
pub use self::store::{lock_file, lock_path, Db, StoreError, Sync};
pub use self::writer::Change;
