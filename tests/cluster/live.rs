//! Live events across instances: two players meet in the lobby through
//! two instances; a challenge made on one is seen live and accepted on
//! another, and its "your turn" reaches the keeper's page; an account
//! deleted through one instance is renamed in the games another holds.

use super::*;

/// The next lobby message that `pick` keeps (10 s at most).
async fn lobby_until<S, T>(ws: &mut S, pick: impl Fn(&Value) -> Option<T>) -> T
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    socket_until(ws, "a lobby message", pick).await
}

/// Ana seeks a game in the lobby through the instance on `one`, Ben takes
/// it through the instance on `other`: the game, south's token (the one
/// who moves first) and north's.
pub(super) async fn lobby_pair(one: u16, other: u16) -> (String, String, String) {
    let open = |port: u16, name: &'static str| async move {
        let url = format!("ws://127.0.0.1:{port}/api/lobby/ws?name={name}");
        tokio_tungstenite::connect_async(url).await.unwrap().0
    };
    let mut ana = open(one, "Ana").await;
    let seek = json!({"type": "seek", "clock": {"initial_ms": 180_000, "increment_ms": 2_000}, "rated": false});
    ana.send(Message::text(seek.to_string())).await.unwrap();
    let id = lobby_until(&mut ana, |m| {
        (m["type"] == "seeking").then(|| m["id"].clone())
    })
    .await;
    let mut ben = open(other, "Ben").await;
    let accept = json!({"type": "accept", "id": id});
    ben.send(Message::text(accept.to_string())).await.unwrap();
    let paired = |m: &Value| {
        (m["type"] == "paired").then(|| {
            let text = |k: &str| m[k].as_str().unwrap().to_string();
            (text("game"), text("seat"), text("token"))
        })
    };
    let (game, ben_seat, ben_token) = lobby_until(&mut ben, paired).await;
    let (ana_game, _, ana_token) = lobby_until(&mut ana, paired).await;
    assert_eq!(game, ana_game);
    if ben_seat == "south" {
        (game, ben_token, ana_token)
    } else {
        (game, ana_token, ben_token)
    }
}

/// Cleo challenges Dan through `third`; Dan's page follows its challenges
/// through `second`, accepts through `third`; then a game of theirs made
/// by Cleo from `from` (whose home is `second`, not the keeper `keeper`)
/// tells Dan's page of each move.
pub(super) async fn challenge_across(keeper: u16, second: u16, third: u16, from: &str) {
    let sign_up = |port: u16, name: &str| {
        let body = json!({"name": name, "password": "a long enough secret"}).to_string();
        let (status, session, answer) = call(port, "POST", "/api/account/signup", None, &body);
        assert_eq!(status, 201, "{answer}");
        session.unwrap()
    };
    let cleo = sign_up(second, "cleo");
    let dan = sign_up(third, "dan");
    let mut request = format!("ws://127.0.0.1:{second}/api/challenges/ws")
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("cookie", format!("quoridor_session={dan}").parse().unwrap());
    let mut page = tokio_tungstenite::connect_async(request).await.unwrap().0;
    socket_until(&mut page, "the challenges", |m| {
        (m["type"] == "challenges").then_some(())
    })
    .await;
    let asked = json!({"to": "dan", "clock": {"initial_ms": 300_000, "increment_ms": 0}});
    let (status, _, sent) = call(
        third,
        "POST",
        "/api/challenges",
        Some(&cleo),
        &asked.to_string(),
    );
    assert_eq!(status, 201, "{sent}");
    let id = sent["id"].as_str().unwrap().to_string();
    socket_until(&mut page, "the challenge", |m| {
        let incoming = m["incoming"].as_array()?;
        incoming
            .iter()
            .any(|c| c["id"] == id.as_str())
            .then_some(())
    })
    .await;
    let (status, _, accepted) = call(
        third,
        "POST",
        &format!("/api/challenges/{id}/accept"),
        Some(&dan),
        "",
    );
    assert_eq!(status, 200, "{accepted}");
    socket_until(&mut page, "the acceptance", |m| {
        (m["type"] == "accepted").then_some(())
    })
    .await;

    // Their own game, made and held on `second`.
    let (game, token) = own_game(from, third, &cleo);
    let join = format!("/api/games/{game}/join");
    let (status, _, joined) = call(third, "POST", &join, Some(&dan), r#"{"seat": "north"}"#);
    assert_eq!(status, 200, "{joined}");
    assert!(figure(keeper, "quoridor_games_live") >= 1.0);
    let moved = http(
        second,
        "POST",
        &format!("/api/games/{game}/move"),
        Some(&token),
        r#"{"move":"e2"}"#,
    );
    assert_eq!(moved.map(|m| m.0), Some(200));
    socket_until(&mut page, "your turn", |m| {
        (m["type"] == "playing").then_some(())
    })
    .await;
}

/// A game of two people made by the account of the session `session`
/// from the client `from`, through the instance on `port` (held by the
/// client's home): its id and the account's seat token.
fn own_game(from: &str, port: u16, session: &str) -> (String, String) {
    let seats =
        json!({"seats": [{"kind": "human", "mine": true}, {"kind": "human", "mine": false}]});
    let path = "/api/games";
    let (status, _, made) = call_from(
        Some(from),
        port,
        "POST",
        path,
        Some(session),
        &seats.to_string(),
    );
    assert_eq!(status, 201, "{made}");
    let text = |k: &str| made[k].as_str().unwrap().to_string();
    (text("id"), text("token"))
}

/// Eve, from `from` (whose home is `second`), plays a game held on
/// `second` (against a guest) and resigns; she deletes her account
/// through `third` (the keeper deletes it): `second` shows the finished
/// game with her seat renamed, not her name.
pub(super) fn deleted_everywhere(second: u16, third: u16, from: &str) {
    let body = json!({"name": "eve", "password": "a long enough secret"}).to_string();
    let (status, eve, _) = call(third, "POST", "/api/account/signup", None, &body);
    assert_eq!(status, 201);
    let eve = eve.unwrap();
    let (game, token) = own_game(from, third, &eve);
    let join = format!("/api/games/{game}/join");
    assert_eq!(
        http(second, "POST", &join, None, r#"{"seat": "north"}"#)
            .unwrap()
            .0,
        200
    );
    let resign = format!("/api/games/{game}/resign");
    assert_eq!(
        http(second, "POST", &resign, Some(&token), "{}").unwrap().0,
        200
    );
    let names = |port: u16| {
        let (_, view) = http(port, "GET", &format!("/api/games/{game}"), None, "").unwrap();
        view["seats"].to_string()
    };
    assert!(names(second).contains("eve"));
    let confirm = json!({"password": "a long enough secret"}).to_string();
    let (status, _, said) = call(third, "POST", "/api/account/delete", Some(&eve), &confirm);
    assert_eq!(status, 204, "{said}");
    let until = Instant::now() + Duration::from_secs(5);
    while names(second).contains("eve") {
        assert!(Instant::now() < until, "the name stayed: {}", names(second));
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        names(second).contains("deleted player"),
        "{}",
        names(second)
    );
}
