//! `quoridor bot --server URL --token-file F --engine "CMD"`: puts any
//! engine that speaks the engine text protocol (PROTOCOL.md) on a server
//! as a bot account. It hears the account's events on the challenges'
//! WebSocket (challenges, games accepted, games that moved on), accepts
//! the challenges its owner's rules allow and declines the others, plays
//! each game on the game's own WebSocket with the engine given the clock
//! ([`game`]), and logs each game, one line an event. A network loss is
//! followed by reconnections (1 s, then twice as long each time, at most
//! 30 s); games going on are found again through `GET /api/account/playing`
//! and none is lost. See API.md ("Personal API tokens", "Bots").

pub mod game;
pub mod rules;
pub mod server;

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use crate::matches::spec::split_command_line;
use rules::{parse_speeds, AcceptRules, Incoming, Rated};
use server::{Failure, Server};

#[derive(clap::Args, Debug)]
pub struct BotArgs {
    /// The server's address (http://host:port or https://host).
    #[arg(long)]
    pub server: String,
    /// A file holding the account's personal API token (made on the
    /// account page; never given on the command line, where others see it).
    #[arg(long)]
    pub token_file: PathBuf,
    /// The engine's command line, e.g. "quoridor gtp" or "python3 my_bot.py":
    /// a program that speaks PROTOCOL.md, started for each game.
    #[arg(long)]
    pub engine: String,
    /// The speeds accepted: some of bullet, blitz, rapid, classical,
    /// correspondence, untimed (a game without a clock), or all.
    #[arg(long, default_value = "all")]
    pub speeds: String,
    /// Rated challenges, casual ones, or both.
    #[arg(long, value_enum, default_value = "both")]
    pub rated: Rated,
    /// Decline challenges from other bots.
    #[arg(long)]
    pub no_bots: bool,
    /// The most games at once; more challenges are declined.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=50))]
    pub max_games: u32,
    /// The engine's time for a move in a game without a clock or with
    /// days a move, in milliseconds.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(10..=600_000))]
    pub think_ms: u64,
}

/// What every game of the bot shares.
pub struct Context {
    pub server: Server,
    /// The engine's command line, split into words.
    pub engine: Vec<String>,
    pub think: Duration,
}

/// A line of the bot's log (standard output), with the time.
pub fn say(line: &str) {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    println!("[{}.{:03}] {line}", ms / 1000, ms % 1000);
}

pub fn run(args: &BotArgs) -> Result<(), String> {
    let token = std::fs::read_to_string(&args.token_file)
        .map_err(|err| format!("{}: {err}", args.token_file.display()))?;
    let engine = split_command_line(&args.engine).map_err(|err| format!("--engine: {err}"))?;
    if engine.is_empty() {
        return Err("--engine: give the engine's command line".into());
    }
    let rules = AcceptRules {
        speeds: parse_speeds(&args.speeds).map_err(|err| format!("--speeds: {err}"))?,
        rated: args.rated,
        bots: !args.no_bots,
        max_games: args.max_games as usize,
    };
    let ctx = Arc::new(Context {
        server: Server::new(&args.server, token.trim())?,
        engine,
        think: Duration::from_millis(args.think_ms),
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|err| format!("cannot start: {err}"))?;
    runtime.block_on(Bot::new(ctx, rules).run())
}

/// A game of the account's not over, as `GET /api/account/playing` lists it.
#[derive(Deserialize)]
struct Playing {
    game: String,
}

/// The bot: its rules and the games it plays now.
struct Bot {
    ctx: Arc<Context>,
    rules: AcceptRules,
    playing: Arc<Mutex<HashSet<String>>>,
    /// Challenges already answered (the list comes again after each change).
    answered: HashSet<String>,
}

impl Bot {
    fn new(ctx: Arc<Context>, rules: AcceptRules) -> Bot {
        Bot {
            ctx,
            rules,
            playing: Arc::default(),
            answered: HashSet::new(),
        }
    }

    /// Hears the account's events until a refusal that trying again will
    /// not mend (a token revoked).
    async fn run(mut self) -> Result<(), String> {
        let mut wait = Duration::from_secs(1);
        loop {
            match self.ctx.server.socket("/api/challenges/ws").await {
                Ok(socket) => {
                    say("connected: waiting for challenges");
                    wait = Duration::from_secs(1);
                    if let Err(failure) = self.catch_up().await {
                        if !failure.is_passing() {
                            return Err(failure.to_string());
                        }
                    }
                    let why = self.listen(socket).await?;
                    say(&format!("connection lost ({why}); reconnecting"));
                }
                Err(failure) if !failure.is_passing() => return Err(failure.to_string()),
                Err(failure) => say(&format!("{failure}; trying again in {} s", wait.as_secs())),
            }
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(Duration::from_secs(30));
        }
    }

    /// Follows the events of one connection; the answer is why it ended.
    async fn listen(&mut self, socket: server::Socket) -> Result<String, String> {
        let (_sink, mut stream) = socket.split();
        while let Some(message) = stream.next().await {
            let text = match message {
                Ok(Message::Text(text)) => text,
                Ok(_) => continue,
                Err(err) => return Ok(err.to_string()),
            };
            let Ok(event) = serde_json::from_str::<Value>(&text) else {
                continue;
            };
            let done = match event["type"].as_str() {
                Some("challenges") => self.answer(&event["incoming"]).await,
                // A game begins (its moves come on its own socket).
                Some("accepted") => self.catch_up().await,
                Some("error") => {
                    say(&format!("the server says: {}", event["error"]["message"]));
                    Ok(())
                }
                _ => Ok(()),
            };
            if let Err(failure) = done {
                if !failure.is_passing() {
                    return Err(failure.to_string());
                }
                say(&failure.to_string());
            }
        }
        Ok("closed".into())
    }

    /// Answers each challenge not answered yet.
    async fn answer(&mut self, incoming: &Value) -> Result<(), Failure> {
        let incoming: Vec<Incoming> = serde_json::from_value(incoming.clone()).unwrap_or_default();
        for challenge in incoming {
            if !self.answered.insert(challenge.id.clone()) {
                continue;
            }
            let busy = self.playing.lock().unwrap_or_else(|e| e.into_inner()).len();
            let path = format!("/api/challenges/{}", challenge.id);
            match self.rules.decide(&challenge, busy) {
                Ok(()) => match self
                    .ctx
                    .server
                    .post(&format!("{path}/accept"), &json!({}))
                    .await
                {
                    Ok(accepted) => {
                        let game = accepted["game"].as_str().unwrap_or_default().to_string();
                        say(&format!(
                            "accepted {}'s challenge: game {game}",
                            challenge.from
                        ));
                        self.start(game);
                    }
                    // Withdrawn meanwhile, or expired: nothing to play.
                    Err(failure) if !failure.is_passing() => {
                        say(&format!("{}'s challenge: {failure}", challenge.from))
                    }
                    Err(failure) => {
                        self.answered.remove(&challenge.id);
                        return Err(failure);
                    }
                },
                Err(why) => {
                    say(&format!("declined {}'s challenge: {why}", challenge.from));
                    let declined = self
                        .ctx
                        .server
                        .post(&format!("{path}/decline"), &json!({}))
                        .await;
                    if let Err(failure) = declined.as_ref() {
                        if failure.is_passing() {
                            self.answered.remove(&challenge.id);
                        }
                    }
                    declined?;
                }
            }
        }
        Ok(())
    }

    /// Starts playing every game of the account not over that no task
    /// plays yet (after a reconnection, those that went on meanwhile).
    async fn catch_up(&mut self) -> Result<(), Failure> {
        let listed = self.ctx.server.get("/api/account/playing").await?;
        let games: Vec<Playing> = serde_json::from_value(listed).unwrap_or_default();
        for game in games {
            self.start(game.game);
        }
        Ok(())
    }

    /// Plays `game` in a task of its own, unless one plays it already.
    fn start(&self, game: String) {
        if game.is_empty()
            || !self
                .playing
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(game.clone())
        {
            return;
        }
        say(&format!("game {game}: playing"));
        let ctx = Arc::clone(&self.ctx);
        let playing = Arc::clone(&self.playing);
        tokio::spawn(async move {
            let ending = game::play(ctx, game.clone()).await;
            match ending {
                game::Ending::Over(how) => say(&format!("game {game}: over, {how}")),
                game::Ending::Left(why) => say(&format!("game {game}: left, {why}")),
            }
            playing
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&game);
        });
    }
}
