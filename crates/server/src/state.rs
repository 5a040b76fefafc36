//! What the handlers share: every service, and the settings of the HTTP
//! side. Each handler takes only its part (`State<Hub>`, `State<Clubs>`…).

use std::sync::Arc;

use axum::extract::FromRef;

use crate::account::Accounts;
use crate::assets::WebDir;
use crate::hub::Hub;
use crate::limits::PerClient;
use crate::listen::Connections;
use crate::socket::WsConfig;

/// Everything a handler may need; each handler takes only its part.
#[derive(Clone, FromRef)]
pub struct AppState {
    pub hub: Hub,
    pub classroom: crate::classroom::Classroom,
    pub clubs: crate::club::Clubs,
    pub accounts: Accounts,
    pub lobby: crate::lobby::Lobby,
    pub challenges: crate::challenge::Challenges,
    pub push: crate::push::Push,
    pub analyses: crate::analysis::Analyses,
    pub web_dir: WebDir,
    pub http_limit: Arc<PerClient>,
    pub ws: Arc<WsConfig>,
    pub connections: Connections,
    pub origins: Arc<crate::origin::OwnOrigins>,
    pub metrics: Arc<crate::metrics::Metrics>,
    /// What the browsers reported the Content Security Policy blocked.
    pub csp_reports: Arc<crate::headers::Reports>,
    /// How a game's request reaches the instance that holds it.
    pub relay: crate::relay::Relay,
    pub started: Started,
    /// Whether `/metrics` is on the public address (no `--metrics-addr`).
    #[from_ref(skip)]
    pub metrics_public: bool,
}

/// When the server started (seconds since 1970), for `/metrics`.
#[derive(Clone, Copy, Debug)]
pub struct Started(pub f64);
