//! Static evaluation: the race to the goal lines, fences in hand, tempo, and
//! exactly countable races once fences run out; plus, where a level asks for
//! it, the learned correction of [`crate::net`].

use quoridor_rules::{Outcome, Position, Variant};

use crate::net::{Features, Network};
use crate::score::Score;

pub use crate::params::STEP;
use crate::params::{fence_value, DECIDED_RACE, MAX_CORRECTION, TEMPO, TWO_SIDED_FENCES};

/// Which side each player is on, for one search: the root player's side is 0.
/// Two players: each alone. Teams: partners together. Four players without
/// teams: the root player against the three others (paranoid search).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Sides {
    side_of: [u8; 4],
    players: usize,
}

impl Sides {
    pub fn for_root(pos: &Position) -> Sides {
        let root = pos.turn_index();
        let seats = pos.seats();
        let mut side_of = [1; 4];
        for (p, seat) in seats.iter().enumerate() {
            let with_root = match pos.rules().variant() {
                Variant::Teams => seat.team() == seats[root].team(),
                _ => p == root,
            };
            side_of[p] = if with_root { 0 } else { 1 };
        }
        Sides {
            side_of,
            players: seats.len(),
        }
    }

    /// Players in the game.
    pub fn players(&self) -> usize {
        self.players
    }

    #[inline]
    pub fn side_of(&self, player: usize) -> u8 {
        self.side_of[player]
    }

    /// A key mixed into hashes: the same position searched for another root
    /// side has other values.
    pub fn key(&self) -> u64 {
        let bits = self
            .side_of
            .iter()
            .take(self.players)
            .fold(0u64, |acc, &s| acc * 2 + s as u64);
        bits.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
}

/// The value of a finished game for the side to move, `ply` plies from the root.
pub fn terminal(pos: &Position, outcome: Outcome, sides: &Sides, ply: u32) -> Score {
    let me = sides.side_of(pos.turn_index());
    let winner_side = match outcome {
        Outcome::Draw => return Score::DRAW,
        Outcome::Winner(seat) => sides.side_of(seat.player(pos.players()).unwrap_or(0)),
        Outcome::TeamWinner(team) => {
            let seat = team.seats()[0];
            sides.side_of(seat.player(pos.players()).unwrap_or(0))
        }
    };
    if winner_side == me {
        Score::win_in(ply)
    } else {
        Score::loss_in(ply)
    }
}

/// The value of a position that is not over, for the side to move: the
/// hand-made evaluation.
pub fn evaluate(pos: &Position, sides: &Sides) -> Score {
    evaluate_with(pos, sides, None)
}

/// The value of a position that is not over, for the side to move, with
/// the learned correction of `net` where it applies (the standard game of
/// two players on 9×9).
pub fn evaluate_with(pos: &Position, sides: &Sides, net: Option<&Network>) -> Score {
    if pos.rules().variant() == Variant::Scoring {
        return evaluate_scoring(pos, sides);
    }
    let mut distances = [0i32; 4];
    for (p, &seat) in pos.seats().iter().enumerate() {
        if !pos.is_out(seat) {
            distances[p] = pos.distance(seat).unwrap_or(200) as i32;
        }
    }
    let hand = race_value(pos, sides, &distances);
    match net {
        Some(net) if Features::applies(pos) => {
            let me = pos.turn_index();
            let features = Features::new(pos, distances[me] as u32, distances[1 - me] as u32);
            let correction = (net.correction(&features) * STEP as f32).round() as i32;
            Score(hand.0 + correction.clamp(-MAX_CORRECTION, MAX_CORRECTION))
        }
        _ => hand,
    }
}

/// The hand-made value of the race, given each player's distance.
fn race_value(pos: &Position, sides: &Sides, distances: &[i32; 4]) -> Score {
    let me = sides.side_of(pos.turn_index());
    let (mut mine, mut theirs) = (Race::default(), Race::default());
    for (p, &seat) in pos.seats().iter().enumerate() {
        if pos.is_out(seat) {
            continue;
        }
        let race = if sides.side_of(p) == me {
            &mut mine
        } else {
            &mut theirs
        };
        race.add(distances[p], pos.fences_left(seat) as u32);
    }
    let margin = theirs.distance - mine.distance;
    let mut value = margin * STEP + mine.fence_value - theirs.fence_value + TEMPO;
    if sides.players == 2 {
        // Once a side has no fences, its opponent's distance is final;
        // moving first, a tie in steps goes to the side to move.
        let bonus = if pawns_may_meet(pos) {
            DECIDED_RACE / 2
        } else {
            DECIDED_RACE
        };
        if theirs.fences == 0 && margin >= 0 {
            value += bonus;
        } else if mine.fences == 0 && margin < 0 {
            value -= bonus;
        }
    }
    Score(value)
}

/// Whether the two pawns are close enough for a jump to change the race.
fn pawns_may_meet(pos: &Position) -> bool {
    let [a, b] = [pos.pawn(pos.seats()[0]), pos.pawn(pos.seats()[1])];
    let apart = a.col().abs_diff(b.col()) + a.row().abs_diff(b.row());
    apart <= 3
}

#[derive(Debug)]
struct Race {
    /// The shortest distance of the side's players (the one closest to winning).
    distance: i32,
    fences: u32,
    /// The value of each player's fences, added up: a side of three players
    /// with five fences each holds three small stocks, not one large one.
    fence_value: i32,
}

impl Default for Race {
    fn default() -> Race {
        Race {
            distance: i32::MAX / 4,
            fences: 0,
            fence_value: 0,
        }
    }
}

impl Race {
    fn add(&mut self, distance: i32, fences: u32) {
        self.distance = self.distance.min(distance);
        self.fences += fences;
        self.fence_value += fence_value(&TWO_SIDED_FENCES, fences);
    }
}

/// The scoring game: a pawn's final score is its score now plus the rows it
/// still has to go (every further step forward scores, sideways steps and
/// detours cost nothing net). Being nearer to arriving breaks ties.
fn evaluate_scoring(pos: &Position, sides: &Sides) -> Score {
    let me = sides.side_of(pos.turn_index());
    let (mut mine, mut theirs) = (i32::MIN, i32::MIN);
    for (p, &seat) in pos.seats().iter().enumerate() {
        if pos.is_out(seat) {
            continue;
        }
        let sq = pos.pawn(seat);
        let rows = i32::from(pos.rows_to_goal(seat, sq));
        let distance = pos.distance(seat).unwrap_or(200) as i32;
        let projected = (pos.score(seat) + rows) * STEP - distance * 5;
        let best = if sides.side_of(p) == me {
            &mut mine
        } else {
            &mut theirs
        };
        *best = (*best).max(projected);
    }
    if theirs == i32::MIN {
        return Score(mine);
    }
    Score(mine - theirs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::{Position, Ruleset};

    #[test]
    fn start_is_about_even_with_tempo() {
        let pos = Position::new(Ruleset::STANDARD);
        let sides = Sides::for_root(&pos);
        assert_eq!(evaluate(&pos, &sides), Score(TEMPO));
    }

    #[test]
    fn decided_races() {
        // Both without fences, south to move and a step behind: lost.
        let pos: Position = "9 a3,i5 - 0,0 south 10".parse().unwrap();
        let sides = Sides::for_root(&pos);
        assert!(evaluate(&pos, &sides).0 <= -DECIDED_RACE - 2 * STEP + TEMPO);
        // Equal distances, south to move: won.
        let pos: Position = "9 a4,i6 - 0,0 south 10".parse().unwrap();
        assert!(evaluate(&pos, &sides).0 >= DECIDED_RACE);
        // Closer pawns: the same race, with less certainty.
        let near: Position = "9 e4,e6 - 0,0 south 10".parse().unwrap();
        assert_eq!(evaluate(&near, &sides).0, DECIDED_RACE / 2 + TEMPO);
    }

    #[test]
    fn teams_share_a_side() {
        let rules = Ruleset::new(9, 4)
            .unwrap()
            .with_variant(Variant::Teams)
            .unwrap();
        let pos = Position::new(rules);
        let sides = Sides::for_root(&pos);
        assert_eq!([0, 1, 2, 3].map(|p| sides.side_of(p)), [0, 0, 1, 1]);
        let pos = Position::new(Ruleset::new(9, 4).unwrap());
        let sides = Sides::for_root(&pos);
        assert_eq!([0, 1, 2, 3].map(|p| sides.side_of(p)), [0, 1, 1, 1]);
    }
}
