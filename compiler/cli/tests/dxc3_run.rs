//! `hlslc run` checks of values for fixes from the third survey of DXC's SPIR-V tests
//! (dxc3): each runs a small compute shader on the interpreter and compares the buffers with
//! values computed by hand.

mod pipeline_common;

use serde_json::{json, Value};

/// Runs `hlslc run --pipeline` on `shader` with `pipeline`; the `buffers` object it prints.
fn run(test: &str, shader: &str, pipeline: &str) -> Value {
    pipeline_common::run(test, shader, pipeline, &["-HV", "2021"]).buffers()
}

/// One read-write structured buffer `o` of `count` `format` elements of `size` bytes at `u0`.
fn one_buffer(format: &str, size: u32, count: u32) -> String {
    format!(
        "Shaders:\n  - Stage: Compute\n    Entry: main\nDispatchParameters:\n  DispatchGroupCount: [1, 1, 1]\n\
Buffers:\n  - {{ Name: o, Format: {format}, FillSize: {} }}\n\
DescriptorSets:\n  - Resources:\n    - Name: o\n      Kind: RWStructuredBuffer\n      DirectXBinding: {{ Register: 0, Space: 0 }}\n",
        count * size
    )
}

/// Integer literals are 64-bit until they meet a type (DXC's literal int): values past
/// `int`'s range survive `?:`, `select` and literal arithmetic, and `1 << 31` is positive.
#[test]
fn wide_literals_keep_their_values() {
    let shader = "RWStructuredBuffer<double> o : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    bool yes = id.x == 0;
    o[0] = yes ? 3000000000 : 4000000000;
    o[1] = !yes ? 3000000000 : 4000000000;
    o[2] = 3000000000 + 1;
    o[3] = 1 << 31;
    o[4] = (0xFFFFFFFF & 0xFF00) + (~0 & 0xFFFF0000);
    int64_t big = 3000000000 * 3;
    o[5] = big;
    o[6] = yes ? 5000000000 : 1;
    o[7] = select(yes, 3000000000, 4000000000);
}
";
    let b = run("wide-literals", shader, &one_buffer("Float64", 8, 8));
    // 0xFF00 = 65280; ~0 & 0xFFFF0000 = 0xFFFF0000 = 4294901760.
    assert_eq!(
        b["o"],
        json!([
            3000000000u64,
            4000000000u64,
            3000000001u64,
            2147483648u64,
            4294967040u64,
            9000000000u64,
            5000000000u64,
            3000000000u64
        ])
    );
}

/// Bit patterns written as hexadecimal literals keep their 32 bits where a 32-bit type
/// takes them.
#[test]
fn hex_literals_keep_their_bits_at_32_bits() {
    let shader = "RWStructuredBuffer<uint> o : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    o[0] = asuint(asfloat(0xFF800000));
    o[1] = countbits(0xFFFFFFFF);
    o[2] = id.x | 0x80000000;
    int m = 0xFFFFFFFF;
    o[3] = m;
    o[4] = max(id.x, 3000000000);
}
";
    let b = run("hex-literals", shader, &one_buffer("UInt32", 4, 5));
    assert_eq!(
        b["o"],
        json!([
            0xFF80_0000u32,
            32,
            0x8000_0000u32,
            0xFFFF_FFFFu32,
            3000000000u32
        ])
    );
}

/// Floating literals are 64-bit until they meet a type before HLSL 202x: a `double` takes
/// `1.0 / 3.0` and `0.1 + 0.2` at double precision, and `1e300 * 10.0` does not overflow a
/// `float` on the way. Under `-HV 202x` the literals are `float`s and so is the arithmetic.
#[test]
fn floating_literal_expressions_keep_double_precision() {
    let shader = "RWStructuredBuffer<double> o : register(u0);
[numthreads(1, 1, 1)]
void main() {
    o[0] = 1.0 / 3.0;
    o[1] = 0.1 + 0.2;
    o[2] = 1e300 * 10.0;
    o[3] = -(0.5 - 2);
}
";
    let b = run("float-literals", shader, &one_buffer("Float64", 8, 4));
    assert_eq!(b["o"][0].as_f64(), Some(1.0f64 / 3.0));
    assert_eq!(b["o"][1].as_f64(), Some(0.1f64 + 0.2));
    assert_eq!(b["o"][2].as_f64(), Some(1e301));
    assert_eq!(b["o"][3].as_f64(), Some(1.5));
}

/// A derived struct's field shadows its base's field of the same name (C++'s and DXC's
/// rule): `d.b` is `Derived::b`, and the base part keeps its own `b`, which a cast to the
/// base and the base's methods see. `d.b` used to name the base's `b`.
#[test]
fn derived_field_shadows_the_base_field() {
    let shader = "struct Base { float a; float b; float getB() { return b; } };
struct Derived : Base { float4 b; float c; };
struct Again : Derived { float c; };
RWStructuredBuffer<float> o : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Derived d = (Derived)0;
    d.a = 1;
    d.b = float4(2, 3, 4, 5);
    d.c = 6;
    o[0] = ((Base)d).b;
    o[1] = d.b.w;
    o[2] = d.getB();
    Again g = (Again)0;
    g.c = 7;
    g.b.x = 8;
    o[3] = ((Derived)g).c;
    o[4] = g.c + g.b.x;
}
";
    let b = run("shadowed-fields", shader, &one_buffer("Float32", 4, 5));
    // Base::b is never written (0); Derived::b.w = 5; Derived::c of g stays 0; 7 + 8.
    assert_eq!(b["o"], json!([0, 5, 0, 0, 15]));
}

/// A derived struct converts implicitly to its base, keeping the base's part (C++'s slicing,
/// as DXC): in an initializer, an assignment, a `return` and an `in` argument. It was
/// refused ("cannot convert from `Derived` to `Base`").
#[test]
fn derived_converts_to_its_base() {
    let shader = "struct Base { float a; float b; };
struct Derived : Base { float b; float c; };
RWStructuredBuffer<float> o : register(u0);
Base up(Derived d) { return d; }
float takeBase(Base p) { return p.a * 10 + p.b; }
[numthreads(1, 1, 1)]
void main() {
    Derived d = (Derived)0;
    d.a = 1;
    d.b = 2;
    d.c = 3;
    Base b1 = d;
    Base b2;
    b2 = d;
    o[0] = b1.a;
    o[1] = b1.b;
    o[2] = b2.a;
    o[3] = up(d).a;
    o[4] = takeBase(d);
}
";
    let b = run("derived-to-base", shader, &one_buffer("Float32", 4, 5));
    // The base's `b` is never written (`d.b` is `Derived::b`): 0; takeBase = 1 * 10 + 0.
    assert_eq!(b["o"], json!([1, 0, 1, 1, 10]));
}
