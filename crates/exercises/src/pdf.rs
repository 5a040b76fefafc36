//! Pages of SVG made into one PDF, with the DejaVu Sans font embedded
//! (subset), so that a sheet prints the same everywhere without a browser.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};
use svg2pdf::usvg;

use crate::svg::{PAGE_HEIGHT, PAGE_WIDTH};

static REGULAR: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// Why the pages could not become a PDF (a bug: the pages are ours).
#[derive(Debug)]
pub struct PdfError(String);

impl fmt::Display for PdfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "making the PDF: {}", self.0)
    }
}

impl std::error::Error for PdfError {}

/// The SVG reading options, with the embedded fonts (loaded once).
fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut options = usvg::Options::default();
        let db = options.fontdb_mut();
        db.load_font_data(REGULAR.to_vec());
        db.load_font_data(BOLD.to_vec());
        db.set_sans_serif_family("DejaVu Sans");
        options.font_family = "DejaVu Sans".into();
        let _ = Arc::clone(&options.fontdb);
        options
    })
}

/// One A4 page per SVG document, in order; `title` goes in the file's
/// information.
pub fn pdf(pages: &[String], title: &str) -> Result<Vec<u8>, PdfError> {
    let mm = 72.0 / 25.4;
    let (width, height) = ((PAGE_WIDTH * mm) as f32, (PAGE_HEIGHT * mm) as f32);
    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let page_tree = alloc.bump();
    let info = alloc.bump();
    let mut pdf = Pdf::new();
    let mut page_refs = Vec::new();
    let mut chunks = Vec::new();
    for svg in pages {
        let tree = usvg::Tree::from_str(svg, options()).map_err(|e| PdfError(e.to_string()))?;
        let (chunk, root) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
            .map_err(|e| PdfError(e.to_string()))?;
        let mut map = HashMap::new();
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        let drawing = map[&root];
        page_refs.push((alloc.bump(), alloc.bump(), drawing));
        chunks.push(chunk);
    }
    pdf.catalog(catalog).pages(page_tree);
    pdf.pages(page_tree)
        .kids(page_refs.iter().map(|p| p.0))
        .count(page_refs.len() as i32);
    for &(page_ref, content_ref, drawing) in &page_refs {
        let mut page = pdf.page(page_ref);
        page.media_box(Rect::new(0.0, 0.0, width, height));
        page.parent(page_tree);
        page.contents(content_ref);
        page.resources().x_objects().pair(Name(b"P"), drawing);
        page.finish();
        let mut content = Content::new();
        content
            .transform([width, 0.0, 0.0, height, 0.0, 0.0])
            .x_object(Name(b"P"));
        pdf.stream(content_ref, &content.finish());
    }
    for chunk in &chunks {
        pdf.extend(chunk);
    }
    pdf.document_info(info)
        .title(TextStr(title))
        .producer(TextStr("quoridor"));
    Ok(pdf.finish())
}
