//! A project's page as the server writes it (`ProjectArticle` of `@atelier/site/project-article`,
//! `project-rating.ts`, `project-view.ts`): the build's `ProjectPreview` has the header and the
//! cover, and takes from here, as `{{html:…}}` fields, the labels, the rating, the four facts, the
//! overview (`contentHtml`) and the side panels (metrics, technologies, tags, links). The answers
//! the page reads first (the project, `GET /technologies?limit=100`, `GET /tags`) are embedded
//! under their query keys.

use std::collections::HashMap;
use std::fmt::Write as _;

use atelier_application::blog::languages::ReadLanguage;
use atelier_application::media::LibraryImages;
use atelier_application::ports::{Clock, SharedClock};
use atelier_application::store::Store;
use atelier_domain::id::looks_like_id;
use atelier_domain::portfolio::Project;
use chrono::{DateTime, Utc};
use serde_json::{Value, json};

use super::{markdown_block, part};
use crate::api::languages::Marks;
use crate::api::portfolio::{ProjectDto, ProjectStatusDto};
use crate::site::head::escape;
use crate::site::words::{Hole, Words};

/// The technology list shows this many before "Show N More" (`TECHNOLOGIES_SHOWN`).
const TECHNOLOGIES_SHOWN: usize = 6;
/// A project completed within this many years is a "Recent Project" (`RECENT_PROJECT_YEARS`).
const RECENT_PROJECT_YEARS: f64 = 2.0;
/// A year as `project-rating.ts` counts it, in milliseconds.
const YEAR_MS: f64 = 365.25 * 24.0 * 60.0 * 60.0 * 1000.0;

/// What the server adds to a project's preview and page.
#[derive(Debug, Clone, PartialEq)]
pub struct ProjectPage {
    /// HTML for the preview's `{{html:name}}` fields.
    pub html: Vec<(&'static str, String)>,
    /// The answers the page reads first, under their query keys.
    pub data: Vec<(Value, Value)>,
}

/// The project's page content and answers, read as the page's requests read them. `identifier` is
/// the address's segment: a project opened by id reads `GET /portfolio/{id}`, else by slug.
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn page<S: Store>(
    store: &S,
    clock: &SharedClock,
    images: &LibraryImages<S>,
    shown: Shown<'_>,
    parts: &HashMap<String, String>,
    words: &Words,
) -> anyhow::Result<ProjectPage> {
    let Shown { project, identifier, read, marks } = shown;
    let answer = crate::api::portfolio::dto(images, project.clone())
        .await
        .map_err(|error| anyhow::anyhow!("the project's answer could not be made: {error}"))?;
    let answer = crate::api::languages::mark_one(answer, marks);
    let (names, lookups) = super::lists::names(store, clock, read).await?;
    let html = fields(&answer, &names.technologies(), &names.tags(), clock.now(), parts, words);
    let key = if looks_like_id(identifier) {
        format!("/portfolio/{identifier}")
    } else {
        format!("/portfolio/slug/{identifier}")
    };
    let mut data = vec![(super::kinds::key(json!([key]), read), serde_json::to_value(&answer)?)];
    data.extend(lookups);
    Ok(ProjectPage { html, data })
}

/// The project a page shows: the record (laid over with its translation in the page's language),
/// the address's segment (a project opened by id reads `GET /portfolio/{id}`, else by slug), the
/// page's language (`None` for the default's) and the marks its answer gets there.
pub(crate) struct Shown<'a> {
    pub project: &'a Project,
    pub identifier: &'a str,
    pub read: Option<&'a ReadLanguage>,
    pub marks: Option<Marks>,
}

/// Whole years since `completed` (0 when in the future: `yearsSince`).
fn years_since(completed: DateTime<Utc>, now: DateTime<Utc>) -> f64 {
    #[allow(clippy::cast_precision_loss)] // milliseconds of a few centuries
    let age = (now - completed).num_milliseconds() as f64;
    (age / YEAR_MS).floor().max(0.0)
}

/// The displayed rating (`derivedRating`): 4.8 if featured else 4.5, minus 0.1 a year since
/// completion, never below 4, to one decimal.
pub(crate) fn rating(featured: bool, completed: DateTime<Utc>, now: DateTime<Utc>) -> f64 {
    let base = if featured { 4.8 } else { 4.5 };
    let rating = 0.1f64.mul_add(-years_since(completed, now), base);
    ((rating * 10.0).round() / 10.0).max(4.0)
}

/// "Recent Project" within two years of completion (or before it), else "Completed Project"
/// (`completionLabel`).
pub(crate) fn completion_label(completed: DateTime<Utc>, now: DateTime<Utc>) -> &'static str {
    #[allow(clippy::cast_precision_loss)]
    let age = (now - completed).num_milliseconds() as f64;
    if age <= RECENT_PROJECT_YEARS * YEAR_MS { "project.recent" } else { "project.completedLabel" }
}

/// Five stars for a rating of 0 to 5 (`StarRating`, `starKinds`), each the build's picture of its
/// kind (`star:full`, `star:half`, `star:empty`, from `starParts`).
pub(super) fn star_rating(html: &mut String, rating: f64, parts: &HashMap<String, String>, words: &Words) {
    let value = rating.clamp(0.0, 5.0);
    let label = words.html("ui.rated", &[("value", Hole::Text(&words.decimal(value)))]);
    let _ = write!(html, "<span role=\"img\" aria-label=\"{label}\" class=\"inline-flex gap-0.5 \">");
    for index in 0..5_u8 {
        let at = f64::from(index);
        let kind = if value >= at + 1.0 {
            "full"
        } else if value >= at + 0.5 {
            "half"
        } else {
            "empty"
        };
        html.push_str(part(parts, &format!("star:{kind}")));
    }
    html.push_str("</span>");
}

/// A project's rating: its stars, then the rating to one decimal.
fn stars(html: &mut String, rating: f64, parts: &HashMap<String, String>, words: &Words) {
    star_rating(html, rating, parts, words);
    let _ =
        write!(html, "<span class=\"text-sm text-gray-600\">{}</span>", words.decimal_point(&format!("{rating:.1}")));
}

/// Names for ids; an id without a match is shown as it is (`namesFor`).
fn names_for<'a>(ids: &'a [String], names: &HashMap<&str, &'a str>) -> Vec<&'a str> {
    ids.iter().map(|id| names.get(id.as_str()).copied().unwrap_or(id.as_str())).collect()
}

/// A side panel's box and heading.
fn panel_open(html: &mut String, id: &str, title: &str, words: &Words) {
    let title = words.html(title, &[]);
    let _ = write!(
        html,
        "<section aria-labelledby=\"{id}\" class=\"rounded-2xl bg-white p-6 shadow-sm\"><h2 id=\"{id}\" \
         class=\"text-lg font-semibold text-gray-900\">{title}</h2>"
    );
}

/// The side panels (`ProjectArticle`'s `aside`): metrics, technologies, tags and links.
fn aside(
    project: &ProjectDto,
    technology_names: &HashMap<&str, &str>,
    tag_names: &HashMap<&str, &str>,
    words: &Words,
) -> String {
    let technology_list = names_for(&project.technologies, technology_names);
    let tag_list = names_for(&project.tags, tag_names);
    let status = match project.status {
        ProjectStatusDto::Published => words.html("project.live", &[]),
        ProjectStatusDto::Draft => "draft".to_owned(),
        ProjectStatusDto::Archived => "archived".to_owned(),
    };
    let mut aside = String::from("<aside class=\"space-y-6\">");
    panel_open(&mut aside, "project-metrics", "project.metrics", words);
    let _ = write!(
        aside,
        "<dl class=\"mt-4 grid grid-cols-3 gap-3 text-center\"><div class=\"rounded-xl bg-blue-50 p-3\"><dd \
         class=\"text-2xl font-bold text-blue-700\">{}</dd><dt class=\"text-xs text-gray-600\">{}</dt></div>\
         <div class=\"rounded-xl bg-purple-50 p-3\"><dd class=\"text-2xl font-bold text-purple-700\">{}</dd><dt \
         class=\"text-xs text-gray-600\">{}</dt></div><div class=\"rounded-xl bg-green-50 p-3\"><dd class=\"text-sm \
         font-bold text-green-800\">{status}</dd><dt class=\"text-xs text-gray-600\">{}</dt></div></dl></section>",
        technology_list.len(),
        words.html("project.technologies", &[]),
        tag_list.len(),
        words.html("project.tags", &[]),
        words.html("project.meta.status", &[]),
    );
    panel_open(&mut aside, "project-technologies", "project.technologies", words);
    if technology_list.is_empty() {
        let _ =
            write!(aside, "<p class=\"mt-3 text-sm text-gray-600\">{}</p>", words.html("project.noTechnologies", &[]));
    } else {
        aside.push_str("<ul class=\"mt-4 flex flex-wrap gap-2\">");
        for name in technology_list.iter().take(TECHNOLOGIES_SHOWN) {
            let _ = write!(
                aside,
                "<li class=\"rounded-full bg-blue-50 px-3 py-1 text-sm font-medium text-blue-800\">{}</li>",
                escape(name)
            );
        }
        aside.push_str("</ul>");
    }
    if technology_list.len() > TECHNOLOGIES_SHOWN {
        let _ = write!(
            aside,
            "<button type=\"button\" aria-expanded=\"false\" class=\"mt-4 text-sm font-semibold text-blue-700 \
             hover:underline\">{}</button>",
            words.count(
                "project.showMore",
                "count",
                u64::try_from(technology_list.len() - TECHNOLOGIES_SHOWN).unwrap_or(u64::MAX),
                &[]
            )
        );
    }
    aside.push_str("</section>");
    if !tag_list.is_empty() {
        panel_open(&mut aside, "project-tags", "project.tags", words);
        aside.push_str("<ul class=\"mt-4 flex flex-wrap gap-2\">");
        for name in &tag_list {
            let _ = write!(
                aside,
                "<li class=\"rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-700\">#{}</li>",
                escape(name)
            );
        }
        aside.push_str("</ul></section>");
    }
    if !project.demo_url.is_empty() || !project.github_url.is_empty() {
        panel_open(&mut aside, "project-links", "project.links", words);
        aside.push_str("<div class=\"mt-4 flex flex-col gap-3\">");
        if !project.demo_url.is_empty() {
            let _ = write!(
                aside,
                "<a href=\"{}\" target=\"_blank\" rel=\"noopener noreferrer\" class=\"rounded-full bg-blue-600 px-5 \
                 py-2 text-center font-semibold text-white hover:bg-blue-700\">{}</a>",
                escape(&project.demo_url),
                words.html("project.liveDemo", &[])
            );
        }
        if !project.github_url.is_empty() {
            let _ = write!(
                aside,
                "<a href=\"{}\" target=\"_blank\" rel=\"noopener noreferrer\" class=\"rounded-full border-2 \
                 border-gray-800 px-5 py-2 text-center font-semibold text-gray-900 hover:bg-gray-50\">{}</a>",
                escape(&project.github_url),
                words.html("project.github", &[])
            );
        }
        aside.push_str("</div></section>");
    }
    aside.push_str("</aside>");
    aside
}

/// The preview's `{{html:…}}` fields for `project` at `now`: `chips`, `rating`, `facts`, `overview`
/// and `aside`, as `ProjectArticle` draws them, with the technologies' and tags' names by id. Dates
/// are written in UTC; the page, once hydrated, writes them in the visitor's time zone.
pub(crate) fn fields(
    project: &ProjectDto,
    technology_names: &HashMap<&str, &str>,
    tag_names: &HashMap<&str, &str>,
    now: DateTime<Utc>,
    parts: &HashMap<String, String>,
    words: &Words,
) -> Vec<(&'static str, String)> {
    let label = words.html(completion_label(project.completed_at, now), &[]);
    let mut chips = String::new();
    if !project.category.is_empty() {
        let _ = write!(
            chips,
            "<span class=\"rounded-full bg-blue-100 px-3 py-1 text-sm text-blue-800\">{}</span>",
            escape(&project.category)
        );
    }
    let _ = write!(chips, "<span class=\"rounded-full bg-green-100 px-3 py-1 text-sm text-green-800\">{label}</span>");
    if project.featured {
        let _ = write!(
            chips,
            "<span class=\"rounded-full bg-yellow-400 px-3 py-1 text-sm font-semibold text-gray-900\">{}</span>",
            words.html("project.featured", &[])
        );
    }

    let mut rating_html = String::new();
    stars(&mut rating_html, rating(project.featured, project.completed_at, now), parts, words);

    let or_dash = |text: &str| if text.is_empty() { "—".to_owned() } else { escape(text) };
    let facts = [
        ("project.meta.client", or_dash(&project.client)),
        ("project.meta.category", or_dash(&project.category)),
        ("project.meta.completed", escape(&words.date(project.completed_at))),
        ("project.meta.status", label),
    ];
    let mut facts_html = String::from("<dl class=\"-mt-8 grid grid-cols-2 gap-4 md:grid-cols-4\">");
    for (name, value) in facts {
        let _ = write!(
            facts_html,
            "<div class=\"rounded-2xl bg-white p-5 shadow-md\"><dt class=\"text-xs font-medium tracking-wide \
             text-gray-500 uppercase\">{}</dt><dd class=\"mt-1 font-semibold text-gray-900\">{value}</dd></div>",
            words.html(name, &[])
        );
    }
    facts_html.push_str("</dl>");

    let mut overview = format!(
        "<section aria-labelledby=\"project-overview\" class=\"mt-10\"><h2 id=\"project-overview\" class=\"text-2xl \
         font-bold text-gray-900\">{}</h2><div class=\"mt-4\">",
        words.html("project.overview", &[])
    );
    markdown_block(&mut overview, &project.content_html, "");
    overview.push_str("</div></section>");

    let aside = aside(project, technology_names, tag_names, words);

    vec![("chips", chips), ("rating", rating_html), ("facts", facts_html), ("overview", overview), ("aside", aside)]
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn at(year: i32, month: u32, day: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(year, month, day, 0, 0, 0).unwrap()
    }

    #[test]
    fn the_rating_and_label_follow_the_completion_as_the_page_derives_them() {
        let now = at(2026, 6, 1);
        assert!((rating(true, at(2026, 1, 1), now) - 4.8).abs() < f64::EPSILON);
        assert!((rating(false, at(2023, 1, 1), now) - 4.2).abs() < f64::EPSILON, "three whole years");
        assert!((rating(false, at(2000, 1, 1), now) - 4.0).abs() < f64::EPSILON, "never below 4");
        assert!((rating(false, at(2027, 1, 1), now) - 4.5).abs() < f64::EPSILON, "a future date is no year");
        assert_eq!(completion_label(at(2025, 1, 1), now), "project.recent");
        assert_eq!(completion_label(at(2027, 1, 1), now), "project.recent");
        assert_eq!(completion_label(at(2023, 1, 1), now), "project.completedLabel");
    }

    fn project() -> ProjectDto {
        let now = at(2026, 1, 1);
        ProjectDto {
            meta: atelier_domain::meta::RecordMeta::default().into(),
            language: None,
            translations: None,
            id: "65f1c2a9b4e8d70012345678".to_owned(),
            slug: "p".to_owned(),
            title: "P".to_owned(),
            client: "<Client>".to_owned(),
            category: String::new(),
            description: "Text".to_owned(),
            content_html: "<p>Text</p>".to_owned(),
            short_description: String::new(),
            image: String::new(),
            technologies: (1..=8).map(|n| format!("t{n}")).collect(),
            tags: vec!["g1".to_owned(), "unknown".to_owned()],
            demo_url: "https://example.com/?a=1&b=\"2\"".to_owned(),
            github_url: String::new(),
            completed_at: at(2025, 3, 15),
            featured: true,
            status: ProjectStatusDto::Published,
            images: Vec::new(),
            publish_at: None,
            created_at: now,
            updated_at: now,
        }
    }

    #[test]
    fn facts_text_and_panels_are_written_with_names_for_ids() {
        let names: HashMap<&str, &str> = [("t1", "React <18>"), ("t2", "Rust")].into_iter().collect();
        let tags: HashMap<&str, &str> = [("g1", "Shop")].into_iter().collect();
        let parts: HashMap<String, String> = ["full", "half", "empty"]
            .map(|kind| (format!("star:{kind}"), format!("<i>{kind}</i>")))
            .into_iter()
            .collect();
        let fields: HashMap<&str, String> =
            super::fields(&project(), &names, &tags, at(2026, 1, 1), &parts, Words::english()).into_iter().collect();
        assert_eq!(
            fields["chips"],
            "<span class=\"rounded-full bg-green-100 px-3 py-1 text-sm text-green-800\">Recent Project</span><span \
             class=\"rounded-full bg-yellow-400 px-3 py-1 text-sm font-semibold text-gray-900\">Featured Project</span>",
            "no category label for no category"
        );
        assert_eq!(
            fields["rating"],
            "<span role=\"img\" aria-label=\"Rated 4.8 out of 5\" class=\"inline-flex gap-0.5 \"><i>full</i><i>full</i>\
             <i>full</i><i>full</i><i>half</i></span><span class=\"text-sm text-gray-600\">4.8</span>"
        );
        let facts = &fields["facts"];
        assert!(
            facts.contains(">Client</dt><dd class=\"mt-1 font-semibold text-gray-900\">&lt;Client&gt;</dd>"),
            "{facts}"
        );
        assert!(facts.contains(">Category</dt><dd class=\"mt-1 font-semibold text-gray-900\">—</dd>"), "{facts}");
        assert!(facts.contains(">March 15, 2025</dd>"), "{facts}");
        assert!(fields["overview"].ends_with("<div class=\"markdown-body\"><p>Text</p></div></div></section>"));
        let aside = &fields["aside"];
        assert!(aside.contains(">8</dd>") && aside.contains(">2</dd>") && aside.contains(">Live</dd>"), "{aside}");
        assert!(aside.contains(">React &lt;18&gt;</li>") && aside.contains(">Rust</li>") && aside.contains(">t6</li>"));
        assert!(!aside.contains(">t7</li>"), "six shown: {aside}");
        assert!(aside.contains(">Show 2 More</button>"), "{aside}");
        assert!(aside.contains(">#Shop</li>") && aside.contains(">#unknown</li>"), "{aside}");
        assert!(aside.contains("href=\"https://example.com/?a=1&amp;b=&quot;2&quot;\""), "{aside}");
        assert!(!aside.contains("View on"), "no GitHub link: {aside}");
    }

    #[test]
    fn a_projects_labels_and_date_are_in_the_language_of_its_words() {
        let german = crate::site::words::german_for_tests();
        let fields: HashMap<&str, String> =
            super::fields(&project(), &HashMap::new(), &HashMap::new(), at(2026, 1, 1), &HashMap::new(), &german)
                .into_iter()
                .collect();
        assert!(
            fields["chips"].contains(">Aktuelles Projekt</span>")
                && fields["chips"].contains(">Ausgewähltes Projekt</span>")
        );
        let facts = &fields["facts"];
        assert!(
            facts.contains(">Kunde</dt>") && facts.contains(">Kategorie</dt>") && facts.contains(">15. März 2025</dd>"),
            "{facts}"
        );
        assert!(fields["overview"].contains(">Projektüberblick</h2>"));
        let aside = &fields["aside"];
        assert!(aside.contains(">Projektkennzahlen</h2>") && aside.contains(">Technologien</dt>"), "{aside}");
        assert!(aside.contains(">2 weitere anzeigen</button>") && aside.contains(">Live-Demo</a>"), "{aside}");
        assert!(!aside.contains("Show") && !aside.contains("Project"), "{aside}");
    }
}
