//! `packoffset` rules DXC checks while it parses (`E2051`), each at the `packoffset`:
//!
//! - only a member of a `cbuffer`/`tbuffer` takes one ("packoffset is only allowed in a
//!   constant buffer"): not a global, a parameter, a function or a struct field;
//! - the register is a `c` register with a number (`c1`, `C2`), nothing after it but a
//!   component (`packoffset(t0)`, `packoffset(c1abc)` are refused);
//! - the component is one letter of `xyzw` or `rgba` ("packoffset component should indicate
//!   offset with one of x, y, z, w, r, g, b, or a"; `c0.xy`, `c0._m00` are refused);
//! - a scalar or vector placed there fits in the rest of its 16-byte register ("register or
//!   offset bind not valid": a `float4` at `c0.z`). Arrays, matrices and structs start a
//!   register of their own in D3D's rules, but DXC's SPIR-V and DXIL paths take them at any
//!   component, so they are not checked here.
//!
//! Called by `decl_checks::declaration_diagnostics`; the overlap of two members is refused
//! by lowering (`E3006`), which lays the buffer out.

use syntax::ast::{self, AstNode};
use syntax::{Diagnostic, SyntaxKind, SyntaxNode, TextRange};
use types::Type;

use crate::codes;

/// A problem of one `packoffset(...)`, with DXC's wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PackoffsetProblem {
    OutsideConstantBuffer,
    NotAConstantRegister,
    BadRegisterNumber,
    BadComponent,
    CrossesRegister,
}

impl PackoffsetProblem {
    fn message(self) -> &'static str {
        match self {
            PackoffsetProblem::OutsideConstantBuffer => {
                "packoffset is only allowed in a constant buffer"
            }
            PackoffsetProblem::NotAConstantRegister => {
                "register type is unsupported: packoffset takes a 'c' register"
            }
            PackoffsetProblem::BadRegisterNumber => {
                "register number should be an integral numeric string"
            }
            PackoffsetProblem::BadComponent => {
                "packoffset component should indicate offset with one of x, y, z, w, r, g, b, or a"
            }
            PackoffsetProblem::CrossesRegister => {
                "register or offset bind not valid: the value does not fit in the rest of its \
                 16-byte register"
            }
        }
    }
}

/// Checks the text of a member's `packoffset` (`c1.y`) against a member of type `ty`.
pub(crate) fn check_offset(text: &str, ty: Option<&Type>) -> Result<(), PackoffsetProblem> {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let rest = text
        .strip_prefix(['c', 'C'])
        .ok_or(PackoffsetProblem::NotAConstantRegister)?;
    let (register, component) = match rest.split_once('.') {
        Some((r, c)) => (r, Some(c)),
        None => (rest, None),
    };
    if !register.bytes().all(|b| b.is_ascii_digit()) || register.parse::<u32>().is_err() {
        return Err(PackoffsetProblem::BadRegisterNumber);
    }
    let component = match component {
        None => 0,
        Some(c) => types::packoffset_component(c).ok_or(PackoffsetProblem::BadComponent)?,
    };
    let size = match ty {
        Some(Type::Scalar(k)) => k.size_in_buffer(),
        Some(Type::Vector(k, n)) => k.size_in_buffer() * u32::from(*n),
        _ => 0,
    };
    if component * 4 + size > 16 {
        return Err(PackoffsetProblem::CrossesRegister);
    }
    Ok(())
}

/// The byte offset that `cN` or `cN.y` (of a `packoffset`, or of a `register(cN)` on a loose
/// global) names when it is past the 4 GiB a 32-bit buffer offset can address (`c268435456`
/// and beyond), as E2210 reports it; `None` for a nearer offset or a malformed text, which
/// other checks report.
pub(crate) fn offset_past_four_gib(text: &str) -> Option<u64> {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let rest = text.strip_prefix(['c', 'C'])?;
    let (register, component) = match rest.split_once('.') {
        Some((r, c)) => (r, types::packoffset_component(c)?),
        None => (rest, 0),
    };
    if register.is_empty() || !register.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let bytes = register.parse::<u64>().ok()?.checked_mul(16)? + u64::from(component) * 4;
    (bytes > u64::from(u32::MAX)).then_some(bytes)
}

/// Every `packoffset` of the file that is not on a member of a constant buffer.
pub(crate) fn misplaced(root: &SyntaxNode) -> Vec<TextRange> {
    root.descendants()
        .filter_map(ast::PackoffsetBinding::cast)
        .filter(|p| !on_cbuffer_member(p.syntax()))
        .map(|p| p.syntax().text_range())
        .collect()
}

/// Whether the `packoffset` node belongs to a variable declared directly in a cbuffer.
fn on_cbuffer_member(packoffset: &SyntaxNode) -> bool {
    let Some(declarator) = packoffset
        .parent()
        .filter(|n| n.kind() == SyntaxKind::VAR_DECLARATOR)
    else {
        return false;
    };
    declarator
        .parent()
        .filter(|n| n.kind() == SyntaxKind::VAR_DECL)
        .and_then(|decl| decl.parent())
        .filter(|n| n.kind() == SyntaxKind::ITEM_LIST)
        .and_then(|list| list.parent())
        .is_some_and(|n| n.kind() == SyntaxKind::CBUFFER_DEF)
}

/// The diagnostic of `problem` at the `packoffset` in `range` (already in user coordinates).
pub(crate) fn diagnostic(
    problem: PackoffsetProblem,
    file: syntax::FileId,
    range: TextRange,
) -> Diagnostic {
    Diagnostic::error(
        codes::INVALID_PACKOFFSET,
        problem.message().to_owned(),
        file,
        range,
    )
}

#[cfg(test)]
mod tests {
    use super::{check_offset, PackoffsetProblem::*};
    use types::{ScalarKind, Type};

    #[test]
    fn offsets_as_dxc_parses_them() {
        let f4 = Type::Vector(ScalarKind::Float, 4);
        let f2 = Type::Vector(ScalarKind::Float, 2);
        assert_eq!(check_offset("c1", Some(&f4)), Ok(()));
        assert_eq!(check_offset("C2 . x", Some(&f4)), Ok(()));
        assert_eq!(check_offset("c0.b", Some(&f2)), Ok(()));
        assert_eq!(check_offset("c0.z", Some(&f4)), Err(CrossesRegister));
        assert_eq!(check_offset("c0.w", Some(&f2)), Err(CrossesRegister));
        assert_eq!(check_offset("c1invalid", Some(&f4)), Err(BadRegisterNumber));
        assert_eq!(super::offset_past_four_gib("c268435455.w"), None);
        assert_eq!(
            super::offset_past_four_gib("c268435456"),
            Some(4_294_967_296)
        );
        assert_eq!(
            super::offset_past_four_gib("C 4294967295 . y"),
            Some(68_719_476_724)
        );
        assert_eq!(super::offset_past_four_gib("c99999999999999999999"), None);
        assert_eq!(check_offset("c0.xy", Some(&f2)), Err(BadComponent));
        assert_eq!(check_offset("c0._m00", Some(&f4)), Err(BadComponent));
        assert_eq!(check_offset("t0", None), Err(NotAConstantRegister));
        // Arrays, matrices and structs are not checked against the register's end.
        let m = Type::Array {
            element: std::sync::Arc::new(Type::Scalar(ScalarKind::Float)),
            len: Some(1),
        };
        assert_eq!(check_offset("c0.y", Some(&m)), Ok(()));
    }
}
