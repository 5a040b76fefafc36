//! The ruleset: board size, players, fences and the options of RULES.md.

use core::fmt;

use crate::square::MAX_SIZE;

/// The game played on the board.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Variant {
    /// Every player for themself; the first pawn to arrive wins.
    #[default]
    Standard,
    /// Four players in two teams, {south, west} against {north, east}
    /// (RULES.md §9); the team wins when either partner arrives.
    Teams,
    /// The mathematical scoring game (RULES.md §9): pawn moves score −1, 0 or
    /// +1; the game ends when every pawn has arrived.
    Scoring,
}

impl Variant {
    /// The word naming the variant in notation (`standard`, `teams`, `scoring`).
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Teams => "teams",
            Variant::Scoring => "scoring",
        }
    }
}

/// Everything a game states about its rules.
///
/// ```
/// use quoridor_rules::{Ruleset, Variant};
/// let rules = Ruleset::new(9, 4).unwrap();
/// assert_eq!(rules.fences(), 5);
/// let rules = Ruleset::new(7, 2).unwrap().with_fences(8).unwrap();
/// assert_eq!(rules.to_string(), "7 2 8");
/// let teams = Ruleset::new(9, 4).unwrap().with_variant(Variant::Teams).unwrap();
/// assert_eq!(teams.to_string(), "9 4 5 teams");
/// assert!(Ruleset::new(8, 2).is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Ruleset {
    size: u8,
    players: u8,
    fences: u8,
    variant: Variant,
    side_step_over_pawn: bool,
    ply_limit: Option<u32>,
    /// Whether a position seen for the third time draws the game
    /// (RULES.md §8).
    repetition: bool,
}

/// A ruleset that cannot be played.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RulesetError {
    /// The size is not odd or not within 3–11.
    Size(u32),
    /// Not 2 or 4 players.
    Players(u32),
    /// More fences per player than the board has fence slots.
    Fences { fences: u32, max: u32 },
    /// The teams variant needs four players.
    TeamsNeedFourPlayers,
    /// A ply limit of zero, or one that is not a number of plies
    /// (`ply_limit=x`, `ply_limit=4294967297`).
    PlyLimit,
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesetError::Size(n) => {
                write!(f, "board size must be odd, from 3 to {MAX_SIZE} (got {n})")
            }
            RulesetError::Players(n) => write!(f, "players must be 2 or 4 (got {n})"),
            RulesetError::Fences { fences, max } => {
                write!(
                    f,
                    "fences per player must be at most {max} on this board (got {fences})"
                )
            }
            RulesetError::TeamsNeedFourPlayers => f.write_str("the teams variant needs 4 players"),
            RulesetError::PlyLimit => write!(
                f,
                "a ply limit must be a whole number from 1 to {}",
                u32::MAX
            ),
        }
    }
}

impl core::error::Error for RulesetError {}

impl Ruleset {
    /// The classic game: 9×9, two players, ten fences each.
    pub const STANDARD: Ruleset = Ruleset {
        size: 9,
        players: 2,
        fences: 10,
        variant: Variant::Standard,
        side_step_over_pawn: false,
        ply_limit: None,
        repetition: false,
    };

    /// A standard game of `size` and `players` with the default fence count of §1.
    pub fn new(size: u32, players: u32) -> Result<Ruleset, RulesetError> {
        if size.is_multiple_of(2) || !(3..=MAX_SIZE as u32).contains(&size) {
            return Err(RulesetError::Size(size));
        }
        if players != 2 && players != 4 {
            return Err(RulesetError::Players(players));
        }
        let (size, players) = (size as u8, players as u8);
        Ok(Ruleset {
            size,
            players,
            fences: Ruleset::default_fences(size, players),
            ..Ruleset::STANDARD
        })
    }

    /// Default fences per player (RULES.md §1).
    pub const fn default_fences(size: u8, players: u8) -> u8 {
        let two = if size == 9 {
            10
        } else {
            (size as u16 * size as u16 / 8) as u8
        };
        if players == 4 {
            two / 2
        } else {
            two
        }
    }

    /// The number of fence slots, `2·(N−1)²`: no player can use more fences.
    pub const fn fence_slots(size: u8) -> u32 {
        2 * (size as u32 - 1) * (size as u32 - 1)
    }

    /// The same rules with `fences` per player.
    pub fn with_fences(self, fences: u32) -> Result<Ruleset, RulesetError> {
        let max = Ruleset::fence_slots(self.size);
        if fences > max {
            return Err(RulesetError::Fences { fences, max });
        }
        Ok(Ruleset {
            fences: fences as u8,
            ..self
        })
    }

    /// The same rules with another variant.
    pub fn with_variant(self, variant: Variant) -> Result<Ruleset, RulesetError> {
        if variant == Variant::Teams && self.players != 4 {
            return Err(RulesetError::TeamsNeedFourPlayers);
        }
        Ok(Ruleset { variant, ..self })
    }

    /// The same rules with the `side_step_over_pawn` option (RULES.md §5).
    pub fn with_side_step_over_pawn(self, on: bool) -> Ruleset {
        Ruleset {
            side_step_over_pawn: on,
            ..self
        }
    }

    /// The same rules with a ply limit after which the game is drawn.
    pub fn with_ply_limit(self, limit: Option<u32>) -> Result<Ruleset, RulesetError> {
        if limit == Some(0) {
            return Err(RulesetError::PlyLimit);
        }
        Ok(Ruleset {
            ply_limit: limit,
            ..self
        })
    }

    /// The same rules with the `repetition` option: the third time the
    /// same position comes back, the game is drawn (RULES.md §8).
    pub fn with_repetition(self, on: bool) -> Ruleset {
        Ruleset {
            repetition: on,
            ..self
        }
    }

    pub const fn size(&self) -> u8 {
        self.size
    }

    pub const fn players(&self) -> u8 {
        self.players
    }

    /// Fences each player starts with.
    pub const fn fences(&self) -> u8 {
        self.fences
    }

    /// Whether every player plays for itself with four pawns on the board:
    /// the games the engine searches with max-n rather than alpha-beta.
    pub const fn is_free_for_all(&self) -> bool {
        self.players == 4 && matches!(self.variant, Variant::Standard)
    }

    pub const fn variant(&self) -> Variant {
        self.variant
    }

    pub const fn side_step_over_pawn(&self) -> bool {
        self.side_step_over_pawn
    }

    pub const fn ply_limit(&self) -> Option<u32> {
        self.ply_limit
    }

    pub const fn repetition(&self) -> bool {
        self.repetition
    }

    /// Sets one option from its word in notation: `teams`, `scoring`,
    /// `standard`, `side_step_over_pawn`, `repetition`, `ply_limit=N`. Returns `None` for an
    /// unknown word.
    pub fn with_option(self, word: &str) -> Option<Result<Ruleset, RulesetError>> {
        let word = word.to_ascii_lowercase();
        match word.as_str() {
            "standard" => Some(self.with_variant(Variant::Standard)),
            "teams" => Some(self.with_variant(Variant::Teams)),
            "scoring" => Some(self.with_variant(Variant::Scoring)),
            "side_step_over_pawn" => Some(Ok(self.with_side_step_over_pawn(true))),
            "repetition" => Some(Ok(self.with_repetition(true))),
            _ => {
                let value = word.strip_prefix("ply_limit=")?;
                Some(match value.parse::<u32>() {
                    Ok(limit) => self.with_ply_limit(Some(limit)),
                    Err(_) => Err(RulesetError::PlyLimit),
                })
            }
        }
    }

    /// The option words that differ from the defaults, as read by [`Ruleset::with_option`].
    pub fn option_words(&self) -> impl Iterator<Item = alloc::string::String> {
        let variant = (self.variant != Variant::Standard).then(|| self.variant.name().into());
        let side = self
            .side_step_over_pawn
            .then(|| "side_step_over_pawn".into());
        let repetition = self.repetition.then(|| "repetition".into());
        let limit = self.ply_limit.map(|n| alloc::format!("ply_limit={n}"));
        variant
            .into_iter()
            .chain(side)
            .chain(repetition)
            .chain(limit)
    }
}

impl Default for Ruleset {
    fn default() -> Ruleset {
        Ruleset::STANDARD
    }
}

/// `size players fences [options…]`, the form used by `newgame` and records.
impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.size, self.players, self.fences)?;
        for word in self.option_words() {
            write!(f, " {word}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_fences_follow_the_table() {
        let table = [(3, 1, 0), (5, 3, 1), (7, 6, 3), (9, 10, 5), (11, 15, 7)];
        for (size, two, four) in table {
            assert_eq!(Ruleset::new(size, 2).unwrap().fences(), two, "{size}");
            assert_eq!(Ruleset::new(size, 4).unwrap().fences(), four, "{size}");
        }
    }

    #[test]
    fn invalid_rulesets_are_refused() {
        assert_eq!(Ruleset::new(10, 2), Err(RulesetError::Size(10)));
        assert_eq!(Ruleset::new(13, 2), Err(RulesetError::Size(13)));
        assert_eq!(Ruleset::new(1, 2), Err(RulesetError::Size(1)));
        assert_eq!(Ruleset::new(9, 3), Err(RulesetError::Players(3)));
        let two = Ruleset::new(9, 2).unwrap();
        assert_eq!(
            two.with_variant(Variant::Teams),
            Err(RulesetError::TeamsNeedFourPlayers)
        );
        assert!(two.with_fences(129).is_err());
        assert!(two.with_fences(128).is_ok());
    }

    #[test]
    fn options_round_trip() {
        let rules = Ruleset::new(9, 4)
            .unwrap()
            .with_variant(Variant::Teams)
            .unwrap()
            .with_side_step_over_pawn(true)
            .with_ply_limit(Some(400))
            .unwrap();
        let mut back = Ruleset::new(9, 4).unwrap();
        for word in rules.option_words() {
            back = back.with_option(&word).unwrap().unwrap();
        }
        assert_eq!(back, rules);
        assert!(back.with_option("bogus").is_none());
    }
}
