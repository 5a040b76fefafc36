//! WebSockets: every frame counts and a flood is closed, a silent one is
//! closed, and a class's game has no chat.

use super::*;

#[tokio::test]
async fn every_websocket_frame_counts_and_a_flood_is_closed() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    let h = Harness::new().await;
    let game = h.create(&against_ai()).await;
    let mut ws = h.ws(&game.id, Some(&game.token)).await;
    // Pings and binary frames, which the limit of 20 a second did not see.
    for i in 0..300 {
        let frame = if i % 2 == 0 {
            Message::Ping(vec![1, 2, 3].into())
        } else {
            Message::Binary(vec![0; 16].into())
        };
        if ws.send(frame).await.is_err() {
            break;
        }
    }
    let mut limited = 0;
    let mut closed_with = None;
    while let Ok(Some(frame)) =
        tokio::time::timeout(std::time::Duration::from_secs(5), ws.next()).await
    {
        match frame {
            Ok(Message::Text(text)) if text.contains("rate_limited") => limited += 1,
            Ok(Message::Close(frame)) => {
                closed_with = frame.map(|f| u16::from(f.code));
                break;
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    assert!(limited > 0, "no frame was refused");
    assert_eq!(closed_with, Some(1008), "a flood of frames is closed");
    // A message with a field that `ping` does not have is refused.
    let mut ws = h.ws(&game.id, Some(&game.token)).await;
    ws.send(Message::Text(r#"{"type":"ping","x":1}"#.into()))
        .await
        .unwrap();
    loop {
        let text = ws.next().await.unwrap().unwrap().into_text().unwrap();
        if text.contains("\"error\"") {
            assert!(text.contains("bad_request") && text.contains('x'), "{text}");
            break;
        }
    }
}

#[tokio::test]
async fn a_silent_websocket_is_closed_and_one_that_answers_pings_stays() {
    use tokio_tungstenite::tungstenite::Message;
    let h = Harness::with(|args| args.ws_idle_secs = 1).await;
    let game = h.create(&against_ai()).await;
    let mut silent = h.ws(&game.id, None).await;
    let mut answering = h.ws(&game.id, None).await;
    // The answering client reads (and so answers the server's pings) for
    // three idle limits; the silent one reads nothing meanwhile.
    let until = tokio::time::Instant::now() + std::time::Duration::from_secs(3);
    let mut pings = 0;
    while let Ok(Some(frame)) = tokio::time::timeout_at(until, answering.next()).await {
        match frame.unwrap() {
            Message::Ping(_) => pings += 1,
            Message::Close(frame) => panic!("a client that answers was closed: {frame:?}"),
            _ => {}
        }
    }
    assert!(pings >= 3, "{pings} pings");
    // The silent one was closed: its stream ends (its automatic answer to
    // the last pings may meet the closed connection first).
    let ended = tokio::time::timeout(std::time::Duration::from_secs(2), async {
        while let Some(frame) = silent.next().await {
            match frame {
                Ok(Message::Close(frame)) => return frame.map(|f| u16::from(f.code)),
                Ok(_) => {}
                Err(_) => return None,
            }
        }
        None
    })
    .await;
    assert!(ended.is_ok(), "the silent socket is still open");
    assert!(matches!(ended, Ok(None | Some(1001))), "{ended:?}");
    let metrics = h.server.as_ref().unwrap().hub.metrics();
    assert_eq!(
        metrics.limit_refusals.get(&"ws_idle").get(),
        1,
        "one socket closed as idle"
    );
}

#[tokio::test]
async fn a_class_game_has_no_chat() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    let h = Harness::new().await;
    let class: Value = h
        .post("/api/classes", None, &json!({"name": "CM1", "pin": "1234"}))
        .await
        .json();
    let (id, teacher) = (
        class["id"].as_str().unwrap(),
        class["token"].as_str().unwrap(),
    );
    let mut pupils = Vec::new();
    for name in ["Léa", "Hugo"] {
        let joined: Value = h
            .post(
                "/api/join",
                None,
                &json!({"code": class["code"], "name": name}),
            )
            .await
            .json();
        pupils.push(joined["token"].as_str().unwrap().to_string());
    }
    let view: Value = h
        .post(
            &format!("/api/classes/{id}/games"),
            Some(teacher),
            &json!({"pair_by": "random", "game": {"size": 5}}),
        )
        .await
        .json();
    let game = view["games"][0]["board"]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let shown: Value = h.get(&format!("/api/games/{game}")).await.json();
    assert_eq!(shown["settings"]["chat_off"], true);
    let mut ws = h.ws(&game, Some(&pupils[0])).await;
    ws.send(Message::Text(r#"{"type":"chat_on","on":true}"#.into()))
        .await
        .unwrap();
    ws.send(Message::Text(r#"{"type":"chat","text":"hello"}"#.into()))
        .await
        .unwrap();
    let mut refusals = Vec::new();
    while refusals.len() < 2 {
        let text = ws.next().await.unwrap().unwrap().into_text().unwrap();
        assert!(
            !text.contains("\"chat\",\"line\""),
            "a line went out: {text}"
        );
        if text.contains("\"error\"") {
            refusals.push(text.to_string());
        }
    }
    assert!(refusals[0].contains("no chat"), "{refusals:?}");
}
