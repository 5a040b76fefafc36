//! The full-screen game: raw mode and the alternate screen, then a loop
//! of draw, wait for a key (50 ms at most), tick. The terminal is restored
//! whatever happens: on quit, on an error (a guard), on a panic (a panic
//! hook that restores before the message is printed) and on SIGINT,
//! SIGTERM or SIGHUP (a flag the loop checks; Ctrl-C itself arrives as a
//! key in raw mode). Quitting any of these ways keeps the game.
//!
//! A closed terminal (a closed window, a killed tmux pane) is noticed by
//! the loop itself, which waits for input with `poll(2)` and sees the
//! hangup: crossterm's reader would otherwise read end-of-file again and
//! again without returning. Only input that is really there is handed to
//! crossterm, and a watchdog thread ends the process if a hangup still
//! leaves the loop stuck (the autosave is written after every move).

use std::io::{self, Write};
use std::os::fd::RawFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Once, OnceLock};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{self, Event, KeyEventKind};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::Terminal;

use super::app::{Action, App};
use super::ui::{self, Palette};

/// Puts the terminal back as it was: cooked mode, main screen, cursor shown.
pub fn restore_terminal() {
    let _ = disable_raw_mode();
    let _ = execute!(io::stdout(), LeaveAlternateScreen, Show);
    let _ = io::stdout().flush();
}

/// Restores the terminal when dropped (a return, an error, an unwinding panic).
struct Guard;

impl Guard {
    fn enter() -> io::Result<Guard> {
        enable_raw_mode()?;
        let guard = Guard;
        // Cleared here rather than by ratatui, which would first ask the
        // terminal where its cursor is (some terminals never answer).
        execute!(
            io::stdout(),
            EnterAlternateScreen,
            Hide,
            Clear(ClearType::All)
        )?;
        Ok(guard)
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// The thread that draws the screen; set when the full screen starts.
static SCREEN_THREAD: OnceLock<ThreadId> = OnceLock::new();

/// A panic hook that restores the terminal first, so that the panic
/// message is printed on the normal screen and the shell stays usable.
/// Only a panic of the screen's thread ends the game: a panic elsewhere
/// (the AI's thread) is caught there, and the game goes on in full screen,
/// so its message is not printed over the board.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    let _ = SCREEN_THREAD.set(std::thread::current().id());
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if SCREEN_THREAD.get() == Some(&std::thread::current().id()) {
                restore_terminal();
                previous(info);
            }
        }));
    });
}

/// What the terminal's input holds after a wait.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Input {
    /// Bytes to read.
    Ready,
    /// Nothing yet.
    Idle,
    /// The terminal is gone: nothing will ever come.
    HungUp,
}

/// Waits up to `timeout` for input on `fd`.
fn wait_input(fd: RawFd, timeout: Duration) -> Input {
    let mut poll = libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    let millis = timeout.as_millis().min(i32::MAX as u128) as i32;
    // SAFETY: one valid pollfd, for the length given.
    let ready = unsafe { libc::poll(&mut poll, 1, millis) };
    if ready < 0 {
        // Interrupted by a signal: the loop looks at the flag.
        return Input::Idle;
    }
    if poll.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
        Input::HungUp
    } else if poll.revents & libc::POLLIN != 0 {
        Input::Ready
    } else {
        Input::Idle
    }
}

/// How long the loop has, after a hangup, to save and leave by itself.
const HANGUP_GRACE: Duration = Duration::from_secs(1);

/// A thread that waits for the terminal to hang up, raises `signal`, and
/// ends the process if the loop has not left within [`HANGUP_GRACE`].
fn watch_hangup(fd: RawFd, signal: Arc<AtomicBool>) {
    let spawned = std::thread::Builder::new()
        .name("quoridor-hangup".into())
        .spawn(move || {
            if block_until_hangup(fd) {
                signal.store(true, Ordering::Relaxed);
                std::thread::sleep(HANGUP_GRACE);
                std::process::exit(1);
            }
        });
    // Without the thread the loop still notices a hangup by itself.
    drop(spawned);
}

/// Blocks until `fd` hangs up (`true`), or poll(2) fails (`false`).
fn block_until_hangup(fd: RawFd) -> bool {
    loop {
        // No events asked for: poll(2) reports a hangup or an error anyway.
        let mut poll = libc::pollfd {
            fd,
            events: 0,
            revents: 0,
        };
        // SAFETY: one valid pollfd, for the length given.
        let ready = unsafe { libc::poll(&mut poll, 1, -1) };
        if ready < 0 {
            if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return false;
        }
        if poll.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
            return true;
        }
    }
}

/// Plays in the terminal until the players quit, a signal comes or the
/// terminal closes. However the loop ends, the game is kept.
/// `crash` makes the loop panic after the first key (the crash tests).
pub fn run(app: &mut App, pal: Palette, signal: Arc<AtomicBool>, crash: bool) -> io::Result<()> {
    install_panic_hook();
    let _guard = Guard::enter()?;
    watch_hangup(libc::STDIN_FILENO, Arc::clone(&signal));
    let result = play(app, pal, &signal, crash);
    if !app.has_quit() {
        app.quit();
    }
    result
}

fn play(app: &mut App, pal: Palette, signal: &AtomicBool, crash: bool) -> io::Result<()> {
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    // Drawn after every event, and every tenth of a second while a clock runs.
    let mut dirty = true;
    let mut last_draw = Instant::now();
    loop {
        dirty |= app.tick(Instant::now());
        // The screen shows the latest message; the log is for the line mode.
        app.take_log();
        if signal.load(Ordering::Relaxed) {
            app.quit();
            break;
        }
        let ticking = app.clock_running() && last_draw.elapsed() >= Duration::from_millis(100);
        if dirty || ticking {
            terminal.draw(|frame| ui::draw(frame, app, pal))?;
            last_draw = Instant::now();
            dirty = false;
        }
        match wait_input(libc::STDIN_FILENO, Duration::from_millis(50)) {
            Input::HungUp => {
                app.quit();
                // Nothing to restore on a terminal that is gone; ratatui's
                // drop would try, and report the failure on a closed stderr.
                std::mem::forget(terminal);
                return Ok(());
            }
            // Keys are on the terminal, or a resize may be waiting (it
            // comes by a signal, not on the terminal's input): everything
            // crossterm has, without waiting.
            Input::Idle | Input::Ready => {
                while event::poll(Duration::ZERO)? {
                    // Any event (a key, a resize, a paste) means drawing again.
                    dirty = true;
                    if let Event::Key(key) = event::read()? {
                        assert!(!crash, "crash test: the screen's loop panics");
                        if key.kind != KeyEventKind::Release && app.handle_key(key) == Action::Quit
                        {
                            return Ok(());
                        }
                    }
                }
            }
        }
    }
    Ok(())
}
