//! Vulkan subpass inputs (`SubpassInput<T>`, `SubpassInputMS<T>`; DXC's `docs/SPIR-V.rst`,
//! "Subpass inputs"): DXC's declaration checks (a `[[vk::input_attachment_index(N)]]` is
//! required, the variable must be externally visible, pixel shaders only), the attachment
//! index on the IR global, and `.SubpassLoad([sample])` as the `SubpassInput::SubpassLoad`
//! intrinsic on the input's pointer. Called by `resources` (declarations), `call` (the
//! method) and `lower_module_with` (the stage check).

use hir::body::ExprId;
use hir::item_tree::{ItemIdx, ItemKind};
use hir::GlobalId;
use ir::{Intrinsic, Value};
use types::{ResourceType, Type};

use crate::context::{ModuleCtx, R};
use crate::func::FnLower;
use crate::resources::resource_of;

impl ModuleCtx<'_> {
    /// Whether global item `idx` is a subpass input (or an array of them). A struct's field
    /// is not a global: it holds whichever input is assigned to it, as a local or a
    /// parameter does, and takes no attribute (DXC's `vk.subpass-input` test keeps one).
    fn is_subpass_input(&self, idx: ItemIdx) -> bool {
        let item = self.tree.item(idx);
        let ItemKind::Variable(v) = &item.kind else {
            return false;
        };
        let in_struct = item
            .parent
            .is_some_and(|p| matches!(self.tree.item(p).kind, ItemKind::Struct(_)));
        if in_struct && !v.is_static {
            return false;
        }
        let g = GlobalId::new(self.db, self.file, self.config, item.ast);
        crate::enums::global_type(self.db, g)
            .as_ref()
            .and_then(resource_of)
            .is_some_and(|r| matches!(r, ResourceType::SubpassInput { .. }))
    }

    /// The argument of `[[vk::input_attachment_index(N)]]` on item `idx`: `Some(Ok(N))`, or
    /// `Some(Err(text))` when it is not a number.
    fn input_attachment_attr(&self, idx: ItemIdx) -> Option<Result<u32, String>> {
        let args = crate::attrs::item_attr(self, idx, "vk::input_attachment_index")?;
        let text = args
            .first()
            .map(|a| a.trim().to_owned())
            .unwrap_or_default();
        // A constant the checker evaluates (`static const uint INDEX = 2;`), as in DXC.
        let value = crate::attrs::item_attr_ints(self, idx, "vk::input_attachment_index")
            .and_then(|v| v.first().copied().flatten())
            .and_then(|v| u32::try_from(v).ok());
        Some(value.ok_or(text))
    }

    /// The input attachment index of subpass input `idx`, checked by
    /// [`ModuleCtx::check_subpass_inputs`].
    /// `None` for a resource of another type, where the front end warns (W2091): SPIR-V
    /// takes the decoration only with the `InputAttachment` capability of subpass inputs.
    pub(crate) fn input_attachment_index(&self, idx: ItemIdx) -> Option<u32> {
        if !self.is_subpass_input(idx) {
            return None;
        }
        self.input_attachment_attr(idx)?.ok()
    }

    /// DXC's checks on every subpass input the file declares, used or not: the attribute
    /// must be there ("missing vk::input_attachment_index attribute"), hold a number, and the
    /// variable must not be `static` ("SubpassInput(MS) must be externally visible").
    pub(crate) fn check_subpass_inputs(&mut self) {
        let items: Vec<ItemIdx> = self.tree.indices().collect();
        for idx in items {
            if !self.is_subpass_input(idx) {
                continue;
            }
            let range = self.item_range(idx);
            match self.input_attachment_attr(idx) {
                None => {
                    self.error(
                        crate::SUBPASS_INPUT_MISUSE,
                        "missing vk::input_attachment_index attribute".to_owned(),
                        range,
                    );
                }
                Some(Err(text)) => {
                    self.error(
                        crate::SUBPASS_INPUT_MISUSE,
                        format!(
                            "vk::input_attachment_index takes a non-negative integer, not `{text}`"
                        ),
                        range,
                    );
                }
                Some(Ok(_)) => {}
            }
            let is_static =
                matches!(&self.tree.item(idx).kind, ItemKind::Variable(v) if v.is_static);
            if is_static {
                self.error(
                    crate::SUBPASS_INPUT_MISUSE,
                    "SubpassInput(MS) must be externally visible".to_owned(),
                    range,
                );
            }
        }
    }

    /// Reports each subpass input the entry of `stage` uses when it is not a pixel shader
    /// (Vulkan's input attachments belong to the fragment stage).
    pub fn refuse_subpass_inputs(&mut self, stage: crate::ShaderStage) {
        use crate::ShaderStage as S;
        if matches!(stage, S::Pixel | S::Other) {
            return;
        }
        let mut used: Vec<ItemIdx> = self
            .globals
            .keys()
            .copied()
            .filter(|&i| self.is_subpass_input(i))
            .collect();
        used.sort();
        for i in used {
            let range = self.item_range(i);
            self.error(
                crate::SUBPASS_INPUT_MISUSE,
                "SubpassInput(MS) only allowed in pixel shader".to_owned(),
                range,
            );
        }
    }
}

impl FnLower<'_, '_> {
    /// `input.SubpassLoad()` / `input.SubpassLoad(sample)` on subpass input `res`; `None`
    /// when `r` is no subpass input.
    pub(crate) fn lower_subpass_method(
        &mut self,
        e: ExprId,
        res: Value,
        r: &ResourceType,
        name: &str,
        args: &[ExprId],
    ) -> Option<R<Option<Value>>> {
        let ResourceType::SubpassInput { multisampled, .. } = r else {
            return None;
        };
        Some(self.subpass_load(e, res, *multisampled, name, args))
    }

    fn subpass_load(
        &mut self,
        e: ExprId,
        res: Value,
        multisampled: bool,
        name: &str,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        if name != "SubpassLoad" {
            return Err(self.unsupported(&format!("the subpass input method `{name}`"), e));
        }
        let ty = self.ty(e)?;
        let mut operands = vec![res];
        if multisampled {
            self.need_args(e, name, args, 1)?;
            operands.push(self.coerce(args[0], &Type::INT)?);
        }
        let v = self
            .fb()
            .call_intrinsic(Intrinsic::SubpassLoad, ty, &operands);
        Ok(Some(v))
    }
}
