//! Task ext5: inline SPIR-V forms DXC accepts that were refused. `StorageBuffer` and
//! `PushConstant` on a plain global (DXC moves `$Globals` itself), `HitObjectAttributeEXT`
//! (a storage class newer than rspirv), and a `const` local without a value refused at its
//! declaration.

use crate::harness::{compile, refuse, run, Module};

const V12: &[&str] = &["-fspv-target-env=vulkan1.2"];

/// `StorageBuffer` (12) on a plain global: DXC hands back `$Globals`'s variable for every
/// member and sets that variable's class, so the whole block moves, its other members with
/// it, keeping its layout and binding. From SPIR-V 1.3 it is a `Block` in `StorageBuffer`.
#[test]
fn storage_buffer_class_moves_dollar_globals() {
    let text = "[[vk::ext_storage_class(/* StorageBuffer */ 12)]] float4 color;
float scale;
float4 main() : SV_Target0 { return color * scale; }
";
    let m = compile(text, "ps_6_0", V12);
    let globals = m.id("$Globals");
    m.assert_has(&[
        &format!("{globals} = OpVariable %_ptr_StorageBuffer_type__Globals StorageBuffer"),
        "OpDecorate %type__Globals Block",
        &format!("OpDecorate {globals} DescriptorSet 0"),
        &format!("OpDecorate {globals} Binding 0"),
        "OpAccessChain %_ptr_StorageBuffer_v4float",
        "OpAccessChain %_ptr_StorageBuffer_float",
    ]);
    assert_eq!(
        m.member_decorations("type.$Globals", "Offset"),
        [Some("0".to_owned()), Some("16".to_owned())]
    );
    assert!(!m.has("NonWritable"), "{}", m.asm);
}

/// Below SPIR-V 1.3 a storage buffer is a `BufferBlock` in `Uniform`, as every storage
/// buffer the backend writes for Vulkan 1.0.
#[test]
fn storage_buffer_class_on_vulkan_1_0_is_a_buffer_block() {
    let m = compile(
        "[[vk::ext_storage_class(12)]] float4 color;
float4 main() : SV_Target0 { return color; }
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpDecorate %type__Globals BufferBlock",
        "= OpVariable %_ptr_Uniform_type__Globals Uniform",
    ]);
}

/// `PushConstant` (9) on a plain global: `$Globals` is the push-constant block, with no
/// descriptor set or binding (Vulkan refuses them there).
#[test]
fn push_constant_class_moves_dollar_globals() {
    let m = compile(
        "float bias;
[[vk::ext_storage_class(/* PushConstant */ 9)]] float4 color;
float4 main() : SV_Target0 { return color + bias; }
",
        "ps_6_0",
        &[],
    );
    let globals = m.id("$Globals");
    m.assert_has(&[
        &format!("{globals} = OpVariable %_ptr_PushConstant_type__Globals PushConstant"),
        "OpDecorate %type__Globals Block",
        "OpAccessChain %_ptr_PushConstant_float",
    ]);
    assert!(
        !m.has(&format!("OpDecorate {globals} DescriptorSet")),
        "{}",
        m.asm
    );
    assert!(
        !m.has(&format!("OpDecorate {globals} Binding")),
        "{}",
        m.asm
    );
}

/// Beside a `[[vk::push_constant]]` block, `$Globals` would be a second one: refused.
#[test]
fn push_constant_class_beside_a_push_constant_block_is_refused() {
    refuse(
        "struct P { float4 tint; };
[[vk::push_constant]] P pc;
[[vk::ext_storage_class(9)]] float4 color;
float4 main() : SV_Target0 { return color * pc.tint; }
",
        "ps_6_0",
        &[],
        1,
        "error[E3292]: vk::ext_storage_class(9) on `color` moves $Globals into the \
         PushConstant storage class, and `pc` is a push-constant block already",
    );
}

/// `HitObjectAttributeEXT` (5411, `SPV_EXT_shader_invocation_reorder`) is newer than
/// rspirv's grammar: written by number, with `ShaderInvocationReorderEXT` (5388) and the
/// extension. Older validators (Debian's) do not know the capability: `-Vd`, then the
/// newest installed validator checks the module.
#[test]
fn hit_object_attribute_ext_class() {
    let text = "struct Attr { float2 bary; };
[[vk::ext_storage_class(/* HitObjectAttributeEXT */ 5411)]] static Attr hitAttr;
RWStructuredBuffer<float2> Out;
[shader(\"raygeneration\")] void main() {
  hitAttr.bary = float2(1, 2);
  Out[0] = hitAttr.bary;
}
";
    let (output, path) = run(text, "lib_6_3", &["-fspv-target-env=vulkan1.2", "-Vd"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let words: Vec<u32> = std::fs::read(&path)
        .unwrap()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    // `OpVariable %ptr %id 5411`: four words ending with the class.
    assert!(words
        .windows(4)
        .any(|w| w[0] == ((4 << 16) | 59) && w[3] == 5411));
    let m = Module {
        asm: spirv_backend::disassemble(&words),
    };
    m.assert_has(&[
        "OpCapability 5388",
        "OpExtension \"SPV_EXT_shader_invocation_reorder\"",
        "%hitAttr = OpVariable %_ptr_HitObjectAttributeEXT_Attr HitObjectAttributeEXT",
    ]);
    let newest = spirv_backend::validate::validators()
        .iter()
        .rfind(|v| v.version.contains("v2025"));
    if let Some(v) = newest {
        let args = ["--target-env".to_owned(), "vulkan1.2".to_owned()];
        spirv_backend::validate::validate_with(&v.path, &words, &args)
            .unwrap_or_else(|e| panic!("{}: {e}\n{}", v.version, m.asm));
    }
}

/// A local `const` by its own qualifier and declared without a value is accepted, as DXC
/// accepts it (vkd3d's `const.shader_test` expects a failure below SM 6 only), read or not,
/// and so is one `const` through a typedef (DXC's `type.typedef.hlsl`).
#[test]
fn const_local_without_initializer_is_accepted_as_dxc_accepts_it() {
    compile(
        "RWStructuredBuffer<float4> Out;
typedef const uint ConstUint;
[numthreads(1, 1, 1)] void main() { const int x; const float4 y; ConstUint z; Out[0] = y + z; }
",
        "cs_6_0",
        &[],
    );
}

/// A local of a `const` alias (`vk::WorkgroupSpirvPointer<T>`, as DXC's `vk/spirv.h`
/// declares it) without a value: refused at the declaration (it was `E3001` at the read).
#[test]
fn const_alias_local_without_initializer_is_refused_at_the_declaration() {
    refuse(
        "template <typename T>
using GroupPointer = const vk::SpirvOpaqueType</* OpTypePointer */ 32,
    vk::Literal<vk::integral_constant<uint, /* Workgroup */ 4> >, T>;
RWStructuredBuffer<int> data;
[numthreads(64, 1, 1)] void main() {
  GroupPointer<int> p;
  data[0] = 1;
}
",
        "cs_6_0",
        &["-HV", "2021", "-fspv-target-env=vulkan1.3"],
        1,
        "error[E2275]: default initialization of an object of const type 'const \
         vk::SpirvOpaqueType<32",
    );
}

/// DXC's `vk/spirv.h` declarations for work-group pointers, written as a shader includes
/// them, and an `OpLoad` through one.
const GROUP_POINTER: &str = "namespace vk {
template <typename T>
using WorkgroupSpirvPointer = const vk::SpirvOpaqueType</* OpTypePointer */ 32,
    vk::Literal<vk::integral_constant<uint, /* Workgroup */ 4> >, T>;
template <typename T>
[[vk::ext_instruction(/* OpCopyObject */ 83)]] WorkgroupSpirvPointer<T>
GetGroupSharedAddress([[vk::ext_reference]] T v);
}
[[vk::ext_instruction(/* OpLoad */ 61)]] int Load(vk::WorkgroupSpirvPointer<int> p);
";

const V13: &[&str] = &["-fspv-target-env=vulkan1.3", "-HV", "2021"];

/// A pointer passed to a function (DXC's `workgroupspirvpointer` test): the call is inlined,
/// as DXC's legalization inlines it, so no pointer crosses a call (Vulkan's logical
/// addressing takes only whole variables there without `VariablePointers`). It was E3001.
#[test]
fn a_workgroup_pointer_argument_is_inlined() {
    let m = compile(
        &format!(
            "{GROUP_POINTER}RWStructuredBuffer<int> data;
groupshared int shared_data[64];
int foo(vk::WorkgroupSpirvPointer<int> param) {{ return Load(param); }}
[numthreads(64, 1, 1)] void main() {{
  vk::WorkgroupSpirvPointer<int> p = vk::GetGroupSharedAddress(shared_data[0]);
  data[0] = foo(p);
}}
"
        ),
        "cs_6_0",
        V13,
    );
    assert!(!m.has("OpFunctionCall %int %foo"), "{}", m.asm);
    assert!(!m.has("VariablePointers"), "{}", m.asm);
    let copy = m
        .asm
        .lines()
        .find(|l| l.contains("OpCopyObject %_ptr_Workgroup_int"))
        .and_then(|l| l.split(" = ").next())
        .unwrap_or_else(|| panic!("no copied pointer:\n{}", m.asm))
        .to_owned();
    m.assert_has(&[&format!("OpLoad %int {copy}")]);
}

/// Callers of callers, a callee with locals and a loop (one return), a call under a
/// condition and one in a `static` helper's argument: every level is inlined, the callee's
/// variables in the entry block.
#[test]
fn workgroup_pointer_calls_inline_through_helpers() {
    let m = compile(
        &format!(
            "{GROUP_POINTER}RWStructuredBuffer<int> data;
groupshared int tile[64];
int sum(vk::WorkgroupSpirvPointer<int> p, int n) {{
  int total = 0;
  for (int k = 0; k < n; k++) {{ total += Load(p); }}
  return total;
}}
int twice(vk::WorkgroupSpirvPointer<int> p) {{ return sum(p, 2); }}
[numthreads(64, 1, 1)] void main(uint i : SV_GroupIndex) {{
  tile[i] = i;
  GroupMemoryBarrierWithGroupSync();
  int r = 0;
  if (i > 3) {{ r = twice(vk::GetGroupSharedAddress(tile[i])); }}
  data[i] = r + sum(vk::GetGroupSharedAddress(tile[63 - i]), 3);
}}
"
        ),
        "cs_6_0",
        V13,
    );
    assert!(!m.has("OpFunctionCall %int %sum"), "{}", m.asm);
    assert!(!m.has("OpFunctionCall %int %twice"), "{}", m.asm);
    assert!(!m.has("VariablePointers"), "{}", m.asm);
}

/// A callee returning from several places, called in a loop: its blocks run in a loop run
/// once, each return a `break` to a `Phi` of the values; a `void` one returning early too.
#[test]
fn workgroup_pointer_callees_with_several_returns_inline() {
    let m = compile(
        &format!(
            "{GROUP_POINTER}RWStructuredBuffer<int> data;
groupshared int tile[64];
int first(vk::WorkgroupSpirvPointer<int> p, int n) {{
  if (n > 2) {{ return Load(p); }}
  if (n == 1) {{ return 7; }}
  return 0;
}}
void put(vk::WorkgroupSpirvPointer<int> p, uint i) {{
  if (i == 0) {{ return; }}
  data[i] = Load(p);
}}
[numthreads(64, 1, 1)] void main(uint i : SV_GroupIndex) {{
  int acc = 0;
  for (int k = 0; k < 3; k++) {{
    if (k == 1) {{ acc += first(vk::GetGroupSharedAddress(tile[i]), i); }}
  }}
  put(vk::GetGroupSharedAddress(tile[i]), i);
  data[i] += acc;
}}
"
        ),
        "cs_6_0",
        V13,
    );
    assert!(!m.has("OpFunctionCall %int %first"), "{}", m.asm);
    assert!(!m.has("OpFunctionCall %void %put"), "{}", m.asm);
    m.assert_has(&["OpPhi %int"]);
}

/// A callee returning from inside its loop and elsewhere is not inlined yet (a `break` leaves
/// only the innermost loop): E3001 at its parameter.
#[test]
fn workgroup_pointer_callee_returning_from_a_loop_is_not_supported_yet() {
    refuse(
        &format!(
            "{GROUP_POINTER}RWStructuredBuffer<int> data;
groupshared int tile[64];
int find(vk::WorkgroupSpirvPointer<int> p, int n) {{
  for (int k = 0; k < n; k++) {{ if (Load(p) == k) return k; }}
  return -1;
}}
[numthreads(64, 1, 1)] void main(uint i : SV_GroupIndex) {{
  data[i] = find(vk::GetGroupSharedAddress(tile[i]), i);
}}
"
        ),
        "cs_6_0",
        V13,
        1,
        "error[E3001]: not supported yet: a parameter holding an inline SPIR-V pointer (as \
         vk::WorkgroupSpirvPointer) in a function that returns from inside a loop",
    );
}

/// `[[vk::ext_storage_class(N)]]` beside a built-in attribute of another class is refused
/// in DXC's words, first, as its semantic analysis does; the built-in's own class is fine.
#[test]
fn storage_class_beside_a_builtin_of_another_class() {
    refuse(
        "[[vk::ext_storage_class(/* Input */ 1)]]
[[vk::ext_builtin_output(/* Position */ 0)]]
static float4 output;
float4 main() : SV_Position { return 0; }
",
        "vs_6_0",
        &[],
        1,
        "error[E3211]: 'ext_storage_class' cannot be used on a variable already associated to \
         another storage class Output",
    );
    refuse(
        "[[vk::ext_storage_class(/* Output */ 3)]]
[[vk::ext_builtin_input(/* WorkgroupId */ 26)]]
static uint3 input;
[numthreads(1, 1, 1)] void main() {}
",
        "cs_6_0",
        &[],
        1,
        "error[E3211]: 'ext_storage_class' cannot be used on a variable already associated to \
         another storage class Input",
    );
    compile(
        "[[vk::ext_storage_class(/* Output */ 3)]]
[[vk::ext_builtin_output(/* PointSize */ 1)]]
static float size;
float4 main() : SV_Position { size = 1; return 0; }
",
        "vs_6_0",
        &[],
    );
}

/// A descriptor class that is not the global's own where Vulkan refuses the result: an
/// image out of `UniformConstant`, or `$Globals` (a block) moved into it (was E3001).
#[test]
fn misplaced_descriptor_classes_are_refused() {
    refuse(
        "[[vk::ext_storage_class(/* StorageBuffer */ 12)]] Texture2D t;
SamplerState s;
float4 main(float2 uv : TEXCOORD) : SV_Target { return t.Sample(s, uv); }
",
        "ps_6_0",
        &[],
        1,
        "error[E3012]: vk::ext_storage_class(12): a Texture2D<float4> is an image, sampler or \
         acceleration structure, which Vulkan keeps in the UniformConstant storage class",
    );
    refuse(
        "[[vk::ext_storage_class(/* UniformConstant */ 0)]] float4 c;
float4 main() : SV_Target { return c; }
",
        "ps_6_0",
        &[],
        1,
        "error[E3012]: vk::ext_storage_class(0): a plain value is a member of $Globals, which \
         would move into the UniformConstant storage class, where Vulkan allows no block",
    );
}

/// `[[vk::ext_builtin_input(N)]]` needs a `static const` local without a value (the built-in
/// gives it one): no E2275 there, nor for the same local without the attribute (a plain
/// `const`; only a `const` alias type is refused).
#[test]
fn builtin_input_locals_are_exempt_from_the_const_initializer_rule() {
    compile(
        "float4 main() : SV_Target {
  [[vk::ext_builtin_input(/* FragCoord */ 15)]] static const float4 where;
  return where;
}
",
        "ps_6_0",
        &[],
    );
    compile(
        "float4 main() : SV_Target {
  static const float4 where;
  return where;
}
",
        "ps_6_0",
        &[],
    );
}
