//! The service catalogue: listing, featuring and editing the agency's services.

#[cfg(test)]
mod fake;
pub mod ports;

use crate::translations::ports::TranslationRepository;
use atelier_domain::EntityId;
use atelier_domain::service::{Service, ServiceChanges, ServiceInput, ServiceStatus, featured_services};
use atelier_domain::translation::TranslationKind;

use self::ports::{ServiceFilter, ServiceRepository};
use crate::access::Audience;
use crate::ports::Clock;
use crate::records::{self, LookupError, WriteError};
use crate::settings::ports::SettingsRepository;

/// The default page size of `GET /services`.
pub const DEFAULT_LIMIT: u64 = 100;

/// A list request as the caller sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ServiceQuery {
    pub status: Option<ServiceStatus>,
    pub featured: Option<bool>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Only these services (a language that hides untranslated records lists only those
    /// translated there); `None` for every one.
    pub ids: Option<Vec<EntityId>>,
}

/// The service use cases.
#[derive(Debug, Clone)]
pub struct ServiceCatalog<S, C> {
    store: S,
    clock: C,
}

impl<S: ServiceRepository + SettingsRepository + TranslationRepository, C: Clock> ServiceCatalog<S, C> {
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// One page of services, ascending by display order. Anonymous callers only ever see active ones.
    pub async fn list(&self, audience: Audience, query: ServiceQuery) -> anyhow::Result<Vec<Service>> {
        let status = match audience {
            Audience::Public => Some(ServiceStatus::Active),
            Audience::Admin => query.status,
        };
        let filter = ServiceFilter { status, featured: query.featured, ids: query.ids };
        self.store.list_services(filter, audience.page(query.page, query.limit, DEFAULT_LIMIT)).await
    }

    /// The services the home page shows: active, featured first, then by order, at most the
    /// settings' `maxServicesDisplay`.
    pub async fn featured(&self) -> anyhow::Result<Vec<Service>> {
        self.featured_among(None).await
    }

    /// [`Self::featured`] among the services `ids` names (all when `None`): a language that hides
    /// untranslated services keeps the translated ones before the cap, so the cap is still filled
    /// when that many are translated.
    pub async fn featured_among(&self, ids: Option<Vec<EntityId>>) -> anyhow::Result<Vec<Service>> {
        let max = self.store.load_settings().await?.map(|settings| settings.services.max_services_display);
        if ids.as_ref().is_some_and(Vec::is_empty) {
            return Ok(Vec::new());
        }
        let filter = ServiceFilter { status: Some(ServiceStatus::Active), ids, ..ServiceFilter::default() };
        let active =
            self.store.list_services(filter, Audience::Admin.page(None, None, Audience::ADMIN_MAX_LIMIT)).await?;
        Ok(featured_services(active, usize::from(max.unwrap_or_default().get())))
    }

    /// One service by id; an inactive one is invisible to anonymous callers.
    pub async fn get(&self, audience: Audience, id: &str) -> Result<Service, LookupError> {
        records::get(&self.store, id, |service: &Service| {
            audience == Audience::Admin || service.status == ServiceStatus::Active
        })
        .await
    }

    pub async fn create(&self, input: ServiceInput) -> Result<Service, WriteError> {
        let changes = ServiceChanges::parse(input, true).map_err(WriteError::Invalid)?;
        let now = self.clock.now();
        let mut service = Service::create(self.clock.new_id(), changes, now);
        self.store.insert(&mut service).await?;
        Ok(service)
    }

    /// Changes the fields sent; the others keep their values.
    pub async fn update(&self, id: &str, input: ServiceInput) -> Result<Service, WriteError> {
        let id = records::parse_id::<Service>(id)?;
        let changes = ServiceChanges::parse(input, false).map_err(WriteError::Invalid)?;
        records::update(&self.store, id, |service: &mut Service| service.apply(changes, self.clock.now())).await
    }

    /// Deletes the service and its translations.
    pub async fn delete(&self, id: &str) -> Result<(), LookupError> {
        records::delete::<Service>(&self.store, id).await?;
        let key = records::parse_id::<Service>(id)?.to_string();
        self.store.delete_record_translations(TranslationKind::Service, &key).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::{FakeClock, InMemoryStore};
    use crate::settings::SiteSettings;
    use atelier_domain::settings::{ServiceSettingsInput, SettingsInput};

    fn input(title: &str, featured: bool, order: i64, status: &str) -> ServiceInput {
        ServiceInput {
            title: Some(title.into()),
            featured: Some(featured),
            order: Some(order),
            status: Some(status.into()),
            ..ServiceInput::default()
        }
    }

    async fn catalog_with(services: &[ServiceInput]) -> ServiceCatalog<InMemoryStore, FakeClock> {
        let catalog = ServiceCatalog::new(InMemoryStore::default(), FakeClock::default());
        for service in services {
            catalog.create(service.clone()).await.unwrap();
        }
        catalog
    }

    fn titles(services: &[Service]) -> Vec<&str> {
        services.iter().map(|service| service.title.as_str()).collect()
    }

    #[tokio::test]
    async fn anonymous_callers_never_see_inactive_services_whatever_they_ask() {
        let catalog = catalog_with(&[input("On", false, 1, "active"), input("Off", false, 2, "inactive")]).await;
        let query = ServiceQuery { status: Some(ServiceStatus::Inactive), ..ServiceQuery::default() };
        assert_eq!(titles(&catalog.list(Audience::Public, query.clone()).await.unwrap()), ["On"]);
        assert_eq!(titles(&catalog.list(Audience::Admin, query).await.unwrap()), ["Off"]);
    }

    #[tokio::test]
    async fn an_inactive_service_is_not_found_by_id_for_anonymous_callers() {
        let catalog = catalog_with(&[]).await;
        let hidden = catalog.create(input("Off", false, 1, "inactive")).await.unwrap();
        let id = hidden.id.to_string();
        assert!(matches!(catalog.get(Audience::Public, &id).await, Err(LookupError::NotFound(_))));
        assert_eq!(catalog.get(Audience::Admin, &id).await.unwrap().title, "Off");
    }

    #[tokio::test]
    async fn featured_services_follow_the_settings_cap() {
        let services: Vec<_> =
            (0..8).map(|order| input(&format!("s{order}"), order % 2 == 1, order, "active")).collect();
        let catalog = catalog_with(&services).await;
        assert_eq!(titles(&catalog.featured().await.unwrap()), ["s1", "s3", "s5", "s7", "s0", "s2"]);

        let settings = SiteSettings::new(catalog.store.clone(), FakeClock::default());
        let cap = ServiceSettingsInput { max_services_display: Some(3), ..ServiceSettingsInput::default() };
        settings.update_services(cap).await.unwrap();
        assert_eq!(titles(&catalog.featured().await.unwrap()), ["s1", "s3", "s5"]);
        // Among some services (a language hiding the untranslated ones), the cap is still filled.
        let all = catalog.list(Audience::Admin, ServiceQuery::default()).await.unwrap();
        let ids = all.iter().filter(|service| service.title != "s1" && service.title != "s3").map(|s| s.id).collect();
        assert_eq!(titles(&catalog.featured_among(Some(ids)).await.unwrap()), ["s5", "s7", "s0"]);
        assert!(catalog.featured_among(Some(Vec::new())).await.unwrap().is_empty());
        settings.update(SettingsInput::default()).await.unwrap();
        assert_eq!(catalog.featured().await.unwrap().len(), 3, "an update without the field keeps the cap");
    }

    #[tokio::test]
    async fn malformed_and_unknown_ids_are_not_found() {
        let catalog = catalog_with(&[]).await;
        for id in ["nope", "65f1c2a9b4e8d70012345678"] {
            assert!(matches!(catalog.get(Audience::Admin, id).await, Err(LookupError::NotFound(_))));
            assert!(matches!(catalog.delete(id).await, Err(LookupError::NotFound(_))));
            let update = catalog.update(id, ServiceInput::default()).await;
            assert!(matches!(update, Err(WriteError::NotFound(_))));
        }
    }

    #[tokio::test]
    async fn invalid_input_is_refused_and_nothing_is_stored() {
        let catalog = catalog_with(&[]).await;
        let result = catalog.create(ServiceInput { icon: Some("faUnicorn".into()), ..ServiceInput::default() }).await;
        let Err(WriteError::Invalid(errors)) = result else { panic!("expected a validation error") };
        assert!(errors.get("title").is_some() && errors.get("icon").is_some());
        assert!(catalog.list(Audience::Admin, ServiceQuery::default()).await.unwrap().is_empty());
    }

    #[tokio::test]
    async fn an_invalid_update_leaves_the_stored_service_unchanged() {
        let catalog = catalog_with(&[]).await;
        let service = catalog.create(input("Web", false, 1, "active")).await.unwrap();
        let id = service.id.to_string();
        let bad = ServiceInput { title: Some("Web apps".into()), order: Some(-1), ..ServiceInput::default() };
        assert!(matches!(catalog.update(&id, bad).await, Err(WriteError::Invalid(_))));
        assert_eq!(catalog.get(Audience::Admin, &id).await.unwrap(), service);
    }

    #[tokio::test]
    async fn updates_and_deletes_reach_the_store() {
        let catalog = catalog_with(&[]).await;
        let id = catalog.create(input("Web", false, 1, "active")).await.unwrap().id.to_string();
        let rename = ServiceInput { title: Some("Web apps".into()), ..ServiceInput::default() };
        catalog.update(&id, rename).await.unwrap();
        assert_eq!(catalog.get(Audience::Public, &id).await.unwrap().title, "Web apps");
        catalog.delete(&id).await.unwrap();
        assert!(matches!(catalog.get(Audience::Admin, &id).await, Err(LookupError::NotFound(_))));
    }

    #[tokio::test]
    async fn an_update_is_held_to_the_version_its_request_started_from() {
        use crate::audit::{self, Actor, AuditContext};
        let catalog = catalog_with(&[]).await;
        let service = catalog.create(input("Web", false, 1, "active")).await.unwrap();
        assert_eq!(service.meta.version, 1);
        let id = service.id.to_string();
        let ada = Actor { id: service.id, name: "Ada".into(), email: "ada@example.com".into() };
        let request = |version| AuditContext {
            actor: Some(ada.clone()),
            request_id: "req".into(),
            client_address: None,
            operation: "PUT /services/{id}".into(),
            action: "update".into(),
            entity_kind: "services".into(),
            entity_id: Some(id.clone()),
            fields: vec!["title".into()],
            version: Some(version),
        };
        let rename = |title: &str| ServiceInput { title: Some(title.into()), ..ServiceInput::default() };
        let updated = audit::scope(request(1), catalog.update(&id, rename("Web apps"))).await.unwrap();
        assert_eq!(updated.meta.version, 2);
        assert_eq!(updated.meta.updated_by.map(|editor| editor.name), Some("Ada".into()));
        let stale = audit::scope(request(1), catalog.update(&id, rename("Mine"))).await;
        assert!(matches!(&stale, Err(WriteError::Unexpected(error)) if records::is_stale(error)), "{stale:?}");
        let stored = catalog.get(Audience::Admin, &id).await.unwrap();
        assert_eq!((stored.title.as_str(), stored.meta.version), ("Web apps", 2));
        // Outside a request (a job, the demo seeding) an update needs no version.
        assert_eq!(catalog.update(&id, rename("Again")).await.unwrap().meta.version, 3);
    }

    #[tokio::test]
    async fn lists_are_paged() {
        let services: Vec<_> = (0..5).map(|order| input(&format!("s{order}"), false, order, "active")).collect();
        let catalog = catalog_with(&services).await;
        let query = ServiceQuery { page: Some(2), limit: Some(2), ..ServiceQuery::default() };
        assert_eq!(titles(&catalog.list(Audience::Public, query).await.unwrap()), ["s2", "s3"]);
        let past_the_end = ServiceQuery { page: Some(9), limit: Some(2), ..ServiceQuery::default() };
        assert!(catalog.list(Audience::Public, past_the_end).await.unwrap().is_empty());
    }
}
