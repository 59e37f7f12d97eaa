//! A generated, realistic shader of about 5,000 lines for the check benchmark and the
//! incrementality test on it: macros, a cbuffer, resources, an enum, a namespace, a template,
//! and units of a struct with a method, helper functions with loops, branches, swizzles,
//! intrinsics and resource methods, and vertex, pixel and compute entry points.

/// The generated shader of about `lines` lines, before and after the one-character edit
/// (a digit in `Shade{n}`'s body becomes `7`).
#[allow(dead_code)] // Not every user of this module edits.
pub fn edit_versions(lines: usize) -> [std::sync::Arc<str>; 2] {
    let (text, at) = generated_shader(lines);
    let mut edited = text.clone();
    edited.replace_range(at..at + 1, "7");
    assert_ne!(text, edited);
    [text.into(), edited.into()]
}

/// The text, and the byte offset of a digit inside the body of one function in the middle of
/// the file (`Shade{n}`), where the benchmark's one-character edit goes.
pub fn generated_shader(lines: usize) -> (String, usize) {
    let mut text = String::from(
        "#define SQR(x) ((x) * (x))\n#define LANES 8\n\
         cbuffer Globals : register(b0) { float4x4 ViewProj; float3 Eye; float Time; uint Count; };\n\
         Texture2D<float4> Tex : register(t0);\nSamplerState Samp : register(s0);\n\
         RWStructuredBuffer<float4> Out : register(u0);\nStructuredBuffer<uint> Indices : register(t1);\n\
         enum class Mode : uint { Off, Lit, Unlit };\n\
         namespace util { float luma(float3 c) { return dot(c, float3(0.2126f, 0.7152f, 0.0722f)); } }\n\
         template<typename T> T lerp3(T a, T b, T c, float t) { return lerp(lerp(a, b, t), c, t); }\n",
    );
    let units = lines / 42;
    let mut edit_at = 0;
    for i in 0..units {
        text.push_str(&format!(
            "struct Data{i} {{\n\
             \x20   float3 position : POSITION;\n\
             \x20   float2 uv : TEXCOORD0;\n\
             \x20   uint id : BLENDINDICES0;\n\
             \x20   float weight() {{ return saturate(uv.x * 0.5f + uv.y); }}\n\
             }};\n\
             struct Varyings{i} {{\n\
             \x20   float4 pos : SV_Position;\n\
             \x20   float2 uv : TEXCOORD0;\n\
             }};\n\
             float4 Shade{i}(Data{i} d, float2 offset, inout float weight)\n{{\n\
             \x20   float4 acc = 0;\n\
             \x20   [unroll] for (int k = 0; k < LANES; ++k) {{\n\
             \x20       float2 uv = d.uv + offset * k / (float)LANES;\n\
             \x20       float4 c = Tex.SampleLevel(Samp, uv, 0);\n"
        ));
        if i == units / 2 {
            edit_at = text.len() + "        if (c.a < 0.".len();
        }
        text.push_str(&format!(
            "        if (c.a < 0.5f && k != 3) {{ continue; }} else {{ acc.rgb += SQR(c.rgb) * 0.25f; }}\n\
             \x20       weight = max(weight, util::luma(c.xyz));\n\
             \x20   }}\n\
             \x20   acc.w = length(d.position - Eye) * Time + (d.id & 0xFFu) * 1.5e-3f + d.weight();\n\
             \x20   switch (d.id % 3) {{ case 0: acc.x *= 2; break; case 1: acc.y -= 1; break; default: break; }}\n\
             \x20   return mul(ViewProj, acc) / max(weight, 1e-4f);\n\
             }}\n\
             Varyings{i} VSMain{i}(Data{i} d)\n{{\n\
             \x20   Varyings{i} o;\n\
             \x20   o.pos = mul(ViewProj, float4(d.position, 1.0f));\n\
             \x20   o.uv = lerp3(d.uv, d.uv.yx, float2(0, 1), 0.5f);\n\
             \x20   return o;\n\
             }}\n\
             [shader(\"pixel\")]\n\
             float4 PSMain{i}(Varyings{i} v) : SV_Target\n{{\n\
             \x20   Data{i} d = (Data{i})0;\n\
             \x20   d.uv = v.uv;\n\
             \x20   float w = 0;\n\
             \x20   Mode m = Mode::Lit;\n\
             \x20   float4 c = Shade{i}(d, float2(1, 0), w);\n\
             \x20   return m == Mode::Lit ? c : c.wzyx;\n\
             }}\n\
             [numthreads(64, 1, 1)]\n\
             void CSMain{i}(uint3 id : SV_DispatchThreadID)\n{{\n\
             \x20   uint n = Indices[id.x % Count];\n\
             \x20   Out[id.x] = float4(n, id.y, id.z, 1) * {i}.0f;\n\
             }}\n"
        ));
    }
    (text, edit_at)
}
