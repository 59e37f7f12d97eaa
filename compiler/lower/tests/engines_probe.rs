//! Constructs from engine shaders (FidelityFX, MiniEngine, the DirectX ray-tracing samples)
//! built with `dxc -spirv` that once failed here: a `ConstantBuffer<T>` or `TextureBuffer<T>`
//! read as its `T` (passed to a `T` parameter, copied to a local, returned, cast), a scalar
//! default argument of a vector or matrix parameter (`float4 mask = 1`), the legacy `1.#INF`
//! literal, local arrays sized by `const` locals. Run on the interpreter with values worked
//! out by hand, plus the IR of the buffer read.

mod common;

use expect_test::expect;

use common::run_u32;

#[test]
fn constant_buffer_passed_as_its_struct_runs() {
    // std140 and std430 both place `P` as a@0, b@4, c@16 (32 bytes).
    let cb = vec![
        3,
        (-1i32) as u32,
        0,
        0,
        1.0f32.to_bits(),
        5.5f32.to_bits(),
        0,
        0,
    ];
    let tb = vec![10, 20, 0, 0, 0, 2.0f32.to_bits(), 0, 0];
    let out = run_u32(
        r#"
struct P { uint a; int b; float4 c; };
ConstantBuffer<P> cb : register(b0);
TextureBuffer<P> tb : register(t1);
RWStructuredBuffer<uint> Out : register(u2);
uint sum(P p) { return p.a + uint(p.b) + uint(p.c.y); }
uint h(ConstantBuffer<P> c) { return 1000 + c.a; }
uint h(P p) { return 2000 + p.a; }
P pick(bool t) { if (t) return cb; return (P)0; }
[numthreads(1, 1, 1)]
void main() {
    Out[0] = sum(cb);
    Out[1] = sum(tb);
    P local = cb;
    local.a += 1;
    Out[2] = local.a;
    Out[3] = h(cb);
    Out[4] = pick(true).b;
    Out[5] = ((P)tb).a;
    Out[6] = cb.a;
}
"#,
        vec![cb.clone(), tb.clone(), vec![0; 7]],
    );
    // 3 + 0xFFFFFFFF + 5 wraps to 7; 10 + 20 + 2; the copy is written, not the buffer;
    // `h(ConstantBuffer<P>)` is the exact match.
    assert_eq!(out[2], vec![7, 32, 4, 1003, 0xFFFF_FFFF, 10, 3]);
    assert_eq!(out[0], cb);
    assert_eq!(out[1], tb);
}

#[test]
fn constant_buffer_read_as_its_struct_ir() {
    expect![[r#"
        struct P { uint a; float2 c; }

        @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out
        @g1 = resource uniform ConstantBuffer<P> set(0) binding(0) layout(relaxed_std140) ; cb

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = access_chain @g0, 0:int : ptr<storage_buffer, float>
          %1 = load @g1 : P
          %2 = call @f(%1) : float
          store %0, %2
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        func @f(%arg0: P) -> float {
        bb0: ; (entry)
          %0 = alloca : ptr<function, P> ; p
          store %0, %arg0
          %1 = access_chain %0, 1:int : ptr<function, float2>
          %2 = load %1 : float2
          %3 = composite_extract %2, [1] : float
          ret %3
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]]
    .assert_eq(&common::dump(
        r#"
struct P { uint a; float2 c; };
ConstantBuffer<P> cb : register(b0);
RWStructuredBuffer<float> Out : register(u0);
float f(P p) { return p.c.y; }
[numthreads(1, 1, 1)]
void main() { Out[0] = f(cb); }
"#,
    ));
}

#[test]
fn scalar_defaults_of_vector_and_matrix_parameters_run() {
    let out = run_u32(
        r#"
RWStructuredBuffer<float> Out : register(u0);
float4 scale(float4 v, float4 m = 2, int3 i = -1, float2x2 k = 0.5) {
    return v * m + i.y + k[1][0];
}
[numthreads(1, 1, 1)]
void main() {
    float4 r = scale(float4(1, 2, 3, 4));
    Out[0] = r.x; Out[1] = r.y; Out[2] = r.z; Out[3] = r.w;
    Out[4] = scale(float4(1, 1, 1, 1), 3).x;
}
"#,
        vec![vec![0; 5]],
    );
    // v * 2 - 1 + 0.5; then 1 * 3 - 1 + 0.5.
    let f: Vec<f32> = out[0].iter().map(|w| f32::from_bits(*w)).collect();
    assert_eq!(f, vec![1.5, 3.5, 5.5, 7.5, 2.5]);
}

#[test]
fn constructor_defaults_of_constants_run() {
    // `pair()` takes p = (1, 2) and m = [[1, 2], [3, 4]]: (1 + 2 + 3, 2 + 4) = (6, 6); with
    // p = (0, 5) given: (0 + 2 + 3, 5 + 4) = (5, 9).
    let out = run_u32(
        r#"
RWStructuredBuffer<float> Out : register(u0);
static const float Two = 2;
float2 pair(float2 p = float2(1, Two), float2x2 m = float2x2(1, 2, 3, 4)) {
    return float2(p.x + m[0][1] + m[1][0], p.y + m[1][1]);
}
[numthreads(1, 1, 1)]
void main() {
    float2 a = pair();
    float2 b = pair(float2(0, 5));
    Out[0] = a.x; Out[1] = a.y; Out[2] = b.x; Out[3] = b.y;
}
"#,
        vec![vec![0; 4]],
    );
    let f: Vec<f32> = out[0].iter().map(|w| f32::from_bits(*w)).collect();
    assert_eq!(f, vec![6.0, 6.0, 5.0, 9.0]);
}

#[test]
fn a_constructor_default_of_run_time_values_is_built_at_the_call() {
    // The default reads the cbuffer member at the call (`default_args`), as DXC does.
    let dump = common::dump(
        r#"
RWStructuredBuffer<float2> Out : register(u0);
cbuffer C { float k; };
float2 pair(float2 p = float2(k, 2)) { return p; }
[numthreads(1, 1, 1)]
void main() { Out[0] = pair(); }
"#,
    );
    let body: Vec<&str> = dump
        .lines()
        .skip_while(|l| !l.starts_with("func @main_body"))
        .take_while(|l| *l != "}")
        .collect();
    expect_test::expect![[r#"
        func @main_body() -> void {
        bb0: ; (entry)
          %0 = access_chain @g0, 0:int : ptr<storage_buffer, float2>
          %1 = access_chain @g1, 0:int : ptr<uniform, float>
          %2 = load %1 : float
          %3 = composite_construct %2, 2.0:float : float2
          %4 = call @pair(%3) : float2
          store %0, %4
          ret"#]]
    .assert_eq(&body.join("\n"));
}

#[test]
fn legacy_infinity_literals_run() {
    // `1.#INF` is +infinity (0x7F800000); negated, -infinity (0xFF800000); a `static const`
    // keeps it; every finite float is below it.
    let out = run_u32(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
static const float FLT_INF = 1.#INF;
[numthreads(1, 1, 1)]
void main() {
    const float local_inf = 1.#INF;
    Out[0] = asuint(1.#INF);
    Out[1] = asuint(-1.#INF);
    Out[2] = asuint(FLT_INF);
    Out[3] = 3.4e38 < local_inf ? 1 : 0;
    Out[4] = asuint(1.#INFf);
}
"#,
        vec![vec![0; 5]],
    );
    assert_eq!(
        out[0],
        vec![0x7F80_0000, 0xFF80_0000, 0x7F80_0000, 1, 0x7F80_0000]
    );
}

#[test]
fn arrays_sized_by_const_locals_run() {
    // N = 3 radii; M = 2 * N = 6 squares: 0 + 1 + 4 + 9 + 16 + 25 = 55.
    let out = run_u32(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    const int N = 3;
    const uint M = N * 2;
    uint radii[N] = { 5, 7, 11 };
    uint squares[M];
    uint sum = 0;
    for (uint i = 0; i < M; i++) { squares[i] = i * i; sum += squares[i]; }
    Out[0] = radii[0] + radii[1] + radii[2];
    Out[1] = sum;
}
"#,
        vec![vec![0; 2]],
    );
    assert_eq!(out[0], vec![23, 55]);
}
