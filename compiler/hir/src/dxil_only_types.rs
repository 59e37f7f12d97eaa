//! Names DXC knows only for DXIL: the work-graph node records and outputs of SM 6.8
//! (`DispatchNodeInputRecord<T>`, `NodeOutput<T>`, ...), shader execution reordering of SM 6.9
//! (`dx::HitObject` and its static methods, `dx::MaybeReorderThread`), and the state-object
//! subobjects of a ray-tracing library (`GlobalRootSignature`, `TriangleHitGroup`, ...). DXC's
//! `-spirv` compiles none of them. We do not model them; a use is refused with its own code
//! instead of "unknown type" (`E2014`) or "undeclared identifier" (`E2001`), so that the D3D12
//! work-graph, SER and subobject samples read why their SPIR-V build fails: `E2279` for work
//! graphs and SER, `E2280` for the subobjects. Used where type errors become diagnostics
//! (`diagnostics::type_diagnostics` for declarations, `infer` for locals and casts) and where
//! `infer` reports an undeclared name.

use crate::codes;

/// The work-graph object types of SM 6.8 (node inputs, outputs and output records).
const WORK_GRAPH_TYPES: [&str; 13] = [
    "DispatchNodeInputRecord",
    "RWDispatchNodeInputRecord",
    "GroupNodeInputRecords",
    "RWGroupNodeInputRecords",
    "ThreadNodeInputRecord",
    "RWThreadNodeInputRecord",
    "EmptyNodeInput",
    "NodeOutput",
    "NodeOutputArray",
    "EmptyNodeOutput",
    "EmptyNodeOutputArray",
    "GroupNodeOutputRecords",
    "ThreadNodeOutputRecords",
];

/// The message for a use of shader execution reordering (`what` names it).
fn reordering(what: &str) -> String {
    format!(
        "`{what}` is shader execution reordering (SM 6.9), which only DXIL has: DXC's -spirv \
         does not compile `dx::HitObject` or `dx::MaybeReorderThread`"
    )
}

/// `name` without a leading `dx::` (the namespace SER's names live in).
fn without_dx(name: &str) -> &str {
    let name = name.trim();
    name.strip_prefix("dx::").unwrap_or(name).trim()
}

/// The code and message for an undeclared `path` that is an SER name (`HitObject::TraceRay`,
/// `dx::MaybeReorderThread`), else `None`.
pub(crate) fn undeclared_name(path: &str) -> Option<(&'static str, String)> {
    let bare = without_dx(path);
    (bare == "MaybeReorderThread" || bare.starts_with("HitObject::"))
        .then(|| (codes::WORK_GRAPH_TYPE, reordering(path)))
}

/// Whether `ty` names a DXIL state subobject type (`GlobalRootSignature`, ...), which `E2280`
/// refuses: the lowering says nothing more of such a global (no `$Globals` warning).
pub fn is_subobject_type(ty: &crate::type_ref::TypeRef) -> bool {
    match &ty.base {
        crate::type_ref::TypeBase::Path(p) => {
            crate::base_checks::STATE_OBJECT_TYPES.contains(&p.last_name())
        }
        _ => false,
    }
}

/// The code and message for an unknown type named `name` (as written, template arguments
/// included): `E2279`/`E2280` for a DXIL-only type, `E2014` otherwise.
pub(crate) fn unknown_type(name: &str) -> (&'static str, String) {
    let base = name.split('<').next().unwrap_or(name).trim();
    let base = base.rsplit("::").next().unwrap_or(base);
    if without_dx(name) == "HitObject" {
        return (codes::WORK_GRAPH_TYPE, reordering(name));
    }
    if WORK_GRAPH_TYPES.contains(&base) {
        return (
            codes::WORK_GRAPH_TYPE,
            format!(
                "`{name}` is a work-graph node type (SM 6.8), which only DXIL has: \
                 node shaders have no SPIR-V form (DXC's -spirv does not compile them)"
            ),
        );
    }
    if crate::base_checks::STATE_OBJECT_TYPES.contains(&base) {
        return (
            codes::SUBOBJECT_TYPE,
            format!(
                "`{name}` declares a DXIL state subobject, which SPIR-V has no form for: \
                 give root signatures, hit groups and pipeline limits to the Vulkan API instead"
            ),
        );
    }
    (codes::UNKNOWN_TYPE, format!("unknown type `{name}`"))
}

#[cfg(test)]
mod tests {
    use super::{undeclared_name, unknown_type};

    #[test]
    fn node_records_subobjects_and_other_names() {
        assert_eq!(unknown_type("NodeOutput<Rec>").0, "E2279");
        assert_eq!(unknown_type("DispatchNodeInputRecord<Rec>").0, "E2279");
        assert_eq!(unknown_type("TriangleHitGroup").0, "E2280");
        assert_eq!(unknown_type("NodeOutputs").0, "E2014");
        assert_eq!(unknown_type("Foo").1, "unknown type `Foo`");
        assert_eq!(unknown_type("dx::HitObject").0, "E2279");
        assert!(undeclared_name("HitObject::Invoke").is_some());
        assert!(undeclared_name("dx::MaybeReorderThread").is_some());
        assert!(undeclared_name("MaybeReorder").is_none());
    }
}
