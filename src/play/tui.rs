//! The full-screen game: raw mode and the alternate screen, then a loop
//! of draw, wait for a key (50 ms at most), tick. The terminal is restored
//! whatever happens: on quit, on an error (a guard), on a panic (a panic
//! hook that restores before the message is printed) and on SIGINT,
//! SIGTERM or SIGHUP (a flag the loop checks; Ctrl-C itself arrives as a
//! key in raw mode). Quitting any of these ways keeps the game.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Once};
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

/// A panic hook that restores the terminal first, so that the panic
/// message is printed on the normal screen and the shell stays usable.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore_terminal();
            previous(info);
        }));
    });
}

/// Plays in the terminal until the players quit.
pub fn run(app: &mut App, pal: Palette, signal: Arc<AtomicBool>) -> io::Result<()> {
    install_panic_hook();
    let _guard = Guard::enter()?;
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
        if event::poll(Duration::from_millis(50))? {
            // Any event (a key, a resize, a paste) means drawing again.
            dirty = true;
            if let Event::Key(key) = event::read()? {
                if key.kind != KeyEventKind::Release && app.handle_key(key) == Action::Quit {
                    break;
                }
            }
        }
    }
    Ok(())
}
