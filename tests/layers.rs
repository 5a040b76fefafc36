//! The layers the crates' roots promise, held against their code: in every
//! crate of the workspace (each library's `lib.rs`, each binary's
//! `src/bin/*/main.rs`), every file may use only modules of its own layer or
//! of the layers below it, no files may use each other in a circle, and the
//! crate root only declares and hands on: a module that uses something the
//! root itself defines is reported (issues 37 and 57).
//!
//! The layers are read from the crate's `lib.rs`, from lines of its opening
//! comment such as
//!
//! ```text
//! //! 2. Domain: `model`, `account::name`, `club::class`.
//! ```
//!
//! (a number, then every module of that layer in backquotes). A file belongs
//! to the layer of the longest module path listed that contains it. Uses are
//! read with `syn`: `use` items and paths written out in the code
//! (`crate::…`, `super::…`), tests (`#[cfg(test)]` modules) included.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// A crate's layers: module path → layer number. A layer is a numbered
/// line of the opening comment and the lines after it, up to the next
/// numbered line or an empty one.
fn layers(root: &str) -> BTreeMap<String, u32> {
    let mut map = BTreeMap::new();
    let mut layer = None;
    for line in root.lines() {
        let Some(text) = line.strip_prefix("//!") else {
            layer = None;
            continue;
        };
        let text = text.trim();
        if text.is_empty() {
            layer = None;
            continue;
        }
        let mut rest = text;
        if let Some((number, after)) = text.split_once(". ") {
            if let Ok(n) = number.parse::<u32>() {
                layer = Some(n);
                rest = after;
            }
        }
        let Some(n) = layer else {
            continue;
        };
        for (i, piece) in rest.split('`').enumerate() {
            if i % 2 == 1 && is_module_path(piece) {
                map.insert(piece.to_string(), n);
            }
        }
    }
    map
}

/// `a`, `a::b_c`: lower-case names joined by `::`.
fn is_module_path(text: &str) -> bool {
    !text.is_empty()
        && text.split("::").all(|part| {
            part.starts_with(|c: char| c.is_ascii_lowercase())
                && part
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        })
}

/// Every `.rs` file below `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The module path of a file: `club/api.rs` → `club::api`, `club/mod.rs`
/// → `club`, `lib.rs` → `` (the crate root).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The module paths a file uses (absolute, without `crate`), and the
/// names it hands on (`pub use`: the name's path → where it is defined).
struct Uses {
    here: Vec<String>,
    found: BTreeSet<Vec<String>>,
    faces: BTreeMap<Vec<String>, Vec<String>>,
    in_face: bool,
}

impl Uses {
    /// A path as written (`crate::a::b`, `super::c`, `self::d`) made
    /// absolute; other paths (external crates, local names) are not ours.
    fn absolute(&self, segments: &[String]) -> Option<Vec<String>> {
        let first = segments.first()?;
        let (mut path, rest) = match first.as_str() {
            "crate" => (Vec::new(), &segments[1..]),
            "super" => {
                let mut base = self.here.clone();
                let mut rest = segments;
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
                (base, rest)
            }
            "self" => (self.here.clone(), &segments[1..]),
            _ => return None,
        };
        path.extend(rest.iter().cloned());
        Some(path)
    }

    fn note(&mut self, segments: &[String]) {
        if let Some(path) = self.absolute(segments) {
            self.found.insert(path);
        }
    }

    /// A name handed on by `pub use`: `here::Name` stands for `path`.
    fn face(&mut self, segments: &[String]) {
        let Some(path) = self.absolute(segments).or_else(|| {
            // `pub use child::Thing;` in a module: the child's path.
            let mut p = self.here.clone();
            p.extend(segments.iter().cloned());
            Some(p)
        }) else {
            return;
        };
        if let Some(name) = path.last() {
            let mut alias = self.here.clone();
            alias.push(name.clone());
            if alias != path {
                self.faces.insert(alias, path);
            }
        }
    }

    fn tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                prefix.push(n.ident.to_string());
                if self.in_face {
                    self.face(&prefix.clone());
                } else {
                    self.note(&prefix.clone());
                }
                prefix.pop();
            }
            syn::UseTree::Rename(r) => {
                prefix.push(r.ident.to_string());
                self.note(&prefix.clone());
                prefix.pop();
            }
            syn::UseTree::Glob(_) => self.note(&prefix.clone()),
            syn::UseTree::Group(g) => {
                for item in &g.items {
                    self.tree(prefix, item);
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for Uses {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        // A module's face (`pub use …`) hands names on: it is no use by the
        // module itself, and a use of the name is a use of where it lives.
        self.in_face = matches!(item.vis, syn::Visibility::Public(_));
        self.tree(&mut Vec::new(), &item.tree);
        self.in_face = false;
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.note(&segments);
        syn::visit::visit_path(self, path);
    }

    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {
        // `pub(super)`, `pub(in crate::x)` say who may see, not what is used.
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        // An inline module (tests): its `super` is this file's module.
        if item.content.is_some() {
            self.here.push(item.ident.to_string());
            syn::visit::visit_item_mod(self, item);
            self.here.pop();
        }
    }
}

/// The file (module path) a used path lands in: its longest prefix that is
/// a file of the crate.
fn file_of(files: &BTreeSet<Vec<String>>, path: &[String]) -> Option<Vec<String>> {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|p| files.contains(p))
}

/// The layer of a module: that of the longest listed path containing it.
fn layer_of(layers: &BTreeMap<String, u32>, module: &[String]) -> Option<u32> {
    (1..=module.len())
        .rev()
        .find_map(|n| layers.get(&module[..n].join("::")).copied())
}

/// The files of one crate: module path → file. `root` is the crate root's
/// file name in `src` (`lib.rs` or `main.rs`); a library's sources leave out
/// the package's binaries (`main.rs`, `bin/`), which are crates of their own.
fn crate_files(src: &Path, root: &str) -> BTreeMap<Vec<String>, PathBuf> {
    sources(src)
        .into_iter()
        .filter(|f| {
            let relative = f.strip_prefix(src).unwrap();
            root != "lib.rs" || !(relative == Path::new("main.rs") || relative.starts_with("bin"))
        })
        .map(|f| {
            let relative = f.strip_prefix(src).unwrap();
            let module = if relative == Path::new(root) {
                Vec::new()
            } else {
                module_of(src, &f)
            };
            (module, f)
        })
        .collect()
}

/// The problems of one crate: files without a layer, uses that run up (the
/// crate root is above every layer: it declares the modules and hands names
/// on, and a module may use its names only where they lead into a module),
/// and circles. `src` is the folder of the crate root `root`.
fn check(src: &Path, root: &str) -> Vec<String> {
    let root_text = std::fs::read_to_string(src.join(root)).unwrap();
    let layers = layers(&root_text);
    let files = crate_files(src, root);
    let shown = |path: &Path| {
        path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(path)
            .display()
            .to_string()
    };
    let mut problems = Vec::new();
    if layers.is_empty() {
        problems.push(format!("{}: lists no layers", shown(&src.join(root))));
    }
    let names: BTreeSet<Vec<String>> = files.keys().cloned().collect();
    // First every file's uses and faces, then the uses resolved through the
    // faces (`crate::Engine` is a use of `engine`).
    let mut read = BTreeMap::new();
    let mut faces = BTreeMap::new();
    for (module, path) in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let syntax = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut uses = Uses {
            here: module.clone(),
            found: BTreeSet::new(),
            faces: BTreeMap::new(),
            in_face: false,
        };
        uses.visit_file(&syntax);
        faces.extend(std::mem::take(&mut uses.faces));
        read.insert(module.clone(), uses.found);
    }
    let resolve = |used: &Vec<String>| -> Vec<String> {
        let mut path = used.clone();
        for _ in 0..8 {
            let hit = (1..=path.len()).rev().find_map(|n| {
                faces.get(&path[..n]).map(|to| {
                    let mut p = to.clone();
                    p.extend(path[n..].iter().cloned());
                    p
                })
            });
            match hit {
                Some(p) if p != path => path = p,
                _ => break,
            }
        }
        path
    };
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (module, path) in &files {
        if module.is_empty() {
            continue;
        }
        let mine = layer_of(&layers, module);
        if mine.is_none() && !layers.is_empty() {
            problems.push(format!("{}: in no layer of {root}", shown(path)));
        }
        for written in &read[module] {
            let used = resolve(written);
            let Some(target) = file_of(&names, &used) else {
                continue;
            };
            if &target == module {
                continue;
            }
            // A name the root hands on from another crate (`pub use
            // other_crate::Thing`) is that crate's, not the root's.
            if target.is_empty() && used != *written {
                continue;
            }
            if target.is_empty() {
                problems.push(format!(
                    "{} uses `{}`, which lives in the crate root: give it a module of its layer",
                    module.join("::"),
                    used.join("::")
                ));
                continue;
            }
            if std::env::var_os("LAYERS_EDGES").is_some() {
                eprintln!("{} -> {}", module.join("::"), used.join("::"));
            }
            edges
                .entry(module.clone())
                .or_default()
                .insert(target.clone());
            let theirs = layer_of(&layers, &target);
            if let (Some(mine), Some(theirs)) = (mine, theirs) {
                if theirs > mine {
                    problems.push(format!(
                        "{} (layer {mine}) uses {} (layer {theirs})",
                        module.join("::"),
                        used.join("::"),
                    ));
                }
            }
        }
    }
    if std::env::var_os("LAYERS_SUGGEST").is_some() {
        suggest(&files, &edges);
    }
    problems.extend(circles(&edges));
    problems
}

/// Prints each file's lowest possible layer (one above everything it uses),
/// a start for a crate's list: `LAYERS_SUGGEST=1 cargo test --test layers`.
fn suggest(
    files: &BTreeMap<Vec<String>, PathBuf>,
    edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
) {
    fn depth(
        m: &Vec<String>,
        edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        memo: &mut BTreeMap<Vec<String>, u32>,
        seen: &mut BTreeSet<Vec<String>>,
    ) -> u32 {
        if let Some(d) = memo.get(m) {
            return *d;
        }
        if !seen.insert(m.clone()) {
            return 0; // a circle: reported apart
        }
        let d = 1 + edges
            .get(m)
            .into_iter()
            .flatten()
            .map(|t| depth(t, edges, memo, seen))
            .max()
            .unwrap_or(0);
        memo.insert(m.clone(), d);
        d
    }
    let mut memo = BTreeMap::new();
    let mut by_layer: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for module in files.keys().filter(|m| !m.is_empty()) {
        let d = depth(module, edges, &mut memo, &mut BTreeSet::new());
        by_layer
            .entry(d)
            .or_default()
            .push(format!("`{}`", module.join("::")));
    }
    for (layer, modules) in by_layer {
        eprintln!("//! {layer}. {}.", modules.join(", "));
    }
}

/// Every circle of files, each once (by its strongly connected component).
fn circles(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<String> {
    // Tarjan's algorithm, small enough to write out.
    struct State<'a> {
        edges: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<Vec<String>, usize>,
        low: BTreeMap<Vec<String>, usize>,
        stack: Vec<Vec<String>>,
        on_stack: BTreeSet<Vec<String>>,
        next: usize,
        found: Vec<Vec<Vec<String>>>,
    }
    fn visit(s: &mut State<'_>, v: &Vec<String>) {
        s.index.insert(v.clone(), s.next);
        s.low.insert(v.clone(), s.next);
        s.next += 1;
        s.stack.push(v.clone());
        s.on_stack.insert(v.clone());
        let targets: Vec<Vec<String>> = s.edges.get(v).into_iter().flatten().cloned().collect();
        for w in &targets {
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v.clone(), low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v.clone(), low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut group = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(&w);
                let done = &w == v;
                group.push(w);
                if done {
                    break;
                }
            }
            if group.len() > 1 {
                s.found.push(group);
            }
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !state.index.contains_key(v) {
            visit(&mut state, v);
        }
    }
    state
        .found
        .into_iter()
        .map(|group| {
            let names: Vec<String> = group.iter().map(|m| m.join("::")).collect();
            format!("a circle: {}", names.join(", "))
        })
        .collect()
}

/// Every crate root of the workspace: each library's `lib.rs` and each
/// binary's `main.rs` (a one-file binary has nothing to layer).
fn crate_roots() -> Vec<(PathBuf, &'static str)> {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut packages: Vec<PathBuf> = std::fs::read_dir(top.join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("Cargo.toml").exists())
        .collect();
    packages.push(top.to_path_buf());
    packages.sort();
    let mut roots = Vec::new();
    for package in packages {
        let src = package.join("src");
        if src.join("lib.rs").exists() {
            roots.push((src.clone(), "lib.rs"));
        }
        let Ok(bins) = std::fs::read_dir(src.join("bin")) else {
            continue;
        };
        for bin in bins {
            let bin = bin.unwrap().path();
            if bin.join("main.rs").exists() {
                roots.push((bin, "main.rs"));
            }
        }
    }
    roots
}

#[test]
fn every_crate_keeps_its_layers() {
    let roots = crate_roots();
    for crate_dir in [
        "crates/server",
        "crates/engine",
        "crates/rules",
        "crates/wasm",
    ] {
        let src = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(crate_dir)
            .join("src");
        assert!(
            roots.iter().any(|(r, _)| *r == src),
            "{crate_dir} not found"
        );
    }
    let problems: Vec<String> = roots
        .iter()
        .flat_map(|(src, root)| check(src, root))
        .collect();
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn the_check_finds_what_runs_up_and_circles() {
    let lib = "//! 1. `a`, `b::c`.\n//! 2. `b`.\n";
    let map = layers(lib);
    assert_eq!(map["a"], 1);
    assert_eq!(map["b::c"], 1);
    assert_eq!(map["b"], 2);
    let module = |s: &str| s.split("::").map(str::to_string).collect::<Vec<_>>();
    assert_eq!(layer_of(&map, &module("b::c::d")), Some(1));
    assert_eq!(layer_of(&map, &module("b::e")), Some(2));
    let mut edges = BTreeMap::new();
    edges.insert(module("x"), BTreeSet::from([module("y")]));
    edges.insert(module("y"), BTreeSet::from([module("x")]));
    edges.insert(module("z"), BTreeSet::from([module("x")]));
    let found = circles(&edges);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains('x') && found[0].contains('y') && !found[0].contains('z'));
}

#[test]
fn the_check_sees_the_crate_root_and_binaries() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    std::fs::create_dir_all(src.join("bin/tool")).unwrap();
    let write = |path: &str, text: &str| std::fs::write(src.join(path), text).unwrap();
    write(
        "lib.rs",
        "//! 1. `low`.\n//! 2. `high`.\nmod low;\nmod high;\npub use low::Thing;\npub fn helper() {}\n",
    );
    write(
        "low.rs",
        "pub struct Thing;\npub fn f() { crate::helper() }\n",
    );
    write("high.rs", "use crate::Thing;\n");
    // The package's binaries are not modules of the library.
    write("main.rs", "fn main() { crate::nothing::here() }\n");
    write("bin/tool/main.rs", "mod part;\nfn main() {}\n");
    write("bin/tool/part.rs", "pub fn g() {}\n");
    let problems = check(&src, "lib.rs");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].starts_with("low uses `helper`"), "{problems:?}");
    let problems = check(&src.join("bin/tool"), "main.rs");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].ends_with("lists no layers"), "{problems:?}");
}
