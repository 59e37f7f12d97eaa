//! Vulkan-specific HLSL that `dxc -spirv` accepts, mapped as DXC's `docs/SPIR-V.rst` says:
//! subpass inputs (`OpTypeImage ... SubpassData ... 2 Unknown`, `InputAttachmentIndex`, the
//! `InputAttachment` capability, `OpImageRead` at the fragment with `Sample` when
//! multisampled) and raw buffer accesses (`OpBitcast` of the 64-bit address to a
//! `PhysicalStorageBuffer` pointer, `Aligned` loads and stores, the
//! `PhysicalStorageBufferAddresses` capability and addressing model) and built-ins named by
//! number (`[[vk::ext_builtin_input(N)]] static const` and `[[vk::ext_builtin_output(N)]]
//! static` globals: `Input`/`Output` variables decorated `BuiltIn N`, never `Private` ones)
//! and `[[vk::ext_storage_class(4)]] static` globals in `Workgroup` memory (the other storage
//! classes, and the attribute on locals, are `ext3.rs`'s).

use crate::harness::{compile, refuse, Module};

/// The `Offset` of each member of the struct with id `id`, by member.
fn member_offsets(m: &Module, id: &str) -> Vec<(u32, u32)> {
    let prefix = format!("OpMemberDecorate {id} ");
    let mut offsets: Vec<(u32, u32)> = m
        .asm
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix(&prefix)?;
            let mut parts = rest.split(' ');
            let member = parts.next()?.parse().ok()?;
            (parts.next()? == "Offset").then_some(())?;
            Some((member, parts.next()?.parse().ok()?))
        })
        .collect();
    offsets.sort_unstable();
    offsets
}

#[test]
fn subpass_inputs_read_their_attachment() {
    let m = compile(
        "[[vk::input_attachment_index(3)]] SubpassInput color;
[[vk::input_attachment_index(1)]] SubpassInputMS<int2> ids;
[[vk::input_attachment_index(0)]] SubpassInput<uint> mask : register(t7, space1);
float4 main() : SV_Target {
  return color.SubpassLoad() + float4(ids.SubpassLoad(2), mask.SubpassLoad(), 0);
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCapability InputAttachment",
        "OpTypeImage %float SubpassData 0 0 0 2 Unknown",
        "OpTypeImage %int SubpassData 0 0 1 2 Unknown",
        "OpTypeImage %uint SubpassData 0 0 0 2 Unknown",
        "OpImageRead %v4float",
        "OpImageRead %v4int",
        "Sample %int_2",
    ]);
    assert_eq!(
        m.decoration("color", "InputAttachmentIndex").as_deref(),
        Some("3")
    );
    assert_eq!(
        m.decoration("ids", "InputAttachmentIndex").as_deref(),
        Some("1")
    );
    assert_eq!(
        m.decoration("mask", "InputAttachmentIndex").as_deref(),
        Some("0")
    );
    // The register gives the binding; the others take the next free ones of set 0.
    assert_eq!(m.binding("mask"), (1, 7));
    assert_eq!(m.binding("color"), (0, 0));
    assert_eq!(m.binding("ids"), (0, 1));
    // Subpass data needs no format-less storage read capability.
    assert!(!m.has("StorageImageReadWithoutFormat"), "{}", m.asm);
    assert!(!m.has("StorageImageMultisample"), "{}", m.asm);
}

#[test]
fn subpass_inputs_under_newer_vulkan() {
    for env in ["vulkan1.1", "vulkan1.2", "vulkan1.3"] {
        let flag = format!("-fspv-target-env={env}");
        let m = compile(
            "[[vk::input_attachment_index(0)]] SubpassInputMS depth;
float4 main(uint s : SV_SampleIndex) : SV_Target { return depth.SubpassLoad(s); }
",
            "ps_6_0",
            &[&flag],
        );
        m.assert_has(&["OpTypeImage %float SubpassData 0 0 1 2 Unknown"]);
    }
}

#[test]
fn subpass_input_errors_follow_dxc() {
    refuse(
        "SubpassInput color;
float4 main() : SV_Target { return 0; }
",
        "ps_6_0",
        &[],
        1,
        "missing vk::input_attachment_index attribute",
    );
    refuse(
        "[[vk::input_attachment_index(0)]] static SubpassInput color;
float4 main() : SV_Target { return 0; }
",
        "ps_6_0",
        &[],
        1,
        "SubpassInput(MS) must be externally visible",
    );
    refuse(
        "[[vk::input_attachment_index(0)]] SubpassInput color;
float4 main() : SV_Position { return color.SubpassLoad(); }
",
        "vs_6_0",
        &[],
        1,
        "SubpassInput(MS) only allowed in pixel shader",
    );
}

#[test]
fn raw_buffer_scalars_and_vectors() {
    let m = compile(
        "uint64_t Address;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float x = vk::RawBufferLoad<float>(Address);
  double y = vk::RawBufferLoad<double>(Address + 8, 8);
  uint u = vk::RawBufferLoad(Address + 16);
  bool b = vk::RawBufferLoad<bool>(Address + 20);
  vk::RawBufferStore<float2>(Address + 24, float2(x, (float)y), 8);
  vk::RawBufferStore(Address + 32, u + id.x);
  vk::RawBufferStore<bool>(Address + 36, !b);
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCapability PhysicalStorageBufferAddresses",
        "OpExtension \"SPV_KHR_physical_storage_buffer\"",
        "OpMemoryModel PhysicalStorageBuffer64 GLSL450",
        "OpTypePointer PhysicalStorageBuffer %float",
        "OpTypePointer PhysicalStorageBuffer %double",
        "OpTypePointer PhysicalStorageBuffer %uint",
        "OpTypePointer PhysicalStorageBuffer %v2float",
        "Aligned 4",
        "Aligned 8",
        // `bool` travels as a `uint`: compared with 0 after a load, selected before a store.
        "OpINotEqual %bool",
        "OpSelect %uint",
    ]);
    assert!(!m.has("PhysicalStorageBuffer %bool"), "{}", m.asm);
}

#[test]
fn raw_buffer_structs_use_the_scalar_layout() {
    // `sizeof(T)` bytes, as DXC lays them out: each member at its scalar alignment, `bool` as
    // a 4-byte `uint`, the 2x2 matrix (8-byte rows) right after it. Offsets by hand: f 0,
    // v 4 (not 16 as std430 would), b 16, m 20. Such a struct needs Vulkan's
    // `scalarBlockLayout`, as DXC's output does, so spirv-val checks it under that rule.
    let m = compile(
        "struct S { float f; float3 v; bool b; float2x2 m; };
uint64_t Address;
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() {
  S s = vk::RawBufferLoad<S>(Address, 16);
  s.f += 1;
  vk::RawBufferStore<S>(Address + 64, s);
  Out[0] = s.m[1][0];
}
",
        "cs_6_0",
        &["-fvk-use-scalar-layout"],
    );
    let pointer_line = m
        .asm
        .lines()
        .find(|l| l.contains("OpTypePointer PhysicalStorageBuffer"))
        .expect("a physical storage buffer pointer");
    let pointee = pointer_line.rsplit(' ').next().unwrap();
    let name = m
        .asm
        .lines()
        .find_map(|l| {
            let rest = l.strip_prefix("OpName ")?;
            let (id, n) = rest.split_once(' ')?;
            (id == pointee).then(|| n.trim_matches('"').to_owned())
        })
        .expect("the pointee is a named struct");
    assert_eq!(name, "S");
    assert_eq!(
        member_offsets(&m, pointee),
        [(0, 0), (1, 4), (2, 16), (3, 20)],
        "{}",
        m.asm
    );
    m.assert_has(&["Aligned 16", "Aligned 4"]);
}

#[test]
fn raw_buffers_under_vulkan_1_2_and_1_3() {
    for env in ["vulkan1.2", "vulkan1.3"] {
        let flag = format!("-fspv-target-env={env}");
        let m = compile(
            "struct P { float4 a; float2 b; uint c; };
uint64_t Address;
float4 main() : SV_Target {
  P p = vk::RawBufferLoad<P>(Address);
  vk::RawBufferStore<uint>(Address + 28, p.c + 1);
  return p.a + p.b.x;
}
",
            "ps_6_0",
            &[&flag],
        );
        m.assert_has(&[
            "OpMemoryModel PhysicalStorageBuffer64 GLSL450",
            "OpTypePointer PhysicalStorageBuffer %P",
        ]);
    }
}

#[test]
fn raw_buffer_alignment_errors() {
    refuse(
        "uint64_t Address;
float4 main() : SV_Target { return vk::RawBufferLoad<float4>(Address, -16); }
",
        "ps_6_0",
        &[],
        1,
        "alignment argument must be a constant unsigned integer",
    );
    refuse(
        "uint64_t Address; uint A;
float4 main() : SV_Target { return vk::RawBufferLoad<float4>(Address, A); }
",
        "ps_6_0",
        &[],
        1,
        "error[E3011]: alignment argument must be a constant unsigned integer",
    );
}

#[test]
fn raw_buffer_16_bit_values_and_arrays() {
    // 16-bit values in physical storage need `StorageBuffer16BitAccess`; an array keeps its
    // element stride (float4: 16).
    let m = compile(
        "uint64_t Address;
RWStructuredBuffer<float4> Out;
[numthreads(1, 1, 1)]
void main() {
  half h = vk::RawBufferLoad<half>(Address, 2);
  float4 a[2] = vk::RawBufferLoad<float4[2]>(Address + 16, 16);
  vk::RawBufferStore<uint16_t>(Address + 2, (uint16_t)3, 2);
  Out[0] = a[1] * h;
}
",
        "cs_6_2",
        &["-enable-16bit-types"],
    );
    m.assert_has(&[
        "OpCapability StorageBuffer16BitAccess",
        "OpTypePointer PhysicalStorageBuffer %half",
        "OpTypePointer PhysicalStorageBuffer %uint16",
        "Aligned 2",
        "Aligned 16",
    ]);
    let array = m
        .asm
        .lines()
        .find_map(|l| {
            let (_, pointee) = l.split_once("OpTypePointer PhysicalStorageBuffer ")?;
            pointee
                .starts_with("%_arr_v4float")
                .then(|| pointee.to_owned())
        })
        .expect("a pointer to the array");
    assert_eq!(
        m.decoration_of_id(&array, "ArrayStride").as_deref(),
        Some("16"),
        "{}",
        m.asm
    );
}

#[test]
fn inline_spirv_instructions_sets_and_modes() {
    // Pixel interlock through inline SPIR-V only: the capability and extension by attribute,
    // the mode by `vk::ext_execution_mode`, the two instructions by opcode; `FMix` through
    // the GLSL set; a store through a reference with a literal memory operand (0: None).
    let m = compile(
        "[[vk::ext_capability(/* FragmentShaderPixelInterlockEXT */ 5378)]]
[[vk::ext_extension(\"SPV_EXT_fragment_shader_interlock\")]]
[[vk::ext_instruction(/* OpBeginInvocationInterlockEXT */ 5364)]]
void beginInterlock();
[[vk::ext_instruction(/* OpEndInvocationInterlockEXT */ 5365)]]
void endInterlock();
[[vk::ext_instruction(/* FMix */ 46, \"GLSL.std.450\")]]
float3 mix3(float3 a, float3 b, float3 t);
[[vk::ext_instruction(/* OpStore */ 62)]]
void store([[vk::ext_reference]] float4 p, float4 v, [[vk::ext_literal]] uint access);
RWTexture2D<float4> Image;
float4 main(float4 pos : SV_Position) : SV_Target {
  vk::ext_execution_mode(/* PixelInterlockOrderedEXT */ 5366);
  beginInterlock();
  Image[uint2(pos.xy)] += 1;
  endInterlock();
  float4 r;
  store(r, float4(mix3(pos.xyz, 1, 0.5), 1), 0);
  return r;
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCapability FragmentShaderPixelInterlockEXT",
        "OpExtension \"SPV_EXT_fragment_shader_interlock\"",
        "OpExecutionMode %main PixelInterlockOrderedEXT",
        "OpBeginInvocationInterlockEXT",
        "OpEndInvocationInterlockEXT",
        "OpExtInstImport \"GLSL.std.450\"",
        "FMix",
        "OpStore %r",
    ]);
}

#[test]
fn instruction_set_named_after_its_extension_declares_it() {
    // A template function with its attribute after the template header; the set is named
    // after its extension, which the module then declares (DXC infers it), and the vendor
    // name `AMD` given to -fspv-extension allows it while `KHR` does not (`NV` is no name
    // DXC knows: a usage error).
    let text = "template <typename T>
[[vk::ext_instruction(/* FMin3AMD */ 1, \"SPV_AMD_shader_trinary_minmax\")]]
T min3(T x, T y, T z);
float4 main(float4 x : POSITION) : SV_Position {
  x.x = min3(x.x, x.y, x.z);
  return x;
}
";
    let m = compile(text, "vs_6_0", &["-fspv-extension=AMD"]);
    m.assert_has(&[
        "OpExtension \"SPV_AMD_shader_trinary_minmax\"",
        "OpExtInstImport \"SPV_AMD_shader_trinary_minmax\"",
        "OpExtInst %float",
    ]);
    refuse(
        text,
        "vs_6_0",
        &["-fspv-extension=KHR"],
        1,
        "needs SPIR-V extension SPV_AMD_shader_trinary_minmax",
    );
}

#[test]
fn inline_spirv_unknown_opcodes_pass_and_misuse_is_an_error() {
    // An opcode no grammar knows is written as asked (`vulkan_types` has a real one); only
    // validation, skipped here, can refuse it.
    let (output, path) = crate::harness::run(
        "[[vk::ext_instruction(65000)]] void mystery();
float4 main() : SV_Target { mystery(); return 0; }
",
        "ps_6_0",
        &["-Vd"],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes
        .chunks_exact(4)
        .any(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]) == (1 << 16) | 65000));
    refuse(
        "[[vk::ext_instruction(/* OpLoad */ 61)]]
float4 load([[vk::ext_reference]] float4 p);
float4 main() : SV_Target { return load(float4(1, 2, 3, 4)); }
",
        "ps_6_0",
        &[],
        1,
        "argument for a parameter with vk::ext_reference attribute must be a reference",
    );
}

#[test]
fn inline_spirv_decorations_of_globals() {
    let m = compile(
        "[[vk::ext_decorate(/* Coherent */ 23)]]
RWStructuredBuffer<uint> Buf;
[[vk::ext_decorate_string(/* UserTypeGOOGLE */ 5636, \"my.texture\")]]
Texture2D Tex;
[[vk::ext_extension(\"SPV_GOOGLE_user_type\")]]
[[vk::ext_extension(\"SPV_GOOGLE_hlsl_functionality1\")]]
[numthreads(1, 1, 1)]
void main() { uint w, h; Tex.GetDimensions(w, h); Buf[0] = w + h; }
",
        "cs_6_0",
        &[],
    );
    assert_eq!(m.decoration("Buf", "Coherent").as_deref(), Some(""));
    m.assert_has(&[
        "OpExtension \"SPV_GOOGLE_user_type\"",
        "OpDecorateString %Tex UserTypeGOOGLE \"my.texture\"",
    ]);
}

#[test]
fn read_clock_of_the_device_and_the_subgroup() {
    let m = compile(
        "RWStructuredBuffer<uint64_t> Out;
[numthreads(1, 1, 1)]
void main() {
  uint64_t a = vk::ReadClock(vk::DeviceScope);
  Out[0] = vk::ReadClock(vk::SubgroupScope) - a;
}
",
        "cs_6_0",
        &[],
    );
    // Scopes by SPIR-V's numbering: Device 1, Subgroup 3.
    m.assert_has(&[
        "OpCapability ShaderClockKHR",
        "OpExtension \"SPV_KHR_shader_clock\"",
        "OpReadClockKHR %uint64 %uint_1",
        "OpReadClockKHR %uint64 %uint_3",
    ]);
    refuse(
        "RWStructuredBuffer<uint64_t> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = vk::ReadClock(vk::WorkgroupScope); }
",
        "cs_6_0",
        &[],
        1,
        "vk::ReadClock reads the clock of vk::DeviceScope or vk::SubgroupScope only",
    );
}

#[test]
fn raw_buffer_matrices_travel_in_a_one_member_struct() {
    // The stride and majorness are member decorations, so a bare matrix is wrapped: a
    // column_major float4x4 (HLSL's default; SPIR-V `RowMajor`, as the matrix is stored
    // transposed) has 16-byte columns; a row_major float2x3 packs its 12-byte rows.
    let m = compile(
        "uint64_t a;
RWStructuredBuffer<float4> o;
[numthreads(1, 1, 1)]
void main() {
  float4x4 m = vk::RawBufferLoad<float4x4>(a, 16);
  row_major float2x3 r = vk::RawBufferLoad<row_major float2x3>(a + 64);
  vk::RawBufferStore<float4x4>(a + 128, m, 16);
  o[0] = m[1] + r[1].xyzz;
}
",
        "cs_6_0",
        // The 12-byte rows need the scalar block layout rule (see the struct test above).
        &["-fvk-use-scalar-layout"],
    );
    let strides: Vec<&str> = m
        .asm
        .lines()
        .filter(|l| l.starts_with("OpMemberDecorate %RawBufferMatrix"))
        .filter_map(|l| l.split_once(" 0 ").map(|(_, d)| d))
        .collect();
    assert!(strides.contains(&"MatrixStride 16"), "{}", m.asm);
    assert!(strides.contains(&"MatrixStride 12"), "{}", m.asm);
    assert!(
        strides.contains(&"RowMajor") && strides.contains(&"ColMajor"),
        "{}",
        m.asm
    );
    m.assert_has(&["OpTypePointer PhysicalStorageBuffer %RawBufferMatrix"]);
}

#[test]
fn builtins_named_by_number_are_stage_variables() {
    // A compute shader reading `NumWorkgroups` (24) through a global, as engines do for
    // built-ins HLSL has no semantic for.
    let m = compile(
        "[[vk::ext_builtin_input(24)]] static const uint3 group_count;
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = group_count.x * group_count.y; }
",
        "cs_6_0",
        &[],
    );
    assert_eq!(
        m.decoration("group_count", "BuiltIn").as_deref(),
        Some("NumWorkgroups")
    );
    m.assert_has(&["OpVariable %_ptr_Input_v3uint Input"]);
    assert!(!m.asm.contains("Private"), "{}", m.asm);

    // An output (`PointSize`, 1) a vertex shader writes, and integer and `bool` inputs of a
    // pixel shader: `SampleId` (18) is flat and needs `SampleRateShading`, `FrontFacing`
    // (17) keeps its `bool` type.
    let m = compile(
        "[[vk::ext_builtin_output(1)]] static float point_size;
float4 main(float4 p : POSITION) : SV_Position { point_size = 4.0; return p; }
",
        "vs_6_0",
        &[],
    );
    assert_eq!(
        m.decoration("point_size", "BuiltIn").as_deref(),
        Some("PointSize")
    );
    m.assert_has(&["OpStore %point_size %float_4"]);
    let m = compile(
        "[[vk::ext_builtin_input(18)]] static const uint sample_index;
[[vk::ext_builtin_input(17)]] static const bool front;
float4 main() : SV_Target { return front ? float(sample_index) : 0.5; }
",
        "ps_6_0",
        &[],
    );
    assert_eq!(m.decoration("sample_index", "Flat").as_deref(), Some(""));
    m.assert_has(&[
        "OpCapability SampleRateShading",
        "OpVariable %_ptr_Input_bool Input",
    ]);
}

#[test]
fn builtin_attribute_misuse_follows_dxc() {
    refuse(
        "[[vk::ext_builtin_input(24)]] static uint3 counts;
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)] void main() { Out[0] = counts.x; }
",
        "cs_6_0",
        &[],
        1,
        "vk::ext_builtin_input can only be applied to a const-qualified variable",
    );
    refuse(
        "[[vk::ext_builtin_output(1)]] float size;
float4 main() : SV_Position { return size; }
",
        "vs_6_0",
        &[],
        1,
        "vk::ext_builtin_input and vk::ext_builtin_output can only be applied to a static variable",
    );
}

#[test]
fn a_static_global_moved_to_workgroup_memory() {
    let m = compile(
        "[[vk::ext_storage_class(/* Workgroup */ 4)]] static uint tally;
RWStructuredBuffer<uint> Out;
[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
  if (i == 0) tally = 3;
  GroupMemoryBarrierWithGroupSync();
  Out[i] = tally;
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpVariable %_ptr_Workgroup_uint Workgroup"]);
    assert!(!m.asm.contains("Private"), "{}", m.asm);
    refuse(
        "[[vk::ext_storage_class(/* StorageBuffer */ 12)]] static uint odd;
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)] void main() { Out[0] = odd; }
",
        "cs_6_0",
        &[],
        1,
        // (ext4: DXC's variable has neither block nor binding, which Vulkan requires.)
        "error[E3012]: vk::ext_storage_class(12): a static or local variable cannot be in the \
         StorageBuffer storage class",
    );
    // On a local, a module-scope variable of that class too (ext3), stored where declared.
    let m = compile(
        "RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)] void main() { [[vk::ext_storage_class(4)]] uint l = 1; Out[0] = l; }
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpVariable %_ptr_Workgroup_uint Workgroup"]);
}
