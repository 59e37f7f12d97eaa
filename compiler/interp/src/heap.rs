//! SM 6.6 descriptor heaps under `hlslc run`.
//!
//! The lowering turns `ResourceDescriptorHeap` into one runtime array global per resource
//! type read from it, each named `ResourceDescriptorHeap` (and `SamplerDescriptorHeap` for
//! samplers). A pipeline has no heap of its own, so the runner follows this convention: the
//! heap is the pipeline's resources, and a resource whose `DirectXBinding` is register `i` of
//! space 0 is element `i` of every heap array whose element type it matches by `Kind`
//! (`Texture2D` matches `Texture2D<float4>`, `Sampler` matches `SamplerState`); samplers go
//! to `SamplerDescriptorHeap`, everything else to `ResourceDescriptorHeap`. Each heap array
//! gets as many elements as the highest such register plus one. When one pipeline resource
//! matches several heap arrays (a texture read both as `Texture2D<float4>` and
//! `Texture2D<float>`), each gets its own copy and the first one is printed back.
//!
//! `pipeline.rs` calls [`heap_len`] before decoding the program and [`heap_roots`] to bind.

use types::Type;

use crate::pipeline::{Pipeline, ResourceDesc};
use crate::program::{Program, ResourceSlot};

/// The global names of the heap arrays.
const HEAP_NAMES: [&str; 2] = ["ResourceDescriptorHeap", "SamplerDescriptorHeap"];

/// Whether `slot` is an element of a descriptor-heap array.
pub fn is_heap_slot(slot: &ResourceSlot) -> bool {
    HEAP_NAMES.contains(&slot.name.as_str())
}

/// Whether a global of this name and type is a descriptor-heap array (a runtime array).
pub fn is_heap_global(name: &str, ty: &Type) -> bool {
    HEAP_NAMES.contains(&name) && matches!(ty, Type::Array { len: None, .. })
}

/// The number of elements each heap array gets: one past the highest register of space 0.
pub fn heap_len(pipeline: &Pipeline) -> u32 {
    pipeline
        .descriptor_sets
        .iter()
        .flat_map(|ds| &ds.resources)
        .filter_map(|r| r.directx_binding)
        .filter(|b| b.space == 0)
        .map(|b| b.register.saturating_add(1))
        .max()
        .unwrap_or(0)
}

/// Whether a pipeline resource of kind `kind` can stand for a resource of type `ty`.
fn kind_matches(kind: &str, ty: &Type) -> bool {
    let name = ty.to_string();
    let base = name.split('<').next().unwrap_or_default();
    base == kind
        || (kind == "Sampler" && base == "SamplerState")
        || (kind == "SamplerComparison" && base == "SamplerComparisonState")
}

/// The resource roots that pipeline resource `r` fills as a heap element: element
/// `register` of each heap array of its heap whose element type its `Kind` matches.
pub fn heap_roots(program: &Program, r: &ResourceDesc) -> Vec<usize> {
    let Some(b) = r.directx_binding.filter(|b| b.space == 0) else {
        return Vec::new();
    };
    let heap = if r.kind.starts_with("Sampler") {
        "SamplerDescriptorHeap"
    } else {
        "ResourceDescriptorHeap"
    };
    program
        .resources
        .iter()
        .enumerate()
        .filter(|(_, s)| s.name == heap && s.index == b.register && kind_matches(&r.kind, &s.ty))
        .map(|(i, _)| i)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::kind_matches;
    use types::{ResourceType, Type};

    #[test]
    fn kinds_match_resource_types_by_name() {
        let rw = Type::resource(ResourceType::ByteAddressBuffer {
            access: types::ByteAddressKind::ReadWrite,
        });
        assert!(kind_matches("RWByteAddressBuffer", &rw));
        assert!(!kind_matches("ByteAddressBuffer", &rw));
        let smp = Type::resource(ResourceType::Sampler { comparison: false });
        assert!(kind_matches("Sampler", &smp));
        assert!(!kind_matches("SamplerComparison", &smp));
    }
}
