//! The rules tutorial in a real headless Chromium: the jump lesson solved by
//! tapping, after a wrong answer explained; a fence lesson tried from the
//! keyboard and solved with the fence tool; the child's wording in French;
//! puzzles missed, solved, and started afresh on the pawn; and the API on
//! its own.

mod e2e;
mod harness;

use e2e::{Browser, Waiter};
use fantoccini::key::Key;
use harness::Harness;
use quoridor_server::learn::{CheckRequest, CheckView, LessonsView};

/// The feedback once it says what `ok` waits for.
async fn feedback_when(browser: &Browser, ok: impl Fn(&str) -> bool) -> String {
    let wait = Waiter::new(format!("{}: the feedback", browser.label));
    loop {
        let text = browser.js("const n = document.querySelector('#learn-feedback'); return n && !n.hidden ? n.textContent : null;",
        )
        .await;
        if let Some(text) = text.as_str() {
            if ok(text) {
                return text.to_string();
            }
        }
        wait.tick(&text).await;
    }
}

async fn tap(browser: &Browser, square: &str) {
    browser
        .click(&format!("#learn-board [data-square=\"{square}\"]"))
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_jump_lesson_by_tapping_after_a_wrong_answer() {
    e2e::run("learn-jump", |env| async move {
        let b = env.browser("learner").await;
        b.open("/learn?lesson=jump").await;
        b.shown("#learn-board [data-square=\"e6\"]").await;
        let title = b.shown("#learn-lesson-title").await.text().await.unwrap();
        assert!(title.contains("Lesson 3 of 10") && title.contains("jump"), "{title}");

        // Two squares straight ahead is not a move: the rule is told again.
        tap(&b, "e7").await;
        let said = feedback_when(&b, |t| t.contains("Not allowed")).await;
        assert!(said.contains("cannot go from e4 to e7"), "{said}");
        assert!(said.contains("jump over the other pawn"), "{said}");
        // A legal step aside is not what the lesson asks.
        tap(&b, "d4").await;
        let said = feedback_when(&b, |t| t.contains("Not quite")).await;
        assert!(said.contains("about the jump"), "{said}");
        b.js("const c = document.querySelector('.learn-lesson'); window.scrollTo(0, c.getBoundingClientRect().top + window.scrollY - 70); return null;").await;
        b.shot("wrong").await;

        // The jump.
        tap(&b, "e6").await;
        let said = feedback_when(&b, |t| t.contains("Right!")).await;
        assert!(said.contains("Nice jump"), "{said}");
        // The pawn's centre comes into the square, on the screen (it slides
        // there).
        let wait = Waiter::new("the south pawn on e6");
        loop {
            let at = b.js("const at = (s) => { const r = document.querySelector(s).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2, r.x, r.y, r.right, r.bottom]; }; return [at('#learn-board [data-pawn=\"south\"] .halo'), at('#learn-board [data-square=\"e6\"]')];",
            )
            .await;
            let v = |i: usize, j: usize| at[i][j].as_f64().unwrap();
            let (cx, cy) = (v(0, 0), v(0, 1));
            if cx > v(1, 2) && cx < v(1, 4) && cy > v(1, 3) && cy < v(1, 5) {
                break;
            }
            wait.tick(&at).await;
        }
        let done = b.shown("#learn-list button[data-lesson=\"jump\"]").await.text().await.unwrap();
        assert!(done.starts_with('✓'), "{done}");
        b.js("const c = document.querySelector('.learn-lesson'); window.scrollTo(0, c.getBoundingClientRect().top + window.scrollY - 70); return null;").await;
        b.shot("right").await;

        // On to the next lesson: the side-step.
        b.click("#learn-next").await;
        let wait = Waiter::new("the next lesson");
        loop {
            let title = b.shown("#learn-lesson-title").await.text().await.unwrap();
            if title.contains("Lesson 4 of 10") {
                break;
            }
            wait.tick(&title).await;
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fence_lesson_with_the_fence_tool_in_french_for_children() {
    e2e::run("learn-fence", |env| async move {
        let b = env.browser("enfant").await;
        b.open("/learn?lesson=fence-rules").await;
        b.shown("#learn-board [data-square]").await;
        b.select("#lang", "fr").await;
        b.click("#learn-child").await;
        let wait = Waiter::new("the French child's wording");
        loop {
            let rule = b.shown("#learn-rule").await.text().await.unwrap();
            if rule.contains("en X") {
                break;
            }
            wait.tick(&rule).await;
        }
        // From the keyboard (lib/board/input.js, as in a game): up to e5,
        // W for a fence (e5h, the tool "across"), R turns it upright.
        // Crossing the fence on the board is refused, with the reason.
        let up = char::from(Key::Up);
        let keys = format!("{up}{up}{up}wr{}", char::from(Key::Enter));
        b.press("#learn-board svg", &keys).await;
        let said = feedback_when(&b, |t| t.contains("Interdit")).await;
        // The keyboard chose the tool the buttons show.
        let tool = b.attr(".learn-tool[data-tool=\"v\"]", "aria-checked").await;
        assert_eq!(tool.as_deref(), Some("true"));
        assert!(said.contains("croiserait la barrière e5h"), "{said}");
        // Pictures for a child who cannot read: the move asked for (a
        // fence), and each tool's.
        let pictures = b.js("return [document.querySelector('#learn-task-pic svg').dataset.kind, document.querySelectorAll('.learn-tool svg.tool-picture').length];").await;
        assert_eq!(pictures, serde_json::json!(["fence", 3]));
        // End to end with it: right, and the fence is drawn.
        b.click(".learn-tool[data-tool=\"h\"]").await;
        tap(&b, "g5").await;
        feedback_when(&b, |t| t.contains("Bravo")).await;
        let fences = b.js("return document.querySelectorAll('#learn-board [data-placed]').length;",
        )
        .await;
        assert_eq!(fences.as_u64(), Some(2));
        b.js("const c = document.querySelector('.learn-lesson'); window.scrollTo(0, c.getBoundingClientRect().top + window.scrollY - 70); return null;").await;
        b.shot("fence").await;
    })
    .await;
}

/// Opens the puzzle `id` on its own address and waits for it.
/// How the page heads the puzzle `id`: by its number, never its id.
fn heading_of(id: &str) -> String {
    let all = quoridor_learn::shipped();
    let n = all
        .iter()
        .position(|p| p.id == id)
        .expect("a shipped puzzle")
        + 1;
    format!("Puzzle {n} of {} · ", all.len())
}

async fn open_puzzle(b: &Browser, id: &str) {
    b.open(&format!("/learn?puzzle={id}")).await;
    let wait = Waiter::new("the puzzle");
    let heading = heading_of(id);
    loop {
        let title = b.shown("#learn-lesson-title").await.text().await.unwrap();
        if title.starts_with(&heading) {
            assert!(!title.contains(id), "the id is shown: {title}");
            break;
        }
        wait.tick(&title).await;
    }
}

/// Plays a move on the page: a pawn move by its square, a fence with its tool.
async fn play(b: &Browser, mv: &str) {
    let (square, tool) = match mv.chars().last() {
        Some(o @ ('h' | 'v')) => (&mv[..mv.len() - 1], o.to_string()),
        _ => (mv, "pawn".to_string()),
    };
    b.click(&format!(".learn-tool[data-tool=\"{tool}\"]")).await;
    tap(b, square).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_missed_then_solved_by_clicking() {
    e2e::run("learn-puzzle", |env| async move {
        let puzzles = quoridor_learn::shipped();
        let puzzle = puzzles
            .iter()
            .find(|p| p.solution[0].ends_with('h') || p.solution[0].ends_with('v'))
            .expect("a fence puzzle");
        let wrong = puzzle
            .start()
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .find(|m| *m != puzzle.solution[0] && !m.ends_with('h') && !m.ends_with('v'))
            .expect("a pawn move that is not the answer");
        let b = env.browser("solver").await;
        open_puzzle(&b, &puzzle.id).await;
        assert!(b.shown("#learn-task").await.text().await.unwrap().contains("find the best move"));
        // The line under the page's title speaks of puzzles, not lessons.
        let tagline = b.js("return document.querySelector('.learn .tagline').textContent;").await;
        assert!(tagline.as_str().unwrap().starts_with("Positions to solve"), "{tagline}");

        // A wrong move: explained, with the solution.
        play(&b, &wrong).await;
        let said = feedback_when(&b, |t| t.contains("Not the best move")).await;
        assert!(said.contains(&format!("You played {wrong}.")), "{said}");
        assert!(said.contains("steps"), "{said}");
        assert!(said.contains(&format!("The solution: {}", puzzle.solution.join(" "))), "{said}");
        let score = b.shown("#pz-score").await.text().await.unwrap();
        assert!(score.contains("Streak: 0"), "{score}");
        // The board shows the answer now: its caption does not name a side
        // to move that contradicts the task.
        let caption = b.shown("#learn-turn").await.text().await.unwrap();
        assert!(caption.starts_with("The solution on the board.") && !caption.contains("to move"), "{caption}");
        b.js("const c = document.querySelector('.learn-lesson'); window.scrollTo(0, c.getBoundingClientRect().top + window.scrollY - 70); return null;").await;
        b.shot("wrong").await;

        // Again, and right.
        b.click("#learn-again").await;
        play(&b, &puzzle.solution[0]).await;
        let said = feedback_when(&b, |t| t.contains("Right!")).await;
        assert!(said.contains(&puzzle.solution[0]), "{said}");
        let score = b.shown("#pz-score").await.text().await.unwrap();
        assert!(score.contains("Streak: 1"), "{score}");
        // The solution plays out on the board, move by move.
        let wait = Waiter::new("the solution played out");
        let steps = puzzle.solution.len().to_string();
        loop {
            let step = b.attr("#learn-board", "data-step").await.unwrap_or_default();
            if step == steps {
                break;
            }
            wait.tick(&step).await;
        }
        b.js("const c = document.querySelector('.learn-lesson'); window.scrollTo(0, c.getBoundingClientRect().top + window.scrollY - 70); return null;").await;
        b.shot("right").await;

        // The next one follows.
        b.click("#learn-next").await;
        let wait = Waiter::new("the next puzzle");
        let next = loop {
            let title = b.shown("#learn-lesson-title").await.text().await.unwrap();
            if title.starts_with("Puzzle ") && !title.starts_with(&heading_of(&puzzle.id)) {
                break title;
            }
            wait.tick(&title).await;
        };
        // Reloaded (a phone brings the tab back), the page comes back to
        // that puzzle, not to lesson 1.
        let address = b.js("return location.search;").await;
        assert!(address.as_str().unwrap().starts_with("?puzzle="), "{address}");
        b.client.refresh().await.unwrap();
        let wait = Waiter::new("the same puzzle after a reload");
        loop {
            let title = b.shown("#learn-lesson-title").await.text().await.unwrap();
            if title == next {
                break;
            }
            wait.tick(&title).await;
        }
        let tab = b.attr("#mode-puzzles", "aria-selected").await;
        assert_eq!(tab.as_deref(), Some("true"));

        // On a phone the three tools share one row above the board, each
        // a finger's size.
        b.client.set_window_size(390, 844).await.unwrap();
        b.client.refresh().await.unwrap();
        b.shown("#learn-board svg").await;
        let tools = b
            .js("return [...document.querySelectorAll('.learn-tool')].map((t) => { const r = t.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.height), Math.round(r.right)]; });")
            .await;
        let tools = tools.as_array().unwrap();
        let width = b.js("return document.documentElement.clientWidth;").await.as_f64().unwrap();
        assert!(
            tools.iter().all(|t| t[0] == tools[0][0] && t[1].as_f64().unwrap() >= 44.0 && t[2].as_f64().unwrap() <= width),
            "the tools on a phone: {tools:?}"
        );
        b.shot("phone").await;
    })
    .await;
}

/// A fence tool left selected from one puzzle is not the next one's: each
/// puzzle starts on "Move the pawn"; and a fence tapped where the puzzle
/// asks for a pawn's move is told, never judged (the rating stays).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_puzzle_starts_on_the_pawn_and_a_stray_fence_is_not_judged() {
    e2e::run("learn-puzzle-tool", |env| async move {
        let puzzle = quoridor_learn::shipped()
            .iter()
            .find(|p| p.theme.move_kind().name() == "step")
            .expect("a puzzle asking for a step")
            .clone();
        let answer = puzzle.solution[0].clone();
        let b = env.browser("solver").await;
        open_puzzle(&b, &puzzle.id).await;
        let score = b.shown("#pz-score").await.text().await.unwrap();

        // The answer's square, tapped with "Fence upright" still chosen:
        // told to move the pawn; the rating and the streak stay.
        b.click(".learn-tool[data-tool=\"v\"]").await;
        tap(&b, &answer).await;
        let said = feedback_when(&b, |t| t.contains("move your pawn")).await;
        assert!(said.contains("Move the pawn"), "{said}");
        assert_eq!(b.shown("#pz-score").await.text().await.unwrap(), score);
        assert!(!b.is_shown("#learn-next").await, "not judged, no next");

        // With the pawn, right.
        play(&b, &answer).await;
        feedback_when(&b, |t| t.contains("Right!")).await;

        // The fence tool chosen again, then the next puzzle: it starts on
        // the pawn.
        b.click(".learn-tool[data-tool=\"v\"]").await;
        b.click("#learn-next").await;
        let wait = Waiter::new("the next puzzle");
        loop {
            let title = b.shown("#learn-lesson-title").await.text().await.unwrap();
            if title.starts_with("Puzzle ") && !title.starts_with(&heading_of(&puzzle.id)) {
                break;
            }
            wait.tick(&title).await;
        }
        let tools = b
            .js("return ['pawn', 'h', 'v'].map((t) => document.querySelector(`.learn-tool[data-tool=\"${t}\"]`).getAttribute('aria-checked'));")
            .await;
        assert_eq!(tools, serde_json::json!(["true", "false", "false"]));
    })
    .await;
}

#[tokio::test]
async fn the_lessons_and_checks_over_the_api() {
    let h = Harness::new().await;
    let lessons: LessonsView = h
        .get("/api/learn/lessons?lang=ro&wording=child")
        .await
        .json();
    assert_eq!(lessons.lessons.len(), 10);
    let jump = &lessons.lessons[2];
    assert_eq!((jump.id.as_str(), jump.number), ("jump", 3));
    assert!(jump.rule.contains("capra"), "{}", jump.rule);
    assert_eq!(jump.board.notation, "9 e4,e5 - 10,10 south 8");
    assert_eq!(jump.board.turn_name, "Sud");

    let check = |mv: &str| CheckRequest {
        lesson: "last-path".into(),
        r#move: mv.into(),
        lang: None,
        wording: None,
    };
    let shut: CheckView = h.post("/api/learn/check", None, &check("b8v")).await.json();
    assert_eq!(shut.outcome, "illegal");
    assert!(shut.message.contains("shut North in"), "{}", shut.message);
    assert!(shut.rule.unwrap().contains("is not allowed"));
    let weak: CheckView = h.post("/api/learn/check", None, &check("h1h")).await.json();
    assert_eq!(weak.outcome, "not_asked");

    let unknown = CheckRequest {
        lesson: "chess".into(),
        ..check("e2")
    };
    let reply = h.post("/api/learn/check", None, &unknown).await;
    assert_eq!(reply.error(404), "not_found");
    assert!(reply.text.contains("no such lesson"), "{}", reply.text);
    let reply = h.post("/api/learn/check", None, &check("e3x")).await;
    assert_eq!(reply.error(400), "bad_move");
    let reply = h
        .post("/api/learn/check", None, &check(&"e".repeat(100)))
        .await;
    assert_eq!(reply.error(400), "bad_request");
    let page = h.get("/learn").await;
    assert_eq!(page.status, 200);

    // Puzzles: the article's two first, then the nearest rating; a check
    // gives the new rating.
    use quoridor_server::learn::{
        NextPuzzleRequest, PuzzleCheckRequest, PuzzleCheckView, PuzzleView,
    };
    let first: PuzzleView = h
        .post(
            "/api/learn/puzzles/next",
            None,
            &NextPuzzleRequest {
                rating: Some(1000),
                ..Default::default()
            },
        )
        .await
        .json();
    assert_eq!(first.id, "article-1");
    let past_article = NextPuzzleRequest {
        rating: Some(1000),
        seen: vec!["article-1".into(), "article-2".into()],
        ..Default::default()
    };
    let next: PuzzleView = h
        .post("/api/learn/puzzles/next", None, &past_article)
        .await
        .json();
    assert_eq!(next.rating, 1000);
    let puzzle = quoridor_learn::shipped()
        .into_iter()
        .find(|p| p.id == next.id)
        .unwrap();
    let right: PuzzleCheckView = h
        .post(
            "/api/learn/puzzles/check",
            None,
            &PuzzleCheckRequest {
                id: next.id.clone(),
                r#move: puzzle.solution[0].clone(),
                rating: Some(1000),
                lang: None,
            },
        )
        .await
        .json();
    assert_eq!(right.outcome, "right");
    assert_eq!(right.rating, Some(1016));
    assert_eq!(right.solution, puzzle.solution);
    assert_eq!(right.line.len(), puzzle.solution.len());
    let seen = NextPuzzleRequest {
        rating: Some(1000),
        seen: vec!["article-1".into(), "article-2".into(), next.id.clone()],
        ..Default::default()
    };
    let other: PuzzleView = h.post("/api/learn/puzzles/next", None, &seen).await.json();
    assert_ne!(other.id, next.id);
    let bad = NextPuzzleRequest {
        rating: Some(99_999),
        ..Default::default()
    };
    assert_eq!(
        h.post("/api/learn/puzzles/next", None, &bad)
            .await
            .error(400),
        "bad_request"
    );
    assert_eq!(
        h.get("/api/learn/puzzles/p9999").await.error(404),
        "not_found"
    );
}
