//! Byte-address buffer loads and stores (`ByteAddressLoad`, `ByteAddressStore`) of one scalar
//! or vector, as DXC emits them (`docs/SPIR-V.rst`, "ByteAddressBuffer"): the buffer is a
//! runtime array of `uint` words; the word of byte address `a` is `a >> 2`.
//! - 32-bit components take one word each, bit-cast;
//! - 64-bit components take two consecutive words, the low word first;
//! - 16-bit components take half a word: a load shifts the word right by `(a % 4) * 8` bits
//!   and narrows it, a store replaces those 16 bits of the word (read, mask, or, write).
//!
//! Lowering has already split arrays, structs, matrices and bools into these. Called from
//! [`crate::texture`].

use rspirv::dr::Operand;
use rspirv::spirv::{Op, Word};
use types::{ScalarKind, Type};

use crate::functions::Fx;
use crate::instructions::shape;
use crate::types::{scalar_of, Scalar};
use crate::{Result, SpirvError};

const UINT: Scalar = Scalar::Int {
    width: 32,
    signed: false,
};
const USHORT: Scalar = Scalar::Int {
    width: 16,
    signed: false,
};

/// Where the words of one access are: the buffer, its `uint` pointer type and the byte
/// address with its integer type.
struct Words {
    buf: Word,
    ptr_uint: Word,
    address: Word,
    address_kind: ScalarKind,
    address_ty: Word,
}

impl Fx<'_, '_> {
    /// `ByteAddressLoad` (returns the value) or `ByteAddressStore` (returns `None`).
    pub(crate) fn lower_byte_address(&mut self, d: &ir::InstData) -> Result<Option<Word>> {
        let ops = &d.operands;
        let load = d.opcode == ir::Opcode::ByteAddressLoad;
        let info = self.ptr_info(ops[0])?;
        let address_kind = match self.type_of(ops[1])? {
            Type::Scalar(k) if k.is_integer() => k,
            _ => return Err(SpirvError::invalid("byte offset is not an integer scalar")),
        };
        let uint = self.cx.uint_type();
        let words = Words {
            buf: self.value(ops[0])?,
            ptr_uint: self.cx.pointer_type(info.class, uint),
            address: self.value(ops[1])?,
            address_kind,
            address_ty: self.cx.plain_type(&Type::Scalar(address_kind))?,
        };
        let value_ty = if load {
            d.ty.clone()
        } else {
            self.type_of(ops[2])?
        };
        let unsupported =
            || SpirvError::unsupported(format!("byte-address load or store of {}", value_ty.ir()));
        let (k, n) = shape(&value_ty).ok_or_else(unsupported)?;
        let stored = if load {
            None
        } else {
            Some(self.value(ops[2])?)
        };
        match k.bit_width() {
            32 => {
                let vt = self.cx.plain_type(&value_ty)?;
                Ok(self.whole_words(&words, vt, n, stored))
            }
            64 if n <= 2 => {
                let vt = self.cx.plain_type(&value_ty)?;
                Ok(self.whole_words(&words, vt, 2 * n, stored))
            }
            64 | 16 => {
                let width = k.bit_width();
                let scalar_ty = self.cx.plain_type(&Type::Scalar(k))?;
                let vt = self.cx.plain_type(&value_ty)?;
                let mut parts = Vec::new();
                for i in 0..n {
                    let part = match stored {
                        Some(v) if n > 1 => Some(self.op(
                            Op::CompositeExtract,
                            scalar_ty,
                            vec![Operand::IdRef(v), Operand::LiteralBit32(i)],
                        )),
                        other => other,
                    };
                    let first = i * width / 8;
                    parts.push(if width == 64 {
                        self.double_word(&words, first, k, part)
                    } else {
                        self.half_word(&words, first, k, part)
                    });
                }
                if !load {
                    return Ok(None);
                }
                Ok(Some(if n == 1 {
                    parts[0]
                } else {
                    self.op(Op::CompositeConstruct, vt, Self::ids(&parts))
                }))
            }
            _ => Err(unsupported()),
        }
    }

    /// `address + bytes` in the address's type.
    fn address_plus(&mut self, w: &Words, bytes: u32) -> Word {
        if bytes == 0 {
            return w.address;
        }
        let c = self
            .cx
            .const_number(scalar_of(w.address_kind, false), i64::from(bytes));
        self.op(Op::IAdd, w.address_ty, Self::ids(&[w.address, c]))
    }

    /// A pointer to word `index` (a word index in the address's type) of the buffer.
    fn word_ptr(&mut self, w: &Words, index: Word) -> Word {
        let zero = self.cx.const_uint(0);
        self.op(
            Op::AccessChain,
            w.ptr_uint,
            Self::ids(&[w.buf, zero, index]),
        )
    }

    fn shift_right(&mut self, w: &Words, v: Word, by: u32) -> Word {
        let c = self
            .cx
            .const_number(scalar_of(w.address_kind, false), i64::from(by));
        self.op(Op::ShiftRightLogical, w.address_ty, Self::ids(&[v, c]))
    }

    /// `words` consecutive whole words from the address's word, bit-cast to or from
    /// the value's type `vt` (32-bit components, or a 64-bit scalar or pair).
    fn whole_words(
        &mut self,
        w: &Words,
        vt: Word,
        words: u32,
        stored: Option<Word>,
    ) -> Option<Word> {
        let base = self.shift_right(w, w.address, 2);
        let mut ptrs = Vec::with_capacity(words as usize);
        for k in 0..words {
            let idx = if k == 0 {
                base
            } else {
                let kc = self
                    .cx
                    .const_number(scalar_of(w.address_kind, false), i64::from(k));
                self.op(Op::IAdd, w.address_ty, Self::ids(&[base, kc]))
            };
            ptrs.push(self.word_ptr(w, idx));
        }
        let uint = self.cx.uint_type();
        let uvec = self.cx.vector_type(UINT, words);
        match stored {
            None => {
                let loaded: Vec<Word> = ptrs
                    .iter()
                    .map(|&p| self.op(Op::Load, uint, vec![Operand::IdRef(p)]))
                    .collect();
                let whole = if words == 1 {
                    loaded[0]
                } else {
                    self.op(Op::CompositeConstruct, uvec, Self::ids(&loaded))
                };
                Some(if vt == uvec {
                    whole
                } else {
                    self.op(Op::Bitcast, vt, Self::ids(&[whole]))
                })
            }
            Some(v) => {
                let whole = if vt == uvec {
                    v
                } else {
                    self.op(Op::Bitcast, uvec, Self::ids(&[v]))
                };
                for (k, &p) in ptrs.iter().enumerate() {
                    let word = if words == 1 {
                        whole
                    } else {
                        self.op(
                            Op::CompositeExtract,
                            uint,
                            vec![Operand::IdRef(whole), Operand::LiteralBit32(k as u32)],
                        )
                    };
                    self.op_void(Op::Store, Self::ids(&[p, word]));
                }
                None
            }
        }
    }

    /// One 64-bit component at byte `first` of the access: two words, low word first.
    fn double_word(&mut self, w: &Words, first: u32, k: ScalarKind, stored: Option<Word>) -> Word {
        let at = self.address_plus(w, first);
        let lo = self.shift_right(w, at, 2);
        let one = self.cx.const_number(scalar_of(w.address_kind, false), 1);
        let hi = self.op(Op::IAdd, w.address_ty, Self::ids(&[lo, one]));
        let (plo, phi) = (self.word_ptr(w, lo), self.word_ptr(w, hi));
        let uint = self.cx.uint_type();
        let uvec2 = self.cx.vector_type(UINT, 2);
        let st = self.cx.scalar_type(scalar_of(k, false));
        match stored {
            None => {
                let a = self.op(Op::Load, uint, vec![Operand::IdRef(plo)]);
                let b = self.op(Op::Load, uint, vec![Operand::IdRef(phi)]);
                let pair = self.op(Op::CompositeConstruct, uvec2, Self::ids(&[a, b]));
                self.op(Op::Bitcast, st, Self::ids(&[pair]))
            }
            Some(v) => {
                let pair = self.op(Op::Bitcast, uvec2, Self::ids(&[v]));
                for (i, p) in [plo, phi].into_iter().enumerate() {
                    let word = self.op(
                        Op::CompositeExtract,
                        uint,
                        vec![Operand::IdRef(pair), Operand::LiteralBit32(i as u32)],
                    );
                    self.op_void(Op::Store, Self::ids(&[p, word]));
                }
                v
            }
        }
    }

    /// One 16-bit component at byte `first` of the access: half of a word.
    fn half_word(&mut self, w: &Words, first: u32, k: ScalarKind, stored: Option<Word>) -> Word {
        let at = self.address_plus(w, first);
        let index = self.shift_right(w, at, 2);
        let three = self.cx.const_number(scalar_of(w.address_kind, false), 3);
        let byte = self.op(Op::BitwiseAnd, w.address_ty, Self::ids(&[at, three]));
        let bits = self.op(
            Op::ShiftLeftLogical,
            w.address_ty,
            Self::ids(&[byte, three]),
        );
        let ptr = self.word_ptr(w, index);
        let uint = self.cx.uint_type();
        let ushort = self.cx.scalar_type(USHORT);
        let st = self.cx.scalar_type(scalar_of(k, false));
        let word = self.op(Op::Load, uint, vec![Operand::IdRef(ptr)]);
        match stored {
            None => {
                let shifted = self.op(Op::ShiftRightLogical, uint, Self::ids(&[word, bits]));
                let narrow = self.op(Op::UConvert, ushort, Self::ids(&[shifted]));
                if st == ushort {
                    narrow
                } else {
                    self.op(Op::Bitcast, st, Self::ids(&[narrow]))
                }
            }
            Some(v) => {
                let raw = if st == ushort {
                    v
                } else {
                    self.op(Op::Bitcast, ushort, Self::ids(&[v]))
                };
                let wide = self.op(Op::UConvert, uint, Self::ids(&[raw]));
                let placed = self.op(Op::ShiftLeftLogical, uint, Self::ids(&[wide, bits]));
                let ones = self.cx.const_uint(0xffff);
                let mask = self.op(Op::ShiftLeftLogical, uint, Self::ids(&[ones, bits]));
                let keep = self.op(Op::Not, uint, Self::ids(&[mask]));
                let kept = self.op(Op::BitwiseAnd, uint, Self::ids(&[word, keep]));
                let merged = self.op(Op::BitwiseOr, uint, Self::ids(&[kept, placed]));
                self.op_void(Op::Store, Self::ids(&[ptr, merged]));
                v
            }
        }
    }
}
