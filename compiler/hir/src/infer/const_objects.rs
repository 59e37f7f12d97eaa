//! HLSL 202x const-correctness of methods, as DXC checks it: the object of a call is const
//! when it is a const local, a uniform global or a cbuffer member (what `place` calls
//! `Place::Const`), or `this` in a `const` method. A const object calls only `const` methods
//! (DXC: "member function 'f' not viable: 'this' argument has type 'const S', but function
//! is not marked const"); a mutable one prefers the non-const overload where `get()` and
//! `get() const` both exist. Before 202x methods cannot be `const` (`const_method_checks`)
//! and nothing here applies. Called by the method-call inference in `call.rs`.

use types::Type;

use super::expr::Place;
use super::{BodyNode, InferCtx};
use crate::body::{Expr, ExprId};
use crate::codes::NOT_CONST_METHOD;
use crate::ids::FunctionId;
use crate::infer::function_signature;
use crate::item_tree::ItemIdx;

impl InferCtx<'_> {
    /// Whether the function being checked is a `const` method.
    fn in_const_method(&self) -> bool {
        self.owner.is_some() && self.tree.function(self.idx).is_some_and(|f| f.is_const)
    }

    fn hlsl_202x(&self) -> bool {
        self.config.preprocess(self.db).hlsl_version >= crate::HLSL_202X
    }

    /// Whether the object `receiver` of a method call is const (HLSL 202x).
    pub(super) fn object_is_const(&self, receiver: ExprId) -> bool {
        self.hlsl_202x() && self.place(receiver) == Place::Const
    }

    /// Whether `this` (and so an unqualified member or sibling method) is const: inside a
    /// `const` method, under HLSL 202x.
    pub(super) fn implicit_object_is_const(&self) -> bool {
        self.hlsl_202x() && self.in_const_method()
    }

    /// The candidates among the methods `methods` that an object of type `object`, const or
    /// not, may call; reports DXC's error at call `id` when a const object may call none.
    pub(super) fn methods_for_object(
        &mut self,
        id: ExprId,
        name: &str,
        methods: Vec<ItemIdx>,
        object: &Type,
        is_const: bool,
    ) -> Option<Vec<ItemIdx>> {
        if !self.hlsl_202x() {
            return Some(methods);
        }
        let method_is_const = |m: ItemIdx| {
            self.tree
                .function(m)
                .is_some_and(|f| f.is_const || f.is_static)
        };
        if is_const {
            let callable: Vec<ItemIdx> = methods
                .iter()
                .copied()
                .filter(|m| method_is_const(*m))
                .collect();
            if callable.is_empty() && !methods.is_empty() {
                self.diag(
                    NOT_CONST_METHOD,
                    BodyNode::Expr(id),
                    format!(
                        "member function '{name}' not viable: 'this' argument has type \
                         'const {object}', but function is not marked const"
                    ),
                );
                return None;
            }
            return Some(callable);
        }
        // A mutable object: `get() const` steps aside for a `get()` of the same parameters.
        let params = |m: ItemIdx| {
            let f = FunctionId::new(self.db, self.file, self.config, self.tree.item(m).ast);
            function_signature(self.db, f).params.clone()
        };
        let mutable: Vec<_> = methods
            .iter()
            .filter(|m| !method_is_const(**m))
            .map(|m| params(*m))
            .collect();
        Some(
            methods
                .iter()
                .copied()
                .filter(|m| !method_is_const(*m) || !mutable.contains(&params(*m)))
                .collect(),
        )
    }

    /// The type of `this` inside the method being checked, for messages.
    pub(super) fn this_type(&self) -> Option<Type> {
        let (s, args) = self.owner.clone()?;
        self.tcx.struct_type(s, &args)
    }
}

/// Whether `e` is `this`.
pub(super) fn is_this(expr: &Expr) -> bool {
    matches!(expr, Expr::Path(p) if p.as_name() == Some("this"))
}
