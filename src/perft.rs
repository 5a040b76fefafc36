//! `quoridor perft`: counts the move sequences of a given length from the
//! start position (or one given), to check move generation and measure its
//! speed.

use std::time::{Duration, Instant};

use quoridor_perft::Table;
use quoridor_rules::Position;

#[derive(clap::Args)]
pub struct PerftArgs {
    /// Plies to count (the last ply is counted, not played).
    pub depth: u32,
    #[command(flatten)]
    pub board: crate::BoardArgs,
    /// Print the count below each first move, sorted by move notation.
    #[arg(long)]
    pub divide: bool,
    /// Threads counting at once (the first moves are shared among them).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// Megabytes of transposition table (0: none, the plain count). Used
    /// from depth 5 on.
    #[arg(long = "hash", value_name = "MB", default_value_t = 256,
          value_parser = clap::value_parser!(u32).range(0..=1 << 20))]
    pub hash_mb: u32,
    /// Count from this position instead of the start: a game as text (moves
    /// from the 9x9 start `e2 e8 e3`, a game line `9 2 10 e2 e8`, or a
    /// position notation); its board replaces --size, --players and
    /// --fences.
    #[arg(long, value_name = "GAME")]
    pub from: Option<String>,
}

/// Below this depth a table costs more to clear than it saves (perft(4)
/// from the start: 0.26 s plain, 0.51 s with the table, mostly the first
/// touch of its pages; BENCHMARKS.md).
const TABLE_FROM_DEPTH: u32 = 5;

pub fn run(args: &PerftArgs) -> crate::CliResult {
    let pos = match &args.from {
        Some(text) => *quoridor_rules::parse_game_text(text)
            .map_err(|e| format!("--from: {e}"))?
            .into_game()
            .position(),
        None => Position::new(args.board.ruleset()?),
    };
    let table = (args.hash_mb > 0 && args.depth >= TABLE_FROM_DEPTH)
        .then(|| Table::with_megabytes(args.hash_mb as usize));
    let bar = progress_bar(args.depth);
    let progress = |done: usize, total: usize| {
        if let Some(bar) = &bar {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        }
    };
    let threads = args.threads as usize;
    let mut out = String::new();
    let start = Instant::now();
    let total = if args.divide && args.depth > 0 {
        let mut rows: Vec<(String, u64)> =
            quoridor_perft::divide(&pos, args.depth, table.as_ref(), threads, &progress)
                .into_iter()
                .map(|(mv, count)| (mv.to_string(), count))
                .collect();
        rows.sort_by(|a, b| a.0.cmp(&b.0));
        for (mv, count) in &rows {
            out.push_str(&format!("{mv}: {count}\n"));
        }
        rows.iter().map(|(_, count)| count).sum()
    } else {
        quoridor_perft::perft(&pos, args.depth, table.as_ref(), threads, &progress)
    };
    let elapsed = start.elapsed();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let memory = match &table {
        Some(table) => format!(", table {} MB", table.bytes() >> 20),
        None => String::new(),
    };
    out.push_str(&format!(
        "perft {}: {total} in {}, {} thread{}{memory}\n",
        args.depth,
        timing(total, elapsed),
        threads,
        if threads == 1 { "" } else { "s" },
    ));
    crate::output::print(&out)
}

/// A bar over the first moves for the long counts (hidden when standard
/// error is not a terminal).
fn progress_bar(depth: u32) -> Option<indicatif::ProgressBar> {
    (depth >= 5).then(|| {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "perft {msg}[{bar:40}] {pos}/{len} first moves, {elapsed_precise} (about {eta} left)",
            )
            .expect("a valid template")
            .progress_chars("=> "),
        );
        bar.set_message(format!("{depth} "));
        bar
    })
}

/// `0.612 s (404.5 M/s)`, or just the seconds when too short to measure.
pub fn timing(count: u64, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64();
    if secs < 1e-6 {
        return format!("{secs:.3} s");
    }
    format!("{secs:.3} s ({}/s)", si(count as f64 / secs))
}

/// A number with an SI prefix and one decimal: `404.5 M`, `16.7 k`, `12.0`.
pub fn si(x: f64) -> String {
    let (value, prefix) = if x >= 1e9 {
        (x / 1e9, " G")
    } else if x >= 1e6 {
        (x / 1e6, " M")
    } else if x >= 1e3 {
        (x / 1e3, " k")
    } else {
        (x, "")
    };
    format!("{value:.1}{prefix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn si_prefixes() {
        assert_eq!(si(404_512_000.0), "404.5 M");
        assert_eq!(si(16_677.0), "16.7 k");
        assert_eq!(si(12.0), "12.0");
        assert_eq!(si(2.5e9), "2.5 G");
    }
}
