//! The page's files, embedded in the binary (or read from `--web-dir` while
//! working on them).

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// Name, content type, content.
const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../web/index.html"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/app.js"),
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

/// A file by name, or 404.
pub fn serve(name: &str, web_dir: Option<&std::path::Path>) -> Response {
    let Some(&(_, mime, embedded)) = FILES.iter().find(|(n, _, _)| *n == name) else {
        return (StatusCode::NOT_FOUND, "no such file").into_response();
    };
    let body = match web_dir {
        Some(dir) => {
            std::fs::read_to_string(dir.join(name)).unwrap_or_else(|_| embedded.to_string())
        }
        None => embedded.to_string(),
    };
    let cache = if web_dir.is_some() {
        "no-store"
    } else {
        "no-cache"
    };
    (
        [(header::CONTENT_TYPE, mime), (header::CACHE_CONTROL, cache)],
        body,
    )
        .into_response()
}
