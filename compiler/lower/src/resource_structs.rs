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
//! outside it), the use is an E3020 error, as DXC's legalization fails there too. A struct
//! argument holding resources picks the copy of the callee per distinct resources, like a
//! resource argument (`user_call`); its data part is passed by value, followed by the `int`
//! index of each resource member bound to an element of a global array. A function returning
//! such a struct returns its data part and is lowered before its first caller, which then
//! binds a temporary to the resource globals the callee's `return`s name (they must agree;
//! an element at a run-time index comes back through a hidden `out int`, `resource_handed`).
//! A function returning a plain resource returns nothing in the IR; its caller uses the
//! global its `return`s name. The `return` side of both is `resource_returns`.
//! A method of such a struct takes a pointer to its data part as `this` (none without data)
//! and its copy is picked by the object's resources; inside, `this` and its members denote a
//! split temporary.
//! A member array of resources holding a whole global array in order stands for that global
//! when used whole (passed to a function taking an array).
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
use crate::resource_handed::Handed;
use crate::user_call::Receiver;

/// The E3020 message of a resource chosen by run-time control flow (an `[unroll]` loop that
/// causes it is unrolled, see `unroll`).
pub const RUNTIME_CHOICE: &str = "this resource depends on run-time control flow (different \
     resources are assigned to it on different paths); Vulkan needs each use to name one \
     resource, and DXC fails here too (\"generated SPIR-V is invalid\" once its legalization \
     cannot remove the choice)";

/// How DXC fails where a resource is chosen at run time: its legalization cannot remove the
/// resource kept in function memory, and its validator refuses the module.
pub const DXC_FAILS: &str =
    "DXC fails here too (\"generated SPIR-V is invalid\" once its legalization cannot remove \
     the choice)";

/// What one member of a split struct is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Member {
    /// Field `n` of the data struct.
    Data(u32),
    /// A resource: slot `[field]`.
    Resource,
    /// An array of `len` resources: slots `[field, 0..len]`.
    ResourceArray(u32),
    /// A struct holding resources: slots `[field, ...]`, and its data part as field `n` of
    /// the data struct (when it has data).
    Nested(Box<Split>, Option<u32>),
}

/// How a struct holding resources is split.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// The struct without its resource members; `None` when it holds only resources.
    pub data: Option<Type>,
    /// One per member of the original struct.
    pub members: Vec<Member>,
    /// The members' names.
    pub names: Vec<String>,
    /// An array of structs holding resources: member `k` is element `k` (its data is an
    /// array of the element's data part).
    pub is_array: bool,
}

impl Split {
    /// The slot paths of the resources, in member order (the order of resource arguments).
    pub fn resource_paths(&self) -> Vec<Vec<u32>> {
        let mut paths = Vec::new();
        for (i, m) in self.members.iter().enumerate() {
            let i = i as u32;
            match m {
                Member::Data(_) => {}
                Member::Resource => paths.push(vec![i]),
                Member::ResourceArray(n) => paths.extend((0..*n).map(|k| vec![i, k])),
                Member::Nested(sub, _) => paths.extend(sub.resource_paths().into_iter().map(|p| {
                    let mut q = vec![i];
                    q.extend(p);
                    q
                })),
            }
        }
        paths
    }
}

/// How struct type `ty` splits, when it has resource members (directly, in arrays or in
/// member structs) and every other member can live in memory.
pub fn split_type(ty: &Type) -> Option<Split> {
    if let Type::Array {
        element,
        len: Some(n),
    } = ty
    {
        // An array of structs holding resources: one nested member per element.
        let sub = split_type(element)?;
        return Some(Split {
            data: sub.data.clone().map(|d| Type::array(d, *n)),
            members: (0..*n)
                .map(|k| Member::Nested(Box::new(sub.clone()), sub.data.as_ref().map(|_| k)))
                .collect(),
            names: (0..*n).map(|k| k.to_string()).collect(),
            is_array: true,
        });
    }
    let Type::Struct(s) = ty else {
        return None;
    };
    let mut members = Vec::new();
    let mut data = Vec::new();
    let mut any = false;
    for f in &s.fields {
        if let Some(sub) = split_type(&f.ty) {
            any = true;
            let d = sub.data.clone().map(|t| {
                data.push(types::StructField { ty: t, ..f.clone() });
                data.len() as u32 - 1
            });
            members.push(Member::Nested(Box::new(sub), d));
            continue;
        }
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
    let names = s.fields.iter().map(|f| f.name.clone()).collect();
    Some(Split {
        data,
        members,
        names,
        is_array: false,
    })
}

/// How a function's returned struct splits, and the resource (a global, a constant element
/// of one, or an element at a run-time index handed back through a hidden parameter) its
/// `return`s leave in each slot (`None` for one never assigned), known once its body is
/// lowered.
pub type SplitReturn = (Split, Option<Vec<Option<Handed>>>);

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
    pub split: Split,
    /// The alloca of the data struct.
    pub data: Option<Value>,
}

/// The per-function state of locals holding resources.
#[derive(Debug, Default, Clone)]
pub struct ResourceLocals {
    pub split: HashMap<LocalId, SplitLocal>,
    /// Local arrays of resources not bound to a global array: their length.
    pub arrays: HashMap<LocalId, u32>,
    /// The access chains naming constant elements of global arrays, made once at the top of
    /// the entry block (`resource_statics::static_pointer`), so that one element is one value.
    pub element_pointers: HashMap<(ir::Global, i64), Value>,
    /// Slots of split locals and local resource arrays: `(local, path)`.
    pub slots: HashMap<Slot, Binding>,
    /// Plain resource locals whose binding depends on run-time control flow.
    pub conflicts: HashSet<LocalId>,
    /// How many loops and `switch`es (not unrolled) enclose the code being lowered.
    pub loop_depth: u32,
    /// The loop depth of each local's declaration.
    pub declared_depth: HashMap<LocalId, u32>,
    /// The function a call returning a struct holding resources just called.
    pub last_split_call: Option<ir::Func>,
    /// The temporaries that call passed to its hidden index parameters (`resource_handed`).
    pub index_temps: crate::resource_handed::IndexTemps,
    /// Temporaries holding such calls' results in the statement being lowered, by call.
    pub call_temps: HashMap<ExprId, LocalId>,
    /// Run-time indices with effects (`arr[j++]`) already evaluated, as `int`, for an
    /// expression that reads them once per slot (`resource_index::indexed_temp`).
    pub evaluated_indices: HashMap<ExprId, Value>,
    /// Assignments of resources used as values, lowered in the statement being lowered
    /// (`resource_assign`).
    pub assigned: HashSet<ExprId>,
    /// How many temporaries there are (their ids follow the body's locals).
    pub temps: u32,
    /// In a method of a struct holding resources: the temporary standing for `this`.
    pub this_local: Option<LocalId>,
    /// The temporaries standing for `static` globals holding resources, by item
    /// (`resource_statics`).
    pub statics: HashMap<hir::item_tree::ItemIdx, LocalId>,
    /// The temporaries standing, in the functions calling it, for a `static` resource local
    /// whose resource flows through calls (`static_flow`).
    pub local_statics: HashMap<crate::static_flow::StaticId, LocalId>,
    /// The `out`/`inout` parameters holding resources: declared index and local
    /// (`resource_out`).
    pub out_params: Vec<(u32, LocalId)>,
    /// The element pointers parameters' slots came in with, where the caller passed an
    /// element of a resource array with its index (`resource_out`: handed back unchanged).
    pub incoming: HashMap<Slot, Value>,
    /// Whether the code being lowered is dead by compile-time conditions
    /// (`resource_choice`).
    pub flow: crate::resource_choice::StaticFlow,
    /// Set when statically dead code used a resource never assigned: its statement is
    /// dropped (`resource_dead`).
    pub dead_use: bool,
    /// Set while a declaration that may be dropped is lowered: a use of a resource never
    /// assigned drops it (`resource_unread`).
    pub dropping: bool,
    /// The locals named by the body's expressions, worked out on first need
    /// (`resource_unread`).
    pub named_locals: Option<Arc<HashSet<LocalId>>>,
    /// Incoming index arguments of this copy that are one more than another's (the key
    /// follows the value; `resource_runs`).
    pub arg_follows: HashMap<u32, u32>,
    /// `static` locals holding resources in a function run once per invocation, split like
    /// locals (`static_assign`).
    pub static_once: HashSet<LocalId>,
    /// `static` resource locals of a called function that every assignment (and the
    /// initializer) gives the same resource: aliases of it, their assignments without effect
    /// (`static_assign`).
    pub alias_statics: HashSet<LocalId>,
    /// The element pointer each `static` resource initialized at a run-time index stands
    /// for in this function (`resource_statics::indexed_static_pointer`).
    pub indexed_statics: HashMap<hir::item_tree::ItemIdx, Value>,
    /// Loops rebinding resources declared outside them (`resource_loops`).
    pub loops: crate::resource_loops::LoopRebinds,
    /// The assignments each resource local or slot may hold the resource of, for the
    /// labels of `E3020` (`resource_labels`).
    pub origins: crate::resource_labels::Origins,
    /// How the body writes its locals, worked out on first need (`local_constants`).
    pub local_writes: std::cell::OnceCell<std::rc::Rc<crate::local_constants::LocalWrites>>,
}

/// The bindings at one point of the code, to merge at the end of a selection.
#[derive(Debug, Clone)]
pub struct BindingState {
    locals: Vec<Option<Value>>,
    slots: HashMap<Slot, Binding>,
    conflicts: HashSet<LocalId>,
    origins: crate::resource_labels::Origins,
}

impl BindingState {
    /// What resource local (no path) or slot `r` holds.
    pub(crate) fn binding_of(&self, r: &crate::resource_loops::Rebound) -> Option<Binding> {
        match r {
            (l, Some(path)) => self.slots.get(&(*l, path.clone())).copied(),
            (l, None) if self.conflicts.contains(l) => Some(Binding::Conflict),
            (l, None) => self.locals[l.0 as usize].map(Binding::Bound),
        }
    }

    pub(crate) fn set_slot(&mut self, slot: Slot, b: Binding) {
        self.slots.insert(slot, b);
    }

    pub(crate) fn set_local_conflict(&mut self, l: LocalId) {
        self.locals[l.0 as usize] = None;
        self.conflicts.insert(l);
    }
}

/// The object of a method of a struct holding resources: its resources, the pointer to its
/// data part, the indices of those resources that are array elements.
pub type SplitReceiver = (Vec<ResourceArg>, Option<Value>, Vec<Value>);

/// A resource slot: a local and the path of member and element indices inside it.
pub(crate) type Slot = (LocalId, Vec<u32>);

/// The slots of the `n` elements of array `path` of local `l`, in order.
pub(crate) fn element_slots(l: LocalId, path: &[u32], n: u32) -> Vec<Slot> {
    (0..n)
        .map(|k| {
            let mut p = path.to_vec();
            p.push(k);
            (l, p)
        })
        .collect()
}

/// What a member or element of a local holding resources denotes. Nothing is emitted until
/// a data place is needed.
#[derive(Debug, Clone)]
pub(crate) enum Denoted {
    Slot(Slot),
    /// A resource at a run-time index (`resource_index`); lowered only when used.
    Element(crate::resource_index::Strided),
    /// A data member: the data alloca of the local and the indices into it.
    Data(Value, Vec<u32>),
    /// A data member of an element at a run-time index of a local array of structs
    /// (`resource_index`).
    IndexedData(crate::resource_index::IndexedData),
    /// The local or one of its member structs holding resources.
    Struct(StructPart),
    /// An element at a run-time index of a local array of structs holding resources, or a
    /// member struct of one (`resource_index`).
    Indexed(crate::resource_index::Indexed),
    /// An array of resource slots: the local, the path to it, its length.
    Array(LocalId, Vec<u32>, u32),
    /// An array member of an element at a run-time index (`resource_index`): the run of
    /// the member across the elements (its suffix the path to the array), the array's length.
    IndexedArray(crate::resource_index::Strided, u32),
}

/// A split local or a member struct of it.
#[derive(Debug, Clone)]
pub(crate) struct StructPart {
    pub(crate) local: LocalId,
    pub(crate) path: Vec<u32>,
    pub(crate) split: Split,
    /// The data alloca of the local and the indices of this part's data in it.
    pub(crate) data: Option<(Value, Vec<u32>)>,
}

impl StructPart {
    /// The part that nested struct member `sub` at `path` is, with data member `d` (of this
    /// part's data) as its data.
    pub(crate) fn nested(&self, path: Vec<u32>, sub: &Split, d: Option<u32>) -> StructPart {
        let data = match (self.data.clone(), d) {
            (Some((ptr, mut at)), Some(d)) => {
                at.push(d);
                Some((ptr, at))
            }
            _ => None,
        };
        StructPart {
            local: self.local,
            path,
            split: sub.clone(),
            data,
        }
    }
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
            let data = split.data.clone().map(|t| self.fb().alloca(t, name));
            self.res.split.insert(l, SplitLocal { split, data });
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
        if let Some(p) = self.constant_element(e)? {
            return Ok(p);
        }
        match self.lvalue(e)? {
            Place::Ptr(p) => Ok(p),
            _ => Err(self.unsupported("a resource chosen by this expression", e)),
        }
    }

    /// [`Self::resource_pointer`] of a value assigned to a resource of type `to`: a descriptor
    /// heap element takes the type it is assigned to (`t = ResourceDescriptorHeap[i];`), as in
    /// a declaration.
    fn resource_pointer_as(&mut self, e: ExprId, to: &Type) -> R<Value> {
        if let Type::Resource(res) = to {
            if let Some(p) = self.heap_element(e, res) {
                return p;
            }
        }
        self.resource_pointer(e)
    }

    /// What `e` denotes inside a split local or local resource array: `m`, `m.tex`,
    /// `m.inner.texs[1]`, `ts[0]`, a data member. `None` when `e` is none of these.
    pub(crate) fn denote(&mut self, e: ExprId) -> Option<R<Denoted>> {
        match self.body.expr(e).clone() {
            Expr::Paren(i) => self.denote(i),
            // `(Material)m`: a cast of a struct holding resources to its own type; to another
            // type, a temporary holding the converted value (`resource_cast`).
            Expr::Cast { expr, .. } => {
                let to = self.infer.type_of_expr(e)?;
                if Some(to) == self.infer.type_of_expr(expr) {
                    return self.denote(expr);
                }
                let split = split_type(to)?;
                Some(self.cast_temp(e, expr, split).map(|l| self.temp_part(l)))
            }
            Expr::Conditional { .. } => match self.chosen_arm(e)? {
                Ok(arm) => self.denote(arm),
                Err(u) => Some(Err(u)),
            },
            // `(b = a)`: `b`, once assigned (`resource_assign`).
            Expr::Binary { .. } => match self.assigned_target(e)? {
                Ok(lhs) => self.denote(lhs),
                Err(u) => Some(Err(u)),
            },
            Expr::Local(l) => {
                if let Some(sl) = self.res.split.get(&l) {
                    return Some(Ok(Denoted::Struct(StructPart {
                        local: l,
                        path: Vec::new(),
                        split: sl.split.clone(),
                        data: sl.data.map(|d| (d, Vec::new())),
                    })));
                }
                let n = *self.res.arrays.get(&l)?;
                self.locals[l.0 as usize]
                    .is_none()
                    .then_some(Ok(Denoted::Array(l, Vec::new(), n)))
            }
            Expr::Call { .. } | Expr::MethodCall { .. } => self.call_result(e),
            Expr::Path(path) => {
                // A `static` struct holding resources, or a `static` array of resources
                // (`resource_statics`).
                if let Some(idx) = self.resource_static(e) {
                    let l = match self.static_struct_local(idx) {
                        Ok(l) => l?,
                        Err(u) => return Some(Err(u)),
                    };
                    if let Some(&n) = self.res.arrays.get(&l) {
                        return Some(Ok(Denoted::Array(l, Vec::new(), n)));
                    }
                    // A plain static this function tracks: its one slot (`static_assign`).
                    if self.tracks_static(idx) && !self.res.split.contains_key(&l) {
                        return Some(Ok(Denoted::Slot((l, Vec::new()))));
                    }
                    let sl = self.res.split.get(&l)?;
                    return Some(Ok(Denoted::Struct(StructPart {
                        local: l,
                        path: Vec::new(),
                        split: sl.split.clone(),
                        data: sl.data.map(|d| (d, Vec::new())),
                    })));
                }
                // `this`, or a member of it, in a method of a struct holding resources.
                let this = self.res.this_local?;
                let sl = self.res.split.get(&this)?.clone();
                let root = StructPart {
                    local: this,
                    path: Vec::new(),
                    split: sl.split,
                    data: sl.data.map(|d| (d, Vec::new())),
                };
                if path.as_name() == Some("this") {
                    return Some(Ok(Denoted::Struct(root)));
                }
                if !matches!(self.infer.resolution(e), Some(hir::Resolution::Member)) {
                    return None;
                }
                let name = path.as_name()?.to_owned();
                Some(self.member_of(root, &name, e))
            }
            Expr::Field { expr, name } => {
                let part = match self.denote(expr)? {
                    Ok(Denoted::Struct(part)) => part,
                    Ok(Denoted::Indexed(ix)) => return Some(self.indexed_member(ix, &name, e)),
                    Ok(_) => return None,
                    Err(u) => return Some(Err(u)),
                };
                Some(self.member_of(part, &name, e))
            }
            Expr::Index { base, index } => {
                let (l, mut path, len) = match self.denote(base)? {
                    Ok(Denoted::Array(l, path, n)) => (l, path, n),
                    // `arr[i].layers[k]` (`resource_index`).
                    Ok(Denoted::IndexedArray(run, n)) => {
                        return Some(self.indexed_array_element(run, n, index, e))
                    }
                    // An element of an array of structs holding resources.
                    Ok(Denoted::Struct(part)) if part.split.is_array => {
                        let k = self
                            .static_index(index)
                            .and_then(|k| usize::try_from(k).ok());
                        return Some(match k {
                            Some(k) if k < part.split.members.len() => self.member_at(part, k, e),
                            Some(_) => {
                                Err(self.unsupported("an index past the end of this array", e))
                            }
                            None => self.indexed_element(part, index),
                        });
                    }
                    Ok(_) => return None,
                    Err(u) => return Some(Err(u)),
                };
                let k = self.static_index(index).and_then(|k| u32::try_from(k).ok());
                Some(match k {
                    Some(k) if k < len => {
                        path.push(k);
                        Ok(Denoted::Slot((l, path)))
                    }
                    Some(_) => Err(self.unsupported("an index past the end of this array", e)),
                    None => Ok(Denoted::Element(crate::resource_index::Strided {
                        local: l,
                        prefix: path,
                        len,
                        suffix: Vec::new(),
                        index,
                    })),
                })
            }
            _ => None,
        }
    }

    /// A new temporary split local of `split` (for a value computed in the statement: a
    /// cast, an element at a run-time index), bound where it is made, so that a loop around
    /// it does not count as a rebinding.
    pub(crate) fn new_split_temp(&mut self, split: Split) -> StructPart {
        let l = LocalId(self.body.locals.len() as u32 + self.res.temps);
        self.res.temps += 1;
        self.res.declared_depth.insert(l, self.res.loop_depth);
        let data = split.data.clone().map(|t| self.entry_alloca(t, ""));
        self.res.split.insert(
            l,
            SplitLocal {
                split: split.clone(),
                data,
            },
        );
        StructPart {
            local: l,
            path: Vec::new(),
            split,
            data: data.map(|d| (d, Vec::new())),
        }
    }

    /// The whole of temporary split local `l` (a call's or a cast's result).
    fn temp_part(&self, l: LocalId) -> Denoted {
        Denoted::Struct(self.temp_part_of(l))
    }

    /// The whole of split local `l` as a part.
    pub(crate) fn temp_part_of(&self, l: LocalId) -> StructPart {
        let sl = &self.res.split[&l];
        StructPart {
            local: l,
            path: Vec::new(),
            split: sl.split.clone(),
            data: sl.data.map(|d| (d, Vec::new())),
        }
    }

    /// A call returning a struct holding resources: a temporary split local holding its data
    /// and bound to the resources the callee returns.
    fn call_result(&mut self, e: ExprId) -> Option<R<Denoted>> {
        let ty = self.infer.type_of_expr(e)?;
        let split = split_type(ty).or_else(|| crate::resource_array_returns::returned_split(ty))?;
        let l = match self.res.call_temps.get(&e) {
            Some(&l) => l,
            None => match self.lower_call_result(e, split) {
                Ok(l) => l,
                Err(u) => return Some(Err(u)),
            },
        };
        let sl = self.res.split.get(&l)?;
        if let Some(n) = crate::resource_array_returns::returned_array_len(&sl.split) {
            // An array of resources: its slots (`resource_array_returns`).
            return Some(Ok(Denoted::Array(l, vec![0], n)));
        }
        Some(Ok(Denoted::Struct(StructPart {
            local: l,
            path: Vec::new(),
            split: sl.split.clone(),
            data: sl.data.map(|d| (d, Vec::new())),
        })))
    }

    fn lower_call_result(&mut self, e: ExprId, split: Split) -> R<LocalId> {
        self.res.last_split_call = None;
        let v = self.lower_expr(e)?;
        let returned = self
            .res
            .last_split_call
            .take()
            .and_then(|f| self.cx.split_returns.get(&f))
            .and_then(|(_, r)| r.clone());
        let Some(returned) = returned else {
            return Err(self.unsupported(
                "this call returning a struct holding resources (its returned resources are \
                 unknown)",
                e,
            ));
        };
        let l = LocalId(self.body.locals.len() as u32 + self.res.temps);
        self.res.temps += 1;
        let data = split.data.clone().map(|t| self.entry_alloca(t, ""));
        if let (Some(d), Some(v)) = (data, v) {
            self.fb().store(d, v);
        }
        let temps = std::mem::take(&mut self.res.index_temps);
        let pointers = self.handed_pointers(&returned, &temps, e)?;
        for (path, p) in split.resource_paths().into_iter().zip(pointers) {
            if let Some(p) = p {
                self.res.slots.insert((l, path), Binding::Bound(p));
            }
        }
        self.res.split.insert(l, SplitLocal { split, data });
        self.res.call_temps.insert(e, l);
        Ok(l)
    }

    /// The global resource array whose elements `0..n` the slots of array `path` of `l` hold
    /// in order (after `s.textures = gTextures;`): then the array stands for the global.
    pub(crate) fn whole_global_array(
        &mut self,
        l: LocalId,
        path: &[u32],
        n: u32,
    ) -> Option<ir::Global> {
        let slots = element_slots(l, path, n);
        let (Value::Global(global), first) = self.consecutive_elements(&slots)? else {
            return None;
        };
        let len = match self.type_of(Value::Global(global)).pointee() {
            Some((_, Type::Array { len, .. })) => *len,
            _ => None,
        };
        (self.int_constant(first) == Some(0) && len == Some(n)).then_some(global)
    }

    /// Member `name` of `part`.
    fn member_of(&mut self, part: StructPart, name: &str, e: ExprId) -> R<Denoted> {
        let found = part.split.names.iter().position(|n| n == name);
        match found {
            Some(i) if !part.split.is_array => self.member_at(part, i, e),
            _ => Err(self.unsupported("this member", e)),
        }
    }

    /// Member (or element) `i` of `part`.
    pub(crate) fn member_at(&mut self, part: StructPart, i: usize, e: ExprId) -> R<Denoted> {
        let mut path = part.path.clone();
        path.push(i as u32);
        let data_at = |d: &Option<u32>| {
            let (ptr, mut at) = part.data.clone()?;
            at.push((*d)?);
            Some((ptr, at))
        };
        Ok(match &part.split.members[i] {
            Member::Data(d) => match data_at(&Some(*d)) {
                Some((ptr, at)) => Denoted::Data(ptr, at),
                None => return Err(self.unsupported("this member", e)),
            },
            Member::Resource => Denoted::Slot((part.local, path)),
            Member::ResourceArray(n) => Denoted::Array(part.local, path, *n),
            Member::Nested(sub, d) => Denoted::Struct(part.nested(path, sub, *d)),
        })
    }

    /// In a method of a struct holding resources: `this` becomes a split temporary whose data
    /// is behind argument 0 (when there is data).
    pub fn register_split_this(&mut self, split: Split) {
        let l = LocalId(self.body.locals.len() as u32 + self.res.temps);
        self.res.temps += 1;
        let data = split.data.as_ref().and(self.this);
        self.res.split.insert(l, SplitLocal { split, data });
        self.res.this_local = Some(l);
    }

    /// How many resources `this` takes, in a method of a struct holding resources.
    pub fn split_this_resources(&self) -> Option<usize> {
        let l = self.res.this_local?;
        Some(self.res.split.get(&l)?.split.resource_paths().len())
    }

    /// Binds `this`'s slots.
    pub fn bind_split_this(&mut self, resources: &[Option<Value>]) {
        if let Some(l) = self.res.this_local {
            self.bind_split_param(l, resources);
        }
    }

    /// For a call of a method of a struct holding resources (`this_ty`) on `receiver` (or on
    /// this method's own object): the object's resources, the pointer to its data, and the
    /// `int` index of each resource that is an element of a global array (passed after the
    /// data pointer).
    pub fn split_receiver(
        &mut self,
        this_ty: Option<&Type>,
        receiver: Option<Receiver>,
        e: ExprId,
    ) -> R<Option<SplitReceiver>> {
        let Some(split) = this_ty.and_then(split_type) else {
            return Ok(None);
        };
        // An element at a run-time index is the object in place: its data where it is (the
        // method may write it), its resources those of the element (`resource_index`).
        let mut in_place = None;
        let part = match receiver {
            Some(r) => match self.denote_receiver(r) {
                Some(Ok(Denoted::Struct(p))) if p.split == split => p,
                Some(Ok(Denoted::Indexed(ix))) => {
                    // Its data and its resources read the index: one with effects
                    // (`arr[i++].f()`) is evaluated once, first.
                    let index = self.indexed_index(&ix);
                    let once = self.evaluate_index_once(index, r.object())?;
                    let temp = self.indexed_element_data(&ix).and_then(|data| {
                        in_place = Some(data);
                        self.indexed_temp(ix, r.object())
                    });
                    if once {
                        self.res.evaluated_indices.remove(&index);
                    }
                    temp?
                }
                Some(Err(u)) => return Err(u),
                _ => return Err(self.unsupported("this object of a method", r.object())),
            },
            None => match self
                .res
                .this_local
                .and_then(|l| self.res.split.get(&l).cloned())
            {
                Some(sl) => StructPart {
                    local: self.res.this_local.expect("checked"),
                    path: Vec::new(),
                    split: sl.split,
                    data: sl.data.map(|d| (d, Vec::new())),
                },
                None => return Err(self.unsupported("calling a method without its object", e)),
            },
        };
        let mut resources = Vec::new();
        let mut indices = Vec::new();
        for rel in part.split.resource_paths() {
            let mut path = part.path.clone();
            path.extend(rel);
            let passed = self.passed_slot(&(part.local, path), e)?;
            if !self.push_passed_resource(passed, e, &mut resources, &mut indices)? {
                return Err(self.unsupported("the resources of this object", e));
            }
        }
        let data = match in_place {
            Some(data) => data,
            None => part.data.map(|(ptr, at)| self.data_pointer(ptr, &at)),
        };
        Ok(Some((resources, data, indices)))
    }

    /// Runs `init` (the initializer of a `static` struct holding resources) into a temporary
    /// split local, its data members stored into the static's data global `g` (if it has
    /// data); the local's slots hold the resources it gives.
    pub(crate) fn init_static_data(
        &mut self,
        split: Split,
        g: Option<ir::Global>,
        init: ExprId,
    ) -> R<LocalId> {
        let l = LocalId(self.body.locals.len() as u32 + self.res.temps);
        self.res.temps += 1;
        let part = StructPart {
            local: l,
            path: Vec::new(),
            split,
            data: g.map(|g| (Value::Global(g), Vec::new())),
        };
        self.copy_struct(&part, init)?;
        Ok(l)
    }

    /// The struct holding resources `e` denotes (a split local, a member of one, a call
    /// result); `None` when it denotes none.
    pub(crate) fn struct_part(&mut self, e: ExprId) -> R<Option<StructPart>> {
        match self.denote(e) {
            Some(Ok(Denoted::Struct(part))) => Ok(Some(part)),
            Some(Err(u)) => Err(u),
            _ => Ok(None),
        }
    }

    /// A pointer to the data part of `part`, when it has data.
    pub(crate) fn part_data_pointer(&mut self, part: &StructPart) -> Option<Value> {
        let (ptr, at) = part.data.clone()?;
        Some(self.data_pointer(ptr, &at))
    }

    /// A pointer to data member `d` of `part`, when it has data.
    pub(crate) fn member_data_pointer(&mut self, part: &StructPart, d: u32) -> Option<Value> {
        let (ptr, mut at) = part.data.clone()?;
        at.push(d);
        Some(self.data_pointer(ptr, &at))
    }

    /// Binds slot `path` of `l` to `p` (an initialization at `e`).
    pub(crate) fn bind_slot(&mut self, l: LocalId, path: Vec<u32>, p: Value, e: ExprId) -> R<()> {
        self.bind(Target::Slot(l, path), p, e)
    }

    /// Binds resource local `l` to `p` (an assignment at `e`).
    pub(crate) fn bind_local(&mut self, l: LocalId, p: Value, e: ExprId) -> R<()> {
        self.bind(Target::Local(l), p, e)
    }

    /// Binds the slots `e` denotes (a resource member, or a struct holding resources) to
    /// `pointers`, one per slot; `None` leaves a slot unassigned.
    pub(crate) fn rebind_place(
        &mut self,
        e: ExprId,
        pointers: &[Option<Value>],
        keep_unassigned: bool,
    ) -> R<()> {
        let denoted = self.denote(e);
        self.rebind_denoted(denoted, e, pointers, keep_unassigned)
    }

    /// What the object of a method call denotes: the receiver, or (a functor called as
    /// `h.f(x)`) its member struct whose `operator()` runs.
    pub(crate) fn denote_receiver(&mut self, r: Receiver) -> Option<R<Denoted>> {
        match r {
            Receiver::Object(o) => self.denote(o),
            Receiver::Member(o, field) => match self.denote(o)? {
                Ok(Denoted::Struct(part)) if !part.split.is_array => {
                    match part.split.members.get(field as usize) {
                        Some(Member::Nested(..)) => Some(self.member_at(part, field as usize, o)),
                        _ => None,
                    }
                }
                Ok(_) => None,
                Err(u) => Some(Err(u)),
            },
        }
    }

    /// Binds the slots `denoted` (what `e` denotes) to `pointers`, as [`Self::rebind_place`].
    pub(crate) fn rebind_denoted(
        &mut self,
        denoted: Option<R<Denoted>>,
        e: ExprId,
        pointers: &[Option<Value>],
        keep_unassigned: bool,
    ) -> R<()> {
        let (local, paths) = match denoted {
            Some(Ok(Denoted::Slot((l, path)))) => (l, vec![path]),
            // A local array of resources (`resource_out`): one slot per element.
            Some(Ok(Denoted::Array(l, path, n))) => {
                let paths = (0..n)
                    .map(|k| {
                        let mut p = path.clone();
                        p.push(k);
                        p
                    })
                    .collect();
                (l, paths)
            }
            Some(Ok(Denoted::Struct(part))) => {
                let paths = part
                    .split
                    .resource_paths()
                    .into_iter()
                    .map(|rel| {
                        let mut p = part.path.clone();
                        p.extend(rel);
                        p
                    })
                    .collect();
                (part.local, paths)
            }
            // A call handing resources back to an element at a run-time index.
            Some(Ok(Denoted::Indexed(..) | Denoted::Element(..) | Denoted::IndexedArray(..))) => {
                return Err(self.run_time_element_assignment(e))
            }
            Some(Err(u)) => return Err(u),
            _ => return Err(self.unsupported("this argument holding resources", e)),
        };
        for (path, p) in paths.into_iter().zip(pointers) {
            match p {
                Some(p) => self.bind(Target::Slot(local, path), *p, e)?,
                // An `inout` slot the callee left as it came in.
                None if keep_unassigned => {}
                None => {
                    self.res.slots.remove(&(local, path));
                }
            }
        }
        Ok(())
    }

    /// A pointer to data at `indices` in the data alloca `ptr`.
    pub(crate) fn data_pointer(&mut self, ptr: Value, indices: &[u32]) -> Value {
        if indices.is_empty() {
            return ptr;
        }
        let idx: Vec<Value> = indices.iter().map(|&i| self.fb().int(i as i32)).collect();
        self.fb().access_chain(ptr, &idx)
    }

    /// The place of `e` when it is a member or element of a local holding resources.
    pub fn resource_local_place(&mut self, e: ExprId) -> Option<R<Place>> {
        // `c ? A : B`: the arm a compile-time condition picks (`resource_choice`).
        if let Some(arm) = self.chosen_arm(e) {
            return Some(arm.and_then(|a| self.lvalue(a)));
        }
        // `x = y = tex`: `y`, once assigned (`resource_assign`).
        if let Some(lhs) = self.assigned_target(e) {
            return Some(lhs.and_then(|l| self.lvalue(l)));
        }
        if let Expr::Local(l) = self.body.expr(e) {
            if self.res.conflicts.contains(l) {
                return Some(Err(self.runtime_choice(e)));
            }
        }
        // A `static` resource: the resource its initializer names (`resource_statics`).
        if let Some(idx) = self.resource_static(e) {
            match self.static_resource_pointer(idx, e) {
                Ok(Some(p)) => return Some(Ok(Place::Ptr(p))),
                Ok(None) => {}
                Err(u) => return Some(Err(u)),
            }
        }
        if matches!(
            self.body.expr(e),
            Expr::Call { .. } | Expr::MethodCall { .. }
        ) {
            if let Some(p) = self.returned_resource(e) {
                return Some(p);
            }
        }
        Some(match self.denote(e)? {
            Ok(Denoted::Slot(slot)) => self.read_slot(&slot, e).map(Place::Ptr),
            Ok(Denoted::Element(strided)) => self.run_time_element(strided).map(Place::Ptr),
            Ok(Denoted::Data(ptr, at)) => Ok(Place::Ptr(self.data_pointer(ptr, &at))),
            Ok(Denoted::IndexedData(d)) => self.indexed_data_pointer(d).map(Place::Ptr),
            Ok(Denoted::Indexed(_) | Denoted::IndexedArray(..)) => Err(self.unsupported(
                "using an element of a local array of structs holding resources at a run-time \
                 index, or an array member of one, other than through its members or elements",
                e,
            )),
            Ok(Denoted::Struct(_)) => Err(self.unsupported(
                "using a struct holding resources as a whole other than to copy it or pass it \
                 as an `in` argument",
                e,
            )),
            Ok(Denoted::Array(l, path, n)) => match self.whole_global_array(l, &path, n) {
                Some(g) => Ok(Place::Ptr(Value::Global(g))),
                None => Err(self.unsupported(
                    "using a local array of resources as a whole other than to copy it (unless \
                     it holds a whole global array in order)",
                    e,
                )),
            },
            Err(u) => Err(u),
        })
    }

    pub(crate) fn read_slot(&mut self, slot: &Slot, e: ExprId) -> R<Value> {
        match self.passed_slot(slot, e)? {
            Some(p) => Ok(p),
            None => {
                // A member never assigned is DXC's undefined value (`resource_undefined`).
                let plain = self.slot_may_be_undefined(slot.0);
                let ty = self.infer.type_of_expr(e).cloned().filter(|_| plain);
                if let Some(v) = ty.and_then(|t| self.undefined_resource(&t)) {
                    return Ok(v);
                }
                let range = self.expr_range(e);
                Err(self.unassigned_use(range))
            }
        }
    }

    /// What a slot passes to a call or copy: its binding, `None` when never assigned (which
    /// may travel, as long as nothing uses it).
    pub(crate) fn passed_slot(&mut self, slot: &Slot, e: ExprId) -> R<Option<Value>> {
        match self.res.slots.get(slot).copied() {
            Some(Binding::Bound(p)) => Ok(Some(p)),
            Some(Binding::Conflict) => {
                let range = self.expr_range(e);
                Err(self.runtime_choice_at(Some((slot.0, Some(slot.1.clone()))), range))
            }
            None => Ok(None),
        }
    }

    /// E3020: the resource `e` denotes depends on run-time control flow (labelled with the
    /// assignments that meet there when `e` names a resource local, `resource_labels`).
    pub(crate) fn runtime_choice(&mut self, e: ExprId) -> crate::context::Unsupported {
        let range = self.expr_range(e);
        let mut named = e;
        while let Expr::Paren(i) = self.body.expr(named) {
            named = *i;
        }
        let local = match self.body.expr(named) {
            Expr::Local(l) => Some((*l, None)),
            _ => None,
        };
        self.runtime_choice_at(local, range)
    }

    /// Why local `l` has no pointer, when it is one of ours.
    pub fn resource_local_error(
        &mut self,
        l: LocalId,
        range: syntax::TextRange,
    ) -> Option<crate::context::Unsupported> {
        if self.res.conflicts.contains(&l) {
            return Some(self.runtime_choice_at(Some((l, None)), range));
        }
        if self.res.split.contains_key(&l) {
            return Some(self.cx.unsupported(
                "using a struct holding resources as a whole other than to copy it or pass it \
                 as an `in` argument",
                range,
            ));
        }
        let plain = matches!(self.infer.type_of_local(l), Some(Type::Resource(_)));
        let stage_param = self.body.params.iter().position(|&p| p == l);
        let skipped =
            stage_param.is_some_and(|n| self.cx.stage_io.is_skipped_in(self.item, self.func, n));
        if plain && !skipped && !self.res.arrays.contains_key(&l) {
            return Some(self.unassigned_use(range));
        }
        None
    }

    /// `lhs = rhs` when `lhs` is a resource local, or a resource, array of resources or
    /// struct holding resources in a split local; `None` when it is none of these.
    pub fn assign_resource(&mut self, lhs: ExprId, rhs: ExprId) -> Option<R<()>> {
        let ty = self.infer.type_of_expr(lhs)?.clone();
        let ty = &ty;
        if crate::resources::resource_of(ty).is_none() && split_type(ty).is_none() {
            return None;
        }
        if crate::stages::geometry::is_stream(ty) {
            // A stream local is an alias of the stream it is given (`stages::geometry`).
            return Some(self.copy_stream(rhs));
        }
        if let Some(idx) = self.resource_static(lhs) {
            // Every assignment names the resource the static stands for, or this function
            // tracks it (`static_assign`).
            if let Err(u) = self.cx.static_binding(idx) {
                return Some(Err(u));
            }
            if self.static_alias_assignment(idx) {
                return Some(Ok(()));
            }
            if !self.tracks_static(idx) {
                return Some(Err(self.static_assignment(lhs)));
            }
        }
        if self.alias_static_part(lhs) {
            // It already stands for the one resource every assignment names.
            return Some(Ok(()));
        }
        if let Expr::Local(l) = self.body.expr(lhs) {
            let plain = matches!(self.infer.type_of_local(*l), Some(Type::Resource(_)));
            if plain && !self.res.arrays.contains_key(l) {
                let l = *l;
                return Some(
                    self.resource_pointer_as(rhs, ty)
                        .and_then(|p| self.bind(Target::Local(l), p, lhs)),
                );
            }
        }
        Some(match self.denote(lhs)? {
            Ok(Denoted::Slot((l, path))) => self
                .resource_pointer_as(rhs, ty)
                .and_then(|p| self.bind(Target::Slot(l, path), p, lhs)),
            Ok(Denoted::Struct(part)) => self.copy_struct(&part, rhs),
            Ok(Denoted::Array(l, path, n)) => self.assign_array(l, path, n, rhs),
            Ok(Denoted::Data(..) | Denoted::IndexedData(..)) => return None,
            Ok(Denoted::Indexed(..) | Denoted::Element(..) | Denoted::IndexedArray(..)) => {
                Err(self.run_time_element_assignment(lhs))
            }
            Err(u) => Err(u),
        })
    }

    /// E3020: resources assigned (or handed back by a call) to an element of a local array
    /// at a run-time index at `e`.
    fn run_time_element_assignment(&mut self, e: ExprId) -> crate::context::Unsupported {
        let range = self.expr_range(e);
        self.cx.error(
            crate::RESOURCE_NOT_LEGAL,
            format!(
                "assigning a resource to an element of a local array at a run-time index \
                 makes every element's resource depend on a run-time value, which Vulkan \
                 cannot express; {DXC_FAILS}"
            ),
            range,
        )
    }

    /// E3001: assigning resources to a `static` outside its initializer.
    fn static_assignment(&mut self, e: ExprId) -> crate::context::Unsupported {
        self.unsupported(
            "assigning a resource to a `static` global outside its initializer (its \
             resources would depend on which functions ran)",
            e,
        )
    }

    /// Binds `target` to `p`; inside a loop, a local declared outside it may not change.
    fn bind(&mut self, target: Target, p: Value, e: ExprId) -> R<()> {
        let (l, current) = match &target {
            Target::Local(l) => (*l, self.locals[l.0 as usize].map(Binding::Bound)),
            Target::Slot(l, path) => (*l, self.res.slots.get(&(*l, path.clone())).copied()),
        };
        // The element it already holds, reached by another expression (`resource_same`).
        let p = match current {
            Some(Binding::Bound(c)) if self.same_resource_value(c, p).is_some() => c,
            _ => p,
        };
        if self.is_static_local(l) {
            return Err(self.static_assignment(e));
        }
        let declared = self.res.declared_depth.get(&l).copied().unwrap_or(0);
        if current != Some(Binding::Bound(p)) {
            // A loop lowers again where needed (`resource_loops`).
            let rebound = match &target {
                Target::Local(l) => (*l, None),
                Target::Slot(l, path) => (*l, Some(path.clone())),
            };
            self.record_loop_rebind(rebound, declared);
        }
        match target {
            Target::Local(l) => {
                self.locals[l.0 as usize] = Some(p);
                self.res.conflicts.remove(&l);
                self.record_origin((l, None), p, e);
            }
            Target::Slot(l, path) => {
                self.res.slots.insert((l, path.clone()), Binding::Bound(p));
                self.record_origin((l, Some(path)), p, e);
            }
        }
        Ok(())
    }

    /// Initializes split local `l` with `init` (a copy or an initializer list).
    pub fn init_split_local(&mut self, l: LocalId, init: ExprId) -> R<()> {
        let Some(sl) = self.res.split.get(&l) else {
            return Err(self.unsupported("this initializer", init));
        };
        let part = StructPart {
            local: l,
            path: Vec::new(),
            split: sl.split.clone(),
            data: sl.data.map(|d| (d, Vec::new())),
        };
        self.copy_struct(&part, init)
    }

    /// `Material m2 = m;`, `m2 = m;`, `c.t = t;`: copies the data and the bindings of another
    /// struct of the same type in a split local, or an initializer list with one element per
    /// member.
    fn copy_struct(&mut self, dst: &StructPart, from: ExprId) -> R<()> {
        if let Expr::InitList(items) = self.body.expr(from).clone() {
            if items.len() != dst.split.members.len() {
                // HLSL's flat rule: the list's leaves fill the members (`resource_init`).
                return self.init_split_flat(dst, from);
            }
            for (i, &item) in items.iter().enumerate() {
                let mut path = dst.path.clone();
                path.push(i as u32);
                match &dst.split.members[i] {
                    Member::Data(d) => {
                        let Some(field) = self.member_data_pointer(dst, *d) else {
                            return Err(self.unsupported("this initializer", item));
                        };
                        let to = self.place_type(&Place::Ptr(field));
                        let v = self.coerce(item, &to)?;
                        self.fb().store(field, v);
                    }
                    Member::Resource => {
                        let ty = self.ty(item)?;
                        if crate::resources::resource_of(&ty).is_none() {
                            return Err(self.not_a_resource(&ty, item));
                        }
                        let p = self.resource_pointer(item)?;
                        self.bind(Target::Slot(dst.local, path), p, item)?;
                    }
                    Member::ResourceArray(n) => self.assign_array(dst.local, path, *n, item)?,
                    Member::Nested(sub, d) => {
                        let part = dst.nested(path, sub, *d);
                        self.copy_struct(&part, item)?;
                    }
                }
            }
            return Ok(());
        }
        let src = match self.denote(from) {
            Some(Ok(Denoted::Struct(src))) if src.split == dst.split => src,
            // A whole element at a run-time index (`resource_index`).
            Some(Ok(Denoted::Indexed(ix))) => self.indexed_temp(ix, from)?,
            Some(Err(u)) => return Err(u),
            _ => {
                return Err(self.unsupported("a struct holding resources assigned from this", from))
            }
        };
        if let (Some((d, dat)), Some((s, sat))) = (dst.data.clone(), src.data.clone()) {
            let from_ptr = self.data_pointer(s, &sat);
            let v = self.fb().load(from_ptr);
            let to_ptr = self.data_pointer(d, &dat);
            self.fb().store(to_ptr, v);
        }
        for rel in dst.split.resource_paths() {
            let mut sp = src.path.clone();
            sp.extend(&rel);
            let mut dp = dst.path.clone();
            dp.extend(&rel);
            // A member never assigned stays so (DXC accepts it as long as it is not used).
            match self.res.slots.get(&(src.local, sp)).copied() {
                Some(Binding::Bound(p)) => self.bind(Target::Slot(dst.local, dp), p, from)?,
                Some(Binding::Conflict) => {
                    self.res.slots.insert((dst.local, dp), Binding::Conflict);
                }
                None => {
                    self.res.slots.remove(&(dst.local, dp));
                }
            }
        }
        Ok(())
    }

    /// Initializes local resource array `l` from an initializer list or another local array
    /// of slots; `None` for anything else (a global array: the local names it).
    pub fn init_array_local(&mut self, l: LocalId, init: ExprId) -> Option<R<()>> {
        let n = *self.res.arrays.get(&l)?;
        let slots = matches!(self.body.expr(init), Expr::InitList(_))
            || matches!(self.denote(init), Some(Ok(Denoted::Array(..))))
            || self.keeps_element_slots(l);
        slots.then(|| self.assign_array(l, Vec::new(), n, init))
    }

    /// An array of `n` resource slots at `path` of `l` = `from`: an initializer list, another
    /// array of slots, or a resource array global (each slot an element of it).
    fn assign_array(&mut self, l: LocalId, path: Vec<u32>, n: u32, from: ExprId) -> R<()> {
        let mut sources = Vec::new();
        match (self.body.expr(from).clone(), self.denote(from)) {
            (Expr::InitList(items), _) => {
                if items.len() != n as usize {
                    return Err(self.unsupported("an initializer list of another length", from));
                }
                for &item in &items {
                    sources.push(self.resource_pointer(item)?);
                }
            }
            (_, Some(Ok(Denoted::Array(sl, sp, m)))) if m == n => {
                for k in 0..n {
                    let mut p = sp.clone();
                    p.push(k);
                    sources.push(self.read_slot(&(sl, p), from)?);
                }
            }
            (_, Some(Err(u))) => return Err(u),
            (_, Some(_)) => {
                return Err(self.unsupported("assigning this to an array of resources", from))
            }
            (_, None) => {
                let whole = self.resource_pointer(from)?;
                if path.is_empty() && !self.keeps_element_slots(l) {
                    // The local names the global array itself.
                    return self.bind(Target::Local(l), whole, from);
                }
                for k in 0..n {
                    let k = self.fb().int(k as i32);
                    sources.push(self.fb().access_chain(whole, &[k]));
                }
            }
        }
        for (k, p) in sources.into_iter().enumerate() {
            let mut slot = path.clone();
            slot.push(k as u32);
            self.bind(Target::Slot(l, slot), p, from)?;
        }
        Ok(())
    }

    /// The resources and values a split argument `a` passes: one [`ResourceArg`] per resource
    /// slot (a resource global or an element of one), and the loaded data struct followed by
    /// the `int` index of each element.
    pub fn split_argument(&mut self, a: ExprId) -> R<(Vec<ResourceArg>, Vec<Value>)> {
        let part = match self.denote(a) {
            Some(Ok(Denoted::Struct(part))) => part,
            Some(Err(u)) => return Err(u),
            // A copy of the element at a run-time index (`resource_index`).
            Some(Ok(Denoted::Indexed(ix))) => self.indexed_temp(ix, a)?,
            _ => {
                return Err(self.unsupported(
                    "this argument holding resources (pass a local or a member of one)",
                    a,
                ))
            }
        };
        let mut values = match part.data {
            Some((ptr, at)) => {
                let p = self.data_pointer(ptr, &at);
                vec![self.fb().load(p)]
            }
            None => Vec::new(),
        };
        let mut resources = Vec::new();
        for rel in part.split.resource_paths() {
            let mut path = part.path.clone();
            path.extend(rel);
            let (global, index) = match self.passed_slot(&(part.local, path), a)? {
                // Never assigned: passed on unbound (`ResourceArg`).
                None => (None, None),
                Some(Value::Global(global)) => (Some(global), None),
                Some(Value::Inst(i)) => {
                    let d = &self.cx.mb.module().functions[self.func].insts[i];
                    match (d.opcode, &d.operands[..]) {
                        (ir::Opcode::AccessChain, [Value::Global(g), index]) => {
                            (Some(*g), Some(*index))
                        }
                        _ => return Err(self.unsupported("passing this resource member", a)),
                    }
                }
                _ => return Err(self.unsupported("passing this resource member", a)),
            };
            let mut follows = false;
            if let Some(index) = index {
                let from = self.type_of(index);
                let index = self.convert_value(index, &from, &Type::INT, a)?;
                follows = self.follows_previous(global, index, &resources, &values);
                values.push(index);
            }
            resources.push(ResourceArg {
                global,
                indexed: index.is_some(),
                nonuniform: index.is_some_and(|i| self.is_nonuniform_index(i)),
                follows,
            });
        }
        Ok((resources, values))
    }

    /// Binds parameter `l`'s slots to the resource pointers of its function copy.
    pub fn bind_split_param(&mut self, l: LocalId, resources: &[Option<Value>]) {
        let Some(sl) = self.res.split.get(&l).cloned() else {
            return;
        };
        for (path, &p) in sl.split.resource_paths().into_iter().zip(resources) {
            // A slot the caller never assigned stays so.
            if let Some(p) = p {
                self.res.slots.insert((l, path), Binding::Bound(p));
            }
        }
    }

    /// The bindings now.
    pub fn binding_state(&self) -> BindingState {
        BindingState {
            locals: self.locals.clone(),
            slots: self.res.slots.clone(),
            conflicts: self.res.conflicts.clone(),
            origins: self.res.origins.clone(),
        }
    }

    pub fn restore_bindings(&mut self, s: BindingState) {
        self.locals = s.locals;
        self.res.slots = s.slots;
        self.res.conflicts = s.conflicts;
        self.res.origins = s.origins;
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
                // Paths naming one element through different access chains agree
                // (`resource_same`).
                if let (Some(a), Some(b)) = (merged.locals[i], *v) {
                    if let Some(one) = self.same_resource_value(a, b) {
                        merged.locals[i] = Some(one);
                        continue;
                    }
                }
                if merged.locals[i] != *v {
                    merged.locals[i] = None;
                    merged.conflicts.insert(LocalId(i as u32));
                }
            }
            merged.conflicts.extend(s.conflicts.iter().copied());
            merged.origins.unite(&s.origins);
            for (k, b) in &s.slots {
                let m = merged.slots.entry(k.clone()).or_insert(Binding::Conflict);
                if let (Binding::Bound(x), Binding::Bound(y)) = (*m, *b) {
                    if let Some(one) = self.same_resource_value(x, y) {
                        *m = Binding::Bound(one);
                        continue;
                    }
                }
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
