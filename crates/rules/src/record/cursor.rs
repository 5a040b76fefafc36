//! Reading a record's text character by character: lines and columns,
//! blanks and comments, words and tags.

use alloc::string::String;

use super::error::{Loc, RecordError, RecordErrorKind};

/// Reads text character by character, keeping line and column.
#[derive(Clone)]
pub(super) struct Cursor<'a> {
    text: &'a str,
    pub(super) pos: usize,
    pub(super) loc: Loc,
}

impl<'a> Cursor<'a> {
    pub(super) fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            text,
            pos: 0,
            loc: Loc { line: 1, column: 1 },
        }
    }

    pub(super) fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    pub(super) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.loc = Loc {
                line: self.loc.line + 1,
                column: 1,
            };
        } else {
            self.loc.column += 1;
        }
        Some(c)
    }

    /// Skips white space and comments.
    pub(super) fn skip_blanks(&mut self) -> Result<(), RecordError> {
        while let Some(c) = self.peek() {
            match c {
                '{' => {
                    let at = self.loc;
                    self.bump();
                    loop {
                        match self.bump() {
                            Some('}') => break,
                            Some(_) => {}
                            None => {
                                return Err(RecordError::at(at, RecordErrorKind::UnclosedComment))
                            }
                        }
                    }
                }
                ';' => while self.bump().is_some_and(|c| c != '\n') {},
                '\u{feff}' => {
                    self.bump();
                }
                c if c.is_whitespace() => {
                    self.bump();
                }
                _ => break,
            }
        }
        Ok(())
    }

    /// Skips spaces and tabs (inside a tag).
    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
    }

    /// A word of the move text: up to white space or a comment.
    pub(super) fn word(&mut self) -> &'a str {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| !c.is_whitespace() && c != '{' && c != ';')
        {
            self.bump();
        }
        &self.text[start..self.pos]
    }

    /// The text from here to the next white space, for error messages.
    pub(super) fn rest(&self) -> &'a str {
        let rest = &self.text[self.pos..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        &rest[..end]
    }

    /// A tag, the cursor being on its `[`.
    pub(super) fn tag(&mut self) -> Result<RawTag<'a>, RecordError> {
        let at = self.loc;
        self.bump();
        self.skip_spaces();
        let name_at = self.loc;
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.bump();
        }
        let name = &self.text[start..self.pos];
        if name.is_empty() {
            return Err(RecordError::syntax(
                name_at,
                self.rest(),
                "a tag name such as Event",
            ));
        }
        self.skip_spaces();
        if self.peek() != Some('"') {
            return Err(RecordError::syntax(
                self.loc,
                self.rest(),
                "`\"` opening the tag value",
            ));
        }
        self.bump();
        let value_at = self.loc;
        let mut value = String::new();
        loop {
            let here = self.loc;
            match self.peek() {
                None | Some('\n') | Some('\r') => {
                    let expected = "`\"` closing the tag value";
                    return Err(RecordError::syntax(here, "", expected));
                }
                Some('"') => {
                    self.bump();
                    break;
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('"' | '\\')) => {
                            self.bump();
                            value.push(c);
                        }
                        _ => {
                            let expected = "`\\\"` or `\\\\` in a tag value";
                            let found = &self.text[self.pos - 1..];
                            let found: String = found.chars().take(2).collect();
                            return Err(RecordError::syntax(here, &found, expected));
                        }
                    }
                }
                Some(c) => {
                    self.bump();
                    value.push(c);
                }
            }
        }
        self.skip_spaces();
        if self.peek() != Some(']') {
            return Err(RecordError::syntax(
                self.loc,
                self.rest(),
                "`]` closing the tag",
            ));
        }
        self.bump();
        Ok(RawTag {
            name,
            value,
            at,
            value_at,
        })
    }
}

/// A tag as read.
pub(super) struct RawTag<'a> {
    pub(super) name: &'a str,
    pub(super) value: String,
    /// Where its `[` is.
    pub(super) at: Loc,
    /// Where its value starts.
    pub(super) value_at: Loc,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursor_counts_lines_and_characters() {
        let mut cursor = Cursor::new("é {x\ny} ; z\n  [");
        cursor.bump();
        cursor.skip_blanks().unwrap();
        assert_eq!(cursor.loc, Loc { line: 3, column: 3 });
        assert_eq!(cursor.peek(), Some('['));
        let mut cursor = Cursor::new("  {never closed");
        let err = cursor.skip_blanks().unwrap_err();
        assert_eq!((err.line(), err.column()), (1, 3));
    }
}
