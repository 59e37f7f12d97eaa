//! Name resolution at file scope: which items a name can mean from a given place.
//!
//! `item_scope` indexes the item tree by (containing scope, name). A scope is the file, a
//! namespace, a struct (members, static members, nested types) or a scoped enum; cbuffer
//! members and the enumerators of unscoped enums live in the scope around them, and the
//! name of a cbuffer itself is in no scope (nothing can refer to it). Lookups
//! follow HLSL's rules: the innermost enclosing scope first, `using namespace` imports, and
//! declare-before-use at file and namespace scope (an item is visible only after its
//! declaration; a function sees itself, so recursion resolves and is reported later).

use std::collections::HashMap;
use std::sync::Arc;

use base_db::{CompileConfig, SourceFile};

use crate::item_tree::{item_tree, ItemIdx, ItemKind, ItemTree};
use crate::type_ref::Path;
use crate::HirDb;

/// Items by (scope, name). The scope `None` is the file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ItemScope {
    names: HashMap<(Option<ItemIdx>, String), Vec<ItemIdx>>,
    /// `using namespace` imports: (scope it appears in, namespaces it names).
    imports: Vec<(Option<ItemIdx>, ItemIdx, Path)>,
}

#[salsa::tracked(returns(clone))]
pub fn item_scope(db: &dyn HirDb, file: SourceFile, config: CompileConfig) -> Arc<ItemScope> {
    Arc::new(build_scope(&item_tree(db, file, config)))
}

/// The scope an item's name is declared in.
pub fn declaring_scope(tree: &ItemTree, idx: ItemIdx) -> Option<ItemIdx> {
    let mut parent = tree.item(idx).parent;
    while let Some(p) = parent {
        match &tree.item(p).kind {
            ItemKind::CBuffer(_) => parent = tree.item(p).parent,
            ItemKind::Enum(e) if !e.scoped => parent = tree.item(p).parent,
            _ => return Some(p),
        }
    }
    None
}

fn build_scope(tree: &ItemTree) -> ItemScope {
    let mut scope = ItemScope::default();
    for idx in tree.indices() {
        let item = tree.item(idx);
        if let ItemKind::UsingNamespace(path) = &item.kind {
            scope
                .imports
                .push((declaring_scope(tree, idx), idx, path.clone()));
            continue;
        }
        // An out-of-line method definition (`float S::f() {}`) belongs to `S`, whose
        // declaration of `f` is what lookups find.
        if item.name.is_empty() || tree.function(idx).is_some_and(|f| f.qualifier.is_some()) {
            continue;
        }
        // A cbuffer's or tbuffer's own name names nothing an expression or a type can use
        // (its members are globals), so it does not clash with them: DXC accepts
        // `cbuffer ubo { UBO ubo; }`, the usual way of wrapping a struct in a cbuffer.
        if matches!(item.kind, ItemKind::CBuffer(_)) {
            continue;
        }
        let key = (declaring_scope(tree, idx), item.name.clone());
        scope.names.entry(key).or_default().push(idx);
        // `E::A` also names an enumerator of an unscoped enum.
        if let (ItemKind::Enumerator(_), Some(parent)) = (&item.kind, item.parent) {
            if matches!(&tree.item(parent).kind, ItemKind::Enum(e) if !e.scoped) {
                scope
                    .names
                    .entry((Some(parent), item.name.clone()))
                    .or_default()
                    .push(idx);
            }
        }
    }
    scope
}

/// Where a lookup starts: the chain of enclosing scopes and the declare-before-use horizon.
#[derive(Debug, Clone)]
pub struct LookupSite {
    /// Enclosing scopes, innermost first (structs and namespaces).
    pub scopes: Vec<ItemIdx>,
    /// Items after this one are not visible at file or namespace scope (`None`: all are).
    pub horizon: Option<ItemIdx>,
}

impl LookupSite {
    /// The site of code inside item `idx` (a function body, a field's type).
    pub fn inside(tree: &ItemTree, idx: ItemIdx) -> LookupSite {
        let mut scopes = Vec::new();
        if matches!(
            tree.item(idx).kind,
            ItemKind::Struct(_) | ItemKind::Namespace(_)
        ) {
            scopes.push(idx);
        }
        let mut parent = declaring_scope(tree, idx);
        while let Some(p) = parent {
            scopes.push(p);
            parent = declaring_scope(tree, p);
        }
        LookupSite {
            scopes,
            horizon: Some(idx),
        }
    }

    pub fn file() -> LookupSite {
        LookupSite {
            scopes: Vec::new(),
            horizon: None,
        }
    }
}

impl ItemScope {
    /// Every group of items declared with one name in one scope.
    pub fn groups(&self) -> impl Iterator<Item = &[ItemIdx]> {
        self.names.values().map(Vec::as_slice)
    }

    /// Items named `name` declared directly in `scope`.
    pub fn in_scope(&self, scope: Option<ItemIdx>, name: &str) -> &[ItemIdx] {
        self.names
            .get(&(scope, name.to_owned()))
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    /// Unqualified lookup of `name` from `site`. Returns the visible items of the innermost
    /// scope that has any, and whether items with the name exist but are declared later.
    pub fn lookup(&self, tree: &ItemTree, site: &LookupSite, name: &str) -> (Vec<ItemIdx>, bool) {
        let mut later = false;
        let chain = site
            .scopes
            .iter()
            .map(|s| Some(*s))
            .chain(std::iter::once(None));
        for scope in chain {
            let in_struct = scope.is_some_and(|s| matches!(tree.item(s).kind, ItemKind::Struct(_)));
            let mut found: Vec<ItemIdx> = Vec::new();
            for idx in self
                .reopened(tree, scope)
                .into_iter()
                .flat_map(|s| self.in_scope(s, name))
                .copied()
            {
                // Struct members see each other regardless of order.
                if in_struct || site.horizon.is_none_or(|h| idx <= h) {
                    found.push(idx);
                } else {
                    later = true;
                }
            }
            for (import_scope, using, path) in &self.imports {
                if *import_scope != scope || site.horizon.is_some_and(|h| *using > h) {
                    continue;
                }
                if let Some(ns) = self.resolve_scope_path(tree, path) {
                    found.extend(
                        self.in_scope(Some(ns), name)
                            .iter()
                            .filter(|i| site.horizon.is_none_or(|h| **i <= h)),
                    );
                }
            }
            if !found.is_empty() {
                return (found, false);
            }
        }
        (Vec::new(), later)
    }

    /// `scope` and every other block of the same namespace (namespaces can be reopened).
    fn reopened(&self, tree: &ItemTree, scope: Option<ItemIdx>) -> Vec<Option<ItemIdx>> {
        let Some(s) = scope else { return vec![None] };
        if !matches!(tree.item(s).kind, ItemKind::Namespace(_)) {
            return vec![scope];
        }
        let qualified = tree.qualified_name(s);
        let mut out = vec![scope];
        for &other in self.in_scope(declaring_scope(tree, s), &tree.item(s).name) {
            if other != s && tree.qualified_name(other) == qualified {
                out.push(Some(other));
            }
        }
        out
    }

    /// The namespace, struct or enum a path of scope names leads to (`a::b`).
    pub fn resolve_scope_path(&self, tree: &ItemTree, path: &Path) -> Option<ItemIdx> {
        let mut scope: Option<ItemIdx> = None;
        for seg in &path.segments {
            scope = Some(self.child_scope(tree, scope, &seg.name)?);
        }
        scope
    }

    /// The struct (or namespace) the qualifier of out-of-line definition `idx` names,
    /// looked up from the scopes around the definition, innermost first, then the file:
    /// `namespace N { void S::f() {} }` defines a method of `N::S`, and a reopened
    /// namespace block sees the structs of the blocks before it.
    pub fn qualifier_owner(&self, tree: &ItemTree, idx: ItemIdx, path: &Path) -> Option<ItemIdx> {
        let mut enclosing = Vec::new();
        let mut parent = declaring_scope(tree, idx);
        while let Some(p) = parent {
            enclosing.push(Some(p));
            parent = declaring_scope(tree, p);
        }
        enclosing.push(None);
        enclosing.into_iter().find_map(|start| {
            let mut scope = start;
            for seg in &path.segments {
                scope = Some(
                    self.reopened(tree, scope)
                        .into_iter()
                        .find_map(|s| self.child_scope(tree, s, &seg.name))?,
                );
            }
            scope
        })
    }

    /// The scope-like item `name` directly in `scope` (or, for the file scope's first
    /// segment, anywhere).
    pub fn child_scope(
        &self,
        tree: &ItemTree,
        scope: Option<ItemIdx>,
        name: &str,
    ) -> Option<ItemIdx> {
        let items = self.in_scope(scope, name);
        let is_scope = |i: &ItemIdx| {
            matches!(
                tree.item(*i).kind,
                ItemKind::Namespace(_) | ItemKind::Struct(_) | ItemKind::Enum(_)
            )
        };
        // A struct's definition, not a forward declaration `struct S;` before it, holds the
        // members an out-of-line method `S::f` sees and the nested names `S::N` finds.
        let is_forward = |i: &ItemIdx| tree.strukt(*i).is_some_and(|s| s.is_forward);
        let direct = items
            .iter()
            .copied()
            .find(|i| is_scope(i) && !is_forward(i))
            .or_else(|| items.iter().copied().find(is_scope));
        direct.or_else(|| items.iter().find_map(|i| self.typedef_target(tree, *i, 0)))
    }

    /// The struct or enum a typedef names (`typedef ns::E Alias;` makes `Alias::A` work).
    fn typedef_target(&self, tree: &ItemTree, idx: ItemIdx, depth: u32) -> Option<ItemIdx> {
        let ItemKind::Typedef(t) = &tree.item(idx).kind else {
            return None;
        };
        let crate::type_ref::TypeBase::Path(path) = &t.base else {
            return None;
        };
        if depth > 8 || !t.dims.is_empty() {
            return None;
        }
        let site = LookupSite::inside(tree, idx);
        let found = self.lookup_qualified(tree, &site, path);
        found
            .iter()
            .copied()
            .find(|i| matches!(tree.item(*i).kind, ItemKind::Struct(_) | ItemKind::Enum(_)))
            .or_else(|| {
                found
                    .iter()
                    .find_map(|i| self.typedef_target(tree, *i, depth + 1))
            })
    }

    /// Qualified lookup: `segments[..n-1]` name scopes (looked up from `site` for the
    /// first), the last names the member.
    pub fn lookup_qualified(
        &self,
        tree: &ItemTree,
        site: &LookupSite,
        path: &Path,
    ) -> Vec<ItemIdx> {
        let Some((last, init)) = path.segments.split_last() else {
            return Vec::new();
        };
        if init.is_empty() {
            if path.global {
                return self.in_scope(None, &last.name).to_vec();
            }
            return self.lookup(tree, site, &last.name).0;
        }
        let first = if path.global {
            self.child_scope(tree, None, &init[0].name)
        } else {
            let found = self.lookup(tree, site, &init[0].name).0;
            // As in `child_scope`: `S::f` looks in the definition of `S`, not in a forward
            // declaration `struct S;` that came before it.
            let is_forward = |i: &ItemIdx| tree.strukt(*i).is_some_and(|s| s.is_forward);
            let as_scope = |i: ItemIdx| match tree.item(i).kind {
                ItemKind::Namespace(_) | ItemKind::Struct(_) | ItemKind::Enum(_) => Some(i),
                _ => self.typedef_target(tree, i, 0),
            };
            found
                .iter()
                .copied()
                .filter(|i| !is_forward(i))
                .find_map(as_scope)
                .or_else(|| found.iter().copied().find_map(as_scope))
                .or_else(|| self.child_scope(tree, None, &init[0].name))
        };
        let Some(mut scope) = first else {
            return Vec::new();
        };
        for seg in &init[1..] {
            match self.child_scope(tree, Some(scope), &seg.name) {
                Some(s) => scope = s,
                None => return Vec::new(),
            }
        }
        // Namespaces can be reopened: look in every namespace with this qualified name.
        let mut out = self.in_scope(Some(scope), &last.name).to_vec();
        if matches!(tree.item(scope).kind, ItemKind::Namespace(_)) {
            let qualified = tree.qualified_name(scope);
            let parent = declaring_scope(tree, scope);
            for &other in self.in_scope(parent, &tree.item(scope).name) {
                if other != scope && tree.qualified_name(other) == qualified {
                    out.extend(self.in_scope(Some(other), &last.name));
                }
            }
        }
        out
    }
}
