//! One client must not starve the others (issue 55): the games' AI under a
//! flood of analyses and hints, connections, waiting games and class games
//! asked from several loopback addresses (127.0.0.N) at once.

mod harness;

use std::time::{Duration, Instant};

use futures_util::future::join_all;
use harness::Harness;
use quoridor_rules::{Position, Seat};
use quoridor_server::view::GameView;
use serde_json::{json, Value};

/// South's next step on its shortest path.
fn step(game: &GameView) -> String {
    let pos: Position = game.position.parse().unwrap();
    pos.shortest_path(Seat::South).unwrap()[0].to_string()
}

/// Waits until the game has `ply` plies (or is over).
async fn wait_ply(h: &Harness, id: &str, ply: u32, within: Duration) -> GameView {
    let until = Instant::now() + within;
    loop {
        let game = h.game(id).await;
        if game.ply >= ply || game.result.is_some() {
            return game;
        }
        assert!(
            Instant::now() < until,
            "the AI did not reply within {within:?}: {:?}",
            game.clock
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_ai_of_a_clocked_game_replies_in_time_under_a_flood_of_analyses_and_hints() {
    let h = Harness::with(|args| {
        args.ai_threads = Some(2);
        args.ai_max_ms = 300;
    })
    .await;
    // The game: a person against level 8, 20 s each.
    let game = h
        .post(
            "/api/games",
            None,
            &json!({"clock": {"initial_ms": 20_000, "increment_ms": 0},
                    "seats": [{"kind": "human", "mine": true}, {"kind": "ai", "level": 8}]}),
        )
        .await
        .json::<Value>();
    let (id, token) = (
        game["id"].as_str().unwrap().to_string(),
        game["token"].as_str().unwrap().to_string(),
    );
    // The flood: four addresses asking for deep analyses of the board and
    // for hints in games of their own, as fast as they are answered.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut flood = Vec::new();
    for n in 2..6 {
        let client = h.client_from(&format!("127.0.0.{n}"));
        let base = h.base();
        let stop = stop.clone();
        let private = h
            .post_with(
                &client,
                "/api/games",
                None,
                &json!({"seats": [{"kind": "human", "mine": true}, {"kind": "human", "mine": true}]}),
            )
            .await
            .json::<Value>();
        let (pid, ptoken) = (
            private["id"].as_str().unwrap().to_string(),
            private["token"].as_str().unwrap().to_string(),
        );
        for worker in 0..3 {
            let (client, base, stop) = (client.clone(), base.clone(), stop.clone());
            let (pid, ptoken) = (pid.clone(), ptoken.clone());
            flood.push(tokio::spawn(async move {
                let mut answers: Vec<u16> = Vec::new();
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let req = if worker == 0 {
                        client
                            .get(format!("{base}/api/games/{pid}/hint"))
                            .bearer_auth(&ptoken)
                    } else {
                        client.post(format!("{base}/api/analyse")).json(&json!({
                            "position": "9 e1,e9 - 10,10 south 0",
                            "moves": ["e2", "e8", "e3"],
                            "depth": 14,
                            "lines": 3,
                        }))
                    };
                    match req.send().await {
                        Ok(res) => answers.push(res.status().as_u16()),
                        Err(_) => answers.push(0),
                    }
                }
                answers
            }));
        }
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Ten moves against the AI while the flood goes on.
    let mut slowest = Duration::ZERO;
    let mut view = h.game(&id).await;
    for _ in 0..10 {
        if view.result.is_some() {
            break;
        }
        let played = h.play(&id, &token, &step(&view)).await;
        assert_eq!(played.status, 200, "{}", played.text);
        let moved = Instant::now();
        view = wait_ply(&h, &id, view.ply + 2, Duration::from_secs(5)).await;
        slowest = slowest.max(moved.elapsed());
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let answers: Vec<u16> = join_all(flood)
        .await
        .into_iter()
        .flat_map(|a| a.unwrap())
        .collect();
    // The AI thought for its 300 ms each time, never waited for a search.
    assert!(
        slowest < Duration::from_millis(1500),
        "the AI's slowest reply took {slowest:?}"
    );
    let game = h.game(&id).await;
    assert!(
        game.result
            .as_ref()
            .is_none_or(|r| !format!("{r:?}").contains("time")),
        "{:?}",
        game.result
    );
    // The flood was answered, and refused where an address asked too much.
    assert!(answers.contains(&200), "{answers:?}");
    assert!(
        answers.iter().any(|&s| s == 429 || s == 503),
        "nothing was refused: {answers:?}"
    );
}

/// A TCP connection from `ip` (a loopback address) to the server.
async fn connect_from(h: &Harness, ip: &str) -> tokio::net::TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{ip}:0").parse().unwrap()).unwrap();
    socket.connect(h.addr()).await.unwrap()
}

/// What the server answers first on `stream` to a request for `/api/health`.
async fn health_on(stream: &mut tokio::net::TcpStream) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let _ = stream
        .write_all(b"GET /api/health HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n")
        .await;
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut answer)).await;
    String::from_utf8_lossy(&answer).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_client_cannot_take_every_connection() {
    let h = Harness::with(|args| {
        args.max_connections = 12;
        args.max_connections_per_client = 5;
    })
    .await;
    // Five idle connections from one address: its whole share.
    let mut idle = Vec::new();
    for _ in 0..5 {
        idle.push(connect_from(&h, "127.0.0.2").await);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut sixth = connect_from(&h, "127.0.0.2").await;
    let refused = health_on(&mut sixth).await;
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused}");
    assert!(refused.contains("your address"), "{refused}");
    // Another address still gets in, up to its own share.
    let mut other = connect_from(&h, "127.0.0.3").await;
    let answered = health_on(&mut other).await;
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
    // A concurrent burst from a third address takes exactly its share.
    let burst = join_all((0..20).map(|_| connect_from(&h, "127.0.0.4"))).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut open = 0;
    for mut stream in burst {
        let answer = health_on(&mut stream).await;
        if answer.starts_with("HTTP/1.1 200") {
            open += 1;
        }
    }
    assert_eq!(open, 5, "a burst gets exactly the share");
    // The share comes back when the connections close.
    drop(idle);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut again = connect_from(&h, "127.0.0.2").await;
    assert!(health_on(&mut again).await.starts_with("HTTP/1.1 200"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_proxy_each_client_has_its_share_of_websockets() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let h = Harness::with(|args| {
        args.trusted_proxy = vec!["127.0.0.1".parse().unwrap()];
        args.max_connections_per_client = 2;
    })
    .await;
    let open = |client: &'static str| {
        let mut request = format!("ws://{}/api/lobby/ws", h.addr())
            .into_client_request()
            .unwrap();
        request
            .headers_mut()
            .insert("x-forwarded-for", client.parse().unwrap());
        tokio_tungstenite::connect_async(request)
    };
    let first = open("203.0.113.9").await.unwrap();
    let second = open("203.0.113.9").await.unwrap();
    match open("203.0.113.9").await {
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => assert_eq!(res.status(), 503),
        other => panic!("a third socket opened: {:?}", other.map(|_| ())),
    }
    // An IPv6 client's /64 is one client.
    let v6a = open("2001:db8:5:5::1").await.unwrap();
    let v6b = open("2001:db8:5:5:ffff::2").await.unwrap();
    assert!(open("2001:db8:5:5::3").await.is_err());
    // Another client behind the same proxy is not held back.
    let other = open("203.0.113.10").await.unwrap();
    // Plain requests through the proxy are not capped by it.
    for _ in 0..5 {
        assert_eq!(h.get("/api/health").await.status, 200);
    }
    drop((first, second, v6a, v6b, other));
}

fn waiting_game() -> Value {
    json!({"seats": [{"kind": "human", "mine": true}, {"kind": "human"}]})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_that_wait_for_people_cannot_keep_others_from_playing_the_ai() {
    let h = Harness::with(|args| {
        args.max_waiting_games = 3;
        args.waiting_expiry_secs = 1;
    })
    .await;
    // Five addresses ask for games that wait for a second player, at once.
    let clients: Vec<_> = (2..7)
        .map(|n| h.client_from(&format!("127.0.0.{n}")))
        .collect();
    let body = waiting_game();
    let replies = join_all(
        clients
            .iter()
            .map(|c| h.post_with(c, "/api/games", None, &body)),
    )
    .await;
    let made: Vec<&harness::Reply> = replies.iter().filter(|r| r.status == 201).collect();
    assert_eq!(made.len(), 3, "exactly the cap of waiting games");
    for refused in replies.iter().filter(|r| r.status != 201) {
        assert_eq!(refused.error(503), "unavailable");
    }
    // Games against the AI and on one screen never wait: still made.
    let other = h.client_from("127.0.0.9");
    let ai = json!({"seats": [{"kind": "human", "mine": true}, {"kind": "ai", "level": 1}]});
    let hotseat =
        json!({"seats": [{"kind": "human", "mine": true}, {"kind": "human", "mine": true}]});
    assert_eq!(
        h.post_with(&other, "/api/games", None, &ai).await.status,
        201
    );
    assert_eq!(
        h.post_with(&other, "/api/games", None, &hotseat)
            .await
            .status,
        201
    );
    // A game whose seat is taken no longer waits: a place comes free.
    let first: Value = made[0].json();
    let id = first["id"].as_str().unwrap();
    h.join(id, None, Some("Bob")).await;
    assert_eq!(
        h.post_with(&other, "/api/games", None, &waiting_game())
            .await
            .status,
        201
    );
    // Waiting games expire ("nobody came"), and give their places back.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let expired = h.server.as_ref().unwrap().hub.expire_waiting().await;
    assert_eq!(expired, 3);
    let second: Value = made[1].json();
    let gone = h.game(second["id"].as_str().unwrap()).await;
    let result = serde_json::to_value(gone.result.unwrap()).unwrap();
    assert_eq!(result["termination"], "aborted");
    assert_eq!(result["abort"]["why"], "nobody_came");
    assert_eq!(result["abort"]["seat"], "north");
    // The game that started plays on.
    assert_eq!(h.game(id).await.result, None);
    let again = join_all(
        clients
            .iter()
            .map(|c| h.post_with(c, "/api/games", None, &body)),
    )
    .await;
    assert_eq!(again.iter().filter(|r| r.status == 201).count(), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn printing_worksheets_in_a_loop_never_delays_a_pupils_exercise() {
    let h = Harness::with(|args| args.ai_threads = Some(2)).await;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    // Twelve addresses print 40-exercise sheets as fast as they are made.
    let mut printers = Vec::new();
    for n in 2..14 {
        let client = h.client_from(&format!("127.0.0.{n}"));
        let (base, stop) = (h.base(), stop.clone());
        printers.push(tokio::spawn(async move {
            let mut statuses = Vec::new();
            let mut seed = n * 1000;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                seed += 1;
                let url =
                    format!("{base}/classroom/sheet.pdf?kind=mixed&level=3&count=40&seed={seed}");
                match client.get(url).send().await {
                    Ok(res) => {
                        statuses.push(res.status().as_u16());
                        let _ = res.bytes().await;
                    }
                    Err(_) => statuses.push(0),
                }
            }
            statuses
        }));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    // Meanwhile a pupil is given exercises and their solutions.
    let mut slowest = Duration::ZERO;
    for seed in 0..10 {
        let asked = Instant::now();
        let exercise = h
            .get(&format!(
                "/api/classroom/exercise?kind=maze&level=2&seed={seed}&lang=fr"
            ))
            .await;
        assert_eq!(exercise.status, 200, "{}", exercise.text);
        let view: Value = exercise.json();
        let solution = h
            .post(
                "/api/classroom/solution",
                None,
                &json!({"exercise": view["exercise"], "lang": "fr"}),
            )
            .await;
        assert_eq!(solution.status, 200, "{}", solution.text);
        slowest = slowest.max(asked.elapsed());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let statuses: Vec<u16> = join_all(printers)
        .await
        .into_iter()
        .flat_map(|s| s.unwrap())
        .collect();
    assert!(
        slowest < Duration::from_millis(750),
        "a pupil waited {slowest:?} for an exercise"
    );
    assert!(statuses.contains(&200), "{statuses:?}");
    assert!(
        statuses.iter().any(|&s| s == 503 || s == 429),
        "nothing was refused: {statuses:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn class_games_refused_by_a_limit_make_no_game() {
    let h = Harness::with(|args| args.max_class_games_per_client = 20).await;
    // Three classes of eight pupils, made from this address.
    let mut classes = Vec::new();
    for c in 0..3 {
        let class: Value = h
            .post(
                "/api/classes",
                None,
                &json!({"name": format!("CE{c}"), "pin": "1234"}),
            )
            .await
            .json();
        for p in 0..8 {
            let joined = h
                .post(
                    "/api/join",
                    None,
                    &json!({"code": class["code"], "name": format!("Élève{c}x{}", ["a","b","c","d","e","f","g","h"][p])}),
                )
                .await;
            assert_eq!(joined.status, 200, "{}", joined.text);
        }
        classes.push((
            class["id"].as_str().unwrap().to_string(),
            class["token"].as_str().unwrap().to_string(),
        ));
    }
    // Six requests at once, two per class, each for eight games against the
    // AI: 48 games asked, 20 allowed from this address.
    let body = json!({"pair_by": "random", "ai_level": 1, "game": {"size": 5}});
    let paths: Vec<(String, &str)> = classes
        .iter()
        .chain(classes.iter())
        .map(|(id, token)| (format!("/api/classes/{id}/games"), token.as_str()))
        .collect();
    let replies = join_all(
        paths
            .iter()
            .map(|(path, token)| h.post(path, Some(token), &body)),
    )
    .await;
    let made_by_replies = replies.iter().filter(|r| r.status == 201).count();
    for refused in replies.iter().filter(|r| r.status != 201) {
        assert_eq!(refused.error(429), "too_many_rooms");
    }
    assert_eq!(made_by_replies, 2, "two requests of eight fit in twenty");
    // Exactly the games of the accepted requests exist, not one more.
    let hub = &h.server.as_ref().unwrap().hub;
    assert_eq!(hub.active_games("clubs@127.0.0.1").0, 16);
    let mut listed = 0;
    for (id, token) in &classes {
        let view: Value = h
            .send(
                h.http
                    .get(format!("{}/api/classes/{id}", h.base()))
                    .bearer_auth(token),
            )
            .await
            .json();
        listed += view["games"].as_array().unwrap().len();
    }
    assert_eq!(listed, 16);
}

/// A lobby socket from `ip`.
async fn lobby_from(h: &Harness, ip: &str, name: &str) -> harness::Ws {
    let stream = connect_from(h, ip).await;
    let url = format!("ws://{}/api/lobby/ws?name={name}", h.addr());
    tokio_tungstenite::client_async(url, tokio_tungstenite::MaybeTlsStream::Plain(stream))
        .await
        .unwrap()
        .0
}

/// The lobby's next text message on `ws`, as JSON.
async fn lobby_message(ws: &mut harness::Ws) -> Value {
    use futures_util::StreamExt;
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("a lobby message")
            .unwrap()
            .unwrap();
        if let tokio_tungstenite::tungstenite::Message::Text(text) = frame {
            return serde_json::from_str(text.as_str()).unwrap();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_fill_the_lobby_and_pages_get_changes_not_the_list() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    let h = Harness::new().await;
    let mut watcher = lobby_from(&h, "127.0.0.9", "Watcher").await;
    assert_eq!(lobby_message(&mut watcher).await["type"], "seeks");
    // Forty sockets of one address each post a seek.
    let seek = json!({"type": "seek", "clock": {"initial_ms": 180000, "increment_ms": 2000}});
    let mut flood = Vec::new();
    let mut posted = 0;
    for i in 0..40 {
        let mut ws = lobby_from(&h, "127.0.0.2", &format!("Bot{i}")).await;
        lobby_message(&mut ws).await;
        ws.send(Message::text(seek.to_string())).await.unwrap();
        let answer = lobby_message(&mut ws).await;
        match answer["type"].as_str() {
            Some("seeking") => posted += 1,
            Some("error") => assert!(
                answer["error"]["message"]
                    .as_str()
                    .unwrap()
                    .contains("one address"),
                "{answer}"
            ),
            _ => {}
        }
        flood.push(ws);
    }
    assert_eq!(posted, 6, "an address has six seeks at most");
    let list: Value = h.get("/api/lobby").await.json();
    assert_eq!(list["total"], 6);
    // A real player's "play now" still finds the other real player.
    let mut ana = lobby_from(&h, "127.0.0.3", "Ana").await;
    lobby_message(&mut ana).await;
    ana.send(Message::text(seek.to_string())).await.unwrap();
    // The watcher got only the changes: one seek added each, never the list.
    let mut changes = 0;
    while changes < 7 {
        let message = lobby_message(&mut watcher).await;
        assert_eq!(message["type"], "changes", "{message}");
        assert_eq!(message["added"].as_array().unwrap().len(), 1, "{message}");
        assert!(message.to_string().len() < 400, "{message}");
        changes += 1;
    }
    drop(flood);
    // The flood's seeks leave with its sockets, as changes too.
    let mut left = 0;
    while left < 6 {
        let message = lobby_message(&mut watcher).await;
        assert_eq!(message["type"], "changes", "{message}");
        left += message["removed"].as_array().unwrap().len();
    }
    assert_eq!(h.get("/api/lobby").await.json::<Value>()["total"], 1);
}
