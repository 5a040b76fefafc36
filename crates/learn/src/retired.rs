//! Puzzles once shipped and since dropped (their deep proof did not hold:
//! see `data/README.md`). A class's assignment made before may still name
//! one; it gets the kept puzzle of the same theme whose rating is nearest
//! instead, so that the pupils never meet an answer key known to be wrong.

use serde::Deserialize;

use crate::puzzle::{find_puzzle, shipped_puzzles, Puzzle, Theme};

/// What is kept of a dropped puzzle: enough to choose its replacement.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Retired {
    pub id: String,
    pub theme: Theme,
    pub rating: i32,
    /// Why it was dropped, in the re-proof's words.
    pub reason: String,
}

const RETIRED: &str = include_str!("../data/retired.jsonl");

/// Every dropped puzzle.
pub fn retired_puzzles() -> &'static [Retired] {
    static RETIRED_LIST: std::sync::OnceLock<Vec<Retired>> = std::sync::OnceLock::new();
    RETIRED_LIST.get_or_init(|| {
        RETIRED
            .lines()
            .filter(|line| !line.trim().is_empty())
            .map(|line| serde_json::from_str(line).expect("the retired list reads (tested)"))
            .collect()
    })
}

/// The dropped puzzle named `id` (in any case).
pub fn retired(id: &str) -> Option<&'static Retired> {
    retired_puzzles()
        .iter()
        .find(|r| r.id.eq_ignore_ascii_case(id))
}

/// The kept puzzle that stands for `gone`: the same theme, the nearest
/// rating (then the smallest id), none of `taken`.
fn replacement<'a>(puzzles: &'a [Puzzle], gone: &Retired, taken: &[String]) -> Option<&'a Puzzle> {
    let free = |p: &&Puzzle| !taken.iter().any(|t| t.eq_ignore_ascii_case(&p.id));
    let of_theme = puzzles
        .iter()
        .filter(|p| p.theme == gone.theme && !p.id.starts_with("article-"))
        .filter(free)
        .min_by_key(|p| ((p.rating - gone.rating).abs(), p.id.clone()));
    // A theme with none left free: any theme.
    of_theme.or_else(|| {
        puzzles
            .iter()
            .filter(free)
            .min_by_key(|p| ((p.rating - gone.rating).abs(), p.id.clone()))
    })
}

/// Replaces, in a list of puzzle ids, every dropped one by its stand-in
/// (see [`retired`]); the number replaced. Ids neither shipped nor
/// dropped are left as they are.
pub fn replace_retired(ids: &mut [String]) -> usize {
    let mut replaced = 0;
    for i in 0..ids.len() {
        if find_puzzle(&ids[i]).is_some() {
            continue;
        }
        let Some(gone) = retired(&ids[i]) else {
            continue;
        };
        if let Some(stand_in) = replacement(shipped_puzzles(), gone, ids) {
            ids[i] = stand_in.id.clone();
            replaced += 1;
        }
    }
    replaced
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_retired_list_reads_and_names_no_shipped_puzzle() {
        for gone in retired_puzzles() {
            assert!(find_puzzle(&gone.id).is_none(), "{} is shipped", gone.id);
            assert!(!gone.reason.is_empty());
        }
    }

    #[test]
    fn a_dropped_puzzle_gets_a_kept_one_of_its_theme_never_twice() {
        let gone = retired_puzzles().first().expect("a dropped puzzle");
        let kept = shipped_puzzles()
            .iter()
            .find(|p| !p.id.starts_with("article-"))
            .unwrap();
        let mut ids = vec![gone.id.to_uppercase(), kept.id.clone(), "nope".to_string()];
        assert_eq!(replace_retired(&mut ids), 1);
        let stand_in = find_puzzle(&ids[0]).expect("a shipped puzzle");
        assert_eq!(stand_in.theme, gone.theme);
        assert_ne!(ids[0], ids[1], "not one already in the list");
        assert_eq!(ids[2], "nope", "an unknown id is left alone");
        // Done once: nothing more to replace.
        assert_eq!(replace_retired(&mut ids), 0);
    }
}
