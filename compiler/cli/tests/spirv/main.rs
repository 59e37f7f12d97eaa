//! End-to-end tests from HLSL to validated SPIR-V through the `hlslc` binary and DXC's flags:
//! buffer layouts under each rule, semantics to locations, bindings with shifts, every resource
//! type and the texture and buffer operations that lower today. Every module is checked by
//! every `spirv-val` installed (`spirv_backend::validate`).

mod attrib;
mod auto_unroll;
mod binding_errors;
mod bindings;
mod buffer_pointer;
mod dxc2_probe;
mod dxc_errors;
mod engines_probe;
mod entry_arrays;
mod enums;
mod filecheck_probe;
mod flags;
mod front2;
mod front3;
mod frontend_gaps;
mod harness;
mod intrinsics2;
mod intrinsics_extra;
mod layouts;
mod lead_probe;
mod locations;
mod matrices;
mod modes_and_flags;
mod ms_storage;
mod one_row_matrices;
mod opcodes;
mod params;
mod ray_query;
mod raytracing;
mod resflow;
mod resource_gaps;
mod resource_structs;
mod resources;
mod resources3;
mod resources4;
mod sampled_texture;
mod sema_probe;
mod slang_probe;
mod spirv_types;
mod stagebuf;
mod stages;
mod statics;
mod statics_probe;
mod suites_probe;
mod system_values;
mod texel64;
mod texture_operands;
mod vk_ext;
mod vkd3d_probe;
mod vkmisc;
mod vulkan_types;
mod wicked_probe;
