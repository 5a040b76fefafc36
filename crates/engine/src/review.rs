//! The review of a finished two-player game: every position valued by a
//! search (the expected outcome for the side to move, with the best move
//! and its line), then every move judged by what it lost against the best
//! one: an inaccuracy, a mistake or a blunder, and an accuracy per move.
//! `quoridor analyze --all` and the server's analysis share it.

use std::sync::atomic::AtomicBool;

use quoridor_rules::{Entry, Game, Move, Outcome, Position, Seat};

use crate::book::Book;
use crate::{Engine, SearchLimit, Silent};

/// How bad a move was: the expected outcome it gave away (0 to 1 scale),
/// the thresholds lichess uses on its winning chances (which run from −1
/// to 1, twice ours).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    /// Lost 0.05 or more.
    Inaccuracy,
    /// 0.10 or more.
    Mistake,
    /// 0.15 or more.
    Blunder,
}

impl Judgement {
    pub fn of(loss: f64) -> Option<Judgement> {
        if loss >= 0.15 {
            Some(Judgement::Blunder)
        } else if loss >= 0.10 {
            Some(Judgement::Mistake)
        } else if loss >= 0.05 {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    /// The mark written after the move: `?!`, `?`, `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }
}

/// One position's value for the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Valuation {
    /// The expected outcome for the side to move, 0 (loss) to 1 (win).
    pub value: f64,
    /// The best move and the line after it (none once the game is over).
    pub best: Option<Move>,
    pub line: Vec<Move>,
}

/// Values `pos` by a search within `limit` (a finished game: its result).
/// The search is always made, in the opening book too: the analysis shows
/// the book beside it ([`MoveReview::book`]).
pub fn value_position(
    engine: &mut Engine,
    pos: &Position,
    limit: SearchLimit,
    stop: &AtomicBool,
) -> Valuation {
    if let Some(outcome) = pos.outcome() {
        let value = match outcome {
            Outcome::Draw => 0.5,
            Outcome::Winner(seat) if seat == pos.turn() => 1.0,
            Outcome::TeamWinner(team) if team.seats().contains(&pos.turn()) => 1.0,
            _ => 0.0,
        };
        return Valuation {
            value,
            best: None,
            line: Vec::new(),
        };
    }
    let book = engine.book();
    engine.set_book(false);
    let searched = engine.search(pos, limit, stop, &mut Silent);
    engine.set_book(book);
    match searched {
        Some(result) => Valuation {
            value: result.score.expected_outcome(),
            best: Some(result.best),
            line: result.pv,
        },
        None => Valuation {
            value: 0.5,
            best: None,
            line: Vec::new(),
        },
    }
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The entry's index in the game (0 for the first move).
    pub ply: usize,
    pub mover: Seat,
    pub played: Move,
    /// The engine's move and its line, when it is another move.
    pub best: Option<Move>,
    pub line: Vec<Move>,
    /// The mover's expected outcome before the move (with the best move)
    /// and after the move played.
    pub before: f64,
    pub after: f64,
    /// What the move gave away (never negative).
    pub loss: f64,
    pub judgement: Option<Judgement>,
    /// 0 to 100 (see [`accuracy`]).
    pub accuracy: f64,
    /// Whether the move played is in the opening book ([`crate::book`]).
    pub book: bool,
}

/// A move's accuracy from what it gave away (lichess's curve on winning
/// percentages): 100 for the best move, about 65 for a loss of 0.10, 0 for
/// a lost game thrown away.
pub fn accuracy(loss: f64) -> f64 {
    let percent = loss.clamp(0.0, 1.0) * 100.0;
    (103.1668 * (-0.04354 * percent).exp() - 3.1669).clamp(0.0, 100.0)
}

/// Judges every move of `game` from the values of its positions:
/// `values[i]` is the position before entry `i` (`values.len()` is the
/// number of entries plus one). Entries that are not moves (resignation,
/// time, draw) are not judged.
pub fn review_moves(game: &Game, values: &[Valuation]) -> Vec<MoveReview> {
    let mut out = Vec::new();
    for (ply, entry) in game.entries().iter().enumerate() {
        let Entry::Move(played) = entry else {
            continue;
        };
        let (Some(pos), Some(now), Some(next)) =
            (game.position_at(ply), values.get(ply), values.get(ply + 1))
        else {
            continue;
        };
        let before = now.value;
        let after = 1.0 - next.value;
        let best = now.best.filter(|b| b != played);
        // The engine's own choice gave nothing away: a difference is only
        // the next search seeing further.
        let loss = if best.is_some() {
            (before - after).max(0.0)
        } else {
            0.0
        };
        out.push(MoveReview {
            ply,
            mover: pos.turn(),
            played: *played,
            best,
            line: if best.is_some() {
                now.line.clone()
            } else {
                Vec::new()
            },
            before,
            after,
            loss,
            judgement: Judgement::of(loss),
            accuracy: accuracy(loss),
            book: Book::shipped().contains(pos, *played),
        });
    }
    out
}

/// South's expected outcome at every position of the game, from the
/// start to the end (the values are the side to move's), to three
/// decimals: the points of the analysis's graph.
pub fn south_graph(game: &Game, values: &[Valuation]) -> Vec<f64> {
    values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let turn = game.position_at(i).map_or(Seat::South, |p| p.turn());
            let south = if turn == Seat::South {
                v.value
            } else {
                1.0 - v.value
            };
            (south * 1000.0).round() / 1000.0
        })
        .collect()
}

/// A player's moves summed up: the mean accuracy (0 to 100, to a tenth)
/// and how many of each judgement.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSummary {
    pub seat: Seat,
    pub accuracy: f64,
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
}

/// South's and North's summaries (the review judges two-player games).
pub fn player_summaries(reviews: &[MoveReview]) -> Vec<PlayerSummary> {
    [Seat::South, Seat::North]
        .iter()
        .map(|&seat| {
            let mine: Vec<&MoveReview> = reviews.iter().filter(|r| r.mover == seat).collect();
            let count = |judgement: Judgement| {
                mine.iter()
                    .filter(|r| r.judgement == Some(judgement))
                    .count() as u32
            };
            let accuracy = if mine.is_empty() {
                100.0
            } else {
                mine.iter().map(|r| r.accuracy).sum::<f64>() / mine.len() as f64
            };
            PlayerSummary {
                seat,
                accuracy: (accuracy * 10.0).round() / 10.0,
                inaccuracies: count(Judgement::Inaccuracy),
                mistakes: count(Judgement::Mistake),
                blunders: count(Judgement::Blunder),
            }
        })
        .collect()
}

/// Reviews a whole game, each position searched within `limit`; `progress`
/// hears (positions done, positions in all).
pub fn review_game(
    engine: &mut Engine,
    game: &Game,
    limit: SearchLimit,
    stop: &AtomicBool,
    mut progress: impl FnMut(usize, usize),
) -> (Vec<Valuation>, Vec<MoveReview>) {
    let total = game.entries().len() + 1;
    let mut values = Vec::with_capacity(total);
    for i in 0..total {
        let pos = game.position_at(i).copied().unwrap_or(*game.position());
        values.push(value_position(engine, &pos, limit, stop));
        progress(i + 1, total);
    }
    let reviews = review_moves(game, &values);
    (values, reviews)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::Ruleset;
    use std::time::Duration;

    #[test]
    fn thresholds_and_accuracy() {
        assert_eq!(Judgement::of(0.02), None);
        assert_eq!(Judgement::of(0.05), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of(0.12), Some(Judgement::Mistake));
        assert_eq!(Judgement::of(0.4), Some(Judgement::Blunder));
        assert!((accuracy(0.0) - 100.0).abs() < 0.01);
        assert!(accuracy(0.10) > 60.0 && accuracy(0.10) < 70.0);
        assert_eq!(accuracy(1.0), 0.0);
    }

    /// South reaches d8 and North f2 with South to move: d9 wins at once,
    /// and a step aside (c8) lets North win with f1.
    const MISSED_WIN: [&str; 18] = [
        "e2", "e8", "d2", "f8", "d3", "f7", "d4", "f6", "d5", "f5", "d6", "f4", "d7", "f3", "d8",
        "f2", "c8", "f1",
    ];

    #[test]
    fn a_missed_win_is_a_blunder() {
        let mut game = Game::new(Ruleset::STANDARD);
        for mv in MISSED_WIN {
            game.play(mv.parse().unwrap()).unwrap();
        }
        assert!(game.position().is_over());
        let mut engine = Engine::with_hash(8);
        let stop = AtomicBool::new(false);
        let (values, reviews) = review_game(
            &mut engine,
            &game,
            SearchLimit::MoveTime(Duration::from_millis(40)),
            &stop,
            |_, _| {},
        );
        assert_eq!(values.len(), 19);
        assert_eq!(reviews.len(), 18);
        let missed = &reviews[16];
        assert_eq!(missed.played.to_string(), "c8");
        // A won game given away: whatever the evaluation, a blunder, and
        // the win was the better move.
        assert_eq!(missed.judgement, Some(Judgement::Blunder), "{missed:?}");
        assert_eq!(missed.best.map(|m| m.to_string()).as_deref(), Some("d9"));
        assert!(!missed.line.is_empty());
        assert!(missed.before > 0.99 && missed.after < 0.01, "{missed:?}");
        assert!(missed.accuracy < 1.0, "{missed:?}");
        // The first steps are in the opening book (its natural moves); the
        // step aside is not.
        assert!(reviews[0].book && reviews[1].book, "{:?}", &reviews[..2]);
        assert!(!missed.book);
        for r in &reviews {
            assert!((0.0..=1.0).contains(&r.before) && (0.0..=1.0).contains(&r.after));
            assert!(r.loss >= 0.0 && r.accuracy <= 100.0);
            if r.best.is_none() {
                assert_eq!(r.judgement, None, "the engine's own move: {r:?}");
            }
        }
    }
}
