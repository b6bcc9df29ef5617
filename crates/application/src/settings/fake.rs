//! The in-memory settings: a table of at most one row.

use atelier_domain::settings::Settings;

use super::ports::SettingsRepository;
use crate::fake::InMemoryStore;

impl SettingsRepository for InMemoryStore {
    async fn load_settings(&self) -> anyhow::Result<Option<Settings>> {
        self.with(|tables| Ok(tables.rows::<Settings>().first().cloned()))
    }

    async fn save_settings(&self, settings: &mut Settings) -> anyhow::Result<()> {
        self.with(|tables| {
            let stored = tables.rows::<Settings>().first().map(|stored| stored.meta.version);
            settings.meta = crate::fake::saved_meta("settings", stored, &settings.meta)?;
            *tables.rows_mut() = vec![settings.clone()];
            Ok(())
        })
    }
}
