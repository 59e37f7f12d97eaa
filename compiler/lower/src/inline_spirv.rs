//! Inline SPIR-V (DXC's HLSL version of `GL_EXT_spirv_intrinsics`): a call of a function
//! declared without a body under `[[vk::ext_instruction(opcode [, "set"])]]` becomes the
//! opaque `vk::ext_instruction` intrinsic (see `ir::Intrinsic::ExtInstruction`), its
//! arguments passed as values, as literal words (`[[vk::ext_literal]]` parameters, which need
//! constants) or as pointers (`[[vk::ext_reference]]` parameters, which need lvalues: DXC's
//! "argument for a parameter with vk::ext_reference attribute must be a reference");
//! `[[vk::ext_capability(N)]]` and `[[vk::ext_extension("name")]]` on such a declaration or
//! on the entry function add to the module's capabilities and extensions;
//! `vk::ext_execution_mode(mode, operands...)` adds a raw execution mode;
//! `[[vk::ext_decorate]]`/`[[vk::ext_decorate_string]]`/`[[vk::ext_decorate_id]]` (integer
//! operands, which become `uint` constants) on a global decorate its variable, and
//! `[[vk::ext_decorate]]`/`[[vk::ext_decorate_string]]` on a struct or cbuffer member its
//! member; all three on a local its variable, on an entry's parameter or result its stage
//! variables (`stage_decorations`), and on another function's parameter nothing (W2100);
//! `[[vk::ext_decorate]]` on a function that is no entry point its `OpFunction`, with the
//! function's `[[vk::ext_capability]]`/`[[vk::ext_extension]]` added to the module.
//! `[[vk::ext_capability]]`/`[[vk::ext_extension]]` on a global or a local (what an inline
//! SPIR-V type of it needs) add to the module's too. Called from
//! `user_call`, `raw_buffer` (the `vk::` calls) and `lower_module_with`.

use hir::body::ExprId;
use hir::item_tree::{Attr, Function, ItemIdx};
use ir::intrinsic::ExtOperand;
use ir::{Intrinsic, Opcode, Value};
use syntax::ast::{self, AstNode, HasAttributes};

use crate::context::{ModuleCtx, R};
use crate::func::{FnLower, Place};

/// An integer attribute argument: decimal or hex, comments and spaces around it ignored.
pub(crate) fn int_arg(text: &str) -> Option<i64> {
    let mut rest = text.trim();
    while let Some(after) = rest.strip_prefix("/*") {
        rest = after.split_once("*/")?.1.trim();
    }
    let rest = rest.split("/*").next()?.trim();
    match rest.strip_prefix("0x").or_else(|| rest.strip_prefix("0X")) {
        Some(hex) => i64::from_str_radix(hex, 16).ok(),
        None => rest.parse().ok(),
    }
}

/// The `[[vk::ext_capability]]` and `[[vk::ext_extension]]` attributes among `attrs`.
fn requirement_attrs(attrs: &[ast::Attribute]) -> Vec<Attr> {
    attrs
        .iter()
        .map(|a| Attr {
            name: a.name_text(),
            args: crate::stmt::attr_args(a),
        })
        .filter(|a| matches!(a.name.as_str(), "vk::ext_capability" | "vk::ext_extension"))
        .collect()
}

/// A string attribute argument without its quotes.
fn string_arg(text: &str) -> Option<String> {
    let t = text.trim();
    Some(t.strip_prefix('"')?.strip_suffix('"')?.to_owned())
}

impl ModuleCtx<'_> {
    /// An integer attribute argument: a literal (`61`, `0x3d`, `/* OpLoad */ 61`), else a
    /// named constant the checker evaluates in the scope of item `scope`
    /// (`[[vk::ext_instruction(OpReadClock)]]` after `static const uint OpReadClock = 5056;`),
    /// as DXC evaluates attribute arguments.
    pub(crate) fn int_attr_arg(&self, scope: ItemIdx, text: &str) -> Option<i64> {
        int_arg(text).or_else(|| {
            let name = text.trim();
            let is_name = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':');
            if !is_name {
                return None;
            }
            let path = hir::type_ref::Path {
                global: false,
                segments: name
                    .split("::")
                    .map(|n| hir::type_ref::PathSegment {
                        name: n.into(),
                        args: None,
                    })
                    .collect(),
            };
            let tcx = hir::lower_type::TypeCtx::inside(&self.tree, &self.scope, scope);
            match tcx.eval(&hir::type_ref::ConstExpr::Path(path))? {
                hir::lower_type::ConstValue::Int(v) => Some(v),
                _ => None,
            }
        })
    }

    /// Adds the capabilities and extensions `attrs` ask for to the module; their numbers may
    /// name constants seen from item `scope`.
    pub(crate) fn declare_inline_spirv(
        &mut self,
        attrs: &[Attr],
        scope: ItemIdx,
        range: syntax::TextRange,
    ) {
        for a in attrs {
            match a.name.as_str() {
                "vk::ext_capability" => {
                    match a.args.first().and_then(|t| self.int_attr_arg(scope, t)) {
                        Some(c) if (0..=i64::from(u32::MAX)).contains(&c) => {
                            let caps = &mut self.mb.module_mut().spirv_capabilities;
                            if !caps.contains(&(c as u32)) {
                                caps.push(c as u32);
                            }
                        }
                        _ => {
                            self.error(
                                crate::INLINE_SPIRV_MISUSE,
                                "vk::ext_capability takes a capability number".to_owned(),
                                range,
                            );
                        }
                    }
                }
                "vk::ext_extension" => match a.args.first().and_then(|t| string_arg(t)) {
                    Some(e) => {
                        let exts = &mut self.mb.module_mut().spirv_extensions;
                        if !exts.contains(&e) {
                            exts.push(e);
                        }
                    }
                    None => {
                        self.error(
                            crate::INLINE_SPIRV_MISUSE,
                            "vk::ext_extension takes an extension name as a string".to_owned(),
                            range,
                        );
                    }
                },
                _ => {}
            }
        }
    }

    /// Records the `entries` among the file's functions (whose `[[vk::ext_decorate]]` goes to
    /// their result variables: `stage_decorations`). The decorations DXC refuses on functions
    /// ("vk::ext_decorate_string is not supported on functions", and `_id`'s) are hir's
    /// E2027.
    pub fn refuse_function_decorations(&mut self, entries: &[String]) {
        let items: Vec<ItemIdx> = self.tree.indices().collect();
        for idx in items {
            if self.tree.function(idx).is_none() {
                continue;
            }
            let is_entry = entries
                .iter()
                .any(|e| *e == self.tree.item(idx).name.as_str());
            if is_entry && !self.entry_items.contains(&idx) {
                self.entry_items.push(idx);
            }
        }
    }

    /// The inline SPIR-V attributes of user function `idx`, for its copy `func`:
    /// `[[vk::ext_decorate(d, literals...)]]` decorates its `OpFunction`, as DXC does (not on
    /// an entry point), and `[[vk::ext_capability]]`/`[[vk::ext_extension]]` add to the
    /// module.
    pub(crate) fn function_inline_spirv(&mut self, idx: ItemIdx, func: ir::Func) {
        let attrs = self.item_attributes(idx);
        let range = self.item_range(idx);
        self.declare_inline_spirv(&requirement_attrs(&attrs), idx, range);
        if self.entry_items.contains(&idx) {
            return;
        }
        let decorate: Vec<ast::Attribute> = attrs
            .into_iter()
            .filter(|a| a.name_text() == "vk::ext_decorate")
            .collect();
        let decorations = self.decorations_of(&decorate, false, range);
        self.mb.module_mut().functions[func]
            .decorations
            .extend(decorations);
    }

    /// The inline-SPIR-V attributes of entry function `name`.
    pub fn declare_entry_inline_spirv(&mut self, name: &str) {
        let Some(&idx) = self.functions_named(name).first() else {
            return;
        };
        let Some(f) = self.tree.function(idx) else {
            return;
        };
        let attrs = f.attrs.clone();
        let range = self.item_range(idx);
        self.declare_inline_spirv(&attrs, idx, range);
    }

    /// `[[vk::ext_decorate(d, literals...)]]`, `[[vk::ext_decorate_string(d, "...")]]` and
    /// `[[vk::ext_decorate_id(d, integers...)]]` on global item `idx` (or its declaration
    /// statement), for its global `g`.
    pub(crate) fn apply_ext_decorations(&mut self, idx: ItemIdx, g: ir::Global) {
        // `[[vk::ext_capability]]`/`[[vk::ext_extension]]` on a global: what its (inline
        // SPIR-V) type needs.
        let attrs = requirement_attrs(&self.item_attributes(idx));
        let range = self.item_range(idx);
        self.declare_inline_spirv(&attrs, idx, range);
        let decorations = self.ext_decorations(idx, true);
        self.mb.module_mut().globals[g]
            .spirv_decorations
            .extend(decorations);
    }

    /// The kind and address space `[[vk::ext_storage_class(N)]]` on global `idx` gives its
    /// variable (`storage_class::placement`), `static` or not (DXC moves either; one that is
    /// not `static` is then no member of `$Globals`); `None` without the attribute, or where
    /// the variable is what it would be without it: `Private` on a `static` global, `Input`
    /// with `[[vk::ext_builtin_input]]` and `Output` with `[[vk::ext_builtin_output]]`
    /// (`ext_builtin_global`), or a class of descriptor-bound memory the variable already
    /// has (`storage_class::descriptor_use`). An opaque inline SPIR-V type in
    /// `UniformConstant` is a `Resource` (with a binding). Refusals are `E3012` or `E3001`.
    pub(crate) fn ext_storage_class(
        &mut self,
        idx: ItemIdx,
    ) -> R<Option<(ir::GlobalKind, types::AddressSpace)>> {
        use crate::storage_class::{placement, DescriptorUse, Placement, INPUT, OUTPUT, PRIVATE};
        let attrs = self.item_attributes(idx);
        let Some(attr) = attrs
            .iter()
            .find(|a| a.name_text() == "vk::ext_storage_class")
        else {
            return Ok(None);
        };
        let range = self.item_range(idx);
        let class = self.storage_class_arg(attr, idx, range)?;
        let is_static = matches!(
            &self.tree.item(idx).kind,
            hir::item_tree::ItemKind::Variable(v) if v.is_static
        );
        let has = |name: &str| attrs.iter().any(|a| a.name_text() == name);
        match class {
            PRIVATE if is_static => return Ok(None),
            INPUT if has("vk::ext_builtin_input") => return Ok(None),
            OUTPUT if has("vk::ext_builtin_output") => return Ok(None),
            _ => {}
        }
        if is_static {
            if let Some(r) = crate::storage_class::unbound_refusal(class) {
                return Err(self.storage_class_refusal(r, range));
            }
        }
        match self.global_descriptor_use(idx) {
            Some(DescriptorUse::Unchanged | DescriptorUse::MovesGlobals(_)) => return Ok(None),
            Some(DescriptorUse::Resource) => {
                return Ok(Some((
                    ir::GlobalKind::Resource,
                    types::AddressSpace::UniformConstant,
                )))
            }
            _ => {}
        }
        if !is_static {
            let g =
                hir::ids::GlobalId::new(self.db, self.file, self.config, self.tree.item(idx).ast);
            let ty = crate::enums::global_type(self.db, g);
            if let Some(r) = ty.and_then(|t| crate::storage_class::misplaced_descriptor(class, &t))
            {
                return Err(self.storage_class_refusal(r, range));
            }
        }
        match placement(class, false) {
            Ok(Placement::Global(kind, space)) => {
                let stage = self.entry_stage;
                match crate::storage_class::stage_refusal(class, space, stage) {
                    Some(message) => Err(self.error(crate::INLINE_SPIRV_MISUSE, message, range)),
                    None => Ok(Some((kind, space))),
                }
            }
            Ok(Placement::Local) => Ok(None),
            Err(r) => Err(self.storage_class_refusal(r, range)),
        }
    }

    /// The stage variable a `[[vk::ext_builtin_input(N)]] static const` or
    /// `[[vk::ext_builtin_output(N)]] static` global `idx` declares: an `Input` (`Output`)
    /// variable decorated `BuiltIn N`, as DXC makes it (`None`: neither attribute). DXC's
    /// refusals, in its words, are `E3211`.
    pub(crate) fn ext_builtin_global(
        &mut self,
        idx: ItemIdx,
        var: &hir::item_tree::Variable,
        name: &str,
        ty: &types::Type,
    ) -> R<Option<ir::Global>> {
        let attrs = self.item_attributes(idx);
        let range = self.item_range(idx);
        let quals = (var.is_static, var.is_const);
        self.ext_builtin_var(&attrs, quals, idx, name, ty, range)
    }

    /// The `Input` (`Output`) variable decorated `BuiltIn N` that `attrs` ask for with
    /// `[[vk::ext_builtin_input(N)]]` (`[[vk::ext_builtin_output(N)]]`) on a variable that is
    /// `quals.0` static and `quals.1` const: a global or a `static` local (which is one too),
    /// as DXC makes both. `None`: neither attribute. DXC's refusals, in its words, are `E3211`.
    pub(crate) fn ext_builtin_var(
        &mut self,
        attrs: &[ast::Attribute],
        quals: (bool, bool),
        scope: ItemIdx,
        name: &str,
        ty: &types::Type,
        range: syntax::TextRange,
    ) -> R<Option<ir::Global>> {
        let Some((builtin, input)) = self.ext_builtin_request(attrs, quals, scope, range)? else {
            return Ok(None);
        };
        let (kind, space) = if input {
            (ir::GlobalKind::Input, types::AddressSpace::Input)
        } else {
            (ir::GlobalKind::Output, types::AddressSpace::Output)
        };
        let mut g = ir::GlobalVar::new(name, kind, space, ty.clone());
        // SPIR-V's `BuiltIn` decoration is number 11.
        g.spirv_decorations.push(ir::SpirvDecoration {
            decoration: 11,
            operands: ir::SpirvDecorationOperands::Literals(vec![builtin]),
        });
        Ok(Some(self.mb.global(g)))
    }

    /// The built-in number `attrs` ask for with `[[vk::ext_builtin_input(N)]]` or
    /// `[[vk::ext_builtin_output(N)]]`, and whether it is an input, on a variable that is
    /// `quals.0` static and `quals.1` const (the number a literal or a constant seen from item
    /// `scope`, an enumerator too); `None`: neither attribute. DXC's refusals, in its words,
    /// are `E3211` at `range`.
    pub(crate) fn ext_builtin_request(
        &mut self,
        attrs: &[ast::Attribute],
        (is_static, is_const): (bool, bool),
        scope: ItemIdx,
        range: syntax::TextRange,
    ) -> R<Option<(u32, bool)>> {
        let find = |n: &str| attrs.iter().find(|a| a.name_text() == n);
        let (input, output) = (
            find("vk::ext_builtin_input"),
            find("vk::ext_builtin_output"),
        );
        let Some(attr) = input.or(output) else {
            return Ok(None);
        };
        let refuse =
            |cx: &mut Self, message: &str| Err(cx.error("E3211", message.to_owned(), range));
        if input.is_some() && output.is_some() {
            return refuse(
                self,
                "vk::ext_builtin_input cannot be used together with vk::ext_builtin_output",
            );
        }
        // A storage class other than the built-in's own, in DXC's words (its semantic
        // analysis checks this first).
        let (own, own_name) = match input {
            Some(_) => (crate::storage_class::INPUT, "Input"),
            None => (crate::storage_class::OUTPUT, "Output"),
        };
        if let Some(class) = find("vk::ext_storage_class") {
            let arg = crate::stmt::attr_args(class).first().cloned();
            let n = arg.and_then(|t| self.int_attr_arg(scope, &t));
            if n.is_some_and(|n| n != i64::from(own)) {
                let message = format!(
                    "'ext_storage_class' cannot be used on a variable already associated to \
                     another storage class {own_name}"
                );
                return refuse(self, &message);
            }
        }
        if !is_static {
            return refuse(
                self,
                "vk::ext_builtin_input and vk::ext_builtin_output can only be applied to a \
                 static variable",
            );
        }
        if input.is_some() && !is_const {
            return refuse(
                self,
                "vk::ext_builtin_input can only be applied to a const-qualified variable",
            );
        }
        let args = crate::stmt::attr_args(attr);
        let Some(builtin) = args
            .first()
            .and_then(|t| self.int_attr_arg(scope, t))
            .and_then(|n| u32::try_from(n).ok())
        else {
            return refuse(self, "this attribute takes a SPIR-V BuiltIn number");
        };
        Ok(Some((builtin, input.is_some())))
    }

    /// `[[vk::ext_decorate]]` and `[[vk::ext_decorate_string]]` on the fields of every struct
    /// of the file (not templates): the module's member decorations, applied by the backend
    /// to the structs it emits (cbuffer members: `resources::cbuffer_for`). DXC refuses
    /// `[[vk::ext_decorate_id]]` on a field.
    pub fn declare_member_decorations(&mut self) {
        let structs: Vec<ItemIdx> = (0..self.tree.items.len())
            .map(|i| ItemIdx(i as u32))
            .filter(|&i| self.tree.strukt(i).is_some_and(|s| s.template.is_none()))
            .collect();
        for s in structs {
            let mut name = self.tree.qualified_name(s);
            if self.tree.item(s).name.is_empty() {
                // As `hir` names anonymous structs.
                name = format!("(anonymous struct #{})", s.0);
            }
            let fields: Vec<ItemIdx> = self.tree.strukt(s).map_or_else(Vec::new, |st| {
                st.members
                    .iter()
                    .copied()
                    .filter(|&m| {
                        matches!(&self.tree.item(m).kind, hir::item_tree::ItemKind::Variable(v) if !v.is_static)
                    })
                    .collect()
            });
            for (member, field) in fields.into_iter().enumerate() {
                for decoration in self.ext_decorations(field, false) {
                    let d = ir::SpirvMemberDecoration {
                        struct_name: name.clone(),
                        member: member as u32,
                        decoration,
                    };
                    self.mb.module_mut().spirv_member_decorations.push(d);
                }
            }
        }
    }

    /// The inline SPIR-V decorations written on item `idx` (or its declaration statement);
    /// `with_ids`: `[[vk::ext_decorate_id]]` too.
    pub(crate) fn ext_decorations(
        &mut self,
        idx: ItemIdx,
        with_ids: bool,
    ) -> Vec<ir::SpirvDecoration> {
        let attrs = self.item_attributes(idx);
        let range = self.item_range(idx);
        self.decorations_of(&attrs, with_ids, range)
    }

    /// The attributes written on item `idx` or its declaration statement.
    pub(crate) fn item_attributes(&self, idx: ItemIdx) -> Vec<ast::Attribute> {
        let root = hir::ids::expanded_root(self.db, self.file, self.config);
        let Some(node) =
            hir::ast_id_map(self.db, self.file, self.config).node(&root, self.tree.item(idx).ast)
        else {
            return Vec::new();
        };
        [Some(node.clone()), node.parent()]
            .into_iter()
            .flatten()
            .flat_map(|n| {
                n.children()
                    .filter_map(ast::Attribute::cast)
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    /// The inline SPIR-V decorations among `attrs`, errors reported at `range`.
    pub(crate) fn decorations_of(
        &mut self,
        attrs: &[ast::Attribute],
        with_ids: bool,
        range: syntax::TextRange,
    ) -> Vec<ir::SpirvDecoration> {
        let mut out = Vec::new();
        for a in attrs {
            let name = a.name_text();
            let kind = match name.as_str() {
                "vk::ext_decorate" => "integer literals",
                "vk::ext_decorate_string" => "strings",
                // Its operands are ids: the constants of the integers written.
                "vk::ext_decorate_id" if with_ids => "integer constants",
                _ => continue,
            };
            let args = crate::stmt::attr_args(a);
            let decoration = args.first().and_then(|t| int_arg(t));
            let rest = args.get(1..).unwrap_or(&[]);
            let words = || {
                rest.iter()
                    .map(|t| int_arg(t).and_then(|n| u32::try_from(n).ok()))
                    .collect::<Option<Vec<_>>>()
            };
            let operands = match kind {
                "strings" => rest
                    .iter()
                    .map(|t| string_arg(t))
                    .collect::<Option<Vec<_>>>()
                    .map(ir::SpirvDecorationOperands::Strings),
                "integer literals" => words().map(ir::SpirvDecorationOperands::Literals),
                _ => words().map(|ws| {
                    let ids = ws
                        .into_iter()
                        .map(|w| self.mb.const_handle(ir::Constant::uint(w)))
                        .collect();
                    ir::SpirvDecorationOperands::Ids(ids)
                }),
            };
            match (decoration.and_then(|d| u32::try_from(d).ok()), operands) {
                (Some(decoration), Some(operands)) => out.push(ir::SpirvDecoration {
                    decoration,
                    operands,
                }),
                _ => {
                    self.error(
                        crate::INLINE_SPIRV_MISUSE,
                        format!("{name} takes a decoration number, then {kind}"),
                        range,
                    );
                }
            }
        }
        out
    }

    /// The names of the attributes on parameter `param` of function `idx`.
    pub(crate) fn param_attrs(&self, idx: ItemIdx, param: usize) -> Vec<String> {
        crate::attrs::param_node(self, idx, param)
            .map(|p| p.attributes().map(|a| a.name_text()).collect())
            .unwrap_or_default()
    }
}

impl FnLower<'_, '_> {
    /// The stage variable of a `static` local written `[[vk::ext_builtin_input(N)]]` or
    /// `[[vk::ext_builtin_output(N)]]` (DXC makes one, as for such a global); `None` for a
    /// local without either attribute.
    pub(crate) fn ext_builtin_local(
        &mut self,
        l: hir::body::LocalId,
        ty: &types::Type,
    ) -> R<Option<ir::Global>> {
        let root = hir::ids::expanded_root(self.cx.db, self.cx.file, self.cx.config);
        let syntax = self.map.local_syntax(l);
        let Some(name) = syntax.try_to_node(&root) else {
            return Ok(None);
        };
        let attrs = crate::attrs::local_attrs(&name);
        let local = self.body.local(l);
        let quals = (local.is_static, local.is_const);
        let name = local.name.clone();
        let scope = self.item;
        self.cx
            .ext_builtin_var(&attrs, quals, scope, &name, ty, syntax.text_range())
    }

    /// `[[vk::ext_decorate]]`, `[[vk::ext_decorate_string]]` and `[[vk::ext_decorate_id]]`
    /// on local `l`, whose memory is `ptr` (an alloca, or the global of a `static` local).
    /// A parameter's are dropped, as DXC drops them (`hir`'s W2100), except on the entry
    /// point, whose parameters DXC decorates as stage variables: the wrapper does that
    /// (`stage_decorations`).
    pub(crate) fn decorate_local(&mut self, l: hir::body::LocalId, ptr: Value) {
        let root = hir::ids::expanded_root(self.cx.db, self.cx.file, self.cx.config);
        let syntax = self.map.local_syntax(l);
        let Some(name) = syntax.try_to_node(&root) else {
            return;
        };
        let attrs = crate::attrs::local_attrs(&name);
        let range = syntax.text_range();
        // These move or rebind a variable; on a local they are reported, not ignored.
        for a in &attrs {
            let n = a.name_text();
            let builtin = matches!(
                n.as_str(),
                "vk::ext_builtin_input" | "vk::ext_builtin_output"
            );
            // A `static` local with a built-in attribute is that built-in's stage variable
            // (`FnLower::ext_builtin_local`); on any other local DXC refuses it as on a
            // global that is not static.
            if builtin && !self.body.local(l).is_static {
                let message = "vk::ext_builtin_input and vk::ext_builtin_output can only be \
                               applied to a static variable";
                self.cx.error("E3211", message.to_owned(), range);
            }
        }
        // `[[vk::ext_capability]]`/`[[vk::ext_extension]]` on a variable: what its (inline
        // SPIR-V) type needs, declared as the variable is.
        let scope = self.item;
        self.cx
            .declare_inline_spirv(&requirement_attrs(&attrs), scope, range);
        let decorations = self.cx.decorations_of(&attrs, true, range);
        if decorations.is_empty() {
            return;
        }
        if self.body.local(l).param.is_some() {
            // DXC never decorates a function parameter: semantic analysis warns (W2100) on one
            // of a function that is not an entry point, and drops it as DXC does. An entry
            // point's parameter is a stage variable, which the entry wrapper decorated
            // (`stage_decorations`), or one DXC does not decorate (`W2111`).
            return;
        }
        match ptr {
            Value::Global(g) => self.cx.mb.module_mut().globals[g]
                .spirv_decorations
                .extend(decorations),
            _ => {
                let f = &mut self.cx.mb.module_mut().functions[self.func];
                f.spirv_decorations
                    .extend(decorations.into_iter().map(|d| (ptr, d)));
            }
        }
    }

    /// Whether pointer `p` points to a matrix of more than one row and column (one row or
    /// column is a vector in SPIR-V, not indexed by row and column).
    fn is_full_matrix(&mut self, p: Value) -> bool {
        matches!(
            self.type_of(p).pointee(),
            Some((_, types::Type::Matrix { rows, cols, .. })) if *rows > 1 && *cols > 1
        )
    }

    /// `vk::ext_execution_mode(mode, operands...)`: a raw execution mode of the module's
    /// entry points; every argument must be a constant.
    pub(crate) fn lower_ext_execution_mode(
        &mut self,
        e: ExprId,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        self.statement_requirements(e);
        let mut words = Vec::with_capacity(args.len());
        for &a in args {
            match self.const_arg(a)? {
                Some(n) if (0..=i64::from(u32::MAX)).contains(&n) => words.push(n as u32),
                _ => {
                    let range = self.expr_range(a);
                    return Err(self.cx.error(
                        crate::INLINE_SPIRV_MISUSE,
                        "the arguments of vk::ext_execution_mode must be integer constants"
                            .to_owned(),
                        range,
                    ));
                }
            }
        }
        if words.is_empty() {
            return Err(self.unsupported("vk::ext_execution_mode without a mode", e));
        }
        let modes = &mut self.cx.mb.module_mut().spirv_execution_modes;
        if !modes.contains(&words) {
            modes.push(words);
        }
        Ok(None)
    }

    /// A call `e` of `decl` (item `idx`), a body-less function with
    /// `[[vk::ext_instruction]]`; `None` when `decl` is no such function.
    pub(crate) fn lower_ext_instruction(
        &mut self,
        e: ExprId,
        idx: ItemIdx,
        decl: &Function,
        args: &[ExprId],
    ) -> Option<R<Option<Value>>> {
        if decl.has_body {
            return None;
        }
        // A call of a `[[vk::ext_type_def]]` function gives its type's operands
        // (`ext_type_def`).
        if let Some(def) = hir::ext_type::type_def(decl) {
            return Some(self.lower_type_def_call(e, idx, def, args));
        }
        let attr = decl
            .attrs
            .iter()
            .find(|a| a.name == "vk::ext_instruction")?;
        Some(self.ext_instruction(e, idx, decl, attr.args.clone(), args))
    }

    fn ext_instruction(
        &mut self,
        e: ExprId,
        idx: ItemIdx,
        decl: &Function,
        attr_args: Vec<String>,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let range = self.expr_range(e);
        let misuse = |this: &mut Self, at: ExprId, message: String| {
            let range = this.expr_range(at);
            Err(this.cx.error(crate::INLINE_SPIRV_MISUSE, message, range))
        };
        let Some(opcode) = attr_args.first().and_then(|t| self.cx.int_attr_arg(idx, t)) else {
            return misuse(
                self,
                e,
                "vk::ext_instruction takes an opcode number".to_owned(),
            );
        };
        let set = match attr_args.get(1) {
            Some(t) => match string_arg(t) {
                Some(name) => i64::from(self.cx.mb.string(&name)),
                None => {
                    return misuse(
                        self,
                        e,
                        "the instruction set of vk::ext_instruction is a string".to_owned(),
                    )
                }
            },
            None => -1,
        };
        self.cx.declare_inline_spirv(&decl.attrs, idx, range);
        let fid = self.cx.function_id(idx);
        let sig = crate::enums::function_signature(self.cx.db, fid);
        let mut operands = Vec::new();
        let mut literals = vec![opcode, set];
        for (i, &a) in args.iter().enumerate() {
            let attrs = self.cx.param_attrs(idx, i);
            let has = |n: &str| attrs.iter().any(|x| x == n);
            if has("vk::ext_reference") {
                if !self.is_place_expr(a) {
                    return misuse(
                        self,
                        a,
                        "argument for a parameter with vk::ext_reference attribute must be a \
                         reference"
                            .to_owned(),
                    );
                }
                // One component of a vector or one element of a matrix in memory is an access
                // chain to it, as DXC makes one (`v.y`, `m._m10`); several components or a
                // texel have no pointer: DXC's value for them is no reference.
                let p = match self.lvalue(a)? {
                    Place::Ptr(p) => Some(p),
                    Place::Swizzle(inner, c) if c.len() == 1 => match *inner {
                        Place::Ptr(base) => {
                            let index = self.fb().int(i32::from(c[0]));
                            Some(self.fb().access_chain(base, &[index]))
                        }
                        _ => None,
                    },
                    Place::MatrixSwizzle(inner, e) if e.len() == 1 => match *inner {
                        Place::Ptr(base) if self.is_full_matrix(base) => {
                            let (r, c) = e[0];
                            let row = self.fb().int(i32::from(r));
                            let col = self.fb().int(i32::from(c));
                            Some(self.fb().access_chain(base, &[row, col]))
                        }
                        _ => None,
                    },
                    _ => None,
                };
                let Some(p) = p else {
                    return misuse(
                        self,
                        a,
                        "argument for a parameter with vk::ext_reference attribute must be a \
                         reference (a variable, a member or element of one, or one component \
                         of a vector or matrix in memory)"
                            .to_owned(),
                    );
                };
                operands.push(p);
                literals.push(ExtOperand::Reference as i64);
                continue;
            }
            let ty = match sig.params.get(i).and_then(|p| p.ty.clone()) {
                Some(t) => t,
                None => self.ty(a)?,
            };
            if crate::resources::resource_of(&ty).is_some() && !has("vk::ext_literal") {
                // A resource by value: its variable, which the backend loads (DXC passes the
                // loaded handle).
                let Place::Ptr(p) = self.lvalue(a)? else {
                    return Err(self.unsupported("this resource argument", a));
                };
                operands.push(p);
                literals.push(ExtOperand::Value as i64);
                continue;
            }
            let v = self.coerce(a, &ty)?;
            if has("vk::ext_literal") {
                if self.cx.mb.module().const_int(v).is_none() {
                    return misuse(
                        self,
                        a,
                        "vk::ext_literal may only be applied to parameters that can be \
                         evaluated to a literal value"
                            .to_owned(),
                    );
                }
                literals.push(ExtOperand::Literal as i64);
            } else {
                literals.push(ExtOperand::Value as i64);
            }
            operands.push(v);
        }
        // Parameters left out take their defaults, as DXC passes them (its
        // `spv.inline.decorate.member` test: `[[vk::ext_literal]] uint32_t __alignment = 32`).
        for (i, param) in decl.params.iter().enumerate().skip(args.len()) {
            let Some(default) = &param.default else {
                break;
            };
            let attrs = self.cx.param_attrs(idx, i);
            let literal = attrs.iter().any(|x| x == "vk::ext_literal");
            let ty = sig.params.get(i).and_then(|p| p.ty.clone());
            let value =
                hir::lower_type::TypeCtx::inside(&self.cx.tree, &self.cx.scope, idx).eval(default);
            let constant = match (value, ty.as_ref().and_then(types::Type::scalar_kind)) {
                (Some(v), Some(kind)) if kind.is_float() => {
                    let f = match v {
                        hir::lower_type::ConstValue::Float(f) => f,
                        other => other.as_int() as f64,
                    };
                    ir::Constant::float_of(kind, f)
                }
                (Some(hir::lower_type::ConstValue::Bool(b)), Some(types::ScalarKind::Bool)) => {
                    ir::Constant::bool(b)
                }
                (Some(v), Some(kind)) if matches!(ty, Some(types::Type::Scalar(_))) => {
                    ir::Constant::scalar(kind, v.as_int() as u64)
                }
                _ => {
                    let range = self.cx.item_range(idx);
                    return Err(self.cx.unsupported(
                        "a default argument of a vk::ext_instruction parameter that is no \
                         scalar constant",
                        range,
                    ));
                }
            };
            operands.push(Value::Const(self.cx.mb.const_handle(constant)));
            literals.push(if literal {
                ExtOperand::Literal as i64
            } else {
                ExtOperand::Value as i64
            });
        }
        let ty = self.ty(e)?;
        let mut d = ir::InstData::new(
            Opcode::CallIntrinsic(Intrinsic::ExtInstruction),
            ty.clone(),
            operands,
        );
        d.literals = literals;
        let v = Value::Inst(self.fb().push(d));
        Ok((!ty.is_void()).then_some(v))
    }
}

/// SPIR-V's `Location` decoration.
pub(crate) const LOCATION: u32 = 30;

#[cfg(test)]
mod tests {
    use super::{int_arg, string_arg};

    #[test]
    fn attribute_arguments() {
        assert_eq!(int_arg(" /* OpLoad */ 61"), Some(61));
        assert_eq!(int_arg("0x3d"), Some(61));
        assert_eq!(int_arg("x"), None);
        assert_eq!(
            string_arg(" \"GLSL.std.450\" ").as_deref(),
            Some("GLSL.std.450")
        );
        assert_eq!(string_arg("GLSL"), None);
    }
}
