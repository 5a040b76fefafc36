//! What every answer says: error pages in the browser's language, and
//! headers that refuse framing and sniffing and keep personal answers out
//! of caches.

use super::*;

#[tokio::test]
async fn errors_outside_the_api_are_pages_in_the_browsers_language() {
    let h = Harness::new().await;
    let res = h
        .http
        .get(format!("{}/no/such/page", h.base()))
        .header("accept-language", "fr-FR,fr;q=0.9")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 404);
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    let text = res.text().await.unwrap();
    assert!(text.contains("<html lang=\"fr\">") && text.contains("Page introuvable"));
    let asset = h.get("/assets/nothing.js").await;
    assert_eq!(asset.status, 404);
    assert!(asset.text.contains("<!doctype html>"));
    let api = h.get("/api/no/such/route").await;
    assert_eq!(api.error(404), "not_found");
    // Answers the HTTP layer gives by itself are whole too.
    let addr = h.addr();
    let raw = |request: Vec<u8>| async move {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        stream.write_all(&request).await.unwrap();
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await.unwrap();
        String::from_utf8_lossy(&answer).to_string()
    };
    let mut many = b"GET / HTTP/1.1\r\nHost: x\r\n".to_vec();
    for i in 0..150 {
        many.extend_from_slice(format!("X-Header-{i}: 1\r\n").as_bytes());
    }
    many.extend_from_slice(b"\r\n");
    let answer = raw(many).await;
    assert!(answer.starts_with("HTTP/1.1 431 "), "{answer}");
    assert!(answer.contains("text/html") && answer.contains("Request too large"));
    let long = format!(
        "GET /api/games/{} HTTP/1.1\r\nHost: x\r\n\r\n",
        "a".repeat(70_000)
    );
    let answer = raw(long.into_bytes()).await;
    assert!(answer.starts_with("HTTP/1.1 414 "), "{answer}");
    let body = answer.split("\r\n\r\n").nth(1).unwrap();
    let json: Value = serde_json::from_str(body).unwrap();
    assert_eq!(json["error"]["code"], "uri_too_long");
    let page = format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(70_000));
    let answer = raw(page.into_bytes()).await;
    assert!(answer.starts_with("HTTP/1.1 414 ") && answer.contains("Address too long"));
}

#[tokio::test]
async fn every_answer_refuses_framing_and_sniffing_and_personal_ones_are_not_stored() {
    let h = Harness::new().await;
    let cookie = session(&h, "frida").await;
    let game = h.create(&against_ai()).await;
    let pages = [
        "/".to_string(),
        format!("/g/{}", game.id),
        "/club".into(),
        "/account".into(),
        "/board".into(),
        "/no-such-page".into(),
        "/classroom/sheet?kind=maze&level=1&count=2&seed=3".into(),
        "/assets/style.css".into(),
        "/sw.js".into(),
    ];
    for path in &pages {
        let res = h
            .http
            .get(format!("{}{path}", h.base()))
            .send()
            .await
            .unwrap();
        let header = |name: &str| {
            res.headers()
                .get(name)
                .map(|v| v.to_str().unwrap().to_string())
                .unwrap_or_else(|| panic!("{path}: no {name}"))
        };
        let policy = header("content-security-policy");
        assert!(
            policy.contains("frame-ancestors 'self'"),
            "{path}: {policy}"
        );
        // Scripts of the server, the engine's WebAssembly, and a page's
        // import map by its hash: nothing else inline.
        assert!(policy.contains("script-src 'self' "), "{path}: {policy}");
        assert!(policy.contains(" 'wasm-unsafe-eval';"), "{path}: {policy}");
        assert!(!policy.contains("unsafe-inline"), "{path}: {policy}");
        assert_eq!(header("x-frame-options"), "SAMEORIGIN", "{path}");
        assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header("referrer-policy"), "same-origin", "{path}");
    }
    // Personal answers are never kept by a cache.
    for path in ["/api/account", "/api/account/session", "/api/classes/mine"] {
        let res = h
            .http
            .get(format!("{}{path}", h.base()))
            .header("cookie", format!("quoridor_session={cookie}"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(res.headers()["cache-control"], "no-store", "{path}");
    }
    // A browser's report is counted, and changes nothing else.
    let report = h
        .send(
            h.http
                .post(format!("{}/api/csp-report", h.base()))
                .header("content-type", "application/csp-report")
                .header("cookie", format!("quoridor_session={cookie}"))
                .body(r#"{"csp-report":{"document-uri":"http://h/join?code=SECRET","effective-directive":"style-src-attr","blocked-uri":"inline"}}"#),
        )
        .await;
    assert_eq!(report.status, 204, "{}", report.text);
    let reports = &h.server.as_ref().unwrap().csp_reports;
    assert_eq!(reports.count(), 1);
    let said = reports.last().join(" ");
    assert!(
        said.contains("style-src-attr") && !said.contains("SECRET"),
        "{said}"
    );
}
