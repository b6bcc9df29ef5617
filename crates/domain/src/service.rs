//! Services: what the agency offers, shown as cards on the home page and the services page.

use crate::meta::RecordMeta;
use chrono::{DateTime, Utc};

use crate::id::EntityId;
use crate::patch::set;
use crate::validation::{FieldErrors, optional_text, required_text};

pub const MAX_TITLE_LEN: usize = 200;
pub const MAX_SHORT_DESCRIPTION_LEN: usize = 500;
pub const MAX_DESCRIPTION_LEN: usize = 20_000;
pub const MAX_FEATURES: usize = 20;
pub const MAX_FEATURE_LEN: usize = 300;
pub const MAX_PRICE_DISPLAY_LEN: usize = 100;
/// The largest display order accepted; keeps orders well inside every database's integer.
pub const MAX_ORDER: i64 = 1_000_000;
/// The largest price accepted.
pub const MAX_PRICE: f64 = 1_000_000_000.0;

/// Whether a service is shown on the public site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ServiceStatus {
    #[default]
    Active,
    Inactive,
}

crate::word_enum!(ServiceStatus, |_| "Status must be active or inactive".to_owned(), {
    Active => "active",
    Inactive => "inactive",
});

/// The icon shown on a service card: one of the Font Awesome names the back office offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ServiceIcon {
    MobileAlt,
    LaptopCode,
    Palette,
    Search,
    Code,
    Plug,
    #[default]
    Database,
    Cloud,
    Shield,
    Rocket,
}

crate::word_enum!(ServiceIcon, |_| format!("Icon must be one of {}", ServiceIcon::words()), {
    MobileAlt => "faMobileAlt",
    LaptopCode => "faLaptopCode",
    Palette => "faPalette",
    Search => "faSearch",
    Code => "faCode",
    Plug => "faPlug",
    Database => "faDatabase",
    Cloud => "faCloud",
    Shield => "faShield",
    Rocket => "faRocket",
});

/// A stored service.
#[derive(Debug, Clone, PartialEq)]
pub struct Service {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    pub id: EntityId,
    pub title: String,
    /// Markdown.
    pub description: String,
    /// Markdown; the card falls back to `description` when empty.
    pub short_description: String,
    pub icon: ServiceIcon,
    /// Markdown strings, trimmed, none empty.
    pub features: Vec<String>,
    pub price: Option<f64>,
    pub price_display: String,
    pub show_price: bool,
    pub status: ServiceStatus,
    pub featured: bool,
    pub order: u32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The fields of a service as a client sent them, before any check. `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ServiceInput {
    pub title: Option<String>,
    pub description: Option<String>,
    pub short_description: Option<String>,
    pub icon: Option<String>,
    pub features: Option<Vec<String>>,
    /// `Some(None)` clears the price.
    pub price: Option<Option<f64>>,
    pub price_display: Option<String>,
    pub show_price: Option<bool>,
    pub status: Option<String>,
    pub featured: Option<bool>,
    pub order: Option<i64>,
}

/// Validated changes to a service: every field that was sent, parsed. Fields not sent stay as they are
/// on update and take their defaults on creation.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ServiceChanges {
    title: Option<String>,
    description: Option<String>,
    short_description: Option<String>,
    icon: Option<ServiceIcon>,
    features: Option<Vec<String>>,
    price: Option<Option<f64>>,
    price_display: Option<String>,
    show_price: Option<bool>,
    status: Option<ServiceStatus>,
    featured: Option<bool>,
    order: Option<u32>,
}

impl ServiceChanges {
    /// Checks every sent field; on creation the title is required.
    pub fn parse(input: ServiceInput, creating: bool) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let title = match (input.title.as_deref(), creating) {
            (None, false) => None,
            (title, _) => errors.check("title", required_text(title, "Title", MAX_TITLE_LEN)),
        };
        let description = input.description.and_then(|text| {
            errors.check("description", optional_text(Some(&text), "Description", MAX_DESCRIPTION_LEN))
        });
        let short_description = input.short_description.and_then(|text| {
            errors.check("shortDescription", optional_text(Some(&text), "Short description", MAX_SHORT_DESCRIPTION_LEN))
        });
        let icon = input.icon.and_then(|icon| errors.check("icon", ServiceIcon::parse(&icon)));
        let features = input.features.and_then(|features| errors.check("features", parse_features(&features)));
        let price = input.price.and_then(|price| errors.check("price", parse_price(price)));
        let price_display = input.price_display.and_then(|text| {
            errors.check("priceDisplay", optional_text(Some(&text), "Price display", MAX_PRICE_DISPLAY_LEN))
        });
        let status = input.status.and_then(|status| errors.check("status", ServiceStatus::parse(&status)));
        let order = input.order.and_then(|order| errors.check("order", parse_order(order)));
        errors.finish(|| Self {
            title,
            description,
            short_description,
            icon,
            features,
            price,
            price_display,
            show_price: input.show_price,
            status,
            featured: input.featured,
            order,
        })
    }
}

fn parse_features(features: &[String]) -> Result<Vec<String>, String> {
    if features.len() > MAX_FEATURES {
        return Err(format!("At most {MAX_FEATURES} features are allowed"));
    }
    if features.iter().any(|feature| feature.chars().count() > MAX_FEATURE_LEN) {
        return Err(format!("Each feature must be at most {MAX_FEATURE_LEN} characters"));
    }
    Ok(features.iter().map(|feature| feature.trim()).filter(|feature| !feature.is_empty()).map(str::to_owned).collect())
}

fn parse_price(price: Option<f64>) -> Result<Option<f64>, String> {
    match price {
        Some(price) if !price.is_finite() || !(0.0..=MAX_PRICE).contains(&price) => {
            Err(format!("Price must be between 0 and {MAX_PRICE}"))
        }
        price => Ok(price),
    }
}

fn parse_order(order: i64) -> Result<u32, String> {
    u32::try_from(order)
        .ok()
        .filter(|order| i64::from(*order) <= MAX_ORDER)
        .ok_or_else(|| format!("Order must be a whole number from 0 to {MAX_ORDER}"))
}

impl Service {
    /// A new service from validated changes; the title was required by [`ServiceChanges::parse`].
    pub fn create(id: EntityId, changes: ServiceChanges, now: DateTime<Utc>) -> Self {
        let mut service = Self {
            meta: RecordMeta::default(),
            id,
            title: String::new(),
            description: String::new(),
            short_description: String::new(),
            icon: ServiceIcon::default(),
            features: Vec::new(),
            price: None,
            price_display: String::new(),
            show_price: true,
            status: ServiceStatus::default(),
            featured: false,
            order: 0,
            created_at: now,
            updated_at: now,
        };
        service.apply(changes, now);
        service
    }

    /// Applies the fields that were sent and stamps the update time.
    pub fn apply(&mut self, changes: ServiceChanges, now: DateTime<Utc>) {
        let ServiceChanges {
            title,
            description,
            short_description,
            icon,
            features,
            price,
            price_display,
            show_price,
            status,
            featured,
            order,
        } = changes;
        set(&mut self.title, title);
        set(&mut self.description, description);
        set(&mut self.short_description, short_description);
        set(&mut self.icon, icon);
        set(&mut self.features, features);
        set(&mut self.price, price);
        set(&mut self.price_display, price_display);
        set(&mut self.show_price, show_price);
        set(&mut self.status, status);
        set(&mut self.featured, featured);
        set(&mut self.order, order);
        self.updated_at = now;
    }
}

/// The services the home page features: active ones, featured first, then by display order (ties
/// broken by age), at most `max`.
pub fn featured_services(mut services: Vec<Service>, max: usize) -> Vec<Service> {
    services.retain(|service| service.status == ServiceStatus::Active);
    services
        .sort_by(|a, b| b.featured.cmp(&a.featured).then(a.order.cmp(&b.order)).then(a.created_at.cmp(&b.created_at)));
    services.truncate(max);
    services
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap()
    }

    fn service(title: &str, status: ServiceStatus, featured: bool, order: u32) -> Service {
        let input = ServiceInput { title: Some(title.into()), ..ServiceInput::default() };
        let mut service =
            Service::create(EntityId::generate(now()), ServiceChanges::parse(input, true).unwrap(), now());
        service.status = status;
        service.featured = featured;
        service.order = order;
        service
    }

    fn titles(services: &[Service]) -> Vec<&str> {
        services.iter().map(|service| service.title.as_str()).collect()
    }

    #[test]
    fn featured_services_are_active_ones_featured_first_then_by_order() {
        let services = vec![
            service("plain-1", ServiceStatus::Active, false, 1),
            service("featured-3", ServiceStatus::Active, true, 3),
            service("hidden", ServiceStatus::Inactive, true, 0),
            service("featured-2", ServiceStatus::Active, true, 2),
            service("plain-0", ServiceStatus::Active, false, 0),
        ];
        assert_eq!(titles(&featured_services(services, 6)), ["featured-2", "featured-3", "plain-0", "plain-1"]);
    }

    #[test]
    fn featured_services_are_capped() {
        let services =
            (0..10).map(|order| service(&format!("s{order}"), ServiceStatus::Active, false, order)).collect();
        assert_eq!(titles(&featured_services(services, 6)), ["s0", "s1", "s2", "s3", "s4", "s5"]);
    }

    #[test]
    fn equal_orders_keep_the_older_service_first() {
        let mut older = service("older", ServiceStatus::Active, false, 1);
        older.created_at = now() - Duration::days(1);
        let newer = service("newer", ServiceStatus::Active, false, 1);
        assert_eq!(titles(&featured_services(vec![newer, older], 6)), ["older", "newer"]);
    }

    #[test]
    fn a_new_service_takes_the_documented_defaults() {
        let created = service("Web", ServiceStatus::Active, false, 0);
        assert_eq!(created.icon, ServiceIcon::Database);
        assert!(created.show_price);
        assert_eq!(created.status, ServiceStatus::Active);
        assert_eq!(created.order, 0);
        assert!(created.features.is_empty());
    }

    #[test]
    fn creating_requires_a_title_but_updating_does_not() {
        let errors = ServiceChanges::parse(ServiceInput::default(), true).unwrap_err();
        assert_eq!(errors.get("title"), Some("Title is required"));
        assert!(ServiceChanges::parse(ServiceInput::default(), false).is_ok());
        let blank = ServiceInput { title: Some("  ".into()), ..ServiceInput::default() };
        assert!(ServiceChanges::parse(blank, false).is_err());
    }

    #[test]
    fn every_invalid_field_is_reported_at_once() {
        let input = ServiceInput {
            title: Some("x".repeat(201)),
            icon: Some("faUnicorn".into()),
            status: Some("published".into()),
            order: Some(-1),
            price: Some(Some(-5.0)),
            features: Some(vec!["f".into(); 21]),
            ..ServiceInput::default()
        };
        let errors = ServiceChanges::parse(input, true).unwrap_err();
        for field in ["title", "icon", "status", "order", "price", "features"] {
            assert!(errors.get(field).is_some(), "{field} should fail");
        }
    }

    #[test]
    fn features_are_trimmed_and_blank_ones_dropped() {
        let input = ServiceInput {
            title: Some("Web".into()),
            features: Some(vec!["  Fast ".into(), "   ".into(), "Secure".into()]),
            ..ServiceInput::default()
        };
        let service = Service::create(EntityId::generate(now()), ServiceChanges::parse(input, true).unwrap(), now());
        assert_eq!(service.features, ["Fast", "Secure"]);
    }

    #[test]
    fn an_update_changes_only_the_fields_sent() {
        let mut existing = service("Web", ServiceStatus::Active, true, 4);
        existing.description = "Keep me".into();
        let input = ServiceInput { title: Some("Web apps".into()), ..ServiceInput::default() };
        let later = now() + Duration::hours(1);
        existing.apply(ServiceChanges::parse(input, false).unwrap(), later);
        assert_eq!(existing.title, "Web apps");
        assert_eq!(existing.description, "Keep me");
        assert!(existing.featured);
        assert_eq!(existing.order, 4);
        assert_eq!(existing.updated_at, later);
        assert_eq!(existing.created_at, now());
    }

    #[test]
    fn a_price_can_be_cleared() {
        let mut existing = service("Web", ServiceStatus::Active, false, 0);
        existing.price = Some(100.0);
        let input = ServiceInput { price: Some(None), ..ServiceInput::default() };
        existing.apply(ServiceChanges::parse(input, false).unwrap(), now());
        assert_eq!(existing.price, None);
    }

    #[test]
    fn icons_and_statuses_round_trip_their_names() {
        for icon in ServiceIcon::ALL {
            assert_eq!(ServiceIcon::parse(icon.as_str()), Ok(icon));
        }
        for status in ServiceStatus::ALL {
            assert_eq!(ServiceStatus::parse(status.as_str()), Ok(status));
        }
    }
}
