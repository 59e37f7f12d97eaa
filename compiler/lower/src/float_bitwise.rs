//! SM 6.6 float compare-exchange compared bit for bit: the `RWByteAddressBuffer` methods
//! `InterlockedCompareExchangeFloatBitwise(address, compare, value, out original)` and
//! `InterlockedCompareStoreFloatBitwise(address, compare, value)` are a compare-exchange of
//! the buffer's 32-bit word with the floats' bits (`bitcast`s around an integer
//! `atomic_compare_exchange`, so `-0.0` and `+0.0` differ and a NaN matches its own bits).
//! `InterlockedExchangeFloat(address, value, out original)` likewise exchanges the word with
//! the float's bits (an exchange moves bits, whatever their type).
//! The free functions of the same names act on a `float` variable (groupshared or in a
//! buffer), which SPIR-V cannot do: its compare-exchange takes integers and logical addressing
//! cannot view a float variable as one, so they are DXC's error (`E3004`). Called from
//! `call.rs`.

use hir::body::ExprId;
use ir::Value;
use types::{ResourceType, ScalarKind, Type};

use crate::context::R;
use crate::func::FnLower;

fn is_float_bitwise(name: &str) -> bool {
    matches!(
        name,
        "InterlockedCompareExchangeFloatBitwise" | "InterlockedCompareStoreFloatBitwise"
    )
}

impl FnLower<'_, '_> {
    /// The free functions: refused as DXC refuses them for SPIR-V.
    pub(crate) fn lower_float_bitwise_call(
        &mut self,
        e: ExprId,
        name: &str,
    ) -> Option<R<Option<Value>>> {
        if !is_float_bitwise(name) {
            return None;
        }
        let range = self.expr_range(e);
        Some(Err(self.cx.error(
            crate::NO_VULKAN_EQUIVALENT,
            format!(
                "{name} on a float variable: SPIR-V compares and exchanges integers only, and \
                 a float variable cannot be reached as one (DXC: \"{name} intrinsic function \
                 unimplemented\"); use the RWByteAddressBuffer method of the same name"
            ),
            range,
        )))
    }

    /// The methods of a writable byte-address buffer `res`.
    pub(crate) fn lower_float_bitwise_method(
        &mut self,
        e: ExprId,
        res: Value,
        r: &ResourceType,
        name: &str,
        args: &[ExprId],
    ) -> Option<R<Option<Value>>> {
        if !(is_float_bitwise(name) || name == "InterlockedExchangeFloat")
            || !matches!(r, ResourceType::ByteAddressBuffer { access } if access.is_writable())
        {
            return None;
        }
        Some(self.float_bitwise_method(e, res, name, args))
    }

    fn float_bitwise_method(
        &mut self,
        e: ExprId,
        res: Value,
        name: &str,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        if name == "InterlockedExchangeFloat" {
            self.need_args(e, name, args, 3)?;
            let word = self.byte_address_word(res, args[0])?;
            let value = self.coerce(args[1], &Type::FLOAT)?;
            let value = self.fb().bitcast(value, Type::UINT);
            let old = self
                .fb()
                .atomic_rmw(ir::AtomicOp::Exchange, Type::UINT, &[word], value);
            let old = self.fb().bitcast(old, Type::Scalar(ScalarKind::Float));
            self.store_out(args[2], old)?;
            return Ok(None);
        }
        let exchange = name == "InterlockedCompareExchangeFloatBitwise";
        self.need_args(e, name, args, if exchange { 4 } else { 3 })?;
        let word = self.byte_address_word(res, args[0])?;
        let cmp = self.coerce(args[1], &Type::FLOAT)?;
        let value = self.coerce(args[2], &Type::FLOAT)?;
        let cmp = self.fb().bitcast(cmp, Type::UINT);
        let value = self.fb().bitcast(value, Type::UINT);
        let old = self
            .fb()
            .atomic_compare_exchange(Type::UINT, &[word], cmp, value);
        if exchange {
            let old = self.fb().bitcast(old, Type::Scalar(ScalarKind::Float));
            self.store_out(args[3], old)?;
        }
        Ok(None)
    }
}
