//! `-fspv-flatten-resource-arrays`: a fixed-size array of resources becomes one variable per
//! element, each with its own binding (the array's first binding plus the element's position
//! in row-major order), as DXC's flattening (spirv-opt's descriptor scalar replacement)
//! produces, so descriptor layouts match D3D's one register per element. Lowering reserves the
//! consecutive bindings; here the elements are declared (`resources` calls
//! [`Ctx::lower_flat_resource_array`]) and access chains that index the array by constants
//! start from the element (`functions` calls [`Ctx::flat_element`]). A run-time index, or the
//! array used as a whole, is an error: each element is a separate descriptor, and DXC's
//! legalization fails there as well.

use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Op, StorageClass, Word};
use types::Type;

use crate::context::{Ctx, GlobalInfo, Pointee};
use crate::{Result, SpirvError};

/// The element variables of a flattened array global.
#[derive(Debug, Clone)]
pub(crate) struct FlatArray {
    /// The array's lengths, outermost first.
    pub dims: Vec<u32>,
    /// One variable per element, in row-major order.
    pub elements: Vec<Word>,
}

/// The lengths of a fixed-size array (of arrays) of resources, outermost first, and the
/// resource type of its elements; `None` for anything else.
pub(crate) fn resource_array_dims(ty: &Type) -> Option<(Vec<u32>, Type)> {
    let mut dims = Vec::new();
    let mut cur = ty;
    while let Type::Array {
        element,
        len: Some(n),
    } = cur
    {
        dims.push(*n);
        cur = element;
    }
    match cur {
        Type::Resource(_) if !dims.is_empty() => Some((dims, cur.clone())),
        _ => None,
    }
}

/// `[i]` per array level for row-major element `linear` of an array of `dims`.
fn element_suffix(dims: &[u32], linear: u32) -> String {
    let mut rest = linear;
    let mut parts = Vec::with_capacity(dims.len());
    for &len in dims.iter().rev() {
        parts.push(rest % len.max(1));
        rest /= len.max(1);
    }
    parts.iter().rev().map(|i| format!("[{i}]")).collect()
}

impl Ctx<'_> {
    /// Declares the elements of resource array global `h` (`dims`, elements of type
    /// `element`), each at binding `binding + i` of the global's set (`i` the row-major
    /// position), named `name[i]` (`name[i][j]` when nested) as spirv-opt names them, and
    /// records them.
    pub(crate) fn lower_flat_resource_array(
        &mut self,
        h: ir::Global,
        class: StorageClass,
        pointee: Pointee,
        dims: Vec<u32>,
        element: Type,
    ) -> Result<()> {
        let g = &self.m.globals[h];
        let (name, set, binding) = (g.name.clone(), g.set.unwrap_or(0), g.binding.unwrap_or(0));
        let count: u32 = dims.iter().product();
        let element_pointee = Pointee {
            ty: element,
            ..pointee.clone()
        };
        let ty = self.pointee_type(&element_pointee)?;
        let ptr_ty = self.pointer_type(class, ty);
        let mut elements = Vec::with_capacity(count as usize);
        for i in 0..count {
            let id = self.global_inst(
                Op::Variable,
                Some(ptr_ty),
                vec![Operand::StorageClass(class)],
            );
            self.name(id, &format!("{name}{}", element_suffix(&dims, i)));
            self.decorate(id, Decoration::DescriptorSet, &[Operand::LiteralBit32(set)]);
            let b = binding
                .checked_add(i)
                .ok_or_else(|| SpirvError::invalid(format!("global {name}: bindings past 2^32")))?;
            self.decorate(id, Decoration::Binding, &[Operand::LiteralBit32(b)]);
            if self.m.globals[h].globally_coherent && !self.opts.vulkan_memory_model {
                self.decorate(id, Decoration::Coherent, &[]);
            }
            elements.push(id);
        }
        self.global_info[h.index()] = Some(GlobalInfo {
            id: elements[0],
            class,
            pointee,
        });
        self.flat_arrays
            .insert(h.index(), FlatArray { dims, elements });
        Ok(())
    }

    /// For an access chain on flattened global `g` with `indices`: the element variable the
    /// leading (constant) indices select and how many indices that took; `None` when `g` is
    /// not flattened.
    pub(crate) fn flat_element(
        &self,
        g: ir::Global,
        indices: &[ir::Value],
    ) -> Option<Result<(Word, usize)>> {
        let flat = self.flat_arrays.get(&g.index())?;
        let name = &self.m.globals[g].name;
        if indices.len() < flat.dims.len() {
            return Some(Err(self.flat_whole(g)));
        }
        let mut linear: u64 = 0;
        for (&index, &len) in indices.iter().zip(&flat.dims) {
            let Some(i) = self.m.const_int(index).and_then(|i| u64::try_from(i).ok()) else {
                return Some(Err(SpirvError::unsupported(format!(
                    "a run-time index into resource array {name}: with \
                     -fspv-flatten-resource-arrays every element is its own binding, so the \
                     index must be a constant (DXC's legalization fails here too)"
                ))));
            };
            if i >= u64::from(len) {
                return Some(Err(SpirvError::invalid(format!(
                    "index {i} is out of bounds of resource array {name} ({len} elements)"
                ))));
            }
            linear = linear * u64::from(len) + i;
        }
        let id = flat.elements[linear as usize];
        Some(Ok((id, flat.dims.len())))
    }

    /// The error for a flattened array used other than through constant indices.
    pub(crate) fn flat_whole(&self, g: ir::Global) -> SpirvError {
        SpirvError::unsupported(format!(
            "resource array {} used as a whole: with -fspv-flatten-resource-arrays every \
             element is its own binding, so only its elements can be used",
            self.m.globals[g].name
        ))
    }

    /// The variables of global `g` an entry point's interface lists: every element of a
    /// flattened array, or the global's own variable.
    pub(crate) fn interface_ids(&self, g: usize, id: Word) -> Vec<Word> {
        match self.flat_arrays.get(&g) {
            Some(f) => f.elements.clone(),
            None => vec![id],
        }
    }
}
