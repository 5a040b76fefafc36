//! The web's copy of the texts every front end shares: the rules' refusal
//! reasons (`quoridor_exercises::reasons`, one file per language) written
//! as the page's modules `web/lib/i18n/reasons/<lang>.js`. The test fails
//! when a copy is not what the files make;
//! `UPDATE_WEB_TEXTS=1 cargo test -p quoridor-server --lib web_texts`
//! writes them.

use quoridor_exercises::{reasons, Lang};

/// The module for `lang`: each reason as `reason.<key>`.
fn reasons_module(lang: Lang) -> String {
    let mut out = format!(
        "// @ts-check\n\
         // Generated from crates/exercises/src/texts/reasons/{lang}.txt: edit that\n\
         // file, then run UPDATE_WEB_TEXTS=1 cargo test -p quoridor-server --lib web_texts\n\
         // Why the rules refuse a move, in the words the terminal and the lessons say.\n\
         \n\
         /** @type {{Record<string, string>}} */\n\
         export default {{\n"
    );
    for (key, text) in reasons::entries(lang) {
        let text = serde_json::to_string(text).expect("a string as JSON");
        out.push_str(&format!("  \"reason.{key}\": {text},\n"));
    }
    out.push_str("};\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn web_texts_are_made_from_the_shared_files() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web/lib/i18n/reasons");
        let update = std::env::var_os("UPDATE_WEB_TEXTS").is_some_and(|v| v == "1");
        for lang in Lang::ALL {
            let path = dir.join(format!("{lang}.js"));
            let made = reasons_module(lang);
            if update {
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(&path, &made).unwrap();
                continue;
            }
            let copy = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                copy == made,
                "{} is not made from the shared reasons: run UPDATE_WEB_TEXTS=1 cargo test -p quoridor-server --lib web_texts",
                path.display()
            );
        }
    }
}
