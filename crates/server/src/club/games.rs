//! The games of classes and tournaments: made with pupils or players at
//! their seats, followed by the hub, and a tournament's results recorded
//! as its games end (then its next round made).

use std::sync::Arc;

use quoridor_engine::{Controller, Level};
use quoridor_rules::Seat;

use super::action::ClassAction;
use super::class::{Changed, ClassData, ClassGame, GameEnd};
use super::class_error::ClassError;
use super::pairing::Pairing;
use super::rooms::{ClassRoom, TournamentData, TournamentRoom};
use super::tournament::rounds;
use super::tournament::{Stage, Tournament};
use super::view::{BoardView, GameSpec};
use super::{read, write, ClubError, Clubs, Owner, MAX_GAMES_PER_OWNER};
use crate::hub::registry::{club_creator, Reservation};
use crate::token::random_u64;
use crate::wall_ms;
use quoridor_game::{Decision, RoomState, SeatSlot, Settings};

/// Whose game a game of `owner` is, asked for from `address`: it counts
/// against its class or tournament and against that address's games of
/// every class and tournament. Games of a tournament opened before
/// addresses were kept count against the tournament only.
fn game_creator(owner: &Owner, address: Option<&str>) -> String {
    let owner_key = match owner {
        Owner::Class(id) => format!("class:{id}"),
        Owner::Tournament(id) => format!("tournament:{id}"),
    };
    match address {
        Some(address) => club_creator(&owner_key, address),
        None => owner_key,
    }
}

impl Clubs {
    /// Makes a game with pupils or players at its seats (a name, and the
    /// holder's token hash or an AI's level), followed by its owner.
    pub(super) async fn make_game(
        &self,
        owner: Owner,
        address: Option<&str>,
        spec: &GameSpec,
        competition: bool,
        seats: Vec<(String, Result<String, Level>)>,
        place: Option<Reservation<'_>>,
    ) -> Result<String, ClubError> {
        let mut settings = Settings::new(spec.size, spec.players, spec.variant, spec.fences)?
            .with_clock(spec.clock)?;
        settings.theme = spec.theme;
        settings.public = false;
        settings.competition = competition;
        // A class's game, or a class tournament's: chat only when the
        // teacher allows it, and then the teacher reads it.
        let class_chat = self.class_chat_for(&owner);
        settings.teacher_reads = class_chat.is_some();
        settings.chat_off = class_chat == Some(false);
        if let Owner::Tournament(id) = &owner {
            settings.tournament = Some(id.clone());
        }
        settings.ruleset()?;
        let order = Seat::in_play(spec.players);
        let slots = order
            .iter()
            .zip(seats)
            .map(|(&seat, (name, holder))| SeatSlot {
                seat,
                kind: match holder {
                    Ok(_) => Controller::Human,
                    Err(level) => Controller::Ai(level),
                },
                name,
                holder: holder.ok(),
                account: None,
                bot: false,
            })
            .collect();
        let hub = &self.inner.hub;
        let id = match place {
            Some(place) => hub.create_seated_in(place, settings, slots).await?,
            None => {
                let client = game_creator(&owner, address);
                hub.create_seated(&client, settings, slots, MAX_GAMES_PER_OWNER)
                    .await?
            }
        };
        write(&self.inner.owners).insert(id.clone(), owner);
        Ok(id)
    }

    /// The teacher starts games (`pairing`: pupils paired by hand, at
    /// random or by level, or each against the AI at `level`), asked for
    /// from `address`: a place for every game first, all or none; past
    /// the limits a game can still fail to be made (the store), and the
    /// games made then are kept.
    pub async fn start_class_games(
        &self,
        room: &ClassRoom,
        pairing: &Pairing<'_>,
        spec: &GameSpec,
        level: Level,
        address: &str,
    ) -> Result<(), ClubError> {
        let mut change = self.begin_class(room).await;
        let groups = change.groups(pairing, random_u64)?;
        change.class.room_for_games(groups.len())?;
        if groups.is_empty() {
            return Err(ClassError::BadGroups(
                "no pupils to pair: pupils join with the code first".into(),
            )
            .into());
        }
        let places = self.class_game_places(&change.class.id, address, groups.len())?;
        let mut made = 0;
        let mut failure = None;
        for (group, place) in groups.into_iter().zip(places) {
            match self
                .class_game(room, &mut change, spec, group, level, place)
                .await
            {
                Ok(_) => made += 1,
                Err(err) => {
                    failure = Some(err);
                    break;
                }
            }
        }
        if made > 0 {
            change.commit(Changed::Class).await?;
        }
        failure.map_or(Ok(()), Err)
    }

    /// Places for `n` games of class `class` asked for from `address`: all
    /// of them or none, before any is made.
    pub fn class_game_places(
        &self,
        class: &str,
        address: &str,
        n: usize,
    ) -> Result<Vec<Reservation<'_>>, ClubError> {
        let creator = game_creator(&Owner::Class(class.to_string()), Some(address));
        Ok(self
            .inner
            .hub
            .reserve_seated(&creator, MAX_GAMES_PER_OWNER, n)?)
    }

    /// Makes a class game in a place taken by [`Clubs::class_game_places`]
    /// (the caller holds the class's lock and saves).
    pub async fn class_game(
        &self,
        room: &ClassRoom,
        data: &mut ClassData,
        spec: &GameSpec,
        pupils: Vec<Option<u32>>,
        ai: Level,
        place: Reservation<'_>,
    ) -> Result<String, ClubError> {
        let mut seats = Vec::new();
        for p in &pupils {
            seats.push(match p {
                Some(id) => {
                    let pupil = data.class.pupil(*id)?;
                    (pupil.name.clone(), Ok(pupil.holder.clone()))
                }
                None => (format!("AI {}", ai.number()), Err(ai)),
            });
        }
        let game = self
            .make_game(
                Owner::Class(data.class.id.clone()),
                None,
                spec,
                false,
                seats,
                Some(place),
            )
            .await?;
        if let Ok(state) = self.inner.hub.state(&game).await {
            room.boards().insert(game.clone(), BoardView::of(&state));
        }
        data.class.add_game(ClassGame {
            game: game.clone(),
            pupils,
            created_ms: wall_ms(),
            result: None,
        });
        Ok(game)
    }

    /// Makes the games of the tournament's round that have none yet (under
    /// a [`change::TournamentChange`], which stores them).
    pub(super) async fn start_games(
        &self,
        tournament: &TournamentRoom,
        data: &mut TournamentData,
    ) -> Result<(), ClubError> {
        if data.tournament.stage != Stage::Running {
            return Ok(());
        }
        let spec = GameSpec {
            size: data.tournament.rules.size,
            players: 2,
            variant: quoridor_rules::Variant::Standard,
            fences: data.tournament.rules.fences,
            clock: data.tournament.rules.clock,
            theme: Default::default(),
        };
        let todo = data.tournament.unstarted();
        for i in todo {
            let pairing = data.tournament.rounds.last().expect("a round")[i].clone();
            let mut seats = Vec::new();
            for p in [Some(pairing.first), pairing.second].into_iter().flatten() {
                let entrant = &data.tournament.players[p];
                let who = match (&entrant.holder, entrant.ai.and_then(Level::new)) {
                    (Some(holder), _) => Ok(holder.clone()),
                    (None, Some(level)) => Err(level),
                    // A player added by name whose link was never opened
                    // still gets their seat: the token is theirs to claim.
                    (None, None) => Err(Level::new(1).expect("level 1")),
                };
                seats.push((entrant.name.clone(), who));
            }
            let game = self
                .make_game(
                    Owner::Tournament(data.tournament.id.clone()),
                    data.tournament.creator.as_deref(),
                    &spec,
                    true,
                    seats,
                    None,
                )
                .await?;
            if let Ok(state) = self.inner.hub.state(&game).await {
                tournament
                    .boards()
                    .insert(game.clone(), BoardView::of(&state));
            }
            data.tournament.set_game(i, game);
        }
        Ok(())
    }

    /// A change of a class's or tournament's game: its board, and for a
    /// tournament its result and the next round.
    pub(super) async fn game_changed(&self, state: &RoomState) {
        let owner = read(&self.inner.owners).get(&state.id).cloned();
        let board = BoardView::of(state);
        match owner {
            Some(Owner::Class(id)) => {
                let Ok(room) = self.class(&id) else { return };
                let end = game_end(&board);
                room.boards().insert(state.id.clone(), board);
                room.bump();
                if let Some(end) = end {
                    // Kept for the pupils' progress, apart, so that other
                    // boards never wait for the class's write.
                    let (clubs, game) = (self.clone(), state.id.clone());
                    tokio::spawn(async move {
                        let action = ClassAction::GameEnded {
                            game: game.clone(),
                            end,
                        };
                        let kept = clubs.apply(&room, action).await;
                        if let Err(err) = kept {
                            tracing::error!(target: "quoridor::club", game = %game, error = %err, "a class game's end was not kept");
                        }
                    });
                }
            }
            Some(Owner::Tournament(id)) => {
                let Ok(tournament) = self.tournament(&id) else {
                    return;
                };
                let outcome = board.outcome();
                tournament.boards().insert(state.id.clone(), board);
                tournament.bump();
                if let Some(outcome) = outcome {
                    // Recorded apart, so that other boards never wait for
                    // the tournament's commit.
                    let clubs = self.clone();
                    let game = state.id.clone();
                    tokio::spawn(
                        async move { clubs.record_result(&tournament, &game, outcome).await },
                    );
                }
            }
            None => {}
        }
    }

    /// A tournament game's result: the next round when it was the last.
    pub(super) async fn record_result(
        &self,
        tournament: &TournamentRoom,
        game: &str,
        outcome: rounds::Outcome,
    ) {
        let mut change = self.begin_tournament(tournament).await;
        if !change.tournament.game_over(game, outcome, wall_ms()) {
            return change.unchanged();
        }
        let id = change.tournament.id.clone();
        if let Err(err) = change.commit().await {
            tracing::error!(target: "quoridor::club", tournament = %id, error = %err, "tournament not saved");
        }
    }

    /// Player `player` leaves `tournament` ([`super::tournament::Tournament::withdraw`]):
    /// stored, then their game of the round being played is lost by
    /// forfeit (its end comes back as any game's, and the round goes on).
    pub async fn withdraw(
        &self,
        tournament: &TournamentRoom,
        player: usize,
    ) -> Result<(), ClubError> {
        let forfeit = self
            .change_tournament(tournament, |data| Ok(data.tournament.withdraw(player)?))
            .await?;
        if let Some((game, index)) = forfeit {
            self.forfeit(&game, 2, index).await?;
        }
        Ok(())
    }

    /// The player at turn-order `index` of game `game` (of `players`)
    /// loses it by forfeit; a game already over stays as it ended.
    async fn forfeit(&self, game: &str, players: u8, index: usize) -> Result<(), ClubError> {
        let Some(&seat) = Seat::in_play(players).get(index) else {
            return Ok(());
        };
        match self.inner.hub.decide(game, Decision::Forfeit(seat)).await {
            Ok(_) | Err(crate::hub::HubError::NoSuchGame) => Ok(()),
            Err(err) => Err(err.into()),
        }
    }

    /// Pupil `pupil` was removed from the class `class` (as it was just
    /// before): their class games in progress are lost by forfeit, they
    /// leave every tournament of the class not yet over, so that no round
    /// waits for them and their old token plays no more, and their name
    /// is forgotten in every one.
    pub async fn pupil_removed(
        &self,
        class: &super::class::Class,
        pupil: u32,
    ) -> Result<(), ClubError> {
        for g in class.games.iter().filter(|g| g.result.is_none()) {
            if let Some(index) = g.pupils.iter().position(|p| *p == Some(pupil)) {
                self.forfeit(&g.game, g.pupils.len() as u8, index).await?;
            }
        }
        for id in &class.tournaments {
            let Ok(tournament) = self.tournament(id) else {
                continue;
            };
            let shown = tournament.shown();
            if shown.stage == Stage::Finished {
                continue;
            }
            if let Some(player) = shown.player_of_pupil(pupil) {
                if !shown.players[player].withdrawn {
                    self.withdraw(&tournament, player).await?;
                }
            }
        }
        // Their name leaves the games they played, which anyone with a
        // game's address reads...
        self.forget_seats(class, pupil).await?;
        // ...and the standings of every tournament, over or not, which the
        // class's pupils read.
        for id in &class.tournaments {
            let Ok(tournament) = self.tournament(id) else {
                continue;
            };
            let mut change = self.begin_tournament(&tournament).await;
            if change.tournament.forget_pupil(pupil) {
                change.commit().await?;
            } else {
                change.unchanged();
            }
        }
        Ok(())
    }

    /// Pupil `pupil`'s seats in the games of `class` and of its
    /// tournaments are renamed `""` (the pages say "a pupil who left"),
    /// stored and in memory. Only games over: one still played by the
    /// others of a game of four is written again at its next move, so it
    /// keeps the name (API.md says so).
    async fn forget_seats(&self, class: &super::class::Class, pupil: u32) -> Result<(), ClubError> {
        let mut seats: Vec<(String, Seat)> = Vec::new();
        for g in &class.games {
            if let Some(index) = g.pupils.iter().position(|p| *p == Some(pupil)) {
                if let Some(&seat) = Seat::in_play(g.pupils.len() as u8).get(index) {
                    seats.push((g.game.clone(), seat));
                }
            }
        }
        for shown in self.tournaments_of(class) {
            let Some(player) = shown.player_of_pupil(pupil) else {
                continue;
            };
            for p in shown.rounds.iter().flatten() {
                let index = usize::from(p.first != player);
                let (Some(game), true) = (&p.game, p.opponent(player).is_some()) else {
                    continue;
                };
                seats.push((game.clone(), Seat::in_play(2)[index]));
            }
        }
        let mut over = Vec::new();
        for (game, seat) in seats {
            let ended = self.inner.hub.glance(&game).await;
            if ended.is_ok_and(|state| state.status() == quoridor_game::Status::Over) {
                over.push((game, vec![seat]));
            }
        }
        if over.is_empty() {
            return Ok(());
        }
        let db = self.db().clone();
        let renamed = tokio::task::spawn_blocking(move || db.renamed_seats(&over, ""))
            .await
            .map_err(|_| ClubError::Unavailable("the server is stopping"))??;
        let ids: Vec<String> = renamed.iter().map(|g| g.id.clone()).collect();
        self.db()
            .save_club(crate::db::ClubWrite::RenameSeats { games: renamed })
            .await?;
        // Finished games kept in memory are read again, with the new names.
        self.inner.hub.forget_finished(&ids).await;
        Ok(())
    }

    /// The tournaments of `class`, as they stand.
    pub fn tournaments_of(&self, class: &super::class::Class) -> Vec<Arc<Tournament>> {
        class
            .tournaments
            .iter()
            .filter_map(|id| self.tournament(id).ok())
            .map(|tournament| tournament.shown())
            .collect()
    }

    /// Boards of the current round not seen yet (after a restart) are read once.
    pub async fn fill_tournament_boards(&self, tournament: &TournamentRoom) {
        let shown = tournament.shown();
        let missing: Vec<String> = {
            let boards = tournament.boards();
            shown
                .rounds
                .last()
                .into_iter()
                .flatten()
                .filter_map(|p| p.game.clone())
                .filter(|g| !boards.contains_key(g))
                .collect()
        };
        for id in missing {
            if let Ok(state) = self.inner.hub.state(&id).await {
                tournament.boards().insert(id, BoardView::of(&state));
            }
        }
    }
}

/// How a finished game ended, as a class keeps it (an aborted game, with
/// no winner and no draw, is not kept).
fn game_end(board: &BoardView) -> Option<GameEnd> {
    if board.status != quoridor_game::Status::Over || (board.winners.is_empty() && !board.draw) {
        return None;
    }
    let winners = board
        .winners
        .iter()
        .filter_map(|w| board.seats.iter().position(|s| s == w))
        .collect();
    Some(GameEnd {
        winners,
        draw: board.draw,
        ended_ms: wall_ms(),
    })
}
