//! Accounts on the real server (issue 12): sign-up, log-in and its limits,
//! sessions that act for their seats from any browser, rated games changed
//! by the Glicko-2 amounts, profiles and leaderboards, what another account
//! cannot do, deletion, and the migration of a database written by the
//! first release.

mod harness;

use harness::{Harness, Reply};
use quoridor_game::rating::{Game, Rating, START, TAU};
use quoridor_rules::Seat;
use quoridor_server::account::view::{AccountView, GamesView, LeaderboardView, ProfileView};
use quoridor_server::request::{CreateRequest, MoveRequest, SeatRequest};
use quoridor_server::view::{GameView, SeatedView};
use serde_json::json;

/// A logged-in browser: its session cookie.
#[derive(Clone)]
struct Session(String);

impl Harness {
    async fn account_call(
        &self,
        method: reqwest::Method,
        path: &str,
        session: Option<&Session>,
        body: Option<serde_json::Value>,
    ) -> (Reply, Option<String>) {
        let mut req = self.http.request(method, format!("{}{path}", self.base()));
        if let Some(Session(cookie)) = session {
            req = req.header("cookie", format!("quoridor_session={cookie}"));
        }
        if let Some(body) = body {
            req = req.json(&body);
        }
        let res = req.send().await.unwrap();
        let set_cookie = res
            .headers()
            .get("set-cookie")
            .map(|v| v.to_str().unwrap().to_string());
        let reply = Reply {
            status: res.status().as_u16(),
            text: res.text().await.unwrap(),
        };
        (reply, set_cookie)
    }

    async fn sign_up(&self, name: &str, password: &str) -> Session {
        let body = json!({"name": name, "password": password});
        let (reply, cookie) = self
            .account_call(
                reqwest::Method::POST,
                "/api/account/signup",
                None,
                Some(body),
            )
            .await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        session_of(cookie.as_deref())
    }

    async fn log_in(&self, name: &str, password: &str) -> (Reply, Option<String>) {
        let body = json!({"name": name, "password": password});
        self.account_call(
            reqwest::Method::POST,
            "/api/account/login",
            None,
            Some(body),
        )
        .await
    }

    async fn get_as(&self, path: &str, session: &Session) -> Reply {
        self.account_call(reqwest::Method::GET, path, Some(session), None)
            .await
            .0
    }

    async fn post_as(&self, path: &str, session: &Session, body: serde_json::Value) -> Reply {
        self.account_call(reqwest::Method::POST, path, Some(session), Some(body))
            .await
            .0
    }
}

fn session_of(set_cookie: Option<&str>) -> Session {
    let cookie = set_cookie.expect("a Set-Cookie header");
    let value = cookie
        .strip_prefix("quoridor_session=")
        .and_then(|rest| rest.split(';').next())
        .expect("the session cookie");
    Session(value.to_string())
}

/// A rated blitz game (3 min + 2 s) created by `host`, the other seat free.
fn rated_game() -> CreateRequest {
    CreateRequest {
        clock: Some(quoridor_engine::TimeControl::Fischer {
            initial: std::time::Duration::from_secs(180),
            increment: std::time::Duration::from_secs(2),
        }),
        seats: vec![SeatRequest::human(true), SeatRequest::human(false)],
        rated: true,
        ..CreateRequest::default()
    }
}

async fn create_as(h: &Harness, session: &Session, req: &CreateRequest) -> Reply {
    h.post_as("/api/games", session, serde_json::to_value(req).unwrap())
        .await
}

#[tokio::test]
async fn sign_up_log_in_and_out() {
    let h = Harness::new().await;
    let body = json!({"name": "Alice", "password": "correct horse"});
    let (reply, cookie) = h
        .account_call(
            reqwest::Method::POST,
            "/api/account/signup",
            None,
            Some(body),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let cookie = cookie.unwrap();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    assert!(!cookie.contains("Secure"), "plain http: {cookie}");
    let alice = session_of(Some(&cookie));
    let me: AccountView = h.get_as("/api/account", &alice).await.json();
    assert_eq!(me.name, "Alice");
    assert!(me.ratings.is_empty());

    // Names: unique in any case, from a safe alphabet; passwords of 8.
    for (name, password, code) in [
        ("alice", "another one", "name_taken"),
        ("ALICE", "another one", "name_taken"),
        ("a", "long enough", "bad_request"),
        ("<script>", "long enough", "bad_request"),
        ("bob", "short", "bad_request"),
    ] {
        let body = json!({"name": name, "password": password});
        let (reply, cookie) = h
            .account_call(
                reqwest::Method::POST,
                "/api/account/signup",
                None,
                Some(body),
            )
            .await;
        assert_eq!(
            reply.error(if code == "name_taken" { 409 } else { 400 }),
            code
        );
        assert!(cookie.is_none());
    }

    // Log out: the session ends on the server, the cookie is cleared.
    let (reply, cookie) = h
        .account_call(
            reqwest::Method::POST,
            "/api/account/logout",
            Some(&alice),
            None,
        )
        .await;
    assert_eq!(reply.status, 204);
    assert!(cookie.unwrap().contains("Max-Age=0"));
    assert_eq!(
        h.get_as("/api/account", &alice).await.error(401),
        "not_logged_in"
    );

    // Log in by any case of the name.
    let (reply, cookie) = h.log_in("aLiCe", "correct horse").await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let again = session_of(cookie.as_deref());
    assert_eq!(
        h.get_as("/api/account", &again)
            .await
            .json::<AccountView>()
            .name,
        "Alice"
    );

    // Wrong passwords and unknown names: one error; five wrong passwords
    // for an account lock it for a while, the right one included.
    assert_eq!(
        h.log_in("nobody", "whatever1").await.0.error(401),
        "wrong_password"
    );
    for _ in 0..5 {
        assert_eq!(
            h.log_in("alice", "wrong horse").await.0.error(401),
            "wrong_password"
        );
    }
    assert_eq!(
        h.log_in("alice", "correct horse").await.0.error(429),
        "too_many_tries"
    );

    // Only hashes are stored: neither the password nor a session token.
    h.sign_up("Bob_2", "battery staple").await;
    let (reply, _) = h.log_in("bob_2", "battery staple").await;
    assert_eq!(reply.status, 200);
    let stored = h.stored_text();
    for secret in ["correct horse", "battery staple", again.0.as_str()] {
        assert!(!stored.contains(secret), "{secret} stored in clear");
    }
}

#[tokio::test]
async fn a_new_password_ends_the_other_sessions() {
    let h = Harness::new().await;
    let first = h.sign_up("carol", "first password").await;
    let second = session_of(h.log_in("carol", "first password").await.1.as_deref());
    let wrong = h
        .post_as(
            "/api/account/password",
            &first,
            json!({"old": "not it at all", "new": "second password"}),
        )
        .await;
    assert_eq!(wrong.error(401), "wrong_password");
    let short = h
        .post_as(
            "/api/account/password",
            &first,
            json!({"old": "first password", "new": "2short"}),
        )
        .await;
    assert_eq!(short.error(400), "bad_request");
    let changed = h
        .post_as(
            "/api/account/password",
            &first,
            json!({"old": "first password", "new": "second password"}),
        )
        .await;
    assert_eq!(changed.status, 204, "{}", changed.text);
    assert_eq!(h.get_as("/api/account", &first).await.status, 200);
    assert_eq!(
        h.get_as("/api/account", &second).await.error(401),
        "not_logged_in"
    );
    assert_eq!(
        h.log_in("carol", "first password").await.0.error(401),
        "wrong_password"
    );
    assert_eq!(h.log_in("carol", "second password").await.0.status, 200);
}

/// Glicko-2 for one game between two ratings.
fn expected(me: Rating, other: Rating, score: f64) -> i32 {
    me.after(
        &[Game {
            opponent: other,
            score,
        }],
        TAU,
    )
    .rating
    .round() as i32
}

#[tokio::test]
async fn a_rated_game_between_two_accounts() {
    let mut h = Harness::new().await;
    let alice = h.sign_up("alice", "alice's password").await;
    let bob = h.sign_up("bob", "bob's password").await;
    let carol = h.sign_up("carol", "carol's password").await;

    // Refused: rated without an account, a small board, no clock.
    let anonymous = h.post("/api/games", None, &rated_game()).await;
    assert_eq!(anonymous.error(400), "bad_request");
    let small = CreateRequest {
        size: 5,
        ..rated_game()
    };
    assert_eq!(
        create_as(&h, &alice, &small).await.error(400),
        "bad_request"
    );
    let untimed = CreateRequest {
        clock: None,
        ..rated_game()
    };
    assert_eq!(
        create_as(&h, &alice, &untimed).await.error(400),
        "bad_request"
    );
    let against_ai = CreateRequest {
        seats: vec![SeatRequest::human(true), SeatRequest::ai(5)],
        ..rated_game()
    };
    assert_eq!(
        create_as(&h, &alice, &against_ai).await.error(400),
        "bad_request"
    );

    let created = create_as(&h, &alice, &rated_game()).await;
    assert_eq!(created.status, 201, "{}", created.text);
    let game: SeatedView = created.json();
    let id = game.id.clone();
    assert!(game.game.settings.rated);
    assert_eq!(game.game.seats[0].name, "alice");
    assert!(game.game.seats[0].account);

    // Only another account may take the other seat.
    let join = |who: Option<&Session>| {
        let h = &h;
        let id = id.clone();
        let who = who.cloned();
        async move {
            let path = format!("/api/games/{id}/join");
            h.account_call(reqwest::Method::POST, &path, who.as_ref(), Some(json!({})))
                .await
                .0
        }
    };
    assert_eq!(join(None).await.error(403), "not_allowed");
    assert_eq!(join(Some(&alice)).await.error(403), "not_allowed");
    let joined = join(Some(&bob)).await;
    assert_eq!(joined.status, 200, "{}", joined.text);
    let view: SeatedView = joined.json();
    assert_eq!(view.seats, vec![Seat::North]);
    assert_eq!(view.game.seats[1].name, "bob");

    // The players act through their sessions alone (any browser); the
    // token still works in the browser that made the game.
    let mv = |mv: &str| serde_json::to_value(MoveRequest { mv: mv.into() }).unwrap();
    let path = format!("/api/games/{id}/move");
    assert_eq!(h.play(&id, &game.token, "e2").await.status, 200);
    assert_eq!(h.post_as(&path, &bob, mv("e8")).await.status, 200);
    assert_eq!(h.post_as(&path, &alice, mv("e3")).await.status, 200);
    // Another account cannot move, resign or undo for them.
    assert_eq!(
        h.post_as(&path, &carol, mv("e7")).await.error(401),
        "unauthorized"
    );
    let resign = format!("/api/games/{id}/resign");
    assert_eq!(
        h.post_as(&resign, &carol, json!({})).await.error(401),
        "unauthorized"
    );
    assert_eq!(
        h.post_as(&path, &alice, mv("e4")).await.error(409),
        "not_your_turn"
    );
    // A WebSocket with the session cookie knows bob's seat.
    let mut request =
        tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(format!(
            "ws://{}/api/games/{id}/ws",
            h.addr()
        ))
        .unwrap();
    request.headers_mut().insert(
        "cookie",
        format!("quoridor_session={}", bob.0).parse().unwrap(),
    );
    let (mut ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    let hello = futures_util::StreamExt::next(&mut ws)
        .await
        .unwrap()
        .unwrap();
    let hello: serde_json::Value = serde_json::from_str(hello.to_text().unwrap()).unwrap();
    assert_eq!(hello["you"], json!(["north"]), "{hello}");
    drop(ws);

    // Bob resigns: both ratings move by the Glicko-2 amounts.
    let over: GameView = h.post_as(&resign, &bob, json!({})).await.json();
    let changes = &over.rating_changes;
    assert_eq!(changes.len(), 2, "{changes:?}");
    let (a, b) = (&changes[0], &changes[1]);
    assert_eq!((a.name.as_str(), a.before), ("alice", 1500));
    assert_eq!(a.after, expected(START, START, 1.0));
    assert_eq!(b.after, expected(START, START, 0.0));
    assert!(a.after > 1600 && b.after < 1400, "{changes:?}");
    assert!(a.provisional && b.provisional);

    // The profile: the blitz rating (provisional), the record, the history
    // and the game with its rating change. Carol sees it too.
    let profile: ProfileView = h.get("/api/players/ALICE").await.json();
    assert_eq!(profile.name, "alice");
    assert_eq!(profile.ratings.len(), 1);
    assert_eq!(profile.ratings[0].rating, a.after);
    assert_eq!(profile.ratings[0].speed.name(), "blitz");
    assert!(profile.ratings[0].provisional);
    assert_eq!((profile.record.won, profile.record.lost), (1, 0));
    assert_eq!(profile.history[0].points.len(), 1);
    assert_eq!(profile.games[0].id, id);
    assert_eq!(profile.games[0].opponent_account.as_deref(), Some("bob"));
    assert_eq!(profile.games[0].result.as_deref(), Some("win"));
    assert_eq!(profile.games[0].rating_before, Some(1500));
    assert_eq!(h.get("/api/players/nobody").await.error(404), "not_found");
    // Provisional ratings stay off the leaderboard.
    let board: LeaderboardView = h.get("/api/leaderboard/blitz").await.json();
    assert!(board.players.is_empty());
    assert_eq!(
        h.get("/api/leaderboard/fast").await.error(400),
        "bad_request"
    );

    // A second game, after a restart: rated from the new ratings.
    h.restart().await;
    let second: SeatedView = create_as(&h, &bob, &rated_game()).await.json();
    let path = format!("/api/games/{}/join", second.id);
    assert_eq!(h.post_as(&path, &alice, json!({})).await.status, 200);
    let resign = format!("/api/games/{}/resign", second.id);
    let over: GameView = h.post_as(&resign, &alice, json!({})).await.json();
    let bob_change = &over.rating_changes[0];
    assert_eq!(bob_change.name, "bob");
    assert_eq!(bob_change.before, b.after);
    let bob_now: AccountView = h.get_as("/api/account", &bob).await.json();
    assert_eq!(bob_now.ratings[0].rating, bob_change.after);
    assert_eq!(bob_now.ratings[0].games, 2);

    // A private casual game is in alice's own list, not on her profile.
    let casual = CreateRequest {
        public: false,
        seats: vec![SeatRequest::human(true), SeatRequest::ai(1)],
        ..CreateRequest::default()
    };
    let private: SeatedView = create_as(&h, &alice, &casual).await.json();
    let mine: GamesView = h.get_as("/api/account/games", &alice).await.json();
    // (Listed by start, to the millisecond: it may tie with the rated game
    // created, played and resigned just before.)
    let line = mine.games.iter().find(|g| g.id == private.id).unwrap();
    assert_eq!(line.result, None);
    let public: GamesView = h.get("/api/players/alice/games").await.json();
    assert!(public.games.iter().all(|g| g.id != private.id));
    assert_eq!(public.games.len(), 2);
    // Carol's own list is hers alone.
    let theirs: GamesView = h.get_as("/api/account/games", &carol).await.json();
    assert!(theirs.games.is_empty());
    assert_eq!(
        h.get("/api/account/games").await.error(401),
        "not_logged_in"
    );
}

#[tokio::test]
async fn a_deleted_account_leaves_its_games_to_a_deleted_player() {
    let h = Harness::new().await;
    let dora = h.sign_up("dora", "dora's password").await;
    let eve = h.sign_up("eve", "eve's password").await;
    let game: SeatedView = create_as(&h, &dora, &rated_game()).await.json();
    let join = format!("/api/games/{}/join", game.id);
    assert_eq!(h.post_as(&join, &eve, json!({})).await.status, 200);

    let delete = |password: &str| json!({ "password": password });
    let wrong = h
        .post_as("/api/account/delete", &dora, delete("not the one"))
        .await;
    assert_eq!(wrong.error(401), "wrong_password");
    let busy = h
        .post_as("/api/account/delete", &dora, delete("dora's password"))
        .await;
    assert_eq!(busy.error(409), "games_in_progress");
    let resign = format!("/api/games/{}/resign", game.id);
    assert_eq!(h.post_as(&resign, &dora, json!({})).await.status, 200);
    let gone = h
        .post_as("/api/account/delete", &dora, delete("dora's password"))
        .await;
    assert_eq!(gone.status, 204, "{}", gone.text);

    assert_eq!(
        h.get_as("/api/account", &dora).await.error(401),
        "not_logged_in"
    );
    assert_eq!(h.get("/api/players/dora").await.error(404), "not_found");
    assert_eq!(
        h.log_in("dora", "dora's password").await.0.error(401),
        "wrong_password"
    );
    // The game stays, its seat renamed; eve's list names a deleted player.
    let view = h.game(&game.id).await;
    assert_eq!(view.seats[0].name, "deleted player");
    assert!(!view.seats[0].account);
    let eves: ProfileView = h.get("/api/players/eve").await.json();
    assert_eq!(eves.games[0].opponent, "deleted player");
    assert_eq!(eves.games[0].opponent_account, None);
    assert_eq!(eves.record.won, 1);
    // Nothing in the database still holds the name (nor will a backup):
    // not the games, not the opponents' lists of games.
    for line in h.stored_rows_text().lines() {
        assert!(
            !line.to_lowercase().contains("dora"),
            "the store still holds the name: {line}"
        );
    }
    // The name is free again.
    h.sign_up("Dora", "a new dora here").await;
}

#[tokio::test]
async fn a_database_of_the_first_release_opens_with_every_game() {
    // Written by the server before accounts (commit 1d594e4): a finished
    // game, one in progress with a clock, one waiting, a class with a
    // pupil and a tournament (tests/data/db-v1.json has their tokens).
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("old.db");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/db-v1.sqlite"),
        &db,
    )
    .unwrap();
    let tokens: serde_json::Value = serde_json::from_str(include_str!("data/db-v1.json")).unwrap();
    let text = |v: &serde_json::Value| v.as_str().unwrap().to_string();
    let mut h = Harness::on(db.clone()).await;
    for _ in 0..2 {
        let finished = h.game(&text(&tokens["finished"]["id"])).await;
        assert_eq!(finished.moves.len(), 7);
        assert_eq!(finished.result.as_ref().unwrap().termination, "resignation");
        assert_eq!(finished.seats[0].name, "Ana");

        let playing_id = text(&tokens["playing"]["id"]);
        let playing = h.game(&playing_id).await;
        assert_eq!(playing.moves.len(), 3);
        assert!(playing.clock.is_some());
        let waiting = h.game(&text(&tokens["waiting"]["id"])).await;
        assert_eq!(waiting.seats.len(), 4);

        let class = h
            .post(
                "/api/classes/open",
                None,
                &json!({"code": tokens["class"]["code"], "pin": "1234"}),
            )
            .await;
        assert_eq!(class.status, 200, "{}", class.text);
        let tournament = h
            .get(&format!(
                "/api/tournaments/{}",
                text(&tokens["tournament"]["id"])
            ))
            .await;
        assert_eq!(tournament.status, 200, "{}", tournament.text);
        h.restart().await;
    }
    // The game in progress goes on with its old tokens.
    let playing_id = text(&tokens["playing"]["id"]);
    let north = text(&tokens["playing"]["north"]);
    let reply = h.play(&playing_id, &north, "e7").await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    // And the new tables work in it.
    let fay = h.sign_up("fay", "fay's password").await;
    assert_eq!(h.get_as("/api/account", &fay).await.status, 200);
    h.server.take().unwrap().stop().await.unwrap();
    let conn = rusqlite::Connection::open(&db).unwrap();
    let version: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(version as usize, quoridor_server::db::SCHEMA_VERSION);
    assert_eq!(quoridor_server::db::SCHEMA_VERSION, 11);
}

/// A teacher's classes follow their account: made while logged in (or kept
/// in it later), listed on another device after a log-in and opened there
/// without the PIN; another account cannot; deleting the account leaves
/// the classes to their screens and PIN.
#[tokio::test]
async fn a_teachers_classes_follow_their_account() {
    let h = Harness::new().await;
    let school = h.sign_up("mme_dupont", "a long password").await;
    let reply = h
        .post_as(
            "/api/classes",
            &school,
            json!({"name": "CE2 B", "lang": "fr", "pin": "2468"}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let ce2: serde_json::Value = serde_json::from_str(&reply.text).unwrap();
    let ce2_id = ce2["id"].as_str().unwrap().to_string();
    // One made without an account, then kept in it from its screen.
    let cm1: serde_json::Value = h
        .post("/api/classes", None, &json!({"name": "CM1"}))
        .await
        .json();
    let cm1_id = cm1["id"].as_str().unwrap().to_string();
    let keep = h
        .account_call(
            reqwest::Method::POST,
            &format!("/api/classes/{cm1_id}/account"),
            Some(&school),
            Some(json!({})),
        )
        .await
        .0;
    assert_eq!(
        keep.status, 401,
        "the class's own key is needed too: {}",
        keep.text
    );
    let res = h
        .http
        .post(format!("{}/api/classes/{cm1_id}/account", h.base()))
        .header("cookie", format!("quoridor_session={}", school.0))
        .bearer_auth(cm1["token"].as_str().unwrap())
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 204);
    // At home: logged in on another device, both listed, one opened.
    let (reply, cookie) = h.log_in("mme_dupont", "a long password").await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let home = session_of(cookie.as_deref());
    let mine: serde_json::Value =
        serde_json::from_str(&h.get_as("/api/classes/mine", &home).await.text).unwrap();
    let mut names: Vec<&str> = mine
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    // Oldest first; both were made within the same millisecond or two.
    names.sort_unstable();
    assert_eq!(names, ["CE2 B", "CM1"]);
    let key = h
        .post_as(&format!("/api/classes/{ce2_id}/teacher"), &home, json!({}))
        .await;
    assert_eq!(key.status, 200, "{}", key.text);
    let token = serde_json::from_str::<serde_json::Value>(&key.text).unwrap()["token"]
        .as_str()
        .unwrap()
        .to_string();
    let view = h
        .send(
            h.http
                .get(format!("{}/api/classes/{ce2_id}", h.base()))
                .bearer_auth(&token),
        )
        .await;
    assert_eq!(view.status, 200, "{}", view.text);
    assert!(view.text.contains("\"in_account\":true"));
    // Not logged in, or another account: nothing.
    assert_eq!(h.get("/api/classes/mine").await.error(401), "not_logged_in");
    let other = h.sign_up("stranger", "another long password").await;
    assert_eq!(h.get_as("/api/classes/mine", &other).await.text, "[]");
    let refused = h
        .post_as(&format!("/api/classes/{ce2_id}/teacher"), &other, json!({}))
        .await;
    assert_eq!(refused.error(401), "unauthorized");
    // The account deleted: the classes stay, with their screens.
    let gone = h
        .post_as(
            "/api/account/delete",
            &home,
            json!({"password": "a long password"}),
        )
        .await;
    assert_eq!(gone.status, 204, "{}", gone.text);
    let view = h
        .send(
            h.http
                .get(format!("{}/api/classes/{ce2_id}", h.base()))
                .bearer_auth(&token),
        )
        .await;
    assert_eq!(view.status, 200);
    assert!(view.text.contains("\"in_account\":false"), "{}", view.text);
}
