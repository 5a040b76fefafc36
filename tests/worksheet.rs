//! `quoridor worksheet`: a sheet of exercises and its answer key in each
//! form, the same seed giving the same sheet, and bad arguments refused
//! with the reason, writing nothing.

use std::path::Path;
use std::process::{Command, Output};

use quoridor_exercises::{check, Answer, Exercise};
use serde::Deserialize;

fn quoridor(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args(args)
        .output()
        .expect("the quoridor binary runs")
}

fn ok(args: &[&str]) -> Vec<u8> {
    let out = quoridor(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn text(args: &[&str]) -> String {
    String::from_utf8(ok(args)).expect("UTF-8")
}

/// The pages of a PDF written by pdf-writer (one `/Type /Page` line each).
fn pdf_pages(bytes: &[u8]) -> usize {
    String::from_utf8_lossy(bytes)
        .lines()
        .filter(|l| l.trim() == "/Type /Page")
        .count()
}

#[derive(Deserialize)]
struct SheetJson {
    exercises: Vec<ExerciseJson>,
}

#[derive(Deserialize)]
struct ExerciseJson {
    exercise: Exercise,
    answer: Answer,
}

#[test]
fn the_same_seed_gives_the_same_sheet_in_every_language() {
    for lang in ["en", "fr", "ro"] {
        let args = [
            "worksheet",
            "--kind",
            "mixed",
            "--level",
            "3",
            "--count",
            "5",
            "--seed",
            "77",
            "--lang",
            lang,
        ];
        let first = text(&args);
        assert_eq!(
            first,
            text(&args),
            "{lang}: another sheet for the same seed"
        );
        assert!(
            first.contains("77"),
            "{lang}: the sheet does not show its number"
        );
        let other = text(&["worksheet", "--count", "5", "--seed", "78", "--lang", lang]);
        assert_ne!(first, other, "{lang}");
    }
    let fr = text(&[
        "worksheet",
        "--kind",
        "routes",
        "--seed",
        "1",
        "--lang",
        "fr",
    ]);
    assert!(fr.contains("Exercice 1"), "{fr}");
}

#[test]
fn the_json_answer_key_passes_the_checker() {
    for kind in ["maze", "routes", "arrows", "shortest"] {
        for level in ["1", "5"] {
            let json = text(&[
                "worksheet",
                "--kind",
                kind,
                "--level",
                level,
                "--count",
                "4",
                "--seed",
                "5",
                "--format",
                "json",
            ]);
            let sheet: SheetJson = serde_json::from_str(&json).expect("the sheet's JSON");
            assert_eq!(sheet.exercises.len(), 4, "{kind} {level}");
            for e in &sheet.exercises {
                let verdict = check(&e.exercise, &e.answer);
                assert!(verdict.is_right(), "{kind} {level}: {verdict:?}");
            }
        }
    }
}

#[test]
fn a_saved_sheet_prints_again_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let sheet = [
        "worksheet",
        "--level",
        "4",
        "--count",
        "5",
        "--seed",
        "12",
        "--lang",
        "ro",
    ];
    let printed = text(&sheet);
    for (name, format) in [("fisa.sheet", "sheet"), ("fisa.json", "json")] {
        let file = dir.path().join(name);
        let file = file.to_str().unwrap();
        ok(&[&sheet[..], &["-o", file]].concat());
        let saved = std::fs::read_to_string(file).unwrap();
        assert!(
            saved.contains("12") && saved.contains(format_marker(format)),
            "{saved}"
        );
        assert_eq!(text(&["worksheet", "--from", file]), printed, "{format}");
        // In another language, the same exercises.
        let english = text(&["worksheet", "--from", file, "--lang", "en"]);
        assert!(english.contains("Exercise 5"), "{english}");
    }
    // A sheet written by hand gets its answer key.
    let hand = dir.path().join("hand.sheet");
    std::fs::write(
        &hand,
        "quoridor sheet 1\nkind: routes\nlevel: 1\nseed: 1\nlang: en\n\n\
         quoridor exercise 1\ntask: route\nsize: 3\nfish: b1\nstart: a1\nend: c1\n",
    )
    .unwrap();
    let sheet = text(&["worksheet", "--from", hand.to_str().unwrap()]);
    assert!(
        sheet.contains("Answer key") && sheet.contains("4 steps: a2 b2 c2 c1"),
        "{sheet}"
    );
    // What is wrong with a file, and options that make no sense with one.
    std::fs::write(&hand, "quoridor sheet 1\nlevel: 8\n").unwrap();
    let out = quoridor(&["worksheet", "--from", hand.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("hand.sheet: line 2: level"), "{said}");
    let out = quoridor(&["worksheet", "--from", hand.to_str().unwrap(), "--seed", "3"]);
    assert_eq!(out.status.code(), Some(2));
    let out = quoridor(&["worksheet", "--from", "/no/such/sheet.json"]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("no such file"), "{said}");
}

fn format_marker(format: &str) -> &'static str {
    if format == "json" {
        "\"exercises\""
    } else {
        "quoridor sheet 1"
    }
}

#[test]
fn pdf_svg_and_html_files() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let pdf = at("sheet.pdf");
    ok(&[
        "worksheet",
        "--kind",
        "maze",
        "--count",
        "8",
        "--seed",
        "2",
        "-o",
        &pdf,
    ]);
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let pages = pdf_pages(&bytes);
    // Exercises, then the answer key on pages of its own.
    assert!(pages >= 3, "{pages} pages");
    let one = at("one.pdf");
    ok(&["worksheet", "--count", "1", "--seed", "2", "-o", &one]);
    assert_eq!(
        pdf_pages(&std::fs::read(&one).unwrap()),
        2,
        "a sheet and its key"
    );
    let pupil = at("rules.pdf");
    ok(&["worksheet", "--pupil", "--lang", "ro", "-o", &pupil]);
    assert!(pdf_pages(&std::fs::read(&pupil).unwrap()) >= 1);
    assert!(!Path::new(&format!("{pdf}.tmp")).exists());

    let svg = at("page.svg");
    ok(&[
        "worksheet",
        "--kind",
        "maze",
        "--count",
        "8",
        "--seed",
        "2",
        "-o",
        &svg,
    ]);
    for n in 1..=pages {
        let file = if n == 1 {
            svg.clone()
        } else {
            at(&format!("page-{n}.svg"))
        };
        let page = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(page.starts_with("<svg"), "{file}");
    }
    assert!(!Path::new(&at(&format!("page-{}.svg", pages + 1))).exists());

    let html = text(&[
        "worksheet",
        "--seed",
        "2",
        "--format",
        "html",
        "--lang",
        "fr",
    ]);
    assert!(html.contains("<html lang=\"fr\"") && html.contains("<svg"));
}

#[test]
fn bad_arguments_are_refused_and_nothing_is_written() {
    for args in [
        &["worksheet", "--level", "6"][..],
        &["worksheet", "--level", "0"],
        &["worksheet", "--count", "0"],
        &["worksheet", "--count", "41"],
        &["worksheet", "--kind", "chess"],
        &["worksheet", "--lang", "de"],
        &["worksheet", "--seed=-3"],
        &["worksheet", "--seed", "seven"],
        &["worksheet", "--format", "docx"],
    ] {
        let out = quoridor(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("invalid value"), "{args:?}: {said}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no/such/sheet.pdf");
    let out = quoridor(&["worksheet", "--seed", "1", "-o", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("no such folder"), "{said}");
    assert!(!dir.path().join("no").exists());
}
