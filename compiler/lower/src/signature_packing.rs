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
//!   three- or four-vector two locations of four; an array or a matrix as many times the
//!   locations of its element or row as it has elements or rows, with the same components;
//!   a per-vertex array does not count);
//! - it goes to the first run of locations already given out whose used components leave it
//!   room, at the first component free in all of them (at component 2 when aligned),
//!   decorated `Component`; else to new locations, from 0, without a `Component`.
//!
//! Then DXC splits an array or matrix stage variable into one variable per element or row
//! (its `flatten_array_matrix_stage_var` pass), each at the next location with the
//! component the whole was given (decorated, 0 included), and so do we (`stage_var_split`),
//! arrays of matrices and variables arrayed per vertex (a geometry or tessellation stage's)
//! included. One whose element or row is chosen at run time is refused at that use
//! (`packed_runtime_index`, `E3289`): DXC's pass mis-addresses it.
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

/// The footprint of a stage variable of `ty`, as DXC counts it: a scalar or vector's, or an
/// array's or matrix's (its elements or rows together, `stage_var_split::parts_of`).
fn footprint(ty: &Type) -> Option<Footprint> {
    match crate::stage_var_split::parts_of(ty) {
        Some((part, n)) => {
            let f = part_footprint(&part)?;
            Some(Footprint {
                locations: f.locations.checked_mul(n)?,
                ..f
            })
        }
        None => part_footprint(ty),
    }
}

/// The footprint of a scalar or vector stage variable; `None` for an array or a matrix of
/// more than one row and column.
fn part_footprint(ty: &Type) -> Option<Footprint> {
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
    /// The location and, when it shares one, the component of a variable of `f`: the first
    /// run of locations given out whose used components all leave it room, at the first
    /// component free in each of them (DXC's `tryReuseLocations`).
    fn place(&mut self, f: Footprint) -> (u32, Option<u32>) {
        let rows = f.locations as usize;
        for start in 0..self.next_free.len() {
            let run = self.next_free.get(start..start + rows);
            let Some(run) = run.filter(|r| r.iter().all(|&used| used + f.components <= 4)) else {
                continue;
            };
            let first_free = run.iter().copied().max().unwrap_or(0);
            let component = if f.aligned { 2 } else { first_free };
            for used in &mut self.next_free[start..start + rows] {
                *used = component + f.components;
            }
            return (self.locations[start], Some(component));
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
    let mut packer = Packer::default();
    for v in patch.into_iter().chain(others) {
        let stored = cx.mb.module().globals[v.global].ty.clone();
        let vertices = match &stored {
            Type::Array {
                element,
                len: Some(n),
            } if **element == v.ty => *n,
            _ => 0,
        };
        let Some(f) = footprint(&v.ty) else {
            cx.unsupported(
                &format!(
                    "-pack-optimized with the stage variable `{}` of type {}",
                    v.semantic, v.ty
                ),
                v.range,
            );
            return;
        };
        let (location, component) = packer.place(f);
        let Some((part, _)) = crate::stage_var_split::parts_of(&v.ty) else {
            let gv = &mut cx.mb.module_mut().globals[v.global];
            gv.stage_binding = Some(StageBinding::Location(location));
            gv.component = component;
            continue;
        };
        // DXC gives each element or row a variable of its own at the next location, with
        // the component of the whole.
        let vertex_consts: Vec<ir::Value> = (0..vertices).map(|k| cx.mb.uint(k)).collect();
        let parts =
            crate::stage_var_split::split(cx.mb.module_mut(), v.global, &v.ty, &vertex_consts);
        let parts = match parts {
            Ok(parts) => Some(parts),
            Err(Some(at)) => {
                crate::packed_runtime_index::refuse(cx, &v.semantic, &v.ty, at, v.range);
                return;
            }
            Err(None) => None,
        };
        let (Some(parts), Some(pf)) = (parts, part_footprint(&part)) else {
            cx.unsupported(
                &format!(
                    "-pack-optimized with the stage variable `{}` of type {}{} indexed at run \
                     time (DXC gives each element or row a variable of its own)",
                    v.semantic,
                    v.ty,
                    if vertices > 0 { " per vertex" } else { "" }
                ),
                v.range,
            );
            return;
        };
        for (k, p) in (0u32..).zip(parts) {
            let gv = &mut cx.mb.module_mut().globals[p];
            gv.stage_binding = Some(StageBinding::Location(location + k * pf.locations));
            gv.component = Some(component.unwrap_or(0));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{footprint, Packer};
    use types::{ScalarKind, Type};

    fn array(element: Type, n: u32) -> Type {
        Type::Array {
            element: std::sync::Arc::new(element),
            len: Some(n),
        }
    }

    /// DXC's `signature.packing.hlsl` and `signature.packing.hs.hlsl`: `float a`, `double b`,
    /// `float2 c[3]`, `float2x2 d`, `int e`, `float2 f`, `float g` (the patch constants),
    /// then `float h`, `float2 i`, `float j[5]`, `float4x3 k` (the control point): arrays and
    /// matrices are placed whole.
    #[test]
    fn packs_as_dxc_packs() {
        let float2 = Type::Vector(ScalarKind::Float, 2);
        let order = [
            Type::FLOAT,
            Type::Scalar(ScalarKind::Double),
            array(float2.clone(), 3),
            Type::matrix(ScalarKind::Float, 2, 2),
            Type::INT,
            float2.clone(),
            Type::FLOAT,
            Type::FLOAT,
            float2,
            array(Type::FLOAT, 5),
            Type::matrix(ScalarKind::Float, 4, 3),
        ];
        let mut p = Packer::default();
        let got: Vec<_> = order
            .iter()
            .map(|t| p.place(footprint(t).expect("a packed type")))
            .collect();
        assert_eq!(
            got,
            [
                (0, None),
                (0, Some(2)),
                (1, None),
                (1, Some(2)),
                (3, Some(2)),
                (4, None),
                (3, Some(3)),
                (4, Some(2)),
                (5, None),
                (6, None),
                (6, Some(1)),
            ]
        );
    }

    #[test]
    fn a_run_of_locations_starts_at_the_first_component_free_in_all() {
        // DXC's example: locations used up to components 2, 3, 2, 1, 1 and full; a
        // `float3 foo[2]` goes to locations 3 and 4 at component 1.
        let mut p = Packer {
            locations: vec![0, 1, 2, 3, 4, 5],
            next_free: vec![2, 3, 2, 1, 1, 4],
            next_location: 6,
        };
        let foo = array(Type::Vector(ScalarKind::Float, 3), 2);
        assert_eq!(p.place(footprint(&foo).unwrap()), (3, Some(1)));
        // Two locations at 1 and 2 used: the pair starts at component 2 in both.
        let mut p = Packer {
            locations: vec![0, 1],
            next_free: vec![1, 2],
            next_location: 2,
        };
        assert_eq!(
            p.place(footprint(&array(Type::FLOAT, 2)).unwrap()),
            (0, Some(2))
        );
        assert_eq!(p.next_free, [3, 3]);
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
        // An array of them takes two locations an element.
        assert_eq!(footprint(&array(double3, 2)).map(|f| f.locations), Some(4));
    }
}
