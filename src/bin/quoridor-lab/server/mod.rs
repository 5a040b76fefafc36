//! `quoridor-lab bench server`: the web server's load benchmark. Many two-player
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
//! - [`bot`]: the WebSocket clients; [`report`]: the figures;
//!   [`postgres`]: what PostgreSQL did, with `--db postgres://…`.
//!
//! Requests and answers use the server's own types
//! (`quoridor_server::request`, `quoridor_server::view`).

pub(super) mod accounts;
pub(super) mod bot;
pub(super) mod http;
pub(super) mod lobby;
pub(super) mod postgres;
pub(super) mod process;
pub(super) mod report;
pub(super) mod settings;
pub(super) mod target;

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use quoridor_rules::Seat;
use tokio::sync::{watch, Semaphore};
use tokio::task::JoinHandle;

use self::bot::{bot, BotStats, Phase, Shared};
use self::http::{create_game, Seats};
use self::process::{cpu_of, machine_cpu, memory_of, own_cpu, Sampler};
use self::report::{Percentiles, Report, ServerFigures};
pub use self::settings::{bar, Errors, ServerArgs, ThinkTime};
pub use self::target::Target;

/// HTTP requests (create, join) in flight at once.
const HTTP_IN_FLIGHT: usize = 32;
/// WebSocket handshakes in flight at once (the listen queue stays short).
const CONNECTS_IN_FLIGHT: usize = 64;

pub fn run(args: &ServerArgs) -> quoridor::CliResult {
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if !(args.create_rate.is_finite() && args.create_rate >= 0.0) {
        return Err("--create-rate must be a number >= 0".into());
    }
    // The server child inherits the raised limit.
    let fd_limit = quoridor_server::listen::raise_fd_limit().unwrap_or(0);
    let load_before = quoridor::bench::load_average();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let report = runtime.block_on(bench(args, fd_limit, load_before))?;
    drop(runtime);
    if args.json {
        let json = serde_json::to_string_pretty(&report.to_json())?;
        quoridor::output::print(&format!("{json}\n"))?;
    } else {
        quoridor::output::print(&report.render())?;
    }
    let errors = report.error_count();
    if errors > 0 {
        return Err(format!("{errors} errors during the run (see the report)").into());
    }
    Ok(())
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
            let (addr, host) = match (&target.relay, seat) {
                (Some((addr, host)), Seat::North) => (*addr, host.clone()),
                _ => (target.addr, target.host.clone()),
            };
            let seed = args
                .seed
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .wrapping_add((2 * index + usize::from(seat == Seat::North)) as u64);
            bots.push(tokio::spawn(bot(
                shared.clone(),
                connects.clone(),
                addr,
                host,
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
    let store_before = match &args.db {
        Some(url) => Some(postgres::snapshot(url)?),
        None => None,
    };
    let played = play(args, &target, &shared, connections, games.len(), &phase_tx).await;
    let store = match (&args.db, store_before) {
        (Some(url), Some(before)) => {
            // The backends report their counters within a second of idling.
            tokio::time::sleep(Duration::from_millis(1500)).await;
            Some(before.until(postgres::snapshot(url)?))
        }
        _ => None,
    };
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
        load_after: quoridor::bench::load_average(),
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
        store,
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
