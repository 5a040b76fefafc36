//! `quoridor backup` and `quoridor restore`: a copy of the server's
//! database taken while it runs, and put back while it does not; and
//! `quoridor migrate`: a SQLite database moved into PostgreSQL.

use std::path::PathBuf;
use std::time::Instant;

use quoridor_server::config::db_path;
use quoridor_server::db::backup;

#[derive(clap::Args, Clone, Debug)]
pub struct BackupArgs {
    /// The database to copy (default: the one `quoridor serve` uses).
    #[arg(long, env = "QUORIDOR_DB")]
    pub db: Option<PathBuf>,
    /// The file to write (never replaced if it exists).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: PathBuf,
}

#[derive(clap::Args, Clone, Debug)]
pub struct RestoreArgs {
    /// The backup to put back.
    pub file: PathBuf,
    /// The database to replace (default: the one `quoridor serve` uses).
    /// No server may be running on it; the database replaced is kept
    /// beside it as NAME.replaced-<time>.
    #[arg(long, env = "QUORIDOR_DB")]
    pub db: Option<PathBuf>,
}

#[derive(clap::Args, Clone, Debug)]
pub struct MigrateArgs {
    /// The SQLite database to copy (default: the one `quoridor serve`
    /// uses). No server may be running on it.
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
    /// The PostgreSQL database to fill, postgres://USER:PASSWORD@HOST/NAME
    /// (new, or empty: one that holds anything is refused).
    #[arg(long, value_name = "URL")]
    pub to: String,
}

pub fn run_migrate(args: &MigrateArgs) -> crate::CliResult {
    let from = db_path(args.from.as_deref())?;
    let began = Instant::now();
    let copied = quoridor_server::db::migrate::migrate(&from, &args.to, |table, rows| {
        eprintln!("copied {table}: {rows} rows");
    })?;
    let rows: u64 = copied.iter().map(|(_, n)| n).sum();
    println!(
        "{} copied into {}: {rows} rows in {} tables, counts checked, in {:.2} s",
        from.display(),
        quoridor_server::db::postgres::shown(&args.to),
        copied.len(),
        began.elapsed().as_secs_f64()
    );
    Ok(())
}

pub fn run_backup(args: &BackupArgs) -> crate::CliResult {
    let db = db_path(args.db.as_deref())?;
    let began = Instant::now();
    let copied = backup::backup(&db, &args.output)?;
    println!(
        "backup of {} written and checked: {copied} in {:.2} s",
        db.display(),
        began.elapsed().as_secs_f64()
    );
    Ok(())
}

pub fn run_restore(args: &RestoreArgs) -> crate::CliResult {
    let db = db_path(args.db.as_deref())?;
    let (placed, aside) = backup::restore(&args.file, &db)?;
    println!("restored {} as {placed}", args.file.display());
    if let Some(aside) = aside {
        println!("the database it replaced is kept as {}", aside.display());
    }
    Ok(())
}
