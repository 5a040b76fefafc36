//! Seeks and the rule that pairs two players: pure, no I/O.
//!
//! A seek asks for a game: a board (its size, 2 or 4 players, a variant),
//! a clock, rated or casual, and how far the opponent's rating may be from
//! the seeker's. Two players fit when their terms are the same (board,
//! clock, rated), a rated game has two different accounts, and each rating
//! is within the other's range (casual games between players without
//! ratings ignore ranges). A seek for four players gathers three who fit
//! the seeker and each other before the game is made.

use quoridor_engine::TimeControl;
use quoridor_rules::Variant;

/// Who seeks: one lobby connection, its name, its account and rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Seeker {
    /// The lobby connection (a seek vanishes with it).
    pub conn: u64,
    /// Its address's key (the limits per address; never shown).
    pub client: String,
    pub name: String,
    pub account: Option<u64>,
    /// The rating at the seek's speed (accounts only).
    pub rating: Option<i32>,
    pub provisional: bool,
}

/// The game a seek is for: the board's size, the players, the variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub size: u8,
    pub players: u8,
    pub variant: Variant,
}

impl Default for Board {
    /// The standard game: 9×9, two players.
    fn default() -> Board {
        Board {
            size: 9,
            players: 2,
            variant: Variant::Standard,
        }
    }
}

/// What a seeker asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    pub board: Board,
    pub clock: TimeControl,
    pub rated: bool,
    /// The most the opponent's rating may differ (`None`: any).
    pub range: Option<u32>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Seek {
    pub id: u64,
    pub seeker: Seeker,
    pub terms: Terms,
    /// Who joined a seek for more than two players, waiting for the rest.
    pub joined: Vec<Seeker>,
}

impl Seek {
    /// Everyone in it: the seeker, then who joined.
    pub fn players(&self) -> impl Iterator<Item = &Seeker> {
        std::iter::once(&self.seeker).chain(&self.joined)
    }

    /// Why `acceptor` cannot join this seek: a misfit with anyone in it.
    pub fn misfit_for(&self, acceptor: &Seeker) -> Option<&'static str> {
        self.players()
            .find_map(|p| misfit(p, &self.terms, acceptor, &self.terms))
    }

    /// Whether `acceptor` completes it (the game can be made).
    pub fn full_with_one_more(&self) -> bool {
        self.joined.len() + 2 >= usize::from(self.terms.board.players)
    }
}

/// Why two players cannot be paired.
pub fn misfit(a: &Seeker, a_terms: &Terms, b: &Seeker, b_terms: &Terms) -> Option<&'static str> {
    if a.conn == b.conn || (a.account.is_some() && a.account == b.account) {
        return Some("that is your own seek");
    }
    if a_terms.board != b_terms.board {
        return Some("the boards differ");
    }
    if a_terms.clock != b_terms.clock || a_terms.rated != b_terms.rated {
        return Some("the clocks or the rated choice differ");
    }
    if a_terms.rated && (a.account.is_none() || b.account.is_none()) {
        return Some("log in to play a rated game");
    }
    if let (Some(ra), Some(rb)) = (a.rating, b.rating) {
        let gap = ra.abs_diff(rb);
        for range in [a_terms.range, b_terms.range].into_iter().flatten() {
            if gap > range {
                return Some("the ratings are too far apart for this seek");
            }
        }
    }
    None
}

/// The seek among `seeks` that `seeker` asking `terms` should take (for
/// "play now"): the fullest that fits everyone in it, the oldest of those.
pub fn best_fit<'a>(seeks: &'a [Seek], seeker: &Seeker, terms: &Terms) -> Option<&'a Seek> {
    seeks
        .iter()
        .filter(|s| {
            misfit(&s.seeker, &s.terms, seeker, terms).is_none() && s.misfit_for(seeker).is_none()
        })
        .min_by_key(|s| (std::cmp::Reverse(s.joined.len()), s.id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn blitz() -> TimeControl {
        TimeControl::Fischer {
            initial: Duration::from_secs(180),
            increment: Duration::from_secs(2),
        }
    }

    fn seeker(conn: u64, account: Option<u64>, rating: Option<i32>) -> Seeker {
        Seeker {
            conn,
            client: format!("192.0.2.{conn}"),
            name: format!("p{conn}"),
            account,
            rating,
            provisional: false,
        }
    }

    fn terms(rated: bool, range: Option<u32>) -> Terms {
        Terms {
            board: Board::default(),
            clock: blitz(),
            rated,
            range,
        }
    }

    #[test]
    fn who_fits_whom() {
        let (alice, bob) = (
            seeker(1, Some(10), Some(1500)),
            seeker(2, Some(11), Some(1650)),
        );
        let guest = seeker(3, None, None);
        assert_eq!(
            misfit(&alice, &terms(true, None), &bob, &terms(true, None)),
            None
        );
        assert_eq!(
            misfit(&alice, &terms(false, None), &guest, &terms(false, None)),
            None
        );
        // Rated needs two accounts, and the same terms.
        assert!(misfit(&alice, &terms(true, None), &guest, &terms(true, None)).is_some());
        assert!(misfit(&alice, &terms(true, None), &bob, &terms(false, None)).is_some());
        let mut other_clock = terms(true, None);
        other_clock.clock = TimeControl::PerMove(Duration::from_secs(30));
        assert!(misfit(&alice, &terms(true, None), &bob, &other_clock).is_some());
        // Ranges: 150 apart.
        assert!(misfit(&alice, &terms(true, Some(100)), &bob, &terms(true, None)).is_some());
        assert!(misfit(&alice, &terms(true, None), &bob, &terms(true, Some(100))).is_some());
        assert_eq!(
            misfit(
                &alice,
                &terms(true, Some(200)),
                &bob,
                &terms(true, Some(150))
            ),
            None
        );
        // Never yourself: the same connection or the same account.
        assert!(misfit(&alice, &terms(false, None), &alice, &terms(false, None)).is_some());
        let alice_elsewhere = seeker(9, Some(10), Some(1500));
        assert!(misfit(
            &alice,
            &terms(false, None),
            &alice_elsewhere,
            &terms(false, None)
        )
        .is_some());
    }

    #[test]
    fn play_now_takes_the_oldest_that_fits() {
        let seeks = vec![
            Seek {
                id: 5,
                seeker: seeker(1, Some(1), Some(1900)),
                terms: terms(true, Some(100)),
                joined: Vec::new(),
            },
            Seek {
                id: 7,
                seeker: seeker(2, Some(2), Some(1510)),
                terms: terms(true, None),
                joined: Vec::new(),
            },
            Seek {
                id: 9,
                seeker: seeker(3, Some(3), Some(1490)),
                terms: terms(true, None),
                joined: Vec::new(),
            },
        ];
        let me = seeker(4, Some(4), Some(1500));
        assert_eq!(
            best_fit(&seeks, &me, &terms(true, None)).map(|s| s.id),
            Some(7)
        );
        assert_eq!(best_fit(&seeks, &me, &terms(false, None)), None);
    }

    #[test]
    fn a_seek_for_four_gathers_players_who_fit_everyone_in_it() {
        let four = Terms {
            board: Board {
                size: 9,
                players: 4,
                variant: Variant::Standard,
            },
            ..terms(false, None)
        };
        let mut seek = Seek {
            id: 1,
            seeker: seeker(1, Some(1), Some(1500)),
            terms: four,
            joined: Vec::new(),
        };
        // Another board never fits, nor the seeker's own account.
        assert!(misfit(
            &seek.seeker,
            &four,
            &seeker(2, None, None),
            &terms(false, None)
        )
        .is_some());
        assert!(seek.misfit_for(&seeker(9, Some(1), None)).is_some());
        assert!(!seek.full_with_one_more());
        seek.joined.push(seeker(2, Some(2), Some(1600)));
        assert!(
            seek.misfit_for(&seeker(7, Some(2), None)).is_some(),
            "one who joined"
        );
        assert!(!seek.full_with_one_more());
        seek.joined.push(seeker(3, None, None));
        assert!(seek.full_with_one_more());
        // Play now prefers the seek closest to full.
        let empty = Seek {
            id: 0,
            seeker: seeker(5, None, None),
            terms: four,
            joined: Vec::new(),
        };
        let seeks = vec![empty, seek];
        assert_eq!(
            best_fit(&seeks, &seeker(4, None, None), &four).map(|s| s.id),
            Some(1)
        );
    }
}
