//! A small JSON writer: the module answers in JSON without a serializer
//! (which would double its size); what it writes is notation, numbers and
//! the rules' short texts.

use std::fmt::Write;

/// JSON text being written.
#[derive(Default)]
pub struct Json(pub String);

impl Json {
    pub fn raw(&mut self, text: &str) -> &mut Json {
        self.0.push_str(text);
        self
    }

    /// A JSON string, escaped.
    pub fn string(&mut self, text: &str) -> &mut Json {
        self.0.push('"');
        for c in text.chars() {
            match c {
                '"' => self.0.push_str("\\\""),
                '\\' => self.0.push_str("\\\\"),
                c if (c as u32) < 0x20 => {
                    let _ = write!(self.0, "\\u{:04x}", c as u32);
                }
                c => self.0.push(c),
            }
        }
        self.0.push('"');
        self
    }

    /// `"key":` after a comma unless `first`.
    pub fn key(&mut self, key: &str, first: bool) -> &mut Json {
        if !first {
            self.0.push(',');
        }
        self.string(key).raw(":")
    }

    pub fn number(&mut self, n: impl std::fmt::Display) -> &mut Json {
        let _ = write!(self.0, "{n}");
        self
    }

    pub fn bool(&mut self, b: bool) -> &mut Json {
        self.raw(if b { "true" } else { "false" })
    }

    /// An array of the items' texts.
    pub fn strings<T: std::fmt::Display>(
        &mut self,
        items: impl IntoIterator<Item = T>,
    ) -> &mut Json {
        self.0.push('[');
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                self.0.push(',');
            }
            self.string(&item.to_string());
        }
        self.0.push(']');
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        let mut json = Json::default();
        json.raw("{")
            .key("a", true)
            .string("say \"hi\"\\\n")
            .key("b", false)
            .strings(["e2", "e8h"])
            .raw("}");
        assert_eq!(json.0, r#"{"a":"say \"hi\"\\\u000a","b":["e2","e8h"]}"#);
    }
}
