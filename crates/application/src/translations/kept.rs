//! The site's languages kept per content generation ([`KeptLanguages`]), so that a public read
//! with `?lang=` that misses the response cache costs no settings query of its own.
//!
//! The languages are the settings', and the settings change only through an administrator's
//! write, which moves the content generation on: here at once, on the other instances as soon as
//! they read the shared generation (`freshness`). A copy read under a generation is therefore
//! right for as long as that generation is current, as the site pages' publisher is
//! (`SitePages::shared`). While the generation is not trusted, every read asks the store.

use std::sync::Arc;

use atelier_domain::language::Languages;
use chrono::{DateTime, Utc};

use super::ports::SiteLanguages;
use crate::freshness::{ContentGeneration, PerGeneration};

/// The site's languages as read under one generation; shared by every worker (clones share it).
#[derive(Debug, Clone, Default)]
pub struct KeptLanguages {
    kept: PerGeneration<Arc<Languages>>,
}

impl KeptLanguages {
    pub fn new() -> Self {
        Self::default()
    }

    /// The site's languages at `now`: the copy kept for the current generation, else read from
    /// `store` (and kept when the generation is trusted).
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn languages<S: SiteLanguages>(
        &self,
        store: &S,
        generation: &ContentGeneration,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Arc<Languages>> {
        self.kept.get(Some(generation), now, || async { Ok(Arc::new(store.site_languages().await?)) }).await
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use atelier_domain::language::SiteLanguageInput;

    use super::*;
    use crate::fake::InMemoryStore;
    use crate::freshness::GenerationSync;
    use crate::ports::SystemClock;
    use crate::translations::fake::set_languages;
    use crate::translations::public::{Kept, ReadLanguage, read_language_kept};

    /// The fake's languages, counting how often they are read.
    struct Counting {
        store: InMemoryStore,
        reads: AtomicUsize,
    }

    impl Counting {
        fn reads(&self) -> usize {
            self.reads.load(Ordering::SeqCst)
        }
    }

    impl SiteLanguages for Counting {
        async fn site_languages(&self) -> anyhow::Result<Languages> {
            self.reads.fetch_add(1, Ordering::SeqCst);
            self.store.site_languages().await
        }
    }

    fn languages(tags: &[&str]) -> Languages {
        let inputs: Vec<_> = tags
            .iter()
            .map(|tag| SiteLanguageInput { tag: Some((*tag).into()), name: Some((*tag).into()), direction: None })
            .collect();
        Languages::parse(&inputs, None).unwrap()
    }

    type Sync = GenerationSync<InMemoryStore, SystemClock>;

    async fn read(store: &Counting, lang: &str, sync: &Sync, kept: &KeptLanguages) -> Result<ReadLanguage, String> {
        let kept = Kept { generation: sync.generation(), languages: kept, now: Utc::now() };
        read_language_kept(store, Some(lang), Some(kept)).await.unwrap().map(Option::unwrap)
    }

    #[tokio::test]
    async fn reads_in_a_language_ask_for_the_settings_once_per_generation_and_see_a_new_language_next() {
        let store = InMemoryStore::default();
        set_languages(&store, languages(&["en", "de"]));
        let counting = Counting { store: store.clone(), reads: AtomicUsize::new(0) };
        let here = GenerationSync::new(store.clone(), SystemClock, ContentGeneration::new());
        let kept = KeptLanguages::new();

        // Before the generation is trusted, every read asks the store.
        read(&counting, "de", &here, &kept).await.unwrap();
        read(&counting, "de", &here, &kept).await.unwrap();
        assert_eq!(counting.reads(), 2);

        here.refresh().await.unwrap();
        for _ in 0..3 {
            assert_eq!(read(&counting, "DE", &here, &kept).await.unwrap().lang.as_str(), "de");
        }
        assert!(read(&counting, "fr", &here, &kept).await.is_err(), "not one of the site's languages");
        assert_eq!(counting.reads(), 3, "one read for the whole generation, refusals included");

        // A language added in the settings through this instance: the write moves the generation.
        set_languages(&store, languages(&["en", "de", "fr"]));
        here.changed().await.unwrap();
        assert_eq!(read(&counting, "fr", &here, &kept).await.unwrap().lang.as_str(), "fr");
        read(&counting, "fr", &here, &kept).await.unwrap();
        assert_eq!(counting.reads(), 4);

        // Through another instance: seen as soon as this one reads the shared generation.
        let there = GenerationSync::new(store.clone(), SystemClock, ContentGeneration::new());
        there.refresh().await.unwrap();
        set_languages(&store, languages(&["en", "de", "fr", "it"]));
        there.changed().await.unwrap();
        here.refresh().await.unwrap();
        assert_eq!(read(&counting, "it", &here, &kept).await.unwrap().lang.as_str(), "it");
        assert_eq!(counting.reads(), 5);
    }
}
