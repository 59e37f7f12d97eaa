//! Multi-dimensional arrays of resources (`Texture2D t[2][3]`): Vulkan descriptors cannot be
//! arrays of arrays, so the variable is one array of all the elements (6 here) in row-major
//! order at the array's one binding, and an access chain's indices into the nested levels
//! become one index (`t[i][j]` is element `i * 3 + j`), computed at run time when the indices
//! are, and `NonUniform` when one of them is. A chain that stops inside the nesting (`t[1]`,
//! a row handed on to a later chain) emits nothing: it is remembered as its linear index so
//! far ([`PartialRow`]), and the chain that reaches an element continues from it. Called from
//! `functions` (access chains) and `resources` (the variable's type).

use rspirv::spirv::{Op, Word};
use types::Type;

use crate::functions::Fx;
use crate::{Result, SpirvError};

/// A chain that stopped inside a nested resource array: the indices before the array and
/// the row-major index of the row it reached.
#[derive(Debug, Clone)]
pub(crate) struct PartialRow {
    pub prefix: Vec<Word>,
    pub linear: GridIndex,
}

/// The element count and element resource type of a fixed-size array of arrays of resources
/// (two levels or more); `None` for anything else.
pub(crate) fn nested_resource_array(ty: &Type) -> Option<(u32, Type)> {
    let (dims, element) = crate::flatten::resource_array_dims(ty)?;
    if dims.len() < 2 {
        return None;
    }
    let count = dims.iter().try_fold(1u32, |acc, &d| acc.checked_mul(d))?;
    Some((count, element))
}

/// Whether `ty` is an array whose elements are arrays (of arrays) of resources.
pub(crate) fn is_nested_resource_array(ty: &Type) -> bool {
    match ty {
        Type::Array { element, .. } => {
            matches!(&**element, Type::Array { .. })
                && crate::flatten::resource_array_dims(ty).is_some()
        }
        _ => false,
    }
}

/// A row-major index: known at compile time, or a SPIR-V `uint`/`int` value.
#[derive(Debug, Clone, Copy)]
pub(crate) enum GridIndex {
    Const(u32),
    Id(Word),
}

impl Fx<'_, '_> {
    /// The row-major index after one more level of `len` elements: `index` alone at the
    /// outermost level, `linear * len + index` below it, folded when both are constants
    /// (as `uint`, decorated `NonUniform` when the index is not uniform).
    pub(crate) fn grid_step(
        &mut self,
        linear: Option<GridIndex>,
        index: GridIndex,
        len: Option<u32>,
        nonuniform: bool,
    ) -> Result<GridIndex> {
        let Some(linear) = linear else {
            return Ok(index);
        };
        let len = len.ok_or_else(|| {
            SpirvError::unsupported("an array of resource arrays of unknown size")
        })?;
        if let (GridIndex::Const(l), GridIndex::Const(i)) = (linear, index) {
            let folded = l.checked_mul(len).and_then(|x| x.checked_add(i));
            if let Some(v) = folded {
                return Ok(GridIndex::Const(v));
            }
        }
        let uint = self.cx.uint_type();
        let n = self.cx.const_uint(len);
        let (l, i) = (self.grid_id(linear), self.grid_id(index));
        let scaled = self.op(Op::IMul, uint, Self::ids(&[l, n]));
        let sum = self.op(Op::IAdd, uint, Self::ids(&[scaled, i]));
        if nonuniform {
            self.nonuniform_decorate(scaled);
            self.nonuniform_decorate(sum);
        }
        Ok(GridIndex::Id(sum))
    }

    /// The SPIR-V value of a row-major index.
    pub(crate) fn grid_id(&mut self, g: GridIndex) -> Word {
        match g {
            GridIndex::Const(v) => self.cx.const_uint(v),
            GridIndex::Id(id) => id,
        }
    }
}
