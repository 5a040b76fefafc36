//! The server under test: one started for the run, or one already
//! listening (`--addr`).

use std::net::SocketAddr;
use std::sync::Arc;

use super::http::wait_for_health;
use super::process::{memory_of, Memory, ServerProcess};
use super::settings::ServerArgs;

/// The server under test: where it listens, and the child process when
/// the benchmark started it.
pub struct Target {
    pub process: Option<ServerProcess>,
    pub addr: SocketAddr,
    pub host: Arc<str>,
    /// Another instance the north players connect through (`--relay-addr`).
    pub relay: Option<(SocketAddr, Arc<str>)>,
}

impl Target {
    pub async fn start(args: &ServerArgs) -> Result<Target, String> {
        let mut target = Target::start_at(args.addr.as_deref(), args.db.as_deref()).await?;
        if let Some(text) = &args.relay_addr {
            let addr = tokio::net::lookup_host(text.as_str())
                .await
                .map_err(|err| format!("--relay-addr {text}: {err}"))?
                .next()
                .ok_or_else(|| format!("--relay-addr {text}: no address"))?;
            target.relay = Some((addr, Arc::from(text.as_str())));
        }
        Ok(target)
    }

    /// The server at `addr`, or one started for the run (on the store
    /// `db`, or a SQLite file of its own).
    pub async fn start_at(addr: Option<&str>, db: Option<&str>) -> Result<Target, String> {
        let wanted = addr.map(str::to_string);
        let mut process = match &wanted {
            Some(_) => None,
            None => Some(ServerProcess::start(db)?),
        };
        let (addr, host) = match (&wanted, &process) {
            (Some(text), _) => {
                let addr = tokio::net::lookup_host(text.as_str())
                    .await
                    .map_err(|err| format!("--addr {text}: {err}"))?
                    .next()
                    .ok_or_else(|| format!("--addr {text}: no address"))?;
                (addr, text.clone())
            }
            (None, Some(p)) => (p.addr, p.addr.to_string()),
            (None, None) => unreachable!("a server is started when --addr is not given"),
        };
        wait_for_health(addr, &host, &mut process).await?;
        Ok(Target {
            process,
            addr,
            host: Arc::from(host),
            relay: None,
        })
    }

    pub fn pid(&self) -> Option<u32> {
        self.process.as_ref().map(ServerProcess::pid)
    }

    pub fn memory(&self) -> Memory {
        self.pid()
            .and_then(|p| memory_of(&p.to_string()))
            .unwrap_or_default()
    }
}
