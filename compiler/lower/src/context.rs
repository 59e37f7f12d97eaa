//! Module-wide lowering state: the module under construction, the globals and functions
//! already lowered (by HIR item), the queue of functions still to lower, and diagnostics.

use std::collections::HashMap;
use std::sync::Arc;

use base_db::{CompileConfig, SourceFile};
use hir::item_tree::{ItemIdx, ItemKind, ItemTree};
use hir::scope::ItemScope;
use hir::{FunctionId, HirDb};
use ir::{Func, Global, ModuleBuilder};
use syntax::{Diagnostic, TextRange};

/// How a global name of HLSL is reached in the IR.
#[derive(Debug, Clone, Copy)]
pub enum GlobalRef {
    /// A resource, `groupshared` or `static` variable: the global itself.
    Var(Global),
    /// A member of a cbuffer: `access_chain(cbuffer, member)`.
    CBufferMember(Global, u32),
}

/// The error of a lowering step; its diagnostic is already recorded.
#[derive(Debug, Clone, Copy)]
pub struct Unsupported;

pub type R<T> = Result<T, Unsupported>;

pub struct ModuleCtx<'db> {
    pub db: &'db dyn HirDb,
    pub file: SourceFile,
    pub config: CompileConfig,
    pub tree: Arc<ItemTree>,
    pub scope: Arc<ItemScope>,
    pub mb: ModuleBuilder,
    pub globals: HashMap<ItemIdx, GlobalRef>,
    pub cbuffers: HashMap<ItemIdx, Global>,
    pub functions: HashMap<ItemIdx, Func>,
    /// Functions declared but not lowered yet.
    pub queue: Vec<(ItemIdx, Func)>,
    /// The `$Globals` constant buffer and its members, once a loose uniform is used.
    pub dollar_globals: Option<(Global, Vec<ItemIdx>)>,
    /// `static` globals whose initializers `init_globals` runs, in order of first use.
    pub static_inits: Vec<(ItemIdx, Global)>,
    /// Bindings taken, per set, for automatic assignment.
    pub used_bindings: Vec<(u32, u32)>,
    /// What the entry's parameters became (geometry streams, mesh outputs).
    pub stage_io: crate::stages::StageIo,
    pub diagnostics: Vec<Diagnostic>,
}

impl<'db> ModuleCtx<'db> {
    pub fn new(db: &'db dyn HirDb, file: SourceFile, config: CompileConfig) -> ModuleCtx<'db> {
        ModuleCtx {
            db,
            file,
            config,
            tree: hir::item_tree::item_tree(db, file, config),
            scope: hir::scope::item_scope(db, file, config),
            mb: ModuleBuilder::new(),
            globals: HashMap::new(),
            cbuffers: HashMap::new(),
            functions: HashMap::new(),
            queue: Vec::new(),
            static_inits: Vec::new(),
            dollar_globals: None,
            used_bindings: Vec::new(),
            stage_io: Default::default(),
            diagnostics: Vec::new(),
        }
    }

    pub fn finish(self) -> Result<ir::Module, Vec<Diagnostic>> {
        if self.diagnostics.is_empty() {
            Ok(self.mb.finish())
        } else {
            Err(self.diagnostics)
        }
    }

    /// Records an error with `code` at `range` of the expanded tree.
    pub fn error(&mut self, code: &'static str, message: String, range: TextRange) -> Unsupported {
        let (file, range) = hir::user_range(self.db, self.file, self.config, range);
        self.diagnostics
            .push(Diagnostic::error(code, message, file, range));
        Unsupported
    }

    /// Records "not supported yet: `what`" at `range` of the expanded tree.
    pub fn unsupported(&mut self, what: &str, range: TextRange) -> Unsupported {
        self.error(
            crate::NOT_SUPPORTED,
            format!("not supported yet: {what}"),
            range,
        )
    }

    /// The range of item `idx`'s declaration in the expanded tree.
    pub fn item_range(&self, idx: ItemIdx) -> TextRange {
        let root = hir::ids::expanded_root(self.db, self.file, self.config);
        hir::ast_id_map(self.db, self.file, self.config)
            .node(&root, self.tree.item(idx).ast)
            .map(|n| n.text_range())
            .unwrap_or_default()
    }

    pub fn function_id(&self, idx: ItemIdx) -> FunctionId<'db> {
        FunctionId::new(self.db, self.file, self.config, self.tree.item(idx).ast)
    }

    /// Top-level functions with a body named `name`.
    pub fn functions_named(&self, name: &str) -> Vec<ItemIdx> {
        self.tree
            .indices()
            .filter(|&i| {
                self.tree.item(i).name == name
                    && self.tree.item(i).parent.is_none()
                    && self.tree.function(i).is_some_and(|f| f.has_body)
            })
            .collect()
    }

    /// The IR function for user function `idx`, declared (and queued) on first use.
    pub fn function_for(&mut self, idx: ItemIdx, name: &str) -> R<Func> {
        if let Some(&f) = self.functions.get(&idx) {
            return Ok(f);
        }
        let sig = hir::function_signature(self.db, self.function_id(idx));
        let range = self.item_range(idx);
        let mut params = Vec::new();
        for (n, p) in sig.params.iter().enumerate() {
            // A geometry shader's stream is no value: `Append` writes the stage outputs.
            let stream = p.ty.as_ref().and_then(|t| t.as_resource());
            if matches!(stream, Some(types::ResourceType::Stream { .. })) {
                self.stage_io.skip(idx, n);
            }
            if self.stage_io.is_skipped(idx, n) {
                continue;
            }
            // `InputPatch<T, N>` and `OutputPatch<T, N>` are arrays.
            let ty = match p.ty.as_ref().map(crate::stages::value_type) {
                Some(t) if crate::func::is_storable(&t) => t,
                _ => return Err(self.unsupported("this parameter type", range)),
            };
            // `out` and `inout` parameters are pointers to the caller's copy.
            params.push(if p.direction == hir::item_tree::ParamDirection::In {
                ty
            } else {
                types::Type::pointer(types::AddressSpace::Function, ty)
            });
        }
        let Some(ret) = sig.ret.clone() else {
            return Err(self.unsupported("this return type", range));
        };
        // Overloads get distinct names: `f`, `f.1`, `f.2`...
        let mut unique = name.to_owned();
        let mut n = 0;
        while self.mb.module().function_by_name(&unique).is_some() {
            n += 1;
            unique = format!("{name}.{n}");
        }
        let f = self.mb.declare_function(&unique, params, ret);
        self.functions.insert(idx, f);
        self.queue.push((idx, f));
        Ok(f)
    }

    /// Lowers queued functions until none is left.
    pub fn drain_queue(&mut self) {
        while let Some((idx, f)) = self.queue.pop() {
            let _ = crate::func::lower_function(self, idx, f);
        }
    }

    /// The item a global name resolves to from inside function `site`.
    pub fn lookup_value(&self, site: ItemIdx, name: &str) -> Vec<ItemIdx> {
        let site = hir::scope::LookupSite::inside(&self.tree, site);
        self.scope.lookup(&self.tree, &site, name).0
    }

    pub fn is_cbuffer_member(&self, idx: ItemIdx) -> Option<ItemIdx> {
        let parent = self.tree.item(idx).parent?;
        matches!(self.tree.item(parent).kind, ItemKind::CBuffer(_)).then_some(parent)
    }
}
