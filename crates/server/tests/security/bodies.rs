//! Bodies that are not declared JSON, and fields the server does not
//! know, refused on every JSON route.

use super::*;

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
