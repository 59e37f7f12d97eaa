//! The constants HLSL predeclares for ray tracing (`RAY_FLAG_*`, `COMMITTED_*`,
//! `CANDIDATE_*`, `HIT_KIND_*`), with the values of the DirectX Raytracing specification,
//! the flags of SM 6.8's `Barrier` (`ALL_MEMORY`, `GROUP_SYNC`...) with DXC's values,
//! and the scopes of DXC's implicit `vk` namespace (`vk::DeviceScope`...).
//! Name lookup (`infer`) and constant evaluation (`lower_type`, for `RayQuery<flags>`) fall
//! back to this table when no declaration of the file has the name, so a user declaration
//! shadows it as it does in DXC.

/// `(name, value)`; every constant is a `uint`.
const BUILTIN_CONSTANTS: &[(&str, u32)] = &[
    ("RAY_FLAG_NONE", 0x00),
    ("RAY_FLAG_FORCE_OPAQUE", 0x01),
    ("RAY_FLAG_FORCE_NON_OPAQUE", 0x02),
    ("RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH", 0x04),
    ("RAY_FLAG_SKIP_CLOSEST_HIT_SHADER", 0x08),
    ("RAY_FLAG_CULL_BACK_FACING_TRIANGLES", 0x10),
    ("RAY_FLAG_CULL_FRONT_FACING_TRIANGLES", 0x20),
    ("RAY_FLAG_CULL_OPAQUE", 0x40),
    ("RAY_FLAG_CULL_NON_OPAQUE", 0x80),
    ("RAY_FLAG_SKIP_TRIANGLES", 0x100),
    ("RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES", 0x200),
    ("COMMITTED_NOTHING", 0),
    ("COMMITTED_TRIANGLE_HIT", 1),
    ("COMMITTED_PROCEDURAL_PRIMITIVE_HIT", 2),
    ("CANDIDATE_NON_OPAQUE_TRIANGLE", 0),
    ("CANDIDATE_PROCEDURAL_PRIMITIVE", 1),
    ("HIT_KIND_TRIANGLE_FRONT_FACE", 0xFE),
    ("HIT_KIND_TRIANGLE_BACK_FACE", 0xFF),
    // SM 6.8's `Barrier` flags, with DXC's values (its `MEMORY_TYPE_FLAG` and
    // `BARRIER_SEMANTIC_FLAG` enums).
    ("UAV_MEMORY", 0x1),
    ("GROUP_SHARED_MEMORY", 0x2),
    ("NODE_INPUT_MEMORY", 0x4),
    ("NODE_OUTPUT_MEMORY", 0x8),
    ("ALL_MEMORY", 0xF),
    ("GROUP_SYNC", 0x1),
    ("GROUP_SCOPE", 0x2),
    ("DEVICE_SCOPE", 0x4),
    // DXC's implicit `vk` namespace: the SPIR-V scopes (`docs/SPIR-V.rst`, "Intrinsic
    // Constants"), for `vk::ReadClock`.
    ("vk::CrossDeviceScope", 0),
    ("vk::DeviceScope", 1),
    ("vk::WorkgroupScope", 2),
    ("vk::SubgroupScope", 3),
    ("vk::InvocationScope", 4),
    ("vk::QueueFamilyScope", 5),
];

/// The value of the predeclared constant `path` names (`RAY_FLAG_NONE`, `vk::DeviceScope`).
pub fn builtin_constant_at(path: &crate::type_ref::Path) -> Option<u32> {
    if let Some(name) = path.as_name() {
        return builtin_constant(name);
    }
    match &path.segments[..] {
        [ns, name] if ns.name.as_str() == "vk" && ns.args.is_none() && name.args.is_none() => {
            builtin_constant(&format!("vk::{}", name.name.as_str()))
        }
        _ => None,
    }
}

/// The value of the predeclared constant `name`.
pub fn builtin_constant(name: &str) -> Option<u32> {
    BUILTIN_CONSTANTS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, v)| v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ray_flags_are_single_bits_in_order() {
        // The DXR specification's RAY_FLAG enum: NONE, then one bit per flag from 0x1 up.
        let flags: Vec<u32> = BUILTIN_CONSTANTS
            .iter()
            .filter(|(n, _)| n.starts_with("RAY_FLAG_") && *n != "RAY_FLAG_NONE")
            .map(|&(_, v)| v)
            .collect();
        let expected: Vec<u32> = (0..flags.len()).map(|i| 1 << i).collect();
        assert_eq!(flags, expected);
        assert_eq!(builtin_constant("RAY_FLAG_CULL_NON_OPAQUE"), Some(0x80));
        assert_eq!(builtin_constant("HIT_KIND_TRIANGLE_BACK_FACE"), Some(0xFF));
        assert_eq!(builtin_constant("ray_flag_none"), None);
    }
}
