//! The in-memory home page: a table of at most one row.

use atelier_domain::home_page::HomePage;

use super::ports::HomePageRepository;
use crate::fake::InMemoryStore;

impl HomePageRepository for InMemoryStore {
    async fn load_home_page(&self) -> anyhow::Result<Option<HomePage>> {
        self.with(|tables| Ok(tables.rows::<HomePage>().first().cloned()))
    }

    async fn save_home_page(&self, home: &mut HomePage) -> anyhow::Result<()> {
        self.with(|tables| {
            let stored = tables.rows::<HomePage>().first().map(|stored| stored.meta.version);
            home.meta = crate::fake::saved_meta("home-page", stored, &home.meta)?;
            *tables.rows_mut() = vec![home.clone()];
            Ok(())
        })
    }
}
