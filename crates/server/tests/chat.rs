//! A game's chat on the real server (issue 12): the players' channel and
//! the spectators' are apart, nothing arrives before a connection turns the
//! chat on (then the kept lines come), lines are checked and paced, and a
//! logged-in reader does not see the lines of an account they block.

mod harness;

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use harness::{Harness, Ws};
use quoridor_server::request::{CreateRequest, SeatRequest};
use quoridor_server::view::ServerMessage;
use serde_json::json;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

async fn socket(h: &Harness, id: &str, token: Option<&str>, session: Option<&str>) -> Ws {
    let mut request = format!("ws://{}/api/games/{id}/ws", h.addr())
        .into_client_request()
        .unwrap();
    if let Some(token) = token {
        let bearer = format!("Bearer {token}").parse().unwrap();
        request.headers_mut().insert("authorization", bearer);
    }
    if let Some(session) = session {
        let cookie = format!("quoridor_session={session}").parse().unwrap();
        request.headers_mut().insert("cookie", cookie);
    }
    tokio_tungstenite::connect_async(request).await.unwrap().0
}

/// Signs `name` up: the session's cookie value.
async fn session_of(h: &Harness, name: &str) -> String {
    let res = h
        .http
        .post(format!("{}/api/account/signup", h.base()))
        .json(&json!({"name": name, "password": "chat password"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let cookie = res.headers()["set-cookie"].to_str().unwrap().to_string();
    cookie["quoridor_session=".len()..]
        .split(';')
        .next()
        .unwrap()
        .to_string()
}

async fn send(ws: &mut Ws, value: serde_json::Value) {
    ws.send(Message::text(value.to_string())).await.unwrap();
}

/// The chat messages and errors that arrive within `wait` (states skipped).
async fn chat_within(ws: &mut Ws, wait: Duration) -> Vec<ServerMessage> {
    let mut out = Vec::new();
    let deadline = tokio::time::Instant::now() + wait;
    while let Ok(Some(Ok(message))) = tokio::time::timeout_at(deadline, ws.next()).await {
        if let Message::Text(text) = message {
            let message: ServerMessage = serde_json::from_str(text.as_str()).unwrap();
            if !matches!(message, ServerMessage::State { .. } | ServerMessage::Pong) {
                out.push(message);
            }
        }
    }
    out
}

fn texts(messages: &[ServerMessage]) -> Vec<String> {
    messages
        .iter()
        .flat_map(|m| match m {
            ServerMessage::Chat { line } => vec![format!("{}: {}", line.name, line.text)],
            ServerMessage::ChatHistory { lines } => lines
                .iter()
                .map(|l| format!("{}: {}", l.name, l.text))
                .collect(),
            _ => Vec::new(),
        })
        .collect()
}

fn errors(messages: &[ServerMessage]) -> Vec<String> {
    messages
        .iter()
        .filter_map(|m| match m {
            ServerMessage::Error { error } => Some(error.message.clone()),
            _ => None,
        })
        .collect()
}

const SHORT: Duration = Duration::from_millis(300);

#[tokio::test]
async fn players_and_spectators_talk_apart() {
    let h = Harness::new().await;
    let made = h
        .create(&CreateRequest {
            seats: vec![
                SeatRequest {
                    name: Some("Ana".into()),
                    ..SeatRequest::human(true)
                },
                SeatRequest::human(false),
            ],
            ..CreateRequest::default()
        })
        .await;
    let joined = h.join(&made.id, None, Some("Ben")).await;
    let mut ana = socket(&h, &made.id, Some(&made.token), None).await;
    let mut ben = socket(&h, &made.id, Some(&joined.token), None).await;
    let mut watcher = socket(&h, &made.id, None, None).await;

    // Off until turned on: a line from a page with the chat off is refused.
    send(&mut ana, json!({"type": "chat", "text": "hello"})).await;
    assert!(errors(&chat_within(&mut ana, SHORT).await)[0].contains("turn the chat on"));
    send(&mut ana, json!({"type": "chat_on", "on": true})).await;
    send(&mut watcher, json!({"type": "chat_on", "on": true})).await;
    send(
        &mut ana,
        json!({"type": "chat", "text": "  good luck <b>Ben</b> "}),
    )
    .await;
    let heard = chat_within(&mut ana, SHORT).await;
    assert_eq!(
        texts(&heard),
        vec!["Ana: good luck <b>Ben</b>"],
        "{heard:?}"
    );
    // Ben has the chat off: nothing arrives; turned on, the kept line comes.
    assert!(texts(&chat_within(&mut ben, SHORT).await).is_empty());
    send(&mut ben, json!({"type": "chat_on", "on": true})).await;
    assert_eq!(
        texts(&chat_within(&mut ben, SHORT).await),
        vec!["Ana: good luck <b>Ben</b>"]
    );
    // The spectator sees none of it; without an account it may not talk.
    assert!(texts(&chat_within(&mut watcher, SHORT).await).is_empty());
    send(&mut watcher, json!({"type": "chat", "text": "hi all"})).await;
    let refused = errors(&chat_within(&mut watcher, SHORT).await);
    assert!(refused[0].contains("log in"), "{refused:?}");
    // A spectator with an account talks in the spectators' channel, by
    // its name, heard by the other spectators.
    let zoe = session_of(&h, "zoe").await;
    let mut fan = socket(&h, &made.id, None, Some(&zoe)).await;
    send(&mut fan, json!({"type": "chat_on", "on": true})).await;
    send(&mut fan, json!({"type": "chat", "text": "nice opening"})).await;
    assert_eq!(
        texts(&chat_within(&mut fan, SHORT).await),
        vec!["zoe: nice opening"]
    );
    assert_eq!(
        texts(&chat_within(&mut watcher, SHORT).await),
        vec!["zoe: nice opening"]
    );
    assert!(texts(&chat_within(&mut ana, SHORT).await).is_empty());

    // Lines are checked and paced: too long, empty, three at once at most.
    send(&mut ben, json!({"type": "chat", "text": "x".repeat(201)})).await;
    send(&mut ben, json!({"type": "chat", "text": "   "})).await;
    let refused = errors(&chat_within(&mut ben, SHORT).await);
    assert!(
        refused[0].contains("200") && refused[1].contains("empty"),
        "{refused:?}"
    );
    for i in 0..5 {
        send(
            &mut ben,
            json!({"type": "chat", "text": format!("line {i}")}),
        )
        .await;
    }
    let burst = chat_within(&mut ben, SHORT).await;
    assert_eq!(texts(&burst).len(), 3, "{burst:?}");
    assert_eq!(errors(&burst).len(), 2, "{burst:?}");
}

#[tokio::test]
async fn a_blocked_account_is_not_heard() {
    let h = Harness::new().await;
    let (kim, lou) = (&session_of(&h, "kim").await, &session_of(&h, "lou").await);
    let post = |path: &str, session: &str, body: serde_json::Value| {
        h.http
            .post(format!("{}{path}", h.base()))
            .header("cookie", format!("quoridor_session={session}"))
            .json(&body)
            .send()
    };
    let made: serde_json::Value = post(
        "/api/games",
        kim,
        json!({"seats": [{"kind": "human", "mine": true}, {"kind": "human"}]}),
    )
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    let id = made["id"].as_str().unwrap().to_string();
    let joined = post(&format!("/api/games/{id}/join"), lou, json!({}))
        .await
        .unwrap();
    assert_eq!(joined.status(), 200);

    // Kim blocks lou (not herself, not a stranger's name).
    let blocked = post("/api/account/blocks", kim, json!({"name": "LOU"}))
        .await
        .unwrap();
    assert_eq!(blocked.status(), 204);
    let own = post("/api/account/blocks", kim, json!({"name": "kim"}))
        .await
        .unwrap();
    assert_eq!(own.status(), 400);
    let nobody = post("/api/account/blocks", kim, json!({"name": "nobody"}))
        .await
        .unwrap();
    assert_eq!(nobody.status(), 404);
    let list: serde_json::Value = h
        .http
        .get(format!("{}/api/account/blocks", h.base()))
        .header("cookie", format!("quoridor_session={kim}"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(list["names"], json!(["lou"]));

    // Both play through their sessions; kim does not hear lou.
    let mut kim_ws = socket(&h, &id, None, Some(kim)).await;
    let mut lou_ws = socket(&h, &id, None, Some(lou)).await;
    for ws in [&mut kim_ws, &mut lou_ws] {
        send(ws, json!({"type": "chat_on", "on": true})).await;
    }
    send(&mut lou_ws, json!({"type": "chat", "text": "hey"})).await;
    assert_eq!(
        texts(&chat_within(&mut lou_ws, SHORT).await),
        vec!["lou: hey"]
    );
    send(&mut kim_ws, json!({"type": "chat", "text": "hello"})).await;
    assert_eq!(
        texts(&chat_within(&mut kim_ws, SHORT).await),
        vec!["kim: hello"]
    );
    assert_eq!(
        texts(&chat_within(&mut lou_ws, SHORT).await),
        vec!["kim: hello"]
    );
    // Unblocked, a new connection hears lou again (the kept lines too).
    let unblocked = post("/api/account/blocks/remove", kim, json!({"name": "lou"}))
        .await
        .unwrap();
    assert_eq!(unblocked.status(), 204);
    let mut again = socket(&h, &id, None, Some(kim)).await;
    send(&mut again, json!({"type": "chat_on", "on": true})).await;
    assert_eq!(
        texts(&chat_within(&mut again, SHORT).await),
        vec!["lou: hey", "kim: hello"]
    );
}

/// A page opened again on game `id` that turns the chat on: what it reads.
async fn reread(
    h: &Harness,
    id: &str,
    token: Option<String>,
    session: Option<String>,
) -> Vec<String> {
    let mut ws = socket(h, id, token.as_deref(), session.as_deref()).await;
    send(&mut ws, json!({"type": "chat_on", "on": true})).await;
    texts(&chat_within(&mut ws, SHORT).await)
}

/// A finished game's chat is the game's, as its moves are (issue 61): a
/// page opened again after the end reads what was said, in each channel,
/// also after the server restarted; an account deleted takes its lines.
#[tokio::test]
async fn a_finished_games_chat_is_there_after_a_reload_and_a_restart() {
    let mut h = Harness::new().await;
    let made = h
        .create(&CreateRequest {
            seats: vec![
                SeatRequest {
                    name: Some("Ana".into()),
                    ..SeatRequest::human(true)
                },
                SeatRequest::human(false),
            ],
            ..CreateRequest::default()
        })
        .await;
    let joined = h.join(&made.id, None, Some("Ben")).await;
    let zoe = session_of(&h, "zoe").await;
    let mut ana = socket(&h, &made.id, Some(&made.token), None).await;
    let mut fan = socket(&h, &made.id, None, Some(&zoe)).await;
    for ws in [&mut ana, &mut fan] {
        send(ws, json!({"type": "chat_on", "on": true})).await;
    }
    send(&mut ana, json!({"type": "chat", "text": "good game"})).await;
    send(&mut fan, json!({"type": "chat", "text": "what a race"})).await;
    assert_eq!(
        texts(&chat_within(&mut ana, SHORT).await),
        vec!["Ana: good game"]
    );
    let resigned = h
        .post(
            &format!("/api/games/{}/resign", made.id),
            Some(&joined.token),
            &json!({}),
        )
        .await;
    assert_eq!(resigned.status, 200, "{}", resigned.text);
    drop((ana, fan));

    // Reloaded: each channel's lines, to its readers.
    assert_eq!(
        reread(&h, &made.id, Some(joined.token.clone()), None).await,
        vec!["Ana: good game"]
    );
    assert_eq!(
        reread(&h, &made.id, None, Some(zoe.clone())).await,
        vec!["zoe: what a race"]
    );
    // After a restart (the game read again from the database): the same.
    h.restart().await;
    assert_eq!(
        reread(&h, &made.id, Some(made.token.clone()), None).await,
        vec!["Ana: good game"]
    );
    assert_eq!(
        reread(&h, &made.id, None, Some(zoe.clone())).await,
        vec!["zoe: what a race"]
    );
    // Zoe deletes her account: her line goes, in the database too.
    let deleted = h
        .http
        .post(format!("{}/api/account/delete", h.base()))
        .header("cookie", format!("quoridor_session={zoe}"))
        .json(&json!({"password": "chat password"}))
        .send()
        .await
        .unwrap();
    assert!(deleted.status().is_success());
    assert!(h
        .stored_rows("SELECT text FROM game_chat WHERE text = 'what a race'", &[])
        .is_empty());
    h.restart().await;
    let watcher = session_of(&h, "ivy").await;
    assert!(reread(&h, &made.id, None, Some(watcher)).await.is_empty());
}
