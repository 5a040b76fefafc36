//! Accounts in the load benchmark (`--accounts N`): N players sign up
//! before the games are made, every game is rated between two of them, and
//! after play every account's ratings are read back to check that each
//! game that ended was rated exactly once.

use std::sync::Arc;
use std::time::Instant;

use quoridor_server::account::view::AccountView;
use serde_json::json;
use tokio::sync::Semaphore;

use super::http::{http_as, Auth};
use super::settings::bar;
use super::target::Target;

/// Sign-ups in flight at once (the server hashes two passwords at a time).
const SIGN_UPS_IN_FLIGHT: usize = 4;

/// What the accounts took and what they show after play.
#[derive(Clone, Debug, Default)]
pub struct AccountFigures {
    pub accounts: usize,
    pub sign_up_seconds: f64,
    /// Rated games the accounts' ratings count (each counted by both
    /// players, halved).
    pub rated_games: u64,
}

/// Signs up `n` accounts: their session cookies.
pub async fn sign_up(target: &Target, n: usize) -> Result<(Vec<String>, f64), String> {
    let progress = bar(n as u64, "signing up accounts (argon2id)");
    let start = Instant::now();
    let in_flight = Arc::new(Semaphore::new(SIGN_UPS_IN_FLIGHT));
    let mut tasks = Vec::with_capacity(n);
    for i in 0..n {
        let permit = in_flight
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| e.to_string())?;
        let (addr, host, progress) = (target.addr, target.host.clone(), progress.clone());
        tasks.push(tokio::spawn(async move {
            let body =
                json!({"name": format!("bench_{i}"), "password": format!("bench password {i}")});
            let reply = http_as(
                addr,
                &host,
                "POST",
                "/api/account/signup",
                &body.to_string(),
                Auth::None,
            )
            .await;
            drop(permit);
            progress.inc(1);
            let reply = reply?;
            match (reply.status, reply.session) {
                (201, Some(session)) => Ok(session),
                (status, _) => Err(format!("sign-up {i}: {status} {}", reply.body)),
            }
        }));
    }
    let mut sessions = Vec::with_capacity(n);
    for task in tasks {
        sessions.push(task.await.map_err(|e| e.to_string())??);
    }
    let seconds = start.elapsed().as_secs_f64();
    progress.finish_with_message(format!("{n} accounts in {seconds:.1} s"));
    Ok((sessions, seconds))
}

/// The two accounts of game `index`: always two different ones.
pub fn pair(sessions: &[String], index: usize) -> Option<(&str, &str)> {
    let n = sessions.len();
    if n < 2 {
        return None;
    }
    let a = index % n;
    let b = (a + 1 + index / n % (n - 1)) % n;
    Some((&sessions[a], &sessions[b]))
}

/// The rated games the accounts' ratings count.
pub async fn rated_games(target: &Target, sessions: &[String]) -> Result<u64, String> {
    let mut total = 0u64;
    for session in sessions {
        let reply = http_as(
            target.addr,
            &target.host,
            "GET",
            "/api/account",
            "",
            Auth::Session(session),
        )
        .await?;
        if reply.status != 200 {
            return Err(format!("GET /api/account: {} {}", reply.status, reply.body));
        }
        let view: AccountView = serde_json::from_str(&reply.body).map_err(|e| e.to_string())?;
        total += view.ratings.iter().map(|r| u64::from(r.games)).sum::<u64>();
    }
    Ok(total / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_two_accounts() {
        let sessions: Vec<String> = (0..5).map(|i| i.to_string()).collect();
        for index in 0..100 {
            let (a, b) = pair(&sessions, index).unwrap();
            assert_ne!(a, b);
        }
        assert!(pair(&sessions[..1], 0).is_none());
    }
}
