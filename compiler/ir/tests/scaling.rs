//! The scalar-factor mark of `mul` (`ir::scaling`): printed as `scalar(i)`, and checked by the
//! verifier to name a splat of a scalar.

mod common;

use common::*;
use expect_test::expect;
use ir::types::Type;
use ir::{Block, FunctionBuilder, Module, ModuleBuilder, Opcode};

/// `@f(float4, float) -> float4` whose body `body` builds.
fn scale_function(body: impl FnOnce(&mut FunctionBuilder<'_>) -> ir::Value) -> Module {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("f", vec![float_n(4), Type::FLOAT], float_n(4));
    let mut fb = mb.function(f);
    let b: Block = fb.create_block("entry");
    fb.switch_to_block(b);
    let r = body(&mut fb);
    fb.ret(Some(r));
    mb.finish()
}

#[test]
fn a_marked_mul_prints_its_scalar_operand() {
    let m = scale_function(|fb| {
        let s = fb.arg(1);
        let splat = fb.construct(float_n(4), &[s, s, s, s]);
        fb.scale(fb.arg(0), splat, 1)
    });
    check(
        &m,
        expect![[r#"
            func @f(%arg0: float4, %arg1: float) -> float4 {
            bb0: ; (entry)
              %0 = composite_construct %arg1, %arg1, %arg1, %arg1 : float4
              %1 = mul %arg0, %0, scalar(1) : float4
              ret %1
            }
        "#]],
    );
}

#[test]
fn the_mark_must_name_a_splat() {
    let m = scale_function(|fb| {
        let s = fb.arg(1);
        let two = fb.float(2.0);
        let mixed = fb.construct(float_n(4), &[s, s, s, two]);
        let a = fb.scale(fb.arg(0), mixed, 1);
        let b = fb.scale(a, fb.arg(0), 0);
        let c = fb.scale(b, mixed, 2);
        fb.binary(Opcode::Mul, c, c)
    });
    expect![[r#"
        function @f, bb0, `%1 = mul %arg0, %0, scalar(1) : float4`: [arithmetic-type] operand 1 of mul, marked scalar, is not a splat of a scalar
        function @f, bb0, `%2 = mul %1, %arg0, scalar(0) : float4`: [arithmetic-type] operand 0 of mul, marked scalar, is not a splat of a scalar
        function @f, bb0, `%3 = mul %2, %0, scalar(2) : float4`: [arithmetic-type] mul marks its scalar factor with one literal, 0 or 1, not [2]
    "#]]
    .assert_eq(&messages(&m));
}
