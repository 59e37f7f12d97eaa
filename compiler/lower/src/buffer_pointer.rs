//! `vk::BufferPointer<T, A>` (hlsl-specs proposal 0010, DXC's `vk::BufferPointer`): an IR
//! value of type `bufptr<T, A>` holding a device address. `p.Get()` names the `T` at that
//! address as a [`Place::Pointee`]; a member or array element of it (nested, in any
//! number of steps) extends the place's access path, so the `vk::BufferPointer::Load` and
//! `Store` intrinsics read or write that part only. Components of a vector or matrix are
//! picked from the loaded value. Called from `call` (`p.Get()`) and `expr` (parts, and
//! assignments).
//!
//! A component of a vector behind the pointer (`p.Get().v.y`, `p.Get().v[i]`) ends the access
//! path, so a write stores that component alone (a read-modify-write of the whole vector would
//! race with invocations writing its other components); a swizzle writes its components one
//! by one. An `Interlocked*` on a scalar behind the pointer names it by the same path.
//!
//! The pointee is laid out as a storage buffer under the layout flags (`-fvk-use-*-layout`,
//! [`ir::Module::buffer_pointer_layout`]).
//!
//! A whole matrix pointee (`vk::BufferPointer<float2x2>`) is written element by element as a
//! matrix member is: the backend enters the one-member struct it sits in. A matrix with one
//! row or one column (`float1x3`, `float3x1`) keeps the same row-and-column path; the backend
//! maps it onto the vector that stores the matrix (the only row is the whole vector, row `r`
//! of a one-column matrix is component `r`).

use hir::body::{Expr, ExprId};
use ir::Value;
use types::{ScalarKind, Type};

use crate::context::R;
use crate::func::{FnLower, Place};

impl FnLower<'_, '_> {
    /// `receiver.name(args)` when the receiver is a buffer pointer: the place `p.Get()`
    /// names; `None` for other receivers.
    pub(crate) fn buffer_pointer_get(
        &mut self,
        e: ExprId,
        receiver: ExprId,
        name: &str,
        args: &[ExprId],
    ) -> Option<R<Place>> {
        let ty = self.infer.type_of_expr(receiver)?.clone();
        if !matches!(ty, Type::BufferPointer { .. }) {
            return None;
        }
        if name != "Get" || !args.is_empty() {
            return Some(Err(self.unsupported("this buffer pointer method", e)));
        }
        Some(
            self.coerce(receiver, &ty)
                .map(|p| Place::Pointee(p, Vec::new())),
        )
    }

    /// Whether `e` is a struct member or array element, possibly nested, of a `p.Get()`:
    /// a part a read loads alone.
    pub(crate) fn is_pointee_part(&self, e: ExprId) -> bool {
        let is_get = |fx: &Self, e: ExprId| match fx.body.expr(e) {
            Expr::MethodCall { receiver, name, .. } => {
                name == "Get"
                    && matches!(
                        fx.infer.type_of_expr(*receiver),
                        Some(Type::BufferPointer { .. })
                    )
            }
            _ => false,
        };
        let mut cur = e;
        let mut steps = 0;
        loop {
            let inner = match self.body.expr(cur) {
                Expr::Paren(inner) => *inner,
                Expr::Field { expr, .. }
                    if matches!(self.infer.type_of_expr(*expr), Some(Type::Struct(_))) =>
                {
                    *expr
                }
                Expr::Index { base, .. }
                    if matches!(self.infer.type_of_expr(*base), Some(Type::Array { .. })) =>
                {
                    *base
                }
                _ => return steps > 0 && is_get(self, cur),
            };
            steps += 1;
            cur = inner;
        }
    }

    /// Member `name` of the struct at `path` behind `ptr` (`p.Get().m = v`), or components of
    /// the vector there (`p.Get().v.x = v`: one component extends the path, several are a
    /// swizzle of the vector's place that [`FnLower::store_pointee_components`] writes one by
    /// one).
    pub(crate) fn pointee_member(
        &mut self,
        e: ExprId,
        ptr: Value,
        mut path: Vec<Value>,
        name: &str,
    ) -> R<Place> {
        let place = Place::Pointee(ptr, path.clone());
        match self.place_type(&place) {
            Type::Struct(s) => {
                let Some(i) = s.field_index(name) else {
                    return Err(self.unsupported("this member", e));
                };
                path.push(self.fb().int(i as i32));
                Ok(Place::Pointee(ptr, path))
            }
            Type::Vector(_, n) => match crate::expr::swizzle_components(name) {
                Some(c) if c.iter().all(|&c| c < n) && c.len() == 1 => {
                    path.push(self.fb().int(i32::from(c[0])));
                    Ok(Place::Pointee(ptr, path))
                }
                Some(c) if c.iter().all(|&c| c < n) => Ok(Place::Swizzle(Box::new(place), c)),
                _ => Err(self.unsupported("this member", e)),
            },
            Type::Scalar(_) => match crate::expr::swizzle_components(name) {
                Some(c) if c.iter().all(|&c| c == 0) => Ok(Place::Swizzle(Box::new(place), c)),
                _ => Err(self.unsupported("this member", e)),
            },
            // `m._m12`: one element is its row and column on the path; several are written
            // one by one (`store_pointee_elements`). A whole matrix pointee too: the backend
            // enters the struct its memory type wraps it in. A matrix with one row or column
            // is stored as a vector; the backend maps the row and column to its component.
            Type::Matrix { rows, cols, .. } => {
                match crate::expr::matrix_swizzle(name, rows, cols) {
                    Ok(elements) if elements.len() == 1 => {
                        let (r, c) = elements[0];
                        path.push(self.fb().int(i32::from(r)));
                        path.push(self.fb().int(i32::from(c)));
                        Ok(Place::Pointee(ptr, path))
                    }
                    Ok(elements) => Ok(Place::MatrixSwizzle(Box::new(place), elements)),
                    Err(()) => Err(self.unsupported("this matrix member", e)),
                }
            }
            _ => Err(self.unsupported("this member", e)),
        }
    }

    /// Element `index` of the array at `path` behind `ptr` (`p.Get().a[i] = v`), or component
    /// `index` of the vector there (`p.Get().v[i] = v`).
    pub(crate) fn pointee_element(
        &mut self,
        e: ExprId,
        ptr: Value,
        mut path: Vec<Value>,
        index: ExprId,
    ) -> R<Place> {
        let place = Place::Pointee(ptr, path.clone());
        // A matrix member's step is a row (`m[1]`, then `m[1][2]` one element of it).
        if !matches!(
            self.place_type(&place),
            Type::Array { .. } | Type::Vector(..) | Type::Matrix { .. }
        ) {
            return Err(self.unsupported("indexing this part of a vk::BufferPointer pointee", e));
        }
        path.push(self.index_value(index)?);
        Ok(Place::Pointee(ptr, path))
    }

    /// Writes `v` to components `comps` of the vector at `path` behind `ptr`, one store per
    /// component: the other components stay untouched in memory, as another invocation may
    /// be writing them.
    pub(crate) fn store_pointee_components(
        &mut self,
        ptr: Value,
        path: &[Value],
        comps: &[u8],
        v: Value,
    ) {
        let single = comps.len() == 1 || !matches!(self.type_of(v), Type::Vector(..));
        for (i, &c) in comps.iter().enumerate() {
            let part = if single {
                v
            } else {
                self.fb().extract(v, &[i as u32])
            };
            let index = self.fb().int(i32::from(c));
            let mut ops = vec![ptr, part];
            ops.extend(path);
            ops.push(index);
            self.fb()
                .call_intrinsic(ir::Intrinsic::BufferPointerStore, Type::Void, &ops);
        }
    }

    /// `vk::BufferPointer<T, A>(address)`, `uint64_t(p)` and a pointer cast: a bitcast
    /// between the pointer and its 64-bit address (another scalar converted to `uint64_t`
    /// first), or between two buffer pointer types; `(bool)p` compares the address with 0;
    /// a cast to another scalar converts the address.
    pub(crate) fn convert_buffer_pointer(
        &mut self,
        v: Value,
        from: &Type,
        to: &Type,
        e: ExprId,
    ) -> R<Value> {
        let u64_ty = Type::Scalar(ScalarKind::Uint64);
        match (from, to) {
            (Type::BufferPointer { .. }, Type::BufferPointer { .. }) => {
                Ok(self.fb().bitcast(v, to.clone()))
            }
            (Type::BufferPointer { .. }, t) if *t == u64_ty => Ok(self.fb().bitcast(v, u64_ty)),
            // `(bool)p`: whether the pointer is not null (the proposal).
            (Type::BufferPointer { .. }, Type::Scalar(ScalarKind::Bool)) => {
                let address = self.fb().bitcast(v, u64_ty);
                let null = self.fb().constant(ir::Constant::uint64(0));
                Ok(self.fb().compare(ir::Opcode::Ne, address, null))
            }
            // Any scalar converts to the `uint64_t` the constructor takes first.
            (Type::Scalar(_), Type::BufferPointer { .. }) => {
                let address = self.convert_value(v, from, &u64_ty, e)?;
                Ok(self.fb().bitcast(address, to.clone()))
            }
            // `(uint)p`, `(float)p`: the address, then the scalar conversion from `uint64_t`
            // (the pointer converts to its address as to a `uint64_t`, then as that would).
            (Type::BufferPointer { .. }, Type::Scalar(_)) => {
                let address = self.fb().bitcast(v, u64_ty.clone());
                self.convert_value(address, &u64_ty, to, e)
            }
            _ => Err(self.unsupported(&format!("converting {from} to {to}"), e)),
        }
    }

    /// Writes `v` to elements `elements` (row, column) of the matrix at `path` behind `ptr`,
    /// one store per element, as components of a vector are written.
    pub(crate) fn store_pointee_elements(
        &mut self,
        ptr: Value,
        path: &[Value],
        elements: &[(u8, u8)],
        v: Value,
    ) {
        let single = elements.len() == 1 || !matches!(self.type_of(v), Type::Vector(..));
        for (i, &(r, c)) in elements.iter().enumerate() {
            let part = if single {
                v
            } else {
                self.fb().extract(v, &[i as u32])
            };
            let mut ops = vec![ptr, part];
            ops.extend(path);
            ops.push(self.fb().int(i32::from(r)));
            ops.push(self.fb().int(i32::from(c)));
            self.fb()
                .call_intrinsic(ir::Intrinsic::BufferPointerStore, Type::Void, &ops);
        }
    }
}

impl crate::context::ModuleCtx<'_> {
    /// Marks static global `g`, declared by `idx`, `[[vk::aliased_pointer]]` when it says so.
    pub(crate) fn mark_aliased_pointer(&mut self, idx: hir::item_tree::ItemIdx, g: ir::Global) {
        if crate::attrs::item_attr(self, idx, ALIASED).is_some() {
            self.mb.module_mut().globals[g].aliased_pointer = true;
        }
    }
}

impl FnLower<'_, '_> {
    /// Records local or parameter `l`, whose memory is `ptr` (and whose value arrives as
    /// argument `arg`), as `[[vk::aliased_pointer]]` when its declaration says so.
    pub(crate) fn mark_aliased_local(
        &mut self,
        l: hir::body::LocalId,
        ptr: Value,
        arg: Option<u32>,
    ) {
        let root = hir::ids::expanded_root(self.cx.db, self.cx.file, self.cx.config);
        let Some(name) = self.map.local_syntax(l).try_to_node(&root) else {
            return;
        };
        if !crate::attrs::local_has_attr(&name, ALIASED) {
            return;
        }
        let f = &mut self.cx.mb.module_mut().functions[self.func];
        f.aliased_pointers.push(ptr);
        if let Some(n) = arg.filter(|&n| Value::Arg(n) != ptr) {
            f.aliased_pointers.push(Value::Arg(n));
        }
    }
}

/// The proposal's attribute for buffer pointers that may alias each other.
const ALIASED: &str = "vk::aliased_pointer";

/// Whether any type of module `m` holds a buffer pointer: a global, a parameter, an
/// instruction's result.
pub(crate) fn module_has_buffer_pointers(m: &ir::Module) -> bool {
    let globals = m.globals.iter().map(|(_, g)| &g.ty);
    let functions = m.functions.iter().flat_map(|(_, f)| {
        f.params
            .iter()
            .map(|p| &p.ty)
            .chain(f.insts.iter().map(|(_, d)| &d.ty))
    });
    globals.chain(functions).any(holds_buffer_pointer)
}

/// Whether `ty` is or contains a buffer pointer.
fn holds_buffer_pointer(ty: &Type) -> bool {
    match ty {
        Type::BufferPointer { .. } => true,
        Type::Array { element, .. } => holds_buffer_pointer(element),
        Type::Struct(s) => s.fields.iter().any(|f| holds_buffer_pointer(&f.ty)),
        Type::Pointer { pointee, .. } => holds_buffer_pointer(pointee),
        Type::Resource(r) => r.element().is_some_and(holds_buffer_pointer),
        _ => false,
    }
}
