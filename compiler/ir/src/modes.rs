//! Execution modes of entry points beyond `[numthreads]`: what geometry, tessellation and mesh
//! shaders declare through attributes (`[maxvertexcount]`, `[instance]`, `[domain]`,
//! `[partitioning]`, `[outputtopology]`, `[outputcontrolpoints]`) and through their parameters
//! (the input primitive and the stream kind of a geometry shader, the output array sizes of a
//! mesh shader), pixel-shader test modes (`[earlydepthstencil]`,
//! `[[vk::post_depth_coverage]]`, and `SPV_AMD_shader_early_and_late_fragment_tests`'s
//! `[[vk::early_and_late_tests]]`, `[[vk::depth_unchanged]]` and `[[vk::stencil_ref_*]]`),
//! and a compute shader's `[WaveSize]`. Lowering records them on [`crate::EntryPoint::modes`]; the printer lists them
//! on the `entry` line and backends turn them into their own forms (SPIR-V execution modes).

/// One execution mode of an entry point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ExecutionMode {
    /// `[instance(n)]` of a geometry shader: invocations per input primitive.
    Invocations(u32),
    /// The primitive a geometry shader reads (`triangle VSOut input[3]`).
    InputPrimitive(InputPrimitive),
    /// What a geometry shader's stream or a mesh shader's `[outputtopology]` produces.
    OutputTopology(OutputTopology),
    /// `[maxvertexcount]` of a geometry shader, `[outputcontrolpoints]` of a hull shader, the
    /// size of a mesh shader's `out vertices` array.
    OutputVertices(u32),
    /// The size of a mesh shader's `out indices` array.
    OutputPrimitives(u32),
    /// The size of a hull shader's `InputPatch` (no SPIR-V mode: the input arrays carry it).
    InputControlPoints(u32),
    /// `[domain]` of hull and domain shaders.
    Domain(TessDomain),
    /// `[partitioning]` of a hull shader.
    Partitioning(TessPartitioning),
    /// `[outputtopology]` of a hull shader.
    TessOutput(TessOutput),
    /// A pixel shader writes `SV_DepthGreaterEqual`: the depth it writes is never less than
    /// the interpolated one.
    DepthGreater,
    /// A pixel shader writes `SV_DepthLessEqual`.
    DepthLess,
    /// `[earlydepthstencil]` of a pixel shader: depth and stencil tests run before it.
    EarlyFragmentTests,
    /// `[[vk::post_depth_coverage]]` of a pixel shader: the coverage it reads is the one left
    /// after the early depth and stencil tests.
    PostDepthCoverage,
    /// `[[vk::early_and_late_tests]]` of a pixel shader: depth and stencil tests may run
    /// before it and run after it (`SPV_AMD_shader_early_and_late_fragment_tests`).
    EarlyAndLateFragmentTests,
    /// `[[vk::depth_unchanged]]` of a pixel shader: the depth it writes is the interpolated
    /// one.
    DepthUnchanged,
    /// `[[vk::stencil_ref_*_front]]`/`_back]]` of a pixel shader: how the stencil reference it
    /// writes relates to the API's, for one face.
    StencilRef(StencilRef),
    /// `[WaveSize(n)]` of a compute shader (SM 6.6; of SM 6.8's range form the preferred size,
    /// else 32 clamped to the range): the lanes of a wave. Vulkan sets it on the pipeline
    /// (`requiredSubgroupSize`), so SPIR-V has no mode for it; the interpreter runs waves of it.
    WaveSize(u32),
    /// `[WaveOpsIncludeHelperLanes]` of a pixel shader (SM 6.7): helper lanes take part in
    /// wave operations, so a quad's lanes stay together (DXC's `MaximallyReconvergesKHR`
    /// and `RequireFullQuadsKHR`).
    WaveOpsIncludeHelperLanes,
}

named_enum! {
    /// Geometry-shader input primitives, spelled as the HLSL parameter modifiers.
    InputPrimitive {
        Point => "point",
        Line => "line",
        Triangle => "triangle",
        LineAdj => "lineadj",
        TriangleAdj => "triangleadj",
    }
}

impl InputPrimitive {
    /// Vertices per input primitive: the size of the input array.
    pub fn vertex_count(self) -> u32 {
        match self {
            InputPrimitive::Point => 1,
            InputPrimitive::Line => 2,
            InputPrimitive::Triangle => 3,
            InputPrimitive::LineAdj => 4,
            InputPrimitive::TriangleAdj => 6,
        }
    }
}

named_enum! {
    /// Output primitives of geometry shaders (strips) and mesh shaders (lists).
    OutputTopology {
        Points => "points",
        LineStrip => "line_strip",
        TriangleStrip => "triangle_strip",
        Lines => "lines",
        Triangles => "triangles",
    }
}

named_enum! {
    /// The stencil-reference promises of `[[vk::stencil_ref_*]]`, spelled as the attributes
    /// without their `stencil_ref_` prefix.
    StencilRef {
        UnchangedFront => "unchanged_front",
        GreaterEqualFront => "greater_equal_front",
        LessEqualFront => "less_equal_front",
        UnchangedBack => "unchanged_back",
        GreaterEqualBack => "greater_equal_back",
        LessEqualBack => "less_equal_back",
    }
}

impl StencilRef {
    /// Whether the promise is about back faces.
    pub fn is_back(self) -> bool {
        matches!(
            self,
            StencilRef::UnchangedBack | StencilRef::GreaterEqualBack | StencilRef::LessEqualBack
        )
    }
}

named_enum! {
    /// The tessellation domain.
    TessDomain {
        Tri => "tri",
        Quad => "quad",
        Isoline => "isoline",
    }
}

named_enum! {
    /// How the tessellator spaces its subdivisions.
    TessPartitioning {
        Integer => "integer",
        Pow2 => "pow2",
        FractionalEven => "fractional_even",
        FractionalOdd => "fractional_odd",
    }
}

named_enum! {
    /// The primitives the tessellator generates.
    TessOutput {
        Point => "point",
        Line => "line",
        TriangleCw => "triangle_cw",
        TriangleCcw => "triangle_ccw",
    }
}

impl ExecutionMode {
    /// The dump form: `invocations(2)`, `input_primitive(triangle)`, `domain(quad)`...
    pub fn display(self) -> String {
        match self {
            ExecutionMode::Invocations(n) => format!("invocations({n})"),
            ExecutionMode::InputPrimitive(p) => format!("input_primitive({})", p.name()),
            ExecutionMode::OutputTopology(t) => format!("output_topology({})", t.name()),
            ExecutionMode::OutputVertices(n) => format!("output_vertices({n})"),
            ExecutionMode::OutputPrimitives(n) => format!("output_primitives({n})"),
            ExecutionMode::InputControlPoints(n) => format!("input_control_points({n})"),
            ExecutionMode::Domain(d) => format!("domain({})", d.name()),
            ExecutionMode::Partitioning(p) => format!("partitioning({})", p.name()),
            ExecutionMode::TessOutput(t) => format!("tess_output({})", t.name()),
            ExecutionMode::DepthGreater => "depth_greater".to_owned(),
            ExecutionMode::DepthLess => "depth_less".to_owned(),
            ExecutionMode::EarlyFragmentTests => "early_fragment_tests".to_owned(),
            ExecutionMode::PostDepthCoverage => "post_depth_coverage".to_owned(),
            ExecutionMode::EarlyAndLateFragmentTests => "early_and_late_fragment_tests".to_owned(),
            ExecutionMode::DepthUnchanged => "depth_unchanged".to_owned(),
            ExecutionMode::StencilRef(r) => format!("stencil_ref({})", r.name()),
            ExecutionMode::WaveSize(n) => format!("wave_size({n})"),
            ExecutionMode::WaveOpsIncludeHelperLanes => "wave_ops_include_helper_lanes".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_parse_back_case_insensitively() {
        for p in TessPartitioning::ALL {
            assert_eq!(
                TessPartitioning::from_name_ignoring_case(p.name()),
                Some(*p)
            );
        }
        assert_eq!(
            TessOutput::from_name_ignoring_case("TRIANGLE_CW"),
            Some(TessOutput::TriangleCw)
        );
        assert_eq!(
            TessDomain::from_name_ignoring_case("quad"),
            Some(TessDomain::Quad)
        );
        assert_eq!(InputPrimitive::TriangleAdj.vertex_count(), 6);
        assert_eq!(
            ExecutionMode::OutputTopology(OutputTopology::TriangleStrip).display(),
            "output_topology(triangle_strip)"
        );
    }
}
