//! Chat in a class's games on the real server (issue 56, point 11): off
//! until the teacher turns it on, then only the pupils at the board talk
//! and the teacher reads every line, kept across a restart; turned off in
//! the middle of a game, nothing more is said; a removed pupil's lines, a
//! cleared chat and a deleted class leave nothing in the store.

use std::time::Duration;

use crate::classes::{delete, game_of_two, get_as, join, new_class};
use crate::harness::{Harness, Ws};
use futures_util::{SinkExt, StreamExt};
use quoridor_server::club::view::{ClassChatView, ClassView, KeyView};
use quoridor_server::view::ServerMessage;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

async fn send(ws: &mut Ws, value: Value) {
    ws.send(Message::text(value.to_string())).await.unwrap();
}

/// The chat lines and errors that arrive within `wait` (states skipped).
async fn chat_within(ws: &mut Ws, wait: Duration) -> (Vec<String>, Vec<String>) {
    let (mut lines, mut errors) = (Vec::new(), Vec::new());
    let deadline = tokio::time::Instant::now() + wait;
    while let Ok(Some(Ok(message))) = tokio::time::timeout_at(deadline, ws.next()).await {
        let Message::Text(text) = message else {
            continue;
        };
        match serde_json::from_str(text.as_str()).unwrap() {
            ServerMessage::Chat { line } => lines.push(format!("{}: {}", line.name, line.text)),
            ServerMessage::ChatHistory { lines: kept } => {
                lines.extend(kept.iter().map(|l| format!("{}: {}", l.name, l.text)))
            }
            ServerMessage::Error { error } => errors.push(error.message),
            _ => {}
        }
    }
    (lines, errors)
}

const SHORT: Duration = Duration::from_millis(400);

/// A seat's socket with the chat on (its history read).
async fn chatting(h: &Harness, game: &str, token: &str) -> Ws {
    let mut ws = h.ws(game, Some(token)).await;
    send(&mut ws, json!({"type": "chat_on", "on": true})).await;
    chat_within(&mut ws, SHORT).await;
    ws
}

async fn switch(h: &Harness, key: &KeyView, on: bool) -> ClassView {
    let reply = h
        .post(
            &format!("/api/classes/{}/chat", key.id),
            Some(&key.token),
            &json!({ "on": on }),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json()
}

async fn read(h: &Harness, key: &KeyView) -> ClassChatView {
    let reply = get_as(h, &format!("/api/classes/{}/chat", key.id), &key.token).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json()
}

async fn settings(h: &Harness, game: &str) -> Value {
    h.get(&format!("/api/games/{game}")).await.json::<Value>()["settings"].clone()
}

fn stored_lines(h: &Harness) -> Vec<(String, u32, String)> {
    let sql = "SELECT class_id, pupil, text FROM class_chat ORDER BY id";
    h.stored_rows(sql, &[])
        .iter()
        .map(|row| {
            (
                row.get(0).unwrap(),
                row.get(1).unwrap(),
                row.get(2).unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn the_teacher_turns_the_chat_on_reads_it_and_turns_it_off() {
    let mut h = Harness::new().await;
    let key = new_class(&h, None).await;
    let lea = join(&h, &key.code, "Léa").await;
    let hugo = join(&h, &key.code, "Hugo").await;
    let game = game_of_two(&h, &key, lea.player, hugo.player).await;
    let id = game.board.id.clone();
    // Off to begin with: the game says so, and the teacher has nothing.
    let shown = settings(&h, &id).await;
    assert_eq!(
        (shown["chat_off"].clone(), shown["teacher_reads"].clone()),
        (json!(true), json!(true))
    );
    let chat = read(&h, &key).await;
    assert!(!chat.on && chat.lines.is_empty());
    // Only the teacher reads or switches it.
    let path = format!("/api/classes/{}/chat", key.id);
    assert_eq!(
        get_as(&h, &path, &lea.token).await.error(401),
        "unauthorized"
    );
    let refused = h.post(&path, Some(&lea.token), &json!({"on": true})).await;
    assert_eq!(refused.error(401), "unauthorized");
    let bad = h.post(&path, Some(&key.token), &json!({"on": "yes"})).await;
    assert_eq!(bad.status, 400, "{}", bad.text);

    // On: the game in progress follows at once, and so do games made later.
    let view = switch(&h, &key, true).await;
    assert!(view.chat);
    let shown = settings(&h, &id).await;
    assert_eq!(shown["chat_off"], json!(null), "{shown}");
    let (mut a, mut b) = (
        chatting(&h, &id, &lea.token).await,
        chatting(&h, &id, &hugo.token).await,
    );
    send(&mut a, json!({"type": "chat", "text": "Bonjour Hugo !"})).await;
    let (lines, errors) = chat_within(&mut b, SHORT).await;
    assert_eq!(
        (lines, errors),
        (vec!["Léa: Bonjour Hugo !".to_string()], vec![])
    );
    // Someone watching the board does not talk in a class's game.
    let mut watcher = h.ws(&id, None).await;
    send(&mut watcher, json!({"type": "chat_on", "on": true})).await;
    let (_, errors) = chat_within(&mut watcher, SHORT).await;
    assert!(errors[0].contains("only the pupils"), "{errors:?}");
    // The teacher reads it, named, with its game; and after a restart.
    let chat = read(&h, &key).await;
    assert!(chat.on);
    let said: Vec<_> = chat
        .lines
        .iter()
        .map(|l| (l.name.as_str(), l.text.as_str(), l.game.as_str(), l.pupil))
        .collect();
    assert_eq!(
        said,
        vec![("Léa", "Bonjour Hugo !", id.as_str(), lea.player)]
    );
    let later = game_of_two(&h, &key, hugo.player, lea.player).await;
    assert_eq!(settings(&h, &later.board.id).await["chat_off"], json!(null));
    drop((a, b, watcher));
    h.restart().await;
    assert_eq!(read(&h, &key).await.lines.len(), 1);
    assert_eq!(
        settings(&h, &id).await["chat_off"],
        json!(null),
        "kept with the game"
    );

    // Off in the middle of the game: a pupil who had it on says nothing more.
    let (mut a, mut b) = (
        chatting(&h, &id, &lea.token).await,
        chatting(&h, &id, &hugo.token).await,
    );
    assert!(!switch(&h, &key, false).await.chat);
    send(&mut a, json!({"type": "chat", "text": "encore"})).await;
    let (_, errors) = chat_within(&mut a, SHORT).await;
    assert!(errors.iter().any(|e| e.contains("no chat")), "{errors:?}");
    let (lines, _) = chat_within(&mut b, SHORT).await;
    assert!(lines.is_empty(), "{lines:?}");
    assert_eq!(settings(&h, &id).await["chat_off"], json!(true));
    assert_eq!(read(&h, &key).await.lines.len(), 1);
}

#[tokio::test]
async fn a_pupils_lines_leave_with_them_and_with_the_class() {
    let h = Harness::new().await;
    let key = new_class(&h, None).await;
    let lea = join(&h, &key.code, "Léa").await;
    let hugo = join(&h, &key.code, "Hugo").await;
    switch(&h, &key, true).await;
    let game = game_of_two(&h, &key, lea.player, hugo.player).await;
    let id = game.board.id;
    for (token, text) in [(&lea.token, "à toi"), (&hugo.token, "merci")] {
        let mut ws = h.ws(&id, Some(token)).await;
        send(&mut ws, json!({"type": "chat_on", "on": true})).await;
        send(&mut ws, json!({"type": "chat", "text": text})).await;
        let (_, errors) = chat_within(&mut ws, SHORT).await;
        assert!(errors.is_empty(), "{errors:?}");
    }
    let texts = |h: &Harness| {
        stored_lines(h)
            .into_iter()
            .map(|(_, _, t)| t)
            .collect::<Vec<_>>()
    };
    assert_eq!(texts(&h), ["à toi", "merci"]);
    // Léa removed: her line goes, Hugo's stays.
    let removed = delete(
        &h,
        &format!("/api/classes/{}/pupils/{}", key.id, lea.player),
        &key.token,
    )
    .await;
    assert_eq!(removed.status, 204, "{}", removed.text);
    assert_eq!(texts(&h), ["merci"]);
    let chat = read(&h, &key).await;
    assert_eq!(
        chat.lines
            .iter()
            .map(|l| l.name.as_str())
            .collect::<Vec<_>>(),
        ["Hugo"]
    );
    // Cleared by the teacher: nothing left.
    let cleared = delete(&h, &format!("/api/classes/{}/chat", key.id), &key.token).await;
    assert_eq!(cleared.status, 204, "{}", cleared.text);
    assert!(stored_lines(&h).is_empty());
    // A line after that, then the class deleted: nothing left either.
    let mut ws = h.ws(&id, Some(&hugo.token)).await;
    send(&mut ws, json!({"type": "chat_on", "on": true})).await;
    send(&mut ws, json!({"type": "chat", "text": "au revoir"})).await;
    chat_within(&mut ws, SHORT).await;
    assert_eq!(texts(&h), ["au revoir"]);
    let gone = delete(&h, &format!("/api/classes/{}", key.id), &key.token).await;
    assert_eq!(gone.status, 204, "{}", gone.text);
    assert!(stored_lines(&h).is_empty());
}

#[tokio::test]
async fn a_class_tournaments_games_follow_the_classs_chat() {
    let h = Harness::new().await;
    let key = new_class(&h, None).await;
    let lea = join(&h, &key.code, "Léa").await;
    let hugo = join(&h, &key.code, "Hugo").await;
    let reply = h
        .post(
            "/api/tournaments",
            Some(&key.token),
            &json!({"name": "Coupe", "format": "round_robin", "size": 5, "class": key.id}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let cup: KeyView = reply.json();
    let started = h
        .post(
            &format!("/api/tournaments/{}/start", cup.id),
            Some(&key.token),
            &json!({}),
        )
        .await;
    assert_eq!(started.status, 200, "{}", started.text);
    let t: Value = get_as(&h, &format!("/api/tournaments/{}", cup.id), &key.token)
        .await
        .json();
    let game = t["rounds"][0]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|p| p["game"].as_str())
        .expect("a game in round 1")
        .to_string();
    let shown = settings(&h, &game).await;
    assert_eq!(
        (shown["chat_off"].clone(), shown["teacher_reads"].clone()),
        (json!(true), json!(true))
    );
    switch(&h, &key, true).await;
    assert_eq!(settings(&h, &game).await["chat_off"], json!(null));
    let mut ws = h.ws(&game, Some(&lea.token)).await;
    send(&mut ws, json!({"type": "chat_on", "on": true})).await;
    send(&mut ws, json!({"type": "chat", "text": "bonne chance"})).await;
    let (_, errors) = chat_within(&mut ws, SHORT).await;
    assert!(errors.is_empty(), "{errors:?}");
    let chat = read(&h, &key).await;
    assert_eq!(chat.lines.len(), 1);
    assert_eq!(
        (chat.lines[0].name.as_str(), chat.lines[0].game.as_str()),
        ("Léa", game.as_str())
    );
    let _ = hugo;
}
