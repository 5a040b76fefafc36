//! The server's settings: command-line flags, each also read from an
//! environment variable.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::db::backup::{parse_every, Rotation};
use crate::db::Sync;
use crate::hub::HubConfig;
use crate::listen::{connection_cap, Limits};
use crate::logs::LogFormat;

#[derive(clap::Args, Clone, Debug)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free one).
    #[arg(long, env = "QUORIDOR_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The database: a SQLite file (default: quoridor.db in the data
    /// directory, $QUORIDOR_DATA_DIR or ~/.local/share/quoridor), or a
    /// PostgreSQL database, postgres://USER:PASSWORD@HOST:PORT/NAME.
    #[arg(long, env = "QUORIDOR_DB")]
    pub db: Option<PathBuf>,
    /// With a PostgreSQL --db: this instance's own address, as the other
    /// instances reach it (http://10.0.0.2:8080). Several instances then
    /// share the database, each holding some of the games
    /// (docs/deploy.md, "More than one machine").
    #[arg(long, env = "QUORIDOR_INSTANCE_ADDRESS", value_name = "URL")]
    pub instance_address: Option<String>,
    /// How hard each commit waits for the disk.
    #[arg(long, value_enum, env = "QUORIDOR_DB_SYNC", default_value = "full")]
    pub sync: Sync,
    /// AI searches that may run at once (default: the number of cores).
    #[arg(long, env = "QUORIDOR_AI_THREADS")]
    pub ai_threads: Option<usize>,
    /// Longest an AI thinks on one move when the game has a clock (ms).
    #[arg(long, env = "QUORIDOR_AI_MAX_MS", default_value_t = 2000)]
    pub ai_max_ms: u64,
    /// Unfinished games one client address may have created.
    #[arg(long, env = "QUORIDOR_MAX_ROOMS_PER_CLIENT", default_value_t = 20)]
    pub max_rooms_per_client: usize,
    /// Unfinished class and tournament games made from one client address,
    /// all its classes and tournaments together (each class or tournament
    /// also has at most 64).
    #[arg(
        long,
        env = "QUORIDOR_MAX_CLASS_GAMES_PER_CLIENT",
        default_value_t = 128
    )]
    pub max_class_games_per_client: usize,
    /// Unfinished turn-based games (days a move) one client address may
    /// have made, counted apart from the games played now: they last days.
    #[arg(
        long,
        env = "QUORIDOR_MAX_TURN_BASED_PER_CLIENT",
        default_value_t = 200
    )]
    pub max_turn_based_per_client: usize,
    /// Finished games kept in memory (the most recent that nobody
    /// follows); older ones are read from the database when asked for.
    #[arg(long, env = "QUORIDOR_FINISHED_IN_MEMORY", default_value_t = 1000)]
    pub finished_in_memory: usize,
    /// Unfinished games the server keeps at most.
    #[arg(long, env = "QUORIDOR_MAX_GAMES", default_value_t = 20_000)]
    pub max_games: usize,
    /// Games waiting for people to take their seats, at most (games against
    /// the AI or on one screen never count here).
    #[arg(long, env = "QUORIDOR_MAX_WAITING_GAMES", default_value_t = 2_000)]
    pub max_waiting_games: usize,
    /// How long a game waits for its players before it ends as "nobody
    /// came" (seconds; a turn-based game waits 7 days at least).
    #[arg(long, env = "QUORIDOR_WAITING_EXPIRY_SECS", default_value_t = 3600, value_parser = clap::value_parser!(u64).range(1..))]
    pub waiting_expiry_secs: u64,
    /// HTTP API requests per second per client address (0: no limit).
    #[arg(long, env = "QUORIDOR_HTTP_RATE", default_value_t = 30)]
    pub http_rate: u32,
    /// WebSocket messages per second per connection (0: no limit).
    #[arg(long, env = "QUORIDOR_WS_RATE", default_value_t = 20)]
    pub ws_rate: u32,
    /// How long a WebSocket may stay silent (not even answering the
    /// server's pings, sent every two fifths of it) before it is closed
    /// (seconds).
    #[arg(long, env = "QUORIDOR_WS_IDLE_SECS", default_value_t = 75, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub ws_idle_secs: u64,
    /// Largest WebSocket message (bytes).
    #[arg(long, env = "QUORIDOR_WS_MAX_MESSAGE", default_value_t = 4096)]
    pub max_message: usize,
    /// Connections open at once (WebSockets included); more are answered
    /// 503 and closed. Never more than the file-descriptor limit allows.
    #[arg(long, env = "QUORIDOR_MAX_CONNECTIONS", default_value_t = 10_000)]
    pub max_connections: usize,
    /// Connections one client (an address, an IPv6 /64) may hold at once,
    /// WebSockets included; behind --trusted-proxy, the WebSockets of the
    /// client the proxy names.
    #[arg(
        long,
        env = "QUORIDOR_MAX_CONNECTIONS_PER_CLIENT",
        default_value_t = 500
    )]
    pub max_connections_per_client: usize,
    /// Time a client has to send a request's headers, and the longest a
    /// kept-alive connection may sit idle (ms).
    #[arg(long, env = "QUORIDOR_HEADER_TIMEOUT_MS", default_value_t = 10_000)]
    pub header_timeout_ms: u64,
    /// Serve the page's files from this directory instead of the embedded
    /// copies (for working on the page).
    #[arg(long, env = "QUORIDOR_WEB_DIR")]
    pub web_dir: Option<PathBuf>,
    /// Print nothing at start.
    #[arg(long)]
    pub quiet: bool,
    /// Search time per position of a game's analysis, in milliseconds.
    #[arg(long, env = "QUORIDOR_ANALYSIS_MS", default_value_t = 300)]
    pub analysis_ms: u64,
    /// Search every position of a game's analysis to this depth instead of
    /// for --analysis-ms: the same judgements on any machine, however busy.
    #[arg(long, env = "QUORIDOR_ANALYSIS_DEPTH", value_parser = clap::value_parser!(u32).range(1..=30))]
    pub analysis_depth: Option<u32>,
    /// New accounts per address per hour (0: no limit).
    #[arg(long, env = "QUORIDOR_SIGNUPS_PER_HOUR", default_value_t = 10)]
    pub signups_per_hour: u32,
    /// Mark the session cookie `Secure` (the server is reached over https;
    /// a proxy's `X-Forwarded-Proto: https` does it too).
    #[arg(long, env = "QUORIDOR_SECURE_COOKIES")]
    pub secure_cookies: bool,
    /// The address people use to reach the server when a proxy stands in
    /// front (`https://quoridor.example.org`): pages from it may use the
    /// session cookie, as pages from the address the request was sent to.
    #[arg(long, env = "QUORIDOR_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// The address of a reverse proxy in front (repeat for several, or
    /// separate with commas): a request from it is counted against the
    /// client its `X-Forwarded-For` names last, not against the proxy.
    #[arg(long, env = "QUORIDOR_TRUSTED_PROXY", value_delimiter = ',')]
    pub trusted_proxy: Vec<std::net::IpAddr>,
    /// How log lines are written on standard error.
    #[arg(long, value_enum, env = "QUORIDOR_LOG_FORMAT", default_value = "text")]
    pub log_format: LogFormat,
    /// Which events are logged (`info`, `warn`, `quoridor_server=debug`…;
    /// default: $RUST_LOG, else info).
    #[arg(long, value_name = "LEVEL")]
    pub log: Option<String>,
    /// Serve `GET /metrics` on this address only (e.g. 127.0.0.1:9090),
    /// not on the public one.
    #[arg(long, env = "QUORIDOR_METRICS_ADDR")]
    pub metrics_addr: Option<SocketAddr>,
    /// Write a backup of the database into this directory at start and
    /// then every --backup-every.
    #[arg(long, env = "QUORIDOR_BACKUP_DIR")]
    pub backup_dir: Option<PathBuf>,
    /// Time between backups: 90s, 30m, 6h, 1d.
    #[arg(long, env = "QUORIDOR_BACKUP_EVERY", default_value = "6h", value_parser = parse_every)]
    pub backup_every: Duration,
    /// Backups kept in --backup-dir (the oldest are removed).
    #[arg(long, env = "QUORIDOR_BACKUP_KEEP", default_value_t = 14, value_parser = clap::value_parser!(u32).range(1..))]
    pub backup_keep: u32,
    /// A push service the browsers' subscriptions may name, besides the
    /// browsers' own (Chrome's, Firefox's, Safari's, Edge's): `https://host`,
    /// `https://.domain` for its subdomains (repeat, or separate with
    /// commas). The server sends notifications to these addresses only.
    #[arg(long, env = "QUORIDOR_PUSH_SERVICE", value_delimiter = ',')]
    pub push_service: Vec<String>,
    /// Who runs this server, for the push services (`mailto:` or
    /// `https:`; default: --public-url, else a `mailto:` address of no one).
    #[arg(long, env = "QUORIDOR_PUSH_CONTACT")]
    pub push_contact: Option<String>,
}

/// The database at `given`, or the default one: quoridor.db in
/// $QUORIDOR_DATA_DIR or the user's data directory.
pub fn db_path(given: Option<&std::path::Path>) -> Result<PathBuf, String> {
    if let Some(db) = given {
        return Ok(db.to_path_buf());
    }
    let dir = std::env::var_os("QUORIDOR_DATA_DIR")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            directories::ProjectDirs::from("", "", "quoridor").map(|d| d.data_dir().to_path_buf())
        })
        .ok_or("no data directory: give --db PATH")?;
    Ok(dir.join("quoridor.db"))
}

impl ServeArgs {
    /// Defaults, for tests and benchmarks.
    pub fn for_tests(db: PathBuf) -> ServeArgs {
        ServeArgs {
            addr: "127.0.0.1:0".parse().expect("an address"),
            db: Some(db),
            sync: Sync::Normal,
            ai_threads: None,
            ai_max_ms: 2000,
            max_rooms_per_client: 20,
            max_class_games_per_client: 128,
            max_turn_based_per_client: 200,
            finished_in_memory: 1000,
            max_games: 20_000,
            max_waiting_games: 2_000,
            waiting_expiry_secs: 3600,
            http_rate: 0,
            ws_rate: 20,
            ws_idle_secs: 75,
            max_message: 4096,
            max_connections: 10_000,
            max_connections_per_client: 500,
            header_timeout_ms: 10_000,
            web_dir: None,
            quiet: true,
            secure_cookies: false,
            signups_per_hour: 10,
            public_url: None,
            analysis_ms: 30,
            analysis_depth: None,
            trusted_proxy: Vec::new(),
            instance_address: None,
            log_format: LogFormat::Text,
            log: None,
            metrics_addr: None,
            backup_dir: None,
            backup_every: Duration::from_secs(6 * 3600),
            backup_keep: 14,
            push_service: Vec::new(),
            push_contact: None,
        }
    }

    /// The periodic backups asked for, if any.
    pub fn rotation(&self) -> Option<Rotation> {
        self.backup_dir.as_ref().map(|dir| Rotation {
            dir: dir.clone(),
            every: self.backup_every,
            keep: self.backup_keep as usize,
        })
    }

    pub fn db_path(&self) -> Result<PathBuf, String> {
        db_path(self.db.as_deref())
    }

    /// The PostgreSQL database `--db` names (`postgres://…` or
    /// `postgresql://…`), if it names one rather than a SQLite file.
    pub fn postgres_url(&self) -> Option<&str> {
        let db = self.db.as_deref()?.to_str()?;
        (db.starts_with("postgres://") || db.starts_with("postgresql://")).then_some(db)
    }

    /// The address `--instance-address` gives, checked: `http://HOST:PORT`
    /// and a PostgreSQL database.
    pub fn instance_address(&self) -> Result<Option<&str>, String> {
        let Some(address) = self.instance_address.as_deref() else {
            return Ok(None);
        };
        if self.postgres_url().is_none() {
            return Err("--instance-address needs a PostgreSQL --db (postgres://…): a SQLite file has one server".into());
        }
        let uri: axum::http::Uri = address.parse().map_err(|_| {
            format!("--instance-address {address}: not an address (http://HOST:PORT)")
        })?;
        let plain = uri.scheme_str() == Some("http")
            && uri.port_u16().is_some()
            && uri.path_and_query().is_none_or(|p| p.as_str() == "/");
        if !plain {
            return Err(format!(
                "--instance-address {address}: give it as http://HOST:PORT, where the other instances reach this one"
            ));
        }
        Ok(Some(address.trim_end_matches('/')))
    }

    /// The accept loop's limits (the connection cap within the process's
    /// file descriptors).
    pub fn listen_limits(&self) -> Limits {
        Limits {
            max_connections: connection_cap(self.max_connections.max(1)),
            header_timeout: Duration::from_millis(self.header_timeout_ms.max(100)),
            trusted_proxies: self.trusted_proxy.clone().into(),
            per_client: self.max_connections_per_client.max(1),
            peers: None,
        }
    }

    /// The WebSockets' silence limit, and how often they are pinged.
    pub fn ws_idle(&self) -> (Duration, Duration) {
        let idle = Duration::from_secs(self.ws_idle_secs.max(1));
        (idle, idle.mul_f64(0.4))
    }

    pub fn hub_config(&self) -> HubConfig {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        HubConfig {
            max_rooms_per_client: self.max_rooms_per_client,
            max_club_games_per_client: self.max_class_games_per_client,
            max_turn_based_per_client: self.max_turn_based_per_client,
            ai_threads: self.ai_threads.unwrap_or(cores).max(1),
            ai_max_think: Duration::from_millis(self.ai_max_ms.max(10)),
            max_active_games: self.max_games,
            max_waiting_games: self.max_waiting_games,
            waiting_expiry: Duration::from_secs(self.waiting_expiry_secs.max(1)),
            finished_in_memory: self.finished_in_memory,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(db: &str, address: &str) -> Result<Option<String>, String> {
        let args = ServeArgs {
            instance_address: Some(address.to_string()),
            ..ServeArgs::for_tests(PathBuf::from(db))
        };
        args.instance_address().map(|a| a.map(str::to_string))
    }

    #[test]
    fn an_instance_address_is_a_plain_http_address_on_postgres() {
        let pg = "postgres://quoridor@db.internal/quoridor";
        assert_eq!(
            with(pg, "http://10.0.0.11:8080/").unwrap().as_deref(),
            Some("http://10.0.0.11:8080")
        );
        assert!(with("/var/lib/quoridor/q.db", "http://10.0.0.11:8080")
            .unwrap_err()
            .contains("PostgreSQL"));
        for bad in [
            "10.0.0.11:8080",
            "https://10.0.0.11:8080",
            "http://10.0.0.11",
            "http://h:1/x",
        ] {
            assert!(with(pg, bad).is_err(), "{bad}");
        }
    }
}
