//! `[[vk::offset]]` in the structs behind `vk::BufferPointer<T>`: a pointee lives in physical
//! storage buffer memory under the buffer pointer rules ([`ir::Module::pointee_rules`],
//! relaxed std430 unless a layout flag picks others), so an explicit offset there must follow
//! them as one in a buffer's element does (`types::explicit_offset_faults`, E3160), else the
//! SPIR-V fails validation. Reported at the pointee struct's declaration, naming the pointer.

use hir::item_tree::ItemKind;
use types::{Type, TypeLayout};

use crate::context::ModuleCtx;

/// Every pointee of a buffer pointer type within `ty` (through structs, arrays, pointers and
/// other pointees), added to `out` once.
fn collect_pointees(ty: &Type, out: &mut Vec<Type>) {
    match ty {
        Type::BufferPointer { pointee, .. } if !out.contains(pointee) => {
            out.push((**pointee).clone());
            collect_pointees(pointee, out);
        }
        Type::Array { element, .. } => collect_pointees(element, out),
        Type::Pointer { pointee, .. } => collect_pointees(pointee, out),
        Type::Struct(s) => s.fields.iter().for_each(|f| collect_pointees(&f.ty, out)),
        _ => {}
    }
}

impl ModuleCtx<'_> {
    /// E3160 at each struct reached through a buffer pointer of the module whose
    /// `[[vk::offset]]`s break the buffer pointer rules.
    pub(crate) fn check_pointee_offsets(&mut self) {
        let m = self.mb.module();
        let mut pointees = Vec::new();
        for (_, g) in m.globals.iter() {
            collect_pointees(&g.ty, &mut pointees);
        }
        for (_, f) in m.functions.iter() {
            f.params
                .iter()
                .for_each(|p| collect_pointees(&p.ty, &mut pointees));
            collect_pointees(&f.ret, &mut pointees);
            f.insts
                .iter()
                .for_each(|(_, d)| collect_pointees(&d.ty, &mut pointees));
        }
        let rules = m.pointee_rules();
        for pointee in pointees {
            let Type::Struct(s) = &pointee else { continue };
            let layout = TypeLayout::of(&pointee, rules);
            let faults = types::explicit_offset_faults(&pointee, &layout, rules);
            if faults.is_empty() {
                continue;
            }
            let base = s.name.split('<').next().unwrap_or(&s.name);
            let declared = self.tree.indices().find(|&i| {
                matches!(self.tree.item(i).kind, ItemKind::Struct(_))
                    && self.tree.qualified_name(i) == base
            });
            let range = declared.map(|i| self.item_range(i)).unwrap_or_default();
            for fault in faults {
                let message = format!(
                    "{fault} (`{}` is behind `vk::BufferPointer<{}>`)",
                    s.name, s.name
                );
                self.error(crate::EXPLICIT_OFFSET_LAYOUT, message, range);
            }
        }
    }
}
