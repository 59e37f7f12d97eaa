//! Sampling and gathers: the `Sample*` family (`Sample`, `SampleBias`, `SampleGrad`,
//! `SampleLevel`, `SampleCmp`, `SampleCmpLevelZero`, SM 6.7 `SampleCmpLevel`, SM 6.8
//! `SampleCmpBias` and `SampleCmpGrad`) with a constant
//! texel offset, a `clamp` (minimum LOD) and an `out uint status`; the `Gather*` family
//! (`Gather`, `GatherRed`..`GatherAlpha` as `texture_gather` with the component first,
//! `GatherCmp`/`GatherCmpRed` as `texture_gather_compare`) with a constant or run-time
//! offset, four offsets and a status; and `CalculateLevelOfDetail[Unclamped]` (a component of
//! `texture_query_lod`). Loads and queries without a sampler are in [`crate::texture_load`].
//!
//! As in DXC's SPIR-V: four constant offsets are one gather with `ConstOffsets`, four
//! offsets of which some are run-time values are four gathers (one per offset) whose
//! component `i` is taken from gather `i`. `GatherCmpGreen`/`Blue`/`Alpha` and SM 6.7
//! `GatherRaw` have no Vulkan equivalent, and neither has a run-time offset of `Sample*` or
//! `Load` (Vulkan's `Offset` operand is for gathers only): all are E3004. A status argument
//! is written through a `uint` temporary that the instruction's trailing status operand
//! points to (`ir::texture`).

use hir::body::{Expr, ExprId, Literal};
use ir::{Opcode, Value};
use types::{ResourceType, ScalarKind, TextureDim, Type};

use crate::context::R;
use crate::func::{FnLower, Place};

pub(crate) fn float_n(n: u8) -> Type {
    if n == 1 {
        Type::FLOAT
    } else {
        Type::Vector(ScalarKind::Float, n)
    }
}

pub(crate) fn int_n(n: u8) -> Type {
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

/// The optional trailing arguments of a sampling method, in HLSL order.
#[derive(Default)]
struct Trailing {
    offset: Option<ExprId>,
    clamp: Option<ExprId>,
    status: Option<ExprId>,
}

/// Splits `rest` (the arguments after the fixed ones) into a prefix of
/// `[offset][, clamp], status`; the offset only where the texture has one, the clamp only
/// where the method takes one. `None` when there are too many.
fn trailing(rest: &[ExprId], has_offset: bool, has_clamp: bool) -> Option<Trailing> {
    let mut t = Trailing::default();
    let mut slots: Vec<&mut Option<ExprId>> = Vec::new();
    if has_offset {
        slots.push(&mut t.offset);
    }
    if has_clamp {
        slots.push(&mut t.clamp);
    }
    slots.push(&mut t.status);
    if rest.len() > slots.len() {
        return None;
    }
    for (slot, &a) in slots.into_iter().zip(rest) {
        *slot = Some(a);
    }
    Some(t)
}

impl FnLower<'_, '_> {
    /// The texture methods of this module and [`crate::texture_load`]; `None` when `name` is
    /// not one of them.
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
            | "SampleCmpLevelZero" | "SampleCmpLevel" | "SampleCmpBias" | "SampleCmpGrad"
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
            "GatherCmpGreen" | "GatherCmpBlue" | "GatherCmpAlpha" if sampled => {
                // SPIR-V's `OpImageDrefGather` compares component 0 only.
                let range = self.method_name_range(e);
                Err(self.cx.error(
                    crate::NO_VULKAN_EQUIVALENT,
                    format!("no equivalent for {name} intrinsic method in Vulkan"),
                    range,
                ))
            }
            "GatherRaw" if sampled => {
                // A raw bitwise copy of the texels' channels: no Vulkan image instruction reads
                // texels unconverted, and DXC reports the method unimplemented for SPIR-V.
                let range = self.method_name_range(e);
                Err(self.cx.error(
                    crate::NO_VULKAN_EQUIVALENT,
                    "no equivalent for GatherRaw intrinsic method in Vulkan (it reads texels \
                     without format conversion)"
                        .to_owned(),
                    range,
                ))
            }
            "CalculateLevelOfDetail" | "CalculateLevelOfDetailUnclamped" if sampled => {
                self.lower_lod(e, tex, dim, name, args)
            }
            "Load" if sampled => self.lower_load_with(e, tex, dim, args),
            "Load" if !dim.is_multisampled() => {
                self.lower_plain_load(e, tex, int_n(dim.coordinate_count()), args)
            }
            "Load" => self.lower_storage_ms_load(e, tex, dim, args),
            "GetDimensions" if dim.is_multisampled() => self.lower_ms_dimensions(e, tex, dim, args),
            "GetSamplePosition" if dim.is_multisampled() => {
                self.lower_sample_position(e, tex, args)
            }
            _ => return None,
        })
    }

    /// The value of scalar index `e` when it is known at compile time: a literal, a `const`
    /// local, a parameter the function copy is specialized on or an unrolled loop's
    /// variable, and arithmetic on them (`resource_choice`, `unroll`).
    pub fn static_index(&self, e: ExprId) -> Option<i64> {
        match self.const_ints(e)?[..] {
            [v] => Some(v),
            _ => None,
        }
    }

    /// The constant integer components of `e` (`int2(1, -1)`, `-2`, `+2`, a `static const`,
    /// arithmetic and swizzles of them).
    pub fn const_ints(&self, e: ExprId) -> Option<Vec<i64>> {
        match self.body.expr(e) {
            Expr::Literal(Literal::Int(v, _)) => Some(vec![*v as i64]),
            Expr::Local(l) => match self.const_locals.get(l) {
                Some(&v) => Some(vec![v]),
                // A `const` local with a constant initializer, or one holding the same
                // constant on every path (`local_constants`).
                None => self.local_constant(*l, Self::const_ints),
            },
            Expr::Binary {
                op: syntax::ast::BinaryOp::Arith(op),
                lhs,
                rhs,
            } => {
                // Componentwise, a scalar operand splatted (`2 * int2(-1, 1)`), as DXC folds it.
                let (a, b) = (self.const_ints(*lhs)?, self.const_ints(*rhs)?);
                let n = match (a.len(), b.len()) {
                    (x, y) if x == y => x,
                    (1, y) => y,
                    (x, 1) => x,
                    _ => return None,
                };
                let at = |v: &[i64], i: usize| if v.len() == 1 { v[0] } else { v[i] };
                (0..n)
                    .map(|i| op.checked_i64(at(&a, i), at(&b, i)))
                    .collect()
            }
            Expr::Paren(i)
            | Expr::Cast { expr: i, .. }
            | Expr::Prefix {
                op: syntax::ast::PrefixOp::Plus,
                expr: i,
            } => self.const_ints(*i),
            Expr::Prefix {
                op: syntax::ast::PrefixOp::Neg,
                expr,
            } => Some(self.const_ints(*expr)?.iter().map(|v| -v).collect()),
            Expr::InitList(args) => {
                let mut out = Vec::new();
                for &a in args {
                    out.extend(self.const_ints(a)?);
                }
                Some(out)
            }
            Expr::Call { args, .. } if self.infer.resolution(e).is_none() => {
                let mut out = Vec::new();
                for &a in args {
                    out.extend(self.const_ints(a)?);
                }
                Some(out)
            }
            // A swizzle of a constant vector (`kOffset.yx`), a scalar's `.xx` splatting it.
            Expr::Field { expr, name } => {
                let v = self.const_ints(*expr)?;
                let c = crate::expr::swizzle_components(name)?;
                c.iter()
                    .map(|&i| v.get(usize::from(i)).or(v.first().filter(|_| v.len() == 1)))
                    .map(|x| x.copied())
                    .collect()
            }
            // An element of a `static const` array (`kOffsets[i]`).
            Expr::Index { base, index } => match self.const_ints(*index)?[..] {
                [i] => self.const_array_element(*base, i),
                _ => None,
            },
            Expr::Path(_) if matches!(self.infer.type_of_expr(e), Some(Type::Vector(..))) => {
                self.const_global_vector(e)
            }
            Expr::Path(_) => match self.infer.resolution(e)? {
                hir::Resolution::Global(ast) | hir::Resolution::Enumerator(ast) => {
                    let idx = self.cx.tree.by_ast(*ast)?;
                    let tcx = hir::lower_type::TypeCtx::inside(&self.cx.tree, &self.cx.scope, idx);
                    Some(vec![tcx.item_value(idx)?.as_int()])
                }
                hir::Resolution::LocalEnumerator(v) => Some(vec![*v]),
                // A predeclared constant (`CANDIDATE_NON_OPAQUE_TRIANGLE` as a `case` value).
                hir::Resolution::BuiltinConstant(v) => Some(vec![i64::from(*v)]),
                _ => None,
            },
            _ => None,
        }
    }

    /// The constant offset argument `e` of a texture of `dim`; a run-time offset is an error
    /// that names `method` (Vulkan takes run-time offsets on gathers only) and that
    /// [`crate::unroll`] can cure.
    pub(crate) fn const_texel_offset(
        &mut self,
        e: ExprId,
        dim: TextureDim,
        method: &str,
    ) -> R<Vec<i64>> {
        match self.texel_offset(e, dim) {
            Some(v) => Ok(v),
            None => {
                let range = self.expr_range(e);
                Err(self.cx.error(
                    crate::NO_VULKAN_EQUIVALENT,
                    format!(
                        "`{method}` needs a constant texel offset (Vulkan takes run-time \
                         offsets only on gathers): {}",
                        crate::unroll::OFFSET_NOT_CONSTANT
                    ),
                    range,
                ))
            }
        }
    }

    /// The components of the constant offset `e` of a texture of `dim`, a scalar splatted.
    fn texel_offset(&self, e: ExprId, dim: TextureDim) -> Option<Vec<i64>> {
        let n = usize::from(offset_count(dim));
        // DXC wants an offset that is a constant expression, not a local holding one.
        match self.const_ints(e).filter(|_| !self.reads_plain_local(e)) {
            Some(v) if v.len() == n && n > 0 => Some(v),
            Some(v) if v.len() == 1 && n > 0 => Some(vec![v[0]; n]),
            _ => None,
        }
    }

    /// The sampler operand of a sampling method on `tex` and the arguments after it. A
    /// combined image sampler (`vk::SampledTexture2D`) takes no sampler argument: it is its
    /// own sampler operand (`ir::texture`). `None` when the sampler argument is missing.
    fn sampler_and_rest<'a>(
        &mut self,
        tex: Value,
        args: &'a [ExprId],
    ) -> Option<R<(Value, &'a [ExprId])>> {
        let combined = matches!(
            self.type_of(tex).pointee().and_then(|(_, t)| t.as_resource()),
            Some(ResourceType::Texture { access, .. }) if access.is_combined()
        );
        // The texture of a `[[vk::combinedImageSampler]]` pair: the sampler argument names the
        // pair's sampler, which the texture carries.
        let pair = match tex {
            Value::Global(g) => self.cx.combined_textures.get(&g).copied(),
            _ => None,
        };
        if let Some(sampler) = pair {
            let (&s, rest) = args.split_first()?;
            let names_pair = match self.infer.resolution(s) {
                // The sampler global itself, which then needs no variable of its own.
                Some(hir::Resolution::Global(ast)) => self.cx.tree.by_ast(*ast) == Some(sampler),
                // A parameter standing for it (in a copy of a function per resource).
                _ => match self.sampler(s) {
                    Ok(Value::Global(g)) => matches!(
                        self.cx.globals.get(&sampler),
                        Some(crate::context::GlobalRef::Var(s)) if *s == g
                    ),
                    Ok(_) => false,
                    Err(e) => return Some(Err(e)),
                },
            };
            if !names_pair {
                // Another sampler: the combined image's image sampled with it, as DXC's
                // convert-to-sampled-image pass leaves such a use (`OpImage`, then
                // `OpSampledImage` with that sampler).
                return Some(self.sampling_sampler(tex, s).map(|s| (s, rest)));
            }
            return Some(Ok((tex, rest)));
        }
        if combined {
            return Some(Ok((tex, args)));
        }
        let (&s, rest) = args.split_first()?;
        Some(self.sampling_sampler(tex, s).map(|s| (s, rest)))
    }

    /// The sampler `e` names for sampling `tex`: E3272 when it is the sampler of a
    /// `[[vk::combinedImageSampler]]` pair whose texture `tex` is not, as that sampler is
    /// merged into its pair's combined image sampler (DXC's convert-to-sampled-image pass
    /// fails on such a use).
    fn sampling_sampler(&mut self, tex: Value, e: ExprId) -> R<Value> {
        let s = self.sampler(e)?;
        let Value::Global(g) = s else {
            return Ok(s);
        };
        let own = match tex {
            Value::Global(t) => self.cx.combined_textures.get(&t).copied(),
            _ => None,
        };
        let paired = self.cx.combined_pairs.iter().find(|(_, &sampler)| {
            Some(sampler) != own
                && matches!(
                    self.cx.globals.get(&sampler),
                    Some(crate::context::GlobalRef::Var(v)) if *v == g
                )
        });
        let Some((&texture, &sampler)) = paired else {
            return Ok(s);
        };
        let (sampler, texture) = (
            self.cx.tree.item(sampler).name.clone(),
            self.cx.tree.item(texture).name.clone(),
        );
        let range = self.expr_range(e);
        Err(self.cx.error(
            crate::COMBINED_SAMPLER_ELSEWHERE,
            format!(
                "`{sampler}` is the [[vk::combinedImageSampler]] partner of `{texture}`, merged \
                 into one combined image sampler with it, so it cannot sample another texture; \
                 DXC's convert-to-sampled-image pass fails here too"
            ),
            range,
        ))
    }

    fn sampler(&mut self, e: ExprId) -> R<Value> {
        match self.lvalue(e)? {
            Place::Ptr(p) => Ok(p),
            _ => Err(self.unsupported("this sampler", e)),
        }
    }

    /// `op` with `operands` and immediates `literals`; with a `status` argument, a pointer to
    /// a fresh `uint` temporary is the last operand and the residency code it receives is
    /// stored to `status` afterwards.
    pub(crate) fn texture_op_with_status(
        &mut self,
        op: Opcode,
        mut operands: Vec<Value>,
        literals: &[i64],
        status: Option<ExprId>,
    ) -> R<Value> {
        let temp = status.map(|_| self.entry_alloca(Type::UINT, "status"));
        operands.extend(temp);
        let v = self.fb().resource_op(op, &operands, literals);
        if let (Some(t), Some(s)) = (temp, status) {
            let code = self.fb().load(t);
            self.store_out(s, code)?;
        }
        Ok(v)
    }

    /// `Sample`, `SampleLevel`, `SampleBias`, `SampleGrad`, `SampleCmp`, `SampleCmpLevelZero`,
    /// `SampleCmpLevel`, `SampleCmpBias`, `SampleCmpGrad`: texture, sampler, coordinate,
    /// extras; then optionally a constant offset, a clamp (the implicit-LOD forms and the
    /// gradient ones) and a status.
    fn lower_sample(
        &mut self,
        e: ExprId,
        tex: Value,
        dim: TextureDim,
        name: &str,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let (op, extras, has_clamp) = match name {
            "Sample" => (Opcode::TextureSample, 0, true),
            "SampleLevel" => (Opcode::TextureSampleLevel, 1, false),
            "SampleBias" => (Opcode::TextureSampleBias, 1, true),
            "SampleGrad" => (Opcode::TextureSampleGrad, 2, true),
            "SampleCmp" => (Opcode::TextureSampleCompare, 1, true),
            "SampleCmpLevel" => (Opcode::TextureSampleCompareLevel, 2, false),
            "SampleCmpBias" => (Opcode::TextureSampleCompareBias, 2, true),
            "SampleCmpGrad" => (Opcode::TextureSampleCompareGrad, 3, true),
            _ => (Opcode::TextureSampleCompareLevelZero, 1, false),
        };
        let Some(split) = self.sampler_and_rest(tex, args) else {
            return Err(self.unsupported(&format!("`{name}` with these arguments"), e));
        };
        let (sampler, args) = split?;
        let fixed = 1 + extras;
        let rest = args.get(fixed..).unwrap_or(&[]);
        let Some(t) =
            trailing(rest, offset_count(dim) > 0, has_clamp).filter(|_| args.len() >= fixed)
        else {
            return Err(self.unsupported(&format!("`{name}` with these arguments"), e));
        };
        let n = dim.coordinate_count();
        let coord = self.coerce(args[0], &float_n(n))?;
        let mut ops = vec![tex, sampler, coord];
        for (i, &a) in args[1..fixed].iter().enumerate() {
            // Gradients (after the reference of `SampleCmpGrad`) have the coordinate's shape
            // without the layer; the rest are scalars.
            let grad = op == Opcode::TextureSampleGrad
                || (op == Opcode::TextureSampleCompareGrad && i > 0);
            let ty = if grad {
                float_n(if dim.is_array() { n - 1 } else { n })
            } else {
                Type::FLOAT
            };
            ops.push(self.coerce(a, &ty)?);
        }
        let offset = match t.offset {
            Some(o) => self.const_texel_offset(o, dim, name)?,
            None => Vec::new(),
        };
        if let Some(c) = t.clamp {
            ops.push(self.coerce(c, &Type::FLOAT)?);
        }
        let v = self.texture_op_with_status(op, ops, &offset, t.status)?;
        Ok(Some(v))
    }

    /// `Gather[Red|Green|Blue|Alpha](s, uv[, offset][, status])`,
    /// `GatherCmp[Red](s, uv, ref[, offset][, status])`, and the four-offset forms
    /// `(s, uv[, ref], o1, o2, o3, o4[, status])` of all but `Gather` and `GatherCmp`.
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
        let Some(split) = self.sampler_and_rest(tex, args) else {
            return Err(self.unsupported(&format!("`{name}` with these arguments"), e));
        };
        let (sampler, args) = split?;
        let fixed = 1 + usize::from(compare);
        let has_offset = offset_count(dim) > 0;
        let rest = args.get(fixed..).unwrap_or(&[]);
        let (offsets, status): (Vec<ExprId>, Option<ExprId>) = match rest {
            [o1, o2, o3, o4, status @ ..] if has_offset && status.len() <= 1 => {
                (vec![*o1, *o2, *o3, *o4], status.first().copied())
            }
            _ => match trailing(rest, has_offset, false) {
                Some(t) if args.len() >= fixed => (t.offset.into_iter().collect(), t.status),
                _ => {
                    return Err(self.unsupported(&format!("`{name}` with these arguments"), e));
                }
            },
        };
        let coord = self.coerce(args[0], &float_n(dim.coordinate_count()))?;
        let mut ops = vec![tex, sampler, coord];
        if compare {
            ops.push(self.coerce(args[1], &Type::FLOAT)?);
        }
        let (op, mut lits) = if compare {
            (Opcode::TextureGatherCompare, Vec::new())
        } else {
            (Opcode::TextureGather, vec![component])
        };
        let constant: Option<Vec<Vec<i64>>> =
            offsets.iter().map(|&o| self.texel_offset(o, dim)).collect();
        match constant {
            // One constant offset (`ConstOffset`) or four (`ConstOffsets`).
            Some(parts) => lits.extend(parts.concat()),
            // One run-time offset: a trailing operand (`Offset`).
            None if offsets.len() == 1 => {
                ops.push(self.coerce(offsets[0], &int_n(offset_count(dim)))?);
            }
            None => {
                return self
                    .gather_each_offset(op, &ops, &lits, dim, &offsets, status)
                    .map(Some);
            }
        }
        let v = self.texture_op_with_status(op, ops, &lits, status)?;
        Ok(Some(v))
    }

    /// Four offsets that are not all constants: one gather per offset, component `i` of the
    /// result from gather `i` (DXC's emulation of `ConstOffsets`). With a `status`, each
    /// gather is the sparse form and the status is the first code that is not fully mapped
    /// (else the last), so `CheckAccessFullyMapped` holds only when all four texel sets are
    /// resident.
    fn gather_each_offset(
        &mut self,
        op: Opcode,
        ops: &[Value],
        lits: &[i64],
        dim: TextureDim,
        offsets: &[ExprId],
        status: Option<ExprId>,
    ) -> R<Value> {
        let mut texels = Vec::new();
        let mut ty = None;
        let mut codes = Vec::new();
        for (i, &o) in offsets.iter().enumerate() {
            let mut ops = ops.to_vec();
            let mut lits = lits.to_vec();
            match self.texel_offset(o, dim) {
                Some(c) => lits.extend(c),
                None => ops.push(self.coerce(o, &int_n(offset_count(dim)))?),
            }
            let temp = status.map(|_| self.entry_alloca(Type::UINT, "status"));
            ops.extend(temp);
            let g = self.fb().resource_op(op, &ops, &lits);
            codes.extend(temp);
            if ty.is_none() {
                ty = Some(self.type_of(g));
            }
            texels.push(self.fb().extract(g, &[i as u32]));
        }
        if let Some(s) = status {
            let mut fb = self.fb();
            let mut code = None;
            for t in codes {
                let next = fb.load(t);
                code = Some(match code {
                    None => next,
                    Some(so_far) => {
                        let mapped = fb.call_intrinsic(
                            ir::Intrinsic::CheckAccessFullyMapped,
                            Type::BOOL,
                            &[so_far],
                        );
                        fb.select(mapped, next, so_far)
                    }
                });
            }
            if let Some(code) = code {
                self.store_out(s, code)?;
            }
        }
        let ty = ty.unwrap_or(Type::Vector(ScalarKind::Float, 4));
        Ok(self.fb().construct(ty, &texels))
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
        let Some(split) = self.sampler_and_rest(tex, args) else {
            return Err(self.unsupported(&format!("`{name}` with these arguments"), e));
        };
        let (sampler, args) = split?;
        if args.len() != 1 {
            return Err(self.unsupported(&format!("`{name}` with these arguments"), e));
        }
        let n = if dim.is_array() {
            dim.coordinate_count() - 1
        } else {
            dim.coordinate_count()
        };
        let coord = self.coerce(args[0], &float_n(n))?;
        let lod = self
            .fb()
            .resource_op(Opcode::TextureQueryLod, &[tex, sampler, coord], &[]);
        let i = u32::from(name.ends_with("Unclamped"));
        Ok(Some(self.fb().extract(lod, &[i])))
    }
}

impl FnLower<'_, '_> {
    /// The range of the method's name in method call `e` (`GatherCmpAlpha` of
    /// `t.GatherCmpAlpha(..)`), where DXC reports what the method cannot do; the whole call
    /// when `e` is no method call.
    fn method_name_range(&self, e: ExprId) -> syntax::TextRange {
        use syntax::ast::AstNode;
        let root = hir::ids::expanded_root(self.cx.db, self.cx.file, self.cx.config);
        self.map
            .expr_syntax(e)
            .try_to_node(&root)
            .and_then(syntax::ast::MethodCallExpr::cast)
            .and_then(|m| m.name_ref())
            .map_or_else(|| self.expr_range(e), |n| n.syntax().text_range())
    }
}
