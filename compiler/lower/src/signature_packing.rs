//! `-pack-optimized`: DXC's SPIR-V backend packs the stage variables of each side of an entry
//! point into the components of shared locations (its `SignaturePackingUtil.cpp`), and so do
//! we, identically, so that stages compiled by either link:
//!
//! - the variables that take automatic locations, in the order they would be numbered
//!   (declaration order, or alphabetical under `-fvk-stage-io-order=alpha` and for a hull
//!   shader's outputs and a domain shader's inputs), the patch constants first;
//! - each needs some locations of some components (Vulkan's rules as DXC counts them: a
//!   scalar or vector of 32 or 16 bits takes one location and a component per element, a
//!   64-bit scalar or two-vector two components with the `Component` aligned to 2, a 64-bit
//!   three- or four-vector two locations of four);
//! - it goes to the first run of locations already given out whose used components leave it
//!   room (starting after them, or at component 2 when aligned), decorated `Component`; else
//!   to new locations, from 0, without a `Component`.
//!
//! DXC splits an array or matrix stage variable into one variable per element or row before
//! packing (its `flatten_array_matrix_stage_var` pass, `out_var_C_0`...), and so do we
//! (`stage_var_split`); one that is also arrayed per vertex (a geometry or tessellation
//! stage's), an array of matrices, or one indexed dynamically is not supported yet (`E3001`).
//! Called by `stage_io_order::reorder` once the entry is lowered.

use ir::StageBinding;
use types::Type;

use crate::context::ModuleCtx;
use crate::stage_io_order::AutoLocation;

/// What a stage variable takes: locations, components in each, and whether its `Component`
/// must be even (a 64-bit value).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Footprint {
    locations: u32,
    components: u32,
    aligned: bool,
}

/// The footprint of a scalar or vector stage variable, as DXC counts it; `None` for an array
/// or a matrix of more than one row and column.
fn footprint(ty: &Type) -> Option<Footprint> {
    let (kind, n) = match ty {
        Type::Scalar(k) => (*k, 1),
        Type::Vector(k, n) => (*k, u32::from(*n)),
        Type::Enum(e) => (e.underlying, 1),
        _ => {
            let (k, n) = ty.one_row_or_column()?;
            (k, u32::from(n))
        }
    };
    Some(if kind.bit_width() == 64 {
        if n >= 3 {
            Footprint {
                locations: 2,
                components: 4,
                aligned: true,
            }
        } else {
            Footprint {
                locations: 1,
                components: 2 * n,
                aligned: true,
            }
        }
    } else {
        Footprint {
            locations: 1,
            components: n,
            aligned: false,
        }
    })
}

/// The locations given out so far and the first free component of each.
#[derive(Default)]
struct Packer {
    locations: Vec<u32>,
    next_free: Vec<u32>,
    next_location: u32,
}

impl Packer {
    /// The location and, when it shares one, the component of a variable of `f`.
    fn place(&mut self, f: Footprint) -> (u32, Option<u32>) {
        let rows = f.locations as usize;
        for start in 0..self.next_free.len() {
            let fits = (0..rows).all(|i| {
                self.next_free
                    .get(start + i)
                    .is_some_and(|&used| used + f.components <= 4)
            });
            if fits {
                let component = if f.aligned { 2 } else { self.next_free[start] };
                for i in 0..rows {
                    self.next_free[start + i] = component + f.components;
                }
                return (self.locations[start], Some(component));
            }
        }
        let location = self.next_location;
        self.next_location += f.locations;
        for i in 0..f.locations {
            self.locations.push(location + i);
            self.next_free.push(f.components);
        }
        (location, None)
    }
}

/// Packs the variables of one side, in `order`.
pub(crate) fn pack_side(cx: &mut ModuleCtx<'_>, order: &[&AutoLocation]) {
    let module = cx.mb.module_mut();
    let (patch, others): (Vec<&AutoLocation>, Vec<&AutoLocation>) = order
        .iter()
        .copied()
        .partition(|v| module.globals[v.global].patch);
    let mut placed = Vec::new();
    for v in patch.into_iter().chain(others) {
        if let Some(f) = footprint(&v.ty) {
            placed.push((v.global, f));
            continue;
        }
        // DXC packs each element or row of an array or matrix on its own.
        let module = cx.mb.module_mut();
        let arrayed = module.globals[v.global].ty != v.ty;
        let parts = crate::stage_var_split::parts_of(&v.ty)
            .and_then(|(part, _)| footprint(&part))
            .filter(|_| !arrayed)
            .and_then(|f| Some((crate::stage_var_split::split(module, v.global)?, f)));
        let Some((parts, f)) = parts else {
            cx.unsupported(
                &format!(
                    "-pack-optimized with the stage variable `{}` of type {}{} (DXC gives each \
                     element or row a variable of its own and packs those)",
                    v.semantic,
                    v.ty,
                    if arrayed { " per vertex" } else { "" }
                ),
                v.range,
            );
            return;
        };
        placed.extend(parts.into_iter().map(|p| (p, f)));
    }
    let mut packer = Packer::default();
    for (global, f) in placed {
        let (location, component) = packer.place(f);
        let gv = &mut cx.mb.module_mut().globals[global];
        gv.stage_binding = Some(StageBinding::Location(location));
        gv.component = component;
    }
}

#[cfg(test)]
mod tests {
    use super::{footprint, Packer};
    use types::{ScalarKind, Type};

    /// DXC's `signature.packing.hlsl`, with its array and matrix already split: `float a`,
    /// `double b`, `float2 c[3]`, `float2x2 d`, `int e`, `float2 f`, `float g`.
    #[test]
    fn packs_as_dxc_packs() {
        let float2 = Type::Vector(ScalarKind::Float, 2);
        let order = [
            Type::FLOAT,
            Type::Scalar(ScalarKind::Double),
            float2.clone(),
            float2.clone(),
            float2.clone(),
            float2.clone(),
            float2.clone(),
            Type::INT,
            float2,
            Type::FLOAT,
        ];
        let mut p = Packer::default();
        let got: Vec<_> = order
            .iter()
            .map(|t| p.place(footprint(t).expect("a scalar or vector")))
            .collect();
        assert_eq!(
            got,
            [
                (0, None),
                (0, Some(2)),
                (1, None),
                (1, Some(2)),
                (2, None),
                (2, Some(2)),
                (3, None),
                (3, Some(2)),
                (4, None),
                (3, Some(3)),
            ]
        );
    }

    #[test]
    fn wide_64_bit_vectors_take_two_locations_of_their_own() {
        let double3 = Type::Vector(ScalarKind::Double, 3);
        let mut p = Packer::default();
        let a = p.place(footprint(&Type::FLOAT).unwrap());
        let b = p.place(footprint(&double3).unwrap());
        let c = p.place(footprint(&Type::Vector(ScalarKind::Float, 3)).unwrap());
        assert_eq!([a, b, c], [(0, None), (1, None), (0, Some(1))]);
        assert_eq!(p.next_free, [4, 4, 4]);
    }
}
