//! Locals and parameters holding an inline SPIR-V pointer: a value of
//! `vk::SpirvOpaqueType</* OpTypePointer */ 32, class, T>`, as DXC's `vk/spirv.h` header
//! declares `vk::WorkgroupSpirvPointer<T>` (a `const` alias template) and hands one back from
//! `vk::GetGroupSharedAddress(v)` (an `OpCopyObject` of `v`'s pointer).
//!
//! Vulkan's logical addressing gives no variable a pointer type and takes pointers into
//! function calls only as memory object declarations, unless the module declares the
//! `VariablePointers` capability (DXC's `workgroupspirvpointer.varpointer` test). DXC leaves
//! the local and the call to its legalization, which inlines the call and removes the
//! variable. Here, without `VariablePointers`, such a local is no variable: it names the value
//! it is initialized with (the alias is `const`, so nothing assigns it later; hir refuses one
//! declared without a value, `E2275`), and a parameter names its argument, the function's
//! calls inlined once the module is lowered ([`ModuleCtx::inline_pointer_calls`], with
//! `ir::inline`), so that no pointer crosses a call, as in DXC's output. Inlining rather than
//! declaring `VariablePointers` keeps the module what DXC writes and valid where the device
//! lacks the capability (a pointer to an array element, `&shared[i]`, passed into a call
//! needs it). A callee returning from inside one of its loops (and elsewhere) is not
//! inlined yet (`E3001` at the parameter). With the capability, both are ordinary locals. Called from `func` (declaring
//! locals and parameters), `stmt` (declarations), `expr` (reads) and `context` (inlining).

use std::collections::HashMap;

use hir::body::{Expr, ExprId, LocalId};
use ir::Value;
use types::Type;

use crate::context::R;
use crate::func::FnLower;

/// SPIR-V's `OpTypePointer`.
const OP_TYPE_POINTER: u32 = 32;
/// SPIR-V's `VariablePointers` capability.
const VARIABLE_POINTERS: u32 = 4442;

/// The locals of a function that hold an inline SPIR-V pointer without memory: the value
/// each was initialized with (`None` before its declaration ran).
pub type PointerLocals = HashMap<LocalId, Option<Value>>;

/// Whether `ty` is an inline SPIR-V pointer type (`vk::WorkgroupSpirvPointer<T>`).
pub(crate) fn is_inline_pointer(ty: &Type) -> bool {
    matches!(ty, Type::Spirv(s) if s.opcode == OP_TYPE_POINTER)
}

impl FnLower<'_, '_> {
    /// Whether the module declares `VariablePointers` (`[[vk::ext_capability(4442)]]`), which
    /// lets pointers live in variables and pass into calls.
    fn variable_pointers(&self) -> bool {
        self.cx
            .mb
            .module()
            .spirv_capabilities
            .contains(&VARIABLE_POINTERS)
    }

    /// Declares local `l` of type `ty` when it holds an inline SPIR-V pointer and cannot be
    /// a variable: `Some(Ok(()))` when it is now a pointer local (no memory; a parameter's
    /// value is bound by [`FnLower::bind_pointer_param`], and its function's calls are
    /// inlined), `None` for any other local.
    pub(crate) fn declare_pointer_local(&mut self, l: LocalId, ty: &Type) -> Option<R<()>> {
        if !is_inline_pointer(ty) || self.variable_pointers() {
            return None;
        }
        if self.body.local(l).param.is_some() {
            let range = self.map.locals[l.0 as usize].text_range();
            self.cx.pointer_param_funcs.push((self.func, range));
        }
        self.pointer_locals.insert(l, None);
        Some(Ok(()))
    }

    /// Binds parameter `p`, the function's argument `n`, when it is a pointer local: it names
    /// the argument. `false` for any other parameter.
    pub(crate) fn bind_pointer_param(&mut self, p: LocalId, n: u32) -> bool {
        if !self.pointer_locals.contains_key(&p) {
            return false;
        }
        let name = self.body.local(p).name.clone();
        self.fb().set_param_name(n as usize, &name);
        self.pointer_locals.insert(p, Some(Value::Arg(n)));
        true
    }

    /// The declaration of pointer local `l`: the local names its initializer's value (none
    /// without one). `None` when `l` is no pointer local.
    pub(crate) fn init_pointer_local(&mut self, l: LocalId) -> Option<R<()>> {
        if !self.pointer_locals.contains_key(&l) {
            return None;
        }
        let init = self.body.local(l).init?;
        Some(self.rvalue(init).map(|v| {
            self.pointer_locals.insert(l, Some(v));
        }))
    }

    /// The value a read of pointer local `e` gives; `None` when `e` names no pointer local.
    /// (hir refuses a pointer local declared without a value, `E2275`, so the error here is
    /// a guard.)
    pub(crate) fn pointer_local_value(&mut self, e: ExprId) -> Option<R<Value>> {
        let Expr::Local(l) = self.body.expr(e) else {
            return None;
        };
        let value = *self.pointer_locals.get(l)?;
        Some(value.ok_or_else(|| {
            self.unsupported(
                "reading an inline SPIR-V pointer local declared without a value",
                e,
            )
        }))
    }
}

impl crate::context::ModuleCtx<'_> {
    /// Inlines every call of the functions taking an inline SPIR-V pointer
    /// (`pointer_param_funcs`), callers of callers too, until no such call is left; a callee
    /// that cannot be inlined (`ir::inline::InlineRefusal`) is `E3001` at its parameter.
    pub(crate) fn inline_pointer_calls(&mut self) {
        if self.pointer_param_funcs.is_empty() {
            return;
        }
        let targets: HashMap<ir::Func, syntax::TextRange> =
            self.pointer_param_funcs.iter().copied().collect();
        // Every round inlines one level of calls; HLSL has no recursion, so the rounds end.
        for _ in 0..=self.mb.module().functions.len() {
            let calls: Vec<(ir::Func, ir::Inst, ir::Func)> = {
                let m = self.mb.module();
                let targets = &targets;
                m.functions
                    .iter()
                    .flat_map(|(fh, f)| {
                        f.layout
                            .iter()
                            .flat_map(|b| f.blocks[*b].insts.iter())
                            .filter_map(move |i| match f.insts[*i].opcode {
                                ir::Opcode::Call(c) if targets.contains_key(&c) => {
                                    Some((fh, *i, c))
                                }
                                _ => None,
                            })
                    })
                    .collect()
            };
            if calls.is_empty() {
                return;
            }
            for (caller, call, callee) in calls {
                if let Err(refusal) = ir::inline::inline_call(self.mb.module_mut(), caller, call) {
                    use ir::inline::InlineRefusal as Why;
                    let why = match refusal {
                        Why::ReturnInLoop => {
                            "that returns from inside a loop (and from more than one place)"
                        }
                        Why::NoReturn => "that never returns",
                        Why::InLoopHeader | Why::NotACall => "called in a loop's header",
                    };
                    let what = format!(
                        "a parameter holding an inline SPIR-V pointer (as \
                         vk::WorkgroupSpirvPointer) in a function {why}: its calls are \
                         inlined, as DXC inlines them, and this one cannot be yet (or declare \
                         [[vk::ext_capability(/* VariablePointers */ 4442)]])"
                    );
                    self.unsupported(&what, targets[&callee]);
                    return;
                }
            }
        }
    }
}
