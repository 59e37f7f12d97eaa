//! Vulkan's combined image samplers, `vk::SampledTexture2D<T>` and the other dimensions:
//! the type, its methods without a sampler argument, and DXC's rule on 16-bit sampled types.

use base_db::CompileConfig;
use expect_test::expect;
use syntax::line_index::LineIndex;
use syntax::PreprocessConfig;

use super::{check_diagnostics, check_infer_hlsl};
use crate::test_db::TestDb;

#[test]
fn methods_take_no_sampler() {
    check_infer_hlsl(
        r#"
vk::SampledTexture2D<float4> t;
vk::SampledTextureCube c;
float4 f(float2 uv) {
    uint w, h;
    t.GetDimensions(w, h);
    return t.Sample(uv) + t.Load(int3(0, 0, 0)) + t[uint2(1, 2)] + c.SampleLevel(float3(uv, 1), 0);
}
"#,
        expect![[r#"
            fn f:
            t.GetDimensions(w, h) : void
            t : vk::SampledTexture2D<float4>
            w : uint
            h : uint
            t.Sample(uv) + t.Load(int3(0, 0, 0)) + t[uint2(1, 2)] + c.SampleLevel(float3(uv, 1), 0) : float4
            t.Sample(uv) + t.Load(int3(0, 0, 0)) + t[uint2(1, 2)] : float4
            t.Sample(uv) + t.Load(int3(0, 0, 0)) : float4
            t.Sample(uv) : float4
            t : vk::SampledTexture2D<float4>
            uv : float2
            t.Load(int3(0, 0, 0)) : float4
            t : vk::SampledTexture2D<float4>
            int3(0, 0, 0) : int3
            int3 : {unknown}
            0 : literal int
            0 : literal int
            0 : literal int
            t[uint2(1, 2)] : float4
            t : vk::SampledTexture2D<float4>
            uint2(1, 2) : uint2
            uint2 : {unknown}
            1 : literal int
            2 : literal int
            c.SampleLevel(float3(uv, 1), 0) : float4
            c : vk::SampledTextureCUBE<float4>
            float3(uv, 1) : float3
            float3 : {unknown}
            uv : float2
            1 : literal int
            0 : literal int
            local uv : float2
            local w : uint
            local h : uint
        "#]],
    );
}

#[test]
fn a_sampler_argument_is_refused() {
    let src = r#"
vk::SampledTexture2D<float4> t;
SamplerState s;
float4 f(float2 uv) { return t.Sample(s, uv); }
"#;
    expect![[r#"
        E2004 4:30 `t.Sample(s, uv)`: no matching overload for call to `Sample` (candidates: float4 Sample(float2 location, int2 offset))
    "#]].assert_eq(&diagnostics(src, false));
}

#[test]
fn every_dimension_is_a_texture() {
    check_diagnostics(
        r#"
vk::SampledTexture1D<float> a;
vk::SampledTexture1DArray<float2> b;
vk::SampledTexture2DArray<float3> c;
vk::SampledTexture2DMS<float4> d;
vk::SampledTexture2DMSArray<int4> e;
vk::SampledTexture3D<uint> f;
vk::SampledTextureCubeArray<float4> g;
vk::SampledTextureRect<float4> h;
struct S { float4 a; };
vk::SampledTexture2D<S> i;
vk::SampledTexture2D<float[4]> j;
Texture2D<S> k;
"#,
        expect![[r#"
            E2014 9:32 `h`: unknown type `vk::SampledTextureRect<float4>`
            E2029 11:1 `vk::SampledTexture2D<S>`: 'S' cannot be used as a type parameter where it must be of type float, int, uint or their vector equivalents
            E2029 12:1 `vk::SampledTexture2D<float[4]>`: 'float[4]' cannot be used as a type parameter where it must be of type float, int, uint or their vector equivalents
            E2029 13:1 `Texture2D<S>`: elements of typed buffers and textures must be scalars or vectors, not `S`
        "#]],
    );
}

/// The diagnostics of `src` with the real intrinsic table, under `-enable-16bit-types` if
/// `native_16bit`.
fn diagnostics(src: &str, native_16bit: bool) -> String {
    let mut db = TestDb::with_intrinsics(std::sync::Arc::new(crate::HlslIntrinsics));
    let file = db.set_file_text("/t/main.hlsl", src);
    let config = CompileConfig::new(
        &db,
        PreprocessConfig {
            enable_16bit_types: native_16bit,
            ..PreprocessConfig::default()
        },
    );
    let index = LineIndex::new(src);
    let mut out = String::new();
    for d in crate::diagnostics::diagnostics(&db, file, config) {
        let lc = index.line_col(d.range.start());
        out.push_str(&format!(
            "{} {}:{} `{}`: {}\n",
            d.code,
            lc.line + 1,
            lc.col + 1,
            &src[d.range],
            d.message
        ));
    }
    out
}

/// Vulkan images sample no 16-bit floats; DXC refuses the declaration in these words. Without
/// `-enable-16bit-types`, `half` is a 32-bit `float` and its texture is fine; `float16_t` is
/// 16 bits either way. 16-bit integers pass here (the backend refuses them at a use).
#[test]
fn half_textures_are_refused_with_16bit_types() {
    let src = r#"
vk::SampledTexture2D<half4> a;
Texture2D<float16_t> b;
vk::SampledTexture2D<float4> ok;
vk::SampledTexture2D<int16_t4> ints;
"#;
    expect![[r#"
        E2029 2:1 `vk::SampledTexture2D<half4>`: The sampled type for textures cannot be a floating point type smaller than 32-bits when targeting a Vulkan environment.
        E2029 3:1 `Texture2D<float16_t>`: The sampled type for textures cannot be a floating point type smaller than 32-bits when targeting a Vulkan environment.
    "#]]
    .assert_eq(&diagnostics(src, true));
    expect![[r#"
        E2029 3:1 `Texture2D<float16_t>`: The sampled type for textures cannot be a floating point type smaller than 32-bits when targeting a Vulkan environment.
    "#]].assert_eq(&diagnostics(src, false));
}

/// DXC's own spelling of the cube forms is `CUBE`; `Cube` is taken as well, and both print
/// as DXC's.
#[test]
fn cube_forms_are_spelled_cube_in_capitals() {
    check_infer_hlsl(
        r#"
vk::SampledTextureCUBE<float4> a;
vk::SampledTextureCUBEArray<float4> b;
vk::SampledTextureCube<float4> c;
float4 f(float4 p) { return a.Sample(p.xyz) + b.Sample(p) + c.Sample(p.xyz); }
"#,
        expect![[r#"
            fn f:
            a.Sample(p.xyz) + b.Sample(p) + c.Sample(p.xyz) : float4
            a.Sample(p.xyz) + b.Sample(p) : float4
            a.Sample(p.xyz) : float4
            a : vk::SampledTextureCUBE<float4>
            p.xyz : float3
            p : float4
            b.Sample(p) : float4
            b : vk::SampledTextureCUBEArray<float4>
            p : float4
            c.Sample(p.xyz) : float4
            c : vk::SampledTextureCUBE<float4>
            p.xyz : float3
            p : float4
            local p : float4
        "#]],
    );
}
