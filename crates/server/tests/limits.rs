//! Every limit of README.md and API.md under a concurrent burst (issue 42):
//! each test fires its requests at once on the real server and counts what
//! got through, so that a check made before an `await` and a count made
//! after it would show. Other people are other loopback addresses
//! (127.0.0.N).

mod harness;

use futures_util::future::join_all;
use harness::{Harness, Reply};
use quoridor_server::request::{CreateRequest, SeatRequest};
use quoridor_server::view::SeatedView;
use serde_json::{json, Value};

/// How many replies have each status.
fn count(replies: &[Reply], status: u16) -> usize {
    replies.iter().filter(|r| r.status == status).count()
}

fn codes(replies: &[Reply]) -> Vec<String> {
    replies
        .iter()
        .filter(|r| r.status >= 400)
        .map(|r| {
            r.json::<Value>()["error"]["code"]
                .as_str()
                .unwrap_or("")
                .to_string()
        })
        .collect()
}

async fn sign_up_from(h: &Harness, client: &reqwest::Client, name: &str) -> Reply {
    h.post_with(
        client,
        "/api/account/signup",
        None,
        &json!({"name": name, "password": "correct horse"}),
    )
    .await
}

async fn log_in_from(h: &Harness, client: &reqwest::Client, name: &str, password: &str) -> Reply {
    h.post_with(
        client,
        "/api/account/login",
        None,
        &json!({"name": name, "password": password}),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_burst_of_wrong_passwords_is_checked_five_times_and_does_not_lock_the_owner_out() {
    let h = Harness::new().await;
    let owner = h.client_from("127.0.0.2");
    assert_eq!(sign_up_from(&h, &owner, "alice").await.status, 201);
    // The owner logs in once from home: that address is known from now on.
    assert_eq!(
        log_in_from(&h, &owner, "alice", "correct horse")
            .await
            .status,
        200
    );

    // 60 wrong passwords at once from one address.
    let stranger = h.client_from("127.0.0.3");
    let (hr, st) = (&h, &stranger);
    let burst = (0..60).map(|i| async move {
        let guess = if i % 2 == 0 { "guess one" } else { "guess two" };
        log_in_from(hr, st, "alice", guess).await
    });
    let replies = join_all(burst).await;
    // Exactly five were checked against the hash (5 per account and
    // address); the others were refused before any check.
    assert_eq!(count(&replies, 401), 5, "{:?}", codes(&replies));
    assert_eq!(count(&replies, 429), 55);
    let locked = replies.iter().find(|r| r.status == 429).unwrap();
    assert!(locked.json::<Value>()["error"]["message"]
        .as_str()
        .unwrap()
        .contains("try again in"));
    // The stranger is locked out; the owner is not.
    let again = log_in_from(&h, &stranger, "alice", "correct horse").await;
    assert_eq!(again.error(429), "too_many_tries");
    assert_eq!(
        log_in_from(&h, &owner, "alice", "correct horse")
            .await
            .status,
        200
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_address_gets_twenty_wrong_passwords_whatever_the_accounts() {
    let h = Harness::new().await;
    let maker = h.client_from("127.0.0.2");
    for i in 0..5 {
        assert_eq!(
            sign_up_from(&h, &maker, &format!("user{i}")).await.status,
            201
        );
    }
    let guesser = h.client_from("127.0.0.4");
    // 5 accounts × 6 tries at once: at most 20 checked from this address.
    let (h, guesser) = (&h, &guesser);
    let burst = (0..30).map(|i| async move {
        log_in_from(h, guesser, &format!("user{}", i % 5), "nope nope").await
    });
    let replies = join_all(burst).await;
    assert_eq!(count(&replies, 401), 20, "{:?}", codes(&replies));
    assert_eq!(count(&replies, 429), 10);
    // Every account still opens for its owner elsewhere.
    assert_eq!(
        log_in_from(h, &maker, "user0", "correct horse")
            .await
            .status,
        200
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn guessing_from_many_addresses_is_spaced_out_each_address_on_its_own() {
    let h = Harness::new().await;
    let owner = h.client_from("127.0.0.2");
    assert_eq!(sign_up_from(&h, &owner, "bob").await.status, 201);
    // 40 addresses, one wrong password each, at once: each address's first
    // try is checked.
    let crowd: Vec<reqwest::Client> = (10..50)
        .map(|n| h.client_from(&format!("127.0.0.{n}")))
        .collect();
    let round = || {
        join_all(
            crowd
                .iter()
                .map(|c| log_in_from(&h, c, "bob", "wrong password")),
        )
    };
    let replies = round().await;
    assert_eq!(count(&replies, 401), 40, "{:?}", codes(&replies));
    // The account's 20 free tries are spent: from now on each address waits
    // its own 1, 2, 4… seconds between tries. Those that tried past the
    // budget wait now; the others had their try free and start waiting.
    // The account's 20 free tries are spent: from now on each address
    // waits its own 1, 2, 4… seconds between two tries, and only its own.
    // (An address whose first try was among the free ones has its first
    // spaced try now.)
    let last = &crowd[39];
    let mut again = log_in_from(&h, last, "bob", "wrong password").await;
    if again.status == 401 {
        again = log_in_from(&h, last, "bob", "wrong password").await;
    }
    assert_eq!(again.error(429), "too_many_tries");
    let fresh = h.client_from("127.0.0.77");
    assert_eq!(
        log_in_from(&h, &fresh, "bob", "wrong password")
            .await
            .status,
        401
    );
    // The owner, from where the account was made, is not made to wait.
    assert_eq!(
        log_in_from(&h, &owner, "bob", "correct horse").await.status,
        200
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_stranger_who_polls_every_open_try_cannot_keep_the_owner_out() {
    let h = Harness::new().await;
    let home = h.client_from("127.0.0.2");
    assert_eq!(sign_up_from(&h, &home, "carl").await.status, 201);
    // Strangers spend the account's free tries, then one of them polls
    // without end to take every try the moment it opens.
    for n in 60..80 {
        let stranger = h.client_from(&format!("127.0.0.{n}"));
        assert_eq!(
            log_in_from(&h, &stranger, "carl", "guess").await.status,
            401
        );
    }
    let poller = h.client_from("127.0.0.81");
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let polling = {
        let (base, stop, poller) = (h.base(), stop.clone(), poller.clone());
        tokio::spawn(async move {
            let mut tries = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let _ = poller
                    .post(format!("{base}/api/account/login"))
                    .json(&json!({"name": "carl", "password": "guess"}))
                    .send()
                    .await;
                tries += 1;
            }
            tries
        })
    };
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    // The owner on a new device, and at home where the account was made,
    // gets in at the first try.
    let phone = h.client_from("127.0.0.99");
    let began = std::time::Instant::now();
    assert_eq!(
        log_in_from(&h, &phone, "carl", "correct horse")
            .await
            .status,
        200
    );
    assert_eq!(
        log_in_from(&h, &home, "carl", "correct horse").await.status,
        200
    );
    assert!(began.elapsed() < std::time::Duration::from_secs(2));
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    assert!(polling.await.unwrap() > 10, "the poller polled");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn ten_sign_ups_an_hour_per_address_in_a_burst() {
    let h = Harness::new().await;
    let client = h.client_from("127.0.0.5");
    let burst = (0..25).map(|i| {
        let (h, client) = (&h, &client);
        async move { sign_up_from(h, client, &format!("new{i}")).await }
    });
    let replies = join_all(burst).await;
    assert_eq!(count(&replies, 201), 10, "{:?}", codes(&replies));
    assert_eq!(count(&replies, 429), 15);
    // A failed sign-up (a name taken) does not use one of the hour's.
    let other = h.client_from("127.0.0.6");
    assert_eq!(sign_up_from(&h, &other, "taken").await.status, 201);
    for _ in 0..3 {
        assert_eq!(
            sign_up_from(&h, &other, "taken").await.error(409),
            "name_taken"
        );
    }
    for i in 0..9 {
        assert_eq!(
            sign_up_from(&h, &other, &format!("more{i}")).await.status,
            201
        );
    }
    assert_eq!(
        sign_up_from(&h, &other, "toomany").await.error(429),
        "rate_limited"
    );
}

/// A small exercise any address may share.
fn maze() -> Value {
    json!({"exercise": {"version": 1, "board": {"size": 5,
        "fences": ["a2h", "d2v", "b3h", "c3v", "d3h", "c4h"], "items": {}},
        "task": "maze", "start": "d4", "exit": "e3", "side": "right"}})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn five_hundred_shared_exercises_per_address_in_a_burst() {
    // 505 requests at once open as many connections: above an address's
    // share of connections (500 by default), which is not what is tested.
    let h = Harness::with(|args| args.max_connections_per_client = 1000).await;
    let client = h.client_from("127.0.0.7");
    let body = maze();
    let burst = (0..505).map(|_| h.post_with(&client, "/api/classroom/exercises", None, &body));
    let replies = join_all(burst).await;
    assert_eq!(count(&replies, 201), 500, "{:?}", codes(&replies));
    assert!(codes(&replies).iter().all(|c| c == "too_many_exercises"));
    // Deleting one frees a place; the count survives a restart.
    let first: Value = replies.iter().find(|r| r.status == 201).unwrap().json();
    let path = format!("/api/classroom/exercises/{}", first["id"].as_str().unwrap());
    let token = first["token"].as_str().unwrap();
    let gone = h
        .send(
            h.http
                .delete(format!("{}{path}", h.base()))
                .bearer_auth(token),
        )
        .await;
    assert_eq!(gone.status, 204);
    let mut h = h;
    h.restart().await;
    let client = h.client_from("127.0.0.7");
    let again =
        join_all((0..3).map(|_| h.post_with(&client, "/api/classroom/exercises", None, &body)))
            .await;
    assert_eq!(count(&again, 201), 1, "{:?}", codes(&again));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_classes_and_tournaments_per_address_in_a_burst() {
    let mut h = Harness::new().await;
    let client = h.client_from("127.0.0.8");
    let burst = (0..60).map(|i| {
        let (h, client) = (&h, &client);
        let body = json!({"name": format!("Class {i}")});
        async move { h.post_with(client, "/api/classes", None, &body).await }
    });
    let replies = join_all(burst).await;
    assert_eq!(count(&replies, 201), 50, "{:?}", codes(&replies));
    assert!(codes(&replies).iter().all(|c| c == "too_many_rooms"));
    // Tournaments share the count; a deleted class gives its place back,
    // and the count survives a restart.
    let cup = h
        .post_with(
            &client,
            "/api/tournaments",
            None,
            &json!({"name": "TournamentRoom", "format": "round_robin", "size": 5}),
        )
        .await;
    assert_eq!(cup.error(429), "too_many_rooms");
    let first: Value = replies.iter().find(|r| r.status == 201).unwrap().json();
    let gone = h
        .send(
            h.http
                .delete(format!(
                    "{}/api/classes/{}",
                    h.base(),
                    first["id"].as_str().unwrap()
                ))
                .bearer_auth(first["token"].as_str().unwrap()),
        )
        .await;
    assert_eq!(gone.status, 204);
    h.restart().await;
    let client = h.client_from("127.0.0.8");
    let cup = h
        .post_with(
            &client,
            "/api/tournaments",
            None,
            &json!({"name": "TournamentRoom", "format": "round_robin", "size": 5}),
        )
        .await;
    assert_eq!(cup.status, 201, "{}", cup.text);
    let more = h
        .post_with(&client, "/api/classes", None, &json!({"name": "One more"}))
        .await;
    assert_eq!(more.error(429), "too_many_rooms");
}

fn against_ai() -> CreateRequest {
    CreateRequest {
        seats: vec![SeatRequest::human(true), SeatRequest::ai(1)],
        ..CreateRequest::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_unfinished_games_per_address_in_a_burst() {
    let h = Harness::new().await;
    let client = h.client_from("127.0.0.9");
    let body = against_ai();
    let replies = join_all((0..40).map(|_| h.post_with(&client, "/api/games", None, &body))).await;
    assert_eq!(count(&replies, 201), 20, "{:?}", codes(&replies));
    assert!(codes(&replies).iter().all(|c| c == "too_many_rooms"));
}

/// A class of `pupils` opened from `client`, its pupils joined from
/// another address: the teacher's token and the pupils' ids.
async fn class_with(
    h: &Harness,
    client: &reqwest::Client,
    pupils: usize,
) -> (String, String, Vec<u64>) {
    let key: Value = h
        .post_with(client, "/api/classes", None, &json!({"name": "CM1"}))
        .await
        .json();
    let tablets = h.client_from("127.0.0.99");
    let mut ids = Vec::new();
    for i in 0..pupils {
        let joined: Value = h
            .post_with(
                &tablets,
                "/api/join",
                None,
                &json!({"code": key["code"], "name": format!("Pupil {i}")}),
            )
            .await
            .json();
        ids.push(joined["player"].as_u64().unwrap());
    }
    (
        key["id"].as_str().unwrap().to_string(),
        key["token"].as_str().unwrap().to_string(),
        ids,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn class_games_count_against_the_teachers_address() {
    let h = Harness::with(|args| {
        args.max_rooms_per_client = 5;
        args.max_class_games_per_client = 12;
    })
    .await;
    let teacher = h.client_from("127.0.0.20");
    let (a, token_a, pupils_a) = class_with(&h, &teacher, 10).await;
    let (b, token_b, pupils_b) = class_with(&h, &teacher, 10).await;
    // Every pupil of both classes against the AI, asked at once: 20 games
    // asked, 12 allowed for this address through all its classes. Each
    // request is all or nothing: the first one's ten games are made, the
    // other request makes none.
    let ask = |class: &str, token: &str, pupils: &[u64]| {
        let body =
            json!({"pair_by": "random", "pupils": pupils, "ai_level": 1, "game": {"size": 5}});
        let path = format!("/api/classes/{class}/games");
        let token = token.to_string();
        let teacher = teacher.clone();
        let h = &h;
        async move { h.post_with(&teacher, &path, Some(&token), &body).await }
    };
    let replies = join_all([ask(&a, &token_a, &pupils_a), ask(&b, &token_b, &pupils_b)]).await;
    let made: usize = {
        let mut total = 0;
        for (class, token) in [(&a, &token_a), (&b, &token_b)] {
            let view: Value = h
                .send(
                    h.http
                        .get(format!("{}/api/classes/{class}", h.base()))
                        .bearer_auth(token),
                )
                .await
                .json();
            total += view["games"].as_array().unwrap().len();
        }
        total
    };
    assert_eq!(made, 10, "{:?}", codes(&replies));
    assert_eq!(count(&replies, 201), 1);
    assert_eq!(codes(&replies), ["too_many_rooms"]);
    // The address's own games have their own count (5 here), on top.
    let own = join_all((0..8).map(|_| {
        let (h, teacher) = (&h, &teacher);
        async move {
            h.post_with(teacher, "/api/games", None, &against_ai())
                .await
        }
    }))
    .await;
    assert_eq!(count(&own, 201), 5);
    // Another teacher's address is not concerned.
    let other = h.client_from("127.0.0.21");
    let (c, token_c, pupils_c) = class_with(&h, &other, 2).await;
    let body = json!({"pair_by": "random", "pupils": pupils_c, "ai_level": 1, "game": {"size": 5}});
    let reply = h
        .post_with(
            &other,
            &format!("/api/classes/{c}/games"),
            Some(&token_c),
            &body,
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_analysis_board_answers_a_few_at_once_per_address() {
    let h = Harness::new().await;
    let client = h.client_from("127.0.0.30");
    let body = json!({"position": "9 e1,e9 - 10,10 south 0"});
    let replies =
        join_all((0..60).map(|_| h.post_with(&client, "/api/analyse", None, &body))).await;
    // Six a burst by the rate (three a second), of which two search at once
    // (the address's share of the searches): the rest refused at once.
    assert!(count(&replies, 200) <= 6, "{}", count(&replies, 200));
    assert!(count(&replies, 200) >= 2);
    assert_eq!(count(&replies, 200) + count(&replies, 429), 60);
    assert!(replies
        .iter()
        .filter(|r| r.status == 429)
        .all(|r| r.json::<Value>()["error"]["code"] == "rate_limited"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_burst_of_wrong_pins_does_not_lock_the_teacher_out() {
    let h = Harness::new().await;
    let teacher = h.client_from("127.0.0.40");
    let key: Value = h
        .post_with(
            &teacher,
            "/api/classes",
            None,
            &json!({"name": "CE1", "pin": "4321"}),
        )
        .await
        .json();
    let stranger = h.client_from("127.0.0.41");
    let burst = (0..60).map(|i| {
        let (h, stranger) = (&h, &stranger);
        let body = json!({"code": key["code"], "pin": format!("{:04}", i)});
        async move {
            h.post_with(stranger, "/api/classes/open", None, &body)
                .await
        }
    });
    let replies = join_all(burst).await;
    // Five PINs checked (none of 0000-0059 is 4321), the rest refused.
    assert_eq!(count(&replies, 401), 5, "{:?}", codes(&replies));
    assert_eq!(count(&replies, 429), 55);
    let blocked = h
        .post_with(
            &stranger,
            "/api/classes/open",
            None,
            &json!({"code": key["code"], "pin": "4321"}),
        )
        .await;
    assert_eq!(blocked.error(429), "rate_limited");
    let opened = h
        .post_with(
            &teacher,
            "/api/classes/open",
            None,
            &json!({"code": key["code"], "pin": "4321"}),
        )
        .await;
    assert_eq!(opened.status, 200, "{}", opened.text);
    // Wrong codes count too: guessing codes is as slow as guessing PINs.
    let coder = h.client_from("127.0.0.42");
    let codes_tried = (0..30).map(|i| {
        let (h, coder) = (&h, &coder);
        let code = format!("ZZZZ{}", (b'A' + (i % 20) as u8) as char);
        let body = json!({"code": code, "pin": "1234"});
        async move { h.post_with(coder, "/api/classes/open", None, &body).await }
    });
    let replies = join_all(codes_tried).await;
    assert_eq!(count(&replies, 401), 20, "{:?}", codes(&replies));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn rematches_asked_at_once_make_one_game_within_the_limit() {
    let h = Harness::with(|args| args.max_rooms_per_client = 2).await;
    let client = h.client_from("127.0.0.50");
    let game: SeatedView = h
        .post_with(&client, "/api/games", None, &against_ai())
        .await
        .json();
    let resign = format!("/api/games/{}/resign", game.id);
    assert_eq!(
        h.post_with(&client, &resign, Some(&game.token), &json!({}))
            .await
            .status,
        200
    );
    let path = format!("/api/games/{}/rematch", game.id);
    let replies = join_all((0..10).map(|_| {
        let (h, client, path, token) = (&h, &client, &path, &game.token);
        async move { h.post_with(client, path, Some(token), &json!({})).await }
    }))
    .await;
    // Against the AI nobody else is asked: the rematch is made at once.
    assert_eq!(count(&replies, 201), 10, "{:?}", codes(&replies));
    let ids: std::collections::HashSet<String> =
        replies.iter().map(|r| r.json::<SeatedView>().id).collect();
    assert_eq!(ids.len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn thirty_api_requests_a_second_per_address_in_a_burst() {
    let h = Harness::with(|args| args.http_rate = 30).await;
    let client = h.client_from("127.0.0.60");
    let started = std::time::Instant::now();
    let replies = join_all((0..150).map(|_| {
        let (h, client) = (&h, &client);
        async move { h.send(client.get(format!("{}/api/health", h.base()))).await }
    }))
    .await;
    let seconds = started.elapsed().as_secs_f64();
    // 60 at once, and 30 more a second while the burst lasts.
    let passed = count(&replies, 200);
    assert!(passed >= 60, "{passed}");
    assert!(
        passed <= 60 + (30.0 * seconds).ceil() as usize,
        "{passed} in {seconds:.2} s"
    );
    assert_eq!(passed + count(&replies, 429), 150);
    assert!(replies
        .iter()
        .filter(|r| r.status == 429)
        .all(|r| r.json::<Value>()["error"]["code"] == "rate_limited"));
    // Another address is not slowed down.
    let other = h.client_from("127.0.0.61");
    let reply = h.send(other.get(format!("{}/api/health", h.base()))).await;
    assert_eq!(reply.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_websocket_messages_a_second_per_connection_in_a_burst() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let h = Harness::new().await;
    let game: SeatedView = h.create(&against_ai()).await;
    let mut ws = h.ws(&game.id, Some(&game.token)).await;
    ws.next().await.unwrap().unwrap();
    let started = std::time::Instant::now();
    for _ in 0..100 {
        ws.feed(Message::Text(r#"{"type":"ping"}"#.into()))
            .await
            .unwrap();
    }
    ws.flush().await.unwrap();
    let (mut pongs, mut limited) = (0, 0);
    while pongs + limited < 100 {
        let text = ws.next().await.unwrap().unwrap().into_text().unwrap();
        let message: Value = serde_json::from_str(&text).unwrap();
        match message["type"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") if message["error"]["code"] == "rate_limited" => limited += 1,
            _ => {}
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    // 40 at once, and 20 more a second while the burst lasts.
    assert!(pongs >= 40, "{pongs}");
    assert!(
        pongs <= 40 + (20.0 * seconds).ceil() as usize,
        "{pongs} in {seconds:.2} s"
    );
}

/// Sign-ups through a proxy at 127.0.0.9 for the client `forwarded`.
async fn sign_up_via(h: &Harness, proxy: &reqwest::Client, forwarded: &str, name: &str) -> Reply {
    let body = json!({"name": name, "password": "a long enough password"});
    h.send(
        proxy
            .post(format!("{}/api/account/signup", h.base()))
            .header("x-forwarded-for", forwarded)
            .json(&body),
    )
    .await
}

/// Behind a trusted proxy, each client behind it has its own budget (the
/// address the proxy added last); the header from anyone else, or a
/// client's own claim before the proxy's, changes nothing.
#[tokio::test]
async fn behind_a_trusted_proxy_each_client_has_its_own_limits() {
    let h = Harness::with(|args| args.trusted_proxy = vec!["127.0.0.9".parse().unwrap()]).await;
    let proxy = h.client_from("127.0.0.9");
    // Ten sign-ups an hour for 203.0.113.1, in a burst of 12 through the proxy.
    let burst = (0..12).map(|i| {
        let (h, proxy) = (&h, &proxy);
        async move { sign_up_via(h, proxy, "203.0.113.1", &format!("one{i}")).await }
    });
    let replies = join_all(burst).await;
    assert_eq!(count(&replies, 201), 10, "{:?}", codes(&replies));
    // Another client behind the same proxy is not held back, even when it
    // claims the first one's address before its own.
    let other = sign_up_via(&h, &proxy, "203.0.113.1, 198.51.100.2", "two").await;
    assert_eq!(other.status, 201, "{}", other.text);
    // A stranger's header is not believed: the stranger is counted.
    let stranger = h.client_from("127.0.0.10");
    for i in 0..10 {
        let res = sign_up_via(&h, &stranger, &format!("192.0.2.{i}"), &format!("s{i}")).await;
        assert_eq!(res.status, 201, "{}", res.text);
    }
    let res = sign_up_via(&h, &stranger, "192.0.2.99", "s10").await;
    assert_eq!(res.error(429), "rate_limited");
}

/// A class behind one school address: once the address's budget is spent,
/// each pupil and the teacher, known by their token on the class's routes,
/// still have their own; a made-up token or a stranger has none.
#[tokio::test]
async fn a_class_behind_one_address_has_a_budget_per_pupil() {
    let h = Harness::with(|args| args.http_rate = 5).await;
    let school = h.client_from("127.0.0.70");
    let class: Value = h
        .send(
            school
                .post(format!("{}/api/classes", h.base()))
                .json(&json!({"name": "CE2", "lang": "fr"})),
        )
        .await
        .json();
    let (id, code) = (
        class["id"].as_str().unwrap(),
        class["code"].as_str().unwrap(),
    );
    let teacher = class["token"].as_str().unwrap().to_string();
    let mut pupils = Vec::new();
    for name in ["Léa", "Hugo", "Inès"] {
        let joined = h
            .send(
                school
                    .post(format!("{}/api/join", h.base()))
                    .json(&json!({"code": code, "name": name})),
            )
            .await;
        assert_eq!(joined.status, 200, "{}", joined.text);
        pupils.push(
            joined.json::<Value>()["token"]
                .as_str()
                .unwrap()
                .to_string(),
        );
    }
    // The address's own budget is spent.
    let spent =
        join_all((0..30).map(|_| h.send(school.get(format!("{}/api/health", h.base()))))).await;
    assert!(count(&spent, 429) > 0);
    let me = |token: &str| {
        h.send(
            school
                .get(format!("{}/api/classes/{id}/me", h.base()))
                .bearer_auth(token.to_string()),
        )
    };
    for token in &pupils {
        let reply = me(token).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
    }
    let dashboard = h
        .send(
            school
                .get(format!("{}/api/classes/{id}", h.base()))
                .bearer_auth(&teacher),
        )
        .await;
    assert_eq!(dashboard.status, 200, "{}", dashboard.text);
    assert_eq!(me("made-up-token").await.error(429), "rate_limited");
    assert_eq!(
        h.send(school.get(format!("{}/api/health", h.base())))
            .await
            .error(429),
        "rate_limited"
    );
    // Each pupil's budget is their own: one pupil's burst spends no other's.
    let burst = join_all((0..30).map(|_| me(&pupils[0]))).await;
    assert!(count(&burst, 429) > 0);
    assert_eq!(me(&pupils[1]).await.status, 200);
}
