//! SM 6.6 descriptor heaps (`ResourceDescriptorHeap[i]`, `SamplerDescriptorHeap[i]`), after
//! DXC's default SPIR-V mapping.
//!
//! Each resource type read from `ResourceDescriptorHeap` gets its own global: a runtime array
//! of that resource type (`array<Texture2D<float4>>`, `array<RWByteAddressBuffer>`...). All of
//! them alias one binding of set 0, the first that no other resource of the module uses;
//! `SamplerDescriptorHeap` gets one `array<SamplerState>` global at the next unused binding.
//! A heap element is an `access_chain` of the array global with the heap index, like an
//! element of a bindless `Texture2D g_T[]`. Bindings are given by [`ModuleCtx::
//! assign_heap_bindings`] once the whole entry point is lowered, because a resource first
//! used after the heap must not take the heap's binding.
//!
//! A counter method on a structured buffer read from the heap (`IncrementCounter`, `Append`,
//! ...) uses the counter heap, `counter.var.ResourceDescriptorHeap`: a runtime array of
//! counters (as `counters.rs` declares them) indexed by the same heap index, at the binding
//! after the resource heap's (DXC's `counter_var_ResourceDescriptorHeap`).
//!
//! Heap elements become resources where they initialize a resource local (`bind_resource_local`
//! in `stmt.rs` calls [`FnLower::heap_element`]) or are passed for a resource parameter (the
//! callee's copy takes the heap index, as for an element of a resource array), with or
//! without a cast to the resource type; other uses are reported as E3001.

use hir::body::{Expr, ExprId};
use ir::{Global, Value};
use types::{ResourceType, Type};

use crate::context::{ModuleCtx, R};
use crate::func::FnLower;

/// Which of the two SM 6.6 heaps an expression reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HeapKind {
    /// `ResourceDescriptorHeap`: textures, buffers, constant buffers.
    Resource,
    /// `SamplerDescriptorHeap`: samplers.
    Sampler,
}

impl HeapKind {
    /// The heap a name denotes, if it denotes one.
    pub fn from_name(name: &str) -> Option<HeapKind> {
        match name {
            "ResourceDescriptorHeap" => Some(HeapKind::Resource),
            "SamplerDescriptorHeap" => Some(HeapKind::Sampler),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            HeapKind::Resource => "ResourceDescriptorHeap",
            HeapKind::Sampler => "SamplerDescriptorHeap",
        }
    }
}

/// The heap array globals declared so far, one per (heap, resource type), in order of first
/// use.
#[derive(Debug, Default)]
pub struct HeapArrays {
    arrays: Vec<(HeapKind, ResourceType, Global)>,
    /// The counter heap, once a counter method used it.
    counters: Option<Global>,
}

impl HeapArrays {
    /// Whether global `g` is a heap array.
    pub fn contains(&self, g: Global) -> bool {
        self.arrays.iter().any(|&(_, _, h)| h == g)
    }
}

impl ModuleCtx<'_> {
    /// The runtime array standing for the elements of type `res` in heap `kind`, declared on
    /// first use (its binding is set by [`ModuleCtx::assign_heap_bindings`]).
    pub fn heap_array(&mut self, kind: HeapKind, res: &ResourceType) -> Global {
        if let Some(&(_, _, g)) = self
            .heaps
            .arrays
            .iter()
            .find(|(k, r, _)| *k == kind && r == res)
        {
            return g;
        }
        let ty = Type::unsized_array(Type::resource(res.clone()));
        let g = self.mb.resource(kind.name(), ty, 0, 0);
        self.heaps.arrays.push((kind, res.clone(), g));
        g
    }

    /// The counter heap: the counters of the structured buffers read from
    /// `ResourceDescriptorHeap`, by heap index, declared on first use.
    pub fn heap_counters(&mut self) -> Global {
        if let Some(g) = self.heaps.counters {
            return g;
        }
        let counter = Type::resource(ResourceType::ByteAddressBuffer {
            access: types::ByteAddressKind::ReadWrite,
        });
        let g = self.mb.resource(
            "counter.var.ResourceDescriptorHeap",
            Type::unsized_array(counter),
            0,
            0,
        );
        self.heaps.counters = Some(g);
        g
    }

    /// Gives every resource heap array the first binding of set 0 that no declared resource
    /// takes, and every sampler heap array the next free one (DXC's default heap mapping).
    pub fn assign_heap_bindings(&mut self) {
        if self.heaps.arrays.is_empty() {
            return;
        }
        for kind in [HeapKind::Resource, HeapKind::Sampler] {
            if !self.heaps.arrays.iter().any(|(k, _, _)| *k == kind) {
                continue;
            }
            // The first binding of set 0 that no declared resource (nor counter) took.
            let (_, binding) = self.bindings.next_free_in(0);
            for &(k, _, g) in &self.heaps.arrays {
                if k == kind {
                    self.mb.module_mut().globals[g].binding = Some(binding);
                }
            }
            // The counter heap follows the resource heap.
            if let (HeapKind::Resource, Some(c)) = (kind, self.heaps.counters) {
                let (_, binding) = self.bindings.next_free_in(0);
                self.mb.module_mut().globals[c].binding = Some(binding);
            }
        }
    }
}

impl FnLower<'_, '_> {
    /// When `init` is `ResourceDescriptorHeap[i]` or `SamplerDescriptorHeap[i]` (in
    /// parentheses or not): the pointer to element `i` of the heap array of type `res`.
    pub fn heap_element(&mut self, init: ExprId, res: &ResourceType) -> Option<R<Value>> {
        // `(T)ResourceDescriptorHeap[i]` is the element read as the local's or parameter's
        // type, as without the cast.
        let mut e = init;
        while let Expr::Paren(inner) | Expr::Cast { expr: inner, .. } = self.body.expr(e) {
            e = *inner;
        }
        let Expr::Index { base, index } = *self.body.expr(e) else {
            return self
                .heap_named(init)
                .then(|| Err(self.unsupported("a descriptor heap used other than indexed", init)));
        };
        let mut root = base;
        while let Expr::Paren(inner) = self.body.expr(root) {
            root = *inner;
        }
        let Expr::Path(p) = self.body.expr(root) else {
            return None;
        };
        let kind = HeapKind::from_name(p.as_name()?)?;
        let is_sampler = matches!(res, ResourceType::Sampler { .. });
        if is_sampler != (kind == HeapKind::Sampler) {
            let what = match kind {
                HeapKind::Resource => "a sampler from ResourceDescriptorHeap",
                HeapKind::Sampler => "a resource other than a sampler from SamplerDescriptorHeap",
            };
            return Some(Err(self.unsupported(what, init)));
        }
        Some(self.heap_index(kind, res, index))
    }

    fn heap_index(&mut self, kind: HeapKind, res: &ResourceType, index: ExprId) -> R<Value> {
        let i = self.coerce(index, &Type::UINT)?;
        let array = self.cx.heap_array(kind, res);
        Ok(self.fb().access_chain(Value::Global(array), &[i]))
    }

    /// Whether `e` (under indexing and parentheses) names a descriptor heap.
    pub fn heap_named(&self, e: ExprId) -> bool {
        let mut root = e;
        while let Expr::Index { base: inner, .. }
        | Expr::Paren(inner)
        | Expr::Cast { expr: inner, .. } = self.body.expr(root)
        {
            root = *inner;
        }
        matches!(self.body.expr(root), Expr::Path(p)
            if p.as_name().and_then(HeapKind::from_name).is_some())
    }
}
