//! The capability a module declares when it indexes an array of descriptors with a
//! `NonUniformResourceIndex` value: `SampledImageArrayNonUniformIndexing` for textures and
//! samplers, `StorageImageArrayNonUniformIndexing` for RW textures, the texel-buffer ones for
//! `Buffer` and `RWBuffer`, `InputAttachmentArrayNonUniformIndexing` for subpass inputs; as
//! DXC's `getNonUniformCapability` picks them (other resources need none). The capability is
//! the module's promise to the device features of `VkPhysicalDeviceDescriptorIndexingFeatures`
//! that the validation layers check. `functions.rs` calls it from the access chains into such
//! arrays.

use rspirv::spirv::Capability;
use types::{ResourceType, TextureAccess, Type};

use crate::functions::Fx;

impl Fx<'_, '_> {
    /// Declares the capability to index an array of `element`s non-uniformly.
    pub(crate) fn require_nonuniform_indexing(&mut self, element: &Type) {
        let mut element = element;
        while let Type::Array { element: inner, .. } = element {
            element = inner;
        }
        let Some(resource) = element.as_resource() else {
            return;
        };
        let capability = match resource {
            ResourceType::Texture {
                access: TextureAccess::ReadOnly | TextureAccess::Sampled,
                ..
            }
            | ResourceType::Sampler { .. } => Capability::SampledImageArrayNonUniformIndexing,
            ResourceType::Texture { .. } => Capability::StorageImageArrayNonUniformIndexing,
            ResourceType::TypedBuffer {
                access: TextureAccess::ReadOnly | TextureAccess::Sampled,
                ..
            } => Capability::UniformTexelBufferArrayNonUniformIndexing,
            ResourceType::TypedBuffer { .. } => {
                Capability::StorageTexelBufferArrayNonUniformIndexing
            }
            ResourceType::SubpassInput { .. } => Capability::InputAttachmentArrayNonUniformIndexing,
            _ => return,
        };
        self.cx.capability(capability);
    }
}
