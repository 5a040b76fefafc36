//! The store: a writer thread that commits every waiting change in one
//! transaction (group commit) and only then answers, so a move is stored
//! before anyone hears of it, and a connection for reads; on a SQLite file
//! or a PostgreSQL database. One server per store (a lock file, an
//! advisory lock).

use std::fmt;
use std::path::Path;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use rusqlite::Connection;
use tokio::sync::oneshot;

use super::postgres::Holding;
use super::schema::{migrate, SCHEMA_VERSION};
use super::sql::{self, args, Sql, SqlError, SqlResult};
use super::writer::{self, writer_loop, Change, Reply, Write};
use crate::metrics::Metrics;

/// A failure of the store (the message says what failed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

/// How hard a commit waits for the disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Sync {
    /// Survives a power cut (an fsync per commit).
    Full,
    /// Survives a crash of the server, not of the machine.
    Normal,
}

/// The database: a writer thread and a reading connection.
#[derive(Clone)]
pub struct Db {
    writes: mpsc::Sender<(Write, Reply)>,
    reader: Reader,
    metrics: Arc<Metrics>,
}

/// The connection reads go through.
#[derive(Clone)]
enum Reader {
    Sqlite(Arc<Mutex<Connection>>),
    Postgres(Arc<super::postgres::Reading>),
}

/// Refuses a database written by a newer release before anything (the
/// journal mode included) is written to it.
fn refuse_newer(path: &Path) -> Result<(), String> {
    if !path.exists() {
        return Ok(());
    }
    let flags =
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let version = Connection::open_with_flags(path, flags)
        .and_then(|conn| conn.pragma_query_value(None, "user_version", |row| row.get::<_, i64>(0)))
        .map_err(|err| format!("database {}: {err}", path.display()))?;
    if version as usize > SCHEMA_VERSION {
        return Err(format!(
            "database {}: schema version {version} is newer than this release's ({SCHEMA_VERSION}): use a newer quoridor",
            path.display()
        ));
    }
    Ok(())
}

fn open(path: &Path, sync: Sync) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(
        None,
        "synchronous",
        match sync {
            Sync::Full => "FULL",
            Sync::Normal => "NORMAL",
        },
    )?;
    // What is deleted (a teacher's shared exercise) is overwritten, not
    // left readable in free pages of the file.
    conn.pragma_update(None, "secure_delete", "ON")?;
    Ok(conn)
}

impl Db {
    /// Opens (or creates) the database at `path` and starts the writer;
    /// its figures go to `metrics`.
    pub fn open(path: &Path, sync: Sync, metrics: Arc<Metrics>) -> Result<Db, String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|err| format!("cannot create {}: {err}", dir.display()))?;
        }
        let fail = |err: rusqlite::Error| format!("database {}: {err}", path.display());
        refuse_newer(path)?;
        let mut writer = open(path, sync).map_err(fail)?;
        migrate(&mut writer).map_err(|err| format!("database {}: {err}", path.display()))?;
        let reader = open(path, sync).map_err(fail)?;
        let (tx, rx) = mpsc::channel::<(Write, Reply)>();
        let figures = metrics.clone();
        std::thread::Builder::new()
            .name("quoridor-db".into())
            .spawn(move || writer_loop(writer, rx, &figures))
            .map_err(|err| format!("cannot start the database thread: {err}"))?;
        Ok(Db {
            writes: tx,
            reader: Reader::Sqlite(Arc::new(Mutex::new(reader))),
            metrics,
        })
    }

    /// Opens the PostgreSQL database at `url` (`postgres://…`), brings its
    /// schema to this release's (a newer one is refused untouched) and
    /// starts the writer; its figures go to `metrics`.
    /// One server per database: it holds an advisory lock for as long as
    /// its writing connection lives (a second one is refused).
    pub fn open_postgres(url: &str, metrics: Arc<Metrics>) -> Result<Db, String> {
        Db::open_postgres_with(url, metrics, Holding::Alone)
    }

    /// As [`Db::open_postgres`], as the instance `id`, one of several on
    /// the database: the one-server lock shared, and every transaction
    /// checked against the instance's lease ([`super::cluster`]).
    pub fn open_postgres_instance(
        url: &str,
        metrics: Arc<Metrics>,
        id: &str,
    ) -> Result<Db, String> {
        Db::open_postgres_with(url, metrics, Holding::Instance(id.to_string()))
    }

    fn open_postgres_with(
        url: &str,
        metrics: Arc<Metrics>,
        holding: Holding,
    ) -> Result<Db, String> {
        let writer = super::postgres::off_runtime(|| {
            let mut writer = super::postgres::connect(url)?;
            super::postgres::lock(&mut writer, url, &holding)?;
            super::postgres::migrate(&mut writer)
                .map_err(|err| format!("database {}: {err}", super::postgres::shown(url)))?;
            Ok::<_, String>(writer)
        })?;
        let (tx, rx) = mpsc::channel::<(Write, Reply)>();
        let figures = metrics.clone();
        let writer = writer::PostgresWriter {
            url: url.to_string(),
            client: Some(writer),
            statements: sql::Statements::new(),
            holding,
        };
        std::thread::Builder::new()
            .name("quoridor-db".into())
            .spawn(move || writer_loop(writer, rx, &figures))
            .map_err(|err| format!("cannot start the database thread: {err}"))?;
        let reading = super::postgres::Reading {
            url: url.to_string(),
            client: Mutex::new(None),
        };
        Ok(Db {
            writes: tx,
            reader: Reader::Postgres(Arc::new(reading)),
            metrics,
        })
    }

    /// For the tests: a new store in `dir`, or, with
    /// `QUORIDOR_TEST_STORE=postgres`, in the tests' PostgreSQL cluster
    /// ([`sql::test_database`]).
    #[cfg(test)]
    pub(crate) fn open_for_tests(dir: &Path, metrics: Arc<Metrics>) -> Db {
        match std::env::var("QUORIDOR_TEST_STORE").as_deref() {
            Ok("postgres") => {
                // The same database each time the test opens `dir`.
                let kept = dir.join("postgres-url");
                let url = std::fs::read_to_string(&kept).unwrap_or_else(|_| {
                    let url = sql::test_database();
                    std::fs::write(&kept, &url).expect("the test's folder");
                    url
                });
                Db::open_postgres_with(&url, metrics, Holding::Unlocked)
            }
            _ => Db::open(&dir.join("t.db"), Sync::Normal, metrics),
        }
        .expect("a store for the tests")
    }

    /// Gives a feature's change to the writer and waits until it is
    /// committed.
    pub(super) async fn commit(&self, change: impl Change) -> Result<(), StoreError> {
        self.send(Write::Change(Box::new(change))).await
    }

    async fn send(&self, write: Write) -> Result<(), StoreError> {
        let stopped = || StoreError("the database thread has stopped".into());
        let (tx, rx) = oneshot::channel();
        self.metrics.store_queue.inc();
        if self.writes.send((write, tx)).is_err() {
            self.metrics.store_queue.dec();
            return Err(stopped());
        }
        match rx.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(err)) => Err(StoreError(err)),
            Err(_) => Err(stopped()),
        }
    }

    /// Runs `f` on the reading connection, through [`Sql`] (blocking: call
    /// it from a blocking thread, or where a short wait is fine).
    pub fn query<T: Send>(
        &self,
        f: impl FnOnce(&mut dyn Sql) -> SqlResult<T> + Send,
    ) -> Result<T, StoreError> {
        let failed = |err: SqlError| StoreError(err.0);
        match &self.reader {
            Reader::Sqlite(conn) => {
                let mut conn = conn.lock().unwrap_or_else(|e| e.into_inner());
                f(&mut *conn).map_err(failed)
            }
            Reader::Postgres(reading) => reading.run(f).map_err(failed),
        }
    }

    /// The server has stopped: what was given before is committed, later
    /// changes are refused, and the database is let go (on PostgreSQL, the
    /// one-server lock, so that the next server may start at once).
    pub async fn close(&self) -> Result<(), StoreError> {
        self.send(Write::Close).await
    }

    /// Whether the store serves: the last change it was given was stored
    /// (a full disk refuses changes at once, even while a small probe
    /// could still pass), the writer thread commits a change of a few
    /// pages, and the reading connection answers. A failed change is
    /// forgotten once a later one (a probe included) is stored: readiness
    /// comes back by itself when the disk has room again.
    pub async fn ready(&self) -> Result<(), StoreError> {
        let failing = self
            .metrics
            .store_failing_since_ms
            .load(std::sync::atomic::Ordering::Relaxed);
        self.send(Write::Probe).await?;
        let still = self
            .metrics
            .store_failing_since_ms
            .load(std::sync::atomic::Ordering::Relaxed);
        if failing != 0 && still != 0 {
            return Err(StoreError("the last change could not be stored".into()));
        }
        let db = self.clone();
        tokio::task::spawn_blocking(move || {
            db.query(|sql| sql.query_one("SELECT 1", args![]).map(|_| ()))
        })
        .await
        .map_err(|_| StoreError("the read failed".into()))?
    }
}

/// The lock file of the database at `path`: `quoridor.db.lock` beside it.
pub fn lock_path(path: &Path) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    std::path::PathBuf::from(name)
}

/// Takes the exclusive lock that says a server uses the database at
/// `path`, held until the file returned is dropped (or the process dies):
/// a second server on the same file, or a restore over it, is refused
/// instead of corrupting it. `quoridor backup` only reads through SQLite
/// and does not take it. The lock is on a file beside the database
/// (`quoridor.db.lock`), never on the database itself: closing another
/// descriptor of the database would drop SQLite's own locks.
pub fn lock_file(path: &Path) -> Result<std::fs::File, String> {
    let lock = lock_path(path);
    let made = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&lock);
    // A lock file another user made (root's restore) still locks read-only.
    let file = match made {
        Err(err) if err.kind() == std::io::ErrorKind::PermissionDenied && lock.exists() => {
            std::fs::File::open(&lock)
        }
        other => other,
    }
    .map_err(|err| format!("database lock {}: {err}", lock.display()))?;
    use std::os::fd::AsRawFd;
    // SAFETY: flock only acts on the open descriptor it is given.
    let taken = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0;
    if taken {
        return Ok(file);
    }
    let err = std::io::Error::last_os_error();
    if err.kind() == std::io::ErrorKind::WouldBlock {
        return Err(format!(
            "database {} is in use by another quoridor server: stop it first",
            path.display()
        ));
    }
    // A file system without locks: go on, as before locks were taken.
    tracing::warn!(
        target: "quoridor::db",
        lock = %lock.display(),
        error = %err,
        "the database's lock cannot be taken on this file system: nothing stops a second server on the same file"
    );
    Ok(file)
}
