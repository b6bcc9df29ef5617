use atelier_adapters_db::SeaOrmStore;
use atelier_application::Audience;
use atelier_application::faqs::ports::FaqRepository;
use atelier_application::faqs::{FaqQuery, Faqs};
use atelier_application::ports::SystemClock;
use atelier_domain::faq::{Faq, FaqCategory, FaqInput, FaqStatus};

use crate::helpers::{find, on_every_database};

fn input(question: &str, category: &str, tags: &[&str], status: &str) -> FaqInput {
    FaqInput {
        question: Some(question.into()),
        answer: Some(format!("The answer to *{question}*")),
        category: Some(category.into()),
        tags: Some(tags.iter().map(|tag| (*tag).to_owned()).collect()),
        status: Some(status.into()),
        ..FaqInput::default()
    }
}

async fn order(faqs: &Faqs<SeaOrmStore, SystemClock>) -> Vec<(String, u32)> {
    let list = faqs.list(Audience::Admin, FaqQuery { limit: Some(1000), ..FaqQuery::default() }).await.unwrap();
    list.page.items.into_iter().map(|faq| (faq.question, faq.order)).collect()
}

#[tokio::test]
async fn a_stored_faq_reads_back_identical() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let faqs = Faqs::new(store.clone(), SystemClock);
        let created = faqs
            .create(FaqInput {
                views: Some(12),
                helpful: Some(3),
                featured: Some(true),
                ..input("Why?", "billing", &["pricing"], "active")
            })
            .await
            .unwrap();
        let mut found = find::<Faq>(&store, created.id).await.unwrap().unwrap();
        found.created_at = created.created_at;
        found.updated_at = created.updated_at;
        assert_eq!(found, created, "{db}");
    })
    .await;
}

#[tokio::test]
async fn swapping_neighbours_writes_both_orders() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let faqs = Faqs::new(store.clone(), SystemClock);
        let mut ids = Vec::new();
        for question in ["A", "B", "C"] {
            ids.push(faqs.create(input(question, "general", &[], "active")).await.unwrap().id.to_string());
        }
        faqs.reorder(&ids[2], Some("up")).await.unwrap();
        assert_eq!(order(&faqs).await, [("A".into(), 1), ("C".into(), 2), ("B".into(), 3)], "{db}");
        faqs.reorder(&ids[0], Some("up")).await.unwrap();
        faqs.reorder(&ids[1], Some("down")).await.unwrap();
        assert_eq!(order(&faqs).await, [("A".into(), 1), ("C".into(), 2), ("B".into(), 3)], "{db}");
        faqs.reorder(&ids[0], Some("down")).await.unwrap();
        assert_eq!(order(&faqs).await, [("C".into(), 1), ("A".into(), 2), ("B".into(), 3)], "{db}");
    })
    .await;
}

#[tokio::test]
async fn lists_filter_search_tags_and_count_by_status_and_category() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let faqs = Faqs::new(store.clone(), SystemClock);
        faqs.create(input("How much?", "billing", &["Pricing"], "active")).await.unwrap();
        faqs.create(input("How fast?", "technical", &["speed"], "active")).await.unwrap();
        faqs.create(input("Secret?", "billing", &["pricing"], "draft")).await.unwrap();
        faqs.create(input("Old?", "other", &[], "inactive")).await.unwrap();

        let pricing = FaqQuery { search: Some("pricing".into()), ..FaqQuery::default() };
        assert_eq!(faqs.list(Audience::Public, pricing.clone()).await.unwrap().page.total_items, 1, "{db}");
        assert_eq!(faqs.list(Audience::Admin, pricing).await.unwrap().page.total_items, 2, "{db}");
        let billing =
            FaqQuery { category: Some(FaqCategory::Billing), status: Some(FaqStatus::Draft), ..FaqQuery::default() };
        assert_eq!(faqs.list(Audience::Admin, billing).await.unwrap().page.items[0].question, "Secret?", "{db}");
        let every = faqs.list(Audience::Admin, FaqQuery::default()).await.unwrap().page.items;
        let named = FaqQuery { ids: Some(vec![every[1].id]), limit: Some(1), ..FaqQuery::default() };
        let named = faqs.list(Audience::Admin, named).await.unwrap().page;
        assert_eq!((named.items[0].id, named.total_items), (every[1].id, 1), "{db}");

        let stats = store.faq_stats().await.unwrap();
        assert_eq!((stats.total, stats.active, stats.inactive, stats.draft), (4, 2, 1, 1), "{db}");
        assert!(stats.by_category.contains(&(FaqCategory::Billing, 2)), "{db}");
        assert!(stats.by_category.contains(&(FaqCategory::Account, 0)), "{db}");
        assert!(
            faqs.delete(&faqs.list(Audience::Admin, FaqQuery::default()).await.unwrap().page.items[0].id.to_string())
                .await
                .is_ok()
        );
        assert_eq!(store.faq_stats().await.unwrap().total, 3, "{db}");
    })
    .await;
}
