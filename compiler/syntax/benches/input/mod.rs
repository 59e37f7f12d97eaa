//! The generated input of the parse benchmark, shared with `examples/phase_times.rs` so the
//! profiler sees exactly what the benchmark measures.

use std::sync::Arc;

use syntax::{FileId, FileLoader, LoadedFile};

/// The header the generated file includes: guarded, as real headers are, with its own macros,
/// structs and helper functions.
pub const HEADER: &str = "#ifndef COMMON_HLSLI\n#define COMMON_HLSLI\n\
// Shared declarations.\n\
#define PI 3.14159265f\n\
#define SATURATE(x) clamp((x), 0.0f, 1.0f)\n\
struct Light { float3 direction; float intensity; float4 color; };\n\
StructuredBuffer<Light> Lights : register(t1);\n\
float Luma(float3 c) { return dot(c, float3(0.2126f, 0.7152f, 0.0722f)); }\n\
float3 Shadeless(float3 n, Light l)\n{\n    return SATURATE(dot(n, -l.direction)) * l.color.rgb * l.intensity / PI;\n}\n\
#endif // COMMON_HLSLI\n";

/// Finds `common.hlsli` (and nothing else).
pub struct HeaderLoader;

impl FileLoader for HeaderLoader {
    fn load(&self, path: &str) -> Option<LoadedFile> {
        (path == "common.hlsli").then(|| LoadedFile {
            id: FileId(1),
            path: path.to_string(),
            text: Arc::from(HEADER),
        })
    }
}

/// A realistic mix of about `target_bytes`: an include, a cbuffer, structs, resources, macros,
/// conditionals, and many functions with loops, branches, swizzles, intrinsic calls and
/// resource methods. The header is included again every 64 functions (skipped by its guard,
/// as in a file made of several others).
pub fn generated_source(target_bytes: usize) -> String {
    let mut text = String::from(
        "#include \"common.hlsli\"\n\
         #define SQR(x) ((x) * (x))\n#define LANES 8\n#define SCALE(v, s) ((v) * (s))\n\
         cbuffer Globals : register(b0) { float4x4 ViewProj; float3 Eye; float Time; uint Count; };\n\
         Texture2D<float4> Tex : register(t0);\nSamplerState Samp : register(s0);\n\
         RWStructuredBuffer<float4> Out : register(u0);\n",
    );
    let mut i = 0;
    while text.len() < target_bytes {
        if i % 64 == 63 {
            text.push_str("#include \"common.hlsli\"\n");
        }
        text.push_str(&format!(
            "struct Data{i} {{ float3 position : POSITION; float2 uv : TEXCOORD{m}; uint id; }};\n\
             #if LANES > {m}\n\
             float4 Shade{i}(Data{i} d, float2 offset, inout float weight)\n{{\n\
             \x20   float4 acc = 0;\n\
             \x20   [unroll] for (int k = 0; k < LANES; ++k) {{\n\
             \x20       float2 uv = d.uv + offset * k / (float)LANES;\n\
             \x20       float4 c = Tex.SampleLevel(Samp, uv, 0);\n\
             \x20       if (c.a < 0.5f && k != 3) {{ continue; }} else {{ acc.rgb += SQR(c.rgb) * 0.25f; }}\n\
             \x20       weight = max(weight, dot(c.xyz, float3(0.2126f, 0.7152f, 0.0722f)));\n\
             \x20   }}\n\
             \x20   acc.w = SCALE(length(d.position - Eye), Time) + (d.id & 0xFFu) * 1.5e-3f;\n\
             \x20   switch (d.id % 3) {{ case 0: acc.x *= 2; break; case 1: acc.y -= 1; break; default: break; }}\n\
             \x20   return mul(ViewProj, acc) / max(weight, 1e-4f);\n\
             }}\n\
             #else\n\
             float4 Shade{i}() {{ return 0; }}\n\
             #endif\n\n",
            m = i % 12
        ));
        i += 1;
    }
    text
}
