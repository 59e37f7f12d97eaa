//! Valid HLSL from public sample shaders (Vulkan samples built with `dxc -spirv`) that once
//! met false errors: a cbuffer wrapping one member of its own name (`cbuffer ubo { UBO ubo; }`),
//! `GetDimensions` into `int` lvalues, `[numthreads]` on a helper that returns a value.

use expect_test::expect;

use super::{check_diagnostics, check_infer};

#[test]
fn cbuffer_member_named_like_the_cbuffer() {
    check_diagnostics(
        r#"
struct UBO { float4x4 projection; float4 lightPos; };
cbuffer ubo : register(b0) { UBO ubo; }
tbuffer tb { float tb; }
float4 f() { return ubo.lightPos * tb; }
"#,
        expect![""],
    );
}

#[test]
fn cbuffer_member_named_like_the_cbuffer_resolves_to_the_member() {
    check_infer(
        r#"
struct UBO { float4 lightPos; };
cbuffer ubo { UBO ubo; }
float4 f() { return ubo.lightPos; }
"#,
        expect![[r#"
            fn f:
            ubo.lightPos : float4
            ubo : UBO
        "#]],
    );
}

#[test]
fn two_globals_of_one_name_still_clash() {
    check_diagnostics(
        r#"
cbuffer a { float x; }
cbuffer b { int x; }
"#,
        expect![[r#"
            E2002 3:17 `x`: redefinition of `x`
              note 2:19 `x`: previous definition is here
        "#]],
    );
}

#[test]
fn get_dimensions_into_int_lvalues_picks_the_uint_overload() {
    // The sample shaders write sizes into `int2` components; DXC takes the `out uint`
    // overload (an integer-to-integer copy back), not the `out float` one.
    check_diagnostics(
        r#"
Texture2D t;
Texture2DArray ta;
float2 f() {
    int2 dim; int layers; int levels;
    t.GetDimensions(dim.x, dim.y);
    ta.GetDimensions(0, dim.x, dim.y, layers, levels);
    return 1.0 / (float2)dim;
}
"#,
        expect![""],
    );
}

#[test]
fn get_dimensions_into_float_lvalues_still_picks_the_float_overload() {
    check_diagnostics(
        r#"
Texture2D t;
float f() { float w, h; t.GetDimensions(w, h); return w / h; }
"#,
        expect![""],
    );
}

#[test]
fn numthreads_on_a_value_returning_helper_makes_no_entry() {
    // The Vulkan samples' `cull.comp` marks its `bool frustumCheck(...)` helper with
    // `[numthreads]`; DXC compiles `-E main` and ignores the attribute there.
    check_diagnostics(
        r#"
[numthreads(16, 1, 1)]
bool frustumCheck(float4 pos, float radius) { return pos.w > radius; }
RWStructuredBuffer<uint> o;
[numthreads(16, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { o[id.x] = frustumCheck(id.xyzx, 1.0) ? 1 : 0; }
"#,
        expect![""],
    );
}
