//! `/blog` and `/portfolio` as the server writes them: the whole first page of the list (as many
//! cards as the page shows, [`LIST_PAGE_SIZE`]), each card the build's card template (`BlogCardPreview`,
//! `ProjectCardPreview`) filled from one record with everything `BlogCard` and `ProjectCard` draw,
//! and every answer the page's first render reads embedded under its query key, so it asks for
//! nothing:
//!
//! - `/blog`: `GET /blog/public/posts?page=1&limit=12&status=published` and `GET /blog/categories`;
//! - `/portfolio`: `GET /portfolio?page=1&limit=12&status=published&sort=most-recent`, the category
//!   filter's `GET /portfolio?status=published&limit=100`, and the names of technologies and tags
//!   (`GET /technologies?limit=100`, `GET /tags`).

use std::collections::HashMap;
use std::fmt::Write as _;

use atelier_application::Audience;
use atelier_application::blog::languages::ReadLanguage;
use atelier_application::blog::{PostQuery, PostView};
use atelier_application::media::LibraryImages;
use atelier_application::portfolio::ProjectQuery;
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_application::technologies::{TechnologyCatalog, TechnologyQuery};
use atelier_domain::portfolio::{Project, ProjectSort, ProjectStatus};
use chrono::Datelike;
use serde_json::{Value, json};

use crate::api::categories::CategoryDto;
use crate::api::tags::TagDto;
use crate::api::technologies::{TechnologyDto, TechnologyListBody};
use crate::site::head::escape;
use crate::site::words::{Hole, Words};

mod in_language;

use self::in_language::posts_in;
use super::kinds::key;

/// How many cards a list's page shows (`BLOG_PAGE_SIZE`, `PORTFOLIO_PAGE_SIZE`).
pub const LIST_PAGE_SIZE: i64 = 12;
/// How many projects the portfolio's category filter reads (its second request).
const CATEGORY_SOURCE_LIMIT: i64 = 100;
/// How many technologies the project pages read (`useProjectLookups`).
const TECHNOLOGIES_LIMIT: i64 = 100;
/// A portfolio card names this many technologies before "+N more".
const CARD_TECHNOLOGIES: usize = 3;
/// A portfolio card names this many tags before "+N more".
const CARD_TAGS: usize = 2;

/// The blog's first page: its posts, its count line and the answers its page reads first.
pub(crate) struct BlogListing {
    pub posts: Vec<PostView>,
    /// The language each post is in (its answer's `language`; `None` without a language).
    pub languages: Vec<Option<String>>,
    pub count: String,
    pub data: Vec<(Value, Value)>,
}

/// The portfolio's first page: its projects, the names its cards show, its count line and the
/// answers its page reads first.
pub(crate) struct PortfolioListing {
    pub projects: Vec<Project>,
    /// The language each project is in (its answer's `language`; `None` without a language).
    pub languages: Vec<Option<String>>,
    pub names: Names,
    pub count: String,
    pub data: Vec<(Value, Value)>,
}

/// The blog's first page, read as the page's requests read it.
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn blog<S: Store>(
    store: &S,
    clock: &SharedClock,
    images: &LibraryImages<S>,
    words: &Words,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<BlogListing> {
    let query = PostQuery { page: Some(1), limit: Some(LIST_PAGE_SIZE), ..PostQuery::default() };
    let (posts, languages, total, answer) = posts_in(store, clock, images, query, read).await?;
    let count = words.count("blog.count", "count", total, &[]);
    let categories: Vec<CategoryDto> = super::kinds::categories(store, clock, read).await?;
    let data = vec![
        (
            super::kinds::key(
                json!(["/blog/public/posts", { "page": 1, "limit": LIST_PAGE_SIZE, "status": "published" }]),
                read,
            ),
            serde_json::to_value(answer)?,
        ),
        (key(json!(["/blog/categories"]), read), serde_json::to_value(categories)?),
    ];
    Ok(BlogListing { posts, languages, count, data })
}

/// The technologies' and tags' names by id, as the project pages read them.
pub(crate) struct Names {
    pub technologies: Vec<(String, String)>,
    pub tags: Vec<(String, String)>,
}

impl Names {
    pub fn technologies(&self) -> HashMap<&str, &str> {
        self.technologies.iter().map(|(id, name)| (id.as_str(), name.as_str())).collect()
    }

    pub fn tags(&self) -> HashMap<&str, &str> {
        self.tags.iter().map(|(id, name)| (id.as_str(), name.as_str())).collect()
    }
}

/// The portfolio's first page, read as the page's requests read it.
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn portfolio<S: Store>(
    store: &S,
    clock: &SharedClock,
    images: &LibraryImages<S>,
    words: &Words,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<PortfolioListing> {
    let first = ProjectQuery {
        status: Some(ProjectStatus::Published),
        sort: ProjectSort::MostRecent,
        page: Some(1),
        limit: Some(LIST_PAGE_SIZE),
        ..ProjectQuery::default()
    };
    let (projects, first) = super::kinds::projects(store, clock, images, first, read).await?;
    let first_total = first.total_items;
    let languages = first.projects.iter().map(|project| project.language.clone()).collect();
    let all = ProjectQuery {
        status: Some(ProjectStatus::Published),
        limit: Some(CATEGORY_SOURCE_LIMIT),
        ..ProjectQuery::default()
    };
    let (_, all) = super::kinds::projects(store, clock, images, all, read).await?;
    let (names, lookups) = names(store, clock, read).await?;
    let mut data = vec![
        (
            key(
                json!(["/portfolio", {
                    "page": 1, "limit": LIST_PAGE_SIZE, "status": "published", "sort": "most-recent"
                }]),
                read,
            ),
            serde_json::to_value(first)?,
        ),
        (
            key(json!(["/portfolio", { "status": "published", "limit": CATEGORY_SOURCE_LIMIT }]), read),
            serde_json::to_value(all)?,
        ),
    ];
    data.extend(lookups);
    let count = words.count("portfolio.count", "count", first_total, &[]);
    Ok(PortfolioListing { projects, languages, names, count, data })
}

/// The technologies' and tags' names by id, as the project pages read them (the tags in the
/// page's language), and their answers under their query keys (`GET /technologies?limit=100`,
/// `GET /tags`).
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn names<S: Store>(
    store: &S,
    clock: &SharedClock,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<(Names, Vec<(Value, Value)>)> {
    let query = TechnologyQuery { limit: Some(TECHNOLOGIES_LIMIT), ..TechnologyQuery::default() };
    let technologies = TechnologyCatalog::new(store.clone(), clock.clone()).list(Audience::Public, query).await?;
    let technologies = TechnologyListBody { data: technologies.into_iter().map(TechnologyDto::from).collect() };
    let tags: Vec<TagDto> = super::kinds::tags(store, clock, read).await?;
    let names = Names {
        technologies: technologies.data.iter().map(|item| (item.id.clone(), item.name.clone())).collect(),
        tags: tags.iter().map(|tag| (tag.id.clone(), tag.name.clone())).collect(),
    };
    let data = vec![
        (json!(["/technologies", { "limit": TECHNOLOGIES_LIMIT }]), serde_json::to_value(&technologies)?),
        (key(json!(["/tags"]), read), serde_json::to_value(&tags)?),
    ];
    Ok((names, data))
}

/// How many cards the home page's portfolio and blog sections show (`HOME_PROJECTS_LIMIT`,
/// `HOME_BLOG_LIMIT`).
pub const HOME_CARDS: i64 = 6;
/// The home page's project cards name this many technologies below 1024 px (`maxTechnologies`).
pub const HOME_NARROW_TECHNOLOGIES: usize = 2;

/// The home page's latest posts (`BlogPreviewSection`) and their answer, under the section's key
/// (`GET /blog/public/posts?page=1&limit=6&status=published`).
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn home_posts<S: Store>(
    store: &S,
    clock: &SharedClock,
    images: &LibraryImages<S>,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<(Vec<(PostView, Option<String>)>, Vec<(Value, Value)>)> {
    let query = PostQuery { page: Some(1), limit: Some(HOME_CARDS), ..PostQuery::default() };
    let (posts, languages, _, answer) = posts_in(store, clock, images, query, read).await?;
    let posts = posts.into_iter().zip(languages).collect();
    let key = super::kinds::key(
        json!(["/blog/public/posts", { "page": 1, "limit": HOME_CARDS, "status": "published" }]),
        read,
    );
    Ok((posts, vec![(key, serde_json::to_value(answer)?)]))
}

/// The home page's projects (`PortfolioPreviewSection`: featured first, then newest; each with the
/// language it is in on a language's page), the names
/// their cards show, and the answers the section reads (`GET /portfolio?sort=featured&limit=6&
/// status=published`, the technologies and the tags).
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn home_projects<S: Store>(
    store: &S,
    clock: &SharedClock,
    images: &LibraryImages<S>,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<(Vec<(Project, Option<String>)>, Names, Vec<(Value, Value)>)> {
    let query = ProjectQuery {
        status: Some(ProjectStatus::Published),
        sort: ProjectSort::Featured,
        limit: Some(HOME_CARDS),
        ..ProjectQuery::default()
    };
    let (projects, answer) = super::kinds::projects(store, clock, images, query, read).await?;
    let languages = answer.projects.iter().map(|project| project.language.clone());
    let projects = projects.into_iter().zip(languages).collect();
    let key = key(json!(["/portfolio", { "sort": "featured", "limit": HOME_CARDS, "status": "published" }]), read);
    let mut data = vec![(key, serde_json::to_value(answer)?)];
    let (names, lookups) = names(store, clock, read).await?;
    data.extend(lookups);
    Ok((projects, names, data))
}

/// A post card's fields beyond its title, slug and excerpt (`BlogCard`): its category, date,
/// reading time and author, as the post's own page writes them ([`super::post`]).
pub(crate) fn post_card(view: &PostView, words: &Words) -> Vec<(&'static str, String)> {
    let mut fields: Vec<(&'static str, String)> = super::post(view, "", words)
        .fields
        .into_iter()
        .filter(|(name, _)| {
            matches!(*name, "authorName" | "authorInitials" | "published" | "publishedDate" | "readingTime")
        })
        .collect();
    fields.push(("categoryName", view.category_name.clone()));
    fields
}

/// The first `max` items and how many more there are (`firstAndRest`).
fn first_and_rest<T>(items: &[T], max: usize) -> (&[T], usize) {
    (&items[..items.len().min(max)], items.len().saturating_sub(max))
}

/// A project card's HTML beyond its picture, category, title and summary (`ProjectCard`): `badge`
/// (over the picture, for a featured project) and `details` (the first technologies, the client and
/// the year, the first tags, the link to its page). With `narrow`, the card names that many
/// technologies below 1024 px and three from there on (the home page's `maxTechnologies`), the
/// others and each width's "+N more" shown or hidden by the stylesheet.
pub(crate) fn project_card(
    project: &Project,
    technology_names: &HashMap<&str, &str>,
    tag_names: &HashMap<&str, &str>,
    narrow: Option<usize>,
    words: &Words,
) -> Vec<(&'static str, String)> {
    let badge = if project.featured {
        format!(
            "<span class=\"absolute top-3 left-3 rounded-full bg-yellow-400 px-3 py-1 text-xs font-bold \
             text-gray-900\">{}</span>",
            words.html("project.featured", &[])
        )
    } else {
        String::new()
    };
    let name_of =
        |names: &HashMap<&str, &str>, id: String| names.get(id.as_str()).map_or(id.clone(), |name| (*name).to_owned());
    let technologies: Vec<String> =
        project.technologies.iter().map(|id| name_of(technology_names, id.to_string())).collect();
    let tags: Vec<String> = project.tags.iter().map(|id| name_of(tag_names, id.to_string())).collect();
    let mut details = String::new();
    let (shown, more) = first_and_rest(&technologies, CARD_TECHNOLOGIES);
    if !shown.is_empty() {
        let narrow = narrow.unwrap_or(CARD_TECHNOLOGIES).min(CARD_TECHNOLOGIES);
        let narrow_more = technologies.len().saturating_sub(narrow);
        // Shown at one width only: hidden below 1024 px, or from 1024 px on.
        let (wide_only, narrow_only) = ("hidden lg:block ", "lg:hidden ");
        details.push_str("<ul aria-label=\"Technologies\" class=\"mt-4 flex flex-wrap gap-2\">");
        for (index, name) in shown.iter().enumerate() {
            let _ = write!(
                details,
                "<li class=\"{}rounded-full bg-blue-50 px-2.5 py-1 text-xs font-medium text-blue-800\">{}</li>",
                if index < narrow { "" } else { wide_only },
                escape(name)
            );
        }
        let more_item = |details: &mut String, width: &str, more: usize| {
            let _ = write!(
                details,
                "<li class=\"{width}rounded-full bg-gray-100 px-2.5 py-1 text-xs text-gray-700\">{}</li>",
                more_line(words, more)
            );
        };
        if narrow_more == more {
            if more > 0 {
                more_item(&mut details, "", more);
            }
        } else {
            if narrow_more > 0 {
                more_item(&mut details, narrow_only, narrow_more);
            }
            if more > 0 {
                more_item(&mut details, wide_only, more);
            }
        }
        details.push_str("</ul>");
    }
    details.push_str("<dl class=\"mt-4 grid grid-cols-2 gap-2 text-sm\">");
    if !project.client.is_empty() {
        let _ = write!(
            details,
            "<div><dt class=\"text-xs text-gray-500\">{}</dt><dd class=\"font-medium text-gray-800\">{}</dd></div>",
            words.html("project.client", &[]),
            escape(&project.client)
        );
    }
    // `completionYear`: the year in UTC.
    let _ = write!(
        details,
        "<div><dt class=\"text-xs text-gray-500\">{}</dt><dd class=\"font-medium text-gray-800\">{}</dd></div></dl>",
        words.html("project.completed", &[]),
        project.completed_at.year()
    );
    let (shown, more) = first_and_rest(&tags, CARD_TAGS);
    if !shown.is_empty() {
        details.push_str("<ul aria-label=\"Tags\" class=\"mt-3 flex flex-wrap gap-2\">");
        for name in shown {
            let _ = write!(details, "<li class=\"text-xs text-gray-600\">#{}</li>", escape(name));
        }
        if more > 0 {
            let _ = write!(details, "<li class=\"text-xs text-gray-600\">{}</li>", more_line(words, more));
        }
        details.push_str("</ul>");
    }
    let slug = project.slug.as_str().trim();
    let path = if slug.is_empty() { format!("/project/{}", project.id) } else { format!("/project/{slug}") };
    let _ = write!(
        details,
        "<a class=\"mt-5 inline-block self-start rounded-full bg-blue-600 px-5 py-2 text-sm font-semibold text-white \
         hover:bg-blue-700\" href=\"{}\">{}</a>",
        escape(&words.href(&path)),
        words.html(
            "project.viewDetails",
            &[
                ("hidden", Hole::Markup("<span class=\"sr-only\">")),
                ("/hidden", Hole::Markup("</span>")),
                ("title", Hole::Text(&project.title)),
            ]
        )
    );
    vec![("badge", badge), ("details", details)]
}

/// A card's "+N more" line, in the language of `words`.
fn more_line(words: &Words, more: usize) -> String {
    words.count("project.more", "count", u64::try_from(more).unwrap_or(u64::MAX), &[])
}

#[cfg(test)]
mod tests {
    use atelier_domain::id::EntityId;
    use atelier_domain::slug::Slug;
    use chrono::Utc;

    use super::*;

    fn project(technologies: usize) -> (Project, Vec<(String, String)>) {
        let now = Utc::now();
        let ids: Vec<EntityId> = (0..technologies).map(|_| EntityId::generate(now)).collect();
        let names = ids.iter().enumerate().map(|(index, id)| (id.to_string(), format!("Tech {index}"))).collect();
        let project = Project {
            meta: atelier_domain::meta::RecordMeta::default(),
            id: EntityId::generate(now),
            slug: Slug::parse("shop").unwrap(),
            title: "Shop".to_owned(),
            client: String::new(),
            category: String::new(),
            description: String::new(),
            short_description: String::new(),
            image: String::new(),
            technologies: ids,
            tags: Vec::new(),
            demo_url: String::new(),
            github_url: String::new(),
            completed_at: now,
            featured: false,
            status: ProjectStatus::Published,
            publish_at: None,
            created_at: now,
            updated_at: now,
        };
        (project, names)
    }

    fn details(technologies: usize, narrow: Option<usize>) -> String {
        let (project, names) = project(technologies);
        let names: HashMap<&str, &str> = names.iter().map(|(id, name)| (id.as_str(), name.as_str())).collect();
        project_card(&project, &names, &HashMap::new(), narrow, Words::english()).pop().unwrap().1
    }

    #[test]
    fn a_card_writes_the_words_of_its_language() {
        let (mut project, names) = project(5);
        project.featured = true;
        project.client = "Nordbank".to_owned();
        let names: HashMap<&str, &str> = names.iter().map(|(id, name)| (id.as_str(), name.as_str())).collect();
        let english = project_card(&project, &names, &HashMap::new(), None, Words::english());
        let (badge, details) = (&english[0].1, &english[1].1);
        assert!(badge.ends_with(">Featured Project</span>"), "{badge}");
        assert!(details.contains(">+2 more</li>"));
        assert!(details.contains(">Client</dt>") && details.contains(">Completed</dt>"));
        assert!(details.contains(">View Details<span class=\"sr-only\">: Shop</span></a>"), "{details}");
        assert!(details.contains("href=\"/project/"), "{details}");
        let words = crate::site::words::german_for_tests().under("/de");
        let german = project_card(&project, &names, &HashMap::new(), None, &words);
        let (badge, details) = (&german[0].1, &german[1].1);
        assert!(badge.ends_with(">Ausgewähltes Projekt</span>"), "{badge}");
        assert!(details.contains(">+2 weitere</li>"));
        assert!(details.contains(">Kunde</dt>") && details.contains(">Abgeschlossen</dt>"));
        assert!(details.contains(">Details ansehen<span class=\"sr-only\">: Shop</span></a>"), "{details}");
        crate::site::links::assert_all_under(details, "/de");
    }

    #[test]
    fn the_list_names_three_technologies_at_every_width() {
        let html = details(5, None);
        assert_eq!(html.matches("<li class=\"rounded-full bg-blue-50").count(), 3, "{html}");
        assert!(html.contains("<li class=\"rounded-full bg-gray-100 px-2.5 py-1 text-xs text-gray-700\">+2 more</li>"));
        assert!(!html.contains("lg:"), "{html}");
    }

    #[test]
    fn the_home_page_names_two_below_1024_px_and_three_from_there_on() {
        let html = details(5, Some(2));
        assert_eq!(html.matches("<li class=\"rounded-full bg-blue-50").count(), 2, "{html}");
        assert!(html.contains("<li class=\"hidden lg:block rounded-full bg-blue-50 px-2.5 py-1 text-xs font-medium text-blue-800\">Tech 2</li>"));
        assert!(html.contains(
            "<li class=\"lg:hidden rounded-full bg-gray-100 px-2.5 py-1 text-xs text-gray-700\">+3 more</li>"
        ));
        assert!(html.contains(
            "<li class=\"hidden lg:block rounded-full bg-gray-100 px-2.5 py-1 text-xs text-gray-700\">+2 more</li>"
        ));
        // Three: no "+N more" from 1024 px on.
        let html = details(3, Some(2));
        assert!(html.contains(
            "<li class=\"lg:hidden rounded-full bg-gray-100 px-2.5 py-1 text-xs text-gray-700\">+1 more</li>"
        ));
        assert_eq!(html.matches("more</li>").count(), 1, "{html}");
        // Two or fewer: the same at every width.
        let html = details(2, Some(2));
        assert!(!html.contains("lg:") && !html.contains("more</li>"), "{html}");
    }
}
