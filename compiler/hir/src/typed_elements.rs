//! The element types of typed buffers and textures (`Buffer<T>`, `RWTexture2D<T>`...), as DXC
//! checks them at the declaration:
//!
//! - a struct, array or matrix (`float1x1` too) is refused in its front end's words, "elements
//!   of typed buffers and textures must be scalars or vectors" (`E2029`); a combined image
//!   sampler (`vk::SampledTexture2D<S>`) says it in the words of its template instead;
//! - more than 16 bytes (`double3`, `uint64_t3`) is refused, "elements of typed buffers and
//!   textures must fit in four 32-bit quantities" (`E2257`);
//! - what its SPIR-V backend declares as an image no Vulkan implementation takes, so that the
//!   module fails validation (`E2258`): a `double` texel (Vulkan's sampled types are 32-bit
//!   ints and floats and 64-bit ints), and a `bool` one except in a read-only texture (DXC
//!   declares a read-only texture of `bool` as one of `uint` and converts the texels; a typed
//!   buffer or a writable texture of `bool` stays an image of `bool`);
//! - a texture of 16-bit floats (`half` under `-enable-16bit-types`), in DXC's words (`E2029`).
//!
//! Called by `decl_checks` for every global declaration.

use types::{ResourceType, ScalarKind, Type};

use crate::codes;

/// The diagnostics of a global of type `ty`: code and message.
pub(crate) fn element_type_faults(ty: &Type) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let mut ty = ty;
    while let Type::Array { element, .. } = ty {
        ty = element;
    }
    let Type::Resource(r) = ty else {
        return out;
    };
    let (element, writable_or_buffer) = match &**r {
        ResourceType::TypedBuffer { element, .. } => (element, true),
        ResourceType::Texture { sample, access, .. } => {
            // A combined image sampler's element is a scalar or vector of 32-bit types;
            // DXC says so in the words of its template checks.
            if access.is_combined() && !matches!(sample, Type::Scalar(_) | Type::Vector(..)) {
                out.push((
                    codes::INVALID_ELEMENT_TYPE,
                    format!(
                        "'{sample}' cannot be used as a type parameter where it must be of type \
                         float, int, uint or their vector equivalents"
                    ),
                ));
                return out;
            }
            (sample, access.is_writable())
        }
        _ => return out,
    };
    let (kind, count) = match element {
        Type::Scalar(k) => (*k, 1),
        Type::Vector(k, n) => (*k, u32::from(*n)),
        Type::Enum(_) => return out,
        other => {
            out.push((
                codes::INVALID_ELEMENT_TYPE,
                format!(
                    "elements of typed buffers and textures must be scalars or vectors, not \
                     `{other}`"
                ),
            ));
            return out;
        }
    };
    if kind.size_in_buffer() * count > 16 {
        out.push((
            codes::TYPED_ELEMENT_TOO_LARGE,
            format!(
                "elements of typed buffers and textures must fit in four 32-bit quantities: \
                 `{element}` takes {} bytes",
                kind.size_in_buffer() * count
            ),
        ));
        return out;
    }
    let texture = matches!(&**r, ResourceType::Texture { .. });
    match kind {
        ScalarKind::Double => out.push((
            codes::TEXEL_TYPE_NOT_FOR_VULKAN,
            format!(
                "`{element}` texels: Vulkan images hold 32-bit integers or floats or 64-bit \
                 integers; DXC declares an image of `double`, which fails validation"
            ),
        )),
        ScalarKind::Bool if writable_or_buffer => out.push((
            codes::TEXEL_TYPE_NOT_FOR_VULKAN,
            format!(
                "`{element}` texels: DXC declares a typed buffer or a writable texture of \
                 `bool` as an image of `bool`, which fails validation (only read-only textures \
                 hold `bool`, as `uint`); use `uint`"
            ),
        )),
        // Vulkan images sample 32-bit floats (or 32/64-bit integers); a native 16-bit `half`
        // has no image type. DXC says so at the declaration, in these words.
        ScalarKind::Float16 if texture => out.push((
            codes::INVALID_ELEMENT_TYPE,
            "The sampled type for textures cannot be a floating point type smaller than \
             32-bits when targeting a Vulkan environment."
                .to_owned(),
        )),
        _ => {}
    }
    out
}
