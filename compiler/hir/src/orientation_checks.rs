//! `row_major` and `column_major` where DXC refuses them (`E2270`), in its words:
//!
//! - on a type that is no matrix, a typedef of one that is no matrix included (a vector, a
//!   struct, an array typedef: "'row_major' can only be used with a matrix type");
//! - both on one matrix, written together or one on a typedef and the other where the typedef
//!   is used ("'row_major' and 'column_major' attributes are not compatible").
//!
//! Only written keywords count: the default of `#pragma pack_matrix` or `-Zpr` applies to
//! every declaration and is no error on a scalar. The same keyword twice (`row_major
//! row_major`, or on a typedef and again at its use) is accepted, as DXC accepts it.
//!
//! Called by `TypeCtx::resolve` for every type it lowers, so the errors reach declarations
//! of every kind (globals, fields, parameters, locals, typedefs).

use types::Type;

use crate::item_tree::ItemKind;
use crate::lower_type::{TypeCtx, TypeError};
use crate::type_ref::{TypeBase, TypeRef};

/// The orientation problems of `tref`, whose type before its array dimensions is `base`.
pub(crate) fn orientation_problems(cx: &TypeCtx, tref: &TypeRef, base: &Type) -> Vec<TypeError> {
    if !tref.orientation_written {
        return Vec::new();
    }
    let written: Vec<&str> = [
        (tref.row_major, "row_major"),
        (tref.column_major, "column_major"),
    ]
    .into_iter()
    .filter_map(|(on, kw)| on.then_some(kw))
    .collect();
    if !matches!(base, Type::Matrix { .. }) {
        return written
            .into_iter()
            .map(|kw| TypeError::Orientation(format!("'{kw}' can only be used with a matrix type")))
            .collect();
    }
    let conflict = written.len() > 1
        || typedef_orientation(cx, tref, 0).is_some_and(|row| row != tref.row_major);
    if conflict {
        vec![TypeError::Orientation(
            "'row_major' and 'column_major' attributes are not compatible".into(),
        )]
    } else {
        Vec::new()
    }
}

/// The orientation written on the typedef `tref` names (true for row-major), through
/// typedefs of typedefs; `None` when it names no typedef or the typedef has none written.
fn typedef_orientation(cx: &TypeCtx, tref: &TypeRef, depth: u32) -> Option<bool> {
    let TypeBase::Path(path) = &tref.base else {
        return None;
    };
    if depth > 8 || !tref.dims.is_empty() && depth > 0 {
        return None;
    }
    let found = cx.scope.lookup_qualified(cx.tree, &cx.site, path);
    let idx = found
        .into_iter()
        .find(|&i| matches!(cx.tree.item(i).kind, ItemKind::Typedef(_)))?;
    let ItemKind::Typedef(t) = &cx.tree.item(idx).kind else {
        return None;
    };
    if t.orientation_written {
        Some(t.row_major)
    } else {
        typedef_orientation(cx, t, depth + 1)
    }
}
