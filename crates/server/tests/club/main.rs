//! Classes and tournaments on the real server: 25 pupils join a class, an
//! assignment is done by some, the CSV export; the join address; a pupil
//! told they left; login cards. The rest by concern: `assignments`,
//! `games`, `tournaments`, `roster`, `pictures`, `chat`, `year`.

#[path = "../classes/mod.rs"]
mod classes;
#[path = "../harness/mod.rs"]
mod harness;

mod assignments;
mod chat;
mod games;
mod pictures;
mod roster;
mod tournaments;
mod year;

use std::collections::HashSet;
use std::time::Duration;

use classes::{delete, game_of_two, get_as, join, new_class};
use futures_util::StreamExt;
use harness::Harness;
use quoridor_exercises::{solve, Answer, Exercise};
use quoridor_server::club::tournament_view::TournamentView;
use quoridor_server::club::view::{ClassView, JoinedView, KeyView, MeView};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

async fn exercise(h: &Harness, class: &str, n: u32, i: u32, token: &str) -> Exercise {
    let reply = get_as(
        h,
        &format!("/api/classes/{class}/assignments/{n}/exercises/{i}"),
        token,
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let v: Value = reply.json();
    serde_json::from_value(v["exercise"].clone()).unwrap()
}

async fn answer(h: &Harness, class: &str, n: u32, token: &str, body: Value) -> Value {
    let reply = h
        .post(
            &format!("/api/classes/{class}/assignments/{n}/answers"),
            Some(token),
            &body,
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json()
}

#[tokio::test]
async fn a_class_of_25_does_an_assignment_and_exports_it() {
    let mut h = Harness::new().await;
    let key = new_class(&h, Some("4321")).await;
    assert_eq!(key.code.len(), 6);
    // 25 pupils join with the code (typed in lower case with a space).
    let typed = format!("{} {}", &key.code[..3].to_lowercase(), &key.code[3..]);
    let mut pupils = Vec::new();
    for i in 0..25 {
        pupils.push(join(&h, &typed, &format!("Pupil {i}")).await);
    }
    // A second "Pupil 3" is refused; a tablet that comes back keeps its seat.
    let again = h
        .post(
            "/api/join",
            None,
            &json!({"code": key.code, "name": "pupil 3"}),
        )
        .await;
    assert_eq!(again.error(400), "bad_request");
    let back = h
        .post(
            "/api/join",
            Some(&pupils[3].token),
            &json!({"code": key.code, "name": "x"}),
        )
        .await
        .json::<JoinedView>();
    assert_eq!(
        (back.player, back.name.as_str()),
        (pupils[3].player, "Pupil 3")
    );
    assert_eq!(
        h.post("/api/join", None, &json!({"code": "ZZZZZZ", "name": "A"}))
            .await
            .error(404),
        "not_found"
    );
    // The teacher gives the sheet of seed 42 (level 1, 4 exercises).
    let reply = h
        .post(
            &format!("/api/classes/{}/assignments", key.id),
            Some(&key.token),
            &json!({"level": 1, "count": 4, "seed": "42"}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let view: ClassView = reply.json();
    assert_eq!(view.pupils.len(), 25);
    let n = view.assignments[0].id;
    // A pupil cannot give an assignment nor read the dashboard.
    let refused = h
        .post(
            &format!("/api/classes/{}/assignments", key.id),
            Some(&pupils[0].token),
            &json!({}),
        )
        .await;
    assert_eq!(refused.error(401), "unauthorized");
    assert_eq!(
        get_as(&h, &format!("/api/classes/{}", key.id), &pupils[0].token)
            .await
            .error(401),
        "unauthorized"
    );
    // Pupils 0–9 answer everything right, 10–14 answer the first one
    // wrong then skip the second, 15–24 do nothing.
    for p in &pupils[..10] {
        for i in 0..4 {
            let ex = exercise(&h, &key.id, n, i, &p.token).await;
            let right = solve(&ex).unwrap().answer;
            let res = answer(
                &h,
                &key.id,
                n,
                &p.token,
                json!({"index": i, "answer": right}),
            )
            .await;
            assert_eq!(res["right"], true, "{res}");
        }
    }
    for p in &pupils[10..15] {
        let wrong = Answer::Route {
            squares: Vec::new(),
        };
        let res = answer(
            &h,
            &key.id,
            n,
            &p.token,
            json!({"index": 0, "answer": wrong}),
        )
        .await;
        assert_eq!(
            (res["right"].clone(), res["status"].clone()),
            (json!(false), json!("wrong"))
        );
        assert!(!res["messages"].as_array().unwrap().is_empty());
        let res = answer(&h, &key.id, n, &p.token, json!({"index": 1, "skip": true})).await;
        assert_eq!(res["status"], "skipped");
    }
    let bad = h
        .post(
            &format!("/api/classes/{}/assignments/{n}/answers", key.id),
            Some(&pupils[0].token),
            &json!({"index": 99, "skip": true}),
        )
        .await;
    assert_eq!(bad.error(404), "not_found");
    // The dashboard: each pupil's work.
    let view: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    let work = &view.assignments[0].work;
    assert_eq!(work.len(), 10 * 4 + 5 * 2);
    let right = work
        .iter()
        .filter(|w| w.status == quoridor_server::club::work::WorkStatus::Right)
        .count();
    assert_eq!(right, 40);
    let p0 = view.pupils.iter().find(|p| p.name == "Pupil 0").unwrap();
    assert_eq!((p0.right, p0.done), (4, 4));
    // The teacher sees a pupil's route drawn on the exercise.
    let drawing = get_as(
        &h,
        &format!(
            "/api/classes/{}/assignments/{n}/exercises/0/work/{}",
            key.id, pupils[0].player
        ),
        &key.token,
    )
    .await;
    assert!(
        drawing.status == 200 && drawing.text.contains("<svg"),
        "{}",
        drawing.status
    );
    let peek = get_as(
        &h,
        &format!(
            "/api/classes/{}/assignments/{n}/exercises/0/work/{}",
            key.id, pupils[0].player
        ),
        &pupils[1].token,
    )
    .await;
    assert_eq!(peek.error(401), "unauthorized");
    // A pupil's own page shows only their work.
    let me: MeView = get_as(
        &h,
        &format!("/api/classes/{}/me", key.id),
        &pupils[12].token,
    )
    .await
    .json();
    assert_eq!(me.name, "Pupil 12");
    assert_eq!(me.assignments[0].work.len(), 2);
    // The CSV: a header and a line per pupil and exercise.
    let csv = get_as(
        &h,
        &format!("/api/classes/{}/results.csv", key.id),
        &key.token,
    )
    .await;
    // A token in the address is refused: addresses land in logs.
    let in_address = h
        .get(&format!(
            "/api/classes/{}/results.csv?token={}",
            key.id, key.token
        ))
        .await;
    assert_eq!(in_address.error(400), "bad_request");
    assert_eq!(csv.status, 200);
    // A French class: a byte-order mark, semicolons, French words.
    assert!(csv.text.starts_with('\u{feff}'));
    let lines: Vec<&str> = csv.text.trim_start_matches('\u{feff}').lines().collect();
    assert_eq!(lines[0], "élève;devoir;exercice;résultat;essais;réponse");
    assert_eq!(lines.len(), 1 + 25 * 4);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Pupil 10;") && l.contains(";1;pas juste;1;")),
        "{}",
        csv.text
    );
    assert!(lines
        .iter()
        .any(|l| l.starts_with("Pupil 10;") && l.contains(";2;passé;0;")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("Pupil 20;") && l.contains(";4;pas fait;0;")));
    assert_eq!(lines.iter().filter(|l| l.contains(";juste;1;")).count(), 40);
    // Right at the first try: the answer is kept (issue 38).
    assert!(
        lines
            .iter()
            .filter(|l| l.contains(";juste;1;"))
            .all(|l| !l.ends_with(';')),
        "{}",
        csv.text
    );
    assert_eq!(
        h.get(&format!("/api/classes/{}/results.csv", key.id))
            .await
            .error(401),
        "unauthorized"
    );
    // A restart loses nothing: pupils, work, the pupils' seats.
    h.restart().await;
    let again: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    assert_eq!(again.pupils.len(), 25);
    assert_eq!(again.assignments[0].work.len(), 50);
    let csv_again = get_as(
        &h,
        &format!("/api/classes/{}/results.csv", key.id),
        &key.token,
    )
    .await;
    assert_eq!(csv_again.text, csv.text);
    // Saved under the class's name, what it holds and the day.
    let sent = h
        .http
        .get(format!("{}/api/classes/{}/results.csv", h.base(), key.id))
        .bearer_auth(&key.token)
        .send()
        .await
        .unwrap();
    let disposition = sent.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_string();
    let day = quoridor_server::calendar::day_of(quoridor_server::wall_ms());
    assert!(
        disposition.ends_with(&format!("filename*=UTF-8''CE2-B-r%C3%A9sultats-{day}.csv")),
        "{disposition}"
    );
    assert!(
        disposition.contains(&format!("filename=\"{}-results-{day}.csv\"", key.code)),
        "{disposition}"
    );
    let me_again: MeView = get_as(
        &h,
        &format!("/api/classes/{}/me", key.id),
        &pupils[12].token,
    )
    .await
    .json();
    assert_eq!(me_again.name, "Pupil 12");
    // The whiteboard opens with the code and the PIN; wrong PINs are limited.
    let wrong = h
        .post(
            "/api/classes/open",
            None,
            &json!({"code": key.code, "pin": "0000"}),
        )
        .await;
    assert_eq!(wrong.error(401), "wrong_pin");
    let board: KeyView = h
        .post(
            "/api/classes/open",
            None,
            &json!({"code": key.code, "pin": "4321"}),
        )
        .await
        .json();
    assert_eq!(
        get_as(&h, &format!("/api/classes/{}", key.id), &board.token)
            .await
            .status,
        200
    );
    for _ in 0..5 {
        h.post(
            "/api/classes/open",
            None,
            &json!({"code": key.code, "pin": "1111"}),
        )
        .await;
    }
    let limited = h
        .post(
            "/api/classes/open",
            None,
            &json!({"code": key.code, "pin": "4321"}),
        )
        .await;
    assert_eq!(limited.error(429), "rate_limited");
    // The QR code of the join link: it holds the class's code, so only the
    // teacher's key gets it.
    let qr_path = format!("/api/classes/{}/qr.svg", key.id);
    assert_eq!(h.get(&qr_path).await.status, 401);
    assert_eq!(get_as(&h, &qr_path, &pupils[0].token).await.status, 401);
    let qr = get_as(&h, &qr_path, &key.token).await;
    assert!(qr.status == 200 && qr.text.contains("<svg"));
    // The teacher deletes the class: nothing of it is left.
    assert_eq!(
        delete(&h, &format!("/api/classes/{}", key.id), &pupils[0].token)
            .await
            .status,
        401
    );
    assert_eq!(
        delete(&h, &format!("/api/classes/{}", key.id), &key.token)
            .await
            .status,
        204
    );
    assert_eq!(
        get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
            .await
            .error(404),
        "not_found"
    );
    assert_eq!(
        h.post("/api/join", None, &json!({"code": key.code, "name": "Z"}))
            .await
            .error(404),
        "not_found"
    );
}

/// Behind a proxy, pupils join at the public address (`--public-url`), not
/// at the one the proxy sent the teacher's page to.
#[tokio::test]
async fn the_join_address_is_the_public_one_behind_a_proxy() {
    let h =
        Harness::with(|args| args.public_url = Some("https://Quoridor.Example.org/".into())).await;
    let key = new_class(&h, None).await;
    let view: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    assert_eq!(
        view.join_url,
        format!("https://quoridor.example.org/join#code={}", key.code)
    );
    // Without it, the address the page was sent to.
    let h = Harness::new().await;
    let key = new_class(&h, None).await;
    let view: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    assert_eq!(
        view.join_url,
        format!("{}/join#code={}", h.base(), key.code)
    );
    // Listening on loopback only, no tablet can open it: the dashboard warns.
    assert!(!view.join_reachable);
}

/// A teacher who opens the dashboard on the server's own machine
/// (`127.0.0.1`) still gets a join address the tablets can reach: the
/// machine's network address, when the server listens on the network.
#[tokio::test]
async fn the_join_address_is_never_loopback_when_the_network_can_reach_the_server() {
    let h = Harness::with(|args| args.addr = "0.0.0.0:0".parse().unwrap()).await;
    let key = new_class(&h, None).await;
    let view: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    match quoridor_server::origin::lan_origin(h.addr()) {
        Some(lan) => {
            assert_eq!(view.join_url, format!("{lan}/join#code={}", key.code));
            assert!(view.join_reachable);
            assert!(!view.join_url.contains("127.0.0.1"), "{}", view.join_url);
            // The same for a tournament's organiser and an editor's link.
            let cup: KeyView = h
                .post(
                    "/api/tournaments",
                    None,
                    &json!({"name": "Club", "format": "swiss"}),
                )
                .await
                .json();
            let t: TournamentView = get_as(&h, &format!("/api/tournaments/{}", cup.id), &cup.token)
                .await
                .json();
            assert_eq!(t.join_url, format!("{lan}/join"));
            let drawn: Value = h
                .get("/api/classroom/exercise?kind=maze&level=1")
                .await
                .json();
            let shared: Value = h
                .post(
                    "/api/classroom/exercises",
                    None,
                    &json!({"exercise": drawn["exercise"], "lang": "fr"}),
                )
                .await
                .json();
            let url = shared["url"].as_str().unwrap();
            assert!(url.starts_with(&format!("{lan}/classroom?e=")), "{shared}");
        }
        // A machine with no network: nothing better than loopback.
        None => eprintln!("no network address here: {}", view.join_url),
    }
}

/// A live page as a page opens it: the token as a WebSocket protocol.
async fn live_page(
    h: &Harness,
    class: &str,
    token: &str,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    let mut request = format!("ws://{}/api/classes/{class}/live", h.addr())
        .into_client_request()
        .unwrap();
    let protocols = format!("quoridor, bearer.{token}").parse().unwrap();
    request
        .headers_mut()
        .insert("sec-websocket-protocol", protocols);
    tokio_tungstenite::connect_async(request).await.unwrap().0
}

/// The live page's messages until it closes: their types, and the `why`
/// of a `gone`.
async fn until_closed(
    ws: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
) -> Vec<String> {
    let mut seen = Vec::new();
    loop {
        let next = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("the page is told within 5 s");
        let Some(Ok(msg)) = next else { return seen };
        if msg.is_close() {
            return seen;
        }
        let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
        let kind = v["type"].as_str().unwrap().to_string();
        seen.push(match v["why"].as_str() {
            Some(why) => format!("{kind}:{why}"),
            None => kind,
        });
    }
}

/// A removed pupil's page, and every page of a deleted class, is told so
/// (then the page says it and offers to join again), instead of
/// reconnecting forever.
#[tokio::test]
async fn a_removed_pupil_and_a_deleted_class_are_told() {
    let h = Harness::new().await;
    let key = new_class(&h, None).await;
    let lea = join(&h, &key.code, "Léa").await;
    let tom = join(&h, &key.code, "Tom").await;
    let mut lea_page = live_page(&h, &key.id, &lea.token).await;
    let mut tom_page = live_page(&h, &key.id, &tom.token).await;
    let mut dashboard = live_page(&h, &key.id, &key.token).await;
    for page in [&mut lea_page, &mut tom_page, &mut dashboard] {
        let first = page.next().await.unwrap().unwrap();
        assert!(!first.to_text().unwrap().contains("gone"));
    }
    let removed = delete(
        &h,
        &format!("/api/classes/{}/pupils/{}", key.id, lea.player),
        &key.token,
    )
    .await;
    assert_eq!(removed.status, 204, "{}", removed.text);
    let lea_saw = until_closed(&mut lea_page).await;
    assert_eq!(
        lea_saw.last().map(String::as_str),
        Some("gone:removed"),
        "{lea_saw:?}"
    );
    // Coming back with the old token: refused, and the page says why.
    let me = get_as(&h, &format!("/api/classes/{}/me", key.id), &lea.token).await;
    assert_eq!(me.status, 401);
    let deleted = delete(&h, &format!("/api/classes/{}", key.id), &key.token).await;
    assert_eq!(deleted.status, 204);
    let tom_saw = until_closed(&mut tom_page).await;
    assert_eq!(
        tom_saw.last().map(String::as_str),
        Some("gone:class_deleted"),
        "{tom_saw:?}"
    );
    let teacher_saw = until_closed(&mut dashboard).await;
    assert_eq!(
        teacher_saw.last().map(String::as_str),
        Some("gone:class_deleted"),
        "{teacher_saw:?}"
    );
}

/// Login cards: a pupil back on another tablet with their card is in their
/// seat with their work, their class game and their tournament; the tablet
/// before is told; a replaced card opens nothing; wrong cards are limited
/// per address, even in a burst; the cards survive a restart.
#[tokio::test]
async fn a_pupil_comes_back_with_their_card_on_any_tablet() {
    let mut h = Harness::new().await;
    let key = new_class(&h, None).await;
    let lea = join(&h, &key.code, "Léa").await;
    let hugo = join(&h, &key.code, "Hugo").await;
    let view: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    let card_of = |view: &ClassView, id: u32| {
        view.pupils
            .iter()
            .find(|p| p.id == id)
            .unwrap()
            .card
            .clone()
    };
    let card = card_of(&view, lea.player);
    assert_eq!(card.len(), 8, "{card}");
    assert_ne!(card, card_of(&view, hugo.player));
    // The teacher's only: the pupil's own page does not show it.
    let me = get_as(&h, &format!("/api/classes/{}/me", key.id), &lea.token).await;
    assert!(!me.text.contains(&card), "{}", me.text);
    // Some work, a game with Hugo and a class tournament.
    let reply = h
        .post(
            &format!("/api/classes/{}/assignments", key.id),
            Some(&key.token),
            &json!({"level": 1, "count": 2, "seed": "7"}),
        )
        .await;
    let n = reply.json::<ClassView>().assignments[0].id;
    answer(
        &h,
        &key.id,
        n,
        &lea.token,
        json!({"index": 0, "skip": true}),
    )
    .await;
    let game = game_of_two(&h, &key, lea.player, hugo.player).await;
    let reply = h
        .post(
            "/api/tournaments",
            Some(&key.token),
            &json!({"name": "Coupe", "format": "round_robin", "size": 5, "class": key.id}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let cup: KeyView = reply.json();
    let mut old_page = live_page(&h, &key.id, &lea.token).await;
    old_page.next().await.unwrap().unwrap();
    // Léa on another tablet, the card typed as printed, in lower case.
    let typed = format!("{}-{}", &card[..4], &card[4..].to_lowercase());
    let reply = h.post("/api/join", None, &json!({"card": typed})).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let back: JoinedView = reply.json();
    assert_eq!(
        (back.id.as_str(), back.player, back.name.as_str()),
        (key.id.as_str(), lea.player, "Léa")
    );
    assert_ne!(back.token, lea.token);
    // Her work is there; the old tablet is told, and opens nothing.
    let me: MeView = get_as(&h, &format!("/api/classes/{}/me", key.id), &back.token)
        .await
        .json();
    assert_eq!(me.assignments[0].work.len(), 1);
    let saw = until_closed(&mut old_page).await;
    assert_eq!(
        saw.last().map(String::as_str),
        Some("gone:moved_away"),
        "{saw:?}"
    );
    let old = get_as(&h, &format!("/api/classes/{}/me", key.id), &lea.token).await;
    assert_eq!(old.error(401), "moved_away");
    // Her seat in the game is the new tablet's.
    let (first, second) = if game.board.pawns[0] == "c1" {
        ("c2", "c4")
    } else {
        ("c4", "c2")
    };
    let lea_first = game.pupils[0] == Some(lea.player);
    if !lea_first {
        let played = h.play(&game.board.id, &hugo.token, first).await;
        assert_eq!(played.status, 200, "{}", played.text);
    }
    let hers = if lea_first { first } else { second };
    let refused = h.play(&game.board.id, &lea.token, hers).await;
    assert_eq!(refused.error(401), "unauthorized");
    let played = h.play(&game.board.id, &back.token, hers).await;
    assert_eq!(played.status, 200, "{}", played.text);
    // And in the tournament.
    let t: TournamentView = get_as(&h, &format!("/api/tournaments/{}", cup.id), &back.token)
        .await
        .json();
    assert_eq!(t.you.map(|i| t.players[i].name.as_str()), Some("Léa"));
    // A new card from the teacher: the old one opens nothing; the tablet
    // Léa is on keeps its seat.
    let reply = h
        .post(
            &format!("/api/classes/{}/pupils/{}/card", key.id, lea.player),
            Some(&key.token),
            &json!({}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let new_card = reply.json::<Value>()["card"].as_str().unwrap().to_string();
    assert_ne!(new_card, card);
    let refused = h.post("/api/join", None, &json!({"card": card})).await;
    assert_eq!(refused.error(401), "wrong_card");
    let still = get_as(&h, &format!("/api/classes/{}/me", key.id), &back.token).await;
    assert_eq!(still.status, 200);
    let refused = h
        .post(
            &format!("/api/classes/{}/pupils/{}/card", key.id, lea.player),
            Some(&lea.token),
            &json!({}),
        )
        .await;
    assert_eq!(refused.error(401), "unauthorized");
    // The cards to print: one per pupil, each QR pointing at the card by a
    // fragment.
    let sheet: Value = get_as(&h, &format!("/api/classes/{}/cards", key.id), &key.token)
        .await
        .json();
    let printed = sheet["cards"].as_array().unwrap();
    assert_eq!(printed.len(), 2);
    assert_eq!(printed[0]["card"], new_card);
    assert!(printed[0]["qr_svg"].as_str().unwrap().starts_with("<?xml"));
    assert!(sheet["join_url"].as_str().unwrap().ends_with("/join"));
    let refused = get_as(&h, &format!("/api/classes/{}/cards", key.id), &hugo.token).await;
    assert_eq!(refused.error(401), "unauthorized");
    // After a restart, the new card still brings her back.
    h.restart().await;
    let reply = h.post("/api/join", None, &json!({"card": new_card})).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.json::<JoinedView>().player, lea.player);
    // A burst of 30 wrong cards from one address: 10 are looked up, the
    // rest are told to wait; another address is not held up.
    let guesser = h.client_from("127.0.0.9");
    let tries = (0..30).map(|i| {
        let (h, guesser) = (&h, &guesser);
        async move {
            h.post_with(
                guesser,
                "/api/join",
                None,
                &json!({"card": format!("ZZZZZZ{}", 20 + i)}),
            )
            .await
        }
    });
    let replies = futures_util::future::join_all(tries).await;
    let wrong = replies.iter().filter(|r| r.status == 401).count();
    let waited = replies.iter().filter(|r| r.status == 429).count();
    assert_eq!((wrong, waited), (10, 20));
    let reply = h.post("/api/join", None, &json!({"card": new_card})).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
}
