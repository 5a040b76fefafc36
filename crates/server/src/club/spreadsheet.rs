//! A class's results and progress as a spreadsheet file (`.xlsx`): the
//! same figures as the CSV exports, one sheet each, headers and statuses
//! in the class's language, numbers as numbers. Text is written as text,
//! so no cell is ever read as a formula.

use quoridor_exercises::Lang;
use rust_xlsxwriter::{Format, Workbook, XlsxError};

use super::class::Class;
use super::progress::ClassProgress;
use super::results::{headers, progress_headers, progress_rows, status_word};
use super::work::WorkBook;

/// The two sheets' names in the class's language.
fn sheet_names(lang: Lang) -> [&'static str; 2] {
    match lang {
        Lang::En => ["Results", "Progress"],
        Lang::Fr => ["Résultats", "Progrès"],
        Lang::Ro => ["Rezultate", "Progres"],
    }
}

/// The workbook: a sheet of results (a line per pupil, assignment and
/// exercise), a sheet of progress (a line per pupil and week, then the
/// pupil's whole term).
pub fn results_xlsx(
    class: &Class,
    book: &WorkBook,
    progress: &ClassProgress,
) -> Result<Vec<u8>, XlsxError> {
    let lang = class.lang;
    let bold = Format::new().set_bold();
    let [results_name, progress_name] = sheet_names(lang);
    let mut workbook = Workbook::new();

    let sheet = workbook.add_worksheet();
    sheet.set_name(results_name)?;
    for (c, h) in headers(lang).iter().enumerate() {
        sheet.write_string_with_format(0, c as u16, *h, &bold)?;
    }
    let mut row = 1;
    for pupil in &class.pupils {
        for assignment in class.assignments.iter().filter(|a| a.is_for(pupil.id)) {
            for index in 0..assignment.source.count() as u32 {
                let work = book.get(&(assignment.id, pupil.id, index));
                sheet.write_string(row, 0, &pupil.name)?;
                sheet.write_string(row, 1, &assignment.title)?;
                sheet.write_number(row, 2, index + 1)?;
                sheet.write_string(row, 3, status_word(work.map(|w| w.status), lang))?;
                sheet.write_number(row, 4, work.map_or(0, |w| w.attempts))?;
                if let Some(given) = work.map(|w| w.given_text(lang)).filter(|g| !g.is_empty()) {
                    sheet.write_string(row, 5, given)?;
                }
                row += 1;
            }
        }
    }
    sheet.set_column_width(0, 16)?;
    sheet.set_column_width(1, 24)?;
    sheet.set_column_width(3, 22)?;
    sheet.set_freeze_panes(1, 0)?;

    let sheet = workbook.add_worksheet();
    sheet.set_name(progress_name)?;
    for (c, h) in progress_headers(lang).iter().enumerate() {
        sheet.write_string_with_format(0, c as u16, *h, &bold)?;
    }
    for (r, line) in progress_rows(progress).into_iter().enumerate() {
        let row = r as u32 + 1;
        match line.monday.is_empty() {
            true => sheet.write_string_with_format(row, 0, line.pupil, &bold)?,
            false => sheet.write_string(row, 0, line.pupil)?,
        };
        sheet.write_string(row, 1, line.monday)?;
        for (k, n) in line.figures.into_iter().enumerate() {
            sheet.write_number(row, 2 + k as u16, n)?;
        }
        if let Some(n) = line.puzzles_right {
            sheet.write_number(row, 10, n)?;
        }
        if let Some(n) = line.puzzle_rating {
            sheet.write_number(row, 11, n)?;
        }
    }
    sheet.set_column_width(0, 16)?;
    sheet.set_column_width(1, 12)?;
    sheet.set_freeze_panes(1, 0)?;
    workbook.save_to_buffer()
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;
    use crate::club::class::Source;
    use crate::club::progress::progress;
    use crate::club::work::{record, WorkStatus};

    /// The file is a workbook a spreadsheet opens: its sheets and words in
    /// the class's language, a formula-looking name kept as text.
    #[test]
    fn the_workbook_has_both_sheets_in_the_class_language() {
        let mut class =
            Class::new("c".into(), "ABC234".into(), "CE2", Lang::Fr, "t".into(), 0).unwrap();
        let lea = class.join("Léa", "h1".into(), "C1".into(), 0).unwrap();
        class.join("=1+1", "h2".into(), "C2".into(), 0).unwrap();
        let a = class
            .assign(
                None,
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
        record(
            &mut book,
            (a, lea, 0),
            WorkStatus::Right,
            None,
            1_795_428_000_000,
        );
        let bytes = results_xlsx(&class, &book, &progress(&class, &book, &[])).unwrap();
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
        let mut part = |name: &str| {
            let mut text = String::new();
            zip.by_name(name)
                .unwrap()
                .read_to_string(&mut text)
                .unwrap();
            text
        };
        let workbook = part("xl/workbook.xml");
        assert!(
            workbook.contains("name=\"Résultats\"") && workbook.contains("name=\"Progrès\""),
            "{workbook}"
        );
        let strings = part("xl/sharedStrings.xml");
        for word in [
            "élève",
            "juste",
            "pas fait",
            "semaine du",
            "2026-11-23",
            "=1+1",
        ] {
            assert!(strings.contains(word), "{word}: {strings}");
        }
        let results = part("xl/worksheets/sheet1.xml");
        assert!(!results.contains("<f>"), "no formula: {results}");
    }
}
