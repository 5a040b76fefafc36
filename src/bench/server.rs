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

use std::io::BufRead;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use quoridor_rules::{Fence, Move, Position, Seat, Square};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{watch, Semaphore};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

use super::rng::Rng;

/// `writeln!` into a `String`, which cannot fail.
macro_rules! w {
    ($out:expr, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        writeln!($out, $($arg)*).expect("writing to a String")
    }};
}

/// The target: p99 move round trip under 50 ms with 1,000 games
/// (2,000 WebSocket clients) at once.
pub const TARGET_GAMES: usize = 1000;
pub const TARGET_P99_MS: f64 = 50.0;

/// HTTP requests (create, join) in flight at once.
const HTTP_IN_FLIGHT: usize = 32;
/// WebSocket handshakes in flight at once (the listen queue stays short).
const CONNECTS_IN_FLIGHT: usize = 64;
/// Steps of the opponent's shortest path a bot considers cutting with a fence.
const BLOCKED_STEPS: usize = 3;

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
    fn draw(&self, rng: &mut Rng) -> Duration {
        Duration::from_millis(u64::from(rng.range(self.lo, self.hi)))
    }
}

pub fn run(args: &ServerArgs) -> crate::CliResult {
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if !(args.create_rate.is_finite() && args.create_rate >= 0.0) {
        return Err("--create-rate must be a number >= 0".into());
    }
    let fd_limit = raise_fd_limit();
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

/// Raises the soft limit on open files to the hard limit; the server child
/// inherits it. Returns the soft limit now in force.
fn raise_fd_limit() -> u64 {
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 0;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: limit.rlim_max.min(1 << 20),
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit.rlim_cur = raised.rlim_cur;
            }
        }
        // rlim_t is u64 on 64-bit Linux, not everywhere.
        #[allow(clippy::unnecessary_cast)]
        let soft = limit.rlim_cur as u64;
        soft
    }
}

// ---------------------------------------------------------------------------
// The server under test

/// `quoridor serve` as a child process, in a temporary directory.
struct ServerProcess {
    child: Child,
    dir: PathBuf,
    addr: SocketAddr,
    /// Lines the server wrote on stderr.
    stderr: Arc<Mutex<Vec<String>>>,
}

impl ServerProcess {
    fn start() -> Result<ServerProcess, String> {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|err| format!("no free port: {err}"))?
            .port();
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir = std::env::temp_dir().join(format!(
            "quoridor-bench-server-{}-{nanos}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir)
            .map_err(|err| format!("cannot create {}: {err}", dir.display()))?;
        let exe = std::env::current_exe().map_err(|err| format!("no executable: {err}"))?;
        let spawned = Command::new(exe)
            .arg("serve")
            .args(["--addr", &addr.to_string()])
            .arg("--db")
            .arg(dir.join("bench.db"))
            .args(["--http-rate", "0", "--ws-rate", "0"])
            .args(["--max-rooms-per-client", "100000", "--quiet"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn();
        let mut child = match spawned {
            Ok(child) => child,
            Err(err) => {
                let _ = std::fs::remove_dir_all(&dir);
                return Err(format!("cannot start quoridor serve: {err}"));
            }
        };
        let stderr = Arc::new(Mutex::new(Vec::new()));
        if let Some(pipe) = child.stderr.take() {
            let lines = stderr.clone();
            std::thread::spawn(move || {
                for line in std::io::BufReader::new(pipe).lines().map_while(Result::ok) {
                    lines.lock().unwrap_or_else(|e| e.into_inner()).push(line);
                }
            });
        }
        Ok(ServerProcess {
            child,
            dir,
            addr,
            stderr,
        })
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    fn exited(&mut self) -> Option<String> {
        match self.child.try_wait() {
            Ok(Some(status)) => Some(status.to_string()),
            _ => None,
        }
    }

    /// Asks the server to stop (SIGTERM) and waits for it; kills it after
    /// `patience`. Returns how long it took and whether it had to be killed.
    fn stop(&mut self, patience: Duration) -> (Duration, bool) {
        let start = Instant::now();
        if self.exited().is_some() {
            return (Duration::ZERO, false);
        }
        // SAFETY: kill(2) on our own child's pid.
        unsafe {
            libc::kill(self.child.id() as libc::pid_t, libc::SIGTERM);
        }
        while start.elapsed() < patience {
            if let Ok(Some(_)) = self.child.try_wait() {
                return (start.elapsed(), false);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        (start.elapsed(), true)
    }

    fn stderr_lines(&self) -> Vec<String> {
        self.stderr
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Memory of a process, from `/proc/<pid>/status` (KiB).
#[derive(Clone, Copy, Debug, Default)]
struct Memory {
    rss_kib: u64,
    hwm_kib: u64,
}

fn memory_of(pid: &str) -> Option<Memory> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse::<u64>().ok())
    };
    Some(Memory {
        rss_kib: field("VmRSS:")?,
        hwm_kib: field("VmHWM:")?,
    })
}

/// User + system CPU time of a process, from `/proc/<pid>/stat`.
fn cpu_of(pid: u32) -> Option<Duration> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may hold spaces.
    let rest = &text[text.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // Fields 14 and 15 of the line, counted from the state (field 3).
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // SAFETY: sysconf only reads a constant.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    Some(Duration::from_secs_f64(ticks as f64 / per_second))
}

/// Busy and total CPU time of the whole machine, all cores (from the first
/// line of `/proc/stat`; idle and iowait are not busy).
fn machine_cpu() -> Option<(Duration, Duration)> {
    let text = std::fs::read_to_string("/proc/stat").ok()?;
    let ticks: Vec<u64> = text
        .lines()
        .next()?
        .split_whitespace()
        .skip(1)
        .take(8)
        .map(|t| t.parse().unwrap_or(0))
        .collect();
    let total: u64 = ticks.iter().sum();
    let idle = ticks.get(3)? + ticks.get(4)?;
    // SAFETY: sysconf only reads a constant.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    let time = |t: u64| Duration::from_secs_f64(t as f64 / per_second);
    Some((time(total - idle), time(total)))
}

/// CPU time of this process (user, system).
fn own_cpu() -> (Duration, Duration) {
    // SAFETY: getrusage fills the struct given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    (time(usage.ru_utime), time(usage.ru_stime))
}

/// Samples the server's memory every 50 ms while the run lasts.
struct Sampler {
    peak_rss: Arc<AtomicU64>,
    running: Arc<AtomicBool>,
}

impl Sampler {
    fn start(pid: u32) -> Sampler {
        let peak_rss = Arc::new(AtomicU64::new(0));
        let running = Arc::new(AtomicBool::new(true));
        let (peak, on) = (peak_rss.clone(), running.clone());
        std::thread::spawn(move || {
            let pid = pid.to_string();
            while on.load(Ordering::Relaxed) {
                if let Some(m) = memory_of(&pid) {
                    peak.fetch_max(m.rss_kib, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        });
        Sampler { peak_rss, running }
    }

    fn peak(&self) -> u64 {
        self.peak_rss.load(Ordering::Relaxed)
    }
}

impl Drop for Sampler {
    fn drop(&mut self) {
        self.running.store(false, Ordering::Relaxed);
    }
}

// ---------------------------------------------------------------------------
// A tiny HTTP/1.1 client (one request per connection)

struct HttpReply {
    status: u16,
    body: String,
}

async fn http(
    addr: SocketAddr,
    host: &str,
    method: &str,
    path: &str,
    body: &str,
) -> Result<HttpReply, String> {
    let mut stream = TcpStream::connect(addr)
        .await
        .map_err(|err| format!("connect: {err}"))?;
    let _ = stream.set_nodelay(true);
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|err| format!("write: {err}"))?;
    let mut raw = Vec::new();
    stream
        .read_to_end(&mut raw)
        .await
        .map_err(|err| format!("read: {err}"))?;
    parse_http(&raw)
}

fn parse_http(raw: &[u8]) -> Result<HttpReply, String> {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or("an HTTP answer without the end of its head")?;
    let head = std::str::from_utf8(&raw[..end]).map_err(|_| "an HTTP head that is not UTF-8")?;
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse::<u16>().ok())
        .ok_or("an HTTP answer without a status")?;
    let chunked = lines.any(|l| {
        let l = l.to_ascii_lowercase();
        l.starts_with("transfer-encoding:") && l.contains("chunked")
    });
    let mut body = raw[end + 4..].to_vec();
    if chunked {
        let mut out = Vec::new();
        let mut rest = &body[..];
        loop {
            let line_end = rest
                .windows(2)
                .position(|w| w == b"\r\n")
                .ok_or("a broken chunk")?;
            let size_text = std::str::from_utf8(&rest[..line_end]).map_err(|_| "a broken chunk")?;
            let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
                .map_err(|_| "a broken chunk size")?;
            rest = &rest[line_end + 2..];
            if size == 0 {
                break;
            }
            out.extend_from_slice(rest.get(..size).ok_or("a short chunk")?);
            rest = rest.get(size + 2..).unwrap_or(&[]);
        }
        body = out;
    }
    Ok(HttpReply {
        status,
        body: String::from_utf8(body).map_err(|_| "an HTTP body that is not UTF-8")?,
    })
}

async fn wait_for_health(
    addr: SocketAddr,
    host: &str,
    server: &mut Option<ServerProcess>,
) -> Result<(), String> {
    let start = Instant::now();
    let mut last = String::new();
    while start.elapsed() < Duration::from_secs(20) {
        if let Some(process) = server.as_mut() {
            if let Some(status) = process.exited() {
                return Err(format!(
                    "quoridor serve exited ({status}): {}",
                    process.stderr_lines().join("\n")
                ));
            }
        }
        match http(addr, host, "GET", "/api/health", "").await {
            Ok(reply) if reply.status == 200 => return Ok(()),
            Ok(reply) => last = format!("status {}: {}", reply.status, reply.body),
            Err(err) => last = err,
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Err(format!(
        "the server at {host} did not answer /api/health: {last}"
    ))
}

// ---------------------------------------------------------------------------
// Errors, counted by kind

#[derive(Default)]
struct Errors {
    /// (kind, count, first example).
    kinds: Mutex<Vec<(String, u64, String)>>,
    total: AtomicU64,
}

impl Errors {
    fn add(&self, kind: &str, example: impl Into<String>) {
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

// ---------------------------------------------------------------------------
// Setting up the games

/// One game, created and joined: a token for each seat.
struct Seats {
    id: String,
    south: String,
    north: String,
}

fn field<'a>(value: &'a Value, key: &str) -> Result<&'a str, String> {
    value[key]
        .as_str()
        .ok_or_else(|| format!("no {key:?} in the answer: {value}"))
}

async fn create_game(
    addr: SocketAddr,
    host: &str,
    index: usize,
    latencies: &Mutex<Vec<u32>>,
) -> Result<Seats, (String, String)> {
    let timed = |method: &'static str, path: String, body: String| async move {
        let start = Instant::now();
        let reply = http(addr, host, method, &path, &body)
            .await
            .map_err(|err| ("http".to_string(), err))?;
        latencies
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(micros(start.elapsed()));
        let value: Value = serde_json::from_str(&reply.body).unwrap_or(Value::Null);
        if !(200..300).contains(&reply.status) {
            let code = value["error"]["code"]
                .as_str()
                .unwrap_or("http")
                .to_string();
            return Err((
                format!("{code} ({})", reply.status),
                format!("{method} {path}: {}", reply.body),
            ));
        }
        Ok(value)
    };
    let create = json!({
        "players": 2,
        "seats": [
            {"kind": "human", "mine": true, "name": format!("bot {index} south")},
            {"kind": "human"},
        ],
    });
    let created = timed("POST", "/api/games".into(), create.to_string()).await?;
    let bad = |err: String| ("bad answer".to_string(), err);
    let id = field(&created, "id").map_err(bad)?.to_string();
    let south = field(&created, "token").map_err(bad)?.to_string();
    let join = json!({"seat": "north", "name": format!("bot {index} north")});
    let joined = timed("POST", format!("/api/games/{id}/join"), join.to_string()).await?;
    let north = field(&joined, "token").map_err(bad)?.to_string();
    Ok(Seats { id, south, north })
}

fn bar(len: u64, label: &str) -> ProgressBar {
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

// ---------------------------------------------------------------------------
// The bots

/// The parts of a server message a bot reads.
#[derive(Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    game: Option<GameView>,
    #[serde(default)]
    error: Option<ErrorView>,
}

#[derive(Deserialize)]
struct ErrorView {
    code: String,
    #[serde(default)]
    message: String,
}

#[derive(Deserialize)]
struct GameView {
    version: u64,
    status: String,
    turn: String,
    position: String,
    moves: Vec<MoveView>,
    legal: Option<LegalView>,
    result: Option<ResultView>,
}

#[derive(Deserialize)]
struct MoveView {
    #[serde(rename = "move")]
    mv: String,
}

#[derive(Deserialize)]
struct LegalView {
    pawn: Vec<String>,
    fences: Vec<String>,
}

#[derive(Deserialize)]
struct ResultView {
    termination: String,
}

/// Where the run is; every bot follows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Connecting,
    Play,
    Stop,
}

/// What every bot shares.
struct Shared {
    think: ThinkTime,
    fence_percent: u32,
    moves_per_game: Option<usize>,
    errors: Errors,
    /// WebSockets open now.
    open: AtomicUsize,
    /// WebSockets that have received their first state.
    connected: AtomicUsize,
    /// WebSockets that failed to open.
    failed: AtomicUsize,
    /// Bots whose game is over (or cut, or whose connection dropped).
    done: AtomicUsize,
    /// Moves acknowledged (their state came back).
    moves: AtomicU64,
    /// When the last bot finished, relative to the start of play (µs).
    last_done_us: AtomicU64,
    /// When play started.
    play_start: Mutex<Option<Instant>>,
    /// Text messages received during play, and their bytes.
    messages_in: AtomicU64,
    bytes_in: AtomicU64,
}

/// What one bot measured.
#[derive(Default)]
struct BotStats {
    /// Round trips of its moves (µs).
    round_trips: Vec<u32>,
    /// When each of those moves was sent (µs after the start of play).
    sent: Vec<u64>,
    /// The game's length when it ended for this bot, and how it ended.
    plies: usize,
    termination: Option<String>,
}

/// The fences that would cut the first steps of `seat`'s shortest path.
fn blocking_fences(pos: &Position, seat: Seat) -> Vec<Fence> {
    use quoridor_rules::Orientation::{Horizontal, Vertical};
    let Some(path) = pos.shortest_path(seat) else {
        return Vec::new();
    };
    let mut from = pos.pawn(seat);
    let mut out = Vec::new();
    for &to in path.iter().take(BLOCKED_STEPS) {
        let (c, r) = (i16::from(from.col()), i16::from(from.row()));
        let (tc, tr) = (i16::from(to.col()), i16::from(to.row()));
        // Each step is crossed by two fence slots.
        let slots = if tc == c {
            let row = r.min(tr);
            [(c, row, Horizontal), (c - 1, row, Horizontal)]
        } else {
            let col = c.min(tc);
            [(col, r, Vertical), (col, r - 1, Vertical)]
        };
        for (col, row, orientation) in slots {
            if col >= 0 && row >= 0 {
                let fence = Fence::new(Square::new(col as u8, row as u8), orientation);
                if fence.on_board(pos.size()) {
                    out.push(fence);
                }
            }
        }
        from = to;
    }
    out
}

/// The move a bot plays: the pawn move that brings it nearest its goal;
/// sometimes (`fence_percent`) a fence instead: of the legal fences that cut
/// the first steps of the opponent's shortest path, the one that lengthens
/// that path most relative to its own (if any does).
fn choose(game: &GameView, me: Seat, rng: &mut Rng, fence_percent: u32) -> String {
    let Some(legal) = &game.legal else {
        return "pass".into();
    };
    let Ok(pos) = game.position.parse::<Position>() else {
        return legal.pawn.first().cloned().unwrap_or_else(|| "pass".into());
    };
    let opponent = pos.seats().iter().copied().find(|&s| s != me).unwrap_or(me);
    let distance = |p: &Position, seat: Seat| p.distance(seat).unwrap_or(u32::MAX / 4);
    let (my_base, their_base) = (distance(&pos, me), distance(&pos, opponent));
    if pos.fences_left(me) > 0
        && !legal.fences.is_empty()
        && rng.below(100) < fence_percent as usize
    {
        let mut best: Option<(i64, String)> = None;
        for fence in blocking_fences(&pos, opponent) {
            let text = fence.to_string();
            if !legal.fences.contains(&text) {
                continue;
            }
            let mut after = pos;
            if after.play(Move::Fence(fence)).is_err() {
                continue;
            }
            let gain = (i64::from(distance(&after, opponent)) - i64::from(their_base))
                - (i64::from(distance(&after, me)) - i64::from(my_base));
            if best.as_ref().is_none_or(|(g, _)| gain > *g) {
                best = Some((gain, text));
            }
        }
        if let Some((gain, text)) = best {
            if gain > 0 {
                return text;
            }
        }
    }
    let mut nearest: Vec<&str> = Vec::new();
    let mut nearest_d = u32::MAX;
    for text in &legal.pawn {
        let Ok(square) = text.parse::<Square>() else {
            continue;
        };
        let mut after = pos;
        if after.play(Move::Pawn(square)).is_err() {
            continue;
        }
        let d = if after.has_arrived(me) {
            0
        } else {
            distance(&after, me)
        };
        if d < nearest_d {
            nearest_d = d;
            nearest.clear();
        }
        if d == nearest_d {
            nearest.push(text);
        }
    }
    if nearest.is_empty() {
        // No pawn move: a fence if there is one, else pass.
        return legal
            .fences
            .first()
            .cloned()
            .unwrap_or_else(|| "pass".into());
    }
    nearest[rng.below(nearest.len())].to_string()
}

type Ws = WebSocketStream<TcpStream>;

async fn open_ws(addr: SocketAddr, host: &str, id: &str, token: &str) -> Result<Ws, String> {
    let stream = TcpStream::connect(addr)
        .await
        .map_err(|err| format!("connect: {err}"))?;
    let _ = stream.set_nodelay(true);
    let url = format!("ws://{host}/api/games/{id}/ws?token={token}");
    // A small read buffer (the default is 128 KiB a connection): the
    // clients' memory then stays small next to the server's.
    let config = WebSocketConfig::default().read_buffer_size(16 * 1024);
    let (ws, _) = tokio_tungstenite::client_async_with_config(url, stream, Some(config))
        .await
        .map_err(|err| format!("handshake: {err}"))?;
    Ok(ws)
}

/// The move a bot sent and is waiting to see come back.
struct Pending {
    sent: Instant,
    /// Entries in the game when it was sent: the move will be entry `index`.
    index: usize,
    mv: String,
}

/// One seat's client: connects, then plays whenever it is its turn once the
/// phase is `Play`, until the game is over; stays connected until `Stop`.
#[allow(clippy::too_many_arguments)]
async fn bot(
    shared: Arc<Shared>,
    connects: Arc<Semaphore>,
    addr: SocketAddr,
    host: Arc<str>,
    id: Arc<str>,
    token: String,
    me: Seat,
    seed: u64,
    mut phase: watch::Receiver<Phase>,
) -> BotStats {
    let mut stats = BotStats::default();
    let opened = {
        let _permit = connects.acquire().await;
        open_ws(addr, &host, &id, &token).await
    };
    let ws = match opened {
        Ok(ws) => ws,
        Err(err) => {
            shared.failed.fetch_add(1, Ordering::Relaxed);
            shared.errors.add("websocket open failed", err);
            return stats;
        }
    };
    shared.open.fetch_add(1, Ordering::Relaxed);
    let (mut sink, mut stream) = ws.split();
    let my_name = match me {
        Seat::South => "south",
        Seat::West => "west",
        Seat::North => "north",
        Seat::East => "east",
    };
    let mut rng = Rng::new(seed);
    let mut game: Option<GameView> = None;
    let mut first = true;
    let mut pending: Option<Pending> = None;
    let mut wake: Option<tokio::time::Instant> = None;
    let mut done = false;
    // After a refused move, wait for the next state before trying again.
    let mut refused = false;
    // When play started (messages are counted from then on).
    let mut start: Option<Instant> = None;
    let since = |start: Option<Instant>, t: Instant| {
        start.map_or(0, |s| t.saturating_duration_since(s).as_micros() as u64)
    };
    let finish = |stats: &mut BotStats, game: Option<&GameView>, done: &mut bool, at: u64| {
        if !*done {
            *done = true;
            if let Some(g) = game {
                stats.plies = g.moves.len();
                stats.termination = g.result.as_ref().map(|r| r.termination.clone());
            }
            shared.done.fetch_add(1, Ordering::Relaxed);
            shared.last_done_us.fetch_max(at, Ordering::Relaxed);
        }
    };
    loop {
        let playing = *phase.borrow() == Phase::Play;
        if playing && start.is_none() {
            start = *shared.play_start.lock().unwrap_or_else(|e| e.into_inner());
        }
        if let Some(g) = &game {
            let cut = shared.moves_per_game.is_some_and(|n| g.moves.len() >= n);
            if playing && !done && (g.status == "over" || cut) && pending.is_none() {
                finish(&mut stats, Some(g), &mut done, since(start, Instant::now()));
            }
            if playing
                && !done
                && !refused
                && pending.is_none()
                && wake.is_none()
                && g.status == "playing"
                && g.turn == my_name
            {
                wake = Some(tokio::time::Instant::now() + shared.think.draw(&mut rng));
            }
        }
        tokio::select! {
            incoming = stream.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_))) | None => {
                        if *phase.borrow() != Phase::Stop {
                            shared.errors.add("connection dropped", format!("game {id}, {my_name}: closed by the server"));
                        }
                        break;
                    }
                    Some(Ok(_)) => continue,
                    Some(Err(err)) => {
                        if *phase.borrow() != Phase::Stop {
                            shared.errors.add("connection dropped", format!("game {id}, {my_name}: {err}"));
                        }
                        break;
                    }
                };
                if start.is_some() {
                    shared.messages_in.fetch_add(1, Ordering::Relaxed);
                    shared.bytes_in.fetch_add(text.len() as u64, Ordering::Relaxed);
                }
                let message: Incoming = match serde_json::from_str(&text) {
                    Ok(m) => m,
                    Err(err) => {
                        shared.errors.add("unreadable message", format!("{err}: {}", text.chars().take(200).collect::<String>()));
                        continue;
                    }
                };
                match (message.kind.as_str(), message.game, message.error) {
                    ("state", Some(next), _) => {
                        if first {
                            first = false;
                            shared.connected.fetch_add(1, Ordering::Relaxed);
                        }
                        if game.as_ref().is_some_and(|g| next.version < g.version) {
                            continue;
                        }
                        if let Some(p) = &pending {
                            if next.moves.len() > p.index {
                                let rtt = p.sent.elapsed();
                                if next.moves[p.index].mv == p.mv {
                                    stats.round_trips.push(micros(rtt));
                                    stats.sent.push(since(start, p.sent));
                                    shared.moves.fetch_add(1, Ordering::Relaxed);
                                } else {
                                    shared.errors.add(
                                        "another move came back",
                                        format!("game {id}, {my_name}: sent {}, got {}", p.mv, next.moves[p.index].mv),
                                    );
                                }
                                pending = None;
                            }
                        }
                        game = Some(next);
                        refused = false;
                    }
                    ("error", _, Some(err)) => {
                        shared.errors.add(&err.code, format!("game {id}, {my_name}: {}", err.message));
                        // The move was refused: think again on the next state.
                        pending = None;
                        refused = true;
                    }
                    ("pong", _, _) => {}
                    (kind, _, _) => shared.errors.add("unexpected message", format!("type {kind}")),
                }
            }
            changed = phase.changed() => {
                if changed.is_err() || *phase.borrow() == Phase::Stop {
                    break;
                }
            }
            _ = tokio::time::sleep_until(wake.unwrap_or_else(tokio::time::Instant::now)), if wake.is_some() => {
                wake = None;
                let Some(g) = &game else { continue };
                if g.status != "playing" || g.turn != my_name {
                    continue;
                }
                let mv = choose(g, me, &mut rng, shared.fence_percent);
                let text = json!({"type": "move", "move": mv}).to_string();
                pending = Some(Pending { sent: Instant::now(), index: g.moves.len(), mv });
                if let Err(err) = sink.send(Message::Text(text.into())).await {
                    shared.errors.add("connection dropped", format!("game {id}, {my_name}: send: {err}"));
                    break;
                }
            }
        }
    }
    if pending.is_some() {
        shared.errors.add(
            "move not acknowledged",
            format!("game {id}, {my_name}: no state with the move before the end"),
        );
    }
    if first {
        // Open, but no state ever came: a failed connection.
        shared.failed.fetch_add(1, Ordering::Relaxed);
    } else {
        finish(
            &mut stats,
            game.as_ref(),
            &mut done,
            since(start, Instant::now()),
        );
    }
    shared.open.fetch_sub(1, Ordering::Relaxed);
    // Close politely, and read until the server closes too (briefly).
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        let _ = sink.close().await;
        while let Some(Ok(_)) = stream.next().await {}
    })
    .await;
    stats
}

// ---------------------------------------------------------------------------
// The run

#[derive(Default)]
struct Percentiles {
    count: usize,
    mean_ms: f64,
    p50_ms: f64,
    p90_ms: f64,
    p99_ms: f64,
    p999_ms: f64,
    max_ms: f64,
}

impl Percentiles {
    fn of(mut samples: Vec<u32>) -> Percentiles {
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
struct ServerFigures {
    pid: u32,
    idle: Memory,
    after_create: Memory,
    after_connect: Memory,
    end_of_play: Memory,
    /// Highest VmRSS sampled (every 50 ms).
    peak_rss_kib: u64,
    /// VmHWM at the end of play.
    hwm_kib: u64,
    cpu_play: Duration,
    cpu_total: Duration,
    stop_time: Duration,
    killed: bool,
    stderr: Vec<String>,
    sync: String,
}

struct Report {
    args: ServerArgs,
    target: String,
    fd_limit: u64,
    cpus: usize,
    load_before: Option<String>,
    load_after: Option<String>,
    games_created: usize,
    create_seconds: f64,
    http: Percentiles,
    connections: usize,
    connect_seconds: f64,
    /// WebSockets still open when the last game ended.
    open_at_end: usize,
    play_seconds: f64,
    moves: u64,
    round_trip: Percentiles,
    /// The round trips of each tenth of the play time, by when they were sent.
    slices: Vec<Percentiles>,
    /// The most moves acknowledged in one second of play.
    peak_moves_per_sec: u64,
    /// Messages the clients received during play, and their bytes.
    messages_in: u64,
    bytes_in: u64,
    /// Plies of each game, by its south bot.
    plies: Vec<usize>,
    ended: usize,
    cut: usize,
    stalled: bool,
    errors: Vec<(String, u64, String)>,
    server: Option<ServerFigures>,
    client_user: Duration,
    client_system: Duration,
    client_play_cpu: Duration,
    client_hwm_kib: u64,
    /// The whole machine during play: busy CPU time and all CPU time.
    machine_play: Option<(Duration, Duration)>,
}

async fn bench(
    args: &ServerArgs,
    fd_limit: u64,
    load_before: Option<String>,
) -> Result<Report, Box<dyn std::error::Error>> {
    let mut process = match &args.addr {
        Some(_) => None,
        None => Some(ServerProcess::start()?),
    };
    let (addr, host) = match (&args.addr, &process) {
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
    let host: Arc<str> = Arc::from(host);
    wait_for_health(addr, &host, &mut process).await?;
    let pid = process.as_ref().map(ServerProcess::pid);
    let sampler = pid.map(Sampler::start);
    let memory = || {
        pid.and_then(|p| memory_of(&p.to_string()))
            .unwrap_or_default()
    };
    let mut figures = pid.map(|pid| ServerFigures {
        pid,
        idle: memory(),
        sync: std::env::var("QUORIDOR_DB_SYNC").unwrap_or_else(|_| "full".into()),
        ..ServerFigures::default()
    });

    // Create the games at a steady pace.
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
    let progress = bar(args.games as u64, "creating games (HTTP)");
    let http_latencies = Arc::new(Mutex::new(Vec::with_capacity(2 * args.games)));
    let in_flight = Arc::new(Semaphore::new(HTTP_IN_FLIGHT));
    let create_start = Instant::now();
    let mut creations = Vec::with_capacity(args.games);
    for index in 0..args.games {
        if args.create_rate > 0.0 {
            let due = create_start + Duration::from_secs_f64(index as f64 / args.create_rate);
            tokio::time::sleep_until(due.into()).await;
        }
        let permit = in_flight.clone().acquire_owned().await?;
        let (host, latencies, shared, progress) = (
            host.clone(),
            http_latencies.clone(),
            shared.clone(),
            progress.clone(),
        );
        creations.push(tokio::spawn(async move {
            let made = create_game(addr, &host, index, &latencies).await;
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
    let create_seconds = create_start.elapsed().as_secs_f64();
    progress.finish_with_message(format!("{} games in {create_seconds:.1} s", games.len()));
    if let Some(f) = figures.as_mut() {
        f.after_create = memory();
    }
    if games.is_empty() {
        return Err(format!(
            "no game could be created: {:?}",
            shared.errors.list().first()
        )
        .into());
    }

    // Open every WebSocket; the bots wait for the start.
    let (phase_tx, phase_rx) = watch::channel(Phase::Connecting);
    let connects = Arc::new(Semaphore::new(CONNECTS_IN_FLIGHT));
    let total = 2 * games.len();
    let progress = bar(total as u64, "opening WebSockets");
    let connect_start = Instant::now();
    let mut bots = Vec::with_capacity(total);
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
                addr,
                host.clone(),
                id.clone(),
                token.clone(),
                seat,
                seed,
                phase_rx.clone(),
            )));
        }
    }
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
    let connect_seconds = connect_start.elapsed().as_secs_f64();
    let connections = shared.connected.load(Ordering::Relaxed);
    progress.finish_with_message(format!("{connections} open in {connect_seconds:.1} s"));
    if let Some(f) = figures.as_mut() {
        f.after_connect = memory();
    }

    // Play.
    let server_cpu_before = pid.and_then(cpu_of);
    let machine_before = machine_cpu();
    let (user_before, system_before) = own_cpu();
    let progress = bar(games.len() as u64, "playing");
    let play_start = Instant::now();
    *shared.play_start.lock().unwrap_or_else(|e| e.into_inner()) = Some(play_start);
    let _ = phase_tx.send(Phase::Play);
    let mut last_moves = 0;
    let mut last_progress = Instant::now();
    let mut stalled = false;
    let live = connections;
    loop {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let done = shared.done.load(Ordering::Relaxed);
        let moves = shared.moves.load(Ordering::Relaxed);
        progress.set_position((done / 2) as u64);
        progress.set_message(format!(
            "{moves} moves, {:.0}/s, {} errors",
            moves as f64 / play_start.elapsed().as_secs_f64(),
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
    let play_seconds = if stalled {
        play_start.elapsed().as_secs_f64()
    } else {
        last_done.as_secs_f64().max(1e-6)
    };
    let open_at_end = shared.open.load(Ordering::Relaxed);
    let server_cpu_after = pid.and_then(cpu_of);
    let machine_after = machine_cpu();
    let (user_after, system_after) = own_cpu();
    if let Some(f) = figures.as_mut() {
        f.end_of_play = memory();
        f.hwm_kib = f.end_of_play.hwm_kib;
        if let (Some(a), Some(b)) = (server_cpu_before, server_cpu_after) {
            f.cpu_play = b.saturating_sub(a);
        }
    }
    let moves = shared.moves.load(Ordering::Relaxed);
    progress.finish_with_message(format!(
        "{moves} moves in {play_seconds:.1} s{}",
        if stalled { " (stalled)" } else { "" }
    ));

    // Stop the bots, then the server.
    let _ = phase_tx.send(Phase::Stop);
    let mut round_trips = Vec::with_capacity(moves as usize);
    let mut timed: Vec<(u64, u32)> = Vec::with_capacity(moves as usize);
    let mut plies = Vec::new();
    let (mut ended, mut cut) = (0, 0);
    for (i, handle) in bots.into_iter().enumerate() {
        let Ok(stats) = handle.await else {
            shared.errors.add("bot panicked", "a bot task panicked");
            continue;
        };
        round_trips.extend_from_slice(&stats.round_trips);
        timed.extend(
            stats
                .sent
                .iter()
                .copied()
                .zip(stats.round_trips.iter().copied()),
        );
        if i % 2 == 0 {
            plies.push(stats.plies);
            if stats.termination.is_some() {
                ended += 1;
            } else if args.moves_per_game.is_some_and(|n| stats.plies >= n) {
                cut += 1;
            }
        }
    }
    if stalled {
        let unfinished = games.len() - ended - cut;
        shared.errors.add(
            "stalled",
            format!(
                "no move for {} s; {unfinished} games unfinished",
                args.stall_seconds
            ),
        );
    }
    if let (Some(f), Some(p)) = (figures.as_mut(), process.as_mut()) {
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
    timed.sort_unstable();
    if let Some(path) = &args.samples {
        let mut csv = String::from("sent_ms,round_trip_ms\n");
        for &(sent, rtt) in &timed {
            w!(
                csv,
                "{:.3},{:.3}",
                sent as f64 / 1000.0,
                f64::from(rtt) / 1000.0
            );
        }
        std::fs::write(path, csv).map_err(|err| format!("{}: {err}", path.display()))?;
    }
    // The round trips of each tenth of the play time.
    let slice_us = (play_seconds * 1e6 / 10.0).max(1.0);
    let mut slices = vec![Vec::new(); 10];
    for &(sent, rtt) in &timed {
        slices[((sent as f64 / slice_us) as usize).min(9)].push(rtt);
    }
    let slices: Vec<Percentiles> = slices.into_iter().map(Percentiles::of).collect();
    // The most moves acknowledged in one second.
    let mut per_second = vec![0u64; play_seconds.ceil() as usize + 2];
    for &(sent, rtt) in &timed {
        let acked = (sent + u64::from(rtt)) / 1_000_000;
        if let Some(n) = per_second.get_mut(acked as usize) {
            *n += 1;
        }
    }
    let peak_moves_per_sec = per_second.iter().copied().max().unwrap_or(0);
    let (user, system) = own_cpu();
    let http_samples =
        std::mem::take(&mut *http_latencies.lock().unwrap_or_else(|e| e.into_inner()));
    let client_hwm_kib = memory_of("self").map_or(0, |m| m.hwm_kib);
    Ok(Report {
        args: args.clone(),
        target: host.to_string(),
        fd_limit,
        cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
        load_before,
        load_after: super::load_average(),
        games_created: games.len(),
        create_seconds,
        http: Percentiles::of(http_samples),
        connections,
        connect_seconds,
        open_at_end,
        play_seconds,
        moves,
        round_trip: Percentiles::of(round_trips),
        slices,
        peak_moves_per_sec,
        messages_in: shared.messages_in.load(Ordering::Relaxed),
        bytes_in: shared.bytes_in.load(Ordering::Relaxed),
        plies,
        ended,
        cut,
        stalled,
        errors: shared.errors.list(),
        server: figures,
        client_user: user,
        client_system: system,
        client_play_cpu: (user_after + system_after).saturating_sub(user_before + system_before),
        machine_play: match (machine_before, machine_after) {
            (Some((b0, t0)), Some((b1, t1))) => {
                Some((b1.saturating_sub(b0), t1.saturating_sub(t0)))
            }
            _ => None,
        },
        client_hwm_kib,
    })
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

impl Report {
    fn error_count(&self) -> u64 {
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

    fn to_json(&self) -> Value {
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
        json!({
            "benchmark": "quoridor bench server",
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
            },
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

    fn render(&self) -> String {
        let mut out = String::new();
        let a = &self.args;
        let limit = a
            .moves_per_game
            .map_or("until the game ends".to_string(), |n| {
                format!("at most {n} moves a game")
            });
        w!(
            out,
            "quoridor bench server: {} games, {} WebSocket clients, think {}, {limit}, seed {}",
            a.games,
            2 * a.games,
            a.think_ms,
            a.seed
        );
        match &self.server {
            Some(f) => w!(
                out,
                "server: quoridor serve at {} (child pid {}, database in a temporary directory, \
                 sync {}), no rate limits",
                self.target,
                f.pid,
                f.sync
            ),
            None => w!(
                out,
                "server: {} (already running; its memory is not measured)",
                self.target
            ),
        }
        w!(
            out,
            "machine: {} cores; open-file limit {}{}",
            self.cpus,
            self.fd_limit,
            match (&self.load_before, &self.load_after) {
                (Some(b), Some(a)) => format!("; load average {b} before, {a} after"),
                _ => String::new(),
            }
        );
        out.push('\n');
        w!(
            out,
            "{:<26} {} games in {:.1} s; request round trip {}",
            "create + join (HTTP)",
            self.games_created,
            self.create_seconds,
            self.http.line()
        );
        w!(
            out,
            "{:<26} {} of {} in {:.1} s; {} still open when the last game ended",
            "WebSockets opened",
            self.connections,
            2 * self.games_created,
            self.connect_seconds,
            self.open_at_end
        );
        w!(
            out,
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
        w!(out, "{:<26} {}", "move round trip", self.round_trip.line());
        let tenths: Vec<String> = self
            .slices
            .iter()
            .map(|p| format!("{:.0}", p.p99_ms))
            .collect();
        w!(
            out,
            "{:<26} {} ms",
            "  p99 by tenth of play",
            tenths.join(", ")
        );
        if self.messages_in > 0 {
            w!(
                out,
                "{:<26} {} messages, {:.0} bytes each on average; {:.1} MB/s to the clients",
                "received during play",
                self.messages_in,
                self.bytes_in as f64 / self.messages_in as f64,
                self.bytes_in as f64 / 1e6 / self.play_seconds
            );
        }
        if self.errors.is_empty() {
            w!(out, "{:<26} none", "errors");
        } else {
            w!(out, "{:<26} {}", "errors", self.error_count());
            for (kind, count, example) in &self.errors {
                w!(out, "  {count:>7} {kind}: e.g. {example}");
            }
        }
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
                out,
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
                out,
                "{:<26} {:.1} s during play ({:.0}% of one core), {:.1} s in all; stopped in {:.2} s{}",
                "server CPU",
                f.cpu_play.as_secs_f64(),
                100.0 * f.cpu_play.as_secs_f64() / self.play_seconds,
                f.cpu_total.as_secs_f64(),
                f.stop_time.as_secs_f64(),
                if f.killed { " (killed: SIGTERM was not enough)" } else { "" }
            );
            if !f.stderr.is_empty() {
                w!(out, "server stderr ({} lines):", f.stderr.len());
                for line in f.stderr.iter().take(10) {
                    w!(out, "  {line}");
                }
            }
        }
        w!(
            out,
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
                out,
                "{:<26} {:.0}% busy during play (all cores); other processes {:.1} s CPU ({:.0}% of \
                 one core)",
                "machine",
                100.0 * busy.as_secs_f64() / total.as_secs_f64().max(1e-9),
                busy.saturating_sub(ours).as_secs_f64(),
                100.0 * busy.saturating_sub(ours).as_secs_f64() / self.play_seconds,
            );
        }
        out.push('\n');
        match self.target_met() {
            Some(met) => w!(
                out,
                "target: p99 move round trip < {TARGET_P99_MS} ms with {TARGET_GAMES} games / {} \
                 clients (or more), no errors: {} ({} games, p99 {:.2} ms)",
                2 * TARGET_GAMES,
                if met { "met" } else { "MISSED" },
                a.games,
                self.round_trip.p99_ms
            ),
            None => w!(
                out,
                "target (p99 < {TARGET_P99_MS} ms at {TARGET_GAMES} games) not judged: only {} games",
                a.games
            ),
        }
        out
    }
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
    fn http_answers() {
        let plain = parse_http(b"HTTP/1.1 201 Created\r\ncontent-length: 2\r\n\r\n{}").unwrap();
        assert_eq!((plain.status, plain.body.as_str()), (201, "{}"));
        let chunked = parse_http(
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{\"a\r\n4\r\n\":1}\r\n0\r\n\r\n",
        )
        .unwrap();
        assert_eq!(chunked.body, "{\"a\":1}");
    }

    #[test]
    fn percentiles() {
        let p = Percentiles::of((1..=1000).map(|i| i * 1000).collect());
        assert_eq!((p.p50_ms, p.p99_ms, p.max_ms), (500.0, 990.0, 1000.0));
    }

    #[test]
    fn bots_walk_to_their_goal() {
        let game = GameView {
            version: 1,
            status: "playing".into(),
            turn: "south".into(),
            position: Position::new(quoridor_rules::Ruleset::STANDARD).to_string(),
            moves: Vec::new(),
            legal: Some(LegalView {
                pawn: vec!["d1".into(), "f1".into(), "e2".into()],
                fences: Vec::new(),
            }),
            result: None,
        };
        let mut rng = Rng::new(1);
        assert_eq!(choose(&game, Seat::South, &mut rng, 100), "e2");
    }
}
