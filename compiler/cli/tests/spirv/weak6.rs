//! Small gaps from the last session's list (task weak6, issue #4 items 4 and 5), each
//! checked through `hlslc -spirv` and `spirv-val`.

use crate::harness::{compile, run};

/// The stderr of a compilation expected to fail with exit status 1.
fn failure(text: &str, profile: &str, flags: &[&str]) -> String {
    let (output, _) = run(text, profile, flags);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    stderr
}

#[test]
fn evaluating_a_16_bit_float_attribute_is_refused_at_the_call() {
    // DXC emits `InterpolateAt*` on the 16-bit input and spirv-val refuses its module: the
    // instructions take 32-bit floats only. Each evaluation is that error at its call, not
    // "not supported yet"; without 16-bit types `half` is a 32-bit float and interpolates.
    let calls = [
        (
            "half4(EvaluateAttributeCentroid(v), 0)",
            "InterpolateAtCentroid",
        ),
        (
            "half4(EvaluateAttributeAtSample(i.uv, 2), 0, 0)",
            "InterpolateAtSample",
        ),
        (
            "EvaluateAttributeSnapped(w, int2(1, 1))",
            "InterpolateAtOffset",
        ),
    ];
    for (call, instruction) in calls {
        let text = format!(
            "struct In {{ float4 pos : SV_Position; half2 uv : UV; }};\n\
             RWStructuredBuffer<half4> R;\n\
             float4 main(In i, half3 v : V, min16float w : W) : SV_Target {{\n\
             \x20   R[0] = {call};\n    return 0;\n}}\n"
        );
        let stderr = failure(&text, "ps_6_6", &["-enable-16bit-types"]);
        assert!(stderr.contains("error[E3297]"), "{call}: {stderr}");
        assert!(stderr.contains("t.hlsl:4:"), "{call}: {stderr}");
        assert!(!stderr.contains("E3001"), "{stderr}");
        let m = compile(&text, "ps_6_6", &[]);
        m.assert_has(&[instruction]);
    }
}

#[test]
fn an_undefined_static_texture_is_warned_about_at_each_use_once() {
    // Two pixel entries of a library reach `helper`: its two reads warn once each, at the
    // read, labelled with the declaration; the sampler's second read in `ps2` warns too.
    let text = r#"static Texture2D t;
static SamplerState s;
Texture2D a;
float4 helper(float2 uv) { return t.Sample(s, uv); }
[shader("pixel")]
float4 ps(float2 uv : TEXCOORD) : SV_Target { return helper(uv); }
[shader("pixel")]
float4 ps2(float2 uv : TEXCOORD) : SV_Target { return helper(uv) + a.Sample(s, uv); }
"#;
    crate::harness::compile_entry(text, "lib_6_6", None, &[]);
    let (output, _) = crate::harness::run_entry(text, "lib_6_6", None, &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.matches("warning[W2119]").count(), 3, "{stderr}");
    for at in ["t.hlsl:4:35", "t.hlsl:4:44", "t.hlsl:8:77"] {
        assert_eq!(stderr.matches(at).count(), 1, "{at} in {stderr}");
    }
    assert!(stderr.contains("'t' is declared here"), "{stderr}");
    assert!(stderr.contains("'s' is declared here"), "{stderr}");
}

/// The places (`line:column`) of the E2272 errors in `stderr`.
fn no_default_constructor_at(stderr: &str) -> Vec<String> {
    stderr
        .split("error[E2272]")
        .skip(1)
        .filter_map(|d| {
            let at = d.split("t.hlsl:").nth(1)?;
            Some(at.split_whitespace().next()?.to_owned())
        })
        .collect()
}

#[test]
fn buffer_pointers_without_initializer_are_refused_only_in_code_dxc_emits() {
    // DXC checks `vk::BufferPointer<S> p;` where its SPIR-V emitter translates the
    // declaration: under a shader profile the `-E` entry and what it calls (another
    // function's `[shader]` or `[numthreads]` makes no entry there); in a library each
    // `[shader]` function and each `export`ed one (a `[numthreads]` function without
    // `[shader]` is no entry there).
    let text = r#"struct S { float4 v; };
float4 helper() { vk::BufferPointer<S> h; return 0; }
[shader("compute")]
[numthreads(1, 1, 1)]
void cs() { vk::BufferPointer<S> c; }
[shader("pixel")]
float4 ps() : SV_Target { vk::BufferPointer<S> p; return helper(); }
[numthreads(1, 1, 1)]
void plain() { vk::BufferPointer<S> n; }
export float4 shared() { vk::BufferPointer<S> e; return 0; }
"#;
    let cases: [(&str, Option<&str>, &[&str]); 4] = [
        ("ps_6_6", Some("ps"), &["2:40", "7:48"]),
        ("cs_6_6", Some("cs"), &["5:34"]),
        ("cs_6_6", Some("plain"), &["9:37"]),
        ("lib_6_6", None, &["2:40", "5:34", "7:48", "10:47"]),
    ];
    for (profile, entry, expected) in cases {
        let (output, _) = crate::harness::run_entry(text, profile, entry, &[]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            no_default_constructor_at(&stderr),
            expected,
            "{profile} {entry:?}: {stderr}"
        );
    }
}

#[test]
fn dst_of_mixed_element_types_takes_dxc_s_combined_type() {
    // DXC declares `$type1 dst(in numeric<4> a, in $type1 b)`: both arguments share one
    // element type, the combination of theirs (a float type over an integer one, the wider
    // float, unsigned over signed), and the result has it.
    let cases = [
        ("int4", "float4", "%v4float"),
        ("float4", "int4", "%v4float"),
        ("int4", "uint4", "%v4uint"),
        ("half4", "float4", "%v4float"),
        ("float4", "double4", "%v4double"),
        ("int64_t4", "float4", "%v4float"),
    ];
    for (a, b, result) in cases {
        let text = format!(
            "RWStructuredBuffer<float4> o;\nRWStructuredBuffer<{a}> A;\n\
             RWStructuredBuffer<{b}> B;\n[numthreads(1, 1, 1)]\n\
             void main() {{ o[0] = (float4)dst(A[0], B[0]); }}\n"
        );
        let m = compile(&text, "cs_6_6", &["-enable-16bit-types"]);
        let built = m
            .asm
            .lines()
            .rfind(|l| l.contains("OpCompositeConstruct"))
            .unwrap_or_default()
            .to_owned();
        assert!(built.contains(result), "dst({a}, {b}): {built}\n{}", m.asm);
    }
}

#[test]
fn a_shader_record_read_by_a_helper_is_checked_against_every_library_entry_reaching_it() {
    // `read` is lowered once, under the ray-generation entry that calls it first; the
    // compute entry that calls it too makes the read E3287 at the use, naming compute (it
    // was a backend error at the top of the file). Called from ray-tracing entries only, it
    // compiles.
    let with_compute = r#"struct Rec { float4 c; };
[[vk::shader_record_ext]] ConstantBuffer<Rec> rec;
RWStructuredBuffer<float4> o;
float4 read() { return rec.c; }
[shader("raygeneration")]
void rg() { o[0] = read(); }
[shader("compute")]
[numthreads(1, 1, 1)]
void cs() { o[1] = read(); }
"#;
    let flags = ["-fspv-target-env=vulkan1.2"];
    let (output, _) = crate::harness::run_entry(with_compute, "lib_6_6", None, &flags);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("error[E3287]"), "{stderr}");
    assert!(stderr.contains("used in a compute entry point"), "{stderr}");
    assert!(stderr.contains("t.hlsl:4:24"), "{stderr}");
    assert!(!stderr.contains("E4001"), "{stderr}");
    let ray_only = with_compute.replace("o[1] = read();", "o[1] = 1;");
    let m = crate::harness::compile_entry(&ray_only, "lib_6_6", None, &flags);
    m.assert_has(&["ShaderRecordBufferKHR"]);
}

#[test]
fn a_buffer_member_never_assigned_is_an_undefined_pointer() {
    // `p.second.log` is never given a buffer (only `first` is filled in); DXC keeps it, and
    // its counter, in never-stored variables holding pointers, which its legalization turns
    // into `OpUndef` pointers that the counter's atomic and the append's store index (the
    // shape of DXC's `spirv.legal.sbuffer.counter.struct` test). It was E3020.
    let text = r#"
struct Queues {
    RWStructuredBuffer<uint> hits;
    AppendStructuredBuffer<float> log;
};
struct Pair { Queues first; Queues second; };
RWStructuredBuffer<uint> gHits;
AppendStructuredBuffer<float> gLog;
Pair make() {
    Pair p;
    p.first.hits = gHits;
    p.first.log = gLog;
    return p;
}
float4 main(uint id : SV_VertexID) : SV_Position {
    Pair p = make();
    p.first.hits.IncrementCounter();
    p.second.log.Append(5.0);
    p.first.log.Append((float)p.second.hits[id]);
    return 0;
}
"#;
    for env in ["vulkan1.0", "vulkan1.2"] {
        let flag = format!("-fspv-target-env={env}");
        let m = compile(text, "vs_6_0", &[&flag]);
        let undefined: Vec<&str> = m.asm.lines().filter(|l| l.contains("OpUndef")).collect();
        // Both buffers of `second` and the append buffer's counter.
        assert_eq!(undefined.len(), 3, "{env}: {}", m.asm);
        assert!(
            undefined.iter().all(|l| l.contains("OpUndef %_ptr_")),
            "{env}: {undefined:?}"
        );
        // The counters of `gHits` and `gLog` stay real variables.
        assert_eq!(m.asm.matches("OpAtomicIAdd").count(), 3, "{}", m.asm);
    }
}
