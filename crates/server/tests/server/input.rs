//! Bad input and bad connections: clear errors, bodies refused for what
//! is wrong with them, silent and half-sent connections closed, the
//! connection cap and the rate limit.

use super::*;

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
