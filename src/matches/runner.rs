//! Playing one game of a match: seats, clocks, forfeits, the record.

use std::time::{Duration, Instant};

use quoridor_rules::{Game, Outcome, Record, Ruleset, Seat, Termination, Variant};

use super::depths::Depths;
use super::opening::{mix, opening_text};
use super::player::{EnginePlayer, Player, PlayerError};
use super::program::ProgramPlayer;
use quoridor_engine::{duration_text, TimeControl};

use super::spec::{Budget, PlayerSpec};

/// One of the two configurations of a match.
#[derive(Clone, Debug)]
pub struct Config {
    pub spec: PlayerSpec,
    /// Its name in reports and records (unique within the match).
    pub name: String,
}

impl Config {
    /// A player of this configuration (a program is started at once).
    pub fn build(&self) -> Result<Box<dyn Player>, String> {
        let spec = &self.spec;
        Ok(match &spec.command {
            Some(argv) => Box::new(ProgramPlayer::start(
                &self.name,
                argv,
                spec.level,
                spec.timeout,
            )?),
            None => Box::new(EnginePlayer::new(
                &self.name,
                spec.engine_level(),
                spec.hash_mb,
                spec.hand_eval,
                !spec.no_book,
            )),
        })
    }
}

/// The configuration (0 or 1) of each seat, in turn order, in game `index`.
///
/// - Two players: configuration 0 sits south in even games, north in odd
///   ones (each opening is played by both colourings).
/// - Four players: the configurations alternate around the table, A B A B
///   (south, west, north, east), and swap each game.
/// - Teams: partners must be the same configuration, so A A B B
///   ({south, west} against {north, east}), swapped each game.
pub fn seat_configs(rules: &Ruleset, index: usize) -> Vec<usize> {
    let swap = index % 2;
    let pattern: &[usize] = match (rules.players(), rules.variant()) {
        (2, _) => &[0, 1],
        (_, Variant::Teams) => &[0, 0, 1, 1],
        _ => &[0, 1, 0, 1],
    };
    pattern.iter().map(|&c| c ^ swap).collect()
}

/// A game lost by a fault of a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// The configuration at fault.
    pub config: usize,
    pub error: PlayerError,
}

/// What one game gave.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// From 0.
    pub index: usize,
    /// The configuration of each seat, in turn order.
    pub seat_configs: Vec<usize>,
    /// The result for configuration 0: 1, ½ or 0.
    pub score: f64,
    /// Plies on the board (the opening included).
    pub plies: u32,
    /// Moves chosen by each configuration, and the time they took.
    pub moves: [u32; 2],
    pub think: [Duration; 2],
    /// Depths reached by each configuration's searches (in-process
    /// engines only).
    pub depth: [Depths; 2],
    /// Fences placed by each configuration.
    pub fences: [u32; 2],
    /// Pawn moves of each configuration that left its pawn farther from
    /// its goal (a longer shortest way than before the move).
    pub away: [u32; 2],
    /// A resignation or a fault that ended the game.
    pub forfeit: Option<Forfeit>,
    pub termination: Option<Termination>,
    pub record: Record,
}

/// Plays game `index` from `start` (the opening already played; its rules
/// carry the ply limit) between `players`, one per configuration.
pub fn play_game(
    players: &mut [Box<dyn Player>],
    configs: &[Config],
    index: usize,
    start: Game,
    seed: u64,
) -> GameResult {
    let rules = *start.rules();
    let seats = start.position().seats();
    let seating = seat_configs(&rules, index);
    let time_of = |i: usize| configs[seating[i]].spec.time;
    let mut clocks: Vec<Duration> = (0..seats.len())
        .map(|i| match time_of(i) {
            Budget::Clock(control) => control.initial(),
            _ => Duration::ZERO,
        })
        .collect();
    let mut game = start.clone();
    let mut moves = [0u32; 2];
    let mut think = [Duration::ZERO; 2];
    let mut depth: [Depths; 2] = Default::default();
    let (mut fences, mut away) = ([0u32; 2], [0u32; 2]);
    let mut forfeit: Option<Forfeit> = None;
    let mut fail = |config: usize, error: PlayerError| {
        forfeit.get_or_insert(Forfeit { config, error });
    };

    for (c, player) in players.iter_mut().enumerate() {
        player.set_seed(mix(seed, (index * 2 + c) as u64));
    }
    let mut ready = true;
    for (c, player) in players.iter_mut().enumerate() {
        if let Err(error) = player.new_game(&game) {
            fail(c, error);
            ready = false;
            break;
        }
    }
    while ready && !game.is_over() {
        let pos = game.position();
        let (seat, turn) = (pos.turn(), pos.turn_index());
        let c = seating[turn];
        let time = time_of(turn);
        let started = Instant::now();
        let chosen = players[c].choose(&game, time.limit(clocks[turn]));
        let took = started.elapsed();
        moves[c] += 1;
        think[c] += took;
        let mv = match chosen {
            Ok(mv) => mv,
            Err(error) => {
                fail(c, error);
                break;
            }
        };
        if let Some(search) = players[c].last_search() {
            depth[c].add(search.depth);
        }
        if let Budget::Clock(control) = time {
            if took > clocks[turn] {
                let why = format!(
                    "{seat}'s clock ran out ({} left, the move took {})",
                    duration_text(clocks[turn]),
                    duration_text(took)
                );
                fail(c, PlayerError::Time(why));
                break;
            }
            clocks[turn] = match control {
                TimeControl::Fischer { increment, .. } => clocks[turn] - took + increment,
                TimeControl::PerMove(t) => t,
            };
        }
        let way_before = game.position().distance(seat);
        if let Err(err) = game.play(mv) {
            fail(c, PlayerError::Illegal(format!("{mv}: {err}")));
            break;
        }
        match mv {
            quoridor_rules::Move::Fence(_) => fences[c] += 1,
            quoridor_rules::Move::Pawn(_) if game.position().distance(seat) > way_before => {
                away[c] += 1
            }
            _ => {}
        }
        for (o, player) in players.iter_mut().enumerate() {
            if o != c {
                if let Err(error) = player.opponent_moved(&game, mv) {
                    fail(o, error);
                    ready = false;
                    break;
                }
            }
        }
    }

    // A forfeit takes every seat of the configuration out of the game.
    if let Some(Forfeit { config, error }) = &forfeit {
        for (i, &seat) in seats.iter().enumerate() {
            if seating[i] != *config || game.is_over() || game.position().is_out(seat) {
                continue;
            }
            let _ = match error {
                PlayerError::Time(_) => game.timeout(seat),
                _ => game.resign(seat),
            };
        }
    }
    for player in players.iter_mut() {
        player.end_game(&game);
    }

    let score = match (&forfeit, game.outcome()) {
        (Some(f), _) => (f.config != 0) as u8 as f64,
        (None, Some(Outcome::Winner(seat))) => config_score(&seating, seats, seat),
        (None, Some(Outcome::TeamWinner(team))) => config_score(&seating, seats, team.seats()[0]),
        (None, _) => 0.5,
    };

    let mut record = Record::new(game.clone())
        .with_tag("Event", "quoridor match")
        .with_tag("Round", &(index + 1).to_string());
    for (i, &seat) in seats.iter().enumerate() {
        record = record.with_tag(seat.tag(), &configs[seating[i]].name);
    }
    for (i, &seat) in seats.iter().enumerate() {
        let tag = format!("{}_Spec", seat.tag());
        record = record.with_tag(&tag, &configs[seating[i]].spec.text);
    }
    record = record.with_tag("Opening", &opening_text(&start)).with_tag(
        "TimeControl",
        &time_control_tag(configs, &seating, seats, game.rules()),
    );
    if let Some(Forfeit { config, error }) = &forfeit {
        if *error != PlayerError::Resigned {
            let text = format!("{}: {error}", players[*config].name());
            record = record.with_tag("Forfeit", &text);
        }
    }

    GameResult {
        index,
        seat_configs: seating,
        score,
        plies: game.position().ply(),
        moves,
        think,
        depth,
        fences,
        away,
        forfeit,
        termination: game.termination(),
        record,
    }
}

/// 1 if `winner` is a seat of configuration 0, else 0.
fn config_score(seating: &[usize], seats: &[Seat], winner: Seat) -> f64 {
    let i = seats.iter().position(|&s| s == winner).unwrap_or(0);
    (seating[i] == 0) as u8 as f64
}

/// The time control of each seat, or one text when all are the same.
fn time_control_tag(
    configs: &[Config],
    seating: &[usize],
    seats: &[Seat],
    rules: &Ruleset,
) -> String {
    let texts: Vec<String> = seating
        .iter()
        .map(|&c| configs[c].spec.time_control_text(rules))
        .collect();
    if texts.iter().all(|t| *t == texts[0]) {
        return texts[0].clone();
    }
    seats
        .iter()
        .zip(&texts)
        .map(|(seat, text)| format!("{seat}: {text}"))
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use quoridor_engine::SearchLimit;
    use quoridor_rules::Move;

    use super::*;

    fn config(spec: &str, name: &str) -> Config {
        Config {
            spec: PlayerSpec::parse(spec).unwrap(),
            name: name.into(),
        }
    }

    #[test]
    fn seats_alternate() {
        let two = Ruleset::new(9, 2).unwrap();
        assert_eq!(seat_configs(&two, 0), [0, 1]);
        assert_eq!(seat_configs(&two, 1), [1, 0]);
        assert_eq!(seat_configs(&two, 2), [0, 1]);
        let four = Ruleset::new(9, 4).unwrap();
        assert_eq!(seat_configs(&four, 0), [0, 1, 0, 1]);
        assert_eq!(seat_configs(&four, 1), [1, 0, 1, 0]);
        let teams = four.with_variant(Variant::Teams).unwrap();
        assert_eq!(seat_configs(&teams, 0), [0, 0, 1, 1]);
        assert_eq!(seat_configs(&teams, 3), [1, 1, 0, 0]);
    }

    /// Plays a fixed list of moves, then fails as told.
    struct Scripted {
        name: &'static str,
        moves: Vec<Move>,
        then: PlayerError,
        delay: Duration,
    }

    impl Player for Scripted {
        fn name(&self) -> String {
            self.name.into()
        }
        fn new_game(&mut self, _: &Game) -> Result<(), PlayerError> {
            Ok(())
        }
        fn choose(&mut self, _: &Game, _: SearchLimit) -> Result<Move, PlayerError> {
            std::thread::sleep(self.delay);
            if self.moves.is_empty() {
                return Err(self.then.clone());
            }
            Ok(self.moves.remove(0))
        }
        fn opponent_moved(&mut self, _: &Game, _: Move) -> Result<(), PlayerError> {
            Ok(())
        }
    }

    fn scripted(name: &'static str, moves: &[&str], then: PlayerError) -> Box<dyn Player> {
        Box::new(Scripted {
            name,
            moves: moves.iter().map(|m| m.parse().unwrap()).collect(),
            then,
            delay: Duration::ZERO,
        })
    }

    fn rules() -> Ruleset {
        Ruleset::new(5, 2)
            .unwrap()
            .with_ply_limit(Some(400))
            .unwrap()
    }

    #[test]
    fn a_won_game_scores_for_the_winner_whatever_the_colour() {
        let configs = [config("level=1", "a"), config("level=1", "b")];
        // Game 1: configuration 0 plays north and walks to row 1 first.
        let mut players = vec![
            scripted("a", &["c4", "c3", "c2", "c1"], PlayerError::Resigned),
            scripted("b", &["b1", "a1", "b1", "a1"], PlayerError::Resigned),
        ];
        let start = Game::new(rules());
        let result = play_game(&mut players, &configs, 1, start, 0);
        assert_eq!(result.seat_configs, [1, 0]);
        assert_eq!(
            result.termination,
            Some(Termination::Goal),
            "{}",
            result.record
        );
        assert_eq!(result.score, 1.0);
        assert_eq!(result.record.tag("South"), Some("b"));
        assert_eq!(result.record.tag("North"), Some("a"));
        assert_eq!(result.record.tag("Round"), Some("2"));
        assert_eq!(result.record.tag("Opening"), Some("-"));
        assert_eq!(result.moves, [4, 4]);
    }

    #[test]
    fn faults_forfeit_the_game() {
        let configs = [config("level=1", "a"), config("level=1", "b")];
        let mut players = vec![
            scripted("a", &["c2"], PlayerError::Crash("boom".into())),
            scripted("b", &["c4", "a1v"], PlayerError::Resigned),
        ];
        let result = play_game(&mut players, &configs, 0, Game::new(rules()), 0);
        assert_eq!(result.score, 0.0);
        assert_eq!(result.termination, Some(Termination::Resignation));
        assert_eq!(result.record.tag("Forfeit"), Some("a: crashed: boom"));
        assert_eq!(result.forfeit.unwrap().config, 0);

        // An illegal move: the runner checks every move.
        let mut players = vec![
            scripted("a", &["c2", "c2"], PlayerError::Resigned),
            scripted("b", &["c4"], PlayerError::Resigned),
        ];
        let result = play_game(&mut players, &configs, 0, Game::new(rules()), 0);
        assert_eq!(result.score, 0.0);
        let forfeit = result.forfeit.unwrap();
        assert_eq!(forfeit.error.kind(), "illegal");
        // A resignation is a loss without a Forfeit tag.
        assert_eq!(
            result.record.tag("Forfeit").map(|t| t.contains("c2")),
            Some(true)
        );
        let mut players = vec![
            scripted("a", &["c2"], PlayerError::Resigned),
            scripted("b", &[], PlayerError::Resigned),
        ];
        let result = play_game(&mut players, &configs, 0, Game::new(rules()), 0);
        assert_eq!(result.score, 1.0);
        assert_eq!(result.record.tag("Forfeit"), None);
    }

    #[test]
    fn a_clock_that_runs_out_loses_on_time() {
        let configs = [config("level=1,clock=50ms", "slow"), config("level=1", "b")];
        let mut players: Vec<Box<dyn Player>> = vec![
            Box::new(Scripted {
                name: "slow",
                moves: ["c2", "c3", "b3"]
                    .iter()
                    .map(|m| m.parse().unwrap())
                    .collect(),
                then: PlayerError::Resigned,
                delay: Duration::from_millis(20),
            }),
            scripted("b", &["c4", "a1v", "a2v"], PlayerError::Resigned),
        ];
        let result = play_game(&mut players, &configs, 0, Game::new(rules()), 0);
        assert_eq!(
            result.termination,
            Some(Termination::Timeout),
            "{}",
            result.record
        );
        assert_eq!(result.score, 0.0);
        assert_eq!(result.forfeit.unwrap().error.kind(), "time");
        let text = result.record.to_string();
        assert!(text.contains("south-timeout"), "{text}");
        assert_eq!(
            result.record.tag("TimeControl"),
            Some("south: 50ms+0s; north: level 1 caps: depth 1")
        );
    }

    #[test]
    fn four_player_teams_score_by_team() {
        let rules = Ruleset::new(5, 4)
            .unwrap()
            .with_variant(Variant::Teams)
            .unwrap()
            .with_ply_limit(Some(400))
            .unwrap();
        let configs = [config("level=3", "a"), config("level=1", "b")];
        let mut players: Vec<Box<dyn Player>> =
            configs.iter().map(|c| c.build().unwrap()).collect();
        for index in 0..2 {
            let result = play_game(&mut players, &configs, index, Game::new(rules), 3);
            assert!(result.forfeit.is_none());
            let outcome = result.record.game().outcome().unwrap();
            let winner_config = match outcome {
                Outcome::TeamWinner(team) => {
                    let seat = team.seats()[0];
                    result.seat_configs[seat.player(4).unwrap()]
                }
                Outcome::Draw => 2,
                Outcome::Winner(_) => unreachable!(),
            };
            let expected = match winner_config {
                0 => 1.0,
                1 => 0.0,
                _ => 0.5,
            };
            assert_eq!(result.score, expected);
            assert_eq!(result.record.tag("West"), result.record.tag("South"));
        }
    }
}
