//! The page's files, embedded in the binary (or read from `--web-dir` while
//! working on them). The page names each file with a version (a hash of its
//! content, `/assets/app.js?v=…`), so that a versioned file is cached for a
//! year and a new binary's files are fetched at once; compression is the
//! router's (gzip or brotli, as the browser asks).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// Name, content type, content.
const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../web/index.html"),
    ),
    (
        "classroom.html",
        "text/html; charset=utf-8",
        include_str!("../web/classroom.html"),
    ),
    (
        "learn.html",
        "text/html; charset=utf-8",
        include_str!("../web/learn.html"),
    ),
    (
        "club.html",
        "text/html; charset=utf-8",
        include_str!("../web/club.html"),
    ),
    (
        "account.html",
        "text/html; charset=utf-8",
        include_str!("../web/account.html"),
    ),
    (
        "lobby.html",
        "text/html; charset=utf-8",
        include_str!("../web/lobby.html"),
    ),
    (
        "analysis.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/analysis.js"),
    ),
    (
        "board.html",
        "text/html; charset=utf-8",
        include_str!("../web/board.html"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/board.js"),
    ),
    (
        "chat.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/chat.js"),
    ),
    (
        "lobby.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/lobby.js"),
    ),
    (
        "account.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/account.js"),
    ),
    (
        "account-i18n.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/account-i18n.js"),
    ),
    (
        "club.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/club.js"),
    ),
    (
        "club-i18n.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/club-i18n.js"),
    ),
    (
        "common.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/common.js"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/app.js"),
    ),
    (
        "classroom.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/classroom.js"),
    ),
    (
        "classroom-i18n.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/classroom-i18n.js"),
    ),
    (
        "learn.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/learn.js"),
    ),
    (
        "i18n.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/i18n.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../web/style.css"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../web/favicon.svg"),
    ),
];

/// Pieces shared by pages, put in place of their marker: (marker, content).
const PARTS: &[(&str, &str)] = &[(
    "<!--topbar-players-->",
    include_str!("../web/topbar-players.part.html"),
)];

/// A page with its shared pieces in place.
fn with_parts(page: &str) -> String {
    PARTS.iter().fold(page.to_string(), |page, (marker, part)| {
        page.replace(marker, part)
    })
}

/// Cached for a year: the URL changes with the content.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// A short hash of a file's content (FNV-1a, 64 bits, in hex).
fn version_of(content: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in content.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// Each embedded file's version.
fn versions() -> &'static Vec<(&'static str, String)> {
    static VERSIONS: OnceLock<Vec<(&'static str, String)>> = OnceLock::new();
    VERSIONS.get_or_init(|| {
        FILES
            .iter()
            .map(|(name, _, content)| (*name, version_of(content)))
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
    name.ends_with(".html")
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
                (*page_name, page)
            })
            .collect()
    });
    pages
        .iter()
        .find(|(n, _)| *n == name)
        .map_or("", |(_, page)| page.as_str())
}

/// Where to read the page's files from while working on them.
#[derive(Clone, Default)]
pub struct WebDir(pub Option<PathBuf>);

/// The game's page.
pub fn serve_page(web_dir: Option<&Path>) -> Response {
    serve_named_page("index.html", web_dir)
}

/// A page (never cached: it names the current versions).
pub fn serve_named_page(name: &str, web_dir: Option<&Path>) -> Response {
    let body = match web_dir {
        Some(dir) => std::fs::read_to_string(dir.join(name))
            .map(|page| with_parts(&page))
            .unwrap_or_else(|_| versioned_page(name).to_string()),
        None => versioned_page(name).to_string(),
    };
    let cache = if web_dir.is_some() {
        "no-store"
    } else {
        "no-cache"
    };
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, cache),
        ],
        body,
    )
        .into_response()
}

/// A file by name (`None`: no such file). With the query `v=<its
/// version>` it may be cached for good; otherwise browsers ask again each
/// time.
pub fn serve(name: &str, query: Option<&str>, web_dir: Option<&Path>) -> Option<Response> {
    let &(_, mime, embedded) = FILES.iter().find(|(n, _, _)| *n == name)?;
    if let Some(dir) = web_dir {
        let body = std::fs::read_to_string(dir.join(name)).unwrap_or_else(|_| embedded.into());
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

    #[test]
    fn the_page_names_every_asset_with_its_version() {
        let page = versioned_page("index.html");
        for name in ["app.js", "common.js", "i18n.js", "style.css", "favicon.svg"] {
            let link = format!("/assets/{name}?v={}", version(name).unwrap());
            assert!(page.contains(&link), "{link}");
        }
    }

    #[test]
    fn the_players_pages_share_one_top_bar() {
        for name in ["account.html", "lobby.html", "board.html"] {
            let page = versioned_page(name);
            assert!(!page.contains("<!--topbar-players-->"), "{name}");
            assert!(page.contains("id=\"account-link\""), "{name}");
            assert!(page.contains("href=\"/lobby\""), "{name}");
        }
    }

    #[test]
    fn the_learn_page_names_its_assets_with_their_versions() {
        let page = versioned_page("learn.html");
        for name in [
            "learn.js",
            "common.js",
            "i18n.js",
            "style.css",
            "favicon.svg",
        ] {
            let link = format!("/assets/{name}?v={}", version(name).unwrap());
            assert!(page.contains(&link), "{link}");
        }
    }

    #[test]
    fn the_classroom_page_names_its_assets_with_their_versions() {
        let page = versioned_page("classroom.html");
        for name in [
            "classroom.js",
            "common.js",
            "i18n.js",
            "style.css",
            "favicon.svg",
        ] {
            let link = format!("/assets/{name}?v={}", version(name).unwrap());
            assert!(page.contains(&link), "{link}");
        }
    }
}
