//! Progress as plain lines on standard error, for long runs whose standard
//! error is a file or a pipe (`… 2> log &`), where a bar is hidden: a line
//! at each tenth of the work, so that a log shows how far a run has come.

use std::io::IsTerminal;
use std::time::Instant;

pub struct ProgressLines {
    label: String,
    total: usize,
    started: Instant,
    /// Off when standard error is a terminal (the bar shows it there).
    on: bool,
}

impl ProgressLines {
    pub fn new(label: &str, total: usize) -> ProgressLines {
        ProgressLines {
            label: label.to_string(),
            total,
            started: Instant::now(),
            on: !std::io::stderr().is_terminal(),
        }
    }

    /// Reports `done` items of the total when it crosses a tenth of it;
    /// `detail` follows the count.
    pub fn done(&self, done: usize, detail: impl FnOnce() -> String) {
        if self.on && crosses_tenth(done, self.total) {
            eprintln!(
                "{}: {done}/{} {}, {:.0} s",
                self.label,
                self.total,
                detail(),
                self.started.elapsed().as_secs_f64()
            );
        }
    }
}

/// Whether `done` is the first count at or past a tenth of `total`.
fn crosses_tenth(done: usize, total: usize) -> bool {
    let tenth = |n: usize| n * 10 / total.max(1);
    done > 0 && done <= total && tenth(done) > tenth(done - 1)
}

#[cfg(test)]
mod tests {
    use super::crosses_tenth;

    #[test]
    fn a_line_at_each_tenth_and_at_the_end() {
        let lines: Vec<usize> = (0..=100).filter(|&d| crosses_tenth(d, 100)).collect();
        assert_eq!(lines, [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
        let few: Vec<usize> = (0..=3).filter(|&d| crosses_tenth(d, 3)).collect();
        assert_eq!(few, [1, 2, 3]);
        let odd: Vec<usize> = (0..=25).filter(|&d| crosses_tenth(d, 25)).collect();
        assert_eq!(odd.len(), 10);
        assert_eq!(odd.last(), Some(&25));
        assert!(!crosses_tenth(0, 0));
    }
}
