//! `static` globals holding resources: `static Texture2D t = gTex;` and
//! `static Material m = { gTex, gSamp, 0.5 };` (or `= makeMaterial();`).
//!
//! As in DXC, such a static is a shallow copy: it names the resources of its initializer,
//! which are known at compile time (DXC's legalization replaces every use by the global). A
//! plain resource static is an alias of the global (or constant element of a global array)
//! it is initialized with; it has no variable of its own. A struct static is split like a
//! local (`resource_structs`): its data part is a private global initialized in
//! `init_globals`, and each function that uses it sees a temporary split local whose data is
//! that global and whose slots are bound to the initializer's resources. A plain resource
//! static that functions assign is resolved by `static_assign` (one resource everywhere,
//! tracked through the one function naming it, or flowing through calls, `static_flow`),
//! and so are the resource members of struct statics (and the elements of static arrays of
//! resources) that functions rebind. An initializer names resources as a list (nested or
//! flattened), members, member structs and elements of other statics or global structs
//! (`gMat.t`, `o.inner`, `ms[1]`, `g2.texs`), elements (at a run-time index, an `int`
//! private global that `init_globals` sets once), casts to its own type, `?:` on a
//! compile-time condition, or calls (with arguments picking the callee's copy,
//! `static_init_calls`); a static declared without one holds no resources until assigned.
//! One read by its own initializer before it holds any is `E3020`, as an unassigned use is.
//!
//! Called from `resource_structs.rs` (places and assignments) and `init.rs` (the data part).

use hir::body::{Body, Expr, ExprId, LocalId};
use hir::item_tree::{ItemIdx, ItemKind};
use hir::{GlobalId, InferenceResult, Resolution};
use ir::{Global, Value};
use types::Type;

use crate::context::{GlobalRef, ModuleCtx, R};
use crate::func::FnLower;
use crate::resource_structs::{split_type, Split, SplitLocal};
use std::collections::HashMap;

/// A resource a static names: a global, or a constant element of a global array.
pub type StaticResource = (Global, Option<i64>);

/// What a `static` global holding resources stands for. The default, naming nothing, is
/// the placeholder while its initializer is read (one naming the static itself, directly or
/// through a function it calls, then sees no resources instead of recursing forever).
#[derive(Debug, Clone, Default)]
pub struct StaticBinding {
    /// How its struct type splits (`None` for a plain resource).
    pub split: Option<Split>,
    /// The resource in each slot (`None` for one its initializer leaves unassigned).
    pub slots: Vec<Option<StaticResource>>,
    /// The private global holding its data part.
    pub data: Option<Global>,
    /// A `static` array of resources: its length (one slot per element).
    pub array: Option<u32>,
    /// How functions assigning a plain resource static resolve it (`static_assign`).
    pub assigned: Option<crate::static_assign::Assigned>,
    /// A plain resource static no function assigns, initialized with an element of a global
    /// resource array at a run-time index (`static Texture2D t = ts[cb.k];`): the array
    /// and the private `int` global holding the index, which `init_globals` computes once,
    /// as DXC runs a static's initializer once (its `slots` hold `None`).
    pub index: Option<(Global, Global)>,
    /// The slots of a `static` array or struct whose initializer list gives an element of a
    /// global resource array at a run-time index (`static Texture2D ts1[1] = { ts[cb.k] };`):
    /// each slot (its `slots` entry is `None`), the array, the private `int` global holding
    /// the index (set once by `init_globals`) and the index expression in the initializer.
    pub indexed_slots: Vec<IndexedSlot>,
}

/// A slot of a `static` array or struct holding element `index` (a private `int` global
/// set once from `expr` in the initializer) of global resource array `array`.
#[derive(Debug, Clone, Copy)]
pub struct IndexedSlot {
    pub slot: usize,
    pub array: Global,
    pub index: Global,
    pub expr: ExprId,
    /// A slot of a row at a run-time index (`= grid[k]`, `row_statics`): its column, `index`
    /// holding the row's position among the rows (shared by the row's slots) and `expr`
    /// being the row.
    pub column: Option<u32>,
}

impl ModuleCtx<'_> {
    /// The global item expression `e` names, if it names one.
    pub(crate) fn global_item(&self, infer: &InferenceResult, e: ExprId) -> Option<ItemIdx> {
        match infer.resolution(e) {
            Some(Resolution::Global(ast)) => self.tree.by_ast(*ast),
            _ => None,
        }
    }

    /// Whether item `idx` is a `static` global holding resources.
    pub fn is_resource_static(&self, idx: ItemIdx) -> bool {
        let ItemKind::Variable(v) = &self.tree.item(idx).kind else {
            return false;
        };
        // A non-`static` global struct names its own resources (`resource_globals`).
        if !v.is_static && self.global_struct(idx).is_some() {
            return true;
        }
        if !v.is_static || self.tree.item(idx).parent.is_some() {
            return false;
        }
        let g = GlobalId::new(self.db, self.file, self.config, self.tree.item(idx).ast);
        crate::enums::global_type(self.db, g).is_some_and(|t| {
            crate::resource_out::holds_resources(&t) || static_array_len(&t).is_some()
        })
    }

    /// The resources static `idx` names, worked out from its initializer on first use; in
    /// the initializer of a `static` declared before a call in another initializer writes
    /// `idx`, what it holds there (`static_out_args`' phases).
    pub fn static_binding(&mut self, idx: ItemIdx) -> R<StaticBinding> {
        let b = self.final_static_binding(idx)?;
        Ok(self.static_phase(idx).unwrap_or(b))
    }

    /// [`Self::static_binding`] after every initializer ran.
    fn final_static_binding(&mut self, idx: ItemIdx) -> R<StaticBinding> {
        if let Some(b) = self.static_resources.get(&idx) {
            return Ok(b.clone());
        }
        if self.global_struct(idx).is_some() {
            let b = self.global_struct_binding(idx)?;
            self.static_resources.insert(idx, b.clone());
            return Ok(b);
        }
        let gid = GlobalId::new(self.db, self.file, self.config, self.tree.item(idx).ast);
        let (_, map) = hir::body::global_body_with_source_map(self.db, gid);
        let outer = self.static_init_map.replace(map);
        let reading = self.reading_initializer.replace(idx);
        let b = self.static_binding_from_initializer(idx, gid);
        self.reading_initializer = reading;
        self.static_init_map = outer;
        // A struct static or static array written through `out` arguments of calls in
        // other statics' initializers (`static_out_args`).
        match b {
            Ok(b) if b.split.is_some() || b.array.is_some() => {
                let range = self.item_range(idx);
                self.out_written_parts(idx, b, range)
            }
            b => b,
        }
    }

    /// [`Self::static_binding`] of a static being read: reading one while its own initializer
    /// is being lowered (it holds no resource yet) is E3020 at the static.
    pub(crate) fn read_static_binding(&mut self, idx: ItemIdx) -> R<StaticBinding> {
        let b = self.static_binding(idx)?;
        if is_placeholder(&b) {
            return Err(self.self_read(idx));
        }
        Ok(b)
    }

    /// [`Self::read_static_binding`] of the `static` holding resources that `base` names, or
    /// `None` when `base` names anything else.
    pub(crate) fn resource_static_read(
        &mut self,
        infer: &InferenceResult,
        base: ExprId,
    ) -> R<Option<StaticBinding>> {
        let item = self.global_item(infer, base);
        match item.filter(|&i| self.is_resource_static(i)) {
            Some(item) => self.read_static_binding(item).map(Some),
            None => Ok(None),
        }
    }

    /// [`Self::static_binding`] of `static` `idx` (global `gid`, not a global struct) from
    /// its initializer, its source map in `static_init_map`.
    fn static_binding_from_initializer(
        &mut self,
        idx: ItemIdx,
        gid: GlobalId<'_>,
    ) -> R<StaticBinding> {
        let range = self.item_range(idx);
        let ty = crate::enums::global_type(self.db, gid).unwrap_or(Type::Void);
        let (body, _) = hir::body::global_body_with_source_map(self.db, gid);
        let infer = crate::enums::infer_global(self.db, gid);
        let (split, array) = (split_type(&ty), static_array_len(&ty));
        if split.is_none() && array.is_none() {
            // Written through an `out` argument in another initializer (`static_out_args`).
            if let Some(b) = self.out_written_binding(idx, &body, &infer, range)? {
                self.static_resources.insert(idx, b.clone());
                return Ok(b);
            }
            if let Some(b) = self.assigned_static_binding(idx, &body, &infer, range, None)? {
                self.static_resources.insert(idx, b.clone());
                return Ok(b);
            }
        }
        let Some(init) = body.init else {
            // A plain resource static never assigned names no resource, as a resource local
            // never assigned: a use is E3020 where it runs (DXC's legalization fails there)
            // and dropped with its statement in code that never runs (`resource_dead`).
            if split.is_none() && array.is_none() {
                let b = StaticBinding {
                    slots: vec![None],
                    ..StaticBinding::default()
                };
                self.static_resources.insert(idx, b.clone());
                return Ok(b);
            }
            return Ok(self.uninitialized_static_binding(idx, split, array));
        };
        if split.is_none() && array.is_none() {
            let heap = self.heap_static_binding(idx, &body, &infer, &ty, init);
            if let Some(b) = heap.map_or_else(
                || self.indexed_static_binding(idx, &body, &infer, init),
                |b| Ok(Some(b)),
            )? {
                self.static_resources.insert(idx, b.clone());
                return Ok(b);
            }
        }
        // While the initializer is read, the static names nothing.
        self.static_resources.insert(idx, StaticBinding::default());
        let outer_pending = std::mem::take(&mut self.pending_indexed);
        let slots = match (&split, array) {
            (None, Some(n)) => self.array_resources(&body, &infer, init, n, range),
            (None, None) => self
                .named_resource(&body, &infer, init, range)
                .map(|r| vec![Some(r)]),
            (Some(split), _) => self.struct_resources(&body, &infer, init, split, range),
        };
        let pending = std::mem::replace(&mut self.pending_indexed, outer_pending);
        let mut slots = match slots {
            Ok(s) => s,
            Err(u) => {
                self.static_resources.remove(&idx);
                return Err(u);
            }
        };
        let data = split.as_ref().and_then(|s| s.data.clone()).map(|d| {
            let name = self.tree.item(idx).name.clone();
            let g = self.mb.private(&name, d, None);
            // Its data members are set by `init_globals` (`init.rs`).
            self.static_inits.push((idx, g));
            g
        });
        let assigned = self.split_static_assigned(idx);
        let indexed_slots = match self.indexed_slots(idx, &mut slots, pending, (&body, &infer)) {
            Ok(s) => s,
            Err(u) => {
                self.static_resources.remove(&idx);
                return Err(u);
            }
        };
        let b = StaticBinding {
            split,
            slots,
            data,
            array,
            assigned,
            index: None,
            indexed_slots,
        };
        self.static_resources.insert(idx, b.clone());
        Ok(b)
    }

    /// The binding of struct static (or static array of resources) `idx` declared without an
    /// initializer (`static M gs;`): its slots hold nothing until functions assign them
    /// (tracked or flowing, `static_assign`; a use before is DXC's legalization failure,
    /// E3020), its data part is a private global as a plain `static`'s, without an
    /// initializer.
    fn uninitialized_static_binding(
        &mut self,
        idx: ItemIdx,
        split: Option<Split>,
        array: Option<u32>,
    ) -> StaticBinding {
        let n = match (&split, array) {
            (Some(split), _) => split.resource_paths().len(),
            (None, n) => n.unwrap_or(0) as usize,
        };
        let data = split.as_ref().and_then(|s| s.data.clone()).map(|d| {
            let name = self.tree.item(idx).name.clone();
            self.mb.private(&name, d, None)
        });
        let assigned = self.split_static_assigned(idx);
        let b = StaticBinding {
            split,
            slots: vec![None; n],
            data,
            array,
            assigned,
            index: None,
            indexed_slots: Vec::new(),
        };
        self.static_resources.insert(idx, b.clone());
        b
    }

    /// The binding of plain resource static `idx` when functions assign it (`static_assign`):
    /// the one resource every assignment names, or the initializer's resource (or none) for
    /// the function tracking it (`written`, when calls in other statics' initializers write
    /// it, `static_out_args`, instead of the initializer's). `None` when no function assigns
    /// it.
    pub(crate) fn assigned_static_binding(
        &mut self,
        idx: ItemIdx,
        body: &Body,
        infer: &InferenceResult,
        range: syntax::TextRange,
        written: Option<Option<StaticResource>>,
    ) -> R<Option<StaticBinding>> {
        let uses = self.static_uses(idx);
        if uses.assigned.is_empty() {
            return Ok(None);
        }
        // While the initializer is read, the static names nothing.
        self.static_resources.insert(idx, StaticBinding::default());
        // An element at a run-time index (`static Texture2D t = ts[cb.k];`) is no one known
        // resource: the static starts as that element, its index set once by `init_globals`.
        let element = match body.init {
            Some(_) if written.is_some() => None,
            Some(init) => self.runtime_global_element(body, infer, init)?,
            None => None,
        };
        let initial = match body.init {
            _ if written.is_some() => written,
            Some(_) if element.is_some() => Some(None),
            Some(init) => Some(Some(self.named_resource(body, infer, init, range)?)),
            None => None,
        };
        let assigned = Self::static_assigned(uses, initial);
        self.static_resources.remove(&idx);
        let Some(assigned) = assigned else {
            return Ok(None);
        };
        let slot = match assigned {
            crate::static_assign::Assigned::Alias(r) => Some(r),
            crate::static_assign::Assigned::Tracked(_)
            | crate::static_assign::Assigned::Flowing => initial.flatten(),
        };
        let indexed_slots = match element {
            Some((array, expr)) => {
                let name = format!("{}.index", self.tree.item(idx).name);
                let index = self.mb.private(&name, Type::INT, None);
                // `init_globals` stores the index (`init.rs`).
                self.static_inits.push((idx, index));
                vec![IndexedSlot {
                    slot: 0,
                    array,
                    index,
                    expr,
                    column: None,
                }]
            }
            None => Vec::new(),
        };
        Ok(Some(StaticBinding {
            split: None,
            slots: vec![slot],
            data: None,
            array: None,
            assigned: Some(assigned),
            index: None,
            indexed_slots,
        }))
    }

    /// The binding of plain resource static `idx` whose initializer `init` is an element of
    /// a global resource array at a run-time index ([`StaticBinding::index`]); `None` for
    /// any other initializer.
    fn indexed_static_binding(
        &mut self,
        idx: ItemIdx,
        body: &Body,
        infer: &InferenceResult,
        init: ExprId,
    ) -> R<Option<StaticBinding>> {
        let range = self.item_range(idx);
        let array = match self.runtime_global_element(body, infer, init)? {
            Some((array, _)) => array,
            // A call returning an element at a run-time index (`pick()` returning `ts[k]`):
            // `init_globals` stores the index it hands back.
            None => match runtime_element(body, init) {
                // An element of a `static` row at a run-time index (`row[2]`, `row[i]`,
                // `row_statics`).
                Some((base, _)) if self.run_time_row_static(infer, base)?.is_some() => {
                    match self.run_time_row_static(infer, base)? {
                        Some(array) => array,
                        None => return Ok(None),
                    }
                }
                // An element of a `static` array of consecutive elements of a global at a
                // run-time index (`row[i]`, `resource_rows`).
                Some((base, k)) if const_index(self, body, infer, k).is_none() => {
                    match self.static_run_array(infer, base)? {
                        Some(array) => array,
                        None => return Ok(None),
                    }
                }
                _ => match self.indexed_call_array(body, infer, init, range)? {
                    Some(array) => array,
                    None => match self.handed_member_array(body, infer, init, range)? {
                        Some(array) => array,
                        // `grid[k][1]`, `gm.texs[k]` (`resource_rows`).
                        None => match self.run_time_part_array(body, infer, init, range)? {
                            Some(array) => array,
                            None => return Ok(None),
                        },
                    },
                },
            },
        };
        let name = format!("{}.index", self.tree.item(idx).name);
        let index = self.mb.private(&name, Type::INT, None);
        // `init_globals` stores the index (`init.rs`).
        self.static_inits.push((idx, index));
        Ok(Some(StaticBinding {
            slots: vec![None],
            index: Some((array, index)),
            ..StaticBinding::default()
        }))
    }

    /// The global array whose element at a run-time index member `init` of a call's result
    /// names (`pick(i).inner.t`, `pick` handing back `ts[i]` there): `init_globals` stores
    /// the index it hands back. `None` for any other initializer.
    fn handed_member_array(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        init: ExprId,
        range: syntax::TextRange,
    ) -> R<Option<Global>> {
        let init = crate::unparen(body, init);
        if !matches!(body.expr(init), Expr::Field { .. }) {
            return Ok(None);
        }
        let pending = self.pending_indexed.len();
        let slots = self.member_slots(body, infer, init, range)?;
        let handed = self.pending_indexed.len() != pending;
        self.pending_indexed.truncate(pending);
        Ok(match slots.as_deref() {
            Some(&[Some((array, Some(_)))]) if handed => Some(array),
            _ => None,
        })
    }

    /// The binding of plain resource static `idx` of type `ty` initialized with an element
    /// of an SM 6.6 descriptor heap (`static Texture2D t = ResourceDescriptorHeap[3];`, a cast
    /// to the type or not): that element of the heap array of its type (`heap.rs`), at a
    /// constant index, or at a run-time one kept in a private `int` that `init_globals` sets.
    fn heap_static_binding(
        &mut self,
        idx: ItemIdx,
        body: &Body,
        infer: &InferenceResult,
        ty: &Type,
        init: ExprId,
    ) -> Option<StaticBinding> {
        let mut e = init;
        while let Expr::Paren(i) | Expr::Cast { expr: i, .. } = body.expr(e) {
            e = *i;
        }
        let Expr::Index { base, index } = body.expr(e) else {
            return None;
        };
        let Expr::Path(p) = body.expr(*base) else {
            return None;
        };
        let kind = crate::heap::HeapKind::from_name(p.as_name()?)?;
        let res = crate::resources::resource_of(ty)?.clone();
        let is_sampler = matches!(res, types::ResourceType::Sampler { .. });
        if is_sampler != (kind == crate::heap::HeapKind::Sampler) {
            return None;
        }
        let array = self.heap_array(kind, &res);
        if let Some(k) = const_index(self, body, infer, *index) {
            return Some(StaticBinding {
                slots: vec![Some((array, Some(k)))],
                ..StaticBinding::default()
            });
        }
        let name = format!("{}.index", self.tree.item(idx).name);
        let index = self.mb.private(&name, Type::INT, None);
        // `init_globals` stores the index (`init.rs`).
        self.static_inits.push((idx, index));
        Some(StaticBinding {
            slots: vec![None],
            index: Some((array, index)),
            ..StaticBinding::default()
        })
    }

    /// The resource of one slot of a `static` array or struct given by item `e` of its
    /// initializer list: the one it names, or for an element of a global resource array at a
    /// run-time index the array and a marker element (`PENDING_MARKER` + n), its index
    /// expression being entry n of `pending_indexed` (`indexed_slots` resolves both).
    fn slot_resource(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        e: ExprId,
        range: syntax::TextRange,
    ) -> R<Option<StaticResource>> {
        if let Some((array, index)) = self.runtime_global_element(body, infer, e)? {
            // A marker no real element has, replaced by `None` in `indexed_slots`.
            let marker = PENDING_MARKER + self.pending_indexed.len() as i64;
            self.pending_indexed.push(index);
            return Ok(Some((array, Some(marker))));
        }
        self.named_resource(body, infer, e, range).map(Some)
    }

    /// The global resource array and the index expression when `e` is an element of one at
    /// an index not known at compile time (`ts[cb.k]`).
    pub(crate) fn runtime_global_element(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        e: ExprId,
    ) -> R<Option<(Global, ExprId)>> {
        let Some((base, index)) = runtime_element(body, e) else {
            return Ok(None);
        };
        if const_index(self, body, infer, index).is_some() {
            return Ok(None);
        }
        let Some(Resolution::Global(ast)) = infer.resolution(base) else {
            return Ok(None);
        };
        let Some(item) = self.tree.by_ast(*ast) else {
            return Ok(None);
        };
        if self.is_resource_static(item) {
            // A `static` array holding a whole global array in order (`= ts`): its element
            // at the index is the global's.
            return Ok(self
                .static_array_named(infer, base)?
                .and_then(|b| whole_global_array(&b.slots))
                .map(|array| (array, index)));
        }
        if !self.is_resource_item(item) {
            return Ok(None);
        }
        match self.global_for(item)? {
            GlobalRef::Var(array) => Ok(Some((array, index))),
            GlobalRef::CBufferMember(..) => Ok(None),
        }
    }

    /// The slots `pending_indexed` recorded while static `idx`'s initializer was read, each
    /// given its private index global (which `init_globals` sets, `init.rs`).
    fn indexed_slots(
        &mut self,
        idx: ItemIdx,
        slots: &mut [Option<StaticResource>],
        pending: Vec<ExprId>,
        (body, infer): (&Body, &InferenceResult),
    ) -> R<Vec<IndexedSlot>> {
        let mut out: Vec<IndexedSlot> = Vec::new();
        for (slot, r) in slots.iter_mut().enumerate() {
            let Some((array, Some(k))) = *r else { continue };
            let Some(&expr) = usize::try_from(k - PENDING_MARKER)
                .ok()
                .and_then(|n| pending.get(n))
            else {
                continue;
            };
            *r = None;
            // The next slot of a row at a run-time index (`row_statics`): the row's index.
            let row_len = self.global_dims(array).last().copied().unwrap_or(0);
            let in_row = self.run_time_row(body, infer, expr, row_len)?.is_some();
            if in_row {
                let column = match out.last() {
                    Some(prev) if prev.expr == expr && prev.slot + 1 == slot => {
                        prev.column.map(|c| (c + 1, prev.index))
                    }
                    _ => None,
                };
                if let Some((c, index)) = column.filter(|&(c, _)| c < row_len) {
                    out.push(IndexedSlot {
                        slot,
                        array,
                        index,
                        expr,
                        column: Some(c),
                    });
                    continue;
                }
            }
            let name = format!("{}.index{slot}", self.tree.item(idx).name);
            let index = self.mb.private(&name, Type::INT, None);
            self.static_inits.push((idx, index));
            out.push(IndexedSlot {
                slot,
                array,
                index,
                expr,
                column: in_row.then_some(0),
            });
        }
        Ok(out)
    }

    /// The resource expression `e` of an initializer names: a resource global, a constant
    /// element of a global array, another resource static.
    pub(crate) fn named_resource(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        e: ExprId,
        range: syntax::TextRange,
    ) -> R<StaticResource> {
        match body.expr(e) {
            Expr::Paren(i) => self.named_resource(body, infer, *i, range),
            Expr::Path(_) => {
                let item = self.global_item(infer, e);
                let Some(item) = item else {
                    return Err(self.unsupported("this resource in a `static` initializer", range));
                };
                if self.is_resource_static(item) {
                    let b = self.read_static_binding(item)?;
                    if b.split.is_none() && b.array.is_none() {
                        match b.slots.first() {
                            Some(Some(r)) => return Ok(*r),
                            // Declared without one and never given one.
                            Some(None) if b.index.is_none() && b.assigned.is_none() => {
                                return Err(self.unassigned_static_read(item, range))
                            }
                            _ => {}
                        }
                    }
                    return Err(self.unsupported("this resource in a `static` initializer", range));
                }
                match self.global_for(item)? {
                    GlobalRef::Var(g) => Ok((g, None)),
                    GlobalRef::CBufferMember(..) => {
                        Err(self.unsupported("this resource in a `static` initializer", range))
                    }
                }
            }
            Expr::Index { base, index } => {
                // An element of a member (`gMat.ts[1]`).
                if matches!(body.expr(*base), Expr::Field { .. }) {
                    if let Some(r) = self.member_resource(body, infer, e, range)? {
                        return Ok(r);
                    }
                    // At a run-time index into different resources (one global's consecutive
                    // elements lower, `resource_rows`): DXC's legalization failure.
                    let run_time = const_index(self, body, infer, *index).is_none();
                    if run_time && self.member_part_slots(body, infer, *base, range)?.is_some() {
                        return Err(self.error(
                            crate::RESOURCE_NOT_LEGAL,
                            format!(
                                "this `static` resource is an element of a member array of \
                                 different resources at an index known only at run time; Vulkan \
                                 needs each use to name one resource, and {}",
                                crate::resource_structs::DXC_FAILS
                            ),
                            range,
                        ));
                    }
                }
                // An element of a `static` array of resources: the one it names.
                if let Some(b) = self.static_array_named(infer, *base)? {
                    let Some(k) = const_index(self, body, infer, *index) else {
                        // Different resources chosen by a run-time index: DXC keeps them in
                        // an array its legalization cannot remove.
                        let labels = self.static_array_label(infer, *base, &b);
                        return Err(self.error_with_labels(
                            crate::RESOURCE_NOT_LEGAL,
                            format!(
                                "this `static` resource is an element of a `static` array of \
                                 different resources at an index known only at run time; \
                                 Vulkan needs each use to name one resource, and {}",
                                crate::resource_structs::DXC_FAILS
                            ),
                            range,
                            &labels,
                        ));
                    };
                    let slot = usize::try_from(k).ok();
                    let unassigned = slot.is_some_and(|k| {
                        b.slots.get(k) == Some(&None)
                            && b.assigned.is_none()
                            && !b.indexed_slots.iter().any(|s| s.slot == k)
                    });
                    if unassigned {
                        let item = self.global_item(infer, *base);
                        if let Some(item) = item {
                            return Err(self.unassigned_static_read(item, range));
                        }
                    }
                    return match slot.and_then(|k| b.slots.get(k).copied()) {
                        Some(Some(r)) => Ok(r),
                        _ => {
                            Err(self.unsupported("this resource in a `static` initializer", range))
                        }
                    };
                }
                // An element of a global array of arrays (`grid[1][2]`, `resource_rows`).
                if let Some(part) = self.multi_dim_part(body, infer, e)? {
                    return match part {
                        crate::resource_rows::GlobalPart::Element(r) => Ok(r),
                        crate::resource_rows::GlobalPart::Row(_) => {
                            Err(self.unsupported("this resource in a `static` initializer", range))
                        }
                    };
                }
                let (g, None) = self.named_resource(body, infer, *base, range)? else {
                    return Err(self.unsupported("this resource in a `static` initializer", range));
                };
                match const_index(self, body, infer, *index) {
                    Some(k) => Ok((g, Some(k))),
                    None => Err(self.unsupported(
                        "a run-time index in the initializer of a `static` resource",
                        range,
                    )),
                }
            }
            // `USE_A ? ta : tb`: the arm a constant condition picks.
            Expr::Conditional {
                cond,
                then,
                otherwise,
            } => match const_index(self, body, infer, *cond) {
                Some(c) => {
                    let arm = if c != 0 { *then } else { *otherwise };
                    self.named_resource(body, infer, arm, range)
                }
                // DXC runs the initializer once and keeps the resource in a variable its
                // legalization cannot remove.
                None => Err(self.runtime_static_choice(body, infer, *then, *otherwise, range)),
            },
            // A call of a function returning a resource: the one its `return`s name.
            Expr::Call { .. } | Expr::MethodCall { .. } => {
                let f = self.initializer_call(body, infer, e, range)?;
                let returned = self.resource_returns.get(&f).copied().flatten();
                match returned {
                    Some(r) if !self.indexed_returns.contains(&f) => Ok(r),
                    // The function failed to lower and said why.
                    None if !self.diagnostics.is_empty() => Err(crate::context::Unsupported),
                    _ => Err(self.unsupported(
                        "this `static` initializer (the resource it returns is not one global \
                         or a constant element of one)",
                        range,
                    )),
                }
            }
            // A member of a struct static or of a global struct of resources (`gMat.t`):
            // the resource its slot holds.
            Expr::Field { .. } => match self.member_resource(body, infer, e, range)? {
                Some(r) => Ok(r),
                None => Err(self.unsupported("this resource in a `static` initializer", range)),
            },
            _ => Err(self.unsupported("this resource in a `static` initializer", range)),
        }
    }

    /// The resource the slot of resource member `e` (`gMat.t`, `gs.inner.ts[1]`) of a
    /// struct static or global struct holds, when it names one known resource.
    pub(crate) fn member_resource(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        e: ExprId,
        range: syntax::TextRange,
    ) -> R<Option<StaticResource>> {
        let pending = self.pending_indexed.len();
        let r = match self.member_slots(body, infer, e, range)?.as_deref() {
            Some(&[r]) => r,
            _ => None,
        };
        // An element at a run-time index a call hands back is no one resource (plain
        // statics keep it apart, `handed_member_array`).
        if self.pending_indexed.len() != pending {
            self.pending_indexed.truncate(pending);
            return Ok(None);
        }
        Ok(r)
    }

    /// [`Self::member_slots`] for `resource_rows`: the slots of member `e`, `None` when a
    /// call's result hands back an element at a run-time index there.
    pub(crate) fn member_part_slots(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        e: ExprId,
        range: syntax::TextRange,
    ) -> R<Option<Vec<Option<StaticResource>>>> {
        let pending = self.pending_indexed.len();
        let slots = self.member_slots(body, infer, e, range)?;
        if self.pending_indexed.len() != pending {
            self.pending_indexed.truncate(pending);
            return Ok(None);
        }
        Ok(slots)
    }

    /// What the slots of member or element `e` of a struct static, a static array of structs
    /// or a global struct hold (`gMat.t`, `gs.inner`, `ms[1]`, `g2.texs`), in the order of
    /// `Split::resource_paths`: one for a resource, one per slot of a member struct or an
    /// array of resources; `None` when `e` is no such part.
    pub(crate) fn member_slots(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        mut e: ExprId,
        range: syntax::TextRange,
    ) -> R<Option<Vec<Option<StaticResource>>>> {
        // The steps from the root, innermost first.
        let whole = e;
        let pending = self.pending_indexed.len();
        let mut steps = Vec::new();
        let root = loop {
            match body.expr(e) {
                Expr::Paren(i) => e = *i,
                Expr::Field { expr, name } => {
                    steps.push(Ok(name.clone()));
                    e = *expr;
                }
                Expr::Index { base, index } => {
                    let Some(k) = const_index(self, body, infer, *index) else {
                        return Ok(None);
                    };
                    steps.push(Err(k));
                    e = *base;
                }
                Expr::Path(_) | Expr::Call { .. } | Expr::MethodCall { .. } => break e,
                _ => return Ok(None),
            }
        };
        if steps.is_empty() {
            return Ok(None);
        }
        let (root_split, root_slots) = match body.expr(root) {
            // A member of a call's result (`make().inner`): the slots the call returns.
            Expr::Call { .. } | Expr::MethodCall { .. } => {
                match self.call_result_slots(body, infer, root, range)? {
                    Some(r) => r,
                    None => return Ok(None),
                }
            }
            _ => {
                let item = self.global_item(infer, root);
                let Some(item) = item.filter(|&i| self.is_resource_static(i)) else {
                    return Ok(None);
                };
                let b = self.read_static_binding(item)?;
                let Some(split) = b.split else {
                    return Ok(None);
                };
                (split, b.slots)
            }
        };
        let mut split = root_split.clone();
        let mut path = Vec::new();
        while let Some(step) = steps.pop() {
            let i = match step {
                Ok(name) if !split.is_array => split.names.iter().position(|n| *n == name),
                Err(k) if split.is_array => usize::try_from(k).ok(),
                _ => None,
            };
            let Some(i) = i else { return Ok(None) };
            path.push(i as u32);
            match split.members.get(i) {
                Some(crate::resource_structs::Member::Nested(sub, _)) => split = (**sub).clone(),
                Some(crate::resource_structs::Member::ResourceArray(n)) => match steps.pop() {
                    // The whole array: its slots.
                    None => break,
                    Some(Err(k)) if u32::try_from(k).is_ok_and(|k| k < *n) => path.push(k as u32),
                    Some(_) => return Ok(None),
                },
                Some(crate::resource_structs::Member::Resource) if steps.is_empty() => {}
                // Data, or a step past a resource.
                _ => return Ok(None),
            }
        }
        let under: Vec<Option<StaticResource>> = (root_split.resource_paths().iter())
            .zip(&root_slots)
            .filter(|(p, _)| p.starts_with(&path))
            .map(|(_, r)| *r)
            .collect();
        // Elements at run-time indices the call hands back: `init_globals` reads their
        // indices from the member it lowers (`init.rs`), so they belong to the whole `e`.
        for expr in &mut self.pending_indexed[pending..] {
            *expr = whole;
        }
        Ok((!under.is_empty()).then_some(under))
    }

    /// Appends the resources of initializer list `e` in HLSL's flat order: each resource,
    /// and the slots of each struct static or static array of resources in it.
    fn flat_list_resources(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        e: ExprId,
        out: &mut Vec<Option<StaticResource>>,
        range: syntax::TextRange,
    ) -> R<()> {
        if let Expr::InitList(items) = body.expr(e) {
            for &i in items {
                self.flat_list_resources(body, infer, i, out, range)?;
            }
            return Ok(());
        }
        match infer.type_of_expr(e) {
            Some(Type::Resource(_)) => out.push(self.slot_resource(body, infer, e, range)?),
            Some(t) if crate::resource_out::holds_resources(t) || static_array_len(t).is_some() => {
                match (self.static_array_named(infer, e)?, split_type(t)) {
                    (Some(b), _) => out.extend(b.slots),
                    (None, Some(split)) => {
                        out.extend(self.struct_resources(body, infer, e, &split, range)?)
                    }
                    (None, None) => {
                        let n = static_array_len(t).unwrap_or(0);
                        out.extend(self.array_resources(body, infer, e, n, range)?)
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The binding of the `static` array of resources `e` names, if it names one.
    fn static_array_named(
        &mut self,
        infer: &InferenceResult,
        e: ExprId,
    ) -> R<Option<StaticBinding>> {
        let item = self.global_item(infer, e);
        match item {
            Some(item) if self.is_resource_static(item) => {
                let b = self.static_binding(item)?;
                Ok(b.array.is_some().then_some(b))
            }
            _ => Ok(None),
        }
    }

    /// The resources of a struct static's initializer: an initializer list with one element
    /// per member, a call of a function returning the struct, or another such static.
    pub(crate) fn struct_resources(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        init: ExprId,
        split: &Split,
        range: syntax::TextRange,
    ) -> R<Vec<Option<StaticResource>>> {
        match body.expr(init) {
            Expr::Paren(i) => self.struct_resources(body, infer, *i, split, range),
            // A list, nested or flattened (`{ a, 1, 2 }` for `{ Texture2D t; float2 uv; }`):
            // HLSL's flat rule, each slot taking the list's next resource.
            Expr::InitList(_) => {
                let mut out = Vec::new();
                self.flat_list_resources(body, infer, init, &mut out, range)?;
                if out.len() != split.resource_paths().len() {
                    return Err(self.unsupported("an initializer list of another length", range));
                }
                Ok(out)
            }
            Expr::Call { .. } | Expr::MethodCall { .. } => {
                let f = self.initializer_call(body, infer, init, range)?;
                let returned = self.split_returns.get(&f).and_then(|(_, r)| r.clone());
                let in_row = |h: &Option<crate::resource_handed::Handed>| {
                    matches!(h, Some(crate::resource_handed::Handed::InIndexedRow(..)))
                };
                if returned.as_ref().is_some_and(|r| r.iter().any(in_row)) {
                    return Err(self.unsupported(
                        "this `static` initializer (a call returning elements of a row of an \
                         array of arrays of resources)",
                        range,
                    ));
                }
                match returned {
                    // An element at a run-time index: a marker slot whose index the call
                    // hands back when `init_globals` runs it, for the data part if the
                    // struct has data, for the indices alone if not (`init.rs`).
                    Some(handed) => Ok(handed
                        .into_iter()
                        .map(|h| match h? {
                            crate::resource_handed::Handed::Indexed(array, _) => {
                                let marker = PENDING_MARKER + self.pending_indexed.len() as i64;
                                self.pending_indexed.push(init);
                                Some((array, Some(marker)))
                            }
                            crate::resource_handed::Handed::Named(r) => Some(r),
                            // Refused above.
                            crate::resource_handed::Handed::InIndexedRow(..) => None,
                        })
                        .collect()),
                    // The function failed to lower and said why.
                    None if !self.diagnostics.is_empty() => Err(crate::context::Unsupported),
                    None => Err(self.unsupported(
                        "this `static` initializer (the resources it returns are unknown)",
                        range,
                    )),
                }
            }
            Expr::Path(_) => {
                let item = self.global_item(infer, init);
                match item {
                    Some(item) if self.is_resource_static(item) => {
                        Ok(self.static_binding(item)?.slots)
                    }
                    _ => Err(self.unsupported("this `static` initializer", range)),
                }
            }
            // `(Material)0`: the data members from the scalar, no resources (`resource_cast`).
            Expr::Cast { expr, .. }
                if matches!(
                    infer.type_of_expr(*expr),
                    Some(Type::Scalar(_) | Type::Enum(_))
                ) =>
            {
                Ok(vec![None; split.resource_paths().len()])
            }
            // `(M)m1`: a cast to its own type is the value itself.
            Expr::Cast { expr, .. } if infer.type_of_expr(*expr) == infer.type_of_expr(init) => {
                self.struct_resources(body, infer, *expr, split, range)
            }
            // `USE_A ? m1 : m2`: the arm a constant condition picks; one known only at run time
            // is DXC's legalization failure, as for a resource.
            Expr::Conditional {
                cond,
                then,
                otherwise,
            } => match const_index(self, body, infer, *cond) {
                Some(c) => {
                    let arm = if c != 0 { *then } else { *otherwise };
                    self.struct_resources(body, infer, arm, split, range)
                }
                None => Err(self.runtime_static_choice(body, infer, *then, *otherwise, range)),
            },
            // A member struct or an element of a struct static, a static array of structs or
            // a global struct (`o.inner`, `ms[1]`): the slots it holds.
            Expr::Field { .. } | Expr::Index { .. } => {
                match self.member_slots(body, infer, init, range)? {
                    Some(slots) if slots.len() == split.resource_paths().len() => Ok(slots),
                    _ => Err(self.unsupported("this `static` initializer", range)),
                }
            }
            _ => Err(self.unsupported("this `static` initializer", range)),
        }
    }
}

impl ModuleCtx<'_> {
    /// The `n` resources filling a resource array member of a static: an initializer list of
    /// resources, or a global array of `n` (its elements in order).
    fn array_resources(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        e: ExprId,
        n: u32,
        range: syntax::TextRange,
    ) -> R<Vec<Option<StaticResource>>> {
        if let Expr::InitList(items) = body.expr(e) {
            if items.len() == n as usize {
                let mut out = Vec::new();
                for &item in items {
                    out.push(self.slot_resource(body, infer, item, range)?);
                }
                return Ok(out);
            }
            // A flattened list (`{ grid[k], grid[i] }` for eight slots): HLSL's flat rule,
            // each row or array in it giving its elements in order.
            let mut out = Vec::new();
            self.flat_list_resources(body, infer, e, &mut out, range)?;
            if out.len() == n as usize {
                return Ok(out);
            }
            return Err(self.unsupported("an initializer list of another length", range));
        }
        // Another `static` array of resources: the same resources.
        if let Some(b) = self.static_array_named(infer, e)? {
            if b.slots.len() == n as usize {
                return Ok(b.slots);
            }
        }
        // A call returning an array of resources: what its `return`s name, as for a call
        // returning a struct (`resource_array_returns`).
        if matches!(body.expr(e), Expr::Call { .. } | Expr::MethodCall { .. }) {
            let ty = infer.type_of_expr(e);
            if let Some(split) = ty.and_then(crate::resource_array_returns::returned_split) {
                return self.struct_resources(body, infer, e, &split, range);
            }
        }
        // An array member of a struct static or global struct (`g2.texs`): its slots.
        if matches!(body.expr(e), Expr::Field { .. }) {
            if let Some(slots) = self.member_slots(body, infer, e, range)? {
                if slots.len() == n as usize {
                    return Ok(slots);
                }
            }
        }
        // A row of a global array of arrays (`grid[1]`, `resource_rows`).
        if let Some(crate::resource_rows::GlobalPart::Row(row)) =
            self.multi_dim_part(body, infer, e)?
        {
            if row.len() == n as usize {
                return Ok(row.into_iter().map(Some).collect());
            }
        }
        // A row at a run-time index (`grid[k]`, `row_statics`): a marker slot per column,
        // the row's position kept in one private `int` (`indexed_slots`).
        if let Some(g) = self.run_time_row(body, infer, e, n)? {
            let mut out = Vec::new();
            for _ in 0..n {
                let marker = PENDING_MARKER + self.pending_indexed.len() as i64;
                self.pending_indexed.push(e);
                out.push(Some((g, Some(marker))));
            }
            return Ok(out);
        }
        let (g, None) = self.named_resource(body, infer, e, range)? else {
            return Err(self.unsupported("this resource array in a `static` initializer", range));
        };
        Ok((0..n).map(|k| Some((g, Some(i64::from(k))))).collect())
    }
}

/// Whether `b` is the placeholder a `static` stands for while its initializer is read (it
/// names nothing).
pub(crate) fn is_placeholder(b: &StaticBinding) -> bool {
    b.split.is_none() && b.array.is_none() && b.slots.is_empty() && b.index.is_none()
}

/// The first marker element `slot_resource` gives a slot at a run-time index (no array has
/// an element there).
const PENDING_MARKER: i64 = i64::MIN / 2;

/// The length of `ty` when it is an array of resources (`static Texture2D ts[2]`): such a
/// static names one resource per element, like a local array of resources.
fn static_array_len(ty: &Type) -> Option<u32> {
    match ty {
        Type::Array {
            element,
            len: Some(n),
        } if matches!(**element, Type::Resource(_)) => Some(*n),
        _ => None,
    }
}

/// The value of index `e` of a `static` initializer when it is known at compile time: a
/// literal, a `static const` global or enumerator, or arithmetic on them.
pub(crate) fn const_index(
    cx: &ModuleCtx<'_>,
    body: &Body,
    infer: &InferenceResult,
    e: ExprId,
) -> Option<i64> {
    use syntax::ast::{BinaryOp, PrefixOp};
    match body.expr(e) {
        Expr::Literal(hir::body::Literal::Int(v, _)) => Some(*v as i64),
        Expr::Literal(hir::body::Literal::Bool(b)) => Some(i64::from(*b)),
        Expr::Paren(i) | Expr::Cast { expr: i, .. } => const_index(cx, body, infer, *i),
        Expr::Prefix {
            op: PrefixOp::Neg,
            expr,
        } => const_index(cx, body, infer, *expr).map(|v| -v),
        Expr::Binary {
            op: BinaryOp::Arith(op),
            lhs,
            rhs,
        } => {
            let (a, b) = (
                const_index(cx, body, infer, *lhs)?,
                const_index(cx, body, infer, *rhs)?,
            );
            op.checked_i64(a, b)
        }
        Expr::Path(_) => match infer.resolution(e)? {
            Resolution::Global(ast) | Resolution::Enumerator(ast) => {
                let idx = cx.tree.by_ast(*ast)?;
                let tcx = hir::lower_type::TypeCtx::inside(&cx.tree, &cx.scope, idx);
                Some(tcx.item_value(idx)?.as_int())
            }
            _ => None,
        },
        _ => None,
    }
}

impl FnLower<'_, '_> {
    /// The static holding resources that `e` names, when it names one.
    pub(crate) fn resource_static(&self, e: ExprId) -> Option<ItemIdx> {
        let Expr::Path(_) = self.body.expr(e) else {
            return None;
        };
        let Some(Resolution::Global(ast)) = self.infer.resolution(e) else {
            return None;
        };
        let idx = self.cx.tree.by_ast(*ast)?;
        self.cx.is_resource_static(idx).then_some(idx)
    }

    /// The pointer a plain resource static stands for, named at `e`: E3020 there for one
    /// never assigned (nothing in code that never runs, `resource_dead`).
    pub(crate) fn static_resource_pointer(&mut self, idx: ItemIdx, e: ExprId) -> R<Option<Value>> {
        let b = self.cx.read_static_binding(idx)?;
        if let Some((array, index)) = b.index {
            return Ok(Some(self.indexed_static_pointer(idx, array, index)));
        }
        if b.split.is_some() || b.array.is_some() || self.tracks_static(idx) {
            return Ok(None);
        }
        match b.slots[..] {
            [Some(r)] => Ok(Some(self.static_pointer(r))),
            // Where code runs, a texture or sampler is an undefined value, as DXC legalizes
            // it (`resource_undefined`).
            [None] if !self.res.flow.dead && !self.res.dropping => {
                match self.undefined_static_resource(idx, e) {
                    Some(v) => Ok(Some(v)),
                    None => {
                        let range = self.expr_range(e);
                        Err(self.unassigned_static_use(range))
                    }
                }
            }
            [None] => {
                let range = self.expr_range(e);
                Err(self.unassigned_static_use(range))
            }
            _ => Ok(None),
        }
    }

    /// The resource pointer `v` names when it is a global or an element of one at a constant
    /// index.
    pub(crate) fn named_resource_value(&self, v: Value) -> Option<StaticResource> {
        match v {
            Value::Global(g) => Some((g, None)),
            Value::Inst(i) => {
                let module = self.cx.mb.module();
                let d = &module.functions[self.func].insts[i];
                let (ir::Opcode::AccessChain, [Value::Global(g), indices @ ..]) =
                    (d.opcode, &d.operands[..])
                else {
                    return None;
                };
                let mut ks = Vec::new();
                for v in indices {
                    let Value::Const(c) = v else { return None };
                    match module.constants[*c].kind {
                        // An `int` or `uint` index: its low 32 bits, signed.
                        ir::ConstantKind::Scalar(bits) => ks.push(i64::from(bits as u32 as i32)),
                        ir::ConstantKind::Composite(_) => return None,
                    }
                }
                // One index into an array, or one per dimension of an array of arrays (its
                // row-major position, `resource_rows`); a row is no resource.
                match (&ks[..], self.cx.global_dims(*g).len()) {
                    ([k], 0 | 1) => Some((*g, Some(*k))),
                    (_, n) if n >= 2 && ks.len() == n => {
                        let dims = self.cx.global_dims(*g);
                        crate::resource_rows::flat_position(&dims, &ks).map(|k| (*g, Some(k)))
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The pointer to `r`: an element's access chain goes at the top of the entry block, so
    /// that it dominates every use wherever the static is first named.
    pub(crate) fn static_pointer(&mut self, (g, k): StaticResource) -> Value {
        let Some(k) = k else {
            return Value::Global(g);
        };
        if let Some(&p) = self.res.element_pointers.get(&(g, k)) {
            return p;
        }
        let element = k;
        // One index per dimension of an array of arrays (`resource_rows`).
        let indices = self.element_indices(g, k);
        let v = self.fb().access_chain(Value::Global(g), &indices);
        let f = &mut self.cx.mb.module_mut().functions[self.func];
        if let (Value::Inst(i), Some(&entry)) = (v, f.layout.first()) {
            if let Some(b) = f.insts[i].block.take() {
                f.blocks[b].insts.retain(|&x| x != i);
            }
            f.insts[i].block = Some(entry);
            f.blocks[entry].insts.insert(0, i);
        }
        self.res.element_pointers.insert((g, element), v);
        v
    }

    /// The element of `array` at the index held by `index` that static `idx` stands for
    /// ([`StaticBinding::index`]): loaded and indexed once, at the top of the entry block
    /// (the index is set before any function runs and never changes), so that every use
    /// is one value.
    fn indexed_static_pointer(&mut self, idx: ItemIdx, array: Global, index: Global) -> Value {
        if let Some(&p) = self.res.indexed_statics.get(&idx) {
            return p;
        }
        let p = self.entry_element(array, index);
        if self.in_static_initializer() {
            // Made where it is used (`entry_element`): no one value for every use.
            return p;
        }
        self.res.indexed_statics.insert(idx, p);
        p
    }

    /// Element of `array` at the index private global `index` holds, loaded and indexed at
    /// the top of the entry block (the index is set before any function runs and never
    /// changes).
    fn entry_element(&mut self, array: Global, index: Global) -> Value {
        let k = self.fb().load(Value::Global(index));
        // A row-major position in an array of arrays: one index per dimension.
        let (indices, made) = self.unflatten_value(array, k);
        let p = self.fb().access_chain(Value::Global(array), &indices);
        // In `init_globals` the index is stored by an earlier initializer: read it here.
        if self.in_static_initializer() {
            return p;
        }
        let f = &mut self.cx.mb.module_mut().functions[self.func];
        if let Some(&entry) = f.layout.first() {
            let moved = std::iter::once(k).chain(made).chain([p]);
            for (at, v) in moved.enumerate() {
                let Value::Inst(i) = v else { continue };
                if let Some(b) = f.insts[i].block.take() {
                    f.blocks[b].insts.retain(|&x| x != i);
                }
                f.insts[i].block = Some(entry);
                f.blocks[entry].insts.insert(at, i);
            }
        }
        p
    }

    /// The temporary local standing for struct static or static resource array `idx` in
    /// this function: a split local, or a local array of resource slots.
    pub(crate) fn static_struct_local(&mut self, idx: ItemIdx) -> R<Option<LocalId>> {
        if let Some(&l) = self.res.statics.get(&idx) {
            return Ok(Some(l));
        }
        let b = self.cx.read_static_binding(idx)?;
        let tracked = self.tracks_static(idx);
        let paths = match (&b.split, b.array) {
            (Some(split), _) => split.resource_paths(),
            (None, Some(n)) => (0..n).map(|k| vec![k]).collect(),
            // A plain static this function tracks: one slot (`static_assign`).
            (None, None) if tracked => vec![Vec::new()],
            (None, None) => return Ok(None),
        };
        let l = LocalId(self.body.locals.len() as u32 + self.res.temps);
        self.res.temps += 1;
        // A copy given the static's resources by its caller binds them when it starts
        // (`static_flow`): the initializer's are no concern of it.
        let given = tracked && self.cx.static_flows.incoming.contains_key(&self.func);
        // The slots of rows at run-time indices, loaded once per row (`row_statics`).
        let mut rows: HashMap<usize, Value> = HashMap::new();
        if !given {
            let mut done: Vec<Global> = Vec::new();
            for s in &b.indexed_slots {
                if s.column.is_none() || done.contains(&s.index) {
                    continue;
                }
                done.push(s.index);
                let row: Vec<&IndexedSlot> = (b.indexed_slots.iter())
                    .filter(|t| t.index == s.index)
                    .collect();
                let columns: Vec<u32> = row.iter().filter_map(|t| t.column).collect();
                let pointers = self.static_row_slots(s.array, s.index, &columns);
                rows.extend(row.iter().map(|t| t.slot).zip(pointers));
            }
        }
        for (slot, (path, r)) in paths.into_iter().zip(b.slots).enumerate() {
            if given {
                break;
            }
            let p = match (r, b.indexed_slots.iter().find(|s| s.slot == slot)) {
                (Some(r), _) => self.static_pointer(r),
                (None, Some(_)) if rows.contains_key(&slot) => rows[&slot],
                (None, Some(s)) => self.entry_element(s.array, s.index),
                (None, None) => continue,
            };
            self.res
                .slots
                .insert((l, path), crate::resource_structs::Binding::Bound(p));
        }
        match (b.split, b.array) {
            (Some(split), _) => {
                let data = b.data.map(Value::Global);
                self.res.split.insert(l, SplitLocal { split, data });
            }
            (None, None) => {}
            (None, Some(n)) => {
                self.res.arrays.insert(l, n);
            }
        }
        self.res.statics.insert(idx, l);
        Ok(Some(l))
    }

    /// Whether `l` is the temporary standing for a static that this function may not rebind
    /// (any but one it tracks, `static_assign`).
    pub(crate) fn is_static_local(&self, l: LocalId) -> bool {
        self.res
            .statics
            .iter()
            .any(|(&idx, &s)| s == l && !self.tracks_static(idx))
    }
}

impl FnLower<'_, '_> {
    /// Whether `static` local `l` (of a struct holding resources) can be an ordinary split
    /// local, initialized where declared on every call
    /// ([`ModuleCtx::static_split_local_is_plain`]).
    pub(crate) fn static_split_is_local(&self, l: LocalId) -> bool {
        self.cx
            .static_split_local_is_plain(&self.body, &self.infer, l)
    }
}

impl ModuleCtx<'_> {
    /// Whether `static` local `l` of `body` (of a struct holding resources) can be an
    /// ordinary split local, initialized where declared on every call: its initializer
    /// gives the same value on every call (literals, resource globals, cbuffer members and
    /// constants, no call and no buffer read) and nothing writes it or a member of it, so no
    /// call can tell the difference from a value kept across calls.
    pub(crate) fn static_split_local_is_plain(
        &self,
        body: &Body,
        infer: &InferenceResult,
        l: LocalId,
    ) -> bool {
        let Some(init) = body.local(l).init else {
            return false;
        };
        self.invariant_initializer(body, infer, init) && !writes_part_of(body, infer, l)
    }

    /// Whether `e` has the same value wherever and whenever it runs.
    fn invariant_initializer(&self, body: &Body, infer: &InferenceResult, e: ExprId) -> bool {
        let inv = |e: ExprId| self.invariant_initializer(body, infer, e);
        match body.expr(e) {
            Expr::Literal(_) => true,
            Expr::Paren(i) | Expr::Cast { expr: i, .. } | Expr::Prefix { expr: i, .. } => inv(*i),
            Expr::Field { expr, .. } => inv(*expr),
            Expr::Binary { op, lhs, rhs } => {
                !matches!(op, syntax::ast::BinaryOp::Assign { .. }) && inv(*lhs) && inv(*rhs)
            }
            Expr::InitList(items) => items.iter().all(|&i| inv(i)),
            Expr::Path(_) => match infer.resolution(e) {
                Some(Resolution::Global(ast)) => self.tree.by_ast(*ast).is_some_and(|g| {
                    match &self.tree.item(g).kind {
                        // A mutable `static` may change between calls.
                        ItemKind::Variable(v) => !v.is_static || v.is_const,
                        _ => false,
                    }
                }),
                Some(Resolution::Enumerator(_)) => true,
                _ => false,
            },
            _ => false,
        }
    }
}

/// Whether anything in `body` writes local `l` or a part of it: an assignment, `++`/`--`, a
/// method of its struct (or of a struct inside it), or an argument of a user function (which
/// may be `out`).
fn writes_part_of(body: &Body, infer: &InferenceResult, l: LocalId) -> bool {
    let rooted = |mut e: ExprId| loop {
        match body.expr(e) {
            Expr::Local(x) => return *x == l,
            Expr::Paren(i) | Expr::Field { expr: i, .. } => e = *i,
            // An element of a buffer or texture member is the resource's memory.
            Expr::Index { base, .. } => {
                if matches!(infer.type_of_expr(*base), Some(Type::Resource(_))) {
                    return false;
                }
                e = *base
            }
            _ => return false,
        }
    };
    body.exprs.iter().enumerate().any(|(k, x)| {
        if let Some(w) = crate::resource_choice::assigned_operand(x) {
            return rooted(w);
        }
        match x {
            Expr::MethodCall { receiver, .. } => {
                let on_resource = matches!(infer.type_of_expr(*receiver), Some(Type::Resource(_)));
                !on_resource && rooted(*receiver)
            }
            Expr::Call { args, .. } => {
                infer.resolution(ExprId(k as u32)).is_some() && args.iter().any(|&a| rooted(a))
            }
            _ => false,
        }
    })
}

/// The global array whose elements `slots` hold, each at its own index (`static Texture2D
/// s[3] = ts;` or `{ ts[0], ts[1], ts[2] }`).
fn whole_global_array(slots: &[Option<StaticResource>]) -> Option<Global> {
    let (g, _) = (*slots.first()?)?;
    let whole = slots
        .iter()
        .enumerate()
        .all(|(k, r)| *r == Some((g, Some(k as i64))));
    whole.then_some(g)
}

/// The array and index of initializer `e` when it is an element of a named array
/// (`ts[k]`, parentheses aside).
fn runtime_element(body: &Body, mut e: ExprId) -> Option<(ExprId, ExprId)> {
    loop {
        match body.expr(e) {
            Expr::Paren(i) => e = *i,
            Expr::Index { base, index } if matches!(body.expr(*base), Expr::Path(_)) => {
                return Some((*base, *index))
            }
            _ => return None,
        }
    }
}

impl ModuleCtx<'_> {
    /// E3020 at `range`: a `static` initializer reads `static` `item` (or an element of it),
    /// which nothing gives a resource (declared without an initializer, never assigned).
    fn unassigned_static_read(
        &mut self,
        item: ItemIdx,
        range: syntax::TextRange,
    ) -> crate::context::Unsupported {
        let name = self.tree.item(item).name.clone();
        let label = (self.item_range(item), format!("`{name}` declared here"));
        self.error_with_labels(
            crate::RESOURCE_NOT_LEGAL,
            format!(
                "this `static` initializer reads `{name}`, which is never given a resource, so \
                 the read names none; {}",
                crate::resource_structs::DXC_FAILS
            ),
            range,
            &[label],
        )
    }

    /// E3020 at the declaration of `static` `idx`, read by its own initializer (directly, or
    /// through a function it calls) before it holds any resource.
    pub(crate) fn self_read(&mut self, idx: ItemIdx) -> crate::context::Unsupported {
        let range = self.item_range(idx);
        self.error(
            crate::RESOURCE_NOT_LEGAL,
            "this `static` holding resources is read by its own initializer (directly or \
             through a function it calls) before it holds any resource, so that use names no \
             resource"
                .to_owned(),
            range,
        )
    }

    /// E3020 at `range`: a `static`'s resources chosen by a `?:` whose condition is known only
    /// at run time, labelled with its arms `then` and `otherwise`.
    fn runtime_static_choice(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        then: ExprId,
        otherwise: ExprId,
        range: syntax::TextRange,
    ) -> crate::context::Unsupported {
        let labels = [(then, "if the condition holds"), (otherwise, "otherwise")]
            .map(|(arm, when)| self.static_label(body, infer, arm, when));
        self.error_with_labels(
            crate::RESOURCE_NOT_LEGAL,
            format!(
                "this `static` resource is chosen by a condition known only at run time; \
                 Vulkan needs each use to name one resource, and {}",
                crate::resource_structs::DXC_FAILS
            ),
            range,
            &labels.into_iter().flatten().collect::<Vec<_>>(),
        )
    }

    /// The label of arm `e` of a `?:` in the initializer being read (`static_init_map`):
    /// "`a` `when`" for a resource it names.
    fn static_label(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        e: ExprId,
        when: &str,
    ) -> Option<crate::resource_labels::Label> {
        let range = self.static_init_map.as_ref()?.expr_syntax(e).text_range();
        let name = match self.assigned_item(body, infer, e) {
            Some((item, Some(k))) => format!("`{}[{k}]` ", self.tree.item(item).name),
            Some((item, None)) => format!("`{}` ", self.tree.item(item).name),
            // A struct static or another global: its name.
            None => match infer.resolution(e) {
                Some(Resolution::Global(ast)) => self
                    .tree
                    .by_ast(*ast)
                    .map(|i| format!("`{}` ", self.tree.item(i).name))
                    .unwrap_or_default(),
                _ => String::new(),
            },
        };
        Some((range, format!("{name}{when}")))
    }

    /// The label of the `static` array of resources `base` names (binding `b`): where it is
    /// declared, with the resources it holds.
    fn static_array_label(
        &self,
        infer: &InferenceResult,
        base: ExprId,
        b: &StaticBinding,
    ) -> Vec<crate::resource_labels::Label> {
        let item = self.global_item(infer, base);
        let Some(item) = item else {
            return Vec::new();
        };
        let names: Vec<String> = (b.slots.iter())
            .map(|r| match r {
                Some(r) => format!("`{}`", self.resource_name(*r)),
                None => "nothing".to_owned(),
            })
            .collect();
        let what = format!("`{}` holds {}", self.tree.item(item).name, names.join(", "));
        vec![(self.item_range(item), what)]
    }
}
