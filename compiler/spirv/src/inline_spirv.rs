//! Inline SPIR-V: the module's `[[vk::ext_capability]]`s and `[[vk::ext_extension]]`s, the
//! `[[vk::ext_decorate]]`/`[[vk::ext_decorate_string]]`/`[[vk::ext_decorate_id]]`
//! decorations of globals (`OpDecorate`, `OpDecorateString`, `OpDecorateId`) and of struct
//! members (`OpMemberDecorate`, `OpMemberDecorateString`), and
//! the opaque `vk::ext_instruction` intrinsic written out as the instruction it names: a
//! core opcode with the result type and id first when it yields a value, or `OpExtInst` of
//! the named instruction set; value operands as ids, literal operands as literal words,
//! reference operands as the pointer's id. Opcodes and capabilities rspirv does not know
//! are written by number (`raw_words`). Also `vk::ReadClock`, `OpReadClockKHR`, and
//! `vk::ext_execution_mode_id`'s `OpExecutionModeId` (SPIR-V 1.2), its operands the ids of
//! constants and spec constants.

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Capability, Decoration, ExecutionModel, Op, Word};

use crate::context::Ctx;
use crate::functions::Fx;
use crate::{Result, SpirvError};

impl Ctx<'_> {
    /// `vk::ext_execution_mode_id`'s modes on entry point `fid`: `OpExecutionModeId` with
    /// the ids of its constants.
    pub(crate) fn execution_mode_ids(&mut self, fid: Word, model: ExecutionModel) -> Result<()> {
        for (number, values) in self.m.spirv_execution_mode_ids.clone() {
            if !self.at_least(1, 2) {
                return Err(SpirvError::unsupported(
                    "vk::ext_execution_mode_id (OpExecutionModeId) needs SPIR-V 1.2: use \
                     -fspv-target-env=vulkan1.1 or later"
                        .to_owned(),
                ));
            }
            let m = rspirv::spirv::ExecutionMode::from_u32(number).ok_or_else(|| {
                SpirvError::unsupported(format!(
                    "execution mode {number} of vk::ext_execution_mode_id (unknown to this \
                     backend)"
                ))
            })?;
            // Vulkan allows `LocalSizeId` from 1.3 on (maintenance4), which the validator
            // checks; `universal1.5` is outside Vulkan's rules.
            let vulkan = !matches!(self.env(), crate::TargetEnv::Universal1_5);
            if m == rspirv::spirv::ExecutionMode::LocalSizeId
                && !matches!(
                    model,
                    ExecutionModel::GLCompute | ExecutionModel::TaskEXT | ExecutionModel::MeshEXT
                )
            {
                return Err(SpirvError::unsupported(format!(
                    "vk::ext_execution_mode_id: the LocalSizeId execution mode is only valid in \
                     compute, mesh and amplification shaders, not in {model:?}"
                )));
            }
            if m == rspirv::spirv::ExecutionMode::LocalSizeId
                && vulkan
                && self.env() != crate::TargetEnv::Vulkan1_3
            {
                return Err(SpirvError::unsupported(
                    "vk::ext_execution_mode_id: Vulkan allows the LocalSizeId execution mode \
                     from Vulkan 1.3 on: use -fspv-target-env=vulkan1.3"
                        .to_owned(),
                ));
            }
            let mut ops = vec![Operand::IdRef(fid), Operand::ExecutionMode(m)];
            for v in values {
                let id = match v {
                    ir::Value::Const(c) => self.ir_const(c)?,
                    ir::Value::Spec(s) => self.spec_const(s)?,
                    _ => {
                        return Err(SpirvError::invalid(
                            "an operand of vk::ext_execution_mode_id that is no constant"
                                .to_owned(),
                        ))
                    }
                };
                ops.push(Operand::IdRef(id));
            }
            self.exec_modes
                .push(Instruction::new(Op::ExecutionModeId, None, None, ops));
        }
        Ok(())
    }

    /// The inline SPIR-V decorations of global `h`, on its variable `id`.
    pub(crate) fn inline_decorations(&mut self, h: ir::Global, id: Word) -> Result<()> {
        for d in self.m.globals[h].spirv_decorations.clone() {
            self.inline_decoration(id, None, d)?;
        }
        Ok(())
    }

    /// The capabilities and extensions a built-in named by number needs (a
    /// `[[vk::ext_builtin_input(N)]]` or `[[vk::ext_decorate(11, N)]]` variable), as the
    /// built-ins of semantics get them (`resources::builtin`); built-ins not listed need
    /// none, or what the user declares with `[[vk::ext_capability]]`.
    fn inline_builtin_requirements(&mut self, builtin: u32) {
        use rspirv::spirv::BuiltIn as B;
        let Some(b) = B::from_u32(builtin) else {
            return;
        };
        let pre13 = |cx: &mut Self, e: &'static str| {
            if !cx.at_least(1, 3) {
                cx.extension(e);
            }
        };
        match b {
            B::SampleId | B::SamplePosition => self.capability(Capability::SampleRateShading),
            B::ClipDistance => self.capability(Capability::ClipDistance),
            B::CullDistance => self.capability(Capability::CullDistance),
            B::ViewIndex => {
                self.capability(Capability::MultiView);
                pre13(self, "SPV_KHR_multiview");
            }
            B::BaseVertex | B::BaseInstance | B::DrawIndex => {
                self.capability(Capability::DrawParameters);
                pre13(self, "SPV_KHR_shader_draw_parameters");
            }
            B::BaryCoordKHR | B::BaryCoordNoPerspKHR => {
                self.capability(Capability::FragmentBarycentricKHR);
                self.extension("SPV_KHR_fragment_shader_barycentric");
            }
            B::SubgroupSize | B::SubgroupLocalInvocationId | B::NumSubgroups | B::SubgroupId => {
                self.capability(Capability::GroupNonUniform);
            }
            // `SV_StencilRef`'s built-in (DXC's `spv.inline.builtin.output` test names it
            // with its extension only).
            B::FragStencilRefEXT => {
                self.capability(Capability::StencilExportEXT);
                self.extension("SPV_EXT_shader_stencil_export");
            }
            _ => {}
        }
    }

    /// The inline SPIR-V decorations of the members of struct `name`, on its type `id`.
    pub(crate) fn inline_member_decorations(&mut self, id: Word, name: &str) -> Result<()> {
        let ds: Vec<(u32, ir::SpirvDecoration)> = self
            .m
            .spirv_member_decorations
            .iter()
            .filter(|d| d.struct_name == name)
            .map(|d| (d.member, d.decoration.clone()))
            .collect();
        for (member, d) in ds {
            self.inline_decoration(id, Some(member), d)?;
        }
        Ok(())
    }

    /// Decoration `d` on `id`, or on its member `member` (`OpMemberDecorate`,
    /// `OpMemberDecorateString`).
    pub(crate) fn inline_decoration(
        &mut self,
        id: Word,
        member: Option<u32>,
        d: ir::SpirvDecoration,
    ) -> Result<()> {
        let decoration = Decoration::from_u32(d.decoration).ok_or_else(|| {
            SpirvError::unsupported(format!(
                "decoration {} of vk::ext_decorate (unknown to this backend)",
                d.decoration
            ))
        })?;
        if let Some(m) = member {
            let mut ops = vec![
                Operand::IdRef(id),
                Operand::LiteralBit32(m),
                Operand::Decoration(decoration),
            ];
            let op = match d.operands {
                ir::SpirvDecorationOperands::Literals(words) => {
                    ops.extend(words.into_iter().map(Operand::LiteralBit32));
                    Op::MemberDecorate
                }
                ir::SpirvDecorationOperands::Strings(texts) => {
                    ops.extend(texts.into_iter().map(Operand::LiteralString));
                    Op::MemberDecorateString
                }
                ir::SpirvDecorationOperands::Ids(_) => {
                    return Err(SpirvError::unsupported(
                        "vk::ext_decorate_id on a struct member",
                    ))
                }
            };
            self.annotations.push(Instruction::new(op, None, None, ops));
            return Ok(());
        }
        {
            if decoration == Decoration::BuiltIn {
                if let ir::SpirvDecorationOperands::Literals(words) = &d.operands {
                    if let Some(&b) = words.first() {
                        self.inline_builtin_requirements(b);
                    }
                }
            }
            match d.operands {
                ir::SpirvDecorationOperands::Literals(words) => {
                    let ops: Vec<Operand> = words.into_iter().map(Operand::LiteralBit32).collect();
                    self.decorate(id, decoration, &ops);
                }
                ir::SpirvDecorationOperands::Strings(texts) => {
                    let mut ops = vec![Operand::IdRef(id), Operand::Decoration(decoration)];
                    ops.extend(texts.into_iter().map(Operand::LiteralString));
                    self.annotations
                        .push(Instruction::new(Op::DecorateString, None, None, ops));
                }
                ir::SpirvDecorationOperands::Ids(consts) => {
                    let mut ops = vec![Operand::IdRef(id), Operand::Decoration(decoration)];
                    for c in consts {
                        ops.push(Operand::IdRef(self.ir_const(c)?));
                    }
                    self.annotations
                        .push(Instruction::new(Op::DecorateId, None, None, ops));
                }
            }
        }
        Ok(())
    }

    /// Declares the capabilities and extensions the module asks for.
    pub(crate) fn declare_inline_spirv(&mut self) -> Result<()> {
        for &c in &self.m.spirv_capabilities {
            // Known or not to rspirv: `context` writes unknown ones by number.
            self.caps.insert(c);
        }
        for e in &self.m.spirv_extensions {
            self.inline_exts.insert(e.clone());
        }
        Ok(())
    }
}

impl Fx<'_, '_> {
    /// `vk::ReadClock(scope)`: `OpReadClockKHR` (`SPV_KHR_shader_clock`, capability
    /// `ShaderClockKHR`) with the scope constant as its id operand.
    pub(crate) fn lower_read_clock(&mut self, d: &ir::InstData) -> Result<Word> {
        let &[scope] = &d.operands[..] else {
            return Err(SpirvError::invalid("vk::ReadClock takes the scope"));
        };
        self.cx.capability(Capability::ShaderClockKHR);
        self.cx.extension("SPV_KHR_shader_clock");
        let s = self.value(scope)?;
        let ty = self.cx.plain_type(&d.ty)?;
        Ok(self.op(Op::ReadClockKHR, ty, vec![Operand::IdRef(s)]))
    }

    pub(crate) fn lower_ext_instruction(&mut self, d: &ir::InstData) -> Result<Option<Word>> {
        let (&opcode, rest) = d
            .literals
            .split_first()
            .ok_or_else(|| SpirvError::invalid("vk::ext_instruction without an opcode"))?;
        let (&set, kinds) = rest
            .split_first()
            .ok_or_else(|| SpirvError::invalid("vk::ext_instruction without its set"))?;
        if kinds.len() != d.operands.len() {
            return Err(SpirvError::invalid(
                "vk::ext_instruction needs one operand kind per operand",
            ));
        }
        let mut operands = Vec::with_capacity(d.operands.len() + 2);
        let set_name = usize::try_from(set)
            .ok()
            .and_then(|s| self.cx.m.strings.get(s).cloned());
        // `Err(n)`: an opcode rspirv does not know, written by number (`raw_words`).
        let op = match set_name {
            Some(name) => {
                let import = self.cx.ext_set(&name);
                let number = u32::try_from(opcode).map_err(|_| {
                    SpirvError::invalid(format!("extended instruction number {opcode}"))
                })?;
                operands.push(Operand::IdRef(import));
                operands.push(Operand::LiteralExtInstInteger(number));
                Ok(Op::ExtInst)
            }
            None => {
                let n = u32::try_from(opcode)
                    .ok()
                    .filter(|&n| n > 0 && n <= 0xffff)
                    .ok_or_else(|| SpirvError::invalid(format!("SPIR-V opcode {opcode}")))?;
                Op::from_u32(n).ok_or(n)
            }
        };
        for (&v, &kind) in d.operands.iter().zip(kinds) {
            match ir::intrinsic::ExtOperand::from_code(kind) {
                Some(ir::intrinsic::ExtOperand::Literal) => {
                    let n = self.cx.m.const_int(v).ok_or_else(|| {
                        SpirvError::invalid("a literal operand that is not a constant")
                    })?;
                    operands.push(Operand::LiteralBit32(n as u32));
                }
                // A resource passed by value (`RaytracingAccelerationStructure as`) is its
                // variable's pointer in the IR: the instruction takes the loaded handle, as
                // DXC passes it.
                Some(ir::intrinsic::ExtOperand::Value)
                    if matches!(
                        self.type_of(v)?.pointee(),
                        Some((_, types::Type::Resource(_)))
                    ) =>
                {
                    let info = self.ptr_info(v)?;
                    let ptr = self.value(v)?;
                    let ty = self.cx.pointee_type(&info.pointee)?;
                    let handle = self.op(Op::Load, ty, vec![Operand::IdRef(ptr)]);
                    operands.push(Operand::IdRef(handle));
                }
                Some(_) => operands.push(Operand::IdRef(self.value(v)?)),
                None => return Err(SpirvError::invalid(format!("operand kind {kind}"))),
            }
        }
        let op = match op {
            Ok(op) => op,
            Err(n) => return self.raw_ext_instruction(n, &d.ty, operands),
        };
        // `OpExtInst` always has a result type and id, `void` too (DXC's
        // `NonSemantic.DebugBreak` call); a core instruction of a `void` function has none.
        if d.ty.is_void() && op != Op::ExtInst {
            self.push(Instruction::new(op, None, None, operands));
            return Ok(None);
        }
        let ty = self.cx.plain_type(&d.ty)?;
        let id = self.op(op, ty, operands);
        Ok((!d.ty.is_void()).then_some(id))
    }

    /// An instruction of an opcode rspirv does not know: the result type and id (when it
    /// yields a value), then the operands, by number (`raw_words`).
    fn raw_ext_instruction(
        &mut self,
        opcode: u32,
        ty: &types::Type,
        operands: Vec<Operand>,
    ) -> Result<Option<Word>> {
        let mut words = Vec::with_capacity(operands.len() + 2);
        let result = if ty.is_void() {
            None
        } else {
            let t = self.cx.plain_type(ty)?;
            let id = self.cx.id();
            words.push(Operand::IdRef(t));
            words.push(Operand::IdRef(id));
            Some(id)
        };
        words.extend(operands);
        self.push(crate::raw_words::raw_instruction(opcode, words));
        Ok(result)
    }
}
