//! What LLVM's offload-test-suite runs through `hlslc -spirv` that hlslc refused or emitted
//! differently from DXC today: arrays of `RWStructuredBuffer`s (DXC's default since it removed
//! `-fvk-allow-rwstructuredbuffer-arrays`), validated by every `spirv-val` run.

use crate::harness::{compile, refuse};

const RW_ARRAY: &str = "RWStructuredBuffer<int> Out[4] : register(u0);
[numthreads(4, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  Out[gi][0] = Out[gi].IncrementCounter();
}
";

/// Without any flag, `Out[4]` lowers with `counter.var.Out`, an array of four counters at the
/// next free binding (1, after `Out` at 0), and each element's `IncrementCounter` adds 1 to
/// its own counter (`%uint_1` as the value of an `OpAtomicIAdd`).
#[test]
fn rwstructuredbuffer_arrays_need_no_flag() {
    let m = compile(RW_ARRAY, "cs_6_0", &[]);
    assert_eq!(m.binding("Out"), (0, 0));
    assert_eq!(m.binding("counter.var.Out"), (0, 1));
    assert!(
        m.asm
            .lines()
            .any(|l| l.contains("OpAtomicIAdd %uint") && l.ends_with("%uint_1")),
        "{}",
        m.asm
    );
}

/// The removed flag is still accepted and gives the same module.
#[test]
fn the_old_flag_changes_nothing() {
    let with = compile(
        RW_ARRAY,
        "cs_6_0",
        &["-fvk-allow-rwstructuredbuffer-arrays"],
    );
    let without = compile(RW_ARRAY, "cs_6_0", &[]);
    assert_eq!(with.asm, without.asm);
}

/// Arrays of append and consume buffers lower too, with an array of counters declared with
/// them (`A` at binding 0, `counter.var.A` at 1; see `res4.rs`).
#[test]
fn append_buffer_arrays_lower() {
    let m = compile(
        "AppendStructuredBuffer<int> A[2];
[numthreads(1, 1, 1)] void main() { A[1].Append(3); }
",
        "cs_6_0",
        &[],
    );
    assert_eq!(m.binding("A"), (0, 0));
    assert_eq!(m.binding("counter.var.A"), (0, 1));
}

/// A two-dimensional array of RW structured buffers was lowered into IR the verifier
/// rejected (a store through a read-only pointer, E4002): it is refused at the declaration,
/// in DXC's words.
#[test]
fn multi_dimensional_counter_buffer_arrays_are_refused() {
    refuse(
        "RWStructuredBuffer<int> B[2][3] : register(u0);
[numthreads(1, 1, 1)] void main() { B[1][2][0] = 7; }
",
        "cs_6_0",
        &[],
        1,
        "error[E3008]: Multi-dimensional arrays of RW/append/consume structured buffers are unsupported in Vulkan",
    );
}

/// A `vk::SampledTexture2D` (a combined image sampler) takes an `s` register as well as a `t`
/// one, as DXC does: `register(s3)` gives binding 3 (it was refused with E2071).
#[test]
fn sampled_textures_take_sampler_registers() {
    let m = compile(
        "vk::SampledTexture2D<float4> Tex : register(s3);
RWBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)] void main() { Out[0] = Tex.Load(int3(1, 0, 0)); }
",
        "cs_6_0",
        &[],
    );
    assert_eq!(m.binding("Tex"), (0, 3));
    m.assert_has(&["OpTypeSampledImage"]);
}
