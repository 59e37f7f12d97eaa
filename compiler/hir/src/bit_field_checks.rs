//! Bit-field declarations clang (and so DXC) refuses, in its words, at the width: a type that
//! is not an integer (`float f : 3;`, `E2112`), a width past the type's bits (`uint a : 40;`,
//! `E2110`), and a named field of width 0 (`uint b : 0;`, `E2111`). Without these a layout
//! would hold a field its word cannot. Called by `decl_checks` for struct fields.

use types::Type;

/// A refused bit-field: its code and message.
pub(crate) fn problem(name: &str, ty: &Type, width_text: &str) -> Option<(&'static str, String)> {
    let kind = match ty {
        Type::Scalar(k) => *k,
        Type::Enum(e) => e.underlying,
        other => {
            return Some((
                crate::codes::BIT_FIELD_TYPE,
                format!("bit-field '{name}' has non-integral type '{other}'"),
            ))
        }
    };
    if kind.is_float() {
        return Some((
            crate::codes::BIT_FIELD_TYPE,
            format!("bit-field '{name}' has non-integral type '{ty}'"),
        ));
    }
    let width = parse_width(width_text)?;
    let bits = u64::from(kind.size_in_buffer()) * 8;
    if width > bits {
        return Some((
            crate::codes::BIT_FIELD_TOO_WIDE,
            format!(
                "width of bit-field '{name}' ({width} bits) exceeds the width of its type \
                 ({bits} bits)"
            ),
        ));
    }
    if width == 0 && !name.is_empty() {
        return Some((
            crate::codes::BIT_FIELD_ZERO_WIDTH,
            format!("named bit-field '{name}' has zero width"),
        ));
    }
    None
}

/// A width literal's value: decimal, `0x` hexadecimal or `0` octal, with `u`/`l` suffixes.
fn parse_width(text: &str) -> Option<u64> {
    let t = text.trim_end_matches(['u', 'U', 'l', 'L']);
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        u64::from_str_radix(hex, 16).ok()
    } else if t.len() > 1 && t.starts_with('0') {
        u64::from_str_radix(&t[1..], 8).ok()
    } else {
        t.parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use types::ScalarKind;

    #[test]
    fn widths_past_the_type_zero_widths_and_float_fields_are_refused() {
        let code = |name: &str, ty: Type, w: &str| problem(name, &ty, w);
        assert_eq!(code("a", Type::UINT, "32"), None);
        assert_eq!(code("a", Type::Scalar(ScalarKind::Uint64), "0x28"), None);
        let (c, m) = code("a", Type::UINT, "40").unwrap();
        assert_eq!(c, "E2110");
        assert_eq!(
            m,
            "width of bit-field 'a' (40 bits) exceeds the width of its type (32 bits)"
        );
        let (c, m) = code("b", Type::INT, "0").unwrap();
        assert_eq!(
            (c, m.as_str()),
            ("E2111", "named bit-field 'b' has zero width")
        );
        let (c, m) = code("f", Type::FLOAT, "3").unwrap();
        assert_eq!(
            (c, m.as_str()),
            ("E2112", "bit-field 'f' has non-integral type 'float'")
        );
        let (c, _) = code("h", Type::Scalar(ScalarKind::Uint16), "17").unwrap();
        assert_eq!(c, "E2110");
    }
}
