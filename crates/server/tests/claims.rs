//! Claims of README.md and API.md that had no test (issue 42): a body that
//! does not arrive in time, a database of a newer release, and a deleted
//! class that leaves nothing of its pupils in the file.

mod harness;

use harness::Harness;
use quoridor_server::{start, ServeArgs};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[tokio::test]
async fn a_body_that_does_not_arrive_in_time_is_refused() {
    let h = Harness::new().await;
    let mut stream = tokio::net::TcpStream::connect(h.addr()).await.unwrap();
    // The headers announce 40 bytes; only 2 come.
    let head = "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{\"";
    stream.write_all(head.as_bytes()).await.unwrap();
    let started = std::time::Instant::now();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(
        std::time::Duration::from_secs(30),
        stream.read_to_end(&mut answer),
    )
    .await;
    let waited = started.elapsed();
    let answer = String::from_utf8_lossy(&answer);
    assert!(read.is_ok(), "no answer in 30 s");
    assert!(answer.starts_with("HTTP/1.1 408 "), "{answer}");
    assert!(answer.contains("\"timeout\""), "{answer}");
    assert!(waited >= std::time::Duration::from_secs(9), "{waited:?}");
    // Nothing was made.
    let health: Value = h.get("/api/health").await.json();
    assert_eq!(health["games"], 0);
}

#[tokio::test]
async fn a_database_of_a_newer_release_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("newer.db");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE future (x); PRAGMA user_version = 999;")
            .unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    let refused = start(ServeArgs::for_tests(path.clone())).await;
    let err = refused.err().expect("a newer database is refused");
    assert!(err.contains("newer"), "{err}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the file was changed"
    );
    let conn = rusqlite::Connection::open(&path).unwrap();
    let version: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(version, 999);
}

/// Whether `needle` appears anywhere in the database's files (the main
/// file and its write-ahead log).
/// Whether the store holds `needle`: the SQLite file or its log, or (on
/// PostgreSQL) a row of a table.
fn in_files(h: &Harness, needle: &str) -> bool {
    h.stored_text().contains(needle)
}

#[tokio::test]
async fn a_deleted_class_leaves_nothing_of_its_pupils_in_the_file() {
    let mut h = Harness::new().await;
    let key: Value = h
        .post("/api/classes", None, &json!({"name": "Xyloclass"}))
        .await
        .json();
    let (id, teacher) = (key["id"].as_str().unwrap(), key["token"].as_str().unwrap());
    let names = ["Zephyrine", "Quillonette", "Barnabuzz"];
    let mut pupils = Vec::new();
    for name in names {
        let joined: Value = h
            .post(
                "/api/join",
                None,
                &json!({"code": key["code"], "name": name}),
            )
            .await
            .json();
        pupils.push(joined["token"].as_str().unwrap().to_string());
    }
    let assigned: Value = h
        .post(
            &format!("/api/classes/{id}/assignments"),
            Some(teacher),
            &json!({"level": 1, "count": 2, "seed": "9", "title": "Devoir-Wombat"}),
        )
        .await
        .json();
    let n = assigned["assignments"][0]["id"].as_u64().unwrap();
    for token in &pupils {
        let reply = h
            .post(
                &format!("/api/classes/{id}/assignments/{n}/answers"),
                Some(token),
                &json!({"index": 0, "skip": true}),
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
    }
    let games = h
        .post(
            &format!("/api/classes/{id}/games"),
            Some(teacher),
            &json!({"pair_by": "random", "ai_level": 1, "game": {"size": 5}}),
        )
        .await;
    assert_eq!(games.status, 201, "{}", games.text);
    // Everything is stored: the names are in the file.
    h.restart().await;
    assert!(names.iter().all(|n| in_files(&h, n)));
    let gone = h
        .send(
            h.http
                .delete(format!("{}/api/classes/{id}", h.base()))
                .bearer_auth(teacher),
        )
        .await;
    assert_eq!(gone.status, 204);
    // Stopped, so that every page is written back and checkpointed.
    h.restart().await;
    for needle in names.iter().chain(&["Xyloclass", "Devoir-Wombat"]) {
        assert!(
            !in_files(&h, needle),
            "{needle} is still in the database file"
        );
    }
    let after = h
        .send(
            h.http
                .get(format!("{}/api/classes/{id}", h.base()))
                .bearer_auth(teacher),
        )
        .await;
    assert_eq!(after.error(404), "not_found");
    for token in &pupils {
        let me = h
            .send(
                h.http
                    .get(format!("{}/api/classes/{id}/me", h.base()))
                    .bearer_auth(token),
            )
            .await;
        assert_eq!(me.error(404), "not_found");
    }
}

#[tokio::test]
async fn a_deleted_account_leaves_nothing_of_its_name_in_the_file() {
    let mut h = Harness::new().await;
    let res = h
        .http
        .post(format!("{}/api/account/signup", h.base()))
        .json(&json!({"name": "Zorbulon", "password": "correct horse"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let cookie = res.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    // A finished game under the account's name.
    let body = json!({"seats": [{"kind": "human", "mine": true}, {"kind": "ai", "level": 1}]});
    let game: Value = h
        .send(
            h.http
                .post(format!("{}/api/games", h.base()))
                .header("cookie", &cookie)
                .json(&body),
        )
        .await
        .json();
    let resign = h
        .send(
            h.http
                .post(format!(
                    "{}/api/games/{}/resign",
                    h.base(),
                    game["id"].as_str().unwrap()
                ))
                .header("cookie", &cookie)
                .json(&json!({})),
        )
        .await;
    assert_eq!(resign.status, 200, "{}", resign.text);
    h.restart().await;
    assert!(in_files(&h, "Zorbulon"));
    let gone = h
        .send(
            h.http
                .post(format!("{}/api/account/delete", h.base()))
                .header("cookie", &cookie)
                .json(&json!({"password": "correct horse"})),
        )
        .await;
    assert_eq!(gone.status, 204, "{}", gone.text);
    h.restart().await;
    assert!(
        !in_files(&h, "Zorbulon"),
        "the name is still in the database file"
    );
    assert!(
        !in_files(&h, "zorbulon"),
        "the name's key is still in the database file"
    );
}
