//! HLSL that DXC refuses for SPIR-V, refused the same way by `hlslc` (exit status 1, our code
//! and DXC's message), next to the nearest HLSL it accepts, which must still compile to valid
//! SPIR-V: `register(cN)` on loose globals (offsets in `$Globals`, overlaps refused, E3006),
//! arrays of structured buffers with counters (E3008), an interlocked operation on one
//! component of a vector texel (E3004), and the front-end rules DXC checks before code
//! generation (`discard` outside pixel shaders E2030, typed buffers of structs E2029).

use crate::harness::{compile, refuse};

#[test]
fn constant_registers_place_loose_globals() {
    // c1 is byte 16, c3 byte 48, c2 byte 32: declaration order does not matter.
    let src = r#"
float x : register(c1);
float4 v : register(c3);
float y : register(c2);
float4 main() : SV_Target { return v * x * y; }
"#;
    assert_eq!(
        compile(src, "ps_6_0", &["-fvk-use-dx-layout"]).offsets("type.$Globals"),
        vec![16, 48, 32]
    );
}

#[test]
fn overlapping_constant_registers_are_refused() {
    // `a` holds c4..c6 (three float4s); `b` at c5 lands inside it.
    let src = r#"
float4 a[3] : register(c4);
float b : register(c5);
float4 main() : SV_Target { return a[0] * b; }
"#;
    refuse(
        src,
        "ps_6_0",
        &["-fvk-use-dx-layout"],
        1,
        "error[E3006]: found offset overlap when processing register(c5) assignment",
    );
}

#[test]
fn arrays_of_counter_buffers_are_accepted() {
    // Arrays of RWStructuredBuffers are DXC's default now (`ots_probe.rs`), and so are
    // append and consume ones, each element with its counter (`res4.rs`).
    let m = compile(
        r#"
ConsumeStructuredBuffer<float> c[2];
RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)] void main() { o[0] = c[1].Consume(); }
"#,
        "cs_6_0",
        &[],
    );
    assert!(
        m.has("OpName %counter_var_c \"counter.var.c\""),
        "{}",
        m.asm
    );
    // Read-only structured buffers have no counter: their arrays are fine.
    let m = compile(
        r#"
StructuredBuffer<float> ro[2];
RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)] void main() { o[0] = ro[1][0]; }
"#,
        "cs_6_0",
        &[],
    );
    assert!(m.has("OpTypeArray"), "{}", m.asm);
}

#[test]
fn interlocked_operations_on_a_texel_component_are_refused() {
    refuse(
        r#"
RWTexture2D<uint2> t;
[numthreads(1, 1, 1)] void main() { InterlockedAdd(t[uint2(0, 0)].y, 1); }
"#,
        "cs_6_0",
        &[],
        1,
        "error[E3004]: Interlocked operation for texture buffer whose result type is non-scalar \
         type is not allowed",
    );
    // A scalar texel is an image texel pointer.
    let m = compile(
        r#"
RWTexture2D<uint> t;
[numthreads(1, 1, 1)] void main() { InterlockedAdd(t[uint2(0, 0)], 1); }
"#,
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpImageTexelPointer", "OpAtomicIAdd"]);
}

#[test]
fn front_end_rules_stop_before_code_generation() {
    refuse(
        r#"
void helper(uint x) { if (x == 0) discard; }
[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { helper(id.x); }
"#,
        "cs_6_0",
        &[],
        1,
        "error[E2030]: discard statement may only be used in pixel shaders",
    );
    refuse(
        r#"
struct S { float a; float b; };
RWBuffer<S> b;
[numthreads(1, 1, 1)] void main() {}
"#,
        "cs_6_0",
        &[],
        1,
        "error[E2029]: elements of typed buffers and textures must be scalars or vectors",
    );
}
