//! Which semantics each stage accepts as input and as output, after DXC's table of signature
//! points (`DxilSigPoint.inl`): a system value (`SV_*`) is valid only where the pipeline
//! provides or consumes it, and user semantics (`TEXCOORD0`) only where a signature carries
//! them (not as a compute, mesh or amplification input). One departure from the DXIL table,
//! as in DXC's SPIR-V path: a user semantic on a pixel shader output (the legacy `COLOR0`,
//! `DEPTH`) is an ordinary output with a location, as `SV_Target` would be.
//!
//! DXC distinguishes more signature points than stages (a hull shader's control-point inputs
//! and its own inputs, a mesh shader's vertex and primitive outputs); each stage here accepts
//! the union of its points. Patch-constant functions are not entry points and are not checked.
//! Used by `entry_checks`.

use crate::entry::Stage;

/// Input to or output from a stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    In,
    Out,
}

impl Direction {
    pub fn name(self) -> &'static str {
        match self {
            Direction::In => "input",
            Direction::Out => "output",
        }
    }
}

// One bit per (stage, direction) that has a signature.
const VS_IN: u16 = 1 << 0;
const VS_OUT: u16 = 1 << 1;
const HS_IN: u16 = 1 << 2;
const HS_OUT: u16 = 1 << 3;
const DS_IN: u16 = 1 << 4;
const DS_OUT: u16 = 1 << 5;
const GS_IN: u16 = 1 << 6;
const GS_OUT: u16 = 1 << 7;
const PS_IN: u16 = 1 << 8;
const PS_OUT: u16 = 1 << 9;
const CS_IN: u16 = 1 << 10;
const MS_IN: u16 = 1 << 11;
const MS_OUT: u16 = 1 << 12;
const AS_IN: u16 = 1 << 13;

/// Where user semantics may appear.
const ARBITRARY: u16 =
    VS_IN | VS_OUT | HS_IN | HS_OUT | DS_IN | DS_OUT | GS_IN | GS_OUT | PS_IN | PS_OUT | MS_OUT;
/// Where the values the rasterizer reads may appear (`SV_Position`, clip and cull distances).
const RASTER: u16 =
    VS_IN | VS_OUT | HS_IN | HS_OUT | DS_IN | DS_OUT | GS_IN | GS_OUT | PS_IN | MS_OUT;
const THREAD_IDS: u16 = CS_IN | MS_IN | AS_IN;

/// System values (lowercase, without index) and where each is valid.
const SYSTEM_VALUES: &[(&str, u16)] = &[
    ("sv_vertexid", VS_IN),
    (
        "sv_instanceid",
        VS_IN | VS_OUT | HS_IN | HS_OUT | DS_IN | DS_OUT | GS_IN | GS_OUT | PS_IN,
    ),
    ("sv_position", RASTER),
    ("sv_rendertargetarrayindex", RASTER),
    ("sv_viewportarrayindex", RASTER),
    ("sv_clipdistance", RASTER),
    ("sv_culldistance", RASTER),
    ("sv_outputcontrolpointid", HS_IN),
    ("sv_domainlocation", DS_IN),
    (
        "sv_primitiveid",
        HS_IN | DS_IN | GS_IN | GS_OUT | PS_IN | MS_OUT,
    ),
    ("sv_gsinstanceid", GS_IN),
    ("sv_sampleindex", PS_IN),
    ("sv_isfrontface", GS_OUT | PS_IN),
    ("sv_coverage", PS_IN | PS_OUT),
    ("sv_innercoverage", PS_IN),
    ("sv_target", PS_OUT),
    ("sv_depth", PS_OUT),
    ("sv_depthlessequal", PS_OUT),
    ("sv_depthgreaterequal", PS_OUT),
    ("sv_stencilref", PS_OUT),
    ("sv_dispatchthreadid", THREAD_IDS),
    ("sv_groupid", THREAD_IDS),
    ("sv_groupindex", THREAD_IDS),
    ("sv_groupthreadid", THREAD_IDS),
    // The tess factors are outputs of the patch-constant function, which belongs to the hull
    // stage, and inputs of the domain shader.
    ("sv_tessfactor", HS_OUT | DS_IN),
    ("sv_insidetessfactor", HS_OUT | DS_IN),
    ("sv_viewid", VS_IN | HS_IN | DS_IN | GS_IN | PS_IN | MS_IN),
    ("sv_barycentrics", PS_IN),
    (
        "sv_shadingrate",
        VS_OUT | HS_IN | HS_OUT | DS_IN | DS_OUT | GS_IN | GS_OUT | PS_IN | MS_OUT,
    ),
    ("sv_cullprimitive", PS_IN | MS_OUT),
    ("sv_startvertexlocation", VS_IN),
    ("sv_startinstancelocation", VS_IN),
];

fn slot(stage: Stage, dir: Direction) -> Option<u16> {
    use Direction::*;
    Some(match (stage, dir) {
        (Stage::Vertex, In) => VS_IN,
        (Stage::Vertex, Out) => VS_OUT,
        (Stage::Hull, In) => HS_IN,
        (Stage::Hull, Out) => HS_OUT,
        (Stage::Domain, In) => DS_IN,
        (Stage::Domain, Out) => DS_OUT,
        (Stage::Geometry, In) => GS_IN,
        (Stage::Geometry, Out) => GS_OUT,
        (Stage::Pixel, In) => PS_IN,
        (Stage::Pixel, Out) => PS_OUT,
        (Stage::Compute, In) => CS_IN,
        (Stage::Mesh, In) => MS_IN,
        (Stage::Mesh, Out) => MS_OUT,
        (Stage::Amplification, In) => AS_IN,
        // Compute and amplification shaders have no outputs; the ray tracing and node kinds
        // have no signatures.
        _ => return None,
    })
}

/// Whether a stage has signatures that these rules describe.
pub fn has_signature(stage: Stage) -> bool {
    slot(stage, Direction::In).is_some()
}

/// The semantic name without its trailing index: `TEXCOORD3` is `TEXCOORD`.
pub fn base_name(semantic: &str) -> &str {
    semantic.trim_end_matches(|c: char| c.is_ascii_digit())
}

/// Whether `semantic` names a system value (`SV_` prefix, any case).
pub fn is_system_value(semantic: &str) -> bool {
    semantic
        .get(..3)
        .is_some_and(|p| p.eq_ignore_ascii_case("sv_"))
}

/// Why a semantic is not valid at a stage's input or output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SemanticProblem {
    /// An `SV_` name DXC does not know.
    UnknownSystemValue,
    /// A system value the stage does not have there.
    WrongStage,
    /// A user semantic where only system values are allowed.
    UserSemanticNotAllowed,
}

/// Checks `semantic` as an input or output of `stage`. Stages without signatures accept
/// anything.
pub fn check(semantic: &str, stage: Stage, dir: Direction) -> Result<(), SemanticProblem> {
    let Some(slot) = slot(stage, dir) else {
        return Ok(());
    };
    if !is_system_value(semantic) {
        return if ARBITRARY & slot != 0 {
            Ok(())
        } else {
            Err(SemanticProblem::UserSemanticNotAllowed)
        };
    }
    let name = base_name(semantic).to_ascii_lowercase();
    match SYSTEM_VALUES.iter().find(|(n, _)| *n == name) {
        None => Err(SemanticProblem::UnknownSystemValue),
        Some((_, allowed)) if allowed & slot != 0 => Ok(()),
        Some(_) => Err(SemanticProblem::WrongStage),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_follows_dxc() {
        use Direction::*;
        assert_eq!(check("SV_Target0", Stage::Pixel, Out), Ok(()));
        assert_eq!(
            check("SV_Target", Stage::Vertex, In),
            Err(SemanticProblem::WrongStage)
        );
        assert_eq!(check("SV_POSITION", Stage::Vertex, In), Ok(()));
        assert_eq!(
            check("SV_Position", Stage::Compute, In),
            Err(SemanticProblem::WrongStage)
        );
        assert_eq!(
            check("SV_DispatchThreadID", Stage::Pixel, In),
            Err(SemanticProblem::WrongStage)
        );
        assert_eq!(check("SV_GroupIndex", Stage::Mesh, In), Ok(()));
        assert_eq!(check("COLOR0", Stage::Pixel, Out), Ok(()));
        assert_eq!(
            check("TEXCOORD0", Stage::Compute, In),
            Err(SemanticProblem::UserSemanticNotAllowed)
        );
        assert_eq!(
            check("SV_Bogus", Stage::Pixel, In),
            Err(SemanticProblem::UnknownSystemValue)
        );
        assert_eq!(check("SV_PrimitiveID", Stage::Geometry, In), Ok(()));
        assert_eq!(
            check("SV_PrimitiveID", Stage::Vertex, Out),
            Err(SemanticProblem::WrongStage)
        );
        assert_eq!(check("anything", Stage::RayGeneration, In), Ok(()));
    }
}
