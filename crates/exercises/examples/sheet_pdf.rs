//! Writes a sheet as PDF: `cargo run -p quoridor-exercises --example
//! sheet_pdf -- mixed 2 7 fr out.pdf`.

use quoridor_exercises::{pdf, svg, Kind, Sheet, SheetSpec};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.to_string());
    let kind = arg(0, "mixed");
    let spec = SheetSpec {
        kind: (kind != "mixed" && kind != "pupil").then(|| kind.parse::<Kind>().expect("a kind")),
        level: arg(1, "2").parse().expect("a level"),
        count: 6,
        seed: arg(2, "7").parse().expect("a seed"),
        lang: arg(3, "en").parse().expect("a language"),
    };
    let sheet = Sheet::new(spec);
    let pages = if kind == "pupil" {
        svg::pupil_pages(sheet.spec.lang)
    } else {
        svg::sheet_pages(&sheet)
    };
    let bytes = pdf(&pages, sheet.spec.title()).expect("a PDF");
    std::fs::write(arg(4, "/tmp/sheet.pdf"), bytes).expect("written");
}
