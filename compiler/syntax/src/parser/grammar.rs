//! The HLSL grammar: one function per construct, driving `Parser`.

use super::Parser;
use crate::SyntaxKind::*;

/// `SOURCE_FILE`: everything, until the end of input.
pub(super) fn source_file(p: &mut Parser<'_>) {
    let m = p.start();
    while !p.at_end() {
        p.err_and_bump("not parsed yet");
    }
    m.complete(p, SOURCE_FILE);
}
