//! Tournaments of a class and of a club on the real server: a Swiss of 7
//! over 3 rounds with a restart, a club's with a clock, a lesson's with
//! absent and removed pupils.

use super::*;

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
        t.stage == quoridor_server::club::tournament::Stage::Finished
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

/// A class tournament in a real lesson: two pupils absent are taken out
/// before the start, the teacher declares a forfeit, a pupil removed from
/// the class mid-round loses their game at once and is never paired again,
/// and their old token makes no move.
#[tokio::test]
async fn a_lesson_tournament_goes_on_without_absent_and_removed_pupils() {
    use quoridor_server::club::tournament::rounds::Outcome;
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
