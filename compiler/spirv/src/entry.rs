//! Entry points: the execution model of each stage, execution modes (`OriginUpperLeft` and
//! `DepthReplacing` for pixel shaders, `LocalSize` from `[numthreads]`, the modes of
//! geometry, tessellation and mesh shaders from `stages`), and the interface
//! list: the stage variables the entry point's call tree uses (SPIR-V 1.0-1.3), or every
//! global it uses (SPIR-V 1.4+), plus the built-ins the backend added.

use std::collections::BTreeSet;

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{ExecutionMode, ExecutionModel, Op, StorageClass, Word};

use crate::context::Ctx;
use crate::{Result, SpirvError};

impl Ctx<'_> {
    pub fn lower_entry_point(&mut self, e: &ir::EntryPoint) -> Result<()> {
        let model = self.execution_model(e)?;
        let Some(&fid) = self.func_ids.get(e.function.index()) else {
            return Err(SpirvError::invalid(format!(
                "entry point \"{}\" names a dangling function",
                e.name
            )));
        };
        // The call tree.
        let mut funcs = BTreeSet::new();
        let mut work = vec![e.function.index()];
        while let Some(f) = work.pop() {
            if funcs.insert(f) {
                if let Some(u) = self.func_uses.get(f) {
                    work.extend(u.callees.iter().copied());
                }
            }
        }
        let mut globals: BTreeSet<usize> = e
            .inputs
            .iter()
            .chain(&e.outputs)
            .map(|g| g.index())
            .collect();
        let mut builtins = BTreeSet::new();
        for f in &funcs {
            if let Some(u) = self.func_uses.get(*f) {
                globals.extend(u.globals.iter().copied());
                builtins.extend(u.builtins.iter().copied());
            }
        }
        let all_globals = self.at_least(1, 4);
        let mut interface: Vec<Word> = Vec::new();
        let mut frag_depth = false;
        for g in globals {
            let Some(Some(info)) = self.global_info.get(g) else {
                continue;
            };
            // Vulkan allows `Workgroup` storage (`groupshared`) in compute, mesh and task
            // shaders only (VUID-StandaloneSpirv-None-04645); DXC emits it anyway.
            if info.class == StorageClass::Workgroup
                && !matches!(
                    model,
                    ExecutionModel::GLCompute
                        | ExecutionModel::MeshEXT
                        | ExecutionModel::TaskEXT
                        | ExecutionModel::MeshNV
                        | ExecutionModel::TaskNV
                )
            {
                return Err(SpirvError::unsupported(format!(
                    "groupshared variable \"{}\" used by the {model:?} entry point \"{}\": \
                     Vulkan allows groupshared memory in compute, mesh and amplification \
                     shaders only",
                    self.m.globals[ir::Global::new(g)].name,
                    e.name
                )));
            }
            // The shader binding table exists for ray-tracing stages only
            // (VUID-StandaloneSpirv-ShaderRecordBufferKHR-07119).
            if info.class == StorageClass::ShaderRecordBufferKHR
                && !crate::ray_query::is_ray_stage(e.stage)
            {
                return Err(SpirvError::unsupported(format!(
                    "shader-record buffer \"{}\" used by the {model:?} entry point \"{}\": \
                     `[[vk::shader_record_ext]]` buffers exist in ray-tracing stages only",
                    self.m.globals[ir::Global::new(g)].name,
                    e.name
                )));
            }
            let is_stage = matches!(info.class, StorageClass::Input | StorageClass::Output);
            // A private texture, sampler or buffer is an `OpUndef`, no variable
            // (`lower_global`).
            let undefined = {
                let gv = &self.m.globals[ir::Global::new(g)];
                gv.kind == ir::GlobalKind::Private && matches!(gv.ty, types::Type::Resource(_))
            };
            if (is_stage || all_globals) && !undefined {
                interface.extend(self.interface_ids(g, info.id));
            }
            if all_globals {
                interface.extend(self.u64_views.get(&g).copied());
            }
            let gv = &self.m.globals[ir::Global::new(g)];
            // Vulkan: integer and double fragment inputs must be flat, built-ins such as
            // `SampleId` included (VUID-StandaloneSpirv-Flat-04744); `FrontFacing` is a bool.
            // Arrays too: `SampleMask` is an array of one int.
            let kind = crate::resources::leaf_scalar(&gv.ty);
            // Per-vertex inputs are not interpolated at all.
            let needs_flat = model == ExecutionModel::Fragment
                && info.class == StorageClass::Input
                && !gv.per_vertex
                && match gv.stage_binding {
                    Some(ir::StageBinding::Location(_)) => {
                        kind.is_some_and(|k| !k.is_float() || k == types::ScalarKind::Double)
                    }
                    Some(ir::StageBinding::BuiltIn(_)) => {
                        kind.is_some_and(|k| k.is_integer() || k == types::ScalarKind::Double)
                    }
                    // `[[vk::ext_builtin_input(N)]]`: an integer built-in input.
                    None => {
                        gv.has_inline_builtin()
                            && kind
                                .is_some_and(|k| k.is_integer() || k == types::ScalarKind::Double)
                    }
                };
            if needs_flat {
                let id = info.id;
                self.decorate_flat(id);
            }
            let gv = &self.m.globals[ir::Global::new(g)];
            if gv.stage_binding == Some(ir::StageBinding::BuiltIn(ir::BuiltIn::FragDepth)) {
                frag_depth = true;
            }
        }
        if model == ExecutionModel::Fragment {
            // The backend's own built-ins (`SubgroupSize`, `SubgroupLocalInvocationId`) are
            // integer inputs too, so they need `Flat` in a pixel shader as well; the `bool`
            // `HelperInvocation` does not.
            let helper = self
                .builtin_vars
                .get(&(rspirv::spirv::BuiltIn::HelperInvocation as u32))
                .copied();
            for &id in builtins.iter().filter(|&&id| Some(id) != helper) {
                self.decorate_flat(id);
            }
        }
        interface.extend(builtins);
        let mut ops = vec![
            Operand::ExecutionModel(model),
            Operand::IdRef(fid),
            Operand::LiteralString(self.entry_name(e)?),
        ];
        ops.extend(interface.into_iter().map(Operand::IdRef));
        self.entry_points
            .push(Instruction::new(Op::EntryPoint, None, None, ops));
        let mode = |m: ExecutionMode, extra: Vec<Operand>| {
            let mut ops = vec![Operand::IdRef(fid), Operand::ExecutionMode(m)];
            ops.extend(extra);
            Instruction::new(Op::ExecutionMode, None, None, ops)
        };
        match model {
            ExecutionModel::Fragment => {
                self.exec_modes
                    .push(mode(ExecutionMode::OriginUpperLeft, vec![]));
                if frag_depth {
                    self.exec_modes
                        .push(mode(ExecutionMode::DepthReplacing, vec![]));
                }
            }
            ExecutionModel::GLCompute => {
                let [x, y, z] = e.workgroup_size.unwrap_or([1, 1, 1]);
                self.exec_modes.push(mode(
                    ExecutionMode::LocalSize,
                    vec![
                        Operand::LiteralBit32(x),
                        Operand::LiteralBit32(y),
                        Operand::LiteralBit32(z),
                    ],
                ));
                if let Some(group) = self.derivative_group_mode([x, y, z])? {
                    self.exec_modes.push(mode(group, vec![]));
                }
            }
            _ => {}
        }
        for (m, literals) in self.stage_modes(e) {
            let ops = literals.into_iter().map(Operand::LiteralBit32).collect();
            self.exec_modes.push(mode(m, ops));
        }
        for number in self.helper_lane_modes(e) {
            let ops = vec![Operand::IdRef(fid), Operand::LiteralBit32(number)];
            self.exec_modes
                .push(Instruction::new(Op::ExecutionMode, None, None, ops));
        }
        // Inline SPIR-V's `vk::ext_execution_mode`.
        for words in &self.m.spirv_execution_modes {
            let Some((&number, literals)) = words.split_first() else {
                continue;
            };
            let m = ExecutionMode::from_u32(number).ok_or_else(|| {
                SpirvError::unsupported(format!(
                    "execution mode {number} of vk::ext_execution_mode (unknown to this backend)"
                ))
            })?;
            let ops = literals
                .iter()
                .copied()
                .map(Operand::LiteralBit32)
                .collect();
            self.exec_modes.push(mode(m, ops));
        }
        self.execution_mode_ids(fid, model)?;
        if self.opts.signed_zero_inf_nan_preserve {
            for width in self.float_widths() {
                self.exec_modes.push(mode(
                    ExecutionMode::SignedZeroInfNanPreserve,
                    vec![Operand::LiteralBit32(width)],
                ));
            }
            self.capability(rspirv::spirv::Capability::SignedZeroInfNanPreserve);
            if !self.at_least(1, 4) {
                self.extension("SPV_KHR_float_controls");
            }
        }
        if let Some(denorm) = self.opts.denorm {
            let (m, cap) = match denorm {
                crate::DenormMode::Preserve => (
                    ExecutionMode::DenormPreserve,
                    rspirv::spirv::Capability::DenormPreserve,
                ),
                crate::DenormMode::FlushToZero => (
                    ExecutionMode::DenormFlushToZero,
                    rspirv::spirv::Capability::DenormFlushToZero,
                ),
            };
            // 32-bit floats only, as DXC (whose `-denorm` is about fp32).
            self.exec_modes
                .push(mode(m, vec![Operand::LiteralBit32(32)]));
            self.capability(cap);
            if !self.at_least(1, 4) {
                self.extension("SPV_KHR_float_controls");
            }
        }
        Ok(())
    }

    /// The `OpEntryPoint` name of `e`: `-fspv-entrypoint-name=`, for a module of one entry.
    fn entry_name(&self, e: &ir::EntryPoint) -> Result<String> {
        match &self.opts.entry_point_name {
            None => Ok(e.name.clone()),
            Some(name) if self.m.entry_points.len() == 1 => Ok(name.clone()),
            Some(_) => Err(SpirvError::invalid(
                "-fspv-entrypoint-name= renames the entry point of a module with one entry \
                 (this one has several)",
            )),
        }
    }

    /// The widths of the float types declared so far, with 32 always (DXC's `-Gis` mode).
    fn float_widths(&self) -> Vec<u32> {
        let mut widths: Vec<u32> = self
            .type_ids
            .keys()
            .filter_map(|k| match k {
                crate::types::TypeKey::Spv(op, words) if *op == Op::TypeFloat as u32 => {
                    words.first().copied()
                }
                _ => None,
            })
            .chain([32])
            .collect();
        widths.sort_unstable();
        widths.dedup();
        widths
    }
}
