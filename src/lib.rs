//! The commands of `quoridor`, the program players, teachers, operators and
//! bot authors install (`src/main.rs` reads its command line), and what the
//! lab's tools (`quoridor-lab`, `src/bin/quoridor-lab/`) share with them.
//!
//! Its layers, from the bottom (a module uses only modules of its own layer
//! or below; `tests/layers.rs` holds it to this):
//!
//! 1. Shared pieces: `args`, `output`, `lines`, `progress_lines`,
//!    `game_file`.
//! 2. What the engine does for a command: `perft`, `analyze`, `matches`.
//! 3. The commands: `gtp`, `play`, `learn`, `puzzles`, `worksheet`, `store`,
//!    `bench`, `bot` (an engine on a server as a bot account).

pub mod analyze;
pub mod args;
pub mod bench;
pub mod bot;
pub mod game_file;
pub mod gtp;
pub mod learn;
pub mod lines;
pub mod matches;
pub mod output;
pub mod perft;
pub mod play;
pub mod progress_lines;
pub mod puzzles;
pub mod store;
pub mod worksheet;

pub use args::{BoardArgs, CliResult, VariantArg};
