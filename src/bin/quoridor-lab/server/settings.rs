//! A load run's settings (the command line, think times) and what its
//! parts share: the error tally, progress bars, microsecond figures.

use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use quoridor_rules::rng::SplitMix64;

/// The target: p99 move round trip under 50 ms with 1,000 games
/// (2,000 WebSocket clients) at once.
pub const TARGET_GAMES: usize = 1000;
pub const TARGET_P99_MS: f64 = 50.0;

#[derive(clap::Args, Clone, Debug)]
pub struct ServerArgs {
    /// Games played at once (two WebSocket clients each).
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Stop every game after this many moves [default: play until it ends].
    #[arg(long)]
    pub moves_per_game: Option<usize>,
    /// How long a bot waits between seeing its turn and moving: T (ms), or
    /// LO-HI for a time drawn uniformly for each move.
    #[arg(long, default_value = "0")]
    pub think_ms: ThinkTime,
    /// Play against the server already running at HOST:PORT instead of
    /// starting one (its memory is then not measured).
    #[arg(long)]
    pub addr: Option<String>,
    /// Another instance of the same cluster (HOST:PORT, started with
    /// --instance-address): every north player connects through it, so
    /// that half the sockets are relayed to the instance holding their
    /// game (docs/deploy.md, "More than one machine").
    #[arg(long, value_name = "HOST:PORT")]
    pub relay_addr: Option<String>,
    /// The store of the server started for the run: a PostgreSQL database
    /// (postgres://…, new or empty) instead of a SQLite file in a
    /// temporary folder; PostgreSQL's commits, rows and CPU per move are
    /// reported.
    #[arg(long, value_name = "URL")]
    pub db: Option<String>,
    /// Games created per second while setting up (0: as fast as possible).
    #[arg(long, default_value_t = 200.0)]
    pub create_rate: f64,
    /// Chance (percent) that a bot with fences left places one, when a
    /// fence it weighs lengthens the opponent's path more than its own.
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(0..=100))]
    pub fence_percent: u32,
    /// Seed of the bots' choices and think times.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Give up when no move has been acknowledged for this many seconds.
    #[arg(long, default_value_t = 30)]
    pub stall_seconds: u64,
    /// Also write every move's round trip to FILE (CSV: when it was sent
    /// and its round trip, in ms from the start of play).
    #[arg(long, value_name = "FILE")]
    pub samples: Option<PathBuf>,
    /// Sign up this many accounts first and make every game a rated game
    /// between two of them (with a 10 min + 5 s clock); 0: anonymous games
    /// without a clock.
    #[arg(long, default_value_t = 0)]
    pub accounts: usize,
    /// Pair every game in the lobby (a seek over one client's lobby
    /// WebSocket, accepted over another's) instead of create and join.
    #[arg(long)]
    pub lobby: bool,
    /// Print one JSON object with every figure instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// A think time: fixed, or drawn from `lo..=hi` for each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThinkTime {
    pub lo: u32,
    pub hi: u32,
}

impl FromStr for ThinkTime {
    type Err = String;

    fn from_str(text: &str) -> Result<ThinkTime, String> {
        let number = |t: &str| {
            t.trim().parse::<u32>().map_err(|_| {
                format!("expected milliseconds such as 500 or 500-1000, found {text:?}")
            })
        };
        let (lo, hi) = match text.split_once('-') {
            Some((lo, hi)) => (number(lo)?, number(hi)?),
            None => {
                let t = number(text)?;
                (t, t)
            }
        };
        if lo > hi {
            return Err(format!("{lo}-{hi}: the low end is above the high end"));
        }
        Ok(ThinkTime { lo, hi })
    }
}

impl std::fmt::Display for ThinkTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.lo == self.hi {
            write!(f, "{} ms", self.lo)
        } else {
            write!(f, "{}-{} ms", self.lo, self.hi)
        }
    }
}

impl ThinkTime {
    pub fn draw(&self, rng: &mut SplitMix64) -> Duration {
        let (lo, hi) = (u64::from(self.lo), u64::from(self.hi));
        Duration::from_millis(lo + rng.below(hi - lo + 1))
    }
}

/// Errors, counted by kind, with the first example of each.
#[derive(Default)]
pub struct Errors {
    /// (kind, count, first example).
    kinds: Mutex<Vec<(String, u64, String)>>,
    total: AtomicU64,
}

impl Errors {
    pub fn add(&self, kind: &str, example: impl Into<String>) {
        self.total.fetch_add(1, Ordering::Relaxed);
        let mut kinds = self.kinds.lock().unwrap_or_else(|e| e.into_inner());
        match kinds.iter_mut().find(|k| k.0 == kind) {
            Some(k) => k.1 += 1,
            None => kinds.push((kind.to_string(), 1, example.into())),
        }
    }

    pub fn total(&self) -> u64 {
        self.total.load(Ordering::Relaxed)
    }

    pub fn list(&self) -> Vec<(String, u64, String)> {
        self.kinds.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

pub fn bar(len: u64, label: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix:<24} [{bar:30}] {pos:>5}/{len:<5} {elapsed:>4} {msg}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar.set_prefix(label.to_string());
    bar
}

pub fn micros(d: Duration) -> u32 {
    d.as_micros().min(u128::from(u32::MAX)) as u32
}
