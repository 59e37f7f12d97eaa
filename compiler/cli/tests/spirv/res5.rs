//! The last "not supported yet" forms of issue #4 item 4 in lowering (task res5), through
//! `hlslc -spirv` and every `spirv-val` installed: a mesh-shader helper given the entry's
//! output arrays on one call and local arrays on another.

use crate::harness::compile;

/// The function defined as `name`'s `OpFunction` up to its `OpFunctionEnd`.
fn function_body<'a>(asm: &'a str, name: &str) -> &'a str {
    let start = asm
        .find(&format!("{name} = OpFunction "))
        .unwrap_or_else(|| panic!("no function {name}:\n{asm}"));
    let end = asm[start..].find("OpFunctionEnd").expect("function end");
    &asm[start..start + end]
}

/// `emit` is called with locals first and the entry's arrays second, `tri` the other way
/// round: each call picks its own copy, the one given the entry's arrays writing the output
/// variables and the other writing through its pointer parameters.
#[test]
fn mesh_helper_given_outputs_and_local_arrays() {
    let m = compile(
        "struct V { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
void emit(out vertices V vs[3], out indices uint3 ts[1], float k) {
    vs[0].pos = float4(k, 0, 0, 1);
    vs[1].pos = float4(0, k, 0, 1);
    vs[2].pos = float4(0, 0, k, 1);
    vs[0].uv = k;
    vs[1].uv = 0;
    vs[2].uv = 1;
    ts[0] = uint3(0, 1, 2);
}
void tri(out indices uint3 ts[1], uint first) { ts[0] = uint3(first, first + 1, first + 2); }
[outputtopology(\"triangle\")]
[numthreads(1, 1, 1)]
void main(out vertices V verts[3], out indices uint3 tris[1]) {
    SetMeshOutputCounts(3, 1);
    V local[3];
    uint3 localTris[1];
    emit(local, localTris, 2.0);
    emit(verts, tris, local[1].pos.y);
    tri(tris, 0);
    tri(localTris, localTris[0].y);
}
",
        "ms_6_5",
        &["-fspv-target-env=vulkan1.3"],
    );
    // Two copies of each helper: one with pointer parameters, one without, which writes
    // the output variables.
    m.assert_has(&[
        "%vs = OpFunctionParameter %_ptr_Function__arr_V_uint_3",
        "%ts_0 = OpFunctionParameter %_ptr_Function__arr_v3uint_uint_1",
        "%emit_1 = OpFunction %void None %fn_void_float",
        "%tri = OpFunction %void None %fn_void_uint",
    ]);
    let outputs = function_body(&m.asm, "%emit_1");
    assert!(outputs.contains("%out_SV_Position"), "{}", m.asm);
    assert!(outputs.contains("%out_indices"), "{}", m.asm);
    assert!(
        function_body(&m.asm, "%tri").contains("%out_indices"),
        "{}",
        m.asm
    );
    assert!(
        !function_body(&m.asm, "%tri_1").contains("%out_indices"),
        "{}",
        m.asm
    );
}
