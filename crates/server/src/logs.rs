//! The server's log for its operator, through `tracing`: one line per
//! request (method, route template, status, time), per WebSocket that
//! closes, per game created or ended, per backup, and per error with its
//! cause. Nothing secret is ever written: routes are templates
//! (`/api/games/{id}/move`), never a path with its query, a token, a
//! cookie, a password or a pupil's name.

use tracing_subscriber::EnvFilter;

/// How log lines are written (on standard error).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One readable line per event.
    Text,
    /// One JSON object per line, for a log collector.
    Json,
}

/// Which events are written: `--log` if given, else `RUST_LOG`, else
/// `info` (`warn` with `--quiet`).
pub fn filter(flag: Option<&str>, quiet: bool) -> Result<EnvFilter, String> {
    let from_env = std::env::var("RUST_LOG")
        .ok()
        .filter(|s| !s.trim().is_empty());
    let default = if quiet { "warn" } else { "info" };
    let directives = flag.map(str::to_string).or(from_env);
    let directives = directives.as_deref().unwrap_or(default);
    EnvFilter::try_new(directives).map_err(|err| {
        format!("log level {directives:?}: {err} (examples: info, warn, quoridor_server=debug)")
    })
}

/// Starts writing the log (once per process; later calls change nothing).
pub fn init(format: LogFormat, filter: EnvFilter) {
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Text => builder
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
            .try_init(),
        LogFormat::Json => builder.json().flatten_event(true).try_init(),
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_level_is_refused_with_examples() {
        let err = filter(Some("info,[="), false).unwrap_err();
        assert!(err.contains("examples"), "{err}");
        assert!(filter(Some("debug"), false).is_ok());
        assert!(filter(Some("quoridor_server=debug,warn"), true).is_ok());
    }
}
