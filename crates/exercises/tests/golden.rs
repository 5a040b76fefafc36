//! Golden files: a fixed sheet in its text form, in each language. A
//! change in a generator, a solver or a text shows here. To accept a
//! change on purpose: `UPDATE_GOLDEN=1 cargo test -p quoridor-exercises --test golden`.

use std::path::PathBuf;

use quoridor_exercises::{Lang, Sheet, SheetSpec};

fn compare(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(
        expected == actual,
        "{name} differs from its golden file; run with UPDATE_GOLDEN=1 to accept:\n{actual}"
    );
}

#[test]
fn a_mixed_sheet_in_each_language() {
    for lang in Lang::ALL {
        let sheet = Sheet::new(SheetSpec {
            kind: None,
            level: 2,
            count: 4,
            seed: 2026,
            lang,
        });
        compare(
            &format!("sheet-mixed-level2-seed2026-{lang}.txt"),
            &sheet.text(),
        );
    }
}

#[test]
fn a_hard_sheet_of_each_kind() {
    for kind in quoridor_exercises::Kind::ALL {
        let sheet = Sheet::new(SheetSpec {
            kind: Some(kind),
            level: 5,
            count: 2,
            seed: 11,
            lang: Lang::Fr,
        });
        compare(&format!("sheet-{kind}-level5-seed11-fr.txt"), &sheet.text());
    }
}
