//! `SV_TessFactor` and `SV_InsideTessFactor` hold one factor an element: a `float`, or an
//! array of them (`float[3]` for the triangle domain), which the wrappers write to and read
//! from `TessLevelOuter`/`TessLevelInner` element by element. A vector or a matrix
//! (`float4 e : SV_TessFactor`) is refused in the words of DXC's validator, which counts its
//! rows and columns against the domain's ("TessFactor rows, columns (1, 4) invalid for domain
//! Quad.  Expected 4 rows and 1 column."), under `E3007` (a system value of a type DXC does
//! not allow). Called by `tessellation` for a hull shader's patch constants and a domain
//! shader's.

use ir::TessDomain;
use types::{ScalarKind, Type};

use super::vars::Leaf;
use crate::context::{ModuleCtx, R};

/// The rows and columns DXC's signature gives a value of `ty`.
fn rows_and_columns(ty: &Type) -> (u32, u32) {
    match ty {
        Type::Vector(_, n) => (1, u32::from(*n)),
        Type::Matrix { rows, cols, .. } => (u32::from(*rows), u32::from(*cols)),
        Type::Array {
            element,
            len: Some(n),
        } => {
            let (r, c) = rows_and_columns(element);
            (r * n, c)
        }
        _ => (1, 1),
    }
}

/// Whether `ty` is a factor a tessellation level takes: a `float` or an array of them.
fn is_factor_type(ty: &Type) -> bool {
    match ty {
        Type::Scalar(ScalarKind::Float) => true,
        Type::Array { element, .. } => **element == Type::Scalar(ScalarKind::Float),
        _ => false,
    }
}

/// Refuses a tess factor among `leaves` (declared at `range`) of a type that is no factor.
pub(super) fn check(
    cx: &mut ModuleCtx<'_>,
    leaves: &[Leaf],
    domain: TessDomain,
    range: syntax::TextRange,
) -> R<()> {
    for leaf in leaves {
        let upper = leaf.semantic.to_ascii_uppercase();
        let (name, expected) = match (upper.as_str(), domain) {
            ("SV_TESSFACTOR", TessDomain::Tri) => ("TessFactor", 3),
            ("SV_TESSFACTOR", TessDomain::Quad) => ("TessFactor", 4),
            ("SV_TESSFACTOR", TessDomain::Isoline) => ("TessFactor", 2),
            ("SV_INSIDETESSFACTOR", TessDomain::Tri) => ("InsideTessFactor", 1),
            ("SV_INSIDETESSFACTOR", TessDomain::Quad) => ("InsideTessFactor", 2),
            ("SV_INSIDETESSFACTOR", TessDomain::Isoline) => ("InsideTessFactor", 0),
            _ => continue,
        };
        if leaf.vk_builtin.is_some() || is_factor_type(&leaf.ty) {
            continue;
        }
        let (rows, columns) = rows_and_columns(&leaf.ty);
        let domain = match domain {
            TessDomain::Tri => "Tri",
            TessDomain::Quad => "Quad",
            TessDomain::Isoline => "IsoLine",
        };
        let message = format!(
            "{name} rows, columns ({rows}, {columns}) invalid for domain {domain}.  Expected \
             {expected} rows and 1 column. (`{}` is a `float` array, one factor an element, \
             not {})",
            leaf.semantic, leaf.ty
        );
        let at = leaf.decl_range.unwrap_or(range);
        return Err(cx.error(crate::BAD_STAGE_TYPE, message, at));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{is_factor_type, rows_and_columns};
    use types::{ScalarKind, Type};

    #[test]
    fn factors_are_floats_one_an_element() {
        let float4 = Type::Vector(ScalarKind::Float, 4);
        assert_eq!(rows_and_columns(&float4), (1, 4));
        assert_eq!(rows_and_columns(&Type::array(Type::FLOAT, 3)), (3, 1));
        assert!(is_factor_type(&Type::array(Type::FLOAT, 3)));
        assert!(is_factor_type(&Type::FLOAT));
        assert!(!is_factor_type(&float4));
        assert!(!is_factor_type(&Type::array(float4, 2)));
    }
}
