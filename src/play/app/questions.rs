//! What needs the players' yes: a draw offer, a resignation, a new game.

use super::*;

impl App {
    /// Asks the players a yes/no question (answered by [`App::answer`]).
    fn put(&mut self, ask: Ask) {
        self.log.push(self.question(&ask));
        self.ask = Some(ask);
    }

    pub(super) fn offer_draw(&mut self) {
        let lang = self.lang();
        let Some(by) = self.human_to_move() else {
            let text = if self.game().is_over() {
                lang.illegal(IllegalMove::GameOver)
            } else {
                let seat = self.game().position().turn();
                lang.f(Msg::NotYourTurn, &[&lang.seat(seat)])
            };
            self.say(Tone::Error, text);
            return;
        };
        // The computer answers first, as on the server and the page (the
        // game crate's draw: it accepts unless it leads the race); the
        // people at the keyboard are asked only then.
        let now = self.moment();
        if let Err(RoomError::AiDeclinesDraw(declines)) =
            self.room.clone().draw(DEVICE, DrawAction::Offer, now)
        {
            let text = lang.f(Msg::AiDeclinesDraw, &[&lang.seat(declines)]);
            self.say(Tone::Error, text);
            return;
        }
        let pos = *self.game().position();
        let to: Vec<Seat> = self
            .room
            .seats
            .iter()
            .filter(|slot| slot.seat != by && slot.kind.is_human() && !pos.is_out(slot.seat))
            .map(|slot| slot.seat)
            .collect();
        if to.is_empty() {
            self.agree_draw();
            return;
        }
        self.put(Ask::Draw { by, to });
    }

    /// Every player agreed: the game is drawn.
    pub(super) fn agree_draw(&mut self) {
        self.cancel_thinking();
        let now = self.moment();
        if self.room.draw(DEVICE, DrawAction::Offer, now).is_ok() {
            self.after_change();
        }
    }

    pub(super) fn ask_resign(&mut self) {
        let lang = self.lang();
        if self.game().is_over() {
            self.say(Tone::Error, lang.illegal(IllegalMove::GameOver));
            return;
        }
        let pos = self.game().position();
        let active_humans: Vec<Seat> = pos
            .seats()
            .iter()
            .copied()
            .filter(|&s| !pos.is_out(s) && self.controller(s).is_human())
            .collect();
        let seat = if self.controller(pos.turn()).is_human() {
            pos.turn()
        } else if let [only] = active_humans[..] {
            only
        } else {
            self.say(Tone::Error, lang.t(Msg::NoOneToResign).into());
            return;
        };
        self.put(Ask::Resign(seat));
    }

    pub(super) fn ask_new_game(&mut self) {
        if self.game().is_over() || self.game().entries().is_empty() {
            self.new_game();
        } else {
            self.put(Ask::NewGame);
        }
    }

    /// A new game with the same rules and players.
    pub fn new_game(&mut self) {
        self.cancel_thinking();
        let game = Game::new(*self.game().rules());
        let (seats, clock, now) = (self.seats(), self.room.settings.clock, self.moment());
        self.room = RoomState::on_device(game, &seats, clock, None, now)
            .expect("the seats of a game played are those of its rules");
        self.worker.new_game();
        self.replay = None;
        self.mode = Mode::Pawn;
        let text = self.lang().t(Msg::NewGameStarted).into();
        self.say(Tone::Good, text);
        self.after_change();
    }
}
