//! Conversions between the compiler's byte offsets and the LSP's UTF-16 positions, between
//! file paths and URIs, and from compiler diagnostics to LSP diagnostics.
//!
//! The compiler counts bytes of UTF-8; the LSP counts UTF-16 code units within a line. Every
//! handler converts through a `LineMap` of the text the snapshot holds, so a position always
//! refers to the same text the answer was computed on.

use std::str::FromStr;

use syntax::line_index::{LineCol, LineIndex};
use syntax::{TextRange, TextSize};
use tower_lsp_server::ls_types::{Position, Range, TextDocumentContentChangeEvent, Uri};

/// A text with its line starts, converting offsets to positions and back.
pub struct LineMap<'a> {
    text: &'a str,
    index: LineIndex,
}

impl<'a> LineMap<'a> {
    pub fn new(text: &'a str) -> LineMap<'a> {
        LineMap {
            text,
            index: LineIndex::new(text),
        }
    }

    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The text of line `line` without its line terminator (empty past the end).
    fn line_text(&self, line: u32) -> (usize, &'a str) {
        let Some(start) = self.index.offset(LineCol { line, col: 0 }) else {
            return (self.text.len(), "");
        };
        let start = usize::from(start);
        let rest = &self.text[start..];
        let end = rest.find('\n').unwrap_or(rest.len());
        let line_text = rest[..end].strip_suffix('\r').unwrap_or(&rest[..end]);
        (start, line_text)
    }

    /// The byte offset of a client position. Positions past the end of a line clamp to the end
    /// of the line, lines past the end of the text clamp to the end of the text, and a position
    /// inside a surrogate pair snaps to the start of its character.
    pub fn offset(&self, pos: Position) -> TextSize {
        let (start, line) = self.line_text(pos.line);
        let mut units = 0u32;
        for (i, ch) in line.char_indices() {
            let next = units + ch.len_utf16() as u32;
            if next > pos.character {
                return TextSize::from((start + i) as u32);
            }
            units = next;
        }
        TextSize::from((start + line.len()) as u32)
    }

    /// The client position of a byte offset (clamped to the text; an offset inside a character
    /// snaps to its start).
    pub fn position(&self, offset: TextSize) -> Position {
        let mut offset = usize::from(offset).min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let lc = self.index.line_col(TextSize::from(offset as u32));
        let line_start = offset - lc.col as usize;
        let character = self.text[line_start..offset]
            .chars()
            .map(|c| c.len_utf16() as u32)
            .sum();
        Position {
            line: lc.line,
            character,
        }
    }

    pub fn range(&self, range: TextRange) -> Range {
        Range {
            start: self.position(range.start()),
            end: self.position(range.end()),
        }
    }

    pub fn text_range(&self, range: Range) -> TextRange {
        let start = self.offset(range.start);
        let end = self.offset(range.end).max(start);
        TextRange::new(start, end)
    }

    /// The number of UTF-16 code units in `range` (which must not cross a line for LSP use).
    pub fn utf16_len(&self, range: TextRange) -> u32 {
        self.text[range].chars().map(|c| c.len_utf16() as u32).sum()
    }

    /// The zero-based line of `offset`.
    pub fn line_of(&self, offset: TextSize) -> u32 {
        self.index
            .line_col(offset.min(TextSize::of(self.text)))
            .line
    }
}

/// Applies one content change event to `text` (a range replaces part of it; no range replaces
/// all of it).
pub fn apply_change(text: &mut String, change: &TextDocumentContentChangeEvent) {
    match change.range {
        None => {
            text.clear();
            text.push_str(&change.text);
        }
        Some(range) => {
            let map = LineMap::new(text);
            let range = map.text_range(range);
            let (start, end) = (usize::from(range.start()), usize::from(range.end()));
            text.replace_range(start..end, &change.text);
        }
    }
}

/// The path the database knows a document by: the file path for `file:` URIs, the URI itself
/// for anything else (unsaved buffers), so that includes from such a buffer still resolve
/// relative to something stable.
pub fn uri_to_path(uri: &Uri) -> String {
    let is_file = uri.scheme().as_str().eq_ignore_ascii_case("file");
    if is_file {
        if let Some(path) = uri.to_file_path() {
            let path = path.to_string_lossy().replace('\\', "/");
            // Windows drive letters come in either case; the database wants one spelling.
            let bytes = path.as_bytes();
            if bytes.len() >= 2 && bytes[1] == b':' {
                return format!("{}{}", path[..1].to_ascii_uppercase(), &path[1..]);
            }
            return path;
        }
    }
    uri.as_str().to_owned()
}

/// The URI of a database path (the inverse of `uri_to_path` for files).
pub fn path_to_uri(path: &str) -> Option<Uri> {
    if path.starts_with('/') || path.as_bytes().get(1) == Some(&b':') {
        Uri::from_file_path(path)
    } else {
        Uri::from_str(path).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position { line, character }
    }

    #[test]
    fn ascii_round_trip() {
        let text = "ab\ncd\r\n\nx";
        let map = LineMap::new(text);
        assert_eq!(map.offset(pos(1, 1)), 4.into());
        assert_eq!(map.position(4.into()), pos(1, 1));
        // Past the end of a line: before its `\r\n`.
        assert_eq!(map.offset(pos(1, 10)), 5.into());
        assert_eq!(map.offset(pos(3, 0)), 8.into());
        assert_eq!(map.offset(pos(9, 9)), 9.into());
        assert_eq!(map.position(9.into()), pos(3, 1));
    }

    #[test]
    fn non_ascii_counts_utf16_units() {
        // `é` is 2 bytes and 1 unit; `𝄞` is 4 bytes and 2 units.
        let text = "é𝄞x\n// ü\n";
        let map = LineMap::new(text);
        assert_eq!(map.offset(pos(0, 1)), 2.into());
        assert_eq!(map.offset(pos(0, 3)), 6.into());
        // Inside the surrogate pair: snaps to the start of the character.
        assert_eq!(map.offset(pos(0, 2)), 2.into());
        assert_eq!(map.position(6.into()), pos(0, 3));
        assert_eq!(map.position(7.into()), pos(0, 4));
        // An offset inside a character snaps back to its start.
        assert_eq!(map.position(3.into()), pos(0, 1));
        assert_eq!(map.offset(pos(1, 4)), 13.into());
        assert_eq!(map.utf16_len(TextRange::new(0.into(), 7.into())), 4);
    }

    #[test]
    fn incremental_changes() {
        let mut text = String::from("float a;\nfloat ü = 1;\n");
        let change = |sl, sc, el, ec, new: &str| TextDocumentContentChangeEvent {
            range: Some(Range {
                start: pos(sl, sc),
                end: pos(el, ec),
            }),
            range_length: None,
            text: new.to_owned(),
        };
        apply_change(&mut text, &change(1, 6, 1, 7, "b"));
        assert_eq!(text, "float a;\nfloat b = 1;\n");
        apply_change(&mut text, &change(0, 0, 0, 5, "int"));
        assert_eq!(text, "int a;\nfloat b = 1;\n");
        apply_change(&mut text, &change(2, 0, 2, 0, "x"));
        assert_eq!(text, "int a;\nfloat b = 1;\nx");
        apply_change(
            &mut text,
            &TextDocumentContentChangeEvent {
                range: None,
                range_length: None,
                text: "new".into(),
            },
        );
        assert_eq!(text, "new");
    }

    #[test]
    fn paths_and_uris() {
        let uri = Uri::from_str("file:///p/a%20b.hlsl").unwrap();
        assert_eq!(uri_to_path(&uri), "/p/a b.hlsl");
        assert_eq!(
            path_to_uri("/p/a b.hlsl").unwrap().as_str(),
            "file:///p/a%20b.hlsl"
        );
        let untitled = Uri::from_str("untitled:Untitled-1").unwrap();
        assert_eq!(uri_to_path(&untitled), "untitled:Untitled-1");
        assert_eq!(path_to_uri("untitled:Untitled-1").unwrap(), untitled);
    }
}
