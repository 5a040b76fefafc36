//! Per-address limits among several instances: one client's requests,
//! sent to every instance at once, are counted by its home instance, so a
//! burst spread over three instances gets what it would get from one
//! server, not three times as much: its games, its requests a second
//! (whether the home serves them, the keeper or a game's holder) and its
//! connections.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_spread_over_the_instances_meets_each_limit_once() {
    let url = quoridor_server::db::sql::test_database();
    let dir = tempfile::tempdir().unwrap();
    let ports = [free_port(), free_port(), free_port()];
    let settings = [
        ("QUORIDOR_MAX_ROOMS_PER_CLIENT", "3"),
        ("QUORIDOR_HTTP_RATE", "5"),
        ("QUORIDOR_MAX_CONNECTIONS_PER_CLIENT", "4"),
    ];
    let _instances: Vec<Running> = ports
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let log = dir.path().join(format!("limits{i}.log"));
            instance_with(p, &url, &log, &settings)
        })
        .collect();
    // Every instance knows the others (then each agrees on the homes).
    let _ = client_at(&ports, ports[0]);

    // Nine games asked for at once by one client, three through each
    // instance: three made (the limit), six refused.
    let asked: Vec<_> = (0..9)
        .map(|i| {
            let port = ports[i % 3];
            std::thread::spawn(move || {
                let seats = json!({"seats": [{"kind": "human", "mine": true}, {"kind": "human", "mine": false}]});
                http_from(
                    Some("10.8.0.1"),
                    port,
                    "POST",
                    "/api/games",
                    None,
                    &seats.to_string(),
                )
                .map(|(status, _)| status)
            })
        })
        .collect();
    let said: Vec<Option<u16>> = asked.into_iter().map(|t| t.join().unwrap()).collect();
    let made = said.iter().filter(|s| **s == Some(201)).count();
    assert_eq!(made, 3, "{said:?}");
    assert!(
        said.iter().all(|s| matches!(s, Some(201 | 429))),
        "{said:?}"
    );
    let held: f64 = ports
        .iter()
        .map(|&p| figure(p, "quoridor_games_live"))
        .sum();
    assert_eq!(held, 3.0);

    // Requests a second: 5 a second, 10 at once, from one address,
    // whichever instance each reaches and whichever serves it: its home
    // (the list of games), the keeper (the lobby) or a game's holder (a
    // game made by another client, at home elsewhere).
    let client = client_at(&ports, ports[1]);
    let other = client_at(&ports, ports[2]);
    let third = client_at(&ports, ports[0]);
    let id = game_from(&other, ports[2]);
    // One game held by each instance, for the sockets below.
    let held_by = [
        game_from(&third, ports[1]),
        game_from(&client, ports[2]),
        id.clone(),
    ];
    let paths = [
        "/api/games".to_string(),
        format!("/api/games/{id}"),
        "/api/lobby".to_string(),
    ];
    let started = Instant::now();
    let answered: Vec<u16> = (0..30)
        .map(|i| {
            let path = &paths[(i / 3) % 3];
            http_from(Some(&client), ports[i % 3], "GET", path, None, "")
                .unwrap()
                .0
        })
        .collect();
    let took = started.elapsed().as_secs_f64();
    let allowed = answered.iter().filter(|s| **s != 429).count();
    assert!(
        answered.iter().all(|s| matches!(s, 200 | 429)),
        "{answered:?}"
    );
    let most = 10 + (took * 5.0).ceil() as usize;
    assert!(
        allowed <= most,
        "{allowed} allowed in {took:.2} s (at most {most}): {answered:?}"
    );
    // (One of the ten was spent making a game above.)
    assert!(allowed >= 9, "{answered:?}");

    // Connections: four sockets at once from one address (its share),
    // spread over the instances, on games held by each of them (each
    // would have counted only its own two); the fifth and sixth are
    // refused, wherever they land.
    let mut open = Vec::new();
    let mut refused = 0;
    for i in 0..6 {
        let path = format!("/api/games/{}/ws", held_by[(i + 1) % 3]);
        match socket_from(&third, ports[i % 3], &path).await {
            Ok(ws) => open.push(ws),
            Err(status) => {
                assert_eq!(status, 503, "socket {i}");
                refused += 1;
            }
        }
    }
    assert_eq!((open.len(), refused), (4, 2));
    // One closed, one more may open.
    drop(open.pop());
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        socket_from(&third, ports[1], &format!("/api/games/{id}/ws"))
            .await
            .is_ok()
    );
}

/// A game of two people made by the client `from` through `port` (held by
/// the client's home): its id.
fn game_from(from: &str, port: u16) -> String {
    let seats =
        json!({"seats": [{"kind": "human", "mine": true}, {"kind": "human", "mine": false}]});
    let (status, made) = http_from(
        Some(from),
        port,
        "POST",
        "/api/games",
        None,
        &seats.to_string(),
    )
    .unwrap();
    assert_eq!(status, 201, "{made}");
    made["id"].as_str().unwrap().to_string()
}

/// A WebSocket on `path` through `port`, for the client `from` (the
/// proxy's `X-Forwarded-For`): open, or the status it was refused with.
async fn socket_from(
    from: &str,
    port: u16,
    path: &str,
) -> Result<
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    u16,
> {
    let mut request = format!("ws://127.0.0.1:{port}{path}")
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("x-forwarded-for", from.parse().unwrap());
    request
        .headers_mut()
        .insert("sec-websocket-protocol", "quoridor".parse().unwrap());
    match tokio_tungstenite::connect_async(request).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => Err(answer.status().as_u16()),
        Err(err) => panic!("the socket neither opened nor was refused: {err}"),
    }
}
