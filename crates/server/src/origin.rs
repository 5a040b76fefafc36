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
//! The WebSocket upgrade with the cookie is checked the same way. What else
//! a request carries never changes these rules: a request with the cookie
//! is checked whatever token, protocols or headers it offers beside it (a
//! page of another port once offered the WebSocket protocol `bearer.x`, a
//! token of nothing, to be let through and then act on the cookie). A
//! request without the cookie is not authorised by it and passes: a bearer
//! token in `Authorization` (which a page of another origin cannot send
//! without a CORS preflight, never granted) or a seat token offered as a
//! WebSocket protocol only ever acts for what that token holds. Programs
//! (curl, bots) send neither `Origin` nor `Sec-Fetch-Site` and pass.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::account::session::is_session_cookie;
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
    /// `http://IP:PORT` where the other machines of the network reach the
    /// server ([`lan_origin`]), if they can.
    lan: Option<String>,
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
        Ok(OwnOrigins { public, lan: None })
    }

    /// With the address the network reaches the server at.
    pub fn with_lan(self, lan: Option<String>) -> OwnOrigins {
        OwnOrigins { lan, ..self }
    }

    /// Where people on other machines (pupils' tablets) open the server,
    /// `scheme://host[:port]`, for a page that was sent to `host`:
    /// `--public-url` if given; else `host`, unless it is this machine's
    /// loopback (`localhost`, `127.0.0.1`), which a tablet cannot reach:
    /// then the server's network address, when it listens on one.
    pub fn for_others(&self, host: &str) -> String {
        if let Some(public) = &self.public {
            return public.clone();
        }
        match &self.lan {
            Some(lan) if is_loopback_host(host) => lan.clone(),
            _ => format!("http://{host}"),
        }
    }

    /// [`OwnOrigins::for_others`] for the page whose request carried
    /// `headers` (its `Host`, else `localhost`).
    pub fn for_others_of(&self, headers: &axum::http::HeaderMap) -> String {
        let host = headers
            .get(axum::http::header::HOST)
            .and_then(|h| h.to_str().ok())
            .filter(|h| h.len() <= 255 && h.bytes().all(|b| b.is_ascii_graphic()))
            .unwrap_or("localhost");
        self.for_others(host)
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

/// Whether a `Host` header names this machine's loopback (or `0.0.0.0`,
/// which some systems accept for it): an address no other machine can use.
pub fn is_loopback_host(host: &str) -> bool {
    let host = host.trim().to_ascii_lowercase();
    let name = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => host
            .rsplit_once(':')
            .map_or(host.as_str(), |(name, _)| name),
    };
    name == "localhost"
        || name.ends_with(".localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback() || ip.is_unspecified())
}

/// `http://IP:PORT` where the other machines of the network reach a server
/// listening at `listen`: that address when it is a network one; when it
/// listens on every address (`0.0.0.0`), the machine's address on its
/// default route; none when it listens on loopback only (no tablet can
/// reach it).
pub fn lan_origin(listen: std::net::SocketAddr) -> Option<String> {
    let ip = listen.ip();
    if ip.is_loopback() {
        return None;
    }
    let ip = if ip.is_unspecified() {
        // A UDP socket "connected" towards an outside address sends
        // nothing, but the system picks the address it would use.
        let probe = std::net::UdpSocket::bind((ip, 0)).ok()?;
        let outside: std::net::SocketAddr = if ip.is_ipv4() {
            "192.0.2.1:9".parse().ok()?
        } else {
            "[2001:db8::1]:9".parse().ok()?
        };
        probe.connect(outside).ok()?;
        probe.local_addr().ok()?.ip()
    } else {
        ip
    };
    if ip.is_loopback() || ip.is_unspecified() {
        return None;
    }
    Some(format!(
        "http://{}",
        std::net::SocketAddr::new(ip, listen.port())
    ))
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
                .is_some_and(|(name, _)| is_session_cookie(name.trim()))
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
    let changes = !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    let socket = *method == Method::GET && is_websocket(headers);
    if !changes && !socket {
        return false;
    }
    // Inside the nested API router the path has no `/api`.
    let path = path.strip_prefix("/api").unwrap_or(path);
    if path == "/csp-report" {
        // A browser's report changes nothing and comes without `Origin`.
        return false;
    }
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
    fn others_reach_the_public_address_else_the_network_one_never_loopback() {
        let lan = OwnOrigins::default().with_lan(Some("http://192.168.1.5:8080".into()));
        assert_eq!(lan.for_others("127.0.0.1:8080"), "http://192.168.1.5:8080");
        assert_eq!(lan.for_others("localhost:8080"), "http://192.168.1.5:8080");
        assert_eq!(lan.for_others("[::1]:8080"), "http://192.168.1.5:8080");
        assert_eq!(lan.for_others("10.0.0.7:8080"), "http://10.0.0.7:8080");
        assert_eq!(lan.for_others("quoridor.lan"), "http://quoridor.lan");
        let public = OwnOrigins::new(Some("https://q.example.org"))
            .unwrap()
            .with_lan(Some("http://192.168.1.5:8080".into()));
        assert_eq!(public.for_others("127.0.0.1:8080"), "https://q.example.org");
        // Listening on loopback only: nothing better to give.
        assert_eq!(
            OwnOrigins::default().for_others("127.0.0.1:8080"),
            "http://127.0.0.1:8080"
        );
    }

    #[test]
    fn network_addresses_of_a_listening_server() {
        let at = |s: &str| lan_origin(s.parse().unwrap());
        assert_eq!(
            at("192.168.1.5:8080").as_deref(),
            Some("http://192.168.1.5:8080")
        );
        assert_eq!(at("127.0.0.1:8080"), None);
        assert_eq!(at("[::1]:8080"), None);
        // Every address: the machine's own on its default route, if any.
        if let Some(found) = at("0.0.0.0:8080") {
            assert!(
                found.starts_with("http://") && found.ends_with(":8080"),
                "{found}"
            );
            assert!(
                !found.contains("127.0.0.1") && !found.contains("0.0.0.0"),
                "{found}"
            );
        }
        assert!(is_loopback_host("LOCALHOST"));
        assert!(is_loopback_host("127.0.0.2:80"));
        assert!(is_loopback_host("0.0.0.0:8080"));
        assert!(!is_loopback_host("192.168.1.5:8080"));
        assert!(!is_loopback_host("[2001:db8::1]:80"));
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
        // A token beside the cookie changes nothing: the cookie is there.
        let mut bearer = cookie.clone();
        bearer.insert("authorization", HeaderValue::from_static("Bearer ab12"));
        assert!(needs_check(&Method::POST, "/games/x/resign", &bearer));
        let mut offered = socket.clone();
        offered.insert(
            "sec-websocket-protocol",
            HeaderValue::from_static("quoridor, bearer.x"),
        );
        assert!(needs_check(&Method::GET, "/lobby/ws", &offered));
        // Without the cookie, a token acts only for what it holds.
        let mut token_only = HeaderMap::new();
        token_only.insert("authorization", HeaderValue::from_static("Bearer ab12"));
        assert!(!needs_check(&Method::POST, "/games/x/resign", &token_only));
        let host = headers(&[("cookie", "__Host-quoridor_session=ab12")]);
        assert!(needs_check(&Method::POST, "/games/x/resign", &host));
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
