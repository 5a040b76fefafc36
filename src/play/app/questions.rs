//! What needs the players' yes: a draw offer, a resignation, a new game.

use quoridor_engine::controller::accepts_draw;

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
            let text = if self.game.is_over() {
                lang.illegal(IllegalMove::GameOver)
            } else {
                let seat = self.game.position().turn();
                lang.f(Msg::NotYourTurn, &[&lang.seat(seat)])
            };
            self.say(Tone::Error, text);
            return;
        };
        let pos = *self.game.position();
        let others: Vec<Seat> = pos
            .seats()
            .iter()
            .copied()
            .filter(|&s| s != by && !pos.is_out(s))
            .collect();
        // The computer answers as on the server and the page: it accepts
        // unless it leads the race (the engine's rule).
        let computer = |s: &Seat| !self.controller(*s).is_human();
        if let Some(&declines) = others
            .iter()
            .filter(|s| computer(s))
            .find(|&&s| !accepts_draw(&pos, s))
        {
            let text = lang.f(Msg::AiDeclinesDraw, &[&lang.seat(declines)]);
            self.say(Tone::Error, text);
            return;
        }
        let to: Vec<Seat> = others.into_iter().filter(|s| !computer(s)).collect();
        if to.is_empty() {
            self.agree_draw();
            return;
        }
        self.put(Ask::Draw { by, to });
    }

    /// Every player agreed: the game is drawn.
    pub(super) fn agree_draw(&mut self) {
        self.cancel_thinking();
        if self.game.agree_draw().is_ok() {
            self.after_change();
        }
    }

    pub(super) fn ask_resign(&mut self) {
        let lang = self.lang();
        if self.game.is_over() {
            self.say(Tone::Error, lang.illegal(IllegalMove::GameOver));
            return;
        }
        let pos = self.game.position();
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
        if self.game.is_over() || self.game.entries().is_empty() {
            self.new_game();
        } else {
            self.put(Ask::NewGame);
        }
    }

    /// A new game with the same rules and players.
    pub fn new_game(&mut self) {
        self.cancel_thinking();
        self.game = Game::new(*self.game.rules());
        self.clocks = Clocks::new(self.clocks.control());
        self.worker.new_game();
        self.replay = None;
        self.mode = Mode::Pawn;
        let text = self.lang().t(Msg::NewGameStarted).into();
        self.say(Tone::Good, text);
        self.after_change();
    }
}
