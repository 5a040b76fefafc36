//! Seeks and the rule that pairs two players: pure, no I/O.
//!
//! A seek asks for a game: a clock, rated or casual, and how far the
//! opponent's rating may be from the seeker's. Two players fit when their
//! terms are the same (clock, rated), a rated game has two different
//! accounts, and each rating is within the other's range (casual games
//! between players without ratings ignore ranges).

use quoridor_engine::TimeControl;

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

/// What a seeker asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
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
}

/// Why two players cannot be paired.
pub fn misfit(a: &Seeker, a_terms: &Terms, b: &Seeker, b_terms: &Terms) -> Option<&'static str> {
    if a.conn == b.conn || (a.account.is_some() && a.account == b.account) {
        return Some("that is your own seek");
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

/// The oldest seek among `seeks` that fits `seeker` asking `terms` (for
/// "play now").
pub fn best_fit<'a>(seeks: &'a [Seek], seeker: &Seeker, terms: &Terms) -> Option<&'a Seek> {
    seeks
        .iter()
        .filter(|s| misfit(&s.seeker, &s.terms, seeker, terms).is_none())
        .min_by_key(|s| s.id)
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
            },
            Seek {
                id: 7,
                seeker: seeker(2, Some(2), Some(1510)),
                terms: terms(true, None),
            },
            Seek {
                id: 9,
                seeker: seeker(3, Some(3), Some(1490)),
                terms: terms(true, None),
            },
        ];
        let me = seeker(4, Some(4), Some(1500));
        assert_eq!(
            best_fit(&seeks, &me, &terms(true, None)).map(|s| s.id),
            Some(7)
        );
        assert_eq!(best_fit(&seeks, &me, &terms(false, None)), None);
    }
}
