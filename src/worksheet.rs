//! `quoridor worksheet`: a printable sheet of classroom exercises with its
//! answer key (or the pupil's rule sheet), as PDF, HTML (the browser's
//! print view), SVG pages, text, or saved whole (text or JSON) to be read
//! back with `--from`.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use quoridor_exercises::{pdf, svg, Kind, Lang, Sheet, SheetSpec, LEVELS, MAX_SHEET_COUNT};

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum KindArg {
    Maze,
    Routes,
    Arrows,
    Shortest,
    /// The four kinds in turn.
    Mixed,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Pdf,
    /// Every page in one HTML file, to print from a browser.
    Html,
    /// The first page alone as SVG (with -o: one file per page, `-2`, `-3`…).
    Svg,
    /// The sheet as text, to read or print as it is.
    Text,
    /// The sheet saved whole in JSON (exercises and keys), for `--from`.
    Json,
    /// The sheet saved whole as text (`quoridor sheet 1`), for `--from`.
    Sheet,
}

#[derive(Args, Debug)]
pub struct WorksheetArgs {
    /// The kind of exercises.
    #[arg(long, value_enum)]
    kind: Option<KindArg>,
    /// 1 (youngest) to 5.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
    level: Option<u8>,
    /// How many exercises (1 to 40; 6 if not given).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=40))]
    count: Option<u16>,
    /// The sheet's number: the same one prints the same sheet again
    /// (a new one each time if not given; the sheet shows it).
    #[arg(long)]
    seed: Option<u64>,
    /// The language (English by default, or the saved sheet's).
    #[arg(long, value_parser = parse_lang)]
    lang: Option<Lang>,
    /// A sheet saved with `--format sheet` or `--format json` (or written by
    /// hand): printed again exactly, whatever this version would generate.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["kind", "level", "count", "seed", "pupil"])]
    from: Option<PathBuf>,
    /// The pupil's rule sheet (the rules told to children and the words to
    /// learn) instead of exercises.
    #[arg(long)]
    pupil: bool,
    /// Where to write it (`-`: standard output). Without it, the text form
    /// goes to standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// The form, if not told by the output file's extension.
    #[arg(long, value_enum)]
    format: Option<Format>,
}

fn parse_lang(text: &str) -> Result<Lang, String> {
    text.parse()
        .map_err(|e: quoridor_rules::ParseError| e.to_string())
}

fn format_of(args: &WorksheetArgs) -> Format {
    if let Some(format) = args.format {
        return format;
    }
    let ext = args
        .output
        .as_deref()
        .and_then(Path::extension)
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("pdf") => Format::Pdf,
        Some("html" | "htm") => Format::Html,
        Some("svg") => Format::Svg,
        Some("json") => Format::Json,
        Some("sheet") => Format::Sheet,
        _ => Format::Text,
    }
}

/// A seed from the clock, for a new sheet each time.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // Short enough to copy from the sheet by hand.
    nanos % 1_000_000
}

pub fn run(args: &WorksheetArgs) -> crate::CliResult {
    let format = format_of(args);
    let sheet = match &args.from {
        Some(path) => {
            let text = crate::game_file::read_text(path)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            let mut sheet =
                Sheet::read_saved(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            if let Some(lang) = args.lang {
                sheet.spec.lang = lang;
            }
            sheet
        }
        None => Sheet::new(spec_of(args)),
    };
    let lang = sheet.spec.lang;
    let (pages, title) = if args.pupil {
        let title = quoridor_exercises::pupil_sheet(lang).title.to_string();
        (svg::pupil_pages(lang), title)
    } else {
        (svg::sheet_pages(&sheet), sheet.spec.title().to_string())
    };
    let bytes: Vec<u8> = match format {
        Format::Pdf => pdf(&pages, &title)?,
        Format::Html => svg::print_html(&pages, &title, lang).into_bytes(),
        Format::Svg => return write_svg_pages(&pages, args.output.as_deref()),
        Format::Text if args.pupil => pupil_text(lang).into_bytes(),
        Format::Text => sheet.text().into_bytes(),
        Format::Json => sheet.to_json().into_bytes(),
        Format::Sheet => sheet.to_saved_text().into_bytes(),
    };
    write_out(args.output.as_deref(), &bytes)?;
    if args.seed.is_none() && args.from.is_none() && !args.pupil {
        let seed = sheet.spec.seed;
        eprintln!("quoridor: sheet {seed}: print it again with --seed {seed}");
    }
    Ok(())
}

/// The sheet the options ask for (a new seed each time if none is given).
fn spec_of(args: &WorksheetArgs) -> SheetSpec {
    let kind = match args.kind.unwrap_or(KindArg::Mixed) {
        KindArg::Maze => Some(Kind::Maze),
        KindArg::Routes => Some(Kind::Routes),
        KindArg::Arrows => Some(Kind::Arrows),
        KindArg::Shortest => Some(Kind::Shortest),
        KindArg::Mixed => None,
    };
    let spec = SheetSpec {
        kind,
        level: args.level.unwrap_or(1),
        count: args.count.map_or(6, usize::from),
        seed: args.seed.unwrap_or_else(fresh_seed),
        lang: args.lang.unwrap_or_default(),
    };
    debug_assert!(LEVELS.contains(&spec.level) && spec.count <= MAX_SHEET_COUNT);
    spec
}

fn write_out(path: Option<&Path>, bytes: &[u8]) -> crate::CliResult {
    match path {
        None => {
            use std::io::Write;
            std::io::stdout().write_all(bytes)?;
        }
        Some(p) if p == Path::new("-") => {
            use std::io::Write;
            std::io::stdout().write_all(bytes)?;
        }
        Some(p) => {
            crate::game_file::write_whole(p, bytes).map_err(|e| format!("{}: {e}", p.display()))?
        }
    }
    Ok(())
}

/// The first page to standard output, or every page to files named after
/// the output (`sheet.svg`, `sheet-2.svg`, …).
fn write_svg_pages(pages: &[String], path: Option<&Path>) -> crate::CliResult {
    let Some(path) = path.filter(|p| *p != Path::new("-")) else {
        return write_out(None, pages.first().map_or(&[][..], |p| p.as_bytes()));
    };
    let stem = path.with_extension("");
    for (i, page) in pages.iter().enumerate() {
        let file = if i == 0 {
            path.to_path_buf()
        } else {
            PathBuf::from(format!("{}-{}.svg", stem.display(), i + 1))
        };
        write_out(Some(&file), page.as_bytes())?;
    }
    Ok(())
}

/// The pupil's sheet as plain text.
fn pupil_text(lang: Lang) -> String {
    let s = quoridor_exercises::pupil_sheet(lang);
    let mut out = format!(
        "{}\n\n{}\n\n{}\n\n{}\n- {}\n{}\n- {}\n\n",
        s.title, s.goal, s.setup, s.turn, s.move_pawn, s.or, s.place_fence
    );
    out.push_str(&format!(
        "{}\n\n{}\n\n{}\n\n{}\n\n{}\n",
        s.fair_play, s.face_to_face, s.end, s.tip, s.words_title
    ));
    for (word, meaning) in &s.words {
        out.push_str(&format!("- {word}: {meaning}\n"));
    }
    out
}
