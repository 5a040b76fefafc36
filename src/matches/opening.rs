//! Openings: varied starts, so that deterministic engines do not replay the
//! same game. Each opening is played twice, colours swapped.
//!
//! - `random:K`: K random plies from the start, drawn from a generator
//!   seeded by the match seed and the pair number (so the same seed gives
//!   the same openings, whatever the concurrency). To keep starts balanced,
//!   a ply is drawn only among moves that change no player's shortest-path
//!   distance by more than one step and do not end the game; it is a pawn
//!   move or a fence with even odds (fences far outnumber pawn moves, so a
//!   uniform draw would nearly always place fences), then uniformly within
//!   that kind. A fence is only drawn while the player keeps at least half
//!   of its fences after it (so a player with one fence keeps it). If no
//!   move qualifies the opening stops early.
//! - A file: one game line per opening (the form of
//!   [`quoridor_rules::parse_game_line`], moves from the start, e.g.
//!   `9 2 10 e2 e8 e3h`), blank lines and `#` comments skipped. Pair `p`
//!   uses line `p mod count`. Its rules must be the match's.

use std::fmt;
use std::path::Path;

use quoridor_rules::rng::{self, SplitMix64};
use quoridor_rules::{game_line, parse_game_line, Game, Move, Ruleset};

/// Where openings come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Openings {
    /// K random plies.
    Random(usize),
    /// Openings read from a file (their moves), and the file's name.
    List(Vec<Vec<Move>>, String),
}

impl Openings {
    /// `random:K`, or a file name.
    pub fn parse(text: &str, rules: Ruleset) -> Result<Openings, String> {
        if let Some(k) = text.strip_prefix("random:") {
            let k = k
                .parse::<usize>()
                .map_err(|_| format!("random:K needs a number of plies, found `{text}`"))?;
            return Ok(Openings::Random(k));
        }
        let content = crate::game_file::read_text(Path::new(text))
            .map_err(|err| format!("cannot read openings `{text}`: {err}"))?;
        let list = read_list(&content, rules).map_err(|err| format!("{text}: {err}"))?;
        Ok(Openings::List(list, text.to_string()))
    }

    /// The default: one round of random plies (2 for two players, 4 for four).
    pub fn default_for(rules: Ruleset) -> Openings {
        Openings::Random(rules.players() as usize)
    }

    /// The start of the games of pair `pair` (`rules` include the ply limit).
    pub fn game(&self, rules: Ruleset, seed: u64, pair: usize) -> Game {
        match self {
            Openings::Random(plies) => {
                let mut rng = SplitMix64::new(mix(seed, pair as u64));
                random_opening(rules, *plies, &mut rng)
            }
            Openings::List(list, _) => {
                let mut game = Game::new(rules);
                for &mv in &list[pair % list.len()] {
                    if game.play(mv).is_err() {
                        break;
                    }
                }
                game
            }
        }
    }
}

impl fmt::Display for Openings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Openings::Random(k) => write!(f, "random:{k}"),
            Openings::List(list, name) => write!(f, "{name} ({} openings)", list.len()),
        }
    }
}

/// The openings of a file, checked against the match's rules.
fn read_list(content: &str, rules: Ruleset) -> Result<Vec<Vec<Move>>, String> {
    let mut list = Vec::new();
    for (i, line) in content.lines().enumerate() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let n = i + 1;
        let game = parse_game_line(line).map_err(|err| format!("line {n}: {err}"))?;
        let start = game.start();
        if *start != quoridor_rules::Position::new(*start.rules()) {
            return Err(format!(
                "line {n}: an opening must start from the start position"
            ));
        }
        // The ply limit and the repetition rule are the match's own.
        let bare = |r: Ruleset| r.with_ply_limit(None).unwrap_or(r).with_repetition(false);
        let theirs = bare(*game.rules());
        let ours = bare(rules);
        if theirs != ours {
            return Err(format!(
                "line {n}: the opening is for `{theirs}`, the match plays `{ours}`"
            ));
        }
        if game.entries().len() != game.moves().count() {
            return Err(format!("line {n}: an opening holds moves only"));
        }
        if game.is_over() {
            return Err(format!("line {n}: the opening ends the game"));
        }
        list.push(game.moves().collect());
    }
    if list.is_empty() {
        return Err("no openings in the file".into());
    }
    Ok(list)
}

/// Up to `plies` random balanced plies from the start (see the module).
pub fn random_opening(rules: Ruleset, plies: usize, rng: &mut SplitMix64) -> Game {
    let mut game = Game::new(rules);
    for _ in 0..plies {
        let pos = *game.position();
        let before = pos.distances();
        let balanced = |mv: &Move| {
            let mut after = pos;
            after.play_unchecked(*mv);
            !after.is_over()
                && before
                    .iter()
                    .zip(after.distances())
                    .all(|(b, a)| match (b, a) {
                        (Some(b), Some(a)) => b.abs_diff(a) <= 1,
                        (None, None) => true,
                        _ => false,
                    })
        };
        let may_fence =
            2 * (pos.fences_left(pos.turn()) as u32).saturating_sub(1) >= rules.fences() as u32;
        let (pawns, fences): (Vec<Move>, Vec<Move>) = pos
            .legal()
            .iter()
            .filter(|&mv| match mv {
                Move::Pass => false,
                Move::Fence(_) => may_fence && balanced(&mv),
                Move::Pawn(_) => balanced(&mv),
            })
            .partition(|mv| matches!(mv, Move::Pawn(_)));
        let kind = match (pawns.is_empty(), fences.is_empty()) {
            (true, true) => break,
            (false, true) => &pawns,
            (true, false) => &fences,
            (false, false) => {
                if rng.below(2) == 0 {
                    &pawns
                } else {
                    &fences
                }
            }
        };
        let mv = kind[rng.below(kind.len() as u64) as usize];
        game.play(mv).expect("a legal move");
    }
    game
}

/// The moves of an opening as text (`e2 e8h`), `-` for none.
pub fn opening_text(game: &Game) -> String {
    let line = game_line(game);
    let rules = game.rules().to_string();
    let moves = line.strip_prefix(&rules).unwrap_or(&line).trim();
    if moves.is_empty() {
        "-".into()
    } else {
        moves.to_string()
    }
}

/// Mixes two numbers into a seed (SplitMix64's finaliser).
pub fn mix(a: u64, b: u64) -> u64 {
    rng::mix(
        a ^ b
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(0x6a09_e667_f3bc_c909),
    )
}

#[cfg(test)]
mod tests {
    use quoridor_rules::Seat;

    use super::*;

    fn rules(size: u32, players: u32) -> Ruleset {
        Ruleset::new(size, players)
            .unwrap()
            .with_ply_limit(Some(400))
            .unwrap()
    }

    #[test]
    fn random_openings_are_reproducible_and_varied() {
        let openings = Openings::Random(4);
        let r = rules(9, 2);
        let a: Vec<String> = (0..20)
            .map(|p| opening_text(&openings.game(r, 7, p)))
            .collect();
        let b: Vec<String> = (0..20)
            .map(|p| opening_text(&openings.game(r, 7, p)))
            .collect();
        let c: Vec<String> = (0..20)
            .map(|p| opening_text(&openings.game(r, 8, p)))
            .collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
        let distinct: std::collections::BTreeSet<&String> = a.iter().collect();
        assert!(distinct.len() >= 15, "{a:?}");
        for text in &a {
            assert_eq!(text.split(' ').count(), 4, "{text}");
        }
    }

    #[test]
    fn random_openings_stay_balanced() {
        for size in [3, 5, 7, 9] {
            for players in [2, 4] {
                let r = rules(size, players);
                for seed in 0..30 {
                    let game = Openings::Random(players as usize).game(r, seed, 0);
                    assert!(!game.is_over());
                    let pos = game.position();
                    let start = Game::new(r);
                    for &seat in pos.seats() {
                        let d0 = start.position().distance(seat).unwrap();
                        let d = pos.distance(seat).unwrap();
                        assert!(d0.abs_diff(d) <= players, "{size} {seat}: {d0} -> {d}");
                    }
                    assert_eq!(game.rules().ply_limit(), Some(400));
                    for &seat in pos.seats() {
                        assert!(2 * pos.fences_left(seat) >= r.fences(), "{size} {players}");
                    }
                }
            }
        }
    }

    #[test]
    fn openings_from_a_file() {
        let r = rules(7, 2);
        let list = read_list("# comment\n7 2 6 d2 d6\n\n7 2 6 c1h  # a fence\n", r).unwrap();
        assert_eq!(list.len(), 2);
        let openings = Openings::List(list, "x".into());
        assert_eq!(opening_text(&openings.game(r, 0, 0)), "d2 d6");
        assert_eq!(opening_text(&openings.game(r, 0, 3)), "c1h");
        assert_eq!(
            openings.game(r, 0, 3).position().fences_left(Seat::South),
            5
        );
        assert!(read_list("9 2 10 e2", r)
            .unwrap_err()
            .contains("the match plays"));
        assert!(read_list("7 2 6 d2 d9", r).is_err());
        assert!(read_list("", r).is_err());
    }

    #[test]
    fn a_four_player_opening_fits_a_match_with_the_repetition_rule() {
        // The match's four-player games draw on a third repetition; an
        // opening written without the option still fits them.
        let r = rules(9, 4).with_repetition(true);
        let list = read_list("9 4 5 e2 b5 e8 h5\n", r).unwrap();
        assert_eq!(list.len(), 1);
        assert!(Openings::List(list, "x".into())
            .game(r, 0, 0)
            .rules()
            .repetition());
    }
}
