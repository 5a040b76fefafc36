//! `quoridor serve` as a process: killed without warning (SIGKILL) in the
//! middle of a game, it loses nothing that it acknowledged.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use std::time::{Duration, Instant};

use serde_json::{json, Value};

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// One HTTP/1.1 request; the status and the JSON body.
fn request(
    port: u16,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    try_request(port, method, path, token, body).unwrap()
}

/// [`request`], or `None` when the server is gone before it answers.
fn try_request(
    port: u16,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Option<(u16, Value)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .ok()?;
    let mut response = String::new();
    stream.read_to_string(&mut response).ok()?;
    let status = response.get(9..12)?.parse().ok()?;
    let (_, rest) = response.split_once("\r\n\r\n")?;
    Some((status, serde_json::from_str(rest).unwrap_or(Value::Null)))
}

/// Held by each test: they kill and restart servers on ports of their own,
/// and one at a time no test can take a port another is about to reuse.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// The server process, killed when dropped (also when a test fails).
struct Server(Child);

impl Server {
    /// Kills it at once, as a crash would.
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

fn serve(port: u16, db: &Path) -> Server {
    serve_with(port, db, &[])
}

fn serve_with(port: u16, db: &Path, flags: &[&str]) -> Server {
    let child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args([
            "serve",
            "--quiet",
            "--addr",
            &format!("127.0.0.1:{port}"),
            "--db",
        ])
        .arg(db)
        .args(flags)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut server = Server(child);
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "the server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    // Listening, and ours: a server that could not take the port has quit.
    let exited = server.0.try_wait().unwrap();
    assert!(
        exited.is_none(),
        "the server quit: {exited:?} (port {port} taken?)"
    );
    server
}

#[test]
fn a_killed_server_loses_no_acknowledged_move() {
    let _alone = one_at_a_time();
    let dir = tempfile_dir();
    let db = dir.join("games.db");
    let port = free_port();
    let mut server = serve(port, &db);
    let clock = json!({"initial_ms": 600_000, "increment_ms": 5_000});
    let (status, created) = request(
        port,
        "POST",
        "/api/games",
        None,
        Some(
            json!({"clock": clock, "seats": [{"kind": "human", "mine": true}, {"kind": "human"}]}),
        ),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let ana = created["token"].as_str().unwrap().to_string();
    let (status, joined) = request(
        port,
        "POST",
        &format!("/api/games/{id}/join"),
        None,
        Some(json!({})),
    );
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["seats"], json!(["north"]));
    let bob = joined["token"].as_str().unwrap().to_string();
    let moves = ["e2", "e8", "e3", "e7", "a3h", "e6", "e4", "c6v"];
    for (i, mv) in moves.iter().enumerate() {
        let token = if i % 2 == 0 { &ana } else { &bob };
        let (status, body) = request(
            port,
            "POST",
            &format!("/api/games/{id}/move"),
            Some(token),
            Some(json!({"move": mv})),
        );
        assert_eq!(status, 200, "{mv}: {body}");
    }
    let (_, before) = request(port, "GET", &format!("/api/games/{id}"), None, None);
    server.kill();

    let mut server = serve(port, &db);
    let (status, after) = request(port, "GET", &format!("/api/games/{id}"), None, None);
    assert_eq!(status, 200);
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(after["position"], before["position"]);
    assert_eq!(after["status"], "playing");
    // Each seat's clock as of its last move: 10 min, minus the thinking, plus 5 s a move.
    for seat in ["south", "north"] {
        let left = after["clock"]["remaining_ms"][seat].as_u64().unwrap();
        assert!(left > 600_000 && left <= 620_000, "{seat}: {left}");
    }
    let (status, body) = request(
        port,
        "POST",
        &format!("/api/games/{id}/move"),
        Some(&ana),
        Some(json!({"move": "e5"})),
    );
    assert_eq!(status, 200, "{body}");
    server.kill();
    let _ = std::fs::remove_dir_all(&dir);
}

/// Killed during a burst of moves in 20 games, with the default `--sync
/// full`: every move the server acknowledged is there after the restart.
#[test]
fn a_server_killed_during_a_burst_loses_no_acknowledged_move() {
    let _alone = one_at_a_time();
    let dir = tempfile_dir();
    let db = dir.join("games.db");
    let port = free_port();
    let mut server = serve_with(port, &db, &["--http-rate", "0"]);
    let mut games = Vec::new();
    for _ in 0..20 {
        let body = json!({"size": 5, "seats": [{"kind": "human", "mine": true}, {"kind": "human", "mine": true}]});
        let (status, created) = request(port, "POST", "/api/games", None, Some(body));
        assert_eq!(status, 201, "{created}");
        games.push((
            created["id"].as_str().unwrap().to_string(),
            created["token"].as_str().unwrap().to_string(),
        ));
    }
    // Each game: the pawns step sideways and back, which is always legal;
    // each thread keeps the number of moves acknowledged.
    let players: Vec<_> = games
        .iter()
        .cloned()
        .map(|(id, token)| {
            std::thread::spawn(move || {
                let steps = [["b1", "b5"], ["c1", "c5"]];
                let mut acknowledged = 0usize;
                loop {
                    let mv = steps[(acknowledged / 2) % 2][acknowledged % 2];
                    let path = format!("/api/games/{id}/move");
                    match try_request(port, "POST", &path, Some(&token), Some(json!({"move": mv})))
                    {
                        Some((200, game)) => {
                            acknowledged = game["moves"].as_array().unwrap().len();
                        }
                        Some((status, body)) => panic!("{mv}: {status} {body}"),
                        None => return acknowledged,
                    }
                }
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(1500));
    server.kill();
    let acknowledged: Vec<usize> = players.into_iter().map(|p| p.join().unwrap()).collect();
    let total: usize = acknowledged.iter().sum();
    assert!(total >= 100, "only {total} moves were made before the kill");
    eprintln!("{total} moves acknowledged before the kill");

    let mut server = serve(port, &db);
    for ((id, _), acked) in games.iter().zip(&acknowledged) {
        let (status, game) = request(port, "GET", &format!("/api/games/{id}"), None, None);
        assert_eq!(status, 200);
        let kept = game["moves"].as_array().unwrap().len();
        // A move in flight when the server died may be kept or not; every
        // acknowledged one is.
        assert!(
            kept == *acked || kept == acked + 1,
            "game {id}: {acked} moves acknowledged, {kept} kept"
        );
    }
    server.kill();
    let _ = std::fs::remove_dir_all(&dir);
}

/// A new directory of its own for a test's database (tests run at once).
fn tempfile_dir() -> std::path::PathBuf {
    tempfile::tempdir().unwrap().keep()
}
