//! The home page as the server writes it (`HomeRoute`, `frontend/apps/public/src/app/routes/home.tsx`):
//! the hero, then every section the Home page record shows, in its order, each in the elements and
//! classes of the React section it mirrors (named at each function). Hidden sections are left out.
//!
//! Each section sits in a `<div data-section="{key}">`: the page keeps the whole region while React
//! adopts it, then each section's own code replaces its part when loaded, drawing the same thing
//! from the answers embedded with the page (`lib/server-preview.tsx`). Pictures only the build
//! draws (the hero's image, the icons) and the sections' loading states come from the page's
//! `parts` in `pages.json` (`homeParts`, `home-parts.tsx`).

use std::collections::HashMap;
use std::fmt::Write as _;

use atelier_domain::contact_details::ContactDetails;
use atelier_domain::home_page::{HomePage, HomeSection, Link, SectionKey};
use atelier_domain::service::Service;

use atelier_application::blog::languages::ReadLanguage;
use atelier_application::site::Publisher;
use serde_json::{Value, json};

mod records;
mod sections;

use super::footer;
use super::{Content, part};
use crate::api::content::ContentPageDto;
use crate::api::faqs::{FaqDto, FaqListDto};
use crate::api::services::ServiceDto;
use crate::api::testimonials::{TestimonialDto, TestimonialListDto};
use records::{card_grid, faq, list_section, one_link, service_cards, services_links, testimonials};
use sections::{about, contact, features, why_choose_us, why_hire};

/// How many questions the home page asks for (`FAQ_PREVIEW_LIMIT`).
pub(crate) const FAQ_LIMIT: i64 = 50;
/// How many testimonials the home page asks for (`TESTIMONIALS_LIMIT`).
pub(crate) const TESTIMONIALS_LIMIT: i64 = 30;
use crate::site::head::escape;
use crate::site::site_texts::SiteMarks;
use crate::site::words::Words;

/// What the home page's sections show beside the Home page record.
pub(crate) struct HomeData<'a> {
    /// The contact details, `None` until saved (the "Call Us" card shows the fallback phone).
    pub contact: Option<&'a ContactDetails>,
    /// The featured services as `GET /services/featured` answers (`ServicesSection`).
    pub services: &'a [Service],
    /// The language each of them is in (its answer's `language`; empty without a language).
    pub service_languages: &'a [Option<String>],
    /// The page's language (`None` for the default's): a record in another one says so.
    pub lang: Option<&'a ReadLanguage>,
    /// The questions as `GET /faqs?status=active&limit=50` answers them (`FaqPreviewSection`).
    pub faqs: &'a [FaqDto],
    /// The testimonials as `GET /testimonials?status=approved&limit=30` answers them.
    pub testimonials: &'a [TestimonialDto],
    /// The cards of the portfolio and blog sections (`PortfolioPreviewSection`,
    /// `BlogPreviewSection`), empty for none; `None` without the build's card templates (the
    /// section's loading state shows).
    pub portfolio: Option<&'a str>,
    pub blog: Option<&'a str>,
    /// The About page as a visitor reads it (`GET /content/about`), `None` when there is none
    /// published (the section shows the build's built-in text).
    pub about: Option<&'a ContentPageDto>,
}

/// What the server read for the home page's sections, as the API answers it.
pub(crate) struct HomeRead<'a> {
    /// `GET /content/about`, `None` for the API's 404.
    pub about: Option<&'a ContentPageDto>,
    /// `GET /services/featured`: the services and their answer.
    pub services: Vec<Service>,
    pub featured: Vec<ServiceDto>,
    pub faqs: &'a FaqListDto,
    pub testimonials: &'a TestimonialListDto,
    /// The portfolio's and the blog's cards ([`HomeData::portfolio`], [`HomeData::blog`]).
    pub portfolio: Option<&'a str>,
    pub blog: Option<&'a str>,
    /// The page's language (`None` for the default's).
    pub lang: Option<&'a ReadLanguage>,
}

/// A link the owner set (`SiteLink`): an anchor on the home page, a page of the site, or another
/// site's address opened in a new tab.
fn site_link(html: &mut String, link: &Link, class: &str, words: &Words) {
    let target = link.target.as_str();
    let label = escape(&link.label);
    if let Some(anchor) = target.strip_prefix('#') {
        let href = words.href(&format!("/#{anchor}"));
        let _ = write!(html, "<a class=\"{class}\" href=\"{}\">{label}</a>", escape(&href));
    } else if target.starts_with('/') {
        let _ = write!(html, "<a class=\"{class}\" href=\"{}\">{label}</a>", escape(&words.href(target)));
    } else {
        let _ = write!(
            html,
            "<a href=\"{}\" target=\"_blank\" rel=\"noopener noreferrer\" class=\"{class}\">{label}</a>",
            escape(target)
        );
    }
}

/// The owner's buttons in their order (`SiteLinks`): the first with `classes.0`, the others `classes.1`.
fn site_links(html: &mut String, links: &[Link], classes: (&str, &str), words: &Words) {
    for (index, link) in links.iter().enumerate() {
        site_link(html, link, if index == 0 { classes.0 } else { classes.1 }, words);
    }
}

/// The hero (`HeroSection`): title, subtitle, buttons, the "Trusted by" line and the build's picture.
fn hero(html: &mut String, page: &HomePage, parts: &HashMap<String, String>, words: &Words) {
    let hero = &page.hero;
    let _ = write!(
        html,
        "<section id=\"home\" class=\"relative overflow-hidden bg-gradient-to-br from-blue-50 via-white \
         to-indigo-50 pt-28 pb-20\"><div class=\"mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 \
         lg:grid-cols-2 lg:px-8\"><div><h1 class=\"text-4xl font-extrabold leading-tight text-gray-900 \
         md:text-5xl\">{}</h1>",
        escape(&hero.title)
    );
    if !hero.subtitle.is_empty() {
        let _ = write!(html, "<p class=\"mt-6 text-lg leading-relaxed text-gray-600\">{}</p>", escape(&hero.subtitle));
    }
    if !hero.links.is_empty() {
        html.push_str("<div class=\"mt-8 flex flex-col gap-4 sm:flex-row\">");
        site_links(
            html,
            &hero.links,
            (
                "rounded-full bg-blue-600 px-8 py-3 text-center font-semibold text-white shadow-lg hover:bg-blue-700",
                "rounded-full border-2 border-blue-600 px-8 py-3 text-center font-semibold text-blue-600 \
                 hover:bg-blue-50",
            ),
            words,
        );
        html.push_str("</div>");
    }
    if !hero.trusted_by.is_empty() {
        let _ = write!(html, "<p class=\"mt-8 text-sm font-medium text-gray-500\">{}</p>", escape(&hero.trusted_by));
    }
    let _ = write!(html, "</div>{}</div></section>", part(parts, "hero:image"));
}

/// A section's subheading as a paragraph with `class`; nothing when it is empty.
fn subheading(html: &mut String, section: &HomeSection, class: &str) {
    if !section.subheading.is_empty() {
        let _ = write!(html, "<p class=\"{class}\">{}</p>", escape(&section.subheading));
    }
}

/// The heading block of a list section (`ServicesSection`, `PortfolioPreviewSection`, …).
fn heading_block(html: &mut String, id: &str, section: &HomeSection) {
    let _ = write!(
        html,
        "<div class=\"mx-auto mb-12 max-w-3xl text-center\"><h2 id=\"{id}\" class=\"text-3xl font-bold text-gray-900 \
         md:text-4xl\">{}</h2>",
        escape(&section.heading)
    );
    subheading(html, section, "mt-4 text-lg text-gray-600");
    html.push_str("</div>");
}

/// The home page: the hero, then each visible section in the record's order, each in its
/// `data-section` element.
pub(crate) fn home(page: &HomePage, data: &HomeData<'_>, parts: &HashMap<String, String>, words: &Words) -> String {
    let mut html = String::from("<div data-section=\"hero\">");
    hero(&mut html, page, parts, words);
    html.push_str("</div>");
    for section in page.sections.iter().filter(|section| section.visible) {
        let mut written = String::new();
        match section.key {
            SectionKey::Features => features(&mut written, section, parts, words),
            SectionKey::About => about(&mut written, section, data.about, parts, words),
            SectionKey::Services => {
                let mut cards = String::new();
                service_cards(&mut cards, data, parts, words);
                let links = services_links(section, words);
                list_section(&mut written, section, "services", "bg-gray-50", Some(&cards), &links, parts);
            }
            SectionKey::Portfolio => {
                let links = one_link(
                    section,
                    "inline-block rounded-full bg-blue-600 px-8 py-3 font-semibold text-white shadow hover:bg-blue-700",
                    words,
                );
                let cards = data.portfolio.map(|cards| card_grid(cards, &words.html("portfolio.noneYet", &[])));
                list_section(&mut written, section, "portfolio", "bg-white", cards.as_deref(), &links, parts);
            }
            SectionKey::Blog => {
                let links = one_link(
                    section,
                    "inline-block rounded-full border-2 border-blue-600 px-8 py-3 font-semibold text-blue-700 \
                     hover:bg-blue-50",
                    words,
                );
                let cards = data.blog.map(|cards| card_grid(cards, &words.html("blog.noneYet", &[])));
                list_section(&mut written, section, "blog", "bg-gray-50", cards.as_deref(), &links, parts);
            }
            SectionKey::Testimonials => testimonials(&mut written, section, data, parts, words),
            SectionKey::WhyChooseUs => why_choose_us(&mut written, section, parts),
            SectionKey::Faq => faq(&mut written, section, data, words),
            SectionKey::Contact => contact(&mut written, section, data, parts, words),
            SectionKey::WhyHire => why_hire(&mut written, section, parts, words),
        }
        if !written.is_empty() {
            let _ = write!(html, "<div data-section=\"{}\">{written}</div>", section.key.as_str());
        }
    }
    html
}

/// The home page's content and the answers its first drawing reads: the Home page record and the
/// contact details (`null` until saved, as the API's 404), under their query keys (in the page's
/// language on a language's page: `marks`).
///
/// # Errors
/// Only when an answer cannot be serialised.
pub(crate) fn content(
    publisher: &Publisher,
    page: &HomePage,
    read: HomeRead<'_>,
    parts: &HashMap<String, String>,
    words: &Words,
    marks: Option<&SiteMarks>,
) -> anyhow::Result<Content> {
    let HomeRead { about, services, featured, faqs, testimonials, portfolio, blog, lang } = read;
    let service_languages: Vec<Option<String>> = featured.iter().map(|service| service.language.clone()).collect();
    let data = HomeData {
        contact: publisher.contact.as_ref(),
        services: &services,
        service_languages: &service_languages,
        lang,
        faqs: &faqs.data,
        testimonials: &testimonials.testimonials,
        portfolio,
        blog,
        about,
    };
    let region = home(page, &data, parts, words);
    let mut answers = footer::answers(publisher, page, marks)?;
    // The records' keys name the page's language (`kinds::key`), as its script asks.
    let key = |key| super::kinds::key(key, lang);
    answers.push((key(json!(["/services/featured"])), serde_json::to_value(featured)?));
    answers.push((key(json!(["/faqs", { "status": "active", "limit": FAQ_LIMIT }])), serde_json::to_value(faqs)?));
    let testimonials_key = key(json!(["/testimonials", { "status": "approved", "limit": TESTIMONIALS_LIMIT }]));
    answers.push((testimonials_key, serde_json::to_value(testimonials)?));
    // `null` stands for the API's 404: the section shows its built-in text.
    answers.push((key(json!(["/content/about"])), about.map_or(Ok(Value::Null), serde_json::to_value)?));
    Ok(Content { region: Some(region), data: answers })
}

#[cfg(test)]
mod tests {
    use atelier_application::home_page::initial_home_page;
    use atelier_domain::id::EntityId;

    use super::records::{initials, stars};
    use super::sections::paragraphs;
    use super::*;

    /// A home page's data with no records at all.
    fn nothing() -> HomeData<'static> {
        HomeData {
            contact: None,
            services: &[],
            service_languages: &[],
            lang: None,
            faqs: &[],
            testimonials: &[],
            portfolio: None,
            blog: None,
            about: None,
        }
    }

    fn page() -> HomePage {
        let now = chrono::Utc::now();
        initial_home_page(EntityId::generate(now), now)
    }

    fn keys(html: &str) -> Vec<&str> {
        html.split("<div data-section=\"").skip(1).map(|rest| &rest[..rest.find('"').unwrap()]).collect()
    }

    #[test]
    fn the_sections_follow_the_records_order_and_hidden_ones_are_left_out() {
        let mut page = page();
        let data = nothing();
        let parts = HashMap::new();
        let all = home(&page, &data, &parts, Words::english());
        let expected: Vec<&str> =
            std::iter::once("hero").chain(page.sections.iter().map(|section| section.key.as_str())).collect();
        assert_eq!(keys(&all), expected);

        page.sections.retain(|section| section.key != SectionKey::Services);
        page.sections.iter_mut().find(|section| section.key == SectionKey::Blog).unwrap().visible = false;
        let faq = page.sections.iter().position(|section| section.key == SectionKey::Faq).unwrap();
        let moved = page.sections.remove(faq);
        page.sections.insert(0, moved);
        let shown = home(&page, &data, &parts, Words::english());
        assert_eq!(keys(&shown)[..3], ["hero", "faq", "features"]);
        assert!(!keys(&shown).contains(&"blog") && !shown.contains("id=\"blog-heading\""), "{shown}");
    }

    #[test]
    fn a_rating_reads_as_five_stars_and_a_name_as_its_initials() {
        let parts: HashMap<String, String> =
            ["full", "half", "empty"].into_iter().map(|kind| (format!("star:{kind}"), format!("[{kind}]"))).collect();
        let mut html = String::new();
        stars(&mut html, 3.5, &parts, Words::english());
        assert_eq!(
            html,
            "<span role=\"img\" aria-label=\"Rated 3.5 out of 5\" class=\"inline-flex gap-0.5 \">[full][full][full][half]\
             [empty]</span>"
        );
        let mut html = String::new();
        stars(&mut html, 9.0, &parts, Words::english());
        assert!(html.contains("Rated 5 out of 5") && html.matches("[full]").count() == 5, "{html}");
        let mut german = String::new();
        stars(&mut german, 4.5, &parts, &crate::site::words::german_for_tests());
        assert!(german.starts_with("<span role=\"img\" aria-label=\"Bewertet mit 4,5 von 5\""), "{german}");
        assert_eq!(initials("  ada   lovelace byron"), "AL");
        assert_eq!(initials(""), "");
    }

    #[test]
    fn the_sections_own_words_are_in_the_pages_language() {
        let german = crate::site::words::german_for_tests();
        let page = page();
        let section = |key: SectionKey| page.sections.iter().find(|section| section.key == key).unwrap();
        let mut html = String::new();
        let none = nothing();
        testimonials(&mut html, section(SectionKey::Testimonials), &none, &HashMap::new(), &german);
        assert!(html.contains(">Zurzeit gibt es keine Kundenstimmen.</p>"), "{html}");
        let mut html = String::new();
        features(&mut html, section(SectionKey::Features), &HashMap::new(), &german);
        assert!(html.starts_with("<section aria-label=\"Warum Atelier\""), "{html}");
        let mut html = String::new();
        features(&mut html, section(SectionKey::Features), &HashMap::new(), Words::english());
        assert!(html.starts_with("<section aria-label=\"Why Atelier\""), "{html}");
        let mut html = String::new();
        about(&mut html, section(SectionKey::About), None, &HashMap::new(), &german);
        assert!(html.contains(">Unsere Mission</h3>") && !html.contains("Our Mission"), "{html}");
    }

    #[test]
    fn paragraphs_are_cut_where_the_page_cuts_them() {
        assert_eq!(paragraphs("One\n\nTwo\n \n\n  Three\nstill three"), ["One", "Two", "  Three\nstill three"]);
        assert_eq!(paragraphs("Alone"), ["Alone"]);
        assert_eq!(paragraphs("Trailing\n\n"), ["Trailing", ""]);
    }

    #[test]
    fn texts_stay_text_and_links_go_where_the_owner_said() {
        let mut page = page();
        page.hero.title = "<script>alert(1)</script> & \"us\"".to_owned();
        page.hero.links = vec![
            Link { label: "Ours".to_owned(), target: "#services".to_owned() },
            Link { label: "Blog".to_owned(), target: "/blog".to_owned() },
            Link { label: "Elsewhere".to_owned(), target: "https://example.com/?a=1&b=2".to_owned() },
        ];
        page.hero.trusted_by = String::new();
        let html = home(&page, &nothing(), &HashMap::new(), Words::english());
        assert!(html.contains("md:text-5xl\">&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;us&quot;</h1>"));
        assert!(html.contains("bg-blue-600 px-8 py-3 text-center font-semibold text-white shadow-lg hover:bg-blue-700\" href=\"/#services\">Ours</a>"));
        assert!(html.contains("href=\"/blog\">Blog</a>"));
        assert!(html.contains(
            "<a href=\"https://example.com/?a=1&amp;b=2\" target=\"_blank\" rel=\"noopener noreferrer\" class=\"rounded-full border-2"
        ));
        assert!(!html.contains("mt-8 text-sm font-medium text-gray-500"), "no empty trusted-by line");
    }

    #[test]
    fn a_languages_home_page_links_under_its_prefix_but_to_other_sites_as_they_are() {
        let mut page = page();
        for section in &mut page.sections {
            section.visible = true;
        }
        page.hero.links = vec![
            Link { label: "Ours".to_owned(), target: "#services".to_owned() },
            Link { label: "Blog".to_owned(), target: "/blog?tag=a".to_owned() },
            Link { label: "Mail".to_owned(), target: "mailto:a@b.example".to_owned() },
            Link { label: "Elsewhere".to_owned(), target: "https://example.com/x".to_owned() },
            Link { label: "Odd".to_owned(), target: "//evil.example/x".to_owned() },
        ];
        let data = nothing();
        let german = crate::site::words::german_for_tests().under("/de");
        let html = home(&page, &data, &HashMap::new(), &german);
        crate::site::links::assert_all_under(&html, "/de");
        for text in [
            "href=\"/de#services\">Ours</a>",
            "href=\"/de/blog?tag=a\">Blog</a>",
            "<a href=\"mailto:a@b.example\"",
            "<a href=\"https://example.com/x\"",
            "href=\"//evil.example/x\">Odd</a>",
            "href=\"/de/contact\"",
            "href=\"/de/discuss-project\"",
        ] {
            assert!(html.contains(text), "{text} in {html}");
        }
        let english = home(&page, &data, &HashMap::new(), Words::english());
        assert!(english.contains("href=\"/#services\">Ours</a>") && english.contains("href=\"/contact\""));
        assert!(crate::site::links::site_hrefs(&english).iter().all(|href| !href.starts_with("/de")));
    }

    #[test]
    fn the_call_card_shows_the_saved_phone_else_the_builds_fallback() {
        let page = page();
        let parts: HashMap<String, String> =
            [("contact:fallback-phone".to_owned(), "+1 (555) 123-4567".to_owned())].into_iter().collect();
        let html = home(&page, &nothing(), &parts, Words::english());
        assert!(html.contains("href=\"tel:+15551234567\""), "{html}");
        assert!(html.contains("text-blue-100\">+1 (555) 123-4567</span>"), "{html}");
    }
}
