//! The real server on a free port with a temporary database, driven over
//! HTTP and WebSocket like the page and bots drive it.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use quoridor_server::{start, RunningServer, ServeArgs};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

struct Harness {
    _dir: tempfile::TempDir,
    db: PathBuf,
    server: Option<RunningServer>,
    http: reqwest::Client,
}

impl Harness {
    async fn new() -> Harness {
        Harness::with(|_| {}).await
    }

    async fn with(tune: impl FnOnce(&mut ServeArgs)) -> Harness {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("games.db");
        let mut args = ServeArgs::for_tests(db.clone());
        tune(&mut args);
        let server = start(args).await.unwrap();
        Harness {
            _dir: dir,
            db,
            server: Some(server),
            http: reqwest::Client::new(),
        }
    }

    fn base(&self) -> String {
        format!("http://{}", self.server.as_ref().unwrap().addr)
    }

    async fn restart(&mut self) {
        self.server.take().unwrap().stop().await.unwrap();
        let server = start(ServeArgs::for_tests(self.db.clone())).await.unwrap();
        self.server = Some(server);
    }

    async fn get(&self, path: &str) -> (u16, Value) {
        let res = self
            .http
            .get(format!("{}{path}", self.base()))
            .send()
            .await
            .unwrap();
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(Value::Null))
    }

    async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        let mut req = self.http.post(format!("{}{path}", self.base())).json(&body);
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        let res = req.send().await.unwrap();
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(Value::Null))
    }

    async fn create(&self, body: Value) -> (String, String) {
        let (status, created) = self.post("/api/games", None, body).await;
        assert_eq!(status, 201, "{created}");
        (
            created["id"].as_str().unwrap().to_string(),
            created["token"].as_str().unwrap().to_string(),
        )
    }

    async fn game(&self, id: &str) -> Value {
        let (status, game) = self.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{game}");
        game
    }

    async fn ws(&self, id: &str, token: Option<&str>) -> Ws {
        let mut url = format!(
            "ws://{}/api/games/{id}/ws",
            self.server.as_ref().unwrap().addr
        );
        if let Some(token) = token {
            url.push_str(&format!("?token={token}"));
        }
        tokio_tungstenite::connect_async(url).await.unwrap().0
    }
}

/// The next message of the given type, within 10 s.
async fn next_of(ws: &mut Ws, kind: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let msg = tokio::time::timeout(left, ws.next())
            .await
            .unwrap_or_else(|_| panic!("no {kind} message within 10 s"))
            .expect("the connection is open")
            .unwrap();
        if let Message::Text(text) = msg {
            let value: Value = serde_json::from_str(&text).unwrap();
            if value["type"] == kind {
                return value;
            }
        }
    }
}

/// The next state with at least `moves` entries.
async fn state_with_moves(ws: &mut Ws, moves: usize) -> Value {
    loop {
        let state = next_of(ws, "state").await;
        if state["game"]["moves"].as_array().unwrap().len() >= moves {
            return state["game"].clone();
        }
    }
}

async fn send(ws: &mut Ws, value: Value) {
    ws.send(Message::Text(value.to_string().into()))
        .await
        .unwrap();
}

fn online_game() -> Value {
    json!({"seats": [{"kind": "human", "mine": true, "name": "Ana"}, {"kind": "human"}]})
}

#[tokio::test]
async fn online_game_over_http_and_websocket_with_a_spectator() {
    let h = Harness::new().await;
    let (status, created) = h.post("/api/games", None, online_game()).await;
    assert_eq!(status, 201);
    let id = created["id"].as_str().unwrap();
    let ana = created["token"].as_str().unwrap();
    assert_eq!(created["seats"], json!(["south"]));
    assert_eq!(created["invites"]["north"], format!("/g/{id}?join=north"));
    assert_eq!(created["game"]["status"], "waiting");

    // Listed as open; moving before the game starts is refused.
    let (_, list) = h.get("/api/games?status=waiting").await;
    assert!(list["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == id));
    let (status, err) = h
        .post(
            &format!("/api/games/{id}/move"),
            Some(ana),
            json!({"move": "e2"}),
        )
        .await;
    assert_eq!(
        (status, err["error"]["code"].as_str()),
        (409, Some("not_started"))
    );

    let (status, joined) = h
        .post(
            &format!("/api/games/{id}/join"),
            None,
            json!({"seat": "north", "name": "Bob"}),
        )
        .await;
    assert_eq!(status, 200, "{joined}");
    let bob = joined["token"].as_str().unwrap().to_string();
    assert_eq!(joined["game"]["status"], "playing");
    let (status, err) = h
        .post(&format!("/api/games/{id}/join"), None, json!({}))
        .await;
    assert_eq!(
        (status, err["error"]["code"].as_str()),
        (409, Some("no_free_seat"))
    );

    let mut ws_ana = h.ws(id, Some(ana)).await;
    let mut ws_bob = h.ws(id, Some(&bob)).await;
    let mut ws_watch = h.ws(id, None).await;
    let first = next_of(&mut ws_watch, "state").await;
    assert_eq!(first["game"]["seats"][0]["name"], "Ana");

    send(&mut ws_ana, json!({"type": "move", "move": "e2"})).await;
    for ws in [&mut ws_ana, &mut ws_bob, &mut ws_watch] {
        let game = state_with_moves(ws, 1).await;
        assert_eq!(game["moves"][0]["move"], "e2");
        assert_eq!(game["turn"], "north");
    }

    // Another seat's token, a spectator, an illegal fence: refused with why.
    send(&mut ws_ana, json!({"type": "move", "move": "e8"})).await;
    let err = next_of(&mut ws_ana, "error").await;
    assert_eq!(err["error"]["code"], "not_your_turn");
    send(&mut ws_watch, json!({"type": "move", "move": "e8"})).await;
    let err = next_of(&mut ws_watch, "error").await;
    assert_eq!(err["error"]["code"], "unauthorized");
    send(&mut ws_bob, json!({"type": "move", "move": "e8h"})).await;
    state_with_moves(&mut ws_bob, 2).await;
    let (status, err) = h
        .post(
            &format!("/api/games/{id}/move"),
            Some(ana),
            json!({"move": "e8v"}),
        )
        .await;
    assert_eq!(status, 422);
    assert_eq!(err["error"]["message"], "fence crosses e8h");
    assert_eq!(err["error"]["reason"]["code"], "crosses");
    assert_eq!(err["error"]["reason"]["fence"], "e8h");
    let (status, err) = h
        .post(
            &format!("/api/games/{id}/move"),
            Some(ana),
            json!({"move": "e2q"}),
        )
        .await;
    assert_eq!(
        (status, err["error"]["code"].as_str()),
        (400, Some("bad_move"))
    );
    let (status, _) = h
        .post(
            &format!("/api/games/{id}/move"),
            Some("not-a-token"),
            json!({"move": "e3"}),
        )
        .await;
    assert_eq!(status, 401);

    // The game shows the refused fence's reason and who is connected.
    let game = h.game(id).await;
    assert_eq!(game["moves"].as_array().unwrap().len(), 2);
    assert_eq!(game["legal"]["blocked"]["e8v"]["code"], "crosses");
    assert!(game["legal"]["pawn"]
        .as_array()
        .unwrap()
        .contains(&json!("e3")));
    assert_eq!(game["spectators"], 1);
    assert_eq!(game["seats"][1]["connected"], true);
    assert_eq!(game["undo_allowed"], false);
    let (status, _) = h
        .post(&format!("/api/games/{id}/undo"), Some(ana), json!({}))
        .await;
    assert_eq!(status, 403);

    // Resignation ends it for everyone.
    send(&mut ws_bob, json!({"type": "resign"})).await;
    let game = state_with_moves(&mut ws_watch, 3).await;
    assert_eq!(game["status"], "over");
    assert_eq!(game["result"]["winners"], json!(["south"]));
    assert_eq!(game["result"]["termination"], "resignation");

    // The record reads back with the rules crate.
    let text = h
        .http
        .get(format!("{}/api/games/{id}/record", h.base()))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let record: quoridor_rules::Record = text.parse().unwrap();
    assert_eq!(record.game().entries().len(), 3);
    assert_eq!(record.tag("North"), Some("Bob"));

    // A rematch swaps the colours and keeps the tokens.
    let (status, rematch) = h
        .post(&format!("/api/games/{id}/rematch"), Some(&bob), json!({}))
        .await;
    assert_eq!(status, 200, "{rematch}");
    assert_eq!(rematch["seats"], json!(["south"]));
    assert_eq!(rematch["game"]["seats"][1]["name"], "Ana");
    let again = h
        .post(&format!("/api/games/{id}/rematch"), Some(ana), json!({}))
        .await
        .1;
    assert_eq!(again["id"], rematch["id"]);
    assert_eq!(again["seats"], json!(["north"]));
    assert_eq!(h.game(id).await["rematch"], rematch["id"]);
}

#[tokio::test]
async fn a_game_against_the_ai_to_the_end() {
    let h = Harness::new().await;
    let (id, token) = h
        .create(json!({"size": 5, "seats": [{"kind": "human", "mine": true}, {"kind": "ai", "level": 1}]}))
        .await;
    let mut ws = h.ws(&id, Some(&token)).await;
    let mut game = next_of(&mut ws, "state").await["game"].clone();
    let mut plies = 0;
    while game["status"] == "playing" {
        if game["turn"] == "south" {
            // Step forward when possible, else any pawn move.
            let pawn = game["legal"]["pawn"].as_array().unwrap();
            let best = pawn
                .iter()
                .max_by_key(|sq| sq.as_str().unwrap()[1..].parse::<u32>().unwrap())
                .unwrap();
            let (status, after) = h
                .post(
                    &format!("/api/games/{id}/move"),
                    Some(&token),
                    json!({"move": best}),
                )
                .await;
            assert_eq!(status, 200, "{after}");
            game = after;
        } else {
            // The AI's reply comes over the WebSocket.
            let seen = game["moves"].as_array().unwrap().len();
            game = state_with_moves(&mut ws, seen + 1).await;
        }
        plies += 1;
        assert!(plies < 200, "the game should end");
    }
    assert_eq!(game["status"], "over");
    assert_eq!(game["result"]["termination"], "goal");
    assert!(game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["seat"] == "north"));
}

#[tokio::test]
async fn games_survive_a_restart_with_their_clocks() {
    let mut h = Harness::new().await;
    let clock = json!({"initial_ms": 300_000, "increment_ms": 0});
    let (id, ana) = h
        .create(
            json!({"clock": clock, "seats": [{"kind": "human", "mine": true}, {"kind": "human"}]}),
        )
        .await;
    let bob = h
        .post(&format!("/api/games/{id}/join"), None, json!({}))
        .await
        .1["token"]
        .as_str()
        .unwrap()
        .to_string();
    for (token, mv) in [(&ana, "e2"), (&bob, "e8"), (&ana, "c3h")] {
        let (status, body) = h
            .post(
                &format!("/api/games/{id}/move"),
                Some(token),
                json!({"move": mv}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
    }
    let before = h.game(&id).await;
    h.restart().await;
    let after = h.game(&id).await;
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(after["fences"], json!(["c3h"]));
    assert_eq!(after["status"], "playing");
    assert_eq!(after["turn"], "north");
    for seat in ["south", "north"] {
        let b = before["clock"]["remaining_ms"][seat].as_i64().unwrap();
        let a = after["clock"]["remaining_ms"][seat].as_i64().unwrap();
        assert!((b - a).abs() < 1_000, "{seat}: {b} ms before, {a} ms after");
    }
    // The tokens still work and the game goes on.
    let (status, body) = h
        .post(
            &format!("/api/games/{id}/move"),
            Some(&bob),
            json!({"move": "e7"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = h
        .post(
            &format!("/api/games/{id}/move"),
            Some(&bob),
            json!({"move": "e6"}),
        )
        .await;
    assert_eq!(status, 409);
}

#[tokio::test]
async fn a_clock_runs_out_while_nobody_is_connected() {
    let h = Harness::new().await;
    let (id, ana) = h
        .create(json!({"clock": {"per_move_ms": 1000}, "seats": [{"kind": "human", "mine": true}, {"kind": "human"}]}))
        .await;
    h.post(&format!("/api/games/{id}/join"), None, json!({}))
        .await;
    let (status, _) = h
        .post(
            &format!("/api/games/{id}/move"),
            Some(&ana),
            json!({"move": "e2"}),
        )
        .await;
    assert_eq!(status, 200);
    // Nobody has a WebSocket open; the server's own timer ends the game.
    let deadline = Instant::now() + Duration::from_secs(5);
    let game = loop {
        let game = h.game(&id).await;
        if game["status"] == "over" || Instant::now() > deadline {
            break game;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(game["status"], "over");
    assert_eq!(game["result"]["termination"], "time");
    assert_eq!(game["result"]["winners"], json!(["south"]));
    assert_eq!(game["moves"][1]["move"], "timeout");
    assert_eq!(game["clock"]["remaining_ms"]["north"], 0);
}

#[tokio::test]
async fn a_clock_that_fell_while_the_server_was_down_is_not_charged() {
    let mut h = Harness::new().await;
    let (id, _ana) = h
        .create(json!({"clock": {"per_move_ms": 3000}, "seats": [{"kind": "human", "mine": true}, {"kind": "human"}]}))
        .await;
    h.post(&format!("/api/games/{id}/join"), None, json!({}))
        .await;
    h.server.take().unwrap().stop().await.unwrap();
    tokio::time::sleep(Duration::from_millis(3500)).await;
    h.server = Some(start(ServeArgs::for_tests(h.db.clone())).await.unwrap());
    let game = h.game(&id).await;
    assert_eq!(game["status"], "playing");
    let left = game["clock"]["remaining_ms"]["south"].as_i64().unwrap();
    assert!(left > 2000, "south has {left} ms left");
}

#[tokio::test]
async fn hot_seat_on_one_screen_with_undo_and_hint() {
    let h = Harness::new().await;
    let (id, token) = h
        .create(json!({"size": 7, "public": false, "seats": [{"kind": "human", "mine": true}, {"kind": "human", "mine": true}]}))
        .await;
    for mv in ["d2", "d6"] {
        let (status, _) = h
            .post(
                &format!("/api/games/{id}/move"),
                Some(&token),
                json!({"move": mv}),
            )
            .await;
        assert_eq!(status, 200);
    }
    let (status, game) = h
        .post(&format!("/api/games/{id}/undo"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(game["moves"].as_array().unwrap().len(), 1);
    assert_eq!(game["turn"], "north");
    let (status, hint) = h
        .http
        .get(format!("{}/api/games/{id}/hint", h.base()))
        .bearer_auth(&token)
        .send()
        .await
        .map(|r| (r.status().as_u16(), r))
        .unwrap();
    assert_eq!(status, 200);
    let hint: Value = hint.json().await.unwrap();
    assert!(
        game["legal"]["pawn"]
            .as_array()
            .unwrap()
            .contains(&hint["move"])
            || game["legal"]["fences"]
                .as_array()
                .unwrap()
                .contains(&hint["move"])
    );
    assert_eq!(
        hint["path"]
            .as_array()
            .unwrap()
            .last()
            .unwrap()
            .as_str()
            .unwrap()
            .as_bytes()[1],
        b'1'
    );
    // Private games are not listed.
    let (_, list) = h.get("/api/games?status=playing").await;
    assert!(!list["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == id.as_str()));
}

#[tokio::test]
async fn four_players_with_ai_seats_and_a_draw_offer() {
    let h = Harness::new().await;
    let (id, token) = h
        .create(json!({"players": 4, "variant": "teams", "seats": [
            {"kind": "human", "mine": true}, {"kind": "ai", "level": 2},
            {"kind": "human", "mine": true}, {"kind": "ai", "level": 2}]}))
        .await;
    let mut ws = h.ws(&id, Some(&token)).await;
    send(&mut ws, json!({"type": "move", "move": "e2"})).await;
    let game = state_with_moves(&mut ws, 2).await;
    assert_eq!(game["moves"][1]["seat"], "west");
    let game = h.game(&id).await;
    assert_eq!(game["settings"]["variant"], "teams");
    assert_eq!(game["fences_left"]["east"], 5);
}

#[tokio::test]
async fn bad_input_gets_clear_errors() {
    let h = Harness::with(|args| args.max_rooms_per_client = 2).await;
    let (status, err) = h.post("/api/games", None, json!({"size": 8})).await;
    assert_eq!(
        (status, err["error"]["code"].as_str()),
        (400, Some("bad_request"))
    );
    assert!(err["error"]["message"].as_str().unwrap().contains("size"));
    let (status, err) = h.post("/api/games", None, json!({"sise": 9})).await;
    assert_eq!(status, 400, "{err}");
    assert!(err["error"]["message"].as_str().unwrap().contains("sise"));
    let (status, err) = h
        .post(
            "/api/games",
            None,
            json!({"seats": [{"kind": "ai", "level": 9}, {"kind": "human"}]}),
        )
        .await;
    assert_eq!(status, 400, "{err}");
    let (status, _) = h
        .post(
            "/api/games",
            None,
            json!({"seats": [{"kind": "human", "name": "x".repeat(25)}, {"kind": "human"}]}),
        )
        .await;
    assert_eq!(status, 400);
    let big = json!({"seats": [{"kind": "human", "name": "x".repeat(20_000)}]});
    let (status, err) = h.post("/api/games", None, big).await;
    assert_eq!(
        (status, err["error"]["code"].as_str()),
        (413, Some("payload_too_large"))
    );
    let (status, err) = h.get("/api/games/nosuchgame").await;
    assert_eq!(
        (status, err["error"]["code"].as_str()),
        (404, Some("not_found"))
    );
    let (status, _) = h.get("/api/games/..%2F..").await;
    assert_eq!(status, 404);

    // The per-client room limit.
    h.create(online_game()).await;
    h.create(online_game()).await;
    let (status, err) = h.post("/api/games", None, online_game()).await;
    assert_eq!(
        (status, err["error"]["code"].as_str()),
        (429, Some("too_many_rooms"))
    );

    // WebSocket: junk, oversize and too many messages.
    let (id, token) = {
        let list = h.get("/api/games?status=waiting").await.1;
        let id = list["games"][0]["id"].as_str().unwrap().to_string();
        let joined = h
            .post(&format!("/api/games/{id}/join"), None, json!({}))
            .await
            .1;
        (id, joined["token"].as_str().unwrap().to_string())
    };
    let mut ws = h.ws(&id, Some(&token)).await;
    next_of(&mut ws, "state").await;
    ws.send(Message::Text("hello".into())).await.unwrap();
    let err = next_of(&mut ws, "error").await;
    assert_eq!(err["error"]["code"], "bad_request");
    let mut limited = 0;
    for _ in 0..60 {
        send(&mut ws, json!({"type": "ping"})).await;
    }
    for _ in 0..60 {
        let msg = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        if let Message::Text(text) = msg {
            let v: Value = serde_json::from_str(&text).unwrap();
            if v["type"] == "error" && v["error"]["code"] == "rate_limited" {
                limited += 1;
            }
        }
    }
    assert!(limited > 0, "60 messages at once are rate limited");
    let mut ws = h.ws(&id, Some(&token)).await;
    ws.send(Message::Text("x".repeat(10_000).into()))
        .await
        .unwrap();
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        while let Some(Ok(msg)) = ws.next().await {
            if matches!(msg, Message::Close(_)) {
                return true;
            }
        }
        true
    })
    .await
    .unwrap();
    assert!(closed);
}

#[tokio::test]
async fn pages_and_assets_are_served() {
    let h = Harness::new().await;
    for path in [
        "/",
        "/g/abc",
        "/assets/app.js",
        "/assets/style.css",
        "/assets/i18n.js",
    ] {
        let res = h
            .http
            .get(format!("{}{path}", h.base()))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200, "{path}");
        assert!(!res.text().await.unwrap().trim().is_empty(), "{path}");
    }
    let res = h
        .http
        .get(format!("{}/assets/nothing.js", h.base()))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 404);
}

#[tokio::test]
async fn finished_games_leave_memory_and_come_back_from_the_database() {
    let h = Harness::new().await;
    let (id, ana) = h.create(online_game()).await;
    h.post(&format!("/api/games/{id}/join"), None, json!({}))
        .await;
    h.post(
        &format!("/api/games/{id}/move"),
        Some(&ana),
        json!({"move": "e2"}),
    )
    .await;
    let (status, _) = h
        .post(&format!("/api/games/{id}/resign"), Some(&ana), json!({}))
        .await;
    assert_eq!(status, 200);
    let hub = &h.server.as_ref().unwrap().hub;
    let before = hub.len();
    assert_eq!(hub.evict_idle(Duration::ZERO).await, 1);
    assert_eq!(hub.len(), before - 1);
    let game = h.game(&id).await;
    assert_eq!(game["status"], "over");
    assert_eq!(game["moves"].as_array().unwrap().len(), 2);
    assert_eq!(game["result"]["winners"], json!(["north"]));
    let (_, list) = h.get("/api/games?status=over").await;
    assert!(list["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == id.as_str()));
}

#[tokio::test]
async fn state_messages_say_what_happened() {
    let h = Harness::new().await;
    let (id, ana) = h.create(online_game()).await;
    let mut watch = h.ws(&id, None).await;
    let join = format!("/api/games/{id}/join");
    let bob = h.post(&join, None, json!({"name": "Bob"})).await.1["token"]
        .as_str()
        .unwrap()
        .to_string();
    let mut ws_ana = h.ws(&id, Some(&ana)).await;
    send(&mut ws_ana, json!({"type": "move", "move": "e2"})).await;
    let mut seen = Vec::new();
    while seen.last().map(String::as_str) != Some("draw_declined") {
        let msg = next_of(&mut watch, "state").await;
        let kind = msg["event"]["kind"].as_str().unwrap_or("none").to_string();
        if kind == "move" {
            assert_eq!(msg["event"]["move"], "e2");
            assert_eq!(msg["event"]["seat"], "south");
            send(&mut ws_ana, json!({"type": "draw", "action": "offer"})).await;
        }
        if kind == "draw_offer" {
            let draw = format!("/api/games/{id}/draw");
            let (status, body) = h
                .post(&draw, Some(&bob), json!({"action": "decline"}))
                .await;
            assert_eq!(status, 200, "{body}");
        }
        seen.push(kind);
    }
    for kind in ["hello", "join", "connected", "move", "draw_offer"] {
        assert!(seen.iter().any(|k| k == kind), "{kind} in {seen:?}");
    }
}
