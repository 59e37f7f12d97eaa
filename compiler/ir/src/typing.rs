//! Result types of instructions derived from their operand types: access chains (including
//! the entry rules for constant, structured and byte-address buffers), composite indexing,
//! swizzles, comparisons and the `MatMul` family. The builder uses these to fill in result
//! types; the verifier uses them to check the types it is given.

use types::{ResourceType, Type};

use crate::module::Module;
use crate::value::Value;

/// Vector or scalar of `kind` with `n` components (`n == 1` is the scalar).
fn vector_or_scalar(kind: types::ScalarKind, n: u8) -> Type {
    if n == 1 {
        Type::Scalar(kind)
    } else {
        Type::Vector(kind, n)
    }
}

fn is_integer_scalar(ty: &Type) -> bool {
    matches!(ty, Type::Scalar(k) if k.is_integer())
}

/// The result type of `AccessChain(base, indices)`, or why it is invalid.
///
/// Chains into `ConstantBuffer<T>`/`TextureBuffer<T>` start inside `T`; chains into a
/// structured buffer start with the element index; a single index into a byte-address buffer
/// addresses a 32-bit word (`uint`). Struct members need constant integer indices.
pub fn access_chain_type(
    module: &Module,
    func: &crate::module::Function,
    base: &Type,
    indices: &[Value],
) -> Result<Type, String> {
    let Some((space, pointee)) = base.pointee() else {
        return Err(format!("base has type {}, expected a pointer", base.ir()));
    };
    let mut cur = pointee.clone();
    let mut i = 0;
    while i < indices.len() {
        let index = indices[i];
        let index_ty = module
            .value_type(func, index)
            .ok_or_else(|| format!("index {i} is not a valid value"))?;
        if !is_integer_scalar(&index_ty) {
            return Err(format!(
                "index {i} has type {}, expected an integer scalar",
                index_ty.ir()
            ));
        }
        if let Type::Resource(r) = &cur {
            match &**r {
                ResourceType::ConstantBuffer { element }
                | ResourceType::TextureBuffer { element } => {
                    // No index consumed: the chain continues inside the element type.
                    cur = element.clone();
                    continue;
                }
                ResourceType::StructuredBuffer { element, .. } => {
                    cur = element.clone();
                    i += 1;
                    continue;
                }
                ResourceType::ByteAddressBuffer { .. } => {
                    if i + 1 != indices.len() {
                        return Err("a byte-address buffer takes exactly one index".to_owned());
                    }
                    cur = Type::UINT;
                    i += 1;
                    continue;
                }
                other => {
                    return Err(format!("cannot index into {}", other.ir()));
                }
            }
        }
        let next = match &cur {
            Type::Struct(s) => {
                let Some(member) = module.const_int(index) else {
                    return Err(format!(
                        "index {i} selects a struct member and must be a constant"
                    ));
                };
                // A member unfolds the pointers to the struct inside it (a linked list).
                let field = usize::try_from(member)
                    .ok()
                    .and_then(|m| Type::member(s, m));
                match field {
                    Some(f) => f,
                    None => {
                        return Err(format!(
                            "member index {member} is out of range for {}",
                            s.name
                        ))
                    }
                }
            }
            Type::Array { element, .. } => (**element).clone(),
            Type::Vector(k, _) => Type::Scalar(*k),
            Type::Matrix { scalar, cols, .. } => Type::Vector(*scalar, *cols),
            other => return Err(format!("cannot index into {}", other.ir())),
        };
        cur = next;
        i += 1;
    }
    Ok(Type::pointer(space, cur))
}

/// The type reached by `CompositeExtract` indices.
pub fn extract_type(ty: &Type, indices: &[i64]) -> Option<Type> {
    let mut cur = ty.clone();
    for &i in indices {
        cur = cur.component(u32::try_from(i).ok()?)?;
    }
    Some(cur)
}

/// The result of a swizzle with `n` components of a scalar or vector.
pub fn swizzle_type(ty: &Type, n: usize) -> Option<Type> {
    let kind = match ty {
        Type::Scalar(k) | Type::Vector(k, _) => *k,
        _ => return None,
    };
    if !(1..=4).contains(&n) {
        return None;
    }
    Some(vector_or_scalar(kind, n as u8))
}

/// Comparisons yield `bool` of the operand's shape.
pub fn compare_type(ty: &Type) -> Option<Type> {
    ty.with_scalar_kind(types::ScalarKind::Bool)
}

/// Result type of `MatMul`, `MatVecMul`, `VecMatMul` and `Dot` for operand types `a`, `b`.
pub fn mat_mul_type(opcode: crate::inst::Opcode, a: &Type, b: &Type) -> Option<Type> {
    use crate::inst::Opcode;
    match (opcode, a, b) {
        (
            Opcode::MatMul,
            Type::Matrix {
                scalar: k1,
                rows: r,
                cols: n1,
                orientation,
            },
            Type::Matrix {
                scalar: k2,
                rows: n2,
                cols: c,
                ..
            },
        ) if k1 == k2 && n1 == n2 => Some(Type::Matrix {
            scalar: *k1,
            rows: *r,
            cols: *c,
            orientation: *orientation,
        }),
        (
            Opcode::MatVecMul,
            Type::Matrix {
                scalar: k1,
                rows,
                cols,
                ..
            },
            Type::Vector(k2, n),
        ) if k1 == k2 && cols == n => Some(Type::Vector(*k1, *rows)),
        (
            Opcode::VecMatMul,
            Type::Vector(k1, n),
            Type::Matrix {
                scalar: k2,
                rows,
                cols,
                ..
            },
        ) if k1 == k2 && rows == n => Some(Type::Vector(*k1, *cols)),
        (Opcode::Dot, Type::Vector(k1, n1), Type::Vector(k2, n2)) if k1 == k2 && n1 == n2 => {
            Some(Type::Scalar(*k1))
        }
        _ => None,
    }
}

/// The result type a texture or buffer opcode has on `resource`, when the resource decides it:
/// sampled and loaded texels have the texture's element type, comparisons a scalar, gathers
/// four components, queries `uint`s (sizes have one per dimension), LOD queries `float2`.
/// `None` for `ByteAddressLoad` (any width) and for opcodes that do not apply.
pub fn texture_result_type(op: crate::inst::Opcode, resource: &ResourceType) -> Option<Type> {
    use crate::inst::Opcode::*;
    use types::ScalarKind::{Float, Uint};
    match (op, resource) {
        (TextureStore | ByteAddressStore, _) => Some(Type::Void),
        (ArrayLength, _)
        | (TextureQueryLevels | TextureQuerySamples, ResourceType::Texture { .. }) => {
            Some(Type::UINT)
        }
        (TextureQueryLod, ResourceType::Texture { .. }) => Some(Type::Vector(Float, 2)),
        (TextureQuerySize, ResourceType::Texture { dim, .. }) => {
            Some(vector_or_scalar(Uint, dim.size_count()))
        }
        (TextureQuerySize, ResourceType::TypedBuffer { .. }) => Some(Type::UINT),
        (TextureLoad, ResourceType::TypedBuffer { element, .. }) => Some(element.clone()),
        (
            TextureSample | TextureSampleBias | TextureSampleLevel | TextureSampleGrad
            | TextureLoad,
            ResourceType::Texture { sample, .. },
        ) => Some(sample.clone()),
        (
            TextureSampleCompare
            | TextureSampleCompareLevelZero
            | TextureSampleCompareLevel
            | TextureSampleCompareBias
            | TextureSampleCompareGrad,
            ResourceType::Texture { sample, .. },
        ) => Some(Type::Scalar(sample.scalar_kind()?)),
        (TextureGather | TextureGatherCompare, ResourceType::Texture { sample, .. }) => {
            Some(Type::Vector(sample.scalar_kind()?, 4))
        }
        _ => None,
    }
}

/// The type `Load` yields through a pointer of type `ptr`: the pointee, except that loading a
/// `ConstantBuffer<T>` or `TextureBuffer<T>` yields the whole `T`. Other resources are used
/// through pointers and never loaded.
pub fn load_type(ptr: &Type) -> Result<Type, String> {
    let Some((_, pointee)) = ptr.pointee() else {
        return Err(format!("loads from {}, which is not a pointer", ptr.ir()));
    };
    match pointee {
        Type::Resource(r) => match &**r {
            ResourceType::ConstantBuffer { element } | ResourceType::TextureBuffer { element } => {
                Ok(element.clone())
            }
            other => Err(format!(
                "{} is used through its pointer and never loaded",
                other.ir()
            )),
        },
        t => Ok(t.clone()),
    }
}
