//! DXC's checks of `[[vk::ext_builtin_input(N)]]` and `[[vk::ext_builtin_output(N)]]` on
//! every global of the file, used or not: DXC's `doVarDecl` sees each global declaration, so
//! a misused attribute is refused even where nothing reads the variable (`E3211`, in DXC's
//! words: a global that is not `static`, an input that is not `const`, both attributes), and
//! so is a built-in declared once as an input and once as an output ("cannot redefine builtin
//! N as an output", at the later one). A global that is used is declared by
//! `inline_spirv::ext_builtin_global`, which repeats the same checks (one diagnostic each).
//! Called by `lower_module_with` and `lower_library_with`.

use std::collections::HashMap;

use hir::item_tree::{ItemIdx, ItemKind};

use crate::context::ModuleCtx;

impl ModuleCtx<'_> {
    /// Runs the checks above on every global variable of the file.
    pub(crate) fn check_builtin_globals(&mut self) {
        let mut seen: HashMap<u32, bool> = HashMap::new();
        let globals: Vec<ItemIdx> = self
            .tree
            .indices()
            .filter(|&i| {
                let item = self.tree.item(i);
                matches!(item.kind, ItemKind::Variable(_))
                    && item
                        .parent
                        .is_none_or(|p| matches!(self.tree.item(p).kind, ItemKind::Namespace(_)))
            })
            .collect();
        for idx in globals {
            let ItemKind::Variable(var) = self.tree.item(idx).kind.clone() else {
                continue;
            };
            let attrs = self.item_attributes(idx);
            let range = self.item_range(idx);
            let quals = (var.is_static, var.is_const);
            let Ok(Some((builtin, input))) = self.ext_builtin_request(&attrs, quals, idx, range)
            else {
                continue;
            };
            match seen.get(&builtin) {
                Some(&first) if first != input => {
                    let which = if input { "an input" } else { "an output" };
                    let message = format!("cannot redefine builtin {builtin} as {which}");
                    self.error("E3211", message, range);
                }
                Some(_) => {}
                None => {
                    seen.insert(builtin, input);
                }
            }
        }
    }
}
