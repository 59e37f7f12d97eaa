//! What measuring against glslang's HLSL tests showed lowering must take: `S(x)` of a struct
//! type is the cast `(S)x` (zeros from `S(0)`, a struct of the same shape copied field by
//! field), for a struct declared in the function too; the values on the interpreter are
//! worked out by hand.

mod common;

/// Runs `main` of `text` once with a zeroed `uint` buffer of `n` words at `u0`.
fn run_words(text: &str, n: usize) -> Vec<u32> {
    common::run_u32(text, vec![vec![0; n]]).remove(0)
}

#[test]
fn a_struct_called_with_one_value_is_a_cast() {
    let out = run_words(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
struct Pair { uint a; float b; };
struct Other { uint x; float y; };
[numthreads(1, 1, 1)]
void main() {
    struct Local { uint p; float q; };
    Pair seed = { 7, 2.5 };
    Other o = Other(seed);
    Pair zero = Pair(0);
    Local l = Local(o);
    Local splat = Local(3);
    Out[0] = o.x;
    Out[1] = uint(o.y * 2);
    Out[2] = zero.a + uint(zero.b);
    Out[3] = l.p + uint(l.q * 10);
    Out[4] = splat.p * 100 + uint(splat.q);
}
"#,
        5,
    );
    // o copies seed; l copies o (7 + 25); splat puts 3 in both fields.
    assert_eq!(out, [7, 5, 0, 32, 303]);
}
