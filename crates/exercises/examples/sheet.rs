//! Prints a sheet in its text form: `cargo run -p quoridor-exercises
//! --example sheet -- routes 2 7 fr` (kind or `mixed`, level, seed, language).

use quoridor_exercises::{Kind, Sheet, SheetSpec};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.to_string());
    let kind = arg(0, "mixed");
    let spec = SheetSpec {
        kind: (kind != "mixed").then(|| kind.parse::<Kind>().expect("a kind")),
        level: arg(1, "2").parse().expect("a level"),
        count: 4,
        seed: arg(2, "7").parse().expect("a seed"),
        lang: arg(3, "en").parse().expect("a language"),
    };
    print!("{}", Sheet::new(spec).text());
}
