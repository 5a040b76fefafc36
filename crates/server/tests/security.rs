//! What a hostile page or user tried (issue 42): requests forged from
//! another port of the same host, bodies that are not JSON, fields the
//! server does not know, tokens in addresses, names that hide or reverse
//! text, and error answers with nothing in them.

mod harness;

use futures_util::StreamExt;
use harness::{Harness, Reply};
use quoridor_server::request::{CreateRequest, SeatRequest};
use quoridor_server::view::SeatedView;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// A request with the session cookie and the headers a browser adds.
async fn with_cookie(
    h: &Harness,
    method: reqwest::Method,
    path: &str,
    cookie: &str,
    headers: &[(&str, &str)],
    body: Option<(&str, String)>,
) -> Reply {
    let mut req = h
        .http
        .request(method, format!("{}{path}", h.base()))
        .header("cookie", format!("quoridor_session={cookie}"));
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    if let Some((kind, body)) = body {
        req = req.header("content-type", kind).body(body);
    }
    h.send(req).await
}

/// Signs up: the session cookie's value.
async fn session(h: &Harness, name: &str) -> String {
    let res = h
        .http
        .post(format!("{}/api/account/signup", h.base()))
        .json(&json!({"name": name, "password": "correct horse"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let cookie = res.headers()["set-cookie"].to_str().unwrap();
    cookie
        .split(';')
        .next()
        .unwrap()
        .trim_start_matches("quoridor_session=")
        .to_string()
}

fn against_ai() -> CreateRequest {
    CreateRequest {
        seats: vec![SeatRequest::human(true), SeatRequest::ai(1)],
        ..CreateRequest::default()
    }
}

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

#[tokio::test]
async fn bodies_must_be_declared_json() {
    let h = Harness::new().await;
    let game = h.create(&against_ai()).await;
    let path = format!("{}/api/games/{}/move", h.base(), game.id);
    for kind in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let reply = h
            .send(
                h.http
                    .post(&path)
                    .bearer_auth(&game.token)
                    .header("content-type", kind)
                    .body(r#"{"move": "e2"}"#),
            )
            .await;
        assert_eq!(reply.error(415), "unsupported_media_type", "{kind}");
    }
    // No type at all, with a body: refused too; without a body: `{}`.
    let bare = h
        .send(
            h.http
                .post(&path)
                .bearer_auth(&game.token)
                .body(r#"{"move": "e2"}"#),
        )
        .await;
    assert_eq!(bare.error(415), "unsupported_media_type");
    let resign = format!("{}/api/games/{}/resign", h.base(), game.id);
    let empty = h.send(h.http.post(&resign).bearer_auth(&game.token)).await;
    assert_eq!(empty.status, 200, "{}", empty.text);
}

/// Adds `"zz_unknown": true` to a JSON object (at `at`, a path of keys).
fn with_extra(mut body: Value, at: &[&str]) -> Value {
    let mut target = &mut body;
    for key in at {
        target = match key.parse::<usize>() {
            Ok(i) => &mut target[i],
            Err(_) => &mut target[*key],
        };
    }
    target["zz_unknown"] = json!(true);
    body
}

#[tokio::test]
async fn every_json_route_refuses_unknown_fields() {
    let h = Harness::new().await;
    let cookie = session(&h, "erin").await;
    let game = h.create(&against_ai()).await;
    let class: Value = h
        .post("/api/classes", None, &json!({"name": "CP", "pin": "1234"}))
        .await
        .json();
    let (class_id, code, teacher) = (
        class["id"].as_str().unwrap(),
        class["code"].as_str().unwrap(),
        class["token"].as_str().unwrap(),
    );
    let pupil: Value = h
        .post("/api/join", None, &json!({"code": code, "name": "Léa"}))
        .await
        .json();
    let pupil_token = pupil["token"].as_str().unwrap();
    let assigned: Value = h
        .post(
            &format!("/api/classes/{class_id}/assignments"),
            Some(teacher),
            &json!({"level": 1, "count": 2, "seed": "7"}),
        )
        .await
        .json();
    let n = assigned["assignments"][0]["id"].as_u64().unwrap();
    let cup: Value = h
        .post(
            "/api/tournaments",
            None,
            &json!({"name": "Open", "format": "round_robin", "size": 5}),
        )
        .await
        .json();
    let (tournament_id, tournament_token) =
        (cup["id"].as_str().unwrap(), cup["token"].as_str().unwrap());
    let exercise = json!({"version": 1, "board": {"size": 5,
        "fences": ["a2h", "d2v", "b3h", "c3v", "d3h", "c4h"], "items": {}},
        "task": "maze", "start": "d4", "exit": "e3", "side": "right"});
    let route = json!({"answer": "route", "squares": ["e4"]});
    let game_path = |tail: &str| format!("/api/games/{}/{tail}", game.id);
    // (path, token, a valid body, where to add the unknown field)
    let cases: Vec<(String, Option<&str>, Value, Vec<&str>)> = vec![
        (
            "/api/games".into(),
            None,
            serde_json::to_value(against_ai()).unwrap(),
            vec![],
        ),
        (
            "/api/games".into(),
            None,
            serde_json::to_value(against_ai()).unwrap(),
            vec!["seats", "0"],
        ),
        (
            game_path("move"),
            Some(&game.token),
            json!({"move": "e2"}),
            vec![],
        ),
        (game_path("join"), None, json!({}), vec![]),
        (game_path("resign"), Some(&game.token), json!({}), vec![]),
        (
            game_path("draw"),
            Some(&game.token),
            json!({"action": "offer"}),
            vec![],
        ),
        (game_path("undo"), Some(&game.token), json!({}), vec![]),
        (game_path("abort"), Some(&game.token), json!({}), vec![]),
        (game_path("rematch"), Some(&game.token), json!({}), vec![]),
        (
            "/api/account/signup".into(),
            None,
            json!({"name": "x1", "password": "correct horse"}),
            vec![],
        ),
        (
            "/api/account/login".into(),
            None,
            json!({"name": "erin", "password": "correct horse"}),
            vec![],
        ),
        ("/api/classes".into(), None, json!({"name": "CP"}), vec![]),
        (
            "/api/classes/open".into(),
            None,
            json!({"code": code, "pin": "1234"}),
            vec![],
        ),
        (
            "/api/join".into(),
            None,
            json!({"code": code, "name": "Tom"}),
            vec![],
        ),
        (
            format!("/api/classes/{class_id}/assignments"),
            Some(teacher),
            json!({"level": 1, "count": 2, "seed": "7"}),
            vec![],
        ),
        (
            format!("/api/classes/{class_id}/assignments"),
            Some(teacher),
            json!({"exercises": ["x"]}),
            vec![],
        ),
        (
            format!("/api/classes/{class_id}/assignments/{n}/answers"),
            Some(pupil_token),
            json!({"index": 0, "answer": route.clone()}),
            vec![],
        ),
        (
            format!("/api/classes/{class_id}/assignments/{n}/answers"),
            Some(pupil_token),
            json!({"index": 0, "answer": route.clone()}),
            vec!["answer"],
        ),
        (
            format!("/api/classes/{class_id}/games"),
            Some(teacher),
            json!({"pair_by": "random", "game": {"size": 5}}),
            vec![],
        ),
        (
            format!("/api/classes/{class_id}/games"),
            Some(teacher),
            json!({"pair_by": "random", "game": {"size": 5}}),
            vec!["game"],
        ),
        (
            "/api/tournaments".into(),
            None,
            json!({"name": "T", "format": "round_robin"}),
            vec![],
        ),
        (
            format!("/api/tournaments/{tournament_id}/players"),
            Some(tournament_token),
            json!({"ai": 2}),
            vec![],
        ),
        (
            format!("/api/tournaments/{tournament_id}/withdraw"),
            Some(tournament_token),
            json!({"player": 0}),
            vec![],
        ),
        (
            "/api/classroom/check".into(),
            None,
            json!({"exercise": exercise.clone(), "answer": route.clone()}),
            vec![],
        ),
        (
            "/api/classroom/check".into(),
            None,
            json!({"exercise": exercise.clone(), "answer": route.clone()}),
            vec!["exercise"],
        ),
        (
            "/api/classroom/check".into(),
            None,
            json!({"exercise": exercise.clone(), "answer": route.clone()}),
            vec!["exercise", "board"],
        ),
        (
            "/api/classroom/check".into(),
            None,
            json!({"exercise": exercise.clone(), "answer": route.clone()}),
            vec!["answer"],
        ),
        (
            "/api/classroom/solution".into(),
            None,
            json!({"exercise": exercise.clone()}),
            vec![],
        ),
        (
            "/api/classroom/analyze".into(),
            None,
            json!({"exercise": exercise.clone()}),
            vec![],
        ),
        (
            "/api/classroom/exercises".into(),
            None,
            json!({"exercise": exercise.clone()}),
            vec![],
        ),
        (
            "/api/analyse".into(),
            None,
            json!({"position": "9 e1,e9 - 10,10 south 0"}),
            vec![],
        ),
        (
            "/api/learn/check".into(),
            None,
            json!({"lesson": "walk", "move": "e2"}),
            vec![],
        ),
        ("/api/learn/puzzles/next".into(), None, json!({}), vec![]),
        (
            "/api/learn/puzzles/check".into(),
            None,
            json!({"id": "article-1", "move": "e2"}),
            vec![],
        ),
    ];
    for (path, token, body, at) in cases {
        let reply = h.post(&path, token, &with_extra(body, &at)).await;
        assert_eq!(reply.status, 400, "{path} {at:?}: {}", reply.text);
        assert!(
            reply.text.contains("zz_unknown"),
            "{path} {at:?}: {}",
            reply.text
        );
    }
    // The account's own routes, with the cookie.
    for (path, body) in [
        (
            "/api/account/password",
            json!({"old": "correct horse", "new": "another horse"}),
        ),
        ("/api/account/delete", json!({"password": "correct horse"})),
        ("/api/account/blocks", json!({"name": "alice"})),
        ("/api/account/blocks/remove", json!({"name": "alice"})),
    ] {
        let reply = with_cookie(
            &h,
            reqwest::Method::POST,
            path,
            &cookie,
            &[],
            Some(("application/json", with_extra(body, &[]).to_string())),
        )
        .await;
        assert_eq!(reply.status, 400, "{path}: {}", reply.text);
        assert!(reply.text.contains("zz_unknown"), "{path}: {}", reply.text);
    }
    // The probe's sign-up as an administrator made nothing.
    let admin = h
        .post(
            "/api/account/signup",
            None,
            &json!({"name": "mallory", "password": "correct horse", "admin": true}),
        )
        .await;
    assert_eq!(admin.error(400), "bad_request");
    let login = h
        .post(
            "/api/account/login",
            None,
            &json!({"name": "mallory", "password": "correct horse"}),
        )
        .await;
    assert_eq!(login.error(401), "wrong_password");
}

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

#[tokio::test]
async fn errors_outside_the_api_are_pages_in_the_browsers_language() {
    let h = Harness::new().await;
    let res = h
        .http
        .get(format!("{}/no/such/page", h.base()))
        .header("accept-language", "fr-FR,fr;q=0.9")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 404);
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    let text = res.text().await.unwrap();
    assert!(text.contains("<html lang=\"fr\">") && text.contains("Page introuvable"));
    let asset = h.get("/assets/nothing.js").await;
    assert_eq!(asset.status, 404);
    assert!(asset.text.contains("<!doctype html>"));
    let api = h.get("/api/no/such/route").await;
    assert_eq!(api.error(404), "not_found");
    // Answers the HTTP layer gives by itself are whole too.
    let addr = h.addr();
    let raw = |request: Vec<u8>| async move {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        stream.write_all(&request).await.unwrap();
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await.unwrap();
        String::from_utf8_lossy(&answer).to_string()
    };
    let mut many = b"GET / HTTP/1.1\r\nHost: x\r\n".to_vec();
    for i in 0..150 {
        many.extend_from_slice(format!("X-Header-{i}: 1\r\n").as_bytes());
    }
    many.extend_from_slice(b"\r\n");
    let answer = raw(many).await;
    assert!(answer.starts_with("HTTP/1.1 431 "), "{answer}");
    assert!(answer.contains("text/html") && answer.contains("Request too large"));
    let long = format!(
        "GET /api/games/{} HTTP/1.1\r\nHost: x\r\n\r\n",
        "a".repeat(70_000)
    );
    let answer = raw(long.into_bytes()).await;
    assert!(answer.starts_with("HTTP/1.1 414 "), "{answer}");
    let body = answer.split("\r\n\r\n").nth(1).unwrap();
    let json: Value = serde_json::from_str(body).unwrap();
    assert_eq!(json["error"]["code"], "uri_too_long");
    let page = format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(70_000));
    let answer = raw(page.into_bytes()).await;
    assert!(answer.starts_with("HTTP/1.1 414 ") && answer.contains("Address too long"));
}

#[tokio::test]
async fn every_answer_refuses_framing_and_sniffing_and_personal_ones_are_not_stored() {
    let h = Harness::new().await;
    let cookie = session(&h, "frida").await;
    let game = h.create(&against_ai()).await;
    let pages = [
        "/".to_string(),
        format!("/g/{}", game.id),
        "/club".into(),
        "/account".into(),
        "/board".into(),
        "/no-such-page".into(),
        "/classroom/sheet?kind=maze&level=1&count=2&seed=3".into(),
        "/assets/style.css".into(),
        "/sw.js".into(),
    ];
    for path in &pages {
        let res = h
            .http
            .get(format!("{}{path}", h.base()))
            .send()
            .await
            .unwrap();
        let header = |name: &str| {
            res.headers()
                .get(name)
                .map(|v| v.to_str().unwrap().to_string())
                .unwrap_or_else(|| panic!("{path}: no {name}"))
        };
        let policy = header("content-security-policy");
        assert!(
            policy.contains("frame-ancestors 'self'"),
            "{path}: {policy}"
        );
        // Scripts of the server, the engine's WebAssembly, and a page's
        // import map by its hash: nothing else inline.
        assert!(policy.contains("script-src 'self' "), "{path}: {policy}");
        assert!(policy.contains(" 'wasm-unsafe-eval';"), "{path}: {policy}");
        assert!(!policy.contains("unsafe-inline"), "{path}: {policy}");
        assert_eq!(header("x-frame-options"), "SAMEORIGIN", "{path}");
        assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header("referrer-policy"), "same-origin", "{path}");
    }
    // Personal answers are never kept by a cache.
    for path in ["/api/account", "/api/account/session", "/api/classes/mine"] {
        let res = h
            .http
            .get(format!("{}{path}", h.base()))
            .header("cookie", format!("quoridor_session={cookie}"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(res.headers()["cache-control"], "no-store", "{path}");
    }
    // A browser's report is counted, and changes nothing else.
    let report = h
        .send(
            h.http
                .post(format!("{}/api/csp-report", h.base()))
                .header("content-type", "application/csp-report")
                .header("cookie", format!("quoridor_session={cookie}"))
                .body(r#"{"csp-report":{"document-uri":"http://h/join?code=SECRET","effective-directive":"style-src-attr","blocked-uri":"inline"}}"#),
        )
        .await;
    assert_eq!(report.status, 204, "{}", report.text);
    let reports = &h.server.as_ref().unwrap().csp_reports;
    assert_eq!(reports.count(), 1);
    let said = reports.last().join(" ");
    assert!(
        said.contains("style-src-attr") && !said.contains("SECRET"),
        "{said}"
    );
}

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
