//! What a hostile page can try in a real Chromium (issue 55): a page served
//! from another port of the same host opens the server's WebSockets with
//! the player's cookie and a made-up token, and frames the game page to
//! make the player click Resign; and a shared tablet after "Log out".
//! Every test here (as every browser test) also fails on any report of the
//! Content Security Policy.

mod e2e;

use std::net::SocketAddr;

use e2e::{Browser, Waiter};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Serves `html` to every request on a port of its own (the attacker's
/// page on another port of the same host): its address.
async fn other_port(html: String) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let html = html.clone();
            tokio::spawn(async move {
                let mut buf = [0u8; 4096];
                let _ = stream.read(&mut buf).await;
                let answer = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{html}",
                    html.len()
                );
                let _ = stream.write_all(answer.as_bytes()).await;
            });
        }
    });
    addr
}

/// Waits for `window.result` of the attacker's page.
async fn result_of(b: &Browser) -> Value {
    let wait = Waiter::new("the attacker's page to finish");
    loop {
        let result = b.js("return window.result || null;").await;
        if !result.is_null() {
            return result;
        }
        wait.tick(&result).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_on_another_port_cannot_open_the_players_sockets() {
    e2e::run("attack-sockets", |env| async move {
        let ana = env.browser("ana").await;
        ana.sign_up("ana_x").await;
        let host = env.base().trim_start_matches("http://").to_string();
        // The attack: the player's own cookie goes with these sockets; the
        // made-up token `bearer.x` once disabled the origin check.
        let page = format!(
            r#"<!doctype html><html><body><script>
            const paths = ['/api/lobby/ws', '/api/challenges/ws'];
            const seen = {{}};
            let left = paths.length;
            for (const path of paths) {{
              const ws = new WebSocket('ws://{host}' + path, ['quoridor', 'bearer.x']);
              ws.onopen = () => {{ seen[path] = 'open'; ws.send(JSON.stringify({{type: 'seek', clock: {{initial_ms: 180000, increment_ms: 2000}}, rated: true}})); }};
              ws.onclose = () => {{ if (!seen[path]) seen[path] = 'refused'; if (--left === 0) window.result = seen; }};
            }}
            </script></body></html>"#
        );
        let evil = other_port(page).await;
        ana.open(&format!("http://{evil}/")).await;
        let result = result_of(&ana).await;
        assert_eq!(result["/api/lobby/ws"], "refused", "{result}");
        assert_eq!(result["/api/challenges/ws"], "refused", "{result}");
        // Nothing was posted for her.
        let lobby: Value = env
            .http()
            .get(format!("{}/api/lobby", env.base()))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(lobby["total"], 0, "{lobby}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_page_refuses_to_be_framed_by_another_port() {
    e2e::run("attack-frame", |env| async move {
        env.expect_csp_reports("frame-ancestors");
        let bob = env.browser("bob").await;
        let id = bob.start_vs_ai("9").await;
        let page = format!(
            r#"<!doctype html><html><body>
            <iframe id="victim" src="{}/g/{id}" style="opacity:0.01;width:800px;height:800px"></iframe>
            <script>setTimeout(() => {{ window.result = 'waited'; }}, 3000);</script>
            </body></html>"#,
            env.base()
        );
        let evil = other_port(page).await;
        bob.open(&format!("http://{evil}/")).await;
        result_of(&bob).await;
        // The frame holds no game page: the browser refused to draw it.
        bob.enter_frame("#victim").await;
        let inside = bob
            .js("return {path: location.href, resign: !!document.querySelector('#resign')};")
            .await;
        bob.leave_frame().await;
        assert_eq!(inside["resign"], false, "the game page was drawn in another site's frame: {inside}");
        // The game goes on.
        assert_eq!(env.game(&id).await["status"], "playing");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logging_out_leaves_nothing_of_the_player_on_a_shared_tablet() {
    e2e::run("shared-tablet", |env| async move {
        let tablet = env.browser("tablet").await;
        tablet.sign_up("cleo_x").await;
        // Cleo plays an online game: its token is kept in this browser.
        let id = tablet.start_vs_ai("9").await;
        let kept = tablet
            .js("return Object.keys(localStorage).filter((k) => k.startsWith('quoridor.game.'));")
            .await;
        assert_eq!(kept.as_array().map(Vec::len), Some(1), "{kept}");
        tablet.open("/").await;
        tablet.shown(&format!("[data-recent=\"{id}\"]")).await;
        // She logs out.
        tablet.open("/account").await;
        tablet.click("#logout").await;
        let wait = Waiter::new("the session to end");
        loop {
            let link = tablet
                .js("const a = document.querySelector('#account-link'); return a && a.textContent;")
                .await;
            if link.as_str() == Some("Log in") {
                break;
            }
            wait.tick(&link).await;
        }
        // The next person on the tablet finds nothing of hers.
        let left = tablet
            .js("return Object.keys(localStorage).filter((k) => /^quoridor\\.(game|local|name|home|chat|club\\.pupil)/.test(k));")
            .await;
        assert_eq!(left, serde_json::json!([]), "left in the browser: {left}");
        tablet.open("/").await;
        tablet.shown("#recent-games").await;
        assert!(!tablet.is_shown(&format!("[data-recent=\"{id}\"]")).await);
        tablet.shot("after-logout").await;
        // Her game goes on for her, from her account elsewhere.
        assert_eq!(env.game(&id).await["status"], "playing");
    })
    .await;
}
