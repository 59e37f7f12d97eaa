//! What `sizeof` refuses, in DXC's words (`E2122`): `void` ("an incomplete type 'void'"),
//! literals ("literal type 'literal int'"), strings, resources and structs or arrays holding
//! them, and functions ("non-numeric type 'void ()'"). `sizeof(x)` of a variable parses as
//! a type; a name that is no type is looked up as a value. A bit-field is `E2121`
//! (`bit_field_checks`). Called by the `sizeof` arm of expression inference.

use types::Type;

use super::{BodyNode, InferCtx, ValueRes};
use crate::body::{Expr, ExprId, Literal};
use crate::codes;
use crate::type_ref::{TypeBase, TypeRef};

impl InferCtx<'_> {
    /// Checks `sizeof` expression `id` of type `ty` or expression `expr`.
    pub(super) fn check_sizeof(&mut self, id: ExprId, ty: Option<&TypeRef>, expr: Option<ExprId>) {
        let what = match (ty, expr) {
            (Some(t), _) => self.sizeof_type_ref(t),
            (None, Some(e)) => self.sizeof_expr(e),
            (None, None) => None,
        };
        if let Some(what) = what {
            let message = format!("invalid application of 'sizeof' to {what}");
            self.diag(codes::INVALID_SIZEOF, BodyNode::Expr(id), message);
        }
    }

    /// The problem with `sizeof(T)` as written: a type, or a name of a value.
    fn sizeof_type_ref(&mut self, t: &TypeRef) -> Option<String> {
        if let TypeBase::Path(p) = &t.base {
            if t.dims.is_empty() && p.as_name().is_some() {
                match self.resolve_value(p) {
                    Some(ValueRes::Functions(fs)) => {
                        let sig = fs.first().and_then(|&f| {
                            let ast = self.tree.item(f).ast;
                            let id =
                                crate::ids::FunctionId::new(self.db, self.file, self.config, ast);
                            self.tree
                                .function(f)
                                .map(|_| super::function_signature(self.db, id))
                        })?;
                        let show =
                            |t: &Option<Type>| t.as_ref().map_or("?".to_owned(), Type::to_string);
                        let params: Vec<String> = sig.params.iter().map(|p| show(&p.ty)).collect();
                        return Some(format!(
                            "non-numeric type '{} ({})'",
                            show(&sig.ret),
                            params.join(", ")
                        ));
                    }
                    Some(ValueRes::Global(g)) => return sizeof_problem(&self.global_type(g)?),
                    // FIXME: a local's or member's type is not checked (numeric ones are
                    // all that `sizeof` of a name meets in practice).
                    Some(ValueRes::Local | ValueRes::Member(_)) => return None,
                    _ => {}
                }
            }
        }
        let resolved = self.tcx.resolve(t, &mut Vec::new())?;
        sizeof_problem(&resolved)
    }

    fn sizeof_expr(&mut self, e: ExprId) -> Option<String> {
        match self.body.expr(e) {
            Expr::Paren(inner) => self.sizeof_expr(*inner),
            Expr::Literal(Literal::String) => Some("non-numeric type 'literal string'".into()),
            Expr::Literal(Literal::Int(..) | Literal::Float(..)) => {
                Some(format!("literal type '{}'", self.result.display_type(e)))
            }
            _ => sizeof_problem(self.result.type_of_expr(e)?),
        }
    }
}

/// Why `sizeof` of a value of type `ty` is refused, if it is.
fn sizeof_problem(ty: &Type) -> Option<String> {
    if ty.is_void() {
        return Some("an incomplete type 'void'".into());
    }
    crate::lower_type::holds_resource(ty).then(|| format!("non-numeric type '{ty}'"))
}
