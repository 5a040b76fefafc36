//! The tutorial in English.

use quoridor_rules::Seat;

use super::{LessonText, Sentence, Word};
use crate::theme::Theme;

pub(super) fn lesson(id: &str) -> Option<LessonText> {
    Some(match id {
        "step" => LessonText {
            title: "Moving your pawn",
            rule: "On your turn you either move your pawn or place a fence. A pawn moves one square forward, backward, left or right, never diagonally.",
            rule_child: "Your pawn walks one square at a time: up, down, left or right. Not on a slant!",
            task: "You are South, at the bottom. Move your pawn one square toward the far side: e2.",
            task_child: "Move your pawn one square up, toward the other side.",
            success: "One step closer to the far side.",
            hint: "That move is allowed, but it does not bring you closer. Go up one square.",
        },
        "goal" => LessonText {
            title: "The goal line",
            rule: "The first pawn to reach any square of the opposite side wins the game at once.",
            rule_child: "Get to the other side first and you win!",
            task: "One step is left. Reach the top row and win.",
            task_child: "Take the last step to the top row.",
            success: "You reached the goal line: you win!",
            hint: "That move is allowed, but the top row is one step away: go there.",
        },
        "jump" => LessonText {
            title: "Face to face: the jump",
            rule: "When two pawns stand face to face with no fence between them, the player to move may jump over the other pawn and land just behind it.",
            rule_child: "If another pawn is right in front of you, you can jump over it, like leapfrog!",
            task: "North's pawn is right in front of yours. Jump over it.",
            task_child: "Leapfrog over North's pawn.",
            success: "Nice jump: two squares in one move.",
            hint: "That move is allowed, but this lesson is about the jump: leap over North's pawn.",
        },
        "side-step" => LessonText {
            title: "Face to face: the side-step",
            rule: "If a fence stands behind the pawn you want to jump, you cannot jump: you may step diagonally instead, to the square on its left or its right.",
            rule_child: "If a fence is behind the other pawn, you cannot jump. Slide past it on a slant instead!",
            task: "There is a fence behind North's pawn. Step diagonally beside it.",
            task_child: "A fence stops the jump. Go on a slant, next to North's pawn.",
            success: "A diagonal step, allowed only in this case.",
            hint: "That move is allowed, but try the diagonal step beside North's pawn.",
        },
        "edge" => LessonText {
            title: "Face to face at the edge",
            rule: "The edge of the board counts like a fence: if the pawn you face stands on the edge, step diagonally beside it.",
            rule_child: "The edge of the board is like a fence. You can slide past on a slant.",
            task: "North stands on your goal line. Step diagonally beside it and win.",
            task_child: "Slide on a slant next to North to reach the top row.",
            success: "You won with a side-step at the edge.",
            hint: "That move is allowed, but you can win right now with a diagonal step.",
        },
        "fence" => LessonText {
            title: "Placing a fence",
            rule: "A fence is two squares long. It sits in the grooves between squares and stops both pawns. Once placed, it stays until the end.",
            rule_child: "A fence is a little wall, two squares long. Nobody can walk through it, and it stays there.",
            task: "Place a fence that makes North's way to the bottom longer.",
            task_child: "Put a wall in North's way.",
            success: "Good fence: North must now walk around it.",
            hint: "That move is allowed, but North's way is not longer. Put a fence across North's path.",
        },
        "fence-rules" => LessonText {
            title: "Fences never cross",
            rule: "A new fence may not lie on top of another fence, may not cross one, and may not stick out over the edge of the board. It may touch another fence end to end.",
            rule_child: "Fences cannot go on top of each other or cross like an X. They can touch at the ends.",
            task: "Make a wall four squares long: place a fence end to end with the one on the board.",
            task_child: "Put a fence right next to the one on the board, to make a longer wall.",
            success: "A wall four squares long, with the fences touching end to end.",
            hint: "That move is allowed, but it does not make the wall longer. Place your fence end to end with the one on the board.",
        },
        "last-path" => LessonText {
            title: "Never close the last way",
            rule: "A fence may make a player's way longer, but every pawn must always keep at least one way to its goal line. A fence that would shut a pawn in is not allowed.",
            rule_child: "You can make someone walk a long way round, but you may never lock them in.",
            task: "Make North's way as long as you can with one fence. Careful: you may not shut North in.",
            task_child: "Make North walk as far as possible, without locking North in.",
            success: "That is the longest way one fence can give North.",
            hint: "That move is allowed, but another fence would make North's way even longer.",
        },
        "no-fences" => LessonText {
            title: "No fences left",
            rule: "Each player has only a few fences and can never get them back. With none left, you must move your pawn every turn. Save your fences: the last player who has some has the edge.",
            rule_child: "Your fences are precious: once they are all used, you can only walk. Don't use them too fast!",
            task: "You have placed all your fences. Move your pawn toward the top.",
            task_child: "No fences left: walk toward the top.",
            success: "Without fences, only your pawn can move.",
            hint: "That move is allowed, but it takes you away from the top.",
        },
        "four-players" => LessonText {
            title: "Four players: no double jump",
            rule: "With four players each has five fences. You may jump only one pawn: if a second pawn stands behind the first, you cannot move that way at all, not even diagonally.",
            rule_child: "With four players, you can never jump over two pawns at once. Go another way!",
            task: "Two pawns stand in a line in front of you: you cannot jump them. Step to one side to go around them.",
            task_child: "Two pawns block the way up. Step to the side to go around them.",
            success: "You went around instead of jumping two pawns.",
            hint: "That move is allowed, but it does not help you get past the two pawns: step to one side.",
        },
        _ => return None,
    })
}

pub(super) fn word(word: Word) -> &'static str {
    match word {
        Word::LessonOf => "Lesson {n} of {total}",
        Word::NotAllowed => "Not allowed:",
        Word::Prompt => "Your move (a square like e2, a fence like e3h), or q to stop:",
        Word::TryAgain => "Try again.",
        Word::Right => "Right!",
        Word::Finished => "You have finished the tutorial. Now play a game: quoridor play",
        Word::Answers => "Answers:",
        Word::PuzzleTask => "{seat} to move: find the best move.",
        Word::NotBest => "Not the best move.",
        Word::Solution => "The solution:",
        Word::Streak => "Streak: {n}",
        Word::Rating => "Your puzzle rating: {r}",
        Word::NoPuzzle => "No puzzle matches these choices.",
        Word::PuzzleHeading => "Puzzle {id} · {theme} · difficulty {d}/5",
    }
}

pub(super) fn seat(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "South",
        Seat::West => "West",
        Seat::North => "North",
        Seat::East => "East",
    }
}

/// The pawn of `seat` by its colour on the board, for a child.
pub(super) fn pawn(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "the red pawn",
        Seat::West => "the green pawn",
        Seat::North => "the blue pawn",
        Seat::East => "the purple pawn",
    }
}

/// A puzzle's task for a child, by its theme (`{pawn}`: the pawn to move).
pub(super) fn theme_task_child(theme: Theme) -> &'static str {
    match theme {
        Theme::Race => "You play {pawn}. Move your pawn one square: which square wins the race to the other side?",
        Theme::Jump => "You play {pawn}. Jump over the other pawn, or go round it: which move helps you most?",
        Theme::Detour => "You play {pawn}. Put down a fence that sends the other pawn the long way round.",
        Theme::FenceTiming => "You play {pawn}. Put down a fence now, before the other player puts down theirs.",
    }
}

pub(super) fn theme(theme: Theme) -> &'static str {
    match theme {
        Theme::Race => "Race",
        Theme::Detour => "Detour",
        Theme::FenceTiming => "Fence timing",
        Theme::Jump => "Jump",
    }
}

pub(super) fn sentence(sentence: Sentence) -> &'static str {
    match sentence {
        Sentence::Race => "Only {mv} keeps the race: after it {Me} needs {ma} steps and {Them} {ta}.",
        Sentence::Jump => "The jump {mv} wins a step: after it {Me} needs {ma} steps and {Them} {ta}.",
        Sentence::Detour => "After {mv}, {Them} needs {ta} steps instead of {tb}, and {Me} {ma}.",
        Sentence::Timing => "It comes just in time: one fence of {Them} could have added {xb} steps to {Me}'s way, and now at most {xa}.",
        Sentence::Quiet => "After {mv}, {Me} needs {ma} steps and {Them} {ta}; the search finds every other move worse by at least {m} steps.",
        Sentence::Step => "After {mv}, {Me} needs {ma} steps and {Them} {ta}.",
        Sentence::AlsoWins => "It wins by force. Other moves that win by force count as right too: {also}.",
    }
}
