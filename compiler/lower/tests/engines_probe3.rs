//! Constructs from engine shaders surveyed in eng3 (the DirectX-Graphics-Samples mesh-shader
//! and n-body samples, NVIDIA Donut, Diligent) that once compiled to the wrong thing or were
//! refused: a `static` declared inside a cbuffer, and a global named like the struct it is
//! an instance of. Run on the interpreter with values worked out by hand.

mod common;

use common::run_u32;

#[test]
fn static_inside_cbuffer_is_a_private_global() {
    // Only `a` and `b` are cbuffer members (b at offset 4); `k` and `arr` are statics with
    // their initializers, as in DXC. Before, `k` took offset 4 and read the cbuffer.
    let out = run_u32(
        r#"
cbuffer Params : register(b0)
{
    uint a;
    static uint k = 7;
    static const uint arr[2] = { 40, 50 };
    uint b;
};
RWStructuredBuffer<uint> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = a;
    Out[1] = k;
    Out[2] = arr[1];
    Out[3] = b;
    k += 1;
    Out[4] = k;
}
"#,
        vec![vec![3, 9, 0, 0], vec![0; 5]],
    );
    assert_eq!(out[1], vec![3, 7, 50, 9, 8]);
}

#[test]
fn cbuffer_of_statics_only_takes_no_binding() {
    // `Tables` holds no data, so it takes no binding: `Out` is the first binding after `cb`.
    let out = run_u32(
        r#"
cbuffer Tables
{
    static float2 offsets[2] = { float2(1, 2), float2(3, 4) };
};
cbuffer cb { uint i; };
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() {
    Out[0] = offsets[i].y;
}
"#,
        vec![vec![1, 0, 0, 0], vec![0]],
    );
    assert_eq!(out[1], vec![4.0f32.to_bits()]);
}

#[test]
fn global_named_like_its_struct_runs() {
    // `ConstantBuffer<Constants> Constants;` (the mesh-shader samples): in an expression the
    // name is the variable, as a type it is still the struct.
    let out = run_u32(
        r#"
struct Constants { uint scale; uint bias; };
struct Item { uint v; };
ConstantBuffer<Constants> Constants : register(b0);
StructuredBuffer<Item> Item : register(t1);
RWStructuredBuffer<uint> Out : register(u2);
uint apply(Constants c, uint x) { return x * c.scale + c.bias; }
[numthreads(1, 1, 1)]
void main() {
    Item first = Item[0];
    Out[0] = Constants.scale;
    Out[1] = apply(Constants, first.v);
}
"#,
        vec![vec![3, 4, 0, 0], vec![5], vec![0; 2]],
    );
    assert_eq!(out[2], vec![3, 19]);
}
