//! The syntax of one function as a query of its own, so that what is computed from a
//! function's text alone (its lowered body) depends on that function's text alone.
//!
//! Every edit rebuilds the file's expanded tree, and `ast_id_map` and the body source maps
//! (which hold ranges) follow it. `fn_green` re-runs too, but it only finds the function's node
//! and returns its green subtree, which compares equal when the function's tokens did not
//! change; salsa then backdates it, and `body` (lowered from it) and `infer` do not re-run.

use syntax::{SyntaxKind, SyntaxNode};

use crate::ids::{ast_id_map, expanded_root, FunctionId};
use crate::HirDb;

/// The green tree of function `f`'s `FN_DEF` (`None` if its id no longer names a function).
#[salsa::tracked(returns(ref))]
pub fn fn_green<'db>(db: &'db dyn HirDb, f: FunctionId<'db>) -> Option<rowan::GreenNode> {
    let (file, config) = (f.file(db), f.config(db));
    let root = expanded_root(db, file, config);
    let node = ast_id_map(db, file, config).node(&root, f.ast(db))?;
    (node.kind() == SyntaxKind::FN_DEF).then(|| node.green().to_owned())
}

/// `f`'s `FN_DEF` as the root of a tree of its own (ranges start at 0).
pub fn fn_syntax(db: &dyn HirDb, f: FunctionId<'_>) -> Option<SyntaxNode> {
    fn_green(db, f).clone().map(SyntaxNode::new_root)
}
