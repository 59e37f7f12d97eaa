//! The names `-fspv-extension=` takes: DXC's list of the SPIR-V extensions it knows (`KHR`
//! allows every `SPV_KHR_*`, `AMD` and `SPV_AMD` every AMD one). `vulkan::spirv_options`
//! refuses any other name, as DXC does ("unknown SPIR-V extension").

/// Every name DXC accepts after `-fspv-extension=`, in DXC's order.
pub const KNOWN: &[&str] = &[
    "KHR",
    "AMD",
    "SPV_AMD",
    "SPV_KHR_16bit_storage",
    "SPV_KHR_bfloat16",
    "SPV_KHR_device_group",
    "SPV_KHR_multiview",
    "SPV_KHR_non_semantic_info",
    "SPV_KHR_shader_draw_parameters",
    "SPV_KHR_cooperative_matrix",
    "SPV_KHR_ray_tracing",
    "SPV_EXT_demote_to_helper_invocation",
    "SPV_EXT_descriptor_indexing",
    "SPV_EXT_fragment_fully_covered",
    "SPV_EXT_fragment_invocation_density",
    "SPV_EXT_fragment_shader_interlock",
    "SPV_EXT_float8",
    "SPV_EXT_mesh_shader",
    "SPV_EXT_shader_stencil_export",
    "SPV_EXT_shader_viewport_index_layer",
    "SPV_AMD_gcn_shader",
    "SPV_AMD_gpu_shader_half_float",
    "SPV_AMD_gpu_shader_half_float_fetch",
    "SPV_AMD_gpu_shader_int16",
    "SPV_AMD_shader_ballot",
    "SPV_AMD_shader_early_and_late_fragment_tests",
    "SPV_AMD_shader_explicit_vertex_parameter",
    "SPV_AMD_shader_fragment_mask",
    "SPV_AMD_shader_image_load_store_lod",
    "SPV_AMD_shader_trinary_minmax",
    "SPV_AMD_texture_gather_bias_lod",
    "SPV_AMD_weak_linkage",
    "SPV_GOOGLE_hlsl_functionality1",
    "SPV_GOOGLE_user_type",
    "SPV_KHR_post_depth_coverage",
    "SPV_KHR_shader_clock",
    "SPV_NV_ray_tracing",
    "SPV_NV_mesh_shader",
    "SPV_KHR_ray_query",
    "SPV_KHR_fragment_shading_rate",
    "SPV_EXT_shader_image_int64",
    "SPV_KHR_physical_storage_buffer",
    "SPV_AMDX_shader_enqueue",
    "SPV_KHR_vulkan_memory_model",
    "SPV_KHR_compute_shader_derivatives",
    "SPV_NV_compute_shader_derivatives",
    "SPV_KHR_fragment_shader_barycentric",
    "SPV_KHR_maximal_reconvergence",
    "SPV_KHR_float_controls",
    "SPV_NV_shader_subgroup_partitioned",
    "SPV_KHR_quad_control",
    "SPV_EXT_descriptor_heap",
    "SPV_KHR_untyped_pointers",
];

/// DXC's error for a name it does not know, with the names it does.
pub fn check(name: &str) -> Result<(), String> {
    if KNOWN.contains(&name) {
        return Ok(());
    }
    Err(format!(
        "unknown SPIR-V extension '{name}' (known extensions are {})",
        KNOWN.join(", ")
    ))
}
