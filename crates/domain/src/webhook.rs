//! Webhooks: endpoints an administrator registers to hear of events (a post published, a contact
//! message received…), the deliveries queued for them and each attempt to send one.
//!
//! A delivery is one message (its `webhook-id`) to one endpoint; it is tried until it is accepted
//! (a 2xx answer) or [`MAX_ATTEMPTS`] attempts failed, waiting [`RETRY_DELAYS`] between them. An
//! endpoint whose deliveries have failed for [`DISABLE_AFTER`] is switched off.

use chrono::{DateTime, Duration, Utc};

use crate::id::EntityId;
use crate::meta::RecordMeta;
use crate::patch::set;
use crate::validation::{FieldErrors, optional_text, optional_url};

pub const MAX_DESCRIPTION_LEN: usize = 500;
/// The most events one endpoint subscribes to: every event there is.
pub const MAX_EVENTS: usize = EventType::ALL.len();
/// The longest response excerpt kept of an attempt, in bytes read.
pub const EXCERPT_LIMIT: usize = 4096;
/// The version of the payload's shape, sent as its `version`.
pub const PAYLOAD_VERSION: u32 = 1;
/// What a secret starts with (the Standard Webhooks convention); the rest is the key in base64.
pub const SECRET_PREFIX: &str = "whsec_";
/// The length of a generated key, in bytes.
pub const SECRET_BYTES: usize = 24;

/// The waits before the second, third… attempt (the first is sent at once): about 27 hours in
/// all, so an endpoint down for a day still gets every message once it is back.
pub const RETRY_DELAYS: [Duration; 7] = [
    Duration::seconds(5),
    Duration::minutes(5),
    Duration::minutes(30),
    Duration::hours(2),
    Duration::hours(5),
    Duration::hours(10),
    Duration::hours(10),
];

/// Attempts before a delivery is given up on.
pub const MAX_ATTEMPTS: u32 = 8;

/// How long an endpoint's deliveries may keep failing (with no success between) before it is
/// switched off.
pub const DISABLE_AFTER: Duration = Duration::hours(24);

/// Something that happened that an endpoint may subscribe to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EventType {
    PostPublished,
    PostUpdated,
    PostUnpublished,
    PostDeleted,
    PostTranslationPublished,
    PostTranslationUpdated,
    PostTranslationUnpublished,
    PostTranslationDeleted,
    ProjectPublished,
    ProjectUpdated,
    ProjectUnpublished,
    ProjectDeleted,
    PagePublished,
    PageUpdated,
    PageUnpublished,
    PageDeleted,
    ContactReceived,
    ProjectRequestReceived,
    ProjectRequestStatusChanged,
    NewsletterConfirmed,
}

crate::word_enum!(EventType, |text| format!("{text} is not an event: events are {}", EventType::words()), {
    PostPublished => "post.published",
    PostUpdated => "post.updated",
    PostUnpublished => "post.unpublished",
    PostDeleted => "post.deleted",
    PostTranslationPublished => "post.translation.published",
    PostTranslationUpdated => "post.translation.updated",
    PostTranslationUnpublished => "post.translation.unpublished",
    PostTranslationDeleted => "post.translation.deleted",
    ProjectPublished => "project.published",
    ProjectUpdated => "project.updated",
    ProjectUnpublished => "project.unpublished",
    ProjectDeleted => "project.deleted",
    PagePublished => "page.published",
    PageUpdated => "page.updated",
    PageUnpublished => "page.unpublished",
    PageDeleted => "page.deleted",
    ContactReceived => "contact.received",
    ProjectRequestReceived => "project_request.received",
    ProjectRequestStatusChanged => "project_request.status_changed",
    NewsletterConfirmed => "newsletter.confirmed",
});

/// The type of the message "Send test event" sends: no endpoint subscribes to it.
pub const TEST_EVENT: &str = "webhook.test";

/// What a published thing's write means to its subscribers, from whether it was live before and
/// is live after (`None` before: created; `None` after: deleted).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lifecycle {
    Published,
    Updated,
    Unpublished,
    Deleted,
}

impl Lifecycle {
    /// The event a write of something public announces: `live_before`/`live_after` say whether it
    /// was and is visible to the public (`None`: it did not or does not exist).
    pub fn of(live_before: Option<bool>, live_after: Option<bool>) -> Option<Self> {
        match (live_before, live_after) {
            (Some(true), Some(true)) => Some(Self::Updated),
            (Some(true), Some(false)) => Some(Self::Unpublished),
            (Some(true), None) => Some(Self::Deleted),
            (None | Some(false), Some(true)) => Some(Self::Published),
            _ => None,
        }
    }
}

/// A registered endpoint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookEndpoint {
    pub meta: RecordMeta,
    pub id: EntityId,
    /// An absolute `http(s)` URL.
    pub url: String,
    pub description: String,
    /// The events it hears of, in [`EventType::ALL`]'s order, without repeats.
    pub events: Vec<EventType>,
    /// Whether deliveries are queued and sent for it.
    pub active: bool,
    /// Its signing secret (`whsec_…`), sealed by the server's key.
    pub sealed_secret: Vec<u8>,
    /// Since when its deliveries have been failing with no success between; `None` while healthy.
    pub failing_since: Option<DateTime<Utc>>,
    /// When it was switched off for failing too long; `None` unless it was (cleared when it is
    /// switched back on).
    pub disabled_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The fields of an endpoint as a client sent them. `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WebhookInput {
    pub url: Option<String>,
    pub description: Option<String>,
    pub events: Option<Vec<String>>,
    pub active: Option<bool>,
}

/// Validated changes to an endpoint.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WebhookChanges {
    url: Option<String>,
    description: Option<String>,
    events: Option<Vec<EventType>>,
    active: Option<bool>,
}

/// An endpoint's address: an absolute `http(s)` URL without credentials in it.
///
/// # Errors
/// The message to show under the field.
pub fn endpoint_url(value: Option<&str>) -> Result<String, String> {
    let url = optional_url(value, "URL")?;
    if url.is_empty() {
        return Err("URL is required".to_owned());
    }
    let authority = url.split("://").nth(1).and_then(|rest| rest.split(['/', '?', '#']).next()).unwrap_or_default();
    if authority.contains('@') {
        return Err("URL must not contain a user name or password".to_owned());
    }
    Ok(url)
}

impl WebhookChanges {
    /// Checks every sent field; on creation the URL and at least one event are required.
    ///
    /// # Errors
    /// Every field's message.
    pub fn parse(input: WebhookInput, creating: bool) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let url = match (input.url.as_deref(), creating) {
            (None, false) => None,
            (url, _) => errors.check("url", endpoint_url(url)),
        };
        let description = input.description.and_then(|text| {
            errors.check("description", optional_text(Some(&text), "Description", MAX_DESCRIPTION_LEN))
        });
        let events = match (input.events, creating) {
            (None, false) => None,
            (events, _) => errors.check("events", parse_events(&events.unwrap_or_default())),
        };
        errors.finish(|| Self { url, description, events, active: input.active })
    }
}

fn parse_events(words: &[String]) -> Result<Vec<EventType>, String> {
    let mut events = words.iter().map(|word| EventType::parse(word)).collect::<Result<Vec<_>, _>>()?;
    if events.is_empty() {
        return Err("Choose at least one event".to_owned());
    }
    events.sort_unstable();
    events.dedup();
    Ok(events)
}

impl WebhookEndpoint {
    /// A new endpoint with its sealed secret; active unless sent otherwise.
    pub fn create(id: EntityId, changes: WebhookChanges, sealed_secret: Vec<u8>, now: DateTime<Utc>) -> Self {
        let mut endpoint = Self {
            meta: RecordMeta::default(),
            id,
            url: String::new(),
            description: String::new(),
            events: Vec::new(),
            active: true,
            sealed_secret,
            failing_since: None,
            disabled_at: None,
            created_at: now,
            updated_at: now,
        };
        endpoint.apply(changes, now);
        endpoint
    }

    /// Applies the fields that were sent and stamps the update time. Switching an endpoint on
    /// forgets that it was switched off for failing, and its failures so far.
    pub fn apply(&mut self, changes: WebhookChanges, now: DateTime<Utc>) {
        let WebhookChanges { url, description, events, active } = changes;
        if active == Some(true) && !self.active {
            self.disabled_at = None;
            self.failing_since = None;
        }
        set(&mut self.url, url);
        set(&mut self.description, description);
        set(&mut self.events, events);
        set(&mut self.active, active);
        self.updated_at = now;
    }

    /// Whether it hears of `event`.
    pub fn subscribes_to(&self, event: EventType) -> bool {
        self.active && self.events.contains(&event)
    }

    /// Notes an attempt's outcome: a success makes it healthy again; a failure starts (or
    /// continues) its failing period, and one that has lasted [`DISABLE_AFTER`] switches it off.
    /// Whether it was switched off by this attempt.
    pub fn note_attempt(&mut self, succeeded: bool, at: DateTime<Utc>) -> bool {
        if succeeded {
            self.failing_since = None;
            return false;
        }
        let since = *self.failing_since.get_or_insert(at);
        if self.active && at - since >= DISABLE_AFTER {
            self.active = false;
            self.disabled_at = Some(at);
            return true;
        }
        false
    }
}

/// A new signing secret: `whsec_` and [`SECRET_BYTES`] random bytes in base64.
pub fn new_secret() -> String {
    use base64::Engine;
    let mut key = [0_u8; SECRET_BYTES];
    getrandom::fill(&mut key).expect("the operating system's random source is available");
    format!("{SECRET_PREFIX}{}", base64::engine::general_purpose::STANDARD.encode(key))
}

/// The key a secret stands for: the base64 after `whsec_` (a secret without the prefix is taken
/// whole, as the specification allows); `None` when it is not base64.
pub fn secret_key(secret: &str) -> Option<Vec<u8>> {
    use base64::Engine;
    let encoded = secret.strip_prefix(SECRET_PREFIX).unwrap_or(secret);
    base64::engine::general_purpose::STANDARD.decode(encoded).ok().filter(|key| !key.is_empty())
}

/// Where a delivery stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DeliveryStatus {
    /// Waiting for its (next) attempt.
    #[default]
    Pending,
    /// Accepted by the endpoint.
    Delivered,
    /// Given up on after [`MAX_ATTEMPTS`] failed attempts.
    Failed,
}

crate::word_enum!(DeliveryStatus, |text| format!("{text} is not a delivery status"), {
    Pending => "pending",
    Delivered => "delivered",
    Failed => "failed",
});

/// One message queued for one endpoint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookDelivery {
    /// Also the message's `webhook-id`: the same on every attempt, so a receiver can drop repeats.
    pub id: EntityId,
    pub endpoint_id: EntityId,
    /// `post.published`…, or [`TEST_EVENT`].
    pub event_type: String,
    /// The record the event is about (its id, or a page's type), for withdrawing a scheduled one.
    pub subject: String,
    /// The JSON body, exactly as it is signed and sent.
    pub payload: String,
    pub status: DeliveryStatus,
    pub attempts: u32,
    pub next_attempt_at: DateTime<Utc>,
    /// The last attempt's HTTP status, if it got an answer.
    pub last_status: Option<u16>,
    pub created_at: DateTime<Utc>,
    pub delivered_at: Option<DateTime<Utc>>,
}

/// What one attempt gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttemptResult {
    /// The HTTP status of the answer, if one came.
    pub status: Option<u16>,
    /// The start of the answer's body (at most [`EXCERPT_LIMIT`] bytes, as text).
    pub excerpt: String,
    /// Why it failed without an answer (refused address, time-out, connection error), or why the
    /// answer is a failure (a redirect).
    pub error: Option<String>,
    /// How long it took, in milliseconds.
    pub duration_ms: u64,
}

impl AttemptResult {
    /// An attempt succeeds when the endpoint answers 2xx.
    pub fn succeeded(&self) -> bool {
        self.error.is_none() && self.status.is_some_and(|status| (200..300).contains(&status))
    }
}

/// One recorded attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryAttempt {
    pub id: EntityId,
    pub delivery_id: EntityId,
    pub attempted_at: DateTime<Utc>,
    pub status: Option<u16>,
    pub excerpt: String,
    pub error: Option<String>,
    pub duration_ms: u64,
}

impl WebhookDelivery {
    /// A message for `endpoint_id`, due at `due`.
    pub fn queued(
        id: EntityId,
        endpoint_id: EntityId,
        event_type: &str,
        subject: &str,
        payload: String,
        due: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Self {
        Self {
            id,
            endpoint_id,
            event_type: event_type.to_owned(),
            subject: subject.to_owned(),
            payload,
            status: DeliveryStatus::Pending,
            attempts: 0,
            next_attempt_at: due,
            last_status: None,
            created_at: now,
            delivered_at: None,
        }
    }

    /// Records an attempt: delivered on success; else the next one after the schedule's delay, or
    /// failed after the last.
    pub fn record_attempt(
        &mut self,
        attempt_id: EntityId,
        result: AttemptResult,
        at: DateTime<Utc>,
    ) -> DeliveryAttempt {
        self.attempts += 1;
        self.last_status = result.status;
        if result.succeeded() {
            self.status = DeliveryStatus::Delivered;
            self.delivered_at = Some(at);
        } else if let Some(delay) = retry_delay(self.attempts) {
            self.status = DeliveryStatus::Pending;
            self.next_attempt_at = at + delay;
        } else {
            self.status = DeliveryStatus::Failed;
        }
        DeliveryAttempt {
            id: attempt_id,
            delivery_id: self.id,
            attempted_at: at,
            status: result.status,
            excerpt: result.excerpt,
            error: result.error,
            duration_ms: result.duration_ms,
        }
    }

    /// Sends it again now, with a fresh round of attempts (its id, so its `webhook-id`, stays).
    pub fn redeliver(&mut self, now: DateTime<Utc>) {
        self.status = DeliveryStatus::Pending;
        self.attempts = 0;
        self.next_attempt_at = now;
    }
}

/// The wait after `failed` failed attempts, or `None` when that was the last one.
pub fn retry_delay(failed: u32) -> Option<Duration> {
    if failed >= MAX_ATTEMPTS {
        return None;
    }
    usize::try_from(failed)
        .ok()
        .and_then(|failed| failed.checked_sub(1))
        .and_then(|index| RETRY_DELAYS.get(index))
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 1, 9, 0, 0).unwrap()
    }

    fn input(url: &str, events: &[&str]) -> WebhookInput {
        WebhookInput {
            url: Some(url.into()),
            description: None,
            events: Some(events.iter().map(|event| (*event).to_owned()).collect()),
            active: None,
        }
    }

    #[test]
    fn events_round_trip_their_names() {
        for event in EventType::ALL {
            assert_eq!(EventType::parse(event.as_str()), Ok(event));
        }
        assert_eq!(EventType::ContactReceived.as_str(), "contact.received");
        assert_eq!(EventType::ProjectRequestStatusChanged.as_str(), "project_request.status_changed");
        assert_eq!(EventType::NewsletterConfirmed.as_str(), "newsletter.confirmed");
    }

    #[test]
    fn an_endpoint_needs_an_http_url_without_credentials_and_known_events() {
        let created =
            WebhookChanges::parse(input(" https://hooks.example/in ", &["post.published", "post.published"]), true)
                .unwrap();
        let endpoint = WebhookEndpoint::create(EntityId::generate(t0()), created, vec![1], t0());
        assert_eq!(endpoint.url, "https://hooks.example/in");
        assert_eq!(endpoint.events, [EventType::PostPublished]);
        assert!(endpoint.active);

        for (url, field) in [
            ("ftp://hooks.example", "url"),
            ("", "url"),
            ("https://user:pw@hooks.example/", "url"),
            ("https://hooks.example/x y", "url"),
        ] {
            let errors = WebhookChanges::parse(input(url, &["post.published"]), true).unwrap_err();
            assert!(errors.get(field).is_some(), "{url}");
        }
        let errors = WebhookChanges::parse(input("https://hooks.example", &[]), true).unwrap_err();
        assert_eq!(errors.get("events"), Some("Choose at least one event"));
        let errors = WebhookChanges::parse(input("https://hooks.example", &["post.exploded"]), true).unwrap_err();
        assert!(errors.get("events").unwrap().starts_with("post.exploded is not an event"));
        assert!(WebhookChanges::parse(WebhookInput::default(), false).is_ok());
    }

    #[test]
    fn lifecycles_follow_visibility() {
        assert_eq!(Lifecycle::of(None, Some(true)), Some(Lifecycle::Published));
        assert_eq!(Lifecycle::of(Some(false), Some(true)), Some(Lifecycle::Published));
        assert_eq!(Lifecycle::of(Some(true), Some(true)), Some(Lifecycle::Updated));
        assert_eq!(Lifecycle::of(Some(true), Some(false)), Some(Lifecycle::Unpublished));
        assert_eq!(Lifecycle::of(Some(true), None), Some(Lifecycle::Deleted));
        assert_eq!(Lifecycle::of(None, Some(false)), None, "a draft is nobody's business");
        assert_eq!(Lifecycle::of(Some(false), None), None);
        assert_eq!(Lifecycle::of(Some(false), Some(false)), None);
    }

    #[test]
    fn failed_attempts_wait_longer_each_time_then_give_up() {
        let mut delivery = WebhookDelivery::queued(
            EntityId::generate(t0()),
            EntityId::generate(t0()),
            "post.published",
            "x",
            "{}".into(),
            t0(),
            t0(),
        );
        let failure = AttemptResult { status: Some(500), excerpt: "oops".into(), error: None, duration_ms: 3 };
        let mut at = t0();
        let mut waits = Vec::new();
        for _ in 0..MAX_ATTEMPTS {
            delivery.record_attempt(EntityId::generate(at), failure.clone(), at);
            if delivery.status == DeliveryStatus::Pending {
                waits.push(delivery.next_attempt_at - at);
                at = delivery.next_attempt_at;
            }
        }
        assert_eq!(waits, RETRY_DELAYS);
        assert!(waits.windows(2).all(|pair| pair[0] <= pair[1]), "growing delays");
        assert_eq!((delivery.status, delivery.attempts), (DeliveryStatus::Failed, MAX_ATTEMPTS));
        delivery.redeliver(at);
        assert_eq!((delivery.status, delivery.attempts, delivery.next_attempt_at), (DeliveryStatus::Pending, 0, at));
        let ok = AttemptResult { status: Some(204), excerpt: String::new(), error: None, duration_ms: 1 };
        let attempt = delivery.record_attempt(EntityId::generate(at), ok, at);
        assert_eq!(
            (delivery.status, delivery.delivered_at, attempt.status),
            (DeliveryStatus::Delivered, Some(at), Some(204))
        );
    }

    #[test]
    fn secrets_are_prefixed_base64_keys_of_24_bytes() {
        let secret = new_secret();
        assert!(secret.starts_with("whsec_"));
        assert_eq!(secret_key(&secret).map(|key| key.len()), Some(SECRET_BYTES));
        assert_ne!(secret, new_secret());
        assert_eq!(secret_key("whsec_not base64!"), None);
        assert_eq!(secret_key("whsec_"), None);
    }

    #[test]
    fn only_2xx_without_error_succeeds() {
        let result = |status, error: Option<&str>| AttemptResult {
            status,
            excerpt: String::new(),
            error: error.map(str::to_owned),
            duration_ms: 0,
        };
        assert!(result(Some(200), None).succeeded());
        assert!(result(Some(299), None).succeeded());
        assert!(!result(Some(301), Some("redirects are not followed")).succeeded());
        assert!(!result(Some(404), None).succeeded());
        assert!(!result(None, Some("timed out")).succeeded());
    }

    #[test]
    fn an_endpoint_failing_for_a_day_is_switched_off_and_a_success_heals_it() {
        let changes = WebhookChanges::parse(input("https://hooks.example", &["contact.received"]), true).unwrap();
        let mut endpoint = WebhookEndpoint::create(EntityId::generate(t0()), changes, vec![1], t0());
        assert!(!endpoint.note_attempt(false, t0()));
        assert!(!endpoint.note_attempt(false, t0() + Duration::hours(23)));
        assert!(!endpoint.note_attempt(true, t0() + Duration::hours(23)));
        assert_eq!(endpoint.failing_since, None);
        assert!(!endpoint.note_attempt(false, t0() + Duration::hours(24)));
        assert!(endpoint.note_attempt(false, t0() + Duration::hours(48)));
        assert!(!endpoint.active);
        assert!(!endpoint.subscribes_to(EventType::ContactReceived));
        assert_eq!(endpoint.disabled_at, Some(t0() + Duration::hours(48)));
        let on = WebhookChanges::parse(WebhookInput { active: Some(true), ..WebhookInput::default() }, false).unwrap();
        endpoint.apply(on, t0() + Duration::hours(50));
        assert_eq!((endpoint.active, endpoint.disabled_at, endpoint.failing_since), (true, None, None));
    }
}
