//! A class among several instances: the keeper serves it for all, so a
//! teacher's dashboard on one instance follows the answers and moves of
//! pupils who joined and play through the others; wrong PINs spread over the instances count as
//! on one server; and when the keeper dies, the next one reads the class
//! from the database, takes its games over, and the lesson goes on.

use super::*;

/// The class's live socket through `port`, its teacher's token offered
/// as the dashboard does.
async fn dashboard(
    port: u16,
    class: &str,
    token: &str,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    socket_on(port, &format!("/api/classes/{class}/live"), token).await
}

/// Waits on the dashboard until the class's game `game` stands at `ply`.
async fn dashboard_sees<S>(ws: &mut S, game: &str, ply: u64)
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    socket_until(ws, &format!("the class's game at ply {ply}"), |m| {
        m["class"]["games"]
            .as_array()?
            .iter()
            .any(|g| g["board"]["id"] == game && g["board"]["ply"] == ply)
            .then_some(())
    })
    .await
}

/// The step forward of a pawn on a 5×5 board, from its first square.
fn step(pawn: &str) -> &'static str {
    match pawn {
        "c1" => "c2",
        "c5" => "c4",
        other => panic!("a pawn on {other} at the start"),
    }
}

/// `request` until it is answered with something else than "try again"
/// (a refused connection, 502 to 504 while the keeper is replaced).
fn until_served(what: &str, request: impl Fn() -> Option<(u16, Value)>) -> (u16, Value) {
    let until = Instant::now() + Duration::from_secs(40);
    loop {
        match request() {
            Some((502..=504, _)) | None => {}
            Some(answer) => return answer,
        }
        assert!(Instant::now() < until, "{what}: not served within 40 s");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_class_is_served_by_the_keeper_for_every_instance_and_outlives_it() {
    let url = quoridor_server::db::sql::test_database();
    let dir = tempfile::tempdir().unwrap();
    let ports = [free_port(), free_port(), free_port()];
    // The first started is the oldest: the keeper.
    let mut instances: Vec<Running> = ports
        .iter()
        .enumerate()
        .map(|(i, &p)| instance(p, &url, &dir.path().join(format!("class{i}.log"))))
        .collect();
    let [keeper, second, third] = ports;

    // The teacher makes the class through an instance that is not the
    // keeper; two pupils join through the two others.
    let body = json!({"name": "CM1 Lune", "pin": "4826", "lang": "fr"}).to_string();
    let (status, key) = http(second, "POST", "/api/classes", None, &body).unwrap();
    assert_eq!(status, 201, "{key}");
    let text = |v: &Value, k: &str| v[k].as_str().unwrap().to_string();
    let (class, code, teacher) = (text(&key, "id"), text(&key, "code"), text(&key, "token"));
    let mut pupils = Vec::new();
    for (port, name) in [(third, "Léa"), (keeper, "Hugo")] {
        let body = json!({"code": code, "name": name}).to_string();
        let (status, joined) = http(port, "POST", "/api/join", None, &body).unwrap();
        assert_eq!(status, 200, "{name} joins: {joined}");
        pupils.push((joined["player"].as_u64().unwrap(), text(&joined, "token")));
    }
    let class_path = format!("/api/classes/{class}");
    let (status, seen) = http(third, "GET", &class_path, Some(&teacher), "").unwrap();
    assert_eq!(status, 200, "{seen}");
    assert_eq!(seen["pupils"].as_array().unwrap().len(), 2, "{seen}");

    // A game in class, made through the third instance: held by the
    // keeper, which follows it for the class.
    let body = json!({"pair_by": "random", "game": {"size": 5}}).to_string();
    let path = format!("/api/classes/{class}/games");
    let (status, made) = http(third, "POST", &path, Some(&teacher), &body).unwrap();
    assert_eq!(status, 201, "{made}");
    let game = &made["games"][0];
    let id = text(&game["board"], "id");
    let pawns: Vec<String> = game["board"]["pawns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    let token_of = |seat: usize| {
        let pupil = game["pupils"][seat].as_u64().unwrap();
        pupils.iter().find(|(p, _)| *p == pupil).unwrap().1.clone()
    };
    let movers = [token_of(0), token_of(1)];
    let play = |port: u16, ply: usize| {
        let body = json!({"move": step(&pawns[ply % 2])}).to_string();
        let path = format!("/api/games/{id}/move");
        http(port, "POST", &path, Some(&movers[ply % 2]), &body)
    };

    // The dashboard, open through the third instance, hears a move sent
    // through the second.
    let mut live = dashboard(third, &class, &teacher).await;
    assert_eq!(play(second, 0).unwrap().0, 200);
    dashboard_sees(&mut live, &id, 1).await;

    // An assignment given through the keeper: a pupil's answer sent
    // through the second instance is on the dashboard at once.
    let body = json!({"level": 1, "count": 2, "seed": "9", "title": "Chemins"}).to_string();
    let path = format!("/api/classes/{class}/assignments");
    let (status, given) = http(keeper, "POST", &path, Some(&teacher), &body).unwrap();
    assert_eq!(status, 201, "{given}");
    let n = given["assignments"][0]["id"].as_u64().unwrap();
    let (lea, lea_token) = &pupils[0];
    let path = format!("/api/classes/{class}/assignments/{n}/answers");
    let body = json!({"index": 0, "skip": true}).to_string();
    let (status, answer) = http(second, "POST", &path, Some(lea_token), &body).unwrap();
    assert_eq!(status, 200, "{answer}");
    socket_until(&mut live, "Léa's answer", |m| {
        m["class"]["assignments"][0]["work"]
            .as_array()?
            .iter()
            .any(|w| w["pupil"] == *lea && w["index"] == 0)
            .then_some(())
    })
    .await;

    // Wrong PINs spread over the three instances count as on one server:
    // five for this class from one address, then a wait.
    let said: Vec<u16> = (0..7)
        .map(|i| {
            let body = json!({"code": code, "pin": "1111"}).to_string();
            http(ports[i % 3], "POST", "/api/classes/open", None, &body)
                .unwrap()
                .0
        })
        .collect();
    assert_eq!(said, [401, 401, 401, 401, 401, 429, 429]);

    // The keeper dies in the middle of the lesson.
    instances[0].kill();

    // The next oldest becomes the keeper: it reads the class from the
    // database and takes its game over; the pupils play on through
    // either instance, and the dashboard, open again, follows them.
    let (status, seen) = until_served("the class", || {
        http(third, "GET", &class_path, Some(&teacher), "")
    });
    assert_eq!(status, 200, "{seen}");
    assert_eq!(seen["name"], "CM1 Lune");
    let (status, answer) = until_served("the second move", || play(third, 1));
    assert_eq!(status, 200, "{answer}");
    let mut live = dashboard(third, &class, &teacher).await;
    dashboard_sees(&mut live, &id, 2).await;
    assert_eq!(figure(second, "quoridor_games_taken_over_total"), 1.0);
    assert_eq!(figure(third, "quoridor_games_taken_over_total"), 0.0);

    // A third pupil joins through the instance that is not the keeper.
    let body = json!({"code": code, "name": "Inès"}).to_string();
    let (status, joined) = http(third, "POST", "/api/join", None, &body).unwrap();
    assert_eq!(status, 200, "{joined}");
    let me = format!("/api/classes/{class}/me");
    let (status, mine) = http(second, "GET", &me, Some(&text(&joined, "token")), "").unwrap();
    assert_eq!(status, 200, "{mine}");
}
