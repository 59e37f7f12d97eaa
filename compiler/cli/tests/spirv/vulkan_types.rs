//! The rest of Vulkan-only HLSL, end to end through `spirv-val`: writes of one vector component
//! and atomics behind a `vk::BufferPointer`, pointees under the layout flags (the proposal's
//! "Buffer Pointer Pointee Buffer Layout": laid out as the user lays out all buffers). Offsets
//! and alignments are computed by hand from the layout rules.

use crate::harness::{compile, run};

/// The `Aligned` operand of every load or store through a `PhysicalStorageBuffer` pointer,
/// in order.
fn alignments(asm: &str) -> Vec<u32> {
    asm.lines()
        .filter(|l| l.contains("OpStore") || l.contains("OpLoad"))
        .filter_map(|l| {
            l.split_once(" Aligned ")
                .map(|(_, a)| a.trim().parse().unwrap())
        })
        .collect()
}

#[test]
fn one_component_behind_a_pointer_is_written_alone() {
    // `v` at 16 in S (after `float a` and the 16-byte alignment of float4): `.y` at 20
    // (alignment 4), `.z` at 24 (8), `[i]` at 16 + 4i (4); the pointer is 16-aligned.
    let m = compile(
        "struct S { float a; float4 v; };
[[vk::push_constant]] struct { vk::BufferPointer<S, 16> p; } pc;
[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  pc.p.Get().v.y = 1;
  pc.p.Get().v.z = 2;
  pc.p.Get().v[i] = 3;
}
",
        "cs_6_0",
        &[],
    );
    assert_eq!(m.offsets("S"), [0, 16]);
    assert_eq!(alignments(&m.asm), [4, 8, 4], "{}", m.asm);
    // Each store writes a float, not the whole vector.
    assert!(
        m.has("OpTypePointer PhysicalStorageBuffer %float"),
        "{}",
        m.asm
    );
    assert!(
        !m.has("OpTypePointer PhysicalStorageBuffer %v4float"),
        "{}",
        m.asm
    );
}

#[test]
fn a_swizzle_behind_a_pointer_stores_each_component() {
    let m = compile(
        "[[vk::push_constant]] struct { vk::BufferPointer<uint4> p; } pc;
[numthreads(1, 1, 1)]
void main() { pc.p.Get().zx = uint2(7, 9); }
",
        "cs_6_0",
        &[],
    );
    // uint4's own alignment, 16: z at 8 keeps 8, x at 0 keeps 16.
    assert_eq!(alignments(&m.asm), [8, 16], "{}", m.asm);
}

#[test]
fn atomics_act_on_the_scalar_behind_the_pointer() {
    let m = compile(
        "struct Counters { uint hits; int bins[4]; uint64_t total; };
[[vk::push_constant]] struct { vk::BufferPointer<Counters> c; } pc;
RWStructuredBuffer<int> Out;
[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  InterlockedAdd(pc.c.Get().hits, 1);
  int old;
  InterlockedMin(pc.c.Get().bins[i], -3, old);
  Out[i] = old;
  uint64_t was;
  InterlockedCompareExchange(pc.c.Get().total, 0, 5, was);
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpAtomicIAdd %uint",
        "OpAtomicSMin %int",
        "OpAtomicCompareExchange %uint64",
        "OpCapability Int64Atomics",
    ]);
    // Counters under relaxed std430: hits 0, bins 4 (stride 4), total at its 8 bytes, 24.
    assert_eq!(m.offsets("Counters"), [0, 4, 24]);
}

#[test]
fn pointees_follow_the_layout_flags() {
    // `float2 a; float3 b; float c;`: the scalar rules pack b at 8 and c at 20; relaxed
    // std430 moves b to 16 (at 8 it would straddle a 16-byte boundary), c to 28; strict
    // std430 aligns b to 16 too. `-fvk-use-dx-layout` lays storage buffers out with the
    // scalar rules.
    let shader = "struct S { float2 a; float3 b; float c; };
[[vk::push_constant]] struct { vk::BufferPointer<S, 4> p; } pc;
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = pc.p.Get().c; pc.p.Get().b.z = 1; }
";
    let offsets = |flags: &[&str]| compile(shader, "cs_6_0", flags).offsets("S");
    assert_eq!(offsets(&[]), [0, 16, 28]);
    assert_eq!(offsets(&["-fvk-use-gl-layout"]), [0, 16, 28]);
    assert_eq!(offsets(&["-fvk-use-scalar-layout"]), [0, 8, 20]);
    assert_eq!(offsets(&["-fvk-use-dx-layout"]), [0, 8, 20]);
    // The load of c at 20 and the store of b.z at 8 + 8 = 16: the pointer's alignment, 4,
    // caps both.
    let m = compile(shader, "cs_6_0", &["-fvk-use-scalar-layout"]);
    assert_eq!(alignments(&m.asm), [4, 4], "{}", m.asm);
}

#[test]
fn aliased_pointers_are_decorated_aliased() {
    // The proposal: restrict by default, `[[vk::aliased_pointer]]` may alias; SPIR-V asks
    // every variable and parameter holding a PhysicalStorageBuffer pointer for one of the two.
    let m = compile(
        "struct S { float v; };
[[vk::push_constant]] struct { vk::BufferPointer<S> a; } pc;
[[vk::aliased_pointer]] static vk::BufferPointer<S> g = vk::BufferPointer<S>(0);
void f([[vk::aliased_pointer]] vk::BufferPointer<S> q, vk::BufferPointer<S> r) {
  q.Get().v = r.Get().v;
}
[numthreads(1, 1, 1)]
void main() {
  [[vk::aliased_pointer]] vk::BufferPointer<S> p = pc.a;
  [[vk::restrict_pointer]] vk::BufferPointer<S> s = pc.a;
  g = p;
  f(p, s);
}
",
        "cs_6_0",
        &[],
    );
    for aliased in ["g", "p"] {
        assert_eq!(
            m.decoration(aliased, "AliasedPointer").as_deref(),
            Some(""),
            "{aliased}"
        );
        assert_eq!(m.decoration(aliased, "RestrictPointer"), None, "{aliased}");
    }
    assert_eq!(m.decoration("s", "RestrictPointer").as_deref(), Some(""));
    assert_eq!(m.decoration("s", "AliasedPointer"), None);
    // One parameter of each kind.
    let params = |d: &str| {
        m.asm
            .lines()
            .filter(|l| l.starts_with("OpDecorate ") && l.ends_with(&format!(" {d}")))
            .count()
    };
    assert_eq!((params("Aliased"), params("Restrict")), (1, 1), "{}", m.asm);
}

#[test]
fn decorate_id_writes_its_operands_as_constant_ids() {
    // SPIR-V's `UniformId` (27) takes the scope as an id: Subgroup, 3. It needs SPIR-V 1.6's
    // `UniformDecoration` capability (71), which Vulkan does not allow, so no target env of
    // `hlslc` validates it: `-Vd`, and the disassembly checked.
    let (output, path) = run(
        "[[vk::ext_decorate_id(/* UniformId */ 27, /* Subgroup */ 3)]] RWStructuredBuffer<uint> Buf;
[[vk::ext_capability(/* UniformDecoration */ 71)]]
[numthreads(1, 1, 1)]
void main() { Buf[0] = 1; }
",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.3", "-Vd"],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let bytes = std::fs::read(&path).unwrap();
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let asm = spirv_backend::disassemble(&words);
    for line in [
        "OpCapability UniformDecoration",
        "OpDecorateId %Buf UniformId %uint_3",
    ] {
        assert!(asm.contains(line), "no `{line}` in:\n{asm}");
    }
}

#[test]
fn member_decorations_decorate_every_type_of_the_struct() {
    // DXC's SPIR-V.rst: `[[vk::ext_decorate]]` on a member is `OpMemberDecorate`. The struct
    // becomes two SPIR-V types here, laid out in the buffer and plain in the local `s`; both
    // carry it, as does the cbuffer's block.
    let m = compile(
        "struct S { float a; [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float b; };
cbuffer C { float k; [[vk::ext_decorate_string(/* UserSemantic */ 5635, \"gain\")]] float g; };
RWStructuredBuffer<S> Buf;
[[vk::ext_extension(\"SPV_GOOGLE_hlsl_functionality1\")]]
[numthreads(1, 1, 1)]
void main() { S s = Buf[0]; s.b *= k * g; Buf[1] = s; }
",
        "cs_6_0",
        &[],
    );
    let relaxed = m
        .asm
        .lines()
        .filter(|l| l.starts_with("OpMemberDecorate %S") && l.ends_with(" 1 RelaxedPrecision"))
        .count();
    assert_eq!(relaxed, 2, "{}", m.asm);
    m.assert_has(&["OpMemberDecorateString %type_C 1 UserSemantic \"gain\""]);
}

#[test]
fn opcodes_and_capabilities_rspirv_does_not_know_pass_through() {
    // SPV_KHR_quad_control (2024) is newer than rspirv's grammar: capability QuadControlKHR
    // (5087) and OpGroupNonUniformQuadAnyKHR (5111), which yields a bool from a bool id.
    // Older validators do not know them either, so `hlslc` runs with `-Vd` and the newest
    // installed validator checks the module. (Not named `QuadAny`: the intrinsic of that name
    // would win over the declaration, as DXC resolves names.)
    let (output, path) = run(
        "[[vk::ext_capability(/* QuadControlKHR */ 5087)]]
[[vk::ext_extension(\"SPV_KHR_quad_control\")]]
[[vk::ext_instruction(/* OpGroupNonUniformQuadAnyKHR */ 5111)]]
bool QuadAnyKHR(bool predicate);
float4 main(float4 c : COLOR0) : SV_Target {
  return QuadAnyKHR(c.x > 0.5) ? c : float4(0, 0, 0, 1);
}
",
        "ps_6_0",
        &["-fspv-target-env=vulkan1.3", "-Vd"],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let bytes = std::fs::read(&path).unwrap();
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    // The capability, by number, and the instruction: 4 words, result type, result id and
    // the predicate.
    assert!(words.windows(2).any(|w| w == [(2 << 16) | 17, 5087]));
    assert!(words.contains(&((4 << 16) | 5111)));
    let asm = spirv_backend::disassemble(&words);
    assert!(asm.contains("OpCapability 5087\n"), "{asm}");
    assert!(asm.contains("Op5111 %bool "), "{asm}");
    let newest = spirv_backend::validate::validators()
        .iter()
        .rfind(|v| v.version.contains("v2024") || v.version.contains("v2025"));
    if let Some(v) = newest {
        let args = ["--target-env".to_owned(), "vulkan1.3".to_owned()];
        spirv_backend::validate::validate_with(&v.path, &words, &args)
            .unwrap_or_else(|e| panic!("{}: {e}\n{asm}", v.version));
    }
}

#[test]
fn local_decorations_decorate_their_variables() {
    let m = compile(
        "RWStructuredBuffer<float> Out;
[[vk::ext_extension(\"SPV_GOOGLE_hlsl_functionality1\")]]
[numthreads(1, 1, 1)]
void main() {
  [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float x = Out[0];
  [[vk::ext_decorate_string(/* UserSemantic */ 5635, \"scale\")]] static float s = 2;
  Out[1] = x * s;
}
",
        "cs_6_0",
        &[],
    );
    assert_eq!(m.decoration("x", "RelaxedPrecision").as_deref(), Some(""));
    let s = m.id("main_body.s");
    assert!(
        m.has(&format!("OpDecorateString {s} UserSemantic \"scale\"")),
        "{}",
        m.asm
    );
}
