//! The real server on a free port with a temporary database, driven over
//! HTTP and WebSocket like the page and bots drive it. Answers are read
//! into the server's own view types, so that a renamed field fails the
//! build rather than a test.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use quoridor_rules::{IllegalMove, Seat};
use quoridor_server::request::{ClientMessage, CreateRequest, SeatKind, SeatRequest};
use quoridor_server::view::{
    ErrorBody, EventView, GameView, HealthView, HintView, ListView, SeatedView, ServerMessage,
};
use quoridor_server::{start, ServeArgs};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;

mod harness;

use harness::{Harness, Reply, Ws};

fn human(mine: bool, name: Option<&str>) -> SeatRequest {
    SeatRequest {
        name: name.map(str::to_string),
        ..SeatRequest::human(mine)
    }
}

fn ai(level: u8) -> SeatRequest {
    SeatRequest {
        kind: SeatKind::Ai,
        level: Some(level),
        mine: false,
        name: None,
    }
}

fn online_game() -> CreateRequest {
    CreateRequest {
        seats: vec![human(true, Some("Ana")), human(false, None)],
        ..CreateRequest::default()
    }
}

/// A game followed over a WebSocket: the moves kept as the messages give
/// them (each state carries only the entries from `moves_from` on).
struct Follower {
    ws: Ws,
    moves: Vec<quoridor_server::view::MoveView>,
    last: Option<GameView>,
    events: Vec<EventView>,
}

impl Follower {
    async fn new(h: &Harness, id: &str, token: Option<&str>) -> Follower {
        Follower {
            ws: h.ws(id, token).await,
            moves: Vec::new(),
            last: None,
            events: Vec::new(),
        }
    }

    /// The next message, within 10 s.
    async fn next(&mut self) -> ServerMessage {
        let msg = tokio::time::timeout(Duration::from_secs(10), self.ws.next())
            .await
            .expect("a message within 10 s")
            .expect("the connection is open")
            .unwrap();
        match msg {
            Message::Text(text) => {
                let message: ServerMessage = serde_json::from_str(&text).unwrap();
                if let ServerMessage::State { event, game, .. } = &message {
                    self.moves.truncate(game.moves_from);
                    self.moves.extend(game.moves.iter().cloned());
                    self.last = Some((**game).clone());
                    self.events.push(event.clone());
                }
                message
            }
            other => panic!("a text message, not {other:?}"),
        }
    }

    /// The next state (skipping pongs and errors).
    async fn state(&mut self) -> GameView {
        loop {
            if let ServerMessage::State { game, .. } = self.next().await {
                return *game;
            }
        }
    }

    /// The next error's code.
    async fn error(&mut self) -> String {
        loop {
            if let ServerMessage::Error { error } = self.next().await {
                return error.code;
            }
        }
    }

    /// States until the history has `n` entries.
    async fn until_moves(&mut self, n: usize) -> GameView {
        loop {
            let game = self.state().await;
            if self.moves.len() >= n {
                return game;
            }
        }
    }

    async fn send(&mut self, message: &ClientMessage) {
        let text = serde_json::to_string(message).unwrap();
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }
}

fn mv(text: &str) -> ClientMessage {
    ClientMessage::Move { mv: text.into() }
}

#[tokio::test]
async fn online_game_over_http_and_websocket_with_a_spectator() {
    let h = Harness::new().await;
    let created = h.create(&online_game()).await;
    let id = created.id.as_str();
    let ana = created.token.as_str();
    assert_eq!(created.seats, [Seat::South]);
    assert_eq!(
        created.invites.get(Seat::North).unwrap(),
        &format!("/g/{id}?join=north")
    );
    assert_eq!(created.game.status.name(), "waiting");

    // Listed as open; moving before the game starts is refused.
    let list: ListView = h.get("/api/games?status=waiting").await.json();
    assert!(list.games.iter().any(|g| g.id == id));
    assert_eq!(h.play(id, ana, "e2").await.error(409), "not_started");

    let joined = h.join(id, Some(Seat::North), Some("Bob")).await;
    let bob = joined.token.clone();
    assert_eq!(joined.game.status.name(), "playing");
    let full = h
        .post(&format!("/api/games/{id}/join"), None, &json!({}))
        .await;
    assert_eq!(full.error(409), "no_free_seat");

    let mut ws_ana = Follower::new(&h, id, Some(ana)).await;
    let mut ws_bob = Follower::new(&h, id, Some(&bob)).await;
    let mut ws_watch = Follower::new(&h, id, None).await;
    let first = ws_watch.state().await;
    assert_eq!(first.seats[0].name, "Ana");
    assert_eq!(first.moves_from, 0);

    ws_ana.send(&mv("e2")).await;
    for ws in [&mut ws_ana, &mut ws_bob, &mut ws_watch] {
        let game = ws.until_moves(1).await;
        assert_eq!(ws.moves[0].mv, "e2");
        assert_eq!(
            ws.moves[0].position,
            "9 e2,e9 - 10,10 north 1 ply_limit=1000"
        );
        assert_eq!(game.turn, Seat::North);
    }

    // Another seat's token, a spectator, an illegal fence: refused with why.
    ws_ana.send(&mv("e8")).await;
    assert_eq!(ws_ana.error().await, "not_your_turn");
    ws_watch.send(&mv("e8")).await;
    assert_eq!(ws_watch.error().await, "unauthorized");
    ws_bob.send(&mv("e8h")).await;
    ws_bob.until_moves(2).await;
    let refused = h.play(id, ana, "e8v").await;
    assert_eq!(refused.error(422), "illegal_move");
    let body: ErrorBody = refused.json();
    assert_eq!(body.error.message, "fence crosses e8h");
    let reason = body.error.reason.unwrap();
    assert_eq!(
        (reason.code.as_str(), reason.fence.as_deref()),
        ("crosses", Some("e8h"))
    );
    assert_eq!(h.play(id, ana, "e2q").await.error(400), "bad_move");
    assert_eq!(
        h.play(id, "not-a-token", "e3").await.error(401),
        "unauthorized"
    );

    // The game shows the refused fence's reason and who is connected.
    let game = h.game(id).await;
    assert_eq!(game.moves.len(), 2);
    let legal = game.legal.as_ref().unwrap();
    let e8v = "e8v".parse().unwrap();
    let e8h = "e8h".parse().unwrap();
    assert_eq!(legal.refusal(e8v), Some(IllegalMove::Crosses(e8h)));
    assert!(legal.pawn.contains(&"e3".parse().unwrap()));
    assert_eq!(game.spectators, 1);
    assert!(game.seats[1].connected);
    assert!(!game.undo_allowed);
    let undo = h
        .post(&format!("/api/games/{id}/undo"), Some(ana), &json!({}))
        .await;
    assert_eq!(undo.error(403), "not_allowed");

    // Resignation ends it for everyone.
    ws_bob.send(&ClientMessage::Resign { seat: None }).await;
    let game = ws_watch.until_moves(3).await;
    assert_eq!(game.status.name(), "over");
    let result = game.result.unwrap();
    assert_eq!(result.winners, [Seat::South]);
    assert_eq!(result.termination, "resignation");

    // The record reads back with the rules crate.
    let text = h.get(&format!("/api/games/{id}/record")).await.text;
    let record: quoridor_rules::Record = text.parse().unwrap();
    assert_eq!(record.game().entries().len(), 3);
    assert_eq!(record.tag("North"), Some("Bob"));

    // A rematch is an offer: Bob asks, Ana declines; Bob asks again, Ana
    // accepts; it swaps the colours and keeps the tokens.
    let path = format!("/api/games/{id}/rematch");
    let offered = h.post(&path, Some(&bob), &json!({})).await;
    assert_eq!(offered.status, 202, "{}", offered.text);
    let v: Value = offered.json();
    assert_eq!(v["game"]["rematch_asked"], json!(["north"]));
    assert_eq!(h.game(id).await.rematch, None, "not made yet");
    let decline = format!("/api/games/{id}/rematch/decline");
    assert_eq!(
        h.post(&decline, Some(&bob), &json!({})).await.error(403),
        "not_allowed",
        "one's own offer is not declined"
    );
    let declined: GameView = h.post(&decline, Some(ana), &json!({})).await.json();
    assert!(declined.rematch_asked.is_empty());
    assert_eq!(h.post(&path, Some(&bob), &json!({})).await.status, 202);
    let reply = h.post(&path, Some(ana), &json!({})).await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let accepted: SeatedView = reply.json();
    assert_eq!(accepted.seats, [Seat::North]);
    assert_eq!(accepted.game.seats[0].name, "Bob");
    let again: SeatedView = h.post(&path, Some(&bob), &json!({})).await.json();
    assert_eq!(again.id, accepted.id);
    assert_eq!(again.seats, [Seat::South]);
    assert_eq!(h.game(id).await.rematch, Some(accepted.id));
}

#[tokio::test]
async fn a_game_against_the_ai_to_the_end() {
    let h = Harness::new().await;
    let created = h
        .create(&CreateRequest {
            size: 5,
            seats: vec![human(true, None), ai(1)],
            ..CreateRequest::default()
        })
        .await;
    let (id, token) = (&created.id, &created.token);
    let mut ws = Follower::new(&h, id, Some(token)).await;
    let mut game = ws.state().await;
    let mut plies = 0;
    while game.status.name() == "playing" {
        if game.turn == Seat::South {
            // Step forward when possible, else any pawn move.
            let pawn = &game.legal.as_ref().unwrap().pawn;
            let best = pawn.iter().max_by_key(|sq| sq.row()).unwrap();
            let reply = h.play(id, token, &best.to_string()).await;
            assert_eq!(reply.status, 200, "{}", reply.text);
            game = reply.json();
            ws.until_moves(game.moves.len()).await;
        } else {
            // The AI's reply comes over the WebSocket.
            game = ws.until_moves(ws.moves.len() + 1).await;
        }
        plies += 1;
        assert!(plies < 200, "the game should end");
    }
    assert_eq!(game.result.unwrap().termination, "goal");
    assert!(ws.moves.iter().any(|m| m.seat == Seat::North));
}

/// Both seats of an online game with a clock, each having moved once (from
/// then on the clocks run).
async fn clocked_game(h: &Harness, clock: Value) -> (String, String, String) {
    let created: SeatedView = h
        .post(
            "/api/games",
            None,
            &json!({"clock": clock, "seats": [{"kind": "human", "mine": true}, {"kind": "human"}]}),
        )
        .await
        .json();
    let bob = h.join(&created.id, None, None).await.token;
    for (token, mv) in [(&created.token, "e2"), (&bob, "e8")] {
        let reply = h.play(&created.id, token, mv).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
    }
    (created.id, created.token, bob)
}

#[tokio::test]
async fn games_survive_a_restart_with_their_clocks() {
    let mut h = Harness::new().await;
    let (id, ana, bob) = clocked_game(&h, json!({"initial_ms": 300_000, "increment_ms": 0})).await;
    assert_eq!(h.play(&id, &ana, "c3h").await.status, 200);
    let before = h.game(&id).await;
    h.restart().await;
    let after = h.game(&id).await;
    assert_eq!(after.moves, before.moves);
    assert_eq!(after.fences, ["c3h"]);
    assert_eq!(after.status.name(), "playing");
    assert_eq!(after.turn, Seat::North);
    for seat in [Seat::South, Seat::North] {
        let left =
            |view: &GameView| *view.clock.as_ref().unwrap().remaining_ms.get(seat).unwrap() as i64;
        let (b, a) = (left(&before), left(&after));
        assert!((b - a).abs() < 1_000, "{seat}: {b} ms before, {a} ms after");
    }
    // The tokens still work and the game goes on.
    assert_eq!(h.play(&id, &bob, "e7").await.status, 200);
    assert_eq!(h.play(&id, &bob, "e6").await.status, 409);
}

#[tokio::test]
async fn a_clock_runs_out_while_nobody_is_connected() {
    let h = Harness::new().await;
    let (id, ana, _bob) = clocked_game(&h, json!({"per_move_ms": 1000})).await;
    assert_eq!(h.play(&id, &ana, "e3").await.status, 200);
    // Nobody has a WebSocket open; the server's own timer ends the game.
    let deadline = Instant::now() + Duration::from_secs(5);
    let game = loop {
        let game = h.game(&id).await;
        if game.status.name() == "over" || Instant::now() > deadline {
            break game;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(game.moves[3].mv, "timeout");
    let result = game.result.unwrap();
    assert_eq!(result.termination, "time");
    assert_eq!(result.winners, [Seat::South]);
    assert_eq!(game.clock.unwrap().remaining_ms.get(Seat::North), Some(&0));
}

#[tokio::test]
async fn a_clock_that_fell_while_the_server_was_down_is_not_charged() {
    let mut h = Harness::new().await;
    let (id, _ana, _bob) = clocked_game(&h, json!({"per_move_ms": 3000})).await;
    h.server.take().unwrap().stop().await.unwrap();
    tokio::time::sleep(Duration::from_millis(3500)).await;
    h.server = Some(start(ServeArgs::for_tests(h.db.clone())).await.unwrap());
    let game = h.game(&id).await;
    assert_eq!(game.status.name(), "playing");
    let left = *game.clock.unwrap().remaining_ms.get(Seat::South).unwrap();
    assert!(left > 2000, "south has {left} ms left");
}

#[tokio::test]
async fn a_game_may_be_aborted_before_both_have_moved() {
    let h = Harness::new().await;
    let created = h.create(&online_game()).await;
    let bob = h.join(&created.id, None, None).await.token;
    assert!(h.game(&created.id).await.abort_allowed);
    let path = format!("/api/games/{}/abort", created.id);
    let game: GameView = h.post(&path, Some(&bob), &json!({})).await.json();
    assert_eq!(game.result.unwrap().termination, "aborted");
    assert_eq!(
        h.play(&created.id, &created.token, "e2").await.error(409),
        "game_over"
    );
    // Once both have moved it is too late.
    let (id, ana, _) = clocked_game(&h, json!({"initial_ms": 60_000, "increment_ms": 0})).await;
    let path = format!("/api/games/{id}/abort");
    assert_eq!(
        h.post(&path, Some(&ana), &json!({})).await.error(403),
        "not_allowed"
    );
}

#[tokio::test]
async fn hot_seat_on_one_screen_with_undo_and_hint() {
    let h = Harness::new().await;
    let created = h
        .create(&CreateRequest {
            size: 7,
            public: false,
            seats: vec![human(true, None), human(true, None)],
            ..CreateRequest::default()
        })
        .await;
    let (id, token) = (&created.id, &created.token);
    for mv in ["d2", "d6"] {
        assert_eq!(h.play(id, token, mv).await.status, 200);
    }
    let undone = h
        .post(&format!("/api/games/{id}/undo"), Some(token), &json!({}))
        .await;
    let game: GameView = undone.json();
    assert_eq!(game.moves.len(), 1);
    assert_eq!(game.turn, Seat::North);
    let hint: HintView = h
        .send(
            h.http
                .get(format!("{}/api/games/{id}/hint", h.base()))
                .bearer_auth(token),
        )
        .await
        .json();
    let legal = game.legal.unwrap();
    let is_pawn = legal.pawn.iter().any(|sq| sq.to_string() == hint.mv);
    assert!(is_pawn || legal.fences.iter().any(|f| f.to_string() == hint.mv));
    // The path starts on the pawn and ends on north's goal line; a pawn
    // move goes through the square the hint names.
    assert_eq!(hint.path.first().map(String::as_str), Some("d7"));
    assert!(hint.path.last().unwrap().ends_with('1'));
    if is_pawn {
        assert_eq!(hint.path[1], hint.mv);
    }
    // Why, in path terms: both paths before and after the move, North's
    // the one drawn.
    let seats: Vec<Seat> = hint.steps.iter().map(|s| s.seat).collect();
    assert_eq!(seats, [Seat::South, Seat::North], "{hint:?}");
    let north = &hint.steps[1];
    assert_eq!(
        north.after as usize,
        hint.path.len() - 1 - usize::from(is_pawn),
        "{hint:?}"
    );
    // Private games are not listed.
    let list: ListView = h.get("/api/games?status=playing").await.json();
    assert!(!list.games.iter().any(|g| &g.id == id));
}

#[tokio::test]
async fn draw_offers_to_ai_seats() {
    let h = Harness::new().await;
    // South to move with equal paths leads the race: its AI opponent is
    // behind and accepts at once.
    let created = h
        .create(&CreateRequest {
            size: 5,
            seats: vec![human(true, None), ai(4)],
            ..CreateRequest::default()
        })
        .await;
    let draw = format!("/api/games/{}/draw", created.id);
    let game: GameView = h
        .post(&draw, Some(&created.token), &json!({"action": "offer"}))
        .await
        .json();
    let result = game.result.expect("the AI accepted");
    assert!(result.draw);
    assert_eq!(result.termination, "agreement");
    // Four players in teams: west moves before north and east, so west's
    // team leads and west declines; the offer is refused with why.
    let created = h
        .create(&CreateRequest {
            players: 4,
            variant: quoridor_rules::Variant::Teams,
            seats: vec![human(true, None), ai(2), human(true, None), ai(2)],
            ..CreateRequest::default()
        })
        .await;
    let draw = format!("/api/games/{}/draw", created.id);
    let declined = h
        .post(&draw, Some(&created.token), &json!({"action": "offer"}))
        .await;
    assert_eq!(declined.error(403), "not_allowed");
    assert_eq!(
        declined.json::<ErrorBody>().error.message,
        "west (AI) declines the draw"
    );
    assert_eq!(h.game(&created.id).await.draw_offer, None);
}

#[tokio::test]
async fn bad_input_gets_clear_errors() {
    let h = Harness::with(|args| args.max_rooms_per_client = 2).await;
    let bad = h.post("/api/games", None, &json!({"size": 8})).await;
    assert_eq!(bad.error(400), "bad_request");
    assert!(bad.text.contains("size"));
    let bad = h.post("/api/games", None, &json!({"sise": 9})).await;
    assert_eq!(bad.error(400), "bad_request");
    assert!(bad.text.contains("sise"));
    let bad = h
        .post("/api/games", None, &json!({"variant": "chess"}))
        .await;
    assert_eq!(bad.error(400), "bad_request");
    assert!(
        bad.text.contains("expected standard, teams or scoring"),
        "{}",
        bad.text
    );
    let bad = h
        .post(
            "/api/games",
            None,
            &json!({"seats": [{"kind": "ai", "level": 9}, {"kind": "human"}]}),
        )
        .await;
    assert_eq!(bad.error(400), "bad_request");
    let long = json!({"seats": [{"kind": "human", "name": "x".repeat(25)}, {"kind": "human"}]});
    assert_eq!(
        h.post("/api/games", None, &long).await.error(400),
        "bad_request"
    );
    let big = json!({"seats": [{"kind": "human", "name": "x".repeat(20_000)}]});
    assert_eq!(
        h.post("/api/games", None, &big).await.error(413),
        "payload_too_large"
    );
    // JSON that is not an object creates nothing.
    assert_eq!(
        h.post("/api/games", None, &json!([])).await.error(400),
        "bad_request"
    );
    assert_eq!(
        h.post("/api/games", None, &json!(7)).await.error(400),
        "bad_request"
    );
    assert_eq!(h.get("/api/games/nosuchgame").await.error(404), "not_found");
    assert_eq!(h.get("/api/games/..%2F..").await.error(404), "not_found");
    // Routes, methods and queries: JSON errors too.
    assert_eq!(h.get("/api/nothing/here").await.error(404), "not_found");
    let wrong = h
        .send(h.http.delete(format!("{}/api/games", h.base())))
        .await;
    assert_eq!(wrong.error(405), "method_not_allowed");
    let wrong = h.send(h.http.put(format!("{}/api/health", h.base()))).await;
    assert_eq!(wrong.error(405), "method_not_allowed");
    assert_eq!(
        h.get("/api/games?status=bogus").await.error(400),
        "bad_request"
    );
    assert_eq!(h.get("/api/games?limit=x").await.error(400), "bad_request");

    // The per-client room limit.
    h.create(&online_game()).await;
    let second = h.create(&online_game()).await;
    assert_eq!(
        h.post("/api/games", None, &online_game()).await.error(429),
        "too_many_rooms"
    );

    // A WebSocket route asked as plain HTTP.
    let ws_path = format!("/api/games/{}/ws", second.id);
    assert_eq!(h.get(&ws_path).await.error(426), "upgrade_required");

    // WebSocket: junk, too many messages, and an oversized one.
    let bob = h.join(&second.id, None, None).await.token;
    let mut ws = Follower::new(&h, &second.id, Some(&bob)).await;
    ws.state().await;
    ws.ws.send(Message::Text("hello".into())).await.unwrap();
    assert_eq!(ws.error().await, "bad_request");
    for _ in 0..60 {
        ws.send(&ClientMessage::Ping {}).await;
    }
    let mut limited = 0;
    for _ in 0..60 {
        if let ServerMessage::Error { error } = ws.next().await {
            limited += usize::from(error.code == "rate_limited");
        }
    }
    assert!(limited > 0, "60 messages at once are rate limited");
    let mut ws = Follower::new(&h, &second.id, Some(&bob)).await;
    ws.state().await;
    ws.ws
        .send(Message::Text("x".repeat(10_000).into()))
        .await
        .unwrap();
    assert_eq!(ws.error().await, "payload_too_large");
    let close = tokio::time::timeout(Duration::from_secs(5), ws.ws.next())
        .await
        .expect("a close frame within 5 s");
    match close {
        Some(Ok(Message::Close(Some(frame)))) => assert_eq!(frame.code, CloseCode::Size),
        other => panic!("a close frame with code 1009, not {other:?}"),
    }
}

/// Sends raw bytes on a new connection and reads the whole answer.
fn raw(addr: std::net::SocketAddr, bytes: &[u8], half_close: bool) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    stream.write_all(bytes).unwrap();
    if half_close {
        let _ = stream.shutdown(std::net::Shutdown::Write);
    }
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn bodies_are_refused_for_what_is_wrong_with_them() {
    let h = Harness::new().await;
    let addr = h.addr();
    let answers = tokio::task::spawn_blocking(move || {
        // Announcing 100 GB, sending 2 bytes: refused at once.
        let huge = raw(
            addr,
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000000\r\n\r\n{}",
            false,
        );
        // A body cut short (the client gave up): malformed, not too large.
        let cut = raw(
            addr,
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\n{\"siz\r\nzz\r\n",
            true,
        );
        (huge, cut)
    })
    .await
    .unwrap();
    let (huge, cut) = answers;
    assert!(huge.starts_with("HTTP/1.1 413"), "{huge}");
    assert!(huge.contains("\"payload_too_large\""), "{huge}");
    assert!(cut.starts_with("HTTP/1.1 400"), "{cut}");
    assert!(cut.contains("\"bad_request\""), "{cut}");
}

#[tokio::test]
async fn silent_and_half_sent_connections_are_closed_and_others_are_served() {
    let h = Harness::with(|args| {
        args.header_timeout_ms = 500;
        args.max_connections = 40;
    })
    .await;
    let addr = h.addr();
    // 30 silent connections and 5 that send half a request.
    let mut idle: Vec<TcpStream> = (0..30).map(|_| TcpStream::connect(addr).unwrap()).collect();
    for _ in 0..5 {
        let mut half = TcpStream::connect(addr).unwrap();
        half.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
            .unwrap();
        idle.push(half);
    }
    // Meanwhile the health check is answered.
    let health: HealthView = h.get("/api/health").await.json();
    assert!(health.ok);
    assert!(
        health.connections >= 35,
        "{} connections",
        health.connections
    );
    // Past the header timeout every one of them is closed by the server.
    tokio::task::spawn_blocking(move || {
        for mut stream in idle {
            stream
                .set_read_timeout(Some(Duration::from_secs(5)))
                .unwrap();
            let mut buf = Vec::new();
            let started = Instant::now();
            let _ = stream.read_to_end(&mut buf);
            assert!(started.elapsed() < Duration::from_secs(4), "closed in time");
        }
    })
    .await
    .unwrap();
    let health: HealthView = h.get("/api/health").await.json();
    assert!(
        health.connections <= 2,
        "{} connections",
        health.connections
    );
}

#[tokio::test]
async fn connections_past_the_cap_are_refused_with_json() {
    let h = Harness::with(|args| args.max_connections = 5).await;
    let addr = h.addr();
    let held: Vec<TcpStream> = (0..5).map(|_| TcpStream::connect(addr).unwrap()).collect();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let answer = tokio::task::spawn_blocking(move || {
        raw(addr, b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n", false)
    })
    .await
    .unwrap();
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains("\"unavailable\""), "{answer}");
    drop(held);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let health: HealthView = h.get("/api/health").await.json();
    assert!(health.ok);
}

#[tokio::test]
async fn the_http_rate_limit_answers_429_json() {
    let h = Harness::with(|args| args.http_rate = 5).await;
    let mut codes = Vec::new();
    for _ in 0..30 {
        let reply = h.get("/api/health").await;
        if reply.status == 429 {
            codes.push(reply.error(429));
        }
    }
    assert!(!codes.is_empty(), "30 requests at once exceed 5 a second");
    assert!(codes.iter().all(|c| c == "rate_limited"));
    // The pages are not limited.
    assert_eq!(h.get("/").await.status, 200);
}

#[tokio::test]
async fn the_database_keeps_only_hashes_of_tokens() {
    let h = Harness::new().await;
    let created = h.create(&online_game()).await;
    let bob = h.join(&created.id, None, None).await.token;
    assert_eq!(h.play(&created.id, &created.token, "e2").await.status, 200);
    let mut bytes = Vec::new();
    for suffix in ["", "-wal"] {
        let mut path = h.db.clone().into_os_string();
        path.push(suffix);
        if let Ok(mut file) = std::fs::read(&path) {
            bytes.append(&mut file);
        }
    }
    assert!(!bytes.is_empty());
    let text = String::from_utf8_lossy(&bytes);
    for token in [&created.token, &bob] {
        assert!(!text.contains(token.as_str()), "a raw token is stored");
    }
    let hash = quoridor_server::token::hash_token(&created.token);
    assert!(text.contains(&hash), "the hash is what is stored");
}

#[tokio::test]
async fn rematches_count_against_the_caller_and_are_made_once() {
    let h = Harness::with(|args| args.max_rooms_per_client = 1).await;
    let created = h
        .create(&CreateRequest {
            size: 5,
            seats: vec![human(true, None), human(true, None)],
            ..CreateRequest::default()
        })
        .await;
    let path = format!("/api/games/{}/resign", created.id);
    assert_eq!(
        h.post(&path, Some(&created.token), &json!({})).await.status,
        200
    );
    // Two rematch requests at once make one game.
    let rematch = format!("/api/games/{}/rematch", created.id);
    let empty = json!({});
    let (a, b) = tokio::join!(
        h.post(&rematch, Some(&created.token), &empty),
        h.post(&rematch, Some(&created.token), &empty)
    );
    let (a, b): (SeatedView, SeatedView) = (a.json(), b.json());
    assert_eq!(a.id, b.id);
    // That rematch is the client's one unfinished game: no other fits.
    let other = h
        .create_raw(&CreateRequest {
            size: 5,
            ..CreateRequest::default()
        })
        .await;
    assert_eq!(other.error(429), "too_many_rooms");
    // A turn-based game lasts days: it is counted apart, and still fits.
    let turn_based = h
        .create_raw(&CreateRequest {
            size: 5,
            clock: Some(quoridor_engine::TimeControl::PerMove(
                std::time::Duration::from_secs(3 * 24 * 3600),
            )),
            ..CreateRequest::default()
        })
        .await;
    assert_eq!(turn_based.status, 201, "{}", turn_based.text);
}

#[tokio::test]
async fn turn_based_games_have_their_own_limit() {
    let h = Harness::with(|args| {
        args.max_rooms_per_client = 1;
        args.max_turn_based_per_client = 2;
    })
    .await;
    let turn_based = CreateRequest {
        size: 5,
        clock: Some(quoridor_engine::TimeControl::PerMove(
            std::time::Duration::from_secs(24 * 3600),
        )),
        ..CreateRequest::default()
    };
    for _ in 0..2 {
        let made = h.create_raw(&turn_based).await;
        assert_eq!(made.status, 201, "{}", made.text);
    }
    assert_eq!(h.create_raw(&turn_based).await.error(429), "too_many_rooms");
    // The games played now keep their own place.
    let now = h
        .create_raw(&CreateRequest {
            size: 5,
            ..CreateRequest::default()
        })
        .await;
    assert_eq!(now.status, 201, "{}", now.text);
}

impl Harness {
    async fn create_raw(&self, body: &CreateRequest) -> Reply {
        self.post("/api/games", None, body).await
    }
}

#[tokio::test]
async fn pages_and_assets_are_served_compressed_and_cached() {
    let h = Harness::new().await;
    let page = h.get("/").await.text;
    for path in [
        "/",
        "/g/abc",
        "/assets/pages/app.js",
        "/assets/style.css",
        "/assets/lib/i18n.js",
    ] {
        let reply = h.get(path).await;
        assert_eq!(reply.status, 200, "{path}");
        assert!(!reply.text.trim().is_empty(), "{path}");
    }
    assert_eq!(h.get("/assets/nothing.js").await.status, 404);
    // The page names versioned assets, cached for good, and compressed.
    let start = page
        .find("/assets/pages/app.js?v=")
        .expect("a versioned link");
    let link = &page[start..page[start..].find('"').map_or(page.len(), |e| start + e)];
    let res = h
        .http
        .get(format!("{}{link}", h.base()))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    let headers = res.headers();
    assert_eq!(
        headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(headers["content-encoding"], "gzip");
    let plain = h.get("/assets/pages/app.js").await;
    assert_eq!(plain.status, 200);
}

#[tokio::test]
async fn finished_games_leave_memory_and_come_back_from_the_database() {
    let h = Harness::new().await;
    let created = h.create(&online_game()).await;
    let id = &created.id;
    h.join(id, None, None).await;
    h.play(id, &created.token, "e2").await;
    let resign = h
        .post(
            &format!("/api/games/{id}/resign"),
            Some(&created.token),
            &json!({}),
        )
        .await;
    assert_eq!(resign.status, 200);
    let hub = &h.server.as_ref().unwrap().hub;
    let before = hub.len();
    assert_eq!(hub.evict_idle(Duration::ZERO).await, 1);
    assert_eq!(hub.len(), before - 1);
    let game = h.game(id).await;
    assert_eq!(game.status.name(), "over");
    assert_eq!(game.moves.len(), 2);
    assert_eq!(game.result.unwrap().winners, [Seat::North]);
    let list: ListView = h.get("/api/games?status=over").await.json();
    assert!(list.games.iter().any(|g| &g.id == id));
}

#[tokio::test]
async fn state_messages_say_what_happened_and_carry_only_new_moves() {
    let h = Harness::new().await;
    let created = h.create(&online_game()).await;
    let id = &created.id;
    let mut watch = Follower::new(&h, id, None).await;
    let bob = h.join(id, None, Some("Bob")).await.token;
    let mut ws_ana = Follower::new(&h, id, Some(&created.token)).await;
    ws_ana.send(&mv("e2")).await;
    let draw = format!("/api/games/{id}/draw");
    loop {
        let game = watch.state().await;
        match watch.events.last().unwrap() {
            EventView::Move { seat, mv, .. } => {
                assert_eq!((seat, mv.as_str()), (&Seat::South, "e2"));
                assert_eq!((game.moves_from, game.moves.len()), (0, 1));
                ws_ana
                    .send(&ClientMessage::Draw {
                        action: quoridor_game::DrawAction::Offer,
                    })
                    .await;
            }
            EventView::DrawOffer { .. } => {
                // Nothing new in the history: no move is sent again.
                assert_eq!((game.moves_from, game.moves.len()), (1, 0));
                let reply = h
                    .post(&draw, Some(&bob), &json!({"action": "decline"}))
                    .await;
                assert_eq!(reply.status, 200, "{}", reply.text);
            }
            EventView::DrawDeclined => break,
            _ => {}
        }
    }
    let kinds: Vec<String> = watch
        .events
        .iter()
        .map(|e| {
            serde_json::to_value(e).unwrap()["kind"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    for kind in ["hello", "join", "connected", "move", "draw_offer"] {
        assert!(kinds.iter().any(|k| k == kind), "{kind} in {kinds:?}");
    }
}

#[tokio::test]
async fn a_game_ends_at_the_ply_limit() {
    let h = Harness::new().await;
    let created = h
        .create(&CreateRequest {
            size: 3,
            ply_limit: Some(6),
            seats: vec![human(true, None), human(true, None)],
            ..CreateRequest::default()
        })
        .await;
    let too_long = CreateRequest {
        ply_limit: Some(100_000),
        ..CreateRequest::default()
    };
    assert_eq!(h.create_raw(&too_long).await.error(400), "bad_request");
    let mut game = h.game(&created.id).await;
    // Sideways back and forth until the limit: a draw.
    let steps = ["a1", "a3", "b1", "b3", "a1", "a3"];
    for step in steps {
        let reply = h.play(&created.id, &created.token, step).await;
        assert_eq!(reply.status, 200, "{step}: {}", reply.text);
        game = reply.json();
    }
    let result = game.result.unwrap();
    assert!(result.draw);
    assert_eq!(result.termination, "ply limit");
}

/// Stopping (SIGTERM), the server tells every page it restarts: an
/// `unavailable` error, then a close with 1012 ("service restart"), after
/// which the page reconnects; the stop ends within a bounded time.
#[tokio::test]
async fn a_stopping_server_tells_the_pages_it_restarts() {
    let mut h = Harness::new().await;
    let created = h.create(&online_game()).await;
    let mut ws = Follower::new(&h, &created.id, Some(&created.token)).await;
    ws.state().await;
    let stopping = tokio::spawn(h.server.take().unwrap().stop());
    assert_eq!(ws.error().await, "unavailable");
    let close = tokio::time::timeout(Duration::from_secs(5), ws.ws.next())
        .await
        .expect("a close frame within 5 s");
    match close {
        Some(Ok(Message::Close(Some(frame)))) => assert_eq!(frame.code, CloseCode::Restart),
        other => panic!("a close frame with code 1012, not {other:?}"),
    }
    tokio::time::timeout(Duration::from_secs(10), stopping)
        .await
        .expect("stopped within 10 s")
        .unwrap()
        .unwrap();
}

#[tokio::test]
async fn a_browser_asks_how_its_recent_games_stand() {
    let h = Harness::new().await;
    let (going, _, _) = clocked_game(&h, json!({"initial_ms": 300_000, "increment_ms": 0})).await;
    let (ended, ana, _) = clocked_game(&h, json!({"initial_ms": 300_000, "increment_ms": 0})).await;
    let reply = h
        .post(
            &format!("/api/games/{ended}/resign"),
            Some(&ana),
            &json!({}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let reply = h
        .send(h.http.get(format!(
            "{}/api/games/status?ids={going},nothing,{ended}",
            h.base()
        )))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let v: Value = reply.json();
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "an unknown id is left out: {v}");
    assert_eq!(
        (games[0]["id"].as_str(), games[0]["status"].as_str()),
        (Some(going.as_str()), Some("playing"))
    );
    assert_eq!(games[1]["status"], "over");
    assert_eq!(games[1]["result"]["termination"], "resignation");
    assert!(games[1]["created_ms"].as_u64().unwrap() > 0);
    let many = vec!["abcdefghij"; 31].join(",");
    let reply = h
        .send(
            h.http
                .get(format!("{}/api/games/status?ids={many}", h.base())),
        )
        .await;
    assert_eq!(reply.error(400), "bad_request");
}

#[tokio::test]
async fn a_record_writes_an_unnamed_player_as_unknown_and_says_why_a_game_was_aborted() {
    let h = Harness::new().await;
    let created: SeatedView = h
        .post(
            "/api/games",
            None,
            &json!({"seats": [{"kind": "human", "mine": true, "name": "Ana"}, {"kind": "human"}]}),
        )
        .await
        .json();
    h.join(&created.id, None, None).await;
    let id = created.id;
    let reply = h
        .post(
            &format!("/api/games/{id}/abort"),
            Some(&created.token),
            &json!({}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let text = h.get(&format!("/api/games/{id}/record")).await.text;
    assert!(
        text.contains("[Termination_Note \"aborted by south\"]"),
        "{text}"
    );
    let reply = h
        .post(
            "/api/games",
            None,
            &json!({"size": 5, "seats": [{"kind": "human", "mine": true}, {"kind": "ai", "level": 1}]}),
        )
        .await;
    let made: Value = reply.json();
    let text = h
        .get(&format!(
            "/api/games/{}/record",
            made["id"].as_str().unwrap()
        ))
        .await
        .text;
    assert!(text.contains("[South \"?\"]"), "{text}");
    assert!(!text.contains("\"south\""), "{text}");
}
