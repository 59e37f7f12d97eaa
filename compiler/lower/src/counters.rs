//! Append, consume and counter buffers: a structured buffer with a counter comes with a second
//! global `counter.var.<name>`, a `RWByteAddressBuffer` in the same set whose word 0 is the
//! counter. `Append(v)` is `atomic_rmw add counter[0], 1` and a store at the returned slot;
//! `Consume()` is `atomic_rmw add counter[0], 0xFFFFFFFF` and a load at the returned value
//! minus one; `IncrementCounter()` returns the old count, `DecrementCounter()` the new one.
//! Under `-fvk-allow-rwstructuredbuffer-arrays` (as in DXC) an array of N `RWStructuredBuffer`s
//! has an array of N counters, `counter.var.<name>`, and element `i`'s counter is its element
//! `i`; without the flag a counter method on an element is refused, naming the flag. An
//! array of append or consume buffers (DXC since PR 6903) has its array of counters too,
//! declared with it.

use ir::{AtomicOp, Global, Opcode, Value};
use types::{ByteAddressKind, ResourceType, Type};

use crate::context::{ModuleCtx, R};
use crate::func::FnLower;

impl ModuleCtx<'_> {
    /// The counter of structured buffer `buffer`, declared on first use in the buffer's set
    /// at the binding its `[[vk::counter_binding(N)]]` gives, else at the next free one.
    pub fn counter_for(&mut self, buffer: Global) -> Global {
        if let Some(&c) = self.counters.get(&buffer) {
            return c;
        }
        let g = &self.mb.module().globals[buffer];
        if g.kind == ir::GlobalKind::Private {
            // An undefined buffer (`resource_undefined`) has an undefined counter.
            let name = format!("counter.var.{}", g.name);
            let ty = Type::resource(ResourceType::ByteAddressBuffer {
                access: ByteAddressKind::ReadWrite,
            });
            let space = types::AddressSpace::StorageBuffer;
            let c = self.mb.global(ir::GlobalVar::new(
                &name,
                ir::GlobalKind::Private,
                space,
                ty,
            ));
            self.counters.insert(buffer, c);
            return c;
        }
        self.check_bound_register_counter(self.item_of_buffer(buffer));
        let explicit = self.counter_binding_of(buffer);
        let assigned = self.assigned_counter_binding(buffer);
        let g = &self.mb.module().globals[buffer];
        let name = format!("counter.var.{}", g.name);
        let set = g.set.unwrap_or(0);
        let (set, binding) = match (explicit, assigned) {
            (Some(binding), _) => (set, binding),
            (None, Some(b)) => b,
            (None, None) => self.bindings.next_free_in(set),
        };
        let ty = Type::resource(ResourceType::ByteAddressBuffer {
            access: ByteAddressKind::ReadWrite,
        });
        let c = self.mb.resource(&name, ty, set, binding);
        self.counters.insert(buffer, c);
        c
    }

    /// The binding `[[vk::counter_binding(N)]]` on the declaration of buffer global `buffer`
    /// gives its counter (in the buffer's set, as DXC places it).
    fn counter_binding_of(&self, buffer: Global) -> Option<u32> {
        self.counter_binding_attr(self.item_of_buffer(buffer)?)
    }

    /// The declaring item of buffer global `buffer`.
    fn item_of_buffer(&self, buffer: Global) -> Option<hir::item_tree::ItemIdx> {
        self.globals.iter().find_map(|(idx, r)| {
            matches!(r, crate::context::GlobalRef::Var(g) if *g == buffer).then_some(*idx)
        })
    }

    /// The binding the last binding pass gave the counter of append or consume buffer
    /// `buffer` (right after the buffer's place in declaration order, as DXC numbers it).
    fn assigned_counter_binding(&self, buffer: Global) -> Option<(u32, u32)> {
        let idx = self.item_of_buffer(buffer)?;
        self.bindings.counter_of_item.get(&idx).copied()
    }

    /// N of `[[vk::counter_binding(N)]]` on item `idx`.
    pub(crate) fn counter_binding_attr(&self, idx: hir::item_tree::ItemIdx) -> Option<u32> {
        let args = crate::attrs::item_attr_ints(self, idx, "vk::counter_binding")?;
        u32::try_from((*args.first()?)?).ok()
    }

    /// The counters of array `buffers` of `count` structured buffers: one global holding an
    /// array of `count` counters, at the next free binding of the array's set (the next
    /// `count` ones when resource arrays are flattened, one binding per element).
    pub(crate) fn counter_array_for(&mut self, buffers: Global, count: u32) -> Global {
        if let Some(&c) = self.counters.get(&buffers) {
            return c;
        }
        self.check_bound_register_counter(self.item_of_buffer(buffers));
        let g = &self.mb.module().globals[buffers];
        let name = format!("counter.var.{}", g.name);
        let set = g.set.unwrap_or(0);
        let bindings = if self.options.flatten_resource_arrays {
            count
        } else {
            1
        };
        let (set, binding) = match self.assigned_counter_binding(buffers) {
            Some(b) => b,
            None => self.bindings.next_free_run(set, 0, bindings),
        };
        let counter = Type::resource(ResourceType::ByteAddressBuffer {
            access: ByteAddressKind::ReadWrite,
        });
        let ty = Type::Array {
            element: counter.into(),
            len: Some(count),
        };
        let c = self.mb.resource(&name, ty, set, binding);
        self.mb.module_mut().globals[c].resource_count = Some(count);
        self.counters.insert(buffers, c);
        c
    }
}

impl FnLower<'_, '_> {
    /// When `buffer` is element `index` of an array global of structured buffers: the array,
    /// its length and the index.
    fn structured_array_element(&mut self, buffer: Value) -> Option<(Global, u32, Value)> {
        let Value::Inst(i) = buffer else {
            return None;
        };
        let (opcode, operands) = {
            let fb = self.fb();
            let d = &fb.function().insts[i];
            (d.opcode, d.operands.clone())
        };
        let (Opcode::AccessChain, [Value::Global(g), index]) = (opcode, operands.as_slice()) else {
            return None;
        };
        let (g, index) = (*g, *index);
        match &self.cx.mb.module().globals[g].ty {
            Type::Array {
                element,
                len: Some(n),
            } if matches!(
                element.as_resource(),
                Some(ResourceType::StructuredBuffer { .. })
            ) =>
            {
                Some((g, *n, index))
            }
            _ => None,
        }
    }

    /// When `buffer` is an element of a `ResourceDescriptorHeap` array: the array and the
    /// heap index.
    fn heap_element_index(&mut self, buffer: Value) -> Option<(Global, Value)> {
        let Value::Inst(i) = buffer else {
            return None;
        };
        let d = self.fb().function().insts[i].clone();
        match (d.opcode, d.operands.as_slice()) {
            (Opcode::AccessChain, [Value::Global(g), index]) if self.cx.heaps.contains(*g) => {
                Some((*g, *index))
            }
            _ => None,
        }
    }

    /// The counter methods of a structured buffer; `None` when `name` is not one of them.
    pub fn lower_counter_method(
        &mut self,
        e: hir::body::ExprId,
        buffer: Value,
        name: &str,
        args: &[hir::body::ExprId],
    ) -> Option<R<Option<Value>>> {
        let is_counter_method = matches!(
            name,
            "Append" | "Consume" | "IncrementCounter" | "DecrementCounter"
        );
        let (g, element_of) = match buffer {
            Value::Global(g) => (g, None),
            _ if !is_counter_method => return None,
            _ if self.heap_element_index(buffer).is_some() => {
                let (heap, index) = self.heap_element_index(buffer)?;
                (heap, Some((0, index)))
            }
            _ => match self.structured_array_element(buffer) {
                // An array of append or consume buffers declares its counters with it.
                Some((g, len, index))
                    if self.cx.options.allow_rwstructuredbuffer_arrays
                        || self.cx.counters.contains_key(&g) =>
                {
                    (g, Some((len, index)))
                }
                Some(_) => {
                    return Some(Err(self.unsupported(
                        "the counter of an element of an array of structured buffers without \
                         -fvk-allow-rwstructuredbuffer-arrays (DXC needs the flag too)",
                        e,
                    )))
                }
                None => return Some(Err(self.unsupported("counters of this buffer", e))),
            },
        };
        let step = match name {
            "Append" | "IncrementCounter" => 1u32,
            "Consume" | "DecrementCounter" => u32::MAX,
            _ => return None,
        };
        let element = match self.type_of(buffer).pointee().map(|(_, t)| t.clone()) {
            Some(Type::Resource(r)) => match &*r {
                ResourceType::StructuredBuffer { element, .. } => element.clone(),
                _ => return None,
            },
            _ => return None,
        };
        Some((|| {
            let zero = self.fb().uint(0);
            let word = match element_of {
                None => {
                    let counter = self.cx.counter_for(g);
                    self.fb().access_chain(Value::Global(counter), &[zero])
                }
                // An element of `ResourceDescriptorHeap`: the counter heap's element.
                Some((_, index)) if self.cx.heaps.contains(g) => {
                    let counters = self.cx.heap_counters();
                    self.fb()
                        .access_chain(Value::Global(counters), &[index, zero])
                }
                Some((len, index)) => {
                    let counters = self.cx.counter_array_for(g, len);
                    self.fb()
                        .access_chain(Value::Global(counters), &[index, zero])
                }
            };
            let step_v = self.fb().uint(step);
            let old = self
                .fb()
                .atomic_rmw(AtomicOp::Add, Type::UINT, &[word], step_v);
            Ok(match name {
                "IncrementCounter" => Some(old),
                "DecrementCounter" => {
                    let one = self.fb().uint(1);
                    Some(self.fb().binary(Opcode::Sub, old, one))
                }
                "Append" => {
                    let Some(&a) = args.first() else {
                        return Err(self.unsupported("`Append` without a value", e));
                    };
                    let v = self.coerce(a, &element)?;
                    let p = self.fb().access_chain(buffer, &[old]);
                    self.fb().store(p, v);
                    None
                }
                _ => {
                    let one = self.fb().uint(1);
                    let slot = self.fb().binary(Opcode::Sub, old, one);
                    let p = self.fb().access_chain(buffer, &[slot]);
                    Some(self.fb().load(p))
                }
            })
        })())
    }
}
