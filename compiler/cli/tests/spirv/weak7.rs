//! Weak spots where hlslc differed from DXC (task weak7, issue #4 items 4 and 5): NV mesh
//! shading below SPIR-V 1.4, DXC's error tests we accepted, W2119 outside entry code,
//! constant folding of intrinsics in constant contexts, and `-flegacy-resource-reservation`.

use crate::harness::{compile, refuse};

/// A pixel input read from a mesh shader's per-primitive output, below SPIR-V 1.4: DXC
/// decorates it `PerPrimitiveNV` and its capability pass asks for NV mesh shading there
/// (EXT needs SPIR-V 1.4); hlslc refused it as needing SPIR-V 1.4.
#[test]
fn a_per_primitive_pixel_input_below_spirv_1_4_is_nv() {
    let text = r#"
struct PSIn {
    float4 pos : SV_Position;
    [[vk::perprimitive]] nointerpolation float4 tint : TINT;
    nointerpolation uint prim : SV_PrimitiveID;
};
float4 main(PSIn i) : SV_Target { return i.tint * float(i.prim); }
"#;
    for env in ["vulkan1.0", "vulkan1.1"] {
        let m = compile(text, "ps_6_5", &[&format!("-fspv-target-env={env}")]);
        assert_eq!(m.decoration("in.TINT", "PerPrimitiveNV"), Some(String::new()));
        assert_eq!(m.decoration("in.TINT", "Flat"), Some(String::new()));
        assert_eq!(m.builtin("in.SV_PrimitiveID"), "PrimitiveId");
        m.assert_has(&["OpCapability MeshShadingNV", "OpExtension \"SPV_NV_mesh_shader\""]);
        assert!(!m.asm.contains("SPV_EXT_mesh_shader"), "{}", m.asm);
    }
    // Asking for the EXT extension below SPIR-V 1.4 is still refused.
    refuse(
        text,
        "ps_6_5",
        &["-fspv-extension=SPV_EXT_mesh_shader"],
        1,
        "needs SPIR-V 1.4",
    );
}
