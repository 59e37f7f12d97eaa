//! Task ext4: the inline SPIR-V forms ext3 left refused. `vk::ext_execution_mode_id` (an
//! `OpExecutionModeId` whose operands are constants or spec constants by id), and the
//! attributes of the statement calling it.

use crate::harness::{compile, refuse};

const V11: &[&str] = &["-fspv-target-env=vulkan1.1"];
const V13: &[&str] = &["-fspv-target-env=vulkan1.3"];

/// A compute shader whose work-group width is a spec constant: `LocalSizeId` names it by id.
#[test]
fn execution_mode_id_passes_a_spec_constant_by_id() {
    let m = compile(
        "[[vk::constant_id(3)]] const uint Width = 32;
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  vk::ext_execution_mode_id(/* LocalSizeId */ 38, Width, 2u, 1u);
  Out[i] = i;
}
",
        "cs_6_0",
        V13,
    );
    let width = m.id("Width");
    let mode = m
        .asm
        .lines()
        .find(|l| l.contains("OpExecutionModeId"))
        .unwrap_or_else(|| panic!("no OpExecutionModeId:\n{}", m.asm));
    assert!(
        mode.ends_with(&format!("LocalSizeId {width} %uint_2 %uint_1")),
        "{}",
        m.asm
    );
    m.assert_has(&[&format!("{width} = OpSpecConstant %uint 32")]);
}

/// Literal operands are `int` constants, as DXC types them; `[[vk::ext_capability]]` and
/// `[[vk::ext_extension]]` on the statement are the module's.
#[test]
fn execution_mode_id_literals_and_statement_attributes() {
    let m = compile(
        "RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  [[vk::ext_capability(/* ShaderClockKHR */ 5055)]]
  [[vk::ext_extension(\"SPV_KHR_shader_clock\")]]
  vk::ext_execution_mode_id(/* LocalSizeId */ 38, 4, 4, 1);
  Out[i] = i;
}
",
        "cs_6_0",
        V13,
    );
    m.assert_has(&[
        "OpCapability ShaderClockKHR",
        "OpExtension \"SPV_KHR_shader_clock\"",
        "LocalSizeId %int_4 %int_4 %int_1",
    ]);
}

/// The attributes on the statement of the literal form, `vk::ext_execution_mode`, count too
/// (they were dropped: the validator then refused the mode for its missing capability).
#[test]
fn execution_mode_statement_attributes_declare_the_capability() {
    let m = compile(
        "int main() : SV_Target0 {
  [[vk::ext_capability(/* StencilExportEXT */ 5013)]]
  [[vk::ext_extension(\"SPV_EXT_shader_stencil_export\")]]
  vk::ext_execution_mode(/* StencilRefReplacingEXT */ 5027);
  return 3;
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCapability StencilExportEXT",
        "OpExecutionMode %main StencilRefReplacingEXT",
    ]);
}

/// What the validator refuses of DXC's output: a `Kernel` mode, a literal mode, a wrong
/// count, an operand that is no constant, and SPIR-V 1.0, which has no `OpExecutionModeId`.
#[test]
fn execution_mode_id_refusals() {
    let shader = |call: &str| {
        format!(
            "RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main(uint i : SV_DispatchThreadID) {{
  {call};
  Out[i] = i;
}}
"
        )
    };
    refuse(
        &shader("vk::ext_execution_mode_id(/* LocalSizeHintId */ 39, 4, 4, 4)"),
        "cs_6_0",
        V11,
        1,
        "error[E3012]: vk::ext_execution_mode_id(39): the LocalSizeHintId execution mode needs \
         the Kernel capability",
    );
    refuse(
        &shader("vk::ext_execution_mode_id(/* LocalSize */ 17, 4, 4, 4)"),
        "cs_6_0",
        V11,
        1,
        "the LocalSize execution mode takes literal operands",
    );
    refuse(
        &shader("vk::ext_execution_mode_id(38, 4, 4)"),
        "cs_6_0",
        V11,
        1,
        "the LocalSizeId execution mode takes 3 ids, 2 given",
    );
    refuse(
        &shader("vk::ext_execution_mode_id(38, i, 1, 1)"),
        "cs_6_0",
        V11,
        1,
        "error[E3012]: an operand of vk::ext_execution_mode_id must be a constant or a spec \
         constant",
    );
    refuse(
        &shader("vk::ext_execution_mode_id(38, 8, 1, 1)"),
        "cs_6_0",
        &[],
        1,
        "needs SPIR-V 1.2",
    );
    refuse(
        &shader("vk::ext_execution_mode_id(38, 8, 1, 1)"),
        "cs_6_0",
        V11,
        1,
        "Vulkan allows the LocalSizeId execution mode from Vulkan 1.3 on",
    );
    refuse(
        "int main() : SV_Target0 {
  vk::ext_execution_mode_id(/* LocalSizeId */ 38, 8, 8, 8);
  return 3;
}
",
        "ps_6_0",
        V13,
        1,
        "the LocalSizeId execution mode is only valid in compute, mesh and amplification shaders",
    );
    refuse(
        &shader("vk::ext_execution_mode_id(38, 8.5, 1, 1)"),
        "cs_6_0",
        V11,
        1,
        "an operand of `vk::ext_execution_mode_id` must be an integer constant",
    );
}
