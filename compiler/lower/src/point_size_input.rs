//! `[[vk::builtin("PointSize")]]` on a pixel shader input: DXC accepts the attribute there
//! (a vertex output struct reused as the pixel input is the usual way to meet it), but Vulkan
//! has no `PointSize` input in fragment shaders, so DXC's module validates only when the
//! shader never reads the value (its optimizer then drops the variable). Called by the
//! graphics entry lowering (`graphics`): a read is refused (`E3003`), and an unread one is
//! declared as a private variable the wrapper fills, no stage variable.

use std::collections::{HashMap, HashSet};

use hir::body::{Expr, ExprId};
use hir::item_tree::ItemIdx;

use crate::context::ModuleCtx;

/// Whether the body of entry `idx` may read the part of parameter `n` at field path `path`:
/// an expression names that part or a part inside it, or names a struct holding it other
/// than to take one of its fields. A struct holding it passed whole to a user function counts
/// as that function reading its parameter's part (followed 8 calls deep); copied or passed
/// anywhere else, as a read.
pub(crate) fn leaf_is_read(cx: &ModuleCtx<'_>, idx: ItemIdx, n: usize, path: &[u32]) -> bool {
    read_in(cx, idx, n, path, 0)
}

fn read_in(cx: &ModuleCtx<'_>, idx: ItemIdx, n: usize, path: &[u32], depth: u32) -> bool {
    if depth > 8 {
        return true;
    }
    let fid = cx.function_id(idx);
    let body = hir::body::body(cx.db, fid);
    let infer = crate::enums::infer(cx.db, fid);
    let ty_of = |x: ExprId| infer.type_of_expr(x).cloned();
    let mut field_bases = HashSet::new();
    let mut argument_of = HashMap::new();
    for (i, e) in body.exprs.iter().enumerate() {
        match e {
            Expr::Field { expr, .. } => {
                field_bases.insert(*expr);
            }
            Expr::Call { args, .. } => {
                for (k, &a) in args.iter().enumerate() {
                    argument_of.insert(a, (ExprId(i as u32), k));
                }
            }
            _ => {}
        }
    }
    (0..body.exprs.len()).any(|i| {
        let e = ExprId(i as u32);
        let Some((m, p)) = crate::graphics::param_leaf(&body, ty_of, e) else {
            return false;
        };
        if m != n || field_bases.contains(&e) {
            return false;
        }
        if p.starts_with(path) {
            return true;
        }
        if !path.starts_with(&p) {
            return false;
        }
        // A struct holding the part, used whole: read unless it is an argument of a user
        // function that does not read the part of its parameter.
        let Some(&(call, k)) = argument_of.get(&e) else {
            return true;
        };
        let Some(hir::Resolution::Function { function, .. }) = infer.resolution(call) else {
            return true;
        };
        let Some(callee) = cx.tree.by_ast(*function).map(|i| cx.definition_of(i)) else {
            return true;
        };
        read_in(cx, callee, k, &path[p.len()..], depth + 1)
    })
}

/// The message for a pixel input `[[vk::builtin("PointSize")]]` the shader reads.
pub(crate) fn read_message(field: &str) -> String {
    let what = if field.is_empty() {
        "the pixel input".to_owned()
    } else {
        format!("the pixel input `{field}`")
    };
    format!(
        "`[[vk::builtin(\"PointSize\")]]` on {what}, which the shader reads: Vulkan has no \
         PointSize input in fragment shaders (DXC accepts the attribute, but its SPIR-V fails \
         validation once the value is read); leave the value unread, or pass it at a location"
    )
}
