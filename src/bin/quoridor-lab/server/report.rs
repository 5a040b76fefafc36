//! The figures of a run, as a table for people or one JSON object.

use std::time::Duration;

use serde_json::{json, Value};

use super::process::Memory;
use super::settings::{ServerArgs, TARGET_GAMES, TARGET_P99_MS};

/// `writeln!` into a `String`, which cannot fail.
macro_rules! w {
    ($out:expr, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        writeln!($out, $($arg)*).expect("writing to a String")
    }};
}

#[derive(Default)]
pub struct Percentiles {
    pub count: usize,
    pub mean_ms: f64,
    pub p50_ms: f64,
    pub p90_ms: f64,
    pub p99_ms: f64,
    pub p999_ms: f64,
    pub max_ms: f64,
}

impl Percentiles {
    pub fn of(mut samples: Vec<u32>) -> Percentiles {
        if samples.is_empty() {
            return Percentiles::default();
        }
        samples.sort_unstable();
        let at = |q: f64| {
            let i = ((q * samples.len() as f64).ceil() as usize).clamp(1, samples.len()) - 1;
            f64::from(samples[i]) / 1000.0
        };
        Percentiles {
            count: samples.len(),
            mean_ms: samples.iter().map(|&s| f64::from(s)).sum::<f64>()
                / samples.len() as f64
                / 1000.0,
            p50_ms: at(0.50),
            p90_ms: at(0.90),
            p99_ms: at(0.99),
            p999_ms: at(0.999),
            max_ms: at(1.0),
        }
    }

    fn to_json(&self) -> Value {
        json!({
            "samples": self.count,
            "mean_ms": self.mean_ms,
            "p50_ms": self.p50_ms,
            "p90_ms": self.p90_ms,
            "p99_ms": self.p99_ms,
            "p999_ms": self.p999_ms,
            "max_ms": self.max_ms,
        })
    }

    fn line(&self) -> String {
        format!(
            "p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms, max {:.2} ms (mean {:.2} ms, {} samples)",
            self.p50_ms, self.p90_ms, self.p99_ms, self.p999_ms, self.max_ms, self.mean_ms, self.count
        )
    }
}

/// The server's memory at each phase (KiB), when it was started by us.
#[derive(Default)]
pub struct ServerFigures {
    pub pid: u32,
    pub idle: Memory,
    pub after_create: Memory,
    pub after_connect: Memory,
    pub end_of_play: Memory,
    /// Highest VmRSS sampled (every 50 ms).
    pub peak_rss_kib: u64,
    /// VmHWM at the end of play.
    pub hwm_kib: u64,
    pub cpu_play: Duration,
    pub cpu_total: Duration,
    pub stop_time: Duration,
    pub killed: bool,
    pub stderr: Vec<String>,
    pub sync: String,
}

pub struct Report {
    pub args: ServerArgs,
    pub target: String,
    pub fd_limit: u64,
    pub cpus: usize,
    pub load_before: Option<String>,
    pub load_after: Option<String>,
    pub games_created: usize,
    pub create_seconds: f64,
    pub http: Percentiles,
    pub connections: usize,
    pub connect_seconds: f64,
    /// WebSockets still open when the last game ended.
    pub open_at_end: usize,
    pub play_seconds: f64,
    pub moves: u64,
    pub round_trip: Percentiles,
    /// The round trips of each tenth of the play time, by when they were sent.
    pub slices: Vec<Percentiles>,
    /// The most moves acknowledged in one second of play.
    pub peak_moves_per_sec: u64,
    /// Messages the clients received during play, and their bytes.
    pub messages_in: u64,
    pub bytes_in: u64,
    /// Plies of each game, by its south bot.
    pub plies: Vec<usize>,
    pub ended: usize,
    pub cut: usize,
    pub stalled: bool,
    pub errors: Vec<(String, u64, String)>,
    pub server: Option<ServerFigures>,
    /// What PostgreSQL did during play (`--db postgres://…`).
    pub store: Option<super::postgres::StoreFigures>,
    pub client_user: Duration,
    pub client_system: Duration,
    pub client_play_cpu: Duration,
    pub client_hwm_kib: u64,
    /// The whole machine during play: busy CPU time and all CPU time.
    pub machine_play: Option<(Duration, Duration)>,
    /// With `--accounts`: the sign-ups and the rated games counted.
    pub accounts: Option<super::accounts::AccountFigures>,
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

impl Report {
    pub fn error_count(&self) -> u64 {
        self.errors.iter().map(|e| e.1).sum()
    }

    fn moves_per_sec(&self) -> f64 {
        self.moves as f64 / self.play_seconds
    }

    fn target_met(&self) -> Option<bool> {
        (self.args.games >= TARGET_GAMES).then(|| {
            self.connections >= 2 * TARGET_GAMES
                && self.error_count() == 0
                && self.round_trip.count > 0
                && self.round_trip.p99_ms < TARGET_P99_MS
        })
    }

    fn mean_plies(&self) -> f64 {
        if self.plies.is_empty() {
            return 0.0;
        }
        self.plies.iter().sum::<usize>() as f64 / self.plies.len() as f64
    }

    pub fn to_json(&self) -> Value {
        let memory = |m: &Memory| json!({"rss_kib": m.rss_kib, "hwm_kib": m.hwm_kib});
        let server = self.server.as_ref().map(|f| {
            json!({
                "pid": f.pid,
                "db_sync": f.sync,
                "memory_idle": memory(&f.idle),
                "memory_after_create": memory(&f.after_create),
                "memory_after_connect": memory(&f.after_connect),
                "memory_end_of_play": memory(&f.end_of_play),
                "peak_rss_kib": f.peak_rss_kib,
                "hwm_kib": f.hwm_kib,
                "cpu_seconds_play": f.cpu_play.as_secs_f64(),
                "cpu_seconds_total": f.cpu_total.as_secs_f64(),
                "stop_seconds": f.stop_time.as_secs_f64(),
                "killed": f.killed,
                "stderr": f.stderr,
            })
        });
        let store = self.store.as_ref().map(|f| {
            json!({
                "kind": "postgres",
                "commits": f.commits,
                "rows_written": f.rows,
                "cpu_seconds_play": f.cpu.as_secs_f64(),
            })
        });
        json!({
            "benchmark": "quoridor bench server",
            "store": store,
            "version": env!("CARGO_PKG_VERSION"),
            "cpus": self.cpus,
            "load_average_before": self.load_before,
            "load_average_after": self.load_after,
            "fd_limit": self.fd_limit,
            "server_started_by_bench": self.args.addr.is_none(),
            "target": self.target,
            "settings": {
                "games": self.args.games,
                "moves_per_game": self.args.moves_per_game,
                "think_ms": [self.args.think_ms.lo, self.args.think_ms.hi],
                "create_rate": self.args.create_rate,
                "fence_percent": self.args.fence_percent,
                "seed": self.args.seed,
                "accounts": self.args.accounts,
                "lobby": self.args.lobby,
            },
            "accounts": self.accounts.as_ref().map(|a| json!({
                "accounts": a.accounts,
                "sign_up_seconds": a.sign_up_seconds,
                "rated_games_counted": a.rated_games,
            })),
            "games": self.games_created,
            "connections": self.connections,
            "connections_open_at_end": self.open_at_end,
            "create_seconds": self.create_seconds,
            "http_request": self.http.to_json(),
            "connect_seconds": self.connect_seconds,
            "play_seconds": self.play_seconds,
            "moves": self.moves,
            "moves_per_sec": self.moves_per_sec(),
            "peak_moves_per_sec": self.peak_moves_per_sec,
            "round_trip": self.round_trip.to_json(),
            "round_trip_by_tenth": self.slices.iter().map(Percentiles::to_json).collect::<Vec<_>>(),
            "messages_received": self.messages_in,
            "bytes_received": self.bytes_in,
            "games_ended": self.ended,
            "games_cut": self.cut,
            "mean_plies": self.mean_plies(),
            "min_plies": self.plies.iter().min(),
            "max_plies": self.plies.iter().max(),
            "stalled": self.stalled,
            "errors": self.error_count(),
            "error_kinds": self.errors.iter().map(|(kind, count, example)| {
                json!({"kind": kind, "count": count, "example": example})
            }).collect::<Vec<_>>(),
            "server": server,
            "client": {
                "cpu_user_seconds": self.client_user.as_secs_f64(),
                "cpu_system_seconds": self.client_system.as_secs_f64(),
                "cpu_seconds_play": self.client_play_cpu.as_secs_f64(),
                "hwm_kib": self.client_hwm_kib,
            },
            "machine_cpu_seconds_play": self.machine_play.map(|(busy, total)| {
                json!({"busy": busy.as_secs_f64(), "total": total.as_secs_f64()})
            }),
            "target_p99_ms": TARGET_P99_MS,
            "target_games": TARGET_GAMES,
            "target_met": self.target_met(),
        })
    }

    pub fn render(&self) -> String {
        let mut out = String::new();
        self.render_setting(&mut out);
        self.render_phases(&mut out);
        self.render_cpu_and_memory(&mut out);
        self.render_target(&mut out);
        out
    }

    /// What was run, on what.
    fn render_setting(&self, out: &mut String) {
        let a = &self.args;
        let limit = a
            .moves_per_game
            .map_or("until the game ends".to_string(), |n| {
                format!("at most {n} moves a game")
            });
        w!(
            *out,
            "quoridor bench server: {} games, {} WebSocket clients, think {}, {limit}, seed {}",
            a.games,
            2 * a.games,
            a.think_ms,
            a.seed
        );
        match &self.server {
            Some(f) => w!(
                *out,
                "server: quoridor serve at {} (child pid {}, database in a temporary directory, \
                 sync {}), no rate limits",
                self.target,
                f.pid,
                f.sync
            ),
            None => w!(
                *out,
                "server: {} (already running; its memory is not measured)",
                self.target
            ),
        }
        w!(
            *out,
            "machine: {} cores; open-file limit {}{}",
            self.cpus,
            self.fd_limit,
            match (&self.load_before, &self.load_after) {
                (Some(b), Some(a)) => format!("; load average {b} before, {a} after"),
                _ => String::new(),
            }
        );
        out.push('\n');
    }

    /// Set-up, play, round trips, errors.
    fn render_phases(&self, out: &mut String) {
        if let Some(a) = &self.accounts {
            w!(
                *out,
                "{:<26} {} accounts in {:.1} s; every game rated between two of them; \
                 {} rated games counted by their ratings",
                "sign-up (HTTP, argon2id)",
                a.accounts,
                a.sign_up_seconds,
                a.rated_games
            );
        }
        let how = if self.args.lobby {
            "paired in the lobby (WS)"
        } else {
            "create + join (HTTP)"
        };
        w!(
            *out,
            "{:<26} {} games in {:.1} s; request round trip {}",
            how,
            self.games_created,
            self.create_seconds,
            self.http.line()
        );
        w!(
            *out,
            "{:<26} {} of {} in {:.1} s; {} still open when the last game ended",
            "WebSockets opened",
            self.connections,
            2 * self.games_created,
            self.connect_seconds,
            self.open_at_end
        );
        w!(
            *out,
            "{:<26} {} moves in {:.1} s = {:.0} moves/s (best second {}); {} games ended, {} cut; \
             {:.1} plies a game (min {}, max {}){}",
            "play",
            self.moves,
            self.play_seconds,
            self.moves_per_sec(),
            self.peak_moves_per_sec,
            self.ended,
            self.cut,
            self.mean_plies(),
            self.plies.iter().min().unwrap_or(&0),
            self.plies.iter().max().unwrap_or(&0),
            if self.stalled { "; STALLED" } else { "" }
        );
        w!(*out, "{:<26} {}", "move round trip", self.round_trip.line());
        let tenths: Vec<String> = self
            .slices
            .iter()
            .map(|p| format!("{:.0}", p.p99_ms))
            .collect();
        w!(
            *out,
            "{:<26} {} ms",
            "  p99 by tenth of play",
            tenths.join(", ")
        );
        if self.messages_in > 0 {
            w!(
                *out,
                "{:<26} {} messages, {:.0} bytes each on average; {:.1} MB/s to the clients",
                "received during play",
                self.messages_in,
                self.bytes_in as f64 / self.messages_in as f64,
                self.bytes_in as f64 / 1e6 / self.play_seconds
            );
        }
        if self.errors.is_empty() {
            w!(*out, "{:<26} none", "errors");
        } else {
            w!(*out, "{:<26} {}", "errors", self.error_count());
            for (kind, count, example) in &self.errors {
                w!(*out, "  {count:>7} {kind}: e.g. {example}");
            }
        }
    }

    /// The server's and the clients' memory and CPU, and the machine's.
    fn render_cpu_and_memory(&self, out: &mut String) {
        if let Some(f) = &self.server {
            let per_conn = if self.connections > 0 {
                (f.after_connect
                    .rss_kib
                    .saturating_sub(f.after_create.rss_kib)) as f64
                    / self.connections as f64
            } else {
                0.0
            };
            w!(
                *out,
                "{:<26} RSS {:.1} MiB idle, {:.1} MiB with the games created, {:.1} MiB with every \
                 WebSocket open ({per_conn:.1} KiB a connection), {:.1} MiB at the end; peak {:.1} MiB \
                 (VmHWM {:.1} MiB)",
                "server memory",
                mib(f.idle.rss_kib),
                mib(f.after_create.rss_kib),
                mib(f.after_connect.rss_kib),
                mib(f.end_of_play.rss_kib),
                mib(f.peak_rss_kib),
                mib(f.hwm_kib),
            );
            w!(
                *out,
                "{:<26} {:.1} s during play ({:.0}% of one core), {:.1} s in all; stopped in {:.2} s{}",
                "server CPU",
                f.cpu_play.as_secs_f64(),
                100.0 * f.cpu_play.as_secs_f64() / self.play_seconds,
                f.cpu_total.as_secs_f64(),
                f.stop_time.as_secs_f64(),
                if f.killed { " (killed: SIGTERM was not enough)" } else { "" }
            );
            if let Some(store) = &self.store {
                let moves = self.moves.max(1) as f64;
                w!(
                    *out,
                    "{:<26} {} commits ({:.2} a move), {} rows written ({:.1} a move); CPU {:.1} s \
                     during play ({:.0}% of one core, {:.0} µs a move)",
                    "PostgreSQL",
                    store.commits,
                    store.commits as f64 / moves,
                    store.rows,
                    store.rows as f64 / moves,
                    store.cpu.as_secs_f64(),
                    100.0 * store.cpu.as_secs_f64() / self.play_seconds,
                    1e6 * store.cpu.as_secs_f64() / moves,
                );
            }
            if !f.stderr.is_empty() {
                w!(*out, "server stderr ({} lines):", f.stderr.len());
                for line in f.stderr.iter().take(10) {
                    w!(*out, "  {line}");
                }
            }
        }
        w!(
            *out,
            "{:<26} {:.1} s CPU during play ({:.0}% of one core); {:.1} s user + {:.1} s system in \
             all; peak RSS {:.1} MiB",
            "clients (this process)",
            self.client_play_cpu.as_secs_f64(),
            100.0 * self.client_play_cpu.as_secs_f64() / self.play_seconds,
            self.client_user.as_secs_f64(),
            self.client_system.as_secs_f64(),
            mib(self.client_hwm_kib)
        );
        if let Some((busy, total)) = self.machine_play {
            let ours =
                self.client_play_cpu + self.server.as_ref().map_or(Duration::ZERO, |f| f.cpu_play);
            w!(
                *out,
                "{:<26} {:.0}% busy during play (all cores); other processes {:.1} s CPU ({:.0}% of \
                 one core)",
                "machine",
                100.0 * busy.as_secs_f64() / total.as_secs_f64().max(1e-9),
                busy.saturating_sub(ours).as_secs_f64(),
                100.0 * busy.saturating_sub(ours).as_secs_f64() / self.play_seconds,
            );
        }
    }

    /// Whether the target was met.
    fn render_target(&self, out: &mut String) {
        let a = &self.args;
        out.push('\n');
        match self.target_met() {
            Some(met) => w!(
                *out,
                "target: p99 move round trip < {TARGET_P99_MS} ms with {TARGET_GAMES} games / {} \
                 clients (or more), no errors: {} ({} games, p99 {:.2} ms)",
                2 * TARGET_GAMES,
                if met { "met" } else { "MISSED" },
                a.games,
                self.round_trip.p99_ms
            ),
            None => w!(
                *out,
                "target (p99 < {TARGET_P99_MS} ms at {TARGET_GAMES} games) not judged: only {} games",
                a.games
            ),
        }
    }
}
