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
fn derived_structs_reach_base_fields_and_methods() {
    // `sum` reads the base field `a` unqualified; `Base::bump` runs on the derived object and
    // its write to `a` lands in it: a = 1 + 10 = 11, so sum = 11 + 2 = 13, get = 11.
    let out = run(
        r#"
RWStructuredBuffer<float> Out : register(u0);
struct Base { float a; float get() { return a; } void bump(float by) { a += by; } };
struct Derived : Base { float b; float sum() { return a + b; } float viaBase() { return get(); } };
[numthreads(1, 1, 1)]
void main() {
    Derived d;
    d.a = 1;
    d.b = 2;
    d.bump(10);
    Out[0] = d.sum();
    Out[1] = d.get();
    Out[2] = d.viaBase();
    Out[3] = d.b;
}
"#,
        [1, 1, 1],
        vec![words_f32(&[0.0; 4])],
    );
    assert_eq!(as_f32(&out[0]), [13.0, 11.0, 11.0, 2.0]);
}

#[test]
fn overloaded_operators_call_the_method() {
    // HLSL 2021: `p + q` calls `V2::operator+`, `p == q` calls `operator==`, `p * 3` picks the
    // `float` overload of `operator*`.
    let out = run(
        r#"
RWStructuredBuffer<float> Out : register(u0);
struct V2 {
    float x, y;
    V2 operator+(V2 o) { V2 r; r.x = x + o.x; r.y = y + o.y; return r; }
    V2 operator*(float k) { V2 r; r.x = x * k; r.y = y * k; return r; }
    bool operator==(V2 o) { return x == o.x && y == o.y; }
};
[numthreads(1, 1, 1)]
void main() {
    V2 p = { 1, 2 };
    V2 q = { 10, 20 };
    V2 s = p + q;
    V2 t = (p + q) * 3;
    Out[0] = s.x;
    Out[1] = s.y;
    Out[2] = t.y;
    Out[3] = (p == q) ? 1 : 0;
    Out[4] = (p == p) ? 1 : 0;
}
"#,
        [1, 1, 1],
        vec![words_f32(&[0.0; 5])],
    );
    assert_eq!(as_f32(&out[0]), [11.0, 22.0, 66.0, 0.0, 1.0]);
}

#[test]
fn overloaded_subscript_calls_the_method() {
    // HLSL 2021: `g[i]` calls `Grid::operator[]`, which returns a value; the overload is
    // chosen by the index's type (`uint` reads a cell, `float` interpolates).
    let out = run(
        r#"
RWStructuredBuffer<float> Out : register(u0);
struct Grid {
    float d[4];
    float operator[](uint i) { return d[i]; }
    float operator[](float t) { uint i = (uint)t; return lerp(d[i], d[i + 1], t - i); }
};
[numthreads(1, 1, 1)]
void main() {
    Grid g = { 1, 2, 4, 8 };
    uint k = 2;
    Out[0] = g[k];
    Out[1] = g[1.5];
    Out[2] = g[k] + g[0u] * 10;
}
"#,
        [1, 1, 1],
        vec![words_f32(&[0.0; 3])],
    );
    assert_eq!(as_f32(&out[0]), [4.0, 3.0, 14.0]);
}

#[test]
fn overloaded_unary_operators_call_the_method() {
    // HLSL 2021: `-v` calls `V2::operator-()`, `!v` `operator!()`, `~f` `operator~()`.
    let out = run(
        r#"
RWStructuredBuffer<float> Out : register(u0);
struct V2 {
    float x, y;
    V2 operator-() { V2 r = { -x, -y }; return r; }
    bool operator!() { return x == 0 && y == 0; }
};
struct Flags { uint bits; Flags operator~() { Flags f = { ~bits & 0xFu }; return f; } };
[numthreads(1, 1, 1)]
void main() {
    V2 v = { 1, -2 };
    V2 n = -v;
    V2 z = { 0, 0 };
    Flags f = { 5 };
    Out[0] = n.x;
    Out[1] = n.y;
    Out[2] = !v ? 1 : 0;
    Out[3] = !z ? 1 : 0;
    Out[4] = (~f).bits;
}
"#,
        [1, 1, 1],
        vec![words_f32(&[0.0; 5])],
    );
    // ~5 & 0xF = 0b1010 = 10.
    assert_eq!(as_f32(&out[0]), [-1.0, 2.0, 0.0, 1.0, 10.0]);
}

#[test]
fn call_operator_calls_the_method() {
    // HLSL 2021: `s(2)` on a struct value calls `Scale::operator()`; overloads by arity, and
    // on an array element. (`h.s(2)` on a member is not supported yet: it parses as a call of
    // a method `s`.)
    let out = run(
        r#"
RWStructuredBuffer<float> Out : register(u0);
struct Scale {
    float k;
    float operator()(float x) { return x * k; }
    float operator()(float x, float y) { return (x + y) * k; }
};
[numthreads(1, 1, 1)]
void main() {
    Scale s = { 3 };
    Scale arr[2] = { { 1 }, { 10 } };
    Out[0] = s(2);
    Out[1] = s(1, 2);
    Out[2] = arr[1](4);
}
"#,
        [1, 1, 1],
        vec![words_f32(&[0.0; 3])],
    );
    assert_eq!(as_f32(&out[0]), [6.0, 9.0, 40.0]);
}

#[test]
fn explicit_struct_specializations_replace_the_template() {
    // `Box<int>` and `Vec<float, 1>` name their explicit specializations (their own fields and
    // methods); other arguments instantiate the template.
    let out = run(
        r#"
RWStructuredBuffer<float> Out : register(u0);
template<typename T> struct Box { T v; T get() { return v; } };
template<> struct Box<int> { int v; int get() { return v * 2; } };
template<typename T, uint N> struct Vec { T e[N]; T first() { return e[0]; } };
template<> struct Vec<float, 1> { float e; float first() { return e + 100; } };
[numthreads(1, 1, 1)]
void main() {
    Box<float> bf; bf.v = 1.5;
    Box<int> bi; bi.v = 3;
    Vec<float, 2> v2; v2.e[0] = 7; v2.e[1] = 8;
    Vec<float, 1> v1; v1.e = 1;
    Out[0] = bf.get();
    Out[1] = bi.get();
    Out[2] = v2.first();
    Out[3] = v1.first();
}
"#,
        [1, 1, 1],
        vec![words_f32(&[0.0; 4])],
    );
    assert_eq!(as_f32(&out[0]), [1.5, 6.0, 7.0, 101.0]);
}

#[test]
fn explicit_function_specializations_replace_the_template() {
    // A call that picks `twice` with T = int, deduced or explicit, runs the specialization;
    // the specialization itself takes no part in overload resolution (`twice(1.5)` picks the
    // template with T = float even though `int` converts).
    let out = run(
        r#"
RWStructuredBuffer<float> Out : register(u0);
template<typename T> T twice(T x) { return x * 2; }
template<> int twice<int>(int x) { return x * 3; }
[numthreads(1, 1, 1)]
void main() {
    Out[0] = twice(1.5);
    Out[1] = twice(2);
    Out[2] = twice<int>(4.5);
    Out[3] = twice<uint>(5u);
}
"#,
        [1, 1, 1],
        vec![words_f32(&[0.0; 4])],
    );
    assert_eq!(as_f32(&out[0]), [3.0, 6.0, 12.0, 10.0]);
}

#[test]
fn matrix_element_members_read_and_write() {
    // float2x3 m = {1,2,3, 4,5,6}; `_m12` is row 1, column 2 (6); `_11` is one-based (1);
    // writing `_m00_m01` = (7, 8) changes only those.
    let out = run(
        r#"
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float2x3 m = { 1, 2, 3, 4, 5, 6 };
    Out[0] = m._m12;
    Out[1] = m._11;
    float2 d = m._m10_m02;
    Out[2] = d.x;
    Out[3] = d.y;
    m._m00_m01 = float2(7, 8);
    m._23 = 9;
    Out[4] = m[0][0] + m[0][1] * 10 + m[0][2] * 100;
    Out[5] = m[1][2];
}
"#,
        [1, 1, 1],
        vec![words_f32(&[0.0; 6])],
    );
    assert_eq!(as_f32(&out[0]), [6.0, 1.0, 4.0, 3.0, 387.0, 9.0]);
}

#[test]
fn casts_to_and_from_structs_are_flat() {
    // `(S)2` fills every scalar of S; `(float2)s` takes its first two scalars; `(S)float4`
    // fills the fields in order, converting to each field's type.
    let out = run(
        r#"
RWStructuredBuffer<float> Out : register(u0);
struct S { float a; int2 b; float c; };
[numthreads(1, 1, 1)]
void main() {
    S z = (S)2;
    Out[0] = z.a + z.b.x + z.b.y + z.c;
    S s = (S)float4(1.5, 2.5, 3.5, 4.5);
    float2 f = (float2)s;
    Out[1] = f.x;
    Out[2] = f.y;
    Out[3] = s.b.y;
    Out[4] = s.c;
}
"#,
        [1, 1, 1],
        vec![words_f32(&[0.0; 5])],
    );
    assert_eq!(as_f32(&out[0]), [8.0, 1.5, 2.0, 3.0, 4.5]);
}

#[test]
fn packoffset_places_cbuffer_members() {
    // `packoffset(c1.y)` is byte 20 and `c2.z` byte 40, whatever the default packing says
    // (it would put `b` at 16 and `c` at 24).
    let mut cb = vec![0.0f32; 12];
    cb[0] = 1.0; // a : c0
    cb[5] = 2.0; // b : c1.y
    cb[10] = 3.0; // c.x : c2.z
    cb[11] = 4.0; // c.y : c2.w
    let out = run(
        r#"
cbuffer Params : register(b0) {
    float a : packoffset(c0);
    float b : packoffset(c1.y);
    float2 c : packoffset(c2.z);
};
RWStructuredBuffer<float> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = a;
    Out[1] = b;
    Out[2] = c.x;
    Out[3] = c.y;
}
"#,
        [1, 1, 1],
        vec![words_f32(&cb), words_f32(&[0.0; 4])],
    );
    assert_eq!(as_f32(&out[1]), [1.0, 2.0, 3.0, 4.0]);
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

/// DXC truncates the longer vector operands of an intrinsic to the shortest (with a W2001
/// warning): `dot(float4, float3)` is a three-component dot product, `mul(float3x3, float4)`
/// multiplies by the first three components, `lerp(float4, float3, t)` is a `float3` lerp.
#[test]
fn intrinsics_truncate_longer_vector_operands() {
    let out = run(
        r#"
RWStructuredBuffer<float> o : register(u0);
[numthreads(1, 1, 1)]
void main() {
  float4 a = float4(1, 2, 3, 100);
  float3 b = float3(4, 5, 6);
  float3x3 m = float3x3(1, 0, 0, 0, 2, 0, 0, 0, 3);
  o[0] = dot(a, b);
  float3 r = mul(m, a);
  o[1] = r.z;
  o[2] = lerp(a, b, 0.5).y;
}
"#,
        [1, 1, 1],
        vec![words_f32(&[0.0; 3])],
    );
    // 1*4 + 2*5 + 3*6 = 32 (the 100 is dropped); row 2 of m times (1, 2, 3) = 3*3 = 9;
    // lerp(2, 5, 0.5) = 3.5.
    assert_eq!(as_f32(&out[0]), [32.0, 9.0, 3.5]);
}

/// A vector constructor takes the scalars of matrix arguments in order, as an initializer
/// list does: `float4(float2x2)` is the matrix's rows one after another.
#[test]
fn vector_constructors_flatten_matrices() {
    let out = run(
        r#"
RWStructuredBuffer<float4> o : register(u0);
[numthreads(1, 1, 1)]
void main() {
  float2x2 m = { 1, 2, 3, 4 };
  float1x2 r = { 5, 6 };
  o[0] = float4(m);
  o[1] = float4(r, float2(7, 8));
}
"#,
        [1, 1, 1],
        vec![words_f32(&[0.0; 8])],
    );
    assert_eq!(as_f32(&out[0]), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]);
}
