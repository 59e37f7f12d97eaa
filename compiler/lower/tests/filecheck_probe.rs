//! Constructs that DXC's HLSLFileCheck tests showed lowering wrongly or not at all, in shaders
//! of our own, with their values on the interpreter worked out by hand.

mod common;

use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};

/// Runs `main` of `text` once with a zeroed `uint` buffer of `n` words at `u0`.
fn run_words(text: &str, n: usize) -> Vec<u32> {
    let m = common::lower(text);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    bindings
        .bind(&program, 0, 0, 0, Resource::buffer(vec![0; n * 4]))
        .expect("bind");
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    let data = &bindings.get(&program, 0, 0).unwrap().data;
    data.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

#[test]
fn a_vector_truncated_to_one_component_keeps_its_first_component() {
    // Each one-component local takes the first component of a longer vector, converted:
    // 1.0 is true, 7u is 7, 2.5 stays 2.5 (times 2 is 5).
    let out = run_words(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    bool1 b = float4(1, 0, 0, 0);
    int1 i = uint3(7, 2, 3);
    float1 f = float2(2.5, 9.0);
    Out[0] = b.x ? 1 : 0;
    Out[1] = i.x;
    Out[2] = (uint)(f.x * 2);
}
"#,
        3,
    );
    assert_eq!(out, [1, 7, 5]);
}

#[test]
fn static_cast_converts_like_a_c_style_cast() {
    // `static_cast<int4>` truncates toward zero (1.75 -> 1, -2.5 -> -2, 3.0 -> 3); a cast to
    // `void` still evaluates its operand (n goes 5 -> 6 -> 7); 0.5 is true.
    let out = run_words(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
uint bump(inout uint n) { n += 1; return n; }
[numthreads(1, 1, 1)]
void main() {
    float4 v = float4(1.75, -2.5, 3.0, 0.5);
    int4 i = static_cast<int4>(v);
    Out[0] = asuint(i.y);
    Out[1] = static_cast<uint>(i.x + i.z);
    uint n = 5;
    static_cast<void>(bump(n));
    (void)bump(n);
    Out[2] = n;
    Out[3] = static_cast<uint>(static_cast<bool>(v.w));
}
"#,
        4,
    );
    assert_eq!(out, [0xFFFF_FFFE, 4, 7, 1]);
}

#[test]
fn a_user_function_named_like_an_intrinsic_does_not_hide_it() {
    // dot((1,2,3),(4,5,6)) = 4 + 10 + 18 = 32: the plain `dot` next to a user function of that
    // name is the intrinsic, which takes the arguments (DXC's rule). (`hlsl::dot`, HLSL 202x,
    // is checked end to end in `cli/tests/spirv/sema_probe.rs`.)
    let out = run_words(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
float dot(float3 a, float3 b) { return 1000; }
[numthreads(1, 1, 1)]
void main() {
    Out[0] = (uint)dot(float3(1, 2, 3), float3(4, 5, 6));
}
"#,
        1,
    );
    assert_eq!(out, [32]);
}

#[test]
fn an_atomic_on_the_x_of_a_scalar_is_an_atomic_on_the_scalar() {
    // shared[1] = 3, then += 5 -> 8 (original 3); Out[1] starts 0, += 7 -> 7 (original 0).
    let out = run_words(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
groupshared uint shared[2];
[numthreads(1, 1, 1)]
void main() {
    shared[1] = 3;
    uint before;
    InterlockedAdd(shared[1].x, 5, before);
    Out[0] = shared[1];
    InterlockedAdd(Out[1].r, 7);
    Out[2] = before;
}
"#,
        3,
    );
    assert_eq!(out, [8, 7, 3]);
}

#[test]
fn vector_and_matrix_types_of_template_parameters() {
    // twice(3) = (3, 3) -> 6; fill<uint, 3>(4) = (4, 4, 4) -> 12; corner<float, 2, 3>(5) has
    // 5 at [0][0] and zeros elsewhere, and 2 rows and 3 columns -> 5 + 2 + 3 = 10.
    let out = run_words(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
template<typename T> vector<T, 2> twice(T x) { return vector<T, 2>(x, x); }
template<typename T, int N> vector<T, N> fill(T x) { return (vector<T, N>)x; }
template<typename T, int R, int C> matrix<T, R, C> corner(T x) {
    matrix<T, R, C> m = (matrix<T, R, C>)0;
    m[0][0] = x;
    return m;
}
[numthreads(1, 1, 1)]
void main() {
    uint2 t = twice(3u);
    Out[0] = t.x + t.y;
    uint3 f = fill<uint, 3>(4u);
    Out[1] = f.x + f.y + f.z;
    float2x3 m = corner<float, 2, 3>(5.0);
    Out[2] = (uint)(m[0][0] + m[1][2] + m[0][1]) + 2 + 3;
}
"#,
        3,
    );
    assert_eq!(out, [6, 12, 10]);
}

#[test]
fn an_atomic_destination_decides_the_overload_and_the_other_arguments_convert() {
    // g = 5; exchange with 7.0 (converted to int 7) returns the old 5, converted to the float
    // 5.0 on the way out (times 2 is 10).
    let out = run_words(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
groupshared int g;
[numthreads(1, 1, 1)]
void main() {
    g = 5;
    float original;
    float seven = 7.0;
    InterlockedExchange(g, seven, original);
    Out[0] = g;
    Out[1] = (uint)(original * 2);
}
"#,
        2,
    );
    assert_eq!(out, [7, 10]);
}

#[test]
fn a_switch_on_a_float_switches_on_its_integer_conversion() {
    // 2.7 converts to 2 (toward zero), -1.5 to -1.
    let out = run_words(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
uint pick(float f) {
    switch (f) {
    case 2: return 20;
    case -1: return 10;
    default: return 0;
    }
}
[numthreads(1, 1, 1)]
void main() {
    Out[0] = pick(2.7);
    Out[1] = pick(-1.5);
    Out[2] = pick(3.0);
}
"#,
        3,
    );
    assert_eq!(out, [20, 10, 0]);
}

#[test]
fn a_member_typedef_of_a_template_parameter_takes_the_arguments_of_the_bound_struct() {
    // `B::value_type` is `int` for `Box<int>` (2 * 2.75 = 5.5 returns as 5) and `float` for
    // `Box<float>` (5.5, doubled to 11); the local of that type truncates the same way.
    let out = run_words(
        r#"
template<typename T> struct Box { T v; typedef T value_type; };
template<typename B> typename B::value_type scaled(B b) {
    typename B::value_type r = b.v * 2.75;
    return r;
}
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Box<int> i; i.v = 2;
    Box<float> f; f.v = 2;
    Out[0] = scaled(i);
    Out[1] = (uint)(scaled(f) * 2);
}
"#,
        2,
    );
    assert_eq!(out, [5, 11]);
}
