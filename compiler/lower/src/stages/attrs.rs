//! Attribute arguments of entry functions: `[maxvertexcount(n)]`, `[domain("tri")]`,
//! whose numbers may be arithmetic on literals once macros expand (`[numthreads]` is read in
//! `crate::attrs`, through the checker's constant evaluation).

use hir::item_tree::Function;

/// The arguments of an attribute `[name(...)]` of `f`.
pub fn attr<'f>(f: &'f Function, name: &str) -> Option<&'f [String]> {
    f.attrs
        .iter()
        .find(|a| a.name.eq_ignore_ascii_case(name))
        .map(|a| a.args.as_slice())
}

/// `[name(n)]` of entry `idx` as a number: arithmetic on literals, else a constant the
/// checker evaluates in the function's scope (a `static const` name).
pub fn entry_attr_count(
    cx: &crate::context::ModuleCtx<'_>,
    idx: hir::item_tree::ItemIdx,
    f: &Function,
    name: &str,
) -> Option<u32> {
    attr_count(f, name).or_else(|| crate::attrs::function_attr_count(cx, idx, name))
}

/// `[name(n)]` as a number.
pub fn attr_count(f: &Function, name: &str) -> Option<u32> {
    attr(f, name)?.first().and_then(|s| eval_count(s))
}

/// An attribute argument as a number: a literal, or (after macro expansion) integer
/// arithmetic on literals such as `8 * (4 * 2 + 1)`.
pub fn eval_count(text: &str) -> Option<u32> {
    fn tokens(text: &str) -> Option<Vec<String>> {
        let mut out = Vec::new();
        let mut chars = text.chars().peekable();
        while let Some(&c) = chars.peek() {
            if c.is_whitespace() {
                chars.next();
            } else if c.is_ascii_alphanumeric() {
                let mut t = String::new();
                while let Some(&d) = chars.peek().filter(|d| d.is_ascii_alphanumeric()) {
                    t.push(d);
                    chars.next();
                }
                out.push(t);
            } else if "+-*/%()".contains(c) {
                out.push(c.to_string());
                chars.next();
            } else {
                return None;
            }
        }
        Some(out)
    }
    // expr := term (('+' | '-') term)*; term := atom (('*' | '/' | '%') atom)*
    fn expr(t: &[String], i: &mut usize) -> Option<i64> {
        let mut v = term(t, i)?;
        while let Some(op) = t.get(*i).filter(|o| *o == "+" || *o == "-") {
            *i += 1;
            let r = term(t, i)?;
            v = if op == "+" {
                v.checked_add(r)?
            } else {
                v.checked_sub(r)?
            };
        }
        Some(v)
    }
    fn term(t: &[String], i: &mut usize) -> Option<i64> {
        let mut v = atom(t, i)?;
        while let Some(op) = t.get(*i).filter(|o| ["*", "/", "%"].contains(&o.as_str())) {
            *i += 1;
            let r = atom(t, i)?;
            v = match op.as_str() {
                "*" => v.checked_mul(r)?,
                "/" => v.checked_div(r)?,
                _ => v.checked_rem(r)?,
            };
        }
        Some(v)
    }
    fn atom(t: &[String], i: &mut usize) -> Option<i64> {
        let tok = t.get(*i)?;
        *i += 1;
        if tok == "(" {
            let v = expr(t, i)?;
            (t.get(*i)? == ")").then_some(())?;
            *i += 1;
            Some(v)
        } else {
            crate::entry::parse_count(tok).map(i64::from)
        }
    }
    let t = tokens(text)?;
    let mut i = 0;
    let v = expr(&t, &mut i)?;
    (i == t.len()).then_some(())?;
    u32::try_from(v).ok()
}

/// `[name("text")]` without its quotes.
pub fn attr_text(f: &Function, name: &str) -> Option<String> {
    let a = attr(f, name)?.first()?;
    Some(a.trim().trim_matches('"').to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attribute_counts_may_be_arithmetic() {
        assert_eq!(eval_count("8 * (4 * 2 + 1)"), Some(72));
        assert_eq!(eval_count("0x10u"), Some(16));
        assert_eq!(eval_count("(4 * 2 - 1)"), Some(7));
        assert_eq!(eval_count("N"), None);
        assert_eq!(eval_count("1 -"), None);
    }
}
