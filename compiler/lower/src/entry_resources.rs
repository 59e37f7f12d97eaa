//! Entry-point parameters holding descriptors (a texture, a sampler, a buffer, or a struct or
//! array holding one): FXC took them as uniform inputs, DXC takes none (DXIL: "Semantic must
//! be defined for all parameters of an entry function"; SPIR-V: "semantic string missing for
//! shader input variable"), since a resource is no value a stage variable can carry.
//! Refused with `E3286` at the parameter, naming the part that is a resource. Called by
//! `entry::lower_entry_stage` before any stage's wrapper looks at the parameters.

use hir::item_tree::ItemIdx;
use types::{ResourceType, Type};

use crate::context::ModuleCtx;

/// Whether `r` is a descriptor: what a global binds, not a stage's patch, stream or ray query.
fn is_descriptor(r: &ResourceType) -> bool {
    !matches!(
        r,
        ResourceType::RayQuery { .. }
            | ResourceType::InputPatch { .. }
            | ResourceType::OutputPatch { .. }
            | ResourceType::Stream { .. }
    )
}

/// The path (`r.tex`) and type of the first descriptor held by a value of `ty` named `name`.
pub(crate) fn descriptor_part(ty: &Type, name: &str) -> Option<(String, Type)> {
    match ty {
        Type::Array { element, .. } => descriptor_part(element, name),
        Type::Struct(s) => s.fields.iter().find_map(|f| {
            descriptor_part(&f.ty, &f.name).map(|(part, t)| (format!("{name}.{part}"), t))
        }),
        t => t
            .as_resource()
            .filter(|r| is_descriptor(r))
            .map(|_| (name.to_owned(), ty.clone())),
    }
}

/// Refuses each parameter of entry `idx` holding a descriptor; whether any was refused.
pub(crate) fn refuse_descriptor_params(cx: &mut ModuleCtx<'_>, idx: ItemIdx) -> bool {
    let Some(f) = cx.tree.function(idx).cloned() else {
        return false;
    };
    let sig = crate::enums::function_signature(cx.db, cx.function_id(idx));
    let ranges = crate::stages::param_ranges(cx, idx);
    let mut refused = false;
    for (i, (p, ps)) in f.params.iter().zip(&sig.params).enumerate() {
        let Some((part, ty)) = ps.ty.as_ref().and_then(|t| descriptor_part(t, &p.name)) else {
            continue;
        };
        let range = ranges.get(i).copied().unwrap_or_else(|| cx.item_range(idx));
        let side = if p.direction == hir::item_tree::ParamDirection::Out {
            "output"
        } else {
            "input"
        };
        cx.error(
            crate::ENTRY_PARAM_RESOURCE,
            format!(
                "semantic string missing for shader {side} variable '{part}': `{part}` is a \
                 resource ({ty}), which no stage variable carries; declare it as a global \
                 (DXC takes no resource as an entry parameter, unlike FXC)"
            ),
            range,
        );
        refused = true;
    }
    refused
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_descriptors_in_fields_and_arrays_but_not_patches() {
        let tex = Type::Resource(std::sync::Arc::new(ResourceType::Sampler {
            comparison: false,
        }));
        assert_eq!(
            descriptor_part(&Type::array(tex.clone(), 2), "s").map(|p| p.0),
            Some("s".to_owned())
        );
        let patch = Type::Resource(std::sync::Arc::new(ResourceType::InputPatch {
            element: Type::FLOAT,
            count: 3,
        }));
        assert_eq!(descriptor_part(&patch, "ip"), None);
        assert_eq!(descriptor_part(&Type::FLOAT, "x"), None);
    }
}
