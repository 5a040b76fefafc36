//! The harness of the browser tests (tests/browser.rs): a chromedriver of
//! its own on a free port, the server started in-process on a temporary
//! database, and headless Chromium sessions, each with its own profile.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`./scripts/test.sh`
//! installs them). Screenshots go to `<target>/e2e-artifacts/`. One
//! browser's session is `browser.rs`; reading a game object, `game.rs`.

// Each test file uses its own part of the harness.
#![allow(dead_code)]

mod browser;
mod game;

// Each test file uses what it needs of these.
#[allow(unused_imports)]
pub use browser::{Browser, Page};
#[allow(unused_imports)]
pub use game::*;

use std::fmt::Debug;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use futures_util::FutureExt;
use hyper_util::client::legacy::connect::HttpConnector;
use quoridor_server::{RunningServer, ServeArgs};
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
