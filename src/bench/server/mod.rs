//! `quoridor bench server`: the web server's load benchmark. Many two-player
//! games at once, every seat played by a bot client over its own WebSocket on
//! loopback, against `quoridor serve` started as a child process (or an
//! already running server with `--addr`).
//!
//! The phases: create the games over HTTP at a steady pace (one create and
//! one join each), open every WebSocket (two per game), then start every bot
//! at once and play until every game has ended (or reached
//! `--moves-per-game`); all connections stay open until the last game is
//! done. A move's round trip runs from sending `{"type":"move"}` until the
//! state message with that move arrives on the same connection. The
//! server's memory is sampled from `/proc/<pid>/status` during the run.
//!
//! - [`process`]: the server as a child process, memory and CPU readings.
//! - [`http`]: a tiny HTTP client and the set-up of the games.
//! - [`bot`]: the WebSocket clients; [`report`]: the figures.
//!
//! Requests and answers use the server's own types
//! (`quoridor_server::request`, `quoridor_server::view`).

pub(super) mod accounts;
pub(super) mod bot;
pub(super) mod http;
pub(super) mod lobby;
pub(super) mod process;
pub(super) mod report;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use quoridor_rules::Seat;
use tokio::sync::{watch, Semaphore};
use tokio::task::JoinHandle;

use self::bot::{bot, BotStats, Phase, Shared};
use self::http::{create_game, wait_for_health, Seats};
use self::process::{cpu_of, machine_cpu, memory_of, own_cpu, Memory, Sampler, ServerProcess};
use self::report::{Percentiles, Report, ServerFigures};
use quoridor_rules::rng::SplitMix64;

/// The target: p99 move round trip under 50 ms with 1,000 games
/// (2,000 WebSocket clients) at once.
pub const TARGET_GAMES: usize = 1000;
pub const TARGET_P99_MS: f64 = 50.0;

/// HTTP requests (create, join) in flight at once.
const HTTP_IN_FLIGHT: usize = 32;
/// WebSocket handshakes in flight at once (the listen queue stays short).
const CONNECTS_IN_FLIGHT: usize = 64;

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

pub fn run(args: &ServerArgs) -> crate::CliResult {
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if !(args.create_rate.is_finite() && args.create_rate >= 0.0) {
        return Err("--create-rate must be a number >= 0".into());
    }
    // The server child inherits the raised limit.
    let fd_limit = quoridor_server::listen::raise_fd_limit().unwrap_or(0);
    let load_before = super::load_average();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let report = runtime.block_on(bench(args, fd_limit, load_before))?;
    drop(runtime);
    if args.json {
        let json = serde_json::to_string_pretty(&report.to_json())?;
        crate::perft::print(&format!("{json}\n"))?;
    } else {
        crate::perft::print(&report.render())?;
    }
    let errors = report.error_count();
    if errors > 0 {
        return Err(format!("{errors} errors during the run (see the report)").into());
    }
    Ok(())
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

    fn total(&self) -> u64 {
        self.total.load(Ordering::Relaxed)
    }

    fn list(&self) -> Vec<(String, u64, String)> {
        self.kinds.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

pub(super) fn bar(len: u64, label: &str) -> ProgressBar {
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

fn micros(d: Duration) -> u32 {
    d.as_micros().min(u128::from(u32::MAX)) as u32
}

/// The server under test: where it listens, and the child process when
/// the benchmark started it.
pub(super) struct Target {
    pub process: Option<ServerProcess>,
    pub addr: SocketAddr,
    pub host: Arc<str>,
}

impl Target {
    async fn start(args: &ServerArgs) -> Result<Target, String> {
        Target::start_at(args.addr.as_deref()).await
    }

    /// The server at `addr`, or one started for the run.
    pub async fn start_at(addr: Option<&str>) -> Result<Target, String> {
        let wanted = addr.map(str::to_string);
        let mut process = match &wanted {
            Some(_) => None,
            None => Some(ServerProcess::start()?),
        };
        let (addr, host) = match (&wanted, &process) {
            (Some(text), _) => {
                let addr = tokio::net::lookup_host(text.as_str())
                    .await
                    .map_err(|err| format!("--addr {text}: {err}"))?
                    .next()
                    .ok_or_else(|| format!("--addr {text}: no address"))?;
                (addr, text.clone())
            }
            (None, Some(p)) => (p.addr, p.addr.to_string()),
            (None, None) => unreachable!("a server is started when --addr is not given"),
        };
        wait_for_health(addr, &host, &mut process).await?;
        Ok(Target {
            process,
            addr,
            host: Arc::from(host),
        })
    }

    pub fn pid(&self) -> Option<u32> {
        self.process.as_ref().map(ServerProcess::pid)
    }

    pub fn memory(&self) -> Memory {
        self.pid()
            .and_then(|p| memory_of(&p.to_string()))
            .unwrap_or_default()
    }
}

/// Creates the games at a steady pace: the games made, the seconds taken,
/// the HTTP round trips.
async fn create_games(
    args: &ServerArgs,
    target: &Target,
    shared: &Arc<Shared>,
    sessions: &Arc<Vec<String>>,
) -> Result<(Vec<Seats>, f64, Vec<u32>), Box<dyn std::error::Error>> {
    let how = if args.lobby {
        "pairing games (lobby)"
    } else {
        "creating games (HTTP)"
    };
    let progress = bar(args.games as u64, how);
    let latencies = Arc::new(Mutex::new(Vec::with_capacity(2 * args.games)));
    let in_flight = Arc::new(Semaphore::new(HTTP_IN_FLIGHT));
    let start = Instant::now();
    let mut creations = Vec::with_capacity(args.games);
    for index in 0..args.games {
        if args.create_rate > 0.0 {
            let due = start + Duration::from_secs_f64(index as f64 / args.create_rate);
            tokio::time::sleep_until(due.into()).await;
        }
        let permit = in_flight.clone().acquire_owned().await?;
        let (host, latencies, shared, progress) = (
            target.host.clone(),
            latencies.clone(),
            shared.clone(),
            progress.clone(),
        );
        let addr = target.addr;
        let sessions = sessions.clone();
        let through_lobby = args.lobby;
        creations.push(tokio::spawn(async move {
            let accounts = accounts::pair(&sessions, index);
            let made = if through_lobby {
                lobby::pair_game(addr, &host, index, &latencies, accounts).await
            } else {
                create_game(addr, &host, index, &latencies, accounts).await
            };
            drop(permit);
            progress.inc(1);
            made.map_err(|(kind, example)| shared.errors.add(&kind, example))
                .ok()
        }));
    }
    let mut games = Vec::with_capacity(args.games);
    for creation in creations {
        if let Ok(Some(seats)) = creation.await {
            games.push(seats);
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    progress.finish_with_message(format!("{} games in {seconds:.1} s", games.len()));
    if games.is_empty() {
        return Err(format!(
            "no game could be created: {:?}",
            shared.errors.list().first()
        )
        .into());
    }
    let latencies = std::mem::take(&mut *latencies.lock().unwrap_or_else(|e| e.into_inner()));
    Ok((games, seconds, latencies))
}

/// Starts a bot for every seat and waits until each has its first state
/// (or failed): the bots, and how many connected in how long.
fn start_bots(
    args: &ServerArgs,
    target: &Target,
    games: &[Seats],
    shared: &Arc<Shared>,
    phase: &watch::Receiver<Phase>,
) -> Vec<JoinHandle<BotStats>> {
    let connects = Arc::new(Semaphore::new(CONNECTS_IN_FLIGHT));
    let mut bots = Vec::with_capacity(2 * games.len());
    for (index, seats) in games.iter().enumerate() {
        let id: Arc<str> = Arc::from(seats.id.as_str());
        for (seat, token) in [(Seat::South, &seats.south), (Seat::North, &seats.north)] {
            let seed = args
                .seed
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .wrapping_add((2 * index + usize::from(seat == Seat::North)) as u64);
            bots.push(tokio::spawn(bot(
                shared.clone(),
                connects.clone(),
                target.addr,
                target.host.clone(),
                id.clone(),
                token.clone(),
                seat,
                seed,
                phase.clone(),
            )));
        }
    }
    bots
}

/// Waits until every WebSocket has opened or failed (or nothing changed
/// for `--stall-seconds`): how many are open, and the seconds taken.
async fn await_connections(args: &ServerArgs, total: usize, shared: &Shared) -> (usize, f64) {
    let progress = bar(total as u64, "opening WebSockets");
    let start = Instant::now();
    let mut seen = 0;
    let mut last_change = Instant::now();
    loop {
        let connected = shared.connected.load(Ordering::Relaxed);
        let failed = shared.failed.load(Ordering::Relaxed);
        progress.set_position(connected as u64);
        if connected + failed >= total {
            break;
        }
        if connected + failed != seen {
            seen = connected + failed;
            last_change = Instant::now();
        } else if last_change.elapsed() >= Duration::from_secs(args.stall_seconds.max(1)) {
            shared.errors.add(
                "stalled",
                format!(
                    "{} WebSockets neither opened nor failed in {} s",
                    total - seen,
                    args.stall_seconds
                ),
            );
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let seconds = start.elapsed().as_secs_f64();
    let connections = shared.connected.load(Ordering::Relaxed);
    progress.finish_with_message(format!("{connections} open in {seconds:.1} s"));
    (connections, seconds)
}

/// What the play phase measured.
struct Play {
    seconds: f64,
    stalled: bool,
    open_at_end: usize,
    server_cpu: Option<Duration>,
    client_cpu: Duration,
    machine: Option<(Duration, Duration)>,
}

/// Lets the bots play until every game is over (or nothing moves for
/// `--stall-seconds`).
async fn play(
    args: &ServerArgs,
    target: &Target,
    shared: &Shared,
    live: usize,
    games: usize,
    phase: &watch::Sender<Phase>,
) -> Play {
    let server_before = target.pid().and_then(cpu_of);
    let machine_before = machine_cpu();
    let (user_before, system_before) = own_cpu();
    let progress = bar(games as u64, "playing");
    let start = Instant::now();
    *shared.play_start.lock().unwrap_or_else(|e| e.into_inner()) = Some(start);
    let _ = phase.send(Phase::Play);
    let mut last_moves = 0;
    let mut last_progress = Instant::now();
    let mut stalled = false;
    loop {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let done = shared.done.load(Ordering::Relaxed);
        let moves = shared.moves.load(Ordering::Relaxed);
        progress.set_position((done / 2) as u64);
        progress.set_message(format!(
            "{moves} moves, {:.0}/s, {} errors",
            moves as f64 / start.elapsed().as_secs_f64(),
            shared.errors.total()
        ));
        if done >= live {
            break;
        }
        if moves != last_moves {
            last_moves = moves;
            last_progress = Instant::now();
        } else if last_progress.elapsed() >= Duration::from_secs(args.stall_seconds.max(1)) {
            stalled = true;
            break;
        }
    }
    let last_done = Duration::from_micros(shared.last_done_us.load(Ordering::Relaxed));
    let seconds = if stalled {
        start.elapsed().as_secs_f64()
    } else {
        last_done.as_secs_f64().max(1e-6)
    };
    let (user_after, system_after) = own_cpu();
    let machine_after = machine_cpu();
    let server_cpu = match (server_before, target.pid().and_then(cpu_of)) {
        (Some(a), Some(b)) => Some(b.saturating_sub(a)),
        _ => None,
    };
    let moves = shared.moves.load(Ordering::Relaxed);
    progress.finish_with_message(format!(
        "{moves} moves in {seconds:.1} s{}",
        if stalled { " (stalled)" } else { "" }
    ));
    Play {
        seconds,
        stalled,
        open_at_end: shared.open.load(Ordering::Relaxed),
        server_cpu,
        client_cpu: (user_after + system_after).saturating_sub(user_before + system_before),
        machine: match (machine_before, machine_after) {
            (Some((b0, t0)), Some((b1, t1))) => {
                Some((b1.saturating_sub(b0), t1.saturating_sub(t0)))
            }
            _ => None,
        },
    }
}

/// What the bots measured, put together.
#[derive(Default)]
struct Results {
    /// (sent, round trip) of every acknowledged move, in µs, by when sent.
    timed: Vec<(u64, u32)>,
    plies: Vec<usize>,
    ended: usize,
    cut: usize,
}

async fn collect(args: &ServerArgs, bots: Vec<JoinHandle<BotStats>>, shared: &Shared) -> Results {
    let mut results = Results::default();
    for (i, handle) in bots.into_iter().enumerate() {
        let Ok(stats) = handle.await else {
            shared.errors.add("bot panicked", "a bot task panicked");
            continue;
        };
        results.timed.extend(
            stats
                .sent
                .iter()
                .copied()
                .zip(stats.round_trips.iter().copied()),
        );
        if i % 2 == 0 {
            results.plies.push(stats.plies);
            if stats.termination.is_some() {
                results.ended += 1;
            } else if args.moves_per_game.is_some_and(|n| stats.plies >= n) {
                results.cut += 1;
            }
        }
    }
    results.timed.sort_unstable();
    results
}

/// The round trips of each tenth of the play time, and the most moves
/// acknowledged in one second.
fn over_time(timed: &[(u64, u32)], play_seconds: f64) -> (Vec<Percentiles>, u64) {
    let slice_us = (play_seconds * 1e6 / 10.0).max(1.0);
    let mut slices = vec![Vec::new(); 10];
    for &(sent, rtt) in timed {
        slices[((sent as f64 / slice_us) as usize).min(9)].push(rtt);
    }
    let mut per_second = vec![0u64; play_seconds.ceil() as usize + 2];
    for &(sent, rtt) in timed {
        let acked = (sent + u64::from(rtt)) / 1_000_000;
        if let Some(n) = per_second.get_mut(acked as usize) {
            *n += 1;
        }
    }
    (
        slices.into_iter().map(Percentiles::of).collect(),
        per_second.iter().copied().max().unwrap_or(0),
    )
}

fn write_samples(path: &std::path::Path, timed: &[(u64, u32)]) -> Result<(), String> {
    let mut csv = String::from("sent_ms,round_trip_ms\n");
    for &(sent, rtt) in timed {
        csv.push_str(&format!(
            "{:.3},{:.3}\n",
            sent as f64 / 1000.0,
            f64::from(rtt) / 1000.0
        ));
    }
    std::fs::write(path, csv).map_err(|err| format!("{}: {err}", path.display()))
}

async fn bench(
    args: &ServerArgs,
    fd_limit: u64,
    load_before: Option<String>,
) -> Result<Report, Box<dyn std::error::Error>> {
    let mut target = Target::start(args).await?;
    let sampler = target.pid().map(Sampler::start);
    let mut figures = target.pid().map(|pid| ServerFigures {
        pid,
        idle: target.memory(),
        sync: std::env::var("QUORIDOR_DB_SYNC").unwrap_or_else(|_| "full".into()),
        ..ServerFigures::default()
    });
    let shared = Arc::new(Shared {
        think: args.think_ms,
        fence_percent: args.fence_percent,
        moves_per_game: args.moves_per_game,
        errors: Errors::default(),
        open: AtomicUsize::new(0),
        connected: AtomicUsize::new(0),
        failed: AtomicUsize::new(0),
        done: AtomicUsize::new(0),
        moves: AtomicU64::new(0),
        last_done_us: AtomicU64::new(0),
        play_start: Mutex::new(None),
        messages_in: AtomicU64::new(0),
        bytes_in: AtomicU64::new(0),
    });

    let (sessions, sign_up_seconds) = if args.accounts > 0 {
        accounts::sign_up(&target, args.accounts).await?
    } else {
        (Vec::new(), 0.0)
    };
    let sessions = Arc::new(sessions);
    let (games, create_seconds, http_samples) =
        create_games(args, &target, &shared, &sessions).await?;
    if let Some(f) = figures.as_mut() {
        f.after_create = target.memory();
    }
    let (phase_tx, phase_rx) = watch::channel(Phase::Connecting);
    let bots = start_bots(args, &target, &games, &shared, &phase_rx);
    let (connections, connect_seconds) = await_connections(args, 2 * games.len(), &shared).await;
    if let Some(f) = figures.as_mut() {
        f.after_connect = target.memory();
    }
    let played = play(args, &target, &shared, connections, games.len(), &phase_tx).await;
    if let Some(f) = figures.as_mut() {
        f.end_of_play = target.memory();
        f.hwm_kib = f.end_of_play.hwm_kib;
        f.cpu_play = played.server_cpu.unwrap_or_default();
    }

    // Stop the bots, read the accounts' ratings, then stop the server.
    let _ = phase_tx.send(Phase::Stop);
    let results = collect(args, bots, &shared).await;
    let account_figures = if sessions.is_empty() {
        None
    } else {
        let rated_games = accounts::rated_games(&target, &sessions).await?;
        if rated_games != results.ended as u64 {
            shared.errors.add(
                "ratings",
                format!(
                    "{} games ended, {rated_games} counted by the ratings",
                    results.ended
                ),
            );
        }
        Some(accounts::AccountFigures {
            accounts: sessions.len(),
            sign_up_seconds,
            rated_games,
        })
    };
    if played.stalled {
        let unfinished = games.len() - results.ended - results.cut;
        shared.errors.add(
            "stalled",
            format!(
                "no move for {} s; {unfinished} games unfinished",
                args.stall_seconds
            ),
        );
    }
    if let (Some(f), Some(p)) = (figures.as_mut(), target.process.as_mut()) {
        f.peak_rss_kib = sampler.as_ref().map_or(0, Sampler::peak);
        f.cpu_total = cpu_of(f.pid).unwrap_or_default();
        let (took, killed) = p.stop(Duration::from_secs(10));
        f.stop_time = took;
        f.killed = killed;
        // The one line a server writes when it stops is expected.
        f.stderr = p
            .stderr_lines()
            .into_iter()
            .filter(|l| !l.starts_with("quoridor serve: stopping"))
            .collect();
    }
    drop(sampler);
    if let Some(path) = &args.samples {
        write_samples(path, &results.timed)?;
    }
    let (slices, peak_moves_per_sec) = over_time(&results.timed, played.seconds);
    let (user, system) = own_cpu();
    Ok(Report {
        args: args.clone(),
        target: target.host.to_string(),
        fd_limit,
        cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
        load_before,
        load_after: super::load_average(),
        games_created: games.len(),
        create_seconds,
        http: Percentiles::of(http_samples),
        connections,
        connect_seconds,
        open_at_end: played.open_at_end,
        play_seconds: played.seconds,
        moves: shared.moves.load(Ordering::Relaxed),
        round_trip: Percentiles::of(results.timed.iter().map(|&(_, rtt)| rtt).collect()),
        slices,
        peak_moves_per_sec,
        messages_in: shared.messages_in.load(Ordering::Relaxed),
        bytes_in: shared.bytes_in.load(Ordering::Relaxed),
        plies: results.plies,
        ended: results.ended,
        cut: results.cut,
        stalled: played.stalled,
        errors: shared.errors.list(),
        server: figures,
        client_user: user,
        client_system: system,
        client_play_cpu: played.client_cpu,
        machine_play: played.machine,
        client_hwm_kib: memory_of("self").map_or(0, |m| m.hwm_kib),
        accounts: account_figures,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn think_times() {
        assert_eq!("0".parse(), Ok(ThinkTime { lo: 0, hi: 0 }));
        assert_eq!("500-1000".parse(), Ok(ThinkTime { lo: 500, hi: 1000 }));
        assert!("1000-500".parse::<ThinkTime>().is_err());
        assert!("fast".parse::<ThinkTime>().is_err());
    }

    #[test]
    fn percentiles() {
        let p = Percentiles::of((1..=1000).map(|i| i * 1000).collect());
        assert_eq!((p.p50_ms, p.p99_ms, p.max_ms), (500.0, 990.0, 1000.0));
    }
}
