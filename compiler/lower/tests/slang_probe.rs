//! Forms from the classic DirectX SDK samples (as kept in Slang's HLSL tests) that once failed
//! to lower although DXC takes them: `asuint(double, out uint lo, out uint hi)` and an
//! `InputPatch`/`OutputPatch` handed to a helper function. Snapshots are read and verified;
//! the interpreter's values are worked out by hand.

mod common;

use expect_test::expect;
use lower::ShaderStage;

/// The two halves of a double are written through temporaries of `uint` type (the shape of
/// the double) and copied back to the caller's variables after the call.
#[test]
fn asuint_of_a_double_splits_into_two_out_words() {
    let text = r#"
RWByteAddressBuffer B : register(u0);
[numthreads(1, 1, 1)]
void main() {
    double d = asdouble(B.Load(0), B.Load(4));
    uint lo, hi;
    asuint(d, lo, hi);
    B.Store2(8, uint2(lo, hi));
}
"#;
    let dump = ir::print_module(&common::lower(text));
    let body = dump
        .split("func @main_body")
        .nth(1)
        .and_then(|s| s.split("func @main()").next())
        .unwrap_or_default();
    expect![[r#"
        () -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint>
          %1 = alloca : ptr<function, uint>
          %2 = alloca : ptr<function, double> ; d
          %3 = alloca : ptr<function, uint> ; lo
          %4 = alloca : ptr<function, uint> ; hi
          %5 = byte_address_load @g0, 0:uint : uint
          %6 = byte_address_load @g0, 4:uint : uint
          %7 = call_intrinsic asdouble(%5, %6) : double
          store %2, %7
          %8 = load %2 : double
          call_intrinsic asuint(%8, %1, %0)
          %9 = load %1 : uint
          store %3, %9
          %10 = load %0 : uint
          store %4, %10
          %11 = load %3 : uint
          %12 = load %4 : uint
          %13 = composite_construct %11, %12 : uint2
          byte_address_store @g0, 8:uint, %13
          ret
        }

    "#]]
    .assert_eq(body);
}

/// `asuint` of a double and of a double vector on the interpreter. By hand: the input words
/// (1, 0x3FF00000) are the double 1 + 2^-52; twice it is 2 + 2^-51, bits 0x4000000000000001,
/// so lo = 1, hi = 0x40000000. The vector (1.5, -0.25) has bits 0x3FF8000000000000 and
/// 0xBFD0000000000000: lo = (0, 0), hi = (0x3FF80000, 0xBFD00000).
#[test]
fn asuint_of_a_double_runs() {
    let text = r#"
RWStructuredBuffer<uint> B : register(u0);
[numthreads(1, 1, 1)]
void main() {
    double d = asdouble(B[0], B[1]) * 2.0;
    uint lo, hi;
    asuint(d, lo, hi);
    B[2] = lo;
    B[3] = hi;
    uint2 vlo, vhi;
    asuint(double2(1.5, -0.25), vlo, vhi);
    B[4] = vlo.x;
    B[5] = vlo.y;
    B[6] = vhi.x;
    B[7] = vhi.y;
}
"#;
    let out = common::run_u32(text, vec![vec![1, 0x3FF0_0000, 0, 0, 9, 9, 9, 9]]);
    assert_eq!(
        out[0],
        vec![
            1,
            0x3FF0_0000,
            1,
            0x4000_0000,
            0,
            0,
            0x3FF8_0000,
            0xBFD0_0000
        ]
    );
}

/// An `OutputPatch` handed to a helper is an array value: the helper takes `array<HS_OUT, 4>` and
/// the domain shader passes the patch it read from the hull shader's outputs.
#[test]
fn output_patch_passed_to_a_helper_is_an_array_value() {
    let text = r#"
struct HS_OUT { float3 p : BEZIERPOS; };
struct HSC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; };
float3 Blend(const OutputPatch<HS_OUT, 4> patch, float2 uv) {
    float3 a = lerp(patch[0].p, patch[1].p, uv.x);
    float3 b = lerp(patch[3].p, patch[2].p, uv.x);
    return lerp(a, b, uv.y);
}
[domain("quad")]
float4 main(HSC c, float2 uv : SV_DomainLocation, const OutputPatch<HS_OUT, 4> patch) : SV_Position {
    return float4(Blend(patch, uv), 1);
}
"#;
    let dump = ir::print_module(&common::lower_stage(text, ShaderStage::Domain));
    let helper = dump
        .lines()
        .find(|l| l.starts_with("func @Blend"))
        .unwrap_or_default();
    assert_eq!(
        helper, "func @Blend(%arg0: array<HS_OUT, 4>, %arg1: float2) -> float3 {",
        "{dump}"
    );
}

/// A call through an `interface` instance stops with a message that says so, at the method.
/// (A global of an interface type, the SDK's dynamic shader linkage sample without its static
/// permutation, is refused before lowering, `E2278`; a local is not checked there yet.)
#[test]
fn call_through_an_interface_instance_names_dynamic_linkage() {
    let errors = common::lower_errors(
        r#"
interface ILight { float3 Illuminate(float3 n); };
RWStructuredBuffer<float3> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { ILight light; Out[0] = light.Illuminate(float3(0, 0, 1)); }
"#,
    );
    assert!(
        errors.contains(
            "a call of `ILight.Illuminate`, a method without a body (a call through an \
             `interface` instance needs dynamic shader linkage, which DXC has not either)"
        ),
        "{errors}"
    );
}
