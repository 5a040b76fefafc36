//! The server under test as a child process, and what the benchmark reads
//! of processes and of the machine: memory from `/proc/<pid>/status`, CPU
//! time from `/proc/<pid>/stat`, `/proc/stat` and `getrusage`.

use std::io::BufRead;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// `quoridor serve` as a child process, in a temporary directory.
pub struct ServerProcess {
    child: Child,
    dir: PathBuf,
    pub addr: SocketAddr,
    /// Lines the server wrote on stderr.
    stderr: Arc<Mutex<Vec<String>>>,
}

/// The server to load: the players' `quoridor`, installed (and built)
/// beside `quoridor-lab`.
fn server_program() -> Result<PathBuf, String> {
    let lab = std::env::current_exe().map_err(|err| format!("no executable: {err}"))?;
    let program = lab.with_file_name(format!("quoridor{}", std::env::consts::EXE_SUFFIX));
    if program.is_file() {
        Ok(program)
    } else {
        Err(format!(
            "the server to load, {}, is missing: build it too (cargo build --release)",
            program.display()
        ))
    }
}

impl ServerProcess {
    /// Starts `quoridor serve` on `db` (a PostgreSQL URL), or on a SQLite
    /// file in a temporary folder.
    pub fn start(db: Option<&str>) -> Result<ServerProcess, String> {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|err| format!("no free port: {err}"))?
            .port();
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let nanos = quoridor_server::wall_ms();
        let dir = std::env::temp_dir().join(format!(
            "quoridor-bench-server-{}-{nanos}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir)
            .map_err(|err| format!("cannot create {}: {err}", dir.display()))?;
        let spawned = Command::new(server_program()?)
            .arg("serve")
            .args(["--addr", &addr.to_string()])
            .arg("--db")
            .arg(db.map_or_else(|| dir.join("bench.db").into_os_string(), Into::into))
            .args([
                "--http-rate",
                "0",
                "--ws-rate",
                "0",
                "--signups-per-hour",
                "0",
            ])
            .args(["--max-rooms-per-client", "100000", "--quiet"])
            // Every bot connects from loopback: one address.
            .args(["--max-connections-per-client", "1000000"])
            .args(["--max-waiting-games", "1000000"])
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

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn exited(&mut self) -> Option<String> {
        match self.child.try_wait() {
            Ok(Some(status)) => Some(status.to_string()),
            _ => None,
        }
    }

    /// Asks the server to stop (SIGTERM) and waits for it; kills it after
    /// `patience`. Returns how long it took and whether it had to be killed.
    pub fn stop(&mut self, patience: Duration) -> (Duration, bool) {
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

    pub fn stderr_lines(&self) -> Vec<String> {
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
pub struct Memory {
    pub rss_kib: u64,
    pub hwm_kib: u64,
}

pub fn memory_of(pid: &str) -> Option<Memory> {
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
pub fn cpu_of(pid: u32) -> Option<Duration> {
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
pub fn machine_cpu() -> Option<(Duration, Duration)> {
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
pub fn own_cpu() -> (Duration, Duration) {
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
pub struct Sampler {
    peak_rss: Arc<AtomicU64>,
    running: Arc<AtomicBool>,
}

impl Sampler {
    pub fn start(pid: u32) -> Sampler {
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

    pub fn peak(&self) -> u64 {
        self.peak_rss.load(Ordering::Relaxed)
    }
}

impl Drop for Sampler {
    fn drop(&mut self) {
        self.running.store(false, Ordering::Relaxed);
    }
}
