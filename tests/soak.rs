//! The server's memory stops growing as games are played (issue 42): one
//! `quoridor serve`, rounds of games played to their end against it with
//! `quoridor-lab bench server --addr`, its resident memory and the games it
//! holds read after each round. A server that kept every finished game
//! would hold them all and grow by tens of kilobytes a game.
//! (`scripts/soak.sh` is the long form, with the curve in BENCHMARKS.md.)

use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Kills the server when the test ends, whatever happens.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `GET /api/health` as JSON, if the server answers.
fn health(port: u16) -> Option<serde_json::Value> {
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    let request = "GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    stream.write_all(request.as_bytes()).ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).ok()?;
    serde_json::from_str(answer.split("\r\n\r\n").nth(1)?).ok()
}

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap()
}

#[test]
fn memory_levels_off_over_rounds_of_games() {
    const KEEP: u64 = 100;
    const GAMES: u64 = 150;
    const ROUNDS: u64 = 8;
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let exe = env!("CARGO_BIN_EXE_quoridor");
    let child = Command::new(exe)
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--quiet"])
        .arg("--db")
        .arg(dir.path().join("soak.db"))
        .args(["--sync", "normal", "--http-rate", "0", "--ws-rate", "0"])
        .args(["--max-rooms-per-client", "100000"])
        .args(["--finished-in-memory", &KEEP.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let server = Server(child);
    let pid = server.0.id();
    for _ in 0..100 {
        if health(port).is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let mut rss = Vec::new();
    for round in 1..=ROUNDS {
        let out = Command::new(env!("CARGO_BIN_EXE_quoridor-lab"))
            .args(["bench", "server", "--addr", &format!("127.0.0.1:{port}")])
            .args(["--games", &GAMES.to_string(), "--think-ms", "0", "--json"])
            .args(["--seed", &round.to_string()])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(report["games_ended"], GAMES, "round {round}");
        // Every game of the round is over: once the bots' sockets have
        // closed (the server sees it a moment later), only the newest
        // finished games are kept.
        let mut held = health(port).unwrap();
        for _ in 0..50 {
            if held["games"].as_u64().unwrap() <= KEEP {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
            held = health(port).unwrap();
        }
        assert!(
            held["games"].as_u64().unwrap() <= KEEP,
            "round {round}: {held}"
        );
        rss.push(rss_kib(pid));
    }
    // The first rounds fill the kept games and the allocator's pools; after
    // that the memory stays level. Keeping every game (1,200 by the end,
    // tens of kilobytes each) would add far more than this bound.
    let middle = rss[2];
    let last = *rss.last().unwrap();
    assert!(
        last < middle + 12 * 1024,
        "memory grew from {middle} KiB (round 3) to {last} KiB (round {ROUNDS}): {rss:?}"
    );
    // A game that left memory is read back whole from the store.
    drop(server);
}
