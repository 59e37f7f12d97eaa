//! Locals that hold resources: plain resource locals assigned after their declaration
//! (`Texture2D t; t = gTex;`), local arrays of resources (`Texture2D ts[2] = { a, b };`) and
//! structs with resource members (`struct Material { Texture2D albedo; float4 tint; }`), as
//! locals and as parameters.
//!
//! Vulkan forbids opaque types in function memory, so such a local is split, the way DXC's
//! legalization leaves it: its data members live in an alloca of the struct without its
//! resources (a [`SplitLocal`]), and each resource in it is a *slot* bound at compile time to
//! the resource pointer last assigned to it. An assignment rebinds a slot; a use reads the
//! binding. When the binding would depend on run-time control flow (different resources
//! assigned on the two sides of an `if`, or a reassignment inside a loop of a local declared
//! outside it), the use is an E3001 error, as DXC's legalization fails there too. A struct
//! argument holding resources picks the copy of the callee per distinct resources, like a
//! resource argument (`user_call`); its data part is passed by value.
//!
//! Called from `func.rs` (allocas and parameters), `stmt.rs` (declarations and the merging of
//! bindings after `if`, loops, `switch`), `expr.rs` (places and assignments) and
//! `user_call.rs` (arguments).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use hir::body::{Expr, ExprId, LocalId};
use ir::Value;
use types::{StructType, Type};

use crate::context::{ResourceArg, R};
use crate::func::{FnLower, Place};

/// What one member of a split struct is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Member {
    /// Field `n` of the data struct.
    Data(u32),
    /// A resource: slot `[field]`.
    Resource,
    /// An array of `len` resources: slots `[field, 0..len]`.
    ResourceArray(u32),
}

/// How a struct holding resources is split.
#[derive(Debug, Clone)]
pub struct Split {
    /// The struct without its resource members; `None` when it holds only resources.
    pub data: Option<Type>,
    /// One per member of the original struct.
    pub members: Vec<Member>,
}

impl Split {
    /// The slot paths of the resources, in member order (the order of resource arguments).
    pub fn resource_paths(&self) -> Vec<Vec<u32>> {
        let mut paths = Vec::new();
        for (i, m) in self.members.iter().enumerate() {
            match *m {
                Member::Data(_) => {}
                Member::Resource => paths.push(vec![i as u32]),
                Member::ResourceArray(n) => paths.extend((0..n).map(|k| vec![i as u32, k])),
            }
        }
        paths
    }
}

/// How struct type `ty` splits, when it has resource members (directly, or arrays of them)
/// and every other member can live in memory.
pub fn split_type(ty: &Type) -> Option<Split> {
    let Type::Struct(s) = ty else {
        return None;
    };
    let mut members = Vec::new();
    let mut data = Vec::new();
    let mut any = false;
    for f in &s.fields {
        match (&f.ty, crate::resources::resource_of(&f.ty)) {
            (Type::Array { len: Some(n), .. }, Some(_)) => {
                any = true;
                members.push(Member::ResourceArray(*n));
            }
            (Type::Resource(_), Some(_)) => {
                any = true;
                members.push(Member::Resource);
            }
            (t, None) if crate::func::is_storable(t) => {
                members.push(Member::Data(data.len() as u32));
                data.push(f.clone());
            }
            _ => return None,
        }
    }
    if !any {
        return None;
    }
    let data = (!data.is_empty()).then(|| {
        Type::Struct(Arc::new(StructType {
            name: s.name.clone(),
            fields: data,
        }))
    });
    Some(Split { data, members })
}

/// What a resource slot holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Binding {
    Bound(Value),
    /// Different resources on different paths of run-time control flow.
    Conflict,
}

/// A struct local holding resources.
#[derive(Debug, Clone)]
pub struct SplitLocal {
    pub ty: Arc<StructType>,
    pub split: Split,
    /// The alloca of the data struct.
    pub data: Option<Value>,
}

/// The per-function state of locals holding resources.
#[derive(Debug, Default)]
pub struct ResourceLocals {
    pub split: HashMap<LocalId, SplitLocal>,
    /// Local arrays of resources not bound to a global array: their length.
    pub arrays: HashMap<LocalId, u32>,
    /// Slots of split locals and local resource arrays: `(local, path)`.
    pub slots: HashMap<Slot, Binding>,
    /// Plain resource locals whose binding depends on run-time control flow.
    pub conflicts: HashSet<LocalId>,
    /// How many loops and `switch`es (not unrolled) enclose the code being lowered.
    pub loop_depth: u32,
    /// The loop depth of each local's declaration.
    pub declared_depth: HashMap<LocalId, u32>,
}

/// The bindings at one point of the code, to merge at the end of a selection.
#[derive(Debug, Clone)]
pub struct BindingState {
    locals: Vec<Option<Value>>,
    slots: HashMap<Slot, Binding>,
    conflicts: HashSet<LocalId>,
}

/// A resource slot: a local and the path of member and element indices inside it.
type Slot = (LocalId, Vec<u32>);

/// What a member or element of a local holding resources denotes.
enum Denoted {
    Slot(Slot),
    /// A data member, in the data alloca.
    Data(Place),
}

/// What an assignment to a resource writes.
enum Target {
    Local(LocalId),
    Slot(LocalId, Vec<u32>),
}

impl FnLower<'_, '_> {
    /// Registers local `l` of type `ty` when it holds resources (a split struct or a local
    /// resource array), creating the data alloca. Returns whether it did.
    pub fn register_resource_local(&mut self, l: LocalId, ty: &Type, name: &str) -> bool {
        if let Some(split) = split_type(ty) {
            let Type::Struct(s) = ty else {
                return false;
            };
            let data = split.data.clone().map(|t| self.fb().alloca(t, name));
            self.res.split.insert(
                l,
                SplitLocal {
                    ty: s.clone(),
                    split,
                    data,
                },
            );
            return true;
        }
        if let (Type::Array { len: Some(n), .. }, Some(_)) = (ty, crate::resources::resource_of(ty))
        {
            self.res.arrays.insert(l, *n);
        }
        false
    }

    /// The resource pointer expression `e` denotes (a global, an element of a global array, a
    /// descriptor heap element, or another resource local's binding).
    pub fn resource_pointer(&mut self, e: ExprId) -> R<Value> {
        if let Some(Type::Resource(res)) = self.infer.type_of_expr(e).cloned() {
            if let Some(p) = self.heap_element(e, &res) {
                return p;
            }
        }
        if self.heap_named(e) {
            return Err(self.unsupported("a descriptor heap element of this type", e));
        }
        if !self.is_place_expr(e) {
            return Err(self.unsupported("a resource chosen by this expression", e));
        }
        match self.lvalue(e)? {
            Place::Ptr(p) => Ok(p),
            _ => Err(self.unsupported("a resource chosen by this expression", e)),
        }
    }

    /// The split local or local resource array `e` names (through parentheses).
    fn resource_local_of(&self, e: ExprId) -> Option<LocalId> {
        match self.body.expr(e) {
            Expr::Paren(i) => self.resource_local_of(*i),
            Expr::Local(l) if self.res.split.contains_key(l) => Some(*l),
            Expr::Local(l)
                if self.res.arrays.contains_key(l) && self.locals[l.0 as usize].is_none() =>
            {
                Some(*l)
            }
            _ => None,
        }
    }

    /// The slot path `e` denotes inside a split local or local resource array: `m.tex`,
    /// `m.texs[1]`, `ts[0]`, or a data member ([`Denoted::Data`]). `None` when `e` is none of
    /// these.
    fn slot_of(&mut self, e: ExprId) -> Option<R<Denoted>> {
        match self.body.expr(e).clone() {
            Expr::Paren(i) => self.slot_of(i),
            Expr::Field { expr, name } => {
                let l = self.resource_local_of(expr)?;
                let sl = self.res.split.get(&l)?.clone();
                let Some(i) = sl.ty.field_index(&name) else {
                    return Some(Err(self.unsupported("this member", e)));
                };
                Some(match sl.split.members[i] {
                    Member::Data(d) => match sl.data {
                        Some(ptr) => {
                            let d = self.fb().int(d as i32);
                            Ok(Denoted::Data(Place::Ptr(self.fb().access_chain(ptr, &[d]))))
                        }
                        None => Err(self.unsupported("this member", e)),
                    },
                    Member::Resource => Ok(Denoted::Slot((l, vec![i as u32]))),
                    Member::ResourceArray(_) => Err(self.unsupported(
                        "a member array of resources used other than by a constant index",
                        e,
                    )),
                })
            }
            Expr::Index { base, index } => {
                let (l, mut path, len) = match self.body.expr(base).clone() {
                    Expr::Field { expr, name } => {
                        let l = self.resource_local_of(expr)?;
                        let sl = self.res.split.get(&l)?;
                        let i = sl.ty.field_index(&name)?;
                        let Member::ResourceArray(n) = sl.split.members[i] else {
                            return None;
                        };
                        (l, vec![i as u32], n)
                    }
                    _ => {
                        let l = self.resource_local_of(base)?;
                        let n = *self.res.arrays.get(&l)?;
                        (l, Vec::new(), n)
                    }
                };
                let k = self.const_int(index).and_then(|k| u32::try_from(k).ok());
                Some(match k {
                    Some(k) if k < len => {
                        path.push(k);
                        Ok(Denoted::Slot((l, path)))
                    }
                    Some(_) => Err(self.unsupported("an index past the end of this array", e)),
                    None => {
                        Err(self
                            .unsupported("a run-time index into a local array of resources", index))
                    }
                })
            }
            _ => None,
        }
    }

    /// The place of `e` when it is a member or element of a local holding resources.
    pub fn resource_local_place(&mut self, e: ExprId) -> Option<R<Place>> {
        if self.res.split.is_empty() && self.res.arrays.is_empty() && self.res.conflicts.is_empty()
        {
            return None;
        }
        if let Expr::Local(l) = self.body.expr(e) {
            if self.res.conflicts.contains(l) {
                return Some(Err(self.runtime_choice(e)));
            }
        }
        let slot = match self.slot_of(e)? {
            Ok(Denoted::Slot(slot)) => slot,
            Ok(Denoted::Data(place)) => return Some(Ok(place)),
            Err(u) => return Some(Err(u)),
        };
        Some(self.read_slot(&slot, e).map(Place::Ptr))
    }

    fn read_slot(&mut self, slot: &Slot, e: ExprId) -> R<Value> {
        match self.res.slots.get(slot).copied() {
            Some(Binding::Bound(p)) => Ok(p),
            Some(Binding::Conflict) => Err(self.runtime_choice(e)),
            None => Err(self.unsupported("a resource used before one is assigned to it", e)),
        }
    }

    /// E3001: the resource `e` denotes depends on run-time control flow.
    fn runtime_choice(&mut self, e: ExprId) -> crate::context::Unsupported {
        let range = self.expr_range(e);
        self.cx.error(
            crate::NOT_SUPPORTED,
            "this resource depends on run-time control flow (different resources are assigned \
             to it on different paths); Vulkan needs each use to name one resource"
                .to_owned(),
            range,
        )
    }

    /// Why local `l` has no pointer, when it is one of ours.
    pub fn resource_local_error(
        &mut self,
        l: LocalId,
        range: syntax::TextRange,
    ) -> Option<crate::context::Unsupported> {
        if self.res.conflicts.contains(&l) {
            let u = self.cx.error(
                crate::NOT_SUPPORTED,
                "this resource depends on run-time control flow (different resources are \
                 assigned to it on different paths); Vulkan needs each use to name one resource"
                    .to_owned(),
                range,
            );
            return Some(u);
        }
        if self.res.split.contains_key(&l) {
            return Some(self.cx.unsupported(
                "using a struct holding resources as a whole other than to copy it or pass it \
                 as an `in` argument",
                range,
            ));
        }
        None
    }

    /// `lhs = rhs` when `lhs` is a resource local, a resource in a split local, or a whole
    /// split local; `None` when it is none of these.
    pub fn assign_resource(&mut self, lhs: ExprId, rhs: ExprId) -> Option<R<()>> {
        let ty = self.infer.type_of_expr(lhs)?;
        if crate::resources::resource_of(ty).is_none() && split_type(ty).is_none() {
            return None;
        }
        if let Some(l) = self.resource_local_of(lhs) {
            if self.res.split.contains_key(&l) {
                return Some(self.copy_split(l, rhs));
            }
            return Some(self.init_resource_array(l, rhs));
        }
        let target = match self.body.expr(lhs) {
            Expr::Local(l) => {
                let ty = self.infer.type_of_local(*l)?;
                if !matches!(ty, Type::Resource(_)) || crate::resources::resource_of(ty).is_none() {
                    return None;
                }
                Target::Local(*l)
            }
            _ => match self.slot_of(lhs)? {
                Ok(Denoted::Slot((l, path))) => Target::Slot(l, path),
                Ok(Denoted::Data(_)) => return None,
                Err(u) => return Some(Err(u)),
            },
        };
        Some(
            self.resource_pointer(rhs)
                .and_then(|p| self.bind(target, p, lhs)),
        )
    }

    /// Binds `target` to `p`; inside a loop, a local declared outside it may not change.
    fn bind(&mut self, target: Target, p: Value, e: ExprId) -> R<()> {
        let (l, current) = match &target {
            Target::Local(l) => (*l, self.locals[l.0 as usize].map(Binding::Bound)),
            Target::Slot(l, path) => (*l, self.res.slots.get(&(*l, path.clone())).copied()),
        };
        let declared = self.res.declared_depth.get(&l).copied().unwrap_or(0);
        if declared < self.res.loop_depth && current != Some(Binding::Bound(p)) {
            return Err(self.runtime_choice(e));
        }
        match target {
            Target::Local(l) => {
                self.locals[l.0 as usize] = Some(p);
                self.res.conflicts.remove(&l);
            }
            Target::Slot(l, path) => {
                self.res.slots.insert((l, path), Binding::Bound(p));
            }
        }
        Ok(())
    }

    /// `Material m2 = m;` or `m2 = m;`: copies the data and the bindings of another split
    /// local of the same type, or an initializer list with one element per member.
    pub fn copy_split(&mut self, to: LocalId, from: ExprId) -> R<()> {
        let Some(dst) = self.res.split.get(&to).cloned() else {
            return Err(self.unsupported("this assignment", from));
        };
        if let Expr::InitList(items) = self.body.expr(from).clone() {
            if items.len() != dst.ty.fields.len() {
                return Err(self.unsupported(
                    "an initializer list for a struct holding resources with other than one \
                     element per member",
                    from,
                ));
            }
            for (i, &item) in items.iter().enumerate() {
                match dst.split.members[i] {
                    Member::Data(d) => {
                        let ptr = dst.data.expect("data members have an alloca");
                        let ty = dst.ty.fields[i].ty.clone();
                        let v = self.coerce(item, &ty)?;
                        let d = self.fb().int(d as i32);
                        let field = self.fb().access_chain(ptr, &[d]);
                        self.fb().store(field, v);
                    }
                    Member::Resource => {
                        let p = self.resource_pointer(item)?;
                        self.bind(Target::Slot(to, vec![i as u32]), p, item)?;
                    }
                    Member::ResourceArray(_) => {
                        return Err(
                            self.unsupported("an array of resources in an initializer list", item)
                        )
                    }
                }
            }
            return Ok(());
        }
        let Some(src) = self.resource_local_of(from) else {
            return Err(self.unsupported("a struct holding resources initialized with this", from));
        };
        let Some(sl) = self.res.split.get(&src).cloned() else {
            return Err(self.unsupported("this assignment", from));
        };
        if let (Some(d), Some(s)) = (dst.data, sl.data) {
            let v = self.fb().load(s);
            self.fb().store(d, v);
        }
        for path in dst.split.resource_paths() {
            let slot = (src, path.clone());
            let p = self.read_slot(&slot, from)?;
            self.bind(Target::Slot(to, path), p, from)?;
        }
        Ok(())
    }

    /// `Texture2D ts[2] = { a, b };`: binds each element.
    pub fn init_resource_array(&mut self, l: LocalId, init: ExprId) -> R<()> {
        let Expr::InitList(items) = self.body.expr(init).clone() else {
            return Err(self.unsupported("assigning a whole local array of resources", init));
        };
        let len = self.res.arrays.get(&l).copied().unwrap_or(0);
        if items.len() != len as usize {
            return Err(self.unsupported("an initializer list of another length", init));
        }
        for (k, &item) in items.iter().enumerate() {
            let p = self.resource_pointer(item)?;
            self.bind(Target::Slot(l, vec![k as u32]), p, item)?;
        }
        Ok(())
    }

    /// The resources and data value a split argument `a` passes: one [`ResourceArg`] per
    /// resource slot (each must be a whole resource global), and the loaded data struct.
    pub fn split_argument(&mut self, a: ExprId) -> R<(Vec<ResourceArg>, Option<Value>)> {
        let Some(l) = self
            .resource_local_of(a)
            .filter(|l| self.res.split.contains_key(l))
        else {
            return Err(self.unsupported("this argument holding resources (pass a local)", a));
        };
        let sl = self.res.split[&l].clone();
        let mut resources = Vec::new();
        for path in sl.split.resource_paths() {
            match self.read_slot(&(l, path), a)? {
                Value::Global(global) => resources.push(ResourceArg {
                    global,
                    indexed: false,
                }),
                _ => {
                    return Err(self.unsupported(
                        "passing a struct whose resource member is an array element",
                        a,
                    ))
                }
            }
        }
        let data = sl.data.map(|d| self.fb().load(d));
        Ok((resources, data))
    }

    /// Binds parameter `l`'s slots to the resources its function copy is for.
    pub fn bind_split_param(&mut self, l: LocalId, resources: &[ir::Global]) {
        let Some(sl) = self.res.split.get(&l).cloned() else {
            return;
        };
        for (path, &g) in sl.split.resource_paths().into_iter().zip(resources) {
            self.res
                .slots
                .insert((l, path), Binding::Bound(Value::Global(g)));
        }
    }

    /// The bindings now.
    pub fn binding_state(&self) -> BindingState {
        BindingState {
            locals: self.locals.clone(),
            slots: self.res.slots.clone(),
            conflicts: self.res.conflicts.clone(),
        }
    }

    pub fn restore_bindings(&mut self, s: BindingState) {
        self.locals = s.locals;
        self.res.slots = s.slots;
        self.res.conflicts = s.conflicts;
    }

    /// After a selection: the bindings of the arms that reach the merge (`reached`), where
    /// they disagree a conflict.
    pub fn merge_bindings(&mut self, reached: Vec<BindingState>) {
        let mut states = reached.into_iter();
        let Some(mut merged) = states.next() else {
            return;
        };
        for s in states {
            for (i, v) in s.locals.iter().enumerate() {
                if merged.locals[i] != *v {
                    merged.locals[i] = None;
                    merged.conflicts.insert(LocalId(i as u32));
                }
            }
            merged.conflicts.extend(s.conflicts.iter().copied());
            for (k, b) in &s.slots {
                let m = merged.slots.entry(k.clone()).or_insert(Binding::Conflict);
                if m != b {
                    *m = Binding::Conflict;
                }
            }
            for (k, m) in merged.slots.iter_mut() {
                if !s.slots.contains_key(k) {
                    *m = Binding::Conflict;
                }
            }
        }
        self.restore_bindings(merged);
    }
}
