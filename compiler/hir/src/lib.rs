//! Semantic analysis of HLSL on salsa: the item tree, name resolution, the HLSL types of
//! declarations, type inference of function bodies, and semantic diagnostics.
//!
//! Placeholder doc; the code table is filled in below.

pub mod body;
pub mod ids;
pub mod item_tree;
pub mod lower_type;
pub mod scope;
pub mod type_ref;

pub use crate::ids::{AstId, FunctionId, StructId};

/// The semantic layer's view of the database.
#[salsa::db]
pub trait HirDb: base_db::SourceDb {}
