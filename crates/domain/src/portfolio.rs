//! Portfolio projects: the agency's finished work, shown on the home page, the portfolio listing and
//! each project's detail page.
//!
//! Longer than 400 lines only with its unit tests, kept beside the rules they check.

use crate::meta::RecordMeta;
use std::cmp::Ordering;
use std::collections::HashSet;

use chrono::{DateTime, Months, NaiveDate, NaiveDateTime, TimeZone, Utc};

use crate::id::EntityId;
use crate::patch::set;
use crate::slug::Slug;
use crate::validation::{FieldErrors, optional_date_time, optional_image, optional_text, optional_url, required_text};

pub const MAX_TITLE_LEN: usize = 200;
pub const MAX_CLIENT_LEN: usize = 200;
pub const MAX_CATEGORY_LEN: usize = 100;
pub const MAX_SHORT_DESCRIPTION_LEN: usize = 500;
pub const MAX_DESCRIPTION_LEN: usize = 50_000;
pub const MAX_TECHNOLOGIES: usize = 50;
pub const MAX_TAGS: usize = 20;
/// The earliest and latest completion years accepted.
pub const COMPLETION_YEARS: std::ops::RangeInclusive<i32> = 1970..=2100;

/// Whether a project is shown on the public site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProjectStatus {
    #[default]
    Published,
    Draft,
    Archived,
}

crate::word_enum!(ProjectStatus, |_| "Status must be published, draft or archived".to_owned(), {
    Published => "published",
    Draft => "draft",
    Archived => "archived",
});

/// The orders the portfolio listing offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProjectSort {
    /// Newest completion first.
    #[default]
    MostRecent,
    /// Oldest completion first.
    Oldest,
    TitleAsc,
    TitleDesc,
    /// Featured projects first, then newest completion first.
    Featured,
    ClientAsc,
    ClientDesc,
}

crate::word_enum!(ProjectSort, |_| format!("Sort must be one of {}", ProjectSort::words()), {
    MostRecent => "most-recent",
    Oldest => "oldest",
    TitleAsc => "title-asc",
    TitleDesc => "title-desc",
    Featured => "featured",
    ClientAsc => "client-asc",
    ClientDesc => "client-desc",
});

impl ProjectSort {
    /// The order this sort puts two projects in. Titles and clients compare ignoring case; equal keys
    /// fall back to newest completion first, and finally to the id, so the order is total and stable.
    /// The database adapter sorts the same way in SQL.
    pub fn compare(self, a: &Project, b: &Project) -> Ordering {
        let newest_first = || b.completed_at.cmp(&a.completed_at);
        let by_key = match self {
            Self::MostRecent => newest_first(),
            Self::Oldest => a.completed_at.cmp(&b.completed_at),
            Self::TitleAsc => a.title.to_lowercase().cmp(&b.title.to_lowercase()),
            Self::TitleDesc => b.title.to_lowercase().cmp(&a.title.to_lowercase()),
            Self::Featured => b.featured.cmp(&a.featured).then_with(newest_first),
            Self::ClientAsc => a.client.to_lowercase().cmp(&b.client.to_lowercase()).then_with(newest_first),
            Self::ClientDesc => b.client.to_lowercase().cmp(&a.client.to_lowercase()).then_with(newest_first),
        };
        by_key.then_with(|| a.id.cmp(&b.id))
    }
}

/// A stored portfolio project.
#[derive(Debug, Clone, PartialEq)]
pub struct Project {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    pub id: EntityId,
    pub slug: Slug,
    pub title: String,
    pub client: String,
    /// A free-text category name such as "Web Application".
    pub category: String,
    /// Markdown.
    pub description: String,
    pub short_description: String,
    /// An absolute http(s) URL, a path on this site, or empty.
    pub image: String,
    /// Ids of existing technologies, in the order chosen, without repeats.
    pub technologies: Vec<EntityId>,
    /// Ids of tags, in the order chosen, without repeats.
    pub tags: Vec<EntityId>,
    pub demo_url: String,
    pub github_url: String,
    pub completed_at: DateTime<Utc>,
    pub featured: bool,
    pub status: ProjectStatus,
    /// When a published project goes live; `None`: as soon as it is published. A published project
    /// whose publish time is still to come is scheduled: visitors do not see it yet.
    pub publish_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The fields of a project as a client sent them, before any check. `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProjectInput {
    pub title: Option<String>,
    pub slug: Option<String>,
    pub client: Option<String>,
    pub category: Option<String>,
    pub description: Option<String>,
    pub short_description: Option<String>,
    pub image: Option<String>,
    pub technologies: Option<Vec<String>>,
    pub tags: Option<Vec<String>>,
    pub demo_url: Option<String>,
    pub github_url: Option<String>,
    /// `YYYY-MM-DD` or an ISO-8601 timestamp.
    pub completed_at: Option<String>,
    pub featured: Option<bool>,
    pub status: Option<String>,
    /// An RFC 3339 date and time with its offset; empty clears it.
    pub publish_at: Option<String>,
}

impl ProjectInput {
    /// The technology ids sent that are well-formed, for checking which of them exist.
    pub fn technology_ids(&self) -> Vec<EntityId> {
        self.technologies.iter().flatten().filter_map(|id| EntityId::parse(id.trim()).ok()).collect()
    }
}

/// Validated changes to a project: every field that was sent, parsed. Fields not sent stay as they
/// are on update and take their defaults on creation. The slug is chosen by the caller (it depends on
/// which slugs are taken), so a sent slug is only checked against the slug rule here.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProjectChanges {
    title: Option<String>,
    slug: Option<Slug>,
    client: Option<String>,
    category: Option<String>,
    description: Option<String>,
    short_description: Option<String>,
    image: Option<String>,
    technologies: Option<Vec<EntityId>>,
    tags: Option<Vec<EntityId>>,
    demo_url: Option<String>,
    github_url: Option<String>,
    completed_at: Option<DateTime<Utc>>,
    featured: Option<bool>,
    status: Option<ProjectStatus>,
    publish_at: Option<Option<DateTime<Utc>>>,
}

impl ProjectChanges {
    /// Checks every sent field; on creation title, client and completion date are required.
    /// `technology_exists` answers whether a well-formed technology id names a stored technology.
    pub fn parse(
        input: ProjectInput,
        creating: bool,
        technology_exists: impl Fn(&EntityId) -> bool,
    ) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let required = |value: Option<&str>, label: &str, max: usize, errors: &mut FieldErrors, field: &str| match (
            value, creating,
        ) {
            (None, false) => None,
            (value, _) => errors.check(field, required_text(value, label, max)),
        };
        let title = required(input.title.as_deref(), "Title", MAX_TITLE_LEN, &mut errors, "title");
        let client = required(input.client.as_deref(), "Client", MAX_CLIENT_LEN, &mut errors, "client");
        let slug = input
            .slug
            .as_deref()
            .map(str::trim)
            .filter(|slug| !slug.is_empty())
            .and_then(|slug| errors.check("slug", Slug::parse(slug).map_err(|error| error.to_string())));
        let category = input
            .category
            .and_then(|text| errors.check("category", optional_text(Some(&text), "Category", MAX_CATEGORY_LEN)));
        let description = input.description.and_then(|text| {
            errors.check("description", optional_text(Some(&text), "Description", MAX_DESCRIPTION_LEN))
        });
        let short_description = input.short_description.and_then(|text| {
            errors.check("shortDescription", optional_text(Some(&text), "Short description", MAX_SHORT_DESCRIPTION_LEN))
        });
        let image = input.image.and_then(|text| errors.check("image", optional_image(Some(&text), "Image")));
        let technologies = input
            .technologies
            .and_then(|ids| errors.check("technologies", parse_technologies(&ids, &technology_exists)));
        let tags = input.tags.and_then(|ids| errors.check("tags", parse_ids(&ids, "Tags", MAX_TAGS)));
        let demo_url = input.demo_url.and_then(|text| errors.check("demoUrl", optional_url(Some(&text), "Demo URL")));
        let github_url =
            input.github_url.and_then(|text| errors.check("githubUrl", optional_url(Some(&text), "GitHub URL")));
        let completed_at = match (input.completed_at.as_deref(), creating) {
            (None, false) => None,
            (text, _) => errors.check("completedAt", parse_completed_at(text.unwrap_or_default())),
        };
        let status = input.status.and_then(|text| errors.check("status", ProjectStatus::parse(&text)));
        let publish_at =
            input.publish_at.and_then(|text| errors.check("publishAt", optional_date_time(&text, "Publish time")));
        errors.finish(|| Self {
            title,
            slug,
            client,
            category,
            description,
            short_description,
            image,
            technologies,
            tags,
            demo_url,
            github_url,
            completed_at,
            featured: input.featured,
            status,
            publish_at,
        })
    }

    /// The explicitly chosen slug, if one was sent.
    pub fn slug(&self) -> Option<&Slug> {
        self.slug.as_ref()
    }

    /// The title being set, if any.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// Sets the slug the caller settled on.
    pub fn set_slug(&mut self, slug: Slug) {
        self.slug = Some(slug);
    }
}

/// Ids in the 24-hex form, without repeats (the first occurrence keeps its place).
fn parse_ids(ids: &[String], label: &str, max: usize) -> Result<Vec<EntityId>, String> {
    if ids.len() > max {
        return Err(format!("At most {max} {} are allowed", label.to_lowercase()));
    }
    let mut seen = HashSet::new();
    let mut parsed = Vec::with_capacity(ids.len());
    for id in ids {
        let id = EntityId::parse(id.trim())
            .map_err(|_| format!("{label} must be identifiers of 24 lowercase hexadecimal characters"))?;
        if seen.insert(id) {
            parsed.push(id);
        }
    }
    Ok(parsed)
}

fn parse_technologies(ids: &[String], exists: &impl Fn(&EntityId) -> bool) -> Result<Vec<EntityId>, String> {
    let ids = parse_ids(ids, "Technologies", MAX_TECHNOLOGIES)?;
    let unknown: Vec<String> = ids.iter().filter(|id| !exists(id)).map(ToString::to_string).collect();
    if unknown.is_empty() { Ok(ids) } else { Err(format!("Unknown technologies: {}", unknown.join(", "))) }
}

/// A completion date: `YYYY-MM-DD` (midnight UTC), an RFC 3339 timestamp, or a timestamp without an
/// offset (taken as UTC).
pub fn parse_completed_at(text: &str) -> Result<DateTime<Utc>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("Completion date is required".to_owned());
    }
    let (parsed, year) = crate::validation::parse_rfc3339(text)
        .map(|moment| (moment.with_timezone(&Utc), chrono::Datelike::year(&moment)))
        .or_else(|| {
            ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%dT%H:%M"]
                .iter()
                .find_map(|format| NaiveDateTime::parse_from_str(text, format).ok())
                .filter(|_| crate::validation::is_padded_date_time(text))
                .map(|moment| (Utc.from_utc_datetime(&moment), chrono::Datelike::year(&moment)))
        })
        .or_else(|| {
            NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .ok()
                .filter(|_| text.len() == 10 && crate::validation::is_padded_date_time(text))
                .and_then(|date| date.and_hms_opt(0, 0, 0))
                .map(|moment| (Utc.from_utc_datetime(&moment), chrono::Datelike::year(&moment)))
        })
        .ok_or_else(|| "Completion date must be a date (YYYY-MM-DD) or an ISO-8601 timestamp".to_owned())?;
    // The year as written, before any offset is applied, as the API document's pattern checks it.
    if COMPLETION_YEARS.contains(&year) {
        Ok(parsed)
    } else {
        Err(format!("Completion date must be between {} and {}", COMPLETION_YEARS.start(), COMPLETION_YEARS.end()))
    }
}

impl Project {
    /// A new project from validated changes and the slug the caller chose; title, client and
    /// completion date were required by [`ProjectChanges::parse`].
    pub fn create(id: EntityId, slug: Slug, changes: ProjectChanges, now: DateTime<Utc>) -> Self {
        let mut project = Self {
            meta: RecordMeta::default(),
            id,
            slug,
            title: String::new(),
            client: String::new(),
            category: String::new(),
            description: String::new(),
            short_description: String::new(),
            image: String::new(),
            technologies: Vec::new(),
            tags: Vec::new(),
            demo_url: String::new(),
            github_url: String::new(),
            completed_at: now,
            featured: false,
            status: ProjectStatus::default(),
            publish_at: None,
            created_at: now,
            updated_at: now,
        };
        project.apply(changes, now);
        project
    }

    /// Applies the fields that were sent and stamps the update time.
    pub fn apply(&mut self, changes: ProjectChanges, now: DateTime<Utc>) {
        let ProjectChanges {
            title,
            slug,
            client,
            category,
            description,
            short_description,
            image,
            technologies,
            tags,
            demo_url,
            github_url,
            completed_at,
            featured,
            status,
            publish_at,
        } = changes;
        set(&mut self.title, title);
        set(&mut self.slug, slug);
        set(&mut self.client, client);
        set(&mut self.category, category);
        set(&mut self.description, description);
        set(&mut self.short_description, short_description);
        set(&mut self.image, image);
        set(&mut self.technologies, technologies);
        set(&mut self.tags, tags);
        set(&mut self.demo_url, demo_url);
        set(&mut self.github_url, github_url);
        set(&mut self.completed_at, completed_at);
        set(&mut self.featured, featured);
        set(&mut self.status, status);
        set(&mut self.publish_at, publish_at);
        self.updated_at = now;
    }

    /// Whether visitors see the project at `now`: published, and its publish time (if any) has come.
    pub fn is_live(&self, now: DateTime<Utc>) -> bool {
        self.status == ProjectStatus::Published && self.publish_at.is_none_or(|at| at <= now)
    }

    /// Whether the project is published but waits for its publish time.
    pub fn is_scheduled(&self, now: DateTime<Utc>) -> bool {
        self.status == ProjectStatus::Published && self.publish_at.is_some_and(|at| at > now)
    }

    /// The star rating the detail page shows (public-site.md §3): 4.8 for a featured project, else
    /// 4.5, minus 0.1 per full year since completion, never below 4.0.
    pub fn display_rating(&self, now: DateTime<Utc>) -> f64 {
        display_rating(self.featured, self.completed_at, now)
    }

    /// Whether the detail page labels this a "Recent Project": completed within the last 2 years.
    pub fn is_recent(&self, now: DateTime<Utc>) -> bool {
        is_recent(self.completed_at, now)
    }
}

/// The derived star rating: 4.8 if featured else 4.5, minus 0.1 per full year between completion and
/// `now`, floor 4.0. A completion in the future counts as zero years.
pub fn display_rating(featured: bool, completed_at: DateTime<Utc>, now: DateTime<Utc>) -> f64 {
    let start: u32 = if featured { 48 } else { 45 };
    let years = now.years_since(completed_at).unwrap_or(0);
    f64::from(start.saturating_sub(years).max(40)) / 10.0
}

/// Whether a project completed at `completed_at` is recent at `now`: completed no more than 2 years
/// (24 calendar months) ago, or in the future.
pub fn is_recent(completed_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    now.checked_sub_months(Months::new(24)).is_none_or(|two_years_ago| completed_at >= two_years_ago)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 6, 15, 12, 0, 0).unwrap()
    }

    fn at(year: i32, month: u32, day: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(year, month, day, 0, 0, 0).unwrap()
    }

    fn no_technology(_: &EntityId) -> bool {
        false
    }

    fn valid() -> ProjectInput {
        ProjectInput {
            title: Some(" Shop ".into()),
            client: Some("Acme".into()),
            completed_at: Some("2025-03-01".into()),
            ..ProjectInput::default()
        }
    }

    fn project(title: &str, client: &str, completed_at: DateTime<Utc>, featured: bool) -> Project {
        let input = ProjectInput {
            title: Some(title.into()),
            client: Some(client.into()),
            completed_at: Some(completed_at.to_rfc3339()),
            featured: Some(featured),
            ..ProjectInput::default()
        };
        let changes = ProjectChanges::parse(input, true, no_technology).unwrap();
        Project::create(EntityId::generate(now()), Slug::from_title(title).unwrap(), changes, now())
    }

    #[test]
    fn a_new_project_takes_the_documented_defaults() {
        let changes = ProjectChanges::parse(valid(), true, no_technology).unwrap();
        let project = Project::create(EntityId::generate(now()), Slug::parse("shop").unwrap(), changes, now());
        assert_eq!(project.title, "Shop");
        assert_eq!(project.status, ProjectStatus::Published);
        assert!(!project.featured);
        assert_eq!(project.completed_at, at(2025, 3, 1));
        assert!(project.technologies.is_empty() && project.tags.is_empty());
    }

    #[test]
    fn creating_requires_title_client_and_completion_date() {
        let errors = ProjectChanges::parse(ProjectInput::default(), true, no_technology).unwrap_err();
        assert_eq!(errors.get("title"), Some("Title is required"));
        assert_eq!(errors.get("client"), Some("Client is required"));
        assert_eq!(errors.get("completedAt"), Some("Completion date is required"));
        assert!(ProjectChanges::parse(ProjectInput::default(), false, no_technology).is_ok());
    }

    #[test]
    fn every_invalid_field_is_reported_at_once() {
        let input = ProjectInput {
            title: Some(String::new()),
            client: Some("c".repeat(201)),
            slug: Some("Not A Slug".into()),
            image: Some("javascript:alert(1)".into()),
            technologies: Some(vec!["react".into()]),
            tags: Some(vec!["65F1C2A9B4E8D70012345678".into()]),
            demo_url: Some("demo.example".into()),
            github_url: Some("ftp://github.com/x".into()),
            completed_at: Some("yesterday".into()),
            status: Some("hidden".into()),
            ..ProjectInput::default()
        };
        let errors = ProjectChanges::parse(input, true, no_technology).unwrap_err();
        for field in [
            "title",
            "client",
            "slug",
            "image",
            "technologies",
            "tags",
            "demoUrl",
            "githubUrl",
            "completedAt",
            "status",
        ] {
            assert!(errors.get(field).is_some(), "{field} should fail");
        }
    }

    #[test]
    fn technologies_must_exist_and_repeats_are_dropped() {
        let known = EntityId::generate(now());
        let unknown = EntityId::generate(now());
        let input = |ids: Vec<String>| ProjectInput { technologies: Some(ids), ..valid() };
        let exists = |id: &EntityId| *id == known;
        let errors =
            ProjectChanges::parse(input(vec![known.to_string(), unknown.to_string()]), true, exists).unwrap_err();
        assert_eq!(errors.get("technologies"), Some(format!("Unknown technologies: {unknown}").as_str()));
        let changes = ProjectChanges::parse(input(vec![known.to_string(), known.to_string()]), true, exists).unwrap();
        let created = Project::create(EntityId::generate(now()), Slug::parse("s").unwrap(), changes, now());
        assert_eq!(created.technologies, [known]);
    }

    #[test]
    fn tags_are_only_checked_for_their_form() {
        let tag = EntityId::generate(now());
        let input = ProjectInput { tags: Some(vec![format!(" {tag} ")]), ..valid() };
        let changes = ProjectChanges::parse(input, true, no_technology).unwrap();
        let created = Project::create(EntityId::generate(now()), Slug::parse("s").unwrap(), changes, now());
        assert_eq!(created.tags, [tag]);
    }

    #[test]
    fn completion_dates_accept_dates_and_timestamps_and_are_stored_in_utc() {
        assert_eq!(parse_completed_at("2024-02-29"), Ok(at(2024, 2, 29)));
        assert_eq!(parse_completed_at("2024-02-29T10:30:00.000Z"), Ok(at(2024, 2, 29) + Duration::minutes(630)));
        assert_eq!(parse_completed_at("2024-03-01T01:00:00+02:00"), Ok(at(2024, 2, 29) + Duration::hours(23)));
        assert_eq!(parse_completed_at("2024-02-29T10:30"), Ok(at(2024, 2, 29) + Duration::minutes(630)));
        for bad in ["", "2024-02-30", "29/02/2024", "2024-13-01", "1900-01-01", "9999-01-01"] {
            assert!(parse_completed_at(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn an_update_changes_only_the_fields_sent() {
        let mut existing = project("Shop", "Acme", at(2025, 1, 1), true);
        let later = now() + Duration::hours(1);
        let input = ProjectInput { client: Some("Globex".into()), ..ProjectInput::default() };
        existing.apply(ProjectChanges::parse(input, false, no_technology).unwrap(), later);
        assert_eq!((existing.title.as_str(), existing.client.as_str()), ("Shop", "Globex"));
        assert_eq!(existing.slug.as_str(), "shop");
        assert!(existing.featured);
        assert_eq!((existing.created_at, existing.updated_at), (now(), later));
    }

    #[test]
    fn an_empty_slug_means_no_choice() {
        let input = ProjectInput { slug: Some("  ".into()), ..valid() };
        assert_eq!(ProjectChanges::parse(input, true, no_technology).unwrap().slug(), None);
    }

    #[test]
    fn the_rating_starts_at_4_8_for_featured_and_4_5_otherwise() {
        assert!((display_rating(true, now(), now()) - 4.8).abs() < f64::EPSILON);
        assert!((display_rating(false, now(), now()) - 4.5).abs() < f64::EPSILON);
    }

    #[test]
    fn the_rating_loses_a_tenth_per_full_year_down_to_4() {
        let rating = |completed| display_rating(false, completed, now());
        assert!((rating(at(2025, 6, 16)) - 4.5).abs() < f64::EPSILON, "not yet a full year");
        assert!((rating(at(2025, 6, 15)) - 4.4).abs() < f64::EPSILON);
        assert!((rating(at(2023, 6, 1)) - 4.2).abs() < f64::EPSILON);
        assert!((rating(at(2016, 1, 1)) - 4.0).abs() < f64::EPSILON);
        assert!((display_rating(true, at(2022, 6, 1), now()) - 4.4).abs() < f64::EPSILON);
        assert!((rating(at(2027, 1, 1)) - 4.5).abs() < f64::EPSILON, "a future completion");
    }

    #[test]
    fn projects_completed_within_two_years_are_recent() {
        assert!(is_recent(at(2024, 6, 15) + Duration::hours(12), now()));
        assert!(!is_recent(at(2024, 6, 15), now()));
        assert!(is_recent(at(2027, 1, 1), now()));
        assert!(!project("Old", "Acme", at(2020, 1, 1), false).is_recent(now()));
    }

    #[test]
    fn sorts_round_trip_their_names_and_refuse_others() {
        for sort in ProjectSort::ALL {
            assert_eq!(ProjectSort::parse(sort.as_str()), Ok(sort));
        }
        assert!(ProjectSort::parse("newest").is_err());
        assert_eq!(ProjectSort::default(), ProjectSort::MostRecent);
    }

    fn sorted(sort: ProjectSort, mut projects: Vec<Project>) -> Vec<String> {
        projects.sort_by(|a, b| sort.compare(a, b));
        projects.into_iter().map(|project| project.title).collect()
    }

    #[test]
    fn each_sort_orders_projects_as_named() {
        let projects = || {
            vec![
                project("beta", "Zeta", at(2023, 1, 1), false),
                project("Alpha", "acme", at(2025, 1, 1), false),
                project("Gamma", "Acme", at(2024, 1, 1), true),
            ]
        };
        let cases = [
            (ProjectSort::MostRecent, ["Alpha", "Gamma", "beta"]),
            (ProjectSort::Oldest, ["beta", "Gamma", "Alpha"]),
            (ProjectSort::TitleAsc, ["Alpha", "beta", "Gamma"]),
            (ProjectSort::TitleDesc, ["Gamma", "beta", "Alpha"]),
            (ProjectSort::Featured, ["Gamma", "Alpha", "beta"]),
            (ProjectSort::ClientAsc, ["Alpha", "Gamma", "beta"]),
            (ProjectSort::ClientDesc, ["beta", "Alpha", "Gamma"]),
        ];
        for (sort, expected) in cases {
            assert_eq!(sorted(sort, projects()), expected, "{}", sort.as_str());
        }
    }

    #[test]
    fn only_published_projects_whose_publish_time_has_come_are_live() {
        let now = at(2025, 6, 1);
        let mut shown = project("Shop", "Acme", at(2025, 1, 1), false);
        assert!(shown.is_live(now) && !shown.is_scheduled(now));
        shown.publish_at = Some(at(2025, 6, 2));
        assert!(!shown.is_live(now) && shown.is_scheduled(now));
        assert!(shown.is_live(at(2025, 6, 2)), "live from its publish time on");
        shown.status = ProjectStatus::Draft;
        assert!(!shown.is_live(at(2025, 7, 1)) && !shown.is_scheduled(now));

        let sent = |text: &str| {
            let input = ProjectInput { publish_at: Some(text.into()), ..ProjectInput::default() };
            ProjectChanges::parse(input, false, |_| true)
        };
        shown.apply(sent("2025-06-03T08:30:00+02:00").unwrap(), now);
        assert_eq!(shown.publish_at, Some(at(2025, 6, 3) + chrono::Duration::minutes(390)));
        shown.apply(sent("").unwrap(), now);
        assert_eq!(shown.publish_at, None);
        assert!(sent("2025-06-03").unwrap_err().get("publishAt").is_some());
    }
}
