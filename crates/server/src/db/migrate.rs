//! `quoridor migrate --from FILE.db --to postgres://…`: a server's SQLite
//! database copied into an empty PostgreSQL database, in one transaction:
//! every row of every table, the counts checked before the commit. A
//! database that already holds anything is refused, and so is a SQLite file
//! a server is using or one of another release's schema.

use std::path::Path;

use postgres::Client;

use super::sql::{args, Sql, SqlError, Value};
use super::{lock_file, postgres as pg, SCHEMA_VERSION};

/// Every table that holds what people made, in the order they are copied
/// (the readiness probe's row is not copied).
pub const TABLES: &[&str] = &[
    "games",
    "entries",
    "exercises",
    "classes",
    "class_work",
    "tournaments",
    "accounts",
    "sessions",
    "ratings",
    "account_games",
    "analyses",
    "blocks",
    "challenges",
    "class_chat",
    "game_chat",
    "push_keys",
    "push_subscriptions",
    "api_tokens",
];

/// The tables whose `id` PostgreSQL numbers (an identity column).
const NUMBERED: [&str; 3] = ["class_chat", "game_chat", "api_tokens"];

/// What was copied: each table and its rows.
pub type Copied = Vec<(&'static str, u64)>;

/// Copies the SQLite database at `from` into the PostgreSQL database at
/// `to`; `progress` hears of each table as it is copied.
pub fn migrate(
    from: &Path,
    to: &str,
    mut progress: impl FnMut(&str, u64),
) -> Result<Copied, String> {
    if !from.is_file() {
        return Err(format!("{}: no such database", from.display()));
    }
    // No server writes to it meanwhile (and none starts).
    let _lock = lock_file(from)?;
    let flags =
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let source = rusqlite::Connection::open_with_flags(from, flags)
        .map_err(|err| format!("{}: {err}", from.display()))?;
    let version: i64 = source
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .map_err(|err| format!("{}: {err}", from.display()))?;
    if version as usize != SCHEMA_VERSION {
        return Err(format!(
            "{}: schema version {version}, this release writes {SCHEMA_VERSION}: open it once with this release's quoridor serve, then migrate",
            from.display()
        ));
    }
    let mut target = pg::connect(to)?;
    pg::migrate(&mut target).map_err(|err| format!("{}: {err}", pg::shown(to)))?;
    refuse_not_empty(&mut target, to)?;
    copy(&source, &mut target, &mut progress).map_err(|err| format!("{}: {err}", pg::shown(to)))
}

fn refuse_not_empty(target: &mut Client, to: &str) -> Result<(), String> {
    for table in TABLES {
        let row = Sql::query_one(target, &format!("SELECT COUNT(*) FROM {table}"), args![])
            .map_err(|err| err.to_string())?;
        let rows: i64 = row.get(0).map_err(|err| err.to_string())?;
        if rows > 0 {
            return Err(format!(
                "{}: not empty ({table} holds {rows} rows): migrate into a new database",
                pg::shown(to)
            ));
        }
    }
    Ok(())
}

fn copy(
    source: &rusqlite::Connection,
    target: &mut Client,
    progress: &mut impl FnMut(&str, u64),
) -> Result<Copied, SqlError> {
    let mut tx = target.transaction()?;
    let mut copied = Vec::new();
    for &table in TABLES {
        let mut select = source.prepare(&format!("SELECT * FROM {table}"))?;
        let columns: Vec<String> = select
            .column_names()
            .iter()
            .map(|c| c.to_string())
            .collect();
        let marks: Vec<String> = (1..=columns.len()).map(|i| format!("?{i}")).collect();
        let insert = format!(
            "INSERT INTO {table} ({}) VALUES ({})",
            columns.join(", "),
            marks.join(", ")
        );
        let mut rows = select.query([])?;
        let mut count = 0u64;
        while let Some(row) = rows.next()? {
            let values = (0..columns.len())
                .map(|i| value_of(row.get_ref(i)?))
                .collect::<rusqlite::Result<Vec<Value>>>()?;
            let args: Vec<&dyn super::sql::ToValue> = values
                .iter()
                .map(|v| v as &dyn super::sql::ToValue)
                .collect();
            Sql::execute(&mut tx, &insert, &args)?;
            count += 1;
        }
        // Counted again on both sides before anything is committed.
        let stored: u64 =
            Sql::query_one(&mut tx, &format!("SELECT COUNT(*) FROM {table}"), args![])?.get(0)?;
        let read: i64 =
            source.query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |r| r.get(0))?;
        if stored != count || read as u64 != count {
            return Err(SqlError(format!(
                "{table}: {read} rows read, {count} copied, {stored} stored: nothing was committed"
            )));
        }
        progress(table, count);
        copied.push((table, count));
    }
    // New rows of the tables numbered by the database (chat lines, API
    // tokens) number on from the copied ones.
    for table in NUMBERED {
        Sql::query(
            &mut tx,
            &format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'),
                               (SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)"
            ),
            args![],
        )?;
    }
    tx.commit()?;
    Ok(copied)
}

fn value_of(value: rusqlite::types::ValueRef<'_>) -> rusqlite::Result<Value> {
    use rusqlite::types::ValueRef;
    Ok(match value {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(n) => Value::Int(n),
        ValueRef::Real(x) => Value::Real(x),
        ValueRef::Text(t) => Value::Text(String::from_utf8_lossy(t).into_owned()),
        ValueRef::Blob(b) => Value::Blob(b.to_vec()),
    })
}
