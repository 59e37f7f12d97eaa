//! Enum arguments: intrinsic functions take a plain enum as its underlying integer; a method
//! whose parameter is an enum buffer's element takes that enum, a plain enum converts to a
//! method's numeric parameter one step worse than its integer would, and nothing else converts
//! to an enum (DXC's rules, see `hir`'s `infer/enums.rs`).

use std::sync::Arc;

use intrinsics::{resolve_call, resolve_method, ArgType};
use types::{EnumType, ResourceType, ScalarKind, StructuredKind, Type};

fn enumeration(name: &str, scoped: bool, underlying: ScalarKind) -> Type {
    Type::Enum(Arc::new(EnumType {
        name: name.to_owned(),
        scoped,
        underlying,
    }))
}

#[test]
fn intrinsic_functions_take_plain_enums_as_integers() {
    let color = ArgType::Type(enumeration("Color", false, ScalarKind::Uint));
    let r = resolve_call("max", &[color.clone(), ArgType::LiteralInt]).unwrap();
    assert_eq!(r.ret, Type::UINT);
    let r = resolve_call("sin", &[color]).unwrap();
    assert_eq!(r.ret, Type::FLOAT);
    let mode = ArgType::Type(enumeration("Mode", true, ScalarKind::Int));
    assert!(resolve_call("sin", &[mode]).is_err());
}

#[test]
fn methods_take_their_enum_elements() {
    let color = enumeration("Color", false, ScalarKind::Int);
    let queue = Type::resource(ResourceType::StructuredBuffer {
        kind: StructuredKind::Append,
        element: color.clone(),
    });
    let r = resolve_method(&queue, "Append", &[ArgType::Type(color.clone())]).unwrap();
    assert_eq!(r.params[0].ty, color);
    // An integer (literal or not) and another enum are no `Color`.
    assert!(resolve_method(&queue, "Append", &[ArgType::LiteralInt]).is_err());
    assert!(resolve_method(&queue, "Append", &[ArgType::Type(Type::INT)]).is_err());
    let other = enumeration("Other", false, ScalarKind::Int);
    assert!(resolve_method(&queue, "Append", &[ArgType::Type(other)]).is_err());
    // A plain enum is a `Load` address through its integer.
    let buffer = Type::resource(ResourceType::StructuredBuffer {
        kind: StructuredKind::ReadWrite,
        element: Type::FLOAT,
    });
    let r = resolve_method(&buffer, "Load", &[ArgType::Type(color)]).unwrap();
    assert_eq!(r.ret, Type::FLOAT);
}
