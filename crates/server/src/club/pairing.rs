//! Pupils paired for the games a teacher starts: by hand, at random, by
//! level (exercises right), or each against the AI.

use serde::{Deserialize, Serialize};

use super::class::{ClassData, ClassError};
use super::work::level_of;

/// How the teacher pairs pupils for games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PairBy {
    /// The pupils as listed in the groups.
    Hand,
    Random,
    /// Neighbours by exercises right (closest levels meet).
    Level,
}

/// Who plays whom in the games a teacher starts.
#[derive(Clone, Copy, Debug)]
pub struct Pairing<'a> {
    pub by: PairBy,
    /// With `Hand`: the pupils of each game, in seat order.
    pub groups: &'a [Vec<u32>],
    /// With `Random` or `Level`: the pupils to pair (all when `None`).
    pub pupils: Option<&'a [u32]>,
    /// Every pupil plays the AI instead.
    pub against_ai: bool,
    /// Seats in each game.
    pub players: usize,
}

impl ClassData {
    /// The seats of each game for `pairing`: pupils, then `None` for the
    /// AI's seats. `random` shuffles for [`PairBy::Random`].
    pub fn groups(
        &self,
        pairing: &Pairing<'_>,
        mut random: impl FnMut() -> u64,
    ) -> Result<Vec<Vec<Option<u32>>>, ClassError> {
        let players = pairing.players;
        if players < 2 {
            return Err(ClassError::BadGroups(
                "players: at least 2 in a game".into(),
            ));
        }
        let chosen: Vec<u32> = match pairing.pupils {
            Some(list) => list.to_vec(),
            None => self.class.pupils.iter().map(|p| p.id).collect(),
        };
        for &p in &chosen {
            self.class.pupil(p)?;
        }
        if pairing.against_ai {
            // Everyone against the AI: one pupil per game, AI seats after.
            let ids = if pairing.by == PairBy::Hand {
                pairing.groups.iter().flatten().copied().collect()
            } else {
                chosen
            };
            return Ok(ids
                .into_iter()
                .map(|p| {
                    std::iter::once(Some(p))
                        .chain(std::iter::repeat_n(None, players - 1))
                        .collect()
                })
                .collect());
        }
        let mut order = chosen;
        match pairing.by {
            PairBy::Hand => {
                let mut seen = std::collections::HashSet::new();
                let mut groups = Vec::new();
                for group in pairing.groups {
                    if group.len() != players {
                        return Err(ClassError::BadGroups(format!(
                            "groups: {players} pupils in each game"
                        )));
                    }
                    for &p in group {
                        self.class.pupil(p)?;
                        if !seen.insert(p) {
                            return Err(ClassError::BadGroups(
                                "groups: a pupil in two games".into(),
                            ));
                        }
                    }
                    groups.push(group.iter().map(|&p| Some(p)).collect());
                }
                return Ok(groups);
            }
            PairBy::Random => {
                for i in (1..order.len()).rev() {
                    let j = (random() % (i as u64 + 1)) as usize;
                    order.swap(i, j);
                }
            }
            PairBy::Level => {
                order.sort_by_key(|&p| {
                    let (right, done) = level_of(&self.work, p);
                    (std::cmp::Reverse(right), std::cmp::Reverse(done), p)
                });
            }
        }
        // Full games, then the pupils left over play with AI seats.
        Ok(order
            .chunks(players)
            .map(|chunk| {
                let mut group: Vec<Option<u32>> = chunk.iter().map(|&p| Some(p)).collect();
                group.resize(players, None);
                group
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::club::class::{Class, Source};
    use crate::club::work::{record, WorkBook, WorkStatus};
    use quoridor_exercises::Lang;

    fn class() -> Class {
        Class::new("c1".into(), "ABC234".into(), "CM1", Lang::Fr, "t".into(), 0).unwrap()
    }

    #[test]
    fn pupils_are_paired_by_hand_at_random_by_level_or_against_the_ai() {
        let mut data = ClassData {
            class: class(),
            work: WorkBook::new(),
        };
        for name in ["A", "B", "C", "D", "E"] {
            data.class
                .join(name, format!("h{name}"), format!("c{name}"), 0)
                .unwrap();
        }
        let a = data
            .class
            .assign(
                None,
                Source::Sheet {
                    kind: None,
                    level: 1,
                    count: 3,
                    seed: 1,
                },
                0,
            )
            .unwrap();
        // E has 3 right, C 2, A 1: by level, the strongest meet.
        for (pupil, right) in [(5, 3), (3, 2), (1, 1)] {
            for i in 0..right {
                record(&mut data.work, (a, pupil, i), WorkStatus::Right, None, 1);
            }
        }
        fn pairing(by: PairBy, groups: &[Vec<u32>]) -> Pairing<'_> {
            Pairing {
                by,
                groups,
                pupils: None,
                against_ai: false,
                players: 2,
            }
        }
        let never = || -> u64 { unreachable!("no shuffle") };
        let by_level = data.groups(&pairing(PairBy::Level, &[]), never).unwrap();
        assert_eq!(
            by_level,
            [
                vec![Some(5), Some(3)],
                vec![Some(1), Some(2)],
                vec![Some(4), None]
            ]
        );
        let mut draws = [0u64, 0, 0, 0].into_iter();
        let random = data
            .groups(&pairing(PairBy::Random, &[]), || draws.next().unwrap())
            .unwrap();
        let mut seated: Vec<u32> = random.iter().flatten().flatten().copied().collect();
        seated.sort();
        assert_eq!(seated, [1, 2, 3, 4, 5]);
        assert_eq!(random.len(), 3);
        assert_eq!(
            data.groups(&pairing(PairBy::Hand, &[vec![2, 1], vec![4, 3]]), never)
                .unwrap(),
            [vec![Some(2), Some(1)], vec![Some(4), Some(3)]]
        );
        assert!(matches!(
            data.groups(&pairing(PairBy::Hand, &[vec![2, 1], vec![1, 3]]), never),
            Err(ClassError::BadGroups(_))
        ));
        assert!(matches!(
            data.groups(&pairing(PairBy::Hand, &[vec![2]]), never),
            Err(ClassError::BadGroups(_))
        ));
        assert_eq!(
            data.groups(&pairing(PairBy::Hand, &[vec![2, 9]]), never),
            Err(ClassError::NoSuchPupil)
        );
        let ai = Pairing {
            against_ai: true,
            pupils: Some(&[4, 2]),
            ..pairing(PairBy::Random, &[])
        };
        assert_eq!(
            data.groups(&ai, never).unwrap(),
            [vec![Some(4), None], vec![Some(2), None]]
        );
    }
}
