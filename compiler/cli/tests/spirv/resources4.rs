//! Structs holding resources, the remaining forms (issue #4, item 4), through `hlslc -spirv`
//! and `spirv-val`: casts between structs holding resources and of scalars to them, `static`
//! arrays of resources indexed by a cbuffer value.

use crate::harness::{compile, refuse};

/// The lines of `asm` that put an image or sampler in function or private memory, or in a
/// struct (Vulkan keeps them in `UniformConstant` variables only).
fn opaque_in_memory(asm: &str) -> Vec<&str> {
    asm.lines()
        .filter(|l| {
            let opaque = l.contains("%type_image") || l.contains("%type_sampler");
            let memory = l.contains("OpTypePointer Function")
                || l.contains("OpTypePointer Private")
                || l.contains("OpTypeStruct");
            opaque && memory
        })
        .collect()
}

#[test]
fn cast_between_structs_holding_a_texture_at_the_same_place() {
    // Both hold the texture after two scalars; `Wide`'s extra members are dropped.
    let text = r#"
Texture2D gTex;
SamplerState gSamp;
struct Wide { int2 uv; Texture2D t; float w; float4 more; Texture2D spare; };
struct Narrow { float uv[2]; Texture2D t; int w; };
float4 shade(Narrow n) { return n.t.Sample(gSamp, float2(n.uv[0], n.uv[1])) * n.w; }
float4 main() : SV_Target {
    Wide a = { 1, 2, gTex, 7.5, 1, 2, 3, 4, gTex };
    Narrow b;
    b = (Narrow)a;
    return b.t.Sample(gSamp, float2(b.uv[0], b.uv[1])) * b.w + shade((Narrow)a);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    // Only the data parts live in function memory.
    assert_eq!(opaque_in_memory(&m.asm), Vec::<&str>::new(), "{}", m.asm);
    assert!(
        m.has("OpTypePointer UniformConstant %type_image"),
        "{}",
        m.asm
    );
    assert_eq!(
        m.asm.matches("OpImageSampleImplicitLod").count(),
        2,
        "{}",
        m.asm
    );
}

#[test]
fn scalar_cast_to_a_struct_holding_resources_sets_its_data() {
    let text = r#"
Texture2D gTex;
SamplerState gSamp;
struct Mat { float4 tint; Texture2D t; };
float4 main() : SV_Target {
    Mat m = (Mat)0;
    m.t = gTex;
    Mat n = (Mat)0.25;
    return m.t.Sample(gSamp, n.tint.xy) + m.tint;
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert!(m.has("OpImageSampleImplicitLod"), "{}", m.asm);
}

#[test]
fn casts_dxc_refuses() {
    let shifted = r#"
Texture2D gTex;
struct A { Texture2D t; float x; };
struct B { float x; Texture2D t; };
float4 main() : SV_Target { A a = { gTex, 1 }; B b = (B)a; return b.x; }
"#;
    refuse(shifted, "ps_6_0", &[], 1, "E3022");
    refuse(shifted, "ps_6_0", &[], 1, "cannot convert from 'A' to 'B'");
    let first = r#"
struct M { Texture2D t; float x; };
float4 main() : SV_Target { M m = (M)0; return m.x; }
"#;
    refuse(first, "ps_6_0", &[], 1, "cannot convert from 'int' to 'M'");
    // After a splat the texture is unassigned: using it reads an undefined texture, as
    // DXC's legalization leaves it (res17; was E3020).
    let unassigned = r#"
SamplerState gSamp;
struct M { float x; Texture2D t; };
float4 main() : SV_Target { M m = (M)0; return m.t.Sample(gSamp, float2(0, 0)); }
"#;
    let m = compile(unassigned, "ps_6_0", &[]);
    assert!(m.has("%undefined_texture = OpUndef"), "{}", m.asm);
}

#[test]
fn static_array_indexed_by_a_cbuffer_value() {
    // `ts[index]` is `Layers[index + 1]`, one access chain into the global array.
    let text = r#"
Texture2D Layers[4];
SamplerState gSamp;
cbuffer Params { uint index; }
static Texture2D ts[2] = { Layers[1], Layers[2] };
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    return ts[index].Sample(gSamp, uv) + ts[0].Sample(gSamp, uv);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(
        m.asm.matches("OpImageSampleImplicitLod").count(),
        2,
        "{}",
        m.asm
    );
    // The static has no memory of its own; the index is offset by the first element.
    assert_eq!(opaque_in_memory(&m.asm), Vec::<&str>::new(), "{}", m.asm);
    assert!(m.has("OpIAdd %int"), "{}", m.asm);
    assert!(
        m.has("OpTypePointer UniformConstant %_arr_type_image"),
        "{}",
        m.asm
    );
}

#[test]
fn static_array_of_distinct_textures_indexed_at_run_time_is_refused() {
    let text = r#"
Texture2D A;
Texture2D B;
SamplerState gSamp;
cbuffer Params { uint index; }
static Texture2D ts[2] = { A, B };
float4 main(float2 uv : TEXCOORD0) : SV_Target { return ts[index].Sample(gSamp, uv); }
"#;
    refuse(text, "ps_6_0", &[], 1, "E3020");
    refuse(
        text,
        "ps_6_0",
        &[],
        1,
        "not consecutive elements of one global array",
    );
}

#[test]
fn unread_local_through_an_unassigned_member_is_dropped() {
    // `spare` is never assigned; the locals reading it through a method are never read.
    let text = r#"
StructuredBuffer<float4> gData;
struct Views {
    StructuredBuffer<float4> data;
    StructuredBuffer<float4> spare;
    StructuredBuffer<float4> getSpare() { return spare; }
    Views self() { return this; }
};
float4 main() : SV_Target {
    Views v;
    v.data = gData;
    float4 unused = v.self().getSpare()[7];
    float alsoUnused = v.spare[1].x * 2;
    return v.data[0];
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    // One access into a buffer (`Uniform` with `BufferBlock` under Vulkan 1.0): `v.data[0]`.
    let chains: Vec<&str> = m
        .asm
        .lines()
        .filter(|l| l.contains("OpAccessChain"))
        .collect();
    let data = format!(
        "OpAccessChain %_ptr_Uniform_v4float {} %uint_0 %int_0",
        m.id("gData")
    );
    assert_eq!(chains.len(), 1, "{}", m.asm);
    assert!(chains[0].ends_with(&data), "{}", m.asm);
    // Read, it is the use of no resource, at the call.
    let read = text.replace("return v.data[0];", "return v.data[0] + unused;");
    refuse(&read, "ps_6_0", &[], 1, "E3020");
    refuse(&read, "ps_6_0", &[], 1, "used before one is assigned");
}

#[test]
fn flattened_lists_holding_structs_and_arrays_and_whole_elements_at_run_time_indices() {
    let text = r#"
Texture2D gTex[4];
SamplerState gSamp;
cbuffer Params { uint pick; }
struct Inner { Texture2D t; float k; };
struct Outer { float2 uv; Inner i; };
struct Layers { float2 uv; Texture2D ts[2]; };
float4 shade(Inner x) { return x.t.Sample(gSamp, float2(0, 0)) * x.k; }
float4 main() : SV_Target {
    Inner inn = { gTex[1], 3 };
    Outer o = { 0.5, 0.25, inn };
    Layers l = { 0.5, 0.5, gTex[2], gTex[3] };
    Inner arr[2] = { { gTex[0], 1 }, { gTex[1], 2 } };
    Inner chosen = arr[pick];
    return o.i.t.Sample(gSamp, o.uv) * o.i.k + l.ts[1].Sample(gSamp, l.uv)
        + shade(chosen) + shade(arr[pick]);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(opaque_in_memory(&m.asm), Vec::<&str>::new(), "{}", m.asm);
    // `arr[pick]` is `gTex[pick]`: an access chain at a run-time index into the global.
    let g = m.id("gTex");
    let run_time = m
        .asm
        .lines()
        .filter(|l| {
            l.contains(&format!(
                "OpAccessChain %_ptr_UniformConstant_type_image {g} %"
            ))
        })
        .filter(|l| !l.ends_with("%int_0") && !l.ends_with("%int_1") && !l.ends_with("%int_2"))
        .filter(|l| !l.ends_with("%int_3"))
        .count();
    assert!(run_time >= 1, "{}", m.asm);
}

#[test]
fn static_textures_from_calls_and_elements_of_static_arrays() {
    let text = r#"
Texture2D ta;
Texture2D tb;
SamplerState gSamp;
Texture2D getTex() { return tb; }
static Texture2D fromCall = getTex();
static Texture2D ts[2] = { ta, tb };
static Texture2D second = ts[1];
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    return fromCall.Sample(gSamp, uv) + second.Sample(gSamp, uv) + ts[0].Sample(gSamp, uv);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(opaque_in_memory(&m.asm), Vec::<&str>::new(), "{}", m.asm);
    // `tb` is loaded for `fromCall` and `second`, `ta` for `ts[0]`.
    let loads = |name: &str| {
        let id = m.id(name);
        m.asm
            .lines()
            .filter(|l| l.contains("= OpLoad ") && l.ends_with(&format!(" {id}")))
            .count()
    };
    assert_eq!((loads("ta"), loads("tb")), (1, 2), "{}", m.asm);
}

#[test]
fn methods_of_member_structs_and_elements_at_run_time_indices() {
    // SPIR-V passes whole variables only: the object is a temporary copied back.
    let text = r#"
Texture2D gTex[4];
SamplerState gSamp;
cbuffer Params { uint pick; }
struct M {
    Texture2D t;
    float x;
    void scale(float k) { x *= k; }
    float4 get() { return t.Sample(gSamp, float2(x, 0)); }
};
struct Outer { float y; M m; };
float4 main() : SV_Target {
    Outer o;
    o.y = 1;
    o.m.t = gTex[0];
    o.m.x = 0.5;
    o.m.scale(2);
    M arr[2] = { { gTex[2], 1 }, { gTex[3], 2 } };
    arr[pick].scale(3);
    return o.m.get() * o.m.x + arr[pick].get() * arr[1].x;
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(opaque_in_memory(&m.asm), Vec::<&str>::new(), "{}", m.asm);
    assert_eq!(
        m.asm.matches("OpFunctionCall %void").count(),
        2,
        "{}",
        m.asm
    );
}

#[test]
fn array_member_of_an_element_at_a_run_time_index() {
    let text = r#"
Texture2D gTex[4];
SamplerState gSamp;
cbuffer Params { uint pick; }
struct Layers { Texture2D ls[2]; float k; };
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Layers arr[2] = { { gTex[0], gTex[2], 1 }, { gTex[1], gTex[3], 2 } };
    return arr[pick].ls[1].Sample(gSamp, uv) * arr[pick].k;
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(opaque_in_memory(&m.asm), Vec::<&str>::new(), "{}", m.asm);
    // `gTex[pick + 2]`.
    assert!(m.has("OpIAdd %int"), "{}", m.asm);
    assert!(m.has("%int_2"), "{}", m.asm);
}

#[test]
fn static_initializers_with_constant_choices_casts_and_static_arrays() {
    let text = r#"
Texture2D ta;
Texture2D tb;
SamplerState gSamp;
#define USE_A 0
struct Mat { float4 tint; Texture2D t; };
static Texture2D chosen = USE_A ? ta : tb;
static Texture2D ts[2] = { ta, tb };
static Texture2D us[2] = ts;
static Mat plain = (Mat)0.5;
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    return chosen.Sample(gSamp, uv) + us[0].Sample(gSamp, uv) * plain.tint;
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(opaque_in_memory(&m.asm), Vec::<&str>::new(), "{}", m.asm);
    assert_eq!(
        m.asm.matches("OpImageSampleImplicitLod").count(),
        2,
        "{}",
        m.asm
    );
}
