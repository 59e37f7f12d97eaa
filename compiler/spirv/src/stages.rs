//! Geometry, tessellation, mesh and amplification shaders: their execution models and
//! capabilities, the execution modes of [`ir::ExecutionMode`] (after DXC's mapping:
//! `[maxvertexcount]` is `OutputVertices`, the input primitive and the stream kind of a
//! geometry shader are `InputPoints`... and `OutputTriangleStrip`..., `[domain]`,
//! `[partitioning]` and `[outputtopology]` of a hull shader are `Triangles`/`Quads`/`Isolines`,
//! `Spacing*` and `VertexOrderCw`/`VertexOrderCcw`/`PointMode`), and the instructions only these
//! stages have (`OpEmitVertex`, `OpEndPrimitive`, `OpSetMeshOutputsEXT`, `OpEmitMeshTasksEXT`).
//! Called by `entry` and `functions`.

use rspirv::dr::Operand;
use rspirv::spirv::{Capability, ExecutionMode as Mode, ExecutionModel, Op};

use crate::context::Ctx;
use crate::functions::Fx;
use crate::{Result, SpirvError};

use ir::TessPartitioning as P;
use ir::{ExecutionMode as M, InputPrimitive, OutputTopology, StencilRef, TessDomain, TessOutput};

impl Ctx<'_> {
    /// `MeshShadingEXT` and its extension, for mesh and amplification shaders and their
    /// built-ins and decorations; `MeshShadingNV` and its extension where DXC picks those
    /// (`mesh_nv`).
    pub fn mesh_shading(&mut self) {
        if self.mesh_nv() {
            self.nv_mesh_shading();
            return;
        }
        self.capability(Capability::MeshShadingEXT);
        self.extension("SPV_EXT_mesh_shader");
    }

    /// The execution model of `e`'s stage, with the capabilities it needs.
    pub fn execution_model(&mut self, e: &ir::EntryPoint) -> Result<ExecutionModel> {
        if let Some(model) = self.ray_execution_model(e)? {
            return Ok(model);
        }
        Ok(match e.stage {
            ir::Stage::Vertex => ExecutionModel::Vertex,
            ir::Stage::Pixel => ExecutionModel::Fragment,
            ir::Stage::Compute => ExecutionModel::GLCompute,
            ir::Stage::Geometry => {
                self.capability(Capability::Geometry);
                ExecutionModel::Geometry
            }
            ir::Stage::Hull | ir::Stage::Domain => {
                self.capability(Capability::Tessellation);
                if e.stage == ir::Stage::Hull {
                    ExecutionModel::TessellationControl
                } else {
                    ExecutionModel::TessellationEvaluation
                }
            }
            ir::Stage::Mesh | ir::Stage::Amplification if self.mesh_nv() => {
                self.mesh_shading();
                if e.stage == ir::Stage::Mesh {
                    ExecutionModel::MeshNV
                } else {
                    ExecutionModel::TaskNV
                }
            }
            ir::Stage::Mesh | ir::Stage::Amplification => {
                // Only `-fspv-extension=SPV_EXT_mesh_shader` asks for EXT below SPIR-V 1.4.
                if !self.at_least(1, 4) {
                    let mut err = SpirvError::needs_target(format!(
                        "{} shaders through SPV_EXT_mesh_shader (which -fspv-extension= \
                         names) need SPIR-V 1.4: vulkan1.1spirv1.4 or later; without that \
                         option, vulkan1.0 and vulkan1.1 use SPV_NV_mesh_shader (entry point \
                         \"{}\")",
                        e.stage.name(),
                        e.name
                    ));
                    err.loc = self.entry_loc(e);
                    return Err(err);
                }
                self.mesh_shading();
                if e.stage == ir::Stage::Mesh {
                    ExecutionModel::MeshEXT
                } else {
                    ExecutionModel::TaskEXT
                }
            }
            other => {
                return Err(SpirvError::unsupported(format!(
                    "{} entry points (entry point \"{}\")",
                    other.name(),
                    e.name
                )))
            }
        })
    }

    /// The SPIR-V execution modes (with their literal operands) of `e`'s modes; `LocalSize`
    /// of mesh and amplification shaders too.
    pub fn stage_modes(&mut self, e: &ir::EntryPoint) -> Vec<(Mode, Vec<u32>)> {
        let mut out = Vec::new();
        let mesh = e.stage == ir::Stage::Mesh;
        for &m in &e.modes {
            let mode = match m {
                M::Invocations(n) => (Mode::Invocations, vec![n]),
                M::InputPrimitive(p) => (
                    match p {
                        InputPrimitive::Point => Mode::InputPoints,
                        InputPrimitive::Line => Mode::InputLines,
                        InputPrimitive::Triangle => Mode::Triangles,
                        InputPrimitive::LineAdj => Mode::InputLinesAdjacency,
                        InputPrimitive::TriangleAdj => Mode::InputTrianglesAdjacency,
                    },
                    vec![],
                ),
                M::OutputTopology(t) => (
                    match t {
                        OutputTopology::Points => Mode::OutputPoints,
                        OutputTopology::LineStrip => Mode::OutputLineStrip,
                        OutputTopology::TriangleStrip => Mode::OutputTriangleStrip,
                        OutputTopology::Lines => Mode::OutputLinesEXT,
                        OutputTopology::Triangles => Mode::OutputTrianglesEXT,
                    },
                    vec![],
                ),
                M::OutputVertices(n) => (Mode::OutputVertices, vec![n]),
                M::OutputPrimitives(n) => (Mode::OutputPrimitivesEXT, vec![n]),
                // The input arrays carry the patch size.
                M::InputControlPoints(_) => continue,
                M::Domain(d) => (
                    match d {
                        TessDomain::Tri => Mode::Triangles,
                        TessDomain::Quad => Mode::Quads,
                        TessDomain::Isoline => Mode::Isolines,
                    },
                    vec![],
                ),
                M::Partitioning(p) => (
                    match p {
                        // Vulkan has no power-of-two spacing; DXC also uses equal spacing.
                        P::Integer | P::Pow2 => Mode::SpacingEqual,
                        P::FractionalEven => Mode::SpacingFractionalEven,
                        P::FractionalOdd => Mode::SpacingFractionalOdd,
                    },
                    vec![],
                ),
                M::TessOutput(t) => match t {
                    TessOutput::Point => (Mode::PointMode, vec![]),
                    // Lines come from the isoline domain.
                    TessOutput::Line => continue,
                    TessOutput::TriangleCw => (Mode::VertexOrderCw, vec![]),
                    TessOutput::TriangleCcw => (Mode::VertexOrderCcw, vec![]),
                },
                M::DepthGreater => (Mode::DepthGreater, vec![]),
                M::DepthLess => (Mode::DepthLess, vec![]),
                M::EarlyFragmentTests => (Mode::EarlyFragmentTests, vec![]),
                M::PostDepthCoverage => {
                    self.capability(rspirv::spirv::Capability::SampleMaskPostDepthCoverage);
                    self.extension("SPV_KHR_post_depth_coverage");
                    (Mode::PostDepthCoverage, vec![])
                }
                M::EarlyAndLateFragmentTests => {
                    self.extension("SPV_AMD_shader_early_and_late_fragment_tests");
                    (Mode::EarlyAndLateFragmentTestsAMD, vec![])
                }
                M::DepthUnchanged => (Mode::DepthUnchanged, vec![]),
                M::StencilRef(r) => {
                    // DXC: the AMD extension and `SPV_EXT_shader_stencil_export` with its
                    // capability.
                    self.capability(Capability::StencilExportEXT);
                    self.extension("SPV_AMD_shader_early_and_late_fragment_tests");
                    self.extension("SPV_EXT_shader_stencil_export");
                    (
                        match r {
                            StencilRef::UnchangedFront => Mode::StencilRefUnchangedFrontAMD,
                            StencilRef::GreaterEqualFront => Mode::StencilRefGreaterFrontAMD,
                            StencilRef::LessEqualFront => Mode::StencilRefLessFrontAMD,
                            StencilRef::UnchangedBack => Mode::StencilRefUnchangedBackAMD,
                            StencilRef::GreaterEqualBack => Mode::StencilRefGreaterBackAMD,
                            StencilRef::LessEqualBack => Mode::StencilRefLessBackAMD,
                        },
                        vec![],
                    )
                }
                // Vulkan takes the subgroup size from the pipeline, not the module (hir warns
                // so, W2116, in DXC's words).
                M::WaveSize(_) => continue,
                // Newer than rspirv's grammar: `entry` writes its modes by number.
                M::WaveOpsIncludeHelperLanes => continue,
            };
            out.push(mode);
        }
        if mesh || e.stage == ir::Stage::Amplification {
            let [x, y, z] = e.workgroup_size.unwrap_or([1, 1, 1]);
            out.insert(0, (Mode::LocalSize, vec![x, y, z]));
        }
        out
    }
}

impl Fx<'_, '_> {
    /// Fails unless every entry point reaching this function is of `stage`.
    pub(crate) fn require_stage(&self, stage: ir::Stage, what: &str) -> Result<()> {
        match self.stages.iter().find(|s| **s != stage) {
            None => Ok(()),
            Some(s) => Err(SpirvError::invalid(format!(
                "{what} in a {} shader (only {} shaders have it)",
                s.name(),
                stage.name()
            ))),
        }
    }

    /// `EmitVertex`, `EndPrimitive` and `SetMeshOutputs`.
    pub fn lower_stage_op(&mut self, d: &ir::InstData) -> Result<()> {
        let stage = if d.opcode == ir::Opcode::SetMeshOutputs {
            ir::Stage::Mesh
        } else {
            ir::Stage::Geometry
        };
        self.require_stage(stage, d.opcode.name())?;
        match d.opcode {
            ir::Opcode::EmitVertex | ir::Opcode::EndPrimitive if !d.literals.is_empty() => {
                // Several output streams: the stream id is a constant operand.
                self.cx.capability(Capability::GeometryStreams);
                let stream = self.cx.const_uint(d.literals[0] as u32);
                let op = if d.opcode == ir::Opcode::EmitVertex {
                    Op::EmitStreamVertex
                } else {
                    Op::EndStreamPrimitive
                };
                self.op_void(op, vec![Operand::IdRef(stream)]);
            }
            ir::Opcode::EmitVertex => self.op_void(Op::EmitVertex, vec![]),
            ir::Opcode::EndPrimitive => self.op_void(Op::EndPrimitive, vec![]),
            ir::Opcode::SetMeshOutputs if self.cx.mesh_nv() => self.nv_set_mesh_outputs(d)?,
            ir::Opcode::SetMeshOutputs => {
                let ids = self.values(&d.operands)?;
                self.op_void(Op::SetMeshOutputsEXT, Self::ids(&ids));
            }
            _ => return Err(SpirvError::invalid("not a geometry or mesh instruction")),
        }
        Ok(())
    }

    /// `EmitMeshTasks`, a terminator.
    pub fn lower_emit_mesh_tasks(&mut self, d: &ir::InstData) -> Result<()> {
        self.require_stage(ir::Stage::Amplification, "emit_mesh_tasks")?;
        let ids = self.values(&d.operands)?;
        if ids.len() < 3 {
            return Err(SpirvError::invalid(
                "emit_mesh_tasks takes three group counts",
            ));
        }
        self.mesh_tasks_barrier();
        if self.cx.mesh_nv() {
            let payload = d
                .operands
                .get(3)
                .copied()
                .ok_or_else(|| SpirvError::invalid("emit_mesh_tasks takes a payload"))?;
            self.nv_publish_mesh_tasks(&ids[..3], payload)?;
            return self.nv_return_after_mesh_tasks();
        }
        let ops: Vec<Operand> = ids.into_iter().map(Operand::IdRef).collect();
        self.op_void(Op::EmitMeshTasksEXT, ops);
        Ok(())
    }

    /// The barrier before the payload is sent: DXC makes the workgroup's payload writes
    /// visible first (`OpControlBarrier Workgroup Workgroup AcquireRelease|WorkgroupMemory`).
    pub fn mesh_tasks_barrier(&mut self) {
        let workgroup = self.cx.const_uint(rspirv::spirv::Scope::Workgroup as u32);
        let semantics = rspirv::spirv::MemorySemantics::ACQUIRE_RELEASE
            | rspirv::spirv::MemorySemantics::WORKGROUP_MEMORY;
        let semantics = self.cx.const_uint(semantics.bits());
        self.op_void(
            Op::ControlBarrier,
            Self::ids(&[workgroup, workgroup, semantics]),
        );
    }
}
