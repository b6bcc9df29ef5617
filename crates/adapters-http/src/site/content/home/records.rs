//! The home page's sections that list records: the featured services, the portfolio's and the
//! blog's cards, the testimonials and the questions.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::{HomeData, heading_block, site_link, subheading};
use crate::api::faqs::FaqDto;
use crate::api::testimonials::TestimonialDto;
use crate::site::content::kinds::open;
use crate::site::content::part;
use crate::site::head::escape;
use crate::site::words::Words;
use atelier_domain::home_page::HomeSection;

/// A list section (`ServicesSection`, `PortfolioPreviewSection`, `BlogPreviewSection`): heading
/// block, the list (`None`: the build's loading state, the list arriving with the page's script),
/// links.
pub(super) fn list_section(
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
pub(super) fn card_grid(cards: &str, none: &str) -> String {
    if cards.is_empty() {
        format!("<p class=\"text-center text-gray-600\">{none}</p>")
    } else {
        format!("<div class=\"grid gap-8 md:grid-cols-2 lg:grid-cols-3\">{cards}</div>")
    }
}

/// The featured services (`ServicesList` → `ServiceCard`, no price line): the grid wider screens
/// show (phones get a carousel once the page's script runs), each card with its icon, title, text,
/// first three features and how many more there are; or the line saying there are none.
pub(super) fn service_cards(html: &mut String, data: &HomeData<'_>, parts: &HashMap<String, String>, words: &Words) {
    let services = data.services;
    if services.is_empty() {
        let _ = write!(html, "<p class=\"text-center text-gray-500\">{}</p>", words.html("services.noneYet", &[]));
        return;
    }
    html.push_str("<div class=\"grid gap-8 md:grid-cols-2 lg:grid-cols-3\">");
    for (index, service) in services.iter().enumerate() {
        let language = data.service_languages.get(index).and_then(Option::as_deref);
        let card = crate::site::content::Card { features_shown: Some(3), price: None, language, read: data.lang };
        crate::site::content::service_card(html, service, parts, card, words);
    }
    html.push_str("</div>");
}

/// The services section's two buttons (`ServicesSection`).
pub(super) fn services_links(section: &HomeSection, words: &Words) -> String {
    let mut html = String::from("<div class=\"mt-12 flex flex-col justify-center gap-4 sm:flex-row\">");
    if let Some(link) = section.links.first() {
        site_link(
            &mut html,
            link,
            "rounded-full bg-blue-600 px-8 py-3 text-center font-semibold text-white shadow hover:bg-blue-700",
            words,
        );
    }
    if let Some(link) = section.links.get(1) {
        site_link(
            &mut html,
            link,
            "rounded-full border-2 border-blue-600 px-8 py-3 text-center font-semibold text-blue-600 hover:bg-blue-50",
            words,
        );
    }
    html.push_str("</div>");
    html
}

/// One centred button (`PortfolioPreviewSection`, `BlogPreviewSection`).
pub(super) fn one_link(section: &HomeSection, class: &str, words: &Words) -> String {
    let mut html = String::from("<div class=\"mt-12 text-center\">");
    if let Some(link) = section.links.first() {
        site_link(&mut html, link, class, words);
    }
    html.push_str("</div>");
    html
}

/// The avatars' colours, in turn (`AVATAR_COLOURS`).
pub(super) const AVATAR_COLOURS: [&str; 5] = [
    "bg-blue-100 text-blue-800",
    "bg-green-100 text-green-800",
    "bg-purple-100 text-purple-800",
    "bg-amber-100 text-amber-800",
    "bg-rose-100 text-rose-800",
];

/// A name's initials (`initials`): the first letters of its first two words, upper case.
pub(super) fn initials(name: &str) -> String {
    name.split_whitespace().take(2).filter_map(|word| word.chars().next()).flat_map(char::to_uppercase).collect()
}

/// Five stars for a rating (`StarRating`): full, a half for a remaining half or more, empty; the
/// build draws each kind (`star:full`, `star:half`, `star:empty`).
pub(super) fn stars(html: &mut String, rating: f64, parts: &HashMap<String, String>, words: &Words) {
    crate::site::content::project::star_rating(html, rating, parts, words);
}

/// The testimonials (`TestimonialsSection` → `TestimonialCard`): the first ones, one on phones,
/// two from 768 px and three from 1024 px on, as the page's window first shows them. The window's
/// previous and next buttons and its dots move it with the page's script; without it they would do
/// nothing, so they are left out.
pub(super) fn testimonials(
    html: &mut String,
    section: &HomeSection,
    data: &HomeData<'_>,
    parts: &HashMap<String, String>,
    words: &Words,
) {
    let testimonials: &[TestimonialDto] = data.testimonials;
    html.push_str(
        "<section aria-labelledby=\"testimonials-heading\" class=\"bg-blue-50/50 py-20\"><div class=\"mx-auto \
         max-w-7xl px-4 sm:px-6 lg:px-8\">",
    );
    heading_block(html, "testimonials-heading", section);
    if testimonials.is_empty() {
        let _ = write!(html, "<p class=\"text-center text-gray-600\">{}</p>", words.html("testimonials.noneYet", &[]));
    } else {
        let _ = write!(
            html,
            "<section aria-roledescription=\"carousel\" aria-label=\"{}\"><div class=\"flex items-center \
             gap-4\"><div aria-live=\"polite\" class=\"grid flex-1 touch-pan-y gap-6 md:grid-cols-2 lg:grid-cols-3\">",
            words.html("testimonials.carousel", &[]),
        );
        for (index, testimonial) in testimonials.iter().take(3).enumerate() {
            let shown = ["", "hidden md:block", "hidden lg:block"][index];
            let _ = write!(
                html,
                "<div class=\"{shown}\">{} data-testid=\"testimonial-card\" class=\"flex h-full flex-col \
                 rounded-2xl bg-white p-6 shadow-md\">",
                open("figure", testimonial.language.as_deref(), data.lang)
            );
            stars(html, testimonial.rating, parts, words);
            html.push_str("<blockquote class=\"mt-4 flex-1 text-gray-700\">");
            if testimonial.content.trim().is_empty() {
                let _ = write!(html, "<p class=\"text-gray-600 italic\">{}</p>", words.html("testimonial.empty", &[]));
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
pub(super) const FAQS_ON_PHONES: usize = 4;
pub(super) const FAQS_WIDE: usize = 6;

/// The questions (`FaqPreviewSection` → `FaqAccordion`), all closed: the first six, the last two
/// only from 768 px on, each with its answer in the page (hidden, as the closed accordion keeps
/// it); the link to all of them when there are more than the screen shows. The accordion's buttons
/// open a question with the page's script; without it they would do nothing, so the server writes
/// the same boxes as plain elements.
pub(super) fn faq(html: &mut String, section: &HomeSection, data: &HomeData<'_>, words: &Words) {
    let faqs: &[FaqDto] = data.faqs;
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
            "{} data-testid=\"faq-item\" class=\"rounded-xl bg-white shadow-sm ring-1 ring-gray-100{wide}\"><h3><div \
             class=\"flex w-full items-center justify-between gap-4 rounded-xl px-6 py-4 text-left font-semibold \
             text-gray-900 hover:bg-gray-50\">{}<span aria-hidden=\"true\" class=\"text-xl text-blue-600\">+</span>\
             </div></h3><div hidden=\"\" class=\"px-6 pb-5 text-gray-700\"><div class=\"markdown-body\">{}</div></div></li>",
            open("li", faq.language.as_deref(), data.lang),
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
            words,
        );
        html.push_str("</div>");
    }
    html.push_str("</div></section>");
}
