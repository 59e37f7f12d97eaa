//! Types declared inside a function body (`struct L { float a; };`, a local `typedef` or
//! `enum`), resolved by name where lowering meets a type written in the body that is no
//! local's type: `sizeof(L)` (`expr.rs`). Locals of such types already carry them in the
//! inference result; this reads the body's type declarations for the rest. Also the type of
//! a global variable that `sizeof` names where the parser read a type (`sizeof(gColor)`,
//! `sizeof(gBuffer[0])`).

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

    /// The type of the global variable `t` names, indexed once per dimension written after
    /// it (`gBuffer[0]` is an element): `sizeof(x)` of a global parses as a type.
    pub fn global_type_named(&self, t: &TypeRef) -> Option<Type> {
        let TypeBase::Path(p) = &t.base else {
            return None;
        };
        let idx = self
            .cx
            .lookup_value(self.item, p.as_name()?)
            .into_iter()
            .find(|&i| {
                matches!(
                    self.cx.tree.item(i).kind,
                    hir::item_tree::ItemKind::Variable(_)
                )
            })?;
        let g = hir::GlobalId::new(
            self.cx.db,
            self.cx.file,
            self.cx.config,
            self.cx.tree.item(idx).ast,
        );
        indexed_type(crate::enums::global_type(self.cx.db, g)?, t.dims.len())
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
    pub(crate) fn local_type_by_name(&self, name: &str, depth: u32) -> Option<Type> {
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
        found.map(|t| t.ir_form())
    }
}

/// `ty` indexed `n` times (an array's element, a vector's component, a matrix's row, a
/// buffer's element): the variable named in `sizeof(x[i])`, parsed as a type with
/// dimensions.
pub fn indexed_type(mut ty: Type, n: usize) -> Option<Type> {
    for _ in 0..n {
        ty = match ty {
            Type::Array { element, .. } => (*element).clone(),
            Type::Vector(k, _) => Type::Scalar(k),
            Type::Matrix { scalar, cols, .. } => Type::Vector(scalar, cols),
            Type::Resource(r) => r.element()?.clone(),
            _ => return None,
        };
    }
    Some(ty)
}
