//! `quoridor backup` and `quoridor restore`: a copy of the server's
//! database taken while it runs, and put back while it does not.

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
