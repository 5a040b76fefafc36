//! Challenges and turn-based games on the real server (issue 39): a
//! player challenges another by name, the other sees it live and accepts
//! or declines, both land in the game; refusals (oneself, a block, bad
//! terms, too many at once even in a burst); challenges outlive a restart;
//! a turn-based game's days, its "your turn" list and its rating.

mod harness;
mod push_service;
mod sessions;

use harness::{Harness, Reply};
use push_service::{device, next_push, push_service};
use quoridor_server::view::GameView;
use serde_json::{json, Value};
use sessions::{get, ids, live, next_of, post, sign_up, Session};

const DAY_MS: u64 = 86_400_000;

#[tokio::test]
async fn a_challenge_is_seen_live_accepted_and_both_land_in_a_turn_based_game() {
    let h = Harness::new().await;
    let ana = sign_up(&h, "Ana").await;
    let bob = sign_up(&h, "Bob").await;
    let mut ana_live = live(&h, &ana).await;
    let mut bob_live = live(&h, &bob).await;
    assert_eq!(
        ids(&next_of(&mut bob_live, "challenges").await, "incoming").len(),
        0
    );
    next_of(&mut ana_live, "challenges").await;

    // Ana challenges Bob (by name, in any case) to a rated game of 3 days a
    // move, playing South.
    let made = post(
        &h,
        "/api/challenges",
        &ana,
        json!({"to": "bob", "days": 3, "rated": true, "color": "south"}),
    )
    .await;
    assert_eq!(made.status, 201, "{}", made.text);
    let made: Value = made.json();
    assert_eq!(
        (made["from"].as_str(), made["to"].as_str()),
        (Some("Ana"), Some("Bob"))
    );
    assert_eq!(
        (made["days"].as_u64(), made["speed"].as_str()),
        (Some(3), Some("correspondence"))
    );
    // Beside it, Ana's rating at that speed (new: 1500, provisional).
    assert_eq!(
        made["from_rating"],
        json!({"rating": 1500, "provisional": true})
    );
    let id = made["id"].as_str().unwrap().to_string();
    // Bob's page hears of it at once.
    let seen = next_of(&mut bob_live, "challenges").await;
    assert_eq!(ids(&seen, "incoming"), vec![id.clone()]);
    assert_eq!(
        ids(
            &get(&h, "/api/challenges", &ana).await.json::<Value>(),
            "outgoing"
        ),
        vec![id.clone()]
    );

    // A second challenge, declined: Ana is told who said no.
    let second: Value = post(
        &h,
        "/api/challenges",
        &ana,
        json!({"to": "Bob", "clock": {"initial_ms": 300000, "increment_ms": 3000}}),
    )
    .await
    .json();
    let second = second["id"].as_str().unwrap().to_string();
    assert_eq!(
        post(
            &h,
            &format!("/api/challenges/{second}/accept"),
            &ana,
            json!({})
        )
        .await
        .status,
        404,
        "only Bob may accept"
    );
    assert_eq!(
        post(
            &h,
            &format!("/api/challenges/{second}/decline"),
            &bob,
            json!({})
        )
        .await
        .status,
        204
    );
    let declined = next_of(&mut ana_live, "declined").await;
    assert_eq!(
        (declined["challenge"].as_str(), declined["by"].as_str()),
        (Some(second.as_str()), Some("Bob"))
    );
    assert_eq!(
        post(
            &h,
            &format!("/api/challenges/{second}/accept"),
            &bob,
            json!({})
        )
        .await
        .status,
        404
    );

    // Bob accepts the first: both pages are sent to the same game.
    let accepted = post(&h, &format!("/api/challenges/{id}/accept"), &bob, json!({})).await;
    assert_eq!(accepted.status, 200, "{}", accepted.text);
    let game = accepted.json::<Value>()["game"]
        .as_str()
        .unwrap()
        .to_string();
    let told = next_of(&mut ana_live, "accepted").await;
    assert_eq!(told["game"].as_str(), Some(game.as_str()));
    assert_eq!(
        next_of(&mut bob_live, "accepted").await["game"].as_str(),
        Some(game.as_str())
    );
    assert_eq!(
        post(&h, &format!("/api/challenges/{id}/accept"), &bob, json!({}))
            .await
            .status,
        404,
        "taken once"
    );

    let view: GameView = h.game(&game).await;
    assert_eq!(view.status, quoridor_game::Status::Playing);
    assert!(view.settings.rated);
    assert_eq!(view.seats[0].name, "Ana", "Ana asked for South");
    assert_eq!(view.seats[1].name, "Bob");

    // "Your turn": Ana is to move, with three days; Bob waits.
    let ana_games: Vec<Value> = get(&h, "/api/account/playing", &ana).await.json();
    assert_eq!(ana_games.len(), 1);
    assert_eq!(
        (
            ana_games[0]["my_turn"].as_bool(),
            ana_games[0]["days"].as_u64()
        ),
        (Some(true), Some(3))
    );
    let left = ana_games[0]["left_ms"].as_u64().unwrap();
    assert!((3 * DAY_MS - 60_000..=3 * DAY_MS).contains(&left), "{left}");
    let bob_games: Vec<Value> = get(&h, "/api/account/playing", &bob).await.json();
    assert_eq!(bob_games[0]["my_turn"].as_bool(), Some(false));
    // Each plays from their account, without a seat token.
    let moved = post(
        &h,
        &format!("/api/games/{game}/move"),
        &ana,
        json!({"move": "e2"}),
    )
    .await;
    assert_eq!(moved.status, 200, "{}", moved.text);
    // A rated game whose challenge did not offer takebacks has none.
    let asked = post(
        &h,
        &format!("/api/games/{game}/takeback"),
        &ana,
        json!({"action": "offer"}),
    )
    .await;
    assert_eq!(
        (
            asked.status,
            asked.json::<Value>()["error"]["code"].as_str()
        ),
        (403, Some("not_allowed")),
        "{}",
        asked.text
    );
    // Both pages hear that their games in progress changed, without asking.
    next_of(&mut bob_live, "playing").await;
    next_of(&mut ana_live, "playing").await;
    let bob_games: Vec<Value> = get(&h, "/api/account/playing", &bob).await.json();
    assert_eq!(bob_games[0]["my_turn"].as_bool(), Some(true));
    assert!(
        get(&h, "/api/challenges", &bob).await.json::<Value>()["incoming"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    let _ = ana_live.close(None).await;
    let _ = bob_live.close(None).await;
}

/// A rated challenge may offer takebacks (issue 61: "never in rated games
/// unless both agree"): the challenger offers them, the other sees it in
/// the terms and agrees by accepting; in the game, each takeback is still
/// asked for and accepted. A casual challenge keeps no such term.
#[tokio::test]
async fn a_rated_challenge_offering_takebacks_allows_them_once_accepted() {
    let h = Harness::new().await;
    let ana = sign_up(&h, "Ana").await;
    let bob = sign_up(&h, "Bob").await;
    let casual: Value = post(
        &h,
        "/api/challenges",
        &ana,
        json!({"to": "Bob", "days": 1, "takebacks": true}),
    )
    .await
    .json();
    assert!(casual.get("takebacks").is_none(), "{casual}");
    let made = post(
        &h,
        "/api/challenges",
        &bob,
        json!({"to": "Ana", "days": 2, "rated": true, "takebacks": true, "color": "north"}),
    )
    .await;
    assert_eq!(made.status, 201, "{}", made.text);
    let id = made.json::<Value>()["id"].as_str().unwrap().to_string();
    let seen: Value = get(&h, "/api/challenges", &ana).await.json();
    let incoming = &seen["incoming"].as_array().unwrap();
    let offered = incoming.iter().find(|c| c["id"] == id.as_str()).unwrap();
    assert_eq!(
        (offered["rated"].as_bool(), offered["takebacks"].as_bool()),
        (Some(true), Some(true))
    );
    let accepted = post(&h, &format!("/api/challenges/{id}/accept"), &ana, json!({})).await;
    assert_eq!(accepted.status, 200, "{}", accepted.text);
    let game = accepted.json::<Value>()["game"]
        .as_str()
        .unwrap()
        .to_string();
    let view: Value = get(&h, &format!("/api/games/{game}"), &ana).await.json();
    assert_eq!(
        (
            view["settings"]["rated"].as_bool(),
            view["settings"]["rated_takebacks"].as_bool()
        ),
        (Some(true), Some(true))
    );
    // Ana (South) moves, asks to take it back, and Bob accepts.
    let act = |who: &Session, what: &str, body: Value| {
        let (h, who, path) = (&h, who.clone(), format!("/api/games/{game}/{what}"));
        async move { post(h, &path, &who, body).await }
    };
    assert_eq!(act(&ana, "move", json!({"move": "e2"})).await.status, 200);
    let asked = act(&ana, "takeback", json!({"action": "offer"})).await;
    assert_eq!(asked.status, 200, "{}", asked.text);
    let answered = act(&bob, "takeback", json!({"action": "accept"})).await;
    assert_eq!(answered.status, 200, "{}", answered.text);
    let after: GameView = h.game(&game).await;
    assert_eq!((after.ply, after.turn), (0, quoridor_rules::Seat::South));
}

#[tokio::test]
async fn challenges_are_refused_with_a_reason_and_held_to_their_limits() {
    let h = Harness::new().await;
    let ana = sign_up(&h, "Ana").await;
    let bob = sign_up(&h, "Bob").await;
    let cyd = sign_up(&h, "Cyd").await;
    let refused = |reply: Reply, status: u16, words: &str| {
        assert_eq!(reply.status, status, "{}", reply.text);
        assert!(reply.text.contains(words), "{}", reply.text);
    };
    refused(
        post(&h, "/api/challenges", &ana, json!({"to": "ana", "days": 1})).await,
        403,
        "yourself",
    );
    refused(
        post(
            &h,
            "/api/challenges",
            &ana,
            json!({"to": "nobody", "days": 1}),
        )
        .await,
        404,
        "no player",
    );
    refused(
        post(
            &h,
            "/api/challenges",
            &ana,
            json!({"to": "bob", "days": 15}),
        )
        .await,
        400,
        "from 1 to 14",
    );
    refused(
        post(
            &h,
            "/api/challenges",
            &ana,
            json!({"to": "bob", "days": 2, "clock": {"per_move_ms": 30000}}),
        )
        .await,
        400,
        "not both",
    );
    refused(
        post(
            &h,
            "/api/challenges",
            &ana,
            json!({"to": "bob", "rated": true}),
        )
        .await,
        403,
        "clock",
    );
    refused(
        post(
            &h,
            "/api/challenges",
            &ana,
            json!({"to": "bob", "color": "purple"}),
        )
        .await,
        400,
        "color",
    );
    // Without a session, nothing.
    let anonymous = h.post("/api/challenges", None, &json!({"to": "bob"})).await;
    assert_eq!(anonymous.status, 401, "{}", anonymous.text);

    // Bob blocks Cyd: neither may challenge the other, and what waited goes.
    let waiting: Value = post(&h, "/api/challenges", &cyd, json!({"to": "bob", "days": 1}))
        .await
        .json();
    assert!(waiting["id"].is_string());
    assert_eq!(
        post(&h, "/api/account/blocks", &bob, json!({"name": "Cyd"}))
            .await
            .status,
        204
    );
    assert!(
        get(&h, "/api/challenges", &bob).await.json::<Value>()["incoming"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    refused(
        post(&h, "/api/challenges", &cyd, json!({"to": "bob", "days": 1})).await,
        403,
        "does not take",
    );
    refused(
        post(&h, "/api/challenges", &bob, json!({"to": "cyd", "days": 1})).await,
        403,
        "unblock",
    );

    // A burst of 30 at once, to five players (six each, while one address
    // may have five waiting for one player): exactly 20 are made.
    let mut to = vec!["bob".to_string()];
    for name in ["Dan", "Eve", "Fay", "Gus"] {
        sign_up(&h, name).await;
        to.push(name.to_lowercase());
    }
    let burst = (0..30).map(|i| {
        post(
            &h,
            "/api/challenges",
            &ana,
            json!({"to": to[i % 5], "days": 1}),
        )
    });
    let replies = futures_util::future::join_all(burst).await;
    let made = replies.iter().filter(|r| r.status == 201).count();
    let too_many = replies.iter().filter(|r| r.status == 429).count();
    assert_eq!((made, too_many), (20, 10));
    // Cancelling one makes room for one.
    let listed = get(&h, "/api/challenges", &ana).await.json::<Value>();
    let outgoing = ids(&listed, "outgoing");
    let its_player = listed["outgoing"][0]["to"].as_str().unwrap().to_lowercase();
    assert_eq!(
        post(
            &h,
            &format!("/api/challenges/{}/cancel", outgoing[0]),
            &bob,
            json!({})
        )
        .await
        .status,
        404,
        "only Ana may cancel"
    );
    assert_eq!(
        post(
            &h,
            &format!("/api/challenges/{}/cancel", outgoing[0]),
            &ana,
            json!({})
        )
        .await
        .status,
        204
    );
    assert_eq!(
        post(
            &h,
            "/api/challenges",
            &ana,
            json!({"to": its_player, "days": 1})
        )
        .await
        .status,
        201
    );
}

#[tokio::test]
async fn a_waiting_challenge_outlives_a_restart_and_goes_with_a_deleted_account() {
    let mut h = Harness::new().await;
    let ana = sign_up(&h, "Ana").await;
    let bob = sign_up(&h, "Bob").await;
    let made: Value = post(
        &h,
        "/api/challenges",
        &ana,
        json!({"to": "bob", "days": 5, "color": "north"}),
    )
    .await
    .json();
    let id = made["id"].as_str().unwrap().to_string();
    h.restart().await;
    let list: Value = get(&h, "/api/challenges", &bob).await.json();
    assert_eq!(ids(&list, "incoming"), vec![id.clone()]);
    assert_eq!(list["incoming"][0]["color"].as_str(), Some("north"));
    // Accepted after the restart: Ana plays North.
    let game = post(&h, &format!("/api/challenges/{id}/accept"), &bob, json!({}))
        .await
        .json::<Value>()["game"]
        .as_str()
        .unwrap()
        .to_string();
    let view: GameView = h.game(&game).await;
    assert_eq!(
        (view.seats[0].name.as_str(), view.seats[1].name.as_str()),
        ("Bob", "Ana")
    );
    // Another waits; Ana leaves the game and deletes her account: the
    // challenge goes too.
    post(&h, "/api/challenges", &ana, json!({"to": "bob", "days": 1})).await;
    let resigned = post(&h, &format!("/api/games/{game}/resign"), &ana, json!({})).await;
    assert_eq!(resigned.status, 200, "{}", resigned.text);
    let deleted = post(
        &h,
        "/api/account/delete",
        &ana,
        json!({"password": "a long enough password"}),
    )
    .await;
    assert_eq!(deleted.status, 204, "{}", deleted.text);
    assert!(
        get(&h, "/api/challenges", &bob).await.json::<Value>()["incoming"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    h.restart().await;
    assert!(
        get(&h, "/api/challenges", &bob).await.json::<Value>()["incoming"]
            .as_array()
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn a_few_accounts_of_one_address_cannot_fill_a_players_inbox() {
    let h = Harness::new().await;
    let target = sign_up(&h, "Target").await;
    // Three accounts of this address (signed up here, all 127.0.0.1).
    let senders = [
        sign_up(&h, "Mal1").await,
        sign_up(&h, "Mal2").await,
        sign_up(&h, "Mal3").await,
    ];
    let mut sent = 0;
    let mut refused = 0;
    for who in &senders {
        for _ in 0..4 {
            let reply = post(
                &h,
                "/api/challenges",
                who,
                json!({"to": "target", "days": 1}),
            )
            .await;
            match reply.status {
                201 => sent += 1,
                429 => {
                    assert!(reply.text.contains("your address"), "{}", reply.text);
                    refused += 1;
                }
                other => panic!("{other}: {}", reply.text),
            }
        }
    }
    assert_eq!((sent, refused), (5, 7));
    let inbox = get(&h, "/api/challenges", &target).await.json::<Value>();
    assert_eq!(inbox["incoming"].as_array().unwrap().len(), 5);
}

/// Web Push end to end, with a push service of the test's own: Ana's
/// device subscribes (in French), then is told of Bob's challenge, of her
/// turn after Bob's move, and of the game's end when Bob resigns (Bob, who
/// challenged her, of his first move once she accepts); each
/// post signed with the server's key and readable by Ana's keys only. A
/// device its push service says is gone is forgotten, bad subscriptions
/// are refused, and a deleted account's devices go with it.
#[tokio::test]
async fn a_turn_based_games_news_are_pushed_to_the_players_devices() {
    let (service, mut posts) = push_service().await;
    let h = Harness::with(|args| args.push_service = vec![format!("http://{service}")]).await;
    let ana = sign_up(&h, "Ana").await;
    let bob = sign_up(&h, "Bob").await;
    let key: Value = h.get("/api/push/key").await.json();
    let key = key["key"].as_str().unwrap().to_string();
    assert_eq!(
        quoridor_server::push::crypto::unb64(&key).unwrap().len(),
        65
    );

    // Refused: not logged in, an address that is not a push service's,
    // keys that are not keys. Nothing is stored.
    let here = format!("http://{service}/push/ana");
    let (secret, auth, mut subscription) = device(&here);
    let anonymous = h.post("/api/push/subscriptions", None, &subscription).await;
    assert_eq!(anonymous.status, 401, "{}", anonymous.text);
    for bad in [
        json!({"endpoint": format!("http://{}/elsewhere", h.addr())}),
        json!({"endpoint": "https://fcm.googleapis.com.evil.example/x"}),
        json!({"keys": {"p256dh": "AAAA", "auth": "BTBZMqHH6r4Tts7J_aSIgg"}}),
        json!({"keys": {"p256dh": subscription["keys"]["p256dh"], "auth": "short"}}),
    ] {
        let mut body = subscription.clone();
        for (field, value) in bad.as_object().unwrap() {
            body[field] = value.clone();
        }
        let refused = post(&h, "/api/push/subscriptions", &ana, body).await;
        assert_eq!(refused.status, 400, "{bad}: {}", refused.text);
    }
    assert!(h
        .stored_rows("SELECT endpoint FROM push_subscriptions", &[])
        .is_empty());

    subscription["lang"] = json!("fr");
    let kept = post(&h, "/api/push/subscriptions", &ana, subscription.clone()).await;
    assert_eq!(kept.status, 204, "{}", kept.text);
    let keys = [("/push/ana", &secret, &auth)];

    // Bob challenges Ana: her device is told, in French.
    let made = post(
        &h,
        "/api/challenges",
        &bob,
        json!({"to": "Ana", "days": 1, "color": "south"}),
    )
    .await;
    assert_eq!(made.status, 201, "{}", made.text);
    let (path, topic, told) = next_push(&mut posts, service, &key, &keys).await;
    assert_eq!((path.as_str(), topic.as_str()), ("/push/ana", "challenges"));
    assert_eq!(told["title"], "Bob vous défie");
    assert_eq!(told["url"], "/account");

    // Ana accepts: Bob, who challenged her and is South, is told that the
    // game has started and that it is his move (his device, in English).
    let (bob_secret, bob_auth, bob_device) = device(&format!("http://{service}/push/bob"));
    assert_eq!(
        post(&h, "/api/push/subscriptions", &bob, bob_device)
            .await
            .status,
        204
    );
    let challenge = made.json::<Value>()["id"].as_str().unwrap().to_string();
    let accepted = post(
        &h,
        &format!("/api/challenges/{challenge}/accept"),
        &ana,
        json!({}),
    )
    .await;
    assert_eq!(accepted.status, 200, "{}", accepted.text);
    let game = accepted.json::<Value>()["game"]
        .as_str()
        .unwrap()
        .to_string();
    let bobs = [("/push/bob", &bob_secret, &bob_auth)];
    let (path, _, told) = next_push(&mut posts, service, &key, &bobs).await;
    assert_eq!(path, "/push/bob");
    assert_eq!(
        (told["title"].as_str(), told["body"].as_str()),
        (
            Some("Your turn against Ana"),
            Some("The game has started: your move.")
        )
    );
    // Bob moves: Ana's turn is pushed, naming his move.
    let moved = post(
        &h,
        &format!("/api/games/{game}/move"),
        &bob,
        json!({"move": "e2"}),
    )
    .await;
    assert_eq!(moved.status, 200, "{}", moved.text);
    let (_, topic, told) = next_push(&mut posts, service, &key, &keys).await;
    assert_eq!(topic, format!("g{game}"));
    assert_eq!(
        (
            told["title"].as_str(),
            told["body"].as_str(),
            told["url"].as_str()
        ),
        (
            Some("À vous de jouer contre Bob"),
            Some("Bob a joué e2."),
            Some(format!("/g/{game}").as_str())
        )
    );

    // A second device whose push service says it is gone: forgotten at
    // the next notification, the first one still told.
    let gone = format!("http://{service}/gone/ana");
    let (gone_secret, gone_auth, mut gone_subscription) = device(&gone);
    gone_subscription["lang"] = json!("fr");
    assert_eq!(
        post(&h, "/api/push/subscriptions", &ana, gone_subscription)
            .await
            .status,
        204
    );
    let keys = [
        ("/push/ana", &secret, &auth),
        ("/gone/ana", &gone_secret, &gone_auth),
    ];
    assert_eq!(
        post(&h, &format!("/api/games/{game}/resign"), &bob, json!({}))
            .await
            .status,
        200
    );
    let mut told_paths = Vec::new();
    for _ in 0..2 {
        let (path, _, told) = next_push(&mut posts, service, &key, &keys).await;
        assert_eq!(
            (told["title"].as_str(), told["body"].as_str()),
            (Some("Partie terminée contre Bob"), Some("Vous avez gagné."))
        );
        told_paths.push(path);
    }
    told_paths.sort();
    assert_eq!(told_paths, ["/gone/ana", "/push/ana"]);
    let endpoints = || {
        h.stored_rows("SELECT endpoint FROM push_subscriptions", &[])
            .len()
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while endpoints() != 2 {
        assert!(
            std::time::Instant::now() < deadline,
            "the gone device is forgotten"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }

    // Bob resigned: his own resignation is not pushed to him. Ana's
    // device goes with her account.
    let deleted = post(
        &h,
        "/api/account/delete",
        &ana,
        json!({"password": "a long enough password"}),
    )
    .await;
    assert!(deleted.status < 300, "{}", deleted.text);
    assert_eq!(endpoints(), 1, "Bob's device stays");
    assert!(posts.try_recv().is_err(), "nothing else was pushed");
}

/// A player's games filtered (issue 61) by speed, rated or not, result
/// and opponent (in any case), and the games kept exported as one file of
/// records in our notation, each read back by the rules' reader.
#[tokio::test]
async fn a_players_games_are_filtered_and_exported_as_records() {
    let h = Harness::new().await;
    let ana = sign_up(&h, "Ana").await;
    let bob = sign_up(&h, "Bob").await;
    let cy = sign_up(&h, "Cy").await;
    // Ana beats Bob in a game without a clock, loses to Cy at 5 min + 3 s.
    for (who, opponent, clock, loser) in [
        (&bob, "Bob", None, &bob),
        (
            &cy,
            "Cy",
            Some(json!({"initial_ms": 300000, "increment_ms": 3000})),
            &ana,
        ),
    ] {
        let mut body = json!({"to": opponent, "color": "south"});
        if let Some(clock) = clock {
            body["clock"] = clock;
        }
        let made: Value = post(&h, "/api/challenges", &ana, body).await.json();
        let id = made["id"].as_str().unwrap();
        let accepted: Value = post(&h, &format!("/api/challenges/{id}/accept"), who, json!({}))
            .await
            .json();
        let game = accepted["game"].as_str().unwrap().to_string();
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
        assert_eq!(
            post(&h, &format!("/api/games/{game}/resign"), loser, json!({}))
                .await
                .status,
            200
        );
    }
    let listed = |query: &str| {
        let (h, path) = (&h, format!("/api/players/Ana/games{query}"));
        async move {
            let reply = h.get(&path).await;
            assert_eq!(reply.status, 200, "{path}: {}", reply.text);
            let games: Value = reply.json();
            games["games"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["opponent"].as_str().unwrap().to_string())
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(listed("").await, ["Cy", "Bob"]);
    assert_eq!(listed("?result=win").await, ["Bob"]);
    assert_eq!(listed("?result=loss&opponent=cY").await, ["Cy"]);
    assert_eq!(listed("?speed=blitz").await, ["Cy"]);
    assert!(listed("?rated=true").await.is_empty());
    assert_eq!(listed("?rated=false&opponent=bob").await, ["Bob"]);
    for bad in ["?result=won", "?speed=lightning", "?colour=south"] {
        assert_eq!(
            h.get(&format!("/api/players/Ana/games{bad}")).await.status,
            400,
            "{bad}"
        );
    }
    // The records: every game kept, newest first, each read back.
    let file = h.get("/api/players/Ana/records").await;
    assert_eq!(file.status, 200, "{}", file.text);
    // One after the other, each from its `[Game` tag, a blank line between.
    let split = |text: &str| -> Vec<String> {
        text.trim_end()
            .split("\n\n[Game ")
            .enumerate()
            .map(|(i, r)| {
                if i == 0 {
                    r.to_string()
                } else {
                    format!("[Game {r}")
                }
            })
            .collect()
    };
    let records = split(&file.text);
    assert_eq!(records.len(), 2, "{}", file.text);
    for record in &records {
        assert!(record.starts_with("[Game "), "{record}");
        quoridor_rules::parse_game_text(record).unwrap_or_else(|err| panic!("{err}: {record}"));
    }
    assert!(
        records[0].contains("Cy") && records[1].contains("Bob"),
        "{}",
        file.text
    );
    let won = h.get("/api/players/Ana/records?result=win").await;
    assert_eq!(split(&won.text).len(), 1);
    assert!(won.text.contains("Bob") && !won.text.contains("Cy"));
}
