//! The generated shader of the server's benchmarks: about `LINES` lines of structs, cbuffers
//! and functions that use a macro from an included header, and the (line, character) of a
//! macro use in each function.

pub const LINES: usize = 5_000;

/// A shader of about `LINES` lines: a header of macros, then structs, cbuffers and functions
/// that use them.
pub fn generate() -> (String, Vec<(u32, u32)>) {
    let mut text = String::from("#include \"common.hlsli\"\n#define SQ(x) ((x) * (x))\n");
    let mut macro_uses = Vec::new();
    let mut i = 0;
    while text.lines().count() < LINES {
        text.push_str(&format!(
            "struct Light{i} {{\n    float3 color;\n    float intensity;\n}};\n\
             cbuffer Frame{i} : register(b{}) {{\n    float4x4 view{i};\n    float time{i};\n}};\n\
             // Shade with light {i}.\n\
             float4 shade{i}(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target {{\n\
             \x20   float3 c = float3(uv, 0.5) * SCALE;\n\
             \x20   if (uv.x > 0.5) {{\n        c = c * 2.0;\n    }}\n",
            i % 14
        ));
        let line = text.lines().count() as u32;
        text.push_str("    return float4(c * SQ(time0), 1.0);\n}\n");
        macro_uses.push((line, 23));
        i += 1;
    }
    (text, macro_uses)
}
