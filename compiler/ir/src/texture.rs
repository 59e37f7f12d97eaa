//! The optional trailing operands of texture opcodes, which extend the specification's operand
//! table the way its `out`-parameter convention does (an `out` argument is a pointer).
//!
//! After the operands the table lists (for `TextureLoad`, including its optional level or
//! sample index) an instruction may carry, in this order, each at most once:
//!
//! | role | type | opcodes |
//! |---|---|---|
//! | run-time texel offset | integer scalar or vector | `TextureGather`, `TextureGatherCompare` |
//! | minimum LOD (`clamp`) | `float` | `TextureSample`, `TextureSampleBias`, `TextureSampleGrad`, `TextureSampleCompare` |
//! | status | `ptr<function, uint>` | sampling, gathers and `TextureLoad` |
//!
//! A combined image sampler (`vk::SampledTexture2D`, a texture with
//! `TextureAccess::Sampled`) carries its own sampler: its sampling instructions name the
//! texture pointer as both operand 0 and operand 1, so every opcode keeps the table's operand
//! positions and the backends load the sampled image once. Sampled with another sampler (a
//! `[[vk::combinedImageSampler]]` texture given a sampler not its pair's), operand 1 is that
//! sampler's pointer, and the backends sample the combined image's image with it.
//!
//! The type of a trailing operand says its role, so any subset can be present. A run-time
//! offset replaces the constant offset immediates. With a status pointer the operation is
//! the sparse-residency form: it writes the residency code through the pointer (what
//! `CheckAccessFullyMapped` reads) and yields the texel as usual. Used by the verifier, the
//! printer, the backends and the interpreter.

use types::{AddressSpace, ScalarKind, Type};

use crate::inst::Opcode;

/// The positions of an instruction's trailing operands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TextureOperands {
    /// How many operands the specification's table gives this instruction.
    pub fixed: usize,
    pub offset: Option<usize>,
    pub min_lod: Option<usize>,
    pub status: Option<usize>,
}

/// Which trailing operands `op` accepts: (run-time offset, minimum LOD, status).
pub fn accepted(op: Opcode) -> (bool, bool, bool) {
    use Opcode::*;
    match op {
        TextureGather | TextureGatherCompare => (true, false, true),
        TextureSample
        | TextureSampleBias
        | TextureSampleGrad
        | TextureSampleCompare
        | TextureSampleCompareBias
        | TextureSampleCompareGrad => (false, true, true),
        TextureSampleLevel
        | TextureSampleCompareLevelZero
        | TextureSampleCompareLevel
        | TextureLoad => (false, false, true),
        _ => (false, false, false),
    }
}

/// The number of table operands of `op` given its operand types; `None` for opcodes that
/// take no trailing operands.
fn fixed_count(op: Opcode, tys: &[Type]) -> Option<usize> {
    use Opcode::*;
    Some(match op {
        TextureSample | TextureGather => 3,
        TextureSampleBias
        | TextureSampleLevel
        | TextureSampleCompare
        | TextureSampleCompareLevelZero
        | TextureGatherCompare => 4,
        TextureSampleGrad | TextureSampleCompareLevel | TextureSampleCompareBias => 5,
        TextureSampleCompareGrad => 6,
        // The level or sample index is an integer; a status is a pointer.
        TextureLoad => match tys.get(2) {
            Some(t) if !matches!(t, Type::Pointer { .. }) => 3,
            _ => 2,
        },
        _ => return None,
    })
}

/// Whether `t` is the `ptr<function, uint>` a status is written through.
pub fn is_status_pointer(t: &Type) -> bool {
    matches!(
        t.pointee(),
        Some((AddressSpace::Function, Type::Scalar(ScalarKind::Uint)))
    )
}

/// The roles of the operands of a texture instruction of `op` whose operand types are
/// `tys`; an error names the first trailing operand that fits no role (wrong type, order
/// or opcode). Opcodes without trailing operands report every operand as fixed.
pub fn split(op: Opcode, tys: &[Type]) -> Result<TextureOperands, String> {
    let Some(fixed) = fixed_count(op, tys) else {
        return Ok(TextureOperands {
            fixed: tys.len(),
            ..TextureOperands::default()
        });
    };
    let fixed = fixed.min(tys.len());
    let (takes_offset, takes_lod, takes_status) = accepted(op);
    let mut out = TextureOperands {
        fixed,
        ..TextureOperands::default()
    };
    // 0: offset, 1: minimum LOD, 2: status; roles must come in that order.
    let mut next = 0;
    for (i, t) in tys.iter().enumerate().skip(fixed) {
        let (role, ok) = if is_status_pointer(t) {
            (2, takes_status)
        } else if matches!(t, Type::Scalar(ScalarKind::Float)) {
            (1, takes_lod)
        } else if t.scalar_kind().is_some_and(|k| k.is_integer())
            && matches!(t, Type::Scalar(_) | Type::Vector(..))
        {
            (0, takes_offset)
        } else {
            (3, false)
        };
        if !ok || role < next {
            return Err(format!(
                "operand {i} of type {} is no trailing operand {} takes here",
                t.ir(),
                op.name()
            ));
        }
        next = role + 1;
        match role {
            0 => out.offset = Some(i),
            1 => out.min_lod = Some(i),
            _ => out.status = Some(i),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status() -> Type {
        Type::pointer(AddressSpace::Function, Type::UINT)
    }

    fn tex() -> Type {
        Type::pointer(AddressSpace::UniformConstant, Type::FLOAT)
    }

    #[test]
    fn roles_follow_types() {
        let f2 = Type::Vector(ScalarKind::Float, 2);
        let i2 = Type::Vector(ScalarKind::Int, 2);
        let base = vec![tex(), tex(), f2.clone()];
        let mut tys = base.clone();
        tys.extend([Type::FLOAT, status()]);
        let s = split(Opcode::TextureSample, &tys).unwrap();
        assert_eq!(
            (s.fixed, s.offset, s.min_lod, s.status),
            (3, None, Some(3), Some(4))
        );
        let mut tys = base.clone();
        tys.extend([i2.clone(), status()]);
        let s = split(Opcode::TextureGather, &tys).unwrap();
        assert_eq!((s.offset, s.min_lod, s.status), (Some(3), None, Some(4)));
        // Gathers take no minimum LOD, samples no run-time offset.
        let mut tys = base.clone();
        tys.push(Type::FLOAT);
        assert!(split(Opcode::TextureGather, &tys).is_err());
        let mut tys = base.clone();
        tys.push(i2);
        assert!(split(Opcode::TextureSample, &tys).is_err());
        // Order: the status comes last.
        let mut tys = base;
        tys.extend([status(), Type::FLOAT]);
        assert!(split(Opcode::TextureSample, &tys).is_err());
    }

    #[test]
    fn load_level_is_not_a_status() {
        let c = Type::Vector(ScalarKind::Int, 2);
        let s = split(
            Opcode::TextureLoad,
            &[tex(), c.clone(), Type::INT, status()],
        )
        .unwrap();
        assert_eq!((s.fixed, s.status), (3, Some(3)));
        let s = split(Opcode::TextureLoad, &[tex(), c, status()]).unwrap();
        assert_eq!((s.fixed, s.status), (2, Some(2)));
    }
}
