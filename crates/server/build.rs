//! Lists the page's files (`web/`, folders included) for `assets.rs`, so
//! that a new file is served without being named by hand. Unit tests
//! (`web/test/`) and the type checker's declarations stay out.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("web");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    files.sort();
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    // Text files and binary files (the WebAssembly) in two lists: pages
    // and modules are read as text, the others are served as they are.
    for (list, binary) in [("web_files.rs", false), ("web_binaries.rs", true)] {
        let mut out = String::from("&[\n");
        for (name, path) in files.iter().filter(|(n, _)| is_binary(n) == binary) {
            let mime = mime_of(name);
            let include = if binary {
                "include_bytes"
            } else {
                "include_str"
            };
            writeln!(out, "    ({name:?}, {mime:?}, {include}!({path:?})),").unwrap();
        }
        out.push(']');
        std::fs::write(out_dir.join(list), out).unwrap();
    }
}

fn is_binary(name: &str) -> bool {
    name.ends_with(".wasm") || name.ends_with(".png")
}

/// Every served file under `dir`: (name relative to `web/`, absolute path).
fn walk(root: &Path, dir: &Path, files: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if path.is_dir() {
            if name != "test" && name != "node_modules" {
                walk(root, &path, files);
            }
        } else if !mime_of(&name).is_empty() && !name.ends_with(".d.ts") {
            files.push((name, path.to_string_lossy().into_owned()));
        }
    }
}

fn mime_of(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("wasm") => "application/wasm",
        Some("png") => "image/png",
        Some("webmanifest") => "application/manifest+json",
        _ => "",
    }
}
