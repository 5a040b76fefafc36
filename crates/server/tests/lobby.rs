//! The lobby on the real server (issue 12): two seeks pair and both
//! players are told their seat and token, "play now" takes a waiting seek,
//! a disconnected player's seek vanishes, rated seeks need accounts.

mod harness;

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use harness::{Harness, Ws};
use quoridor_server::lobby::view::LobbyMessage;
use serde_json::json;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

const BLITZ: &str = r#"{"initial_ms": 180000, "increment_ms": 2000}"#;

async fn lobby(h: &Harness, query: &str, session: Option<&str>) -> Ws {
    let mut request = format!("ws://{}/api/lobby/ws{query}", h.addr())
        .into_client_request()
        .unwrap();
    if let Some(session) = session {
        request.headers_mut().insert(
            "cookie",
            format!("quoridor_session={session}").parse().unwrap(),
        );
    }
    tokio_tungstenite::connect_async(request).await.unwrap().0
}

/// The next message (within 5 s).
async fn next(ws: &mut Ws) -> LobbyMessage {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("a lobby message within 5 s")
            .expect("the lobby is open")
            .unwrap();
        if let Message::Text(text) = message {
            return serde_json::from_str(text.as_str()).unwrap();
        }
    }
}

/// Messages until one that `pick` keeps.
async fn until<T>(ws: &mut Ws, pick: impl Fn(LobbyMessage) -> Option<T>) -> T {
    loop {
        if let Some(found) = pick(next(ws).await) {
            return found;
        }
    }
}

async fn send(ws: &mut Ws, message: serde_json::Value) {
    ws.send(Message::text(message.to_string())).await.unwrap();
}

fn seek(kind: &str, rated: bool) -> serde_json::Value {
    let clock: serde_json::Value = serde_json::from_str(BLITZ).unwrap();
    json!({"type": kind, "clock": clock, "rated": rated})
}

fn seeks(message: LobbyMessage) -> Option<Vec<u64>> {
    match message {
        LobbyMessage::Seeks { seeks, .. } => Some(seeks.iter().map(|s| s.id).collect()),
        _ => None,
    }
}

/// The list shown, kept from the whole list and then its changes, until
/// `want` holds.
async fn until_shown(ws: &mut Ws, shown: &mut Vec<u64>, want: impl Fn(&[u64]) -> bool) {
    while !want(shown) {
        match next(ws).await {
            LobbyMessage::Seeks { seeks, .. } => *shown = seeks.iter().map(|s| s.id).collect(),
            LobbyMessage::Changes { added, removed, .. } => {
                let added: Vec<u64> = added.iter().map(|s| s.id).collect();
                shown.retain(|id| !removed.contains(id) && !added.contains(id));
                shown.extend(added);
            }
            _ => {}
        }
    }
}

fn paired(message: LobbyMessage) -> Option<(String, String, String)> {
    match message {
        LobbyMessage::Paired { game, seat, token } => Some((game, seat.name().to_string(), token)),
        _ => None,
    }
}

fn error(message: LobbyMessage) -> Option<String> {
    match message {
        LobbyMessage::Error { error } => Some(error.message),
        _ => None,
    }
}

#[tokio::test]
async fn two_seeks_pair_and_a_closed_page_takes_its_seek_away() {
    let h = Harness::new().await;
    let mut ana = lobby(&h, "?name=Ana", None).await;
    assert_eq!(until(&mut ana, seeks).await, Vec::<u64>::new());
    send(&mut ana, seek("seek", false)).await;
    let id = until(&mut ana, |m| match m {
        LobbyMessage::Seeking { id } => Some(id),
        _ => None,
    })
    .await;
    // Ana cannot take her own seek.
    send(&mut ana, json!({"type": "accept", "id": id})).await;
    assert!(until(&mut ana, error).await.contains("own seek"));

    let mut ben = lobby(&h, "?name=Ben", None).await;
    let listed = until(&mut ben, |m| match m {
        LobbyMessage::Seeks { seeks, total } => Some((seeks, total)),
        _ => None,
    })
    .await;
    assert_eq!(listed.1, 1);
    assert_eq!(listed.0[0].name, "Ana");
    assert!(!listed.0[0].rated);
    send(&mut ben, json!({"type": "accept", "id": id})).await;
    let (game, ben_seat, ben_token) = until(&mut ben, paired).await;
    let (ana_game, ana_seat, ana_token) = until(&mut ana, paired).await;
    assert_eq!(game, ana_game);
    assert_ne!(ben_seat, ana_seat);
    // The game: both seats held, names, the seek's clock; each token moves.
    let view = h.game(&game).await;
    assert_eq!(view.status.name(), "playing");
    let names: Vec<&str> = view.seats.iter().map(|s| s.name.as_str()).collect();
    assert!(
        names.contains(&"Ana") && names.contains(&"Ben"),
        "{names:?}"
    );
    assert!(view.clock.is_some());
    let (south, north) = if ana_seat == "south" {
        (&ana_token, &ben_token)
    } else {
        (&ben_token, &ana_token)
    };
    assert_eq!(h.play(&game, south, "e2").await.status, 200);
    assert_eq!(h.play(&game, north, "e8").await.status, 200);
    // The paired seek left the list.
    let list: serde_json::Value = h.get("/api/lobby").await.json();
    assert_eq!(list["total"], 0, "{list}");

    // A seek vanishes when its page closes.
    let mut cleo = lobby(&h, "?name=Cleo", None).await;
    send(&mut cleo, seek("seek", false)).await;
    until(&mut cleo, |m| {
        matches!(m, LobbyMessage::Seeking { .. }).then_some(())
    })
    .await;
    let mut shown = Vec::new();
    until_shown(&mut ben, &mut shown, |s| s.len() == 1).await;
    cleo.close(None).await.unwrap();
    drop(cleo);
    until_shown(&mut ben, &mut shown, |s| s.is_empty()).await;
    let list: serde_json::Value = h.get("/api/lobby").await.json();
    assert_eq!(list["total"], 0, "{list}");
}

#[tokio::test]
async fn play_now_takes_the_waiting_seek_and_rated_needs_accounts() {
    let h = Harness::new().await;
    // Play now with nobody waiting posts a seek; the next one pairs.
    let mut dan = lobby(&h, "?name=Dan", None).await;
    send(&mut dan, seek("play_now", false)).await;
    until(&mut dan, |m| {
        matches!(m, LobbyMessage::Seeking { .. }).then_some(())
    })
    .await;
    let mut eva = lobby(&h, "?name=Eva", None).await;
    send(&mut eva, seek("play_now", false)).await;
    let (game, _, _) = until(&mut eva, paired).await;
    assert_eq!(until(&mut dan, paired).await.0, game);

    // A guest cannot seek a rated game; two accounts can.
    send(&mut eva, seek("seek", true)).await;
    assert!(until(&mut eva, error).await.contains("log in"));
    let mut sessions = Vec::new();
    for name in ["fred", "gina"] {
        let res = h
            .http
            .post(format!("{}/api/account/signup", h.base()))
            .json(&json!({"name": name, "password": "lobby password"}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 201);
        let cookie = res.headers()["set-cookie"].to_str().unwrap().to_string();
        let value = cookie["quoridor_session=".len()..]
            .split(';')
            .next()
            .unwrap()
            .to_string();
        sessions.push(value);
    }
    let mut fred = lobby(&h, "", Some(&sessions[0])).await;
    send(&mut fred, seek("play_now", true)).await;
    until(&mut fred, |m| {
        matches!(m, LobbyMessage::Seeking { .. }).then_some(())
    })
    .await;
    // Fred's seek shows his name and a provisional 1500.
    let mut gina = lobby(&h, "", Some(&sessions[1])).await;
    let shown = until(&mut gina, |m| match m {
        LobbyMessage::Seeks { seeks, .. } if !seeks.is_empty() => Some(seeks),
        _ => None,
    })
    .await;
    assert_eq!(shown[0].name, "fred");
    assert_eq!(
        (shown[0].rating, shown[0].provisional, shown[0].rated),
        (Some(1500), true, true)
    );
    // A casual "play now" does not take a rated seek.
    send(&mut gina, seek("play_now", false)).await;
    until(&mut gina, |m| {
        matches!(m, LobbyMessage::Seeking { .. }).then_some(())
    })
    .await;
    send(&mut gina, json!({"type": "accept", "id": shown[0].id})).await;
    let (game, _, _) = until(&mut gina, paired).await;
    let view = h.game(&game).await;
    assert!(view.settings.rated);
    assert!(view.seats.iter().all(|s| s.account));
    // Pairing took both players' other seeks away.
    let list: serde_json::Value = h.get("/api/lobby").await.json();
    assert_eq!(list["total"], 0, "{list}");

    // Bad messages get a clear error; the connection stays.
    send(&mut gina, json!({"type": "seek"})).await;
    assert!(until(&mut gina, error).await.contains("clock"));
    send(&mut gina, json!({"type": "dance"})).await;
    assert!(until(&mut gina, error).await.contains("expected"));
    send(&mut gina, json!({"type": "ping"})).await;
    until(&mut gina, |m| matches!(m, LobbyMessage::Pong).then_some(())).await;
}

/// A seek for four players on a 7×7 board (issue 61): two players join
/// it and wait (the list shows how many are in), one who leaves the lobby
/// leaves the seek, a seek for another board is not theirs to take, and
/// the fourth player makes the game: all four told their own seat, each
/// seat held, the board and the clock as asked.
#[tokio::test]
async fn a_seek_for_four_players_gathers_them_and_makes_the_game() {
    let h = Harness::new().await;
    let clock: serde_json::Value = serde_json::from_str(BLITZ).unwrap();
    let four = json!({"type": "seek", "clock": clock, "size": 7, "players": 4});
    let mut ana = lobby(&h, "?name=Ana", None).await;
    send(&mut ana, four.clone()).await;
    let id = until(&mut ana, |m| match m {
        LobbyMessage::Seeking { id } => Some(id),
        _ => None,
    })
    .await;
    // A rated seek for four is refused: ratings are for the standard game.
    let mut rated = four.clone();
    rated["rated"] = json!(true);
    send(&mut ana, rated).await;
    assert!(until(&mut ana, error).await.contains("rated"));

    let joined = |m: LobbyMessage| match m {
        LobbyMessage::Joined {
            id,
            players,
            joined,
        } => Some((id, players, joined)),
        _ => None,
    };
    let mut others = Vec::new();
    for name in ["Ben", "Cy", "Dee"] {
        others.push(lobby(&h, &format!("?name={name}"), None).await);
    }
    send(&mut others[0], json!({"type": "accept", "id": id})).await;
    assert_eq!(until(&mut others[0], joined).await, (id, 4, 2));
    // Cy joins, then leaves the lobby: the seek has two players again.
    send(&mut others[1], json!({"type": "accept", "id": id})).await;
    assert_eq!(until(&mut others[1], joined).await, (id, 4, 3));
    drop(others.remove(1));
    let count = |m: LobbyMessage| match m {
        LobbyMessage::Changes { added, .. } => added
            .iter()
            .find(|s| s.id == id)
            .map(|s| (s.size, s.players, s.joined)),
        _ => None,
    };
    loop {
        if until(&mut ana, count).await == (7, 4, 2) {
            break;
        }
    }
    // Play now for 2 players on 9×9 does not take it.
    let mut eve = lobby(&h, "?name=Eve", None).await;
    send(&mut eve, seek("play_now", false)).await;
    assert!(matches!(until(&mut eve, |m| match m {
        LobbyMessage::Seeking { id } | LobbyMessage::Joined { id, .. } => Some(id),
        _ => None,
    }).await, other if other != id));
    // Dee and Fay complete it: everyone has a seat of their own.
    let mut fay = lobby(&h, "?name=Fay", None).await;
    send(&mut others[1], json!({"type": "accept", "id": id})).await;
    assert_eq!(until(&mut others[1], joined).await, (id, 4, 3));
    send(
        &mut fay,
        json!({"type": "play_now", "clock": clock, "size": 7, "players": 4}),
    )
    .await;
    let mut seats = Vec::new();
    let mut game = String::new();
    let (ben, dee) = others.split_at_mut(1);
    for ws in [&mut ana, &mut ben[0], &mut dee[0], &mut fay] {
        let (g, seat, token) = until(ws, paired).await;
        assert!(game.is_empty() || game == g);
        game = g;
        assert!(!token.is_empty());
        seats.push(seat);
    }
    seats.sort();
    assert_eq!(seats, ["east", "north", "south", "west"]);
    let view = h.game(&game).await;
    assert_eq!((view.settings.size, view.settings.players), (7, 4));
    assert!(view.seats.iter().all(|s| s.taken));
    assert_eq!(view.status, quoridor_game::Status::Playing);
}
