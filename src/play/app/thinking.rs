//! The AI on its thread (moves and hints), the clocks and time passing.

use super::*;

/// The engine slot of the hint searches (seats use their turn index).
const HINT_ENGINE: usize = 4;

impl App {
    /// Starts or stops the clocks and the AI as the state requires.
    pub(super) fn refresh(&mut self) {
        let resume_pending = matches!(self.ask, Some(Ask::Resume(_)));
        let now = self.moment();
        // The clock stands still while the players look back or decide
        // whether to go on with the game kept from last time.
        if self.replay.is_some() || resume_pending {
            self.room.pause_clock(now);
            return;
        }
        self.room.resume_clock(now);
        if self.thinking.is_some() || self.game().is_over() {
            return;
        }
        let turn = self.game().position().turn_index();
        let Controller::Ai(level) = self.to_move() else {
            return;
        };
        let limit = match self.room.settings.clock {
            None => SearchLimit::Infinite,
            Some(control) => {
                let left = self
                    .room
                    .remaining_at(now)
                    .and_then(|l| l.get(turn).copied());
                control.limit(Duration::from_millis(left.unwrap_or(0)))
            }
        };
        self.request(Purpose::Move, turn, level, limit);
    }

    pub(super) fn request(
        &mut self,
        purpose: Purpose,
        engine: usize,
        level: Level,
        limit: SearchLimit,
    ) {
        let id = self.next_id;
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        self.worker.search(Request {
            id,
            engine,
            level,
            position: *self.game().position(),
            earlier: self.game().since_last_fence().to_vec(),
            limit,
            stop: Arc::clone(&stop),
        });
        self.thinking = Some(Thinking {
            id,
            purpose,
            stop,
            started: self.now,
            reply: None,
            failed: false,
        });
    }

    pub(super) fn cancel_thinking(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            thinking.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Time passes: AI replies are taken in, clocks checked. Returns whether
    /// anything changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        self.now = now;
        let mut changed = false;
        while let Some(reply) = self.worker.try_reply() {
            changed |= self.receive(reply);
        }
        changed |= self.apply_reply(false);
        changed |= self.check_flag();
        changed
    }

    /// Waits up to `timeout` for the AI's reply (taken in by the next
    /// [`App::tick`]).
    pub fn wait(&mut self, timeout: Duration) {
        if self.thinking.as_ref().is_some_and(|t| t.reply.is_none()) {
            if let Some(reply) = self.worker.wait_reply(timeout) {
                self.receive(reply);
            }
        }
    }

    /// Waits until no AI is thinking any more: every AI move up to the next
    /// person's turn (or the end) is played. Time stands still meanwhile, so
    /// that the result does not depend on the machine's speed.
    pub fn settle(&mut self) {
        while let Some(thinking) = &self.thinking {
            if thinking.reply.is_none() {
                match self.worker.wait_reply(Duration::from_secs(600)) {
                    Some(reply) => {
                        self.receive(reply);
                    }
                    None => {
                        self.cancel_thinking();
                        break;
                    }
                }
            }
            self.apply_reply(true);
        }
    }

    pub(super) fn receive(&mut self, reply: Reply) -> bool {
        match self.thinking.as_mut() {
            Some(thinking) if thinking.id == reply.id => {
                thinking.reply = Some(reply.result.map(|r| r.best));
                thinking.failed = reply.failed;
                if reply.failed && thinking.purpose == Purpose::Move {
                    // A bug in the search: the game goes on without it.
                    thinking.reply = Some(safe_move(self.room.game.position()));
                }
                true
            }
            _ => false,
        }
    }

    /// Plays or shows the reply received, once the pause is over (or at
    /// once when `now`).
    pub(super) fn apply_reply(&mut self, now: bool) -> bool {
        let ready = self.thinking.as_ref().is_some_and(|t| {
            t.reply.is_some()
                && (now
                    || matches!(t.purpose, Purpose::Hint(_))
                    || self.now >= t.started + self.setup.ai_pause)
        });
        if !ready {
            return false;
        }
        let Some(thinking) = self.thinking.take() else {
            return false;
        };
        let best = thinking.reply.flatten();
        let lang = self.lang();
        match (thinking.purpose, best) {
            (Purpose::Move, Some(mv)) => self.play(None, mv),
            (Purpose::Hint(seat), Some(mv)) => {
                let path = self
                    .game()
                    .position()
                    .shortest_path(seat)
                    .unwrap_or_default();
                let text = lang.f(Msg::Hint, &[&lang.seat(seat), &mv, &path.len()]);
                self.say(Tone::Good, text);
                let squares: Vec<String> = path.iter().map(|sq| sq.to_string()).collect();
                let text = lang.f(Msg::HintPath, &[&lang.seat(seat), &squares.join(" ")]);
                self.log.push(text);
                self.hint = Some(Hint {
                    seat,
                    best: mv,
                    path,
                });
                self.refresh();
            }
            (_, None) => self.refresh(),
        }
        if thinking.failed {
            let msg = match thinking.purpose {
                Purpose::Move => Msg::AiFailedMove,
                Purpose::Hint(_) => Msg::AiFailedHint,
            };
            let text = lang.t(msg).to_string();
            self.say(Tone::Error, text);
        }
        true
    }

    pub(super) fn check_flag(&mut self) -> bool {
        let now = self.moment();
        if self.room.deadline().is_none_or(|deadline| deadline > now) {
            return false;
        }
        let seat = self.game().position().turn();
        self.cancel_thinking();
        if self.room.expire(now).is_ok() {
            let lang = self.lang();
            let text = lang.f(Msg::LosesOnTime, &[&lang.seat(seat)]);
            self.say(Tone::Error, text);
            self.after_change();
        }
        true
    }

    pub(super) fn ask_hint(&mut self) {
        let lang = self.lang();
        let Some(seat) = self.human_to_move() else {
            let text = if self.game().is_over() {
                lang.illegal(IllegalMove::GameOver)
            } else {
                lang.t(Msg::HintNoHuman).into()
            };
            self.say(Tone::Error, text);
            return;
        };
        if self.thinking.is_some() {
            return;
        }
        self.request(
            Purpose::Hint(seat),
            HINT_ENGINE,
            self.setup.hint_level,
            SearchLimit::Infinite,
        );
    }
}
