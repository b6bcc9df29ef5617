//! What each kind of page says in its head: the title, description, canonical address and picture
//! of a plain page, a post's or a project's (with its article dates and tags), and the structured
//! data (the `Organization`, the breadcrumbs) they are described with.

use atelier_application::blog::PostView;
use atelier_application::site::Publisher;
use atelier_domain::portfolio::Project;
use chrono::{DateTime, Utc};
use serde_json::{Map, Value, json};

use super::{DESCRIPTION_LEN, LOGO, PageInfo, SHARE_IMAGE, Subject, absolute, markdown, picture, timestamp};

/// What a page's head says, before it is written out.
pub(super) struct Page {
    pub(super) title: String,
    /// The title of link previews (without the site's name, which they show apart).
    pub(super) share_title: String,
    pub(super) description: String,
    /// The canonical address; `None` for the not-found page.
    pub(super) url: Option<String>,
    /// The page's own picture, absolute.
    pub(super) image: Option<String>,
    pub(super) article: Option<Article>,
    pub(super) items: Vec<Value>,
}

pub(super) struct Article {
    pub(super) published: DateTime<Utc>,
    pub(super) modified: DateTime<Utc>,
    pub(super) section: String,
    pub(super) tags: Vec<String>,
}

pub(super) fn plain_page(info: PageInfo<'_>, subject: &Subject, publisher: &Publisher, site: &str) -> Page {
    let base = info.base;
    let missing = matches!(subject, Subject::Missing);
    let home = info.path == "/" && !missing;
    let title = if home { format!("{site} | {}", info.name) } else { format!("{} | {site}", info.name) };
    let site_description = publisher.settings.site_description.trim();
    let description =
        if home && !site_description.is_empty() { site_description.to_owned() } else { info.description.to_owned() };
    let url = (!missing).then(|| absolute(base, &info.localized(info.path)));
    let mut items = Vec::new();
    if let (Subject::Faqs(faqs), Some(url)) = (subject, &url) {
        let questions: Vec<Value> = faqs
            .iter()
            .map(|faq| {
                json!({
                    "@type": "Question",
                    "name": faq.question,
                    "acceptedAnswer": { "@type": "Answer", "text": markdown::to_html(&faq.answer, base) },
                })
            })
            .collect();
        items.push(json!({ "@type": "FAQPage", "@id": format!("{url}#faq"), "url": url, "name": title, "mainEntity": questions }));
    }
    Page {
        share_title: if home { site.to_owned() } else { info.name.to_owned() },
        title,
        description,
        url,
        image: None,
        article: None,
        items,
    }
}

pub(super) fn post_page(info: PageInfo<'_>, view: &PostView, site: &str) -> Page {
    let base = info.base;
    let post = &view.post;
    let url = absolute(base, &info.localized(&format!("/blog/{}", post.slug.as_str())));
    let name = post.title.trim();
    let share_title = Some(post.meta_title.trim()).filter(|title| !title.is_empty()).unwrap_or(name).to_owned();
    let title = info.words.text("post.pageTitle", &[("title", &share_title), ("siteName", site)]);
    let description = first_text(&[
        &|| post.meta_description.trim().to_owned(),
        &|| markdown::summary(&post.excerpt, DESCRIPTION_LEN),
        &|| markdown::summary(&markdown::to_text(&post.content), DESCRIPTION_LEN),
        &|| info.description.to_owned(),
    ]);
    let image = picture(base, &post.featured_image);
    let author = if post.author_name.trim().is_empty() {
        json!({ "@id": organization_id(base) })
    } else {
        json!({ "@type": "Person", "name": post.author_name.trim() })
    };
    let mut article = Map::new();
    article.insert("@type".into(), "BlogPosting".into());
    article.insert("@id".into(), format!("{url}#article").into());
    article.insert("headline".into(), markdown::summary(name, 110).into());
    article.insert("description".into(), description.clone().into());
    article.insert("image".into(), json!([image.clone().unwrap_or_else(|| absolute(base, SHARE_IMAGE))]));
    let published = post.publication_date();
    let modified = post.updated_at.max(published);
    article.insert("datePublished".into(), timestamp(published).into());
    article.insert("dateModified".into(), timestamp(modified).into());
    article.insert("author".into(), author);
    article.insert("publisher".into(), json!({ "@id": organization_id(base) }));
    article.insert("mainEntityOfPage".into(), url.clone().into());
    article.insert("url".into(), url.clone().into());
    if !view.category_name.is_empty() {
        article.insert("articleSection".into(), view.category_name.clone().into());
    }
    if !view.tag_names.is_empty() {
        article.insert("keywords".into(), view.tag_names.join(", ").into());
    }
    let items = vec![Value::Object(article), breadcrumbs(&info, "nav.blog", "/blog", name, &url)];
    Page {
        title,
        share_title,
        description,
        url: Some(url),
        image,
        article: Some(Article {
            published,
            modified,
            section: view.category_name.clone(),
            tags: view.tag_names.clone(),
        }),
        items,
    }
}

pub(super) fn project_page(info: PageInfo<'_>, project: &Project, site: &str) -> Page {
    let base = info.base;
    let url = absolute(base, &info.localized(&format!("/project/{}", project.slug.as_str())));
    let name = project.title.trim();
    let description = first_text(&[
        &|| markdown::summary(&markdown::to_text(&project.short_description), DESCRIPTION_LEN),
        &|| markdown::summary(&markdown::to_text(&project.description), DESCRIPTION_LEN),
        &|| info.description.to_owned(),
    ]);
    let image = picture(base, &project.image);
    let mut work = Map::new();
    work.insert("@type".into(), "CreativeWork".into());
    work.insert("@id".into(), format!("{url}#project").into());
    work.insert("name".into(), name.into());
    work.insert("description".into(), description.clone().into());
    work.insert("url".into(), url.clone().into());
    work.insert("mainEntityOfPage".into(), url.clone().into());
    work.insert("image".into(), image.clone().unwrap_or_else(|| absolute(base, SHARE_IMAGE)).into());
    work.insert("dateCreated".into(), timestamp(project.completed_at).into());
    work.insert("dateModified".into(), timestamp(project.updated_at).into());
    work.insert("creator".into(), json!({ "@id": organization_id(base) }));
    if !project.category.trim().is_empty() {
        work.insert("genre".into(), project.category.trim().into());
    }
    if !project.client.trim().is_empty() {
        work.insert("sourceOrganization".into(), json!({ "@type": "Organization", "name": project.client.trim() }));
    }
    let items = vec![Value::Object(work), breadcrumbs(&info, "nav.portfolio", "/portfolio", name, &url)];
    Page {
        title: info.words.text("project.pageTitle", &[("title", name), ("siteName", site)]),
        share_title: name.to_owned(),
        description,
        url: Some(url),
        image,
        article: None,
        items,
    }
}

/// Home › `section` (its message) › `name`, in the page's language.
pub(super) fn breadcrumbs(info: &PageInfo<'_>, section: &str, section_path: &str, name: &str, url: &str) -> Value {
    let base = info.base;
    let home = match info.localized("/").as_str() {
        "/" => format!("{base}/"),
        path => absolute(base, path),
    };
    json!({
        "@type": "BreadcrumbList",
        "itemListElement": [
            { "@type": "ListItem", "position": 1, "name": info.words.text("nav.home", &[]), "item": home },
            { "@type": "ListItem", "position": 2, "name": info.words.text(section, &[]), "item": absolute(base, &info.localized(section_path)) },
            { "@type": "ListItem", "position": 3, "name": name, "item": url },
        ],
    })
}

pub(super) fn organization_id(base: &str) -> String {
    format!("{base}/#organization")
}

/// The publisher with its contact details and social profiles: the contact details' when saved,
/// else the settings'.
pub(super) fn organization(base: &str, publisher: &Publisher, site: &str) -> Value {
    let settings = &publisher.settings;
    let contact = publisher.contact.as_ref();
    let mut organization = Map::new();
    organization.insert("@type".into(), "Organization".into());
    organization.insert("@id".into(), organization_id(base).into());
    organization.insert("name".into(), site.into());
    organization.insert("url".into(), format!("{base}/").into());
    organization.insert("logo".into(), absolute(base, LOGO).into());
    let mut put = |key: &str, value: &str| {
        if !value.trim().is_empty() {
            organization.insert(key.into(), value.trim().into());
        }
    };
    put("description", &settings.site_description);
    put("email", contact.map_or(settings.contact_email.as_str(), |contact| contact.email.as_str()));
    put("telephone", contact.map_or("", |contact| contact.phone.as_str()));
    put("address", contact.map_or("", |contact| contact.address.as_str()));
    let support = settings.support_email.trim();
    if !support.is_empty() {
        organization.insert(
            "contactPoint".into(),
            json!([{ "@type": "ContactPoint", "contactType": "customer support", "email": support }]),
        );
    }
    let profiles = social_profiles(publisher);
    if !profiles.is_empty() {
        organization.insert("sameAs".into(), profiles.into());
    }
    Value::Object(organization)
}

/// The social profiles' addresses.
pub(super) fn social_profiles(publisher: &Publisher) -> Vec<String> {
    match &publisher.contact {
        Some(contact) if !contact.social_media.is_empty() => contact.social_media.values().cloned().collect(),
        _ => {
            let social = &publisher.settings.social_media;
            [&social.facebook, &social.twitter, &social.linkedin, &social.instagram, &social.github]
                .into_iter()
                .map(|url| url.trim().to_owned())
                .filter(|url| !url.is_empty())
                .collect()
        }
    }
}

/// `@name` of the site's X/Twitter profile, when it has one.
pub(super) fn twitter_handle(publisher: &Publisher) -> Option<String> {
    social_profiles(publisher).into_iter().find_map(|url| {
        let rest = url.split_once("://")?.1;
        let (host, path) = rest.split_once('/')?;
        let host = host.trim_start_matches("www.").to_ascii_lowercase();
        let name = path.split(['/', '?', '#']).next()?;
        let valid = !name.is_empty() && name.len() <= 15 && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        (matches!(host.as_str(), "twitter.com" | "x.com") && valid).then(|| format!("@{name}"))
    })
}

/// The first non-empty text, each candidate made only when those before it are empty (a post's
/// text is read for its description only without a meta description or an excerpt).
pub(super) fn first_text(candidates: &[&dyn Fn() -> String]) -> String {
    candidates.iter().map(|candidate| candidate().trim().to_owned()).find(|text| !text.is_empty()).unwrap_or_default()
}
