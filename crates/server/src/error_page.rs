//! The answers to requests outside the API that fail: a small HTML page in
//! the person's language (from `Accept-Language`: English, French or
//! Romanian), never an empty body. The API answers its errors in JSON
//! (`error.rs`).
//!
//! Requests so malformed that the HTTP layer answers them itself (a head
//! too large, an address too long, bytes that are not HTTP) get
//! [`transport_answer`]: the same page in the three languages, or the
//! API's JSON error when the request was for `/api/`.

use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

/// The languages of the pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageLang {
    En,
    Fr,
    Ro,
}

impl PageLang {
    pub fn code(self) -> &'static str {
        match self {
            PageLang::En => "en",
            PageLang::Fr => "fr",
            PageLang::Ro => "ro",
        }
    }

    /// The first of ours in `Accept-Language`, by the browser's order
    /// (weights are honoured: `q=0` refuses a language).
    pub fn of(headers: &HeaderMap) -> PageLang {
        let Some(accept) = headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
        else {
            return PageLang::En;
        };
        let mut best: Option<(f32, usize, PageLang)> = None;
        for (i, part) in accept.split(',').enumerate() {
            let mut pieces = part.split(';');
            let tag = pieces.next().unwrap_or("").trim().to_ascii_lowercase();
            let q = pieces
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            let primary = tag.split('-').next().unwrap_or("");
            let lang = match primary {
                "en" => PageLang::En,
                "fr" => PageLang::Fr,
                "ro" | "mo" => PageLang::Ro,
                _ => continue,
            };
            let better = best.is_none_or(|(bq, bi, _)| q > bq || (q == bq && i < bi));
            if q > 0.0 && better {
                best = Some((q, i, lang));
            }
        }
        best.map_or(PageLang::En, |(_, _, lang)| lang)
    }
}

/// The title and the sentence of an error, in one language.
fn words(status: StatusCode, lang: PageLang) -> (&'static str, &'static str) {
    use PageLang::*;
    match (status.as_u16(), lang) {
        (404, En) => ("Page not found", "There is no page at this address."),
        (404, Fr) => ("Page introuvable", "Il n’y a pas de page à cette adresse."),
        (404, Ro) => ("Pagina nu a fost găsită", "Nu există nicio pagină la această adresă."),
        (405, En) => ("Not allowed", "This page cannot be used this way."),
        (405, Fr) => ("Action impossible", "Cette page ne s’utilise pas ainsi."),
        (405, Ro) => ("Acțiune nepermisă", "Această pagină nu se folosește așa."),
        (414, En) => ("Address too long", "The address of this page is too long."),
        (414, Fr) => ("Adresse trop longue", "L’adresse de cette page est trop longue."),
        (414, Ro) => ("Adresă prea lungă", "Adresa acestei pagini este prea lungă."),
        (431, En) => ("Request too large", "Your browser sent too much with this request (often too many cookies)."),
        (431, Fr) => ("Requête trop grande", "Votre navigateur a envoyé trop de données avec cette requête (souvent trop de cookies)."),
        (431, Ro) => ("Cerere prea mare", "Browserul a trimis prea multe date cu această cerere (adesea prea multe cookie-uri)."),
        (_, En) => ("Something went wrong", "The server could not answer this request."),
        (_, Fr) => ("Un problème est survenu", "Le serveur n’a pas pu répondre à cette requête."),
        (_, Ro) => ("A apărut o problemă", "Serverul nu a putut răspunde acestei cereri."),
    }
}

fn back(lang: PageLang) -> &'static str {
    match lang {
        PageLang::En => "Back to the home page",
        PageLang::Fr => "Retour à l’accueil",
        PageLang::Ro => "Înapoi la pagina principală",
    }
}

/// The page's HTML: one section per language given, the first one's
/// language for the document.
fn page(status: StatusCode, langs: &[PageLang]) -> String {
    let first = langs.first().copied().unwrap_or(PageLang::En);
    let (title, _) = words(status, first);
    let mut sections = String::new();
    for &lang in langs {
        let (heading, sentence) = words(status, lang);
        sections.push_str(&format!(
            "<section lang=\"{code}\"><h1>{heading}</h1><p>{sentence}</p><p><a class=\"btn\" href=\"/\">{back}</a></p></section>\n",
            code = lang.code(),
            back = back(lang),
        ));
    }
    format!(
        "<!doctype html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{status} · {title} · Quoridor</title>\n\
         <link rel=\"icon\" href=\"/favicon.ico\">\n\
         <style>body{{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#222}}\
         h1{{font-size:1.6rem}}.btn{{display:inline-block;padding:.7rem 1.1rem;min-height:44px;box-sizing:border-box;\
         background:#2e6b4f;color:#fff;border-radius:8px;text-decoration:none}}section+section{{border-top:1px solid #ccc;margin-top:2rem}}</style>\n\
         </head>\n<body>\n<main>\n<p>{code}</p>\n{sections}</main>\n</body>\n</html>\n",
        lang = first.code(),
        status = status.as_u16(),
        code = status.as_u16(),
    )
}

/// The HTML error page for a request outside the API.
pub fn html(status: StatusCode, headers: &HeaderMap) -> Response {
    let lang = PageLang::of(headers);
    let body = page(status, &[lang]);
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8".to_string()),
            (header::CACHE_CONTROL, "no-store".to_string()),
            (
                header::CONTENT_SECURITY_POLICY,
                crate::headers::policy_for_html(&body),
            ),
        ],
        body,
    )
        .into_response()
}

/// The whole HTTP answer (head and body) to a request the HTTP layer
/// refused before any route saw it: JSON for the API, else HTML in the
/// three languages. The connection closes after it.
pub fn transport_answer(status: u16, api: bool) -> Vec<u8> {
    let code = StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST);
    let (kind, body) = if api {
        let (name, message) = match status {
            414 => ("uri_too_long", "the address is too long"),
            431 => (
                "headers_too_large",
                "the request's headers are too large or too many",
            ),
            408 => ("timeout", "the request's headers did not arrive in time"),
            _ => (
                "bad_request",
                "this is not an HTTP request the server can read",
            ),
        };
        (
            "application/json",
            serde_json::json!({"error": {"code": name, "message": message}}).to_string(),
        )
    } else {
        (
            "text/html; charset=utf-8",
            page(code, &[PageLang::En, PageLang::Fr, PageLang::Ro]),
        )
    };
    let reason = code.canonical_reason().unwrap_or("Error");
    let policy = crate::headers::policy_for_html(&body);
    let mut answer = format!(
        "HTTP/1.1 {status} {reason}\r\ncontent-type: {kind}\r\ncontent-length: {}\r\ncache-control: no-store\r\n\
         content-security-policy: {policy}\r\nx-frame-options: SAMEORIGIN\r\nx-content-type-options: nosniff\r\n\
         connection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    answer.extend_from_slice(body.as_bytes());
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn accept(value: &'static str) -> PageLang {
        let mut h = HeaderMap::new();
        h.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_static(value));
        PageLang::of(&h)
    }

    #[test]
    fn the_language_from_the_browser() {
        assert_eq!(PageLang::of(&HeaderMap::new()), PageLang::En);
        assert_eq!(accept("fr-FR,fr;q=0.9,en;q=0.8"), PageLang::Fr);
        assert_eq!(accept("de-DE, ro;q=0.7, en;q=0.5"), PageLang::Ro);
        assert_eq!(accept("en;q=0.2, fr;q=0.9"), PageLang::Fr);
        assert_eq!(accept("fr;q=0, en"), PageLang::En);
        assert_eq!(accept("de"), PageLang::En);
    }

    #[test]
    fn pages_say_it_in_the_language() {
        let mut h = HeaderMap::new();
        h.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_static("ro"));
        let text = page(StatusCode::NOT_FOUND, &[PageLang::of(&h)]);
        assert!(text.contains("<html lang=\"ro\">"));
        assert!(text.contains("Pagina nu a fost găsită"));
        assert!(!text.contains("Page not found"));
    }

    #[test]
    fn transport_answers_are_whole() {
        let api = String::from_utf8(transport_answer(431, true)).unwrap();
        let (head, body) = api.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"));
        assert!(head.contains(&format!("content-length: {}", body.len())));
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(json["error"]["code"], "headers_too_large");
        let page = String::from_utf8(transport_answer(414, false)).unwrap();
        assert!(page.contains("text/html") && page.contains("Adresse trop longue"));
    }
}
