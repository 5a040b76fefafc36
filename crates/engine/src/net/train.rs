//! Training the network on played games: every position of a finished game
//! (and its mirror image) labelled by whether its side to move went on to
//! win. The network learns what the hand-made value misses: it is trained
//! so that the hand-made value plus its correction, through the logistic
//! curve, predicts the result (cross-entropy, Adam, the best epoch on games
//! held out is kept).

use quoridor_rules::{Game, Outcome, Position};

use super::{Features, Network, INPUTS, SPARSE_INPUTS};
use crate::eval::{evaluate, Sides, STEP};
use crate::rng::Rng;
use crate::score::Score;

/// One training position.
#[derive(Copy, Clone, Debug)]
pub struct Sample {
    features: Features,
    /// The hand-made value, in steps, for the side to move.
    base: f32,
    /// The chance that the side to move wins, as the position's label says.
    target: f32,
}

impl Sample {
    /// `pos` with the win chance `target` of its side to move, if the
    /// network applies to it.
    pub fn new(pos: &Position, target: f32) -> Option<Sample> {
        if pos.is_over() || !Features::applies(pos) || !(0.0..=1.0).contains(&target) {
            return None;
        }
        let me = pos.turn();
        let them = pos.seats()[1 - pos.turn_index()];
        let (mine, theirs) = (pos.distance(me)?, pos.distance(them)?);
        let base = evaluate(pos, &Sides::for_root(pos));
        Some(Sample {
            features: Features::new(pos, mine, theirs),
            base: base.0 as f32 / STEP as f32,
            target,
        })
    }

    /// The hand-made value, in steps.
    pub fn base(&self) -> f32 {
        self.base
    }
}

/// A position of a self-play game: the value its search gave the side to
/// move, and whether that side went on to win.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Labelled {
    pub position: Position,
    pub score: Score,
    pub won: bool,
}

impl Labelled {
    /// The training label: the result and the search's value (through the
    /// logistic curve of `scale`), weighted `outcome_weight` and the rest.
    /// The result alone is the same label for every position of a game,
    /// which a network learns by heart; the search's value differs from
    /// position to position and says what a deeper look saw.
    pub fn target(&self, scale: f32, outcome_weight: f32) -> f32 {
        let steps = self.score.0.clamp(-MAX_LABEL, MAX_LABEL) as f32 / STEP as f32;
        let won = if self.won { 1.0 } else { 0.0 };
        outcome_weight * won + (1.0 - outcome_weight) * chance(steps, scale)
    }

    /// The sample, and that of the mirror image.
    pub fn samples(&self, scale: f32, outcome_weight: f32) -> impl Iterator<Item = Sample> {
        let target = self.target(scale, outcome_weight);
        [self.position, self.position.mirrored()]
            .into_iter()
            .filter_map(move |pos| Sample::new(&pos, target))
    }
}

/// Search values beyond this (in hundredths of a step: forced results) are
/// labelled as this.
const MAX_LABEL: i32 = 3000;

/// The positions of one game won by a pawn arriving, each labelled by its
/// result (other games teach nothing and give none); `scores` holds the
/// search's value of each position before a move, where known.
pub fn game_positions(game: &Game, scores: &[Option<Score>]) -> Vec<Labelled> {
    let Some(Outcome::Winner(winner)) = game.outcome() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for index in 0..game.entries().len() {
        let Some(pos) = game.position_at(index) else {
            break;
        };
        if pos.is_over() || !Features::applies(pos) {
            continue;
        }
        out.push(Labelled {
            position: *pos,
            score: scores.get(index).copied().flatten().unwrap_or(Score::DRAW),
            won: pos.turn() == winner,
        });
    }
    out
}

/// How to train.
#[derive(Copy, Clone, Debug)]
pub struct Settings {
    pub hidden: usize,
    pub epochs: usize,
    pub batch: usize,
    pub learning_rate: f32,
    /// Weight decay per step (a fraction of each weight).
    pub decay: f32,
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            hidden: 32,
            epochs: 12,
            batch: 256,
            learning_rate: 1e-3,
            decay: 1e-6,
            seed: 1,
        }
    }
}

/// The win chance a value of `steps` means at logistic scale `scale`.
fn chance(steps: f32, scale: f32) -> f32 {
    1.0 / (1.0 + (-steps * scale).exp())
}

/// Mean cross-entropy of the predictions, in nats.
pub fn loss(samples: &[Sample], net: Option<&Network>, scale: f32) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let out = net.map_or(0.0, |n| n.correction(&s.features));
            let p = chance(s.base + out, scale).clamp(1e-6, 1.0 - 1e-6) as f64;
            let y = s.target as f64;
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The logistic scale that fits the hand-made values best (golden-section
/// search of the cross-entropy).
pub fn fit_scale(samples: &[Sample]) -> f32 {
    let (mut lo, mut hi) = (0.01f32, 5.0f32);
    let ratio = 0.618_034f32;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if loss(samples, None, a) < loss(samples, None, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// What one epoch gave.
#[derive(Copy, Clone, Debug)]
pub struct Epoch {
    pub number: usize,
    pub train_loss: f64,
    pub valid_loss: f64,
}

/// Adam's moments for one array of weights.
struct Moments {
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Moments {
    fn new(len: usize) -> Moments {
        Moments {
            m: vec![0.0; len],
            v: vec![0.0; len],
        }
    }

    fn step(&mut self, weights: &mut [f32], grads: &[f32], rate: f32, decay: f32, t: i32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        let (c1, c2) = (1.0 - B1.powi(t), 1.0 - B2.powi(t));
        for i in 0..weights.len() {
            let g = grads[i];
            self.m[i] = B1 * self.m[i] + (1.0 - B1) * g;
            self.v[i] = B2 * self.v[i] + (1.0 - B2) * g * g;
            let update = (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
            weights[i] -= rate * update + decay * weights[i];
        }
    }
}

/// Trains a network from zero correction on `train`, keeping the epoch
/// that predicts `valid` best; `progress` hears of every epoch.
/// `start`, if given, is where training begins (trained further on new
/// games; its hidden units, not `settings.hidden`); otherwise it begins
/// from the hand-made value itself.
pub fn train(
    train: &[Sample],
    valid: &[Sample],
    scale: f32,
    settings: Settings,
    start: Option<&Network>,
    progress: &mut dyn FnMut(Epoch),
) -> Network {
    let h = start.map_or(settings.hidden, Network::hidden);
    let mut rng = Rng::new(settings.seed);
    let mut net = Network::zero(h, scale);
    if let Some(start) = start {
        net = Network {
            scale,
            ..start.clone()
        };
    } else {
        // Small random first-layer weights (the output layer starts at zero,
        // so the first network is the hand-made value itself).
        let (w1, b1, _, _) = net.parts_mut();
        let spread = 1.0 / (24f32).sqrt();
        for w in w1.iter_mut() {
            *w = ((rng.next() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * spread;
        }
        b1.fill(0.1);
    }
    let mut best = (loss(valid, Some(&net), scale), net.clone());
    let mut moments = [
        Moments::new(INPUTS * h),
        Moments::new(h),
        Moments::new(h),
        Moments::new(1),
    ];
    let mut grads = [
        vec![0f32; INPUTS * h],
        vec![0f32; h],
        vec![0f32; h],
        vec![0f32],
    ];
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut acc = vec![0f32; h];
    let mut t = 0;
    for epoch in 1..=settings.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.next() as usize % (i + 1));
        }
        let mut total = 0f64;
        for batch in order.chunks(settings.batch) {
            grads.iter_mut().for_each(|g| g.fill(0.0));
            for &k in batch {
                let s = &train[k];
                net.accumulate(&s.features, &mut acc);
                let out = net.output(&acc);
                let p = chance(s.base + out, scale);
                let pc = p.clamp(1e-6, 1.0 - 1e-6) as f64;
                let y = s.target as f64;
                total -= y * pc.ln() + (1.0 - y) * (1.0 - pc).ln();
                // d loss / d out, averaged over the batch.
                let g = scale * (p - s.target) / batch.len() as f32;
                let (_, _, w2, _) = net.parts_mut();
                grads[3][0] += g;
                for j in 0..h {
                    if acc[j] > 0.0 {
                        grads[2][j] += g * acc[j];
                        let da = g * w2[j];
                        grads[1][j] += da;
                        acc[j] = da;
                    } else {
                        acc[j] = 0.0;
                    }
                }
                for &input in s.features.active() {
                    let row = &mut grads[0][input as usize * h..][..h];
                    for (r, a) in row.iter_mut().zip(&acc) {
                        *r += a;
                    }
                }
                for (d, &x) in s.features.dense().iter().enumerate() {
                    let row = &mut grads[0][(SPARSE_INPUTS + d) * h..][..h];
                    for (r, a) in row.iter_mut().zip(&acc) {
                        *r += a * x;
                    }
                }
            }
            t += 1;
            let (w1, b1, w2, b2) = net.parts_mut();
            let rate = settings.learning_rate;
            moments[0].step(w1, &grads[0], rate, settings.decay, t);
            moments[1].step(b1, &grads[1], rate, 0.0, t);
            moments[2].step(w2, &grads[2], rate, settings.decay, t);
            let mut b = [*b2];
            moments[3].step(&mut b, &grads[3], rate, 0.0, t);
            *b2 = b[0];
        }
        let valid_loss = loss(valid, Some(&net), scale);
        progress(Epoch {
            number: epoch,
            train_loss: total / train.len().max(1) as f64,
            valid_loss,
        });
        if valid_loss < best.0 {
            best = (valid_loss, net.clone());
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::Ruleset;

    /// A game where south walks straight up and north wastes its moves.
    fn south_walks() -> Game {
        let mut game = Game::new(Ruleset::STANDARD);
        for mv in [
            "e2", "a8h", "e3", "c8h", "e4", "a6h", "e5", "c6h", "e6", "e8", "e7", "d8", "e8", "c8",
            "e9",
        ] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        game
    }

    #[test]
    fn positions_are_labelled_by_the_winner_and_the_search() {
        let game = south_walks();
        let scores: Vec<Option<Score>> = (0..game.entries().len())
            .map(|i| Some(Score(100 * i as i32)))
            .collect();
        let positions = game_positions(&game, &scores);
        // Every position before a move.
        assert_eq!(positions.len(), game.entries().len());
        // South moves first.
        for (i, p) in positions.iter().enumerate() {
            assert_eq!(p.won, i % 2 == 0);
            assert_eq!(p.score, Score(100 * i as i32));
            assert_eq!(p.samples(1.0, 0.5).count(), 2);
        }
        // The label: the result alone, the search alone, or between.
        let first = positions[1];
        assert_eq!(first.target(1.0, 1.0), 0.0);
        assert!((first.target(1.0, 0.0) - chance(1.0, 1.0)).abs() < 1e-6);
        assert!((first.target(1.0, 0.5) - chance(1.0, 1.0) / 2.0).abs() < 1e-6);
        // A forced win is a label of (almost) one.
        let won = Labelled {
            score: Score::win_in(3),
            ..first
        };
        assert!(won.target(1.0, 0.0) > 0.99);
    }

    #[test]
    fn training_learns_what_the_hand_made_value_misses() {
        // Labels that depend on a feature the hand-made value ignores: the
        // side to move wins when its pawn stands on the d file.
        let mut samples = Vec::new();
        let mut pos = Position::new(Ruleset::STANDARD);
        let mut rng = Rng::new(3);
        for _ in 0..400 {
            let legal = pos.legal_moves();
            let pawns: Vec<_> = legal
                .iter()
                .copied()
                .filter(|m| matches!(m, quoridor_rules::Move::Pawn(_)))
                .collect();
            pos.play_unchecked(pawns[rng.next() as usize % pawns.len()]);
            if pos.is_over() || pos.ply() > 30 {
                pos = Position::new(Ruleset::STANDARD);
                continue;
            }
            let won = pos.pawn(pos.turn()).col() == 3;
            samples.extend(Sample::new(&pos, if won { 1.0 } else { 0.0 }));
        }
        let scale = fit_scale(&samples);
        let before = loss(&samples, None, scale);
        let settings = Settings {
            hidden: 8,
            epochs: 30,
            batch: 16,
            learning_rate: 3e-3,
            ..Settings::default()
        };
        let net = train(&samples, &samples, scale, settings, None, &mut |_| {});
        let after = loss(&samples, Some(&net), scale);
        assert!(after < before * 0.8, "{before} -> {after}");

        // Trained further from those weights, with a hidden size that is
        // not theirs: their size is kept, and it never ends worse than
        // where it began (the best epoch is kept, the start included).
        let further = Settings {
            hidden: 3,
            epochs: 2,
            learning_rate: 1e-2,
            seed: 9,
            ..settings
        };
        let next = train(&samples, &samples, scale, further, Some(&net), &mut |_| {});
        assert_eq!(next.hidden(), 8);
        assert!(loss(&samples, Some(&next), scale) <= after);
        // No epoch at all: the start itself.
        let none = Settings {
            epochs: 0,
            ..further
        };
        assert_eq!(
            train(&samples, &samples, scale, none, Some(&net), &mut |_| {}),
            net
        );
    }
}
