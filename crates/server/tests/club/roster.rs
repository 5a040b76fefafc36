//! The teacher's roster on the real server: pupils added by name before the
//! lesson, renamed, and two seats of one child merged with their work,
//! games, groups and tournament places.

use quoridor_exercises::solve;
use quoridor_server::club::tournament_view::TournamentView;
use quoridor_server::club::view::{ClassView, JoinedView, KeyView, MeView};
use serde_json::{json, Value};

use super::assignments::stored_work;
use super::{answer, exercise};
use crate::classes::{game_of_two, get_as, join, new_class};
use crate::harness::Harness;

/// The teacher's roster before the lesson: pupils added by name (all or
/// none), their cards printed at once, a pupil in with her card on her
/// first day, a name typed wrong renamed.
#[tokio::test]
async fn the_teacher_adds_and_renames_pupils_before_the_lesson() {
    let h = Harness::new().await;
    let key = new_class(&h, None).await;
    let path = format!("/api/classes/{}/pupils", key.id);
    // A name twice (as the class compares them): nothing is added.
    let refused = h
        .post(
            &path,
            Some(&key.token),
            &json!({"names": ["Léa", "Hugo", "LEA"]}),
        )
        .await;
    assert_eq!(refused.error(400), "bad_request");
    let none: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    assert!(none.pupils.is_empty());
    // Only the teacher adds.
    let stranger = h.post(&path, None, &json!({"names": ["Zoé"]})).await;
    assert_eq!(stranger.error(401), "unauthorized");
    let added = h
        .post(
            &path,
            Some(&key.token),
            &json!({"names": ["Léa", "Hugo", "Inés"]}),
        )
        .await;
    assert_eq!(added.status, 201, "{}", added.text);
    let view: ClassView = added.json();
    let names: Vec<&str> = view.pupils.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Léa", "Hugo", "Inés"]);
    // Their cards print before anyone has typed the code.
    let cards: Value = get_as(&h, &format!("/api/classes/{}/cards", key.id), &key.token)
        .await
        .json();
    assert_eq!(cards["cards"].as_array().unwrap().len(), 3);
    // Inès's name was typed wrong: renamed; a name taken is refused.
    let ines = view.pupils[2].id;
    let taken = h
        .post(
            &format!("{path}/{ines}"),
            Some(&key.token),
            &json!({"name": "hugo"}),
        )
        .await;
    assert_eq!(taken.error(400), "bad_request");
    let renamed = h
        .post(
            &format!("{path}/{ines}"),
            Some(&key.token),
            &json!({"name": "Inès"}),
        )
        .await;
    assert_eq!(renamed.status, 200, "{}", renamed.text);
    let view: ClassView = renamed.json();
    assert_eq!(view.pupils[2].name, "Inès");
    // Léa comes in with her card: her seat, her name.
    let card = view.pupils[0].card.clone();
    let joined: JoinedView = h
        .post("/api/join", None, &json!({"card": card}))
        .await
        .json();
    assert_eq!(
        (joined.name.as_str(), joined.player),
        ("Léa", view.pupils[0].id)
    );
    let me: MeView = get_as(&h, &format!("/api/classes/{}/me", key.id), &joined.token)
        .await
        .json();
    assert_eq!(me.name, "Léa");
    // Typing the code and her own name again makes no second seat.
    let again = h
        .post("/api/join", None, &json!({"code": key.code, "name": "Léa"}))
        .await;
    assert_eq!(again.error(400), "bad_request");
}

/// A child who joined twice ("Léa" and "Léa M"): the teacher merges the
/// second seat into the first. Léa keeps the better work of each exercise,
/// the other seat's game (she plays its next move from her tablet), its
/// group; in the class tournament where both were entered, the second seat
/// is taken out; the second tablet is told she moved away.
/// Refusals change nothing; it all holds over a restart.
#[tokio::test]
async fn two_seats_of_one_child_are_merged() {
    let mut h = Harness::new().await;
    let key = new_class(&h, None).await;
    let lea = join(&h, &key.code, "Léa").await;
    let twice = join(&h, &key.code, "Léa M").await;
    let hugo = join(&h, &key.code, "Hugo").await;
    let given = h
        .post(
            &format!("/api/classes/{}/assignments", key.id),
            Some(&key.token),
            &json!({"level": 2, "count": 3, "seed": "5"}),
        )
        .await;
    assert_eq!(given.status, 201, "{}", given.text);
    let n = given.json::<ClassView>().assignments[0].id;
    let right = |i: u32, who: &JoinedView| {
        let (h, class, token) = (&h, key.id.clone(), who.token.clone());
        async move {
            let ex = exercise(h, &class, n, i, &token).await;
            let right = solve(&ex).unwrap().answer;
            answer(h, &class, n, &token, json!({"index": i, "answer": right})).await;
        }
    };
    let skip = |i: u32, who: &JoinedView| {
        let (h, class, token) = (&h, key.id.clone(), who.token.clone());
        async move {
            answer(h, &class, n, &token, json!({"index": i, "skip": true})).await;
        }
    };
    skip(0, &lea).await;
    right(0, &twice).await;
    skip(1, &twice).await;
    right(2, &lea).await;
    skip(2, &twice).await;
    let game = game_of_two(&h, &key, twice.player, hugo.player).await;
    let group = h
        .post(
            &format!("/api/classes/{}/groups", key.id),
            Some(&key.token),
            &json!({"name": "Les bleus", "pupils": [twice.player]}),
        )
        .await;
    assert_eq!(group.status, 201, "{}", group.text);
    let cup = h
        .post(
            "/api/tournaments",
            Some(&key.token),
            &json!({"name": "Coupe", "format": "round_robin", "size": 5, "class": key.id}),
        )
        .await;
    assert_eq!(cup.status, 201, "{}", cup.text);
    let cup: KeyView = cup.json();

    // Refused: into themselves, into nobody, by a pupil. Nothing changed.
    let path = |p: u32| format!("/api/classes/{}/pupils/{p}/merge", key.id);
    let before = stored_work(&h, &key.id);
    let itself = h
        .post(
            &path(twice.player),
            Some(&key.token),
            &json!({"into": twice.player}),
        )
        .await;
    assert_eq!(itself.error(400), "bad_request");
    let nobody = h
        .post(&path(twice.player), Some(&key.token), &json!({"into": 99}))
        .await;
    assert_eq!(nobody.error(404), "not_found");
    let pupil = h
        .post(
            &path(twice.player),
            Some(&lea.token),
            &json!({"into": lea.player}),
        )
        .await;
    assert_eq!(pupil.error(401), "unauthorized");
    assert_eq!(stored_work(&h, &key.id), before);

    let merged = h
        .post(
            &path(twice.player),
            Some(&key.token),
            &json!({"into": lea.player}),
        )
        .await;
    assert_eq!(merged.status, 200, "{}", merged.text);
    for round in 0..2 {
        let view: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
            .await
            .json();
        let names: Vec<&str> = view.pupils.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Léa", "Hugo"], "round {round}");
        assert_eq!(view.groups[0].pupils, [lea.player]);
        assert_eq!(view.games[0].pupils, [Some(lea.player), Some(hugo.player)]);
        assert!(stored_work(&h, &key.id)
            .iter()
            .all(|&(_, p)| p == lea.player));
        let me: MeView = get_as(&h, &format!("/api/classes/{}/me", key.id), &lea.token)
            .await
            .json();
        let statuses: Vec<String> = me.assignments[0]
            .work
            .iter()
            .map(|w| {
                serde_json::to_value(w.status)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert_eq!(statuses, ["right", "skipped", "right"], "round {round}");
        let t: TournamentView = get_as(&h, &format!("/api/tournaments/{}", cup.id), &key.token)
            .await
            .json();
        let players: Vec<(&str, bool)> = t
            .players
            .iter()
            .map(|p| (p.name.as_str(), p.withdrawn))
            .collect();
        // Not started yet: the merged seat is taken out before round 1.
        assert_eq!(players, [("Léa", false), ("Hugo", false)], "round {round}");
        let gone = get_as(&h, &format!("/api/classes/{}/me", key.id), &twice.token).await;
        assert_eq!(gone.error(401), "moved_away");
        if round == 0 {
            h.restart().await;
        }
    }
    // Léa's own tablet plays the merged seat's move.
    let to = if game.board.pawns[0] == "c1" {
        "c2"
    } else {
        "c4"
    };
    let played = h.play(&game.board.id, &lea.token, to).await;
    assert_eq!(played.status, 200, "{}", played.text);
    let stale = h.play(&game.board.id, &twice.token, "c3").await;
    assert_eq!(stale.error(401), "unauthorized");
}
