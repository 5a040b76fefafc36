//! The bot API (issue 60) on the real server: personal API tokens made,
//! listed and revoked from the account's session, shown once; a token
//! acting for its account where a program plays (its challenges, its
//! games and their sockets, its games in progress) and never on the
//! account itself; refused in an address, once revoked, and with its
//! account; at most ten an account, even in a burst.

mod harness;
mod sessions;

use harness::{Harness, Reply};
use serde_json::{json, Value};
use sessions::{get, next_of, post, sign_up, socket, Session, Ws};
use tokio_tungstenite::tungstenite::Message;

/// A request with a personal API token, as a program sends it.
async fn with_token(
    h: &Harness,
    method: reqwest::Method,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> Reply {
    let mut req = h
        .http
        .request(method, format!("{}{path}", h.base()))
        .bearer_auth(token);
    if let Some(body) = body {
        req = req.json(&body);
    }
    h.send(req).await
}

/// A WebSocket opened with a personal API token in its header.
async fn socket_with_token(h: &Harness, path: &str, token: &str) -> Result<Ws, u16> {
    socket(h, path, ("authorization", format!("Bearer {token}"))).await
}

async fn make_token(h: &Harness, who: &Session, label: &str) -> Reply {
    post(h, "/api/account/tokens", who, json!({ "label": label })).await
}

#[tokio::test]
async fn a_personal_api_token_plays_for_its_account_until_revoked() {
    let h = Harness::new().await;
    let ana = sign_up(&h, "Ana").await;
    let robo = sign_up(&h, "Robo").await;
    assert_eq!(
        post(&h, "/api/account/bot", &robo, json!({})).await.status,
        200
    );

    // Made from the account's session, its name tidied; shown this once.
    let made = make_token(&h, &robo, "  my   engine ").await;
    assert_eq!(made.status, 201, "{}", made.text);
    let made: Value = made.json();
    let token = made["token"].as_str().unwrap().to_string();
    assert!(token.starts_with("qdr_") && token.len() == 68, "{token}");
    assert_eq!(made["label"], "my engine");
    let listed = get(&h, "/api/account/tokens", &robo).await;
    assert_eq!(listed.status, 200);
    assert!(
        !listed.text.contains(&token[4..]),
        "never shown again: {}",
        listed.text
    );
    let listed: Value = listed.json();
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["id"], made["id"]);
    assert_eq!(
        make_token(&h, &robo, "\u{202e}gnol").await.error(400),
        "bad_request"
    );

    // Ana challenges Robo; the program hears it on the challenges' socket,
    // lists it and accepts it with the token.
    let mut heard = socket_with_token(&h, "/api/challenges/ws", &token)
        .await
        .unwrap();
    next_of(&mut heard, "challenges").await;
    let challenge = post(
        &h,
        "/api/challenges",
        &ana,
        json!({"to": "Robo", "days": 1, "color": "south"}),
    )
    .await;
    assert_eq!(challenge.status, 201, "{}", challenge.text);
    let id = challenge.json::<Value>()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let told = next_of(&mut heard, "challenges").await;
    assert_eq!(told["incoming"][0]["id"], id.as_str());
    let get_ = reqwest::Method::GET;
    let post_ = reqwest::Method::POST;
    let mine = with_token(&h, get_.clone(), "/api/challenges", &token, None).await;
    assert_eq!(mine.json::<Value>()["incoming"][0]["from"], "Ana");
    let accepted = with_token(
        &h,
        post_.clone(),
        &format!("/api/challenges/{id}/accept"),
        &token,
        Some(json!({})),
    )
    .await;
    assert_eq!(accepted.status, 200, "{}", accepted.text);
    let game = accepted.json::<Value>()["game"]
        .as_str()
        .unwrap()
        .to_string();

    // It follows the game on its socket and plays Robo's moves.
    let mut board = socket_with_token(&h, &format!("/api/games/{game}/ws"), &token)
        .await
        .unwrap();
    next_of(&mut board, "state").await;
    assert_eq!(
        post(
            &h,
            &format!("/api/games/{game}/move"),
            &ana,
            json!({"move": "e2"})
        )
        .await
        .status,
        200
    );
    let playing = with_token(&h, get_.clone(), "/api/account/playing", &token, None).await;
    assert_eq!(
        playing.json::<Value>()[0]["my_turn"],
        true,
        "{}",
        playing.text
    );
    let moved = with_token(
        &h,
        post_.clone(),
        &format!("/api/games/{game}/move"),
        &token,
        Some(json!({"move": "e8"})),
    )
    .await;
    assert_eq!(moved.status, 200, "{}", moved.text);
    // Each state after the first holds the moves since `moves_from`.
    loop {
        let state = next_of(&mut board, "state").await;
        let game = &state["game"];
        let moves = game["moves"].as_array().unwrap();
        if game["moves_from"].as_u64().unwrap() + moves.len() as u64 == 2 {
            assert_eq!(moves.last().unwrap()["move"], "e8");
            break;
        }
    }

    // It talks in the game's chat as the bot it is.
    for message in [
        json!({"type": "chat_on", "on": true}),
        json!({"type": "chat", "text": "good game"}),
    ] {
        let text = Message::text(message.to_string());
        futures_util::SinkExt::send(&mut board, text).await.unwrap();
    }
    let said = next_of(&mut board, "chat").await;
    assert_eq!(said["line"]["name"], "Robo", "{said}");
    assert_eq!(said["line"]["bot"], true, "{said}");

    // Never on the account itself: its tokens, password and deletion need
    // the browser's session.
    for path in [
        "/api/account/tokens",
        "/api/account/password",
        "/api/account/delete",
    ] {
        let tried = with_token(&h, post_.clone(), path, &token, Some(json!({"label": "x", "password": "a long enough password", "new_password": "another long password"}))).await;
        assert_eq!(tried.error(401), "not_logged_in", "{path}");
    }
    // Never from an address; a token not known is refused as such.
    let in_address = format!("/api/games/{game}/ws?token={token}");
    let in_address = socket_with_token(&h, &in_address, &token).await;
    assert_eq!(in_address.unwrap_err(), 400);
    let wrong = with_token(&h, get_.clone(), "/api/challenges", "qdr_0123", None).await;
    assert_eq!(wrong.error(401), "bad_token");
    assert_eq!(
        socket_with_token(&h, "/api/challenges/ws", "qdr_0123")
            .await
            .unwrap_err(),
        401
    );

    // Revoked (by its owner only): it stops at once.
    let path = format!("/api/account/tokens/{}/delete", made["id"]);
    assert_eq!(
        post(&h, &path, &ana, json!({})).await.error(404),
        "not_found"
    );
    assert_eq!(post(&h, &path, &robo, json!({})).await.status, 204);
    let after = with_token(&h, get_.clone(), "/api/challenges", &token, None).await;
    assert_eq!(after.error(401), "bad_token");
    let after = with_token(
        &h,
        post_.clone(),
        &format!("/api/games/{game}/resign"),
        &token,
        Some(json!({})),
    )
    .await;
    assert_eq!(after.error(401), "bad_token");
    let _ = heard.close(None).await;
    let _ = board.close(None).await;
}

#[tokio::test]
async fn ten_tokens_an_account_even_in_a_burst_and_they_go_with_it() {
    let h = Harness::new().await;
    let robo = sign_up(&h, "Robo").await;
    let burst = (0..14).map(|i| {
        let (h, robo) = (&h, robo.clone());
        async move { make_token(h, &robo, &format!("engine {i}")).await }
    });
    let replies = futures_util::future::join_all(burst).await;
    let made: Vec<&Reply> = replies.iter().filter(|r| r.status == 201).collect();
    assert_eq!(made.len(), 10);
    for refused in replies.iter().filter(|r| r.status != 201) {
        assert_eq!(refused.error(409), "too_many_tokens");
    }
    let listed: Value = get(&h, "/api/account/tokens", &robo).await.json();
    assert_eq!(listed.as_array().unwrap().len(), 10);

    // The account deleted: its tokens with it.
    let token = made[0].json::<Value>()["token"]
        .as_str()
        .unwrap()
        .to_string();
    let gone = post(
        &h,
        "/api/account/delete",
        &robo,
        json!({"password": "a long enough password"}),
    )
    .await;
    assert_eq!(gone.status, 204, "{}", gone.text);
    let after = with_token(
        &h,
        reqwest::Method::GET,
        "/api/account/playing",
        &token,
        None,
    )
    .await;
    assert_eq!(after.error(401), "bad_token");
    assert!(h.stored_rows("SELECT id FROM api_tokens", &[]).is_empty());
}

/// A cookie-authorised WebSocket of `who` at `path`: 101 when it opens,
/// else its refusal's status.
async fn socket_refused(h: &Harness, path: &str, who: &Session) -> u16 {
    socket(h, path, who.header()).await.err().unwrap_or(101)
}

#[tokio::test]
async fn a_new_account_becomes_a_bot_marked_wherever_its_name_shows_and_kept_out_of_the_lobby() {
    let h = Harness::new().await;
    let ana = sign_up(&h, "Ana").await;
    let robo = sign_up(&h, "Robo").await;

    let made = post(&h, "/api/account/bot", &robo, json!({})).await;
    assert_eq!(made.status, 200, "{}", made.text);
    assert_eq!(made.json::<Value>()["bot"], true);
    let me: Value = get(&h, "/api/account", &robo).await.json();
    assert_eq!(me["bot"], true, "{me}");
    let person: Value = get(&h, "/api/account", &ana).await.json();
    assert!(person.get("bot").is_none(), "{person}");
    let profile: Value = h.get("/api/players/Robo").await.json();
    assert_eq!(profile["bot"], true);

    // The lobby pairs people only.
    assert_eq!(socket_refused(&h, "/api/lobby/ws", &robo).await, 403);
    assert_eq!(socket_refused(&h, "/api/lobby/ws", &ana).await, 101);

    // People challenge it by name: the challenge and the game say "bot".
    let sent = post(
        &h,
        "/api/challenges",
        &ana,
        json!({"to": "Robo", "days": 1, "color": "south"}),
    )
    .await;
    assert_eq!(sent.status, 201, "{}", sent.text);
    let sent: Value = sent.json();
    assert_eq!(sent["to_bot"], true, "{sent}");
    assert!(sent.get("from_bot").is_none());
    let listed: Value = get(&h, "/api/challenges", &robo).await.json();
    assert_eq!(listed["incoming"][0]["to_bot"], true);
    let path = format!("/api/challenges/{}/accept", sent["id"].as_str().unwrap());
    let accepted = post(&h, &path, &robo, json!({})).await;
    assert_eq!(accepted.status, 200, "{}", accepted.text);
    let game = accepted.json::<Value>()["game"]
        .as_str()
        .unwrap()
        .to_string();
    let view: Value = h.get(&format!("/api/games/{game}")).await.json();
    let seats = view["seats"].as_array().unwrap();
    assert_eq!(seats[1]["name"], "Robo");
    assert_eq!(seats[1]["bot"], true, "{}", seats[1]);
    assert!(seats[0].get("bot").is_none(), "{}", seats[0]);
    let lines: Value = get(&h, "/api/account/games", &ana).await.json();
    assert_eq!(lines["games"][0]["opponent_bot"], true, "{lines}");
    let lines: Value = get(&h, "/api/account/games", &robo).await.json();
    assert!(lines["games"][0].get("opponent_bot").is_none(), "{lines}");

    // Ana, who has played, cannot become one; her games stay a person's.
    let refused = post(&h, "/api/account/bot", &ana, json!({})).await;
    assert_eq!(refused.error(409), "has_played");
    // Nor by a token: the account's own settings need its session.
    let tokened: Value = make_token(&h, &robo, "engine").await.json();
    let by_token = with_token(
        &h,
        reqwest::Method::POST,
        "/api/account/bot",
        tokened["token"].as_str().unwrap(),
        Some(json!({})),
    )
    .await;
    assert_eq!(by_token.error(401), "not_logged_in");
}
