//! The records of every translated kind as a page in one of the site's languages reads them
//! (docs/languages.md, The public site): each read is the API's with `?lang=` (the same use cases,
//! the `ids` filter of a list that hides untranslated records, the same overlay and marks), so the
//! answer embedded under the key with `lang` is byte for byte the API's and the page asks for
//! nothing. Without a language (`None`, the default language's pages) each read is as it always
//! was: nothing more is read and nothing is marked.

use atelier_application::Audience;
use atelier_application::blog::languages::ReadLanguage;
use atelier_application::categories::CategoryCatalog;
use atelier_application::content::Content as Pages;
use atelier_application::faqs::{FaqQuery, Faqs};
use atelier_application::media::LibraryImages;
use atelier_application::portfolio::{Portfolio, ProjectQuery};
use atelier_application::ports::SharedClock;
use atelier_application::records::LookupError;
use atelier_application::services::{ServiceCatalog, ServiceQuery};
use atelier_application::store::Store;
use atelier_application::tags::TagCatalog;
use atelier_application::team::{Team, TeamQuery};
use atelier_application::testimonials::{TestimonialQuery, Testimonials};
use atelier_application::translations::Translations;
use atelier_domain::EntityId;
use atelier_domain::portfolio::Project;
use atelier_domain::service::Service;
use atelier_domain::translation::{Translatable, TranslationKind};
use std::fmt::Write as _;

use atelier_domain::language::{Direction, LanguageTag};
use serde_json::Value;

use crate::api::categories::CategoryDto;
use crate::api::content::ContentPageDto;
use crate::api::faqs::FaqListDto;
use crate::api::languages::{self, Marks};
use crate::api::portfolio::ProjectListDto;
use crate::api::services::ServiceDto;
use crate::api::tags::TagDto;
use crate::api::team::TeamMemberListDto;
use crate::api::testimonials::TestimonialListDto;
use crate::site::head::escape;

/// What names the language of the page an answer is embedded in: the page's read
/// ([`ReadLanguage`]), the site texts' marks or the tag itself.
pub(crate) trait PageLanguage {
    /// The page's language tag.
    fn page_lang(&self) -> &LanguageTag;
}

impl PageLanguage for ReadLanguage {
    fn page_lang(&self) -> &LanguageTag {
        &self.lang
    }
}

impl PageLanguage for LanguageTag {
    fn page_lang(&self) -> &LanguageTag {
        self
    }
}

/// A query key with `lang` among its parameters on a language's page (`["/faqs", {…, "lang":
/// "de"}]`, `["/content/about", {"lang": "de"}]`), as the public app asks a read that takes `lang`
/// (`keyWithLang` of `@atelier/api-client`); unchanged on the default language's pages (`None`).
/// Every answer a page embeds is keyed through it: the records' reads, the blog's lists, a post's
/// read (`localized::post_article`) and the site's own texts (`site_texts`).
pub(crate) fn key<L: PageLanguage + ?Sized>(mut key: Value, page: Option<&L>) -> Value {
    let Some(page) = page else { return key };
    let Some(parts) = key.as_array_mut() else { return key };
    let lang = Value::from(page.page_lang().as_str());
    if parts.len() == 1 {
        parts.push(serde_json::json!({ "lang": lang }));
    } else if let Some(Value::Object(parameters)) = parts.get_mut(1) {
        parameters.insert("lang".into(), lang);
    }
    key
}

/// The attributes of the element of a record whose texts are in `language` (its answer's
/// `language`) on a page in `read`'s language: ` lang="{tag}"` when that is not the page's (a
/// record shown in the default language), and ` dir="{direction}"` too when the two languages'
/// directions differ (an English record on an Arabic page is `dir="ltr"`); empty on the default
/// language's pages and for a record in the page's language. The public app's components write the
/// same (`recordLanguage` of `@atelier/ui`).
pub(crate) fn shown_in(language: Option<&str>, read: Option<&ReadLanguage>) -> String {
    let (Some(language), Some(read)) = (language, read) else { return String::new() };
    if language == read.lang.as_str() {
        return String::new();
    }
    let direction = |tag: &str| {
        read.languages.all().iter().find(|listed| listed.tag.as_str() == tag).map(|listed| listed.direction)
    };
    let mut attributes = format!(" lang=\"{}\"", escape(language));
    if let (Some(own), Some(page)) = (direction(language), direction(read.lang.as_str()))
        && own != page
    {
        let _ = write!(attributes, " dir=\"{}\"", if own == Direction::Rtl { "rtl" } else { "ltr" });
    }
    attributes
}

/// [`shown_in`] written right after an element's name: `<li` becomes `<li lang="en"`.
pub(crate) fn open(tag: &str, language: Option<&str>, read: Option<&ReadLanguage>) -> String {
    format!("<{tag}{}", shown_in(language, read))
}

/// `html` (a card the build's template drew) with [`shown_in`]'s `attributes` on its first
/// element, right after its name.
pub(crate) fn on_first_element(html: &str, attributes: &str) -> String {
    if attributes.is_empty() {
        return html.to_owned();
    }
    let Some(start) = html.find('<') else { return html.to_owned() };
    let name = html[start + 1..].find(|character: char| !character.is_ascii_alphanumeric()).map(|end| start + 1 + end);
    match name {
        Some(end) if end > start + 1 => format!("{}{attributes}{}", &html[..end], &html[end..]),
        _ => html.to_owned(),
    }
}

/// The records laid over with their live translations in `read`'s language, each with the marks
/// its DTO gets; in a list (`in_list`) a record the language hides is left out.
async fn over<S: Store, R: Translatable>(
    store: &S,
    clock: &SharedClock,
    records: Vec<R>,
    read: Option<&ReadLanguage>,
    in_list: bool,
) -> anyhow::Result<(Vec<R>, Vec<Option<Marks>>)> {
    languages::marked(&Translations::new(store.clone(), clock.clone()), records, read, in_list).await
}

/// The ids a paged list in `read`'s language keeps (`None`: every record).
async fn listed<S: Store>(
    store: &S,
    clock: &SharedClock,
    kind: TranslationKind,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<Option<Vec<EntityId>>> {
    match read {
        Some(read) => Translations::new(store.clone(), clock.clone()).listed_in(kind, read).await,
        None => Ok(None),
    }
}

/// `GET /faqs` (its answer).
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn faqs<S: Store>(
    store: &S,
    clock: &SharedClock,
    mut query: FaqQuery,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<FaqListDto> {
    query.ids = listed(store, clock, TranslationKind::Faq, read).await?;
    let mut list = Faqs::new(store.clone(), clock.clone()).list(Audience::Public, query).await?;
    let (items, marks) = over(store, clock, std::mem::take(&mut list.page.items), read, true).await?;
    list.page.items = items;
    let mut dto = FaqListDto::from(list);
    dto.data = languages::mark(dto.data, marks);
    Ok(dto)
}

/// `GET /testimonials` (its answer).
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn testimonials<S: Store>(
    store: &S,
    clock: &SharedClock,
    mut query: TestimonialQuery,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<TestimonialListDto> {
    query.ids = listed(store, clock, TranslationKind::Testimonial, read).await?;
    let mut page = Testimonials::new(store.clone(), clock.clone()).list(Audience::Public, query).await?;
    let (items, marks) = over(store, clock, std::mem::take(&mut page.items), read, true).await?;
    page.items = items;
    let mut dto = TestimonialListDto::from(page);
    dto.testimonials = languages::mark(dto.testimonials, marks);
    Ok(dto)
}

/// `GET /team` (its answer).
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn team<S: Store>(
    store: &S,
    clock: &SharedClock,
    mut query: TeamQuery,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<TeamMemberListDto> {
    query.ids = listed(store, clock, TranslationKind::TeamMember, read).await?;
    let mut page = Team::new(store.clone(), clock.clone()).list(Audience::Public, query).await?;
    let (items, marks) = over(store, clock, std::mem::take(&mut page.items), read, true).await?;
    page.items = items;
    let mut dto = TeamMemberListDto::from(page);
    dto.team_members = languages::mark(dto.team_members, marks);
    Ok(dto)
}

/// `GET /services` (the services as the page draws them, and the answer).
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn services<S: Store>(
    store: &S,
    clock: &SharedClock,
    mut query: ServiceQuery,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<(Vec<Service>, Vec<ServiceDto>)> {
    query.ids = listed(store, clock, TranslationKind::Service, read).await?;
    let services = ServiceCatalog::new(store.clone(), clock.clone()).list(Audience::Public, query).await?;
    let (services, marks) = over(store, clock, services, read, true).await?;
    let dtos = languages::mark(services.iter().cloned().map(ServiceDto::from).collect(), marks);
    Ok((services, dtos))
}

/// `GET /services/featured` (its answer).
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn featured_services<S: Store>(
    store: &S,
    clock: &SharedClock,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<(Vec<Service>, Vec<ServiceDto>)> {
    let services = ServiceCatalog::new(store.clone(), clock.clone()).featured().await?;
    let (services, marks) = over(store, clock, services, read, true).await?;
    let dtos = languages::mark(services.iter().cloned().map(ServiceDto::from).collect(), marks);
    Ok((services, dtos))
}

/// `GET /portfolio` (the projects as the page draws them, and the answer).
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn projects<S: Store>(
    store: &S,
    clock: &SharedClock,
    images: &LibraryImages<S>,
    mut query: ProjectQuery,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<(Vec<Project>, ProjectListDto)> {
    query.ids = listed(store, clock, TranslationKind::Project, read).await?;
    let mut page = Portfolio::new(store.clone(), clock.clone()).list(Audience::Public, query).await?;
    let (projects, marks) = over(store, clock, std::mem::take(&mut page.items), read, true).await?;
    let dtos = crate::api::portfolio::dtos(images, projects.clone())
        .await
        .map_err(|error| anyhow::anyhow!("the portfolio's answer could not be made: {error}"))?;
    Ok((projects, ProjectListDto::new(&page, languages::mark(dtos, marks))))
}

/// `GET /content/{type}` (its answer): `None` for a draft or a missing page (the API's 404).
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn content_page<S: Store>(
    store: &S,
    clock: &SharedClock,
    page_type: &str,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<Option<ContentPageDto>> {
    let page = match Pages::new(store.clone(), clock.clone()).get(Audience::Public, page_type).await {
        Ok(page) => page,
        Err(LookupError::NotFound(_)) => return Ok(None),
        Err(LookupError::Unexpected(error)) => return Err(error),
    };
    let (mut pages, mut marks) = over(store, clock, vec![page], read, false).await?;
    match (pages.pop(), marks.pop()) {
        (Some(page), Some(marks)) => Ok(Some(languages::mark_one(ContentPageDto::from(page), marks))),
        _ => Err(anyhow::anyhow!("a page read on its own is never left out")),
    }
}

/// `GET /blog/categories` (its answer).
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn categories<S: Store>(
    store: &S,
    clock: &SharedClock,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<Vec<CategoryDto>> {
    let categories = CategoryCatalog::new(store.clone(), clock.clone()).list(Audience::Public, None).await?;
    let (categories, marks) = over(store, clock, categories, read, true).await?;
    Ok(languages::mark(categories.into_iter().map(CategoryDto::from).collect(), marks))
}

/// `GET /tags` (its answer).
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn tags<S: Store>(
    store: &S,
    clock: &SharedClock,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<Vec<TagDto>> {
    let catalog = TagCatalog::new(store.clone(), clock.clone());
    Ok(match read {
        None => catalog.list(None).await?.into_iter().map(TagDto::from).collect(),
        Some(read) => languages::dtos(catalog.list_in(None, read).await?),
    })
}

/// A page's read in `page` among the site's languages `tags` (each with its direction).
#[cfg(test)]
pub(crate) fn read_for_tests(tags: &[(&str, &str)], page: &str) -> ReadLanguage {
    use atelier_domain::language::{Languages, SiteLanguageInput};
    let inputs: Vec<SiteLanguageInput> = tags
        .iter()
        .map(|(tag, direction)| SiteLanguageInput {
            tag: Some((*tag).into()),
            name: Some((*tag).into()),
            direction: Some((*direction).into()),
        })
        .collect();
    ReadLanguage { languages: Languages::parse(&inputs, None).unwrap(), lang: LanguageTag::parse(page).unwrap() }
}

#[cfg(test)]
mod tests {
    use atelier_domain::language::{LanguageTag, Languages, SiteLanguageInput};
    use serde_json::json;

    use super::*;

    fn german() -> ReadLanguage {
        let inputs: Vec<SiteLanguageInput> = ["en", "de"]
            .iter()
            .map(|tag| SiteLanguageInput { tag: Some((*tag).into()), name: Some((*tag).into()), direction: None })
            .collect();
        ReadLanguage { languages: Languages::parse(&inputs, None).unwrap(), lang: LanguageTag::parse("de").unwrap() }
    }

    #[test]
    fn a_key_names_the_language_of_the_page_as_the_app_asks() {
        let read = german();
        assert_eq!(key(json!(["/content/about"]), Some(&read)), json!(["/content/about", { "lang": "de" }]));
        assert_eq!(
            key(json!(["/faqs", { "status": "active", "limit": 100 }]), Some(&read)),
            json!(["/faqs", { "status": "active", "limit": 100, "lang": "de" }])
        );
        assert_eq!(
            key(json!(["/faqs", { "status": "active" }]), None::<&ReadLanguage>),
            json!(["/faqs", { "status": "active" }])
        );
        assert_eq!(key(json!(["/tags"]), None::<&ReadLanguage>), json!(["/tags"]));
        assert_eq!(key(json!([]), Some(&read)), json!([]));
    }

    #[test]
    fn a_key_from_the_pages_tag_is_written_byte_for_byte_as_the_app_looks_it_up() {
        let read = german();
        let from_tag = key(json!(["/blog/public/posts/slug/hallo-welt"]), Some(&read.lang));
        assert_eq!(from_tag.to_string(), r#"["/blog/public/posts/slug/hallo-welt",{"lang":"de"}]"#);
        assert_eq!(from_tag, key(json!(["/blog/public/posts/slug/hallo-welt"]), Some(&read)));
        assert_eq!(key(json!(["/settings"]), None::<&LanguageTag>).to_string(), r#"["/settings"]"#);
    }

    fn read(tags: &[(&str, &str)], page: &str) -> ReadLanguage {
        read_for_tests(tags, page)
    }

    #[test]
    fn a_record_in_another_language_than_the_pages_says_which_and_its_direction_when_it_differs() {
        let arabic = read(&[("en", "ltr"), ("de", "ltr"), ("ar", "rtl")], "ar");
        assert_eq!(shown_in(Some("en"), Some(&arabic)), " lang=\"en\" dir=\"ltr\"");
        assert_eq!(shown_in(Some("ar"), Some(&arabic)), "");
        let german = read(&[("en", "ltr"), ("de", "ltr"), ("ar", "rtl")], "de");
        assert_eq!(shown_in(Some("en"), Some(&german)), " lang=\"en\"");
        assert_eq!(shown_in(Some("de"), Some(&german)), "");
        assert_eq!(shown_in(None, Some(&german)), "", "a record read without a language");
        assert_eq!(shown_in(Some("en"), None), "", "the default language's pages are as before");
        let hebrew_default = read(&[("he", "rtl"), ("de", "ltr")], "de");
        assert_eq!(shown_in(Some("he"), Some(&hebrew_default)), " lang=\"he\" dir=\"rtl\"");
        assert_eq!(open("li", Some("he"), Some(&hebrew_default)), "<li lang=\"he\" dir=\"rtl\"");
        assert_eq!(open("li", Some("de"), Some(&hebrew_default)), "<li");
    }

    #[test]
    fn a_cards_attributes_go_on_its_first_element() {
        assert_eq!(
            on_first_element("<article class=\"x\"><a>", " lang=\"en\""),
            "<article lang=\"en\" class=\"x\"><a>"
        );
        assert_eq!(on_first_element("<div>", " lang=\"en\""), "<div lang=\"en\">");
        assert_eq!(on_first_element("<div>", ""), "<div>");
        assert_eq!(on_first_element("text", " lang=\"en\""), "text");
        assert_eq!(on_first_element("<>", " lang=\"en\""), "<>");
    }
}
