//! Bases of a struct that DXC declares `final` (`E2072`, "base 'vector' is marked 'final'"):
//! a struct cannot inherit from a vector, a matrix, a resource or stream type, a built-in
//! struct (`RayDesc`, `BuiltInTriangleIntersectionAttributes`) or a state-object type
//! (`GlobalRootSignature`). Called by `decl_checks::declaration_diagnostics`.

use types::Type;

use crate::lower_type::TypeCtx;
use crate::type_ref::{TypeBase, TypeRef};

/// Built-in structs DXC declares `final`.
const FINAL_STRUCTS: [&str; 2] = ["RayDesc", "BuiltInTriangleIntersectionAttributes"];

/// DXC's state-object types (ray tracing subobjects), which we do not model as types.
pub(crate) const STATE_OBJECT_TYPES: [&str; 9] = [
    "GlobalRootSignature",
    "LocalRootSignature",
    "StateObjectConfig",
    "SubobjectToExportsAssociation",
    "RaytracingShaderConfig",
    "RaytracingPipelineConfig",
    "RaytracingPipelineConfig1",
    "TriangleHitGroup",
    "ProceduralPrimitiveHitGroup",
];

/// The message for `base` when DXC refuses to derive from it, else `None`.
pub(crate) fn final_base_message(base: &TypeRef, tcx: &TypeCtx<'_>) -> Option<String> {
    let TypeBase::Path(path) = &base.base else {
        return None;
    };
    let written = path.segments.last()?.name.to_string();
    let name = match tcx.resolve(base, &mut Vec::new()) {
        Some(Type::Vector(..)) => "vector".to_owned(),
        Some(Type::Matrix { .. }) => "matrix".to_owned(),
        Some(Type::Resource(_)) => written,
        Some(Type::Struct(s)) if FINAL_STRUCTS.contains(&s.name.as_str()) => s.name.clone(),
        None if STATE_OBJECT_TYPES.contains(&written.as_str()) => written,
        _ => return None,
    };
    Some(format!("base '{name}' is marked 'final'"))
}
