//! `quoridor serve`: Quoridor in the browser. Games live on the server (the
//! rules engine checks every move), are stored in SQLite before any move is
//! acknowledged, and are followed live over WebSocket. See API.md.
//!
//! Layers, each importing only its own and the ones below it (the test
//! `tests/layers.rs` of the workspace holds the code to this list):
//!
//! 1. Base: `token`, `calendar` (the wall clock, its days and weeks, and
//!    the games' clock),
//!    `limits` (counted before the work), `assets` (the page's files),
//!    `web_texts` (the page's copy of the texts every front end shares),
//!    `error_page`, `metrics` (the operator's figures), `headers` (the
//!    security headers of every answer, the policy's reports).
//! 2. Domain, each feature's rules without the server (one game's life is
//!    the `quoridor-game` crate's): `account::name`, `account::speed`,
//!    `account::password`, `club::work`,
//!    `club::class_error`, `club::class`, `club::assignment`, `club::give`,
//!    `club::pictures`, `club::groups`, `club::merge`, `club::action` (every change
//!    of a class, one action applied), `club::year`,
//!    `club::pairing`, `club::results`, `club::progress`,
//!    `club::spreadsheet`, `club::tournament` (and its rounds:
//!    pairings and standings), `lobby::seek`,
//!    `hub::chat`, `challenge::model`, `push::crypto` (Web Push's
//!    encryption and signature), `push::texts`.
//! 3. Store: `db` (SQLite, a group-committing writer thread; one file per
//!    feature's tables, the migrations in one list).
//! 4. Views, what the server sends and receives: `view`, `request`,
//!    `account::view`, `club::board_view`, `club::view`, `club::tournament_view`, `lobby::view`, `analysis::view`,
//!    `challenge::view` (the classroom's and the tutorial's views are their
//!    crates' `page` modules, which the page's offline WebAssembly shares).
//! 5. Services, one write path per aggregate, each saying no in its own
//!    error type: `hub` (the rooms; every change through
//!    [`hub::Hub::change`]), `account`, `club`, `lobby`, `analysis`,
//!    `challenge`, `push` (the devices told of turns; the hub tells it).
//! 6. HTTP: `error` (the boundary's error, knowing no feature),
//!    `refusals` (what each feature's errors mean over HTTP, one table),
//!    `extract` (requests read with our limits), `origin` (requests from
//!    our own pages), `account::session`, `account::tokens_api`, `socket` (the one WebSocket
//!    loop), `ws` (a game's socket), `account::api`, `club::api`,
//!    `lobby::api`, `challenge::api`, `push::api`, `analysis::api`, `analysis::board`, `classroom` (the
//!    exercises crate's page on the web), `learn` (the tutorial and
//!    puzzles on the web), `listen` (the accept loop), `relay` (a game's
//!    requests to the instance that holds it), `state` (what the
//!    handlers share).
//! 7. The server: `api` (the router), `config`, `logs`.

pub mod account;
pub mod analysis;
pub mod api;
pub mod assets;
pub mod calendar;
pub mod challenge;
pub mod classroom;
pub mod club;
pub mod config;
pub mod db;
pub mod error;
pub mod error_page;
pub mod extract;
pub mod headers;
pub mod hub;
pub mod learn;
pub mod limits;
pub mod listen;
pub mod lobby;
pub mod logs;
pub mod metrics;
pub mod origin;
pub mod push;
pub mod refusals;
pub mod relay;
pub mod request;
pub mod socket;
pub mod state;
pub mod token;
pub mod view;
#[cfg(test)]
mod web_texts;
pub mod ws;

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::sync::oneshot;

pub use calendar::{advance_wall_clock, wall_ms};
pub use config::ServeArgs;

/// A server running in the background (tests, benchmarks).
pub struct RunningServer {
    pub addr: SocketAddr,
    /// Where `/metrics` is served when `--metrics-addr` is given.
    pub metrics_addr: Option<SocketAddr>,
    pub hub: hub::Hub,
    /// What the browsers reported the Content Security Policy blocked.
    pub csp_reports: Arc<headers::Reports>,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<Result<(), String>>,
}

impl RunningServer {
    /// Stops accepting, saves the clocks and waits until it is done.
    pub async fn stop(mut self) -> Result<(), String> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        self.task.await.map_err(|err| err.to_string())?
    }
}

/// The store `--db` names: a SQLite file (locked for this server: the lock
/// and the path are given back) or a PostgreSQL database (`postgres://…`,
/// used alone or shared by several instances); how the log names it (a
/// URL without its password); and this instance's lease when it is one of
/// several.
struct Store {
    db: db::Db,
    lock: Option<(std::fs::File, std::path::PathBuf)>,
    shown: String,
    leases: Option<Arc<db::cluster::Leases>>,
}

fn open_store(args: &ServeArgs, metrics: &Arc<metrics::Metrics>) -> Result<Store, String> {
    if let Some(url) = args.postgres_url() {
        if args.backup_dir.is_some() {
            return Err("--backup-dir copies a SQLite file: on PostgreSQL, back up with pg_dump (docs/deploy.md)".into());
        }
        let shown = db::postgres::shown(url);
        let Some(address) = args.instance_address()? else {
            let db = db::Db::open_postgres(url, metrics.clone())?;
            return Ok(Store {
                db,
                lock: None,
                shown,
                leases: None,
            });
        };
        let id = format!("{:016x}", token::random_u64());
        let db = db::Db::open_postgres_instance(url, metrics.clone(), &id)?;
        let leases = db::postgres::off_runtime(|| db::cluster::Leases::join(url, &id, address))
            .map_err(|err| format!("database {shown}: cannot join the instances: {err}"))?;
        return Ok(Store {
            db,
            lock: None,
            shown,
            leases: Some(Arc::new(leases)),
        });
    }
    args.instance_address()?;
    let db_path = args.db_path()?;
    if let Some(dir) = db_path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|err| format!("cannot create {}: {err}", dir.display()))?;
    }
    // Held until the server has stopped: one server per database.
    let lock = db::lock_file(&db_path)?;
    for removed in db::backup::remove_old_replaced(&db_path, wall_ms()) {
        tracing::info!(
            target: "quoridor::backup",
            file = %removed.display(),
            "a database set aside by a restore over 30 days ago was removed"
        );
    }
    let db = db::Db::open(&db_path, args.sync, metrics.clone())?;
    let shown = db_path.display().to_string();
    Ok(Store {
        db,
        lock: Some((lock, db_path)),
        shown,
        leases: None,
    })
}

/// Opens the database, resumes the games in progress and starts serving on
/// the runtime it is called from.
pub async fn start(args: ServeArgs) -> Result<RunningServer, String> {
    let metrics = Arc::new(metrics::Metrics::default());
    let Store {
        db,
        lock,
        shown: database,
        leases,
    } = open_store(&args, &metrics)?;
    // One pool of blocking threads for the classroom's and the classes' CPU
    // work (sheets, PDFs, answers).
    let workers = limits::workers::Workers::new(args.hub_config().ai_threads);
    let classroom = classroom::Classroom::new(db.clone(), workers.clone())?;
    let hub = hub::Hub::new(db.clone(), args.hub_config(), metrics.clone());
    if let Some(leases) = &leases {
        hub.join_cluster(leases.clone());
    }
    let resumed = hub
        .resume()
        .await
        .map_err(|err| format!("cannot resume games: {err}"))?;
    hub.start_sweeper(std::time::Duration::from_secs(600));
    let clubs = club::Clubs::start(db.clone(), hub.clone(), workers.clone()).await?;
    let accounts = account::Accounts::start(
        db.clone(),
        args.secure_cookies,
        args.signups_per_hour,
        leases.is_some().then(|| hub.keeper_changes()),
    )?;
    if let Some(leases) = &leases {
        wait_to_be_known(leases).await;
    }
    let (listener, addr, metrics_listener) = bind(&args).await?;
    let mut limits = args.listen_limits();
    limits.peers = leases.clone();
    let metrics_addr = metrics_listener.as_ref().and_then(|l| l.local_addr().ok());
    tracing::info!(
        target: "quoridor::serve",
        version = env!("CARGO_PKG_VERSION"),
        address = %format!("http://{addr}/"),
        database = %database,
        resumed,
        max_connections = limits.max_connections,
        metrics = %metrics_addr.map_or("/metrics".to_string(), |a| format!("http://{a}/metrics")),
        "serving"
    );
    let contact = args
        .push_contact
        .clone()
        .or_else(|| args.public_url.clone())
        .unwrap_or_else(|| "mailto:operator@quoridor.invalid".into());
    let push = push::Push::start(
        db.clone(),
        push::Services::new(&args.push_service)?,
        contact,
    )
    .await?;
    hub.set_push(push.clone());
    let connections = listen::Connections::new(limits.max_connections);
    let csp_reports = Arc::new(headers::Reports::default());
    let state = state::AppState {
        hub: hub.clone(),
        classroom,
        clubs,
        accounts,
        lobby: lobby::Lobby::new(hub.clone(), db.clone()),
        challenges: challenge::Challenges::start(db.clone(), hub.clone())?,
        push,
        analyses: analysis::Analyses::start(
            db.clone(),
            hub.clone(),
            std::time::Duration::from_millis(args.analysis_ms),
            args.analysis_depth,
        ),
        web_dir: assets::WebDir(args.web_dir.clone()),
        http_limit: Arc::new(limits::PerClient::new(args.http_rate)),
        ws: Arc::new(socket::WsConfig {
            max_message: args.max_message,
            messages_per_second: args.ws_rate,
            metrics: metrics.clone(),
            idle_limit: args.ws_idle().0,
            ping_every: args.ws_idle().1,
        }),
        connections: connections.clone(),
        origins: Arc::new(
            origin::OwnOrigins::new(args.public_url.as_deref())?.with_lan(origin::lan_origin(addr)),
        ),
        metrics: metrics.clone(),
        csp_reports: csp_reports.clone(),
        relay: relay::Relay::default(),
        started: state::Started(wall_ms() as f64 / 1000.0),
        metrics_public: metrics_listener.is_none(),
    };
    let (stopped_tx, stopped_rx) = tokio::sync::watch::channel(false);
    let until_stopped = move || {
        let mut rx = stopped_rx.clone();
        async move {
            let _ = rx.wait_for(|&s| s).await;
        }
    };
    if let Some(listener) = metrics_listener {
        let router = api::metrics_router(state.clone());
        let stop = until_stopped();
        tokio::spawn(async move {
            let service = router.into_make_service();
            let _ = axum::serve(listener, service)
                .with_graceful_shutdown(stop)
                .await;
        });
    }
    if let (Some(rotation), Some((_, db_path))) = (args.rotation(), &lock) {
        tokio::spawn(db::backup::run_rotation(
            rotation,
            db_path.clone(),
            metrics.clone(),
            until_stopped(),
        ));
    }
    let router = api::router(state);
    let (stop_tx, stop_rx) = oneshot::channel::<()>();
    let task = tokio::spawn(serve_until_stopped(
        Serving {
            listener,
            router,
            limits,
            connections,
            metrics,
        },
        Closing {
            hub: hub.clone(),
            db,
            workers,
            lock,
            stopped: stopped_tx,
        },
        stop_rx,
    ));
    Ok(RunningServer {
        addr,
        metrics_addr,
        hub,
        csp_reports,
        stop: Some(stop_tx),
        task,
    })
}

/// A new instance of several waits until the others know it: they learn
/// of it at their next renewal, and until then would not trust its relayed
/// requests as a peer's (and would count them against its address), so it
/// serves after two.
async fn wait_to_be_known(leases: &db::cluster::Leases) {
    if leases.live_count() <= 1 {
        return;
    }
    tracing::info!(
        target: "quoridor::cluster",
        instances = leases.live_count(),
        "waiting for the other instances to know this one"
    );
    let wait = 2 * db::postgres::RENEW_EVERY_MS + 500;
    tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
}

/// The listener for the pages and the API, its address, and the separate
/// one for `/metrics` when `--metrics-addr` is given.
async fn bind(args: &ServeArgs) -> Result<(TcpListener, SocketAddr, Option<TcpListener>), String> {
    let listener = TcpListener::bind(args.addr)
        .await
        .map_err(|err| format!("cannot listen on {}: {err}", args.addr))?;
    let addr = listener
        .local_addr()
        .map_err(|err| format!("no local address: {err}"))?;
    let metrics_listener = match args.metrics_addr {
        Some(at) => Some(
            TcpListener::bind(at)
                .await
                .map_err(|err| format!("cannot listen on {at} for /metrics: {err}"))?,
        ),
        None => None,
    };
    Ok((listener, addr, metrics_listener))
}

/// What accepts and answers the connections.
struct Serving {
    listener: TcpListener,
    router: axum::Router,
    limits: listen::Limits,
    connections: listen::Connections,
    metrics: Arc<metrics::Metrics>,
}

/// What the server closes, in order, once it stops accepting.
struct Closing {
    hub: hub::Hub,
    db: db::Db,
    workers: limits::workers::Workers,
    lock: Option<(std::fs::File, std::path::PathBuf)>,
    /// Tells the background tasks (metrics, backups) to end.
    stopped: tokio::sync::watch::Sender<bool>,
}

/// Serves until `stop` fires or the lease is lost, then saves the games,
/// closes the store and leaves the cluster.
async fn serve_until_stopped(
    serving: Serving,
    closing: Closing,
    stop: oneshot::Receiver<()>,
) -> Result<(), String> {
    let Closing {
        hub,
        db,
        workers,
        lock,
        stopped,
    } = closing;
    let lost = hub.clone();
    let sockets = hub.clone();
    let stop = Box::pin(async move {
        tokio::select! {
            _ = stop => {}
            _ = lost.lease_lost() => {}
        }
        // WebSockets close at once, and requests still waiting for a
        // worker are told the server stops, so that the accept loop's
        // wait for the connections is short.
        sockets.close_sockets();
        workers.close();
    });
    let Serving {
        listener,
        router,
        limits,
        connections,
        metrics,
    } = serving;
    listen::serve(listener, router, limits, connections, metrics, stop).await;
    hub.shutdown().await;
    let _ = stopped.send(true);
    if let Err(err) = db.close().await {
        tracing::warn!(target: "quoridor::db", error = %err, "the store did not close cleanly");
    }
    hub.leave_cluster().await;
    drop(lock);
    if hub.lost_lease() {
        return Err("this instance lost its lease on the database and stopped".into());
    }
    Ok(())
}

/// `quoridor serve`: runs until Ctrl-C or SIGTERM, then saves the clocks.
pub fn run(args: ServeArgs) -> Result<(), String> {
    logs::init(
        args.log_format,
        logs::filter(args.log.as_deref(), args.quiet)?,
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|err| format!("cannot start the runtime: {err}"))?;
    runtime.block_on(async move {
        let server = start(args).await?;
        let hub = server.hub.clone();
        tokio::select! {
            _ = shutdown_signal() => {}
            _ = hub.lease_lost() => {}
        }
        tracing::info!(target: "quoridor::serve", "stopping: saving the clocks, closing the connections");
        let stopped = server.stop().await;
        tracing::info!(target: "quoridor::serve", "stopped");
        stopped
    })
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    // SIGTERM (systemd's stop) and SIGHUP (a closed terminal, or a
    // `kill -HUP`) both stop the server the graceful way: the clocks are
    // saved and the pages told it restarts.
    #[cfg(unix)]
    let on = |kind: tokio::signal::unix::SignalKind| async move {
        match tokio::signal::unix::signal(kind) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(unix)]
    let (term, hangup) = (
        on(tokio::signal::unix::SignalKind::terminate()),
        on(tokio::signal::unix::SignalKind::hangup()),
    );
    #[cfg(not(unix))]
    let (term, hangup) = (std::future::pending::<()>(), std::future::pending::<()>());
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
        _ = hangup => {}
    }
}
