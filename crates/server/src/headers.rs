//! The headers every answer carries (API.md, "Security model"): a Content
//! Security Policy that the pages pass (no inline script or style, the
//! engine's WebAssembly allowed, nothing loaded from elsewhere, never
//! framed by another origin), `X-Frame-Options` for older browsers,
//! `nosniff`, a `Referrer-Policy`, and `Cache-Control: no-store` on every
//! API answer that does not say otherwise (accounts, login cards and class
//! views are personal). A document with an inline `<style>` of its own (a
//! printable sheet, an error page) is allowed that style by its hash
//! ([`policy_for_html`]), nothing more.
//!
//! Violations are reported by the browsers to `POST /api/csp-report`,
//! counted and logged ([`Reports`]): the browser tests fail on any.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine as _;
use sha2::{Digest, Sha256};

/// Where the browsers send their reports.
pub const REPORT_PATH: &str = "/api/csp-report";

/// The policy of every answer, but for the style hashes of a document
/// that has its own `<style>`.
const POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; \
worker-src 'self'; manifest-src 'self'; media-src 'self' blob:; object-src 'none'; \
base-uri 'none'; form-action 'self'; frame-ancestors 'self'; report-uri /api/csp-report";

/// The policy for an HTML document: [`POLICY`], with each of its inline
/// `<style>` elements and inline `<script>` elements (the import map) allowed
/// by the hash of its text.
pub fn policy_for_html(html: &str) -> String {
    let hash = |text: &str| {
        let digest = Sha256::digest(text.as_bytes());
        format!(
            "'sha256-{}'",
            base64::engine::general_purpose::STANDARD.encode(digest)
        )
    };
    let mut policy = POLICY.to_string();
    for (tag, directive) in [
        ("style", "style-src 'self'"),
        ("script", "script-src 'self'"),
    ] {
        let hashes: Vec<String> = inline(html, tag).map(hash).collect();
        if !hashes.is_empty() {
            policy = policy.replacen(directive, &format!("{directive} {}", hashes.join(" ")), 1);
        }
    }
    policy
}

/// The text of each inline `<tag>` element of `html` (a script with a
/// `src` is not inline).
fn inline<'a>(html: &'a str, tag: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    let (open_tag, close_tag) = (format!("<{tag}"), format!("</{tag}>"));
    let mut rest = html;
    std::iter::from_fn(move || loop {
        let open = rest.find(&open_tag)?;
        let head_end = open + rest[open..].find('>')?;
        let body = head_end + 1;
        let close = body + rest[body..].find(&close_tag)?;
        let head = &rest[open..head_end];
        let text = &rest[body..close];
        rest = &rest[close..];
        if !head.contains(" src=") {
            return Some(text);
        }
    })
}

/// The middleware on every route: sets what the answer did not set itself.
pub async fn secure(request: Request, next: Next) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    // An HTML answer with an inline style has set its own (hashed) policy.
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(POLICY),
        );
    }
    headers.insert(
        header::X_FRAME_OPTIONS,
        HeaderValue::from_static("SAMEORIGIN"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    if api && !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// The reports received, for the operator and the tests.
#[derive(Debug, Default)]
pub struct Reports {
    count: AtomicU64,
    /// The last [`KEPT_REPORTS`], in short: the directive and the
    /// document's path.
    last: Mutex<Vec<String>>,
}

impl Reports {
    pub fn count(&self) -> u64 {
        self.count.load(Ordering::Relaxed)
    }

    /// The last reports, in short (at most [`KEPT_REPORTS`]).
    pub fn last(&self) -> Vec<String> {
        self.last.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn add(&self, summary: String) {
        self.count.fetch_add(1, Ordering::Relaxed);
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if last.len() == KEPT_REPORTS {
            last.remove(0);
        }
        last.push(summary);
    }
}

/// Reports kept to be read.
pub const KEPT_REPORTS: usize = 32;

/// The largest report read.
const MAX_REPORT: usize = 8 * 1024;

/// `POST /api/csp-report`: a browser's report of something the policy
/// blocked (`application/csp-report`, or the Reporting API's JSON). Logged
/// without any query string (an address may hold a code) and counted.
pub async fn report(State(reports): State<Arc<Reports>>, request: Request) -> Response {
    let limited = http_body_util::Limited::new(request.into_body(), MAX_REPORT);
    let read = tokio::time::timeout(
        std::time::Duration::from_secs(10),
        http_body_util::BodyExt::collect(limited),
    )
    .await;
    let Ok(Ok(body)) = read else {
        return StatusCode::PAYLOAD_TOO_LARGE.into_response();
    };
    let value: serde_json::Value =
        serde_json::from_slice(&body.to_bytes()).unwrap_or(serde_json::Value::Null);
    let report = value
        .get("csp-report")
        .or_else(|| value.get(0).and_then(|v| v.get("body")))
        .cloned()
        .unwrap_or(serde_json::Value::Null);
    let field = |names: &[&str]| {
        names
            .iter()
            .find_map(|n| report.get(*n).and_then(|v| v.as_str()))
            .unwrap_or("")
            .to_string()
    };
    let directive = short(&field(&[
        "effective-directive",
        "effectiveDirective",
        "violated-directive",
    ]));
    let document = path_only(&field(&["document-uri", "documentURL"]));
    let blocked = path_only(&field(&["blocked-uri", "blockedURL"]));
    let summary = format!("{directive} on {document} (blocked: {blocked})");
    tracing::warn!(target: "quoridor::csp", directive, document, blocked, "content security policy report");
    reports.add(summary);
    StatusCode::NO_CONTENT.into_response()
}

/// At most 80 characters of a value from a report.
fn short(text: &str) -> String {
    text.chars().take(80).collect()
}

/// An address without its query or fragment (which may hold a code).
fn path_only(url: &str) -> String {
    short(url.split(['?', '#']).next().unwrap_or(""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inline_style_is_allowed_by_its_hash_and_nothing_else() {
        let plain = policy_for_html("<html><body>x</body></html>");
        assert_eq!(plain, POLICY);
        assert!(plain.contains("frame-ancestors 'self'"));
        assert!(!plain.contains("unsafe-inline"));
        let styled = policy_for_html("<head><style>b{color:red}</style></head>");
        let digest =
            base64::engine::general_purpose::STANDARD.encode(Sha256::digest(b"b{color:red}"));
        assert!(
            styled.contains(&format!("style-src 'self' 'sha256-{digest}';")),
            "{styled}"
        );
        let two = policy_for_html("<style media=print>a{}</style><p><style>i{}</style>");
        assert_eq!(two.matches("'sha256-").count(), 2, "{two}");
        // An unclosed style allows nothing.
        assert_eq!(policy_for_html("<style>a{}"), POLICY);
        // An inline script (the import map) by its hash; one with a source
        // needs none.
        let map = r#"{"imports":{}}"#;
        let page = format!(
            r#"<script type="importmap">{map}</script><script type="module" src="/a.js"></script>"#
        );
        let digest =
            base64::engine::general_purpose::STANDARD.encode(Sha256::digest(map.as_bytes()));
        let policy = policy_for_html(&page);
        assert!(
            policy.contains(&format!(
                "script-src 'self' 'sha256-{digest}' 'wasm-unsafe-eval';"
            )),
            "{policy}"
        );
        assert_eq!(policy.matches("'sha256-").count(), 1, "{policy}");
    }

    #[test]
    fn addresses_in_reports_lose_their_query() {
        assert_eq!(path_only("http://h/join?code=ABCD#card=x"), "http://h/join");
        assert_eq!(short(&"x".repeat(200)).len(), 80);
    }
}
