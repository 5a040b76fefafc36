//! `quoridor serve`: Quoridor in the browser. Games live on the server (the
//! rules engine checks every move), are stored in SQLite before any move is
//! acknowledged, and are followed live over WebSocket. See API.md.
//!
//! - [`model`]: one game, its seats, clocks and draw offers (synchronous).
//! - [`hub`]: the rooms; every change goes through [`hub::Hub::change`].
//! - [`db`]: the store, with a group-committing writer thread.
//! - [`api`], [`ws`]: HTTP and WebSocket; [`error`]: the one error type.

pub mod api;
pub mod assets;
pub mod config;
pub mod db;
pub mod error;
pub mod hub;
pub mod limits;
pub mod model;
pub mod token;
pub mod view;
pub mod ws;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::serve::ListenerExt;
use tokio::net::TcpListener;
use tokio::sync::oneshot;

pub use config::ServeArgs;

/// A server running in the background (tests, benchmarks).
pub struct RunningServer {
    pub addr: SocketAddr,
    pub hub: hub::Hub,
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

/// Opens the database, resumes the games in progress and starts serving on
/// the runtime it is called from.
pub async fn start(args: ServeArgs) -> Result<RunningServer, String> {
    let db_path = args.db_path()?;
    let db = db::Db::open(&db_path, args.sync)?;
    let hub = hub::Hub::new(db, args.hub_config());
    let resumed = hub
        .resume()
        .await
        .map_err(|err| format!("cannot resume games: {err}"))?;
    hub.start_sweeper(std::time::Duration::from_secs(600));
    let listener = TcpListener::bind(args.addr)
        .await
        .map_err(|err| format!("cannot listen on {}: {err}", args.addr))?;
    let addr = listener
        .local_addr()
        .map_err(|err| format!("no local address: {err}"))?;
    if !args.quiet {
        eprintln!(
            "quoridor serve: http://{addr}/ (database {}, {resumed} games resumed)",
            db_path.display()
        );
    }
    let hub_handle = hub.clone();
    let state = api::AppState {
        hub: hub.clone(),
        web_dir: api::WebDir(args.web_dir.clone()),
        http_limit: Arc::new(limits::PerClient::new(args.http_rate)),
        ws: Arc::new(api::WsConfig {
            max_message: args.max_message,
            messages_per_second: args.ws_rate,
        }),
    };
    let app = api::router(state).into_make_service_with_connect_info::<SocketAddr>();
    let (stop_tx, stop_rx) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        // Moves are small messages that should leave at once.
        let listener = listener.tap_io(|stream| {
            let _ = stream.set_nodelay(true);
        });
        let served = axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                let _ = stop_rx.await;
            })
            .await;
        hub.shutdown().await;
        served.map_err(|err| err.to_string())
    });
    Ok(RunningServer {
        addr,
        hub: hub_handle,
        stop: Some(stop_tx),
        task,
    })
}

/// `quoridor serve`: runs until Ctrl-C or SIGTERM, then saves the clocks.
pub fn run(args: ServeArgs) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|err| format!("cannot start the runtime: {err}"))?;
    runtime.block_on(async move {
        let server = start(args).await?;
        shutdown_signal().await;
        eprintln!("quoridor serve: stopping (clocks saved)");
        server.stop().await
    })
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
    }
}
