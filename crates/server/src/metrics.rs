//! The figures an operator watches, written at `GET /metrics` in
//! Prometheus' text format (version 0.0.4).
//!
//! Every figure is an atomic counter, gauge or histogram kept by the part
//! of the server that knows it (the request layer, the hub, the store, the
//! WebSocket loop, the accept loop); one [`Metrics`] per server, so that
//! two servers in one process (the tests) keep their own. What is read at
//! the moment of the scrape (live games, open connections, the process's
//! memory) is passed to [`Metrics::render`] as [`Now`].

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Bucket bounds of every latency histogram, in seconds: fine below the
/// 50 ms a move must stay under, coarse above.
pub const LATENCY_BOUNDS: [f64; 15] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

/// A count that only grows.
#[derive(Default, Debug)]
pub struct Counter(AtomicU64);

impl Counter {
    pub fn add(&self, n: u64) {
        self.0.fetch_add(n, Ordering::Relaxed);
    }

    pub fn inc(&self) {
        self.add(1);
    }

    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// A level that goes up and down.
#[derive(Default, Debug)]
pub struct Gauge(AtomicI64);

impl Gauge {
    pub fn inc(&self) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }

    pub fn dec(&self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }

    pub fn get(&self) -> i64 {
        self.0.load(Ordering::Relaxed)
    }

    /// Counts one up until the guard is dropped (a search running, a
    /// socket open).
    pub fn hold(self: &Arc<Self>) -> Held {
        self.inc();
        Held(self.clone())
    }
}

/// One unit of a [`Gauge`], given back when dropped.
#[derive(Debug)]
pub struct Held(Arc<Gauge>);

impl Drop for Held {
    fn drop(&mut self) {
        self.0.dec();
    }
}

/// How long things took: counts per bucket of [`LATENCY_BOUNDS`] (not
/// cumulative here; written cumulative), their number and their sum.
#[derive(Debug)]
pub struct Histogram {
    buckets: [AtomicU64; LATENCY_BOUNDS.len() + 1],
    count: AtomicU64,
    sum_ns: AtomicU64,
}

impl Default for Histogram {
    fn default() -> Histogram {
        Histogram {
            buckets: std::array::from_fn(|_| AtomicU64::new(0)),
            count: AtomicU64::new(0),
            sum_ns: AtomicU64::new(0),
        }
    }
}

impl Histogram {
    pub fn observe(&self, took: Duration) {
        let seconds = took.as_secs_f64();
        let bucket = LATENCY_BOUNDS
            .iter()
            .position(|&bound| seconds <= bound)
            .unwrap_or(LATENCY_BOUNDS.len());
        self.buckets[bucket].fetch_add(1, Ordering::Relaxed);
        self.count.fetch_add(1, Ordering::Relaxed);
        let ns = u64::try_from(took.as_nanos()).unwrap_or(u64::MAX);
        self.sum_ns.fetch_add(ns, Ordering::Relaxed);
    }

    pub fn count(&self) -> u64 {
        self.count.load(Ordering::Relaxed)
    }

    /// The cumulative counts, one per bound and the last for `+Inf`.
    pub fn cumulative(&self) -> Vec<u64> {
        let mut total = 0;
        self.buckets
            .iter()
            .map(|b| {
                total += b.load(Ordering::Relaxed);
                total
            })
            .collect()
    }

    fn sum_seconds(&self) -> f64 {
        self.sum_ns.load(Ordering::Relaxed) as f64 / 1e9
    }
}

/// Figures of one kind told apart by labels (a route, a refusal's code):
/// each label set gets its own figure on first use. The label sets come
/// from our own tables (route templates, codes, kinds), never from what a
/// client typed, so their number stays small.
#[derive(Debug)]
pub struct Family<K: Ord, V> {
    members: Mutex<BTreeMap<K, Arc<V>>>,
}

impl<K: Ord, V> Default for Family<K, V> {
    fn default() -> Self {
        Family {
            members: Mutex::new(BTreeMap::new()),
        }
    }
}

impl<K: Ord + Clone, V: Default> Family<K, V> {
    pub fn get(&self, key: &K) -> Arc<V> {
        let mut members = self.members.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = members.get(key) {
            return found.clone();
        }
        let made = Arc::new(V::default());
        members.insert(key.clone(), made.clone());
        made
    }

    fn snapshot(&self) -> Vec<(K, Arc<V>)> {
        let members = self.members.lock().unwrap_or_else(|e| e.into_inner());
        members
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }
}

/// A request's labels: its method, its route's template
/// (`/api/games/{id}/move`, never the id or a query) and its status.
pub type RouteKey = (&'static str, String);

/// Every figure of one server.
#[derive(Default, Debug)]
pub struct Metrics {
    /// Requests answered, by method, route template and status.
    pub requests: Family<(&'static str, String, u16), Counter>,
    /// How long requests took, by method and route template.
    pub request_seconds: Family<RouteKey, Histogram>,
    /// Requests refused, by the refusal's code (API.md, "Errors").
    pub refusals: Family<&'static str, Counter>,
    /// Refusals of a limit (429, 503 and the WebSocket's and the accept
    /// loop's own), by limit.
    pub limit_refusals: Family<&'static str, Counter>,
    /// WebSockets open now and opened since the start, by kind.
    pub sockets_open: Family<&'static str, Gauge>,
    pub sockets_opened: Family<&'static str, Counter>,
    /// Games created, and ended by how (`goal`, `resignation`, `aborted`…).
    pub games_created: Counter,
    pub games_ended: Family<&'static str, Counter>,
    /// Moves played (entries added to the games' histories) and how long
    /// a change that adds one takes on the server, from asking for the
    /// game's lock to the state sent (the store's commit included).
    pub moves: Counter,
    pub move_seconds: Histogram,
    /// AI searches (AI moves, hints, analyses) waiting for a thread,
    /// running, and how long they ran.
    pub searches_queued: Arc<Gauge>,
    pub searches_running: Arc<Gauge>,
    pub search_seconds: Histogram,
    /// The store: changes waiting for the writer thread, transactions
    /// committed and how long each took, changes committed.
    pub store_queue: Arc<Gauge>,
    pub store_commits: Counter,
    pub store_writes: Counter,
    pub store_commit_seconds: Histogram,
    pub store_failures: Counter,
    /// When the writer last finished a transaction (ms since 1970).
    pub store_last_commit_ms: AtomicU64,
    /// Since when changes fail to be stored (ms since 1970; 0: they are
    /// stored): readiness is lost until one is stored again.
    pub store_failing_since_ms: AtomicU64,
    /// When the last periodic backup was written (ms since 1970; 0: none
    /// since the start), and the backups that failed.
    pub backup_last_success_ms: AtomicU64,
    pub backup_failures: Counter,
    /// Several instances on one PostgreSQL (`--instance-address`): when
    /// this one last renewed its lease (ms since 1970; 0: not an
    /// instance), the other instances' leases it found lapsed, the games
    /// it took over, and the requests it relayed to a game's holder.
    pub lease_renewed_ms: AtomicU64,
    /// This instance's name among the instances (its row in the database),
    /// and how many instances were live at its last renewal.
    pub instance: std::sync::OnceLock<String>,
    pub instances_live: AtomicU64,
    pub takeovers: Counter,
    pub games_taken_over: Counter,
    pub relayed: Counter,
    /// The other instances' notices (LISTEN/NOTIFY): sent by this one,
    /// heard by it, how late each came (from its sender's clock), and
    /// whether its listening connection is up.
    pub notices_sent: Counter,
    pub notices_heard: Counter,
    pub notice_lag_seconds: Histogram,
    pub notices_listening: AtomicU64,
}

/// What is read at the moment of a scrape.
#[derive(Clone, Copy, Debug, Default)]
pub struct Now {
    pub games_live: usize,
    pub games_finished_in_memory: usize,
    pub games_asleep: usize,
    pub connections_open: usize,
    pub connections_max: usize,
    pub resident_bytes: Option<u64>,
    pub cpu_seconds: Option<f64>,
    pub start_time_seconds: f64,
}

/// Writes figures in the text format.
struct Text(String);

impl Text {
    fn header(&mut self, name: &str, kind: &str, help: &str) {
        let _ = writeln!(self.0, "# HELP {name} {help}");
        let _ = writeln!(self.0, "# TYPE {name} {kind}");
    }

    fn sample(&mut self, name: &str, labels: &[(&str, &str)], value: impl std::fmt::Display) {
        self.0.push_str(name);
        if !labels.is_empty() {
            self.0.push('{');
            for (i, (key, val)) in labels.iter().enumerate() {
                if i > 0 {
                    self.0.push(',');
                }
                let _ = write!(self.0, "{key}=\"{}\"", escape(val));
            }
            self.0.push('}');
        }
        let _ = writeln!(self.0, " {value}");
    }

    fn one(&mut self, name: &str, kind: &str, help: &str, value: impl std::fmt::Display) {
        self.header(name, kind, help);
        self.sample(name, &[], value);
    }

    fn histogram(&mut self, name: &str, labels: &[(&str, &str)], h: &Histogram) {
        let cumulative = h.cumulative();
        for (i, count) in cumulative.iter().enumerate() {
            let bound = LATENCY_BOUNDS
                .get(i)
                .map_or("+Inf".to_string(), |b| b.to_string());
            let mut with_le = labels.to_vec();
            with_le.push(("le", &bound));
            self.sample(&format!("{name}_bucket"), &with_le, count);
        }
        self.sample(&format!("{name}_sum"), labels, h.sum_seconds());
        self.sample(&format!("{name}_count"), labels, h.count());
    }
}

/// A label's value as the format wants it.
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

impl Metrics {
    /// Every figure, in Prometheus' text format.
    pub fn render(&self, now: &Now) -> String {
        let mut out = Text(String::with_capacity(8 * 1024));
        self.render_http(&mut out);
        self.render_games(&mut out, now);
        self.render_store(&mut out);
        self.render_process(&mut out, now);
        out.0
    }

    fn render_http(&self, out: &mut Text) {
        out.header(
            "quoridor_http_requests_total",
            "counter",
            "HTTP requests answered, by method, route template and status.",
        );
        for ((method, route, status), n) in self.requests.snapshot() {
            let status = status.to_string();
            let labels = [("method", method), ("route", &route), ("status", &status)];
            out.sample("quoridor_http_requests_total", &labels, n.get());
        }
        out.header(
            "quoridor_http_request_duration_seconds",
            "histogram",
            "How long HTTP requests took, by method and route template.",
        );
        for ((method, route), h) in self.request_seconds.snapshot() {
            let labels = [("method", method), ("route", route.as_str())];
            out.histogram("quoridor_http_request_duration_seconds", &labels, &h);
        }
        out.header(
            "quoridor_refusals_total",
            "counter",
            "Requests refused, by the error's code (API.md).",
        );
        for (code, n) in self.refusals.snapshot() {
            out.sample("quoridor_refusals_total", &[("code", code)], n.get());
        }
        out.header(
            "quoridor_limit_refusals_total",
            "counter",
            "Refusals of a limit (rate, connections, games per client...), by limit.",
        );
        for (limit, n) in self.limit_refusals.snapshot() {
            out.sample(
                "quoridor_limit_refusals_total",
                &[("limit", limit)],
                n.get(),
            );
        }
        out.header(
            "quoridor_websockets_open",
            "gauge",
            "WebSocket connections open now, by kind.",
        );
        for (kind, n) in self.sockets_open.snapshot() {
            out.sample("quoridor_websockets_open", &[("kind", kind)], n.get());
        }
        out.header(
            "quoridor_websockets_opened_total",
            "counter",
            "WebSocket connections opened since the start, by kind.",
        );
        for (kind, n) in self.sockets_opened.snapshot() {
            out.sample(
                "quoridor_websockets_opened_total",
                &[("kind", kind)],
                n.get(),
            );
        }
    }

    fn render_games(&self, out: &mut Text, now: &Now) {
        out.one(
            "quoridor_games_live",
            "gauge",
            "Unfinished games in memory.",
            now.games_live,
        );
        out.one(
            "quoridor_games_finished_in_memory",
            "gauge",
            "Finished games still kept in memory.",
            now.games_finished_in_memory,
        );
        out.one(
            "quoridor_games_asleep",
            "gauge",
            "Unfinished turn-based games out of memory until looked at or due.",
            now.games_asleep,
        );
        out.one(
            "quoridor_games_created_total",
            "counter",
            "Games created.",
            self.games_created.get(),
        );
        out.header(
            "quoridor_games_ended_total",
            "counter",
            "Games ended, by how they ended.",
        );
        for (how, n) in self.games_ended.snapshot() {
            out.sample(
                "quoridor_games_ended_total",
                &[("termination", how)],
                n.get(),
            );
        }
        out.one(
            "quoridor_moves_total",
            "counter",
            "Moves played (rate() gives moves per second).",
            self.moves.get(),
        );
        out.header(
            "quoridor_move_duration_seconds",
            "histogram",
            "Time the server takes for a move: lock, rules, commit, state sent.",
        );
        out.histogram("quoridor_move_duration_seconds", &[], &self.move_seconds);
        out.one(
            "quoridor_ai_searches_queued",
            "gauge",
            "AI searches (moves, hints, analyses) waiting for a thread.",
            self.searches_queued.get(),
        );
        out.one(
            "quoridor_ai_searches_running",
            "gauge",
            "AI searches running now.",
            self.searches_running.get(),
        );
        out.header(
            "quoridor_ai_search_duration_seconds",
            "histogram",
            "How long AI searches ran.",
        );
        out.histogram(
            "quoridor_ai_search_duration_seconds",
            &[],
            &self.search_seconds,
        );
        out.one(
            "quoridor_connections_open",
            "gauge",
            "Network connections open now (WebSockets included).",
            now.connections_open,
        );
        out.one(
            "quoridor_connections_max",
            "gauge",
            "The cap on open connections.",
            now.connections_max,
        );
    }

    fn render_store(&self, out: &mut Text) {
        out.one(
            "quoridor_db_queue",
            "gauge",
            "Changes waiting for the database's writer thread.",
            self.store_queue.get(),
        );
        out.one(
            "quoridor_db_commits_total",
            "counter",
            "Transactions committed by the writer thread (each holds one or more changes).",
            self.store_commits.get(),
        );
        out.one(
            "quoridor_db_writes_total",
            "counter",
            "Changes committed.",
            self.store_writes.get(),
        );
        out.one(
            "quoridor_db_failures_total",
            "counter",
            "Changes the database refused.",
            self.store_failures.get(),
        );
        out.one(
            "quoridor_backup_last_success_timestamp_seconds",
            "gauge",
            "When the last periodic backup was written (0: none since the start).",
            self.backup_last_success_ms.load(Ordering::Relaxed) as f64 / 1000.0,
        );
        out.one(
            "quoridor_backup_failures_total",
            "counter",
            "Periodic backups that failed.",
            self.backup_failures.get(),
        );
        if self.lease_renewed_ms.load(Ordering::Relaxed) != 0 {
            self.render_cluster(out);
        }
        out.one(
            "quoridor_db_failing",
            "gauge",
            "1 while the last change could not be stored (a full disk): /api/ready answers 503.",
            u8::from(self.store_failing_since_ms.load(Ordering::Relaxed) != 0),
        );
        out.header(
            "quoridor_db_commit_duration_seconds",
            "histogram",
            "How long a transaction of the writer thread took, the disk's sync included.",
        );
        out.histogram(
            "quoridor_db_commit_duration_seconds",
            &[],
            &self.store_commit_seconds,
        );
    }

    /// An instance's lease and what it took over and relayed.
    fn render_cluster(&self, out: &mut Text) {
        if let Some(id) = self.instance.get() {
            out.header(
                "quoridor_instance_info",
                "gauge",
                "This instance's name among the instances on the database.",
            );
            out.sample("quoridor_instance_info", &[("id", id)], 1);
        }
        out.one(
            "quoridor_instances_live",
            "gauge",
            "The live instances (this one among them) at this one's last renewal.",
            self.instances_live.load(Ordering::Relaxed),
        );
        out.one(
            "quoridor_lease_renewed_timestamp_seconds",
            "gauge",
            "When this instance last renewed its lease on the database.",
            self.lease_renewed_ms.load(Ordering::Relaxed) as f64 / 1000.0,
        );
        out.one(
            "quoridor_takeovers_total",
            "counter",
            "Other instances whose lease this instance found lapsed.",
            self.takeovers.get(),
        );
        out.one(
            "quoridor_games_taken_over_total",
            "counter",
            "Unfinished games this instance took over (from a lapsed or stopped instance).",
            self.games_taken_over.get(),
        );
        out.one(
            "quoridor_relayed_total",
            "counter",
            "Requests and sockets relayed to the instance that serves them (a game's holder, the keeper, the client's home).",
            self.relayed.get(),
        );
        out.one(
            "quoridor_notices_sent_total",
            "counter",
            "Notices this instance sent the others (\"your turn\", games to read again).",
            self.notices_sent.get(),
        );
        out.one(
            "quoridor_notices_heard_total",
            "counter",
            "Notices this instance heard from the others.",
            self.notices_heard.get(),
        );
        out.one(
            "quoridor_notices_listening",
            "gauge",
            "1 while this instance's connection that hears the others' notices is up (notices sent while it is down are missed).",
            self.notices_listening.load(Ordering::Relaxed),
        );
        out.header(
            "quoridor_notice_lag_seconds",
            "histogram",
            "How late the others' notices came: from their sending (by the sender's clock) to their hearing here.",
        );
        out.histogram("quoridor_notice_lag_seconds", &[], &self.notice_lag_seconds);
    }

    fn render_process(&self, out: &mut Text, now: &Now) {
        if let Some(bytes) = now.resident_bytes {
            out.one(
                "process_resident_memory_bytes",
                "gauge",
                "Resident memory size in bytes.",
                bytes,
            );
        }
        if let Some(seconds) = now.cpu_seconds {
            out.one(
                "process_cpu_seconds_total",
                "counter",
                "Total user and system CPU time spent in seconds.",
                seconds,
            );
        }
        out.one(
            "process_start_time_seconds",
            "gauge",
            "Start time of the process since unix epoch in seconds.",
            now.start_time_seconds,
        );
    }
}

/// The process's resident memory and CPU time, from `/proc/self` (Linux;
/// `None` elsewhere).
pub fn process_figures() -> (Option<u64>, Option<f64>) {
    let page = 4096u64;
    let resident = std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map(|pages| pages * page);
    // Fields 14 and 15 (utime, stime) after the command's name, in clock
    // ticks (100 a second on Linux).
    let cpu = std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let after = &s[s.rfind(')')? + 2..];
            let fields: Vec<&str> = after.split_whitespace().collect();
            let utime: f64 = fields.get(11)?.parse().ok()?;
            let stime: f64 = fields.get(12)?.parse().ok()?;
            Some((utime + stime) / 100.0)
        });
    (resident, cpu)
}

/// A figure of the text format by name and labels, for tests and the
/// benchmark: the sum of the samples whose labels include `labels`.
pub fn scrape_sum(text: &str, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    let mut found = None;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (series, value) = line.rsplit_once(' ')?;
        let (series_name, series_labels) = match series.split_once('{') {
            Some((n, rest)) => (n, rest.trim_end_matches('}')),
            None => (series, ""),
        };
        if series_name != name {
            continue;
        }
        let matches = labels.iter().all(|(k, v)| {
            series_labels
                .split(',')
                .any(|kv| kv == format!("{k}=\"{v}\""))
        });
        if matches {
            *found.get_or_insert(0.0) += value.parse::<f64>().ok()?;
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_histogram_counts_each_duration_in_the_first_bucket_that_holds_it() {
        let h = Histogram::default();
        h.observe(Duration::from_micros(400));
        h.observe(Duration::from_millis(1));
        h.observe(Duration::from_millis(40));
        h.observe(Duration::from_secs(100));
        let c = h.cumulative();
        assert_eq!(c[0], 1, "0.4 ms <= 0.5 ms");
        assert_eq!(c[1], 2, "1 ms <= 1 ms");
        assert_eq!(c[6], 3, "40 ms <= 50 ms");
        assert_eq!(c[LATENCY_BOUNDS.len() - 1], 3);
        assert_eq!(c[LATENCY_BOUNDS.len()], 4, "+Inf holds everything");
        assert_eq!(h.count(), 4);
        assert!((h.sum_seconds() - 100.0414).abs() < 1e-9);
    }

    #[test]
    fn the_text_format_has_help_type_and_labelled_samples() {
        let m = Metrics::default();
        m.requests
            .get(&("POST", "/api/games/{id}/move".into(), 200))
            .add(3);
        m.refusals.get(&"rate_limited").inc();
        m.moves.add(7);
        m.move_seconds.observe(Duration::from_millis(2));
        let text = m.render(&Now {
            games_live: 5,
            ..Now::default()
        });
        assert!(text.contains("# TYPE quoridor_http_requests_total counter\n"));
        assert!(text.contains(
            "quoridor_http_requests_total{method=\"POST\",route=\"/api/games/{id}/move\",status=\"200\"} 3\n"
        ));
        assert!(text.contains("quoridor_move_duration_seconds_bucket{le=\"0.0025\"} 1\n"));
        assert!(text.contains("quoridor_move_duration_seconds_bucket{le=\"+Inf\"} 1\n"));
        assert_eq!(scrape_sum(&text, "quoridor_moves_total", &[]), Some(7.0));
        assert_eq!(scrape_sum(&text, "quoridor_games_live", &[]), Some(5.0));
        assert_eq!(
            scrape_sum(
                &text,
                "quoridor_refusals_total",
                &[("code", "rate_limited")]
            ),
            Some(1.0)
        );
        assert_eq!(
            scrape_sum(&text, "quoridor_http_requests_total", &[("method", "POST")]),
            Some(3.0)
        );
        assert_eq!(scrape_sum(&text, "nothing_such", &[]), None);
        // Every sample line is `name{labels} value` with a number.
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let value = line.rsplit_once(' ').expect("a value").1;
            assert!(value.parse::<f64>().is_ok(), "{line}");
        }
    }

    #[test]
    fn label_values_are_escaped() {
        assert_eq!(escape("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
    }

    #[test]
    fn a_held_gauge_unit_is_given_back() {
        let g = Arc::new(Gauge::default());
        {
            let _one = g.hold();
            let _two = g.hold();
            assert_eq!(g.get(), 2);
        }
        assert_eq!(g.get(), 0);
    }

    #[test]
    fn the_process_figures_are_read_on_linux() {
        let (resident, cpu) = process_figures();
        if cfg!(target_os = "linux") {
            assert!(resident.unwrap() > 0);
            assert!(cpu.unwrap() >= 0.0);
        }
    }
}
