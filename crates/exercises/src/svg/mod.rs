//! Drawing in SVG: a board (`board.rs`), its pictures (`icons.rs`), and the
//! A4 pages of a worksheet and of the pupil's rule sheet (`page.rs`). The
//! browser's print view shows these same pages; `pdf.rs` turns them into a
//! PDF.

mod board;
mod icons;
mod page;

pub use board::{pawn_letter, BoardDrawing, UNIT};
pub use page::{pupil_pages, sheet_pages, PAGE_HEIGHT, PAGE_WIDTH};

use crate::item::Item;

/// One picture of the boards (a star, a fish, an object) alone, as an SVG
/// document of 100 by 100: what a pupil's picture card is made of.
pub fn picture(item: Item) -> String {
    let mut out = String::from(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">"#,
    );
    match item {
        Item::Star => icons::star(&mut out, 50.0, 50.0, 100.0),
        Item::Fish => icons::fish(&mut out, 50.0, 50.0, 100.0),
        Item::Object(o) => icons::object(&mut out, o, 50.0, 50.0, 100.0),
    }
    out.push_str("</svg>");
    out
}

/// Text made safe inside SVG or HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// `text` cut into lines of at most about `width` millimetres at a font
/// size of `size` millimetres (DejaVu Sans averages 0.56 em a character).
/// Lines break at plain spaces only: a no-break space (French "mot\u{a0}:")
/// keeps its colon or question mark with the word before it.
pub fn wrap(text: &str, width: f64, size: f64) -> Vec<String> {
    let most = ((width / (size * 0.52)) as usize).max(8);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_ascii_whitespace() {
        let len = line.chars().count() + 1 + word.chars().count();
        if !line.is_empty() && len > most {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The print view: every page in one HTML document, one A4 sheet of paper
/// each, as the browser prints it.
pub fn print_html(pages: &[String], title: &str, lang: crate::texts::Lang) -> String {
    let mut out = format!(
        r#"<!doctype html>
<html lang="{}"><head><meta charset="utf-8"><title>{}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
@page {{ size: A4; margin: 0; }}
html, body {{ margin: 0; background: #8a8178; }}
.page {{ display: block; width: 210mm; height: 297mm; margin: 8mm auto; background: #fff; box-shadow: 0 2px 10px rgba(0,0,0,.35); }}
@media print {{
  html, body {{ background: #fff; }}
  .page {{ margin: 0; box-shadow: none; break-after: page; }}
  .page:last-child {{ break-after: auto; }}
}}
</style></head><body>
"#,
        lang.code(),
        escape(title)
    );
    for page in pages {
        out.push_str(page);
        out.push('\n');
    }
    out.push_str("</body></html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_never_starts_with_the_colon_of_a_french_sentence() {
        let text = "Pars du pion et suis ses flèches en comptant les cases\u{a0}: quel objet atteint-il\u{a0}?";
        for width in 20..120 {
            for line in wrap(text, f64::from(width), 4.0) {
                assert!(
                    !line.starts_with([':', '?', '\u{a0}']),
                    "{width} mm: {line:?}"
                );
            }
        }
    }

    #[test]
    fn text_is_escaped_and_wrapped() {
        assert_eq!(
            escape("l'arbre <b> & \"x\""),
            "l&#39;arbre &lt;b&gt; &amp; &quot;x&quot;"
        );
        let lines = wrap(
            "one two three four five six seven eight nine ten",
            20.0,
            4.0,
        );
        assert!(
            lines.len() > 1 && lines.iter().all(|l| l.chars().count() <= 12),
            "{lines:?}"
        );
        assert_eq!(
            lines.join(" "),
            "one two three four five six seven eight nine ten"
        );
    }

    #[test]
    fn each_picture_is_a_whole_svg_of_its_own() {
        let mut items = vec![Item::Star, Item::Fish];
        items.extend(crate::item::Object::ALL.map(Item::Object));
        let mut seen = std::collections::HashSet::new();
        for item in items {
            let svg = picture(item);
            assert!(svg.starts_with("<svg xmlns=") && svg.ends_with("</svg>"));
            assert_eq!(svg.matches("<svg").count(), 1, "{item}");
            assert!(seen.insert(svg), "{item} drawn as another");
        }
    }
}
