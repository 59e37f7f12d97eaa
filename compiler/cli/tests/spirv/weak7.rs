//! Weak spots where hlslc differed from DXC (task weak7, issue #4 items 4 and 5): NV mesh
//! shading below SPIR-V 1.4, DXC's error tests we accepted, W2119 outside entry code,
//! constant folding of intrinsics in constant contexts, and `-flegacy-resource-reservation`.

use crate::harness::{compile, refuse, stderr_of};

/// A pixel input read from a mesh shader's per-primitive output, below SPIR-V 1.4: DXC
/// decorates it `PerPrimitiveNV` and its capability pass asks for NV mesh shading there
/// (EXT needs SPIR-V 1.4); hlslc refused it as needing SPIR-V 1.4.
#[test]
fn a_per_primitive_pixel_input_below_spirv_1_4_is_nv() {
    let text = r#"
struct PSIn {
    float4 pos : SV_Position;
    [[vk::perprimitive]] nointerpolation float4 tint : TINT;
    nointerpolation uint prim : SV_PrimitiveID;
};
float4 main(PSIn i) : SV_Target { return i.tint * float(i.prim); }
"#;
    for env in ["vulkan1.0", "vulkan1.1"] {
        let m = compile(text, "ps_6_5", &[&format!("-fspv-target-env={env}")]);
        assert_eq!(
            m.decoration("in.TINT", "PerPrimitiveNV"),
            Some(String::new())
        );
        assert_eq!(m.decoration("in.TINT", "Flat"), Some(String::new()));
        assert_eq!(m.builtin("in.SV_PrimitiveID"), "PrimitiveId");
        m.assert_has(&[
            "OpCapability MeshShadingNV",
            "OpExtension \"SPV_NV_mesh_shader\"",
        ]);
        assert!(!m.asm.contains("SPV_EXT_mesh_shader"), "{}", m.asm);
    }
    // Asking for the EXT extension below SPIR-V 1.4 is still refused.
    refuse(
        text,
        "ps_6_5",
        &["-fspv-extension=SPV_EXT_mesh_shader"],
        1,
        "needs SPIR-V 1.4",
    );
}

/// `DispatchMesh` under NV mesh shading (below SPIR-V 1.4): DXC writes the barrier, the
/// payload's `PerTaskNV` outputs and `TaskCountNV`, then carries on with the code after it;
/// hlslc ended the function there (the IR's `emit_mesh_tasks` is a terminator), dropping the
/// store after the call. Under EXT (`vulkan1.2`) `OpEmitMeshTasksEXT` still ends it.
#[test]
fn code_after_dispatch_mesh_runs_under_nv() {
    let text = r#"
struct Payload { float4 pos; uint n; };
groupshared Payload pld;
RWStructuredBuffer<uint> log;
[numthreads(4, 1, 1)]
void main(uint tid : SV_GroupIndex) {
    pld.pos = float4(tid, 0, 0, 1);
    pld.n = tid;
    DispatchMesh(2, 1, 1, pld);
    log[tid] = 7;
}
"#;
    let m = compile(text, "as_6_5", &[]);
    m.assert_has(&[
        "OpEntryPoint TaskNV",
        "OpControlBarrier %uint_2 %uint_2 %uint_264",
    ]);
    let body: Vec<&str> = m.asm.lines().collect();
    let task_count = m.id("var.TaskCountNV");
    let count_store = body
        .iter()
        .position(|l| l.starts_with(&format!("OpStore {task_count} ")))
        .expect("the group count is stored");
    let after = body
        .iter()
        .position(|l| l.starts_with("OpStore ") && l.ends_with(" %uint_7"))
        .expect("the store after DispatchMesh is kept");
    assert!(count_store < after, "{}", m.asm);
    assert_eq!(
        body[count_store..after]
            .iter()
            .filter(|l| l.starts_with("OpReturn"))
            .count(),
        0,
        "no return between DispatchMesh and the code after it:\n{}",
        m.asm
    );
    let ext = compile(text, "as_6_5", &["-fspv-target-env=vulkan1.2"]);
    ext.assert_has(&["OpEmitMeshTasksEXT %uint_2 %uint_1 %uint_1"]);
    assert!(!ext.asm.contains("%uint_7"), "{}", ext.asm);
}

/// Whether `stderr` holds `message` reported at `line:col` of the test's file.
fn reported_at(stderr: &str, message: &str, line: u32, col: u32) -> bool {
    let lines: Vec<&str> = stderr.lines().collect();
    lines
        .windows(2)
        .any(|w| w[0].ends_with(message) && w[1].ends_with(&format!("t.hlsl:{line}:{col}")))
}

/// A reused binding (W3001) is reported where older DXC put its error (its
/// `vk.binding.explicit.error` and `vk.binding.register.error` tests): at the `vk::binding`
/// attribute or the `register` keyword that gave the binding, with a note at the resource
/// that took it last (a texture that joined a sampler there, as a combined image sampler).
/// hlslc reported it at the declaration's name, without the note.
#[test]
fn a_reused_binding_points_at_what_gave_it() {
    let src = r#"[[vk::binding(2, 1)]]
SamplerState s : register(s7);
[[vk::binding(2, 1)]]
Texture2D<float4> t;
[[vk::binding(2, 1)]]
Texture3D<float4> u;
cbuffer C : register(b3) { float4 k; };
RWBuffer<float4> r : register(u3);
float4 main() : SV_Target { return 1.0; }
"#;
    let stderr = stderr_of(src, "ps_6_0", &[]);
    let reused = |set: u32, binding: u32| {
        format!("resource binding #{binding} in descriptor set #{set} already assigned")
    };
    assert!(reported_at(&stderr, &reused(1, 2), 5, 3), "{stderr}");
    assert!(reported_at(&stderr, &reused(0, 3), 8, 22), "{stderr}");
    // The notes: at the texture's attribute (line 3), at the cbuffer's `register` (line 7).
    let notes: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("binding number previously assigned here"))
        .collect();
    assert_eq!(notes.len(), 2, "{stderr}");
    let noted = |line: u32| {
        let lines: Vec<&str> = stderr.lines().collect();
        lines.windows(2).any(|w| {
            w[0].trim_start().starts_with(&format!("{line} │"))
                && w[1].contains("binding number previously assigned here")
        })
    };
    assert!(noted(3) && noted(7), "{stderr}");
}

/// Under `-fspv-flatten-resource-arrays` an array of N textures takes N bindings; a resource
/// given one of them explicitly reuses it (older DXC's `vk.binding.cl.flatten-arrays.error`:
/// "ran into binding number conflict"; today's DXC accepts it silently, so W3001 as for any
/// reuse). hlslc checked only the array's first binding and said nothing.
#[test]
fn a_binding_inside_a_flattened_array_is_reused() {
    let src = r#"Texture2D arr[4] : register(t0);
Texture2D other : register(t2);
SamplerState s;
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return arr[1].Sample(s, uv) + other.Sample(s, uv);
}
"#;
    let stderr = stderr_of(src, "ps_6_0", &["-fspv-flatten-resource-arrays"]);
    let message = "resource binding #2 in descriptor set #0 already assigned";
    assert!(reported_at(&stderr, message, 2, 19), "{stderr}");
    // Without flattening the array takes binding 0 alone: no reuse.
    let stderr = stderr_of(src, "ps_6_0", &[]);
    assert!(!stderr.contains("W3001"), "{stderr}");
}

/// A column-major matrix of a non-float type in a buffer's memory is DXC's error whether the
/// entry uses the buffer or not (its `vk.layout.non-fp-matrix.*.error` tests), at the
/// buffer's name or the cbuffer member's name. hlslc refused it only in the backend, for a
/// used buffer and at the whole global's range, and accepted an unused one.
#[test]
fn a_non_float_column_major_matrix_in_an_unused_buffer_is_refused() {
    let message =
        "externally initialized non-floating-point column-major matrices not supported yet";
    let cases = [
        // Nested in arrays of structs, in a buffer never read.
        (
            "struct A { uint2x3 m; };\nstruct B { A a[3]; };\nStructuredBuffer<B> buf;\nvoid main() {}\n",
            3,
            21,
        ),
        // A cbuffer member, at the member's name.
        (
            "cbuffer C {\n  struct S { int2x2 m[2]; } s;\n}\nvoid main() {}\n",
            2,
            29,
        ),
        // A `$Globals` member.
        ("bool3x2 flags;\nvoid main() {}\n", 1, 9),
    ];
    for (src, line, col) in cases {
        let (out, _) = crate::harness::run(src, "vs_6_0", &[]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(
            reported_at(&stderr, &format!("error[E3294]: {message}"), line, col),
            "{src}\n{stderr}"
        );
    }
    // Row-major (or -Zpr), one-row and float matrices are fine.
    compile(
        "struct A { row_major uint2x3 m; int1x3 r; float2x2 f; };\nStructuredBuffer<A> buf;\nvoid main() {}\n",
        "vs_6_0",
        &[],
    );
    compile(
        "struct A { uint2x3 m; };\nStructuredBuffer<A> buf;\nvoid main() {}\n",
        "vs_6_0",
        &["-Zpr"],
    );
}

/// W2119 (a `static` texture or sampler never assigned, read as an undefined value) comes
/// from the code lowered for the entry point: a function no entry calls and a branch that
/// never runs get none, and a use in a function called twice warns once. hlslc scanned every
/// function body, reached or not (3 warnings for `t` here; now 1).
#[test]
fn w2119_warns_only_in_code_lowered_for_the_entry() {
    let src = r#"static Texture2D t;
static SamplerState s;
float4 unused(float2 uv) { return t.Sample(s, uv); }
float4 used(float2 uv) { return t.Sample(s, uv * 2); }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    if (false) { return t.Sample(s, uv * 3); }
    return used(uv) + used(uv.yx);
}
"#;
    let stderr = stderr_of(src, "ps_6_0", &[]);
    assert_eq!(stderr.matches("warning[W2119]").count(), 2, "{stderr}");
    let texture = "warning[W2119]: `static` texture 't' is never assigned: this reads an undefined texture (DXC's legalization leaves an `OpUndef` there)";
    assert!(reported_at(&stderr, texture, 4, 33), "{stderr}");
    // A library compiles each `[shader]` entry: the function only the vertex entry calls
    // warns, the one no entry calls does not.
    let lib = r#"static Texture2D t;
static SamplerState s;
float4 lonely(float2 uv) { return t.SampleLevel(s, uv, 0); }
float4 reached(float2 uv) { return t.SampleLevel(s, uv, 1); }
[shader("vertex")] float4 vs(float2 uv : TEXCOORD) : SV_Position { return reached(uv); }
"#;
    let (out, _) = crate::harness::run_entry(lib, "lib_6_3", None, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stderr.matches("warning[W2119]").count(), 2, "{stderr}");
    assert!(!stderr.lines().any(|l| l.contains("t.hlsl:3:")), "{stderr}");
    // -WX makes them errors.
    refuse(src, "ps_6_0", &["-WX"], 1, "warning[W2119]");
}

/// `firstbithigh`/`firstbitlow` of 16- and 64-bit integers: DXC's SPIR-V path refuses them
/// (`intrinsics.firstbitlow.64bit`: "firstbitlow is currently limited to 32-bit width
/// components"), its DXIL path accepts them; hlslc keeps computing them on 32-bit words and
/// now warns (W2117) at the call, which `-WX` makes the error. hlslc said nothing before.
#[test]
fn wide_bit_scans_warn_that_dxc_refuses_them() {
    let src = r#"RWStructuredBuffer<uint> o;
RWStructuredBuffer<uint64_t> w;
RWStructuredBuffer<uint16_t> h;
[numthreads(1, 1, 1)]
void main() {
    o[0] = firstbitlow(w[0]);
    o[1] = firstbithigh(h[0]) + firstbithigh(o[2]);
}
"#;
    let flags = ["-enable-16bit-types"];
    let stderr = stderr_of(src, "cs_6_2", &flags);
    assert_eq!(stderr.matches("warning[W2117]").count(), 2, "{stderr}");
    let low = "warning[W2117]: firstbitlow of 64-bit components: DXC refuses it when targeting SPIR-V (\"firstbitlow is currently limited to 32-bit width components\"); hlslc computes it on 32-bit words";
    assert!(reported_at(&stderr, low, 6, 12), "{stderr}");
    assert!(
        stderr.contains("firstbithigh of 16-bit components"),
        "{stderr}"
    );
    refuse(
        src,
        "cs_6_2",
        &["-enable-16bit-types", "-WX"],
        1,
        "warning[W2117]",
    );
}

/// Array sizes DXC takes: integer constant expressions, with `min`/`max` of constants (DXC's
/// HLSL additions) and `sizeof`; not `clamp`, `abs` or `countbits` (DXC folds those only in
/// code generation), and not a float converted to an integer, directly or through a
/// `static const` (DXC's `NonVLAArrays.hlsl`, its issue 2530: "variable length arrays are not
/// supported in HLSL"), nor a float size. hlslc folded the float conversions (`(uint)4.0` was
/// a size of 4, `int(.3)*12` a size of 0 that the backend refused).
#[test]
fn array_sizes_follow_dxcs_integer_constant_rules() {
    let shader = |size: &str| {
        format!(
            "static const float K = 2.0;\nstatic const uint N = (uint)K;\nstatic const uint M = 3;\n\
             groupshared float a[{size}];\n\
             [numthreads(1, 1, 1)] void main(uint i : SV_GroupIndex) {{ a[i] = 1; }}\n"
        )
    };
    for size in [
        "min(2, 3)",
        "max(M, 2u)",
        "sizeof(float4)",
        "M + 1",
        "true + 2",
    ] {
        compile(&shader(size), "cs_6_0", &[]);
    }
    let vla = "variable length arrays are not supported in HLSL";
    for size in [
        "clamp(5, 1, 3)",
        "abs(-3)",
        "countbits(7u)",
        "(uint)4.0",
        "int(.3) * 12",
        "uint(K)",
        "N",
    ] {
        refuse(&shader(size), "cs_6_0", &[], 1, vla);
    }
    refuse(
        &shader("K"),
        "cs_6_0",
        &[],
        1,
        "size of array has non-integer type 'float'",
    );
}

/// `-flegacy-resource-reservation` makes DXC's DXIL allocator keep the register of an unused
/// resource declared with one, so an automatic resource does not take it (what fxc did for
/// shader model 5.0 and below). DXC's SPIR-V path never reads the option: it binds every
/// declared resource before optimizing, so an explicit register is always reserved. hlslc
/// does the same with or without the flag and for a promoted `ps_5_0` profile (a warning
/// says the flag changes nothing).
#[test]
fn explicit_registers_are_reserved_with_or_without_legacy_reservation() {
    let src = r#"Texture2D unusedTex : register(t0);
Texture2D usedTex;
SamplerState s : register(s1);
float4 main(float2 uv : TEXCOORD) : SV_Target { return usedTex.Sample(s, uv); }
"#;
    for profile in ["ps_6_0", "ps_5_0"] {
        for flags in [&[][..], &["-flegacy-resource-reservation"][..]] {
            let m = compile(src, profile, flags);
            // t0 is binding 0 though unused; the automatic texture takes the next free one
            // after the explicit bindings 0 and 1.
            assert_eq!(m.binding("usedTex"), (0, 2), "{profile} {flags:?}");
            assert_eq!(m.binding("s"), (0, 1));
        }
    }
    let stderr = stderr_of(src, "ps_6_0", &["-flegacy-resource-reservation"]);
    assert!(
        stderr.contains("`-flegacy-resource-reservation` is ignored"),
        "{stderr}"
    );
}
