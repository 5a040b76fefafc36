//! Le tutoriel en français.

use quoridor_rules::Seat;

use super::{LessonText, Sentence, Word};
use crate::puzzle::Theme;

pub(super) fn lesson(id: &str) -> Option<LessonText> {
    Some(match id {
        "step" => LessonText {
            title: "Déplacer son pion",
            rule: "À son tour, on déplace son pion ou on pose une barrière. Un pion avance d'une case en avant, en arrière, à gauche ou à droite, jamais en diagonale.",
            rule_child: "Ton pion avance d'une seule case : en haut, en bas, à gauche ou à droite. Jamais en biais !",
            task: "Tu es Sud, en bas. Avance ton pion d'une case vers le côté opposé : e2.",
            task_child: "Avance ton pion d'une case vers le haut, vers l'autre côté.",
            success: "Bravo : une case de plus vers le côté opposé.",
            hint: "Ce coup est permis, mais il ne te rapproche pas du but. Monte d'une case.",
        },
        "goal" => LessonText {
            title: "La ligne d'arrivée",
            rule: "Le premier pion qui atteint une case du côté opposé gagne aussitôt la partie.",
            rule_child: "Arrive le premier de l'autre côté et tu gagnes !",
            task: "Il reste un pas. Atteins la rangée du haut et gagne.",
            task_child: "Fais le dernier pas jusqu'à la rangée du haut.",
            success: "Tu as atteint la ligne d'arrivée : tu as gagné !",
            hint: "Ce coup est permis, mais la rangée du haut est à un pas : vas-y.",
        },
        "jump" => LessonText {
            title: "Face à face : le saut",
            rule: "Quand deux pions sont face à face sans barrière entre eux, le joueur qui a le trait peut sauter par-dessus l'autre pion et se poser juste derrière.",
            rule_child: "Si un pion est juste devant toi, tu peux sauter par-dessus, comme à saute-mouton !",
            task: "Le pion de Nord est juste devant le tien. Saute par-dessus.",
            task_child: "Fais saute-mouton par-dessus le pion de Nord.",
            success: "Beau saut : deux cases en un coup.",
            hint: "Ce coup est permis, mais cette leçon parle du saut : saute par-dessus le pion de Nord.",
        },
        "side-step" => LessonText {
            title: "Face à face : le pas de côté",
            rule: "Si une barrière se trouve derrière le pion à sauter, on ne peut pas sauter : on peut alors aller en diagonale, sur la case à sa gauche ou à sa droite.",
            rule_child: "Si une barrière est derrière l'autre pion, tu ne peux pas sauter. Passe à côté en biais !",
            task: "Une barrière est derrière le pion de Nord. Va en diagonale à côté de lui.",
            task_child: "Une barrière empêche le saut. Va en biais, à côté du pion de Nord.",
            success: "Exact : un pas en diagonale, permis seulement dans ce cas.",
            hint: "Ce coup est permis, mais essaie le pas en diagonale à côté du pion de Nord.",
        },
        "edge" => LessonText {
            title: "Face à face au bord",
            rule: "Le bord du plateau compte comme une barrière : si le pion d'en face est au bord, on peut aller en diagonale à côté de lui.",
            rule_child: "Le bord du plateau, c'est comme une barrière. Tu peux passer à côté en biais.",
            task: "Nord est sur ta ligne d'arrivée. Va en diagonale à côté de lui et gagne.",
            task_child: "Passe en biais à côté de Nord pour atteindre la rangée du haut.",
            success: "Tu as gagné avec un pas de côté au bord.",
            hint: "Ce coup est permis, mais tu peux gagner tout de suite en allant en diagonale.",
        },
        "fence" => LessonText {
            title: "Poser une barrière",
            rule: "Une barrière mesure deux cases. Elle se pose dans les rainures entre les cases et arrête les deux pions. Une fois posée, elle reste jusqu'à la fin.",
            rule_child: "Une barrière est un petit mur long de deux cases. Personne ne peut la traverser, et elle reste là.",
            task: "Pose une barrière qui rallonge le chemin de Nord vers le bas.",
            task_child: "Mets un mur sur le chemin de Nord.",
            success: "Bonne barrière : Nord doit maintenant la contourner.",
            hint: "Ce coup est permis, mais le chemin de Nord n'est pas plus long. Pose une barrière en travers de son chemin.",
        },
        "fence-rules" => LessonText {
            title: "Les barrières ne se croisent pas",
            rule: "Une nouvelle barrière ne peut ni chevaucher une autre barrière, ni la croiser, ni dépasser du bord du plateau. Elle peut toucher une autre barrière bout à bout.",
            rule_child: "Les barrières ne se posent pas l'une sur l'autre et ne se croisent pas en X. Elles peuvent se toucher par les bouts.",
            task: "Fais un mur de quatre cases : pose une barrière bout à bout avec celle du plateau.",
            task_child: "Pose une barrière juste à côté de celle du plateau, pour faire un mur plus long.",
            success: "Un mur de quatre cases, les barrières bout à bout.",
            hint: "Ce coup est permis, mais il n'allonge pas le mur. Pose ta barrière bout à bout avec celle du plateau.",
        },
        "last-path" => LessonText {
            title: "Ne jamais fermer le dernier chemin",
            rule: "Une barrière peut rallonger le chemin d'un joueur, mais chaque pion doit toujours garder au moins un chemin vers sa ligne d'arrivée. Une barrière qui enfermerait un pion est interdite.",
            rule_child: "Tu peux obliger quelqu'un à faire un grand détour, mais jamais l'enfermer.",
            task: "Rallonge le plus possible le chemin de Nord avec une barrière. Attention : tu ne dois pas enfermer Nord.",
            task_child: "Fais marcher Nord le plus loin possible, sans l'enfermer.",
            success: "C'est le plus long chemin qu'une barrière peut imposer à Nord.",
            hint: "Ce coup est permis, mais une autre barrière rallongerait encore plus le chemin de Nord.",
        },
        "no-fences" => LessonText {
            title: "Plus de barrières",
            rule: "Chaque joueur n'a que quelques barrières et ne peut jamais les reprendre. Quand il n'en a plus, il doit déplacer son pion à chaque tour. Économise tes barrières : le dernier qui en possède a l'avantage.",
            rule_child: "Tes barrières sont précieuses : quand tu les as toutes posées, tu ne peux plus que marcher. Ne les joue pas trop vite !",
            task: "Tu as posé toutes tes barrières. Avance ton pion vers le haut.",
            task_child: "Plus de barrières : marche vers le haut.",
            success: "Exact : sans barrières, seul ton pion peut bouger.",
            hint: "Ce coup est permis, mais il t'éloigne du haut.",
        },
        "four-players" => LessonText {
            title: "À quatre : pas de double saut",
            rule: "À quatre joueurs, chacun a cinq barrières. On ne peut sauter qu'un seul pion : si un deuxième pion est derrière le premier, on ne peut pas aller de ce côté, même pas en diagonale.",
            rule_child: "À quatre, on ne saute jamais par-dessus deux pions à la fois. Passe par un autre chemin !",
            task: "Deux pions sont alignés devant toi : tu ne peux pas les sauter. Fais un pas de côté pour les contourner.",
            task_child: "Deux pions bloquent le chemin vers le haut. Fais un pas de côté pour les contourner.",
            success: "Exact : tu as contourné au lieu de sauter deux pions.",
            hint: "Ce coup est permis, mais il ne t'aide pas à passer les deux pions : fais un pas de côté.",
        },
        _ => return None,
    })
}

pub(super) fn word(word: Word) -> &'static str {
    match word {
        Word::LessonOf => "Leçon {n} sur {total}",
        Word::NotAllowed => "Interdit :",
        Word::Prompt => "Ton coup (une case comme e2, une barrière comme e3h), ou q pour arrêter :",
        Word::TryAgain => "Essaie encore.",
        Word::Right => "Bravo !",
        Word::Finished => "Tu as fini le tutoriel. Joue maintenant une partie : quoridor play",
        Word::Answers => "Réponses :",
        Word::PuzzleTask => "{seat} a le trait : trouve le meilleur coup.",
        Word::NotBest => "Ce n'est pas le meilleur coup.",
        Word::Solution => "La solution :",
        Word::Streak => "Série : {n}",
        Word::Rating => "Ton classement aux problèmes : {r}",
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
    }
}
