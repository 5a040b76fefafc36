//! A class's progress over a term, from its work and its games: for each
//! pupil, how their exercises went (right at the first try, right after
//! tries, right after the solution, still wrong, skipped) by kind and
//! level and week by week, and their games played and won (the class's
//! games and its tournaments'); the class's weeks together. Pure: the
//! class, its work and its tournaments in, the figures out.

use std::collections::BTreeMap;

use quoridor_exercises::Kind;
use serde::{Deserialize, Serialize};

use super::class::{Class, LearnItem};
use super::tournament::Tournament;
use super::work::{Work, WorkBook, WorkStatus};
use crate::calendar::monday_of;

/// How one exercise went, for the record of progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Went {
    FirstTry,
    AfterTries,
    AfterSolution,
    Wrong,
    Skipped,
}

impl Went {
    pub fn of(work: &Work) -> Went {
        match work.status {
            WorkStatus::Right if work.attempts <= 1 => Went::FirstTry,
            WorkStatus::Right => Went::AfterTries,
            WorkStatus::RightAfterSolution => Went::AfterSolution,
            WorkStatus::Wrong => Went::Wrong,
            WorkStatus::Skipped => Went::Skipped,
        }
    }
}

/// Exercises counted by how they went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub first_try: u32,
    pub after_tries: u32,
    pub after_solution: u32,
    pub wrong: u32,
    pub skipped: u32,
}

impl Tally {
    pub fn add(&mut self, went: Went) {
        *match went {
            Went::FirstTry => &mut self.first_try,
            Went::AfterTries => &mut self.after_tries,
            Went::AfterSolution => &mut self.after_solution,
            Went::Wrong => &mut self.wrong,
            Went::Skipped => &mut self.skipped,
        } += 1;
    }

    pub fn total(&self) -> u32 {
        self.first_try + self.after_tries + self.after_solution + self.wrong + self.skipped
    }

    /// The two tallies added up.
    pub fn plus(self, other: &Tally) -> Tally {
        Tally {
            first_try: self.first_try + other.first_try,
            after_tries: self.after_tries + other.after_tries,
            after_solution: self.after_solution + other.after_solution,
            wrong: self.wrong + other.wrong,
            skipped: self.skipped + other.skipped,
        }
    }
}

/// Games counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Games {
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
}

/// A week, from its Monday (`YYYY-MM-DD`, UTC).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Week {
    pub monday: String,
    pub exercises: Tally,
    pub games: Games,
}

/// Exercises of one kind and level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByKind {
    pub kind: Kind,
    /// None for an editor's exercise without a level.
    pub level: Option<u8>,
    pub exercises: Tally,
    /// The same, week by week (the weeks with any), oldest first: the
    /// skill's trend over the term.
    #[serde(default)]
    pub weeks: Vec<SkillWeek>,
}

/// One skill's exercises in a week.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkillWeek {
    pub monday: String,
    pub exercises: Tally,
}

/// One pupil's term.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PupilProgress {
    pub pupil: u32,
    pub name: String,
    pub exercises: Tally,
    pub games: Games,
    /// Kind by kind, level by level, in the order of the kinds (the
    /// classroom's exercises only).
    pub by_kind: Vec<ByKind>,
    /// The tactics puzzles of `/learn` given in assignments.
    #[serde(default)]
    pub puzzles: Tally,
    /// The pupil's puzzle rating from them (each puzzle counted once, by
    /// its first try, in the order they were done), if any was tried.
    #[serde(default)]
    pub puzzle_rating: Option<i32>,
    /// The rules lessons of `/learn` given in assignments.
    #[serde(default)]
    pub lessons: Tally,
    /// The weeks with anything done, oldest first.
    pub weeks: Vec<Week>,
}

/// The class's term: each pupil's, and the class's weeks together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassProgress {
    pub pupils: Vec<PupilProgress>,
    pub weeks: Vec<Week>,
}

/// The week of `monday` in `weeks`, made when missing.
fn week<'a>(weeks: &'a mut BTreeMap<String, Week>, monday: &str) -> &'a mut Week {
    weeks.entry(monday.to_string()).or_insert_with(|| Week {
        monday: monday.to_string(),
        ..Week::default()
    })
}

/// A puzzle rating from the puzzles tried, `(when, the puzzle's rating,
/// solved at the first try)`, as `/learn` rates a player.
fn puzzle_rating(mut tried: Vec<(u64, i32, bool)>) -> Option<i32> {
    if tried.is_empty() {
        return None;
    }
    tried.sort_unstable();
    Some(tried.into_iter().fold(
        quoridor_learn::START_RATING,
        |player, (_, puzzle, solved)| quoridor_learn::rated(player, puzzle, solved),
    ))
}

/// The ends of pupil `pupil`'s games in the class and in its
/// `tournaments`: when it ended, whether they won, whether it was drawn
/// (games aborted, byes and pairings lost without a game are none).
fn game_ends(class: &Class, tournaments: &[&Tournament], pupil: u32) -> Vec<(u64, bool, bool)> {
    let mut out = Vec::new();
    for game in &class.games {
        let (Some(seat), Some(end)) = (
            game.pupils.iter().position(|p| *p == Some(pupil)),
            &game.result,
        ) else {
            continue;
        };
        out.push((end.ended_ms, end.winners.contains(&seat), end.draw));
    }
    for shown in tournaments {
        let Some(player) = shown.player_of_pupil(pupil) else {
            continue;
        };
        for pairing in shown.rounds.iter().flatten() {
            let (Some(ended), Some(points), true) = (
                pairing.ended_ms,
                pairing.half_points(player),
                pairing.game.is_some(),
            ) else {
                continue;
            };
            out.push((ended, points == 2, points == 1));
        }
    }
    out
}

/// The class's progress from its work, the games it kept the ends of and
/// its `tournaments`.
pub fn progress(class: &Class, book: &WorkBook, tournaments: &[&Tournament]) -> ClassProgress {
    let mut all_weeks: BTreeMap<String, Week> = BTreeMap::new();
    let mut pupils = Vec::new();
    for pupil in &class.pupils {
        let mut exercises = Tally::default();
        let mut kinds: BTreeMap<(usize, Option<u8>), BTreeMap<String, Tally>> = BTreeMap::new();
        let mut weeks: BTreeMap<String, Week> = BTreeMap::new();
        let mut puzzles = Tally::default();
        let mut lessons = Tally::default();
        // (when, the puzzle's rating, solved at the first try)
        let mut tried: Vec<(u64, i32, bool)> = Vec::new();
        for ((a, p, i), work) in book {
            if *p != pupil.id {
                continue;
            }
            let Ok(assignment) = class.assignment(*a) else {
                continue;
            };
            let went = Went::of(work);
            exercises.add(went);
            let monday = monday_of(work.at_ms);
            if let Some((kind, level)) = assignment.source.kind_and_level(*i as usize) {
                let order = Kind::ALL.iter().position(|k| *k == kind).unwrap_or(0);
                kinds
                    .entry((order, level))
                    .or_default()
                    .entry(monday.clone())
                    .or_default()
                    .add(went);
            }
            match assignment.source.learn_item(*i as usize) {
                Some(LearnItem::Puzzle(id)) => {
                    puzzles.add(went);
                    let rated = quoridor_learn::find_puzzle(id).map(|p| p.rating);
                    if let (Some(rating), true) = (rated, work.attempts > 0) {
                        tried.push((work.at_ms, rating, went == Went::FirstTry));
                    }
                }
                Some(LearnItem::Lesson(_)) => lessons.add(went),
                None => {}
            }
            week(&mut weeks, &monday).exercises.add(went);
            week(&mut all_weeks, &monday).exercises.add(went);
        }
        let mut games = Games::default();
        for (ended_ms, won, drawn) in game_ends(class, tournaments, pupil.id) {
            let monday = monday_of(ended_ms);
            for g in [
                &mut games,
                &mut week(&mut weeks, &monday).games,
                &mut week(&mut all_weeks, &monday).games,
            ] {
                g.played += 1;
                g.won += u32::from(won);
                g.drawn += u32::from(drawn);
            }
        }
        pupils.push(PupilProgress {
            pupil: pupil.id,
            name: pupil.name.clone(),
            exercises,
            games,
            by_kind: kinds
                .into_iter()
                .map(|((order, level), by_week)| ByKind {
                    kind: Kind::ALL[order],
                    level,
                    exercises: by_week
                        .values()
                        .fold(Tally::default(), |sum, t| sum.plus(t)),
                    weeks: by_week
                        .into_iter()
                        .map(|(monday, exercises)| SkillWeek { monday, exercises })
                        .collect(),
                })
                .collect(),
            weeks: weeks.into_values().collect(),
            puzzles,
            puzzle_rating: puzzle_rating(tried),
            lessons,
        });
    }
    ClassProgress {
        pupils,
        weeks: all_weeks.into_values().collect(),
    }
}

#[cfg(test)]
mod tests {
    use quoridor_exercises::Lang;

    use super::*;
    use crate::club::class::{ClassGame, GameEnd, Source};
    use crate::club::work::record;

    const DAY_MS: u64 = 86_400_000;
    const WEEK_MS: u64 = 7 * DAY_MS;
    /// Monday 23 November 2026, 10:00 UTC.
    const MONDAY: u64 = 1_795_428_000_000;

    #[test]
    fn a_pupils_term_counts_each_exercise_once_by_how_it_went() {
        let mut class =
            Class::new("c".into(), "ABC234".into(), "CE2", Lang::Fr, "t".into(), 0).unwrap();
        let lea = class.join("Léa", "h1".into(), "C1".into(), 0).unwrap();
        let tom = class.join("Tom", "h2".into(), "C2".into(), 0).unwrap();
        let a = class
            .assign(
                None,
                Source::Sheet {
                    kind: None,
                    level: 2,
                    count: 8,
                    seed: 5,
                },
                0,
            )
            .unwrap();
        let mut book = WorkBook::new();
        // Week 1: right at once (maze), right after a wrong try (routes).
        record(&mut book, (a, lea, 0), WorkStatus::Right, None, MONDAY);
        record(&mut book, (a, lea, 1), WorkStatus::Wrong, None, MONDAY);
        record(
            &mut book,
            (a, lea, 1),
            WorkStatus::Right,
            None,
            MONDAY + DAY_MS,
        );
        // Week 2: skipped (arrows), still wrong (shortest), right after
        // the solution (maze again).
        record(
            &mut book,
            (a, lea, 2),
            WorkStatus::Skipped,
            None,
            MONDAY + WEEK_MS,
        );
        record(
            &mut book,
            (a, lea, 3),
            WorkStatus::Wrong,
            None,
            MONDAY + WEEK_MS,
        );
        record(
            &mut book,
            (a, lea, 4),
            WorkStatus::Wrong,
            None,
            MONDAY + WEEK_MS,
        );
        crate::club::work::see_solution(&mut book, (a, lea, 4), true, MONDAY + WEEK_MS).unwrap();
        record(
            &mut book,
            (a, lea, 4),
            WorkStatus::Right,
            None,
            MONDAY + WEEK_MS,
        );
        record(
            &mut book,
            (a, tom, 0),
            WorkStatus::Right,
            None,
            MONDAY + WEEK_MS,
        );
        // Two games in week 2: Léa wins one, draws one; one aborted is
        // not kept.
        for (n, end) in [
            (0, Some((vec![0], false))),
            (1, Some((Vec::new(), true))),
            (2, None),
        ] {
            class.add_game(ClassGame {
                game: format!("g{n}"),
                pupils: vec![Some(lea), Some(tom)],
                created_ms: MONDAY,
                result: end.map(|(winners, draw)| GameEnd {
                    winners,
                    draw,
                    ended_ms: MONDAY + WEEK_MS + 3_600_000,
                }),
            });
        }
        let p = progress(&class, &book, &[]);
        let mine = &p.pupils[0];
        let want = Tally {
            first_try: 1,
            after_tries: 1,
            after_solution: 1,
            wrong: 1,
            skipped: 1,
        };
        assert_eq!(mine.exercises, want);
        assert_eq!(mine.exercises.total(), 5);
        assert_eq!(
            mine.games,
            Games {
                played: 2,
                won: 1,
                drawn: 1
            }
        );
        let weeks: Vec<(&str, u32, u32)> = mine
            .weeks
            .iter()
            .map(|w| (w.monday.as_str(), w.exercises.total(), w.games.played))
            .collect();
        assert_eq!(weeks, [("2026-11-23", 2, 0), ("2026-11-30", 3, 2)]);
        // The mixed sheet's kinds in turn: maze, routes, arrows, shortest.
        let kinds: Vec<(Kind, u32)> = mine
            .by_kind
            .iter()
            .map(|k| (k.kind, k.exercises.total()))
            .collect();
        assert_eq!(
            kinds,
            [
                (Kind::Maze, 2),
                (Kind::Routes, 1),
                (Kind::Arrows, 1),
                (Kind::Shortest, 1)
            ]
        );
        assert!(mine.by_kind.iter().all(|k| k.level == Some(2)));
        // Each skill week by week: the maze right at once in week 1, after
        // the solution in week 2.
        let maze: Vec<(&str, u32, u32)> = mine.by_kind[0]
            .weeks
            .iter()
            .map(|w| {
                (
                    w.monday.as_str(),
                    w.exercises.first_try,
                    w.exercises.after_solution,
                )
            })
            .collect();
        assert_eq!(maze, [("2026-11-23", 1, 0), ("2026-11-30", 0, 1)]);
        // Tom lost one, drew one; the class's weeks add both up.
        assert_eq!(p.pupils[1].games.won, 0);
        let class_weeks: Vec<(u32, u32)> = p
            .weeks
            .iter()
            .map(|w| (w.exercises.total(), w.games.played))
            .collect();
        assert_eq!(class_weeks, [(2, 0), (4, 4)]);
    }

    #[test]
    fn a_class_tournaments_games_count_but_not_its_byes_nor_games_never_played() {
        use crate::club::tournament::rounds::{Format, Outcome, Pairing};
        use crate::club::tournament::{Entrant, GameRules};
        let mut class =
            Class::new("c".into(), "ABC234".into(), "CE2", Lang::Fr, "t".into(), 0).unwrap();
        let lea = class.join("Léa", "h1".into(), "C1".into(), 0).unwrap();
        let tom = class.join("Tom", "h2".into(), "C2".into(), 0).unwrap();
        let zoe = class.join("Zoé", "h3".into(), "C3".into(), 0).unwrap();
        let rules = GameRules {
            size: 9,
            fences: None,
            clock: None,
        };
        let mut tournament = Tournament::new(
            "t1".into(),
            "CODE".into(),
            "Coupe",
            Some("c".into()),
            "t".into(),
            Format::Swiss,
            2,
            rules,
            0,
        )
        .unwrap();
        for (name, pupil) in [("Léa", lea), ("Tom", tom), ("Zoé", zoe)] {
            tournament.players.push(Entrant {
                name: name.into(),
                holder: None,
                ai: None,
                pupil: Some(pupil),
                withdrawn: false,
                removed: false,
            });
        }
        let pairing = |first, second, game: Option<&str>, outcome, ended_ms| Pairing {
            first,
            second,
            game: game.map(str::to_string),
            outcome,
            ended_ms,
        };
        tournament.rounds = vec![
            // Léa beats Tom in week 1; Zoé has the bye.
            vec![
                pairing(
                    0,
                    Some(1),
                    Some("g1"),
                    Some(Outcome::FirstWins),
                    Some(MONDAY),
                ),
                pairing(2, None, None, None, None),
            ],
            // Week 2: Tom and Zoé draw; Léa wins against a player who
            // left before their game was made: no game played.
            vec![
                pairing(
                    1,
                    Some(2),
                    Some("g2"),
                    Some(Outcome::Draw),
                    Some(MONDAY + WEEK_MS),
                ),
                pairing(0, Some(3), None, Some(Outcome::FirstWins), None),
            ],
        ];
        let p = progress(&class, &WorkBook::new(), &[&tournament]);
        let games: Vec<(u32, u32, u32)> = p
            .pupils
            .iter()
            .map(|x| (x.games.played, x.games.won, x.games.drawn))
            .collect();
        assert_eq!(games, [(1, 1, 0), (2, 0, 1), (1, 0, 1)]);
        let weeks: Vec<(&str, u32)> = p
            .weeks
            .iter()
            .map(|w| (w.monday.as_str(), w.games.played))
            .collect();
        assert_eq!(weeks, [("2026-11-23", 2), ("2026-11-30", 2)]);
    }

    #[test]
    fn puzzles_and_lessons_are_counted_apart_and_the_puzzles_rate_the_pupil() {
        use crate::club::work::record_move;
        let mut class =
            Class::new("c".into(), "ABC234".into(), "CE2", Lang::Ro, "t".into(), 0).unwrap();
        let ana = class.join("Ana", "h1".into(), "C1".into(), 0).unwrap();
        let ids: Vec<String> = quoridor_learn::shipped_puzzles()[..3]
            .iter()
            .map(|p| p.id.clone())
            .collect();
        let ratings: Vec<i32> = quoridor_learn::shipped_puzzles()[..3]
            .iter()
            .map(|p| p.rating)
            .collect();
        let puzzles = class
            .assign(
                None,
                Source::Learn {
                    lessons: Vec::new(),
                    puzzles: ids,
                },
                0,
            )
            .unwrap();
        let lessons = class
            .assign(
                None,
                Source::Learn {
                    lessons: vec!["step".into(), "jump".into()],
                    puzzles: Vec::new(),
                },
                0,
            )
            .unwrap();
        let mut book = WorkBook::new();
        // Puzzle 2 first, solved; puzzle 1 wrong then right; 3 skipped.
        record_move(
            &mut book,
            (puzzles, ana, 1),
            WorkStatus::Right,
            "e2".into(),
            MONDAY,
        );
        record_move(
            &mut book,
            (puzzles, ana, 0),
            WorkStatus::Wrong,
            "e2".into(),
            MONDAY + 1,
        );
        record_move(
            &mut book,
            (puzzles, ana, 0),
            WorkStatus::Right,
            "e3".into(),
            MONDAY + 2,
        );
        record(
            &mut book,
            (puzzles, ana, 2),
            WorkStatus::Skipped,
            None,
            MONDAY + 3,
        );
        record_move(
            &mut book,
            (lessons, ana, 0),
            WorkStatus::Right,
            "e2".into(),
            MONDAY,
        );
        let p = progress(&class, &book, &[]);
        let mine = &p.pupils[0];
        assert_eq!(
            (
                mine.puzzles.first_try,
                mine.puzzles.after_tries,
                mine.puzzles.skipped
            ),
            (1, 1, 1)
        );
        assert_eq!((mine.lessons.first_try, mine.lessons.total()), (1, 1));
        assert_eq!(mine.exercises.total(), 4, "all of them in the total");
        assert!(mine.by_kind.is_empty(), "no classroom kind");
        let want = quoridor_learn::rated(
            quoridor_learn::rated(quoridor_learn::START_RATING, ratings[1], true),
            ratings[0],
            false,
        );
        assert_eq!(mine.puzzle_rating, Some(want), "the skip does not count");
        assert_eq!(mine.weeks[0].exercises.total(), 4);
        assert_eq!(book[&(puzzles, ana, 0)].given_text(Lang::En), "e3");
        // No puzzle tried, no rating.
        let tom = class.join("Tom", "h2".into(), "C2".into(), 0).unwrap();
        let p = progress(&class, &book, &[]);
        assert_eq!(
            p.pupils
                .iter()
                .find(|x| x.pupil == tom)
                .unwrap()
                .puzzle_rating,
            None
        );
    }
}
