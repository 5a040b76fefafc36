//! A class on the real server, as its teacher and pupils drive it: the
//! requests every class test starts with (tests/club.rs, tests/club_chat.rs).

#![allow(dead_code)] // each test file uses a part of it

use quoridor_server::club::view::{ClassGameView, ClassView, JoinedView, KeyView};
use serde_json::json;

use crate::harness::{Harness, Reply};

pub async fn delete(h: &Harness, path: &str, token: &str) -> Reply {
    h.send(
        h.http
            .delete(format!("{}{path}", h.base()))
            .bearer_auth(token),
    )
    .await
}

pub async fn get_as(h: &Harness, path: &str, token: &str) -> Reply {
    h.send(h.http.get(format!("{}{path}", h.base())).bearer_auth(token))
        .await
}

/// A French class "CE2 B", with a PIN or without.
pub async fn new_class(h: &Harness, pin: Option<&str>) -> KeyView {
    let reply = h
        .post(
            "/api/classes",
            None,
            &json!({"name": "CE2 B", "pin": pin, "lang": "fr"}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    reply.json()
}

/// A pupil joins with the class's code and a first name.
pub async fn join(h: &Harness, code: &str, name: &str) -> JoinedView {
    let reply = h
        .post("/api/join", None, &json!({"code": code, "name": name}))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json()
}

/// A 5×5 class game between pupils `a` and `b`, made by the teacher.
pub async fn game_of_two(h: &Harness, key: &KeyView, a: u32, b: u32) -> ClassGameView {
    let reply = h
        .post(
            &format!("/api/classes/{}/games", key.id),
            Some(&key.token),
            &json!({"pair_by": "hand", "groups": [[a, b]], "game": {"size": 5}}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    reply.json::<ClassView>().games[0].clone()
}
