//! Front-end gaps found by DXC's own test suites, second round, end to end: SM 6.8
//! `Barrier` to SPIR-V barriers as DXC documents its legacy barriers, run in the
//! interpreter with hand-computed results. The shaders are ours.

use std::process::Command;

use serde_json::{json, Value};

use crate::harness::{compile, refuse};

/// Runs `shader` (entry `main`, one group) in the interpreter with one
/// `RWStructuredBuffer<uint>` `o` at `u0` of `n` values, and returns its values.
fn run_uints(test: &str, shader: &str, n: u32) -> Value {
    let dir = std::env::temp_dir().join(format!("hlslc-front4-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("shader.hlsl");
    let yaml = dir.join("pipeline.yaml");
    std::fs::write(&src, shader).unwrap();
    std::fs::write(
        &yaml,
        format!(
            "Shaders:\n  - Stage: Compute\n    Entry: main\nDispatchParameters:\n  \
             DispatchGroupCount: [1, 1, 1]\nBuffers:\n  - {{ Name: o, Format: UInt32, \
             FillSize: {} }}\nDescriptorSets:\n  - Resources:\n    - Name: o\n      Kind: \
             RWStructuredBuffer\n      DirectXBinding: {{ Register: 0, Space: 0 }}\n",
            n * 4
        ),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_hlslc"))
        .args(["run", "-T", "cs_6_8", "--pipeline"])
        .arg(&yaml)
        .arg(&src)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "hlslc run failed:\n{stderr}");
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    json["buffers"]["o"].clone()
}

const SM68_BARRIERS: &str = r#"
RWStructuredBuffer<uint> o : register(u0);
groupshared uint g[4];
[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex)
{
    g[t] = t + 1;
    Barrier(GROUP_SHARED_MEMORY, GROUP_SYNC | GROUP_SCOPE);
    uint next = g[(t + 1) % 4];
    o[t] = next;
    Barrier(o, DEVICE_SCOPE | GROUP_SYNC);
    if (t == 0)
        o[4] = o[1] + o[2] + o[3];
    Barrier(UAV_MEMORY, DEVICE_SCOPE);
    Barrier(ALL_MEMORY, DEVICE_SCOPE | GROUP_SYNC);
    Barrier(0, GROUP_SYNC);
}
"#;

#[test]
fn sm68_barriers_are_the_barriers_dxc_documents() {
    // Scopes: Device 1, Workgroup 2. Semantics: AcquireRelease 0x8, UniformMemory 0x40,
    // WorkgroupMemory 0x100, ImageMemory 0x800: groupshared 264, UAV 2120 (DXC's
    // DeviceMemoryBarrier), all 2376 (DXC's AllMemoryBarrierWithGroupSync).
    let m = compile(SM68_BARRIERS, "cs_6_8", &[]);
    m.assert_has(&[
        "OpControlBarrier %uint_2 %uint_2 %uint_264",
        "OpControlBarrier %uint_2 %uint_1 %uint_2120",
        "OpMemoryBarrier %uint_1 %uint_2120",
        "OpControlBarrier %uint_2 %uint_1 %uint_2376",
        "OpControlBarrier %uint_2 %uint_2 %uint_0",
    ]);
}

#[test]
fn sm68_barriers_order_the_group_in_the_interpreter() {
    // Thread t writes t + 1 and reads its neighbour's value after the barrier: 2, 3, 4, 1;
    // thread 0 then sums what threads 1 to 3 wrote: 3 + 4 + 1.
    assert_eq!(
        run_uints("sm68-barriers", SM68_BARRIERS, 5),
        json!([2, 3, 4, 1, 8])
    );
}

#[test]
fn sm68_barrier_flags_the_stage_cannot_use_are_refused() {
    refuse(
        r#"
RWBuffer<uint> b;
float4 main() : SV_Position { Barrier(b, GROUP_SYNC); return b[0]; }
"#,
        "vs_6_8",
        &[],
        1,
        "E2120",
    );
}

#[test]
fn sm68_barrier_flags_that_are_not_constant_are_not_lowered_yet() {
    refuse(
        r#"
RWStructuredBuffer<uint> o;
[numthreads(1, 1, 1)]
void main(uint t : SV_GroupIndex) { Barrier(UAV_MEMORY, o[0]); o[1] = t; }
"#,
        "cs_6_8",
        &[],
        1,
        "not supported yet: Barrier with flags that are not constant expressions",
    );
}
