//! Buffer pointers to recursive structs (`struct Node { float v; vk::BufferPointer<Node>
//! next; }`, a linked list), declared as DXC declares them: while the pointee struct is being
//! emitted, a pointer to it is `OpTypeForwardPointer %p PhysicalStorageBuffer`; the struct
//! then uses `%p` as its member type, and `%p = OpTypePointer PhysicalStorageBuffer %Node`
//! follows the struct (SPV_KHR_physical_storage_buffer).
//!
//! The IR's types cut the cycle with [`Type::StructRef`] (see `types`' `recursive.rs`); the
//! struct a reference names is one the emission went through to reach it, so the structs
//! holding references are recorded by name when they are entered. Called from `types`
//! (struct emission) and `buffer_pointer` (pointer types).

use std::collections::HashMap;
use std::sync::Arc;

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, StorageClass, Word};
use types::{StructType, Type, TypeLayout};

use crate::context::Ctx;
use crate::types::TypeKey;
use crate::{Result, SpirvError};

/// The recursive structs seen so far and those whose emission is under way.
#[derive(Default)]
pub(crate) struct RecursiveStructs {
    defs: HashMap<String, Arc<StructType>>,
    in_progress: Vec<InProgress>,
}

/// A struct being emitted in one representation, with the forward pointer declared for it.
struct InProgress {
    name: String,
    layout: Option<TypeLayout>,
    external: bool,
    forward: Option<Word>,
}

impl Ctx<'_> {
    /// Called before the members of struct `s` are emitted (with `layout`, `external` as
    /// `data_type` got them); `false` when `s` holds no reference and needs no bookkeeping.
    pub(crate) fn enter_struct(
        &mut self,
        s: &Arc<StructType>,
        ty: &Type,
        layout: Option<&TypeLayout>,
        external: bool,
    ) -> bool {
        if !ty.mentions_struct_ref() {
            return false;
        }
        self.recursive
            .defs
            .entry(s.name.clone())
            .or_insert_with(|| Arc::clone(s));
        self.recursive.in_progress.push(InProgress {
            name: s.name.clone(),
            layout: layout.cloned(),
            external,
            forward: None,
        });
        true
    }

    /// Called after `OpTypeStruct` `id` of the struct last entered: defines the forward
    /// pointer its members used, if any.
    pub(crate) fn leave_struct(&mut self, id: Word) {
        let Some(done) = self.recursive.in_progress.pop() else {
            return;
        };
        if let Some(forward) = done.forward {
            let class = StorageClass::PhysicalStorageBuffer;
            self.globals.push(Instruction::new(
                Op::TypePointer,
                None,
                Some(forward),
                vec![Operand::StorageClass(class), Operand::IdRef(id)],
            ));
            self.type_ids.insert(
                TypeKey::Spv(Op::TypePointer as u32, vec![class as u32, id]),
                forward,
            );
        }
    }

    /// The struct a reference names: the innermost recorded struct of that name.
    pub(crate) fn referenced_struct(&self, name: &str) -> Result<Type> {
        match self.recursive.defs.get(name) {
            Some(s) => Ok(Type::Struct(Arc::clone(s))),
            None => Err(SpirvError::invalid(format!(
                "a buffer pointer to `{name}` outside the struct `{name}` that it is part of"
            ))),
        }
    }

    /// The forward pointer to struct `name` laid out as `layout` for physical storage, when
    /// that struct is being emitted (the pointer is a member of itself or of a struct inside
    /// it); `None` when it is not, and the pointer type can be made after the struct.
    pub(crate) fn forward_pointer(&mut self, name: &str, layout: &TypeLayout) -> Option<Word> {
        let i = self
            .recursive
            .in_progress
            .iter()
            .rposition(|p| p.name == name && p.external && p.layout.as_ref() == Some(layout))?;
        if let Some(id) = self.recursive.in_progress[i].forward {
            return Some(id);
        }
        let id = self.id();
        self.globals.push(Instruction::new(
            Op::TypeForwardPointer,
            None,
            None,
            vec![
                Operand::IdRef(id),
                Operand::StorageClass(StorageClass::PhysicalStorageBuffer),
            ],
        ));
        self.recursive.in_progress[i].forward = Some(id);
        Some(id)
    }
}
