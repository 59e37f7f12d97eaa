//! Helpers shared by the IR test files: type shorthands and a check that a module verifies
//! cleanly before its dump is compared.

#![allow(dead_code)]

use expect_test::Expect;
use ir::types::{
    AddressSpace, ResourceType, ScalarKind, StructField, StructType, TextureAccess, TextureDim,
    Type,
};
use ir::{print_module, verify, Module};

pub fn vec_of(k: ScalarKind, n: u8) -> Type {
    Type::vector(k, n)
}

pub fn float_n(n: u8) -> Type {
    if n == 1 {
        Type::FLOAT
    } else {
        Type::vector(ScalarKind::Float, n)
    }
}

pub fn int_n(n: u8) -> Type {
    if n == 1 {
        Type::INT
    } else {
        Type::vector(ScalarKind::Int, n)
    }
}

pub fn ptr(space: AddressSpace, t: Type) -> Type {
    Type::pointer(space, t)
}

pub fn texture(dim: TextureDim, access: TextureAccess, sample: Type) -> Type {
    Type::resource(ResourceType::Texture {
        dim,
        access,
        sample,
    })
}

pub fn sampler(comparison: bool) -> Type {
    Type::resource(ResourceType::Sampler { comparison })
}

pub fn structure(name: &str, fields: &[(&str, Type)]) -> Type {
    Type::structure(StructType {
        name: name.to_owned(),
        fields: fields
            .iter()
            .map(|(n, t)| StructField::new(*n, t.clone()))
            .collect(),
    })
}

/// Asserts the module verifies, then compares its dump.
pub fn check(m: &Module, expect: Expect) {
    let errors = verify(m);
    let text = print_module(m);
    assert!(
        errors.is_empty(),
        "verifier errors:\n{}\n\nmodule:\n{text}",
        errors
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    );
    expect.assert_eq(&text);
}

/// The verifier's messages, one per line.
pub fn messages(m: &Module) -> String {
    verify(m).iter().map(|e| format!("{e}\n")).collect()
}
