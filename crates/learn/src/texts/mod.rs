//! Every word of the tutorial in English, French and Romanian: for each
//! lesson a title, the rule and the task (in a standard wording and in a
//! child's), what is said for a right answer and for a legal move that was
//! not asked; the rules engine's reasons in words; the words around them.

mod en;
mod fr;
mod ro;

use std::fmt;
use std::str::FromStr;

use quoridor_exercises::Lang;
use quoridor_rules::{IllegalMove, ParseError, Seat};

use crate::theme::{Facts, MoveKind, Theme};
use serde::{Deserialize, Serialize};

/// Which wording: the standard one, or simpler words for children.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Wording {
    #[default]
    Standard,
    Child,
}

impl Wording {
    pub const fn name(self) -> &'static str {
        match self {
            Wording::Standard => "standard",
            Wording::Child => "child",
        }
    }
}

impl fmt::Display for Wording {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Wording {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Wording, ParseError> {
        match s.to_ascii_lowercase().as_str() {
            "standard" => Ok(Wording::Standard),
            "child" => Ok(Wording::Child),
            _ => Err(ParseError::new(s, "a wording: standard or child")),
        }
    }
}

/// The words of one lesson in one language.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LessonText {
    pub title: &'static str,
    /// The rule, standard wording.
    pub rule: &'static str,
    /// The rule for children.
    pub rule_child: &'static str,
    /// What to do, standard wording.
    pub task: &'static str,
    /// What to do, for children.
    pub task_child: &'static str,
    /// Said after the right move.
    pub success: &'static str,
    /// Said after a legal move that the lesson did not ask for.
    pub hint: &'static str,
}

impl LessonText {
    /// The words of lesson `id` in `lang`, or `None` for an unknown lesson.
    pub fn of(lang: Lang, id: &str) -> Option<LessonText> {
        match lang {
            Lang::En => en::lesson(id),
            Lang::Fr => fr::lesson(id),
            Lang::Ro => ro::lesson(id),
        }
    }

    pub fn rule(&self, wording: Wording) -> &'static str {
        match wording {
            Wording::Standard => self.rule,
            Wording::Child => self.rule_child,
        }
    }

    pub fn task(&self, wording: Wording) -> &'static str {
        match wording {
            Wording::Standard => self.task,
            Wording::Child => self.task_child,
        }
    }
}

/// The words around the lessons.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Word {
    /// "Lesson {n} of {total}"
    LessonOf,
    /// Before the engine's reason: "Not allowed:"
    NotAllowed,
    /// "Your move (a square like e2, a fence like e3h):"
    Prompt,
    /// "Try again."
    TryAgain,
    /// "Right!"
    Right,
    /// "You have finished the tutorial."
    Finished,
    /// "Answers:"
    Answers,
    /// "{seat} to move: find the best move."
    PuzzleTask,
    /// "Not the best move."
    NotBest,
    /// "The solution:"
    Solution,
    /// "Streak: {n}"
    Streak,
    /// "Your puzzle rating: {r}"
    Rating,
    /// "No puzzle matches."
    NoPuzzle,
    /// "Puzzle {id} · {theme} · difficulty {d}/5"
    PuzzleHeading,
}

impl Word {
    pub fn text(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => en::word(self),
            Lang::Fr => fr::word(self),
            Lang::Ro => ro::word(self),
        }
    }
}

/// A theme's name in `lang`.
pub fn theme_name(lang: Lang, theme: Theme) -> &'static str {
    match lang {
        Lang::En => en::theme(theme),
        Lang::Fr => fr::theme(theme),
        Lang::Ro => ro::theme(theme),
    }
}

/// The sentences an explanation is made of.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Sentence {
    /// A pawn step that keeps the race.
    Race,
    /// A jump or side-step.
    Jump,
    /// A fence that lengthens the opponent's way.
    Detour,
    /// A fence that takes away the opponent's strongest fence.
    Timing,
    /// A fence that does neither at once: the search's margin says why.
    Quiet,
    /// A pawn move of a position won in more than one way.
    Step,
    /// The other moves that win by force as well.
    AlsoWins,
}

/// Why a puzzle's move is best, from its facts, in `lang`: one sentence or
/// two (a detour that is also just in time).
pub fn puzzle_words(lang: Lang, facts: &Facts) -> String {
    let mut sentences: Vec<Sentence> = match facts.kind {
        MoveKind::Step if !facts.also.is_empty() => vec![Sentence::Step],
        MoveKind::Step => vec![Sentence::Race],
        MoveKind::Jump => vec![Sentence::Jump],
        MoveKind::Fence => {
            let detour = facts.theirs_after > facts.theirs_before;
            let timing = facts.threat_after < facts.threat_before;
            match (detour, timing) {
                (true, true) => vec![Sentence::Detour, Sentence::Timing],
                (true, false) => vec![Sentence::Detour],
                (false, true) => vec![Sentence::Timing, Sentence::Quiet],
                (false, false) => vec![Sentence::Quiet],
            }
        }
    };
    if !facts.also.is_empty() {
        sentences.push(Sentence::AlsoWins);
    }
    let text: Vec<String> = sentences
        .into_iter()
        .map(|sentence| {
            let template = match lang {
                Lang::En => en::sentence(sentence),
                Lang::Fr => fr::sentence(sentence),
                Lang::Ro => ro::sentence(sentence),
            };
            template
                .replace("{mv}", &facts.mv)
                .replace("{Me}", seat_name(lang, facts.me))
                .replace("{Them}", seat_name(lang, facts.them))
                .replace("{ma}", &facts.mine_after.to_string())
                .replace("{ta}", &facts.theirs_after.to_string())
                .replace("{tb}", &facts.theirs_before.to_string())
                .replace("{xb}", &facts.threat_before.to_string())
                .replace("{xa}", &facts.threat_after.to_string())
                .replace("{m}", &format!("{:.1}", f64::from(facts.margin) / 100.0))
                .replace("{also}", &facts.also.join(", "))
        })
        .collect();
    text.join(" ")
}

/// A seat's name in `lang`.
/// A puzzle's task: "North to move: find the best move.", or for a child
/// what to look for by the puzzle's theme, the pawn named by its colour
/// ("You play the blue pawn. Put down a fence…").
pub fn puzzle_task(lang: Lang, seat: Seat, theme: Theme, wording: Wording) -> String {
    match wording {
        Wording::Standard => Word::PuzzleTask
            .text(lang)
            .replace("{seat}", seat_name(lang, seat)),
        Wording::Child => {
            let (task, pawn) = match lang {
                Lang::En => (en::theme_task_child(theme), en::pawn(seat)),
                Lang::Fr => (fr::theme_task_child(theme), fr::pawn(seat)),
                Lang::Ro => (ro::theme_task_child(theme), ro::pawn(seat)),
            };
            task.replace("{pawn}", pawn)
        }
    }
}

pub fn seat_name(lang: Lang, seat: Seat) -> &'static str {
    match lang {
        Lang::En => en::seat(seat),
        Lang::Fr => fr::seat(seat),
        Lang::Ro => ro::seat(seat),
    }
}

/// Why the rules refuse a move, in `lang`: the words every front end
/// says (`quoridor_exercises::reasons`), as a sentence.
pub fn illegal_text(lang: Lang, err: &IllegalMove) -> String {
    let text = quoridor_exercises::reasons::reason_text(lang, err, |seat| {
        seat_name(lang, seat).to_string()
    });
    text + "."
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LESSONS;

    #[test]
    fn a_childs_puzzle_says_what_to_look_for_and_names_the_pawn_by_its_colour() {
        let fr = puzzle_task(Lang::Fr, Seat::North, Theme::Detour, Wording::Child);
        assert_eq!(
            fr,
            "Tu joues le pion bleu. Pose une barrière qui oblige l'autre pion à faire un grand détour."
        );
        let en = puzzle_task(Lang::En, Seat::South, Theme::Race, Wording::Standard);
        assert_eq!(en, "South to move: find the best move.");
        for lang in Lang::ALL {
            let mut said = std::collections::HashSet::new();
            for theme in Theme::ALL {
                for seat in [Seat::South, Seat::West, Seat::North, Seat::East] {
                    let text = puzzle_task(lang, seat, theme, Wording::Child);
                    assert!(!text.contains('{'), "{text}");
                    assert!(said.insert(text.clone()), "{text} twice");
                    // "tu", never "vous", and no compass point.
                    let lower = text.to_lowercase();
                    for word in [
                        "vous", "trouvez", "nord", "sud", "north", "south", "nordul", "sudul",
                    ] {
                        assert!(
                            !lower.split(|c: char| !c.is_alphabetic()).any(|w| w == word),
                            "{text}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn every_lesson_has_every_text_in_every_language() {
        for lang in Lang::ALL {
            for lesson in &LESSONS {
                let text = LessonText::of(lang, lesson.id)
                    .unwrap_or_else(|| panic!("{} in {lang}", lesson.id));
                for field in [
                    text.title,
                    text.rule,
                    text.rule_child,
                    text.task,
                    text.task_child,
                    text.success,
                    text.hint,
                ] {
                    assert!(!field.trim().is_empty(), "{} in {lang}", lesson.id);
                }
                assert_ne!(text.rule, text.rule_child, "{} in {lang}", lesson.id);
            }
            assert!(LessonText::of(lang, "nothing").is_none());
        }
    }

    #[test]
    fn reasons_name_the_fence_or_seat() {
        use quoridor_rules::Fence;
        let fence: Fence = "e3h".parse().unwrap();
        for lang in Lang::ALL {
            assert!(illegal_text(lang, &IllegalMove::Crosses(fence)).contains("e3h"));
            let shut = illegal_text(lang, &IllegalMove::NoPathLeft(Seat::North));
            assert!(shut.contains(seat_name(lang, Seat::North)), "{shut}");
        }
    }
}
