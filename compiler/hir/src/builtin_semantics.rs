//! Which system-value semantics DXC's SPIR-V path turns into a Vulkan built-in, by stage and
//! direction (after `docs/SPIR-V.rst`; the others take locations, as `SV_Position` does on a
//! vertex input and `SV_InstanceID` anywhere but there). DXC lets two stage values of one
//! built-in alias (both read or write the one built-in variable), so `entry_checks` reports a
//! semantic used twice only when it is no built-in there.

use crate::entry::Stage;
use crate::system_values::Direction;

/// Whether the system value `name` (upper case, without its index) is a built-in for a
/// `dir` value of a `stage` entry point.
pub(crate) fn is_spirv_builtin(stage: Stage, dir: Direction, name: &str) -> bool {
    use Direction::{In, Out};
    use Stage::*;
    let tessellation_or_geometry = matches!(stage, Hull | Domain | Geometry);
    match (name, dir) {
        ("SV_POSITION" | "SV_CLIPDISTANCE" | "SV_CULLDISTANCE", In) => {
            stage == Pixel || tessellation_or_geometry
        }
        ("SV_POSITION" | "SV_CLIPDISTANCE" | "SV_CULLDISTANCE", Out) => {
            matches!(stage, Vertex | Mesh) || tessellation_or_geometry
        }
        ("SV_VERTEXID" | "SV_INSTANCEID", In) => stage == Vertex,
        (
            "SV_ISFRONTFACE" | "SV_SAMPLEINDEX" | "SV_BARYCENTRICS" | "SV_INNERCOVERAGE"
            | "SV_COVERAGE",
            In,
        ) => stage == Pixel,
        (
            "SV_DEPTH"
            | "SV_DEPTHGREATEREQUAL"
            | "SV_DEPTHLESSEQUAL"
            | "SV_COVERAGE"
            | "SV_STENCILREF",
            Out,
        ) => stage == Pixel,
        ("SV_DISPATCHTHREADID" | "SV_GROUPID" | "SV_GROUPTHREADID" | "SV_GROUPINDEX", In) => {
            matches!(stage, Compute | Mesh | Amplification)
        }
        ("SV_GSINSTANCEID", In) => stage == Geometry,
        ("SV_OUTPUTCONTROLPOINTID", In) => stage == Hull,
        ("SV_DOMAINLOCATION", In) => stage == Domain,
        ("SV_TESSFACTOR" | "SV_INSIDETESSFACTOR", In) => stage == Domain,
        ("SV_TESSFACTOR" | "SV_INSIDETESSFACTOR", Out) => stage == Hull,
        ("SV_PRIMITIVEID", In) => matches!(stage, Pixel | Hull | Domain | Geometry),
        ("SV_PRIMITIVEID", Out) => matches!(stage, Geometry | Mesh),
        ("SV_VIEWID", In) => true,
        ("SV_RENDERTARGETARRAYINDEX" | "SV_VIEWPORTARRAYINDEX" | "SV_SHADINGRATE", In) => {
            stage == Pixel
        }
        ("SV_RENDERTARGETARRAYINDEX" | "SV_VIEWPORTARRAYINDEX", Out) => {
            matches!(stage, Vertex | Domain | Geometry | Mesh)
        }
        ("SV_SHADINGRATE", Out) => matches!(stage, Vertex | Geometry | Mesh),
        ("SV_CULLPRIMITIVE", Out) => stage == Mesh,
        _ => false,
    }
}
