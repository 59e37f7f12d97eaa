//! `union`, as DXC takes it (`E2180`, `E2020`): before HLSL 202x the word is reserved, and
//! every use of it is refused at the keyword in DXC's words ("'union' is a reserved keyword in
//! HLSL"); HLSL 202x takes C++'s unions, which the compiler does not support yet: each union
//! definition is refused at its head (`union U`). Either way the union is analysed as a struct
//! of its members, so what uses it says nothing more. Called by
//! `decl_checks::declaration_diagnostics`.
//!
//! Why not compile them: DXC takes unions under `-HV 202x` (or `-enable-unions`) and its
//! DXIL path gives every member offset 0 (its `HLSLFileCheck/hlsl/types/union` tests), but
//! its SPIR-V backend has no union case: a union is lowered like any record, an `OpTypeStruct`
//! whose members follow one another (`LowerTypeVisitor::lowerStructFields`), so a write
//! through one member is not seen through another. Overlapping members would not pass
//! `spirv-val` either (offsets in a `Block` must not overlap). Rather than copy a silent
//! miscompilation, the definition stays refused until unions get a storage of their own (the
//! largest member, other members read and written through bit casts).

use syntax::{SyntaxKind, SyntaxNode, TextRange};

use crate::{codes, HLSL_202X};

/// The code, range and message of each `union` that `hlsl_version` refuses in `root`.
pub(crate) fn refused_unions(
    root: &SyntaxNode,
    hlsl_version: u32,
) -> Vec<(&'static str, TextRange, String)> {
    let keywords = root
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() == SyntaxKind::UNION_KW);
    let mut out = Vec::new();
    for keyword in keywords {
        if hlsl_version < HLSL_202X {
            out.push((
                codes::RESERVED_KEYWORD,
                keyword.text_range(),
                "'union' is a reserved keyword in HLSL".to_owned(),
            ));
            continue;
        }
        // Under 202x, once per definition (an elaborated `union U u;` only names it).
        let Some(def) = keyword
            .parent()
            .filter(|p| p.kind() == SyntaxKind::STRUCT_DEF)
        else {
            continue;
        };
        let head_end = def
            .children()
            .find(|c| c.kind() == SyntaxKind::NAME)
            .map_or(keyword.text_range().end(), |n| n.text_range().end());
        out.push((
            codes::NOT_SUPPORTED,
            TextRange::new(keyword.text_range().start(), head_end),
            "not supported yet: union".to_owned(),
        ));
    }
    out
}
