//! A tournament as stored: who plays, how, its rounds so far and what it
//! is waiting for. The pairing rules and standings are [`rounds`]'; this
//! keeps the tournament's life: players join
//! while it is open, it starts, each round is paired when the last game of
//! the one before ends, and it finishes after its last round.

pub mod rounds;

use quoridor_engine::TimeControl;
use serde::{Deserialize, Serialize};

use self::rounds::{
    round_count, round_robin, standings, swiss, Format, Outcome, Round, Standing, MAX_PLAYERS,
    MAX_ROUNDS,
};
use super::class::{first_name, unique_name, ClassError};
use quoridor_game::wire;

/// One player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub name: String,
    /// The hash of the player's token (a human); `None` for an AI.
    pub holder: Option<String>,
    /// An AI's level (1–8).
    pub ai: Option<u8>,
    /// The class pupil, when the tournament is a class's.
    #[serde(default)]
    pub pupil: Option<u32>,
    /// Left the tournament: no more pairings.
    #[serde(default)]
    pub withdrawn: bool,
    /// Removed from the class: their name is forgotten (shown as "a
    /// pupil who left"), and their token holds nothing here any more.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub removed: bool,
}

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    /// Players may join.
    Open,
    Running,
    Finished,
}

/// The games' rules: two players, the board, the fences, the clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRules {
    pub size: u8,
    pub fences: Option<u32>,
    #[serde(with = "wire::clock")]
    pub clock: Option<TimeControl>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    pub id: String,
    pub code: String,
    pub name: String,
    pub class: Option<String>,
    pub created_ms: u64,
    /// Hashes of the organiser's tokens.
    pub organisers: Vec<String>,
    pub format: Format,
    /// Rounds of a Swiss tournament (a round robin plays everyone).
    pub swiss_rounds: usize,
    pub rules: GameRules,
    pub players: Vec<Entrant>,
    pub rounds: Vec<Round>,
    pub stage: Stage,
    /// The address that opened it: its games count against that
    /// address's class and tournament games (none in older stores).
    #[serde(default)]
    pub creator: Option<String>,
}

impl Tournament {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: String,
        code: String,
        name: &str,
        class: Option<String>,
        organiser: String,
        format: Format,
        swiss_rounds: usize,
        rules: GameRules,
        now_ms: u64,
    ) -> Result<Tournament, ClassError> {
        if format == Format::Swiss && !(1..=MAX_ROUNDS).contains(&swiss_rounds) {
            return Err(ClassError::BadAssignment(format!(
                "rounds: from 1 to {MAX_ROUNDS}"
            )));
        }
        Ok(Tournament {
            id,
            code,
            name: first_name(name, "name")?,
            class,
            created_ms: now_ms,
            organisers: vec![organiser],
            format,
            swiss_rounds,
            rules,
            players: Vec::new(),
            rounds: Vec::new(),
            stage: Stage::Open,
            creator: None,
        })
    }

    pub fn is_organiser(&self, holder: &str) -> bool {
        self.organisers.iter().any(|o| o == holder)
    }

    pub fn player_of(&self, holder: &str) -> Option<usize> {
        self.players
            .iter()
            .position(|p| p.holder.as_deref() == Some(holder))
    }

    /// Class pupil `pupil`'s seat is held by `holder` from now on (they came
    /// back with their login card): their player, and the games of theirs
    /// still being played, each with the seat's turn-order index.
    pub fn hand_pupil(
        &mut self,
        pupil: u32,
        holder: &str,
    ) -> Option<(usize, Vec<(String, usize)>)> {
        let player = self.players.iter().position(|p| p.pupil == Some(pupil))?;
        self.players[player].holder = Some(holder.to_string());
        let games = self
            .rounds
            .iter()
            .flatten()
            .filter(|p| p.outcome.is_none())
            .filter_map(|p| {
                let index = [Some(p.first), p.second]
                    .iter()
                    .position(|&x| x == Some(player))?;
                Some((p.game.clone()?, index))
            })
            .collect();
        Some((player, games))
    }

    /// Adds a player before the start; names are unique.
    pub fn enter(&mut self, entrant: Entrant) -> Result<usize, ClassError> {
        if self.stage != Stage::Open {
            return Err(ClassError::BadAssignment(
                "the tournament has started: no more players".into(),
            ));
        }
        let name = unique_name(
            &entrant.name,
            self.players.iter().map(|p| p.name.as_str()),
            "playing",
        )?;
        if let Some(level) = entrant.ai {
            if !(1..=8).contains(&level) {
                return Err(ClassError::BadName("level: an AI from 1 to 8".into()));
            }
        }
        if self.players.len() >= MAX_PLAYERS {
            return Err(ClassError::Full("players", MAX_PLAYERS));
        }
        self.players.push(Entrant { name, ..entrant });
        Ok(self.players.len() - 1)
    }

    /// Players still in.
    pub fn active(&self) -> Vec<usize> {
        (0..self.players.len())
            .filter(|&i| !self.players[i].withdrawn)
            .collect()
    }

    /// Rounds the tournament will play.
    pub fn total_rounds(&self) -> usize {
        round_count(self.format, self.players.len(), self.swiss_rounds)
    }

    /// Starts it: round 1 is paired (the caller makes its games).
    pub fn start(&mut self) -> Result<(), ClassError> {
        if self.stage != Stage::Open {
            return Err(ClassError::BadAssignment(
                "the tournament has already started".into(),
            ));
        }
        if self.players.len() < 2 {
            return Err(ClassError::BadAssignment(
                "a tournament needs at least 2 players".into(),
            ));
        }
        if self.format == Format::Swiss
            && self.swiss_rounds >= self.players.len() + self.players.len() % 2
        {
            return Err(ClassError::BadAssignment(format!(
                "rounds: a Swiss tournament of {} players plays at most {} rounds without a repeat",
                self.players.len(),
                self.players.len() + self.players.len() % 2 - 1
            )));
        }
        self.stage = Stage::Running;
        self.pair_next();
        Ok(())
    }

    /// Pairs the next round, or finishes the tournament after its last.
    fn pair_next(&mut self) {
        let done = self.rounds.len();
        if done >= self.total_rounds() {
            self.stage = Stage::Finished;
            return;
        }
        let mut round = match self.format {
            Format::RoundRobin => round_robin(self.players.len(), done),
            Format::Swiss => swiss(self.players.len(), &self.active(), &self.rounds),
        };
        // A withdrawn player's games are lost at once (a bye stays a bye).
        for pairing in &mut round {
            let gone = |p: usize| self.players[p].withdrawn;
            match pairing.second {
                Some(second) if gone(pairing.first) || gone(second) => {
                    pairing.outcome = Some(match (gone(pairing.first), gone(second)) {
                        (true, false) => Outcome::SecondWins,
                        (false, true) => Outcome::FirstWins,
                        _ => Outcome::Draw,
                    });
                }
                _ => {}
            }
        }
        self.rounds.push(round);
        if self.round_done() {
            self.pair_next();
        }
    }

    fn round_done(&self) -> bool {
        self.rounds
            .last()
            .is_some_and(|r| r.iter().all(|p| p.is_done()))
    }

    /// The pairings of the last round that still need a game.
    pub fn unstarted(&self) -> Vec<usize> {
        let Some(round) = self.rounds.last() else {
            return Vec::new();
        };
        (0..round.len())
            .filter(|&i| !round[i].is_done() && round[i].game.is_none())
            .collect()
    }

    /// Notes the game made for a pairing of the last round.
    pub fn set_game(&mut self, pairing: usize, game: String) {
        if let Some(p) = self.rounds.last_mut().and_then(|r| r.get_mut(pairing)) {
            p.game = Some(game);
        }
    }

    /// A game of the tournament ended at `now_ms`; the next round is
    /// paired when it was the last of its round. Returns whether anything
    /// changed.
    pub fn game_over(&mut self, game: &str, outcome: Outcome, now_ms: u64) -> bool {
        let Some(round) = self.rounds.last_mut() else {
            return false;
        };
        let Some(pairing) = round.iter_mut().find(|p| p.game.as_deref() == Some(game)) else {
            return false;
        };
        if pairing.outcome.is_some() {
            return false;
        }
        pairing.outcome = Some(outcome);
        pairing.ended_ms = Some(now_ms);
        if self.round_done() {
            self.pair_next();
        }
        true
    }

    /// A player leaves (absent, or removed from the class). Before the
    /// start they are no longer entered at all, so that the first round
    /// is paired without them. Once it runs, they get no more pairings and
    /// lose the game of the round being played: a pairing with no game
    /// yet is lost at once; a game in progress is returned for the caller
    /// to end by forfeit (the game, and the player's seat in turn order),
    /// whose end then comes back through [`Tournament::game_over`].
    pub fn withdraw(&mut self, player: usize) -> Result<Option<(String, usize)>, ClassError> {
        if self.stage == Stage::Finished {
            return Err(ClassError::BadAssignment("the tournament is over".into()));
        }
        if player >= self.players.len() {
            return Err(ClassError::NoSuchPupil);
        }
        if self.stage == Stage::Open {
            self.players.remove(player);
            return Ok(None);
        }
        self.players[player].withdrawn = true;
        let Some(pairing) = self.rounds.last_mut().and_then(|round| {
            round
                .iter_mut()
                .find(|p| !p.is_done() && (p.first == player || p.second == Some(player)))
        }) else {
            return Ok(None);
        };
        let seat = usize::from(pairing.first != player);
        if let Some(game) = &pairing.game {
            return Ok(Some((game.clone(), seat)));
        }
        pairing.outcome = Some(if seat == 0 {
            Outcome::SecondWins
        } else {
            Outcome::FirstWins
        });
        if self.round_done() {
            self.pair_next();
        }
        Ok(None)
    }

    /// The game `game` of the round being played, not yet decided: the
    /// organiser may end it (a forfeit, a draw).
    pub fn decidable(&self, game: &str) -> bool {
        self.stage == Stage::Running
            && self
                .rounds
                .last()
                .into_iter()
                .flatten()
                .any(|p| p.game.as_deref() == Some(game) && !p.is_done())
    }

    /// Class pupil `pupil` was removed from the class: their player, if
    /// any, keeps their results under no name and no token. Returns
    /// whether anything changed.
    pub fn forget_pupil(&mut self, pupil: u32) -> bool {
        let Some(entrant) = self.players.iter_mut().find(|p| p.pupil == Some(pupil)) else {
            return false;
        };
        if entrant.removed {
            return false;
        }
        entrant.name = String::new();
        entrant.holder = None;
        entrant.removed = true;
        true
    }

    /// Class pupil `from`'s place passes to pupil `into`, named `name`
    /// (two seats of one child merged; `into` does not play here).
    /// Returns whether anything changed.
    pub fn pass_pupil(&mut self, from: u32, into: u32, name: &str) -> bool {
        let Some(entrant) = self.players.iter_mut().find(|p| p.pupil == Some(from)) else {
            return false;
        };
        entrant.pupil = Some(into);
        if !entrant.removed {
            entrant.name = name.to_string();
        }
        true
    }

    /// The players of class pupil `pupil` (at most one).
    pub fn player_of_pupil(&self, pupil: u32) -> Option<usize> {
        self.players.iter().position(|p| p.pupil == Some(pupil))
    }

    pub fn standings(&self) -> Vec<Standing> {
        standings(self.players.len(), &self.rounds)
    }

    /// Where class pupil `pupil` stands, for their own page (`None`: not a
    /// player of this tournament).
    pub fn pupil_now(&self, pupil: u32) -> Option<PlayerNow> {
        let player = self.players.iter().position(|p| p.pupil == Some(pupil))?;
        let mine = (self.stage == Stage::Running)
            .then(|| self.rounds.last())
            .flatten()
            .and_then(|round| {
                round
                    .iter()
                    .find(|p| p.first == player || p.second == Some(player))
            });
        let place = (self.stage == Stage::Finished)
            .then(|| self.standings().into_iter().find(|s| s.player == player))
            .flatten()
            .map(|s| s.rank);
        Some(PlayerNow {
            game: mine
                .filter(|p| p.outcome.is_none())
                .and_then(|p| p.game.clone()),
            bye: mine.is_some_and(|p| p.is_bye()),
            place,
        })
    }
}

/// A player's tournament now: their game of the round being played (until
/// it ends), whether they have this round's bye, their place at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerNow {
    pub game: Option<String>,
    pub bye: bool,
    pub place: Option<usize>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(format: Format, players: usize, rounds: usize) -> Tournament {
        let rules = GameRules {
            size: 5,
            fences: None,
            clock: None,
        };
        let mut t = Tournament::new(
            "t".into(),
            "C".into(),
            "Club",
            None,
            "o".into(),
            format,
            rounds,
            rules,
            0,
        )
        .unwrap();
        for i in 0..players {
            t.enter(Entrant {
                name: format!("P{i}"),
                holder: Some(format!("h{i}")),
                ai: None,
                pupil: None,
                withdrawn: false,
                removed: false,
            })
            .unwrap();
        }
        t
    }

    #[test]
    fn a_round_robin_runs_to_its_end() {
        let mut t = event(Format::RoundRobin, 5, 0);
        t.start().unwrap();
        let mut n = 0;
        while t.stage == Stage::Running {
            let todo = t.unstarted();
            for (k, &i) in todo.iter().enumerate() {
                t.set_game(i, format!("g{n}-{k}"));
            }
            for k in 0..todo.len() {
                assert!(t.game_over(&format!("g{n}-{k}"), Outcome::FirstWins, 0));
            }
            n += 1;
        }
        assert_eq!(n, 5);
        assert_eq!(t.rounds.len(), 5);
        assert!(t
            .enter(Entrant {
                name: "Late".into(),
                holder: None,
                ai: Some(3),
                pupil: None,
                withdrawn: false,
                removed: false,
            })
            .is_err());
        let table = t.standings();
        assert_eq!(table.iter().map(|r| r.played).sum::<u32>(), 20);
    }

    #[test]
    fn a_removed_pupil_keeps_their_results_under_no_name_and_no_token() {
        let mut t = event(Format::Swiss, 4, 2);
        t.players[1].pupil = Some(7);
        assert!(!t.forget_pupil(99), "not a player");
        assert!(t.forget_pupil(7));
        let p = &t.players[1];
        assert_eq!(
            (p.name.as_str(), p.holder.as_deref(), p.removed),
            ("", None, true)
        );
        assert_eq!(t.player_of("h1"), None, "their old token holds nothing");
        assert!(!t.forget_pupil(7), "once");
        assert_eq!(t.players.len(), 4);
    }

    /// A class's pupils: player 0 too is someone's opponent, never "a
    /// bye"; their game while it is played; their place at the end; and a
    /// pupil back with their card holds their games.
    #[test]
    fn a_pupil_knows_their_game_their_bye_and_their_place() {
        let mut t = event(Format::RoundRobin, 3, 0);
        for (i, p) in t.players.iter_mut().enumerate() {
            p.pupil = Some(10 + i as u32);
        }
        assert_eq!(t.pupil_now(99), None);
        let before = t.pupil_now(10).unwrap();
        assert_eq!((before.game, before.bye, before.place), (None, false, None));
        t.start().unwrap();
        for (k, i) in t.unstarted().into_iter().enumerate() {
            t.set_game(i, format!("r1-{k}"));
        }
        let round = t.rounds[0].clone();
        let bye = round.iter().find(|p| p.is_bye()).unwrap().first;
        let game = round.iter().find(|p| !p.is_bye()).unwrap();
        let (a, b) = (game.first, game.second.unwrap());
        let now = t.pupil_now(10 + a as u32).unwrap();
        assert_eq!((now.game.as_deref(), now.bye), (Some("r1-0"), false));
        assert!(t.pupil_now(10 + bye as u32).unwrap().bye);
        // Back with a card: the player and the game still played.
        let (player, games) = t.hand_pupil(10 + b as u32, "new").unwrap();
        assert_eq!((player, games), (b, vec![("r1-0".to_string(), 1)]));
        assert_eq!(t.player_of("new"), Some(b));
        // Played to the end, first player winning every game.
        let mut n = 1;
        while t.stage == Stage::Running {
            for k in 0..t
                .rounds
                .last()
                .unwrap()
                .iter()
                .filter(|p| !p.is_bye())
                .count()
            {
                t.game_over(&format!("r{n}-{k}"), Outcome::FirstWins, 0);
            }
            n += 1;
            for (k, i) in t.unstarted().into_iter().enumerate() {
                t.set_game(i, format!("r{n}-{k}"));
            }
        }
        let table = t.standings();
        for s in &table {
            let now = t.pupil_now(10 + s.player as u32).unwrap();
            assert_eq!((now.game, now.bye, now.place), (None, false, Some(s.rank)));
        }
    }

    #[test]
    fn swiss_refuses_more_rounds_than_it_can_pair() {
        let mut t = event(Format::Swiss, 4, 4);
        assert!(t.start().is_err());
        let mut t = event(Format::Swiss, 1, 1);
        assert!(t.start().is_err());
    }

    #[test]
    fn a_withdrawn_player_loses_their_later_games() {
        let mut t = event(Format::RoundRobin, 4, 0);
        t.start().unwrap();
        t.withdraw(0).unwrap();
        for (k, i) in t.unstarted().into_iter().enumerate() {
            t.set_game(i, format!("a{k}"));
        }
        t.game_over("a0", Outcome::Draw, 0);
        t.game_over("a1", Outcome::Draw, 0);
        // Round 2's pairing with player 0 is decided at once.
        let round = t.rounds.last().unwrap();
        let with_0 = round
            .iter()
            .find(|p| p.first == 0 || p.second == Some(0))
            .unwrap();
        assert!(with_0.outcome.is_some());
        assert_eq!(t.unstarted().len(), 1);
    }

    #[test]
    fn an_absent_player_withdrawn_before_the_start_is_never_paired() {
        let mut t = event(Format::Swiss, 6, 3);
        assert_eq!(t.withdraw(2), Ok(None));
        assert_eq!(t.players.len(), 5);
        assert!(t.players.iter().all(|p| p.name != "P2"));
        t.start().unwrap();
        let paired: Vec<usize> = t.rounds[0]
            .iter()
            .flat_map(|p| [Some(p.first), p.second])
            .flatten()
            .collect();
        assert_eq!(paired.len(), 5, "everyone entered, once: {paired:?}");
        assert_eq!(t.withdraw(9), Err(ClassError::NoSuchPupil));
    }

    #[test]
    fn withdrawing_mid_round_forfeits_the_game_in_progress() {
        let mut t = event(Format::Swiss, 4, 3);
        t.start().unwrap();
        for (k, i) in t.unstarted().into_iter().enumerate() {
            t.set_game(i, format!("a{k}"));
        }
        let pairing = t.rounds[0][0].clone();
        let second = pairing.second.unwrap();
        // The second player leaves: their game is handed back to be ended.
        assert_eq!(t.withdraw(second), Ok(Some(("a0".to_string(), 1))));
        assert!(t.decidable("a0"));
        assert!(t.game_over("a0", Outcome::FirstWins, 0));
        assert!(!t.decidable("a0"));
        t.game_over("a1", Outcome::Draw, 0);
        // Round 2 leaves them out: three players, one bye.
        let round = t.rounds.last().unwrap();
        assert_eq!(t.rounds.len(), 2);
        assert!(round
            .iter()
            .all(|p| p.first != second && p.second != Some(second)));
        assert_eq!(round.iter().filter(|p| p.is_bye()).count(), 1);
        // A pairing with no game yet is lost at once.
        let other = round.iter().find(|p| !p.is_bye()).unwrap().first;
        assert_eq!(t.withdraw(other), Ok(None));
        assert!(t.rounds[1]
            .iter()
            .find(|p| p.first == other)
            .is_some_and(|p| p.outcome == Some(Outcome::SecondWins)));
    }
}
