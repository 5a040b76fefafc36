//! The writer thread: every change waiting is committed in one
//! transaction (group commit), and only then is each answered, so that a
//! move is stored before anyone hears of it. The same loop writes to
//! SQLite and to PostgreSQL ([`Writer`]); what each change writes is the
//! feature's own SQL ([`Change`], through [`super::sql::Sql`]).

use std::sync::mpsc;

use tokio::sync::oneshot;

use super::postgres::Holding;
use super::sql::{args, Cached, Sql, SqlError, SqlResult, Statements};
use crate::metrics::Metrics;
use crate::wall_ms;

/// PostgreSQL's writing connection, made again when the server closed it
/// (a restart, a failover): the batch that found it closed fails (nothing
/// of it was acknowledged), the next one connects afresh.
pub(super) struct PostgresWriter {
    pub url: String,
    pub client: Option<postgres::Client>,
    /// The statements prepared on `client`.
    pub statements: Statements,
    /// How this server shares the database (its lock taken again on each
    /// new connection).
    pub holding: Holding,
}

impl Writer for PostgresWriter {
    fn commit(&mut self, writes: &[&Write]) -> SqlResult<()> {
        if self.client.as_ref().is_none_or(postgres::Client::is_closed) {
            self.client = None;
            let mut client = super::postgres::connect(&self.url).map_err(SqlError)?;
            // The lock went with the old session: a server that started
            // meanwhile has the database now, and this one writes no more.
            super::postgres::lock(&mut client, &self.url, &self.holding).map_err(SqlError)?;
            self.client = Some(client);
            self.statements.clear();
        }
        let Some(client) = self.client.as_mut() else {
            return Err(SqlError("no connection to PostgreSQL".into()));
        };
        let mut tx = client.transaction()?;
        let mut cached = Cached {
            client: &mut tx,
            statements: &mut self.statements,
        };
        if let Holding::Instance(id) = &self.holding {
            super::postgres::fence(&mut cached, id)?;
        }
        for save in writes {
            write(&mut cached, save)?;
        }
        Ok(tx.commit()?)
    }

    fn close(&mut self) {
        self.statements.clear();
        self.client = None;
    }

    /// PostgreSQL removes deleted rows from its files as autovacuum passes
    /// (docs/deploy.md): nothing is overwritten at once, as SQLite's
    /// `secure_delete` does.
    fn erased(&mut self) {}
}

/// A connection the writer thread commits through.
pub(super) trait Writer: Send + 'static {
    /// Writes `writes` in one transaction, all or nothing.
    fn commit(&mut self, writes: &[&Write]) -> SqlResult<()>;

    /// After a commit that deleted what a person made: make sure it is
    /// gone from the files too.
    fn erased(&mut self);

    /// Lets the database go (nothing is written after).
    fn close(&mut self) {}
}

impl Writer for rusqlite::Connection {
    fn commit(&mut self, writes: &[&Write]) -> SqlResult<()> {
        let mut tx = self.transaction()?;
        for save in writes {
            write(&mut tx, save)?;
        }
        Ok(tx.commit()?)
    }

    fn erased(&mut self) {
        erase_old_frames(self);
    }
}

/// What the readiness probe writes: about as much as a busy commit (a few
/// pages), so that a disk that cannot take a change fails it too.
const PROBE_BYTES: usize = 16 * 1024;

/// A change a feature gives the store: its rows written through [`Sql`],
/// the same on SQLite and on PostgreSQL.
pub trait Change: Send + 'static {
    /// Writes the change inside the writer's transaction.
    fn write(&self, tx: &mut dyn Sql) -> SqlResult<()>;

    /// Whether it deletes what a person made or wrote (a class, a pupil's
    /// work, an account, a shared exercise), which must then be gone from
    /// the files too.
    fn erases(&self) -> bool {
        false
    }
}

fn write(tx: &mut dyn Sql, write: &Write) -> SqlResult<()> {
    match write {
        Write::Change(change) => change.write(tx),
        Write::Close => Ok(()),
        Write::Probe => tx
            .execute(
                "INSERT INTO probe (id, body, at_ms) VALUES (1, ?1, ?2)
                 ON CONFLICT (id) DO UPDATE SET body = excluded.body, at_ms = excluded.at_ms",
                args![vec![0u8; PROBE_BYTES], wall_ms()],
            )
            .map(|_| ()),
    }
}

pub(super) type Reply = oneshot::Sender<Result<(), String>>;

/// One thing for the writer thread to commit.
pub(super) enum Write {
    /// A feature's change.
    Change(Box<dyn Change>),
    /// A row of [`PROBE_BYTES`], written over: shows that the writer
    /// thread answers and the disk takes a change (readiness).
    Probe,
    /// The server has stopped: what came before is committed, nothing
    /// after it is, and the database is let go (PostgreSQL's one-server
    /// lock ends with the connection).
    Close,
}

impl Write {
    fn erases(&self) -> bool {
        matches!(self, Write::Change(change) if change.erases())
    }
}

/// Copies the newest pages into the database file and empties the log:
/// the log still holds the pages as they were before a deletion (the file
/// itself overwrites deleted content: `secure_delete`).
fn erase_old_frames(conn: &rusqlite::Connection) {
    let done = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |row| {
        row.get::<_, i64>(0)
    });
    if !matches!(done, Ok(0)) {
        tracing::warn!(
            target: "quoridor::db",
            result = ?done,
            "the log could not be emptied after a deletion; it will be at the next checkpoint"
        );
    }
}

pub(super) fn writer_loop<W: Writer>(
    mut conn: W,
    rx: mpsc::Receiver<(Write, Reply)>,
    metrics: &Metrics,
) {
    let answer = |reply: Reply, result: Result<(), String>| {
        metrics.store_queue.dec();
        let failing = &metrics.store_failing_since_ms;
        if let Err(err) = &result {
            metrics.store_failures.inc();
            if failing.load(std::sync::atomic::Ordering::Relaxed) == 0 {
                failing.store(wall_ms().max(1), std::sync::atomic::Ordering::Relaxed);
                tracing::error!(target: "quoridor::db", error = %err, "the store refuses changes: not ready");
            }
        } else {
            metrics.store_writes.inc();
            if failing.swap(0, std::sync::atomic::Ordering::Relaxed) != 0 {
                tracing::warn!(target: "quoridor::db", "the store stores changes again: ready");
            }
        }
        let _ = reply.send(result);
    };
    let mut closed = false;
    while let Ok(first) = rx.recv() {
        if closed {
            answer(
                first.1,
                Err("the server has stopped: nothing more is stored".into()),
            );
            continue;
        }
        let began = std::time::Instant::now();
        let mut batch = vec![first];
        while batch.len() < 1024 {
            match rx.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        // What comes after a close is refused, not written.
        if let Some(at) = batch.iter().position(|(w, _)| matches!(w, Write::Close)) {
            for (_, reply) in batch.split_off(at + 1) {
                answer(
                    reply,
                    Err("the server has stopped: nothing more is stored".into()),
                );
            }
            closed = true;
        }
        let writes: Vec<&Write> = batch.iter().map(|(save, _)| save).collect();
        let together = conn.commit(&writes);
        if writes.iter().any(|save| save.erases()) {
            conn.erased();
        }
        metrics.store_commit_seconds.observe(began.elapsed());
        metrics.store_commits.inc();
        metrics
            .store_last_commit_ms
            .store(wall_ms(), std::sync::atomic::Ordering::Relaxed);
        if together.is_ok() {
            for (_, reply) in batch {
                answer(reply, Ok(()));
            }
        } else {
            // One bad change must not fail the others: write them one by one.
            for (save, reply) in batch {
                let alone = conn.commit(&[&save]);
                answer(reply, alone.map_err(|err| err.to_string()));
            }
        }
        if closed {
            conn.close();
        }
    }
}
