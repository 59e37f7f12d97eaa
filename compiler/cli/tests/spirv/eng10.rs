//! Shapes from Unity's render pipelines (`Unity-Technologies/Graphics`: the core
//! ShaderLibrary, its compute kernels) that the eng10 survey found `hlslc` treating
//! differently from DXC's `-spirv` build. Each compiled module is validated by `spirv-val`.

use crate::harness::compile_entry;

/// Unity's `Threading.hlsl` declares `Threading::Wave` and defines its methods out of line in
/// a second `namespace Threading { ... }` block (`uint Wave::GetIndex() { return indexW; }`):
/// the qualifier is looked up from the enclosing namespace, and the body sees the struct's
/// fields. Before, `Wave` was looked up from the file scope only, so the fields were unknown.
#[test]
fn an_out_of_line_method_in_a_reopened_namespace_sees_its_struct() {
    let src = r#"
namespace Lanes
{
    struct Counter
    {
        uint base;
        uint step;
        void Start(uint b);
        uint Next();
    };
}
namespace Lanes
{
    void Counter::Start(uint b) { base = b; step = 2; }
    uint Counter::Next() { base += step; return base; }
}
namespace Outer { namespace Inner { struct Pair { uint a; uint Sum(); }; } }
namespace Outer { uint Inner::Pair::Sum() { return a * 2; } }
RWByteAddressBuffer sink;
[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex)
{
    Lanes::Counter c;
    c.Start(i);
    Outer::Inner::Pair p;
    p.a = i;
    sink.Store(i * 4, c.Next() + p.Sum());
}
"#;
    let m = compile_entry(src, "cs_6_0", Some("main"), &[]);
    assert!(m.has("OpIMul"), "{}", m.asm);
    assert!(m.has("OpIAdd"), "{}", m.asm);
}

/// Unity's GPU occlusion culling (`OcclusionCullingCommon.hlsl`) takes the mip level of a
/// radius with `int mipLevel; frexp(radius, mipLevel);`. `frexp`'s exponent has the type of
/// `x` (DXC's `$type1`), so this is the `float` overload and the `int` lvalue receives the
/// exponent converted on the way out. Before, the `int` argument made the call match no
/// overload (E2004).
#[test]
fn an_out_argument_of_another_kind_takes_the_converted_exponent() {
    let src = r#"
RWStructuredBuffer<float4> io;
[numthreads(1, 1, 1)]
void main()
{
    float radius = io[0].x;
    int level = 0;
    float mantissa = frexp(radius, level);
    io[1] = float4(mantissa, ldexp(io[0].yz, -level), level);
}
"#;
    let m = compile_entry(src, "cs_6_0", Some("main"), &[]);
    assert!(m.has("FrexpStruct"), "{}", m.asm);
    // The exponent comes out as an int, becomes the float parameter, and goes back to `level`.
    assert!(m.has("OpConvertFToS %int"), "{}", m.asm);
}
