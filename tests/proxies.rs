//! The proxy configurations the deployment guide ships (docs/deploy/), run
//! for real in front of the server: after a game (its seat token offered
//! as a WebSocket protocol, as the page does, and as a bearer header) and a
//! class joined by its code (an old link's `?code=`), the proxy's access
//! log holds neither the token nor the code (issue 55). `nginx -t` checks
//! the shipped nginx block as written, with test certificates.
//!
//! Needs Debian's caddy, nginx and openssl (`scripts/test.sh` installs
//! them): without them the tests fail, they never skip.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;

use common::{free_port, Running};
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

fn deploy_file(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/deploy")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

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

/// One plain HTTP request: the status and the body.
fn http(port: u16, method: &str, path: &str, headers: &[&str], body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for h in headers {
        head.push_str(h);
        head.push_str("\r\n");
    }
    write!(stream, "{head}\r\n{body}").unwrap();
    let mut response = String::new();
    let _ = stream.read_to_string(&mut response);
    let status = response
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = response
        .split_once("\r\n\r\n")
        .map_or(String::new(), |(_, b)| b.to_string());
    (status, body)
}

/// Waits until `port` answers `/api/ready` with 200.
fn wait_ready(port: u16, what: &str) {
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        if TcpStream::connect(("127.0.0.1", port)).is_ok()
            && http(port, "GET", "/api/ready", &[], "").0 == 200
        {
            return;
        }
        assert!(Instant::now() < until, "{what} did not answer");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The server, on a port of its own, trusting the proxy on loopback.
fn server(dir: &Path) -> (Running, u16) {
    let port = free_port();
    let child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .arg("serve")
        .env("QUORIDOR_ADDR", format!("127.0.0.1:{port}"))
        .env("QUORIDOR_DB", dir.join("q.db"))
        .env("QUORIDOR_TRUSTED_PROXY", "127.0.0.1")
        .arg("--quiet")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let running = Running(child);
    wait_ready(port, "the server");
    (running, port)
}

/// A game and a class used through the proxy on `port`: the secrets a
/// log could catch (the seat token, the class code).
async fn use_through(port: u16) -> Vec<String> {
    let (status, body) = http(
        port,
        "POST",
        "/api/games",
        &["Content-Type: application/json"],
        r#"{"seats": [{"kind": "human", "mine": true}, {"kind": "human", "mine": true}]}"#,
    );
    assert_eq!(status, 201, "{body}");
    let game: serde_json::Value = serde_json::from_str(&body).unwrap();
    let (id, token) = (
        game["id"].as_str().unwrap().to_string(),
        game["token"].as_str().unwrap().to_string(),
    );
    // The page's socket: the token offered as a protocol.
    let mut request = format!("ws://127.0.0.1:{port}/api/games/{id}/ws")
        .into_client_request()
        .unwrap();
    request.headers_mut().insert(
        "sec-websocket-protocol",
        format!("quoridor, bearer.{token}").parse().unwrap(),
    );
    let (mut ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    ws.send(Message::text(r#"{"type":"move","move":"e2"}"#))
        .await
        .unwrap();
    loop {
        let text = ws.next().await.unwrap().unwrap().into_text().unwrap();
        if text.contains("\"ply\":1") {
            break;
        }
    }
    drop(ws);
    let (status, _) = http(
        port,
        "GET",
        &format!("/api/games/{id}/hint"),
        &[&format!("Authorization: Bearer {token}")],
        "",
    );
    assert!(status == 200 || status == 403, "{status}");
    // A class, and an old join link with its code in the query.
    let (status, body) = http(
        port,
        "POST",
        "/api/classes",
        &["Content-Type: application/json"],
        r#"{"name": "CE1", "pin": "4321"}"#,
    );
    assert_eq!(status, 201, "{body}");
    let class: serde_json::Value = serde_json::from_str(&body).unwrap();
    let code = class["code"].as_str().unwrap().to_string();
    let (status, _) = http(
        port,
        "GET",
        &format!("/join?code={code}"),
        &[&format!(
            "Referer: http://127.0.0.1:{port}/join?code={code}"
        )],
        "",
    );
    assert_eq!(status, 200);
    let (status, body) = http(
        port,
        "POST",
        "/api/join",
        &["Content-Type: application/json"],
        &format!(r#"{{"code": "{code}", "name": "Léa"}}"#),
    );
    assert_eq!(status, 200, "{body}");
    vec![token, code]
}

/// Reads the log at `path` (waiting a little for its last lines) and holds
/// it to no secret, having seen the requests.
fn check_log(path: &Path, secrets: &[String]) {
    std::thread::sleep(Duration::from_millis(500));
    let log = std::fs::read_to_string(path).unwrap_or_default();
    assert!(log.contains("/join"), "the log saw nothing: {log}");
    assert!(log.contains("/api/games"), "{log}");
    for secret in secrets {
        assert!(
            !log.contains(secret.as_str()),
            "the log holds {secret}:\n{log}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_shipped_caddyfile_logs_no_token_and_no_code() {
    require("caddy");
    let dir = tempfile::tempdir().unwrap();
    let (_server, port) = server(dir.path());
    let proxy_port = free_port();
    let log = dir.path().join("caddy.log");
    let shipped = deploy_file("Caddyfile");
    assert!(shipped.contains("quoridor.example.org {"));
    let config = "{\n\tadmin off\n\tauto_https off\n}\n".to_string()
        + &shipped
            .replace(
                "quoridor.example.org {",
                &format!("http://127.0.0.1:{proxy_port} {{"),
            )
            .replace("127.0.0.1:8080", &format!("127.0.0.1:{port}"))
            .replace("/var/log/caddy/quoridor.log", &log.display().to_string());
    let file = dir.path().join("Caddyfile");
    std::fs::write(&file, config).unwrap();
    let caddy = Running(
        Command::new("caddy")
            .args(["run", "--adapter", "caddyfile", "--config"])
            .arg(&file)
            .env("HOME", dir.path())
            .env("XDG_DATA_HOME", dir.path())
            .env("XDG_CONFIG_HOME", dir.path())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(dir.path().join("caddy.err")).unwrap())
            .spawn()
            .unwrap(),
    );
    wait_ready(proxy_port, "caddy");
    let secrets = use_through(proxy_port).await;
    drop(caddy);
    check_log(&log, &secrets);
}

/// A self-signed certificate and key in `dir`, for `nginx -t`.
fn certificate(dir: &Path) -> (PathBuf, PathBuf) {
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    let status = Command::new("openssl")
        .args([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
        ])
        .args(["-subj", "/CN=quoridor.example.org", "-keyout"])
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    (cert, key)
}

/// A whole nginx configuration around the shipped server blocks.
fn nginx_conf(dir: &Path, blocks: &str) -> PathBuf {
    let temp = dir.display();
    let conf = format!(
        "pid {temp}/nginx.pid;\nerror_log {temp}/error.log;\nevents {{}}\nhttp {{\n\
         client_body_temp_path {temp}/body;\nproxy_temp_path {temp}/proxy;\n\
         fastcgi_temp_path {temp}/fastcgi;\nuwsgi_temp_path {temp}/uwsgi;\nscgi_temp_path {temp}/scgi;\n\
         access_log off;\n{blocks}\n}}\n"
    );
    let path = dir.join("nginx.conf");
    std::fs::write(&path, conf).unwrap();
    path
}

#[test]
fn the_shipped_nginx_blocks_pass_nginx_t() {
    nginx_t("nginx.conf");
    // Several instances behind one address (issue 58).
    nginx_t("nginx-instances.conf");
}

/// `nginx -t` of the shipped server block `name`, as written.
fn nginx_t(name: &str) {
    require("nginx");
    require("openssl");
    let dir = tempfile::tempdir().unwrap();
    let (cert, key) = certificate(dir.path());
    let shipped = deploy_file(name);
    let blocks = shipped
        .replace(
            "/etc/letsencrypt/live/quoridor.example.org/fullchain.pem",
            &cert.display().to_string(),
        )
        .replace(
            "/etc/letsencrypt/live/quoridor.example.org/privkey.pem",
            &key.display().to_string(),
        )
        .replace(
            "/var/log/nginx/quoridor.access.log",
            &dir.path().join("access.log").display().to_string(),
        );
    let conf = nginx_conf(dir.path(), &blocks);
    let out = Command::new("nginx")
        .arg("-t")
        .arg("-c")
        .arg(&conf)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && said.contains("syntax is ok"),
        "{name}: {said}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_shipped_nginx_block_logs_no_token_and_no_code() {
    require("nginx");
    let dir = tempfile::tempdir().unwrap();
    // Workers may run as nobody: the temporary folders are theirs too.
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let (_server, port) = server(dir.path());
    let proxy_port = free_port();
    let log = dir.path().join("access.log");
    let shipped = deploy_file("nginx.conf");
    // Plain HTTP on a port of the test's (TLS is not what is tested here).
    let blocks: String = shipped
        .lines()
        .filter(|l| !l.contains("[::]") && !l.contains("ssl_certificate"))
        .map(|l| {
            l.replace(
                "listen 443 ssl http2;",
                &format!("listen 127.0.0.1:{proxy_port};"),
            )
            .replace("listen 80;", &format!("listen 127.0.0.1:{};", free_port()))
            .replace("127.0.0.1:8080", &format!("127.0.0.1:{port}"))
            .replace(
                "/var/log/nginx/quoridor.access.log",
                &log.display().to_string(),
            )
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(blocks.contains(&format!("listen 127.0.0.1:{proxy_port};")));
    let conf = nginx_conf(dir.path(), &blocks);
    let nginx = Running(
        Command::new("nginx")
            // One process, no workers: killed by its PID, nothing is left behind.
            .args(["-g", "daemon off; master_process off;", "-c"])
            .arg(&conf)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    wait_ready(proxy_port, "nginx");
    let secrets = use_through(proxy_port).await;
    drop(nginx);
    check_log(&log, &secrets);
}
