//! Le tutoriel en français. Les règles et les tâches disent « vous » à
//! un joueur, leurs variantes `_child` « tu » à un enfant, et ce que tous
//! deux lisent (une réussite, un indice) ne dit ni l'un ni l'autre.

use quoridor_rules::Seat;

use super::{LessonText, Sentence, Word};
use crate::theme::Theme;

pub(super) fn lesson(id: &str) -> Option<LessonText> {
    Some(match id {
        "step" => LessonText {
            title: "Déplacer son pion",
            rule: "À son tour, on déplace son pion ou on pose une barrière. Un pion avance d'une case en avant, en arrière, à gauche ou à droite, jamais en diagonale.",
            rule_child: "Ton pion avance d'une seule case : en haut, en bas, à gauche ou à droite. Jamais en biais !",
            task: "Vous êtes Sud, en bas. Avancez votre pion d'une case vers le côté opposé : e2.",
            task_child: "Avance ton pion d'une case vers le haut, vers l'autre côté.",
            success: "Une case de plus vers le côté opposé.",
            hint: "Ce coup est permis, mais il ne rapproche pas du but : il faut monter d'une case.",
        },
        "goal" => LessonText {
            title: "La ligne d'arrivée",
            rule: "Le premier pion qui atteint une case du côté opposé gagne aussitôt la partie.",
            rule_child: "Arrive le premier de l'autre côté et tu gagnes !",
            task: "Il reste un pas. Atteignez la rangée du haut et gagnez.",
            task_child: "Fais le dernier pas jusqu'à la rangée du haut.",
            success: "La ligne d'arrivée est atteinte : partie gagnée !",
            hint: "Ce coup est permis, mais la rangée du haut n'est qu'à un pas.",
        },
        "jump" => LessonText {
            title: "Face à face : le saut",
            rule: "Quand deux pions sont face à face sans barrière entre eux, le joueur qui a le trait peut sauter par-dessus l'autre pion et se poser juste derrière.",
            rule_child: "Si un pion est juste devant toi, tu peux sauter par-dessus, comme à saute-mouton !",
            task: "Le pion de Nord est juste devant le vôtre. Sautez par-dessus.",
            task_child: "Fais saute-mouton par-dessus le pion de Nord.",
            success: "Beau saut : deux cases en un coup.",
            hint: "Ce coup est permis, mais cette leçon parle du saut : par-dessus le pion de Nord.",
        },
        "side-step" => LessonText {
            title: "Face à face : le pas de côté",
            rule: "Si une barrière se trouve derrière le pion à sauter, on ne peut pas sauter : on peut alors aller en diagonale, sur la case à sa gauche ou à sa droite.",
            rule_child: "Si une barrière est derrière l'autre pion, tu ne peux pas sauter. Passe à côté en biais !",
            task: "Une barrière est derrière le pion de Nord. Allez en diagonale à côté de lui.",
            task_child: "Une barrière empêche le saut. Va en biais, à côté du pion de Nord.",
            success: "Un pas en diagonale, permis seulement dans ce cas.",
            hint: "Ce coup est permis, mais la leçon demande le pas en diagonale à côté du pion de Nord.",
        },
        "edge" => LessonText {
            title: "Face à face au bord",
            rule: "Le bord du plateau compte comme une barrière : si le pion d'en face est au bord, on peut aller en diagonale à côté de lui.",
            rule_child: "Le bord du plateau, c'est comme une barrière. Tu peux passer à côté en biais.",
            task: "Nord est sur votre ligne d'arrivée. Allez en diagonale à côté de lui et gagnez.",
            task_child: "Passe en biais à côté de Nord pour atteindre la rangée du haut.",
            success: "Gagné, avec un pas de côté au bord.",
            hint: "Ce coup est permis, mais un pas en diagonale gagne tout de suite.",
        },
        "fence" => LessonText {
            title: "Poser une barrière",
            rule: "Une barrière mesure deux cases. Elle se pose dans les rainures entre les cases et arrête les deux pions. Une fois posée, elle reste jusqu'à la fin.",
            rule_child: "Une barrière est un petit mur long de deux cases. Personne ne peut la traverser, et elle reste là.",
            task: "Posez une barrière qui rallonge le chemin de Nord vers le bas.",
            task_child: "Mets un mur sur le chemin de Nord.",
            success: "Bonne barrière : Nord doit maintenant la contourner.",
            hint: "Ce coup est permis, mais le chemin de Nord n'est pas plus long. Il faut une barrière en travers de son chemin.",
        },
        "fence-rules" => LessonText {
            title: "Les barrières ne se croisent pas",
            rule: "Une nouvelle barrière ne peut ni chevaucher une autre barrière, ni la croiser, ni dépasser du bord du plateau. Elle peut toucher une autre barrière bout à bout.",
            rule_child: "Les barrières ne se posent pas l'une sur l'autre et ne se croisent pas en X. Elles peuvent se toucher par les bouts.",
            task: "Faites un mur de quatre cases : posez une barrière bout à bout avec celle du plateau.",
            task_child: "Pose une barrière juste à côté de celle du plateau, pour faire un mur plus long.",
            success: "Un mur de quatre cases, les barrières bout à bout.",
            hint: "Ce coup est permis, mais il n'allonge pas le mur. La barrière doit toucher celle du plateau, bout à bout.",
        },
        "last-path" => LessonText {
            title: "Ne jamais fermer le dernier chemin",
            rule: "Une barrière peut rallonger le chemin d'un joueur, mais chaque pion doit toujours garder au moins un chemin vers sa ligne d'arrivée. Une barrière qui enfermerait un pion est interdite.",
            rule_child: "Tu peux obliger quelqu'un à faire un grand détour, mais jamais l'enfermer.",
            task: "Rallongez le plus possible le chemin de Nord avec une barrière. Attention : vous ne devez pas enfermer Nord.",
            task_child: "Fais marcher Nord le plus loin possible, sans l'enfermer.",
            success: "C'est le plus long chemin qu'une barrière peut imposer à Nord.",
            hint: "Ce coup est permis, mais une autre barrière rallongerait encore plus le chemin de Nord.",
        },
        "no-fences" => LessonText {
            title: "Plus de barrières",
            rule: "Chaque joueur n'a que quelques barrières et ne peut jamais les reprendre. Quand il n'en a plus, il doit déplacer son pion à chaque tour. Économisez vos barrières : le dernier qui en possède a l'avantage.",
            rule_child: "Tes barrières sont précieuses : quand tu les as toutes posées, tu ne peux plus que marcher. Ne les joue pas trop vite !",
            task: "Vous avez posé toutes vos barrières. Avancez votre pion vers le haut.",
            task_child: "Plus de barrières : marche vers le haut.",
            success: "Sans barrières, seul le pion peut bouger.",
            hint: "Ce coup est permis, mais il éloigne du haut.",
        },
        "four-players" => LessonText {
            title: "À quatre : pas de double saut",
            rule: "À quatre joueurs, chacun a cinq barrières. On ne peut sauter qu'un seul pion : si un deuxième pion est derrière le premier, on ne peut pas aller de ce côté, même pas en diagonale.",
            rule_child: "À quatre, on ne saute jamais par-dessus deux pions à la fois. Passe par un autre chemin !",
            task: "Deux pions sont alignés devant vous : vous ne pouvez pas les sauter. Faites un pas de côté pour les contourner.",
            task_child: "Deux pions bloquent le chemin vers le haut. Fais un pas de côté pour les contourner.",
            success: "Contournés, au lieu de sauter deux pions.",
            hint: "Ce coup est permis, mais il n'aide pas à passer les deux pions : un pas de côté, plutôt.",
        },
        _ => return None,
    })
}

pub(super) fn word(word: Word) -> &'static str {
    match word {
        Word::LessonOf => "Leçon {n} sur {total}",
        Word::NotAllowed => "Interdit :",
        Word::Prompt => {
            "Votre coup (une case comme e2, une barrière comme e3h), ou q pour arrêter :"
        }
        Word::TryAgain => "Essayez encore.",
        Word::Right => "Bravo !",
        Word::Finished => "Vous avez fini le tutoriel. Jouez maintenant une partie : quoridor play",
        Word::Answers => "Réponses :",
        Word::PuzzleTask => "{seat} a le trait : trouvez le meilleur coup.",
        Word::NotBest => "Ce n'est pas le meilleur coup.",
        Word::Solution => "La solution :",
        Word::Streak => "Série : {n}",
        Word::Rating => "Votre classement aux problèmes : {r}",
        Word::NoPuzzle => "Aucun problème ne correspond à ces choix.",
        Word::PuzzleHeading => "Problème {id} · {theme} · difficulté {d}/5",
    }
}

pub(super) fn seat(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "Sud",
        Seat::West => "Ouest",
        Seat::North => "Nord",
        Seat::East => "Est",
    }
}

/// The pawn of `seat` by its colour on the board, for a child.
pub(super) fn pawn(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "le pion rouge",
        Seat::West => "le pion vert",
        Seat::North => "le pion bleu",
        Seat::East => "le pion violet",
    }
}

/// A puzzle's task for a child, by its theme (`{pawn}`: the pawn to move).
pub(super) fn theme_task_child(theme: Theme) -> &'static str {
    match theme {
        Theme::Race => "Tu joues {pawn}. Avance ton pion d'une case : quelle case gagne la course jusqu'à l'autre côté ?",
        Theme::Jump => "Tu joues {pawn}. Saute par-dessus l'autre pion, ou passe à côté : quel coup t'aide le plus ?",
        Theme::Detour => "Tu joues {pawn}. Pose une barrière qui oblige l'autre pion à faire un grand détour.",
        Theme::FenceTiming => "Tu joues {pawn}. Pose une barrière maintenant, avant que l'autre joueur pose la sienne.",
    }
}

pub(super) fn theme(theme: Theme) -> &'static str {
    match theme {
        Theme::Race => "Course",
        Theme::Detour => "Détour",
        Theme::FenceTiming => "Le bon moment pour une barrière",
        Theme::Jump => "Saut",
    }
}

pub(super) fn sentence(sentence: Sentence) -> &'static str {
    match sentence {
        Sentence::Race => "Seul {mv} garde la course : après lui, {Me} a besoin de {ma} pas et {Them} de {ta}.",
        Sentence::Jump => "Le saut {mv} fait gagner un pas : après lui, {Me} a besoin de {ma} pas et {Them} de {ta}.",
        Sentence::Detour => "Après {mv}, {Them} a besoin de {ta} pas au lieu de {tb}, et {Me} de {ma}.",
        Sentence::Timing => "C'est le bon moment : une barrière de {Them} pouvait ajouter {xb} pas au chemin de {Me}, et maintenant {xa} au plus.",
        Sentence::Quiet => "Après {mv}, {Me} a besoin de {ma} pas et {Them} de {ta} ; la recherche trouve tout autre coup moins bon d'au moins {m} pas.",
        Sentence::Step => "Après {mv}, {Me} a besoin de {ma} pas et {Them} de {ta}.",
        Sentence::AlsoWins => "Ce coup gagne à coup sûr. Les autres coups qui gagnent à coup sûr comptent aussi comme justes : {also}.",
    }
}
