//! Texture methods beyond plain loads and size queries: the `Sample*` family with constant
//! texel offsets, the `Gather*` family (`Gather`, `GatherRed`..`GatherAlpha` as
//! `texture_gather` with the component first, `GatherCmp`/`GatherCmpRed` as
//! `texture_gather_compare`), `CalculateLevelOfDetail[Unclamped]` (a component of
//! `texture_query_lod`), `Load` with offsets or a sample index, `tex.sample[s][p]` and
//! `tex.mips[m][p]`, and `GetDimensions` of multisampled textures (`texture_query_size` and
//! `texture_query_samples`), and `GetSamplePosition` (a table of the standard sample
//! patterns, indexed by sample count and sample).
//!
//! Texel offsets must be constants (the specification makes them immediates); clamp and
//! status arguments and a run-time offset are reported as not supported.

use hir::body::{Expr, ExprId, Literal};
use ir::{Opcode, Value};
use types::{ResourceType, ScalarKind, TextureDim, Type};

use crate::context::R;
use crate::func::{FnLower, Place};

fn float_n(n: u8) -> Type {
    if n == 1 {
        Type::FLOAT
    } else {
        Type::Vector(ScalarKind::Float, n)
    }
}

fn int_n(n: u8) -> Type {
    if n == 1 {
        Type::INT
    } else {
        Type::Vector(ScalarKind::Int, n)
    }
}

/// The number of components of a texel offset (the coordinate without the layer); cube
/// textures take none.
fn offset_count(dim: TextureDim) -> u8 {
    match dim {
        TextureDim::Cube | TextureDim::CubeArray => 0,
        d if d.is_array() => d.coordinate_count() - 1,
        d => d.coordinate_count(),
    }
}

impl FnLower<'_, '_> {
    /// The texture methods of this module; `None` when `name` is not one of them.
    pub fn lower_texture_method(
        &mut self,
        e: ExprId,
        tex: Value,
        r: &ResourceType,
        name: &str,
        args: &[ExprId],
    ) -> Option<R<Option<Value>>> {
        let ResourceType::Texture { dim, access, .. } = r else {
            return None;
        };
        let dim = *dim;
        let sampled = !access.is_writable();
        Some(match name {
            "Sample" | "SampleLevel" | "SampleBias" | "SampleGrad" | "SampleCmp"
            | "SampleCmpLevelZero"
                if sampled =>
            {
                self.lower_sample(e, tex, dim, name, args)
            }
            "Gather" | "GatherRed" | "GatherGreen" | "GatherBlue" | "GatherAlpha" | "GatherCmp"
            | "GatherCmpRed"
                if sampled =>
            {
                self.lower_gather(e, tex, dim, name, args)
            }
            "CalculateLevelOfDetail" | "CalculateLevelOfDetailUnclamped" if sampled => {
                self.lower_lod(e, tex, dim, name, args)
            }
            "Load" if sampled => self.lower_load_with(e, tex, dim, args),
            "GetDimensions" if dim.is_multisampled() => self.lower_ms_dimensions(e, tex, dim, args),
            "GetSamplePosition" if dim.is_multisampled() => {
                self.lower_sample_position(e, tex, args)
            }
            _ => return None,
        })
    }

    /// The constant integer components of `e` (`int2(1, -1)`, `-2`, a `static const`).
    pub fn const_ints(&self, e: ExprId) -> Option<Vec<i64>> {
        match self.body.expr(e) {
            Expr::Literal(Literal::Int(v, _)) => Some(vec![*v as i64]),
            Expr::Local(l) => match self.const_locals.get(l) {
                Some(&v) => Some(vec![v]),
                None => {
                    let local = self.body.local(*l);
                    // A `const` local with a constant initializer.
                    if local.is_const {
                        self.const_ints(local.init?)
                    } else {
                        None
                    }
                }
            },
            Expr::Binary {
                op: syntax::ast::BinaryOp::Arith(op),
                lhs,
                rhs,
            } => {
                use syntax::ast::ArithOp as A;
                let (a, b) = match (&self.const_ints(*lhs)?[..], &self.const_ints(*rhs)?[..]) {
                    ([a], [b]) => (*a, *b),
                    _ => return None,
                };
                Some(vec![match op {
                    A::Add => a.checked_add(b)?,
                    A::Sub => a.checked_sub(b)?,
                    A::Mul => a.checked_mul(b)?,
                    A::Div => a.checked_div(b)?,
                    A::Rem => a.checked_rem(b)?,
                    A::Shl => a.checked_shl(u32::try_from(b).ok()?)?,
                    A::Shr => a.checked_shr(u32::try_from(b).ok()?)?,
                    A::BitAnd => a & b,
                    A::BitOr => a | b,
                    A::BitXor => a ^ b,
                }])
            }
            Expr::Paren(i) | Expr::Cast { expr: i, .. } => self.const_ints(*i),
            Expr::Prefix {
                op: syntax::ast::PrefixOp::Neg,
                expr,
            } => Some(self.const_ints(*expr)?.iter().map(|v| -v).collect()),
            Expr::Call { args, .. } if self.infer.resolution(e).is_none() => {
                let mut out = Vec::new();
                for &a in args {
                    out.extend(self.const_ints(a)?);
                }
                Some(out)
            }
            Expr::Path(_) => match self.infer.resolution(e)? {
                hir::Resolution::Global(ast) | hir::Resolution::Enumerator(ast) => {
                    let idx = self.cx.tree.by_ast(*ast)?;
                    let tcx = hir::lower_type::TypeCtx::inside(&self.cx.tree, &self.cx.scope, idx);
                    Some(vec![tcx.item_value(idx)?.as_int()])
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// The constant offset argument `e` of a texture of `dim`.
    fn texel_offset(&mut self, e: ExprId, dim: TextureDim) -> R<Vec<i64>> {
        let n = usize::from(offset_count(dim));
        match self.const_ints(e) {
            Some(v) if v.len() == n && n > 0 => Ok(v),
            Some(v) if v.len() == 1 && n > 0 => Ok(vec![v[0]; n]),
            _ => Err(self.unsupported(crate::unroll::OFFSET_NOT_CONSTANT, e)),
        }
    }

    fn sampler(&mut self, e: ExprId) -> R<Value> {
        match self.lvalue(e)? {
            Place::Ptr(p) => Ok(p),
            _ => Err(self.unsupported("this sampler", e)),
        }
    }

    /// `Sample`, `SampleLevel`, `SampleBias`, `SampleGrad`, `SampleCmp`,
    /// `SampleCmpLevelZero`: texture, sampler, coordinate, extras; an optional constant offset.
    fn lower_sample(
        &mut self,
        e: ExprId,
        tex: Value,
        dim: TextureDim,
        name: &str,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let (op, extras) = match name {
            "Sample" => (Opcode::TextureSample, 0),
            "SampleLevel" => (Opcode::TextureSampleLevel, 1),
            "SampleBias" => (Opcode::TextureSampleBias, 1),
            "SampleGrad" => (Opcode::TextureSampleGrad, 2),
            "SampleCmp" => (Opcode::TextureSampleCompare, 1),
            _ => (Opcode::TextureSampleCompareLevelZero, 1),
        };
        if args.len() < 2 + extras {
            return Err(self.unsupported(&format!("`{name}` with these arguments"), e));
        }
        if args.len() > 3 + extras {
            return Err(self.unsupported(&format!("`{name}` with a clamp or status argument"), e));
        }
        let sampler = self.sampler(args[0])?;
        let n = dim.coordinate_count();
        let coord = self.coerce(args[1], &float_n(n))?;
        let mut ops = vec![tex, sampler, coord];
        for &a in &args[2..2 + extras] {
            // Gradients have the coordinate's shape without the layer; the rest are scalars.
            let ty = if op == Opcode::TextureSampleGrad {
                float_n(if dim.is_array() { n - 1 } else { n })
            } else {
                Type::FLOAT
            };
            ops.push(self.coerce(a, &ty)?);
        }
        let offset = match args.get(2 + extras) {
            Some(&o) => self.texel_offset(o, dim)?,
            None => Vec::new(),
        };
        Ok(Some(self.fb().resource_op(op, &ops, &offset)))
    }

    /// `Gather[Red|Green|Blue|Alpha](s, uv[, offset])`, `GatherCmp[Red](s, uv, ref[, offset])`.
    fn lower_gather(
        &mut self,
        e: ExprId,
        tex: Value,
        dim: TextureDim,
        name: &str,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let compare = name.starts_with("GatherCmp");
        let component = match name
            .trim_start_matches("GatherCmp")
            .trim_start_matches("Gather")
        {
            "" | "Red" => 0,
            "Green" => 1,
            "Blue" => 2,
            _ => 3,
        };
        let fixed = 2 + usize::from(compare);
        if args.len() < fixed {
            return Err(self.unsupported(&format!("`{name}` with these arguments"), e));
        }
        if args.len() > fixed + 1 {
            return Err(self.unsupported(
                &format!("`{name}` with four offsets or a status argument"),
                e,
            ));
        }
        let sampler = self.sampler(args[0])?;
        let coord = self.coerce(args[1], &float_n(dim.coordinate_count()))?;
        let mut ops = vec![tex, sampler, coord];
        if compare {
            ops.push(self.coerce(args[2], &Type::FLOAT)?);
        }
        let offset = match args.get(fixed) {
            Some(&o) => self.texel_offset(o, dim)?,
            None => Vec::new(),
        };
        let v = if compare {
            self.fb()
                .resource_op(Opcode::TextureGatherCompare, &ops, &offset)
        } else {
            let mut lits = vec![component];
            lits.extend(offset);
            self.fb().resource_op(Opcode::TextureGather, &ops, &lits)
        };
        Ok(Some(v))
    }

    /// `CalculateLevelOfDetail(s, uv)` is component 0 of `texture_query_lod` (clamped to the
    /// texture's levels), the `Unclamped` form component 1.
    fn lower_lod(
        &mut self,
        e: ExprId,
        tex: Value,
        dim: TextureDim,
        name: &str,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        if args.len() != 2 {
            return Err(self.unsupported(&format!("`{name}` with these arguments"), e));
        }
        let sampler = self.sampler(args[0])?;
        let n = if dim.is_array() {
            dim.coordinate_count() - 1
        } else {
            dim.coordinate_count()
        };
        let coord = self.coerce(args[1], &float_n(n))?;
        let lod = self
            .fb()
            .resource_op(Opcode::TextureQueryLod, &[tex, sampler, coord], &[]);
        let i = u32::from(name.ends_with("Unclamped"));
        Ok(Some(self.fb().extract(lod, &[i])))
    }

    /// `Load(c[, offset])` of a sampled texture (the level in `c`'s last component) and
    /// `Load(c, sample[, offset])` of a multisampled one.
    fn lower_load_with(
        &mut self,
        e: ExprId,
        tex: Value,
        dim: TextureDim,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let n = dim.coordinate_count();
        let ms = dim.is_multisampled();
        let fixed = 1 + usize::from(ms);
        if args.len() < fixed || args.len() > fixed + 1 {
            return Err(self.unsupported("`Load` with these arguments (status)", e));
        }
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
        let offset = match args.get(fixed) {
            Some(&o) => self.texel_offset(o, dim)?,
            None => Vec::new(),
        };
        Ok(Some(self.fb().resource_op(
            Opcode::TextureLoad,
            &[tex, coord, extra],
            &offset,
        )))
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
    fn lower_ms_dimensions(
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
    fn lower_sample_position(
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
    fn sample_position_table(&mut self) -> ir::Global {
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
