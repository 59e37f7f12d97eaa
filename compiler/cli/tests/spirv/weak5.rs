//! Small gaps other helpers reported (task weak5, issue #4 items 4 and 5), each checked
//! through `hlslc -spirv` and `spirv-val`.

use crate::harness::{compile, refuse};

/// The lines of `m` that index the resource variable `name`.
fn chains_into(m: &crate::harness::Module, name: &str) -> Vec<String> {
    m.asm
        .lines()
        .filter(|l| l.contains("OpAccessChain") && l.contains(&format!(" %{name} ")))
        .map(|l| l.trim().to_owned())
        .collect()
}

#[test]
fn returning_an_element_of_a_two_dimensional_resource_array() {
    // Constant indices, run-time indices, and both in one function: the callee returns the
    // element's number and the caller indexes the array with it.
    let m = compile(
        r#"
Texture2D grid[2][3];
SamplerState s;
Texture2D corner() { return grid[1][0]; }
Texture2D cell(uint i, uint j) { return grid[i][j]; }
Texture2D either(uint i) {
    if (i > 4) return grid[1][2];
    return grid[i][1];
}
float4 main(float2 uv : TEXCOORD, nointerpolation uint k : K) : SV_Target {
    return corner().Sample(s, uv) + cell(k, 2).Sample(s, uv) + either(k).Sample(s, uv);
}
"#,
        "ps_6_0",
        &[],
    );
    // One access of `grid` per call in `main`, each at an index computed from what the call
    // returned.
    let calls = m
        .asm
        .lines()
        .filter(|l| l.contains("OpFunctionCall %int"))
        .count();
    assert_eq!(calls, 3, "{}", m.asm);
    assert_eq!(chains_into(&m, "grid").len(), 3 + 4, "{}", m.asm);
}

/// The ids `OpDecorate` marks `NoContraction` in `m`.
fn no_contraction(m: &crate::harness::Module) -> Vec<String> {
    m.asm
        .lines()
        .filter_map(|l| {
            let rest = l.trim().strip_prefix("OpDecorate ")?;
            rest.strip_suffix(" NoContraction").map(str::to_owned)
        })
        .collect()
}

/// The result ids of the instructions of `m` whose text contains `needle`.
fn results_with(m: &crate::harness::Module, needle: &str) -> Vec<String> {
    m.asm
        .lines()
        .filter(|l| l.contains(needle))
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .collect()
}

#[test]
fn mad_is_precise_like_dxc() {
    // DXC emits `mad` of floats as `Fma` (one per row of a matrix) and of integers as a
    // multiply and an add, every one of them `NoContraction`; `fma` of doubles is not.
    let m = compile(
        r#"
RWStructuredBuffer<float4> o;
RWStructuredBuffer<int4> oi;
RWStructuredBuffer<double> od;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2x3 c = float2x3(o[2].xyz, o[3].xyz);
    float2x3 r = mad(c, c, c);
    o[4] = mad(o[0].x, o[0].y, o[0].z) + mad(o[1], o[1], o[1]) + r[1].x;
    oi[2] = mad(oi[0], oi[1], oi[1]) + (int)mad(id.x, id.y, id.z);
    od[0] = fma(od[1], od[2], od[3]);
}
"#,
        "cs_6_0",
        &[],
    );
    let marked = no_contraction(&m);
    let fmas = results_with(&m, " Fma ");
    // Two matrix rows, a scalar and a vector from `mad`, and one `fma`.
    assert_eq!(fmas.len(), 5, "{}", m.asm);
    let marked_fmas = fmas.iter().filter(|f| marked.contains(f)).count();
    assert_eq!(marked_fmas, 4, "{}", m.asm);
    for op in ["OpIMul", "OpIAdd"] {
        let ids = results_with(&m, &format!("= {op} "));
        assert!(
            ids.iter().filter(|i| marked.contains(i)).count() >= 2,
            "{op}: {}",
            m.asm
        );
    }
}

#[test]
fn per_vertex_inputs_stay_flat() {
    // DXC decorates an input read through `GetAttributeAtVertex` both `Flat` (its
    // `nointerpolation`) and `PerVertexKHR`; a `nointerpolation` input read only as a value
    // is `Flat` alone.
    let m = compile(
        r#"
float3 main(float3 w : SV_Barycentrics,
            nointerpolation float3 color : COLOR,
            nointerpolation bool3 mask : MASK,
            nointerpolation uint k : K) : SV_Target {
    return w.x * GetAttributeAtVertex(color, 0) + w.y * GetAttributeAtVertex(color, 1)
        + GetAttributeAtVertex(mask, 2) + k;
}
"#,
        "ps_6_1",
        &[],
    );
    for input in ["in_COLOR", "in_MASK"] {
        assert!(
            m.has(&format!("OpDecorate %{input} PerVertexKHR")),
            "{}",
            m.asm
        );
        assert!(
            m.has(&format!("OpDecorate %{input} Flat")),
            "{input}: {}",
            m.asm
        );
    }
    assert!(m.has("OpDecorate %in_K Flat"), "{}", m.asm);
    assert!(!m.has("OpDecorate %in_K PerVertexKHR"), "{}", m.asm);
}

#[test]
fn pointer_locals_without_a_value_are_refused_only_where_the_entry_reaches() {
    // DXC checks `vk::BufferPointer` declarations in its SPIR-V emitter, which translates
    // only what the entry point reaches: a function nothing calls may hold one.
    let unreached = r#"
struct S { float4 v; };
void unused() { vk::BufferPointer<S> y; }
RWStructuredBuffer<float4> o;
[numthreads(1, 1, 1)]
void main() { o[0] = 1; }
"#;
    compile(unreached, "cs_6_6", &[]);
    let reached = r#"
struct S { float4 v; };
void helper() { vk::BufferPointer<S> y; }
[numthreads(1, 1, 1)]
void main() { helper(); }
"#;
    refuse(reached, "cs_6_6", &[], 1, "3:38");
    // In a library, an exported function is translated whether or not anything calls it;
    // one neither exported nor called is not.
    let exported = r#"
struct S { float4 v; };
export void visible() { vk::BufferPointer<S> y; }
void hidden() { vk::BufferPointer<S> z; }
"#;
    refuse(
        exported,
        "lib_6_6",
        &[],
        1,
        "vk::BufferPointer has no default constructor",
    );
    let (output, _) = crate::harness::run_entry(exported, "lib_6_6", None, &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.matches("E2272").count(), 1, "{stderr}");
}

#[test]
fn dst_takes_every_numeric_kind() {
    // DXC's table gives `dst` any numeric four-vector and returns the same kind: integer
    // vectors stay integers (a multiply of integers, a constant integer 1).
    let m = compile(
        r#"
RWStructuredBuffer<int4> oi;
RWStructuredBuffer<uint4> ou;
RWStructuredBuffer<float4> of;
[numthreads(1, 1, 1)]
void main() {
    oi[0] = dst(oi[1], oi[2]);
    ou[0] = dst(ou[1], ou[2]);
    of[0] = dst(of[1], of[2]);
}
"#,
        "cs_6_0",
        &[],
    );
    for (vector, scalar) in [("v4int", "int"), ("v4uint", "uint"), ("v4float", "float")] {
        let built = format!("OpCompositeConstruct %{vector} %{scalar}_1 ");
        assert!(m.has(&built), "{built}: {}", m.asm);
    }
    assert_eq!(results_with(&m, "= OpIMul ").len(), 2, "{}", m.asm);
    assert_eq!(results_with(&m, "= OpFMul ").len(), 1, "{}", m.asm);
    assert!(!m.has("OpConvert"), "{}", m.asm);
}

#[test]
fn bind_register_refuses_what_dxc_refuses() {
    let flags = [
        "-fvk-bind-register",
        "s10",
        "0",
        "10",
        "0",
        "-fvk-bind-register",
        "u10",
        "2",
        "10",
        "1",
    ];
    // A resource without a register, at its name.
    refuse(
        r#"Texture2D tex;
SamplerState samp : register(s10);
float4 main() : SV_Target { return tex.Sample(samp, float2(0.1, 0.2)); }
"#,
        "ps_6_0",
        &flags,
        1,
        "-fvk-bind-register requires register annotations on all resources",
    );
    // A register the flag does not name.
    refuse(
        r#"Texture2D tex : register(t3);
SamplerState samp : register(s10);
float4 main() : SV_Target { return tex.Sample(samp, float2(0.1, 0.2)); }
"#,
        "ps_6_0",
        &flags,
        1,
        "missing -fvk-bind-register for resource",
    );
    // The counter of a structured buffer has no register of its own.
    let counted = r#"struct S { float4 v; };
RWStructuredBuffer<S> buf : register(u10, space2);
float4 main() : SV_Target { buf.IncrementCounter(); return buf[0].v; }
"#;
    refuse(
        counted,
        "ps_6_0",
        &flags,
        1,
        "-fvk-bind-register for RW/Append/Consume StructuredBuffer unimplemented",
    );
    refuse(counted, "ps_6_0", &flags, 1, "2:23");
    // Every resource named by the flag, and a buffer whose counter is unused: bound.
    let m = compile(
        r#"struct S { float4 v; };
RWStructuredBuffer<S> buf : register(u10, space2);
Texture2D tex : register(t3);
SamplerState samp : register(s10);
float4 main() : SV_Target { return buf[0].v + tex.Sample(samp, float2(0.1, 0.2)); }
"#,
        "ps_6_0",
        &[&flags[..], &["-fvk-bind-register", "t3", "0", "4", "0"]].concat(),
    );
    assert_eq!(m.binding("buf"), (1, 10));
    assert_eq!(m.binding("tex"), (0, 4));
}
