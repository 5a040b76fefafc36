//! `quoridor bot` on a real server (issue 60): an account made a bot, its
//! personal API token in a file, the bridge started with `quoridor gtp` as
//! its engine; a person's account challenges it and plays the game to its
//! end over the API. In the second test the bridge reaches the server
//! through a relay that the test cuts in the middle of the game: the bot
//! connects again and finishes the game, and no move is lost.

mod common;

use std::io::Read;
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::http::call;
use common::{free_port, Running};
use serde_json::{json, Value};

/// A server on `port`, its database in `dir`.
fn serve(port: u16, dir: &Path) -> Running {
    common::serve(port, &dir.join("games.db"), &[], Stdio::null())
}

/// Signs `name` up: the session.
fn sign_up(port: u16, name: &str) -> String {
    let body = json!({"name": name, "password": "a long enough password"}).to_string();
    let (status, session, answer) = call(port, "POST", "/api/account/signup", None, &body);
    assert_eq!(status, 201, "{answer}");
    session.unwrap()
}

/// Robo becomes a bot with a token, written to `dir/token`.
fn make_bot(port: u16, dir: &Path) -> std::path::PathBuf {
    let robo = sign_up(port, "Robo");
    let (status, _, account) = call(port, "POST", "/api/account/bot", Some(&robo), "{}");
    assert_eq!(status, 200, "{account}");
    assert_eq!(account["bot"], true);
    let label = json!({"label": "gtp"}).to_string();
    let (status, _, made) = call(port, "POST", "/api/account/tokens", Some(&robo), &label);
    assert_eq!(status, 201, "{made}");
    let file = dir.join("token");
    std::fs::write(&file, made["token"].as_str().unwrap()).unwrap();
    file
}

/// The bridge, on `server`, its log in `dir/bot.log`.
fn bridge(server: &str, token: &Path, dir: &Path) -> Running {
    let log = std::fs::File::create(dir.join("bot.log")).unwrap();
    let engine = format!("'{}' gtp", env!("CARGO_BIN_EXE_quoridor"));
    let child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args(["bot", "--server", server, "--token-file"])
        .arg(token)
        .args(["--engine", &engine, "--think-ms", "40", "--max-games", "1"])
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        .spawn()
        .unwrap();
    Running(child)
}

fn bot_log(dir: &Path) -> String {
    let mut text = String::new();
    std::fs::File::open(dir.join("bot.log"))
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    text
}

/// Waits until `ready` holds of the bot's log.
fn log_says(dir: &Path, what: &str, ready: impl Fn(&str) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !ready(&bot_log(dir)) {
        assert!(
            Instant::now() < deadline,
            "the bot never said {what}:\n{}",
            bot_log(dir)
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Ana challenges Robo to a casual game without a clock, she in the
/// south: the game the bot accepts.
fn challenge(port: u16, ana: &str, dir: &Path) -> String {
    let ask = json!({"to": "Robo", "color": "south"}).to_string();
    let (status, _, sent) = call(port, "POST", "/api/challenges", Some(ana), &ask);
    assert_eq!(status, 201, "{sent}");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (_, _, playing) = call(port, "GET", "/api/account/playing", Some(ana), "");
        if let Some(game) = playing[0]["game"].as_str() {
            return game.to_string();
        }
        assert!(Instant::now() < deadline, "not accepted:\n{}", bot_log(dir));
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Ana plays her turns (the step nearest her goal, else any legal move)
/// until the game ends; `after_ply` is called as each of her moves is
/// acknowledged. The final game object.
fn ana_plays(port: u16, ana: &str, game: &str, mut after_ply: impl FnMut(u64)) -> Value {
    let path = format!("/api/games/{game}");
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        assert!(Instant::now() < deadline, "the game did not end");
        let (_, _, view) = call(port, "GET", &path, Some(ana), "");
        if view["status"] == "over" {
            return view;
        }
        if view["turn"] != "south" || view["legal"].is_null() {
            // Ten looks a second: within the server's 30 requests a second.
            std::thread::sleep(Duration::from_millis(100));
            continue;
        }
        let pawn = view["legal"]["pawn"].as_array().unwrap();
        // Ranks grow towards her goal, the north edge.
        let best = pawn
            .iter()
            .filter_map(Value::as_str)
            .max_by_key(|square| square[1..].parse::<u32>().unwrap())
            .unwrap();
        let body = json!({"move": best}).to_string();
        let (status, _, answer) = call(port, "POST", &format!("{path}/move"), Some(ana), &body);
        assert_eq!(status, 200, "{answer}");
        after_ply(answer["ply"].as_u64().unwrap_or(0));
    }
}

/// The game ended by the rules (a pawn home), each move in the record.
fn ended_by_the_rules(view: &Value) {
    let result = &view["result"];
    assert_eq!(result["termination"], "goal", "{result}");
    let moves = view["moves"].as_array().unwrap();
    assert_eq!(moves.len() as u64, view["ply"].as_u64().unwrap());
    let seats = view["seats"].as_array().unwrap();
    assert_eq!(seats[1]["name"], "Robo");
    assert_eq!(seats[1]["bot"], true, "the bot's seat is marked");
    assert!(seats[0].get("bot").is_none(), "{}", seats[0]);
}

#[test]
fn a_person_challenges_a_bot_and_plays_it_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let _server = serve(port, dir.path());
    let token = make_bot(port, dir.path());
    let ana = sign_up(port, "Ana");
    let _bot = bridge(&format!("http://127.0.0.1:{port}"), &token, dir.path());
    log_says(dir.path(), "it is connected", |log| {
        log.contains("connected")
    });

    let game = challenge(port, &ana, dir.path());
    let view = ana_plays(port, &ana, &game, |_| {});
    ended_by_the_rules(&view);
    log_says(dir.path(), "the game is over", |log| {
        log.contains(&format!("accepted Ana's challenge: game {game}"))
            && log.contains(&format!("game {game}: over"))
    });

    // The bot's public page says it is one; a person's says nothing.
    let (_, _, profile) = call(port, "GET", "/api/players/Robo", None, "");
    assert_eq!(profile["bot"], true, "{profile}");
    let (_, _, ana_profile) = call(port, "GET", "/api/players/Ana", None, "");
    assert!(ana_profile.get("bot").is_none());
}

/// A relay between the bot and the server that the test can cut.
struct Relay {
    port: u16,
    open: Arc<Mutex<Vec<TcpStream>>>,
}

impl Relay {
    fn start(to: u16) -> Relay {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let open: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
        let kept = Arc::clone(&open);
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                let Ok(server) = TcpStream::connect(("127.0.0.1", to)) else {
                    continue;
                };
                let mut list = kept.lock().unwrap();
                list.push(client.try_clone().unwrap());
                list.push(server.try_clone().unwrap());
                for (mut from, mut into) in [
                    (client.try_clone().unwrap(), server.try_clone().unwrap()),
                    (server, client),
                ] {
                    std::thread::spawn(move || {
                        let _ = std::io::copy(&mut from, &mut into);
                        let _ = into.shutdown(std::net::Shutdown::Both);
                    });
                }
            }
        });
        Relay { port, open }
    }

    /// Cuts every connection through the relay, as a network loss would.
    fn cut(&self) -> usize {
        let mut open = self.open.lock().unwrap();
        for stream in open.iter() {
            let _ = stream.shutdown(std::net::Shutdown::Both);
        }
        let cut = open.len() / 2;
        open.clear();
        cut
    }
}

#[test]
fn a_bot_whose_connection_is_cut_comes_back_and_finishes_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let _server = serve(port, dir.path());
    let token = make_bot(port, dir.path());
    let ana = sign_up(port, "Ana");
    let relay = Relay::start(port);
    let _bot = bridge(
        &format!("http://127.0.0.1:{}", relay.port),
        &token,
        dir.path(),
    );
    log_says(dir.path(), "it is connected", |log| {
        log.contains("connected")
    });

    let game = challenge(port, &ana, dir.path());
    let mut cut = 0;
    let view = ana_plays(port, &ana, &game, |ply| {
        if ply == 5 && cut == 0 {
            cut = relay.cut();
        }
    });
    assert!(cut >= 2, "the events' and the game's sockets cut: {cut}");
    ended_by_the_rules(&view);
    let log = bot_log(dir.path());
    assert!(
        log.contains(&format!("game {game}: connection lost")),
        "{log}"
    );
    assert!(log.contains(&format!("game {game}: over")), "{log}");
    assert!(!log.contains("resign"), "{log}");
}
