//! A class's results as a spreadsheet reads them (CSV), in English,
//! French or Romanian spreadsheets alike.

use super::class::Class;
use super::work::{answer_text, WorkBook};

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

/// The results as CSV: one line per pupil, assignment and exercise.
pub fn results_csv(class: &Class, book: &WorkBook) -> String {
    let mut out = String::from("pupil,assignment,exercise,status,attempts,answer\n");
    for pupil in &class.pupils {
        for assignment in &class.assignments {
            for index in 0..assignment.source.count() as u32 {
                let work = book.get(&(assignment.id, pupil.id, index));
                let status = work.map_or("not done", |w| w.status.name());
                let attempts = work.map_or(0, |w| w.attempts);
                let answer = work
                    .and_then(|w| w.answer.as_ref())
                    .map(answer_text)
                    .unwrap_or_default();
                out.push_str(&format!(
                    "{},{},{},{},{},{}\n",
                    csv_field(&pupil.name),
                    csv_field(&assignment.title),
                    index + 1,
                    status,
                    attempts,
                    csv_field(&answer)
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
