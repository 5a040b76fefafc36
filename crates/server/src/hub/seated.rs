//! Games made for others than one creator at the page (a class's or a
//! tournament's pairing, the lobby's), a seat taken, and rematches.

use std::sync::Arc;

use quoridor_rules::Seat;

use super::{Hub, HubError, Room};
use crate::account::Account;
use crate::token::{hash_token, new_token};
use crate::view::{GameView, SeatedView};
use quoridor_game::wire::PerSeat;
use quoridor_game::{clean_name, Decision, RoomError, SeatSlot, Settings, Status};

impl Hub {
    /// Makes a game with seats already held (a class's or a tournament's
    /// pairing), its creator made by [`crate::hub::registry::club_creator`]: within
    /// `per_owner` unfinished games of the class or tournament, and the
    /// server's cap of club games per address; followed.
    pub async fn create_seated(
        &self,
        creator: &str,
        settings: Settings,
        slots: Vec<SeatSlot>,
        per_owner: usize,
    ) -> Result<String, HubError> {
        let mut places = self.reserve_seated(creator, per_owner, 1)?;
        let place = places.pop().expect("one place");
        self.create_seated_in(place, settings, slots).await
    }

    /// [`Hub::create_seated`] in a place taken beforehand
    /// ([`Hub::reserve_seated`]).
    pub async fn create_seated_in(
        &self,
        place: super::registry::Reservation<'_>,
        settings: Settings,
        slots: Vec<SeatSlot>,
    ) -> Result<String, HubError> {
        let (state, _) = self.open_reserved(place, settings, slots).await?;
        let id = state.id.clone();
        self.follow(&id);
        self.insert(state);
        Ok(id)
    }

    /// Makes a game of `client` with its seats already held (a pairing of
    /// the lobby), within the client's limit of unfinished games.
    pub async fn create_paired(
        &self,
        client: &str,
        settings: Settings,
        slots: Vec<SeatSlot>,
    ) -> Result<String, HubError> {
        let (state, _) = self.open_own(client, settings, slots).await?;
        let id = state.id.clone();
        self.insert(state);
        Ok(id)
    }

    /// Takes a seat of `room` for a new token (and for `account`, named
    /// after it, when its player is logged in).
    pub async fn join(
        &self,
        room: &Arc<Room>,
        seat: Option<Seat>,
        name: Option<&str>,
        account: Option<&Account>,
    ) -> Result<SeatedView, HubError> {
        let name = match account {
            Some(account) => Some(account.name.clone()),
            None => clean_name(name)?,
        };
        let token = new_token();
        let holder = hash_token(&token);
        let id = account.map(|a| a.id);
        let bot = account.is_some_and(|a| a.bot);
        let (seat, game) = self
            .change_and_view(room, |state, now| {
                state.join(&holder, seat, name, id, bot, now)
            })
            .await?;
        Ok(SeatedView {
            id: room.id.clone(),
            token,
            seats: vec![seat],
            invites: PerSeat(Vec::new()),
            game,
        })
    }

    /// The seats of unfinished game `id` named in `seats` are held by
    /// `holder` from now on (a class's pupil back on another tablet); a
    /// finished game, or one already so, is left alone.
    pub async fn hand_seats(&self, id: &str, seats: &[Seat], holder: &str) -> Result<(), HubError> {
        let room = self.room(id).await?;
        // Most card joins change no game: nothing is written for those.
        {
            let mut state = room.state.lock().await.clone();
            let changes = seats
                .iter()
                .filter(|&&seat| state.hand_seat(seat, holder))
                .count();
            if state.status() == Status::Over || changes == 0 {
                return Ok(());
            }
        }
        self.change(&room, |state, _| {
            if state.status() == Status::Over {
                return Ok(());
            }
            for &seat in seats {
                state.hand_seat(seat, holder);
            }
            Ok(())
        })
        .await
    }

    /// Ends unfinished game `id` as its organiser decided (a forfeit, a
    /// draw); the caller checked their right. A game already over is left
    /// as it ended (`Ok(false)`).
    pub async fn decide(&self, id: &str, decision: Decision) -> Result<bool, HubError> {
        let room = self.room(id).await?;
        match self
            .change(&room, |state, now| state.decide(decision, now))
            .await
        {
            Ok(()) => Ok(true),
            Err(HubError::Room(RoomError::GameOver)) => Ok(false),
            Err(err) => Err(err),
        }
    }

    /// A new game with the same settings and people, seats turned by one
    /// (colours swap with two players), asked for by `holder` (who sent
    /// `token`: handed back; empty for a session) and made by the client at
    /// `client` within its limits, once every player has asked (at once
    /// where one person holds every human seat); until then the offer is
    /// answered with the game. Asked twice (even at once), it gives one
    /// game.
    pub async fn rematch(
        &self,
        room: &Arc<Room>,
        holder: &str,
        token: &str,
        client: &str,
    ) -> Result<Rematch, HubError> {
        let holder = holder.to_string();
        // One rematch at a time for this game: the check and the write
        // below happen together.
        let _making = room.rematch.lock().await;
        let (existing, settings, old_seats) = {
            let state = room.state.lock().await;
            state.require_holder(&holder)?;
            if state.status() != Status::Over {
                return Err(RoomError::NotOver.into());
            }
            if state.settings.tournament.is_some() {
                return Err(RoomError::TournamentGame.into());
            }
            (
                state.rematch.clone(),
                state.settings.clone(),
                state.seats.clone(),
            )
        };
        if let Some(id) = existing {
            let next = self.room(&id).await?;
            let seats = next.seats_of(&holder).await;
            return Ok(Rematch::Made(SeatedView {
                id,
                token: token.to_string(),
                seats,
                invites: PerSeat(Vec::new()),
                game: next.view().await,
            }));
        }
        let asker = holder.clone();
        let (everyone, view) = self
            .change_and_view(room, move |state, _| state.ask_rematch(&asker))
            .await?;
        if !everyone {
            return Ok(Rematch::Offered(view));
        }
        let slots = SeatSlot::turned(&old_seats);
        let (state, now) = self.open_own(client, settings, slots).await?;
        let id = state.id.clone();
        let seats = state.seats_of(&holder);
        let game = GameView::of(&state, now, 0);
        self.insert(state);
        let new_id = id.clone();
        self.change(room, move |state, _| {
            state.rematch = Some(new_id);
            state.version += 1;
            Ok(())
        })
        .await?;
        Ok(Rematch::Made(SeatedView {
            id,
            token: token.to_string(),
            seats,
            invites: PerSeat(Vec::new()),
            game,
        }))
    }

    /// One of the other players declines the rematch offered.
    pub async fn decline_rematch(
        &self,
        room: &Arc<Room>,
        holder: &str,
    ) -> Result<GameView, HubError> {
        let holder = holder.to_string();
        let ((), view) = self
            .change_and_view(room, move |state, _| state.decline_rematch(&holder))
            .await?;
        Ok(view)
    }
}

/// What asking for a rematch gave: the new game, or the offer made and
/// waiting for the others.
#[derive(Debug)]
pub enum Rematch {
    Made(SeatedView),
    Offered(GameView),
}
