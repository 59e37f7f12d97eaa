//! Differences from DXC's SPIR-V found in the eighth survey of DXC's `CodeGenSPIRV` tests:
//! each test is one construct with what DXC emits (or the error it gives) for it, written for
//! this suite.

use crate::harness::{compile, refuse};

/// `-auto-binding-space N` moves every resource without a space of its own into set N: one
/// with a `register` but no space (then shifted by the shift given for set N), one bound
/// automatically, and `$Globals`; a `[[vk::binding(b)]]` without a set stays in set 0.
#[test]
fn auto_binding_space_is_the_default_descriptor_set() {
    let text = r#"
struct S { float4 f; };
[[vk::binding(4)]] ConstantBuffer<S> pinned : register(b9, space2);
ConstantBuffer<S> shifted : register(b1);
Texture2D<float4> spaced : register(t1, space3);
SamplerState automatic;
float4 tint;
float4 main() : SV_Target {
    return pinned.f + shifted.f + spaced.Sample(automatic, float2(0, 0)) + tint;
}
"#;
    let m = compile(
        text,
        "ps_6_0",
        &["-auto-binding-space", "6", "-fvk-b-shift", "100", "6"],
    );
    assert_eq!(m.binding("pinned"), (0, 4));
    assert_eq!(m.binding("shifted"), (6, 101));
    assert_eq!(m.binding("spaced"), (3, 1));
    assert_eq!(m.binding("automatic").0, 6);
    assert_eq!(m.binding("$Globals").0, 6);
}

/// `-vkbr` is DXC's short name of `-fvk-bind-register`.
#[test]
fn vkbr_binds_a_register_as_fvk_bind_register_does() {
    let text = r#"
Texture2D<float4> tex : register(t5);
SamplerState smp : register(s3, space1);
float4 main() : SV_Target { return tex.Sample(smp, float2(0.5, 0.5)); }
"#;
    let m = compile(
        text,
        "ps_6_0",
        &[
            "-vkbr",
            "t5",
            "0",
            "1",
            "2",
            "-fvk-bind-register",
            "s3",
            "1",
            "3",
            "4",
        ],
    );
    assert_eq!(m.binding("tex"), (2, 1));
    assert_eq!(m.binding("smp"), (4, 3));
}

/// A negative binding given to `-fvk-bind-register` is refused with DXC's words naming it
/// (it was "unknown option `-10`").
#[test]
fn a_negative_bound_register_number_is_named() {
    let text = r#"
SamplerState smp : register(s10);
float4 main() : SV_Target { return 1; }
"#;
    refuse(
        text,
        "ps_6_0",
        &["-fvk-bind-register", "s10", "0", "-10", "0"],
        2,
        "invalid -fvk-bind-register binding number: -10",
    );
}

/// With `-fspv-extension=SPV_NV_ray_tracing` (and not the KHR extension) DXC writes ray
/// tracing with the NV extension, which any SPIR-V version takes: `RayTracingNV`,
/// `OpTraceNV` and `OpExecuteCallableNV` naming the payload and the callable data by their
/// `Location` (it was "Vulkan 1.1 with SPIR-V 1.4 is required").
#[test]
fn nv_ray_tracing_traces_by_payload_location() {
    let text = r#"
RaytracingAccelerationStructure scene;
struct Payload { float4 color; };
struct Call { float4 data; };
[shader("raygeneration")]
void main() {
    Payload p = { float4(0, 0, 0, 0) };
    Call c = { float4(1, 1, 1, 1) };
    RayDesc ray;
    ray.Origin = float3(0, 0, 0);
    ray.Direction = float3(0, 0, -1);
    ray.TMin = 0.0;
    ray.TMax = 100.0;
    TraceRay(scene, 0, 0xff, 0, 1, 0, ray, p);
    CallShader(3, c);
}
"#;
    let m = compile(text, "lib_6_3", &["-fspv-extension=SPV_NV_ray_tracing"]);
    m.assert_has(&[
        "OpCapability RayTracingNV",
        "OpExtension \"SPV_NV_ray_tracing\"",
        "Location 0",
        "OpExecuteCallableNV %uint_3 %uint_0",
    ]);
    assert!(
        m.asm
            .lines()
            .any(|l| l.contains("OpTraceNV") && l.ends_with("%uint_0")),
        "{}",
        m.asm
    );
    assert!(!m.has("RayTracingKHR"), "{}", m.asm);
}

/// Under NV, `IgnoreHit` and `AcceptHitAndEndSearch` are `OpIgnoreIntersectionNV` and
/// `OpTerminateRayNV`, which do not end their block: a return follows each.
#[test]
fn nv_any_hit_ends_the_block_after_ignoring() {
    let text = r#"
struct Payload { float4 color; };
struct Attributes { float2 bary; };
[shader("anyhit")]
void main(inout Payload p, in Attributes a) {
    if (a.bary.x > 0.5) {
        IgnoreHit();
    }
    AcceptHitAndEndSearch();
}
"#;
    let m = compile(text, "lib_6_3", &["-fspv-extension=SPV_NV_ray_tracing"]);
    let lines: Vec<&str> = m.asm.lines().map(str::trim).collect();
    for op in ["OpIgnoreIntersectionNV", "OpTerminateRayNV"] {
        let at = lines
            .iter()
            .position(|l| *l == op)
            .unwrap_or_else(|| panic!("{op}:\n{}", m.asm));
        assert_eq!(lines[at + 1], "OpReturn", "{}", m.asm);
    }
}

/// A structured buffer of 16-bit values under Vulkan 1.0 (a `BufferBlock` in the `Uniform`
/// class) needs `StorageBuffer16BitAccess`, as DXC declares it; the uniform-buffer
/// capability, a device feature of its own, is for cbuffers only (it was declared for both).
#[test]
fn a_16_bit_structured_buffer_needs_the_storage_buffer_capability() {
    let text = r#"
struct S { half a; uint16_t b; };
StructuredBuffer<S> sb;
float4 main() : SV_Target { return sb[0].a + sb[0].b; }
"#;
    let m = compile(text, "ps_6_2", &["-enable-16bit-types"]);
    m.assert_has(&["OpCapability StorageBuffer16BitAccess"]);
    assert!(!m.has("UniformAndStorageBuffer16BitAccess"), "{}", m.asm);
}

/// Stderr of `hlslc` refusing `text`, which must hold `message` at `line:column`.
fn refused_at(text: &str, profile: &str, message: &str, at: &str) {
    let (output, _) = crate::harness::run(text, profile, &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let found = stderr
        .split("error[")
        .any(|d| d.contains(message) && d.contains(&format!("t.hlsl:{at}\n")));
    assert!(found, "expected `{message}` at {at} in:\n{stderr}");
}

/// A shader record takes no binding: `[[vk::shader_record_nv]]` beside `[[vk::binding]]` is
/// DXC's error at the record's attribute (it was accepted, the binding dropped).
#[test]
fn a_shader_record_with_a_binding_is_refused() {
    let text = r#"
struct S { float f; };
[[vk::shader_record_nv, vk::binding(6)]]
ConstantBuffer<S> record;
float main() : A { return 1.0; }
"#;
    refused_at(
        text,
        "vs_6_0",
        "vk::shader_record_nv attribute cannot be used together with vk::binding attribute",
        "3:3",
    );
}

/// `GatherCmpAlpha` has no Vulkan equivalent (`OpImageDrefGather` compares component 0
/// only): DXC's error is at the method's name, not at the whole call.
#[test]
fn gather_cmp_alpha_is_refused_at_the_method_name() {
    let text = r#"
SamplerComparisonState s;
Texture2D<float4> t;
float4 main(float2 uv : A, float ref : B) : SV_Target {
    return t.GatherCmpAlpha(s, uv, ref, int2(1, 2));
}
"#;
    refused_at(
        text,
        "ps_6_0",
        "no equivalent for GatherCmpAlpha intrinsic method in Vulkan",
        "5:14",
    );
}

/// A specialization constant of a type SPIR-V cannot specialize is DXC's error at the start
/// of the declaration, its qualifiers included (it was at the name).
#[test]
fn an_unsupported_spec_constant_type_is_refused_at_the_declaration() {
    let text = r#"
[[vk::constant_id(2)]]
const double scale = 42;
float main() : A { return 1.0; }
"#;
    refused_at(
        text,
        "vs_6_0",
        "unsupported specialization constant type",
        "3:1",
    );
}

/// A static member named through an instance (`t.M`, `t.N.b`) is the static global, read and
/// written as `T::M` is (it was "not supported yet: this member").
#[test]
fn a_static_member_through_an_instance_is_the_static_global() {
    let text = r#"
struct S { float a; float4 b; };
struct T {
    static float4 M;
    static S N;
    int val;
};
float4 T::M = float4(1, 2, 3, 4);
S T::N = { 5.0, 1, 2, 3, 4 };
float4 main(float4 input : A) : SV_Target {
    T t;
    t.M = input;
    t.N.b = input * 2;
    return T::M + t.M + t.N.b + T::N.a;
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    m.assert_has(&[
        "%M = OpVariable %_ptr_Private_v4float Private",
        "%N = OpVariable %_ptr_Private_S Private",
    ]);
    assert!(!m.has("%t_M"), "{}", m.asm);
}

/// A struct declared in a function may declare structs inline in its fields, anonymous or
/// named, empty too: each is a type of its own (it was "not supported yet: a local of unknown
/// type"). `sizeof` packs them as DXC does: 2 bytes, 2 of padding, then the nested `float`.
#[test]
fn a_local_struct_declares_structs_in_its_fields() {
    let text = r#"
RWStructuredBuffer<uint> output;
[numthreads(1, 1, 1)]
void main() {
    struct {
        int16_t small;
        struct { float f32; } inner;
        struct {} nothing;
    } packed;
    struct Named { int a; struct Pair { float x, y; } pair; } named;
    named.pair.y = 2.5;
    packed.inner.f32 = named.pair.y;
    output[0] = sizeof(packed);
    output[1] = uint(packed.inner.f32);
}
"#;
    let m = compile(text, "cs_6_2", &["-enable-16bit-types"]);
    m.assert_has(&["%uint_8 = OpConstant %uint 8"]);
}

/// A cbuffer or tbuffer member's initializer is ignored, as in DXC, with its warning at the
/// value; `-Wno-vk-ignored-features` drops it (and the `$Globals` one), as DXC's does.
#[test]
fn buffer_member_initializers_are_ignored_with_dxc_s_warning() {
    let text = r#"
tbuffer Lights {
    float a = 1.0;
    float4 b = 2.0;
};
cbuffer Params {
    uint m0; static const int c0 = 0;
};
float gFloat = 3.0;
float main() : A { return a + b.x + m0 + gFloat; }
"#;
    let (output, _) = crate::harness::run(text, "vs_6_0", &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    for (message, at) in [
        (
            "tbuffer member initializer ignored since no Vulkan equivalent",
            "3:15",
        ),
        (
            "tbuffer member initializer ignored since no Vulkan equivalent",
            "4:16",
        ),
        (
            "cbuffer member initializer ignored since no Vulkan equivalent",
            "7:36",
        ),
    ] {
        let found = stderr
            .split("warning[")
            .any(|d| d.contains(message) && d.contains(&format!("t.hlsl:{at}\n")));
        assert!(found, "expected `{message}` at {at} in:\n{stderr}");
    }
    let (quiet, _) = crate::harness::run(text, "vs_6_0", &["-Wno-vk-ignored-features"]);
    let quiet = String::from_utf8_lossy(&quiet.stderr);
    assert!(!quiet.contains("initializer"), "{quiet}");
}

/// Where `-fspv-extension=` names `SPV_EXT_demote_to_helper_invocation`, or the target is
/// Vulkan 1.3, DXC writes `discard` as `OpDemoteToHelperInvocation`: the invocation becomes a
/// helper and runs on (derivatives of its quad stay defined), so what follows still executes
/// (it was `OpKill`, or `OpTerminateInvocation` under Vulkan 1.3, ending it).
#[test]
fn discard_demotes_to_a_helper_under_the_extension_or_vulkan_1_3() {
    let text = r#"
RWBuffer<uint> counts;
float4 main(float4 c : COLOR) : SV_Target {
    if (c.a < 0.5) {
        discard;
        counts[0] = 1;
    }
    return c;
}
"#;
    for flags in [
        &["-fspv-extension=SPV_EXT_demote_to_helper_invocation"][..],
        &["-fspv-target-env=vulkan1.3"][..],
    ] {
        let m = compile(text, "ps_6_0", flags);
        m.assert_has(&[
            "OpCapability DemoteToHelperInvocation",
            "OpDemoteToHelperInvocation",
        ]);
        assert!(
            m.has("OpImageWrite"),
            "the store after discard runs:\n{}",
            m.asm
        );
        assert!(
            !m.has("OpKill") && !m.has("OpTerminateInvocation"),
            "{}",
            m.asm
        );
    }
    let plain = compile(text, "ps_6_0", &[]);
    assert!(plain.has("OpKill"), "{}", plain.asm);
}

/// A matrix and a vector holding as many elements combine in a component-wise operator, as in
/// DXC: the right operand takes the left one's shape, so `float2x2 * float4` is a matrix and
/// `int4 < float2x2` a `bool4` (it was "invalid operands to binary operator").
#[test]
fn a_matrix_and_a_vector_of_as_many_elements_combine() {
    let text = r#"
float4 main(float4 v : A, int4 i : B, float2x2 m : C) : SV_Target {
    float2x2 product = m * v;
    bool4 less = i < m;
    return float4(product[0], product[1]) + float4(less);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    m.assert_has(&["OpFOrdLessThan %v4bool", "OpFMul %v2float"]);
}
