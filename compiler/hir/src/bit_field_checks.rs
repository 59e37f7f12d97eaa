//! DXC's rules for bit-fields (`uint a : 8;`), in its words (`E2121`): a bit-field is a
//! non-static struct member of an integral type (`bool`, an integer or an enum), a named
//! one is at least one bit wide, and none is wider than its type. The layout of bit-fields
//! is `types`' and `lower`'s; an unnamed one (`uint : 8;`) is a field without a name, so it
//! takes its bits in that layout as in DXC. Called by `decl_checks` for every variable
//! declared with a width.

use types::Type;

/// The problems of bit-field `name` (empty when unnamed) of width `width` and type `ty`
/// (`None` when unknown); `member` is whether it is declared in a struct.
pub(crate) fn bit_field_problems(
    name: &str,
    width: u8,
    ty: Option<&Type>,
    member: bool,
    is_static: bool,
) -> Vec<String> {
    let mut out = Vec::new();
    if !member {
        out.push("bit-fields are only allowed as members of a struct".to_owned());
        return out;
    }
    if is_static {
        out.push(format!("static member '{name}' cannot be a bit-field"));
        return out;
    }
    let Some(ty) = ty else {
        return out;
    };
    let bits = match ty {
        // `bool` counts 32 bits, as DXC stores it.
        Type::Scalar(k) if !k.is_float() => k.size_in_buffer() * 8,
        Type::Enum(e) => e.underlying.size_in_buffer() * 8,
        _ if name.is_empty() => {
            out.push(format!("anonymous bit-field has non-integral type '{ty}'"));
            return out;
        }
        _ => {
            out.push(format!("bit-field '{name}' has non-integral type '{ty}'"));
            return out;
        }
    };
    if width == 0 && !name.is_empty() {
        out.push(format!("named bit-field '{name}' has zero width"));
    } else if u32::from(width) > bits {
        let what = if name.is_empty() {
            "anonymous bit-field".to_owned()
        } else {
            format!("bit-field '{name}'")
        };
        out.push(format!(
            "size of {what} ({width} bits) exceeds size of its type ({bits} bits)"
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_against_their_types() {
        let uint = Type::UINT;
        assert!(bit_field_problems("a", 32, Some(&uint), true, false).is_empty());
        assert_eq!(
            bit_field_problems("b", 33, Some(&uint), true, false),
            ["size of bit-field 'b' (33 bits) exceeds size of its type (32 bits)"]
        );
        // DXC's bool is 32 bits wide.
        assert_eq!(
            bit_field_problems("c", 39, Some(&Type::BOOL), true, false),
            ["size of bit-field 'c' (39 bits) exceeds size of its type (32 bits)"]
        );
        assert_eq!(
            bit_field_problems("pad", 0, Some(&uint), true, false),
            ["named bit-field 'pad' has zero width"]
        );
        assert!(bit_field_problems("", 0, Some(&uint), true, false).is_empty());
        assert_eq!(
            bit_field_problems("bf", 8, Some(&uint), true, true),
            ["static member 'bf' cannot be a bit-field"]
        );
        assert_eq!(
            bit_field_problems("", 1, Some(&Type::FLOAT), true, false),
            ["anonymous bit-field has non-integral type 'float'"]
        );
    }
}
