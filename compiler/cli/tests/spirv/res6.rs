//! The last "not supported yet" forms of issue #4 item 4 in lowering (task res6), through
//! `hlslc -spirv` and every `spirv-val` installed: an assignment with effects in its left
//! side used as an lvalue, places through a cast to a base struct, and the other forms
//! probed in `docs/lowering-gaps.md`.

use crate::harness::{compile, refuse};

/// `(a[i++] = 1) += 2`: one increment of `i`, one access chain stored to twice.
#[test]
fn assignment_with_effects_on_its_left_as_an_lvalue() {
    let m = compile(
        "RWStructuredBuffer<int> o;
[numthreads(1, 1, 1)]
void main() {
    int a[2] = { 0, 0 };
    int i = 0;
    (a[i++] = 1) += 2;
    o[0] = a[0] + i;
}
",
        "cs_6_0",
        &[],
    );
    // `i++`, `+= 2` and `a[0] + i`: the increment is not repeated.
    assert_eq!(m.asm.matches("OpIAdd %int").count(), 3, "{}", m.asm);
}

/// `((B)d).a = 1`, `+=` and an `inout B` argument: access chains into `d`'s first fields.
#[test]
fn places_through_a_cast_to_a_base_struct() {
    let m = compile(
        "struct B { float a; };
struct D : B { float b; };
RWStructuredBuffer<float> o;
void bump(inout B b) { b.a += 10; }
[numthreads(1, 1, 1)]
void main() {
    D d; d.a = 0; d.b = 5;
    ((B)d).a = 1;
    ((B)d).a += 2;
    bump((B)d);
    o[0] = d.a + d.b;
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpFunctionCall %void %bump"]);
}

/// `S s = arr[j++]` with `S` holding a buffer: `j` is incremented once, and the buffer is
/// the global array's element at the index it had.
#[test]
fn whole_element_of_structs_holding_resources_at_an_index_with_effects() {
    let m = compile(
        "struct S { RWStructuredBuffer<uint> b; uint k; };
RWStructuredBuffer<uint> Bufs[2];
RWStructuredBuffer<uint> o;
[numthreads(1, 1, 1)]
void main() {
    S arr[2];
    arr[0].b = Bufs[0]; arr[0].k = 3;
    arr[1].b = Bufs[1]; arr[1].k = 4;
    uint j = 0;
    S s = arr[j++];
    o[0] = s.k + s.b[0] + j;
}
",
        "cs_6_0",
        &[],
    );
    // `j++` and the two additions: the increment is not repeated per member.
    assert_eq!(m.asm.matches("OpIAdd %uint").count(), 3, "{}", m.asm);
}

/// `static Texture2D arr[1] = { ts[k] }` with `k` in a constant buffer: a private index set
/// once by the global initializer, and the sample reads `ts` at it.
#[test]
fn static_array_of_resources_initialized_at_a_run_time_index() {
    let m = compile(
        "Texture2D ts[2];
SamplerState ss;
cbuffer C { uint k; };
static Texture2D arr[1] = { ts[k] };
float4 main(float2 uv : TEXCOORD) : SV_Target { return arr[0].Sample(ss, uv); }
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["%arr_index0 = OpVariable %_ptr_Private_int Private"]);
}

/// `IncrementCounter` and `Append` on buffers read from `ResourceDescriptorHeap`: one
/// counter heap, at the binding after the resource heap's, as DXC's
/// `counter_var_ResourceDescriptorHeap`.
#[test]
fn counter_methods_on_descriptor_heap_elements() {
    let m = compile(
        "RWStructuredBuffer<uint> a;
[numthreads(1, 1, 1)]
void main() {
    RWStructuredBuffer<uint> b = ResourceDescriptorHeap[1];
    AppendStructuredBuffer<uint> c = ResourceDescriptorHeap[2];
    a[0] = b.IncrementCounter();
    c.Append(3);
    a.IncrementCounter();
}
",
        "cs_6_6",
        &[],
    );
    assert_eq!(m.binding("a"), (0, 0));
    assert_eq!(m.binding("counter.var.a"), (0, 1));
    assert_eq!(m.binding("counter.var.ResourceDescriptorHeap"), (0, 3));
}

/// The mesh entry's output array given to a helper's `in` parameter, plain or `in vertices`:
/// a copy read from the output variables (element by element, as `verts[k]` reads), which
/// the helper takes as a value.
#[test]
fn mesh_output_array_given_to_an_in_parameter() {
    for param in ["V v[3]", "in vertices V v[3]"] {
        let m = compile(
            &format!(
                "struct V {{ float4 pos : SV_Position; float c : COLOR; }};
float first({param}) {{ return v[0].c + v[2].pos.x; }}
[outputtopology(\"triangle\")]
[numthreads(1, 1, 1)]
void main(out vertices V verts[3], out indices uint3 tris[1]) {{
    SetMeshOutputCounts(3, 1);
    for (int i = 0; i < 3; i++) {{ verts[i].pos = float4(i, 0, 0, 1); verts[i].c = i; }}
    verts[0].c = first(verts);
    tris[0] = uint3(0, 1, 2);
}}
"
            ),
            "ms_6_5",
            &["-fspv-target-env=vulkan1.3"],
        );
        m.assert_has(&[
            "%v = OpFunctionParameter %_arr_V_uint_3",
            "OpCompositeConstruct %_arr_V_uint_3",
        ]);
    }
}

/// The hull shader's tessellation-factor helpers, which DXC's SPIR-V backend reports
/// unimplemented: refused at the call in its words (E3220), not as "not supported yet".
#[test]
fn tess_factor_helpers_are_dxc_unimplemented() {
    for (call, name) in [
        (
            "float d, n; ProcessIsolineTessFactors(3.5, 2.0, d, n);",
            "ProcessIsolineTessFactors",
        ),
        (
            "float3 r; float ri, ui; ProcessTriTessFactorsMax(float3(1, 2, 3), 1.0, r, ri, ui);",
            "ProcessTriTessFactorsMax",
        ),
    ] {
        refuse(
            &format!(
                "struct CP {{ float3 pos : POSITION; }};
struct HC {{ float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; }};
HC pcf(InputPatch<CP, 3> ip) {{
    {call}
    HC c; c.edges[0] = c.edges[1] = c.edges[2] = 2; c.inside = 2; return c;
}}
[domain(\"tri\")]
[partitioning(\"integer\")]
[outputtopology(\"triangle_cw\")]
[outputcontrolpoints(3)]
[patchconstantfunc(\"pcf\")]
CP main(InputPatch<CP, 3> ip, uint i : SV_OutputControlPointID) {{ return ip[i]; }}
"
            ),
            "hs_6_0",
            &[],
            1,
            &format!("error[E3220]: {name} intrinsic function unimplemented"),
        );
    }
}

/// `InterlockedExchangeFloat` of a `RWByteAddressBuffer`: an integer exchange of the word
/// with the float's bits.
#[test]
fn interlocked_exchange_float_of_a_byte_address_buffer() {
    let m = compile(
        "RWByteAddressBuffer b;
[numthreads(1, 1, 1)]
void main() { float o; b.InterlockedExchangeFloat(8, 1.0, o); b.Store(4, asuint(o)); }
",
        "cs_6_6",
        &[],
    );
    m.assert_has(&["OpAtomicExchange %uint", "OpBitcast %float"]);
}
