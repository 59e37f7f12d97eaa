//! The seam to the intrinsic table: how inference types calls of functions and methods that no
//! user declaration provides (`dot`, `saturate`, `tex.Sample`, `buf.Load`...).
//!
//! The table itself (every intrinsic and resource method with DXC's overload matching) lives
//! in another crate; inference only calls `IntrinsicTable`. `HirDb::intrinsics` returns the
//! table in use. Without one (`NoIntrinsics`) every such call is `Unavailable`: its type is
//! unknown and nothing is reported, so real intrinsics never look like errors.
// FIXME: wire the `intrinsics` crate in here once it lands: implement `IntrinsicTable` for it
// (literal arguments become `ArgType::LiteralInt`/`LiteralFloat`; `Error::UnknownName` is
// `NotIntrinsic`, `UnknownMethod` is `NoMethod`, `WrongArgCount`, `NoMatch` and `Ambiguous`
// map one to one; `Resolved::params` give `params` and, by their `dir`, `out_args`) and
// return it from `HirDb::intrinsics` in the root database. A trial run with the branch
// merged checks the whole corpus clean.

use types::Type;

/// One argument as the table sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IntrinsicArg {
    /// `None` when inference does not know the argument's type.
    pub ty: Option<Type>,
    /// A literal (`1`, `1.0`) that adapts to the parameter type.
    pub literal: bool,
}

/// The table's answer for one call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IntrinsicCall {
    /// The call matched. `params` are the types the arguments convert to, in argument order
    /// (used for truncation warnings); `out_args` are the indices of arguments passed to
    /// `out`/`inout` parameters (they must be lvalues).
    Resolved {
        ret: Type,
        params: Vec<Type>,
        out_args: Vec<usize>,
    },
    /// The name is an intrinsic but no overload takes these arguments (`candidates` are the
    /// overloads as text, for the notes).
    NoMatch { candidates: Vec<String> },
    /// Several overloads match equally well.
    Ambiguous { candidates: Vec<String> },
    /// No overload takes this many arguments; `expected` says how many they take
    /// (`2`, `2 or 3`, `at least 1`).
    WrongArgCount { expected: String },
    /// There is no intrinsic of that name: an undefined function.
    NotIntrinsic,
    /// The receiver's type has no method of that name.
    NoMethod,
    /// No table is plugged in: the call's type is unknown and nothing is reported.
    Unavailable,
}

/// The intrinsic and resource-method table.
pub trait IntrinsicTable: Send + Sync {
    /// A call of a free function `name` that names no user function.
    fn call(&self, name: &str, args: &[IntrinsicArg]) -> IntrinsicCall;

    /// A method call on a value of a built-in type (`tex.Sample(s, uv)`, `buf.Load(i)`).
    fn method(&self, receiver: &Type, name: &str, args: &[IntrinsicArg]) -> IntrinsicCall;
}

/// The table used until the intrinsics crate is wired in: knows nothing.
pub struct NoIntrinsics;

impl IntrinsicTable for NoIntrinsics {
    fn call(&self, _name: &str, _args: &[IntrinsicArg]) -> IntrinsicCall {
        IntrinsicCall::Unavailable
    }

    fn method(&self, _receiver: &Type, _name: &str, _args: &[IntrinsicArg]) -> IntrinsicCall {
        IntrinsicCall::Unavailable
    }
}
