//! Snapshot tests of the grammar: each parses a small snippet and compares the tree and the
//! diagnostics with an inline expectation (`UPDATE_EXPECT=1 cargo test -p syntax` rewrites them).

mod cbuffers;
mod cond_decls;
mod dependent_names;
mod exprs;
mod exprs_more;
mod exprs_postfix;
mod fns;
mod fns_stages;
mod globals;
mod glsl_layout;
mod inline_spirv;
mod method_qualifiers;
mod recovery;
mod recovery_missing_closers;
mod recovery_more;
mod recovery_stmts;
mod recovery_unclosed_fns;
mod sizeof_unary;
mod state_blocks;
mod static_assert;
mod stmts;
mod stmts_more;
mod structs;
mod switch_labels;
mod techniques;
mod template_arith;
mod types;
mod unnamed_bit_fields;

use expect_test::Expect;

/// Parses `text` and compares its tree and diagnostics with `expect`.
pub(super) fn check(text: &str, expect: Expect) {
    let parsed = crate::parse(text);
    let tree = parsed.syntax();
    assert_eq!(tree.to_string(), text, "the tree must hold the text");
    let mut out = crate::debug_tree(&tree);
    for d in &parsed.diagnostics {
        out.push_str(&format!("error {:?}: {}\n", d.range, d.message));
    }
    expect.assert_eq(&out);
}
