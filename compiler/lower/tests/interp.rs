//! End to end: HLSL compute shaders lowered and run on the IR interpreter, with expected
//! values worked out by hand.

mod common;

use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};

fn words_u32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn words_f32(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn as_u32(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn as_f32(b: &[u8]) -> Vec<f32> {
    as_u32(b).into_iter().map(f32::from_bits).collect()
}

/// Lowers `text`, binds `buffers` at set 0, bindings 0.., runs `groups`, returns the buffers.
fn run(text: &str, groups: [u32; 3], buffers: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
    let m = common::lower(text);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    let n = buffers.len();
    for (i, data) in buffers.into_iter().enumerate() {
        bindings
            .bind(&program, 0, i as u32, 0, Resource::buffer(data))
            .expect("bind");
    }
    dispatch(
        &program,
        &mut bindings,
        groups,
        &RunOptions::default(),
        None,
    )
    .expect("run");
    (0..n)
        .map(|i| bindings.get(&program, 0, i as u32).unwrap().data.clone())
        .collect()
}

#[test]
fn doubling_kernel() {
    let out = run(
        r#"
RWStructuredBuffer<float> Data : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Data[id.x] = Data[id.x] * 2;
}
"#,
        [2, 1, 1],
        vec![words_f32(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.5])],
    );
    assert_eq!(
        as_f32(&out[0]),
        [2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 14.0, 17.0]
    );
}

#[test]
fn groupshared_tree_reduction() {
    // Each group of 8 sums its 8 inputs: 0+1+...+7 = 28 and 8+...+15 = 92.
    let out = run(
        r#"
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Sums : register(u1);
groupshared uint Partial[8];
[numthreads(8, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint gi : SV_GroupIndex, uint3 gid : SV_GroupID) {
    Partial[gi] = In[dtid.x];
    GroupMemoryBarrierWithGroupSync();
    for (uint stride = 4; stride > 0; stride >>= 1) {
        if (gi < stride)
            Partial[gi] += Partial[gi + stride];
        GroupMemoryBarrierWithGroupSync();
    }
    if (gi == 0)
        Sums[gid.x] = Partial[0];
}
"#,
        [2, 1, 1],
        vec![words_u32(&(0..16).collect::<Vec<_>>()), words_u32(&[0, 0])],
    );
    assert_eq!(as_u32(&out[1]), [28, 92]);
}

#[test]
fn control_flow_kernel() {
    // For n = 0..8: Collatz steps (while, impure ?:), a switch, and short-circuit guards.
    let out = run(
        r#"
RWStructuredBuffer<int> Out : register(u0);
int collatz(uint n) {
    int steps = 0;
    while (n > 1) {
        n = (n & 1) ? n * 3 + 1 : n / 2;
        steps++;
    }
    return steps;
}
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int r = collatz(id.x);
    switch (id.x) {
    case 0: r += 100; break;
    case 1:
    case 2: r += 200; break;
    default: break;
    }
    if (id.x > 5 && Out[id.x] == 0 || id.x == 3) r = -r;
    Out[id.x] = r;
}
"#,
        [1, 1, 1],
        vec![words_u32(&[0; 8])],
    );
    // Steps: 0:0 1:0 2:1 3:7 4:2 5:5 6:8 7:16.
    let got: Vec<i32> = as_u32(&out[0]).into_iter().map(|w| w as i32).collect();
    assert_eq!(got, [100, 200, 201, -7, 2, 5, -8, -16]);
}

#[test]
fn atomics_count_and_max() {
    let out = run(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
groupshared uint Count;
[numthreads(16, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    if (gi == 0) Count = 0;
    GroupMemoryBarrierWithGroupSync();
    uint before;
    InterlockedAdd(Count, 2, before);
    InterlockedMax(Out[1], before);
    GroupMemoryBarrierWithGroupSync();
    if (gi == 0) Out[0] = Count;
}
"#,
        [1, 1, 1],
        vec![words_u32(&[0, 0])],
    );
    // 16 adds of 2; the largest value seen before an add is 30.
    assert_eq!(as_u32(&out[0]), [32, 30]);
}

#[test]
fn statics_out_parameters_and_init_lists() {
    let out = run(
        r#"
static const uint Scale = 3;
static const uint Offsets[4] = { 10, 20, 30, 40 };
RWStructuredBuffer<uint> Out : register(u0);
void divmod(uint a, uint b, out uint q, inout uint r) { q = a / b; r += a % b; }
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint q;
    uint2 r = { 100, 0 };
    divmod(id.x * Scale + 7, 4, q, r.y);
    Out[id.x] = Offsets[id.x] + q * 1000 + r.y * 100000 + r.x;
}
"#,
        [1, 1, 1],
        vec![words_u32(&[0; 4])],
    );
    // x*3+7 = 7, 10, 13, 16: q = 1, 2, 3, 4 and r = 3, 2, 1, 0.
    assert_eq!(
        as_u32(&out[0]),
        [
            300_000 + 1000 + 110,
            200_000 + 2000 + 120,
            100_000 + 3000 + 130,
            4000 + 140
        ]
    );
}

#[test]
fn ray_query_is_refused_not_run() {
    // The interpreter has no acceleration structures: an inline ray-tracing kernel is a clear
    // error, whether it is refused when the program is built or when it runs.
    let m = common::lower(
        r#"
RaytracingAccelerationStructure Scene : register(t0);
RWStructuredBuffer<uint> Hits : register(u1);
[numthreads(1, 1, 1)]
void main() {
    RayDesc ray = { float3(0, 0, 0), 0.0, float3(0, 0, 1), 10.0 };
    RayQuery<RAY_FLAG_NONE> q;
    q.TraceRayInline(Scene, RAY_FLAG_NONE, 0xFF, ray);
    q.Proceed();
    Hits[0] = q.CommittedStatus();
}
"#,
    );
    let err = match Program::new(&m, "main", &ProgramOptions::default()) {
        Err(e) => e,
        Ok(program) => {
            let mut bindings = Bindings::new(&program);
            bindings
                .bind(&program, 0, 1, 0, Resource::buffer(words_u32(&[7])))
                .expect("bind");
            dispatch(
                &program,
                &mut bindings,
                [1, 1, 1],
                &RunOptions::default(),
                None,
            )
            .expect_err("a ray query cannot run")
        }
    };
    let text = err.to_string();
    assert!(
        text.contains("RayQuery::TraceRayInline (inline ray tracing is not supported yet"),
        "{text}"
    );
}
