//! Type names DXC knows only for DXIL: the work-graph node records and outputs of SM 6.8
//! (`DispatchNodeInputRecord<T>`, `NodeOutput<T>`, ...) and the state-object subobjects of a
//! ray-tracing library (`GlobalRootSignature`, `TriangleHitGroup`, ...). We do not model them as
//! types; a use is refused with its own code instead of "unknown type" (`E2014`), so that the
//! D3D12 work-graph and subobject samples read why their SPIR-V build fails: `E2279` for the
//! work-graph types, `E2280` for the subobjects. Used where type errors become diagnostics
//! (`diagnostics::type_diagnostics` for declarations, `infer` for locals and casts).

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

/// The code and message for an unknown type named `name` (as written, template arguments
/// included): `E2279`/`E2280` for a DXIL-only type, `E2014` otherwise.
pub(crate) fn unknown_type(name: &str) -> (&'static str, String) {
    let base = name.split('<').next().unwrap_or(name).trim();
    let base = base.rsplit("::").next().unwrap_or(base);
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
    use super::unknown_type;

    #[test]
    fn node_records_subobjects_and_other_names() {
        assert_eq!(unknown_type("NodeOutput<Rec>").0, "E2279");
        assert_eq!(unknown_type("DispatchNodeInputRecord<Rec>").0, "E2279");
        assert_eq!(unknown_type("TriangleHitGroup").0, "E2280");
        assert_eq!(unknown_type("NodeOutputs").0, "E2014");
        assert_eq!(unknown_type("Foo").1, "unknown type `Foo`");
    }
}
