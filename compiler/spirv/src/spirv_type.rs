//! Inline SPIR-V types (`vk::SpirvType`, `vk::SpirvOpaqueType`): the type instruction of
//! the given opcode, its operands written as the Inline SPIR-V proposal says (a type as its
//! type id, a `vk::integral_constant` as the id of an `OpConstant*`, a `vk::Literal` as
//! literal words), deduplicated with every other type of the module by opcode and operand
//! words (so `vk::SpirvType<OpTypeInt, 4, 4, Literal 32, Literal 0>` is the module's `uint`).
//! An opcode rspirv does not know goes out by number (`raw_words`). The capabilities and
//! extensions the type's alias asks for are declared when the type is used. DXC's
//! `vk::ext_type<id>` of a `[[vk::ext_type_def]]` function with parameters takes its operands
//! from the module's `spirv_type_defs` (the arguments of a call of that function). Called by
//! `types::data_type`.

use rspirv::dr::Operand;
use rspirv::spirv::{Op, Word};
use types::{literal_words, InlineSpirvType, SpirvTypeOperand};

use crate::context::Ctx;
use crate::types::{scalar_of, TypeKey};
use crate::{Result, SpirvError};

impl Ctx<'_> {
    /// The id of inline SPIR-V type `t`.
    pub(crate) fn inline_spirv_type(&mut self, t: &InlineSpirvType) -> Result<Word> {
        for &c in &t.capabilities {
            self.caps.insert(c);
        }
        for e in &t.extensions {
            self.inline_exts.insert(e.clone());
        }
        // `OpTypeAccelerationStructureKHR` needs the capability of the module's kind of ray
        // tracing, as `RaytracingAccelerationStructure` does (DXC's `spv.raytracing` test:
        // `RayQueryKHR` in a compute shader).
        if t.opcode == rspirv::spirv::Op::TypeAccelerationStructureKHR as u32 {
            let what = "an inline OpTypeAccelerationStructureKHR";
            if self
                .m
                .entry_points
                .iter()
                .any(|e| crate::ray_query::is_ray_stage(e.stage))
            {
                self.require_ray_tracing(what)?;
            } else {
                self.require_ray_query(what)?;
            }
        }
        let opcode = u16::try_from(t.opcode)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| SpirvError::invalid(format!("SPIR-V type opcode {}", t.opcode)))?;
        // A `vk::ext_type<id>` defined by a call: the operands that call gave.
        let defined;
        let given = match t.operands[..] {
            [SpirvTypeOperand::DefinedByCall(id)] => {
                defined = self
                    .m
                    .spirv_type_defs
                    .iter()
                    .find(|(d, _)| *d == id)
                    .map(|(_, o)| o.clone())
                    .ok_or_else(|| {
                        SpirvError::invalid(format!(
                            "vk::ext_type<{id}> is used, but no call of its \
                             [[vk::ext_type_def({id}, {})]] function gives its operands",
                            t.opcode
                        ))
                    })?;
                &defined
            }
            _ => &t.operands,
        };
        let mut words = Vec::new();
        let mut operands = Vec::new();
        for o in given {
            match o {
                SpirvTypeOperand::Type(ty) => {
                    let id = self.plain_type(ty)?;
                    words.push(id);
                    operands.push(Operand::IdRef(id));
                }
                SpirvTypeOperand::Constant { scalar, value } => {
                    let id = self.const_number(scalar_of(*scalar, false), *value);
                    words.push(id);
                    operands.push(Operand::IdRef(id));
                }
                SpirvTypeOperand::Literal { scalar, value } => {
                    for w in literal_words(*scalar, *value) {
                        words.push(w);
                        operands.push(Operand::LiteralBit32(w));
                    }
                }
                // Lowering records plain operands only.
                SpirvTypeOperand::DefinedByCall(id) => {
                    return Err(SpirvError::invalid(format!(
                        "vk::ext_type<{id}> as an operand of a type definition"
                    )))
                }
            }
        }
        let op = Op::from_u32(u32::from(opcode));
        let key = TypeKey::Spv(u32::from(opcode), words);
        if let Some(&id) = self.type_ids.get(&key) {
            return Ok(id);
        }
        let id = match op {
            Some(op) => self.global_inst(op, None, operands),
            None => {
                let id = self.id();
                let mut raw = vec![Operand::IdRef(id)];
                raw.extend(operands);
                self.globals
                    .push(crate::raw_words::raw_instruction(u32::from(opcode), raw));
                id
            }
        };
        self.type_ids.insert(key, id);
        Ok(id)
    }
}
