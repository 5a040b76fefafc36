//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system",
//! 2013): a rating, its deviation (how sure it is) and its volatility (how
//! much the player's strength moves). Pure arithmetic, no I/O; the online
//! play of issue 12 rates each game as a rating period of its own, as
//! lichess does.

use std::f64::consts::PI;

/// The scale between Glicko (1500-centred) and Glicko-2 numbers.
const SCALE: f64 = 173.7178;
/// A new player.
pub const START: Rating = Rating {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
};
/// The system constant: how much the volatility may change (Glickman
/// suggests 0.3 to 1.2).
pub const TAU: f64 = 0.5;
/// A rating this unsure is provisional (lichess's threshold).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// The deviation never falls below this, so ratings keep moving.
pub const MIN_DEVIATION: f64 = 45.0;
/// Nor rises above a new player's.
pub const MAX_DEVIATION: f64 = 350.0;

/// A player's rating.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// One game of the period: the opponent's rating before it, and the score
/// (1 a win, ½ a draw, 0 a loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    pub opponent: Rating,
    pub score: f64,
}

impl Rating {
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating after a period with `games` (none: only the deviation
    /// grows), with the system constant `tau`; the deviation kept within
    /// [`MIN_DEVIATION`]..=[`MAX_DEVIATION`].
    pub fn after(&self, games: &[Game], tau: f64) -> Rating {
        let raw = self.after_unclamped(games, tau);
        Rating {
            deviation: raw.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION),
            ..raw
        }
    }

    /// Step by step as in Glickman's example (steps 1 to 8).
    pub fn after_unclamped(&self, games: &[Game], tau: f64) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Rating {
                deviation: phi_star * SCALE,
                ..*self
            };
        }
        // Steps 3 and 4: the estimated variance and the improvement.
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for game in games {
            let mu_j = (game.opponent.rating - 1500.0) / SCALE;
            let g_j = g(game.opponent.deviation / SCALE);
            let e_j = expected(mu, mu_j, g_j);
            inverse_v += g_j * g_j * e_j * (1.0 - e_j);
            sum += g_j * (game.score - e_j);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        // Step 5: the new volatility.
        let sigma_new = new_volatility(phi, sigma, v, delta, tau);
        // Steps 6 and 7.
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        // Step 8: back to the Glicko scale.
        Rating {
            rating: SCALE * mu_new + 1500.0,
            deviation: SCALE * phi_new,
            volatility: sigma_new,
        }
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, g_j: f64) -> f64 {
    1.0 / (1.0 + (-g_j * (mu - mu_j)).exp())
}

/// Step 5: the Illinois algorithm on f, to a tolerance of 1e-6.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    let mut steps = 0;
    while (big_b - big_a).abs() > 1e-6 && steps < 200 {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
        steps += 1;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Glickman's worked example: 1500 (RD 200) beats a 1400 (RD 30) and
    /// loses to a 1550 (RD 100) and a 1700 (RD 300), τ = 0.5: 1464.06,
    /// RD 151.52, volatility 0.05999.
    #[test]
    fn the_published_example() {
        let games = [
            Game {
                opponent: r(1400.0, 30.0),
                score: 1.0,
            },
            Game {
                opponent: r(1550.0, 100.0),
                score: 0.0,
            },
            Game {
                opponent: r(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let after = r(1500.0, 200.0).after_unclamped(&games, 0.5);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn no_game_only_widens_the_deviation() {
        let before = r(1600.0, 80.0);
        let after = before.after(&[], TAU);
        assert_eq!(after.rating, 1600.0);
        assert!(
            after.deviation > 80.0 && after.deviation < 81.0,
            "{after:?}"
        );
    }

    #[test]
    fn a_win_gains_what_the_loser_loses_between_equals() {
        let a = START;
        let b = START;
        let a2 = a.after(
            &[Game {
                opponent: b,
                score: 1.0,
            }],
            TAU,
        );
        let b2 = b.after(
            &[Game {
                opponent: a,
                score: 0.0,
            }],
            TAU,
        );
        assert!(a2.rating > 1500.0 && b2.rating < 1500.0);
        assert!(((a2.rating - 1500.0) + (b2.rating - 1500.0)).abs() < 1e-9);
        assert!(a2.is_provisional());
        let draw = a.after(
            &[Game {
                opponent: b,
                score: 0.5,
            }],
            TAU,
        );
        assert!((draw.rating - 1500.0).abs() < 1e-9);
        assert!(draw.deviation < 350.0);
    }
}
