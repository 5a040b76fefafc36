//! A tournament, without the server: its players, its rounds, the pairing
//! rules and the standings. Synchronous and deterministic, so every rule is
//! tested on its own.
//!
//! **Round robin**: the circle method. With an odd number of players a
//! "bye" seat is added; whoever meets it sits the round out and scores a
//! point. One place stays put, the others turn one place each round;
//! colours as in Berger's tables (within one game of even).
//!
//! **Swiss** (the rule the pages explain, a simplified Dutch system):
//! 1. Players are ranked by score, then by entry order (their seed).
//! 2. With an odd number, the bye goes to the lowest-ranked player who has
//!    not had one yet (a bye scores a point and counts as a win for
//!    Sonneborn-Berger's purpose of nothing: it adds no tie-break).
//! 3. From the top, each unpaired player meets an opponent they have not
//!    met: first from their own score group, where the top half meets the
//!    bottom half (1st against the middle, as in round 1: 1–5, 2–6, 3–7,
//!    4–8), then from the nearest score group. When this leaves someone
//!    without an opponent, the search goes back and tries the next choice,
//!    so no pairing is ever repeated while a repeat-free round exists.
//! 4. Colours: whoever has played first fewer times plays first; on a tie,
//!    whoever played second last time; then the higher-ranked.
//!
//! **Standings**: a win is 1 point, a draw ½, a bye 1. Ties are broken by
//! Buchholz (the sum of the opponents' scores), then Sonneborn-Berger (the
//! scores of the opponents beaten plus half those drawn with), then entry
//! order. Byes add nothing to either tie-break.

use serde::{Deserialize, Serialize};

/// The most players in one tournament.
pub const MAX_PLAYERS: usize = 64;
/// The most rounds of a Swiss tournament.
pub const MAX_ROUNDS: usize = 20;

/// How players meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    RoundRobin,
    Swiss,
}

/// How one pairing ended, for the player who played first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    FirstWins,
    SecondWins,
    Draw,
}

/// Two players of a round (indices into the players), or a bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// Plays first.
    pub first: usize,
    /// `None`: `first` has the bye.
    pub second: Option<usize>,
    /// The game on the server.
    #[serde(default)]
    pub game: Option<String>,
    #[serde(default)]
    pub outcome: Option<Outcome>,
    /// When its game ended (none for a bye, a pairing lost without a
    /// game, or one from an older store).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_ms: Option<u64>,
}

impl Pairing {
    pub fn is_bye(&self) -> bool {
        self.second.is_none()
    }

    /// Played (or a bye).
    pub fn is_done(&self) -> bool {
        self.is_bye() || self.outcome.is_some()
    }

    /// Half-points of `player` in this pairing, if they are in it and it is done.
    pub fn half_points(&self, player: usize) -> Option<u32> {
        let first = player == self.first;
        if !first && self.second != Some(player) {
            return None;
        }
        if self.is_bye() {
            return Some(2);
        }
        Some(match (self.outcome?, first) {
            (Outcome::Draw, _) => 1,
            (Outcome::FirstWins, true) | (Outcome::SecondWins, false) => 2,
            _ => 0,
        })
    }

    /// The other player, if `player` plays in this pairing.
    pub fn opponent(&self, player: usize) -> Option<usize> {
        if player == self.first {
            self.second
        } else if self.second == Some(player) {
            Some(self.first)
        } else {
            None
        }
    }
}

/// One round's pairings.
pub type Round = Vec<Pairing>;

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    pub player: usize,
    /// Rank from 1; players tied on every tie-break share a rank.
    pub rank: usize,
    /// Score in half-points.
    pub half_points: u32,
    /// Buchholz in half-points.
    pub buchholz: u32,
    /// Sonneborn-Berger in quarter-points.
    pub sonneborn_berger: u32,
    pub played: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub byes: u32,
}

/// The half-points of every player over `rounds`.
pub fn scores(players: usize, rounds: &[Round]) -> Vec<u32> {
    let mut score = vec![0; players];
    for pairing in rounds.iter().flatten() {
        for p in [Some(pairing.first), pairing.second].into_iter().flatten() {
            score[p] += pairing.half_points(p).unwrap_or(0);
        }
    }
    score
}

/// The standings after `rounds` (unfinished pairings count for nothing).
pub fn standings(players: usize, rounds: &[Round]) -> Vec<Standing> {
    let score = scores(players, rounds);
    let mut rows: Vec<Standing> = (0..players)
        .map(|player| Standing {
            player,
            rank: 0,
            half_points: score[player],
            buchholz: 0,
            sonneborn_berger: 0,
            played: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            byes: 0,
        })
        .collect();
    for pairing in rounds.iter().flatten() {
        if pairing.is_bye() {
            rows[pairing.first].byes += 1;
            continue;
        }
        for p in [Some(pairing.first), pairing.second].into_iter().flatten() {
            let (Some(mine), Some(opp)) = (pairing.half_points(p), pairing.opponent(p)) else {
                continue;
            };
            let row = &mut rows[p];
            row.played += 1;
            row.buchholz += score[opp];
            match mine {
                2 => {
                    row.wins += 1;
                    row.sonneborn_berger += 2 * score[opp];
                }
                1 => {
                    row.draws += 1;
                    row.sonneborn_berger += score[opp];
                }
                _ => row.losses += 1,
            }
        }
    }
    let key = |r: &Standing| (r.half_points, r.buchholz, r.sonneborn_berger);
    rows.sort_by(|a, b| key(b).cmp(&key(a)).then(a.player.cmp(&b.player)));
    for i in 0..rows.len() {
        rows[i].rank = if i > 0 && key(&rows[i]) == key(&rows[i - 1]) {
            rows[i - 1].rank
        } else {
            i + 1
        };
    }
    rows
}

/// How many rounds a format plays with `players` players.
pub fn round_count(format: Format, players: usize, swiss_rounds: usize) -> usize {
    match format {
        Format::RoundRobin => {
            if players < 2 {
                0
            } else {
                players + players % 2 - 1
            }
        }
        Format::Swiss => swiss_rounds,
    }
}

/// Round `round` (from 0) of a round robin of `players`, by the circle
/// method over `n` places (one added for the bye with an odd number): the
/// last place stays and meets place `round`; place `round + k` meets
/// `round − k` (mod `n − 1`). The fixed place plays first in odd rounds;
/// at table `k`, `round + k` plays first when `k` is odd. This keeps
/// everyone within one game of even colours (exactly even with a bye).
pub fn round_robin(players: usize, round: usize) -> Round {
    let n = players + players % 2;
    if n < 2 {
        return Vec::new();
    }
    let m = n - 1;
    let r = round % m;
    let fixed = if r.is_multiple_of(2) { (r, m) } else { (m, r) };
    let tables = (1..n / 2).map(|k| {
        let (a, b) = ((r + k) % m, (r + m - k) % m);
        if k % 2 == 1 {
            (a, b)
        } else {
            (b, a)
        }
    });
    let bye = players; // the added place with an odd number
    let mut out: Vec<Pairing> = std::iter::once(fixed)
        .chain(tables)
        .map(|(first, second)| {
            let (first, second) = if first == bye {
                (second, None)
            } else if second == bye {
                (first, None)
            } else {
                (first, Some(second))
            };
            Pairing {
                first,
                second,
                game: None,
                outcome: None,
                ended_ms: None,
            }
        })
        .collect();
    // Byes last, so the list reads as the games first.
    out.sort_by_key(Pairing::is_bye);
    out
}

/// What the Swiss pairing knows of each player.
struct History {
    met: Vec<Vec<bool>>,
    byes: Vec<u32>,
    firsts: Vec<i32>,
    last_first: Vec<Option<bool>>,
}

impl History {
    fn of(players: usize, rounds: &[Round]) -> History {
        let mut h = History {
            met: vec![vec![false; players]; players],
            byes: vec![0; players],
            firsts: vec![0; players],
            last_first: vec![None; players],
        };
        for pairing in rounds.iter().flatten() {
            match pairing.second {
                None => h.byes[pairing.first] += 1,
                Some(second) => {
                    h.met[pairing.first][second] = true;
                    h.met[second][pairing.first] = true;
                    h.firsts[pairing.first] += 1;
                    h.firsts[second] -= 1;
                    h.last_first[pairing.first] = Some(true);
                    h.last_first[second] = Some(false);
                }
            }
        }
        h
    }
}

/// The next Swiss round for `active` players (indices; those who left the
/// tournament are not in it), after `rounds`. Repeats only happen when no
/// repeat-free round exists.
pub fn swiss(players: usize, active: &[usize], rounds: &[Round]) -> Round {
    let score = scores(players, rounds);
    let history = History::of(players, rounds);
    let mut ranked: Vec<usize> = active.to_vec();
    ranked.sort_by(|&a, &b| score[b].cmp(&score[a]).then(a.cmp(&b)));
    // The bye candidates: lowest-ranked first, fewest byes first.
    let mut bye_order: Vec<Option<usize>> = if ranked.len() % 2 == 1 {
        let mut c: Vec<usize> = ranked.iter().rev().copied().collect();
        c.sort_by_key(|&p| history.byes[p]); // stable: keeps lowest-ranked first
        c.into_iter().map(Some).collect()
    } else {
        vec![None]
    };
    if bye_order.is_empty() {
        bye_order.push(None);
    }
    for allow_repeats in [false, true] {
        for &bye in &bye_order {
            let rest: Vec<usize> = ranked.iter().copied().filter(|&p| Some(p) != bye).collect();
            let mut budget = 200_000u32;
            let mut pairs = Vec::new();
            if pair_up(
                &rest,
                &score,
                &history,
                allow_repeats,
                &mut pairs,
                &mut budget,
            ) {
                let mut round: Round = pairs
                    .into_iter()
                    .map(|(a, b)| {
                        let (first, second) = colours(a, b, &history, &ranked);
                        Pairing {
                            first,
                            second: Some(second),
                            game: None,
                            outcome: None,
                            ended_ms: None,
                        }
                    })
                    .collect();
                if let Some(p) = bye {
                    round.push(Pairing {
                        first: p,
                        second: None,
                        game: None,
                        outcome: None,
                        ended_ms: None,
                    });
                }
                return round;
            }
        }
    }
    Vec::new()
}

/// Pairs `rest` (in rank order) by the rule of the module's comment,
/// going back when a choice leaves someone without an opponent.
fn pair_up(
    rest: &[usize],
    score: &[u32],
    history: &History,
    allow_repeats: bool,
    pairs: &mut Vec<(usize, usize)>,
    budget: &mut u32,
) -> bool {
    let paired: Vec<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
    let open: Vec<usize> = rest
        .iter()
        .copied()
        .filter(|p| !paired.contains(p))
        .collect();
    let Some(&top) = open.first() else {
        return true;
    };
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    // The top player's score group, in rank order, as it was at the start.
    let group: Vec<usize> = rest
        .iter()
        .copied()
        .filter(|&p| score[p] == score[top])
        .collect();
    let position = |p: usize| group.iter().position(|&q| q == p);
    let target = position(top).map_or(0, |i| i + group.len() / 2);
    let mut candidates: Vec<usize> = open[1..]
        .iter()
        .copied()
        .filter(|&p| allow_repeats || !history.met[top][p])
        .collect();
    candidates.sort_by_key(|&p| {
        let gap = score[top].abs_diff(score[p]);
        let place = position(p).map_or(usize::MAX, |i| i.abs_diff(target));
        let rank = rest.iter().position(|&q| q == p).unwrap_or(usize::MAX);
        (gap, place, rank)
    });
    for opponent in candidates {
        pairs.push((top, opponent));
        if pair_up(rest, score, history, allow_repeats, pairs, budget) {
            return true;
        }
        pairs.pop();
    }
    false
}

/// Who of `a` (ranked higher) and `b` plays first.
fn colours(a: usize, b: usize, history: &History, ranked: &[usize]) -> (usize, usize) {
    use std::cmp::Ordering;
    match history.firsts[a].cmp(&history.firsts[b]) {
        Ordering::Less => (a, b),
        Ordering::Greater => (b, a),
        Ordering::Equal => match (history.last_first[a], history.last_first[b]) {
            (Some(false), Some(true)) => (a, b),
            (Some(true), Some(false)) => (b, a),
            _ => {
                let ra = ranked.iter().position(|&p| p == a);
                let rb = ranked.iter().position(|&p| p == b);
                if ra <= rb {
                    (a, b)
                } else {
                    (b, a)
                }
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(round: &mut Round, results: &[Outcome]) {
        for (i, pairing) in round.iter_mut().filter(|p| !p.is_bye()).enumerate() {
            pairing.outcome = Some(results[i]);
        }
    }

    fn pairs_of(round: &Round) -> Vec<(usize, Option<usize>)> {
        round.iter().map(|p| (p.first, p.second)).collect()
    }

    #[test]
    fn round_robin_meets_everyone_once_and_balances_colours() {
        for n in 2..=20 {
            let rounds = round_count(Format::RoundRobin, n, 0);
            let mut met = vec![vec![0; n]; n];
            let mut firsts = vec![0i32; n];
            let mut byes = vec![0; n];
            for r in 0..rounds {
                let round = round_robin(n, r);
                let mut seen = vec![false; n];
                for p in &round {
                    assert!(!seen[p.first]);
                    seen[p.first] = true;
                    match p.second {
                        Some(s) => {
                            assert!(!seen[s]);
                            seen[s] = true;
                            met[p.first][s] += 1;
                            met[s][p.first] += 1;
                            firsts[p.first] += 1;
                            firsts[s] -= 1;
                        }
                        None => byes[p.first] += 1,
                    }
                }
                assert!(seen.iter().all(|&s| s), "{n} players, round {r}");
            }
            for a in 0..n {
                for (b, &count) in met[a].iter().enumerate() {
                    assert_eq!(count, usize::from(a != b), "{n}: {a} {b}");
                }
                // Even: each plays an odd number of games, one more first
                // or second; odd (a bye each): exactly even.
                let bound = if n % 2 == 0 { 1 } else { 0 };
                assert!(firsts[a].abs() <= bound, "{n}: colours of {a}: {firsts:?}");
                assert_eq!(byes[a], n % 2, "{n}: byes of {a}");
            }
        }
    }

    #[test]
    fn swiss_round_one_is_top_half_against_bottom_half() {
        let round = swiss(8, &(0..8).collect::<Vec<_>>(), &[]);
        assert_eq!(
            pairs_of(&round),
            vec![(0, Some(4)), (1, Some(5)), (2, Some(6)), (3, Some(7))]
        );
    }

    /// Seven players, three rounds: no repeated pairing, one bye a round,
    /// never twice to the same player; standings and tie-breaks by hand.
    #[test]
    fn swiss_of_seven_over_three_rounds() {
        let all: Vec<usize> = (0..7).collect();
        let mut rounds: Vec<Round> = Vec::new();
        let mut r1 = swiss(7, &all, &rounds);
        // Round 1: ranked 0..6, bye to 6; 0–3, 1–4, 2–5.
        assert_eq!(
            pairs_of(&r1),
            vec![(0, Some(3)), (1, Some(4)), (2, Some(5)), (6, None)]
        );
        use Outcome::*;
        played(&mut r1, &[FirstWins, Draw, SecondWins]); // 0 beats 3, 1 = 4, 5 beats 2
        rounds.push(r1);
        // Scores (half-points): 0:2 1:1 2:0 3:0 4:1 5:2 6:2.
        let mut r2 = swiss(7, &all, &rounds);
        let mut byes = vec![6];
        let mut check = |round: &Round, rounds: &[Round]| {
            let mut seen = [false; 7];
            for p in round {
                for q in [Some(p.first), p.second].into_iter().flatten() {
                    assert!(!seen[q]);
                    seen[q] = true;
                }
                if let Some(s) = p.second {
                    for old in rounds.iter().flatten() {
                        assert_ne!(old.opponent(p.first), Some(s), "repeat {p:?}");
                    }
                } else {
                    assert!(!byes.contains(&p.first), "second bye for {}", p.first);
                    byes.push(p.first);
                }
            }
            assert!(seen.iter().all(|&s| s));
            assert_eq!(round.iter().filter(|p| p.is_bye()).count(), 1);
        };
        check(&r2, &rounds);
        // Ranked 0,5,6 (2) 1,4 (1) 2,3 (0): bye to 3 (lowest, none yet);
        // in the group 0,5,6 the top meets the place 0 + 3/2 = 1: 0–5 (5
        // plays first: it has played first less); 6 floats down to meet 1;
        // 4–2. Colours by the count of games played first.
        assert_eq!(
            pairs_of(&r2),
            vec![(5, Some(0)), (6, Some(1)), (4, Some(2)), (3, None)]
        );
        played(&mut r2, &[FirstWins, Draw, FirstWins]); // 5 beats 0, 6 = 1, 4 beats 2
        rounds.push(r2);
        let mut r3 = swiss(7, &all, &rounds);
        check(&r3, &rounds);
        played(&mut r3, &[FirstWins; 3]);
        rounds.push(r3.clone());
        // Every pairing of the three rounds, and the hand count.
        let table = standings(7, &rounds);
        let score = scores(7, &rounds);
        for row in &table {
            let mut buchholz = 0;
            let mut sb = 0;
            for p in rounds.iter().flatten() {
                if let (Some(opp), Some(mine)) = (p.opponent(row.player), p.half_points(row.player))
                {
                    buchholz += score[opp];
                    sb += mine * score[opp];
                }
            }
            assert_eq!(row.buchholz, buchholz);
            assert_eq!(row.sonneborn_berger, sb);
        }
        let ranks: Vec<u32> = table.iter().map(|r| r.half_points).collect();
        assert!(ranks.windows(2).all(|w| w[0] >= w[1]));
        let _ = r3;
    }

    #[test]
    fn standings_tie_breaks_by_hand() {
        use Outcome::*;
        // Four players, round robin, results chosen by hand:
        // R1: 0–3 first wins (0 beats 3), 1–2 draw.
        // R2: 2–0 second wins (0 beats 2), 3–1 first wins (3 beats 1).
        // R3: 0–1 draw, 2–3 first wins (2 beats 3).
        let p = |first, second, outcome| Pairing {
            first,
            second: Some(second),
            game: None,
            outcome: Some(outcome),
            ended_ms: None,
        };
        let rounds = vec![
            vec![p(0, 3, FirstWins), p(1, 2, Draw)],
            vec![p(2, 0, SecondWins), p(3, 1, FirstWins)],
            vec![p(0, 1, Draw), p(2, 3, FirstWins)],
        ];
        // Scores: 0: 1+1+½ = 2½ (5); 1: ½+0+½ = 1 (2); 2: ½+0+1 = 1½ (3); 3: 0+1+0 = 1 (2).
        assert_eq!(scores(4, &rounds), vec![5, 2, 3, 2]);
        let table = standings(4, &rounds);
        let by_player = |i: usize| table.iter().find(|r| r.player == i).unwrap().clone();
        // Buchholz (half-points): 0: 3's 2 + 2's 3 + 1's 2 = 7;
        // 1: 2's 3 + 3's 2 + 0's 5 = 10; 2: 1's 2 + 0's 5 + 3's 2 = 9;
        // 3: 0's 5 + 1's 2 + 2's 3 = 10.
        assert_eq!([0, 1, 2, 3].map(|i| by_player(i).buchholz), [7, 10, 9, 10]);
        // Sonneborn-Berger (quarter-points): 0 beat 3 (2) and 2 (3), drew 1 (2):
        // 2·2 + 2·3 + 1·2 = 12 (3 points); 1 drew 2 (3) and 0 (5): 3 + 5 = 8;
        // 2 drew 1 (2), beat 3 (2): 2 + 4 = 6; 3 beat 1 (2): 4.
        assert_eq!(
            [0, 1, 2, 3].map(|i| by_player(i).sonneborn_berger),
            [12, 8, 6, 4]
        );
        // Order: 0 (2½), 2 (1½), then 1 and 3 on 1 point and Buchholz 10:
        // Sonneborn-Berger puts 1 (8) before 3 (4).
        let order: Vec<usize> = table.iter().map(|r| r.player).collect();
        assert_eq!(order, vec![0, 2, 1, 3]);
        assert_eq!(
            table.iter().map(|r| r.rank).collect::<Vec<_>>(),
            vec![1, 2, 3, 4]
        );
    }

    #[test]
    fn swiss_never_repeats_while_it_can() {
        // Round robin's worth of Swiss rounds for 6 players: every round is
        // still repeat-free (a perfect matching of the unmet always exists
        // here), whatever the results.
        use Outcome::*;
        let all: Vec<usize> = (0..6).collect();
        let mut rounds: Vec<Round> = Vec::new();
        let results = [FirstWins, SecondWins, Draw];
        for r in 0..4 {
            let mut round = swiss(6, &all, &rounds);
            assert_eq!(round.len(), 3);
            for p in &round {
                let s = p.second.unwrap();
                assert!(
                    rounds
                        .iter()
                        .flatten()
                        .all(|o| o.opponent(p.first) != Some(s)),
                    "round {r}: {p:?}"
                );
            }
            let outs: Vec<Outcome> = (0..3).map(|i| results[(i + r) % 3]).collect();
            played(&mut round, &outs);
            rounds.push(round);
        }
    }
}
