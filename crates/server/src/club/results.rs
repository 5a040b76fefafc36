//! A class's results as a spreadsheet reads them (CSV), in English,
//! French or Romanian spreadsheets alike: UTF-8 with a byte-order mark (so
//! that Excel does not read it as Latin-1), `;` between fields where the
//! class's language writes decimals with a comma (French, Romanian), `,`
//! otherwise, and the headers and statuses in the class's language.
//!
//! No word we write may be read as a value by a spreadsheet: LibreOffice
//! in French reads `faux` and `vrai` as booleans (FAUX, VRAI) even when
//! quoted, so a wrong answer is "pas juste", never "faux".

use quoridor_exercises::Lang;

use super::class::Class;
use super::progress::ClassProgress;
use super::work::{WorkBook, WorkStatus};

/// The byte-order mark that tells a spreadsheet the file is UTF-8.
pub const BOM: char = '\u{feff}';

/// What a spreadsheet in `lang` reads between two fields.
pub fn separator(lang: Lang) -> char {
    match lang {
        Lang::En => ',',
        Lang::Fr | Lang::Ro => ';',
    }
}

/// The headers, in order.
pub fn headers(lang: Lang) -> [&'static str; 6] {
    match lang {
        Lang::En => [
            "pupil",
            "assignment",
            "exercise",
            "status",
            "attempts",
            "answer",
        ],
        Lang::Fr => [
            "élève",
            "devoir",
            "exercice",
            "résultat",
            "essais",
            "réponse",
        ],
        Lang::Ro => [
            "elev",
            "temă",
            "exercițiu",
            "rezultat",
            "încercări",
            "răspuns",
        ],
    }
}

/// An exercise's status in words (`None`: not done), as the class's pages
/// say it.
pub fn status_word(status: Option<WorkStatus>, lang: Lang) -> &'static str {
    use WorkStatus as S;
    match (lang, status) {
        (Lang::En, Some(S::RightAfterSolution)) => "right after the solution",
        (Lang::En, Some(s)) => s.name(),
        (Lang::En, None) => "not done",
        (Lang::Fr, Some(S::Right)) => "juste",
        (Lang::Fr, Some(S::RightAfterSolution)) => "juste après la solution",
        (Lang::Fr, Some(S::Wrong)) => "pas juste",
        (Lang::Fr, Some(S::Skipped)) => "passé",
        (Lang::Fr, None) => "pas fait",
        (Lang::Ro, Some(S::Right)) => "corect",
        (Lang::Ro, Some(S::RightAfterSolution)) => "corect după soluție",
        (Lang::Ro, Some(S::Wrong)) => "greșit",
        (Lang::Ro, Some(S::Skipped)) => "sărit",
        (Lang::Ro, None) => "nefăcut",
    }
}

/// A CSV field: quoted when it needs to be (a comma, or the semicolon
/// that French and Romanian spreadsheets read as the separator, a quote, a
/// line break), and never read as a formula by a spreadsheet (a leading
/// `=`, `+`, `-`, `@`, tab or carriage return gets a quote mark).
pub fn csv_field(text: &str) -> String {
    let mut text = text.to_string();
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        text.insert(0, '\'');
    }
    if text.contains([',', ';', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// The results as CSV: one line per pupil, assignment and exercise, for a
/// spreadsheet in the class's language.
pub fn results_csv(class: &Class, book: &WorkBook) -> String {
    let lang = class.lang;
    let sep = separator(lang).to_string();
    let mut out = String::from(BOM);
    out.push_str(&headers(lang).join(&sep));
    out.push('\n');
    for pupil in &class.pupils {
        for assignment in class.assignments.iter().filter(|a| a.is_for(pupil.id)) {
            for index in 0..assignment.source.count() as u32 {
                let work = book.get(&(assignment.id, pupil.id, index));
                let answer = work.map(|w| w.given_text(lang)).unwrap_or_default();
                let fields = [
                    csv_field(&pupil.name),
                    csv_field(&assignment.title),
                    (index + 1).to_string(),
                    status_word(work.map(|w| w.status), lang).to_string(),
                    work.map_or(0, |w| w.attempts).to_string(),
                    csv_field(&answer),
                ];
                out.push_str(&fields.join(&sep));
                out.push('\n');
            }
        }
    }
    out
}

/// The headers of the progress, in order.
pub fn progress_headers(lang: Lang) -> [&'static str; 12] {
    match lang {
        Lang::En => [
            "pupil",
            "week of",
            "right at the first try",
            "right after tries",
            "right after the solution",
            "wrong",
            "skipped",
            "games played",
            "games won",
            "games drawn",
            "puzzles right",
            "puzzle rating",
        ],
        Lang::Fr => [
            "élève",
            "semaine du",
            "juste du premier coup",
            "juste après des essais",
            "juste après la solution",
            "pas juste",
            "passé",
            "parties jouées",
            "parties gagnées",
            "parties nulles",
            "problèmes justes",
            "classement aux problèmes",
        ],
        Lang::Ro => [
            "elev",
            "săptămâna din",
            "corect din prima",
            "corect după încercări",
            "corect după soluție",
            "greșit",
            "sărit",
            "partide jucate",
            "partide câștigate",
            "partide egale",
            "probleme corecte",
            "punctaj la probleme",
        ],
    }
}

/// A line of the progress, in a CSV or a spreadsheet file: a pupil's week,
/// or their whole term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgressRow<'a> {
    pub pupil: &'a str,
    /// The week's Monday; empty on the whole term's line.
    pub monday: &'a str,
    /// Right at the first try, after tries, after the solution, wrong,
    /// skipped; games played, won, drawn.
    pub figures: [u32; 8],
    /// On the whole term's line of a pupil who had puzzles: how many are
    /// right, and their puzzle rating.
    pub puzzles_right: Option<u32>,
    pub puzzle_rating: Option<i32>,
}

/// The progress's lines: each pupil's weeks with anything done, then
/// their whole term.
pub fn progress_rows(progress: &ClassProgress) -> Vec<ProgressRow<'_>> {
    let mut rows = Vec::new();
    for pupil in &progress.pupils {
        let weeks = pupil
            .weeks
            .iter()
            .map(|w| (w.monday.as_str(), w.exercises, w.games))
            .chain([("", pupil.exercises, pupil.games)]);
        for (monday, t, g) in weeks {
            let term = monday.is_empty();
            let p = &pupil.puzzles;
            rows.push(ProgressRow {
                pupil: &pupil.name,
                monday,
                figures: [
                    t.first_try,
                    t.after_tries,
                    t.after_solution,
                    t.wrong,
                    t.skipped,
                    g.played,
                    g.won,
                    g.drawn,
                ],
                puzzles_right: (term && p.total() > 0)
                    .then_some(p.first_try + p.after_tries + p.after_solution),
                puzzle_rating: if term { pupil.puzzle_rating } else { None },
            });
        }
    }
    rows
}

/// The progress over the term as CSV: one line per pupil and week with
/// anything done, and a line per pupil for the whole term (its week empty).
pub fn progress_csv(class: &Class, progress: &ClassProgress) -> String {
    let lang = class.lang;
    let sep = separator(lang).to_string();
    let mut out = String::from(BOM);
    out.push_str(&progress_headers(lang).join(&sep));
    out.push('\n');
    for row in progress_rows(progress) {
        let mut fields = vec![csv_field(row.pupil), row.monday.to_string()];
        fields.extend(row.figures.iter().map(u32::to_string));
        fields.push(row.puzzles_right.map(|n| n.to_string()).unwrap_or_default());
        fields.push(row.puzzle_rating.map(|n| n.to_string()).unwrap_or_default());
        out.push_str(&fields.join(&sep));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_reads_in_a_french_spreadsheet() {
        let mut class =
            Class::new("c".into(), "ABC234".into(), "CE2", Lang::Fr, "t".into(), 0).unwrap();
        let lea = class.join("Léa", "h".into(), "C1".into(), 0).unwrap();
        let a = class
            .assign(
                None,
                super::super::class::Source::Sheet {
                    kind: None,
                    level: 1,
                    count: 2,
                    seed: 1,
                },
                0,
            )
            .unwrap();
        let mut book = WorkBook::new();
        super::super::work::record(
            &mut book,
            (a, lea, 0),
            WorkStatus::Right,
            None,
            1_795_428_000_000,
        );
        let csv = progress_csv(
            &class,
            &super::super::progress::progress(&class, &book, &[]),
        );
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "\u{feff}élève;semaine du;juste du premier coup;juste après des essais;juste après la solution;pas juste;passé;parties jouées;parties gagnées;parties nulles;problèmes justes;classement aux problèmes");
        assert_eq!(lines[1], "Léa;2026-11-23;1;0;0;0;0;0;0;0;;");
        assert_eq!(lines[2], "Léa;;1;0;0;0;0;0;0;0;;");
        assert_eq!(lines.len(), 3);
    }

    /// What LibreOffice's CSV import (default options, any of our
    /// locales) turns into a value rather than text: a boolean word of an
    /// English, French or Romanian spreadsheet, or a number.
    fn read_as_value(field: &str) -> bool {
        let word = field.trim().trim_matches('"').to_lowercase();
        let booleans = ["true", "false", "vrai", "faux", "adevărat", "fals"];
        booleans.contains(&word.as_str()) || word.replace(',', ".").parse::<f64>().is_ok()
    }

    #[test]
    fn no_status_or_header_is_read_as_a_boolean_or_a_number() {
        let statuses = [
            None,
            Some(WorkStatus::Right),
            Some(WorkStatus::RightAfterSolution),
            Some(WorkStatus::Wrong),
            Some(WorkStatus::Skipped),
        ];
        for lang in Lang::ALL {
            for status in statuses {
                let word = status_word(status, lang);
                assert!(!read_as_value(word), "{lang:?}: {word}");
            }
            for header in headers(lang).iter().chain(progress_headers(lang).iter()) {
                assert!(!read_as_value(header), "{lang:?}: {header}");
            }
        }
        assert!(read_as_value("faux") && read_as_value("\"FAUX\"") && read_as_value("3,5"));
    }

    #[test]
    fn csv_is_quoted_and_never_a_formula() {
        assert_eq!(csv_field("Léa"), "Léa");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("=1+1"), "'=1+1");
        assert_eq!(csv_field("+33 6 12"), "'+33 6 12");
        assert_eq!(csv_field("-2+3"), "'-2+3");
        assert_eq!(csv_field("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(csv_field("\tcmd"), "'\tcmd");
        assert_eq!(csv_field("\r=1"), "\"'\r=1\"");
        assert_eq!(csv_field("a;b"), "\"a;b\"");
        assert_eq!(
            csv_field("=HYPERLINK(\"x\";\"y\")"),
            "\"'=HYPERLINK(\"\"x\"\";\"\"y\"\")\""
        );
        // Inside a word the signs are harmless.
        assert_eq!(csv_field("Ana-Maria"), "Ana-Maria");
    }

    #[test]
    fn a_french_or_romanian_class_gets_semicolons_and_its_words() {
        use crate::club::class::Source;
        use crate::club::work::record;
        let mut class =
            Class::new("c".into(), "ABC234".into(), "CE2", Lang::Fr, "t".into(), 0).unwrap();
        class.join("Léa", "h".into(), "C1".into(), 0).unwrap();
        class.join("Zoé, B", "h2".into(), "C2".into(), 0).unwrap();
        let n = class
            .assign(
                Some("Chemins"),
                Source::Sheet {
                    kind: None,
                    level: 1,
                    count: 2,
                    seed: 1,
                },
                0,
            )
            .unwrap();
        let mut book = WorkBook::new();
        record(&mut book, (n, 1, 0), WorkStatus::Right, None, 1);
        record(&mut book, (n, 2, 1), WorkStatus::Skipped, None, 1);
        let csv = results_csv(&class, &book);
        assert!(csv.starts_with('\u{feff}'));
        let lines: Vec<&str> = csv.trim_start_matches(BOM).lines().collect();
        assert_eq!(lines[0], "élève;devoir;exercice;résultat;essais;réponse");
        assert_eq!(lines[1], "Léa;Chemins;1;juste;1;");
        assert_eq!(lines[2], "Léa;Chemins;2;pas fait;0;");
        assert_eq!(lines[4], "\"Zoé, B\";Chemins;2;passé;0;");
        class.lang = Lang::Ro;
        let csv = results_csv(&class, &book);
        assert!(csv.contains("\nLéa;Chemins;1;corect;1;\n"), "{csv}");
        class.lang = Lang::En;
        let csv = results_csv(&class, &book);
        assert!(csv.starts_with("\u{feff}pupil,assignment,exercise,status,attempts,answer\n"));
        assert!(csv.contains("\nLéa,Chemins,2,not done,0,\n"), "{csv}");
    }
}
