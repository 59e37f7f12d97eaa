//! Inline SPIR-V types (the Inline SPIR-V proposal, HLSL proposal 0011):
//! `vk::SpirvType<Opcode, Size, Alignment, Operands...>` and
//! `vk::SpirvOpaqueType<Opcode, Operands...>`, whose values are of the SPIR-V type the opcode
//! declares with the given operands. `hir` builds them from the template arguments, the IR
//! holds them like any other type, and the SPIR-V backend writes the type instruction.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::{ScalarKind, Type};

/// One operand of the type-declaration instruction.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SpirvTypeOperand {
    /// A type: the id of the type it lowers to.
    Type(Type),
    /// `vk::integral_constant<T, v>`: the id of an `OpConstant` of `T` (an enum is its
    /// underlying integer, `bool` an `OpConstantTrue`/`OpConstantFalse`).
    Constant { scalar: ScalarKind, value: i64 },
    /// `vk::Literal<vk::integral_constant<T, v>>`: the value as immediate literal words
    /// (two for a 64-bit `T`, low word first).
    Literal { scalar: ScalarKind, value: i64 },
    /// DXC's `vk::ext_type<id>` of a `[[vk::ext_type_def(id, opcode)]]` function with
    /// parameters: the operands are the arguments of a call of that function (the first one
    /// lowered), which lowering records in the IR module's `spirv_type_defs` and the SPIR-V
    /// backend reads there. Alone in its type's operands; it keeps `vk::ext_type`s of one
    /// opcode apart.
    DefinedByCall(u32),
}

/// `vk::SpirvType` (with a size and alignment) or `vk::SpirvOpaqueType` (without).
///
/// Equality and hashing look at the opcode, layout and operands only: the capabilities and
/// extensions come from the alias the type was named through, and two aliases of one type
/// name the same type, as in DXC.
#[derive(Debug, Clone)]
pub struct InlineSpirvType {
    /// The `OpType*` opcode.
    pub opcode: u32,
    /// `vk::SpirvType`'s size and alignment in bytes; `None` for `vk::SpirvOpaqueType`, which
    /// has no layout (it cannot sit in a buffer).
    pub layout: Option<SpirvTypeLayout>,
    pub operands: Vec<SpirvTypeOperand>,
    /// Capabilities (`[[vk::ext_capability]]`) a type alias naming this type asks for; the
    /// module declares them when the type is used.
    pub capabilities: Vec<u32>,
    /// Extensions (`[[vk::ext_extension]]`) a type alias naming this type asks for.
    pub extensions: Vec<String>,
}

impl PartialEq for InlineSpirvType {
    fn eq(&self, other: &InlineSpirvType) -> bool {
        self.opcode == other.opcode
            && self.layout == other.layout
            && self.operands == other.operands
    }
}

impl Eq for InlineSpirvType {}

impl Hash for InlineSpirvType {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.opcode.hash(state);
        self.layout.hash(state);
        self.operands.hash(state);
    }
}

/// The size and alignment `vk::SpirvType` gives its values in every buffer layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SpirvTypeLayout {
    pub size: u32,
    pub alignment: u32,
}

impl Type {
    pub fn inline_spirv(t: InlineSpirvType) -> Type {
        Type::Spirv(Arc::new(t))
    }

    pub fn as_inline_spirv(&self) -> Option<&InlineSpirvType> {
        match self {
            Type::Spirv(t) => Some(t),
            _ => None,
        }
    }
}

impl InlineSpirvType {
    /// The operand types, for walks over the types a type mentions.
    pub fn operand_types(&self) -> impl Iterator<Item = &Type> {
        self.operands.iter().filter_map(|o| match o {
            SpirvTypeOperand::Type(t) => Some(t),
            _ => None,
        })
    }

    /// The same type with `f` applied to every operand type.
    pub fn map_operand_types(&self, mut f: impl FnMut(&Type) -> Type) -> InlineSpirvType {
        let mut t = self.clone();
        for o in &mut t.operands {
            if let SpirvTypeOperand::Type(ty) = o {
                *ty = f(ty);
            }
        }
        t
    }
}

/// The literal words of an integral value of kind `scalar`: one word, or two (low first) for
/// a 64-bit kind.
pub fn literal_words(scalar: ScalarKind, value: i64) -> Vec<u32> {
    if scalar.bit_width() == 64 {
        vec![value as u64 as u32, ((value as u64) >> 32) as u32]
    } else {
        vec![value as u32]
    }
}

fn write_value(f: &mut fmt::Formatter<'_>, scalar: ScalarKind, value: i64) -> fmt::Result {
    match scalar {
        ScalarKind::Bool => write!(f, "{}", value != 0),
        _ => write!(f, "{value}"),
    }
}

/// HLSL spelling (HLSL 2021's `>>`), as hover shows it: `vk::SpirvType<21, 1, 1, vk::Literal<...>>`.
impl fmt::Display for InlineSpirvType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let [SpirvTypeOperand::DefinedByCall(id)] = self.operands[..] {
            return write!(f, "vk::ext_type<{id}>");
        }
        match self.layout {
            Some(l) => write!(
                f,
                "vk::SpirvType<{}, {}, {}",
                self.opcode, l.size, l.alignment
            )?,
            None => write!(f, "vk::SpirvOpaqueType<{}", self.opcode)?,
        }
        for o in &self.operands {
            f.write_str(", ")?;
            match o {
                SpirvTypeOperand::Type(t) => write!(f, "{t}")?,
                SpirvTypeOperand::Constant { scalar, value } => {
                    write!(f, "vk::integral_constant<{}, ", scalar.name())?;
                    write_value(f, *scalar, *value)?;
                    f.write_str(">")?;
                }
                SpirvTypeOperand::Literal { scalar, value } => {
                    write!(f, "vk::Literal<vk::integral_constant<{}, ", scalar.name())?;
                    write_value(f, *scalar, *value)?;
                    f.write_str(">>")?;
                }
                SpirvTypeOperand::DefinedByCall(id) => write!(f, "vk::ext_type<{id}>")?,
            }
        }
        f.write_str(">")
    }
}

/// The IR dump's spelling: `spirv_type<21, size 1, align 1, literal uint 8, ...>` or
/// `spirv_opaque_type<4456, float, const uint 3, ...>` (`spirv_opaque_type<21, ext_type_def
/// 0>` for a `vk::ext_type<0>` defined by a call).
pub struct InlineSpirvIr<'a>(pub &'a InlineSpirvType);

impl fmt::Display for InlineSpirvIr<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.0;
        match t.layout {
            Some(l) => write!(
                f,
                "spirv_type<{}, size {}, align {}",
                t.opcode, l.size, l.alignment
            )?,
            None => write!(f, "spirv_opaque_type<{}", t.opcode)?,
        }
        for o in &t.operands {
            write!(f, ", {}", SpirvOperandIr(o))?;
        }
        f.write_str(">")
    }
}

/// The IR dump's spelling of one operand: `float`, `const uint 3`, `literal uint 8`,
/// `ext_type_def 0`.
pub struct SpirvOperandIr<'a>(pub &'a SpirvTypeOperand);

impl fmt::Display for SpirvOperandIr<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            SpirvTypeOperand::Type(ty) => write!(f, "{}", ty.ir()),
            SpirvTypeOperand::Constant { scalar, value } => {
                write!(f, "const {} ", scalar.name())?;
                write_value(f, *scalar, *value)
            }
            SpirvTypeOperand::Literal { scalar, value } => {
                write!(f, "literal {} ", scalar.name())?;
                write_value(f, *scalar, *value)
            }
            SpirvTypeOperand::DefinedByCall(id) => write!(f, "ext_type_def {id}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int8() -> InlineSpirvType {
        InlineSpirvType {
            opcode: 21,
            layout: Some(SpirvTypeLayout {
                size: 1,
                alignment: 1,
            }),
            operands: vec![
                SpirvTypeOperand::Literal {
                    scalar: ScalarKind::Uint,
                    value: 8,
                },
                SpirvTypeOperand::Literal {
                    scalar: ScalarKind::Bool,
                    value: 0,
                },
            ],
            capabilities: Vec::new(),
            extensions: Vec::new(),
        }
    }

    #[test]
    fn spellings() {
        let t = Type::inline_spirv(int8());
        assert_eq!(
            t.to_string(),
            "vk::SpirvType<21, 1, 1, vk::Literal<vk::integral_constant<uint, 8>>, \
             vk::Literal<vk::integral_constant<bool, false>>>"
        );
        assert_eq!(
            t.ir().to_string(),
            "spirv_type<21, size 1, align 1, literal uint 8, literal bool false>"
        );
        let arr = Type::inline_spirv(InlineSpirvType {
            opcode: 28,
            layout: None,
            operands: vec![
                SpirvTypeOperand::Type(Type::array(Type::FLOAT, 2)),
                SpirvTypeOperand::Constant {
                    scalar: ScalarKind::Uint,
                    value: 4,
                },
            ],
            capabilities: Vec::new(),
            extensions: Vec::new(),
        });
        assert_eq!(
            arr.to_string(),
            "vk::SpirvOpaqueType<28, float[2], vk::integral_constant<uint, 4>>"
        );
        assert_eq!(
            arr.ir().to_string(),
            "spirv_opaque_type<28, array<float, 2>, const uint 4>"
        );
    }

    #[test]
    fn requirements_are_no_part_of_the_type() {
        let mut with_caps = int8();
        with_caps.capabilities.push(39);
        with_caps.extensions.push("SPV_KHR_8bit_storage".into());
        assert_eq!(Type::inline_spirv(with_caps), Type::inline_spirv(int8()));
        let mut other = int8();
        other.opcode = 22;
        assert_ne!(Type::inline_spirv(other), Type::inline_spirv(int8()));
    }

    #[test]
    fn literal_words_of_64_bit_values_are_low_word_first() {
        assert_eq!(literal_words(ScalarKind::Uint, 8), vec![8]);
        assert_eq!(literal_words(ScalarKind::Int, -1), vec![0xffff_ffff]);
        assert_eq!(literal_words(ScalarKind::Uint64, 0x1_0000_0002), vec![2, 1]);
    }

    #[test]
    fn layout_is_the_declared_size_and_alignment() {
        let t = Type::inline_spirv(int8());
        let l = crate::TypeLayout::of(&t, crate::LayoutRules::Std140);
        assert_eq!((l.size, l.alignment), (1, 1));
        let s = Type::structure(crate::StructType {
            name: "S".into(),
            fields: vec![
                crate::StructField::new("a", t.clone()),
                crate::StructField::new("b", Type::UINT),
            ],
        });
        // `a` takes one byte at 0; `b` is aligned up to 4.
        let l = crate::TypeLayout::of(&s, crate::LayoutRules::Scalar);
        assert_eq!(l.size, 8);
    }
}
