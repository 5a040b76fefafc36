//! Command-line options shared by several commands.

use quoridor_rules::Variant;

/// Board options shared by several commands.
#[derive(clap::Args, Clone, Debug)]
pub struct BoardArgs {
    /// Board side (odd, 3 to 11).
    #[arg(long, default_value_t = 9)]
    pub size: u32,
    /// Number of players (2 or 4).
    #[arg(long, default_value_t = 2)]
    pub players: u32,
    /// Fences per player (default: the rules' table for the size and players).
    #[arg(long)]
    pub fences: Option<u32>,
}

impl BoardArgs {
    pub fn ruleset(&self) -> Result<quoridor_rules::Ruleset, quoridor_rules::RulesetError> {
        let rules = quoridor_rules::Ruleset::new(self.size, self.players)?;
        match self.fences {
            Some(n) => rules.with_fences(n),
            None => Ok(rules),
        }
    }
}

/// The game played (RULES.md §9).
#[derive(clap::ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum VariantArg {
    /// Every player for themself; the first pawn to arrive wins.
    Standard,
    /// Four players in two teams: south and west against north and east.
    Teams,
    /// The mathematical game: pawn moves score points, the game ends when
    /// every pawn has arrived.
    Scoring,
}

impl From<VariantArg> for Variant {
    fn from(arg: VariantArg) -> Variant {
        match arg {
            VariantArg::Standard => Variant::Standard,
            VariantArg::Teams => Variant::Teams,
            VariantArg::Scoring => Variant::Scoring,
        }
    }
}

/// What a command returns: done, or an error the program prints before it
/// ends with a failure.
pub type CliResult = Result<(), Box<dyn std::error::Error>>;
