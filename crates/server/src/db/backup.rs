//! Copies of the database: taken while the server runs, checked, kept in
//! rotation, and put back.
//!
//! A backup is SQLite's online backup of the whole file in one step, from
//! a read transaction of its own: a consistent picture of every committed
//! change at that moment, while the writer goes on (WAL readers do not
//! stop it). It is written to `NAME.partial`, synced, checked and only
//! then renamed: a file without `.partial` is always a complete backup,
//! even if the process is killed in the middle.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::{Connection, OpenFlags};

use super::{lock_file, lock_path, SCHEMA_VERSION};

/// What a backup or a restore found in the copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    pub path: PathBuf,
    pub bytes: u64,
    pub games: u64,
    pub moves: u64,
    pub schema: usize,
}

impl std::fmt::Display for Copied {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ({:.1} MB, {} games, {} moves, schema {})",
            self.path.display(),
            self.bytes as f64 / 1e6,
            self.games,
            self.moves,
            self.schema
        )
    }
}

fn text(err: rusqlite::Error) -> String {
    err.to_string()
}

/// Checks a database file (read only): SQLite's integrity check, a schema
/// this release reads, and what it holds.
pub fn check(path: &Path) -> Result<Copied, String> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags)
        .map_err(|err| format!("{}: {err}", path.display()))?;
    let fail = |err: rusqlite::Error| format!("{}: {err}", path.display());
    let verdict: String = conn
        .query_row("PRAGMA quick_check", [], |row| row.get(0))
        .map_err(fail)?;
    if verdict != "ok" {
        return Err(format!("{}: damaged ({verdict})", path.display()));
    }
    let schema = conn
        .pragma_query_value(None, "user_version", |row| row.get::<_, i64>(0))
        .map_err(fail)? as usize;
    if schema == 0 || schema > SCHEMA_VERSION {
        return Err(format!(
            "{}: not a quoridor database of this release (schema version {schema}, this release reads 1 to {SCHEMA_VERSION})",
            path.display()
        ));
    }
    let count = |table: &str| -> Result<u64, String> {
        conn.query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |row| {
            row.get::<_, i64>(0)
        })
        .map(|n| n as u64)
        .map_err(fail)
    };
    Ok(Copied {
        path: path.to_path_buf(),
        bytes: fs::metadata(path).map(|m| m.len()).unwrap_or(0),
        games: count("games")?,
        moves: count("entries")?,
        schema,
    })
}

/// The name a copy is written under until it is complete.
fn partial_of(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// The journal SQLite may leave beside a copy whose writer was killed.
fn journal_of(partial: &Path) -> PathBuf {
    let mut name = partial.as_os_str().to_owned();
    name.push("-journal");
    PathBuf::from(name)
}

/// An empty file only its owner may read (a backup holds every account
/// and every pupil's work), for SQLite to write the copy into.
fn private_file(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::OpenOptionsExt;
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
        .map(|_| ())
        .map_err(|err| format!("{}: {err}", path.display()))
}

fn sync_dir(path: &Path) {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Ok(dir) = fs::File::open(dir) {
            let _ = dir.sync_all();
        }
    }
}

/// Copies the database at `db` into `out` while the server may be using
/// it: refused if `out` exists (a backup never replaces a file).
pub fn backup(db: &Path, out: &Path) -> Result<Copied, String> {
    if !db.exists() {
        return Err(format!("no database at {}", db.display()));
    }
    if out.exists() {
        return Err(format!(
            "{} exists: a backup never replaces a file (choose another name)",
            out.display()
        ));
    }
    let partial = partial_of(out);
    // What a killed backup to the same name left behind.
    let _ = fs::remove_file(&partial);
    let _ = fs::remove_file(journal_of(&partial));
    let copied = (|| {
        private_file(&partial)?;
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let source = Connection::open_with_flags(db, flags)
            .map_err(|err| format!("database {}: {err}", db.display()))?;
        source.busy_timeout(Duration::from_secs(10)).map_err(text)?;
        let mut target =
            Connection::open(&partial).map_err(|err| format!("{}: {err}", partial.display()))?;
        {
            let copy = rusqlite::backup::Backup::new(&source, &mut target).map_err(text)?;
            // All the pages in one step: one read transaction, so that the
            // copy is one moment of the database however busy the writer.
            let fail = |why: String| format!("backup of {}: {why}", db.display());
            let mut tries = 0;
            loop {
                match copy.step(-1).map_err(|err| fail(err.to_string()))? {
                    rusqlite::backup::StepResult::Done => break,
                    _ if tries < 100 => {
                        tries += 1;
                        std::thread::sleep(Duration::from_millis(50));
                    }
                    _ => return Err(fail("the database stayed locked for 5 s".into())),
                }
            }
        }
        // A single file that needs nothing beside it.
        target
            .pragma_update(None, "journal_mode", "DELETE")
            .map_err(text)?;
        drop(target);
        fs::File::open(&partial)
            .and_then(|f| f.sync_all())
            .map_err(|err| format!("{}: {err}", partial.display()))?;
        check(&partial)
    })();
    let copied = match copied {
        Ok(copied) => copied,
        Err(err) => {
            let _ = fs::remove_file(&partial);
            let _ = fs::remove_file(journal_of(&partial));
            return Err(err);
        }
    };
    fs::rename(&partial, out).map_err(|err| format!("{}: {err}", out.display()))?;
    sync_dir(out);
    Ok(Copied {
        path: out.to_path_buf(),
        ..copied
    })
}

/// Puts the backup `file` in place of the database at `db`, which no
/// server may be using (its lock is taken for the time of the restore).
/// The database it replaces is not deleted: it is renamed
/// `NAME.replaced-<ms>` beside it, and its path returned.
pub fn restore(file: &Path, db: &Path) -> Result<(Copied, Option<PathBuf>), String> {
    check(file)?;
    if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(|err| format!("cannot create {}: {err}", dir.display()))?;
    }
    let _lock = lock_file(db)?;
    let incoming = partial_of(db);
    fs::copy(file, &incoming).map_err(|err| format!("{}: {err}", incoming.display()))?;
    fs::File::open(&incoming)
        .and_then(|f| f.sync_all())
        .map_err(|err| format!("{}: {err}", incoming.display()))?;
    let replaced = if db.exists() {
        // Fold the old database's log into it, so that the file set aside
        // is whole and no log is left to be read with the new file.
        if let Ok(conn) = Connection::open(db) {
            let _ = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
            let _ = conn.pragma_update(None, "journal_mode", "DELETE");
        }
        let mut name = db.as_os_str().to_owned();
        name.push(format!(".replaced-{}", crate::wall_ms()));
        let aside = PathBuf::from(name);
        fs::rename(db, &aside).map_err(|err| format!("{}: {err}", db.display()))?;
        Some(aside)
    } else {
        None
    };
    for suffix in ["-wal", "-shm"] {
        let mut name = db.as_os_str().to_owned();
        name.push(suffix);
        let _ = fs::remove_file(PathBuf::from(name));
    }
    fs::rename(&incoming, db).map_err(|err| format!("{}: {err}", db.display()))?;
    sync_dir(db);
    give_to_directory_owner(db, &lock_path(db));
    let placed = check(db)?;
    Ok((
        Copied {
            path: db.to_path_buf(),
            ..placed
        },
        replaced,
    ))
}

/// How long a database set aside by a restore (`NAME.replaced-<ms>`) is
/// kept before the server removes it.
pub const KEEP_REPLACED: Duration = Duration::from_secs(30 * 24 * 3600);

/// Removes the databases that restores set aside beside `db` more than
/// [`KEEP_REPLACED`] before `now_ms`: the paths removed.
pub fn remove_old_replaced(db: &Path, now_ms: u64) -> Vec<PathBuf> {
    let Some(name) = db.file_name().and_then(|n| n.to_str()) else {
        return Vec::new();
    };
    let prefix = format!("{name}.replaced-");
    let dir = db
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut removed = Vec::new();
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        let file = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let Some(ms) = file
            .strip_prefix(&prefix)
            .and_then(|ms| ms.parse::<u64>().ok())
        else {
            continue;
        };
        if now_ms.saturating_sub(ms) > KEEP_REPLACED.as_millis() as u64
            && fs::remove_file(&path).is_ok()
        {
            removed.push(path);
        }
    }
    removed
}

/// Run as root (as an operator restores a service's database), hands the
/// files to the owner of their directory, which is the service's user
/// (systemd's `StateDirectory`): a database root owns is one the service
/// cannot write.
fn give_to_directory_owner(db: &Path, lock: &Path) {
    use std::os::unix::fs::MetadataExt;
    // SAFETY: geteuid only reads the process's user id.
    if unsafe { libc::geteuid() } != 0 {
        return;
    }
    let dir = db
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if let Ok(meta) = fs::metadata(dir) {
        for file in [db, lock] {
            let _ = std::os::unix::fs::chown(file, Some(meta.uid()), Some(meta.gid()));
        }
    }
}

/// Backups taken by the server every so often, in one directory: named by
/// the time they were taken (`quoridor-20261127-054500.db`), kept by age:
/// those older than `keep` × `every` are removed, never the newest. A
/// server that starts again soon after a backup (a restart, a crash loop)
/// takes none until `every` has passed since the last one, so that a loop
/// of restarts neither fills the disk with copies nor removes old ones.
#[derive(Clone, Debug)]
pub struct Rotation {
    pub dir: PathBuf,
    pub every: Duration,
    pub keep: usize,
}

/// The prefix and suffix of the names of the rotation's files.
const PREFIX: &str = "quoridor-";
const SUFFIX: &str = ".db";

/// When the rotation's file `path` was taken (ms since 1970), from its name.
fn taken_ms(path: &Path) -> Option<u64> {
    let name = path.file_name()?.to_str()?;
    let stamp = name.strip_prefix(PREFIX)?.strip_suffix(SUFFIX)?;
    let digits = |from: usize, len: usize| stamp.get(from..from + len)?.parse::<u32>().ok();
    let (y, m, d) = (digits(0, 4)?, digits(4, 2)?, digits(6, 2)?);
    let (h, min, sec) = (digits(9, 2)?, digits(11, 2)?, digits(13, 2)?);
    let days = crate::calendar::days_from_civil(i64::from(y), m, d);
    let secs = days * 86_400 + i64::from(h * 3600 + min * 60 + sec);
    u64::try_from(secs).ok().map(|s| s * 1000)
}

impl Rotation {
    /// The rotation's complete backups, oldest first.
    pub fn files(&self) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = fs::read_dir(&self.dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| {
                path.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(PREFIX) && n.ends_with(SUFFIX))
            })
            .collect();
        files.sort();
        files
    }

    /// How long backups are kept.
    pub fn keep_for(&self) -> Duration {
        self.every * self.keep.max(1) as u32
    }

    /// How long to wait at `now_ms` before the next backup: none yet, or
    /// the newest older than `every`, is now.
    pub fn wait(&self, now_ms: u64) -> Duration {
        let newest = self.files().iter().filter_map(|p| taken_ms(p)).max();
        let Some(newest) = newest else {
            return Duration::ZERO;
        };
        let next = newest.saturating_add(self.every.as_millis() as u64);
        Duration::from_millis(next.saturating_sub(now_ms))
    }

    /// Takes one backup of `db` now, then removes the backups older than
    /// [`Rotation::keep_for`] (never the newest) and any copy left
    /// half-written by a process that was killed.
    pub fn take(&self, db: &Path, now_ms: u64) -> Result<Copied, String> {
        fs::create_dir_all(&self.dir)
            .map_err(|err| format!("cannot create {}: {err}", self.dir.display()))?;
        self.remove_partials();
        let mut out = self.dir.join(format!("{PREFIX}{}{SUFFIX}", stamp(now_ms)));
        let mut n = 1;
        while out.exists() {
            n += 1;
            out = self
                .dir
                .join(format!("{PREFIX}{}-{n}{SUFFIX}", stamp(now_ms)));
        }
        let copied = backup(db, &out)?;
        let oldest_kept = now_ms.saturating_sub(self.keep_for().as_millis() as u64);
        for old in self.files() {
            let aged = taken_ms(&old).is_some_and(|ms| ms < oldest_kept);
            if aged && old != out {
                let _ = fs::remove_file(old);
            }
        }
        Ok(copied)
    }

    fn remove_partials(&self) {
        for entry in fs::read_dir(&self.dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let half = name.ends_with(".partial") || name.ends_with(".partial-journal");
            if name.starts_with(PREFIX) && half {
                let _ = fs::remove_file(&path);
            }
        }
    }
}

/// `20261127-054500` for a time in ms since 1970 (UTC).
pub fn stamp(ms: u64) -> String {
    let secs = ms / 1000;
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = crate::calendar::civil_from_days(days as i64);
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// A duration written `90s`, `30m`, `6h` or `2d`.
pub fn parse_every(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let n: u64 = number
        .parse()
        .map_err(|_| format!("expected a duration such as 30m, 6h or 1d, found {text:?}"))?;
    let seconds = match unit {
        "s" => n,
        "m" => n * 60,
        "h" | "" => n * 3600,
        "d" => n * 86_400,
        _ => return Err(format!("{text:?}: the unit is s, m, h or d (30m, 6h, 1d)")),
    };
    if seconds == 0 {
        return Err("the time between backups must be more than 0".into());
    }
    Ok(Duration::from_secs(seconds))
}

/// Runs the rotation until `stop` resolves: a backup at start unless one
/// was taken less than `every` ago, then one every `every`, each on a
/// blocking thread; each is logged and counted in `metrics`.
pub async fn run_rotation(
    rotation: Rotation,
    db: PathBuf,
    metrics: std::sync::Arc<crate::metrics::Metrics>,
    stop: impl std::future::Future<Output = ()>,
) {
    tokio::pin!(stop);
    loop {
        let wait = rotation.wait(crate::wall_ms());
        if !wait.is_zero() {
            tokio::select! {
                _ = &mut stop => return,
                _ = tokio::time::sleep(wait) => {}
            }
        }
        let began = Instant::now();
        let (rot, path) = (rotation.clone(), db.clone());
        let taken = tokio::task::spawn_blocking(move || rot.take(&path, crate::wall_ms())).await;
        let failed = match taken {
            Ok(Ok(copied)) => {
                tracing::info!(
                    target: "quoridor::backup",
                    file = %copied.path.display(),
                    bytes = copied.bytes,
                    games = copied.games,
                    moves = copied.moves,
                    ms = began.elapsed().as_millis() as u64,
                    "backup written"
                );
                metrics
                    .backup_last_success_ms
                    .store(crate::wall_ms(), std::sync::atomic::Ordering::Relaxed);
                false
            }
            Ok(Err(err)) => {
                tracing::error!(target: "quoridor::backup", error = %err, "backup failed");
                true
            }
            Err(err) => {
                tracing::error!(target: "quoridor::backup", error = %err, "backup failed");
                true
            }
        };
        if failed {
            metrics.backup_failures.inc();
            // Try again in a while rather than wait a whole interval.
            let retry = rotation.every.min(Duration::from_secs(600));
            tokio::select! {
                _ = &mut stop => return,
                _ = tokio::time::sleep(retry) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn database(dir: &Path) -> PathBuf {
        let path = dir.join("q.db");
        let mut conn = Connection::open(&path).unwrap();
        conn.pragma_update(None, "journal_mode", "WAL").unwrap();
        super::super::migrate(&mut conn).unwrap();
        conn.execute_batch(
            "INSERT INTO games VALUES ('g1', 0, 'c', 'playing', 1, '{}', '[]', '{}', NULL, '{}', 0);
             INSERT INTO entries VALUES ('g1', 0, 'e2', 'South', 0, NULL, NULL);
             INSERT INTO entries VALUES ('g1', 1, 'e8', 'North', 0, NULL, NULL);",
        )
        .unwrap();
        path
    }

    #[test]
    fn a_backup_is_a_whole_checked_copy_and_never_replaces_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let db = database(dir.path());
        let out = dir.path().join("copy.db");
        let copied = backup(&db, &out).unwrap();
        assert_eq!((copied.games, copied.moves), (1, 2));
        assert_eq!(copied.schema, SCHEMA_VERSION);
        assert!(!partial_of(&out).exists());
        assert!(!dir.path().join("copy.db-wal").exists(), "one file");
        let again = backup(&db, &out).unwrap_err();
        assert!(again.contains("never replaces"), "{again}");
        let none = backup(&dir.path().join("none.db"), &dir.path().join("x.db")).unwrap_err();
        assert!(none.contains("no database"), "{none}");
    }

    #[test]
    fn a_restore_sets_the_old_database_aside_and_refuses_one_in_use() {
        let dir = tempfile::tempdir().unwrap();
        let db = database(dir.path());
        let out = dir.path().join("copy.db");
        backup(&db, &out).unwrap();
        Connection::open(&db)
            .unwrap()
            .execute("DELETE FROM entries", [])
            .unwrap();
        let held = lock_file(&db).unwrap();
        let busy = restore(&out, &db).unwrap_err();
        assert!(busy.contains("in use"), "{busy}");
        drop(held);
        let (placed, aside) = restore(&out, &db).unwrap();
        assert_eq!(placed.moves, 2);
        let aside = aside.expect("the old database is kept");
        assert_eq!(check(&aside).unwrap().moves, 0);
        // Onto a new path: nothing to set aside.
        let fresh = dir.path().join("new/place.db");
        let (placed, aside) = restore(&out, &fresh).unwrap();
        assert_eq!((placed.games, aside), (1, None));
    }

    #[test]
    fn restored_by_root_the_files_belong_to_the_directorys_owner() {
        use std::os::unix::fs::MetadataExt;
        // SAFETY: geteuid only reads the process's user id.
        if unsafe { libc::geteuid() } != 0 {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let db = database(dir.path());
        let out = dir.path().join("copy.db");
        backup(&db, &out).unwrap();
        let service = dir.path().join("state");
        fs::create_dir(&service).unwrap();
        std::os::unix::fs::chown(&service, Some(4321), Some(4322)).unwrap();
        let target = service.join("quoridor.db");
        restore(&out, &target).unwrap();
        for file in [target.clone(), lock_path(&target)] {
            let meta = fs::metadata(&file).unwrap();
            assert_eq!((meta.uid(), meta.gid()), (4321, 4322), "{}", file.display());
        }
    }

    #[test]
    fn a_file_that_is_not_a_database_is_not_restored() {
        let dir = tempfile::tempdir().unwrap();
        let junk = dir.path().join("junk.db");
        fs::write(&junk, b"not a database at all, just words").unwrap();
        let db = dir.path().join("q.db");
        assert!(restore(&junk, &db).is_err());
        assert!(!db.exists());
        let empty = dir.path().join("empty.db");
        Connection::open(&empty)
            .unwrap()
            .execute_batch("CREATE TABLE t (x)")
            .unwrap();
        let err = restore(&empty, &db).unwrap_err();
        assert!(err.contains("not a quoridor database"), "{err}");
    }

    #[test]
    fn the_rotation_keeps_backups_by_age_and_a_restart_loop_takes_none() {
        let dir = tempfile::tempdir().unwrap();
        let db = database(dir.path());
        let rotation = Rotation {
            dir: dir.path().join("backups"),
            every: Duration::from_secs(3600),
            keep: 3,
        };
        fs::create_dir_all(&rotation.dir).unwrap();
        for half in [".db.partial", ".db.partial-journal"] {
            fs::write(
                rotation.dir.join(format!("quoridor-19700101-000000{half}")),
                b"x",
            )
            .unwrap();
        }
        let t = 20_000 * 86_400_000;
        let hour = 3_600_000;
        assert_eq!(rotation.wait(t), Duration::ZERO, "none yet: at once");
        rotation.take(&db, t).unwrap();
        // Restarts every 30 s for a while: none is due, none taken.
        for i in 1..100 {
            assert!(!rotation.wait(t + i * 30_000).is_zero());
        }
        assert_eq!(rotation.wait(t + hour), Duration::ZERO);
        assert_eq!(rotation.wait(t + hour / 2), Duration::from_millis(hour / 2));
        // Every hour for five hours: kept for three.
        for h in 1..=5 {
            rotation.take(&db, t + h * hour).unwrap();
        }
        let names: Vec<String> = rotation
            .files()
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            names,
            [
                "quoridor-20241004-020000.db",
                "quoridor-20241004-030000.db",
                "quoridor-20241004-040000.db",
                "quoridor-20241004-050000.db",
            ]
        );
        assert_eq!(
            fs::read_dir(&rotation.dir).unwrap().count(),
            4,
            "no half copy left"
        );
        // Long after, the newest stays whatever its age.
        rotation.take(&db, t + 1000 * hour).unwrap();
        assert_eq!(rotation.files().len(), 1);
        // Backups are private to their owner.
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(&rotation.files()[0])
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        assert_eq!(taken_ms(&rotation.files()[0]), Some(t + 1000 * hour));
    }

    #[test]
    fn databases_set_aside_by_restores_go_after_thirty_days() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("q.db");
        let now = 40 * 86_400_000;
        for ms in [1, now - 86_400_000] {
            fs::write(dir.path().join(format!("q.db.replaced-{ms}")), b"x").unwrap();
        }
        fs::write(dir.path().join("other.db.replaced-1"), b"x").unwrap();
        let removed = remove_old_replaced(&db, now);
        assert_eq!(removed, [dir.path().join("q.db.replaced-1")]);
        assert!(dir.path().join("other.db.replaced-1").exists());
    }

    #[test]
    fn stamps_and_durations() {
        assert_eq!(stamp(0), "19700101-000000");
        assert_eq!(stamp(1_795_585_500_000), "20261125-054500");
        assert_eq!(stamp(951_782_400_000), "20000229-000000");
        assert_eq!(parse_every("6h").unwrap(), Duration::from_secs(21_600));
        assert_eq!(parse_every("30m").unwrap(), Duration::from_secs(1800));
        assert_eq!(parse_every("90s").unwrap(), Duration::from_secs(90));
        assert_eq!(parse_every("1d").unwrap(), Duration::from_secs(86_400));
        assert!(parse_every("0h").is_err());
        assert!(parse_every("6w").is_err());
        assert!(parse_every("h").is_err());
    }
}
