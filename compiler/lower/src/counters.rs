//! Append, consume and counter buffers: a structured buffer with a counter comes with a second
//! global `counter.var.<name>`, a `RWByteAddressBuffer` in the same set whose word 0 is the
//! counter. `Append(v)` is `atomic_rmw add counter[0], 1` and a store at the returned slot;
//! `Consume()` is `atomic_rmw add counter[0], 0xFFFFFFFF` and a load at the returned value
//! minus one; `IncrementCounter()` returns the old count, `DecrementCounter()` the new one.

use ir::{AtomicOp, Global, Opcode, Value};
use types::{ByteAddressKind, ResourceType, Type};

use crate::context::{ModuleCtx, R};
use crate::func::FnLower;

impl ModuleCtx<'_> {
    /// The counter of structured buffer `buffer`, declared on first use in the buffer's set
    /// at its next free binding.
    pub fn counter_for(&mut self, buffer: Global) -> Global {
        if let Some(&c) = self.counters.get(&buffer) {
            return c;
        }
        let g = &self.mb.module().globals[buffer];
        let name = format!("counter.var.{}", g.name);
        let set = g.set.unwrap_or(0);
        let (set, binding) = self.bindings.next_free_in(set);
        let ty = Type::resource(ResourceType::ByteAddressBuffer {
            access: ByteAddressKind::ReadWrite,
        });
        let c = self.mb.resource(&name, ty, set, binding);
        self.counters.insert(buffer, c);
        c
    }
}

impl FnLower<'_, '_> {
    /// The counter methods of a structured buffer; `None` when `name` is not one of them.
    pub fn lower_counter_method(
        &mut self,
        e: hir::body::ExprId,
        buffer: Value,
        name: &str,
        args: &[hir::body::ExprId],
    ) -> Option<R<Option<Value>>> {
        let Value::Global(g) = buffer else {
            return match name {
                "Append" | "Consume" | "IncrementCounter" | "DecrementCounter" => {
                    Some(Err(self.unsupported("counters of this buffer", e)))
                }
                _ => None,
            };
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
            let counter = self.cx.counter_for(g);
            let zero = self.fb().uint(0);
            let word = self.fb().access_chain(Value::Global(counter), &[zero]);
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
