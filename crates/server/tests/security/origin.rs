//! Requests forged from another port of the same host: the cookie acts
//! only for our own pages, over HTTP and WebSocket, behind a proxy too.

use super::*;

#[tokio::test]
async fn a_page_of_another_origin_cannot_act_with_the_cookie() {
    let h = Harness::new().await;
    let cookie = session(&h, "alice").await;
    let json_body = || Some(("application/json", "{}".to_string()));
    let own = h.base();
    let evil = format!("http://127.0.0.1:{}", h.addr().port() + 1);
    // The account's game, made from our own page.
    let create = with_cookie(
        &h,
        reqwest::Method::POST,
        "/api/games",
        &cookie,
        &[("origin", &own), ("sec-fetch-site", "same-origin")],
        Some((
            "application/json",
            serde_json::to_string(&against_ai()).unwrap(),
        )),
    )
    .await;
    assert_eq!(create.status, 201, "{}", create.text);
    let game: SeatedView = create.json();
    let resign = format!("/api/games/{}/resign", game.id);

    // What the probe did: no-cors fetch from another port, text/plain.
    for (path, method) in [
        (resign.as_str(), reqwest::Method::POST),
        ("/api/games", reqwest::Method::POST),
        ("/api/account/blocks", reqwest::Method::POST),
        ("/api/account/logout", reqwest::Method::POST),
        ("/api/account/password", reqwest::Method::POST),
    ] {
        for headers in [
            vec![("origin", evil.as_str())],
            vec![("origin", "http://evil.example")],
            vec![("origin", "null")],
            vec![("sec-fetch-site", "same-site")],
            vec![("sec-fetch-site", "cross-site")],
        ] {
            let reply = with_cookie(
                &h,
                method.clone(),
                path,
                &cookie,
                &headers,
                Some(("text/plain;charset=UTF-8", String::new())),
            )
            .await;
            assert_eq!(reply.error(403), "cross_origin", "{path} {headers:?}");
        }
    }
    // Nothing changed: the game goes on, the session is open.
    let view: Value = h.get(&format!("/api/games/{}", game.id)).await.json();
    assert_eq!(view["status"], "playing");
    let me = with_cookie(&h, reqwest::Method::GET, "/api/account", &cookie, &[], None).await;
    assert_eq!(me.status, 200);
    // A form cannot log a victim into another account either.
    let forged_login = h
        .send(
            h.http
                .post(format!("{}/api/account/login", h.base()))
                .header("origin", "http://evil.example")
                .json(&json!({"name": "alice", "password": "correct horse"})),
        )
        .await;
    assert_eq!(forged_login.error(403), "cross_origin");

    // From our own page it works; a program that sends no Origin too.
    let from_page = with_cookie(
        &h,
        reqwest::Method::POST,
        &resign,
        &cookie,
        &[("origin", &own), ("sec-fetch-site", "same-origin")],
        json_body(),
    )
    .await;
    assert_eq!(from_page.status, 200, "{}", from_page.text);
    let other: SeatedView = h.create(&against_ai()).await;
    // A bearer token is no cookie: it passes from anywhere.
    let by_token = h
        .send(
            h.http
                .post(format!("{}/api/games/{}/resign", h.base(), other.id))
                .header("origin", "http://evil.example")
                .bearer_auth(&other.token)
                .json(&json!({})),
        )
        .await;
    assert_eq!(by_token.status, 200, "{}", by_token.text);
}

#[tokio::test]
async fn the_websocket_with_the_cookie_checks_the_origin() {
    let h = Harness::new().await;
    let cookie = session(&h, "carol").await;
    let game = h.create(&against_ai()).await;
    let open = |path: String, origin: &'static str, protocols: Option<&'static str>| {
        let mut request = format!("ws://{}{path}", h.addr())
            .into_client_request()
            .unwrap();
        let headers = request.headers_mut();
        headers.insert(
            "cookie",
            format!("quoridor_session={cookie}").parse().unwrap(),
        );
        headers.insert("origin", origin.parse().unwrap());
        if let Some(protocols) = protocols {
            headers.insert("sec-websocket-protocol", protocols.parse().unwrap());
        }
        tokio_tungstenite::connect_async(request)
    };
    let sockets = [
        format!("/api/games/{}/ws", game.id),
        "/api/lobby/ws".to_string(),
        "/api/challenges/ws".to_string(),
    ];
    // What the probe offered: a token of nothing (`bearer.x`) beside the
    // cookie, to skip the check and then act on the cookie. A real seat
    // token beside the cookie changes nothing either.
    let real: &'static str = Box::leak(format!("quoridor, bearer.{}", game.token).into_boxed_str());
    for path in &sockets {
        for protocols in [
            None,
            Some("quoridor, bearer.x"),
            Some("quoridor,bearer.x"),
            Some(real),
        ] {
            match open(path.clone(), "http://evil.example", protocols).await {
                Err(tokio_tungstenite::tungstenite::Error::Http(res)) => {
                    assert_eq!(res.status(), 403, "{path} {protocols:?}")
                }
                other => panic!(
                    "a forged socket opened on {path} offering {protocols:?}: {:?}",
                    other.map(|_| ())
                ),
            }
        }
    }
    let own: &'static str = Box::leak(h.base().into_boxed_str());
    let (mut ws, _) = open(sockets[0].clone(), own, None).await.unwrap();
    let first = ws.next().await.unwrap().unwrap();
    assert!(first.to_text().unwrap().contains("\"hello\""));
    // Our own page offering the seat's token: it opens.
    let (mut seat, _) = open(sockets[0].clone(), own, Some(real)).await.unwrap();
    let first = seat.next().await.unwrap().unwrap();
    assert!(first.to_text().unwrap().contains("\"hello\""));
}

#[tokio::test]
async fn a_public_address_behind_a_proxy_is_our_own() {
    let h =
        Harness::with(|args| args.public_url = Some("https://quoridor.example.org".into())).await;
    let cookie = session(&h, "dave").await;
    let reply = with_cookie(
        &h,
        reqwest::Method::POST,
        "/api/account/logout",
        &cookie,
        &[("origin", "https://quoridor.example.org")],
        None,
    )
    .await;
    assert_eq!(reply.status, 204, "{}", reply.text);
}
