//! One headless Chromium session of a test ([`Browser`]): pages opened,
//! clicks and keys as a person's, scripts, screenshots, and what a game
//! page shows read in one go ([`Page`]).

use std::path::PathBuf;

use fantoccini::{Client, Locator};
use serde::Deserialize;
use serde_json::{json, Value};

use super::{Env, Waiter};

/// What a page shows, read in one go (see [`Browser::page`]).
#[derive(Debug, Deserialize)]
pub struct Page {
    pub path: String,
    /// Number of `[data-square]` squares on the board.
    pub squares: usize,
    /// The highlighted squares (legal pawn moves), sorted.
    pub legal: Vec<String>,
    /// `[data-placed]` fences, sorted.
    pub placed: Vec<String>,
    /// Each `[data-pawn]`'s seat and the square under its centre.
    pub pawns: serde_json::Map<String, Value>,
    /// The move buttons of `#moves`, in order.
    pub moves: Vec<String>,
    /// The text of `#moves`, spaces collapsed.
    pub moves_text: String,
    /// `#result` when shown.
    pub result: Option<String>,
    pub winners: Option<String>,
    /// `#turn` and `#status`: shown in the failure messages.
    #[allow(dead_code)]
    pub turn: Option<String>,
    #[allow(dead_code)]
    pub status: Option<String>,
    pub fence_error: Option<String>,
    /// `#error` when shown.
    pub error: Option<String>,
    /// The `[data-fences-left]` counts of the players' list.
    pub fences_left: serde_json::Map<String, Value>,
}

const PAGE_JS: &str = r#"
const q = (s) => document.querySelector(s);
const all = (s) => Array.from(document.querySelectorAll(s));
const shown = (n) => !!n && !n.hidden && n.getClientRects().length > 0;
const text = (s) => { const n = q(s); return shown(n) ? n.textContent.replace(/\s+/g, ' ').trim() : null; };
const squares = all('[data-square]');
const legal = new Set(all('[data-square][data-legal], [data-square].legal').map((n) => n.getAttribute('data-square')));
const pawns = {};
for (const p of all('[data-pawn]')) {
  const r = p.getBoundingClientRect();
  if (!r.width) { pawns[p.getAttribute('data-pawn')] = null; continue; }
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const under = squares.find((s) => { const b = s.getBoundingClientRect(); return x >= b.left && x <= b.right && y >= b.top && y <= b.bottom; });
  pawns[p.getAttribute('data-pawn')] = under ? under.getAttribute('data-square') : null;
}
const fencesLeft = {};
for (const n of all('[data-fences-left]')) fencesLeft[n.getAttribute('data-fences-left')] = Number(n.textContent.trim());
const res = q('#result');
return {
  path: location.pathname + location.search,
  squares: squares.length,
  legal: Array.from(legal).sort(),
  placed: all('[data-placed]').map((n) => n.getAttribute('data-placed')).sort(),
  pawns,
  moves: all('#moves [data-ply]').map((n) => n.textContent.trim()),
  moves_text: q('#moves') ? q('#moves').textContent.replace(/\s+/g, ' ').trim() : '',
  result: text('#result'),
  winners: shown(res) && res.dataset.winners !== undefined ? res.dataset.winners : null,
  turn: text('#turn'),
  status: text('#status'),
  fence_error: text('#fence-error'),
  error: text('#error'),
  fences_left: fencesLeft,
};
"#;

/// Records what the page sends from now on (WebSocket messages and fetch
/// calls) in `window.__e2eSent`.
const RECORD_SENDS_JS: &str = r#"
if (!window.__e2eSent) {
  window.__e2eSent = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    window.__e2eSent.push('ws ' + String(data));
    return send.call(this, data);
  };
  const fetch = window.fetch;
  window.fetch = function (input, init) {
    const method = (init && init.method) || 'GET';
    const url = typeof input === 'string' ? input : (input && input.url) || String(input);
    window.__e2eSent.push('fetch ' + method + ' ' + url + ' ' + ((init && init.body) || ''));
    return fetch.apply(this, arguments);
  };
}
window.__e2eSent.length = 0;
return true;
"#;

pub struct Browser {
    pub client: Client,
    pub label: String,
    pub(super) env: Env,
}

/// A command of Chromium's DevTools protocol, sent through chromedriver
/// (`POST /session/{id}/goog/cdp/execute`).
#[derive(Debug)]
struct Cdp {
    method: String,
    params: Value,
}

impl fantoccini::wd::WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base_url: &reqwest::Url,
        session_id: Option<&str>,
    ) -> Result<reqwest::Url, url_parse::ParseError> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &reqwest::Url) -> (axum::http::Method, Option<String>) {
        let body = json!({"cmd": self.method, "params": self.params});
        (axum::http::Method::POST, Some(body.to_string()))
    }
}

/// The URL crate's parse error, as fantoccini's commands name it.
mod url_parse {
    pub type ParseError = <reqwest::Url as std::str::FromStr>::Err;
}

impl Browser {
    /// Sends a command of Chromium's DevTools protocol to this browser's
    /// page (`Network.emulateNetworkConditions`, …) and returns its answer.
    pub async fn cdp(&self, method: &str, params: Value) -> Value {
        self.client
            .issue_cmd(Cdp {
                method: method.to_string(),
                params,
            })
            .await
            .unwrap_or_else(|err| panic!("{}: {method}: {err}", self.label))
    }

    /// Runs `script` in the page and returns its value.
    pub async fn js(&self, script: &str) -> Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|err| panic!("{}: {script}: {err}", self.label))
    }

    /// Runs `script` until its value is `ok`: that value.
    pub async fn js_until(&self, script: &str, ok: impl Fn(&Value) -> bool) -> Value {
        let wait = Waiter::new(format!("{}: {script}", self.label));
        loop {
            let v = self.js(script).await;
            if ok(&v) {
                return v;
            }
            wait.tick(&v).await;
        }
    }

    /// Waits until the page's state is `ok` (`what` says what for): it.
    pub async fn page_until(&self, what: &str, ok: impl Fn(&Page) -> bool) -> Page {
        let wait = Waiter::new(format!("{}: {what}", self.label));
        loop {
            let page = self.page().await;
            if ok(&page) {
                return page;
            }
            wait.tick(&page).await;
        }
    }

    /// Signs up as `name` on the account page, and waits to be greeted
    /// by name (in the page's language).
    pub async fn sign_up(&self, name: &str) {
        self.open("/account?signup").await;
        self.type_into("#auth-name", name).await;
        self.type_into("#auth-password", "a good password").await;
        self.click("#auth-go").await;
        self.js_until(
            "const h = document.querySelector('#home-title'); return h && h.textContent;",
            |v| v.as_str().is_some_and(|s| s.ends_with(&format!(" {name}"))),
        )
        .await;
    }

    /// Opens a path of the server (`/`, `/g/abc`) or a full URL.
    pub async fn open(&self, path: &str) {
        let url = if path.starts_with("http") {
            path.to_string()
        } else {
            format!("{}{path}", self.env.base())
        };
        let before = self.client.current_url().await.ok();
        // A new document is expected unless only the fragment changes.
        let without_fragment = |u: &str| u.split('#').next().unwrap_or("").to_string();
        let same_document = url.contains('#')
            && before
                .as_ref()
                .is_some_and(|b| without_fragment(b.as_str()) == without_fragment(&url));
        // The document being left is marked: chromedriver can answer a
        // navigation before the new document exists (seen when the page had
        // rewritten its own address), and a script run then reads the old
        // page or a half-parsed new one.
        let _ = self
            .client
            .execute("try { window.top.__e2eLeft = true; } catch (e) {}", vec![])
            .await;
        self.client
            .goto(&url)
            .await
            .unwrap_or_else(|err| panic!("{}: cannot open {url}: {err}", self.label));
        if same_document {
            return;
        }
        let wait = Waiter::new(format!("{}: {url} loaded", self.label));
        loop {
            let loaded = self
                .client
                .execute(
                    "return !window.__e2eLeft && document.readyState === 'complete';",
                    vec![],
                )
                .await;
            match loaded {
                Ok(serde_json::Value::Bool(true)) => return,
                other => wait.tick(&format!("{other:?}")).await,
            }
        }
    }

    /// Goes into the frame `css` (what `js` runs in from now on).
    pub async fn enter_frame(&self, css: &str) {
        let frame = self
            .client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|err| panic!("{}: no frame `{css}`: {err}", self.label));
        frame
            .enter_frame()
            .await
            .unwrap_or_else(|err| panic!("{}: cannot enter `{css}`: {err}", self.label));
    }

    /// Back to the page around the frame.
    pub async fn leave_frame(&self) {
        self.client
            .enter_parent_frame()
            .await
            .unwrap_or_else(|err| panic!("{}: cannot leave the frame: {err}", self.label));
    }

    /// Waits until an element matching `css` is shown, and returns it.
    pub async fn shown(&self, css: &str) -> fantoccini::elements::Element {
        let wait = Waiter::new(format!("{}: `{css}` to be shown", self.label));
        loop {
            let last = match self.client.find(Locator::Css(css)).await {
                Ok(el) => match el.is_displayed().await {
                    Ok(true) => return el,
                    Ok(false) => "present but not shown".to_string(),
                    Err(err) => err.to_string(),
                },
                Err(err) => err.to_string(),
            };
            wait.tick(&last).await;
        }
    }

    /// Clicks the element matching `css` once it is shown (a real click:
    /// WebDriver moves the pointer to its centre), retrying while the
    /// element is being redrawn.
    pub async fn click(&self, css: &str) {
        let wait = Waiter::new(format!("{}: a click on `{css}`", self.label));
        loop {
            let el = self.shown(css).await;
            match el.click().await {
                Ok(()) => return,
                Err(err) => {
                    // Within the window but under the sticky top bar:
                    // WebDriver does not scroll then, as a person would.
                    if err.to_string().contains("click intercepted") {
                        let at = serde_json::to_value(&el).expect("an element reference");
                        let _ = self
                            .client
                            .execute("arguments[0].scrollIntoView({block: 'center'});", vec![at])
                            .await;
                    }
                    wait.tick(&err.to_string()).await
                }
            }
        }
    }

    /// Types into a text field, after clearing it.
    pub async fn type_into(&self, css: &str, text: &str) {
        let el = self.shown(css).await;
        el.clear()
            .await
            .unwrap_or_else(|err| panic!("{}: cannot clear `{css}`: {err}", self.label));
        el.send_keys(text)
            .await
            .unwrap_or_else(|err| panic!("{}: cannot type into `{css}`: {err}", self.label));
    }

    /// Presses keys on the element matching `css`, focused first as the
    /// Tab key would (`fantoccini::key::Key` gives the arrows and Enter).
    pub async fn press(&self, css: &str, keys: &str) {
        let el = self.shown(css).await;
        self.client
            .execute(
                "arguments[0].focus();",
                vec![serde_json::to_value(&el).expect("an element as JSON")],
            )
            .await
            .unwrap_or_else(|err| panic!("{}: cannot focus `{css}`: {err}", self.label));
        el.send_keys(keys)
            .await
            .unwrap_or_else(|err| panic!("{}: cannot press keys on `{css}`: {err}", self.label));
    }

    /// Chooses an option of a `<select>` by its value, as a user would.
    pub async fn select(&self, css: &str, value: &str) {
        let el = self.shown(css).await;
        el.select_by_value(value).await.unwrap_or_else(|err| {
            panic!("{}: cannot choose {value} in `{css}`: {err}", self.label)
        });
        let chosen = el.prop("value").await.ok().flatten();
        assert_eq!(chosen.as_deref(), Some(value), "{}: `{css}`", self.label);
    }

    /// An attribute of the element matching `css` (shown).
    pub async fn attr(&self, css: &str, name: &str) -> Option<String> {
        let el = self.shown(css).await;
        el.attr(name)
            .await
            .unwrap_or_else(|err| panic!("{}: `{css}` [{name}]: {err}", self.label))
    }

    /// Whether an element matching `css` exists and is shown.
    pub async fn is_shown(&self, css: &str) -> bool {
        match self.client.find(Locator::Css(css)).await {
            Ok(el) => el.is_displayed().await.unwrap_or(false),
            Err(_) => false,
        }
    }

    /// What the page shows now.
    pub async fn page(&self) -> Page {
        let value = self
            .client
            .execute(PAGE_JS, vec![])
            .await
            .unwrap_or_else(|err| panic!("{}: cannot read the page: {err}", self.label));
        serde_json::from_value(value)
            .unwrap_or_else(|err| panic!("{}: unexpected page reading: {err}", self.label))
    }

    /// Starts a 2-player game of `size` against the level-1 AI from the home
    /// page's form, playing South: the game's id once its page shows. The
    /// server plays it (`engine=server`: without it, the page plays it on
    /// the device), so that the tests read its state from the API.
    pub async fn start_vs_ai(&self, size: &str) -> String {
        self.open("/?engine=server").await;
        self.select("#size", size).await;
        self.select("#players", "2").await;
        self.select("#level", "1").await;
        self.select("#color", "south").await;
        self.click("#start-ai").await;
        self.game_page().await
    }

    /// Waits until the page is a game page with its board drawn, and returns
    /// the game's id.
    pub async fn game_page(&self) -> String {
        let wait = Waiter::new(format!("{}: a game page with its board", self.label));
        loop {
            let page = self.page().await;
            if let Some(id) = page.path.strip_prefix("/g/") {
                let id = id.split(['?', '#']).next().unwrap_or_default().to_string();
                if page.squares > 0 && !id.is_empty() {
                    return id;
                }
            }
            wait.tick(&page).await;
        }
    }

    /// Saves a PNG of the browser's window as an artifact.
    pub async fn shot(&self, label: &str) -> PathBuf {
        let png = self
            .client
            .screenshot()
            .await
            .unwrap_or_else(|err| panic!("{}: no screenshot: {err}", self.label));
        assert!(
            png.starts_with(b"\x89PNG"),
            "{}: the screenshot is not a PNG",
            self.label
        );
        let path = self.env.next_shot(&format!("{}-{label}", self.label));
        std::fs::write(&path, png)
            .unwrap_or_else(|err| panic!("cannot write {}: {err}", path.display()));
        eprintln!("screenshot: {}", path.display());
        path
    }

    /// Starts recording what the page sends (see [`Browser::sent`]).
    pub async fn record_sends(&self) {
        self.client
            .execute(RECORD_SENDS_JS, vec![])
            .await
            .unwrap_or_else(|err| panic!("{}: cannot watch the page: {err}", self.label));
    }

    /// What the page sent since [`Browser::record_sends`], pings left out.
    pub async fn sent(&self) -> Vec<String> {
        let value = self
            .client
            .execute("return window.__e2eSent || null;", vec![])
            .await
            .unwrap_or_else(|err| panic!("{}: cannot read the sends: {err}", self.label));
        let sent: Option<Vec<String>> = serde_json::from_value(value).expect("a list");
        sent.expect("record_sends was not called on this page")
            .into_iter()
            .filter(|s| !s.contains(r#""ping""#))
            .collect()
    }
}
