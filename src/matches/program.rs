//! An external program as a player, driven over the engine text protocol
//! (PROTOCOL.md, GTP v2 framing) on its standard input and output.
//!
//! - Each game: `newgame <size> <players> <fences> [variant options]` (or
//!   `setboard <position>` for a game from a set-up position), then `play
//!   <move>` for each opening move. The ply limit is not sent: the runner
//!   applies it and never asks for a move past it.
//! - Each move: `play <move>` for another seat's move; for its own,
//!   `time_left <ms>` (when there is a time limit: the per-move budget, or
//!   for a clock the share of it the engine's time manager would spend,
//!   [`clock_budget`]) then `genmove`, answered `= <move>`.
//! - Every reply is awaited with a deadline measured here: for a timed
//!   `genmove` twice the budget plus one second (for a clock, the time left
//!   plus one second), else the player's `timeout=` (default
//!   [`DEFAULT_TIMEOUT`]). A reply that does not come in time, a `?` reply or
//!   one that is not a move, and a program that exits, each end the game for
//!   the program; it is then killed and started again for the next game.
//! - `quit` when the player is dropped (then killed if it has not exited
//!   within a second).

use std::collections::VecDeque;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use quoridor_engine::time::clock_budget;
use quoridor_engine::{duration_text, Level, SearchLimit};
use quoridor_rules::{Game, Move, Position};

use super::player::{Player, PlayerError};
use crate::lines::read_lossy_line;

/// How long a command other than a timed `genmove` may take, by default.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

/// The longest reply line kept; the rest of a longer line is dropped.
const MAX_LINE: usize = 64 * 1024;

/// Lines of the program's standard error kept, to explain a crash.
const STDERR_LINES: usize = 5;

/// A running program.
struct Process {
    child: Child,
    stdin: ChildStdin,
    /// Lines of standard output, read by a thread; closed at end of output.
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// Closed when standard error ends.
    stderr_done: Receiver<()>,
}

/// An external program speaking the protocol.
pub struct ProgramPlayer {
    argv: Vec<String>,
    name: String,
    level: Option<Level>,
    timeout: Duration,
    process: Option<Process>,
}

impl ProgramPlayer {
    /// Starts the program (and sends `level` if one is given). An error
    /// here means the program cannot be used at all.
    pub fn start(
        name: &str,
        argv: &[String],
        level: Option<Level>,
        timeout: Option<Duration>,
    ) -> Result<ProgramPlayer, String> {
        let mut player = ProgramPlayer {
            argv: argv.to_vec(),
            name: name.to_string(),
            level,
            timeout: timeout.unwrap_or(DEFAULT_TIMEOUT),
            process: None,
        };
        player.ensure_started().map_err(|err| match err {
            PlayerError::Crash(why) if why.starts_with("cannot start") => why,
            err => format!("program `{}`: {err}", argv.join(" ")),
        })?;
        Ok(player)
    }

    fn ensure_started(&mut self) -> Result<(), PlayerError> {
        if self.process.is_some() {
            return Ok(());
        }
        self.process = Some(self.spawn()?);
        if let Some(level) = self.level {
            self.command(&format!("level {level}"), self.timeout)?;
        }
        Ok(())
    }

    fn spawn(&self) -> Result<Process, PlayerError> {
        let mut child = Command::new(&self.argv[0])
            .args(&self.argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|err| {
                PlayerError::Crash(format!("cannot start `{}`: {err}", self.argv.join(" ")))
            })?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = child.stderr.take().expect("piped stderr");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(line) = read_lossy_line(&mut reader, MAX_LINE) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let keep = Arc::clone(&tail);
        let (done, stderr_done) = mpsc::channel::<()>();
        thread::spawn(move || {
            let _done = done;
            let mut reader = BufReader::new(stderr);
            while let Some(line) = read_lossy_line(&mut reader, MAX_LINE) {
                let mut tail = keep.lock().unwrap_or_else(|e| e.into_inner());
                if tail.len() == STDERR_LINES {
                    tail.pop_front();
                }
                tail.push_back(line);
            }
        });
        Ok(Process {
            child,
            stdin,
            lines,
            stderr: tail,
            stderr_done,
        })
    }

    /// Kills the program (after an error: its state is unknown).
    fn kill(&mut self) {
        if let Some(mut process) = self.process.take() {
            let _ = process.child.kill();
            let _ = process.child.wait();
        }
    }

    /// Sends a command and waits for its successful result, at most `wait`.
    /// Any failure kills the program.
    fn command(&mut self, line: &str, wait: Duration) -> Result<String, PlayerError> {
        let result = self.exchange(line, wait);
        if result.is_err() {
            self.kill();
        }
        result
    }

    fn exchange(&mut self, line: &str, wait: Duration) -> Result<String, PlayerError> {
        let deadline = Instant::now() + wait;
        let process = self
            .process
            .as_mut()
            .ok_or_else(|| PlayerError::Crash("the program is not running".into()))?;
        let written = writeln!(process.stdin, "{line}").and_then(|()| process.stdin.flush());
        if let Err(err) = written {
            return Err(PlayerError::Crash(format!(
                "cannot send `{line}`: {err}{}",
                exit_details(process)
            )));
        }
        // The reply: a line starting with `=` or `?` (empty lines before it
        // are skipped), the lines after it, and an empty line.
        let mut reply: Option<(bool, String)> = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let text = match process.lines.recv_timeout(left) {
                Ok(text) => text,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(PlayerError::Time(format!(
                        "no reply to `{line}` within {}",
                        duration_text(wait)
                    )))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(PlayerError::Crash(format!(
                        "the program ended its output while answering `{line}`{}",
                        exit_details(process)
                    )))
                }
            };
            match &mut reply {
                None if text.trim().is_empty() => {}
                None => {
                    let success = match text.chars().next() {
                        Some('=') => true,
                        Some('?') => false,
                        _ => {
                            return Err(PlayerError::Illegal(format!(
                                "malformed reply to `{line}`: `{}`",
                                shown(&text)
                            )))
                        }
                    };
                    let rest = text[1..].trim_start_matches(|c: char| c.is_ascii_digit());
                    reply = Some((success, rest.trim().to_string()));
                }
                Some((success, result)) => {
                    if text.trim().is_empty() {
                        if *success {
                            return Ok(std::mem::take(result));
                        }
                        return Err(PlayerError::Illegal(format!(
                            "`{line}` failed: ? {}",
                            shown(result)
                        )));
                    }
                    result.push('\n');
                    result.push_str(text.trim_end());
                }
            }
        }
    }

    /// How long `genmove` may take under `limit`, and the `time_left` to
    /// send first.
    fn genmove_wait(&self, limit: SearchLimit) -> (Duration, Option<Duration>) {
        let second = Duration::from_secs(1);
        match limit {
            SearchLimit::MoveTime(t) => (t * 2 + second, Some(t)),
            SearchLimit::Clock {
                remaining,
                increment,
            } => (remaining + second, Some(clock_budget(remaining, increment))),
            _ => (self.timeout, None),
        }
    }
}

/// `, exit status 1; stderr: …` when known.
fn exit_details(process: &mut Process) -> String {
    let mut details = String::new();
    // Give a crashing program a moment to be reaped.
    for _ in 0..20 {
        if let Ok(Some(status)) = process.child.try_wait() {
            details = format!(" ({status})");
            break;
        }
        thread::sleep(Duration::from_millis(10));
    }
    // Let the last lines of standard error arrive.
    let _ = process.stderr_done.recv_timeout(Duration::from_millis(200));
    let tail = process.stderr.lock().unwrap_or_else(|e| e.into_inner());
    if !tail.is_empty() {
        let lines: Vec<&str> = tail.iter().map(String::as_str).collect();
        details.push_str(&format!("; stderr: {}", shown(&lines.join(" | "))));
    }
    details
}

/// Text cut to a readable length for messages.
fn shown(text: &str) -> String {
    quoridor_rules::excerpt(text, 200)
}

/// The `newgame` (or `setboard`) command that sets up the start of `game`.
fn setup_command(game: &Game) -> String {
    let start: &Position = game.start();
    if *start == Position::new(*start.rules()) {
        let rules = start.rules().with_ply_limit(None).unwrap_or(*start.rules());
        format!("newgame {rules}")
    } else {
        format!("setboard {start}")
    }
}

impl Player for ProgramPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, game: &Game) -> Result<(), PlayerError> {
        self.ensure_started()?;
        self.command(&setup_command(game), self.timeout)?;
        for mv in game.moves() {
            self.command(&format!("play {mv}"), self.timeout)?;
        }
        Ok(())
    }

    fn choose(&mut self, _game: &Game, limit: SearchLimit) -> Result<Move, PlayerError> {
        // The whole exchange, `time_left` included, is the move's time.
        let (wait, budget) = self.genmove_wait(limit);
        let deadline = Instant::now() + wait;
        if let Some(budget) = budget {
            let ms = budget.as_millis().max(1);
            self.command(&format!("time_left {ms}"), wait)?;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        let reply = self.command("genmove", left)?;
        let word = reply.trim();
        if word.eq_ignore_ascii_case("resign") {
            self.kill();
            return Err(PlayerError::Resigned);
        }
        word.parse::<Move>().map_err(|err| {
            self.kill();
            PlayerError::Illegal(format!("genmove answered `{}`: {err}", shown(word)))
        })
    }

    fn opponent_moved(&mut self, _game: &Game, mv: Move) -> Result<(), PlayerError> {
        self.command(&format!("play {mv}"), self.timeout).map(drop)
    }
}

impl Drop for ProgramPlayer {
    fn drop(&mut self) {
        let Some(mut process) = self.process.take() else {
            return;
        };
        let _ = writeln!(process.stdin, "quit").and_then(|()| process.stdin.flush());
        drop(process.stdin);
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = process.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = process.child.kill();
        let _ = process.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use quoridor_rules::Ruleset;

    use super::*;

    fn sh(script: &str) -> Vec<String> {
        vec!["sh".into(), "-c".into(), script.into()]
    }

    #[test]
    fn the_setup_leaves_out_the_ply_limit() {
        let rules = Ruleset::new(7, 2)
            .unwrap()
            .with_ply_limit(Some(400))
            .unwrap();
        assert_eq!(setup_command(&Game::new(rules)), "newgame 7 2 6");
        let pos: Position = "5 c2,c4 - 3,3 south 2".parse().unwrap();
        assert_eq!(
            setup_command(&Game::from_position(pos)),
            "setboard 5 c2,c4 - 3,3 south 2"
        );
    }

    #[test]
    fn a_malformed_move_is_an_illegal_move() {
        let script = "while read line; do case \"$line\" in genmove) echo '= zz9';; \
                      *) echo '=';; esac; echo; done";
        let mut player = ProgramPlayer::start("bad", &sh(script), None, None).unwrap();
        let game = Game::new(Ruleset::new(5, 2).unwrap());
        player.new_game(&game).unwrap();
        let err = player
            .choose(&game, SearchLimit::MoveTime(Duration::from_millis(50)))
            .unwrap_err();
        assert!(
            matches!(&err, PlayerError::Illegal(why) if why.contains("zz9")),
            "{err}"
        );
        // Started again for the next game.
        player.new_game(&game).unwrap();
    }

    #[test]
    fn a_silent_program_loses_on_time_and_an_exiting_one_crashes() {
        let mut player = ProgramPlayer::start(
            "slow",
            &sh("read x; echo =; echo; exec sleep 30"),
            None,
            None,
        )
        .unwrap();
        let game = Game::new(Ruleset::new(5, 2).unwrap());
        player.new_game(&game).unwrap();
        let start = Instant::now();
        let err = player
            .choose(&game, SearchLimit::MoveTime(Duration::from_millis(10)))
            .unwrap_err();
        assert_eq!(err.kind(), "time", "{err}");
        assert!(start.elapsed() < Duration::from_secs(3));

        let script = "read x; echo 'dying' >&2; exit 3";
        let mut player = ProgramPlayer::start("dies", &sh(script), None, None).unwrap();
        let err = player.new_game(&game).unwrap_err();
        assert!(
            matches!(&err, PlayerError::Crash(why) if why.contains("dying")),
            "{err}"
        );
    }

    #[test]
    fn a_missing_program_cannot_start() {
        let argv = vec!["/nonexistent/quoridor-bot".to_string()];
        let err = ProgramPlayer::start("none", &argv, None, None)
            .err()
            .unwrap();
        assert!(err.contains("cannot start"), "{err}");
    }
}
