//! A hull shader's patch-constant function may take an `InputPatch` of another control-point
//! type than the entry's (of the same size: another size is `E3260`). The stage has one
//! input patch, so DXC reads the function's control points from the entry's input
//! signature by semantic: each field finds the element of the same semantic name (any
//! case) and index, or DXC refuses it ("Signature element X, referred to by patch constant
//! function, is not found in corresponding hull shader input.", `E3270`). So do we: the
//! function's patch is built from the entry's input variables of its fields' semantics, one
//! set of stage variables for both. A field that reads an element as another type than the
//! entry declares it is refused (`E3271`): DXC's SPIR-V passes the entry's patch to the
//! function as it is, which does not validate when the types differ.
//! Called by `tessellation` when the patch-constant function's patch is not the entry's type.

use types::Type;

use super::vars::{no_leaves, Side, StageVar};
use crate::context::{ModuleCtx, R};

/// A semantic's name in upper case and its index (`TEXCOORD` and `texcoord0` are one).
fn semantic_key(semantic: &str) -> (String, u32) {
    let name = semantic.trim_end_matches(|c: char| c.is_ascii_digit());
    let index = semantic[name.len()..].parse().unwrap_or(0);
    (name.to_ascii_uppercase(), index)
}

/// The entry's input-patch variables (`entry_vars`) holding, in order, the leaves of
/// `element`, the control point of the patch-constant function's parameter `name` declared
/// at `range`.
pub(super) fn patch_by_semantic(
    cx: &mut ModuleCtx<'_>,
    element: &Type,
    entry_vars: &[StageVar],
    name: &str,
    range: syntax::TextRange,
) -> R<Vec<StageVar>> {
    let Some(leaves) = super::leaves(element, None, &[]) else {
        let what = "control points without semantics";
        return Err(no_leaves(cx, element, None, name, Side::Input, what, range));
    };
    let mut vars = Vec::new();
    for leaf in leaves {
        let key = semantic_key(&leaf.semantic);
        let found = entry_vars
            .iter()
            .find(|v| semantic_key(&v.leaf.semantic) == key);
        let Some(var) = found else {
            let message = format!(
                "Signature element {}, referred to by patch constant function, is not found \
                 in corresponding hull shader input.",
                leaf.semantic
            );
            return Err(cx.error(crate::PCF_PATCH_SEMANTIC_NOT_FOUND, message, range));
        };
        if var.leaf.ty != leaf.ty {
            let message = format!(
                "the patch-constant function's input patch reads `{}` as {}, but the hull \
                 shader's input patch declares it as {} (the stage has one input patch; \
                 declare the field with the entry's type)",
                leaf.semantic, leaf.ty, var.leaf.ty
            );
            return Err(cx.error(crate::PCF_PATCH_TYPE_MISMATCH, message, range));
        }
        vars.push(var.clone());
    }
    Ok(vars)
}

#[cfg(test)]
mod tests {
    use super::semantic_key;

    #[test]
    fn semantics_match_by_name_in_any_case_and_index() {
        assert_eq!(semantic_key("TEXCOORD"), semantic_key("texcoord0"));
        assert_eq!(semantic_key("Normal1"), ("NORMAL".to_owned(), 1));
        assert_ne!(semantic_key("C1"), semantic_key("C"));
    }
}
