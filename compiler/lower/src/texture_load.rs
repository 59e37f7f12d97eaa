//! Texel reads without a sampler: `Load` of sampled, multisampled, read-write and (SM 6.7)
//! multisampled read-write textures and of typed buffers, with their optional constant
//! offset and `out uint status`; `tex.sample[s][p]` and `tex.mips[m][p]`; `GetDimensions` of
//! multisampled textures (`texture_query_size` and `texture_query_samples`); and
//! `GetSamplePosition` (a table of the standard sample patterns, indexed by sample count and
//! sample).

use hir::body::{Expr, ExprId};
use ir::{Opcode, Value};
use types::{ResourceType, ScalarKind, TextureDim, Type};

use crate::context::R;
use crate::func::{FnLower, Place};
use crate::texture::int_n;

impl FnLower<'_, '_> {
    /// `Load(c[, offset][, status])` of a sampled texture (the level in `c`'s last component)
    /// and `Load(c, sample[, offset][, status])` of a multisampled one. The offset must be a
    /// constant: Vulkan takes run-time offsets only on gathers.
    pub(crate) fn lower_load_with(
        &mut self,
        e: ExprId,
        tex: Value,
        dim: TextureDim,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let n = dim.coordinate_count();
        let ms = dim.is_multisampled();
        let fixed = 1 + usize::from(ms);
        let (offset, status) = match args.get(fixed..) {
            Some([]) => (None, None),
            Some([o]) => (Some(*o), None),
            Some([o, s]) => (Some(*o), Some(*s)),
            _ => return Err(self.unsupported("`Load` with these arguments", e)),
        };
        let (coord, extra) = if ms {
            let c = self.coerce(args[0], &int_n(n))?;
            let s = self.coerce(args[1], &Type::INT)?;
            (c, s)
        } else {
            let c = self.coerce(args[0], &int_n(n + 1))?;
            let comps: Vec<u8> = (0..n).collect();
            let coord = if n == 1 {
                self.fb().extract(c, &[0])
            } else {
                self.fb().swizzle(c, &comps)
            };
            let level = self.fb().extract(c, &[u32::from(n)]);
            (coord, level)
        };
        let offset = match offset {
            Some(o) => self.const_texel_offset(o, dim, "Load")?,
            None => Vec::new(),
        };
        let v = self.texture_op_with_status(
            Opcode::TextureLoad,
            vec![tex, coord, extra],
            &offset,
            status,
        )?;
        Ok(Some(v))
    }

    /// `Load(c[, status])` of a read-write texture (a storage image has no levels: `Load(c)`
    /// reads texel `c`, as `tex[c]` does) and `Load(i[, status])` of a typed buffer.
    pub(crate) fn lower_plain_load(
        &mut self,
        e: ExprId,
        res: Value,
        coordinate: Type,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let (c, status) = match args {
            [c] => (*c, None),
            [c, s] => (*c, Some(*s)),
            _ => return Err(self.unsupported("`Load` with these arguments", e)),
        };
        let coord = self.coerce(c, &coordinate)?;
        let v = self.texture_op_with_status(Opcode::TextureLoad, vec![res, coord], &[], status)?;
        Ok(Some(v))
    }

    /// `Load(c, sample[, status])` of a read-write multisampled texture (SM 6.7).
    pub(crate) fn lower_storage_ms_load(
        &mut self,
        e: ExprId,
        tex: Value,
        dim: TextureDim,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let (c, s, status) = match args {
            [c, s] => (*c, *s, None),
            [c, s, st] => (*c, *s, Some(*st)),
            _ => return Err(self.unsupported("`Load` with these arguments", e)),
        };
        let coord = self.coerce(c, &int_n(dim.coordinate_count()))?;
        let sample = self.coerce(s, &Type::INT)?;
        let v = self.texture_op_with_status(
            Opcode::TextureLoad,
            vec![tex, coord, sample],
            &[],
            status,
        )?;
        Ok(Some(v))
    }

    /// `tex.sample[s][p]` (multisampled) or `tex.mips[m][p]`: a `texture_load` with the sample
    /// index or level; `None` when `e` is not of that shape.
    pub fn lower_texel_property(&mut self, e: ExprId) -> Option<R<Value>> {
        let Expr::Index { base, index: coord } = self.body.expr(e).clone() else {
            return None;
        };
        let Expr::Index {
            base: prop,
            index: which,
        } = self.body.expr(base).clone()
        else {
            return None;
        };
        let Expr::Field { expr: tex, name } = self.body.expr(prop).clone() else {
            return None;
        };
        if name != "sample" && name != "mips" {
            return None;
        }
        Some((|| {
            let Place::Ptr(res) = self.lvalue(tex)? else {
                return Err(self.unsupported("this texture", tex));
            };
            let dim = match self
                .type_of(res)
                .pointee()
                .and_then(|(_, t)| t.as_resource().cloned())
            {
                Some(ResourceType::Texture { dim, .. }) => dim,
                _ => return Err(self.unsupported("this property", prop)),
            };
            let n = dim.coordinate_count();
            let to = if n == 1 {
                Type::UINT
            } else {
                Type::Vector(ScalarKind::Uint, n)
            };
            let c = self.coerce(coord, &to)?;
            let w = self.coerce(which, &Type::UINT)?;
            Ok(self
                .fb()
                .resource_op(Opcode::TextureLoad, &[res, c, w], &[]))
        })())
    }

    /// `GetDimensions(w, h[, elements], samples)` of a multisampled texture.
    pub(crate) fn lower_ms_dimensions(
        &mut self,
        e: ExprId,
        tex: Value,
        dim: TextureDim,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let n = usize::from(dim.size_count());
        if args.len() != n + 1 {
            return Err(self.unsupported("this form of `GetDimensions`", e));
        }
        let size = self.fb().resource_op(Opcode::TextureQuerySize, &[tex], &[]);
        for (i, &out) in args[..n].iter().enumerate() {
            let v = self.fb().extract(size, &[i as u32]);
            self.store_out(out, v)?;
        }
        let samples = self
            .fb()
            .resource_op(Opcode::TextureQuerySamples, &[tex], &[]);
        self.store_out(args[n], samples)?;
        Ok(None)
    }

    /// `GetSamplePosition(s)`: the standard pattern for the texture's sample count (1, 2, 4,
    /// 8 or 16) from the private table `sample_positions` (each count `n` starts at entry
    /// `n - 1`); (0, 0) for a sample index out of range, as DXC's emulation gives.
    pub(crate) fn lower_sample_position(
        &mut self,
        e: ExprId,
        tex: Value,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let [a] = args else {
            return Err(self.unsupported("`GetSamplePosition` with these arguments", e));
        };
        let table = self.cx.sample_position_table();
        let s = self.coerce(*a, &Type::UINT)?;
        let n = self
            .fb()
            .resource_op(Opcode::TextureQuerySamples, &[tex], &[]);
        let one = self.fb().uint(1);
        let base = self.fb().binary(Opcode::Sub, n, one);
        let i = self.fb().binary(Opcode::Add, base, s);
        let in_range = self.fb().compare(Opcode::Lt, s, n);
        let zero = self.fb().uint(0);
        let i = self.fb().select(in_range, i, zero);
        let p = self.fb().access_chain(Value::Global(table), &[i]);
        let v = self.fb().load(p);
        let float2 = Type::Vector(ScalarKind::Float, 2);
        let origin = self.zero_of(&float2);
        Ok(Some(self.fb().select(in_range, v, origin)))
    }
}

/// The standard sample positions of D3D for 1, 2, 4, 8 and 16 samples, in 1/16 pixel.
const SAMPLE_POSITIONS: [(i8, i8); 31] = [
    (0, 0),
    (4, 4),
    (-4, -4),
    (-2, -6),
    (6, -2),
    (-6, 2),
    (2, 6),
    (1, -3),
    (-1, 3),
    (5, 1),
    (-3, -5),
    (-5, 5),
    (-7, -1),
    (3, 7),
    (7, -7),
    (1, 1),
    (-1, -3),
    (-3, 2),
    (4, -1),
    (-5, -2),
    (2, 5),
    (5, 3),
    (3, -5),
    (-2, 6),
    (0, -7),
    (-4, -6),
    (-6, 4),
    (-8, 0),
    (7, -4),
    (6, 7),
    (-7, -8),
];

impl crate::context::ModuleCtx<'_> {
    /// The private `float2[31]` global of [`SAMPLE_POSITIONS`], declared on first use.
    pub(crate) fn sample_position_table(&mut self) -> ir::Global {
        if let Some(g) = self.sample_positions {
            return g;
        }
        let float2 = Type::Vector(ScalarKind::Float, 2);
        let entries: Vec<ir::Const> = SAMPLE_POSITIONS
            .iter()
            .map(|&(x, y)| {
                let x = self
                    .mb
                    .const_handle(ir::Constant::float(f32::from(x) / 16.0));
                let y = self
                    .mb
                    .const_handle(ir::Constant::float(f32::from(y) / 16.0));
                match self.mb.composite(float2.clone(), vec![x, y]) {
                    Value::Const(c) => c,
                    _ => unreachable!("composite gives a constant"),
                }
            })
            .collect();
        let ty = Type::array(float2, SAMPLE_POSITIONS.len() as u32);
        let init = match self.mb.composite(ty.clone(), entries) {
            Value::Const(c) => Some(c),
            _ => None,
        };
        let g = self.mb.private("sample_positions", ty, init);
        self.sample_positions = Some(g);
        g
    }
}
