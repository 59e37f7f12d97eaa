//! The interpreter running `vk::RawBufferLoad`/`vk::RawBufferStore` and `vk::BufferPointer`
//! accesses through device addresses: buffers given an `Address` in the pipeline YAML (our
//! extension), addresses read from a constant buffer, loads, stores, access paths, atomics,
//! and the errors for addresses no buffer holds. Expected values are computed by hand.

mod common;

use interp::pipeline::BufferValues;
use interp::{parse_pipeline, run_pipeline, PipelineOptions, Results, RunError};

/// Runs `shader` (entry `main`, one group) with the pipeline's `buffers` and `resources`
/// sections.
fn run(shader: &str, buffers: &str, resources: &str) -> Result<Results, RunError> {
    let m = common::lower(shader);
    let yaml = format!(
        "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n{buffers}DescriptorSets:\n  - Resources:\n{resources}"
    );
    let pipeline = parse_pipeline(&yaml)?;
    run_pipeline(&m, &pipeline, &PipelineOptions::default())
}

/// A resource bound at register `r` of space 0.
fn resource(name: &str, kind: &str, r: u32) -> String {
    format!(
        "    - Name: {name}\n      Kind: {kind}\n      DirectXBinding: {{ Register: {r}, Space: 0 }}\n"
    )
}

fn uints(r: &Results, name: &str) -> Vec<u64> {
    match r.get(name) {
        Some(BufferValues::UInt(v)) => v.clone(),
        other => panic!("{name}: {other:?}"),
    }
}

fn floats(r: &Results, name: &str) -> Vec<f32> {
    match r.get(name) {
        Some(BufferValues::Float32(v)) => v.clone(),
        other => panic!("{name}: {other:?}"),
    }
}

#[test]
fn raw_buffer_loads_and_stores_reach_buffers_by_address() {
    // Words 1 and 2 of the buffer at 0x1000 are read (its address + 4, a uint2), and their
    // sum stored as word 3.
    let shader = r#"
cbuffer Params : register(b0) { uint64_t Base; };
[numthreads(1, 1, 1)]
void main() {
    uint2 v = vk::RawBufferLoad<uint2>(Base + 4);
    vk::RawBufferStore<uint>(Base + 12, v.x + v.y);
}
"#;
    let buffers = "  - { Name: Params, Format: UInt64, Data: [0x1000] }\n  - { Name: Mem, Format: UInt32, Data: [10, 20, 30, 0], Address: 0x1000 }\n";
    let r = run(shader, buffers, &resource("Params", "ConstantBuffer", 0)).unwrap();
    assert_eq!(uints(&r, "Mem"), [10, 20, 30, 50]);
}

#[test]
fn buffer_pointers_read_and_write_members_elements_and_components() {
    // S under relaxed std430: scale at 0, offset (float3) at 4 (a vector may start at its
    // component alignment when it does not straddle 16 bytes), data[4] at 16 (stride 4).
    // Thread i: data[i] = data[i] * scale + offset.y; thread 0 also sets offset.z = 9.
    let shader = r#"
struct S { float scale; float3 offset; float data[4]; };
cbuffer Params : register(b0) { vk::BufferPointer<S> P; };
[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
    P.Get().data[i] = P.Get().data[i] * P.Get().scale + P.Get().offset.y;
    if (i == 0) P.Get().offset.z = 9;
}
"#;
    // 8 floats: scale 2, offset (1, 0.5, -1), data 1 2 3 4.
    let buffers = "  - { Name: Params, Format: UInt64, Data: [0x2000] }\n  - { Name: Obj, Format: Float32, Data: [2, 1, 0.5, -1, 1, 2, 3, 4], Address: 0x2000 }\n";
    let r = run(shader, buffers, &resource("Params", "ConstantBuffer", 0)).unwrap();
    // data: 1*2+0.5, 2*2+0.5, 3*2+0.5, 4*2+0.5; offset.z: 9.
    assert_eq!(floats(&r, "Obj"), [2.0, 1.0, 0.5, 9.0, 2.5, 4.5, 6.5, 8.5]);
}

#[test]
fn atomics_behind_a_pointer_count_across_the_group() {
    // 8 invocations add 1 to hits (word 0) and their index to bins[i % 2] (words 1, 2):
    // hits 8, bins[0] = 0+2+4+6 = 12, bins[1] = 1+3+5+7 = 16; each also records the value
    // hits had before its own add, so Old holds 0..7 in some order, summing to 28.
    let shader = r#"
struct Counters { uint hits; uint bins[2]; };
cbuffer Params : register(b0) { vk::BufferPointer<Counters> C; };
RWStructuredBuffer<uint> Old : register(u0);
[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint before;
    InterlockedAdd(C.Get().hits, 1, before);
    Old[i] = before;
    InterlockedAdd(C.Get().bins[i % 2], i);
}
"#;
    let buffers = "  - { Name: Params, Format: UInt64, Data: [0x3000] }\n  - { Name: Counts, Format: UInt32, Data: [0, 0, 0], Address: 0x3000 }\n  - { Name: Old, Format: UInt32, FillSize: 32 }\n";
    let resources =
        resource("Params", "ConstantBuffer", 0) + &resource("Old", "RWStructuredBuffer", 0);
    let r = run(shader, buffers, &resources).unwrap();
    assert_eq!(uints(&r, "Counts"), [8, 12, 16]);
    let mut old = uints(&r, "Old");
    old.sort_unstable();
    assert_eq!(old, [0, 1, 2, 3, 4, 5, 6, 7]);
}

#[test]
fn addresses_outside_every_buffer_are_errors() {
    let shader = r#"
cbuffer Params : register(b0) { uint64_t Base; };
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = vk::RawBufferLoad<uint>(Base); }
"#;
    let out = "  - { Name: Out, Format: UInt32, FillSize: 4 }\n";
    let resources =
        resource("Params", "ConstantBuffer", 0) + &resource("Out", "RWStructuredBuffer", 0);
    let err = |base: &str| {
        let buffers = format!(
            "  - {{ Name: Params, Format: UInt64, Data: [{base}] }}\n  - {{ Name: Mem, Format: UInt32, Data: [1, 2], Address: 0x1000 }}\n{out}"
        );
        run(shader, &buffers, &resources).unwrap_err().to_string()
    };
    // Null, past the end (0x1008), a uint at 0x1006 that would end past it (and is not
    // 4-aligned first), and the last word, which is fine.
    assert_eq!(
        err("0"),
        "invocation [0, 0, 0] of group [0, 0, 0]: device address 0x0: no device buffer holds it"
    );
    assert_eq!(
        err("0x1008"),
        "invocation [0, 0, 0] of group [0, 0, 0]: device address 0x1008: no device buffer holds it"
    );
    assert_eq!(
        err("0x1006"),
        "invocation [0, 0, 0] of group [0, 0, 0]: device address 0x1006: not aligned to 4 bytes"
    );
    let buffers = format!(
        "  - {{ Name: Params, Format: UInt64, Data: [0x1004] }}\n  - {{ Name: Mem, Format: UInt32, Data: [1, 2], Address: 0x1000 }}\n{out}"
    );
    let r = run(shader, &buffers, &resources).unwrap();
    assert_eq!(uints(&r, "Out"), [2]);
}

#[test]
fn an_access_running_past_its_buffer_is_an_error() {
    // A uint4 at 0x1008 of an 16-byte buffer: starts inside, ends 8 bytes past it.
    let shader = r#"
cbuffer Params : register(b0) { uint64_t Base; };
RWStructuredBuffer<uint4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = vk::RawBufferLoad<uint4>(Base + 8); }
"#;
    let buffers = "  - { Name: Params, Format: UInt64, Data: [0x1000] }\n  - { Name: Mem, Format: UInt32, Data: [1, 2, 3, 4], Address: 0x1000 }\n  - { Name: Out, Format: UInt32, FillSize: 16 }\n";
    let resources =
        resource("Params", "ConstantBuffer", 0) + &resource("Out", "RWStructuredBuffer", 0);
    let e = run(shader, buffers, &resources).unwrap_err().to_string();
    assert_eq!(e, "invocation [0, 0, 0] of group [0, 0, 0]: device address 0x1008: the access ends past the device buffer of 16 bytes at 0x1000");
}

#[test]
fn overlapping_or_doubly_bound_device_buffers_are_pipeline_errors() {
    let shader = r#"
cbuffer Params : register(b0) { uint64_t Base; };
[numthreads(1, 1, 1)]
void main() { vk::RawBufferStore<uint>(Base, 1); }
"#;
    let overlap = "  - { Name: Params, Format: UInt64, Data: [0x1000] }\n  - { Name: A, Format: UInt32, Data: [0, 0], Address: 0x1000 }\n  - { Name: B, Format: UInt32, Data: [0], Address: 0x1004 }\n";
    let e = run(shader, overlap, &resource("Params", "ConstantBuffer", 0)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "pipeline: buffer B: binding: device buffer at 0x1004 (4 bytes) overlaps another device buffer"
    );
    let bound = "  - { Name: Params, Format: UInt64, Data: [0x1000], Address: 0x1000 }\n";
    let e = run(shader, bound, &resource("Params", "ConstantBuffer", 0)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "pipeline: buffer Params has an Address and is bound as a resource too: not supported yet"
    );
}

#[test]
fn matrix_elements_behind_a_pointer_are_written_one_by_one() {
    // S under std430: m (column-major float2x2, columns 8 bytes apart) at 0: words m00 m10
    // m01 m11; r (row_major) at 16: words r00 r01 r10 r11. m[0][1] is word 2, m[1] words
    // 1 and 3, r._m10 word 6, r._m00_m01 words 4 and 5; m00 and r11 keep 100 and 107.
    let shader = r#"
struct S { float2x2 m; row_major float2x2 r; };
cbuffer Params : register(b0) { vk::BufferPointer<S> P; };
[numthreads(1, 1, 1)]
void main() {
    P.Get().m[0][1] = 5;
    P.Get().m[1] = float2(6, 7);
    P.Get().r._m10 = 8;
    P.Get().r._m00_m01 = float2(9, 10);
}
"#;
    let buffers = "  - { Name: Params, Format: UInt64, Data: [0x3000] }\n  - { Name: Obj, Format: Float32, Data: [100, 101, 102, 103, 104, 105, 106, 107], Address: 0x3000 }\n";
    let r = run(shader, buffers, &resource("Params", "ConstantBuffer", 0)).unwrap();
    assert_eq!(
        floats(&r, "Obj"),
        [100.0, 6.0, 5.0, 7.0, 9.0, 10.0, 8.0, 107.0]
    );
}

#[test]
fn elements_of_one_row_and_one_column_matrices_behind_a_pointer_are_written() {
    // S under relaxed std430: a (float1x3, stored as a float3) at 0, f at 12, b (float3x1,
    // a float3 of its rows) at 16, g at 28. a[0][1] is word 1, a._m02 word 2, b[2] word 6,
    // b._m00_m10 words 4 and 5; f takes a's first element; g keeps 107.
    let shader = r#"
struct S { float1x3 a; float f; float3x1 b; float g; };
cbuffer Params : register(b0) { vk::BufferPointer<S> P; };
[numthreads(1, 1, 1)]
void main() {
    P.Get().a[0][1] = 5;
    P.Get().a._m02 = 6;
    P.Get().b[2] = 7;
    P.Get().b._m00_m10 = float2(8, 9);
    P.Get().f = P.Get().a[0][0];
}
"#;
    let buffers = "  - { Name: Params, Format: UInt64, Data: [0x3000] }\n  - { Name: Obj, Format: Float32, Data: [100, 101, 102, 103, 104, 105, 106, 107], Address: 0x3000 }\n";
    let r = run(shader, buffers, &resource("Params", "ConstantBuffer", 0)).unwrap();
    assert_eq!(
        floats(&r, "Obj"),
        [100.0, 5.0, 6.0, 100.0, 8.0, 9.0, 7.0, 107.0]
    );
}
