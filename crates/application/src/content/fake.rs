//! The in-memory content pages.

use atelier_domain::content::{ContentPage, PageType};

use super::ports::{ContentRepository, DuplicatePageType};
use crate::fake::InMemoryStore;

impl ContentRepository for InMemoryStore {
    async fn list_content_pages(&self) -> anyhow::Result<Vec<ContentPage>> {
        self.with(|tables| {
            let mut pages = tables.rows::<ContentPage>().to_vec();
            pages.sort_by(|a, b| a.page_type.cmp(&b.page_type));
            Ok(pages)
        })
    }

    async fn find_content_page(&self, page_type: &PageType) -> anyhow::Result<Option<ContentPage>> {
        self.with(|tables| Ok(tables.rows::<ContentPage>().iter().find(|page| &page.page_type == page_type).cloned()))
    }

    async fn insert_content_page(&self, page: &mut ContentPage) -> anyhow::Result<Result<(), DuplicatePageType>> {
        self.with(|tables| {
            let pages = tables.rows_mut::<ContentPage>();
            if pages.iter().any(|stored| stored.page_type == page.page_type) {
                return Ok(Err(DuplicatePageType));
            }
            page.meta = crate::records::first_meta();
            pages.push(page.clone());
            Ok(Ok(()))
        })
    }

    async fn update_content_page(&self, page: &mut ContentPage) -> anyhow::Result<bool> {
        self.with(|tables| match tables.rows_mut::<ContentPage>().iter_mut().find(|s| s.page_type == page.page_type) {
            Some(stored) => {
                page.meta = crate::fake::saved_meta(page.page_type.as_str(), Some(stored.meta.version), &page.meta)?;
                *stored = page.clone();
                Ok(true)
            }
            None => Ok(false),
        })
    }

    async fn delete_content_page(&self, page_type: &PageType) -> anyhow::Result<bool> {
        self.with(|tables| {
            let pages = tables.rows_mut::<ContentPage>();
            let before = pages.len();
            pages.retain(|page| &page.page_type != page_type);
            Ok(pages.len() < before)
        })
    }
}
