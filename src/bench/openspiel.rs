//! Runs `scripts/openspiel_bench.py` (OpenSpiel 2.0.2's Quoridor on this
//! machine) and reads its JSON.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

/// The script, found next to the current directory's `scripts/`, or else in
/// the source tree this binary was built from. `QUORIDOR_OPENSPIEL_SCRIPT`
/// overrides both.
fn script() -> PathBuf {
    if let Some(path) = std::env::var_os("QUORIDOR_OPENSPIEL_SCRIPT") {
        return path.into();
    }
    let local = PathBuf::from("scripts/openspiel_bench.py");
    if local.is_file() {
        return local;
    }
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/openspiel_bench.py"
    ))
}

/// The figures OpenSpiel's script measured, or why there are none.
pub fn run(seconds: f64, perft_depth: u32) -> Result<Value, String> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    let script = script();
    if !script.is_file() {
        return Err(format!("{} not found", script.display()));
    }
    let output = Command::new(&python)
        .arg(&script)
        .args(["--json", "--seconds", &seconds.to_string()])
        .args(["--perft-depth", &perft_depth.to_string()])
        .output()
        .map_err(|err| format!("cannot run {python}: {err}"))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let reason = stderr
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("no message");
        return Err(format!(
            "{} failed ({}): {reason}",
            script.display(),
            output.status
        ));
    }
    serde_json::from_slice(&output.stdout)
        .map_err(|err| format!("cannot read the JSON of {}: {err}", script.display()))
}

/// The figures the comparison needs, read from the script's JSON.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Figures {
    pub version: String,
    pub python_plies_per_sec: f64,
    pub python_games_per_sec: f64,
    pub python_mean_plies: f64,
    pub python_draw_fraction: f64,
    pub cpp_plies_per_sec: Option<f64>,
    pub cpp_games_per_sec: Option<f64>,
    /// (depth, leaves, seconds) of each perft depth.
    pub perft: Vec<(u32, u64, f64)>,
}

impl Figures {
    pub fn read(json: &Value) -> Option<Figures> {
        let py = &json["random_games_python"];
        let cpp = &json["random_games_cpp"];
        let perft = json["perft"]
            .as_array()
            .map(|rows| {
                rows.iter()
                    .filter_map(|r| {
                        Some((
                            r["depth"].as_u64()? as u32,
                            r["leaves"].as_u64()?,
                            r["seconds"].as_f64()?,
                        ))
                    })
                    .collect()
            })
            .unwrap_or_default();
        Some(Figures {
            version: json["openspiel_version"]
                .as_str()
                .unwrap_or("unknown")
                .to_string(),
            python_plies_per_sec: py["plies_per_sec"].as_f64()?,
            python_games_per_sec: py["games_per_sec"].as_f64()?,
            python_mean_plies: py["mean_plies_per_game"].as_f64()?,
            python_draw_fraction: py["draw_fraction"].as_f64()?,
            cpp_plies_per_sec: cpp["estimated_plies_per_sec"].as_f64(),
            cpp_games_per_sec: cpp["games_per_sec"].as_f64(),
            perft,
        })
    }

    /// Seconds of OpenSpiel's perft at `depth`, if it ran.
    pub fn perft_seconds(&self, depth: u32) -> Option<f64> {
        self.perft.iter().find(|p| p.0 == depth).map(|p| p.2)
    }

    /// OpenSpiel's perft(`depth` + 1) time extrapolated from perft(`depth`):
    /// with the last ply counted by `len(legal_actions())`, the work is
    /// proportional to the number of nodes one ply above the leaves, so the
    /// time scales by perft(depth) / perft(depth − 1).
    pub fn extrapolated_perft_seconds(&self, depth: u32) -> Option<f64> {
        let below = self.perft.iter().find(|p| p.0 == depth - 1)?;
        let at = self.perft.iter().find(|p| p.0 == depth)?;
        (below.1 > 0).then(|| at.2 * at.1 as f64 / below.1 as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_scripts_json() {
        let json: Value = serde_json::from_str(
            r#"{"openspiel_version": "2.0.2",
                "random_games_python": {"plies_per_sec": 622960.0, "games_per_sec": 2620.0,
                    "mean_plies_per_game": 237.7, "draw_fraction": 0.2},
                "random_games_cpp": {"estimated_plies_per_sec": 1120000.0,
                    "games_per_sec": 4696.0},
                "perft": [{"depth": 2, "leaves": 16677, "seconds": 0.001},
                          {"depth": 3, "leaves": 2062264, "seconds": 0.084}]}"#,
        )
        .unwrap();
        let f = Figures::read(&json).unwrap();
        assert_eq!(f.version, "2.0.2");
        assert_eq!(f.cpp_games_per_sec, Some(4696.0));
        assert_eq!(f.perft_seconds(3), Some(0.084));
        let est = f.extrapolated_perft_seconds(3).unwrap();
        assert!((est - 0.084 * 2062264.0 / 16677.0).abs() < 1e-9);
        assert!(Figures::read(&serde_json::json!({})).is_none());
    }
}
