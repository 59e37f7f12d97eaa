//! Offsets to line and column and back, for diagnostics and the language server.

use rowan::TextSize;

/// The start offset of every line of a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineIndex {
    line_starts: Vec<TextSize>,
    len: TextSize,
}

/// A zero-based line and a zero-based column in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineCol {
    pub line: u32,
    pub col: u32,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut line_starts = vec![TextSize::from(0)];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(TextSize::from(i as u32 + 1));
            }
        }
        LineIndex {
            line_starts,
            len: TextSize::of(text),
        }
    }

    /// The line and column of `offset` (clamped to the text).
    pub fn line_col(&self, offset: TextSize) -> LineCol {
        let offset = offset.min(self.len);
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        LineCol {
            line: line as u32,
            col: u32::from(offset - self.line_starts[line]),
        }
    }

    /// The offset of `lc`, if the line exists (the column is clamped to the line).
    pub fn offset(&self, lc: LineCol) -> Option<TextSize> {
        let start = *self.line_starts.get(lc.line as usize)?;
        let end = self
            .line_starts
            .get(lc.line as usize + 1)
            .copied()
            .unwrap_or(self.len);
        Some((start + TextSize::from(lc.col)).min(end))
    }

    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let idx = LineIndex::new("ab\ncd\n\nx");
        assert_eq!(idx.line_col(0.into()), LineCol { line: 0, col: 0 });
        assert_eq!(idx.line_col(4.into()), LineCol { line: 1, col: 1 });
        assert_eq!(idx.line_col(6.into()), LineCol { line: 2, col: 0 });
        assert_eq!(idx.line_col(100.into()), LineCol { line: 3, col: 1 });
        assert_eq!(idx.offset(LineCol { line: 1, col: 1 }), Some(4.into()));
        assert_eq!(idx.offset(LineCol { line: 1, col: 9 }), Some(6.into()));
        assert_eq!(idx.offset(LineCol { line: 9, col: 0 }), None);
    }
}
