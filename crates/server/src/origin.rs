//! Requests from pages: a request that the session cookie authorises must
//! come from the server's own pages (API.md, "Requests from pages").
//!
//! `SameSite=Lax` keeps the cookie from other *sites*, but a page on
//! another port or subdomain of the same host is the same site: its
//! `fetch(…, {credentials: 'include'})` would carry the cookie. So every
//! state-changing request carrying the cookie (and every log-in and
//! sign-up, which open one) is refused with `403 cross_origin` when the
//! browser says it comes from elsewhere:
//! - `Sec-Fetch-Site` is `cross-site` or `same-site`, or
//! - `Origin` is present and is neither the server's own origin (the
//!   scheme and the `Host` the request was sent to) nor the public address
//!   the server was given (`--public-url`, for a proxy in front).
//!
//! The WebSocket upgrade with the cookie is checked the same way. Requests
//! with a bearer token are not authorised by the cookie and pass: a page
//! of another origin cannot send that header without a CORS preflight,
//! which the server never grants. Programs (curl, bots) send neither
//! header and pass.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::account::session::COOKIE;
use crate::error::ApiError;

/// The API routes that open a session, checked even without a cookie (a
/// forged log-in would put the victim in the attacker's account).
const OPENS_SESSION: &[&str] = &["/account/login", "/account/signup"];

/// The origins the server's own pages may have besides the request's
/// `Host`.
#[derive(Clone, Debug, Default)]
pub struct OwnOrigins {
    /// `scheme://host[:port]` of `--public-url`, in lower case.
    public: Option<String>,
}

impl OwnOrigins {
    /// From `--public-url` (`https://quoridor.example.org/`): its origin.
    pub fn new(public_url: Option<&str>) -> Result<OwnOrigins, String> {
        let public = match public_url {
            Some(url) => Some(origin_of(url).ok_or_else(|| {
                format!(
                    "--public-url: {url:?} is not an address such as https://quoridor.example.org"
                )
            })?),
            None => None,
        };
        Ok(OwnOrigins { public })
    }

    /// `scheme://host[:port]` of `--public-url`, if given.
    pub fn public(&self) -> Option<&str> {
        self.public.as_deref()
    }

    /// Whether `origin` (an `Origin` header) is one of the server's own,
    /// for a request sent to `host`.
    pub fn is_own(&self, origin: &str, host: Option<&str>) -> bool {
        let origin = origin.trim().to_ascii_lowercase();
        if self.public.as_deref() == Some(origin.as_str()) {
            return true;
        }
        let Some(host) = host.map(|h| h.trim().to_ascii_lowercase()) else {
            return false;
        };
        origin == format!("http://{host}") || origin == format!("https://{host}")
    }
}

/// The origin (`scheme://host[:port]`) of an absolute http(s) address.
pub fn origin_of(url: &str) -> Option<String> {
    let url = url.trim();
    let (scheme, rest) = url.split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let authority = rest.split(['/', '?', '#']).next()?;
    let valid = |c: char| c.is_ascii_alphanumeric() || "-.:[]".contains(c);
    if authority.is_empty() || authority.contains('@') || !authority.chars().all(valid) {
        return None;
    }
    Some(format!("{scheme}://{}", authority.to_ascii_lowercase()))
}

fn has_session_cookie(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .any(|pair| {
            pair.trim()
                .split_once('=')
                .is_some_and(|(name, _)| name.trim() == COOKIE)
        })
}

fn is_websocket(headers: &HeaderMap) -> bool {
    headers
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"))
}

/// Whether the request must prove it comes from our pages: it changes
/// something (or opens a WebSocket) on the cookie's authority.
pub fn needs_check(method: &Method, path: &str, headers: &HeaderMap) -> bool {
    if crate::extract::request_token(headers).is_some() {
        return false;
    }
    let changes = !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    let socket = *method == Method::GET && is_websocket(headers);
    if !changes && !socket {
        return false;
    }
    // Inside the nested API router the path has no `/api`.
    let path = path.strip_prefix("/api").unwrap_or(path);
    has_session_cookie(headers) || (changes && OPENS_SESSION.contains(&path))
}

/// Whether the browser says the request comes from a page of ours.
pub fn from_own_page(origins: &OwnOrigins, headers: &HeaderMap) -> bool {
    let fetch_site = headers
        .get("sec-fetch-site")
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim().to_ascii_lowercase());
    if matches!(fetch_site.as_deref(), Some("cross-site" | "same-site")) {
        return false;
    }
    match headers.get(header::ORIGIN) {
        None => true,
        Some(origin) => {
            let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
            origin
                .to_str()
                .is_ok_and(|origin| origins.is_own(origin, host))
        }
    }
}

/// The middleware on the API routes (paths without `/api`).
pub async fn guard(
    State(origins): State<Arc<OwnOrigins>>,
    request: Request,
    next: Next,
) -> Response {
    let headers = request.headers();
    if needs_check(request.method(), request.uri().path(), headers)
        && !from_own_page(&origins, headers)
    {
        return ApiError::CrossOrigin.into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn origins_of_addresses() {
        assert_eq!(
            origin_of("https://Quoridor.Example.org/play?x=1").as_deref(),
            Some("https://quoridor.example.org")
        );
        assert_eq!(
            origin_of("http://10.0.0.5:8080").as_deref(),
            Some("http://10.0.0.5:8080")
        );
        assert_eq!(origin_of("ftp://x"), None);
        assert_eq!(origin_of("quoridor.example.org"), None);
        assert_eq!(origin_of("http://user@evil"), None);
    }

    #[test]
    fn the_hosts_own_origin_and_the_public_one() {
        let plain = OwnOrigins::new(None).unwrap();
        assert!(plain.is_own("http://127.0.0.1:8080", Some("127.0.0.1:8080")));
        assert!(plain.is_own("https://School.org", Some("school.org")));
        assert!(!plain.is_own("http://127.0.0.1:9000", Some("127.0.0.1:8080")));
        assert!(!plain.is_own("null", Some("127.0.0.1:8080")));
        assert!(!plain.is_own("http://evil.example", None));
        let proxied = OwnOrigins::new(Some("https://quoridor.school.org/")).unwrap();
        assert!(proxied.is_own("https://quoridor.school.org", Some("127.0.0.1:8080")));
        assert!(!proxied.is_own("http://quoridor.school.org", Some("127.0.0.1:8080")));
        assert!(OwnOrigins::new(Some("not an address")).is_err());
    }

    #[test]
    fn what_is_checked() {
        let cookie = headers(&[("cookie", "a=1; quoridor_session=ab12")]);
        assert!(needs_check(&Method::POST, "/games/x/resign", &cookie));
        assert!(!needs_check(&Method::GET, "/account", &cookie));
        let mut socket = cookie.clone();
        socket.insert("upgrade", HeaderValue::from_static("websocket"));
        assert!(needs_check(&Method::GET, "/games/x/ws", &socket));
        let mut bearer = cookie.clone();
        bearer.insert("authorization", HeaderValue::from_static("Bearer ab12"));
        assert!(!needs_check(&Method::POST, "/games/x/resign", &bearer));
        let none = HeaderMap::new();
        assert!(!needs_check(&Method::POST, "/games", &none));
        assert!(needs_check(&Method::POST, "/account/login", &none));
        assert!(needs_check(&Method::DELETE, "/classes/x", &cookie));
    }

    #[test]
    fn what_the_browser_says() {
        let own = OwnOrigins::default();
        let ok = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8080"),
            ("sec-fetch-site", "same-origin"),
        ]);
        assert!(from_own_page(&own, &ok));
        assert!(from_own_page(&own, &headers(&[("host", "h")])), "a program");
        let other_port = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:9000"),
        ]);
        assert!(!from_own_page(&own, &other_port));
        let same_site = headers(&[("host", "h"), ("sec-fetch-site", "same-site")]);
        assert!(!from_own_page(&own, &same_site));
        let cross = headers(&[("host", "h"), ("sec-fetch-site", "cross-site")]);
        assert!(!from_own_page(&own, &cross));
        let typed = headers(&[("host", "h"), ("sec-fetch-site", "none")]);
        assert!(from_own_page(&own, &typed));
    }
}
