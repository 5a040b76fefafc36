//! `quoridor worksheet`: a printable sheet of classroom exercises with its
//! answer key (or the pupil's rule sheet), as PDF, HTML (the browser's
//! print view), SVG pages, text or JSON.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use quoridor_classroom::{pdf, svg, Kind, Lang, Sheet, SheetSpec, LEVELS, MAX_SHEET_COUNT};
use serde::Serialize;

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
    Text,
    Json,
}

#[derive(Args, Debug)]
pub struct WorksheetArgs {
    /// The kind of exercises.
    #[arg(long, value_enum, default_value = "mixed")]
    kind: KindArg,
    /// 1 (youngest) to 5.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=5))]
    level: u8,
    /// How many exercises (1 to 40).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u16).range(1..=40))]
    count: u16,
    /// The sheet's number: the same one prints the same sheet again
    /// (a new one each time if not given; the sheet shows it).
    #[arg(long)]
    seed: Option<u64>,
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    lang: Lang,
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

/// A sheet and its answer key in JSON.
#[derive(Serialize)]
struct SheetJson<'a> {
    spec: &'a SheetSpec,
    exercises: Vec<ExerciseJson<'a>>,
}

#[derive(Serialize)]
struct ExerciseJson<'a> {
    exercise: &'a quoridor_classroom::Exercise,
    answer: &'a quoridor_classroom::Answer,
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
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let kind = match args.kind {
        KindArg::Maze => Some(Kind::Maze),
        KindArg::Routes => Some(Kind::Routes),
        KindArg::Arrows => Some(Kind::Arrows),
        KindArg::Shortest => Some(Kind::Shortest),
        KindArg::Mixed => None,
    };
    debug_assert!(LEVELS.contains(&args.level) && (args.count as usize) <= MAX_SHEET_COUNT);
    let sheet = Sheet::new(SheetSpec {
        kind,
        level: args.level,
        count: args.count as usize,
        seed,
        lang: args.lang,
    });
    let (pages, title) = if args.pupil {
        let title = quoridor_classroom::pupil_sheet(args.lang).title.to_string();
        (svg::pupil_pages(args.lang), title)
    } else {
        (svg::sheet_pages(&sheet), sheet.spec.title().to_string())
    };
    let bytes: Vec<u8> = match format {
        Format::Pdf => pdf(&pages, &title)?,
        Format::Html => svg::print_html(&pages, &title, args.lang).into_bytes(),
        Format::Svg => return write_svg_pages(&pages, args.output.as_deref()),
        Format::Text if args.pupil => pupil_text(args.lang).into_bytes(),
        Format::Text => sheet.text().into_bytes(),
        Format::Json => {
            let json = SheetJson {
                spec: &sheet.spec,
                exercises: sheet
                    .exercises
                    .iter()
                    .map(|(exercise, solution)| ExerciseJson {
                        exercise,
                        answer: &solution.answer,
                    })
                    .collect(),
            };
            let mut text = serde_json::to_string_pretty(&json)?;
            text.push('\n');
            text.into_bytes()
        }
    };
    write_out(args.output.as_deref(), &bytes)?;
    if args.seed.is_none() && !args.pupil {
        eprintln!("quoridor: sheet {seed}: print it again with --seed {seed}");
    }
    Ok(())
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
    let s = quoridor_classroom::pupil_sheet(lang);
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
