//! The harness of the browser tests (tests/browser.rs): a chromedriver of
//! its own on a free port, the server started in-process on a temporary
//! database, and headless Chromium sessions, each with its own profile.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`./scripts/test.sh`
//! installs them). Screenshots go to `<target>/e2e-artifacts/`.

// Each test file uses its own part of the harness.
#![allow(dead_code)]

use std::fmt::Debug;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use futures_util::FutureExt;
use hyper_util::client::legacy::connect::HttpConnector;
use quoridor_rules::{Move, Position, Seat};
use quoridor_server::{RunningServer, ServeArgs};
use serde::Deserialize;
use serde_json::{json, Value};

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// How long any one wait lasts before the test fails.
pub const WAIT: Duration = Duration::from_secs(20);
/// How long a whole test may take.
const TEST_LIMIT: Duration = Duration::from_secs(150);
const POLL: Duration = Duration::from_millis(100);

/// Panics (the test fails) unless chromium and chromedriver are installed.
fn require_browser() {
    for path in [CHROMIUM, CHROMEDRIVER] {
        assert!(
            Path::new(path).exists(),
            "{path} is missing: the browser tests need Debian's chromium and chromium-driver. \
             Run ./scripts/test.sh (it installs them), or \
             `sudo apt-get install chromium chromium-driver`"
        );
    }
}

/// Where the screenshots go: `$CARGO_TARGET_DIR/e2e-artifacts`, else the
/// workspace's `target/e2e-artifacts`.
pub fn artifacts_dir() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = manifest.ancestors().nth(2).unwrap_or(manifest);
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => {
            let dir = PathBuf::from(dir);
            if dir.is_absolute() {
                dir
            } else {
                workspace.join(dir)
            }
        }
        _ => workspace.join("target"),
    };
    target.join("e2e-artifacts")
}

/// A deadline for one wait: `tick` sleeps a little, or fails the test with
/// what was awaited and what was last seen once the time is up.
pub struct Waiter {
    what: String,
    deadline: Instant,
}

impl Waiter {
    pub fn new(what: impl Into<String>) -> Waiter {
        Waiter {
            what: what.into(),
            deadline: Instant::now() + WAIT,
        }
    }

    pub async fn tick(&self, last_seen: &dyn Debug) {
        if Instant::now() >= self.deadline {
            panic!(
                "timed out after {} s waiting for {}; last seen: {last_seen:#?}",
                WAIT.as_secs(),
                self.what
            );
        }
        tokio::time::sleep(POLL).await;
    }
}

// ---------------------------------------------------------------------------
// chromedriver
// ---------------------------------------------------------------------------

/// A chromedriver process in a process group of its own; the group (the
/// driver and the browsers it started) is killed on drop.
struct ChromeDriver {
    child: Child,
    url: String,
    log: PathBuf,
}

impl ChromeDriver {
    async fn start(dir: &Path) -> ChromeDriver {
        let log = dir.join("chromedriver.log");
        let mut last_error = String::new();
        for _ in 0..3 {
            let port = free_port();
            let mut command = Command::new(CHROMEDRIVER);
            command
                .arg(format!("--port={port}"))
                .arg(format!("--log-path={}", log.display()))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null());
            {
                use std::os::unix::process::CommandExt;
                command.process_group(0);
            }
            let child = command
                .spawn()
                .unwrap_or_else(|err| panic!("cannot start {CHROMEDRIVER}: {err}"));
            let mut driver = ChromeDriver {
                child,
                url: format!("http://127.0.0.1:{port}"),
                log: log.clone(),
            };
            match driver.wait_ready().await {
                Ok(()) => return driver,
                Err(err) => last_error = err,
            }
        }
        panic!("chromedriver did not start: {last_error}");
    }

    /// Polls `/status` until the driver answers.
    async fn wait_ready(&mut self) -> Result<(), String> {
        let http = reqwest::Client::new();
        let deadline = Instant::now() + WAIT;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(format!("chromedriver exited with {status}"));
            }
            if let Ok(resp) = http.get(format!("{}/status", self.url)).send().await {
                if resp.status().is_success() {
                    return Ok(());
                }
            }
            if Instant::now() >= deadline {
                return Err(format!("no answer on {} in {} s", self.url, WAIT.as_secs()));
            }
            tokio::time::sleep(POLL).await;
        }
    }
}

impl Drop for ChromeDriver {
    fn drop(&mut self) {
        // The group holds the driver and any browser it left behind (a test
        // that failed before closing its sessions).
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("an address").port()
}

// ---------------------------------------------------------------------------
// The environment of one test
// ---------------------------------------------------------------------------

/// Runs one browser test: starts chromedriver and the server, hands the
/// test its [`Env`], and cleans up after it. When the test fails, every
/// browser's screen is saved as `<test>-FAILED-<browser>.png` (with the
/// chromedriver log) before the failure is passed on.
pub async fn run<F, Fut>(name: &'static str, test: F)
where
    F: FnOnce(Env) -> Fut,
    Fut: Future<Output = ()>,
{
    run_with(name, |_| {}, test).await
}

/// [`run`], the server started with the settings `tune` makes.
pub async fn run_with<F, Fut>(name: &'static str, tune: impl FnOnce(&mut ServeArgs), test: F)
where
    F: FnOnce(Env) -> Fut,
    Fut: Future<Output = ()>,
{
    require_browser();
    let dir = tempfile::Builder::new()
        .prefix("quoridor-e2e-")
        .tempdir()
        .expect("a temporary directory");
    let artifacts = artifacts_dir();
    std::fs::create_dir_all(&artifacts)
        .unwrap_or_else(|err| panic!("cannot create {}: {err}", artifacts.display()));
    remove_old_artifacts(&artifacts, name);

    let driver = ChromeDriver::start(dir.path()).await;
    let mut args = ServeArgs::for_tests(dir.path().join("games.db"));
    tune(&mut args);
    let server = quoridor_server::start(args)
        .await
        .expect("the server starts");
    let env = Env {
        inner: Arc::new(Inner {
            name,
            base: format!("http://{}", server.addr),
            driver_url: driver.url.clone(),
            dir: dir.path().to_path_buf(),
            artifacts,
            http: reqwest::Client::new(),
            shots: AtomicU32::new(0),
            sessions: Mutex::new(Vec::new()),
            expected_reports: Mutex::new(Vec::new()),
        }),
    };
    let started = Instant::now();
    let outcome = AssertUnwindSafe(tokio::time::timeout(TEST_LIMIT, test(env.clone())))
        .catch_unwind()
        .await;
    let failed = !matches!(outcome, Ok(Ok(())));
    if failed {
        env.save_failure(&driver.log).await;
    }
    env.close_sessions().await;
    // The browsers send their reports on their own time.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let reports = (server.csp_reports.count(), server.csp_reports.last());
    let expected = env.inner.expected_reports.lock().unwrap().clone();
    stop_server(server).await;
    drop(driver);
    eprintln!("{name}: {:.1} s", started.elapsed().as_secs_f64());
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(_)) => panic!("{name} took more than {} s", TEST_LIMIT.as_secs()),
        Err(panic) => std::panic::resume_unwind(panic),
    }
    // Every page passes the Content Security Policy: nothing blocked but
    // what the test set out to be refused.
    let unexpected: Vec<&String> = reports
        .1
        .iter()
        .filter(|r| !expected.iter().any(|d| r.starts_with(d)))
        .collect();
    assert!(
        unexpected.is_empty() && reports.0 as usize <= reports.1.len(),
        "{name}: the browser reported what the Content Security Policy blocked ({} reports): {:?}",
        reports.0,
        reports.1
    );
}

/// POSTs `body` to the server at `base` (with a seat's `token`, if
/// any), expects a success, and returns the answer's JSON (`null` when
/// empty).
pub async fn post(base: &str, path: &str, token: Option<&str>, body: Value) -> Value {
    let mut req = reqwest::Client::new()
        .post(format!("{base}{path}"))
        .json(&body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let res = req.send().await.unwrap();
    let status = res.status();
    let text = res.text().await.unwrap();
    assert!(status.is_success(), "{path}: {status} {text}");
    serde_json::from_str(&text).unwrap_or(Value::Null)
}

/// A server of the test's own on `port` with its database in `dir` (the
/// browser's origin, its service worker and its caches stay the same
/// across a restart): stopped, it is a network that is down, whatever the
/// browser thinks.
pub async fn own_server(dir: &Path, port: u16) -> RunningServer {
    let mut args = ServeArgs::for_tests(dir.join("games.db"));
    args.addr = format!("127.0.0.1:{port}").parse().unwrap();
    quoridor_server::start(args)
        .await
        .expect("the test's server starts")
}

async fn stop_server(server: RunningServer) {
    if let Err(err) = server.stop().await {
        eprintln!("the server stopped with an error: {err}");
    }
}

fn remove_old_artifacts(dir: &Path, name: &str) {
    let prefix = format!("{name}-");
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with(&prefix) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// What a test works with: the server's address, its API, and browsers.
#[derive(Clone)]
pub struct Env {
    inner: Arc<Inner>,
}

struct Inner {
    name: &'static str,
    base: String,
    driver_url: String,
    dir: PathBuf,
    artifacts: PathBuf,
    http: reqwest::Client,
    shots: AtomicU32,
    sessions: Mutex<Vec<(String, Client)>>,
    /// Directives whose reports the test expects (a page that must be
    /// refused, such as a frame of another site).
    expected_reports: Mutex<Vec<&'static str>>,
}

impl Env {
    /// The test expects the browser to report what `directive` of the
    /// Content Security Policy blocked (and fails on any other report).
    pub fn expect_csp_reports(&self, directive: &'static str) {
        self.inner.expected_reports.lock().unwrap().push(directive);
    }

    /// A plain HTTP client, for the API.
    pub fn http(&self) -> &reqwest::Client {
        &self.inner.http
    }

    /// The server's root URL, without the final slash.
    pub fn base(&self) -> &str {
        &self.inner.base
    }

    /// A new headless Chromium with a profile of its own, in English.
    pub async fn browser(&self, label: &str) -> Browser {
        self.browser_in(label, "en-US").await
    }

    /// A new headless Chromium whose user speaks `lang` (its language and
    /// the languages it asks pages for).
    pub async fn browser_in(&self, label: &str, lang: &str) -> Browser {
        let profile = self.inner.dir.join(format!("profile-{label}"));
        std::fs::create_dir_all(&profile).expect("a profile directory");
        let args = [
            "--headless=new".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-dev-shm-usage".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--no-first-run".into(),
            "--window-size=1200,900".into(),
            format!("--lang={lang}"),
            format!("--accept-lang={lang}"),
            format!("--user-data-dir={}", profile.display()),
        ];
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": CHROMIUM,
                "args": args,
                "prefs": { "intl.accept_languages": lang },
            }),
        );
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(caps)
            .connect(&self.inner.driver_url)
            .await
            .unwrap_or_else(|err| panic!("cannot open a Chromium session ({label}): {err}"));
        self.inner
            .sessions
            .lock()
            .unwrap()
            .push((label.to_string(), client.clone()));
        Browser {
            client,
            label: label.to_string(),
            env: self.clone(),
        }
    }

    /// `GET /api/games/{id}`: the game object.
    pub async fn game(&self, id: &str) -> Value {
        let url = format!("{}/api/games/{id}", self.inner.base);
        let resp = self
            .inner
            .http
            .get(&url)
            .send()
            .await
            .unwrap_or_else(|err| panic!("GET {url}: {err}"));
        assert!(resp.status().is_success(), "GET {url}: {}", resp.status());
        resp.json()
            .await
            .unwrap_or_else(|err| panic!("GET {url}: {err}"))
    }

    /// A path for an artifact of this test (`<target>/e2e-artifacts/<test>-<name>`).
    pub fn artifact(&self, name: &str) -> PathBuf {
        self.inner
            .artifacts
            .join(format!("{}-{name}", self.inner.name))
    }

    /// The test's temporary directory.
    pub fn dir(&self) -> &Path {
        &self.inner.dir
    }

    fn next_shot(&self, label: &str) -> PathBuf {
        let n = self.inner.shots.fetch_add(1, Ordering::SeqCst) + 1;
        let file = format!("{}-{n:02}-{label}.png", self.inner.name);
        self.inner.artifacts.join(file)
    }

    async fn save_failure(&self, driver_log: &Path) {
        let sessions = self.inner.sessions.lock().unwrap().clone();
        for (label, client) in sessions {
            let path = self
                .inner
                .artifacts
                .join(format!("{}-FAILED-{label}.png", self.inner.name));
            if let Ok(Ok(png)) = tokio::time::timeout(WAIT, client.screenshot()).await {
                if std::fs::write(&path, png).is_ok() {
                    eprintln!("screenshot of {label} at the failure: {}", path.display());
                }
            }
        }
        let log = self
            .inner
            .artifacts
            .join(format!("{}-FAILED-chromedriver.log", self.inner.name));
        if std::fs::copy(driver_log, &log).is_ok() {
            eprintln!("chromedriver log: {}", log.display());
        }
    }

    async fn close_sessions(&self) {
        let sessions = std::mem::take(&mut *self.inner.sessions.lock().unwrap());
        for (_, client) in sessions {
            let _ = tokio::time::timeout(WAIT, client.close()).await;
        }
    }
}

// ---------------------------------------------------------------------------
// One browser
// ---------------------------------------------------------------------------

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
    env: Env,
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

// ---------------------------------------------------------------------------
// Game helpers
// ---------------------------------------------------------------------------

/// The moves of a game object, in notation.
pub fn moves(game: &Value) -> Vec<String> {
    game["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["move"].as_str().expect("a move").to_string())
        .collect()
}

/// A sorted list of strings of a JSON array.
pub fn strings(value: &Value) -> Vec<String> {
    let mut list: Vec<String> = value
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    list.sort();
    list
}

/// The position of a game object.
pub fn position(game: &Value) -> Position {
    let text = game["position"].as_str().expect("a position");
    text.parse()
        .unwrap_or_else(|err| panic!("cannot read the position {text:?}: {err}"))
}

/// Among `squares` (pawn moves of `seat`), the one that leaves the pawn
/// closest to its goal, around the fences.
pub fn closest_to_goal(game: &Value, seat: &str, squares: &[String]) -> String {
    let pos = position(game);
    let seat: Seat = seat.parse().expect("a seat");
    squares
        .iter()
        .map(|sq| {
            let mut after = pos;
            let mv: Move = sq.parse().unwrap_or_else(|_| panic!("not a square: {sq}"));
            after
                .play(mv)
                .unwrap_or_else(|err| panic!("{sq} is highlighted but illegal: {err}"));
            (after.distance(seat).unwrap_or(u32::MAX), sq)
        })
        .min()
        .map(|(_, sq)| sq.clone())
        .expect("at least one square")
}

/// Among the legal fences of a game object, the one that lengthens the path
/// of `victim` the most.
pub fn most_annoying_fence(game: &Value, victim: &str) -> String {
    let pos = position(game);
    let victim: Seat = victim.parse().expect("a seat");
    strings(&game["legal"]["fences"])
        .into_iter()
        .map(|f| {
            let mut after = pos;
            after
                .play(f.parse().expect("a fence"))
                .unwrap_or_else(|err| panic!("{f} is legal but refused: {err}"));
            (std::cmp::Reverse(after.distance(victim).unwrap_or(0)), f)
        })
        .min()
        .map(|(_, f)| f)
        .expect("a legal fence")
}

/// How many steps a hint's path draws, read from its words: after a pawn
/// move's "you need N more", N + 1 (the move's own step drawn too); after
/// a fence's "yours stays at N" or "yours from A to N", N; a winning move,
/// 1. `None` for a fence that prepares (the words give no number).
pub fn hint_drawn_steps(text: &str) -> Option<u64> {
    let number_after = |marker: &str| -> Option<u64> {
        let rest = text.split(marker).nth(1)?;
        rest.split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()
    };
    if text.contains("wins the game") {
        return Some(1);
    }
    if let Some(n) = number_after("you need ") {
        return Some(n + 1);
    }
    if let Some(n) = number_after("yours stays at ") {
        return Some(n);
    }
    let rest = text.split("yours from ").nth(1)?;
    rest.split(" to ")
        .nth(1)?
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}
