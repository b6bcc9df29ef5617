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

use atelier_application::site::Publisher;
use serde_json::{Value, json};

use super::footer::{self, tel_href};
use super::{Content, part};
use crate::api::content::ContentPageDto;
use crate::api::faqs::{FaqDto, FaqListDto};
use crate::api::services::ServiceDto;
use crate::api::testimonials::{TestimonialDto, TestimonialListDto};

/// How many questions the home page asks for (`FAQ_PREVIEW_LIMIT`).
pub(crate) const FAQ_LIMIT: i64 = 50;
/// How many testimonials the home page asks for (`TESTIMONIALS_LIMIT`).
pub(crate) const TESTIMONIALS_LIMIT: i64 = 30;
use crate::site::head::escape;

/// What the home page's sections show beside the Home page record.
pub(crate) struct HomeData<'a> {
    /// The contact details, `None` until saved (the "Call Us" card shows the fallback phone).
    pub contact: Option<&'a ContactDetails>,
    /// The featured services as `GET /services/featured` answers (`ServicesSection`).
    pub services: &'a [Service],
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
    /// `GET /services/featured`.
    pub services: Vec<Service>,
    pub faqs: &'a FaqListDto,
    pub testimonials: &'a TestimonialListDto,
    /// The portfolio's and the blog's cards ([`HomeData::portfolio`], [`HomeData::blog`]).
    pub portfolio: Option<&'a str>,
    pub blog: Option<&'a str>,
}

/// A link the owner set (`SiteLink`): an anchor on the home page, a page of the site, or another
/// site's address opened in a new tab.
fn site_link(html: &mut String, link: &Link, class: &str) {
    let target = link.target.as_str();
    let label = escape(&link.label);
    if let Some(anchor) = target.strip_prefix('#') {
        let _ = write!(html, "<a class=\"{class}\" href=\"/#{}\">{label}</a>", escape(anchor));
    } else if target.starts_with('/') {
        let _ = write!(html, "<a class=\"{class}\" href=\"{}\">{label}</a>", escape(target));
    } else {
        let _ = write!(
            html,
            "<a href=\"{}\" target=\"_blank\" rel=\"noopener noreferrer\" class=\"{class}\">{label}</a>",
            escape(target)
        );
    }
}

/// The owner's buttons in their order (`SiteLinks`): the first with `classes.0`, the others `classes.1`.
fn site_links(html: &mut String, links: &[Link], classes: (&str, &str)) {
    for (index, link) in links.iter().enumerate() {
        site_link(html, link, if index == 0 { classes.0 } else { classes.1 });
    }
}

/// The hero (`HeroSection`): title, subtitle, buttons, the "Trusted by" line and the build's picture.
fn hero(html: &mut String, page: &HomePage, parts: &HashMap<String, String>) {
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

/// Three selling points (`FeaturesStrip`), hidden on small screens; nothing without any.
fn features(html: &mut String, section: &HomeSection, parts: &HashMap<String, String>) {
    if section.items.is_empty() {
        return;
    }
    html.push_str(
        "<section aria-label=\"Why Atelier\" class=\"hidden bg-white py-12 md:block\"><div class=\"mx-auto grid \
         max-w-7xl grid-cols-3 gap-8 px-4 sm:px-6 lg:px-8\">",
    );
    for (index, feature) in section.items.iter().enumerate() {
        let _ = write!(
            html,
            "<div class=\"flex items-start gap-4 rounded-xl p-6 shadow-sm\"><span class=\"flex h-12 w-12 shrink-0 \
             items-center justify-center rounded-full bg-blue-100 text-blue-600\">{}</span><div><h2 \
             class=\"font-semibold text-gray-900\">{}</h2><p class=\"mt-1 text-sm text-gray-600\">{}</p></div></div>",
            part(parts, &format!("features:icon:{}", index % 3)),
            escape(&feature.title),
            escape(&feature.text),
        );
    }
    html.push_str("</div></section>");
}

/// Text blocks as `text.split(/\n\s*\n/)` cuts them: at a run of white space holding two line breaks
/// or more, the run from its first line break to its last.
fn paragraphs(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut start = 0;
    let mut at = 0;
    while let Some(offset) = text[at..].find('\n') {
        let first = at + offset;
        let run_end =
            text[first..].find(|character: char| !character.is_whitespace()).map_or(text.len(), |end| first + end);
        match text[first..run_end].rfind('\n').map(|last| first + last) {
            Some(last) if last > first => {
                found.push(&text[start..first]);
                start = last + 1;
                at = last + 1;
            }
            _ => at = first + 1,
        }
    }
    found.push(&text[start..]);
    found
}

/// The About section (`AboutSection`, `useAboutContent`): the About page's texts, each the build's
/// built-in one when the page has none (or there is no page), its values, and the owner's call to
/// action from the Home page record.
fn about(html: &mut String, section: &HomeSection, page: Option<&ContentPageDto>, parts: &HashMap<String, String>) {
    // A stored text, escaped; else the build's (already markup).
    let text = |stored: Option<&str>, name: &str| match stored.map(str::trim).filter(|text| !text.is_empty()) {
        Some(text) => escape(text),
        None => part(parts, &format!("about:{name}")).to_owned(),
    };
    let title = text(page.map(|page| page.title.as_str()), "title");
    let subtitle = text(page.map(|page| page.subtitle.as_str()), "subtitle");
    let description = text(page.map(|page| page.description.as_str()), "description");
    let mission = text(page.map(|page| page.mission.as_str()), "mission");
    let vision = text(page.map(|page| page.vision.as_str()), "vision");
    let stored: Vec<String> = page
        .map(|page| {
            page.values.iter().map(|value| value.trim()).filter(|value| !value.is_empty()).map(escape).collect()
        })
        .unwrap_or_default();
    let values: Vec<String> = if stored.is_empty() {
        part(parts, "about:values").split('\n').filter(|value| !value.is_empty()).map(str::to_owned).collect()
    } else {
        stored
    };
    let _ = write!(
        html,
        "<section id=\"about\" aria-labelledby=\"about-heading\" class=\"bg-white py-20\"><div class=\"mx-auto \
         max-w-7xl px-4 sm:px-6 lg:px-8\"><div class=\"mx-auto max-w-3xl text-center\"><h2 id=\"about-heading\" \
         class=\"text-3xl font-bold text-gray-900 md:text-4xl\">{title}</h2><p class=\"mt-4 text-lg \
         text-gray-600\">{subtitle}</p></div><div class=\"mx-auto mt-10 max-w-4xl space-y-4 text-center \
         leading-relaxed text-gray-700\">"
    );
    for paragraph in paragraphs(&description).into_iter().filter(|paragraph| !paragraph.trim().is_empty()) {
        let _ = write!(html, "<p>{paragraph}</p>");
    }
    let _ = write!(
        html,
        "</div><div class=\"mt-12 grid gap-8 md:grid-cols-2\"><div class=\"rounded-2xl bg-blue-50 p-8\"><h3 \
         class=\"text-xl font-semibold text-gray-900\">Our Mission</h3><p class=\"mt-3 text-gray-700\">{mission}</p>\
         </div><div class=\"rounded-2xl bg-indigo-50 p-8\"><h3 class=\"text-xl font-semibold text-gray-900\">Our \
         Vision</h3><p class=\"mt-3 text-gray-700\">{vision}</p></div></div><div class=\"mt-12 rounded-2xl bg-gray-50 \
         p-8\"><h3 class=\"mb-6 text-center text-xl font-semibold text-gray-900\">Our Core Values</h3><div \
         class=\"grid gap-6 md:grid-cols-2 lg:grid-cols-4\">"
    );
    for value in &values {
        // "Title - description" (`splitValue`).
        let (title, description) = value.split_once(" - ").unwrap_or((value, ""));
        let _ = write!(
            html,
            "<div class=\"h-full rounded-xl bg-white p-6 shadow-sm\"><h4 class=\"font-semibold text-gray-900\">{title}</h4>"
        );
        if !description.is_empty() {
            let _ = write!(html, "<p class=\"mt-2 text-sm text-gray-600\">{description}</p>");
        }
        html.push_str("</div>");
    }
    html.push_str("</div></div>");
    if !section.note.title.is_empty() || !section.links.is_empty() {
        html.push_str("<div class=\"mt-12 text-center\">");
        if !section.note.title.is_empty() {
            let _ = write!(html, "<h3 class=\"text-2xl font-bold text-gray-900\">{}</h3>", escape(&section.note.title));
        }
        for link in &section.links {
            site_link(
                html,
                link,
                "mt-6 inline-block rounded-full bg-blue-600 px-8 py-3 font-semibold text-white shadow hover:bg-blue-700",
            );
        }
        html.push_str("</div>");
    }
    html.push_str("</div></section>");
}

/// A list section (`ServicesSection`, `PortfolioPreviewSection`, `BlogPreviewSection`): heading
/// block, the list (`None`: the build's loading state, the list arriving with the page's script),
/// links.
fn list_section(
    html: &mut String,
    section: &HomeSection,
    key: &str,
    background: &str,
    list: Option<&str>,
    links: &str,
    parts: &HashMap<String, String>,
) {
    let _ = write!(
        html,
        "<section id=\"{key}\" aria-labelledby=\"{key}-heading\" class=\"{background} py-20\"><div class=\"mx-auto \
         max-w-7xl px-4 sm:px-6 lg:px-8\">"
    );
    heading_block(html, &format!("{key}-heading"), section);
    html.push_str(list.unwrap_or_else(|| part(parts, &format!("{key}:loading"))));
    html.push_str(links);
    html.push_str("</div></section>");
}

/// A preview section's cards in the grid wider screens show (phones get a carousel once the page's
/// script runs), or the section's line for none.
fn card_grid(cards: &str, none: &str) -> String {
    if cards.is_empty() {
        format!("<p class=\"text-center text-gray-600\">{none}</p>")
    } else {
        format!("<div class=\"grid gap-8 md:grid-cols-2 lg:grid-cols-3\">{cards}</div>")
    }
}

/// The featured services (`ServicesList` → `ServiceCard`, no price line): the grid wider screens
/// show (phones get a carousel once the page's script runs), each card with its icon, title, text,
/// first three features and how many more there are; or the line saying there are none.
fn service_cards(html: &mut String, services: &[Service], parts: &HashMap<String, String>) {
    if services.is_empty() {
        html.push_str("<p class=\"text-center text-gray-500\">No services available at the moment.</p>");
        return;
    }
    html.push_str("<div class=\"grid gap-8 md:grid-cols-2 lg:grid-cols-3\">");
    for service in services {
        super::service_card(html, service, parts, Some(3), None);
    }
    html.push_str("</div>");
}

/// The services section's two buttons (`ServicesSection`).
fn services_links(section: &HomeSection) -> String {
    let mut html = String::from("<div class=\"mt-12 flex flex-col justify-center gap-4 sm:flex-row\">");
    if let Some(link) = section.links.first() {
        site_link(
            &mut html,
            link,
            "rounded-full bg-blue-600 px-8 py-3 text-center font-semibold text-white shadow hover:bg-blue-700",
        );
    }
    if let Some(link) = section.links.get(1) {
        site_link(
            &mut html,
            link,
            "rounded-full border-2 border-blue-600 px-8 py-3 text-center font-semibold text-blue-600 hover:bg-blue-50",
        );
    }
    html.push_str("</div>");
    html
}

/// One centred button (`PortfolioPreviewSection`, `BlogPreviewSection`).
fn one_link(section: &HomeSection, class: &str) -> String {
    let mut html = String::from("<div class=\"mt-12 text-center\">");
    if let Some(link) = section.links.first() {
        site_link(&mut html, link, class);
    }
    html.push_str("</div>");
    html
}

/// The avatars' colours, in turn (`AVATAR_COLOURS`).
const AVATAR_COLOURS: [&str; 5] = [
    "bg-blue-100 text-blue-800",
    "bg-green-100 text-green-800",
    "bg-purple-100 text-purple-800",
    "bg-amber-100 text-amber-800",
    "bg-rose-100 text-rose-800",
];

/// A name's initials (`initials`): the first letters of its first two words, upper case.
fn initials(name: &str) -> String {
    name.split_whitespace().take(2).filter_map(|word| word.chars().next()).flat_map(char::to_uppercase).collect()
}

/// Five stars for a rating (`StarRating`): full, a half for a remaining half or more, empty; the
/// build draws each kind (`star:full`, `star:half`, `star:empty`).
fn stars(html: &mut String, rating: f64, parts: &HashMap<String, String>) {
    let value = rating.clamp(0.0, 5.0);
    let _ = write!(html, "<span role=\"img\" aria-label=\"Rated {value} out of 5\" class=\"inline-flex gap-0.5 \">");
    for index in 0..5_u32 {
        let kind = if value >= f64::from(index + 1) {
            "full"
        } else if value >= f64::from(index) + 0.5 {
            "half"
        } else {
            "empty"
        };
        html.push_str(part(parts, &format!("star:{kind}")));
    }
    html.push_str("</span>");
}

/// The testimonials (`TestimonialsSection` → `TestimonialCard`): the first ones, one on phones,
/// two from 768 px and three from 1024 px on, as the page's window first shows them. The window's
/// previous and next buttons and its dots move it with the page's script; without it they would do
/// nothing, so they are left out.
fn testimonials(
    html: &mut String,
    section: &HomeSection,
    testimonials: &[TestimonialDto],
    parts: &HashMap<String, String>,
) {
    html.push_str(
        "<section aria-labelledby=\"testimonials-heading\" class=\"bg-blue-50/50 py-20\"><div class=\"mx-auto \
         max-w-7xl px-4 sm:px-6 lg:px-8\">",
    );
    heading_block(html, "testimonials-heading", section);
    if testimonials.is_empty() {
        html.push_str("<p class=\"text-center text-gray-600\">No testimonials available at the moment.</p>");
    } else {
        html.push_str(
            "<section aria-roledescription=\"carousel\" aria-label=\"Testimonials\"><div class=\"flex items-center \
             gap-4\"><div aria-live=\"polite\" class=\"grid flex-1 touch-pan-y gap-6 md:grid-cols-2 lg:grid-cols-3\">",
        );
        for (index, testimonial) in testimonials.iter().take(3).enumerate() {
            let shown = ["", "hidden md:block", "hidden lg:block"][index];
            let _ = write!(
                html,
                "<div class=\"{shown}\"><figure data-testid=\"testimonial-card\" class=\"flex h-full flex-col \
                 rounded-2xl bg-white p-6 shadow-md\">"
            );
            stars(html, testimonial.rating, parts);
            html.push_str("<blockquote class=\"mt-4 flex-1 text-gray-700\">");
            if testimonial.content.trim().is_empty() {
                html.push_str("<p class=\"text-gray-600 italic\">No testimonial content provided.</p>");
            } else {
                let _ = write!(html, "<div class=\"markdown-body\">{}</div>", testimonial.content_html);
            }
            let _ = write!(
                html,
                "</blockquote><figcaption class=\"mt-6 flex items-center gap-3\"><span aria-hidden=\"true\" \
                 data-testid=\"testimonial-avatar\" class=\"flex h-11 w-11 items-center justify-center rounded-full \
                 font-bold {}\">{}</span><span><span class=\"block font-semibold text-gray-900\">{}</span>",
                AVATAR_COLOURS[index % AVATAR_COLOURS.len()],
                escape(&initials(&testimonial.name)),
                escape(&testimonial.name),
            );
            if !testimonial.company.is_empty() {
                let _ =
                    write!(html, "<span class=\"block text-sm text-gray-600\">{}</span>", escape(&testimonial.company));
            }
            html.push_str("</span></figcaption></figure></div>");
        }
        html.push_str("</div></div></section>");
    }
    html.push_str("</div></section>");
}

/// How many questions the home page shows: on phones, and from 768 px on (`FaqPreviewSection`).
const FAQS_ON_PHONES: usize = 4;
const FAQS_WIDE: usize = 6;

/// The questions (`FaqPreviewSection` → `FaqAccordion`), all closed: the first six, the last two
/// only from 768 px on, each with its answer in the page (hidden, as the closed accordion keeps
/// it); the link to all of them when there are more than the screen shows. The accordion's buttons
/// open a question with the page's script; without it they would do nothing, so the server writes
/// the same boxes as plain elements.
fn faq(html: &mut String, section: &HomeSection, faqs: &[FaqDto]) {
    let _ = write!(
        html,
        "<section aria-labelledby=\"faq-preview-heading\" class=\"bg-white py-20\"><div class=\"mx-auto max-w-3xl \
         px-4 sm:px-6\"><h2 id=\"faq-preview-heading\" class=\"text-center text-3xl font-bold text-gray-900 \
         md:text-4xl\">{}</h2>",
        escape(&section.heading)
    );
    subheading(html, section, "mt-4 mb-10 text-center text-lg text-gray-600");
    html.push_str("<ul class=\"space-y-3\">");
    for (index, faq) in faqs.iter().take(FAQS_WIDE).enumerate() {
        let wide = if index >= FAQS_ON_PHONES { " hidden md:block" } else { "" };
        let _ = write!(
            html,
            "<li data-testid=\"faq-item\" class=\"rounded-xl bg-white shadow-sm ring-1 ring-gray-100{wide}\"><h3><div \
             class=\"flex w-full items-center justify-between gap-4 rounded-xl px-6 py-4 text-left font-semibold \
             text-gray-900 hover:bg-gray-50\">{}<span aria-hidden=\"true\" class=\"text-xl text-blue-600\">+</span>\
             </div></h3><div hidden=\"\" class=\"px-6 pb-5 text-gray-700\"><div class=\"markdown-body\">{}</div></div></li>",
            escape(&faq.question),
            faq.answer_html,
        );
    }
    html.push_str("</ul>");
    // The page offers it from 768 px on only beyond six questions; here, wherever questions are left out.
    if let Some(link) = section.links.first().filter(|_| faqs.len() > FAQS_ON_PHONES) {
        html.push_str("<div class=\"mt-10 text-center\">");
        site_link(
            html,
            link,
            "inline-block rounded-full border-2 border-blue-600 px-8 py-3 font-semibold text-blue-700 hover:bg-blue-50",
        );
        html.push_str("</div>");
    }
    html.push_str("</div></section>");
}

/// "Why Choose Us" (`WhyChooseUsSection`), desktop only: the reasons, the first highlighted; nothing
/// without any.
fn why_choose_us(html: &mut String, section: &HomeSection, parts: &HashMap<String, String>) {
    let Some(first) = section.items.first() else { return };
    let _ = write!(
        html,
        "<section aria-labelledby=\"why-choose-us-heading\" data-testid=\"why-choose-us\" class=\"hidden bg-white \
         py-20 lg:block\"><div class=\"mx-auto max-w-7xl px-8\"><h2 id=\"why-choose-us-heading\" class=\"text-center \
         text-4xl font-bold text-gray-900\">{}</h2>",
        escape(&section.heading)
    );
    subheading(html, section, "mx-auto mt-4 max-w-2xl text-center text-lg text-gray-600");
    html.push_str("<div class=\"mt-12 grid grid-cols-2 items-center gap-12\"><ul class=\"space-y-3\">");
    for (index, item) in section.items.iter().enumerate() {
        // The page's buttons choose the reason shown; without the page's script they would do
        // nothing, so the server writes the same boxes as plain elements.
        let colours =
            if index == 0 { "bg-blue-600 text-white shadow-lg" } else { "bg-gray-50 text-gray-800 hover:bg-blue-50" };
        let _ = write!(
            html,
            "<li><div class=\"flex w-full items-center gap-4 rounded-xl px-5 py-4 text-left transition-colors \
             {colours}\">{}<span class=\"font-semibold\">{}</span></div></li>",
            part(parts, &format!("why-choose-us:icon:{}", index % 6)),
            escape(&item.title),
        );
    }
    let _ = write!(
        html,
        "</ul><div aria-live=\"polite\" class=\"rounded-3xl bg-gradient-to-br from-blue-50 to-indigo-100 p-10\">{}<h3 \
         class=\"mt-6 text-2xl font-bold text-gray-900\">{}</h3><p class=\"mt-3 text-lg text-gray-700\">{}</p></div>\
         </div></div></section>",
        part(parts, "why-choose-us:large-icon:0"),
        escape(&first.title),
        escape(&first.text),
    );
}

/// "Let's Work Together" (`WorkTogetherSection`): three cards, the second the phone number.
fn contact(html: &mut String, section: &HomeSection, data: &HomeData<'_>, parts: &HashMap<String, String>) {
    const CARD: &str = "flex flex-col items-center rounded-2xl bg-white/10 p-8 text-center transition-colors \
                        hover:bg-white/20";
    let _ = write!(
        html,
        "<section id=\"contact\" aria-labelledby=\"work-together-heading\" class=\"bg-gradient-to-r from-blue-600 \
         to-indigo-700 py-20 text-white\"><div class=\"mx-auto max-w-7xl px-4 sm:px-6 lg:px-8\"><h2 \
         id=\"work-together-heading\" class=\"text-center text-3xl font-bold md:text-4xl\">{}</h2>",
        escape(&section.heading)
    );
    subheading(html, section, "mx-auto mt-4 max-w-2xl text-center text-blue-100");
    let phone = match data.contact {
        Some(contact) => contact.phone.trim().to_owned(),
        None => part(parts, "contact:fallback-phone").to_owned(),
    };
    let card =
        |index: usize| section.items.get(index).map_or(("", ""), |item| (item.title.as_str(), item.text.as_str()));
    html.push_str("<div class=\"mt-12 grid gap-6 md:grid-cols-3\">");
    let cards = [
        ("href=\"/contact\"".to_owned(), card(0).1.to_owned()),
        (
            format!("href=\"{}\"", escape(&tel_href(&phone))),
            if phone.is_empty() { card(1).1.to_owned() } else { phone },
        ),
        ("href=\"/discuss-project\"".to_owned(), card(2).1.to_owned()),
    ];
    for (index, (href, text)) in cards.iter().enumerate() {
        let _ = write!(
            html,
            "<a class=\"{CARD}\" {href}>{}<span class=\"mt-4 text-xl font-semibold\">{}</span><span class=\"mt-2 \
             text-sm text-blue-100\">{}</span></a>",
            part(parts, &format!("contact:icon:{index}")),
            escape(card(index).0),
            escape(text),
        );
    }
    html.push_str("</div></div></section>");
}

/// "Why Hire Our Company" (`WhyHireSection`), desktop only: reasons, figures, the note, the
/// process and the buttons. The figures are written at their value (the page counts them up).
fn why_hire(html: &mut String, section: &HomeSection, parts: &HashMap<String, String>) {
    let _ = write!(
        html,
        "<section aria-labelledby=\"why-hire-heading\" data-testid=\"why-hire\" class=\"hidden bg-gradient-to-br \
         from-slate-900 to-blue-900 py-20 text-white lg:block\"><div class=\"mx-auto max-w-7xl px-8\"><h2 \
         id=\"why-hire-heading\" class=\"text-center text-4xl font-bold\">{}</h2>",
        escape(&section.heading)
    );
    subheading(html, section, "mx-auto mt-4 max-w-2xl text-center text-lg text-blue-100");
    html.push_str("<ul class=\"mt-12 grid grid-cols-3 gap-6\">");
    for (index, reason) in section.items.iter().enumerate() {
        let _ = write!(
            html,
            "<li class=\"rounded-2xl bg-white/5 p-6\">{}<h3 class=\"mt-4 text-lg font-semibold\">{}</h3><p \
             class=\"mt-2 text-sm text-blue-100\">{}</p></li>",
            part(parts, &format!("why-hire:icon:{}", index % 6)),
            escape(&reason.title),
            escape(&reason.text),
        );
    }
    html.push_str("</ul><div class=\"mt-14\"><dl class=\"grid grid-cols-4 gap-6\" data-testid=\"statistics\">");
    for figure in &section.figures {
        let value = format!("{}{}", figure.value, escape(&figure.suffix));
        let _ = write!(
            html,
            "<div class=\"flex flex-col-reverse rounded-2xl bg-white/10 p-6 text-center\"><dt class=\"mt-2 text-sm \
             text-blue-100\">{}</dt><dd class=\"text-4xl font-extrabold text-white\"><span \
             aria-hidden=\"true\">{value}</span><span class=\"sr-only\">{value}</span></dd></div>",
            escape(&figure.label),
        );
    }
    html.push_str("</dl>");
    if !section.note.title.is_empty() || !section.note.text.is_empty() {
        let _ = write!(
            html,
            "<p class=\"mt-6 text-center text-blue-100\"><strong class=\"text-white\">{}</strong> {}</p>",
            escape(&section.note.title),
            escape(&section.note.text),
        );
    }
    html.push_str("</div>");
    if !section.steps_heading.is_empty() {
        let _ =
            write!(html, "<h3 class=\"mt-14 text-center text-2xl font-bold\">{}</h3>", escape(&section.steps_heading));
    }
    html.push_str("<ol class=\"mt-8 grid grid-cols-6 gap-4\">");
    for (index, step) in section.steps.iter().enumerate() {
        let _ = write!(
            html,
            "<li class=\"text-center\"><span aria-hidden=\"true\" class=\"mx-auto flex h-12 w-12 items-center \
             justify-center rounded-full bg-blue-500 font-bold\">{}</span><span class=\"mt-3 block text-sm \
             font-medium\">{}</span></li>",
            index + 1,
            escape(step),
        );
    }
    html.push_str("</ol><div class=\"mt-14 flex justify-center gap-4\">");
    site_links(
        html,
        &section.links,
        (
            "rounded-full bg-white px-8 py-3 font-semibold text-blue-800 hover:bg-blue-50",
            "rounded-full border-2 border-white px-8 py-3 font-semibold text-white hover:bg-white/10",
        ),
    );
    html.push_str("</div></div></section>");
}

/// The home page: the hero, then each visible section in the record's order, each in its
/// `data-section` element.
pub(crate) fn home(page: &HomePage, data: &HomeData<'_>, parts: &HashMap<String, String>) -> String {
    let mut html = String::from("<div data-section=\"hero\">");
    hero(&mut html, page, parts);
    html.push_str("</div>");
    for section in page.sections.iter().filter(|section| section.visible) {
        let mut written = String::new();
        match section.key {
            SectionKey::Features => features(&mut written, section, parts),
            SectionKey::About => about(&mut written, section, data.about, parts),
            SectionKey::Services => {
                let mut cards = String::new();
                service_cards(&mut cards, data.services, parts);
                let links = services_links(section);
                list_section(&mut written, section, "services", "bg-gray-50", Some(&cards), &links, parts);
            }
            SectionKey::Portfolio => {
                let links = one_link(
                    section,
                    "inline-block rounded-full bg-blue-600 px-8 py-3 font-semibold text-white shadow hover:bg-blue-700",
                );
                let cards = data.portfolio.map(|cards| card_grid(cards, "No projects available at the moment."));
                list_section(&mut written, section, "portfolio", "bg-white", cards.as_deref(), &links, parts);
            }
            SectionKey::Blog => {
                let links = one_link(
                    section,
                    "inline-block rounded-full border-2 border-blue-600 px-8 py-3 font-semibold text-blue-700 \
                     hover:bg-blue-50",
                );
                let cards = data.blog.map(|cards| card_grid(cards, "No blog posts available at the moment."));
                list_section(&mut written, section, "blog", "bg-gray-50", cards.as_deref(), &links, parts);
            }
            SectionKey::Testimonials => testimonials(&mut written, section, data.testimonials, parts),
            SectionKey::WhyChooseUs => why_choose_us(&mut written, section, parts),
            SectionKey::Faq => faq(&mut written, section, data.faqs),
            SectionKey::Contact => contact(&mut written, section, data, parts),
            SectionKey::WhyHire => why_hire(&mut written, section, parts),
        }
        if !written.is_empty() {
            let _ = write!(html, "<div data-section=\"{}\">{written}</div>", section.key.as_str());
        }
    }
    html
}

/// The home page's content and the answers its first drawing reads: the Home page record and the
/// contact details (`null` until saved, as the API's 404), under their query keys.
///
/// # Errors
/// Only when an answer cannot be serialised.
pub(crate) fn content(
    publisher: &Publisher,
    page: &HomePage,
    read: HomeRead<'_>,
    parts: &HashMap<String, String>,
) -> anyhow::Result<Content> {
    let HomeRead { about, services, faqs, testimonials, portfolio, blog } = read;
    let data = HomeData {
        contact: publisher.contact.as_ref(),
        services: &services,
        faqs: &faqs.data,
        testimonials: &testimonials.testimonials,
        portfolio,
        blog,
        about,
    };
    let region = home(page, &data, parts);
    let mut answers = footer::answers(publisher, page)?;
    let featured: Vec<ServiceDto> = services.into_iter().map(ServiceDto::from).collect();
    answers.push((json!(["/services/featured"]), serde_json::to_value(featured)?));
    answers.push((json!(["/faqs", { "status": "active", "limit": FAQ_LIMIT }]), serde_json::to_value(faqs)?));
    let key = json!(["/testimonials", { "status": "approved", "limit": TESTIMONIALS_LIMIT }]);
    answers.push((key, serde_json::to_value(testimonials)?));
    // `null` stands for the API's 404: the section shows its built-in text.
    answers.push((json!(["/content/about"]), about.map_or(Ok(Value::Null), serde_json::to_value)?));
    Ok(Content { region: Some(region), data: answers })
}

#[cfg(test)]
mod tests {
    use atelier_application::home_page::initial_home_page;
    use atelier_domain::id::EntityId;

    use super::*;

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
        let data = HomeData {
            contact: None,
            services: &[],
            faqs: &[],
            testimonials: &[],
            portfolio: None,
            blog: None,
            about: None,
        };
        let parts = HashMap::new();
        let all = home(&page, &data, &parts);
        let expected: Vec<&str> =
            std::iter::once("hero").chain(page.sections.iter().map(|section| section.key.as_str())).collect();
        assert_eq!(keys(&all), expected);

        page.sections.retain(|section| section.key != SectionKey::Services);
        page.sections.iter_mut().find(|section| section.key == SectionKey::Blog).unwrap().visible = false;
        let faq = page.sections.iter().position(|section| section.key == SectionKey::Faq).unwrap();
        let moved = page.sections.remove(faq);
        page.sections.insert(0, moved);
        let shown = home(&page, &data, &parts);
        assert_eq!(keys(&shown)[..3], ["hero", "faq", "features"]);
        assert!(!keys(&shown).contains(&"blog") && !shown.contains("id=\"blog-heading\""), "{shown}");
    }

    #[test]
    fn a_rating_reads_as_five_stars_and_a_name_as_its_initials() {
        let parts: HashMap<String, String> =
            ["full", "half", "empty"].into_iter().map(|kind| (format!("star:{kind}"), format!("[{kind}]"))).collect();
        let mut html = String::new();
        stars(&mut html, 3.5, &parts);
        assert_eq!(
            html,
            "<span role=\"img\" aria-label=\"Rated 3.5 out of 5\" class=\"inline-flex gap-0.5 \">[full][full][full][half]\
             [empty]</span>"
        );
        let mut html = String::new();
        stars(&mut html, 9.0, &parts);
        assert!(html.contains("Rated 5 out of 5") && html.matches("[full]").count() == 5, "{html}");
        assert_eq!(initials("  ada   lovelace byron"), "AL");
        assert_eq!(initials(""), "");
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
        let html = home(
            &page,
            &HomeData {
                contact: None,
                services: &[],
                faqs: &[],
                testimonials: &[],
                portfolio: None,
                blog: None,
                about: None,
            },
            &HashMap::new(),
        );
        assert!(html.contains("md:text-5xl\">&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;us&quot;</h1>"));
        assert!(html.contains("bg-blue-600 px-8 py-3 text-center font-semibold text-white shadow-lg hover:bg-blue-700\" href=\"/#services\">Ours</a>"));
        assert!(html.contains("href=\"/blog\">Blog</a>"));
        assert!(html.contains(
            "<a href=\"https://example.com/?a=1&amp;b=2\" target=\"_blank\" rel=\"noopener noreferrer\" class=\"rounded-full border-2"
        ));
        assert!(!html.contains("mt-8 text-sm font-medium text-gray-500"), "no empty trusted-by line");
    }

    #[test]
    fn the_call_card_shows_the_saved_phone_else_the_builds_fallback() {
        let page = page();
        let parts: HashMap<String, String> =
            [("contact:fallback-phone".to_owned(), "+1 (555) 123-4567".to_owned())].into_iter().collect();
        let html = home(
            &page,
            &HomeData {
                contact: None,
                services: &[],
                faqs: &[],
                testimonials: &[],
                portfolio: None,
                blog: None,
                about: None,
            },
            &parts,
        );
        assert!(html.contains("href=\"tel:+15551234567\""), "{html}");
        assert!(html.contains("text-blue-100\">+1 (555) 123-4567</span>"), "{html}");
    }
}
