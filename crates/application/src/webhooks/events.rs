//! The events a write announces, decided from the record before and after it: the store calls
//! [`Announces::announcements`] inside the write's own transaction and queues a delivery per
//! subscribed endpoint there, so an event is queued exactly when its change commits.
//!
//! Posts and projects are public while published and due ([`Post::is_live`]); one published for a
//! later time announces `…published` due at that time (the worker sends it then), and any later
//! write of it withdraws that announcement before deciding again.

use atelier_domain::category::Category;
use atelier_domain::contact::ContactMessage;
use atelier_domain::content::{ContentPage, PageStatus};
use atelier_domain::faq::Faq;
use atelier_domain::media::MediaItem;
use atelier_domain::portfolio::{Project, ProjectStatus};
use atelier_domain::post::{Post, PostStatus};
use atelier_domain::project_request::ProjectRequest;
use atelier_domain::redirect::Redirect;
use atelier_domain::service::Service;
use atelier_domain::subscriber::{Subscriber, SubscriberStatus};
use atelier_domain::tag::Tag;
use atelier_domain::team::TeamMember;
use atelier_domain::technology::Technology;
use atelier_domain::testimonial::Testimonial;
use atelier_domain::webhook::{EventType, Lifecycle, PAYLOAD_VERSION, WebhookEndpoint};
use chrono::{DateTime, SecondsFormat, Utc};
use serde_json::{Value, json};

/// What a write asks of the webhook queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Announcement {
    /// Queue `payload` for every active endpoint subscribed to `event`, due at `due`.
    Event { event: EventType, subject: String, payload: String, due: DateTime<Utc> },
    /// Drop the deliveries of `event` about `subject` still waiting for a later time (a scheduled
    /// publication the write changed or cancelled).
    Withdraw { event: EventType, subject: String },
}

/// The events a write of a kind of record announces. Most kinds announce none.
pub trait Announces: Sized {
    /// Whether this kind announces anything at all (the store then reads the record before each
    /// update to compare).
    const ANNOUNCES: bool = false;

    /// The announcements of a write that turned `before` into `after` at `now` (`None` before: a
    /// creation; `None` after: a deletion).
    fn announcements(_before: Option<&Self>, _after: Option<&Self>, _now: DateTime<Utc>) -> Vec<Announcement> {
        Vec::new()
    }
}

/// The JSON body of an event: `{"type", "version", "timestamp", "data"}`.
pub fn payload(event: &str, at: DateTime<Utc>, data: &Value) -> String {
    json!({
        "type": event,
        "version": PAYLOAD_VERSION,
        "timestamp": at.to_rfc3339_opts(SecondsFormat::Millis, true),
        "data": data,
    })
    .to_string()
}

pub(super) fn event(event: EventType, subject: impl Into<String>, data: &Value, due: DateTime<Utc>) -> Announcement {
    Announcement::Event { event, subject: subject.into(), payload: payload(event.as_str(), due, data), due }
}

pub(super) fn time(at: Option<DateTime<Utc>>) -> Value {
    at.map_or(Value::Null, |at| Value::String(at.to_rfc3339_opts(SecondsFormat::Millis, true)))
}

/// The events of something published on a schedule: `events` are its published, updated,
/// unpublished and deleted events.
pub(super) fn scheduled<T>(
    before: Option<&T>,
    after: Option<&T>,
    now: DateTime<Utc>,
    events: [EventType; 4],
    facts: impl Fn(&T) -> (String, bool, Option<DateTime<Utc>>, Value),
) -> Vec<Announcement> {
    let [published, updated, unpublished, deleted] = events;
    let before = before.map(&facts);
    let after = after.map(&facts);
    let live = |(_, published, at, _): &(String, bool, Option<DateTime<Utc>>, Value)| {
        *published && at.is_none_or(|at| at <= now)
    };
    let waiting = |(_, published, at, _): &(String, bool, Option<DateTime<Utc>>, Value)| {
        *published && at.is_some_and(|at| at > now)
    };
    let mut announcements = Vec::new();
    if let Some(before) = before.as_ref().filter(|before| waiting(before)) {
        announcements.push(Announcement::Withdraw { event: published, subject: before.0.clone() });
    }
    let lifecycle = Lifecycle::of(before.as_ref().map(live), after.as_ref().map(live));
    let current = after.as_ref().or(before.as_ref());
    if let (Some(lifecycle), Some((subject, _, _, data))) = (lifecycle, current) {
        let event_type = match lifecycle {
            Lifecycle::Published => published,
            Lifecycle::Updated => updated,
            Lifecycle::Unpublished => unpublished,
            Lifecycle::Deleted => deleted,
        };
        announcements.push(event(event_type, subject.clone(), data, now));
    }
    if let Some((subject, _, Some(at), data)) = after.as_ref().filter(|after| waiting(after)) {
        announcements.push(event(published, subject.clone(), data, *at));
    }
    announcements
}

impl Announces for Post {
    const ANNOUNCES: bool = true;

    fn announcements(before: Option<&Self>, after: Option<&Self>, now: DateTime<Utc>) -> Vec<Announcement> {
        let events =
            [EventType::PostPublished, EventType::PostUpdated, EventType::PostUnpublished, EventType::PostDeleted];
        scheduled(before, after, now, events, |post| {
            let data = json!({
                "id": post.id.to_string(),
                "slug": post.slug.as_str(),
                "title": post.title,
                "excerpt": post.excerpt,
                "authorName": post.author_name,
                "status": post.status.as_str(),
                "publishAt": time(post.publish_at),
                "updatedAt": time(Some(post.updated_at)),
            });
            (post.id.to_string(), post.status == PostStatus::Published, post.publish_at, data)
        })
    }
}

impl Announces for Project {
    const ANNOUNCES: bool = true;

    fn announcements(before: Option<&Self>, after: Option<&Self>, now: DateTime<Utc>) -> Vec<Announcement> {
        let events = [
            EventType::ProjectPublished,
            EventType::ProjectUpdated,
            EventType::ProjectUnpublished,
            EventType::ProjectDeleted,
        ];
        scheduled(before, after, now, events, |project| {
            let data = json!({
                "id": project.id.to_string(),
                "slug": project.slug.as_str(),
                "title": project.title,
                "client": project.client,
                "shortDescription": project.short_description,
                "status": project.status.as_str(),
                "publishAt": time(project.publish_at),
                "updatedAt": time(Some(project.updated_at)),
            });
            (project.id.to_string(), project.status == ProjectStatus::Published, project.publish_at, data)
        })
    }
}

impl Announces for ContentPage {
    const ANNOUNCES: bool = true;

    fn announcements(before: Option<&Self>, after: Option<&Self>, now: DateTime<Utc>) -> Vec<Announcement> {
        let events =
            [EventType::PagePublished, EventType::PageUpdated, EventType::PageUnpublished, EventType::PageDeleted];
        scheduled(before, after, now, events, |page| {
            let data = json!({
                "id": page.id.to_string(),
                "type": page.page_type.as_str(),
                "title": page.title,
                "status": page.status.as_str(),
                "updatedAt": time(Some(page.updated_at)),
            });
            (page.page_type.as_str().to_owned(), page.status == PageStatus::Published, None, data)
        })
    }
}

impl Announces for ContactMessage {
    const ANNOUNCES: bool = true;

    fn announcements(before: Option<&Self>, after: Option<&Self>, now: DateTime<Utc>) -> Vec<Announcement> {
        // Spam never announces; a message marked as not spam arrives then.
        let arrived = match (before, after) {
            (None, Some(message)) => !message.spam,
            (Some(before), Some(message)) => before.spam && !message.spam,
            _ => false,
        };
        let (true, Some(message)) = (arrived, after) else { return Vec::new() };
        let data = json!({
            "id": message.id.to_string(),
            "name": message.name,
            "email": message.email,
            "phone": message.phone,
            "subject": message.subject,
            "message": message.message,
            "source": message.source.as_str(),
            "createdAt": time(Some(message.created_at)),
        });
        vec![event(EventType::ContactReceived, message.id.to_string(), &data, now)]
    }
}

fn request_data(request: &ProjectRequest) -> Value {
    json!({
        "id": request.id.to_string(),
        "clientName": request.client_name,
        "companyName": request.company_name,
        "email": request.email,
        "phone": request.phone,
        "projectType": request.project_type,
        "budget": request.budget,
        "timeline": request.timeline,
        "description": request.description,
        "status": request.status.as_str(),
        "source": request.source.as_str(),
        "createdAt": time(Some(request.created_at)),
    })
}

impl Announces for ProjectRequest {
    const ANNOUNCES: bool = true;

    fn announcements(before: Option<&Self>, after: Option<&Self>, now: DateTime<Utc>) -> Vec<Announcement> {
        // Spam never announces; a request marked as not spam arrives then.
        match (before, after) {
            (_, Some(request)) if request.spam => Vec::new(),
            (None, Some(request)) => {
                vec![event(EventType::ProjectRequestReceived, request.id.to_string(), &request_data(request), now)]
            }
            (Some(before), Some(request)) if before.spam => {
                vec![event(EventType::ProjectRequestReceived, request.id.to_string(), &request_data(request), now)]
            }
            (Some(before), Some(request)) if before.status != request.status => {
                let mut data = request_data(request);
                data["previousStatus"] = Value::String(before.status.as_str().to_owned());
                vec![event(EventType::ProjectRequestStatusChanged, request.id.to_string(), &data, now)]
            }
            _ => Vec::new(),
        }
    }
}

impl Announces for Subscriber {
    const ANNOUNCES: bool = true;

    fn announcements(before: Option<&Self>, after: Option<&Self>, now: DateTime<Utc>) -> Vec<Announcement> {
        let confirmed = |subscriber: &Self| subscriber.status == SubscriberStatus::Confirmed;
        match after {
            Some(subscriber) if confirmed(subscriber) && !before.is_some_and(confirmed) => {
                let data = json!({
                    "id": subscriber.id.to_string(),
                    "email": subscriber.email.as_str(),
                    "confirmedAt": time(subscriber.confirmed_at),
                });
                vec![event(EventType::NewsletterConfirmed, subscriber.id.to_string(), &data, now)]
            }
            _ => Vec::new(),
        }
    }
}

impl Announces for Category {}
impl Announces for Faq {}
impl Announces for MediaItem {}
impl Announces for Service {}
impl Announces for Tag {}
impl Announces for TeamMember {}
impl Announces for Technology {}
impl Announces for Testimonial {}
impl Announces for WebhookEndpoint {}
impl Announces for Redirect {}

#[cfg(test)]
mod tests {
    use super::*;
    use atelier_domain::EntityId;
    use atelier_domain::post::{PostChanges, PostInput};
    use chrono::{Duration, TimeZone};

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 1, 9, 0, 0).unwrap()
    }

    fn post(status: &str, publish_at: Option<DateTime<Utc>>) -> Post {
        let input = PostInput {
            title: Some("Hello".into()),
            content: Some(atelier_domain::post::ContentInput::Markdown("Body".into())),
            status: Some(status.into()),
            publish_at: publish_at.map(|at| at.to_rfc3339()),
            ..PostInput::default()
        };
        let changes = PostChanges::parse(input, true).unwrap();
        let slug = atelier_domain::slug::Slug::parse("hello").unwrap();
        Post::create(EntityId::generate(t0()), slug, changes, t0())
    }

    fn kinds(announcements: &[Announcement]) -> Vec<String> {
        announcements
            .iter()
            .map(|announcement| match announcement {
                Announcement::Event { event, due, .. } if *due == t0() => event.as_str().to_owned(),
                Announcement::Event { event, due, .. } => format!("{}@{}", event.as_str(), (*due - t0()).num_hours()),
                Announcement::Withdraw { event, .. } => format!("withdraw {}", event.as_str()),
            })
            .collect()
    }

    fn message(spam: bool) -> ContactMessage {
        let input = atelier_domain::contact::ContactInput {
            name: Some("Ada".into()),
            email: Some("ada@example.com".into()),
            subject: Some("Hello".into()),
            message: Some("A message long enough to keep.".into()),
            spam: Some(spam),
            ..Default::default()
        };
        let changes = atelier_domain::contact::ContactChanges::parse(input, true).unwrap();
        ContactMessage::create(EntityId::generate(t0()), changes, t0())
    }

    fn request(spam: bool, status: &str) -> ProjectRequest {
        let input = atelier_domain::project_request::ProjectRequestInput {
            client_name: Some("Ada".into()),
            company_name: Some("Analytical Engines".into()),
            email: Some("ada@example.com".into()),
            project_type: Some("web-app".into()),
            budget: Some("10k-25k".into()),
            timeline: Some("1-3-months".into()),
            description: Some("A project described at enough length to be kept.".into()),
            status: Some(status.into()),
            spam: Some(spam),
            ..Default::default()
        };
        let changes = atelier_domain::project_request::ProjectRequestChanges::parse(input, true).unwrap();
        ProjectRequest::create(EntityId::generate(t0()), changes, t0())
    }

    #[test]
    fn spam_is_never_announced_and_arrives_when_marked_as_not_spam() {
        let (spam, kept) = (message(true), message(false));
        assert!(ContactMessage::announcements(None, Some(&spam), t0()).is_empty());
        assert_eq!(kinds(&ContactMessage::announcements(None, Some(&kept), t0())), ["contact.received"]);
        assert_eq!(kinds(&ContactMessage::announcements(Some(&spam), Some(&kept), t0())), ["contact.received"]);
        assert!(ContactMessage::announcements(Some(&kept), Some(&kept), t0()).is_empty());
        assert!(ContactMessage::announcements(Some(&kept), Some(&spam), t0()).is_empty());

        let (spam, new, won) =
            (request(true, "new_request"), request(false, "new_request"), request(false, "accepted"));
        assert!(ProjectRequest::announcements(None, Some(&spam), t0()).is_empty());
        assert!(ProjectRequest::announcements(Some(&spam), Some(&request(true, "accepted")), t0()).is_empty());
        assert_eq!(kinds(&ProjectRequest::announcements(Some(&spam), Some(&new), t0())), ["project_request.received"]);
        assert_eq!(
            kinds(&ProjectRequest::announcements(Some(&new), Some(&won), t0())),
            ["project_request.status_changed"]
        );
    }

    #[test]
    fn posts_announce_publication_changes_and_deletion() {
        let draft = post("draft", None);
        let live = post("published", None);
        assert!(Post::announcements(None, Some(&draft), t0()).is_empty());
        assert_eq!(kinds(&Post::announcements(None, Some(&live), t0())), ["post.published"]);
        assert_eq!(kinds(&Post::announcements(Some(&draft), Some(&live), t0())), ["post.published"]);
        assert_eq!(kinds(&Post::announcements(Some(&live), Some(&live), t0())), ["post.updated"]);
        assert_eq!(kinds(&Post::announcements(Some(&live), Some(&draft), t0())), ["post.unpublished"]);
        assert_eq!(kinds(&Post::announcements(Some(&live), None, t0())), ["post.deleted"]);
        assert!(Post::announcements(Some(&draft), None, t0()).is_empty());
    }

    #[test]
    fn a_scheduled_post_is_announced_for_its_time_and_withdrawn_when_changed() {
        let later = post("published", Some(t0() + Duration::hours(3)));
        let live = post("published", None);
        let draft = post("draft", None);
        assert_eq!(kinds(&Post::announcements(None, Some(&later), t0())), ["post.published@3"]);
        assert_eq!(
            kinds(&Post::announcements(Some(&later), Some(&later), t0())),
            ["withdraw post.published", "post.published@3"]
        );
        assert_eq!(kinds(&Post::announcements(Some(&later), Some(&draft), t0())), ["withdraw post.published"]);
        assert_eq!(kinds(&Post::announcements(Some(&later), None, t0())), ["withdraw post.published"]);
        assert_eq!(
            kinds(&Post::announcements(Some(&live), Some(&later), t0())),
            ["post.unpublished", "post.published@3"]
        );
    }

    #[test]
    fn payloads_are_versioned_json_with_the_records_fields() {
        let live = post("published", None);
        let [Announcement::Event { payload, subject, .. }] = &Post::announcements(None, Some(&live), t0())[..] else {
            panic!("one event");
        };
        let body: Value = serde_json::from_str(payload).unwrap();
        assert_eq!(body["type"], "post.published");
        assert_eq!(body["version"], 1);
        assert_eq!(body["timestamp"], "2026-03-01T09:00:00.000Z");
        assert_eq!(body["data"]["title"], "Hello");
        assert_eq!(body["data"]["id"], subject.as_str());
    }
}
