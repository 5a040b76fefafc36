//! The manuals name only what exists: every relative link of the README,
//! `docs/`, the crates' READMEs, API.md and BENCHMARKS.md leads to a file or
//! folder of the repository, and every path written in backquotes that
//! starts at the repository's top (`crates/…`, `src/…`, `docs/…`,
//! `scripts/…`, `tests/…`; in a crate's manual, or at the crate's folder)
//! exists (issue 57).

use std::path::{Path, PathBuf};

/// The top folders a path in backquotes is read from.
const TOPS: [&str; 6] = ["crates/", "src/", "docs/", "scripts/", "tests/", ".ci/"];

fn top() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every manual: Markdown files of the top folder, `docs/` and the crates.
fn manuals() -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut look = |dir: &Path| {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "md") {
                found.push(path);
            }
        }
    };
    look(top());
    look(&top().join("docs"));
    for krate in std::fs::read_dir(top().join("crates")).unwrap() {
        let krate = krate.unwrap().path();
        look(&krate);
        look(&krate.join("data"));
    }
    found.sort();
    found
}

/// The relative links of a Markdown text: `[words](target)`, without
/// their `#anchor`; web addresses and anchors alone are left out.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = rest[..end].trim();
        let target = target.split('#').next().unwrap_or("");
        let outside = target.contains("://") || target.starts_with("mailto:");
        if !target.is_empty() && !outside && !target.contains(' ') {
            out.push(target.to_string());
        }
    }
    out
}

/// The paths in backquotes that start at the repository's top; those
/// with a placeholder (`<id>`, `{id}`, `*`, `…`) are not one path.
fn written_paths(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|piece| TOPS.iter().any(|t| piece.starts_with(t)))
        .filter(|piece| !piece.contains(|c: char| "<>{}*…$ ".contains(c)) && !piece.contains("..."))
        .map(|piece| {
            piece
                .trim_end_matches([':', ',', '.', ')'])
                .split("::")
                .next()
                .unwrap()
                .to_string()
        })
        .collect()
}

fn missing() -> Vec<String> {
    let mut missing = Vec::new();
    for manual in manuals() {
        let text = std::fs::read_to_string(&manual).unwrap();
        let dir = manual.parent().unwrap();
        let shown = manual.strip_prefix(top()).unwrap().display().to_string();
        for link in links(&text) {
            if !dir.join(&link).exists() {
                missing.push(format!("{shown}: link to {link}"));
            }
        }
        // A crate's own manual may name its files from the crate's folder.
        let own_crate = dir
            .ancestors()
            .find(|d| d.join("Cargo.toml").exists())
            .unwrap_or(top());
        for path in written_paths(&text) {
            if !top().join(&path).exists() && !own_crate.join(&path).exists() {
                missing.push(format!("{shown}: `{path}`"));
            }
        }
    }
    missing
}

#[test]
fn every_path_named_in_the_manuals_exists() {
    let missing = missing();
    assert!(
        missing.is_empty(),
        "paths that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_reader_finds_links_and_paths() {
    let text = "See [the rules](docs/rules.md#jumps), [site](https://x.org), \
                [here](#top), `crates/server/API.md`, `src/main.rs::main`, \
                `crates/server/src/<feature>/`, `quoridor serve`.";
    assert_eq!(links(text), ["docs/rules.md"]);
    assert_eq!(written_paths(text), ["crates/server/API.md", "src/main.rs"]);
}
