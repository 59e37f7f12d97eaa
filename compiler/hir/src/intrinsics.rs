//! The seam to the intrinsic table: how inference types calls of functions and methods that no
//! user declaration provides (`dot`, `saturate`, `tex.Sample`, `buf.Load`...).
//!
//! The table itself (every intrinsic and resource method with DXC's overload matching) is the
//! `intrinsics` crate; inference only calls `IntrinsicTable`, and `HlslIntrinsics` adapts the
//! crate to it. `HirDb::intrinsics` returns the table in use: `HlslIntrinsics` unless a test
//! database plugs in another. `NoIntrinsics` knows nothing: every such call is `Unavailable`,
//! its type unknown and nothing reported.

use types::{ScalarKind, Type};

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

/// The real table: the `intrinsics` crate.
pub struct HlslIntrinsics;

impl HlslIntrinsics {
    /// The crate's view of the arguments, or `None` when one has an unknown type (then the
    /// call's type is unknown too, and nothing is reported, to avoid cascading errors).
    /// `wide_literals`: an integer literal past `int`'s range keeps its 64-bit type, as in
    /// `select`, which DXC types as the `?:` it is (`select(c, 3000000000, 1)` chooses
    /// `int64_t` values); other intrinsics take such a literal as `int`, as DXC does.
    fn args(args: &[IntrinsicArg], wide_literals: bool) -> Option<Vec<intrinsics::ArgType>> {
        args.iter()
            .map(|a| {
                let ty = a.ty.clone()?;
                Some(match (a.literal, ty.scalar_kind()) {
                    (true, Some(k)) if k.is_float() => intrinsics::ArgType::LiteralFloat,
                    (true, Some(ScalarKind::Int64)) if wide_literals => {
                        intrinsics::ArgType::Type(ty)
                    }
                    (true, Some(k)) if k.is_integer() => intrinsics::ArgType::LiteralInt,
                    _ => intrinsics::ArgType::Type(ty),
                })
            })
            .collect()
    }

    fn answer(result: Result<intrinsics::Resolved, intrinsics::Error>) -> IntrinsicCall {
        match result {
            Ok(resolved) => IntrinsicCall::Resolved {
                ret: resolved.ret,
                out_args: resolved
                    .params
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.dir != intrinsics::Dir::In)
                    .map(|(i, _)| i)
                    .collect(),
                params: resolved.params.into_iter().map(|p| p.ty).collect(),
            },
            Err(intrinsics::Error::UnknownName { .. }) => IntrinsicCall::NotIntrinsic,
            Err(intrinsics::Error::UnknownMethod { .. }) => IntrinsicCall::NoMethod,
            Err(intrinsics::Error::WrongArgCount {
                accepted, at_least, ..
            }) => IntrinsicCall::WrongArgCount {
                expected: describe_counts(&accepted, at_least),
            },
            Err(intrinsics::Error::NoMatch { candidates, .. }) => {
                IntrinsicCall::NoMatch { candidates }
            }
            Err(intrinsics::Error::Ambiguous { candidates, .. }) => {
                IntrinsicCall::Ambiguous { candidates }
            }
        }
    }
}

/// `2`, `2 or 3`, `1, 2 or 4`, `at least 1`.
fn describe_counts(accepted: &[usize], at_least: Option<usize>) -> String {
    let mut parts: Vec<String> = accepted.iter().map(|n| n.to_string()).collect();
    if let Some(n) = at_least {
        parts.push(format!("at least {n}"));
    }
    match parts.len() {
        0 => "no".to_owned(),
        1 => parts.remove(0),
        _ => {
            let last = parts.pop().unwrap_or_default();
            format!("{} or {last}", parts.join(", "))
        }
    }
}

impl IntrinsicTable for HlslIntrinsics {
    fn call(&self, name: &str, args: &[IntrinsicArg]) -> IntrinsicCall {
        if intrinsics::lookup(name).is_none() {
            return IntrinsicCall::NotIntrinsic;
        }
        match Self::args(args, name == "select") {
            Some(args) => Self::answer(intrinsics::resolve_call(name, &args)),
            None => IntrinsicCall::Unavailable,
        }
    }

    fn method(&self, receiver: &Type, name: &str, args: &[IntrinsicArg]) -> IntrinsicCall {
        match Self::args(args, false) {
            Some(args) => Self::answer(intrinsics::resolve_method(receiver, name, &args)),
            None => IntrinsicCall::Unavailable,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::describe_counts;

    #[test]
    fn argument_counts_read_naturally() {
        assert_eq!(describe_counts(&[2], None), "2");
        assert_eq!(describe_counts(&[2, 3], None), "2 or 3");
        assert_eq!(describe_counts(&[1, 2, 4], None), "1, 2 or 4");
        assert_eq!(describe_counts(&[], Some(1)), "at least 1");
    }
}
