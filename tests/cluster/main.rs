//! Several `quoridor serve` instances on one PostgreSQL database, behind
//! the shipped Caddy configuration for them (issue 58): a game held by
//! one instance is played by clients whose requests and sockets land on
//! the others; live events cross the instances (`live.rs`: the lobby,
//! challenges, an account's deletion); wrong passwords spread over the
//! instances are counted as by one server; and when the instance holding
//! live clocked games is killed (SIGKILL), another takes them over: play
//! resumes, no acknowledged move is lost (the test counts them), no game
//! is held twice, and no clock is charged for the failover. A class
//! (`classes.rs`) is served by the keeper for every instance and goes on
//! when the keeper dies; a burst spread over the instances (`limits.rs`)
//! meets each per-address limit once.
//!
//! Needs the tests' PostgreSQL (`QUORIDOR_TEST_PG`, started by
//! `scripts/test.sh`) and Debian's caddy: without them the test fails, it
//! never skips.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod classes;
#[path = "../common/mod.rs"]
mod common;
mod limits;
mod live;

use common::http::{call, call_from, http, http_from};
use common::{free_port, Running};
use futures_util::{SinkExt, StreamExt};
use live::{challenge_across, deleted_everywhere, lobby_pair};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// The name of the instance on `port` (its `/metrics`).
fn instance_id(port: u16) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    text.lines()
        .find_map(|line| line.strip_prefix("quoridor_instance_info{id=\""))
        .and_then(|rest| rest.split('"').next())
        .expect("an instance's name in its /metrics")
        .to_string()
}

/// A client address whose home, among the instances on `ports`, is the
/// one on `home`: its games are made and held there (once every instance
/// knows every other: within a renewal).
fn client_at(ports: &[u16], home: u16) -> String {
    let until = Instant::now() + Duration::from_secs(10);
    while ports
        .iter()
        .any(|&p| figure(p, "quoridor_instances_live") != ports.len() as f64)
    {
        assert!(
            Instant::now() < until,
            "the instances do not know each other"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let ids: Vec<String> = ports.iter().map(|&p| instance_id(p)).collect();
    let names: Vec<&str> = ids.iter().map(String::as_str).collect();
    let want = instance_id(home);
    (1..=250)
        .map(|n| format!("10.9.0.{n}"))
        .find(|ip| quoridor_server::db::cluster::home_among(ip, &names) == Some(want.as_str()))
        .expect("a client at home there")
}

/// Waits until `port` answers `/api/ready` with 200.
fn wait_ready(port: u16, what: &str) {
    let until = Instant::now() + Duration::from_secs(30);
    while http(port, "GET", "/api/ready", None, "").map(|a| a.0) != Some(200) {
        assert!(Instant::now() < until, "{what} did not get ready");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// An instance on `port`, on the database at `url`, trusting the proxy on
/// loopback; its log in `log`.
fn instance(port: u16, url: &str, log: &Path) -> Running {
    instance_with(port, url, log, &[])
}

/// [`instance`] with more settings in its environment (`QUORIDOR_…`).
fn instance_with(port: u16, url: &str, log: &Path, settings: &[(&str, &str)]) -> Running {
    let child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args(["serve", "--addr", &format!("127.0.0.1:{port}")])
        .args(["--instance-address", &format!("http://127.0.0.1:{port}")])
        .args(["--trusted-proxy", "127.0.0.1", "--log", "info"])
        .env("QUORIDOR_DB", url)
        .envs(settings.iter().copied())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .unwrap();
    let running = Running(child);
    wait_ready(port, "an instance");
    running
}

/// The shipped Caddyfile for several instances, in front of `ports`.
fn caddy(dir: &Path, proxy: u16, ports: &[u16]) -> Running {
    let shipped = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/deploy/Caddyfile.instances"),
    )
    .unwrap();
    let upstreams = "10.0.0.11:8080 10.0.0.12:8080 10.0.0.13:8080";
    assert!(shipped.contains(upstreams));
    let ours: Vec<String> = ports.iter().map(|p| format!("127.0.0.1:{p}")).collect();
    let config = "{\n\tadmin off\n\tauto_https off\n}\n".to_string()
        + &shipped
            .replace(
                "quoridor.example.org {",
                &format!("http://127.0.0.1:{proxy} {{"),
            )
            .replace(upstreams, &ours.join(" "))
            .replace(
                "/var/log/caddy/quoridor.log",
                &dir.join("caddy.log").display().to_string(),
            );
    let file = dir.join("Caddyfile");
    std::fs::write(&file, config).unwrap();
    let running = Running(
        Command::new("caddy")
            .args(["run", "--adapter", "caddyfile", "--config"])
            .arg(&file)
            .env("HOME", dir)
            .env("XDG_DATA_HOME", dir)
            .env("XDG_CONFIG_HOME", dir)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(dir.join("caddy.err")).unwrap())
            .spawn()
            .unwrap(),
    );
    wait_ready(proxy, "caddy");
    running
}

/// A figure of an instance's `/metrics`.
fn figure(port: u16, name: &str) -> f64 {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    text.lines()
        .find_map(|line| line.strip_prefix(&format!("{name} ")))
        .map_or(0.0, |v| v.trim().parse().unwrap())
}

/// A game of two people with a clock, made by the client `from` (held by
/// its home) through the instance at `port`: its id and its two seats'
/// tokens (north joined through `join_port`).
fn clocked_game(from: &str, port: u16, join_port: u16) -> (String, String, String) {
    let body = json!({
        "clock": {"initial_ms": 300_000, "increment_ms": 0},
        "seats": [{"kind": "human", "mine": true}, {"kind": "human", "mine": false}],
    });
    let path = "/api/games";
    let (status, made) =
        http_from(Some(from), port, "POST", path, None, &body.to_string()).unwrap();
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    let (status, joined) = http(
        join_port,
        "POST",
        &format!("/api/games/{id}/join"),
        None,
        r#"{"seat": "north"}"#,
    )
    .unwrap();
    assert_eq!(status, 200, "joined through another instance: {joined}");
    let token = |v: &Value| v["token"].as_str().unwrap().to_string();
    (id, token(&made), token(&joined))
}

/// The moves of both pawns walking up and down: legal whatever the clock.
fn nth_move(ply: usize) -> &'static str {
    const SOUTH: [&str; 4] = ["e2", "e3", "e2", "e1"];
    const NORTH: [&str; 4] = ["e8", "e7", "e8", "e9"];
    let i = (ply / 2) % 4;
    if ply.is_multiple_of(2) {
        SOUTH[i]
    } else {
        NORTH[i]
    }
}

/// A socket through `port` on the API path `path`, `token` offered as the
/// pages offer it (a WebSocket protocol beside `quoridor`).
async fn socket_on(
    port: u16,
    path: &str,
    token: &str,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    let mut request = format!("ws://127.0.0.1:{port}{path}")
        .into_client_request()
        .unwrap();
    request.headers_mut().insert(
        "sec-websocket-protocol",
        format!("quoridor, bearer.{token}").parse().unwrap(),
    );
    tokio_tungstenite::connect_async(request).await.unwrap().0
}

/// A game's socket through `port`, its seat's token offered as the page
/// does.
async fn socket(
    port: u16,
    id: &str,
    token: &str,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    socket_on(port, &format!("/api/games/{id}/ws"), token).await
}

/// Reads the socket until a state at `ply` comes (10 s at most).
async fn wait_ply<S>(ws: &mut S, ply: usize)
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    let want = format!("\"ply\":{ply},");
    let until = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let next = tokio::time::timeout_at(until, ws.next())
            .await
            .unwrap_or_else(|_| panic!("no state at ply {ply} on the socket"));
        let text = next.unwrap().unwrap().into_text().unwrap();
        if text.contains(&want) {
            return;
        }
    }
}

/// The next message of a socket that `pick` keeps (10 s at most; `what`
/// names it if none comes).
async fn socket_until<S, T>(ws: &mut S, what: &str, pick: impl Fn(&Value) -> Option<T>) -> T
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    let until = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let next = tokio::time::timeout_at(until, ws.next())
            .await
            .unwrap_or_else(|_| panic!("no {what} within 10 s"));
        let Ok(Message::Text(text)) = next.unwrap() else {
            continue;
        };
        let message: Value = serde_json::from_str(text.as_str()).unwrap();
        if let Some(kept) = pick(&message) {
            return kept;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_played_through_every_instance_and_survive_the_loss_of_their_holder() {
    let url = quoridor_server::db::sql::test_database();
    let dir = tempfile::tempdir().unwrap();
    let ports = [free_port(), free_port(), free_port()];
    let mut instances: Vec<Running> = ports
        .iter()
        .enumerate()
        .map(|(i, &p)| instance(p, &url, &dir.path().join(format!("instance{i}.log"))))
        .collect();
    let proxy = free_port();
    let _caddy = caddy(dir.path(), proxy, &ports);
    let [holder, second, third] = ports;

    // Three clocked games made through the second instance by a client
    // whose home is the first (the keeper), which holds them; north joins
    // through the second.
    let player = client_at(&ports, holder);
    let games: Vec<_> = (0..3)
        .map(|_| clocked_game(&player, second, second))
        .collect();
    let mut acknowledged = vec![0usize; games.len()];

    // South plays through a socket on the third instance (relayed to the
    // holder), north through the proxy's HTTP; a spectator's socket on
    // the second hears every move.
    for (g, (id, south, north)) in games.iter().enumerate() {
        let mut south_ws = socket(third, id, south).await;
        let mut watching = socket(second, id, north).await;
        for ply in 0..4usize {
            if ply.is_multiple_of(2) {
                let message = json!({"type": "move", "move": nth_move(ply)}).to_string();
                south_ws.send(Message::text(message)).await.unwrap();
            } else {
                let body = json!({"move": nth_move(ply)}).to_string();
                let path = format!("/api/games/{id}/move");
                let (status, answer) = http(proxy, "POST", &path, Some(north), &body).unwrap();
                assert_eq!(status, 200, "{answer}");
            }
            wait_ply(&mut south_ws, ply + 1).await;
            wait_ply(&mut watching, ply + 1).await;
            acknowledged[g] += 1;
        }
    }
    assert!(figure(second, "quoridor_relayed_total") >= 6.0);
    assert!(figure(third, "quoridor_relayed_total") >= 3.0);
    assert_eq!(figure(holder, "quoridor_games_live"), 3.0);

    // Two players in the lobby through two instances meet, and play.
    let (game, ana, ben) = lobby_pair(second, third).await;
    let (status, _) = http(
        proxy,
        "POST",
        &format!("/api/games/{game}/move"),
        Some(&ana),
        r#"{"move":"e2"}"#,
    )
    .unwrap();
    assert_eq!(status, 200);
    let (status, _) = http(
        holder,
        "POST",
        &format!("/api/games/{game}/move"),
        Some(&ben),
        r#"{"move":"e8"}"#,
    )
    .unwrap();
    assert_eq!(status, 200);

    // A challenge sent through one instance is heard live on a page whose
    // socket reaches another, and accepted through a third; a move in a
    // game held elsewhere tells that page "your turn" (LISTEN/NOTIFY).
    let at_second = client_at(&ports, second);
    challenge_across(holder, second, third, &at_second).await;
    // Every instance listens; the notices were heard, and how late each
    // came is measured (`/metrics`, for the operator).
    for port in ports {
        assert_eq!(figure(port, "quoridor_notices_listening"), 1.0, "{port}");
    }
    let heard: f64 = ports
        .iter()
        .map(|&p| figure(p, "quoridor_notices_heard_total"))
        .sum();
    let timed: f64 = ports
        .iter()
        .map(|&p| figure(p, "quoridor_notice_lag_seconds_count"))
        .sum();
    assert!(
        heard >= 1.0 && timed == heard,
        "{heard} heard, {timed} timed"
    );
    let sent: Vec<f64> = ports
        .iter()
        .map(|&p| figure(p, "quoridor_notices_sent_total"))
        .collect();
    assert!(sent.iter().sum::<f64>() >= 1.0, "{sent:?}");
    for i in 0..3 {
        let log = std::fs::read_to_string(dir.path().join(format!("instance{i}.log"))).unwrap();
        assert!(!log.contains("not told"), "{log}");
    }

    // An account deleted through one instance leaves no name in a
    // finished game another instance holds in memory.
    deleted_everywhere(second, third, &at_second);

    // Wrong passwords spread over the three instances count as on one
    // server: five, then the account is locked for this address.
    let (status, _) = http(
        proxy,
        "POST",
        "/api/account/signup",
        None,
        r#"{"name": "ada", "password": "a long enough secret"}"#,
    )
    .unwrap();
    assert_eq!(status, 201);
    let said: Vec<u16> = (0..9)
        .map(|i| {
            let wrong = r#"{"name": "ada", "password": "not the secret at all"}"#;
            http(ports[i % 3], "POST", "/api/account/login", None, wrong)
                .unwrap()
                .0
        })
        .collect();
    assert_eq!(said, [401, 401, 401, 401, 401, 429, 429, 429, 429]);

    // South's clock stands at what the last stored move left it.
    let before: Vec<i64> = games
        .iter()
        .map(|(id, _, _)| {
            let (_, game) = http(proxy, "GET", &format!("/api/games/{id}"), None, "").unwrap();
            game["clock"]["remaining_ms"]["south"].as_i64().unwrap()
        })
        .collect();

    // The holder dies in the middle of the games.
    let held_before = figure(holder, "quoridor_games_live");
    let elsewhere_before =
        figure(second, "quoridor_games_live") + figure(third, "quoridor_games_live");
    assert_eq!(
        held_before, 5.0,
        "three games, the lobby's and the challenge's"
    );
    instances[0].kill();
    let killed = Instant::now();

    // Every client goes on through the proxy, trying again while the
    // games are taken over; each acknowledged move is counted.
    let mut waited = Duration::ZERO;
    for round in 0..2 {
        for (g, (id, south, north)) in games.iter().enumerate() {
            let ply = acknowledged[g];
            let token = if ply.is_multiple_of(2) { south } else { north };
            let body = json!({"move": nth_move(ply)}).to_string();
            let path = format!("/api/games/{id}/move");
            let asked = Instant::now();
            loop {
                match http(proxy, "POST", &path, Some(token), &body) {
                    Some((200, _)) => break,
                    Some((502..=504, _)) | None => {}
                    Some((status, answer)) => panic!("move refused: {status} {answer}"),
                }
                assert!(
                    killed.elapsed() < Duration::from_secs(40),
                    "the games were not taken over in 40 s"
                );
                std::thread::sleep(Duration::from_millis(200));
            }
            if round == 0 && g == 0 {
                waited = asked.elapsed();
            }
            acknowledged[g] += 1;
        }
    }
    eprintln!("failover: the first move waited {waited:?}");
    assert!(
        waited < Duration::from_millis(quoridor_server::db::postgres::LEASE_MS as u64 + 5_000),
        "the takeover took {waited:?}"
    );

    // Not one acknowledged move lost; each game held by one instance.
    for (g, (id, _, _)) in games.iter().enumerate() {
        let (status, game) = http(proxy, "GET", &format!("/api/games/{id}"), None, "").unwrap();
        assert_eq!(status, 200);
        assert_eq!(
            game["ply"].as_u64().unwrap() as usize,
            acknowledged[g],
            "{id}"
        );
        // South moved once after the takeover: its clock was charged for
        // that move's thinking, not for the time the games waited.
        let south_now = game["clock"]["remaining_ms"]["south"].as_i64().unwrap();
        assert!(
            before[g] - south_now < 3_000,
            "south was charged {} ms for the failover",
            before[g] - south_now
        );
    }
    // Every game the holder had (the lobby's and the challenge's too,
    // which nobody asked for: taken at the next renewal), each now in one
    // instance's memory beside those the others held already.
    let figures = |name: &str| figure(second, name) + figure(third, name);
    let until = Instant::now() + Duration::from_secs(10);
    while figures("quoridor_games_taken_over_total") < held_before {
        if Instant::now() >= until {
            // Seen once in seven runs on a loaded machine (a game loaded
            // by a request between the takeover and its loading was
            // counted by neither, since fixed): say where each game
            // went, from the takers' logs.
            let logs: String = (1..3)
                .map(|i| {
                    let log = dir.path().join(format!("instance{i}.log"));
                    let log = std::fs::read_to_string(log).unwrap_or_default();
                    let lines = log.lines().filter(|l| l.contains("quoridor::cluster"));
                    format!("instance{i}:\n{}\n", lines.collect::<Vec<_>>().join("\n"))
                })
                .collect();
            panic!(
                "{} of {held_before} games taken over\n{logs}",
                figures("quoridor_games_taken_over_total")
            );
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    assert_eq!(figures("quoridor_games_taken_over_total"), held_before);
    assert_eq!(
        figures("quoridor_games_live"),
        held_before + elsewhere_before,
        "each game held once"
    );

    // A socket opened again through the proxy hears the game as it is.
    let (id, south, _) = &games[0];
    let mut again = socket(proxy, id, south).await;
    wait_ply(&mut again, acknowledged[0]).await;
}

/// Sends `signal` (`STOP`, `CONT`) to the process.
fn signal(process: &Running, signal: &str) {
    let status = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(process.0.id().to_string())
        .status()
        .unwrap();
    assert!(status.success());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_instance_that_lost_its_lease_stores_nothing_more_and_stops() {
    let url = quoridor_server::db::sql::test_database();
    let dir = tempfile::tempdir().unwrap();
    let (old, new) = (free_port(), free_port());
    let mut paused = instance(old, &url, &dir.path().join("old.log"));
    let _other = instance(new, &url, &dir.path().join("new.log"));
    let player = client_at(&[old, new], old);
    let (id, south, north) = clocked_game(&player, new, new);
    let play_from = |from: Option<&str>, port: u16, token: &str, ply: usize| {
        let body = json!({"move": nth_move(ply)}).to_string();
        http_from(
            from,
            port,
            "POST",
            &format!("/api/games/{id}/move"),
            Some(token),
            &body,
        )
    };
    let play = |port: u16, token: &str, ply: usize| play_from(None, port, token, ply);
    assert_eq!(play(old, &south, 0).unwrap().0, 200);

    // Frozen past its lease (a machine that hung): the other instance
    // takes the game over and it goes on there.
    signal(&paused, "STOP");
    let until = Instant::now() + Duration::from_secs(30);
    while play(new, &north, 1).map(|a| a.0) != Some(200) {
        assert!(Instant::now() < until, "the game was not taken over");
        std::thread::sleep(Duration::from_millis(200));
    }

    // Woken, the old instance still has the game in memory: a move sent
    // to it (by a client whose home it is, so that it serves it) is not
    // stored, and it stops.
    signal(&paused, "CONT");
    let late = play_from(Some(&player), old, &south, 2);
    let logs = || {
        let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap_or_default();
        format!("old:\n{}\nnew:\n{}", read("old.log"), read("new.log"))
    };
    assert_ne!(
        late.as_ref().map(|a| a.0),
        Some(200),
        "{:?}\n{}",
        late.as_ref().map(|a| (a.0, &a.1["ply"])),
        logs()
    );
    let until = Instant::now() + Duration::from_secs(15);
    let exit = loop {
        if let Some(exit) = paused.0.try_wait().unwrap() {
            break exit;
        }
        assert!(Instant::now() < until, "the old instance did not stop");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(!exit.success(), "it says it failed");
    let log = std::fs::read_to_string(dir.path().join("old.log")).unwrap();
    assert!(log.contains("lost its lease"), "{log}");

    // The game is as the live instance left it.
    let (_, game) = http(new, "GET", &format!("/api/games/{id}"), None, "").unwrap();
    assert_eq!(game["ply"], 2);
    assert_eq!(play(new, &south, 2).unwrap().0, 200);
}
