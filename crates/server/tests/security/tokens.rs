//! Tokens never read from addresses, and names that hide or reverse text
//! refused.

use super::*;

#[tokio::test]
async fn tokens_are_never_read_from_addresses() {
    let h = Harness::new().await;
    let game = h.create(&against_ai()).await;
    // A game's socket with ?token= is refused, with the way to do it.
    let url = format!(
        "ws://{}/api/games/{}/ws?token={}",
        h.addr(),
        game.id,
        game.token
    );
    match tokio_tungstenite::connect_async(url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => {
            assert_eq!(res.status(), 400);
            let body = String::from_utf8(res.body().clone().unwrap_or_default()).unwrap();
            assert!(body.contains("Authorization"), "{body}");
        }
        other => panic!("a token in the address was taken: {:?}", other.map(|_| ())),
    }
    // The page's way: the token as a WebSocket protocol.
    let mut ws = h.ws(&game.id, Some(&game.token)).await;
    let hello: Value =
        serde_json::from_str(ws.next().await.unwrap().unwrap().to_text().unwrap()).unwrap();
    assert_eq!(hello["you"], json!(["south"]));
    // A class's routes refuse it too.
    let class: Value = h
        .post("/api/classes", None, &json!({"name": "CE2"}))
        .await
        .json();
    let csv = h
        .get(&format!(
            "/api/classes/{}/results.csv?token={}",
            class["id"].as_str().unwrap(),
            class["token"].as_str().unwrap()
        ))
        .await;
    assert_eq!(csv.error(400), "bad_request");
    // A pupil's routes too, reads and writes alike.
    let class_id = class["id"].as_str().unwrap();
    let pupil: Value = h
        .post(
            "/api/join",
            None,
            &json!({"code": class["code"].as_str().unwrap(), "name": "Léa"}),
        )
        .await
        .json();
    let pupil_token = pupil["token"].as_str().unwrap();
    let me = h
        .get(&format!("/api/classes/{class_id}/me?token={pupil_token}"))
        .await;
    assert_eq!(me.error(400), "bad_request");
    let solution = h
        .post(
            &format!("/api/classes/{class_id}/assignments/1/tasks/0/solution?token={pupil_token}"),
            None,
            &json!({}),
        )
        .await;
    assert_eq!(solution.error(400), "bad_request");
    let me = h
        .send(
            reqwest::Client::new()
                .get(format!("{}/api/classes/{class_id}/me", h.base()))
                .bearer_auth(pupil_token),
        )
        .await;
    assert_eq!(me.status, 200, "{}", me.text);
    // Nothing the pages load carries a token in an address.
    for file in [
        "pages/app.js",
        "pages/club.js",
        "pages/lobby.js",
        "pages/classroom.js",
        "pages/account.js",
        "lib/api.js",
        "lib/socket.js",
    ] {
        let text = h.get(&format!("/assets/{file}")).await.text;
        assert!(!text.contains("?token="), "{file}");
        assert!(!text.contains("&token="), "{file}");
    }
}

#[tokio::test]
async fn names_that_hide_or_reverse_text_are_refused() {
    let h = Harness::new().await;
    for bad in [
        "\u{202E}Bob",
        "Ana\u{200B}",
        "Léa\u{2028}",
        "\u{FEFF}Tom",
        "a\u{2066}b",
    ] {
        let body = CreateRequest {
            seats: vec![
                SeatRequest {
                    name: Some(bad.into()),
                    ..SeatRequest::human(true)
                },
                SeatRequest::ai(1),
            ],
            ..CreateRequest::default()
        };
        let reply = h.post("/api/games", None, &body).await;
        assert_eq!(reply.error(400), "bad_request", "{bad:?}");
        assert!(reply.text.contains("invisible"), "{}", reply.text);
    }
    // Names are composed: "Le" + a combining accent + "a" is "Léa".
    let class: Value = h
        .post("/api/classes", None, &json!({"name": "CE1"}))
        .await
        .json();
    let code = class["code"].as_str().unwrap();
    let lea: Value = h
        .post(
            "/api/join",
            None,
            &json!({"code": code, "name": "Le\u{301}a"}),
        )
        .await
        .json();
    assert_eq!(lea["name"], "Léa");
    // One Léa a class, whatever the case and accents.
    for same in ["lea", "LÉA", "Léa ", "Lea"] {
        let reply = h
            .post("/api/join", None, &json!({"code": code, "name": same}))
            .await;
        assert_eq!(reply.error(400), "bad_request", "{same:?}");
    }
    for bad in ["Ana\u{200B}", "\u{202E}aeL"] {
        let reply = h
            .post("/api/join", None, &json!({"code": code, "name": bad}))
            .await;
        assert_eq!(reply.error(400), "bad_request", "{bad:?}");
    }
    let ana: Value = h
        .post("/api/join", None, &json!({"code": code, "name": "Ana"}))
        .await
        .json();
    assert_eq!(ana["name"], "Ana");
    // Look-alikes are the same name: Cyrillic, fullwidth, ligatures, Roman
    // numerals, full case folding.
    for same in ["\u{0410}na", "ＡＮＡ", "\u{0430}n\u{0430}"] {
        let reply = h
            .post("/api/join", None, &json!({"code": code, "name": same}))
            .await;
        assert_eq!(reply.error(400), "bad_request", "{same:?}");
    }
    for (first, same) in [
        ("Straße", "STRASSE"),
        ("Finn", "\u{FB01}nn"),
        ("Louis IX", "Louis \u{2168}"),
    ] {
        let made = h
            .post("/api/join", None, &json!({"code": code, "name": first}))
            .await;
        assert_eq!(made.status, 200, "{first}: {}", made.text);
        let reply = h
            .post("/api/join", None, &json!({"code": code, "name": same}))
            .await;
        assert_eq!(reply.error(400), "bad_request", "{same:?}");
    }
    // Names with nothing to see, or one accent too many.
    for blank in [
        "\u{0301}\u{0301}",
        "\u{2800}",
        "a\u{0301}\u{0302}\u{0303}\u{0304}",
    ] {
        let reply = h
            .post("/api/join", None, &json!({"code": code, "name": blank}))
            .await;
        assert_eq!(reply.error(400), "bad_request", "{blank:?}");
    }
    // A tournament's players likewise.
    let cup: Value = h
        .post(
            "/api/tournaments",
            None,
            &json!({"name": "TournamentRoom\u{200D}", "format": "round_robin", "size": 5}),
        )
        .await
        .json();
    assert_eq!(cup["error"]["code"], "bad_request");
}
