//! Rules found by measuring `hlslc` against vkd3d's HLSL test suite, each with the
//! declarations the rule allows (which must stay silent): `packoffset` (E2051).

use expect_test::expect;

use super::check_diagnostics;

#[test]
fn packoffset_only_on_constant_buffer_members() {
    check_diagnostics(
        r#"
struct S { float4 a : packoffset(c0); };
float4 g : packoffset(c0);
float4 f(float4 x : packoffset(c0)) : packoffset(c1) { return x; }
cbuffer B { float4 ok : packoffset(c2); S s : packoffset(c3); }
tbuffer T { float4 tok : packoffset(c0); }
"#,
        expect![[r#"
            E2051 2:21 `: packoffset(c0)`: packoffset is only allowed in a constant buffer
            E2051 3:10 `: packoffset(c0)`: packoffset is only allowed in a constant buffer
            E2051 4:19 `: packoffset(c0)`: packoffset is only allowed in a constant buffer
            E2051 4:37 `: packoffset(c1)`: packoffset is only allowed in a constant buffer
        "#]],
    );
}

#[test]
fn packoffset_registers_and_components() {
    check_diagnostics(
        r#"
cbuffer B
{
    float4 a : packoffset(c1junk);
    float2 b : packoffset(c2.xy);
    float4 c : packoffset(c3._m00);
    float4 d : packoffset(t4);
    float4 e : packoffset(c5.z);
    float3 f : packoffset(c6.y);
    float2 g : packoffset(c7.b);
    float h : packoffset(C8.a);
    float1x1 m : packoffset(c9.y);
    float arr[1] : packoffset(c10.w);
}
"#,
        expect![[r#"
            E2051 4:14 `: packoffset(c1junk)`: register number should be an integral numeric string
            E2051 5:14 `: packoffset(c2.xy)`: packoffset component should indicate offset with one of x, y, z, w, r, g, b, or a
            E2051 6:14 `: packoffset(c3._m00)`: packoffset component should indicate offset with one of x, y, z, w, r, g, b, or a
            E2051 7:14 `: packoffset(t4)`: register type is unsupported: packoffset takes a 'c' register
            E2051 8:14 `: packoffset(c5.z)`: register or offset bind not valid: the value does not fit in the rest of its 16-byte register
        "#]],
    );
}
