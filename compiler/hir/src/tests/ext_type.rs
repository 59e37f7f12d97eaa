//! `vk::ext_type<ID>`: the opaque inline SPIR-V type a body-less function declared
//! `[[vk::ext_type_def(ID, OPCODE)]]` defines, with that function's capabilities and
//! extensions; a defining function with parameters makes a type whose operands a call gives
//! (`vk::ext_type<ID>` in hover), and an id no function defines is an error.

use expect_test::expect;

use super::{check_diagnostics, check_infer_hlsl};

#[test]
fn ext_type_names_the_defined_type() {
    check_infer_hlsl(
        r#"
#define HitObjectAttributeNV 5385
[[vk::ext_capability(5383)]]
[[vk::ext_extension("SPV_NV_shader_invocation_reorder")]]
[[vk::ext_type_def(HitObjectAttributeNV, 5281)]]
void createHitObjectNV();
[[vk::ext_instruction(5259)]]
void recordEmpty([[vk::ext_reference]] vk::ext_type<HitObjectAttributeNV> h);
void f() {
    createHitObjectNV();
    vk::ext_type<5385> h;
    recordEmpty(h);
}
"#,
        expect![[r#"
            fn f:
            createHitObjectNV() : void
            createHitObjectNV : {unknown}
            recordEmpty(h) : void
            recordEmpty : {unknown}
            h : vk::SpirvOpaqueType<5281>
            local h : vk::SpirvOpaqueType<5281>
        "#]],
    );
}

#[test]
fn ext_type_misuses() {
    // `a` is fine: a call of `createTypeInt` gives its operands (lowering reads it).
    check_diagnostics(
        r#"
[[vk::ext_type_def(0, 21)]]
void createTypeInt([[vk::ext_literal]] int sizeInBits, [[vk::ext_literal]] int signedness);
[[vk::ext_type_def(1, OpTypeSomething)]]
void createOther();
vk::ext_type<0> a;
vk::ext_type<2> b;
vk::ext_type<1> c;
vk::ext_type<float> d;
"#,
        expect![[r#"
            E2037 7:17 `b`: no function declared [[vk::ext_type_def(2, opcode)]] defines vk::ext_type<2>
            E2037 8:17 `c`: the opcode of `createOther`'s [[vk::ext_type_def]] must be an integer constant
            E2037 9:21 `d`: vk::ext_type takes one integer constant: the id of a [[vk::ext_type_def(id, opcode)]]
        "#]],
    );
}

#[test]
fn ext_type_defined_by_a_call_keeps_its_id() {
    // Two types of one opcode defined by calls stay apart: each is `vk::ext_type<ID>`.
    check_infer_hlsl(
        r#"
[[vk::ext_type_def(0, 21)]]
void makeInt([[vk::ext_literal]] uint width, [[vk::ext_literal]] uint signedness);
[[vk::ext_type_def(1, 21)]]
void makeOther([[vk::ext_literal]] uint width, [[vk::ext_literal]] uint signedness);
void f() {
    makeInt(32, 0);
    vk::ext_type<0> a;
    vk::ext_type<1> b;
}
"#,
        expect![[r#"
            fn f:
            makeInt(32, 0) : void
            makeInt : {unknown}
            32 : literal int
            0 : literal int
            local a : vk::ext_type<0>
            local b : vk::ext_type<1>
        "#]],
    );
}
