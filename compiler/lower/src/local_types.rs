//! Types declared inside a function body (`struct L { float a; };`, a local `typedef` or
//! `enum`), resolved by name where lowering meets a type written in the body that is no
//! local's type: `sizeof(L)` (`expr.rs`). Locals of such types already carry them in the
//! inference result; this reads the body's type declarations for the rest.

use hir::body::{LocalTypeDef, Stmt};
use hir::lower_type::TypeCtx;
use hir::type_ref::{TypeBase, TypeRef};
use types::{StructField, StructType, Type};

use crate::func::FnLower;

/// How deep local types may refer to each other (a struct field of a local struct type...).
const MAX_DEPTH: u32 = 16;

impl FnLower<'_, '_> {
    /// The type `t` names when its base is a type declared in this body: `None` when no
    /// declaration has that name, or declarations of that name in different scopes differ.
    pub fn local_declared_type(&self, t: &TypeRef) -> Option<Type> {
        self.resolve_local_ref(t, 0)
    }

    fn resolve_local_ref(&self, t: &TypeRef, depth: u32) -> Option<Type> {
        if depth > MAX_DEPTH {
            return None;
        }
        let tcx = TypeCtx::inside(&self.cx.tree, &self.cx.scope, self.item);
        let TypeBase::Path(p) = &t.base else {
            return tcx.resolve(t, &mut Vec::new());
        };
        let Some(base) = p.as_name().and_then(|n| self.local_type_by_name(n, depth)) else {
            return tcx.resolve(t, &mut Vec::new());
        };
        let mut ty = base;
        for dim in t.dims.iter().rev() {
            let n = tcx.eval(dim.as_ref()?)?.as_int();
            ty = Type::array(ty, u32::try_from(n).ok().filter(|&n| n > 0)?);
        }
        Some(ty)
    }

    /// The type the body declares as `name`, when every declaration of it agrees.
    fn local_type_by_name(&self, name: &str, depth: u32) -> Option<Type> {
        let mut found: Option<Type> = None;
        for s in &self.body.stmts {
            let Stmt::TypeDecl(decls) = s else { continue };
            for d in decls.iter().filter(|d| d.name == name) {
                let ty = match &d.def {
                    LocalTypeDef::Struct(fields) => {
                        let fields = fields
                            .iter()
                            .map(|(n, r)| {
                                let ty = self.resolve_local_ref(r, depth + 1)?;
                                Some(StructField::new(n.clone(), ty))
                            })
                            .collect::<Option<Vec<_>>>()?;
                        Type::structure(StructType {
                            name: d.name.clone(),
                            fields,
                        })
                    }
                    LocalTypeDef::Alias(r) => self.resolve_local_ref(r, depth + 1)?,
                    LocalTypeDef::Enum(e) => match &e.underlying {
                        Some(r) => self.resolve_local_ref(r, depth + 1)?,
                        None => Type::INT,
                    },
                };
                match &found {
                    Some(f) if *f != ty => return None,
                    _ => found = Some(ty),
                }
            }
        }
        found.map(|t| t.erase_enums())
    }
}
