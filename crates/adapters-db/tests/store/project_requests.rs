use atelier_adapters_db::SeaOrmStore;
use atelier_application::project_requests::ports::{ProjectRequestFilter, ProjectRequestRepository};
use atelier_application::records::RecordRepository;
use atelier_domain::project_request::{
    ProjectPriority, ProjectRequest, ProjectRequestChanges, ProjectRequestInput, ProjectRequestStatus,
};
use atelier_domain::{EntityId, PageRequest};
use chrono::{Duration, DurationRound, TimeDelta, Utc};

use crate::helpers::{delete, find, on_every_database};

fn request(client: &str, company: &str, status: &str, priority: &str, minutes_ago: i64) -> ProjectRequest {
    // Databases keep microseconds; truncate so a round trip compares equal.
    let created = Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap() - Duration::minutes(minutes_ago);
    let input = ProjectRequestInput {
        client_name: Some(client.into()),
        company_name: Some(company.into()),
        email: Some(format!("{}@{}.example", client.to_lowercase(), company.to_lowercase().replace(' ', ""))),
        phone: Some("+44 20 7946 0000".into()),
        project_type: Some("Web Application".into()),
        budget: Some("10k-25k".into()),
        timeline: Some("1-3-months".into()),
        description: Some(format!("A booking portal for {company}. Ünïcödé 🚀")),
        status: Some(status.into()),
        priority: Some(priority.into()),
        source: Some("referral".into()),
        notes: Some("Warm lead".into()),
        spam: None,
        attribution: Some(atelier_domain::page_view::AttributionInput {
            landing_page: Some("/blog/shipping-rust".into()),
            referrer: Some("news.example.com".into()),
            utm_source: Some("newsletter".into()),
            utm_medium: None,
            utm_campaign: Some("winter".into()),
        }),
    };
    ProjectRequest::create(EntityId::generate(created), ProjectRequestChanges::parse(input, true).unwrap(), created)
}

fn all() -> PageRequest {
    PageRequest::clamped(None, Some(1000), 1000, 1000)
}

fn clients(requests: &[ProjectRequest]) -> Vec<&str> {
    requests.iter().map(|request| request.client_name.as_str()).collect()
}

#[tokio::test]
async fn a_stored_request_reads_back_identical() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut original = request("Ana", "Acme Corp", "in_negotiation", "urgent", 0);
        store.insert(&mut original).await.unwrap();
        assert_eq!(find::<ProjectRequest>(&store, original.id).await.unwrap(), Some(original), "{db}");
    })
    .await;
}

#[tokio::test]
async fn lists_are_newest_first_filtered_by_status_priority_and_search() {
    on_every_database(|store: SeaOrmStore, db| async move {
        for (client, company, status, priority, minutes_ago) in [
            ("Ana", "Acme Corp", "contacted", "high", 30),
            ("Ben", "Globex", "contacted", "low", 20),
            ("Cy", "Initech", "new_request", "high", 10),
        ] {
            store.insert(&mut request(client, company, status, priority, minutes_ago)).await.unwrap();
        }
        let list = |filter: ProjectRequestFilter| {
            let store = store.clone();
            async move { store.list_project_requests(&filter, all()).await.unwrap() }
        };
        let every = list(ProjectRequestFilter::default()).await;
        assert_eq!(clients(&every.items), ["Cy", "Ben", "Ana"], "{db}");
        assert_eq!(every.total_items, 3, "{db}");
        let contacted = ProjectRequestFilter { status: Some(ProjectRequestStatus::Contacted), ..Default::default() };
        assert_eq!(clients(&list(contacted).await.items), ["Ben", "Ana"], "{db}");
        let high = ProjectRequestFilter { priority: Some(ProjectPriority::High), ..Default::default() };
        assert_eq!(clients(&list(high).await.items), ["Cy", "Ana"], "{db}");
        let both = ProjectRequestFilter {
            status: Some(ProjectRequestStatus::Contacted),
            priority: Some(ProjectPriority::High),
            ..Default::default()
        };
        assert_eq!(clients(&list(both).await.items), ["Ana"], "{db}");
        for (term, expected) in [("GLOBEX", "Ben"), ("cy@", "Cy"), ("portal for acme", "Ana"), ("ANA", "Ana")] {
            let search = ProjectRequestFilter { search: Some(term.into()), ..Default::default() };
            assert_eq!(clients(&list(search).await.items), [expected], "{db}: {term}");
        }
        let paged = store
            .list_project_requests(&ProjectRequestFilter::default(), PageRequest::clamped(Some(2), Some(2), 2, 100))
            .await
            .unwrap();
        assert_eq!(clients(&paged.items), ["Ana"], "{db}");
        assert_eq!((paged.total_items, paged.total_pages, paged.current_page), (3, 2, 2), "{db}");
    })
    .await;
}

#[tokio::test]
async fn stats_group_by_status_and_priority_with_zeros() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let empty = store.project_request_stats().await.unwrap();
        assert_eq!(empty.total, 0, "{db}");
        assert_eq!((empty.by_status.len(), empty.by_priority.len()), (7, 4), "{db}");
        for (status, priority) in [("contacted", "high"), ("contacted", "urgent"), ("completed", "high")] {
            store.insert(&mut request("Ana", "Acme", status, priority, 0)).await.unwrap();
        }
        let stats = store.project_request_stats().await.unwrap();
        assert_eq!(stats.total, 3, "{db}");
        assert_eq!(stats.status_count(ProjectRequestStatus::Contacted), 2, "{db}");
        assert_eq!(stats.status_count(ProjectRequestStatus::Completed), 1, "{db}");
        assert_eq!(stats.status_count(ProjectRequestStatus::NewRequest), 0, "{db}");
        assert_eq!(stats.priority_count(ProjectPriority::High), 2, "{db}");
        assert_eq!(stats.priority_count(ProjectPriority::Urgent), 1, "{db}");
        assert_eq!(stats.priority_count(ProjectPriority::Low), 0, "{db}");
    })
    .await;
}

#[tokio::test]
async fn updates_replace_every_field_and_deletes_remove_the_row() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut stored = request("Ana", "Acme", "new_request", "medium", 0);
        store.insert(&mut stored).await.unwrap();
        stored.status = ProjectRequestStatus::Declined;
        stored.notes = String::new();
        stored.phone = String::new();
        assert!(store.update(&mut stored).await.unwrap(), "{db}");
        assert_eq!(find::<ProjectRequest>(&store, stored.id).await.unwrap().as_ref(), Some(&stored), "{db}");
        assert!(delete::<ProjectRequest>(&store, stored.id).await.unwrap(), "{db}");
        assert_eq!(find::<ProjectRequest>(&store, stored.id).await.unwrap(), None, "{db}");
        assert!(!store.update(&mut stored).await.unwrap(), "{db}");
        assert!(!delete::<ProjectRequest>(&store, stored.id).await.unwrap(), "{db}");
    })
    .await;
}
