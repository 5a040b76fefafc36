//! One way to speak SQL to either store: SQLite (rusqlite) or PostgreSQL
//! (rust-postgres). Each feature's tables are written once, against
//! [`Sql`]; the statements are written in the dialect both understand
//! (`INSERT … ON CONFLICT … DO UPDATE`, `COALESCE`, numbered parameters
//! `?1`, which PostgreSQL is given as `$1`). The schema's migrations are
//! the only text written twice, once per dialect.
//!
//! Values cross as [`Value`]: integers (booleans are 0 and 1), text,
//! bytes or null. PostgreSQL's columns are `BIGINT`, `TEXT` and `BYTEA`;
//! a value is encoded for the column's own type, so an `INTEGER` of
//! SQLite reads and writes the same on both.

use std::error::Error as StdError;
use std::fmt;

use bytes::BytesMut;
use postgres::types::{to_sql_checked, IsNull, ToSql, Type};

/// A failure of a statement (its message says what failed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SqlError(pub String);

impl fmt::Display for SqlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl StdError for SqlError {}

impl From<rusqlite::Error> for SqlError {
    fn from(err: rusqlite::Error) -> SqlError {
        SqlError(err.to_string())
    }
}

impl From<postgres::Error> for SqlError {
    fn from(err: postgres::Error) -> SqlError {
        // The server's own words (its `DbError`), not only "db error".
        match err.as_db_error() {
            Some(db) => SqlError(format!("{}: {}", db.code().code(), db.message())),
            None => SqlError(err.to_string()),
        }
    }
}

pub type SqlResult<T> = Result<T, SqlError>;

/// A value given to a statement or read from a row.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
    Blob(Vec<u8>),
}

/// What can be a statement's parameter.
pub trait ToValue {
    fn to_value(&self) -> Value;
}

macro_rules! int_values {
    ($($t:ty),*) => {$(
        impl ToValue for $t {
            fn to_value(&self) -> Value {
                // Ids, times and counts stay far below i64::MAX.
                Value::Int(i64::try_from(*self).unwrap_or(i64::MAX))
            }
        }
    )*};
}
int_values!(i64, i32, i16, u8, u16, u32, u64, usize);

impl ToValue for bool {
    fn to_value(&self) -> Value {
        Value::Int(i64::from(*self))
    }
}

impl ToValue for f64 {
    fn to_value(&self) -> Value {
        Value::Real(*self)
    }
}

impl ToValue for str {
    fn to_value(&self) -> Value {
        Value::Text(self.to_string())
    }
}

impl ToValue for String {
    fn to_value(&self) -> Value {
        Value::Text(self.clone())
    }
}

impl ToValue for [u8] {
    fn to_value(&self) -> Value {
        Value::Blob(self.to_vec())
    }
}

impl ToValue for Vec<u8> {
    fn to_value(&self) -> Value {
        Value::Blob(self.clone())
    }
}

impl<T: ToValue + ?Sized> ToValue for &T {
    fn to_value(&self) -> Value {
        (**self).to_value()
    }
}

impl<T: ToValue> ToValue for Option<T> {
    fn to_value(&self) -> Value {
        self.as_ref().map_or(Value::Null, ToValue::to_value)
    }
}

impl ToValue for Value {
    fn to_value(&self) -> Value {
        self.clone()
    }
}

/// A statement's parameters: `args![id, name, created_ms]`.
macro_rules! args {
    ($($x:expr),* $(,)?) => {
        &[$(&$x as &dyn $crate::db::sql::ToValue),*] as &[&dyn $crate::db::sql::ToValue]
    };
}
pub(crate) use args;

/// What a column reads as.
pub trait FromValue: Sized {
    fn from_value(value: &Value) -> SqlResult<Self>;
}

fn wrong(value: &Value, want: &str) -> SqlError {
    SqlError(format!("expected {want}, read {value:?}"))
}

macro_rules! int_from {
    ($($t:ty),*) => {$(
        impl FromValue for $t {
            fn from_value(value: &Value) -> SqlResult<$t> {
                match value {
                    Value::Int(n) => <$t>::try_from(*n).map_err(|_| wrong(value, stringify!($t))),
                    _ => Err(wrong(value, stringify!($t))),
                }
            }
        }
    )*};
}
int_from!(i64, i32, i16, u8, u16, u32, u64, usize);

impl FromValue for bool {
    fn from_value(value: &Value) -> SqlResult<bool> {
        i64::from_value(value).map(|n| n != 0)
    }
}

impl FromValue for f64 {
    fn from_value(value: &Value) -> SqlResult<f64> {
        match value {
            Value::Real(x) => Ok(*x),
            Value::Int(n) => Ok(*n as f64),
            _ => Err(wrong(value, "a number")),
        }
    }
}

impl FromValue for String {
    fn from_value(value: &Value) -> SqlResult<String> {
        match value {
            Value::Text(s) => Ok(s.clone()),
            _ => Err(wrong(value, "text")),
        }
    }
}

impl FromValue for Vec<u8> {
    fn from_value(value: &Value) -> SqlResult<Vec<u8>> {
        match value {
            Value::Blob(b) => Ok(b.clone()),
            Value::Text(s) => Ok(s.as_bytes().to_vec()),
            _ => Err(wrong(value, "bytes")),
        }
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(value: &Value) -> SqlResult<Option<T>> {
        match value {
            Value::Null => Ok(None),
            other => T::from_value(other).map(Some),
        }
    }
}

/// One row read.
#[derive(Clone, Debug, PartialEq)]
pub struct Row(pub Vec<Value>);

impl Row {
    /// Column `index`, as `T`.
    pub fn get<T: FromValue>(&self, index: usize) -> SqlResult<T> {
        let value = self
            .0
            .get(index)
            .ok_or_else(|| SqlError(format!("no column {index}")))?;
        T::from_value(value).map_err(|err| SqlError(format!("column {index}: {err}")))
    }
}

/// A connection or a transaction of either store.
pub trait Sql {
    /// Runs a statement; answers how many rows it changed.
    fn execute(&mut self, sql: &str, args: &[&dyn ToValue]) -> SqlResult<u64>;

    /// Runs a query; answers its rows.
    fn query(&mut self, sql: &str, args: &[&dyn ToValue]) -> SqlResult<Vec<Row>>;

    /// The query's first row, if any.
    fn query_opt(&mut self, sql: &str, args: &[&dyn ToValue]) -> SqlResult<Option<Row>> {
        Ok(self.query(sql, args)?.into_iter().next())
    }

    /// The query's one row (an error when there is none).
    fn query_one(&mut self, sql: &str, args: &[&dyn ToValue]) -> SqlResult<Row> {
        self.query_opt(sql, args)?
            .ok_or_else(|| SqlError("the query returned no row".into()))
    }

    /// Which store this is (a few statements differ: `INSERT OR IGNORE`).
    fn dialect(&self) -> Dialect;
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

// --- SQLite ---

impl rusqlite::types::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, ValueRef};
        Ok(ToSqlOutput::Borrowed(match self {
            Value::Null => ValueRef::Null,
            Value::Int(n) => ValueRef::Integer(*n),
            Value::Real(x) => ValueRef::Real(*x),
            Value::Text(s) => ValueRef::Text(s.as_bytes()),
            Value::Blob(b) => ValueRef::Blob(b),
        }))
    }
}

fn sqlite_row(row: &rusqlite::Row<'_>, columns: usize) -> rusqlite::Result<Row> {
    use rusqlite::types::ValueRef;
    let mut values = Vec::with_capacity(columns);
    for i in 0..columns {
        values.push(match row.get_ref(i)? {
            ValueRef::Null => Value::Null,
            ValueRef::Integer(n) => Value::Int(n),
            ValueRef::Real(x) => Value::Real(x),
            ValueRef::Text(t) => Value::Text(String::from_utf8_lossy(t).into_owned()),
            ValueRef::Blob(b) => Value::Blob(b.to_vec()),
        });
    }
    Ok(Row(values))
}

fn sqlite_values(args: &[&dyn ToValue]) -> Vec<Value> {
    args.iter().map(|a| a.to_value()).collect()
}

fn sqlite_execute(conn: &rusqlite::Connection, sql: &str, args: &[&dyn ToValue]) -> SqlResult<u64> {
    let values = sqlite_values(args);
    let mut statement = conn.prepare_cached(sql)?;
    Ok(statement.execute(rusqlite::params_from_iter(values.iter()))? as u64)
}

fn sqlite_query(
    conn: &rusqlite::Connection,
    sql: &str,
    args: &[&dyn ToValue],
) -> SqlResult<Vec<Row>> {
    let values = sqlite_values(args);
    let mut statement = conn.prepare_cached(sql)?;
    let columns = statement.column_count();
    let rows = statement
        .query_map(rusqlite::params_from_iter(values.iter()), |row| {
            sqlite_row(row, columns)
        })?
        .collect::<rusqlite::Result<Vec<Row>>>()?;
    Ok(rows)
}

/// A SQLite connection, or a transaction on one (which is its connection).
macro_rules! sqlite_sql {
    ($t:ty) => {
        impl Sql for $t {
            fn execute(&mut self, sql: &str, args: &[&dyn ToValue]) -> SqlResult<u64> {
                sqlite_execute(self, sql, args)
            }

            fn query(&mut self, sql: &str, args: &[&dyn ToValue]) -> SqlResult<Vec<Row>> {
                sqlite_query(self, sql, args)
            }

            fn dialect(&self) -> Dialect {
                Dialect::Sqlite
            }
        }
    };
}
sqlite_sql!(rusqlite::Connection);
sqlite_sql!(rusqlite::Transaction<'_>);

// --- PostgreSQL ---

/// `?1` becomes `$1`, outside quotes (text, names and comments keep
/// theirs).
pub fn postgres_text(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut quote: Option<char> = None;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        match quote {
            Some(q) => {
                out.push(c);
                if c == q {
                    quote = None;
                }
            }
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                out.push(c);
            }
            None if c == '?' && chars.peek().is_some_and(char::is_ascii_digit) => out.push('$'),
            None => out.push(c),
        }
    }
    out
}

impl ToSql for Value {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut BytesMut,
    ) -> Result<IsNull, Box<dyn StdError + Sync + Send>> {
        match self {
            Value::Null => Ok(IsNull::Yes),
            Value::Int(n) => match *ty {
                Type::INT8 => n.to_sql(ty, out),
                Type::INT4 => i32::try_from(*n)?.to_sql(ty, out),
                Type::INT2 => i16::try_from(*n)?.to_sql(ty, out),
                Type::BOOL => (*n != 0).to_sql(ty, out),
                Type::FLOAT8 => (*n as f64).to_sql(ty, out),
                Type::NUMERIC => Err(format!("{n}: a NUMERIC column (use BIGINT)").into()),
                _ => Err(format!("an integer for a column of type {ty}").into()),
            },
            Value::Real(x) => match *ty {
                Type::FLOAT8 => x.to_sql(ty, out),
                Type::FLOAT4 => (*x as f32).to_sql(ty, out),
                _ => Err(format!("a number for a column of type {ty}").into()),
            },
            Value::Text(s) => s.as_str().to_sql(ty, out),
            Value::Blob(b) => b.as_slice().to_sql(ty, out),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

fn postgres_row(row: &postgres::Row) -> SqlResult<Row> {
    let mut values = Vec::with_capacity(row.len());
    for (i, column) in row.columns().iter().enumerate() {
        let ty = column.type_();
        let value = match *ty {
            Type::INT8 => row.try_get::<_, Option<i64>>(i)?.map(Value::Int),
            Type::INT4 => row
                .try_get::<_, Option<i32>>(i)?
                .map(|n| Value::Int(n.into())),
            Type::INT2 => row
                .try_get::<_, Option<i16>>(i)?
                .map(|n| Value::Int(n.into())),
            Type::BOOL => row
                .try_get::<_, Option<bool>>(i)?
                .map(|b| Value::Int(b.into())),
            Type::FLOAT8 => row.try_get::<_, Option<f64>>(i)?.map(Value::Real),
            Type::FLOAT4 => row
                .try_get::<_, Option<f32>>(i)?
                .map(|x| Value::Real(x.into())),
            Type::BYTEA => row.try_get::<_, Option<Vec<u8>>>(i)?.map(Value::Blob),
            Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME => {
                row.try_get::<_, Option<String>>(i)?.map(Value::Text)
            }
            _ => {
                return Err(SqlError(format!(
                    "column {} is of type {ty}: cast it to BIGINT, TEXT or BYTEA",
                    column.name()
                )))
            }
        };
        values.push(value.unwrap_or(Value::Null));
    }
    Ok(Row(values))
}

fn postgres_args(values: &[Value]) -> Vec<&(dyn ToSql + Sync)> {
    values.iter().map(|v| v as &(dyn ToSql + Sync)).collect()
}

/// What both of rust-postgres's clients and transactions do.
macro_rules! postgres_sql {
    ($t:ty) => {
        impl Sql for $t {
            fn execute(&mut self, sql: &str, args: &[&dyn ToValue]) -> SqlResult<u64> {
                let values: Vec<Value> = args.iter().map(|a| a.to_value()).collect();
                let statement = postgres::GenericClient::prepare(self, &postgres_text(sql))?;
                Ok(postgres::GenericClient::execute(
                    self,
                    &statement,
                    &postgres_args(&values),
                )?)
            }

            fn query(&mut self, sql: &str, args: &[&dyn ToValue]) -> SqlResult<Vec<Row>> {
                let values: Vec<Value> = args.iter().map(|a| a.to_value()).collect();
                let statement = postgres::GenericClient::prepare(self, &postgres_text(sql))?;
                postgres::GenericClient::query(self, &statement, &postgres_args(&values))?
                    .iter()
                    .map(postgres_row)
                    .collect()
            }

            fn dialect(&self) -> Dialect {
                Dialect::Postgres
            }
        }
    };
}
postgres_sql!(postgres::Client);
postgres_sql!(postgres::Transaction<'_>);

/// A PostgreSQL client or transaction with the statements its connection
/// has prepared already: each statement is parsed once a connection, and
/// then costs one round trip, not two.
pub struct Cached<'a, C> {
    pub client: &'a mut C,
    pub statements: &'a mut Statements,
}

/// The statements prepared on one connection (dropped with it).
pub type Statements = std::collections::HashMap<String, postgres::Statement>;

impl<C: postgres::GenericClient> Cached<'_, C> {
    fn statement(&mut self, sql: &str) -> SqlResult<postgres::Statement> {
        if let Some(statement) = self.statements.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client.prepare(&postgres_text(sql))?;
        self.statements.insert(sql.to_string(), statement.clone());
        Ok(statement)
    }
}

impl<C: postgres::GenericClient> Sql for Cached<'_, C> {
    fn execute(&mut self, sql: &str, args: &[&dyn ToValue]) -> SqlResult<u64> {
        let values: Vec<Value> = args.iter().map(|a| a.to_value()).collect();
        let statement = self.statement(sql)?;
        Ok(self.client.execute(&statement, &postgres_args(&values))?)
    }

    fn query(&mut self, sql: &str, args: &[&dyn ToValue]) -> SqlResult<Vec<Row>> {
        let values: Vec<Value> = args.iter().map(|a| a.to_value()).collect();
        let statement = self.statement(sql)?;
        self.client
            .query(&statement, &postgres_args(&values))?
            .iter()
            .map(postgres_row)
            .collect()
    }

    fn dialect(&self) -> Dialect {
        Dialect::Postgres
    }
}

/// Runs `f` where rust-postgres's blocking client may block: its calls
/// (and its drop) drive a runtime of its own, which cannot start on one
/// of tokio's threads; there, `f` runs on a thread of its own.
pub fn off_runtime<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    if tokio::runtime::Handle::try_current().is_err() {
        return f();
    }
    std::thread::scope(|scope| match scope.spawn(f).join() {
        Ok(value) => value,
        Err(panic) => std::panic::resume_unwind(panic),
    })
}

/// For the tests: a new, empty database in the throwaway cluster that
/// `scripts/test.sh` starts (`scripts/pg.sh`, its URL in
/// `QUORIDOR_TEST_PG`); its URL. Fails, saying how to run them, when
/// there is none.
pub fn test_database() -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let base = std::env::var("QUORIDOR_TEST_PG").unwrap_or_default();
    assert!(
        base.starts_with("postgres://"),
        "the store's PostgreSQL tests need a cluster: run them through scripts/test.sh, \
         or start one with scripts/pg.sh start DIR and set QUORIDOR_TEST_PG to the URL it prints"
    );
    let name = format!(
        "t{}_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos())
    );
    off_runtime(|| {
        let mut admin = postgres::Client::connect(&base, postgres::NoTls)
            .unwrap_or_else(|err| panic!("QUORIDOR_TEST_PG={base}: {err}"));
        admin
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .expect("a test database");
    });
    match base.rsplit_once('/') {
        Some((server, _)) => format!("{server}/{name}"),
        None => base,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &str = "CREATE TABLE t (id TEXT PRIMARY KEY, n BIGINT NOT NULL, flag BIGINT NOT NULL, note TEXT, body BYTEA)";

    /// The same statements, the same answers, on both stores.
    fn exercise(sql: &mut dyn Sql) {
        sql.execute(TABLE, args![]).unwrap();
        let upsert = "INSERT INTO t (id, n, flag, note, body) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (id) DO UPDATE SET n = excluded.n, note = COALESCE(excluded.note, t.note)";
        let none: Option<String> = None;
        assert_eq!(
            sql.execute(upsert, args!["a", 1i64, true, "one", vec![0u8, 255]])
                .unwrap(),
            1
        );
        sql.execute(
            upsert,
            args!["b", u64::from(u32::MAX) + 1, false, none, vec![1u8]],
        )
        .unwrap();
        sql.execute(upsert, args!["a", 7usize, true, none, vec![0u8]])
            .unwrap();
        let rows = sql
            .query(
                "SELECT id, n, flag, note, body FROM t WHERE n >= ?1 ORDER BY id",
                args![0],
            )
            .unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].get::<String>(0).unwrap(), "a");
        assert_eq!(rows[0].get::<u64>(1).unwrap(), 7);
        assert!(rows[0].get::<bool>(2).unwrap());
        assert_eq!(
            rows[0].get::<Option<String>>(3).unwrap().as_deref(),
            Some("one")
        );
        assert_eq!(rows[0].get::<Vec<u8>>(4).unwrap(), [0, 255]);
        assert_eq!(rows[1].get::<i64>(1).unwrap(), 4_294_967_296);
        assert_eq!(rows[1].get::<Option<String>>(3).unwrap(), None);
        assert!(rows[1].get::<u8>(1).is_err(), "too big for a u8");
        let count = sql.query_one("SELECT COUNT(*) FROM t", args![]).unwrap();
        assert_eq!(count.get::<i64>(0).unwrap(), 2);
        let missing = sql
            .query_opt("SELECT n FROM t WHERE id = ?1", args!["zz"])
            .unwrap();
        assert_eq!(missing, None);
        // A text with a question mark and a digit stays as it was.
        sql.execute(upsert, args!["?1 'x'", 3, false, "what?2", none])
            .unwrap();
        let row = sql
            .query_one("SELECT note FROM t WHERE id = '?1 ''x'''", args![])
            .unwrap();
        assert_eq!(row.get::<String>(0).unwrap(), "what?2");
        assert_eq!(
            sql.execute("DELETE FROM t WHERE flag = ?1", args![false])
                .unwrap(),
            2
        );
        assert!(sql
            .execute("INSERT INTO nowhere VALUES (1)", args![])
            .is_err());
    }

    #[test]
    fn statements_run_the_same_on_sqlite() {
        let mut conn = rusqlite::Connection::open_in_memory().unwrap();
        exercise(&mut conn);
        let mut conn = rusqlite::Connection::open_in_memory().unwrap();
        let mut tx = conn.transaction().unwrap();
        exercise(&mut tx);
    }

    #[test]
    fn statements_run_the_same_on_postgres() {
        let url = test_database();
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        {
            let mut tx = client.transaction().unwrap();
            exercise(&mut tx);
        }
        let mut statements = Statements::new();
        {
            let mut tx = client.transaction().unwrap();
            exercise(&mut Cached {
                client: &mut tx,
                statements: &mut statements,
            });
        }
        assert!(statements.len() > 5, "the statements are kept");
        // Kept for the next transaction of the same connection.
        let mut tx = client.transaction().unwrap();
        exercise(&mut Cached {
            client: &mut tx,
            statements: &mut statements,
        });
        drop(tx);
        exercise(&mut client);
    }

    #[test]
    fn parameters_are_numbered_for_postgres_outside_quotes() {
        assert_eq!(
            postgres_text("SELECT '?1', \"a?2\" FROM t WHERE a = ?1 AND b = ?12 OR c = ?"),
            "SELECT '?1', \"a?2\" FROM t WHERE a = $1 AND b = $12 OR c = ?"
        );
    }
}
