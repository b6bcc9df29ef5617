//! The home page's own sections: the features strip, About, the two "why" sections and "Let's Work
//! Together", each in the elements and classes of the React section it mirrors.

use std::collections::HashMap;
use std::fmt::Write as _;

use atelier_domain::home_page::HomeSection;

use super::{HomeData, site_link, site_links, subheading};
use crate::api::content::ContentPageDto;
use crate::site::content::footer::tel_href;
use crate::site::content::part;
use crate::site::head::escape;
use crate::site::words::{Hole, Words};

/// Three selling points (`FeaturesStrip`), hidden on small screens; nothing without any.
pub(super) fn features(html: &mut String, section: &HomeSection, parts: &HashMap<String, String>, words: &Words) {
    if section.items.is_empty() {
        return;
    }
    // The strip names the product, as the page's `FeaturesStrip` does.
    let _ = write!(
        html,
        "<section aria-label=\"{}\" class=\"hidden bg-white py-12 md:block\"><div class=\"mx-auto grid \
         max-w-7xl grid-cols-3 gap-8 px-4 sm:px-6 lg:px-8\">",
        words.html("home.features", &[("siteName", Hole::Text("Atelier"))]),
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
pub(super) fn paragraphs(text: &str) -> Vec<&str> {
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
pub(super) fn about(
    html: &mut String,
    section: &HomeSection,
    page: Option<&ContentPageDto>,
    parts: &HashMap<String, String>,
    words: &Words,
) {
    // A stored text, escaped; else the build's (already markup).
    let (our_mission, our_vision, our_values) =
        (words.html("about.mission", &[]), words.html("about.vision", &[]), words.html("about.values", &[]));
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
         class=\"text-xl font-semibold text-gray-900\">{our_mission}</h3><p class=\"mt-3 text-gray-700\">{mission}</p>\
         </div><div class=\"rounded-2xl bg-indigo-50 p-8\"><h3 class=\"text-xl font-semibold text-gray-900\">\
         {our_vision}</h3><p class=\"mt-3 text-gray-700\">{vision}</p></div></div><div class=\"mt-12 rounded-2xl \
         bg-gray-50 p-8\"><h3 class=\"mb-6 text-center text-xl font-semibold text-gray-900\">{our_values}</h3><div \
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

/// "Why Choose Us" (`WhyChooseUsSection`), desktop only: the reasons, the first highlighted; nothing
/// without any.
pub(super) fn why_choose_us(html: &mut String, section: &HomeSection, parts: &HashMap<String, String>) {
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
pub(super) fn contact(html: &mut String, section: &HomeSection, data: &HomeData<'_>, parts: &HashMap<String, String>) {
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
pub(super) fn why_hire(html: &mut String, section: &HomeSection, parts: &HashMap<String, String>) {
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
