//! Tutorialul în limba română.

use quoridor_rules::Seat;

use super::{LessonText, Sentence, Word};
use crate::theme::Theme;

pub(super) fn lesson(id: &str) -> Option<LessonText> {
    Some(match id {
        "step" => LessonText {
            title: "Mutarea pionului",
            rule: "La rândul tău, fie muți pionul, fie așezi o barieră. Pionul se mută cu o căsuță înainte, înapoi, la stânga sau la dreapta, niciodată pe diagonală.",
            rule_child: "Pionul tău merge câte o căsuță: sus, jos, la stânga sau la dreapta. Nu pieziș!",
            task: "Ești Sud, jos. Mută pionul cu o căsuță spre partea opusă: e2.",
            task_child: "Mută pionul cu o căsuță în sus, spre cealaltă parte.",
            success: "Ești cu o căsuță mai aproape de partea opusă.",
            hint: "Mutarea e permisă, dar nu te apropie de țintă. Urcă o căsuță.",
        },
        "goal" => LessonText {
            title: "Linia de sosire",
            rule: "Primul pion care ajunge pe o căsuță a părții opuse câștigă imediat partida.",
            rule_child: "Ajungi primul pe partea cealaltă și câștigi!",
            task: "Mai ai un pas. Ajungi pe rândul de sus și câștigi.",
            task_child: "Fă ultimul pas până la rândul de sus.",
            success: "Ai ajuns pe linia de sosire: ai câștigat!",
            hint: "Mutarea e permisă, dar rândul de sus e la un pas: du-te acolo.",
        },
        "jump" => LessonText {
            title: "Față în față: săritura",
            rule: "Când doi pioni stau față în față fără barieră între ei, jucătorul la mutare poate sări peste celălalt pion și se așază chiar în spatele lui.",
            rule_child: "Dacă un pion e chiar în fața ta, poți sări peste el, ca la capra!",
            task: "Pionul lui Nord e chiar în fața ta. Sari peste el.",
            task_child: "Sari peste pionul lui Nord.",
            success: "Frumoasă săritură: două căsuțe dintr-o mutare.",
            hint: "Mutarea e permisă, dar lecția e despre săritură: sari peste pionul lui Nord.",
        },
        "side-step" => LessonText {
            title: "Față în față: pasul în lateral",
            rule: "Dacă în spatele pionului peste care vrei să sari e o barieră, nu poți sări: poți merge pe diagonală, pe căsuța din stânga sau din dreapta lui.",
            rule_child: "Dacă e o barieră în spatele celuilalt pion, nu poți sări. Treci pe lângă el, pieziș!",
            task: "În spatele pionului lui Nord e o barieră. Mergi pe diagonală, lângă el.",
            task_child: "O barieră oprește săritura. Mergi pieziș, lângă pionul lui Nord.",
            success: "Un pas pe diagonală, permis doar în acest caz.",
            hint: "Mutarea e permisă, dar încearcă pasul pe diagonală lângă pionul lui Nord.",
        },
        "edge" => LessonText {
            title: "Față în față la margine",
            rule: "Marginea tablei contează ca o barieră: dacă pionul din fața ta e la margine, poți merge pe diagonală lângă el.",
            rule_child: "Marginea tablei e ca o barieră. Poți trece pe lângă, pieziș.",
            task: "Nord stă pe linia ta de sosire. Mergi pe diagonală lângă el și câștigi.",
            task_child: "Treci pieziș lângă Nord ca să ajungi pe rândul de sus.",
            success: "Ai câștigat cu un pas în lateral la margine.",
            hint: "Mutarea e permisă, dar poți câștiga chiar acum cu un pas pe diagonală.",
        },
        "fence" => LessonText {
            title: "Așezarea unei bariere",
            rule: "O barieră are lungimea a două căsuțe. Se așază în șanțurile dintre căsuțe și îi oprește pe ambii pioni. Odată așezată, rămâne până la sfârșit.",
            rule_child: "O barieră e un zid mic, lung de două căsuțe. Nimeni nu trece prin ea, și rămâne acolo.",
            task: "Așază o barieră care lungește drumul lui Nord în jos.",
            task_child: "Pune un zid în calea lui Nord.",
            success: "Barieră bună: acum Nord trebuie s-o ocolească.",
            hint: "Mutarea e permisă, dar drumul lui Nord nu e mai lung. Pune o barieră de-a curmezișul drumului său.",
        },
        "fence-rules" => LessonText {
            title: "Barierele nu se încrucișează",
            rule: "O barieră nouă nu se poate suprapune peste alta, nu o poate tăia și nu poate ieși peste marginea tablei. Poate atinge altă barieră cap la cap.",
            rule_child: "Barierele nu se pun una peste alta și nu se încrucișează ca un X. Se pot atinge la capete.",
            task: "Fă un zid lung de patru căsuțe: așază o barieră cap la cap cu cea de pe tablă.",
            task_child: "Pune o barieră chiar lângă cea de pe tablă, ca să faci un zid mai lung.",
            success: "Un zid de patru căsuțe, cu barierele cap la cap.",
            hint: "Mutarea e permisă, dar nu lungește zidul. Așază bariera cap la cap cu cea de pe tablă.",
        },
        "last-path" => LessonText {
            title: "Nu închide niciodată ultimul drum",
            rule: "O barieră poate lungi drumul unui jucător, dar fiecare pion trebuie să aibă mereu cel puțin un drum spre linia lui de sosire. O barieră care ar închide un pion este interzisă.",
            rule_child: "Poți să-l faci pe cineva să ocolească mult, dar nu ai voie să-l închizi.",
            task: "Lungește cât poți drumul lui Nord cu o barieră. Atenție: nu ai voie să-l închizi pe Nord.",
            task_child: "Fă-l pe Nord să meargă cât mai mult, fără să-l închizi.",
            success: "Acesta e cel mai lung drum pe care i-l poate da o barieră lui Nord.",
            hint: "Mutarea e permisă, dar altă barieră ar lungi și mai mult drumul lui Nord.",
        },
        "no-fences" => LessonText {
            title: "Fără bariere",
            rule: "Fiecare jucător are doar câteva bariere și nu le poate lua înapoi. Când nu mai are, trebuie să-și mute pionul la fiecare tură. Păstrează-ți barierele: ultimul care mai are are un avantaj.",
            rule_child: "Barierele tale sunt prețioase: când le-ai pus pe toate, poți doar să mergi. Nu le folosi prea repede!",
            task: "Ți-ai pus toate barierele. Mută pionul spre sus.",
            task_child: "Nu mai ai bariere: mergi în sus.",
            success: "Fără bariere, doar pionul se poate mișca.",
            hint: "Mutarea e permisă, dar te îndepărtează de sus.",
        },
        "four-players" => LessonText {
            title: "În patru: fără săritură dublă",
            rule: "În patru jucători, fiecare are cinci bariere. Poți sări peste un singur pion: dacă în spatele lui mai e un pion, nu poți merge în acea direcție deloc, nici pe diagonală.",
            rule_child: "În patru, nu sari niciodată peste doi pioni deodată. Mergi pe alt drum!",
            task: "Doi pioni stau în linie în fața ta: nu poți sări peste ei. Fă un pas în lateral ca să-i ocolești.",
            task_child: "Doi pioni blochează drumul în sus. Fă un pas în lateral ca să-i ocolești.",
            success: "I-ai ocolit în loc să sari peste doi pioni.",
            hint: "Mutarea e permisă, dar nu te ajută să treci de cei doi pioni: fă un pas în lateral.",
        },
        _ => return None,
    })
}

pub(super) fn word(word: Word) -> &'static str {
    match word {
        Word::LessonOf => "Lecția {n} din {total}",
        Word::NotAllowed => "Nu e voie:",
        Word::Prompt => "Mutarea ta (o căsuță ca e2, o barieră ca e3h), sau q ca să te oprești:",
        Word::TryAgain => "Mai încearcă.",
        Word::Right => "Bravo!",
        Word::Finished => "Ai terminat tutorialul. Acum joacă o partidă: quoridor play",
        Word::Answers => "Răspunsuri:",
        Word::PuzzleTask => "La mutare: {seat}. Găsește cea mai bună mutare.",
        Word::NotBest => "Nu e cea mai bună mutare.",
        Word::Solution => "Soluția:",
        Word::Streak => "Serie: {n}",
        Word::Rating => "Punctajul tău la probleme: {r}",
        Word::NoPuzzle => "Nicio problemă nu se potrivește acestor alegeri.",
        Word::PuzzleHeading => "Problema {id} · {theme} · dificultate {d}/5",
    }
}

pub(super) fn seat(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "Sud",
        Seat::West => "Vest",
        Seat::North => "Nord",
        Seat::East => "Est",
    }
}

/// The pawn of `seat` by its colour on the board, for a child.
pub(super) fn pawn(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "pionul roșu",
        Seat::West => "pionul verde",
        Seat::North => "pionul albastru",
        Seat::East => "pionul mov",
    }
}

/// A puzzle's task for a child, by its theme (`{pawn}`: the pawn to move).
pub(super) fn theme_task_child(theme: Theme) -> &'static str {
    match theme {
        Theme::Race => "Tu joci cu {pawn}. Mută pionul cu o căsuță: care căsuță câștigă cursa până în partea cealaltă?",
        Theme::Jump => "Tu joci cu {pawn}. Sari peste celălalt pion sau ocolește-l: care mutare te ajută cel mai mult?",
        Theme::Detour => "Tu joci cu {pawn}. Pune o barieră care îl trimite pe celălalt pion pe drumul lung.",
        Theme::FenceTiming => "Tu joci cu {pawn}. Pune o barieră acum, înainte să o pună celălalt jucător pe a lui.",
    }
}

pub(super) fn theme(theme: Theme) -> &'static str {
    match theme {
        Theme::Race => "Cursă",
        Theme::Detour => "Ocol",
        Theme::FenceTiming => "Momentul barierei",
        Theme::Jump => "Săritură",
    }
}

pub(super) fn sentence(sentence: Sentence) -> &'static str {
    match sentence {
        Sentence::Race => "Doar {mv} păstrează cursa: după ea, {Me} are nevoie de {ma} pași și {Them} de {ta}.",
        Sentence::Jump => "Săritura {mv} câștigă un pas: după ea, {Me} are nevoie de {ma} pași și {Them} de {ta}.",
        Sentence::Detour => "După {mv}, {Them} are nevoie de {ta} pași în loc de {tb}, iar {Me} de {ma}.",
        Sentence::Timing => "Vine exact la timp: o barieră a lui {Them} putea adăuga {xb} pași drumului lui {Me}, iar acum cel mult {xa}.",
        Sentence::Quiet => "După {mv}, {Me} are nevoie de {ma} pași și {Them} de {ta}; căutarea găsește orice altă mutare mai slabă cu cel puțin {m} pași.",
        Sentence::Step => "După {mv}, {Me} are nevoie de {ma} pași și {Them} de {ta}.",
        Sentence::AlsoWins => "Mutarea câștigă sigur. Celelalte mutări care câștigă sigur sunt și ele corecte: {also}.",
    }
}
