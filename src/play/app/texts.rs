//! What the screen and the line mode say: the status line, the questions,
//! how the game ended, the players' and the move list's words.

use super::*;

impl App {
    /// What a seat's player is called on screen: `you`, `human`, `AI 5`.
    pub fn player_label(&self, seat: Seat) -> String {
        let lang = self.lang();
        match self.controller(seat) {
            Controller::Human if self.seats().iter().filter(|c| c.is_human()).count() == 1 => {
                lang.t(Msg::You).to_string()
            }
            Controller::Human => lang.t(Msg::Human).to_string(),
            Controller::Ai(level) => lang.f(Msg::Ai, &[&level]),
        }
    }

    /// The status line: what happens now or what to do.
    pub fn prompt(&self) -> Message {
        let lang = self.lang();
        let info = |text: String| Message {
            text,
            tone: Tone::Info,
        };
        if let Some(ask) = &self.ask {
            return info(self.question(ask));
        }
        if let Some(i) = self.replay {
            let at = lang.f(Msg::ReplayAt, &[&i, &self.game().entries().len()]);
            return info(format!("{at} · {}", lang.t(Msg::Replaying)));
        }
        if self.game().is_over() {
            return Message {
                text: self.end_text(),
                tone: Tone::Good,
            };
        }
        if let Some(thinking) = &self.thinking {
            return info(match thinking.purpose {
                Purpose::Hint(_) => lang.t(Msg::HintSearching).into(),
                Purpose::Move => {
                    let seat = self.game().position().turn();
                    lang.f(Msg::Thinking, &[&lang.seat(seat)])
                }
            });
        }
        if let Some((fence, check)) = self.preview() {
            return match check {
                Ok(()) => info(lang.f(Msg::FenceReady, &[&fence])),
                Err(err) => Message {
                    text: lang.f(Msg::Forbidden, &[&fence, &lang.illegal(err)]),
                    tone: Tone::Error,
                },
            };
        }
        let seat = self.game().position().turn();
        info(lang.f(Msg::YourMove, &[&lang.seat(seat)]))
    }

    pub(super) fn question(&self, ask: &Ask) -> String {
        let lang = self.lang();
        let yes_no = lang.t(Msg::YesNo);
        match ask {
            Ask::Resign(seat) => lang.f(Msg::AskResign, &[&lang.seat(*seat), &yes_no]),
            Ask::NewGame => lang.f(Msg::AskNewGame, &[&yes_no]),
            Ask::Draw { by, to } => {
                let names: Vec<&str> = to.iter().map(|&s| lang.seat(s)).collect();
                lang.f(Msg::AskDraw, &[&lang.seat(*by), &names.join(", "), &yes_no])
            }
            Ask::Resume(saved) => lang.f(Msg::AskResume, &[&self.summary(&saved.game), &yes_no]),
        }
    }

    pub(super) fn summary(&self, game: &Game) -> String {
        let size = game.rules().size();
        let moves = game.entries().len();
        self.lang().f(Msg::GameSummary, &[&size, &moves])
    }

    /// How the game ended, in words.
    pub fn end_text(&self) -> String {
        let lang = self.lang();
        let Some((outcome, termination)) = self.game().result() else {
            return String::new();
        };
        let mut text = lang.outcome(outcome);
        let last = self.game().entries().last().copied();
        let reason = match (termination, last) {
            (Termination::Resignation, Some(Entry::Resign(seat))) => {
                Some(lang.f(Msg::Resigns, &[&lang.seat(seat)]))
            }
            (Termination::Timeout, Some(Entry::Timeout(seat))) => {
                Some(lang.f(Msg::LosesOnTime, &[&lang.seat(seat)]))
            }
            (Termination::Agreement, _) => Some(lang.t(Msg::DrawAgreed).into()),
            (Termination::PlyLimit, _) => Some(lang.t(Msg::PlyLimit).into()),
            (Termination::Repetition, _) => Some(lang.t(Msg::Repetition).into()),
            _ => None,
        };
        if let Some(reason) = reason {
            if termination != Termination::Agreement {
                text.push_str(", ");
                text.push_str(&reason);
            } else {
                text = reason;
            }
        }
        lang.f(Msg::GameOver, &[&text])
    }

    /// An entry of the move list: `e3h`, or a resignation in words.
    pub fn entry_text(&self, entry: Entry) -> String {
        let lang = self.lang();
        match entry {
            Entry::Move(mv) => mv.to_string(),
            Entry::Resign(seat) => format!("{}:{}", lang.initial(seat), lang.t(Msg::EntryResign)),
            Entry::Timeout(seat) => format!("{}:{}", lang.initial(seat), lang.t(Msg::EntryTimeout)),
            Entry::DrawAgreed => lang.t(Msg::EntryDraw).into(),
        }
    }
}
