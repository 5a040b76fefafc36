//! What PostgreSQL did during play, when the server under test stores in
//! it (`--db postgres://…`): its commits and rows written (the database's
//! own counters, `pg_stat_database`) and the CPU of its processes (every
//! process named `postgres` in `/proc`), per move.

use std::time::Duration;

use quoridor_server::db::postgres::{connect, off_runtime};
use quoridor_server::db::sql::Sql;

use super::process::cpu_of;

/// The counters at one moment.
#[derive(Clone, Copy, Debug, Default)]
pub struct Snapshot {
    commits: u64,
    rows: u64,
    cpu: Duration,
}

/// What PostgreSQL did between two snapshots.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StoreFigures {
    pub commits: u64,
    /// Rows inserted, updated and deleted.
    pub rows: u64,
    pub cpu: Duration,
}

/// Reads the counters of the database at `url` (its statistics are those
/// its backends reported: wait a second after the last change).
pub fn snapshot(url: &str) -> Result<Snapshot, String> {
    let (commits, rows) = off_runtime(|| {
        let mut client = connect(url)?;
        let row = Sql::query_one(
            &mut client,
            "SELECT xact_commit, tup_inserted + tup_updated + tup_deleted
             FROM pg_stat_database WHERE datname = current_database()",
            &[],
        )
        .map_err(|err| err.to_string())?;
        let commits: u64 = row.get(0).map_err(|err| err.to_string())?;
        let rows: u64 = row.get(1).map_err(|err| err.to_string())?;
        Ok::<_, String>((commits, rows))
    })?;
    Ok(Snapshot {
        commits,
        rows,
        cpu: postgres_cpu(),
    })
}

/// The CPU time of every process named `postgres` on this machine.
fn postgres_cpu() -> Duration {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Duration::ZERO;
    };
    entries
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/comm"))
                .is_ok_and(|name| name.trim() == "postgres")
        })
        .filter_map(cpu_of)
        .sum()
}

impl Snapshot {
    /// What happened from `self` to `later` (the snapshots' own reading
    /// connections left out: one commit each).
    pub fn until(self, later: Snapshot) -> StoreFigures {
        StoreFigures {
            commits: later.commits.saturating_sub(self.commits + 1),
            rows: later.rows.saturating_sub(self.rows),
            cpu: later.cpu.saturating_sub(self.cpu),
        }
    }
}
