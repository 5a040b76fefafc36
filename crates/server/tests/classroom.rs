//! The classroom in a real headless Chromium: a pupil solves a route by
//! tapping squares, gets told what is wrong, sees the solution; answers
//! with objects, arrows and a race; a teacher builds an exercise in the
//! editor, opens its shared link in a second browser and deletes it; a
//! worksheet is printed to PDF (by the server, and by Chromium from the
//! print view) and its pages rendered with pdftoppm, kept as artifacts;
//! the rules for children open a small-board game on the same screen.

mod e2e;

use std::path::Path;
use std::process::Command;

use e2e::{Browser, Env, Waiter};
use serde_json::{json, Value};

/// Shares an exercise through the API: its id.
async fn share(env: &Env, exercise: Value) -> String {
    let res = reqwest::Client::new()
        .post(format!("{}/api/classroom/exercises", env.base()))
        .json(&json!({ "exercise": exercise }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 201, "{}", res.text().await.unwrap());
    let saved: Value = res.json().await.unwrap();
    saved["id"].as_str().unwrap().to_string()
}

/// The feedback once it says what `ok` waits for.
async fn feedback_when(browser: &Browser, ok: impl Fn(&str) -> bool) -> String {
    let wait = Waiter::new(format!("{}: the feedback", browser.label));
    loop {
        let text = browser.js("const n = document.querySelector('#cls-feedback'); return n && !n.hidden ? n.textContent : null;",
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

async fn tap(browser: &Browser, squares: &[&str]) {
    for sq in squares {
        browser
            .click(&format!("#cls-board rect.cell[data-sq=\"{sq}\"]"))
            .await;
    }
}

/// How many numbered steps the board's route layer shows.
async fn drawn_steps(browser: &Browser) -> usize {
    browser
        .js("return document.querySelectorAll('#cls-board g.step-layer text').length;")
        .await
        .as_u64()
        .unwrap() as usize
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_route_by_tapping_with_feedback_and_the_solution() {
    e2e::run("classroom-route", |env| async move {
        let exercise = json!({
            "version": 1,
            "board": { "size": 4, "fences": [], "items": { "b1": "fish", "c3": "star" } },
            "task": "route", "start": "a1", "end": "d1", "fewest": false
        });
        let id = share(&env, exercise).await;
        let b = env.browser("pupil").await;
        b.open(&format!("/classroom?e={id}")).await;
        b.shown("#cls-board svg rect.cell").await;
        let instruction = b.shown("#cls-instruction").await.text().await.unwrap();
        assert!(
            instruction.contains("star") && instruction.contains("fish"),
            "{instruction}"
        );

        // Onto the fish: the first wrong step is named and ringed.
        tap(&b, &["b1"]).await;
        b.click("#cls-check").await;
        let said = feedback_when(&b, |t| t.contains("fish")).await;
        assert!(said.contains("b1"), "{said}");
        let rings = b
            .js("return document.querySelectorAll('#cls-board circle.mistake').length;")
            .await;
        assert!(rings.as_u64().unwrap() >= 1);
        b.shot("fish").await;

        // Start again; a way that forgets the star.
        b.click("#cls-clear").await;
        tap(&b, &["a2", "b2", "c2", "d2", "d1"]).await;
        assert_eq!(drawn_steps(&b).await, 5);
        b.click("#cls-check").await;
        let said = feedback_when(&b, |t| t.contains("star")).await;
        assert!(said.contains("c3"), "{said}");

        // The solution plays out step by step.
        b.click("#cls-show").await;
        let said = feedback_when(&b, |t| t.contains("steps")).await;
        assert!(said.contains("7 steps"), "{said}");
        assert_eq!(drawn_steps(&b).await, 7);
        b.shot("solution").await;

        // A right way of its own.
        b.click("#cls-clear").await;
        tap(&b, &["a2", "b2", "b3", "c3", "d3", "d2", "d1"]).await;
        b.click("#cls-check").await;
        feedback_when(&b, |t| t.contains("Well done")).await;
        b.shot("right").await;

        // Undo takes back one step.
        b.click("#cls-undo").await;
        assert_eq!(drawn_steps(&b).await, 6);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn objects_arrows_and_a_race() {
    e2e::run("classroom-answers", |env| async move {
        let b = env.browser("pupil").await;
        // Follow the arrows to an object, in French.
        let follow = share(
            &env,
            json!({
                "version": 1,
                "board": { "size": 5, "fences": [], "items": { "c2": "apple", "e5": "ball" } },
                "task": "follow-arrows",
                "walkers": [{ "color": "red", "start": "a1", "steps": ["2→", "1↑"] }]
            }),
        )
        .await;
        b.open("/classroom").await;
        b.select("#lang", "fr").await;
        b.open(&format!("/classroom?e={follow}")).await;
        b.click("button.cls-object[data-object=\"ball\"]").await;
        b.click("#cls-check").await;
        let said = feedback_when(&b, |t| t.contains("Recompte")).await;
        assert!(said.contains("ballon"), "{said}");
        b.click("button.cls-object[data-object=\"apple\"]").await;
        b.click("#cls-check").await;
        feedback_when(&b, |t| t.contains("Bravo")).await;
        b.shot("objects-fr").await;
        b.select("#lang", "en").await;

        // Write the arrows of a drawn route.
        let write = share(
            &env,
            json!({
                "version": 1,
                "board": { "size": 5, "fences": [], "items": {} },
                "task": "write-arrows", "start": "a1", "route": ["b1", "c1", "c2"]
            }),
        )
        .await;
        b.open(&format!("/classroom?e={write}")).await;
        b.click(".cls-count:nth-child(3)").await;
        b.click(".cls-dir[data-dir=\"right\"]").await;
        b.click("#cls-check").await;
        let said = feedback_when(&b, |t| t.contains("Arrow 1")).await;
        assert!(
            said.contains("past the end") || said.contains("leaves"),
            "{said}"
        );
        b.click("#cls-clear").await;
        b.click(".cls-count:nth-child(2)").await;
        b.click(".cls-dir[data-dir=\"right\"]").await;
        b.click(".cls-dir[data-dir=\"up\"]").await;
        let list = b.shown(".cls-arrow-list").await.text().await.unwrap();
        assert_eq!(list.split_whitespace().collect::<Vec<_>>(), ["2→", "1↑"]);
        b.click("#cls-check").await;
        feedback_when(&b, |t| t.contains("Well done")).await;

        // Who arrives first: green needs 4, red 4, red moves first.
        let race = share(
            &env,
            json!({
                "version": 1,
                "board": { "size": 5, "fences": [], "items": {} },
                "task": "race", "green": "a1", "red": "e5", "first": "red"
            }),
        )
        .await;
        b.open(&format!("/classroom?e={race}")).await;
        b.click("button[data-winner=\"green\"]").await;
        b.click("#cls-check").await;
        feedback_when(&b, |t| t.contains("does not arrive first")).await;
        b.click("button[data-winner=\"red\"]").await;
        for _ in 0..4 {
            b.click("button[data-more=\"green\"]").await;
            b.click("button[data-more=\"red\"]").await;
        }
        b.click("#cls-check").await;
        feedback_when(&b, |t| t.contains("Well done")).await;
        b.shot("race").await;

        // The rules for children, then a small-board game on this screen.
        b.open("/classroom#rules").await;
        b.shown("#cls-pupil .cls-words").await;
        // Its pictures, as on the printed sheet: a pawn's moves, a fence
        // to go around, the jump; and a loudspeaker that reads it all.
        let pictures = b
            .js("return Array.from(document.querySelectorAll('#cls-pupil svg.cls-rule-board')).map((s) => [s.querySelectorAll('.sq.legal').length, s.querySelectorAll('.fence').length, s.querySelectorAll('.arrow').length]);")
            .await;
        assert_eq!(pictures, json!([[4, 0, 0], [0, 1, 0], [0, 0, 1]]));
        b.js("window.__said = []; speechSynthesis.speak = (u) => window.__said.push([u.text, u.lang]); return null;").await;
        b.click("#cls-rules-read").await;
        let said = b.js("return window.__said;").await;
        assert!(said[0][0].as_str().unwrap().starts_with("Let's play Quoridor!"), "{said}");
        assert_eq!(said[0][1], "en-GB");
        b.click("button[data-variant=\"small\"][data-size=\"7\"]")
            .await;
        let id = b.game_page().await;
        let page = b.page().await;
        assert_eq!(page.squares, 49, "{page:?}");
        assert!(!page.legal.is_empty(), "not this screen's turn: {page:?}");
        // Everyone plays on this screen: nobody to chat with.
        assert!(!b.is_shown("#chat").await, "a chat on one screen");
        let game = env.game(&id).await;
        assert_eq!(game["fences_left"]["south"], 6, "{game}");
        assert_eq!(game["fences_left"]["north"], 6, "{game}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_editor_builds_an_exercise_and_its_link_opens_elsewhere() {
    e2e::run("classroom-editor", |env| async move {
        let teacher = env.browser("teacher").await;
        teacher.open("/classroom#editor").await;
        teacher.select("#ed-task", "route").await;
        teacher.select("#ed-size", "4").await;
        // The server draws the board of the new size (a draft: no pawn yet).
        teacher.shown("#ed-board svg.ed-taps[data-size=\"4\"]").await;
        let squares = teacher
            .js("return document.querySelectorAll('#ed-board .ed-picture rect[rx=\"0.8\"]').length;")
            .await;
        assert_eq!(squares.as_u64(), Some(16), "the drawing of a 4×4 board");
        teacher.click("button[data-tool=\"red\"]").await;
        teacher.click("#ed-board rect.cell[data-sq=\"a1\"]").await;
        teacher.click("button[data-tool=\"blue\"]").await;
        teacher.click("#ed-board rect.cell[data-sq=\"d4\"]").await;
        teacher.click("button[data-tool=\"star\"]").await;
        // Each tap redraws the board when the server's check comes back; the
        // squares one taps stay (a layer of their own), so one tap is enough
        // even while the board is being redrawn.
        teacher.click("#ed-board rect.cell[data-sq=\"b3\"]").await;
        let wait = Waiter::new("the star on b3");
        loop {
            let stars = teacher
                .js("return document.querySelectorAll('#ed-board polygon.star').length;")
                .await;
            if stars.as_u64() == Some(1) {
                break;
            }
            wait.tick(&stars).await;
        }
        teacher.click("button[data-tool=\"fence_h\"]").await;
        teacher.click("#ed-board rect.cell[data-sq=\"c2\"]").await;
        // The route is 6 steps with the fence or without it: wait for the
        // board that has it drawn.
        let wait = Waiter::new("the editor to find the answer with the fence");
        loop {
            let seen = teacher
                .js("return [document.querySelector('#ed-status').textContent, \
                 document.querySelectorAll('#ed-board rect.fence').length, \
                 document.querySelectorAll('#ed-board polygon.star').length];")
                .await;
            let status = seen[0].as_str().unwrap_or_default();
            if status.contains("It has an answer")
                && status.contains("6 steps")
                && seen[1].as_u64() == Some(1)
                && seen[2].as_u64() == Some(1)
            {
                break;
            }
            wait.tick(&seen).await;
        }
        teacher.shot("built").await;
        teacher.click("#ed-save").await;
        teacher.shown("#ed-shared").await;
        let link = teacher
            .js("return document.querySelector('#ed-link').value;")
            .await;
        let link = link.as_str().unwrap().to_string();
        assert!(link.contains("/classroom?e="), "{link}");

        let pupil = env.browser("pupil").await;
        pupil.open(&link).await;
        pupil.shown("#cls-board svg rect.cell").await;
        let stars = pupil
            .js("return document.querySelectorAll('#cls-board polygon.star').length;")
            .await;
        assert_eq!(stars.as_u64(), Some(1));
        let fences = pupil
            .js("return document.querySelectorAll('#cls-board rect.fence').length;")
            .await;
        assert_eq!(fences.as_u64(), Some(1));
        pupil.shot("shared").await;

        // A broken exercise says why. (Saving scrolled the page down to the
        // link: the board's top row would be under the sticky top bar.)
        teacher.click("button[data-tool=\"star\"]").await;
        teacher
            .js("document.querySelector('#ed-board').scrollIntoView({ block: 'center' }); return null;")
            .await;
        teacher.click("#ed-board rect.cell[data-sq=\"d4\"]").await;
        let wait = Waiter::new("the editor to say what is wrong");
        loop {
            let status = teacher
                .js("return document.querySelector('#ed-status').textContent;")
                .await;
            if status.as_str().is_some_and(|s| s.contains("?")) {
                break;
            }
            wait.tick(&status).await;
        }

        // The teacher deletes it from the server: the link stops working.
        let id = link.split("?e=").nth(1).unwrap().to_string();
        teacher
            .shown(&format!("#ed-mine-list li[data-shared=\"{id}\"]"))
            .await;
        teacher
            .js("window.confirm = () => true; return null;")
            .await;
        teacher
            .click(&format!("button[data-delete=\"{id}\"]"))
            .await;
        let wait = Waiter::new("the shared exercise to be deleted");
        while teacher.is_shown("#ed-mine").await {
            wait.tick(&"still listed").await;
        }
        let status = reqwest::get(format!("{}/api/classroom/exercises/{id}", env.base()))
            .await
            .unwrap()
            .status();
        assert_eq!(status.as_u16(), 404);
    })
    .await;
}

/// The number of pages of a PDF, by pdfinfo.
fn pages(pdf: &Path) -> usize {
    let out = Command::new("pdfinfo")
        .arg(pdf)
        .output()
        .expect("pdfinfo (poppler-utils: ./scripts/test.sh installs it)");
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("pdfinfo {}: {text}", pdf.display()))
}

/// Cells on a side of the grid a page's drawing is compared in.
const GRID: usize = 24;

/// Renders every page to PNG (kept as artifacts) and to PPM: for each page,
/// the share of dark pixels in each cell of a 24 × 24 grid.
fn rendered_pages(pdf: &Path, prefix: &Path) -> Vec<Vec<f64>> {
    let status = Command::new("pdftoppm")
        .args(["-r", "40", "-png"])
        .arg(pdf)
        .arg(prefix)
        .status()
        .expect("pdftoppm");
    assert!(status.success());
    let ppm = prefix.with_extension("ppm-dir");
    std::fs::create_dir_all(&ppm).unwrap();
    let status = Command::new("pdftoppm")
        .args(["-r", "20"])
        .arg(pdf)
        .arg(ppm.join("p"))
        .status()
        .expect("pdftoppm");
    assert!(status.success());
    let mut files: Vec<_> = std::fs::read_dir(&ppm)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    files
        .iter()
        .map(|file| ink_grid(&std::fs::read(file).unwrap()))
        .collect()
}

/// A PPM image's dark pixels, as a share of each cell of the grid.
fn ink_grid(bytes: &[u8]) -> Vec<f64> {
    // P6, width, height, maxval, one whitespace, then RGB bytes.
    let mut fields = Vec::new();
    let mut i = 0;
    while fields.len() < 4 {
        while bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let start = i;
        while !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..i]).to_string());
    }
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    let pixels = &bytes[i + 1..];
    let mut cells = vec![(0usize, 0usize); GRID * GRID];
    for y in 0..h {
        for x in 0..w {
            let p = &pixels[(y * w + x) * 3..][..3];
            let dark = p.iter().map(|&c| c as u32).sum::<u32>() < 600;
            let cell = &mut cells[(y * GRID / h) * GRID + x * GRID / w];
            cell.0 += usize::from(dark);
            cell.1 += 1;
        }
    }
    cells
        .iter()
        .map(|&(d, n)| d as f64 / n.max(1) as f64)
        .collect()
}

/// How alike two drawings are: the correlation of their grids (1: the same
/// ink in the same places).
fn likeness(a: &[f64], b: &[f64]) -> f64 {
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (ma, mb) = (mean(a), mean(b));
    let cov: f64 = a.iter().zip(b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let var = |v: &[f64], m: f64| v.iter().map(|x| (x - m).powi(2)).sum::<f64>();
    cov / (var(a, ma) * var(b, mb)).sqrt()
}

/// The words of each page of a PDF (pdftotext), sorted: the same sheet
/// laid out by two programs has the same words, placed a little apart.
fn page_words(pdf: &Path) -> Vec<Vec<String>> {
    let out = Command::new("pdftotext")
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils)");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut pages: Vec<Vec<String>> = text
        .split('\u{c}')
        .map(|page| {
            let mut words: Vec<String> = page.split_whitespace().map(str::to_string).collect();
            words.sort();
            words
        })
        .collect();
    // pdftotext ends the last page with a form feed too.
    if pages.last().is_some_and(Vec::is_empty) {
        pages.pop();
    }
    pages
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worksheet_prints_to_pdf() {
    e2e::run("classroom-print", |env| async move {
        let query = "kind=mixed&level=2&count=4&seed=2026&lang=fr";
        let spec = quoridor_exercises::SheetSpec {
            kind: None,
            level: 2,
            count: 4,
            seed: 2026,
            lang: quoridor_exercises::Lang::Fr,
        };
        let expected =
            quoridor_exercises::svg::sheet_pages(&quoridor_exercises::Sheet::new(spec)).len();

        // The server's PDF.
        let sent = reqwest::get(format!("{}/classroom/sheet.pdf?{query}", env.base()))
            .await
            .unwrap();
        // Each sheet saved under its own name: kind, level, number.
        let disposition = sent.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .to_string();
        assert!(
            disposition.contains("quoridor-mixed-level2-2026.pdf"),
            "{disposition}"
        );
        let bytes = sent.bytes().await.unwrap();
        assert!(bytes.starts_with(b"%PDF"));
        let server_pdf = env.artifact("server.pdf");
        std::fs::write(&server_pdf, &bytes).unwrap();
        assert_eq!(pages(&server_pdf), expected);
        let server_pages = rendered_pages(&server_pdf, &env.artifact("server-page"));
        assert_eq!(server_pages.len(), expected);

        // The print view in Chromium, printed to PDF by the browser.
        let b = env.browser("teacher").await;
        b.open("/classroom#print").await;
        b.select("#pr-level", "2").await;
        b.type_into("#pr-count", "4").await;
        b.type_into("#pr-seed", "2026").await;
        b.select("#pr-lang", "fr").await;
        b.select("#pr-kind", "mixed").await;
        let href = b.attr("#pr-pdf", "href").await.unwrap();
        assert!(
            href.contains("seed=2026") && href.contains("lang=fr"),
            "{href}"
        );
        b.shot("form").await;
        let printed = env.artifact("chromium.pdf");
        let status = Command::new(e2e::CHROMIUM)
            .args([
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--no-first-run",
                "--no-pdf-header-footer",
            ])
            .arg(format!(
                "--user-data-dir={}",
                env.dir().join("print-profile").display()
            ))
            .arg(format!("--print-to-pdf={}", printed.display()))
            .arg(format!("{}/classroom/sheet?{query}", env.base()))
            .status()
            .expect("chromium");
        assert!(status.success());
        assert_eq!(pages(&printed), expected);
        // The browser prints the sheet the server makes: the same words on
        // each page, and the same drawing (another page is far less alike,
        // so the check can tell).
        assert_eq!(page_words(&printed), page_words(&server_pdf));
        let chromium_pages = rendered_pages(&printed, &env.artifact("chromium-page"));
        assert_eq!(chromium_pages.len(), expected);
        for (i, page) in chromium_pages.iter().enumerate() {
            let same = likeness(page, &server_pages[i]);
            assert!(same > 0.95, "page {}: the prints differ ({same:.3})", i + 1);
            for (j, other) in server_pages.iter().enumerate().filter(|(j, _)| *j != i) {
                let apart = likeness(page, other);
                assert!(
                    apart < same - 0.2,
                    "pages {} and {} look alike ({apart:.3})",
                    i + 1,
                    j + 1
                );
            }
        }
    })
    .await;
}

/// On a phone, a route drawn by dragging a finger across the squares (a
/// finger that trembles on a border does not step back); at level 1 the
/// answer is read aloud in the page's language, and the pupil can turn it
/// off.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_route_drawn_with_a_finger_and_the_answer_spoken() {
    use fantoccini::actions::{InputSource, PointerAction, TouchActions};
    use std::time::Duration;
    e2e::run("classroom-finger", |env| async move {
        let exercise = json!({
            "version": 1, "level": 1,
            "board": { "size": 4, "fences": [], "items": { "b1": "fish", "c3": "star" } },
            "task": "route", "start": "a1", "end": "d1", "fewest": false
        });
        let id = share(&env, exercise).await;
        let b = env.browser("phone").await;
        b.client.set_window_size(390, 844).await.unwrap();
        b.open(&format!("/classroom?e={id}")).await;
        b.shown("#cls-board svg rect.cell").await;
        // What the page says aloud is recorded instead of played.
        b.js("window.__said = []; speechSynthesis.speak = (u) => window.__said.push([u.text, u.lang]); return null;").await;
        let pressed = b.js("const s = document.querySelector('#cls-speak'); return !s.hidden && s.getAttribute('aria-pressed');").await;
        assert_eq!(pressed.as_str(), Some("true"), "level 1: spoken unless turned off");
        // The finger: down on the start, along the way, trembling back
        // across the border of b3 and c3 once, then up on the end.
        b.js("document.querySelector('#cls-board').scrollIntoView({block: 'start'}); return null;").await;
        let centres = b.js("const out = {}; for (const c of document.querySelectorAll('#cls-board rect.cell')) { const r = c.getBoundingClientRect(); out[c.dataset.sq] = [r.left + r.width / 2, r.top + r.height / 2, r.width]; } return out;").await;
        let at = |sq: &str| (centres[sq][0].as_f64().unwrap(), centres[sq][1].as_f64().unwrap());
        let width = centres["a1"][2].as_f64().unwrap();
        let mut finger = TouchActions::new("finger".into());
        let (x, y) = at("a1");
        finger = finger.then(PointerAction::MoveTo { duration: None, x, y }).then(PointerAction::Down { button: 0 });
        for sq in ["a2", "b2", "b3", "c3"] {
            let (x, y) = at(sq);
            finger = finger.then(PointerAction::MoveTo { duration: Some(Duration::from_millis(60)), x, y });
        }
        // Back just over the border into b3, not well inside it.
        let (cx, cy) = at("c3");
        finger = finger.then(PointerAction::MoveTo { duration: Some(Duration::from_millis(30)), x: cx - width * 0.6, y: cy });
        for sq in ["c3", "d3", "d2", "d1"] {
            let (x, y) = at(sq);
            finger = finger.then(PointerAction::MoveTo { duration: Some(Duration::from_millis(60)), x, y });
        }
        finger = finger.then(PointerAction::Up { button: 0 });
        b.client.perform_actions(finger).await.unwrap();
        let route = b.js("return Array.from(document.querySelectorAll('#cls-board g.step-layer text')).length;").await;
        assert_eq!(route.as_u64(), Some(7), "seven steps, none back and forth");
        b.shot("drawn").await;
        b.click("#cls-check").await;
        let said = feedback_when(&b, |t| t.contains("Well done")).await;
        let spoken = b.js("return window.__said;").await;
        let last = spoken.as_array().and_then(|s| s.last()).cloned().unwrap_or(Value::Null);
        assert_eq!(last[1], "en-GB", "{spoken}");
        assert!(last[0].as_str().unwrap().contains("Well done"), "said {last} for {said}");
        // The feedback is in sight on the phone.
        let wait = Waiter::new("the feedback scrolled into sight");
        loop {
            let seen = b.js("const r = document.querySelector('#cls-feedback').getBoundingClientRect(); return [r.top, r.bottom, innerHeight, scrollY];").await;
            if seen[0].as_f64().unwrap() >= 0.0 && seen[1].as_f64().unwrap() <= seen[2].as_f64().unwrap() + 2.0 {
                break;
            }
            wait.tick(&seen).await;
        }
        // Turned off: nothing more is said.
        b.js("window.scrollTo(0, 0); return null;").await;
        b.click("#cls-speak").await;
        b.js("window.__said = []; return null;").await;
        b.click("#cls-undo").await;
        b.click("#cls-check").await;
        feedback_when(&b, |t| !t.contains("Well done")).await;
        assert_eq!(b.js("return window.__said.length;").await, json!(0));
    })
    .await;
}

/// A level-5 maze (9 × 9) on a 390 px phone: the board runs from edge to
/// edge of the screen, so that each square is as large as it can be (at
/// least 36 px: nine 44 px squares would not fit), and nothing scrolls
/// sideways; on a 768 px tablet, squares of 44 px.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_level_five_board_fills_a_phone() {
    e2e::run("classroom-level5", |env| async move {
        let made: Value = reqwest::Client::new()
            .get(format!("{}/api/classroom/exercise?kind=maze&level=5&seed=3", env.base()))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(made["exercise"]["board"]["size"], 9);
        let id = share(&env, made["exercise"].clone()).await;
        let b = env.browser("phone").await;
        b.client.set_window_size(390, 844).await.unwrap();
        b.open(&format!("/classroom?e={id}")).await;
        b.shown("#cls-board svg rect.cell").await;
        let sizes = b.js("const r = document.querySelector('#cls-board rect.cell[data-sq=\"e5\"]').getBoundingClientRect(); const s = document.querySelector('#cls-board svg').getBoundingClientRect(); return [r.width, s.left, s.right, document.documentElement.clientWidth, document.documentElement.scrollWidth];").await;
        let v = |i: usize| sizes[i].as_f64().unwrap();
        assert!(v(0) >= 36.0, "a square of {} px: {sizes}", v(0));
        assert!(v(1) <= 0.5 && v(2) >= v(3) - 0.5, "edge to edge: {sizes}");
        assert!(v(4) <= v(3), "no sideways scrolling: {sizes}");
        b.shot("board").await;
        // On a tablet held upright the board takes two thirds of the width:
        // squares a finger's size.
        b.client.set_window_size(768, 1024).await.unwrap();
        let square = b.js("return document.querySelector('#cls-board rect.cell[data-sq=\"e5\"]').getBoundingClientRect().width;").await;
        assert!(square.as_f64().unwrap() >= 44.0, "a square of {square} px on a tablet");
        b.shot("tablet").await;
    })
    .await;
}
