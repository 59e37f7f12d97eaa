//! Globals: resources (with set and binding from `register(xN, spaceM)`), cbuffers (a
//! `ConstantBuffer` of a struct of their members, laid out by `types`) and `groupshared`
//! variables, each declared on first use so that the module holds only what the entry reaches.

use hir::item_tree::{ItemIdx, ItemKind};
use hir::GlobalId;
use types::{StructField, StructType, Type};

use crate::context::{GlobalRef, ModuleCtx, R};

/// `register(u3, space1)` → (binding 3, set 1); `None` without a register.
fn parse_register(args: &[String]) -> Option<(u32, u32)> {
    let slot = args.first()?.trim();
    let binding = slot.get(1..)?.parse().ok()?;
    let set = args
        .get(1)
        .and_then(|s| s.trim().strip_prefix("space"))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    Some((binding, set))
}

impl ModuleCtx<'_> {
    /// `[[vk::binding(b, s)]]` on the declaration of item `idx`: (binding, set).
    fn vk_binding(&self, idx: ItemIdx) -> Option<(u32, u32)> {
        use syntax::ast::AstNode;
        let root = hir::ids::expanded_root(self.db, self.file, self.config);
        let node = hir::ast_id_map(self.db, self.file, self.config)
            .node(&root, self.tree.item(idx).ast)?;
        let decl = node.parent();
        [Some(node), decl]
            .into_iter()
            .flatten()
            .flat_map(|n| n.children().filter_map(syntax::ast::Attribute::cast))
            .find(|a| a.name_text() == "vk::binding")
            .and_then(|a| {
                let args = crate::stmt::attr_args(&a);
                let binding = args.first()?.trim().parse().ok()?;
                let set = args.get(1).map_or(Some(0), |s| s.trim().parse().ok())?;
                Some((binding, set))
            })
    }

    /// The set and binding of a resource: `[[vk::binding]]`, its register, or the next free
    /// binding of set 0.
    fn binding_for(&mut self, idx: ItemIdx, register: Option<&Vec<String>>) -> (u32, u32) {
        let explicit = self
            .vk_binding(idx)
            .or_else(|| register.and_then(|r| parse_register(r)));
        match explicit {
            Some((binding, set)) => (set, binding),
            None => self.binding_for_auto(),
        }
    }

    pub(crate) fn global_type_of(&mut self, idx: ItemIdx) -> R<Type> {
        let g = GlobalId::new(self.db, self.file, self.config, self.tree.item(idx).ast);
        match hir::global_type(self.db, g) {
            Some(t) => Ok(t),
            None => {
                let range = self.item_range(idx);
                Err(self.unsupported("a global of unknown type", range))
            }
        }
    }

    /// How global variable `idx` is reached, declaring it on first use.
    pub fn global_for(&mut self, idx: ItemIdx) -> R<GlobalRef> {
        if let Some(&g) = self.globals.get(&idx) {
            return Ok(g);
        }
        let range = self.item_range(idx);
        let ItemKind::Variable(var) = self.tree.item(idx).kind.clone() else {
            return Err(self.unsupported("this kind of name in an expression", range));
        };
        let name = self.tree.item(idx).name.clone();
        let r = if let Some(cb) = self.is_cbuffer_member(idx) {
            let global = self.cbuffer_for(cb)?;
            let ItemKind::CBuffer(c) = &self.tree.item(cb).kind else {
                unreachable!("is_cbuffer_member checked the parent")
            };
            let member = c.members.iter().position(|m| *m == idx).unwrap_or(0);
            GlobalRef::CBufferMember(global, member as u32)
        } else {
            let ty = self.global_type_of(idx)?;
            if var.groupshared {
                GlobalRef::Var(self.mb.groupshared(&name, ty))
            } else if let Some(res) = resource_of(&ty) {
                if matches!(
                    res,
                    types::ResourceType::StructuredBuffer {
                        kind: types::StructuredKind::Append | types::StructuredKind::Consume,
                        ..
                    }
                ) {
                    return Err(self.unsupported("append and consume buffers", range));
                }
                let (set, binding) = self.binding_for(idx, var.register.as_ref());
                let g = self.mb.resource(&name, ty.clone(), set, binding);
                if let Type::Array { len: Some(n), .. } = ty {
                    self.mb.module_mut().globals[g].resource_count = Some(n);
                }
                GlobalRef::Var(g)
            } else if var.is_static && !var.has_init {
                GlobalRef::Var(self.mb.private(&name, ty, None))
            } else if var.is_static {
                // A literal initializer is the global's constant; any other runs in
                // `init_globals`.
                let init = var
                    .init
                    .as_ref()
                    .and_then(|c| crate::init::const_scalar(c, &ty))
                    .map(|c| self.mb.const_handle(c));
                let g = self.mb.private(&name, ty, init);
                if init.is_none() {
                    self.static_inits.push((idx, g));
                }
                GlobalRef::Var(g)
            } else {
                let (g, members) = self.dollar_globals()?;
                match members.iter().position(|m| *m == idx) {
                    Some(i) => GlobalRef::CBufferMember(g, i as u32),
                    None => return Err(self.unsupported("this global", range)),
                }
            }
        };
        self.globals.insert(idx, r);
        Ok(r)
    }

    /// The `$Globals` constant buffer of every top-level uniform value outside a cbuffer (in
    /// source order), declared on first use.
    fn dollar_globals(&mut self) -> R<(ir::Global, Vec<ItemIdx>)> {
        if let Some(d) = &self.dollar_globals {
            return Ok(d.clone());
        }
        let candidates: Vec<ItemIdx> = self
            .tree
            .top_level
            .iter()
            .copied()
            .filter(|&i| {
                matches!(&self.tree.item(i).kind,
                    ItemKind::Variable(v) if !v.is_static && !v.groupshared)
            })
            .collect();
        let mut members = Vec::new();
        let mut fields = Vec::new();
        for i in candidates {
            let ty = self.global_type_of(i)?;
            if resource_of(&ty).is_some() {
                continue;
            }
            fields.push(StructField {
                name: self.tree.item(i).name.clone(),
                ty,
                semantic: None,
                interpolation: Vec::new(),
            });
            members.push(i);
        }
        let element = Type::structure(StructType {
            name: "type.$Globals".to_owned(),
            fields,
        });
        let ty = Type::resource(types::ResourceType::ConstantBuffer { element });
        let (set, binding) = self.binding_for_auto();
        let g = self.mb.resource("$Globals", ty, set, binding);
        self.dollar_globals = Some((g, members.clone()));
        Ok((g, members))
    }

    /// Marks every explicit binding of the file as taken, so that automatic ones avoid them.
    pub fn reserve_explicit_bindings(&mut self) {
        let items: Vec<ItemIdx> = self.tree.indices().collect();
        for i in items {
            let register = match &self.tree.item(i).kind {
                ItemKind::Variable(v) => v.register.clone(),
                ItemKind::CBuffer(c) => c.register.clone(),
                _ => continue,
            };
            let explicit = self
                .vk_binding(i)
                .or_else(|| register.as_ref().and_then(|r| parse_register(r)));
            if let Some((binding, set)) = explicit {
                self.used_bindings.push((set, binding));
            }
        }
    }

    /// The next free binding of set 0.
    fn binding_for_auto(&mut self) -> (u32, u32) {
        let mut b = 0;
        while self.used_bindings.contains(&(0, b)) {
            b += 1;
        }
        self.used_bindings.push((0, b));
        (0, b)
    }

    /// The `ConstantBuffer` global of cbuffer `idx`.
    fn cbuffer_for(&mut self, idx: ItemIdx) -> R<ir::Global> {
        if let Some(&g) = self.cbuffers.get(&idx) {
            return Ok(g);
        }
        let ItemKind::CBuffer(c) = self.tree.item(idx).kind.clone() else {
            let range = self.item_range(idx);
            return Err(self.unsupported("this kind of buffer", range));
        };
        if c.is_tbuffer {
            let range = self.item_range(idx);
            return Err(self.unsupported("tbuffer", range));
        }
        let name = self.tree.item(idx).name.clone();
        let mut fields = Vec::new();
        for &m in &c.members {
            let ty = self.global_type_of(m)?;
            fields.push(StructField {
                name: self.tree.item(m).name.clone(),
                ty,
                semantic: None,
                interpolation: Vec::new(),
            });
        }
        let element = Type::structure(StructType {
            name: format!("type.{name}"),
            fields,
        });
        let ty = Type::resource(types::ResourceType::ConstantBuffer { element });
        let (set, binding) = self.binding_for(idx, c.register.as_ref());
        let g = self.mb.resource(&name, ty, set, binding);
        self.cbuffers.insert(idx, g);
        Ok(g)
    }
}

/// The resource of a resource type or an array of resources.
pub fn resource_of(ty: &Type) -> Option<&types::ResourceType> {
    match ty {
        Type::Array { element, .. } => element.as_resource(),
        t => t.as_resource(),
    }
}
