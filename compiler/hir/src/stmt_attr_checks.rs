//! Statement attributes that contradict each other (`E2052`), refused as DXC refuses them
//! ("'unroll' and 'loop' attributes are not compatible"): a loop is either unrolled
//! (`[unroll]`) or kept (`[loop]`, `[fastopt]`), and an `if` either branches (`[branch]`) or
//! is flattened (`[flatten]`). Writing the same attribute twice is accepted, as DXC does.
//! Called by `diagnostics::diagnostics`.

use syntax::ast::{self, AstNode};
use syntax::{SyntaxNode, TextRange};

/// The pairs that cannot annotate one statement.
const CONFLICTS: &[(&str, &str)] = &[
    ("unroll", "loop"),
    ("unroll", "fastopt"),
    ("branch", "flatten"),
];

/// The message and range of each attribute that contradicts one written before it on the
/// same node.
pub(crate) fn conflicting_attributes(root: &SyntaxNode) -> Vec<(TextRange, String)> {
    let mut out = Vec::new();
    for node in root.descendants() {
        let attrs: Vec<ast::Attribute> = node.children().filter_map(ast::Attribute::cast).collect();
        if attrs.len() < 2 {
            continue;
        }
        for (i, later) in attrs.iter().enumerate() {
            let b = later.name_text().to_ascii_lowercase();
            let clash = attrs[..i].iter().find_map(|earlier| {
                let a = earlier.name_text().to_ascii_lowercase();
                CONFLICTS
                    .iter()
                    .any(|&(x, y)| (a == x && b == y) || (a == y && b == x))
                    .then_some(a)
            });
            if let Some(a) = clash {
                out.push((
                    later.syntax().text_range(),
                    format!("'{b}' and '{a}' attributes are not compatible"),
                ));
            }
        }
    }
    out
}
