//! The page's files, embedded in the binary (or read from `--web-dir` while
//! working on them). The page names each file with a version (a hash of its
//! content, `/assets/app.js?v=…`), so that a versioned file is cached for a
//! year and a new binary's files are fetched at once; compression is the
//! router's (gzip or brotli, as the browser asks).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};

use crate::error_page::PageLang;

/// Name (relative to `web/`), content type, content: every file under
/// `web/`, listed by `build.rs`.
const FILES: &[(&str, &str, &str)] = include!(concat!(env!("OUT_DIR"), "/web_files.rs"));

/// The binary files under `web/` (the engine's WebAssembly, icons),
/// served as they are.
const BINARIES: &[(&str, &str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/web_binaries.rs"));

/// A piece shared by pages (`web/NAME.part.html`) goes in place of the
/// marker `<!--NAME-->`; a piece may hold markers of other pieces (the top
/// bars hold the brand and the language picker). Each piece's first
/// comment says what it is, for its readers, and is left out.
const PART_SUFFIX: &str = ".part.html";

/// How deep pieces may nest.
const PART_DEPTH: usize = 4;

/// A piece without its leading comment.
fn part_body(content: &str) -> &str {
    let trimmed = content.trim_start();
    match trimmed
        .strip_prefix("<!--")
        .and_then(|rest| rest.split_once("-->"))
    {
        Some((_, body)) => body.trim_start_matches('\n'),
        None => content,
    }
}

/// A page with its shared pieces in place.
fn with_parts(page: &str) -> String {
    let mut page = page.to_string();
    for _ in 0..PART_DEPTH {
        let mut changed = false;
        for (name, _, content) in FILES {
            let Some(part) = name.strip_suffix(PART_SUFFIX) else {
                continue;
            };
            let marker = format!("<!--{part}-->");
            if page.contains(&marker) {
                page = page.replace(&marker, part_body(content).trim_end_matches('\n'));
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    page
}

/// Cached for a year: the URL changes with the content.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// A short hash of a file's content (FNV-1a, 64 bits, in hex).
fn version_of(content: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in content {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// Each embedded file's version.
fn versions() -> &'static Vec<(&'static str, String)> {
    static VERSIONS: OnceLock<Vec<(&'static str, String)>> = OnceLock::new();
    VERSIONS.get_or_init(|| {
        let texts = FILES.iter().map(|(name, _, text)| (*name, text.as_bytes()));
        let binaries = BINARIES.iter().map(|(name, _, bytes)| (*name, *bytes));
        texts
            .chain(binaries)
            .map(|(name, content)| (name, version_of(content)))
            .collect()
    })
}

fn version(name: &str) -> Option<&'static str> {
    versions()
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.as_str())
}

/// Whether a file is a page (served at its own route, never cached).
fn is_page(name: &str) -> bool {
    name.ends_with(".html") && !name.ends_with(PART_SUFFIX)
}

/// Whether a file is a JavaScript module, which other modules import.
fn is_module(name: &str) -> bool {
    name.ends_with(".js")
}

/// The import map that sends each module's plain URL (as another module
/// imports it) to its versioned one, so a module is cached for good and
/// loaded once whichever file imports it.
fn import_map() -> String {
    // The binaries too: a module finds the WebAssembly's versioned URL
    // with `import.meta.resolve`.
    let modules = FILES.iter().map(|f| f.0).filter(|n| is_module(n));
    let imports: Vec<String> = modules
        .chain(BINARIES.iter().map(|f| f.0))
        .map(|name| {
            format!(
                "\"/assets/{name}\":\"/assets/{name}?v={}\"",
                version(name).unwrap_or("")
            )
        })
        .collect();
    format!(
        "<script type=\"importmap\">{{\"imports\":{{{}}}}}</script>\n",
        imports.join(",")
    )
}

/// The modules a module imports (`import … from './x.js'`, by our own
/// writing: one import per line), as names relative to `web/`.
fn imports_of(name: &str, content: &str) -> Vec<String> {
    let dir = name.rsplit_once('/').map_or("", |(dir, _)| dir);
    content
        .lines()
        .filter(|line| line.starts_with("import ") || line.starts_with("export * from"))
        .filter_map(|line| {
            let quoted = line.rsplit(['\'', '"']).nth(1)?;
            resolve(dir, quoted)
        })
        .collect()
}

/// `spec` as imported from a module in `dir`: a name relative to `web/`.
fn resolve(dir: &str, spec: &str) -> Option<String> {
    let mut parts: Vec<&str> = if let Some(absolute) = spec.strip_prefix("/assets/") {
        return Some(absolute.to_string());
    } else if spec.starts_with("./") || spec.starts_with("../") {
        dir.split('/').filter(|p| !p.is_empty()).collect()
    } else {
        return None;
    };
    for part in spec.split('/') {
        match part {
            "." => {}
            ".." => {
                parts.pop()?;
            }
            _ => parts.push(part),
        }
    }
    Some(parts.join("/"))
}

/// Every module `entry` needs, itself excluded, each once.
fn needed_by(entry: &str) -> Vec<String> {
    let mut seen: Vec<String> = vec![entry.to_string()];
    let mut next = 0;
    while next < seen.len() {
        let name = seen[next].clone();
        next += 1;
        let Some(&(_, _, content)) = FILES.iter().find(|(n, _, _)| *n == name) else {
            continue;
        };
        for dep in imports_of(&name, content) {
            if !seen.contains(&dep) {
                seen.push(dep);
            }
        }
    }
    seen.split_off(1)
}

/// The page with the import map before its first script (an import map
/// must come before any module), and a preload of every module its
/// scripts import, so the browser fetches them at once rather than one
/// level of imports after another.
fn with_import_map(page: &str) -> String {
    let Some(at) = page.find("<script") else {
        return page.to_string();
    };
    let mut head = import_map();
    let marker = "<script type=\"module\" src=\"/assets/";
    let mut rest = page;
    let mut preloaded: Vec<String> = Vec::new();
    while let Some(start) = rest.find(marker) {
        rest = &rest[start + marker.len()..];
        let entry = rest[..rest.find(['"', '?']).unwrap_or(0)].to_string();
        for dep in needed_by(&entry) {
            if !preloaded.contains(&dep) {
                let version = version(&dep).unwrap_or("");
                head.push_str(&format!(
                    "<link rel=\"modulepreload\" href=\"/assets/{dep}?v={version}\">\n"
                ));
                preloaded.push(dep);
            }
        }
    }
    format!("{}{}{}", &page[..at], head, &page[at..])
}

/// An embedded page, its asset links carrying their versions.
fn versioned_page(name: &str) -> &'static str {
    static PAGES: OnceLock<Vec<(&'static str, String)>> = OnceLock::new();
    let pages = PAGES.get_or_init(|| {
        FILES
            .iter()
            .filter(|(n, _, _)| is_page(n))
            .map(|(page_name, _, content)| {
                let mut page = with_parts(content);
                for (asset, _, _) in FILES.iter().filter(|(n, _, _)| !is_page(n)) {
                    let plain = format!("\"/assets/{asset}\"");
                    let versioned =
                        format!("\"/assets/{asset}?v={}\"", version(asset).unwrap_or(""));
                    page = page.replace(&plain, &versioned);
                }
                // After the links: the map's keys are the plain URLs.
                (*page_name, with_import_map(&page))
            })
            .collect()
    });
    pages
        .iter()
        .find(|(n, _)| *n == name)
        .map_or("", |(_, page)| page.as_str())
}

/// The pages the service worker keeps at its install, for a first visit
/// without a connection: the home page (every game page is it), the
/// analysis board, and the tutorial's, puzzles' and classroom's pages
/// (their answers come from the WebAssembly then); and the page it shows
/// for the others, which need the connection (`/offline`). Other pages
/// are kept once visited.
const OFFLINE_PAGES: [&str; 5] = ["/", "/analysis", "/learn", "/classroom", "/offline"];

/// The service worker (`web/sw.js`), with the release written into it:
/// a version made of every file's, the versioned address of every file
/// of the page, and the pages kept for offline use. Its bytes change with
/// any file, so a new release installs a new worker.
pub fn service_worker(web_dir: Option<&Path>) -> Response {
    let template = match web_dir {
        Some(dir) => std::fs::read_to_string(dir.join("sw.js")).unwrap_or_default(),
        None => FILES
            .iter()
            .find(|(n, _, _)| *n == "sw.js")
            .map_or(String::new(), |f| f.2.to_string()),
    };
    let cached = |name: &str| !is_page(name) && !name.ends_with(PART_SUFFIX) && name != "sw.js";
    let names = FILES
        .iter()
        .map(|f| f.0)
        .chain(BINARIES.iter().map(|f| f.0))
        .filter(|n| cached(n));
    let assets: Vec<String> = names
        .map(|name| format!("\"/assets/{name}?v={}\"", version(name).unwrap_or("")))
        .collect();
    let all: String = versions().iter().map(|(_, v)| v.as_str()).collect();
    let pages: Vec<String> = OFFLINE_PAGES.iter().map(|p| format!("\"{p}\"")).collect();
    let build = format!(
        "{{ version: \"{}\", assets: [{}], pages: [{}] }}",
        version_of(all.as_bytes()),
        assets.join(","),
        pages.join(",")
    );
    let marker = "/*BUILD*/ { version: 'dev', assets: [], pages: [] }";
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        template.replace(marker, &build),
    )
        .into_response()
}

/// Where to read the page's files from while working on them.
#[derive(Clone, Default)]
pub struct WebDir(pub Option<PathBuf>);

/// The home page and the game page (one page, `index.html`). A game's
/// address also preloads the game's modules, which the home page loads
/// only when a game is opened.
pub fn serve_page(web_dir: Option<&Path>, headers: &HeaderMap, game: bool) -> Response {
    let extra = if game { GAME_MODULE } else { "" };
    serve_page_with(web_dir, "index.html", headers, extra)
}

/// The module the game page loads on demand (`pages/app.js`).
const GAME_MODULE: &str = "pages/game/page.js";

/// `page` with a preload of `modules` (those it has not already) before
/// its other preloads.
fn with_preloads(page: &str, modules: impl IntoIterator<Item = String>) -> String {
    let Some(at) = page.find("<link rel=\"modulepreload\"") else {
        return page.to_string();
    };
    let mut links = String::new();
    for name in modules {
        let version = version(&name).unwrap_or("");
        let link = format!("<link rel=\"modulepreload\" href=\"/assets/{name}?v={version}\">\n");
        if !page.contains(&link) && !links.contains(&link) {
            links.push_str(&link);
        }
    }
    format!("{}{}{}", &page[..at], links, &page[at..])
}

/// A module and every module it needs.
fn with_needs(module: &str) -> impl Iterator<Item = String> {
    std::iter::once(module.to_string()).chain(needed_by(module))
}

/// The page with its language's module preloaded before the others: the
/// page waits for its words before it draws anything, so they should not
/// come last. The language is guessed as the page guesses it when none
/// was chosen before (the browser's first of ours); a wrong guess costs
/// one small file.
fn with_language_preload(page: &str, lang: PageLang) -> String {
    with_preloads(page, with_needs(&format!("lib/i18n/{}.js", lang.code())))
}

/// A page (never cached: it names the current versions), its language
/// guessed from the browser's.
pub fn serve_named_page(name: &str, web_dir: Option<&Path>, headers: &HeaderMap) -> Response {
    serve_page_with(web_dir, name, headers, "")
}

/// A page, with `extra` (a module, or nothing) preloaded too.
fn serve_page_with(
    web_dir: Option<&Path>,
    name: &str,
    headers: &HeaderMap,
    extra: &str,
) -> Response {
    let body = match web_dir {
        Some(dir) => std::fs::read_to_string(dir.join(name))
            .map(|page| with_parts(&page))
            .unwrap_or_else(|_| versioned_page(name).to_string()),
        None => {
            let page = with_language_preload(versioned_page(name), PageLang::of(headers));
            if extra.is_empty() {
                page
            } else {
                with_preloads(&page, with_needs(extra))
            }
        }
    };
    let cache = if web_dir.is_some() {
        "no-store"
    } else {
        "no-cache"
    };
    // The import map is an inline script: allowed by its hash alone.
    let policy = crate::headers::policy_for_html(&body);
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8".to_string()),
            (header::CACHE_CONTROL, cache.to_string()),
            (header::VARY, "Accept-Language".to_string()),
            (header::CONTENT_SECURITY_POLICY, policy),
        ],
        body,
    )
        .into_response()
}

/// A file by name (`None`: no such file). With the query `v=<its
/// version>` it may be cached for good; otherwise browsers ask again each
/// time.
pub fn serve(name: &str, query: Option<&str>, web_dir: Option<&Path>) -> Option<Response> {
    let text = FILES.iter().find(|(n, _, _)| *n == name);
    let (mime, embedded): (&str, &'static [u8]) = match text {
        Some(&(_, mime, text)) => (mime, text.as_bytes()),
        None => BINARIES
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|&(_, mime, bytes)| (mime, bytes))?,
    };
    if let Some(dir) = web_dir {
        let body = std::fs::read(dir.join(name)).unwrap_or_else(|_| embedded.into());
        return Some(
            (
                [
                    (header::CONTENT_TYPE, mime),
                    (header::CACHE_CONTROL, "no-store"),
                ],
                body,
            )
                .into_response(),
        );
    }
    let current = query
        .and_then(|q| q.strip_prefix("v="))
        .is_some_and(|v| Some(v) == version(name));
    let cache = if current { IMMUTABLE } else { "no-cache" };
    Some(
        (
            [(header::CONTENT_TYPE, mime), (header::CACHE_CONTROL, cache)],
            embedded,
        )
            .into_response(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's entry module and the modules every page imports.
    fn assert_versioned(page_name: &str, entry: &str) {
        let page = versioned_page(page_name);
        for name in [
            entry,
            "lib/i18n.js",
            "lib/i18n/fr.js",
            "lib/dom.js",
            "style.css",
            "favicon.svg",
        ] {
            let link = format!("/assets/{name}?v={}", version(name).unwrap());
            assert!(page.contains(&link), "{page_name}: {link}");
        }
        // Each import of a module reaches its versioned URL.
        let map = format!(
            "\"/assets/lib/i18n.js\":\"/assets/lib/i18n.js?v={}\"",
            version("lib/i18n.js").unwrap()
        );
        assert!(page.contains(&map), "{page_name}");
        assert!(
            page.find("type=\"importmap\"") < page.find("type=\"module\""),
            "{page_name}: the import map comes first"
        );
    }

    #[test]
    fn every_page_names_its_modules_with_their_versions() {
        for (page, entry) in [
            ("index.html", "pages/app.js"),
            ("learn.html", "pages/learn.js"),
            ("classroom.html", "pages/classroom.js"),
            ("club.html", "pages/club.js"),
            ("account.html", "pages/account.js"),
            ("lobby.html", "pages/lobby.js"),
            ("board.html", "pages/analysis-board.js"),
        ] {
            assert_versioned(page, entry);
        }
    }

    #[test]
    fn a_module_imported_by_path_is_found_and_preloaded() {
        assert_eq!(
            resolve("pages/game", "../../lib/api.js").as_deref(),
            Some("lib/api.js")
        );
        assert_eq!(
            resolve("lib", "./i18n/en.js").as_deref(),
            Some("lib/i18n/en.js")
        );
        assert_eq!(
            resolve("", "/assets/lib/dom.js").as_deref(),
            Some("lib/dom.js")
        );
        assert_eq!(resolve("lib", "../../x.js"), None);
        assert_eq!(resolve("lib", "typescript"), None);
        let needed = needed_by("pages/lobby.js");
        for name in ["lib/api.js", "lib/i18n.js", "lib/socket.js"] {
            assert!(needed.iter().any(|n| n == name), "{name}: {needed:?}");
        }
        // A language is loaded once the page knows which (a dynamic
        // import): not preloaded, but in the import map.
        assert!(
            !needed.iter().any(|n| n.starts_with("lib/i18n/")),
            "{needed:?}"
        );
        // Every module imported exists: a typo would fail in the browser only.
        for (name, _, content) in FILES.iter().filter(|(n, _, _)| is_module(n)) {
            for dep in imports_of(name, content) {
                assert!(version(&dep).is_some(), "{name} imports {dep}");
            }
        }
        let page = versioned_page("lobby.html");
        let preload = format!(
            "<link rel=\"modulepreload\" href=\"/assets/lib/socket.js?v={}\">",
            version("lib/socket.js").unwrap()
        );
        assert!(page.contains(&preload));
    }

    #[test]
    fn the_browsers_language_is_preloaded_first() {
        let body = |accept: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::ACCEPT_LANGUAGE, accept.parse().unwrap());
            let page = with_language_preload(versioned_page("lobby.html"), PageLang::of(&headers));
            let preloads: Vec<String> = page
                .split("<link rel=\"modulepreload\" href=\"/assets/")
                .skip(1)
                .map(|rest| rest[..rest.find('?').unwrap()].to_string())
                .collect();
            preloads
        };
        let french = body("fr-FR,fr;q=0.9,en;q=0.5");
        assert_eq!(french[0], "lib/i18n/fr.js", "{french:?}");
        assert!(french.contains(&"lib/i18n/reasons/fr.js".to_string()));
        assert!(!french.iter().any(|n| n.ends_with("/en.js")), "{french:?}");
        let other = body("de-DE,ja");
        assert_eq!(other[0], "lib/i18n/en.js", "{other:?}");
        // Each module once.
        let mut unique = other.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), other.len(), "{other:?}");
    }

    #[test]
    fn the_home_page_does_without_the_game_which_a_game_preloads() {
        let home = versioned_page("index.html");
        let preload =
            |module: &str| format!("<link rel=\"modulepreload\" href=\"/assets/{module}?v=");
        assert!(
            !home.contains(&preload("pages/game/render.js")),
            "the home page preloads the game"
        );
        assert!(home.contains(&preload("pages/home.js")));
        let game = with_preloads(home, with_needs(GAME_MODULE));
        for module in [
            "pages/game/page.js",
            "pages/game/render.js",
            "lib/board/view.js",
        ] {
            assert!(game.contains(&preload(module)), "{module}");
        }
        assert_eq!(
            game.matches(&preload("lib/i18n.js")).count(),
            1,
            "each module once"
        );
    }

    #[test]
    fn every_page_has_the_one_head_and_one_of_the_two_top_bars() {
        for (name, _, _) in FILES.iter().filter(|(n, _, _)| is_page(n)) {
            let page = versioned_page(name);
            for (part, _, _) in FILES.iter().filter(|(n, _, _)| n.ends_with(PART_SUFFIX)) {
                let marker = format!("<!--{}-->", part.trim_end_matches(PART_SUFFIX));
                assert!(!page.contains(&marker), "{name}: {marker} left");
            }
            assert_eq!(page.matches("<header class=\"topbar").count(), 1, "{name}");
            assert_eq!(page.matches("class=\"brand\"").count(), 1, "{name}");
            assert_eq!(page.matches("<select id=\"lang\">").count(), 1, "{name}");
            assert_eq!(
                page.matches("<meta charset=\"utf-8\">").count(),
                1,
                "{name}"
            );
            let style = format!("/assets/style.css?v={}", version("style.css").unwrap());
            assert!(page.contains(&style), "{name}");
        }
        for name in [
            "index.html",
            "account.html",
            "lobby.html",
            "board.html",
            "learn.html",
        ] {
            let page = versioned_page(name);
            assert!(page.contains("id=\"account-link\""), "{name}");
            assert!(page.contains("href=\"/lobby\""), "{name}");
        }
        for name in ["classroom.html", "club.html"] {
            assert!(versioned_page(name).contains("href=\"/class\""), "{name}");
        }
    }
}
