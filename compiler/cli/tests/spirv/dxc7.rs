//! Differences from DXC's SPIR-V found in the seventh survey of DXC's `CodeGenSPIRV` tests:
//! each test is one construct with what DXC emits for it, written for this suite.

use crate::harness::compile;

/// DXC's SPIR-V path takes `[outputtopology("point")]` on a mesh shader: one `uint` index
/// per primitive, `OutputPoints` (it was E2025, "expected one of line, triangle").
#[test]
fn a_mesh_shader_may_output_points() {
    let text = r#"
struct Vertex { float4 pos : SV_Position; };
[outputtopology("point")]
[numthreads(32, 1, 1)]
void main(out vertices Vertex verts[8], out indices uint dots[8], uint t : SV_GroupIndex) {
    SetMeshOutputCounts(8, 8);
    verts[t % 8].pos = float4(1, 2, 3, 1);
    dots[t % 8] = t % 8;
}
"#;
    let m = compile(text, "ms_6_5", &["-fspv-target-env=vulkan1.3"]);
    m.assert_has(&["OpExecutionMode %main OutputPoints"]);
}

/// `[[vk::builtin("DeviceIndex")]]` on a stage input is the device's index in its device
/// group (`DeviceGroup`, `SPV_KHR_device_group` before SPIR-V 1.3), as DXC declares it (it
/// was "not a built-in DXC allows there").
#[test]
fn device_index_is_a_built_in_input() {
    let text = r#"
float4 main([[vk::builtin("DeviceIndex")]] int device : DEV) : SV_Target {
    return device == 1 ? 1.0 : 0.5;
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    m.assert_has(&[
        "OpCapability DeviceGroup",
        "OpExtension \"SPV_KHR_device_group\"",
        "BuiltIn DeviceIndex",
    ]);
}

/// Stderr of `hlslc` refusing `text`, which must name every message of `expected` at the
/// `line:column` given with it.
fn refused_at(text: &str, profile: &str, expected: &[(&str, &str)]) {
    let (output, _) = crate::harness::run(text, profile, &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    for (message, at) in expected {
        let found = stderr
            .split("error[")
            .any(|d| d.contains(message) && d.contains(&format!("t.hlsl:{at}\n")));
        assert!(found, "expected `{message}` at {at} in:\n{stderr}");
    }
}

/// A misused `[[vk::builtin]]` gets DXC's errors, each at the attribute's name: with
/// `[[vk::location]]`, of the wrong type, on a signature point the built-in cannot be (it
/// was one error of ours at the whole entry function).
#[test]
fn misused_vk_builtins_get_dxc_errors_at_the_attribute() {
    refused_at(
        r#"
[[vk::location(2), vk::builtin("HelperInvocation")]]
uint main() : OUT { return 1; }
"#,
        "vs_6_0",
        &[
            ("cannot use vk::builtin and vk::location together", "2:20"),
            ("HelperInvocation builtin must be of boolean type", "2:20"),
            (
                "HelperInvocation builtin can only be used as pixel shader input",
                "2:20",
            ),
        ],
    );
    refused_at(
        r#"
float4 main(
  [[vk::builtin("BaseInstance")]] float b : B) : SV_Target { return b; }
"#,
        "ps_6_0",
        &[
            (
                "BaseInstance builtin must be of 32-bit scalar integer type",
                "3:5",
            ),
            ("BaseInstance builtin cannot be used as PSIn", "3:5"),
        ],
    );
    refused_at(
        r#"
float main([[vk::builtin("PointSize")]] float p : P) : OUT { return p; }
"#,
        "vs_6_0",
        &[("PointSize builtin cannot be used as VSIn", "2:14")],
    );
}

/// `[[vk::location(0), vk::index(1)]]` on a pixel output is dual-source blending: both
/// outputs at location 0, told apart by `Index` (there was no `Index`, so two outputs shared
/// location 0 and spirv-val refused the module).
#[test]
fn vk_index_decorates_dual_source_outputs() {
    let text = r#"
struct Blend {
    [[vk::location(0), vk::index(0)]] float4 color : SV_Target0;
    [[vk::location(0), vk::index(1)]] float4 factor : SV_Target1;
};
Blend main(float4 c : COLOR) {
    Blend b;
    b.color = c;
    b.factor = c.wzyx;
    return b;
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(
        m.decoration("out.SV_Target1", "Index").as_deref(),
        Some("1"),
        "{}",
        m.asm
    );
    assert_eq!(
        m.decoration("out.SV_Target0", "Index").as_deref(),
        Some("0"),
        "{}",
        m.asm
    );
}

/// DXC's checks of `[[vk::index]]`, each at the attribute it names.
#[test]
fn misused_vk_index_gets_dxc_errors() {
    refused_at(
        r#"
struct Out {
    [[vk::location(2), vk::index(3)]] float4 a : SV_Target0;
};
Out main() { return (Out)0; }
"#,
        "ps_6_0",
        &[
            ("dual-source blending should use vk::location 0", "3:7"),
            (
                "dual-source blending only accepts 0 or 1 as vk::index",
                "3:24",
            ),
        ],
    );
    refused_at(
        r#"
float4 main([[vk::index(1)]] float4 p : P) : SV_Position { return p; }
"#,
        "vs_6_0",
        &[
            ("vk::index only allowed in pixel shader", "2:15"),
            (
                "vk::index should be used together with vk::location for dual-source blending",
                "2:15",
            ),
        ],
    );
}

/// `-fspv-extension=` takes only the names DXC knows: another is a usage error naming it
/// (it was allowed, and the module then failed for the extension it did need).
#[test]
fn unknown_spirv_extension_names_are_refused() {
    crate::harness::refuse(
        "float4 main() : SV_Target { return 1; }",
        "ps_6_0",
        &["-fspv-extension=MyExtension"],
        2,
        "unknown SPIR-V extension 'MyExtension'",
    );
    crate::harness::compile(
        "float4 main() : SV_Target { return 1; }",
        "ps_6_0",
        &[
            "-fspv-extension=SPV_KHR_float_controls",
            "-fspv-extension=AMD",
        ],
    );
}

/// An `Interlocked*` on a `static` global or a local is DXC's error at the destination (it
/// was an atomic on `Private` memory that failed IR verification, a compiler bug).
#[test]
fn interlocked_on_static_or_local_memory_is_refused() {
    refused_at(
        r#"
static uint counter;
RWStructuredBuffer<uint> outs;
[numthreads(1, 1, 1)]
void main() {
    uint before;
    InterlockedAdd(counter, 1, before);
    uint mine = 2;
    InterlockedMax(mine, before);
    outs[0] = mine;
}
"#,
        "cs_6_0",
        &[(
            "using static variable or function scope variable in interlocked operation is not allowed",
            "7:20",
        )],
    );
    refused_at(
        r#"
RWStructuredBuffer<uint> outs;
[numthreads(1, 1, 1)]
void main() {
    uint mine = 2;
    InterlockedMax(mine, 7);
    outs[0] = mine;
}
"#,
        "cs_6_0",
        &[(
            "using static variable or function scope variable in interlocked operation is not allowed",
            "6:20",
        )],
    );
}

/// `abort()` has no Vulkan instruction: DXC's definite refusal at the call, not "not
/// supported yet".
#[test]
fn abort_has_no_vulkan_equivalent() {
    refused_at(
        "void main() {\n    abort();\n}\n",
        "ps_6_0",
        &[(
            "no equivalent for abort intrinsic function in Vulkan",
            "2:5",
        )],
    );
}

/// Two stage variables of one side given the same `[[vk::location]]` are DXC's error at the
/// later attribute, on both sides (the module gave both the location and failed
/// validation); a location at or past DXC's 64 is "too large".
#[test]
fn reused_or_huge_vk_locations_are_refused() {
    refused_at(
        r#"
[[vk::location(1)]]
float main(
    [[vk::location(1)]] float a : A,
    [[vk::location(1)]] float b : B,
    [[vk::location(1)]] out float c : C) : OUT {
    c = a;
    return b;
}
"#,
        "vs_6_0",
        &[
            ("stage input location #1 already assigned", "5:7"),
            ("stage output location #1 already assigned", "6:7"),
        ],
    );
    refused_at(
        "[[vk::location(64)]]\nfloat main() : OUT { return 1; }\n",
        "vs_6_0",
        &[("stage output location #64 too large", "1:3")],
    );
}

/// The push-constant errors point at the `vk::push_constant` attribute's name, as DXC's do
/// (they were at the `[[` of the list, or at the `vk::binding` beside it).
#[test]
fn push_constant_errors_point_at_the_attribute_name() {
    refused_at(
        r#"
struct S { float4 f; };
[[vk::push_constant]] S first;
[[vk::push_constant]] S second;
[[vk::push_constant, vk::binding(3)]] S third;
float4 main() : SV_Target { return first.f + second.f + third.f; }
"#,
        "ps_6_0",
        &[
            ("cannot have more than one push constant block", "4:3"),
            (
                "vk::push_constant attribute cannot be used together with vk::binding attribute",
                "5:3",
            ),
        ],
    );
}

/// Two stage values of one SPIR-V built-in alias, as DXC lets them: both read (or write) the
/// one built-in variable (it was E2050, "semantic used more than once"); a user semantic
/// used twice is still refused.
#[test]
fn values_of_one_builtin_alias() {
    let m = compile(
        r#"
struct In { float4 a : SV_Position; float4 b : SV_POSITION; };
float4 main(In i) : SV_Target { return i.a + i.b; }
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(m.asm.matches("BuiltIn FragCoord").count(), 1, "{}", m.asm);
    let m = compile(
        r#"
struct V { float4 a : SV_Position; float4 b : SV_Position; };
[outputtopology("triangle")]
[numthreads(3, 1, 1)]
void main(out vertices V verts[3], out indices uint3 tris[1], uint t : SV_GroupIndex) {
    SetMeshOutputCounts(3, 1);
    verts[t].a = float4(1, 2, 3, 4);
    verts[t].b = float4(5, 6, 7, 8);
    tris[0] = uint3(0, 1, 2);
}
"#,
        "ms_6_5",
        &["-fspv-target-env=vulkan1.3"],
    );
    assert_eq!(m.asm.matches("BuiltIn Position").count(), 1, "{}", m.asm);
    crate::harness::refuse(
        "float4 main(float4 a : TEX, float4 b : TEX) : SV_Target { return a + b; }",
        "ps_6_0",
        &[],
        1,
        "input semantic 'TEX' used more than once",
    );
}

/// A mesh shader's `out payload` parameter is DXC's error at its `out` (it was "not
/// supported yet"), and a missing output object is reported at the entry's name.
#[test]
fn mesh_payload_must_be_in_and_missing_objects_point_at_the_entry() {
    refused_at(
        r#"
struct V { float4 p : SV_Position; };
struct Pay { float4 x; };
[outputtopology("triangle")]
[numthreads(4, 1, 1)]
void main(out vertices V verts[3], out indices uint3 tris[1],
          out payload Pay pay) {
}
"#,
        "ms_6_5",
        &[("'payload' object must be an in parameter", "7:11")],
    );
    refused_at(
        r#"
struct V { float4 p : SV_Position; };
[outputtopology("triangle")]
[numthreads(4, 1, 1)]
void main(out vertices V verts[3]) {
}
"#,
        "ms_6_5",
        &[("expected indices object declaration", "5:6")],
    );
}

/// A domain shader's own `[partitioning]` and `[outputtopology]` give its spacing and vertex
/// order, as DXC emits them (they were W2091, "no effect on a domain shader", and dropped).
#[test]
fn domain_shader_partitioning_and_topology_are_modes() {
    let m = compile(
        r#"
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
struct CP { float4 p : POS; };
[domain("tri")]
[partitioning("fractional_even")]
[outputtopology("triangle_ccw")]
float4 main(PC pc, float3 uvw : SV_DomainLocation,
            const OutputPatch<CP, 3> cps) : SV_Position {
    return cps[0].p * uvw.x + cps[1].p * uvw.y + cps[2].p * uvw.z;
}
"#,
        "ds_6_0",
        &[],
    );
    m.assert_has(&[
        "OpExecutionMode %main SpacingFractionalEven",
        "OpExecutionMode %main VertexOrderCcw",
    ]);
}
