//! The classroom's HTTP API on the real server (API.md, "The classroom"):
//! exercises made, checked and solved; what is wrong with a request said
//! with the right status; shared exercises saved and read back; worksheets
//! and the pupil's sheet as PDF, the same seed giving the same file.

mod harness;

use harness::Harness;
use quoridor_exercises::{generate, Answer, Exercise, Kind, Mistake};
use quoridor_server::classroom::view::{CheckView, ExerciseView, SavedView, SolutionView};
use serde_json::{json, Value};

/// What a PDF shows: its text (pdftotext) and its pages drawn at 40 dpi
/// (pdftoppm, PNG bytes), from poppler-utils (`scripts/test.sh` installs
/// them).
fn printed(pdf: &[u8]) -> (String, Vec<Vec<u8>>) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sheet.pdf");
    std::fs::write(&file, pdf).unwrap();
    let text = std::process::Command::new("pdftotext")
        .arg(&file)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils)");
    assert!(text.status.success());
    let prefix = dir.path().join("page");
    let drawn = std::process::Command::new("pdftoppm")
        .args(["-r", "40", "-png"])
        .arg(&file)
        .arg(&prefix)
        .status()
        .expect("pdftoppm (poppler-utils)");
    assert!(drawn.success());
    let mut pages: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .collect();
    pages.sort();
    assert!(!pages.is_empty(), "no page drawn");
    (
        String::from_utf8(text.stdout).unwrap(),
        pages.iter().map(|p| std::fs::read(p).unwrap()).collect(),
    )
}

/// An exercise as the page would send it.
fn body(exercise: &Exercise, answer: Option<&Answer>) -> Value {
    let mut body = json!({ "exercise": exercise, "lang": "en" });
    if let Some(answer) = answer {
        body["answer"] = serde_json::to_value(answer).unwrap();
    }
    body
}

async fn check(h: &Harness, exercise: &Exercise, answer: &Answer) -> CheckView {
    let reply = h
        .post("/api/classroom/check", None, &body(exercise, Some(answer)))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json()
}

#[tokio::test]
async fn every_kind_is_made_solved_and_checked() {
    let h = Harness::new().await;
    for kind in Kind::ALL {
        for level in [1, 5] {
            let path = format!("/api/classroom/exercise?kind={kind}&level={level}&seed=42&lang=fr");
            let first: ExerciseView = h.get(&path).await.json();
            let again: ExerciseView = h.get(&path).await.json();
            assert_eq!(first, again, "{path}: the same seed, another exercise");
            assert_eq!(first.exercise, generate(kind, level, 42), "{path}");
            assert_eq!(first.kind, kind);
            assert!(!first.instruction.is_empty() && first.svg.starts_with("<svg"));

            let reply = h
                .post(
                    "/api/classroom/solution",
                    None,
                    &body(&first.exercise, None),
                )
                .await;
            assert_eq!(reply.status, 200, "{path}: {}", reply.text);
            let solution: SolutionView = reply.json();
            assert!(!solution.lines.is_empty(), "{path}");
            let verdict = check(&h, &first.exercise, &solution.answer).await;
            assert!(verdict.right, "{path}: the key is refused: {verdict:?}");
            assert!(verdict.mistakes.is_empty() && !verdict.messages.is_empty());
        }
    }
    // A level at random, a kind at random: still an exercise.
    let any: ExerciseView = h.get("/api/classroom/exercise").await.json();
    assert!(any.exercise.validate().is_ok());
}

#[tokio::test]
async fn a_wrong_route_is_told_what_is_wrong() {
    let h = Harness::new().await;
    let exercise: Exercise = serde_json::from_value(json!({
        "version": 1,
        "board": { "size": 4, "fences": ["b1h"], "items": { "b1": "fish", "c3": "star" } },
        "task": "route", "start": "a1", "end": "d1", "fewest": false
    }))
    .unwrap();
    let route = |squares: &[&str]| Answer::Route {
        squares: squares.iter().map(|s| s.parse().unwrap()).collect(),
    };
    let fish = check(&h, &exercise, &route(&["b1", "c1", "d1"])).await;
    assert!(!fish.right);
    assert!(
        fish.mistakes.contains(&Mistake::OnFish {
            square: "b1".parse().unwrap()
        }),
        "{fish:?}"
    );
    assert!(fish.messages.iter().any(|m| m.contains("fish")), "{fish:?}");
    let star = check(
        &h,
        &exercise,
        &route(&["a2", "a3", "b3", "b4", "c4", "d4", "d3", "d2", "d1"]),
    )
    .await;
    assert!(
        star.mistakes.contains(&Mistake::MissedStar {
            square: "c3".parse().unwrap()
        }),
        "{star:?}"
    );
    let jump = check(&h, &exercise, &route(&["a3"])).await;
    assert!(
        matches!(jump.mistakes.first(), Some(Mistake::Jump { .. })),
        "{jump:?}"
    );
    // The wrong kind of answer for the exercise.
    let objects = check(&h, &exercise, &Answer::Objects { objects: vec![] }).await;
    assert_eq!(objects.mistakes, [Mistake::WrongAnswerKind], "{objects:?}");
}

#[tokio::test]
async fn bad_requests_say_what_is_wrong_and_change_nothing() {
    let h = Harness::new().await;
    for path in [
        "/api/classroom/exercise?level=6",
        "/api/classroom/exercise?level=0",
        "/api/classroom/exercise?kind=sudoku",
        "/api/classroom/exercise?seed=-1",
        "/api/classroom/exercise?lang=de",
        "/api/classroom/exercise?colour=red",
        "/classroom/sheet.pdf?count=0",
        "/classroom/sheet.pdf?count=41",
        "/classroom/sheet?kind=chess",
        "/classroom/pupil.pdf?lang=xx",
    ] {
        assert_eq!(h.get(path).await.error(400), "bad_request", "{path}");
    }

    // Boards the classroom cannot use: refused with the reason, in words.
    let exercise = generate(Kind::Routes, 2, 3);
    let mut value = serde_json::to_value(&exercise).unwrap();
    value["board"]["size"] = json!(12);
    let reply = h
        .post(
            "/api/classroom/solution",
            None,
            &json!({ "exercise": value }),
        )
        .await;
    assert_eq!(reply.error(422), "bad_exercise");
    assert!(reply.text.contains("11"), "{}", reply.text);
    let mut crossed: Value = serde_json::to_value(&exercise).unwrap();
    crossed["board"]["fences"] = json!(["b2h", "b2v"]);
    for path in ["/api/classroom/check", "/api/classroom/exercises"] {
        let mut body = json!({ "exercise": crossed.clone() });
        body["answer"] = json!({ "answer": "route", "squares": [] });
        if path.ends_with("exercises") {
            body.as_object_mut().unwrap().remove("answer");
        }
        let reply = h.post(path, None, &body).await;
        assert_eq!(reply.error(422), "bad_exercise", "{path}");
    }
    // More fences than the board holds are refused before they are compared.
    let mut flood: Value = serde_json::to_value(&exercise).unwrap();
    flood["board"]["size"] = json!(3);
    flood["board"]["fences"] = json!(vec!["a1h"; 9]);
    let reply = h
        .post(
            "/api/classroom/analyze",
            None,
            &json!({ "exercise": flood }),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let analysis: Value = reply.json();
    assert_eq!(analysis["solvable"], false);
    assert!(analysis["problem"].as_str().is_some_and(|p| !p.is_empty()));

    // Malformed bodies, and answers too long to be a route.
    let reply = h
        .post("/api/classroom/check", None, &json!({ "exercise": 7 }))
        .await;
    assert_eq!(reply.error(400), "bad_request");
    let long = Answer::Route {
        squares: vec!["a1".parse().unwrap(); 501],
    };
    let reply = h
        .post("/api/classroom/check", None, &body(&exercise, Some(&long)))
        .await;
    assert_eq!(reply.error(400), "bad_request");
}

#[tokio::test]
async fn a_draft_is_drawn_with_the_pawns_placed_so_far() {
    let h = Harness::new().await;
    let draft = json!({
        "board": { "size": 5, "fences": ["b2h"], "items": { "c3": "star" } },
        "pawns": [{ "color": "red", "square": "a1" }],
        "lang": "fr",
    });
    let reply = h.post("/api/classroom/draft", None, &draft).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let svg = reply.json::<Value>()["svg"].as_str().unwrap().to_string();
    assert_eq!(svg.matches(r#"class="pawn""#).count(), 1);
    // "R" for rouge: the letter is the page's language's.
    assert!(svg.contains(">R</text>"), "{svg}");
    assert_eq!(svg.matches(r#"data-fence="b2h""#).count(), 1);
    assert_eq!(svg.matches(r#"class="star""#).count(), 1);
    assert_eq!(svg.matches(r#"class="cell""#).count(), 25);
    // No pawn yet: the board alone.
    let reply = h
        .post(
            "/api/classroom/draft",
            None,
            &json!({ "board": { "size": 3 } }),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert!(!reply.text.contains("pawn"));
    // Crossing fences are drawn, so that the teacher sees which to take
    // away (the editor's check says what is wrong).
    let crossing = json!({ "board": { "size": 5, "fences": ["b2h", "b2v"] } });
    let reply = h.post("/api/classroom/draft", None, &crossing).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.text.matches(r#"class=\"fence\""#).count(), 2);

    // A pawn off the board, two of a colour, a broken board: refused in
    // words, in the asker's language.
    for (board, pawns) in [
        (
            json!({ "size": 5 }),
            json!([{ "color": "red", "square": "f1" }]),
        ),
        (
            json!({ "size": 5 }),
            json!([{ "color": "red", "square": "a1" }, { "color": "red", "square": "b1" }]),
        ),
        (json!({ "size": 5, "fences": ["e1h"] }), json!([])),
        (json!({ "size": 5, "items": { "a6": "star" } }), json!([])),
    ] {
        let reply = h
            .post(
                "/api/classroom/draft",
                None,
                &json!({ "board": board, "pawns": pawns, "lang": "fr" }),
            )
            .await;
        assert_eq!(reply.error(422), "bad_exercise", "{board} {pawns}");
    }
    let reply = h
        .post(
            "/api/classroom/draft",
            None,
            &json!({ "board": { "size": 99 } }),
        )
        .await;
    assert_eq!(reply.error(422), "bad_exercise");
}

#[tokio::test]
async fn shared_exercises_are_saved_and_read_back() {
    let mut h = Harness::new().await;
    let exercise = generate(Kind::Maze, 3, 9);
    let reply = h
        .post("/api/classroom/exercises", None, &body(&exercise, None))
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let saved: SavedView = reply.json();
    assert_eq!(saved.link, format!("/classroom?e={}", saved.id));

    // An exercise with no answer is not shared.
    let walled: Exercise = serde_json::from_value(json!({
        "version": 1,
        "board": { "size": 3, "fences": ["a1h", "b1v"], "items": {} },
        "task": "route", "start": "a1", "end": "c3", "fewest": false
    }))
    .unwrap();
    let reply = h
        .post("/api/classroom/exercises", None, &body(&walled, None))
        .await;
    assert_eq!(reply.error(422), "bad_exercise");

    // It outlives the server.
    h.restart().await;
    let path = format!("/api/classroom/exercises/{}?lang=ro", saved.id);
    let view: ExerciseView = h.get(&path).await.json();
    assert_eq!(view.exercise, exercise);
    assert_eq!(view.id.as_deref(), Some(saved.id.as_str()));
    for id in ["nope", "..%2F..%2Fetc", "AAAAAAAAAAAAAAAA"] {
        let reply = h.get(&format!("/api/classroom/exercises/{id}")).await;
        assert_eq!(reply.error(404), "not_found", "{id}");
    }

    // Only the token given when it was shared deletes it.
    let url = format!("{}/api/classroom/exercises/{}", h.base(), saved.id);
    let delete = |token: Option<&str>| {
        let mut req = h.http.delete(&url);
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        h.send(req)
    };
    assert_eq!(delete(None).await.error(401), "unauthorized");
    assert_eq!(
        delete(Some("not-the-token")).await.error(401),
        "unauthorized"
    );
    assert_eq!(
        h.get(&path).await.status,
        200,
        "refused deletions deleted it"
    );
    let reply = delete(Some(&saved.token)).await;
    assert_eq!(reply.status, 204, "{}", reply.text);
    assert_eq!(h.get(&path).await.error(404), "not_found");
    assert_eq!(delete(Some(&saved.token)).await.error(404), "not_found");
    // And it stays deleted, with no trace in the database file.
    h.restart().await;
    assert_eq!(h.get(&path).await.error(404), "not_found");
    assert!(
        !h.stored_text().contains(&saved.id),
        "the deleted exercise's id is still in the database"
    );
}

#[tokio::test]
async fn worksheets_and_the_pupils_sheet_are_pdf_files() {
    let h = Harness::new().await;
    let get = |path: &'static str| {
        let url = format!("{}{path}", h.base());
        let http = h.http.clone();
        async move {
            let res = http.get(url).send().await.unwrap();
            assert_eq!(res.status().as_u16(), 200, "{path}");
            let kind = res.headers()["content-type"].to_str().unwrap().to_string();
            (kind, res.bytes().await.unwrap().to_vec())
        }
    };
    let sheet = "/classroom/sheet.pdf?kind=routes&level=2&count=3&seed=4&lang=fr";
    let (kind, first) = get(sheet).await;
    assert_eq!(kind, "application/pdf");
    assert!(first.starts_with(b"%PDF-"), "not a PDF");
    // The same seed prints the same text and draws the same pages, pixel
    // for pixel (svg2pdf numbers the fonts inside the file in any order,
    // so the bytes themselves may differ).
    let (_, again) = get(sheet).await;
    assert!(
        printed(&first) == printed(&again),
        "the same seed printed another sheet"
    );
    let (_, other) = get("/classroom/sheet.pdf?kind=routes&level=2&count=3&seed=5&lang=fr").await;
    assert!(
        printed(&first) != printed(&other),
        "another seed printed the same sheet"
    );
    let print = "/classroom/sheet?kind=routes&level=2&count=3&seed=4&lang=fr";
    assert_eq!(get(print).await, get(print).await);
    let (kind, pupil) = get("/classroom/pupil.pdf?lang=ro").await;
    assert_eq!(kind, "application/pdf");
    assert!(pupil.starts_with(b"%PDF-"));
    let (kind, html) = get("/classroom/sheet?kind=mixed&level=1&count=2&seed=1&lang=en").await;
    assert!(kind.starts_with("text/html"), "{kind}");
    let html = String::from_utf8(html).unwrap();
    assert!(
        html.contains("<svg") && html.contains("lang=\"en\""),
        "{html}"
    );
}
