//! `quoridor migrate`: a server's SQLite database moved into PostgreSQL
//! (issue 58): every table copied with its counts checked, a server on
//! PostgreSQL that finds the games, the classes and the accounts where the
//! SQLite server left them, and the refusals (a database that holds
//! anything, a file a server is using).

mod harness;
mod sessions;

use std::path::PathBuf;

use harness::Harness;
use quoridor_server::db::migrate::migrate;
use quoridor_server::db::sql::test_database;
use quoridor_server::request::{CreateRequest, SeatRequest};
use serde_json::{json, Value};

#[tokio::test]
async fn a_sqlite_database_moves_into_postgres_and_the_server_goes_on_there() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.db");
    let mut h = Harness::on(file.clone()).await;
    let game = two_people_on_five(&h).await;
    for mv in ["c2", "c4", "b3h"] {
        assert_eq!(h.play(&game.id, &game.token, mv).await.status, 200);
    }
    let class: Value = h
        .post("/api/classes", None, &json!({"name": "Migrants"}))
        .await
        .json();
    let (class_id, teacher) = (
        class["id"].as_str().unwrap(),
        class["token"].as_str().unwrap(),
    );
    let signup = ottilie(&h, "signup").await;
    assert_eq!(signup.status, 201, "{}", signup.text);
    // A bot's account and its personal API token (a row PostgreSQL numbers).
    let robo = sessions::sign_up(&h, "Robo").await;
    let first = make_token(&h, &robo, "before").await;

    // Not while a server uses the file.
    let url = test_database();
    let busy = tokio::task::spawn_blocking({
        let (file, url) = (file.clone(), url.clone());
        move || migrate(&file, &url, |_, _| {})
    })
    .await
    .unwrap();
    assert!(busy
        .unwrap_err()
        .contains("in use by another quoridor server"));

    h.server.take().unwrap().stop().await.unwrap();
    let moved = tokio::task::spawn_blocking({
        let (file, url) = (file.clone(), url.clone());
        move || {
            let mut heard = Vec::new();
            let copied = migrate(&file, &url, |table, rows| {
                heard.push((table.to_string(), rows))
            });
            (copied, heard)
        }
    })
    .await
    .unwrap();
    let (copied, heard) = moved;
    let copied = copied.unwrap();
    let rows = |table: &str| copied.iter().find(|(t, _)| *t == table).unwrap().1;
    assert_eq!(rows("games"), 1);
    assert_eq!(rows("entries"), 3);
    assert_eq!(rows("classes"), 1);
    assert_eq!(rows("accounts"), 2);
    assert_eq!(rows("api_tokens"), 1);
    assert_eq!(heard.len(), copied.len(), "each table's progress is told");

    // Into a database that holds anything: refused, nothing changed.
    let again = tokio::task::spawn_blocking({
        let (file, url) = (file.clone(), url.clone());
        move || migrate(&file, &url, |_, _| {})
    })
    .await
    .unwrap();
    assert!(again.unwrap_err().contains("not empty"));

    // A server on PostgreSQL finds everything.
    let h = Harness::on(PathBuf::from(&url)).await;
    let view = h.game(&game.id).await;
    assert_eq!(view.moves.len(), 3);
    assert_eq!(h.play(&game.id, &game.token, "c5").await.status, 200);
    let shown = h
        .send(
            h.http
                .get(format!("{}/api/classes/{class_id}", h.base()))
                .bearer_auth(teacher),
        )
        .await;
    assert_eq!(shown.status, 200, "{}", shown.text);
    assert!(shown.text.contains("Migrants"));
    let login = ottilie(&h, "login").await;
    assert_eq!(login.status, 200, "{}", login.text);

    // The session and the token moved; a new token numbers on after it.
    let bearer = h.http.get(format!("{}/api/account/playing", h.base()));
    let playing = h.send(bearer.bearer_auth(&first)).await;
    assert_eq!(playing.status, 200, "{}", playing.text);
    let second = sessions::post(&h, "/api/account/tokens", &robo, json!({"label": "after"})).await;
    assert_eq!(second.status, 201, "{}", second.text);
    let listed: Value = sessions::get(&h, "/api/account/tokens", &robo).await.json();
    let labels: Vec<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["before", "after"]);
}

/// A personal API token of `who`'s, named `label`.
async fn make_token(h: &Harness, who: &sessions::Session, label: &str) -> String {
    let made = sessions::post(h, "/api/account/tokens", who, json!({ "label": label })).await;
    assert_eq!(made.status, 201, "{}", made.text);
    made.json::<Value>()["token"].as_str().unwrap().to_string()
}

/// A 5×5 game of two people at one screen.
async fn two_people_on_five(h: &Harness) -> quoridor_server::view::SeatedView {
    h.create(&CreateRequest {
        size: 5,
        seats: vec![SeatRequest::human(true), SeatRequest::human(true)],
        ..CreateRequest::default()
    })
    .await
}

/// Ottilie signs up or logs in (`what`).
async fn ottilie(h: &Harness, what: &str) -> harness::Reply {
    let body = json!({"name": "Ottilie", "password": "moved with care"});
    let url = format!("{}/api/account/{what}", h.base());
    h.send(h.http.post(url).json(&body)).await
}

/// Runs `command`, which must succeed (its errors shown otherwise).
fn run(command: &mut std::process::Command) {
    let out = command.output().unwrap();
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{command:?}: {errors}");
}

/// PostgreSQL's own tool of `name` (pg_dump, pg_restore), as a command:
/// Debian keeps them under /usr/lib/postgresql/N/bin (scripts/pg.sh
/// installs them).
fn pg_tool(name: &str) -> std::process::Command {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|version| version.path().join("bin").join(name))
        .filter(|path| path.is_file())
        .collect();
    found.sort();
    let path = found
        .pop()
        .or_else(|| {
            let path = PathBuf::from("/usr/bin").join(name);
            path.is_file().then_some(path)
        })
        .unwrap_or_else(|| panic!("{name} is missing: scripts/test.sh installs PostgreSQL"));
    std::process::Command::new(path)
}

/// A backup of the PostgreSQL store made by pg_dump while the server runs,
/// restored by pg_restore into a new database, serves the same games
/// (docs/deploy.md, "Backups on PostgreSQL").
#[tokio::test]
async fn a_postgres_backup_by_pg_dump_restores_with_pg_restore() {
    let url = test_database();
    let h = Harness::on(PathBuf::from(&url)).await;
    let game = two_people_on_five(&h).await;
    for mv in ["c2", "c4"] {
        assert_eq!(h.play(&game.id, &game.token, mv).await.status, 200);
    }
    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join("quoridor.dump");
    run(pg_tool("pg_dump")
        .args(["--format=custom", "--no-owner", "--file"])
        .arg(&dump)
        .arg(&url));
    let restored = test_database();
    run(pg_tool("pg_restore")
        .args(["--no-owner", "--exit-on-error", "--dbname"])
        .arg(&restored)
        .arg(&dump));
    let back = Harness::on(PathBuf::from(&restored)).await;
    assert_eq!(back.game(&game.id).await.moves.len(), 2);
    assert_eq!(back.play(&game.id, &game.token, "c3").await.status, 200);
}

/// One server per PostgreSQL database, as per SQLite file: a second is
/// refused while the first runs, and starts once it has stopped.
#[tokio::test]
async fn a_second_server_on_one_postgres_database_is_refused_until_the_first_stops() {
    let url = test_database();
    let mut first = Harness::on(PathBuf::from(&url)).await;
    let second =
        quoridor_server::start(quoridor_server::ServeArgs::for_tests(PathBuf::from(&url))).await;
    let Err(refused) = second else {
        panic!("two servers on one database")
    };
    assert!(
        refused.contains("in use by another quoridor server"),
        "{refused}"
    );
    assert!(!refused.contains("password"), "{refused}");
    first.server.take().unwrap().stop().await.unwrap();
    let third = Harness::on(PathBuf::from(&url)).await;
    assert_eq!(third.get("/api/ready").await.status, 200);
}
