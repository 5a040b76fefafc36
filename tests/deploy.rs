//! The deployment guide's files (docs/deploy/): the systemd unit passes
//! `systemd-analyze verify`, the Caddyfile `caddy validate`, and the
//! settings the unit gives the server are ones it accepts: started with
//! them, it serves, keeps `/metrics` on its own address, writes a backup,
//! and stops on SIGTERM.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn deploy_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/deploy")
        .join(name)
}

/// Fails the test unless `tool` is installed: a check that skips when its
/// tool is missing could never fail (`scripts/test.sh` installs them).
fn require(tool: &str) {
    let found = Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {tool}"))
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        found,
        "{tool} is missing: run ./scripts/test.sh, which installs it"
    );
}

/// The unit's `Environment=` settings.
fn unit_environment() -> Vec<(String, String)> {
    let unit = std::fs::read_to_string(deploy_file("quoridor.service")).unwrap();
    unit.lines()
        .filter_map(|l| l.strip_prefix("Environment="))
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap();
            (k.to_string(), v.to_string())
        })
        .collect()
}

#[test]
fn the_systemd_unit_verifies() {
    require("systemd-analyze");
    // The unit as written, but starting the binary just built (verify
    // wants the program to exist).
    let dir = tempfile::tempdir().unwrap();
    let unit = std::fs::read_to_string(deploy_file("quoridor.service")).unwrap();
    let binary = env!("CARGO_BIN_EXE_quoridor");
    assert!(unit.contains("ExecStart=/usr/local/bin/quoridor serve\n"));
    let unit = unit.replace("/usr/local/bin/quoridor", binary);
    let path = dir.path().join("quoridor.service");
    std::fs::write(&path, unit).unwrap();
    let out = Command::new("systemd-analyze")
        .arg("verify")
        .arg(&path)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    let about_ours: Vec<&str> = said.lines().filter(|l| l.contains("quoridor")).collect();
    assert!(out.status.success() && about_ours.is_empty(), "{said}");
}

#[test]
fn the_caddyfile_validates() {
    require("caddy");
    let out = Command::new("caddy")
        .args(["validate", "--adapter", "caddyfile", "--config"])
        .arg(deploy_file("Caddyfile"))
        .output()
        .unwrap();
    let said =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && said.contains("Valid configuration"),
        "{said}"
    );
}

/// Two free ports, different: both are held while the second is found
/// (one after the other, the system may give the same port twice, and the
/// server, its two listeners on one port, stops as soon as it starts).
fn two_free_ports() -> (u16, u16) {
    let first = TcpListener::bind("127.0.0.1:0").unwrap();
    let second = TcpListener::bind("127.0.0.1:0").unwrap();
    (
        first.local_addr().unwrap().port(),
        second.local_addr().unwrap().port(),
    )
}

/// One request: its status and body, or why none came.
fn try_get(port: u16, path: &str) -> std::io::Result<(u16, String)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )?;
    let mut response = String::new();
    stream.read_to_string(&mut response)?;
    let bad = || std::io::Error::new(std::io::ErrorKind::InvalidData, response.clone());
    let status = response
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .ok_or_else(bad)?;
    let body = response
        .split_once("\r\n\r\n")
        .ok_or_else(bad)?
        .1
        .to_string();
    Ok((status, body))
}

fn get(port: u16, path: &str) -> (u16, String) {
    try_get(port, path).unwrap_or_else(|err| panic!("GET {path}: {err}"))
}

#[test]
fn the_server_runs_with_the_units_settings_and_stops_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let (port, metrics_port) = two_free_ports();
    let mut env = unit_environment();
    assert!(env.len() >= 10, "{env:?}");
    // The unit's paths and ports, moved into the test's own.
    for (key, value) in env.iter_mut() {
        *value = match key.as_str() {
            "QUORIDOR_DB" => dir.path().join("quoridor.db").display().to_string(),
            "QUORIDOR_BACKUP_DIR" => dir.path().join("backups").display().to_string(),
            "QUORIDOR_ADDR" => format!("127.0.0.1:{port}"),
            "QUORIDOR_METRICS_ADDR" => format!("127.0.0.1:{metrics_port}"),
            _ => value.clone(),
        };
    }
    let log = dir.path().join("log");
    let mut child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .arg("serve")
        .envs(env.clone())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    // Ready when /api/ready answers 200. A TCP connection alone proves
    // nothing: the port is one the system hands out for outgoing
    // connections too, and a connect to it before the server binds it can
    // land on the connecting socket itself (a TCP self-connect), which
    // the CI run of 2026-11-28 met as a "connection reset" on the request
    // that followed.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        match try_get(port, "/api/ready") {
            Ok((200, _)) => break,
            Ok((status, body))
                if child.try_wait().unwrap().is_none() && Instant::now() < deadline =>
            {
                eprintln!("not ready yet: {status} {body}");
            }
            Err(_) if child.try_wait().unwrap().is_none() && Instant::now() < deadline => {}
            outcome => {
                let _ = child.kill();
                panic!(
                    "the server is not ready ({outcome:?}); its log:\n{}",
                    std::fs::read_to_string(&log).unwrap_or_default()
                );
            }
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    // /metrics on its own address only.
    assert_eq!(get(port, "/metrics").0, 404);
    let (status, text) = get(metrics_port, "/metrics");
    assert_eq!(status, 200);
    assert!(
        text.contains("# TYPE quoridor_moves_total counter"),
        "{text}"
    );
    // The backup at start.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let backups = std::fs::read_dir(dir.path().join("backups"))
            .map(|d| {
                d.flatten()
                    .filter(|e| e.path().extension().is_some_and(|x| x == "db"))
                    .count()
            })
            .unwrap_or(0);
        // The log line comes after the rename: wait for both, or a stop
        // between them would leave the backup unlogged.
        let logged = std::fs::read_to_string(&log)
            .unwrap_or_default()
            .contains("\"backup written\"");
        if backups == 1 && logged {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "no backup at start ({backups} files); the server's log:\n{}",
            std::fs::read_to_string(&log).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // SAFETY: a signal to the child this test started.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGTERM);
    }
    let deadline = Instant::now() + Duration::from_secs(15);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("the server did not stop within 15 s of SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
    // JSON lines, as the unit asks.
    let text = std::fs::read_to_string(&log).unwrap();
    for line in text.lines() {
        let parsed: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|_| panic!("{line}"));
        assert!(parsed["level"].is_string(), "{line}");
    }
    assert!(text.contains("\"backup written\""), "{text}");
    assert!(
        text.contains(&format!("\"version\":\"{}\"", env!("CARGO_PKG_VERSION"))),
        "{text}"
    );
    // Each request's line has its id and its client's address.
    let request = text
        .lines()
        .find(|l| l.contains("\"route\":\"/api/ready\""))
        .unwrap_or_else(|| panic!("no request line:\n{text}"));
    let request: serde_json::Value = serde_json::from_str(request).unwrap();
    assert_eq!(request["client"], "127.0.0.1", "{request}");
    assert_eq!(request["id"].as_str().map(str::len), Some(16), "{request}");

    // Started again at once (a restart, a crash loop): no second backup
    // so soon; and SIGHUP stops it the graceful way too.
    let log2 = dir.path().join("log2");
    let mut again = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .arg("serve")
        .envs(env)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log2).unwrap())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while !matches!(try_get(port, "/api/ready"), Ok((200, _))) {
        assert!(Instant::now() < deadline, "not ready again");
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(500));
    // SAFETY: a signal to the child this test started.
    unsafe {
        libc::kill(again.id() as i32, libc::SIGHUP);
    }
    let deadline = Instant::now() + Duration::from_secs(15);
    let status = loop {
        if let Some(status) = again.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = again.kill();
            panic!("the server did not stop within 15 s of SIGHUP");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
    let text = std::fs::read_to_string(&log2).unwrap();
    assert!(
        text.contains("saving the clocks"),
        "no graceful stop:\n{text}"
    );
    assert!(!text.contains("\"backup written\""), "{text}");
    let backups = std::fs::read_dir(dir.path().join("backups"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "db"))
        .count();
    assert_eq!(backups, 1, "a restart so soon takes no backup");
}
