//! `quoridor serve` as a process: killed without warning (SIGKILL) in the
//! middle of a game, it loses nothing that it acknowledged.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};

use std::time::{Duration, Instant};

use common::{free_port, Running};
use serde_json::{json, Value};

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
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
    let body = body.map(|b| b.to_string());
    let (status, _, rest) = exchange(port, method, path, &headers, body.as_deref())?;
    Some((status, serde_json::from_str(&rest).unwrap_or(Value::Null)))
}

/// One HTTP/1.1 request with the headers given: the status, the answer's
/// headers and its body as text; `None` when the server is gone.
fn exchange(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Option<(u16, String, String)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let body = body.unwrap_or_default();
    let extra: String = headers
        .iter()
        .map(|(k, v)| format!("{k}: {v}\r\n"))
        .collect();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n{extra}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .ok()?;
    let mut response = String::new();
    stream.read_to_string(&mut response).ok()?;
    let status = response.get(9..12)?.parse().ok()?;
    let (head, rest) = response.split_once("\r\n\r\n")?;
    Some((status, head.to_string(), rest.to_string()))
}

/// Held by each test: they kill and restart servers on ports of their own,
/// and one at a time no test can take a port another is about to reuse.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// The server process, killed when dropped (also when a test fails).
type Server = Running;

fn serve(port: u16, db: &Path) -> Server {
    serve_with(port, db, &[])
}

fn serve_with(port: u16, db: &Path, flags: &[&str]) -> Server {
    serve_logging(port, db, flags, Stdio::null())
}

/// [`serve_with`], its log written to `log`.
fn serve_logging(port: u16, db: &Path, flags: &[&str], log: Stdio) -> Server {
    common::serve(port, db, flags, log)
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

/// `quoridor ARGS…` run to its end.
fn quoridor(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args(args)
        .output()
        .unwrap()
}

/// A new directory of its own for a test's database (tests run at once).
fn tempfile_dir() -> std::path::PathBuf {
    tempfile::tempdir().unwrap().keep()
}

/// Games of two seats held by one token, whose pawns step sideways and
/// back (always legal) from one thread each until the server is gone:
/// each game's id and the wall time (ms) each move was acknowledged at.
fn play_until_killed(port: u16, games: usize) -> Vec<std::thread::JoinHandle<(String, Vec<u64>)>> {
    (0..games)
        .map(|_| {
            let body = json!({"size": 5, "seats": [{"kind": "human", "mine": true}, {"kind": "human", "mine": true}]});
            let (status, created) = request(port, "POST", "/api/games", None, Some(body));
            assert_eq!(status, 201, "{created}");
            let id = created["id"].as_str().unwrap().to_string();
            let token = created["token"].as_str().unwrap().to_string();
            std::thread::spawn(move || {
                let steps = [["b1", "b5"], ["c1", "c5"]];
                let mut acked = Vec::new();
                loop {
                    let n = acked.len();
                    let mv = steps[(n / 2) % 2][n % 2];
                    let path = format!("/api/games/{id}/move");
                    match try_request(port, "POST", &path, Some(&token), Some(json!({"move": mv}))) {
                        Some((200, game)) => {
                            assert_eq!(game["moves"].as_array().unwrap().len(), n + 1);
                            acked.push(quoridor_server::wall_ms());
                        }
                        Some((status, body)) => panic!("{mv}: {status} {body}"),
                        None => return (id, acked),
                    }
                }
            })
        })
        .collect()
}

/// Moves stored per game in the database file at `path` (read as it is
/// on disk, with its log).
fn stored_moves(path: &Path) -> std::collections::HashMap<String, usize> {
    let conn = rusqlite::Connection::open(path).unwrap();
    let ok: String = conn
        .query_row("PRAGMA quick_check", [], |row| row.get(0))
        .unwrap();
    assert_eq!(ok, "ok", "{}", path.display());
    let mut stmt = conn
        .prepare("SELECT game_id, COUNT(*) FROM entries GROUP BY game_id")
        .unwrap();
    let rows = stmt
        .query_map([], |row| Ok((row.get(0)?, row.get::<_, i64>(1)? as usize)))
        .unwrap();
    rows.map(Result::unwrap).collect()
}

/// The wall time (ms) a rotation's backup began at, from its name
/// (`quoridor-20261127-054500.db`, UTC, to the second).
fn backup_began_ms(path: &Path) -> u64 {
    let name = path.file_name().unwrap().to_str().unwrap();
    let stamp = &name["quoridor-".len().."quoridor-".len() + 15];
    for ms in (quoridor_server::wall_ms() / 1000 - 3600..=quoridor_server::wall_ms() / 1000).rev() {
        if quoridor_server::db::backup::stamp(ms * 1000) == stamp {
            return ms * 1000;
        }
    }
    panic!("{name}: not a backup of the last hour");
}

/// The test: killed (SIGKILL) while it writes a backup, the
/// server loses no acknowledged move, and the last complete backup opens
/// and holds every move acknowledged before it began; restored onto a new
/// path, it serves those games.
#[test]
fn a_server_killed_during_a_backup_keeps_its_moves_and_its_last_backup() {
    let _alone = one_at_a_time();
    let dir = tempfile_dir();
    let db = dir.join("games.db");
    let backups = dir.join("backups");
    // 24 MB of other data, so that a backup takes long enough to be
    // caught in the middle.
    {
        let mut conn = rusqlite::Connection::open(&db).unwrap();
        quoridor_server::db::migrate(&mut conn).unwrap();
        conn.execute_batch(
            "CREATE TABLE filler (b BLOB);
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
             INSERT INTO filler SELECT randomblob(8000) FROM n;",
        )
        .unwrap();
    }
    let port = free_port();
    let flags = [
        "--http-rate",
        "0",
        "--backup-dir",
        backups.to_str().unwrap(),
        "--backup-every",
        "1s",
    ];
    let mut server = serve_with(port, &db, &flags);
    let players = play_until_killed(port, 6);
    // Past two backups (the second began after the games were made), kill
    // it as soon as a later one is being written.
    let deadline = Instant::now() + Duration::from_secs(60);
    let complete = |dir: &Path| -> Vec<std::path::PathBuf> {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "db"))
            .collect();
        files.sort();
        files
    };
    loop {
        assert!(
            Instant::now() < deadline,
            "no backup was caught being written"
        );
        let writing = std::fs::read_dir(&backups)
            .into_iter()
            .flatten()
            .flatten()
            .any(|e| e.path().to_string_lossy().ends_with(".partial"));
        if writing && complete(&backups).len() >= 2 {
            server.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let played: Vec<(String, Vec<u64>)> = players.into_iter().map(|p| p.join().unwrap()).collect();
    let total: usize = played.iter().map(|(_, acked)| acked.len()).sum();
    assert!(total >= 30, "only {total} moves before the kill");

    // The live database: every acknowledged move.
    let live = stored_moves(&db);
    for (id, acked) in &played {
        let kept = live.get(id).copied().unwrap_or(0);
        assert!(
            kept == acked.len() || kept == acked.len() + 1,
            "game {id}: {} acknowledged, {kept} kept",
            acked.len()
        );
    }
    // The last complete backup: whole, with every move acknowledged before
    // it began and none that was never played.
    let last = complete(&backups).pop().unwrap();
    let began = backup_began_ms(&last);
    let saved = stored_moves(&last);
    for (id, acked) in &played {
        let before = acked.iter().filter(|&&at| at < began).count();
        let kept = saved.get(id).copied().unwrap_or(0);
        assert!(
            kept >= before && kept <= acked.len() + 1,
            "game {id} in {}: {before} acknowledged before it, {kept} kept",
            last.display()
        );
    }
    // The half-written copy is never taken for a backup, and goes at the
    // next start's backup.
    let partials = |dir: &Path| {
        std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .filter(|e| e.path().to_string_lossy().ends_with(".partial"))
            .count()
    };
    assert_eq!(partials(&backups), 1);

    // Restored onto a new path, the backup serves its games.
    let restored = dir.join("restored/games.db");
    let out = quoridor(&[
        "restore",
        last.to_str().unwrap(),
        "--db",
        restored.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut server = serve(port, &restored);
    for (id, _) in &played {
        let (status, game) = request(port, "GET", &format!("/api/games/{id}"), None, None);
        assert_eq!(status, 200, "{game}");
        let moves = game["moves"].as_array().unwrap().len();
        assert_eq!(moves, saved.get(id).copied().unwrap_or(0), "game {id}");
    }
    // A database in use is never replaced.
    let out = quoridor(&[
        "restore",
        last.to_str().unwrap(),
        "--db",
        restored.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("in use"), "{said}");
    server.kill();

    // The first server again, with its backups: the half-written copy goes.
    let mut server = serve_with(port, &db, &flags);
    let deadline = Instant::now() + Duration::from_secs(20);
    while partials(&backups) > 0 {
        assert!(Instant::now() < deadline, "the half-written backup stays");
        std::thread::sleep(Duration::from_millis(20));
    }
    server.kill();
    let _ = std::fs::remove_dir_all(&dir);
}

/// `quoridor backup` copies a database in use; the copy is refused as a
/// second server's database only if that server runs.
#[test]
fn a_backup_of_a_running_server_and_one_server_per_database() {
    let _alone = one_at_a_time();
    let dir = tempfile_dir();
    let db = dir.join("games.db");
    let port = free_port();
    let mut server = serve_with(port, &db, &["--http-rate", "0"]);
    let players = play_until_killed(port, 2);
    std::thread::sleep(Duration::from_millis(300));
    let copy = dir.join("copy.db");
    let out = quoridor(&[
        "backup",
        "--db",
        db.to_str().unwrap(),
        "-o",
        copy.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("2 games"), "{said}");
    // A second server on the same database is refused at once.
    let second = quoridor(&[
        "serve",
        "--quiet",
        "--addr",
        "127.0.0.1:0",
        "--db",
        db.to_str().unwrap(),
    ]);
    assert!(!second.status.success());
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(said.contains("in use by another quoridor server"), "{said}");
    server.kill();
    let played: Vec<(String, Vec<u64>)> = players.into_iter().map(|p| p.join().unwrap()).collect();
    let copied = stored_moves(&copy);
    for (id, acked) in &played {
        assert!(copied.get(id).copied().unwrap_or(0) <= acked.len() + 1);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A full run's log (JSON lines): requests by route template, games
/// created and ended, and never a token, a password, a cookie, a PIN, a
/// class's code or a pupil's name.
#[test]
fn the_log_of_a_full_run_holds_no_secret() {
    let _alone = one_at_a_time();
    let dir = tempfile_dir();
    let db = dir.join("games.db");
    let log_path = dir.join("server.log");
    let log = std::fs::File::create(&log_path).unwrap();
    let port = free_port();
    let flags = ["--http-rate", "0", "--log-format", "json", "--log", "debug"];
    let mut server = serve_logging(port, &db, &flags, Stdio::from(log));
    let mut secrets: Vec<String> = Vec::new();

    // An account: its password, a wrong one, its session cookie.
    let password = "correct-horse-battery-917";
    let signup = json!({"name": "Mallory", "password": password}).to_string();
    let (status, head, body) =
        exchange(port, "POST", "/api/account/signup", &[], Some(&signup)).unwrap();
    assert_eq!(status, 201, "{body}");
    let cookie = head
        .lines()
        .find_map(|l| {
            l.strip_prefix("set-cookie: ")
                .or_else(|| l.strip_prefix("Set-Cookie: "))
        })
        .expect("a session cookie")
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let cookie_value = cookie.split_once('=').unwrap().1.to_string();
    let wrong = json!({"name": "Mallory", "password": "hunter2-is-wrong"}).to_string();
    let (status, _, _) = exchange(port, "POST", "/api/account/login", &[], Some(&wrong)).unwrap();
    assert_eq!(status, 401);
    let (status, _, _) =
        exchange(port, "GET", "/api/account", &[("Cookie", &cookie)], None).unwrap();
    assert_eq!(status, 200);
    secrets.extend([
        password.to_string(),
        "hunter2-is-wrong".into(),
        cookie_value,
    ]);

    // A game played to its end, seat tokens in headers.
    let body = json!({"size": 3, "seats": [{"kind": "human", "mine": true}, {"kind": "human"}]});
    let (status, created) = request(port, "POST", "/api/games", None, Some(body));
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let south = created["token"].as_str().unwrap().to_string();
    let (_, joined) = request(
        port,
        "POST",
        &format!("/api/games/{id}/join"),
        None,
        Some(json!({"name": "Bartholomew"})),
    );
    let north = joined["token"].as_str().unwrap().to_string();
    // A page's socket, its token offered as pages offer it.
    {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut ws_request = format!("ws://127.0.0.1:{port}/api/games/{id}/ws")
            .into_client_request()
            .unwrap();
        ws_request.headers_mut().insert(
            "sec-websocket-protocol",
            format!("quoridor, bearer.{north}").parse().unwrap(),
        );
        let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        let (mut ws, _) = tokio_tungstenite::tungstenite::client(ws_request, stream).unwrap();
        assert!(ws.read().unwrap().is_text());
        ws.close(None).unwrap();
        while ws.read().is_ok() {}
    }
    let (status, over) = request(
        port,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&north),
        Some(json!({})),
    );
    assert_eq!(status, 200, "{over}");
    secrets.extend([south, north]);

    // A class: its PIN, code and teacher's tokens, a pupil and her token.
    let (status, class) = request(
        port,
        "POST",
        "/api/classes",
        None,
        Some(json!({"name": "CM2", "pin": "480215", "lang": "fr"})),
    );
    assert_eq!(status, 201, "{class}");
    let code = class["code"].as_str().unwrap().to_string();
    let (status, pupil) = request(
        port,
        "POST",
        "/api/join",
        None,
        Some(json!({"code": code, "name": "Léonie"})),
    );
    assert_eq!(status, 200, "{pupil}");
    let (status, again) = request(
        port,
        "POST",
        "/api/classes/open",
        None,
        Some(json!({"code": code, "pin": "480215"})),
    );
    assert_eq!(status, 200, "{again}");
    let (status, _) = request(
        port,
        "POST",
        "/api/classes/open",
        None,
        Some(json!({"code": code, "pin": "731846"})),
    );
    assert_eq!(status, 401);
    for token in [&class["token"], &pupil["token"], &again["token"]] {
        secrets.push(token.as_str().unwrap().to_string());
    }
    secrets.extend([
        "480215".into(),
        "731846".into(),
        code,
        "Léonie".into(),
        "Bartholomew".into(),
    ]);

    // Stopped as systemd stops it.
    // SAFETY: a signal to the child this test started.
    unsafe {
        libc::kill(server.0.id() as i32, libc::SIGTERM);
    }
    let deadline = Instant::now() + Duration::from_secs(20);
    while server.0.try_wait().unwrap().is_none() {
        assert!(
            Instant::now() < deadline,
            "the server did not stop on SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    server.kill();
    let text = std::fs::read_to_string(&log_path).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|_| panic!("not a JSON line: {l}")))
        .collect();
    let has = |message: &str, key: &str, value: &str| {
        lines
            .iter()
            .any(|l| l["message"] == message && l[key] == value)
    };
    assert!(has("request", "route", "/api/games/{id}/resign"), "{text}");
    assert!(has("request", "route", "/api/account/login"), "{text}");
    assert!(lines
        .iter()
        .any(|l| l["message"] == "game created" && l["game"] == id.as_str()));
    assert!(has("game ended", "termination", "resignation"), "{text}");
    assert!(has("websocket closed", "kind", "game"), "{text}");
    assert!(lines.iter().any(|l| l["message"] == "stopped"), "{text}");
    for secret in &secrets {
        assert!(
            !text.contains(secret.as_str()),
            "{secret:?} is in the log:\n{text}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `/metrics` scraped after `quoridor-lab bench server` shows the moves the
/// bench made and a latency that agrees with the round trips it measured
/// (the server's part of a move never exceeds its round trip).
#[test]
fn metrics_agree_with_the_load_benchmark() {
    let _alone = one_at_a_time();
    let dir = tempfile_dir();
    let db = dir.join("games.db");
    let port = free_port();
    let flags = [
        "--http-rate",
        "0",
        "--ws-rate",
        "0",
        "--max-rooms-per-client",
        "1000",
    ];
    let mut server = serve_with(port, &db, &flags);
    let (status, ready) = request(port, "GET", "/api/ready", None, None);
    assert_eq!((status, &ready), (200, &json!({"ready": true})));
    let out = Command::new(env!("CARGO_BIN_EXE_quoridor-lab"))
        .args([
            "bench",
            "server",
            "--json",
            "--games",
            "8",
            "--moves-per-game",
            "24",
        ])
        .args(["--addr", &format!("127.0.0.1:{port}")])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["errors"], 0, "{report}");
    let (status, _, text) = exchange(port, "GET", "/metrics", &[], None).unwrap();
    assert_eq!(status, 200);
    let figure = |name: &str, labels: &[(&str, &str)]| {
        quoridor_server::metrics::scrape_sum(&text, name, labels)
            .unwrap_or_else(|| panic!("{name} {labels:?} not in:\n{text}"))
    };
    let moves = report["moves"].as_f64().unwrap();
    assert!(moves >= 8.0 * 20.0, "{report}");
    assert_eq!(figure("quoridor_moves_total", &[]), moves);
    assert_eq!(figure("quoridor_move_duration_seconds_count", &[]), moves);
    assert_eq!(figure("quoridor_games_created_total", &[]), 8.0);
    assert_eq!(
        figure("quoridor_websockets_opened_total", &[("kind", "game")]),
        report["connections"].as_f64().unwrap()
    );
    assert_eq!(
        figure(
            "quoridor_http_requests_total",
            &[
                ("route", "/api/games"),
                ("method", "POST"),
                ("status", "201")
            ]
        ),
        8.0
    );
    // The share of moves the server handled within the bench's p99 round
    // trip (rounded up to a bucket's bound) is at least 99 %.
    let p99 = report["round_trip"]["p99_ms"].as_f64().unwrap() / 1000.0;
    let bound = quoridor_server::metrics::LATENCY_BOUNDS
        .iter()
        .find(|&&b| b >= p99)
        .map_or("+Inf".to_string(), |b| b.to_string());
    let within = figure(
        "quoridor_move_duration_seconds_bucket",
        &[("le", bound.as_str())],
    );
    assert!(
        within >= 0.99 * moves,
        "{within} of {moves} moves within {bound} s (bench p99 {p99} s):\n{text}"
    );
    assert!(figure("process_resident_memory_bytes", &[]) > 1e6);
    assert!(figure("quoridor_db_commits_total", &[]) >= 1.0);
    server.kill();
    let _ = std::fs::remove_dir_all(&dir);
}
