//! Assignments on the real server: their work stored and deleted, rules
//! and due days, puzzles and lessons of /learn, work given to a group,
//! puzzles that do not repeat, a right answer after the solution.

use super::*;

/// The pupils' work stored for a class, as (assignment, pupil) pairs.
pub(super) fn stored_work(h: &Harness, class: &str) -> Vec<(u32, u32)> {
    let sql = "SELECT assignment, pupil FROM class_work WHERE class_id = ?1 ORDER BY 1, 2";
    h.stored_rows(sql, &[&class])
        .iter()
        .map(|row| (row.get(0).unwrap(), row.get(1).unwrap()))
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
