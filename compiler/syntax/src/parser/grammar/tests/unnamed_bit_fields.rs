//! Unnamed bit-fields (`uint : 8;`, `enum E : 1;`) in a struct: padding declarators without
//! a name, parsed without errors as DXC's bit-field tests write them.

use crate::SyntaxKind::{BIT_FIELD_WIDTH, NAME, VAR_DECLARATOR};

#[test]
fn unnamed_bit_fields_have_a_width_and_no_name() {
    let text = "struct S { uint a : 8; uint : 8; enum E : 2; int : 0; uint b : 14; };\n";
    let parsed = crate::parse(text);
    let tree = parsed.syntax();
    assert_eq!(tree.to_string(), text);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let declarators: Vec<_> = tree
        .descendants()
        .filter(|n| n.kind() == VAR_DECLARATOR)
        .collect();
    let named: Vec<bool> = declarators
        .iter()
        .map(|d| d.children().any(|c| c.kind() == NAME))
        .collect();
    assert_eq!(named, [true, false, false, true]);
    // Five widths: four declarators and the enum's.
    let widths = tree
        .descendants()
        .filter(|n| n.kind() == BIT_FIELD_WIDTH)
        .count();
    assert_eq!(widths, 5);
}
