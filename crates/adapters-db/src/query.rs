//! Query pieces shared by the repositories.

use sea_orm::sea_query::{Expr, ExprTrait, Func, LikeExpr, SimpleExpr};

/// `LOWER(column) LIKE '%term%'` with `%`, `_` and `\` in the term matched literally, the same on
/// SQLite and PostgreSQL.
pub(crate) fn contains_ignoring_case(column: impl sea_orm::sea_query::IntoColumnRef, term: &str) -> SimpleExpr {
    let escaped = term.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    Expr::expr(Func::lower(Expr::col(column))).like(LikeExpr::new(format!("%{escaped}%")).escape('\\'))
}
