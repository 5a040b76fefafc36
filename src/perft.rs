//! `quoridor perft`: counts the move sequences of a given length from the
//! start position, to check move generation and measure its speed.

use std::time::{Duration, Instant};

use quoridor_rules::{perft, Move, Position};

#[derive(clap::Args)]
pub struct PerftArgs {
    /// Plies to count (the last ply is counted, not played).
    pub depth: u32,
    #[command(flatten)]
    pub board: crate::BoardArgs,
    /// Print the count below each first move, sorted by move notation.
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: &PerftArgs) -> crate::CliResult {
    let pos = Position::new(args.board.ruleset()?);
    let mut out = String::new();
    let start = Instant::now();
    let total = if args.divide && args.depth > 0 {
        let mut rows = divide(&pos, args.depth);
        rows.sort_by(|a, b| a.0.cmp(&b.0));
        for (mv, count) in &rows {
            out.push_str(&format!("{mv}: {count}\n"));
        }
        rows.iter().map(|(_, count)| count).sum()
    } else {
        perft(&pos, args.depth)
    };
    let elapsed = start.elapsed();
    out.push_str(&format!(
        "perft {}: {total} in {}\n",
        args.depth,
        timing(total, elapsed)
    ));
    print(&out)
}

/// Writes `text` to standard output. A closed pipe (`quoridor perft 4
/// --divide | head`) is not an error.
pub fn print(text: &str) -> crate::CliResult {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => Err(err.into()),
        _ => Ok(()),
    }
}

/// The count below each legal first move, in move generation order, with
/// each move written in notation. `depth` must be at least 1.
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    let mut pos = *pos;
    let moves: Vec<Move> = pos.legal().iter().collect();
    moves
        .into_iter()
        .map(|mv| {
            let undo = pos.play_unchecked(mv);
            let count = perft(&pos, depth - 1);
            pos.undo(mv, undo);
            (mv.to_string(), count)
        })
        .collect()
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

    #[test]
    fn divide_sums_to_perft() {
        let pos = Position::new(quoridor_rules::Ruleset::STANDARD);
        let rows = divide(&pos, 2);
        assert_eq!(rows.len(), 131);
        assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 16_677);
    }
}
