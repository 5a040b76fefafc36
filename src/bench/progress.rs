//! Progress bars on stderr (hidden when stderr is not a terminal).

use std::cell::Cell;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar for one benchmark, measured in milliseconds of its time budget.
/// Updates are rate-limited so that calling [`Progress::update`] after every
/// game costs next to nothing.
pub struct Progress {
    bar: ProgressBar,
    last: Cell<Duration>,
}

const STEP: Duration = Duration::from_millis(25);

impl Progress {
    /// A bar filling over `budget`.
    pub fn timed(label: &str, budget: Duration) -> Progress {
        let bar = ProgressBar::with_draw_target(
            Some(budget.as_millis().max(1) as u64),
            ProgressDrawTarget::stderr(),
        );
        bar.set_style(
            ProgressStyle::with_template("{prefix:<34} [{bar:30}] {elapsed:>3} {msg}")
                .expect("valid template")
                .progress_chars("=> "),
        );
        bar.set_prefix(label.to_string());
        Progress {
            bar,
            last: Cell::new(Duration::ZERO),
        }
    }

    /// A spinner for work of unknown length.
    pub fn spinner(label: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{prefix:<34} {spinner} {elapsed:>3} {msg}")
                .expect("valid template"),
        );
        bar.set_prefix(label.to_string());
        bar.enable_steady_tick(Duration::from_millis(100));
        Progress {
            bar,
            last: Cell::new(Duration::ZERO),
        }
    }

    /// Time spent so far, for a timed bar.
    #[inline]
    pub fn update(&self, elapsed: Duration) {
        if elapsed >= self.last.get() + STEP {
            self.last.set(elapsed);
            self.bar.set_position(elapsed.as_millis() as u64);
        }
    }

    /// Ends the bar, leaving `msg` on its line.
    pub fn finish(&self, msg: String) {
        if let Some(len) = self.bar.length() {
            self.bar.set_position(len);
        }
        self.bar.finish_with_message(msg);
    }
}
