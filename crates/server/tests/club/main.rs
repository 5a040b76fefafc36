//! Classes and tournaments on the real server: 25 pupils join a class, an
//! assignment is done by some, the CSV export; a Swiss tournament of 7 over
//! 3 rounds with a restart in the middle; games in class followed live.

#[path = "../classes/mod.rs"]
mod classes;
#[path = "../harness/mod.rs"]
mod harness;

mod chat;
mod pictures;
mod roster;
mod year;

use std::collections::HashSet;
use std::time::Duration;

use classes::{delete, game_of_two, get_as, join, new_class};
use futures_util::StreamExt;
use harness::Harness;
use quoridor_classroom::{solve, Answer, Exercise};
use quoridor_server::club::view::{ClassView, JoinedView, KeyView, MeView, TournamentView};
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

async fn tournament(h: &Harness, id: &str) -> TournamentView {
    let reply = h.get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json()
}

/// Plays out the current round: in each game the player who plays first
/// resigns when `first_loses(first, second)`, else the second resigns.
async fn finish(
    h: &Harness,
    t: &TournamentView,
    tokens: &[String],
    only: Option<usize>,
    first_loses: impl Fn(usize, usize) -> bool,
) {
    let round = t.rounds.last().unwrap();
    for (k, p) in round.iter().enumerate() {
        if only.is_some_and(|o| o != k) {
            continue;
        }
        let (Some(second), Some(game)) = (p.second, &p.game) else {
            continue;
        };
        if p.outcome.is_some() {
            continue;
        }
        let loser = if first_loses(p.first, second) {
            p.first
        } else {
            second
        };
        let reply = h
            .post(
                &format!("/api/games/{game}/resign"),
                Some(&tokens[loser]),
                &json!({}),
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
    }
}

async fn wait_for(h: &Harness, id: &str, ok: impl Fn(&TournamentView) -> bool) -> TournamentView {
    for _ in 0..200 {
        let t = tournament(h, id).await;
        if ok(&t) {
            return t;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!(
        "the tournament did not get there: {:?}",
        tournament(h, id).await
    );
}

#[tokio::test]
async fn a_swiss_of_seven_over_three_rounds_survives_a_restart() {
    let mut h = Harness::new().await;
    let reply = h
        .post("/api/tournaments", None, &json!({"name": "Saturday club", "format": "swiss", "rounds": 3, "size": 5, "clock": {"initial_ms": 300000, "increment_ms": 2000}}))
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let key: KeyView = reply.json();
    let mut tokens = Vec::new();
    for name in ["Ana", "Ben", "Cléo", "Dan", "Eva", "Finn", "Gus"] {
        tokens.push(join(&h, &key.code, name).await.token);
    }
    // Only the organiser starts it.
    assert_eq!(
        h.post(
            &format!("/api/tournaments/{}/start", key.id),
            Some(&tokens[0]),
            &json!({})
        )
        .await
        .error(401),
        "unauthorized"
    );
    let started = h
        .post(
            &format!("/api/tournaments/{}/start", key.id),
            Some(&key.token),
            &json!({}),
        )
        .await;
    assert_eq!(started.status, 200, "{}", started.text);
    // No one joins after the start.
    assert_eq!(
        h.post(
            "/api/join",
            None,
            &json!({"code": key.code, "name": "Late"})
        )
        .await
        .error(400),
        "bad_request"
    );
    // Lower-indexed players win, except that Gus (6) beats everyone.
    let first_loses = |a: usize, b: usize| if a == 6 || b == 6 { b == 6 } else { a > b };
    let mut t = tournament(&h, &key.id).await;
    assert_eq!(t.rounds.len(), 1);
    finish(&h, &t, &tokens, None, first_loses).await;
    t = wait_for(&h, &key.id, |t| t.rounds.len() == 2).await;
    // Half of round 2, then the server restarts.
    finish(&h, &t, &tokens, Some(0), first_loses).await;
    wait_for(&h, &key.id, |t| t.rounds[1][0].outcome.is_some()).await;
    h.restart().await;
    t = tournament(&h, &key.id).await;
    assert_eq!(t.rounds.len(), 2);
    assert!(t.rounds[1][0].outcome.is_some());
    assert!(t.rounds[1]
        .iter()
        .filter(|p| p.second.is_some())
        .all(|p| p.game.is_some()));
    finish(&h, &t, &tokens, None, first_loses).await;
    t = wait_for(&h, &key.id, |t| t.rounds.len() == 3).await;
    finish(&h, &t, &tokens, None, first_loses).await;
    t = wait_for(&h, &key.id, |t| {
        t.stage == quoridor_server::club::event::Stage::Finished
    })
    .await;
    // No repeated pairing, one bye a round, never twice to one player.
    let mut met = HashSet::new();
    let mut byes = HashSet::new();
    for round in &t.rounds {
        assert_eq!(round.iter().filter(|p| p.second.is_none()).count(), 1);
        for p in round {
            match p.second {
                Some(s) => assert!(met.insert((p.first.min(s), p.first.max(s))), "repeat {p:?}"),
                None => assert!(byes.insert(p.first)),
            }
        }
    }
    // The standings, counted again here from the pairings.
    let mut score = [0.0f64; 7];
    for p in t.rounds.iter().flatten() {
        match p.second {
            None => score[p.first] += 1.0,
            Some(s) => {
                let winner = if first_loses(p.first, s) { s } else { p.first };
                score[winner] += 1.0;
            }
        }
    }
    for row in &t.standings {
        assert_eq!(row.points, score[row.player], "{row:?}");
        let mut buchholz = 0.0;
        let mut sb = 0.0;
        for p in t.rounds.iter().flatten() {
            let opp = if p.first == row.player {
                p.second
            } else if p.second == Some(row.player) {
                Some(p.first)
            } else {
                None
            };
            if let Some(o) = opp {
                buchholz += score[o];
                let won = first_loses(p.first, p.second.unwrap()) != (p.first == row.player);
                if won {
                    sb += score[o];
                }
            }
        }
        assert_eq!(
            (row.buchholz, row.sonneborn_berger),
            (buchholz, sb),
            "{row:?}"
        );
    }
    // Gus won every game he played.
    let gus = t.standings.iter().find(|r| r.player == 6).unwrap();
    assert_eq!(gus.rank, 1);
    assert_eq!(gus.losses, 0);
}

#[tokio::test]
async fn class_games_are_followed_live_on_the_dashboard() {
    let h = Harness::new().await;
    let key = new_class(&h, None).await;
    let mut pupils = Vec::new();
    for name in ["Léa", "Hugo", "Inès", "Jade", "Karim"] {
        pupils.push(join(&h, &key.code, name).await);
    }
    let reply = h
        .post(
            &format!("/api/classes/{}/games", key.id),
            Some(&key.token),
            &json!({"pair_by": "random", "game": {"size": 5}}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let view: ClassView = reply.json();
    // Two games of two pupils, and the fifth plays the AI.
    assert_eq!(view.games.len(), 3);
    let with_ai = view
        .games
        .iter()
        .filter(|g| g.pupils.contains(&None))
        .count();
    assert_eq!(with_ai, 1);
    // The dashboard's live page, then a pupil's move.
    // As a page opens it: the token as a WebSocket protocol.
    let mut request = format!("ws://{}/api/classes/{}/live", h.addr(), key.id)
        .into_client_request()
        .unwrap();
    let protocols = format!("quoridor, bearer.{}", key.token).parse().unwrap();
    request
        .headers_mut()
        .insert("sec-websocket-protocol", protocols);
    let (mut ws, answer) = tokio_tungstenite::connect_async(request).await.unwrap();
    assert_eq!(answer.headers()["sec-websocket-protocol"], "quoridor");
    let first = ws.next().await.unwrap().unwrap();
    assert!(first.to_text().unwrap().contains("\"type\":\"class\""));
    let game = view
        .games
        .iter()
        .find(|g| !g.pupils.contains(&None))
        .unwrap();
    let mover = game.pupils[0].unwrap();
    let token = &pupils.iter().find(|p| p.player == mover).unwrap().token;
    let to = if game.board.pawns[0] == "c1" {
        "c2"
    } else {
        "c4"
    };
    let sent = std::time::Instant::now();
    let played = h.play(&game.board.id, token, to).await;
    assert_eq!(played.status, 200, "{}", played.text);
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(1), ws.next())
            .await
            .expect("within a second")
            .unwrap()
            .unwrap();
        let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
        let seen = v["class"]["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["board"]["id"] == game.board.id && g["board"]["ply"] == 1);
        if seen {
            break;
        }
    }
    assert!(sent.elapsed() < Duration::from_secs(1));
    // The pupil's own page lists their game; another class's pupil's token
    // does not open it.
    let me: MeView = get_as(&h, &format!("/api/classes/{}/me", key.id), token)
        .await
        .json();
    assert_eq!(me.games.len(), 1);
    let other = new_class(&h, None).await;
    let stranger = join(&h, &other.code, "Zoé").await;
    let refused = get_as(&h, &format!("/api/classes/{}/me", key.id), &stranger.token).await;
    assert_eq!(refused.error(401), "unauthorized");
    let refused = get_as(&h, &format!("/api/classes/{}", key.id), &other.token).await;
    assert_eq!(refused.error(401), "unauthorized");
    // A class tournament: round robin of its pupils and an AI.
    let reply = h
        .post("/api/tournaments", Some(&key.token), &json!({"name": "Class cup", "format": "round_robin", "size": 5, "class": key.id, "ai": [1]}))
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let cup: KeyView = reply.json();
    // A class's tournament holds children's names: a stranger reads nothing
    // of it, nor joins it with its code; its teacher reads it all, and a
    // pupil reads it without its code or its class.
    let path = format!("/api/tournaments/{}", cup.id);
    assert_eq!(h.get(&path).await.error(401), "unauthorized");
    let t: TournamentView = get_as(&h, &path, &key.token).await.json();
    assert_eq!(t.players.len(), 6);
    assert_eq!(t.total_rounds, 5);
    assert_eq!(
        (t.code.as_str(), t.class.as_deref()),
        (cup.code.as_str(), Some(key.id.as_str()))
    );
    assert!(t.organiser);
    let seen: TournamentView = get_as(&h, &path, &pupils[0].token).await.json();
    assert_eq!(
        (seen.code.as_str(), seen.class.as_deref(), seen.organiser),
        ("", None, false)
    );
    assert_eq!(seen.players.len(), 6);
    let stranger = h
        .post(
            "/api/join",
            None,
            &json!({"code": cup.code, "name": "Stranger"}),
        )
        .await;
    assert_eq!(stranger.error(403), "not_allowed");
    let started = h
        .post(
            &format!("/api/tournaments/{}/start", cup.id),
            Some(&key.token),
            &json!({}),
        )
        .await;
    assert_eq!(started.status, 200, "{}", started.text);
    let view: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    assert_eq!(view.tournaments.len(), 1);
    // Two against two, the teams chosen by hand; a pupil in two games is refused.
    let ids: Vec<u32> = pupils.iter().map(|p| p.player).collect();
    let teams = json!({"pair_by": "hand", "groups": [[ids[0], ids[1], ids[2], ids[3]]], "game": {"size": 9, "players": 4, "variant": "teams"}});
    let reply = h
        .post(
            &format!("/api/classes/{}/games", key.id),
            Some(&key.token),
            &teams,
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let view: ClassView = reply.json();
    assert_eq!(view.games[0].board.seats.len(), 4);
    let twice = json!({"pair_by": "hand", "groups": [[ids[0], ids[0]]], "game": {"size": 5}});
    let reply = h
        .post(
            &format!("/api/classes/{}/games", key.id),
            Some(&key.token),
            &twice,
        )
        .await;
    assert_eq!(reply.error(400), "bad_request");
    // Each pupil against the computer at level 3.
    let reply = h
        .post(
            &format!("/api/classes/{}/games", key.id),
            Some(&key.token),
            &json!({"pair_by": "random", "pupils": [ids[4]], "ai_level": 3, "game": {"size": 7}}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let view: ClassView = reply.json();
    let against_ai = view
        .games
        .iter()
        .find(|g| g.pupils == [Some(ids[4]), None])
        .expect("the game of pupil 4 against the AI");
    assert_eq!(against_ai.board.size, 7);
    assert!(against_ai.board.names.contains(&"AI 3".to_string()));
    // Deleting the class deletes its games and its tournament.
    assert_eq!(
        delete(&h, &format!("/api/classes/{}", key.id), &key.token)
            .await
            .status,
        204
    );
    assert_eq!(
        h.get(&format!("/api/games/{}", game.board.id)).await.status,
        404
    );
    assert_eq!(
        h.get(&format!("/api/tournaments/{}", cup.id)).await.status,
        404
    );
}

#[tokio::test]
async fn a_club_tournament_gets_a_clock_and_its_organiser_deletes_it() {
    let h = Harness::new().await;
    let key: KeyView = h
        .post(
            "/api/tournaments",
            None,
            &json!({"name": "Open", "format": "round_robin", "size": 7}),
        )
        .await
        .json();
    join(&h, &key.code, "Ana").await;
    let ai = h
        .post(
            &format!("/api/tournaments/{}/players", key.id),
            Some(&key.token),
            &json!({"ai": 2}),
        )
        .await;
    assert_eq!(ai.status, 200, "{}", ai.text);
    let started = h
        .post(
            &format!("/api/tournaments/{}/start", key.id),
            Some(&key.token),
            &json!({}),
        )
        .await;
    assert_eq!(started.status, 200, "{}", started.text);
    let started: TournamentView = started.json();
    assert_eq!(started.rounds.len(), 1);
    assert!(started.rounds[0].iter().all(|p| p.game.is_some()));
    let t = tournament(&h, &key.id).await;
    // Every tournament game has a clock: 10 min + 5 s by default.
    assert_eq!(
        t.clock,
        Some(quoridor_engine::TimeControl::Fischer {
            initial: Duration::from_secs(600),
            increment: Duration::from_secs(5)
        })
    );
    let game = t.rounds[0][0].game.clone().unwrap();
    let g = h.game(&game).await;
    assert!(!g.abort_allowed && !g.hint_allowed);
    // Only the organiser deletes it; then it and its games are gone.
    let late = h
        .post(
            "/api/join",
            None,
            &json!({"code": key.code, "name": "Late"}),
        )
        .await;
    assert_eq!(late.error(400), "bad_request");
    assert_eq!(
        delete(&h, &format!("/api/tournaments/{}", key.id), "nope")
            .await
            .status,
        401
    );
    assert_eq!(
        delete(&h, &format!("/api/tournaments/{}", key.id), &key.token)
            .await
            .status,
        204
    );
    assert_eq!(
        h.get(&format!("/api/tournaments/{}", key.id)).await.status,
        404
    );
    assert_eq!(h.get(&format!("/api/games/{game}")).await.status, 404);
}

/// The pupils' work stored for a class, as (assignment, pupil) pairs.
fn stored_work(h: &Harness, class: &str) -> Vec<(u32, u32)> {
    let conn = rusqlite::Connection::open(&h.db).unwrap();
    let mut stmt = conn
        .prepare("SELECT assignment, pupil FROM class_work WHERE class_id = ?1 ORDER BY 1, 2")
        .unwrap();
    stmt.query_map([class], |row| Ok((row.get(0)?, row.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[tokio::test]
async fn work_leaves_the_store_with_its_assignment_and_its_pupil() {
    let mut h = Harness::new().await;
    let key = new_class(&h, None).await;
    let lea = join(&h, &key.code, "Léa").await;
    let tom = join(&h, &key.code, "Tom").await;
    let mut assignments = Vec::new();
    for seed in ["3", "4"] {
        let reply = h
            .post(
                &format!("/api/classes/{}/assignments", key.id),
                Some(&key.token),
                &json!({"level": 1, "count": 2, "seed": seed}),
            )
            .await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        let view: ClassView = reply.json();
        assignments = view.assignments.iter().map(|a| a.id).collect();
    }
    let (first, second) = (assignments[0], assignments[1]);
    for n in [first, second] {
        for pupil in [&lea, &tom] {
            answer(
                &h,
                &key.id,
                n,
                &pupil.token,
                json!({"index": 0, "skip": true}),
            )
            .await;
        }
    }
    let (l, t) = (lea.player, tom.player);
    assert_eq!(
        stored_work(&h, &key.id),
        [(first, l), (first, t), (second, l), (second, t)]
    );
    let path = format!("/api/classes/{}/assignments/{first}", key.id);
    assert_eq!(delete(&h, &path, &key.token).await.status, 204);
    assert_eq!(delete(&h, &path, &key.token).await.error(404), "not_found");
    assert_eq!(stored_work(&h, &key.id), [(second, l), (second, t)]);
    let path = format!("/api/classes/{}/pupils/{l}", key.id);
    assert_eq!(delete(&h, &path, &key.token).await.status, 204);
    assert_eq!(stored_work(&h, &key.id), [(second, t)]);
    h.restart().await;
    let view: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    assert_eq!(view.pupils.len(), 1);
    assert_eq!(view.assignments.len(), 1);
    assert_eq!(view.assignments[0].work.len(), 1);
    assert_eq!(stored_work(&h, &key.id), [(second, t)]);
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

/// Issue 38, defect 1: a pupil who looked at the solution and then
/// answered right is marked "right after the solution", in the answer, the
/// teacher's grid, the pupil's view and the CSV; the solution comes only
/// after a real try.
#[tokio::test]
async fn a_right_answer_after_the_solution_is_marked_so() {
    let h = Harness::new().await;
    let key = new_class(&h, None).await;
    let lea = join(&h, &key.code, "Léa").await;
    let reply = h
        .post(
            &format!("/api/classes/{}/assignments", key.id),
            Some(&key.token),
            &json!({"level": 1, "count": 3, "seed": "7"}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let n = reply.json::<ClassView>().assignments[0].id;
    let solution = |i: u32| {
        format!(
            "/api/classes/{}/assignments/{n}/exercises/{i}/solution",
            key.id
        )
    };
    // Before any answer, or after a skip, the solution is refused.
    assert_eq!(
        h.post(&solution(0), Some(&lea.token), &json!({}))
            .await
            .error(409),
        "try_first"
    );
    answer(
        &h,
        &key.id,
        n,
        &lea.token,
        json!({"index": 1, "skip": true}),
    )
    .await;
    assert_eq!(
        h.post(&solution(1), Some(&lea.token), &json!({}))
            .await
            .error(409),
        "try_first"
    );
    // Only pupils of the class see it.
    assert_eq!(
        h.post(&solution(0), Some(&key.token), &json!({}))
            .await
            .error(401),
        "unauthorized"
    );
    // A wrong try, the solution, then the right answer.
    let wrong = Answer::Route {
        squares: Vec::new(),
    };
    let res = answer(
        &h,
        &key.id,
        n,
        &lea.token,
        json!({"index": 0, "answer": wrong}),
    )
    .await;
    assert_eq!(res["status"], "wrong");
    let shown = h.post(&solution(0), Some(&lea.token), &json!({})).await;
    assert_eq!(shown.status, 200, "{}", shown.text);
    let shown: Value = shown.json();
    let ex = exercise(&h, &key.id, n, 0, &lea.token).await;
    let right = solve(&ex).unwrap().answer;
    assert_eq!(shown["answer"], serde_json::to_value(&right).unwrap());
    assert!(!shown["lines"].as_array().unwrap().is_empty());
    let res = answer(
        &h,
        &key.id,
        n,
        &lea.token,
        json!({"index": 0, "answer": right}),
    )
    .await;
    assert_eq!(
        (res["right"].clone(), res["status"].clone()),
        (json!(true), json!("right_after_solution"))
    );
    // Right at the first try, before the solution: right.
    let ex = exercise(&h, &key.id, n, 2, &lea.token).await;
    let right = solve(&ex).unwrap().answer;
    let res = answer(
        &h,
        &key.id,
        n,
        &lea.token,
        json!({"index": 2, "answer": right}),
    )
    .await;
    assert_eq!(res["status"], "right");
    // The teacher's grid and the pupil's own view say so.
    let view: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    let status_of = |i: u32| {
        view.assignments[0]
            .work
            .iter()
            .find(|w| w.index == i)
            .map(|w| w.status.name())
    };
    assert_eq!(status_of(0), Some("right_after_solution"));
    assert_eq!(status_of(2), Some("right"));
    let me: Value = get_as(&h, &format!("/api/classes/{}/me", key.id), &lea.token)
        .await
        .json();
    let mine = me["assignments"][0]["work"].as_array().unwrap();
    assert!(mine
        .iter()
        .any(|w| w["index"] == 0 && w["status"] == "right_after_solution"));
    // The CSV, in the class's French.
    let csv = get_as(
        &h,
        &format!("/api/classes/{}/results.csv", key.id),
        &key.token,
    )
    .await;
    assert!(
        csv.text.contains(";juste après la solution;"),
        "{}",
        csv.text
    );
    assert!(csv.text.contains(";juste;"), "{}", csv.text);
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

/// Assignments with a due day, for chosen pupils, by rules: "no skip",
/// "until right", the solution at any time; a pupil's page lists what is
/// due first; the export has only the pupils each assignment is for.
#[tokio::test]
async fn assignments_have_rules_a_due_day_and_their_pupils() {
    let h = Harness::new().await;
    let key = new_class(&h, None).await;
    let lea = join(&h, &key.code, "Léa").await;
    let hugo = join(&h, &key.code, "Hugo").await;
    let ines = join(&h, &key.code, "Inès").await;
    let give = |body: Value| {
        let (h, key) = (&h, &key);
        async move {
            h.post(
                &format!("/api/classes/{}/assignments", key.id),
                Some(&key.token),
                &body,
            )
            .await
        }
    };
    let day =
        |n: u64| quoridor_server::calendar::day_of(quoridor_server::wall_ms() + n * 86_400_000);
    let (later_day, sooner_day) = (day(6), day(2));
    let reply = give(json!({"title": "Routes", "level": 1, "count": 3, "seed": "11", "due": later_day, "pupils": [lea.player, hugo.player],
        "rules": {"solution_after_try": false, "until_right": true, "no_skip": true}})).await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let view: ClassView = reply.json();
    let a = &view.assignments[0];
    assert_eq!(
        (a.due.as_deref(), a.pupils.clone()),
        (
            Some(later_day.as_str()),
            Some(vec![lea.player, hugo.player])
        )
    );
    assert!(a.rules.until_right && a.rules.no_skip && !a.rules.solution_after_try);
    let n = a.id;
    // Refused: a day that does not exist, a pupil not in the class.
    assert_eq!(
        give(json!({"level": 1, "due": "2026-02-30"}))
            .await
            .error(400),
        "bad_request"
    );
    // Nor a day already gone (yesterday is allowed: the teacher's time zone).
    let gone = give(json!({"level": 1, "due": day(0).replace(&day(0)[..4], "2020")})).await;
    assert_eq!(gone.error(400), "bad_request");
    assert!(gone.text.contains("past"), "{}", gone.text);
    assert_eq!(
        give(json!({"level": 1, "pupils": [99]})).await.error(404),
        "not_found"
    );
    // Two more for everyone: one due sooner, one due any day.
    give(json!({"title": "Later", "level": 2, "count": 1})).await;
    give(json!({"title": "Sooner", "level": 1, "count": 1, "due": sooner_day})).await;
    // Inès has not got "Routes".
    let me: MeView = get_as(&h, &format!("/api/classes/{}/me", key.id), &ines.token)
        .await
        .json();
    let titles: Vec<&str> = me.assignments.iter().map(|a| a.title.as_str()).collect();
    assert_eq!(titles, ["Sooner", "Later"]);
    let refused = get_as(
        &h,
        &format!("/api/classes/{}/assignments/{n}/exercises/0", key.id),
        &ines.token,
    )
    .await;
    assert_eq!(refused.error(404), "not_found");
    let refused = h
        .post(
            &format!("/api/classes/{}/assignments/{n}/answers", key.id),
            Some(&ines.token),
            &json!({"index": 0, "skip": true}),
        )
        .await;
    assert_eq!(refused.error(404), "not_found");
    // Léa's page: what is due first.
    let me: MeView = get_as(&h, &format!("/api/classes/{}/me", key.id), &lea.token)
        .await
        .json();
    let titles: Vec<&str> = me.assignments.iter().map(|a| a.title.as_str()).collect();
    assert_eq!(titles, ["Sooner", "Routes", "Later"]);
    // No skip; in order, each right first.
    let answers = format!("/api/classes/{}/assignments/{n}/answers", key.id);
    let refused = h
        .post(
            &answers,
            Some(&lea.token),
            &json!({"index": 0, "skip": true}),
        )
        .await;
    assert_eq!(refused.error(409), "no_skip");
    let second = exercise(&h, &key.id, n, 1, &lea.token).await;
    let right = solve(&second).unwrap().answer;
    let refused = h
        .post(
            &answers,
            Some(&lea.token),
            &json!({"index": 1, "answer": right}),
        )
        .await;
    assert_eq!(refused.error(409), "until_right");
    // The solution at any time (by this assignment's rules), and recorded.
    let shown = h
        .post(
            &format!(
                "/api/classes/{}/assignments/{n}/exercises/0/solution",
                key.id
            ),
            Some(&lea.token),
            &json!({}),
        )
        .await;
    assert_eq!(shown.status, 200, "{}", shown.text);
    let first = exercise(&h, &key.id, n, 0, &lea.token).await;
    let res = answer(
        &h,
        &key.id,
        n,
        &lea.token,
        json!({"index": 0, "answer": solve(&first).unwrap().answer}),
    )
    .await;
    assert_eq!(res["status"], "right_after_solution");
    let res = answer(
        &h,
        &key.id,
        n,
        &lea.token,
        json!({"index": 1, "answer": right}),
    )
    .await;
    assert_eq!(res["status"], "right");
    // The export: "Routes" for Léa and Hugo only (3 lines each), the two
    // others for all three (1 line each).
    let csv = get_as(
        &h,
        &format!("/api/classes/{}/results.csv", key.id),
        &key.token,
    )
    .await
    .text;
    let lines = |who: &str| csv.lines().filter(|l| l.starts_with(who)).count();
    assert_eq!(
        (lines("Léa"), lines("Hugo"), lines("Inès")),
        (5, 5, 2),
        "{csv}"
    );
}

#[tokio::test]
async fn a_class_does_puzzles_and_rules_lessons_by_the_assignments_rules() {
    let h = Harness::new().await;
    let key = new_class(&h, None).await;
    let lea = join(&h, &key.code, "Léa").await;
    let give = |body: Value| {
        let (h, key) = (&h, &key);
        async move {
            h.post(
                &format!("/api/classes/{}/assignments", key.id),
                Some(&key.token),
                &body,
            )
            .await
        }
    };
    // Refused: two contents at once, a difficulty out of range, an
    // unknown lesson or puzzle.
    for (body, status) in [
        (json!({"exercises": ["abcdefghij"], "lessons": []}), 400),
        (json!({"puzzles": {"difficulty": 9}}), 400),
        (json!({"lessons": ["nope"]}), 404),
        (json!({"puzzles": {"ids": ["p9999"]}}), 404),
        (json!({"puzzles": {"theme": "chess"}}), 400),
    ] {
        let reply = give(body.clone()).await;
        assert_eq!(reply.status, status, "{body}: {}", reply.text);
    }
    // Three race puzzles of difficulty 1, drawn by a seed: the same seed,
    // the same puzzles.
    let body = json!({"puzzles": {"theme": "race", "difficulty": 1}, "count": 3, "seed": "5"});
    let view: ClassView = give(body.clone()).await.json();
    let a = view.assignments.last().unwrap();
    let n = a.id;
    assert_eq!(a.count, 3);
    assert!(a.title.starts_with("Problèmes"), "{}", a.title);
    let v = serde_json::to_value(&a.source).unwrap();
    assert_eq!(v["source"], "learn");
    assert_eq!(v["lessons"], json!([]));
    let ids: Vec<String> = serde_json::from_value(v["puzzles"].clone()).unwrap();
    let again: ClassView = give(body).await.json();
    let v2 = serde_json::to_value(&again.assignments.last().unwrap().source).unwrap();
    assert_eq!(v2["puzzles"], v["puzzles"]);
    let puzzles: Vec<&quoridor_learn::Puzzle> = ids
        .iter()
        .map(|id| quoridor_learn::find_puzzle(id).unwrap())
        .collect();
    assert!(puzzles
        .iter()
        .all(|p| p.theme == quoridor_learn::Theme::Race && p.difficulty == 1));
    // The pupil sees puzzle 1 (not its solution), in the class's language.
    let task = get_as(
        &h,
        &format!("/api/classes/{}/assignments/{n}/tasks/0", key.id),
        &lea.token,
    )
    .await;
    assert_eq!(task.status, 200, "{}", task.text);
    let task: Value = task.json();
    assert_eq!(task["kind"], "puzzle");
    assert_eq!(task["board"]["notation"], puzzles[0].position);
    assert!(
        task["task"].as_str().unwrap().contains("meilleur coup"),
        "{task}"
    );
    assert!(task.get("solution").is_none());
    // Not a classroom exercise.
    let refused = get_as(
        &h,
        &format!("/api/classes/{}/assignments/{n}/exercises/0", key.id),
        &lea.token,
    )
    .await;
    assert_eq!(refused.status, 404);
    let play = |index: u32, mv: String| {
        let (h, key, token) = (&h, &key, lea.token.clone());
        async move {
            let reply = h
                .post(
                    &format!("/api/classes/{}/assignments/{n}/moves", key.id),
                    Some(&token),
                    &json!({"index": index, "move": mv}),
                )
                .await;
            assert_eq!(reply.status, 200, "{}", reply.text);
            reply.json::<Value>()
        }
    };
    let best = |p: &quoridor_learn::Puzzle| p.best().to_string();
    let other = |p: &quoridor_learn::Puzzle| {
        let start = p.start();
        start
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| m != p.best())
            .unwrap()
            .to_string()
    };
    // Puzzle 1: wrong (nothing given away), the solution after that try,
    // then right: marked as after the solution.
    let res = play(0, other(puzzles[0])).await;
    assert_eq!(
        (res["outcome"].as_str(), res["status"].as_str()),
        (Some("wrong"), Some("wrong"))
    );
    assert_eq!(res["message"], "");
    let solution = h
        .post(
            &format!("/api/classes/{}/assignments/{n}/tasks/0/solution", key.id),
            Some(&lea.token),
            &json!({}),
        )
        .await;
    assert_eq!(solution.status, 200, "{}", solution.text);
    let solution: Value = solution.json();
    assert_eq!(solution["moves"][0], best(puzzles[0]));
    let res = play(0, best(puzzles[0])).await;
    assert_eq!(res["status"], "right_after_solution");
    // Puzzle 2: right at once, the board after it and the line to play out.
    let res = play(1, best(puzzles[1])).await;
    assert_eq!(
        (res["outcome"].as_str(), res["status"].as_str()),
        (Some("right"), Some("right"))
    );
    assert!(!res["message"].as_str().unwrap().is_empty());
    assert_eq!(
        res["line"].as_array().unwrap().len(),
        puzzles[1].solution.len()
    );
    // Puzzle 3: an illegal move counts for nothing; no solution before a
    // try, even after a skip.
    let res = play(2, "a9h".into()).await;
    assert_eq!(res["outcome"], "illegal");
    assert!(res.get("status").is_none());
    answer(
        &h,
        &key.id,
        n,
        &lea.token,
        json!({"index": 2, "skip": true}),
    )
    .await;
    let refused = h
        .post(
            &format!("/api/classes/{}/assignments/{n}/tasks/2/solution", key.id),
            Some(&lea.token),
            &json!({}),
        )
        .await;
    assert_eq!(refused.error(409), "try_first");
    // Lessons, in the order named, each right before the next.
    let view: ClassView =
        give(json!({"lessons": ["jump", "step"], "rules": {"until_right": true}}))
            .await
            .json();
    let l = view.assignments.last().unwrap().id;
    let lesson_move = |index: u32, mv: String| {
        let (h, key, token) = (&h, &key, lea.token.clone());
        async move {
            h.post(
                &format!("/api/classes/{}/assignments/{l}/moves", key.id),
                Some(&token),
                &json!({"index": index, "move": mv, "lang": "en"}),
            )
            .await
        }
    };
    let step = quoridor_learn::lesson("step").unwrap().answers()[0].to_string();
    assert_eq!(lesson_move(1, step.clone()).await.error(409), "until_right");
    let jump = quoridor_learn::lesson("jump").unwrap();
    let not_asked = jump
        .start()
        .legal_moves()
        .iter()
        .copied()
        .find(|m| !jump.answers().contains(m))
        .unwrap();
    let res: Value = lesson_move(0, not_asked.to_string()).await.json();
    assert_eq!(
        (res["outcome"].as_str(), res["status"].as_str()),
        (Some("not_asked"), Some("wrong"))
    );
    let res: Value = lesson_move(0, jump.answers()[0].to_string()).await.json();
    assert_eq!(res["status"], "right");
    let res: Value = lesson_move(1, step).await.json();
    assert_eq!(res["status"], "right");
    // The teacher's progress: puzzles and lessons apart, and a rating.
    let progress: Value = get_as(&h, &format!("/api/classes/{}/progress", key.id), &key.token)
        .await
        .json();
    let mine = &progress["pupils"][0];
    assert_eq!(mine["puzzles"]["first_try"], 1);
    assert_eq!(mine["puzzles"]["after_solution"], 1);
    assert_eq!(mine["puzzles"]["skipped"], 1);
    assert_eq!(mine["lessons"]["first_try"], 1);
    assert_eq!(mine["lessons"]["after_tries"], 1);
    assert!(mine["puzzle_rating"].is_i64(), "{mine}");
    // Lessons then puzzles in one assignment: the lesson first.
    let view: ClassView = give(json!({"lessons": ["edge"], "puzzles": {"ids": [ids[0]]}}))
        .await
        .json();
    let both = view.assignments.last().unwrap();
    assert_eq!(
        (both.count, both.title.as_str()),
        (2, format!("Règles et problèmes #{}", both.id).as_str())
    );
    for (i, kind) in [(0, "lesson"), (1, "puzzle")] {
        let task: Value = get_as(
            &h,
            &format!("/api/classes/{}/assignments/{}/tasks/{i}", key.id, both.id),
            &lea.token,
        )
        .await
        .json();
        assert_eq!(task["kind"], kind);
    }
    // The export too: on her term's line, the puzzles right and her rating.
    let csv = get_as(
        &h,
        &format!("/api/classes/{}/progress.csv", key.id),
        &key.token,
    )
    .await
    .text;
    let term = csv.lines().find(|l| l.starts_with("Léa;;")).unwrap();
    assert!(
        term.ends_with(&format!(";2;{}", mine["puzzle_rating"])),
        "{csv}"
    );
    // The grid and the export show the moves played.
    let view: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    let work = &view.assignments.iter().find(|a| a.id == n).unwrap().work;
    assert_eq!(work[1].answer, best(puzzles[1]));
    let csv = get_as(
        &h,
        &format!("/api/classes/{}/results.csv", key.id),
        &key.token,
    )
    .await
    .text;
    assert!(csv.contains(&best(puzzles[1])), "{csv}");
}

#[tokio::test]
async fn work_given_to_a_group_follows_the_group() {
    let h = Harness::new().await;
    let key = new_class(&h, None).await;
    let lea = join(&h, &key.code, "Léa").await;
    let tom = join(&h, &key.code, "Tom").await;
    let groups = format!("/api/classes/{}/groups", key.id);
    // Only the teacher makes groups.
    let refused = h
        .post(
            &groups,
            Some(&lea.token),
            &json!({"name": "Verts", "pupils": [lea.player]}),
        )
        .await;
    assert_eq!(refused.status, 401, "{}", refused.text);
    let reply = h
        .post(
            &groups,
            Some(&key.token),
            &json!({"name": "Les Verts", "pupils": [lea.player]}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let view: Value = reply.json();
    let green = view["groups"][0]["id"].as_u64().unwrap();
    assert_eq!(view["groups"][0]["pupils"], json!([lea.player]));
    let twice = h
        .post(&groups, Some(&key.token), &json!({"name": "les verts"}))
        .await;
    assert_eq!(twice.error(400), "bad_request");
    let reply = h
        .post(
            &format!("/api/classes/{}/assignments", key.id),
            Some(&key.token),
            &json!({"title": "Verts", "lessons": [], "groups": [green]}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let titles = |token: String| {
        let (h, id) = (&h, key.id.clone());
        async move {
            let me: MeView = get_as(h, &format!("/api/classes/{id}/me"), &token)
                .await
                .json();
            me.assignments
                .iter()
                .map(|a| a.title.clone())
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(titles(lea.token.clone()).await, ["Verts"]);
    assert!(titles(tom.token.clone()).await.is_empty());
    // Tom joins the group, Léa leaves it.
    let reply = h
        .post(
            &format!("{groups}/{green}"),
            Some(&key.token),
            &json!({"pupils": [tom.player]}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert!(titles(lea.token.clone()).await.is_empty());
    assert_eq!(titles(tom.token.clone()).await, ["Verts"]);
    // A pupil is not told the groups; the teacher is.
    let me: Value = get_as(&h, &format!("/api/classes/{}/me", key.id), &tom.token)
        .await
        .json();
    assert!(me["assignments"][0].get("groups").is_none(), "{me}");
    let view: Value = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    assert_eq!(view["assignments"][0]["groups"], json!([green]));
    // Deleted: the work stays for Tom; an unknown group is not found.
    let gone = delete(&h, &format!("{groups}/{green}"), &key.token).await;
    assert_eq!(gone.status, 204);
    assert_eq!(titles(tom.token.clone()).await, ["Verts"]);
    let missing = h
        .post(
            &format!("{groups}/{green}"),
            Some(&key.token),
            &json!({"name": "X"}),
        )
        .await;
    assert_eq!(missing.error(404), "not_found");
}

/// A class tournament in a real lesson: two pupils absent are taken out
/// before the start, the teacher declares a forfeit, a pupil removed from
/// the class mid-round loses their game at once and is never paired again,
/// and their old token makes no move.
#[tokio::test]
async fn a_lesson_tournament_goes_on_without_absent_and_removed_pupils() {
    use quoridor_server::club::tournament::Outcome;
    let h = Harness::new().await;
    let key = new_class(&h, None).await;
    let names = ["Ana", "Ben", "Cléo", "Dan", "Eva", "Fay"];
    let mut pupils = Vec::new();
    for name in names {
        pupils.push(join(&h, &key.code, name).await);
    }
    let reply = h
        .post(
            "/api/tournaments",
            Some(&key.token),
            &json!({"name": "Coupe", "format": "swiss", "rounds": 3, "size": 5, "class": key.id}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let cup: KeyView = reply.json();
    let path = format!("/api/tournaments/{}", cup.id);
    let index_of =
        |t: &TournamentView, name: &str| t.players.iter().position(|p| p.name == name).unwrap();
    // Ben and Eva are absent: taken out before round 1 is paired.
    for absent in ["Ben", "Eva"] {
        let t = wait_for_as(&h, &path, &key.token, |_| true).await;
        let reply = h
            .post(
                &format!("{path}/withdraw"),
                Some(&key.token),
                &json!({"player": index_of(&t, absent)}),
            )
            .await;
        assert_eq!(reply.status, 204, "{}", reply.text);
    }
    let t = wait_for_as(&h, &path, &key.token, |_| true).await;
    let entered: Vec<&str> = t.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(entered, ["Ana", "Cléo", "Dan", "Fay"]);
    let started = h
        .post(&format!("{path}/start"), Some(&key.token), &json!({}))
        .await;
    assert_eq!(started.status, 200, "{}", started.text);
    let t = wait_for_as(&h, &path, &key.token, |_| true).await;
    let round = &t.rounds[0];
    assert_eq!(round.len(), 2);
    assert!(round.iter().all(|p| p.second.is_some() && p.game.is_some()));
    let token_of = |player: usize| {
        let name = &t.players[player].name;
        pupils.iter().find(|p| &p.name == name).unwrap().clone()
    };

    // The teacher ends table 1: its second player did not come.
    let table1 = round[0].clone();
    let game1 = table1.game.clone().unwrap();
    // A pupil cannot decide; a game of no round cannot be decided.
    let refused = h
        .post(
            &format!("{path}/decide"),
            Some(&token_of(table1.first).token),
            &json!({"game": game1, "outcome": "first_wins"}),
        )
        .await;
    assert_eq!(refused.error(401), "unauthorized");
    let refused = h
        .post(
            &format!("{path}/decide"),
            Some(&key.token),
            &json!({"game": "nope", "outcome": "draw"}),
        )
        .await;
    assert_eq!(refused.error(409), "not_decidable");
    let decided = h
        .post(
            &format!("{path}/decide"),
            Some(&key.token),
            &json!({"game": game1, "outcome": "first_wins"}),
        )
        .await;
    assert_eq!(decided.status, 204, "{}", decided.text);
    let t2 = wait_for_as(&h, &path, &key.token, |t| t.rounds[0][0].outcome.is_some()).await;
    assert_eq!(t2.rounds[0][0].outcome, Some(Outcome::FirstWins));
    let again = h
        .post(
            &format!("{path}/decide"),
            Some(&key.token),
            &json!({"game": game1, "outcome": "draw"}),
        )
        .await;
    assert_eq!(again.error(409), "not_decidable");

    // Table 2's first player is removed from the class mid-game.
    let table2 = round[1].clone();
    let game2 = table2.game.clone().unwrap();
    let removed = token_of(table2.first);
    let reply = delete(
        &h,
        &format!("/api/classes/{}/pupils/{}", key.id, removed.player),
        &key.token,
    )
    .await;
    assert_eq!(reply.status, 204, "{}", reply.text);
    // Their game is lost at once, so round 2 is paired without them.
    let t3 = wait_for_as(&h, &path, &key.token, |t| t.rounds.len() == 2).await;
    assert_eq!(t3.rounds[0][1].outcome, Some(Outcome::SecondWins));
    let gone = table2.first;
    assert!(t3.players[gone].withdrawn);
    // Their name is forgotten: in the players, the standings and the
    // board of the game they lost, which the class's pupils read.
    assert_eq!(t3.players[gone].name, "");
    let row = t3.standings.iter().find(|s| s.player == gone).unwrap();
    assert_eq!(row.name, "");
    let board = t3.rounds[0][1].board.as_ref().unwrap();
    assert_eq!(board.names[0], "");
    assert!(!board.names[1].is_empty());
    let text = get_as(&h, &path, &key.token).await.text;
    assert!(!text.contains(&format!("\"{}\"", removed.name)), "{text}");
    let round2 = &t3.rounds[1];
    assert!(round2
        .iter()
        .all(|p| p.first != gone && p.second != Some(gone)));
    assert_eq!(round2.iter().filter(|p| p.second.is_none()).count(), 1);
    // Their old token makes no move in their game.
    let moved = h
        .post(
            &format!("/api/games/{game2}/move"),
            Some(&removed.token),
            &json!({"move": "c2"}),
        )
        .await;
    assert_ne!(moved.status, 200, "{}", moved.text);
    // Removing them again changes nothing; a finished game stays as it ended.
    let game: Value = h.get(&format!("/api/games/{game2}")).await.json();
    assert_eq!(game["status"], "over", "{game}");
    // The game they lost no longer says their name, to anyone who has its
    // address: not its page, not the lists of games.
    let text = h.get(&format!("/api/games/{game2}")).await.text;
    assert!(!text.contains(&format!("\"{}\"", removed.name)), "{text}");
    let names: Vec<&str> = game["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names[0], "", "{game}");
}

async fn wait_for_as(
    h: &Harness,
    path: &str,
    token: &str,
    ok: impl Fn(&TournamentView) -> bool,
) -> TournamentView {
    for _ in 0..200 {
        let t: TournamentView = get_as(h, path, token).await.json();
        if ok(&t) {
            return t;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!(
        "the tournament did not get there: {}",
        get_as(h, path, token).await.text
    );
}

/// Puzzles drawn for a class are new to it, week after week, while the
/// collection has enough: two assignments drawn alike share none.
#[tokio::test]
async fn puzzles_drawn_for_a_class_do_not_repeat() {
    let h = Harness::new().await;
    let key = new_class(&h, None).await;
    let mut seen = HashSet::new();
    for week in 0..3 {
        let reply = h
            .post(
                &format!("/api/classes/{}/assignments", key.id),
                Some(&key.token),
                &json!({"title": format!("Week {week}"), "puzzles": {}, "count": 12}),
            )
            .await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        let view: Value = reply.json();
        let last = view["assignments"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["title"] == format!("Week {week}"))
            .unwrap()
            .clone();
        let ids = last["source"]["puzzles"].as_array().unwrap();
        assert_eq!(ids.len(), 12, "{last}");
        for id in ids {
            assert!(
                seen.insert(id.as_str().unwrap().to_string()),
                "{id} given twice"
            );
        }
    }
}

/// A pupil removed from the class leaves no name behind in the games they
/// played: their game in progress is lost, and its page, kept over a
/// restart, names their seat no more; the other pupil's name stays.
#[tokio::test]
async fn a_removed_pupils_name_leaves_their_class_games() {
    let mut h = Harness::new().await;
    let key = new_class(&h, None).await;
    let lea = join(&h, &key.code, "Léa").await;
    let hugo = join(&h, &key.code, "Hugo").await;
    let game = game_of_two(&h, &key, lea.player, hugo.player).await;
    let lea_seat = game
        .pupils
        .iter()
        .position(|p| *p == Some(lea.player))
        .unwrap();
    // A game the teacher paired is not the pupils' to abort, even before
    // anyone has moved.
    let shown: Value = h.get(&format!("/api/games/{}", game.board.id)).await.json();
    assert_eq!(shown["abort_allowed"], false, "{shown}");
    let refused = h
        .post(
            &format!("/api/games/{}/abort", game.board.id),
            Some(&hugo.token),
            &json!({}),
        )
        .await;
    assert_eq!(refused.error(403), "not_allowed");
    let reply = delete(
        &h,
        &format!("/api/classes/{}/pupils/{}", key.id, lea.player),
        &key.token,
    )
    .await;
    assert_eq!(reply.status, 204, "{}", reply.text);
    for restarted in [false, true] {
        if restarted {
            h.restart().await;
        }
        let text = h.get(&format!("/api/games/{}", game.board.id)).await.text;
        assert!(!text.contains("Léa"), "restarted {restarted}: {text}");
        let shown: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(shown["status"], "over", "{shown}");
        let names: Vec<&str> = shown["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].as_str().unwrap())
            .collect();
        assert_eq!(names[lea_seat], "");
        assert_eq!(names[1 - lea_seat], "Hugo");
    }
}
