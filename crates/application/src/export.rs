//! Exports: every record a list's search and filter let through, read at once, and recorded in the
//! audit log as one `export` entry (who exported which list, how many rows, with which filters).
//!
//! The rows come in one read of at most [`EXPORT_MAX_ROWS`], so a record arriving meanwhile can
//! neither appear twice nor push another out. More matches than that are refused rather than cut
//! short. An export that cannot be recorded is not handed out.

use atelier_domain::{Page, PageRequest};

use crate::audit::Change;
use crate::audit::ports::AuditRepository;

/// The most rows one export holds.
pub const EXPORT_MAX_ROWS: u64 = 100_000;

/// Why an export was refused.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// More records match than one export holds.
    #[error("{matched} records match; an export holds at most {max}. Narrow the search or filter.", max = EXPORT_MAX_ROWS)]
    TooMany { matched: u64 },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// The one page an export reads: the first [`EXPORT_MAX_ROWS`] matches.
pub fn page() -> PageRequest {
    PageRequest::clamped(Some(1), None, EXPORT_MAX_ROWS, EXPORT_MAX_ROWS)
}

/// The rows of `page` (read with [`page`]), once the export is recorded. `filters` names the
/// search and filters the caller used (their names, not their values); the entry's summary reads
/// `12 rows` followed by them.
///
/// # Errors
/// [`ExportError::TooMany`] when more records matched than `page` holds; `Unexpected` when the
/// entry cannot be stored.
pub async fn recorded<T>(store: &impl AuditRepository, page: Page<T>, filters: &[&str]) -> Result<Vec<T>, ExportError> {
    if page.total_items > page.items.len() as u64 {
        return Err(ExportError::TooMany { matched: page.total_items });
    }
    let rows = page.items.len();
    let noun = if rows == 1 { "row" } else { "rows" };
    let mut summary = vec![format!("{rows} {noun}")];
    summary.extend(filters.iter().map(|filter| (*filter).to_owned()));
    store
        .record_audit_entry(Change { action: Some("export"), changed_fields: Some(summary), ..Change::default() })
        .await?;
    Ok(page.items)
}

/// The names of the filters that are set, in the order given.
pub fn used<'a>(filters: &[(&'a str, bool)]) -> Vec<&'a str> {
    filters.iter().filter(|(_, set)| *set).map(|(name, _)| *name).collect()
}

/// The audit context the HTTP layer gives an export of `kind`, and the entries a store holds.
#[cfg(test)]
pub(crate) mod testing {
    use crate::audit::{AuditContext, AuditEntry};
    use crate::fake::InMemoryStore;

    pub fn context(kind: &str) -> AuditContext {
        AuditContext {
            actor: None,
            request_id: "req-9".into(),
            client_address: None,
            operation: format!("GET /{kind}/export"),
            action: "export".into(),
            entity_kind: kind.into(),
            entity_id: None,
            fields: Vec::new(),
            version: None,
        }
    }

    pub fn entries(store: &InMemoryStore) -> Vec<AuditEntry> {
        store.with(|tables| tables.rows::<AuditEntry>().to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::testing::entries;
    use super::*;
    use crate::audit::{AuditContext, scope};
    use crate::fake::InMemoryStore;

    fn context() -> AuditContext {
        super::testing::context("contacts")
    }

    #[tokio::test]
    async fn an_export_hands_out_the_rows_and_records_one_entry_with_the_count_and_filters() {
        let store = InMemoryStore::default();
        let rows = scope(context(), recorded(&store, Page::new(vec!["a", "b", "c"], 3, page()), &["status"])).await;
        assert_eq!(rows.unwrap(), ["a", "b", "c"]);
        let recorded = entries(&store);
        assert_eq!(recorded.len(), 1);
        assert_eq!(recorded[0].action, "export");
        assert_eq!(recorded[0].entity_kind, "contacts");
        assert_eq!(recorded[0].operation, "GET /contacts/export");
        assert_eq!(recorded[0].summary, ["3 rows", "status"]);
    }

    #[tokio::test]
    async fn one_row_reads_as_one_row() {
        let store = InMemoryStore::default();
        scope(context(), recorded(&store, Page::new(vec![1], 1, page()), &[])).await.unwrap();
        assert_eq!(entries(&store)[0].summary, ["1 row"]);
    }

    #[tokio::test]
    async fn an_export_outside_a_scope_records_nothing() {
        let store = InMemoryStore::default();
        assert_eq!(recorded(&store, Page::new(vec![1], 1, page()), &[]).await.unwrap(), [1]);
        assert!(entries(&store).is_empty());
    }

    #[tokio::test]
    async fn more_matches_than_an_export_holds_are_refused_and_not_recorded() {
        let store = InMemoryStore::default();
        let request = PageRequest::clamped(Some(1), Some(2), 2, 2);
        let refused = scope(context(), recorded(&store, Page::new(vec![1, 2], 3, request), &[])).await;
        assert!(matches!(refused, Err(ExportError::TooMany { matched: 3 })));
        assert_eq!(
            ExportError::TooMany { matched: 3 }.to_string(),
            "3 records match; an export holds at most 100000. Narrow the search or filter."
        );
        assert!(entries(&store).is_empty());
    }

    #[test]
    fn an_export_reads_one_page_of_the_maximum() {
        assert_eq!((page().page(), page().limit()), (1, EXPORT_MAX_ROWS));
    }

    #[test]
    fn only_the_filters_set_are_named() {
        assert_eq!(used(&[("search", false), ("status", true), ("priority", true)]), ["status", "priority"]);
    }
}
