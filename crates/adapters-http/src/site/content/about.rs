//! `/about` as the server writes it (`AboutPage` of `frontend/apps/public/src/features/about`,
//! `useAboutContent`, `TestimonialCard`): the title band, the about text, mission, vision and values
//! (the stored page's, the build's built-in text for what it leaves empty), the active team members
//! and the approved testimonials. The page's three requests (`GET /content/about`,
//! `GET /team?status=active&limit=100`, `GET /testimonials?status=approved&limit=30`) are embedded
//! under their query keys; a missing or draft about page (the API's 404) is embedded as `null`.

use std::collections::HashMap;
use std::fmt::Write as _;

use atelier_application::blog::languages::ReadLanguage;
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_application::team::TeamQuery;
use atelier_application::testimonials::TestimonialQuery;
use atelier_domain::team::TeamMemberStatus;
use atelier_domain::testimonial::TestimonialStatus;
use serde_json::{Value, json};

use super::kinds::open;
use super::project::star_rating;
use super::{Content, markdown_block, part};
use crate::api::content::ContentPageDto;
use crate::api::team::TeamMemberDto;
use crate::api::testimonials::TestimonialDto;
use crate::site::head::escape;
use crate::site::words::{Hole, Words};

/// How many team members the page asks for (`TEAM_LIMIT`).
const TEAM_LIMIT: i64 = 100;
/// How many testimonials the page asks for (`TESTIMONIALS_LIMIT`).
const TESTIMONIALS_LIMIT: i64 = 30;
/// A testimonial's initials take their colours from these, in turn (`AVATAR_COLOURS`).
const AVATAR_COLOURS: [&str; 5] = [
    "bg-blue-100 text-blue-800",
    "bg-green-100 text-green-800",
    "bg-purple-100 text-purple-800",
    "bg-amber-100 text-amber-800",
    "bg-rose-100 text-rose-800",
];

/// The about page's content and answers, read as the page's requests read them.
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn page<S: Store>(
    store: &S,
    clock: &SharedClock,
    parts: &HashMap<String, String>,
    words: &Words,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<Content> {
    let about = super::kinds::content_page(store, clock, "about", read).await?;
    let query = TeamQuery { status: Some(TeamMemberStatus::Active), limit: Some(TEAM_LIMIT), ..TeamQuery::default() };
    let team = super::kinds::team(store, clock, query, read).await?;
    let query = TestimonialQuery {
        status: Some(TestimonialStatus::Approved),
        limit: Some(TESTIMONIALS_LIMIT),
        ..TestimonialQuery::default()
    };
    let testimonials = super::kinds::testimonials(store, clock, query, read).await?;
    let region = region(about.as_ref(), &team.team_members, &testimonials.testimonials, parts, words, read);
    let about = about.as_ref().map_or(Ok(Value::Null), serde_json::to_value)?;
    let key = |key| super::kinds::key(key, read);
    Ok(Content {
        region,
        data: vec![
            (key(json!(["/content/about"])), about),
            (key(json!(["/team", { "status": "active", "limit": TEAM_LIMIT }])), serde_json::to_value(team)?),
            (
                key(json!(["/testimonials", { "status": "approved", "limit": TESTIMONIALS_LIMIT }])),
                serde_json::to_value(testimonials)?,
            ),
        ],
    })
}

/// The paragraphs of a text as `description.split(/\n\s*\n/)` cuts it, the blank ones left out.
pub(crate) fn paragraphs(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut start = 0;
    let mut at = 0;
    let bytes = text.as_bytes();
    while at < bytes.len() {
        if bytes[at] == b'\n' {
            // The separator runs to the last line break of the white space that follows.
            let mut end = None;
            let mut next = at + 1;
            for character in text[at + 1..].chars() {
                if !character.is_whitespace() {
                    break;
                }
                if character == '\n' {
                    end = Some(next);
                }
                next += character.len_utf8();
            }
            if let Some(end) = end {
                found.push(&text[start..at]);
                start = end + 1;
                at = start;
                continue;
            }
        }
        at += 1;
    }
    found.push(&text[start..]);
    found.into_iter().filter(|paragraph| !paragraph.trim().is_empty()).collect()
}

/// A value is written "Title - description": cut at the first " - " (`splitValue`).
fn split_value(value: &str) -> (&str, &str) {
    value.split_once(" - ").unwrap_or((value, ""))
}

/// The first letters of the first two words, in capitals (`initials`, `memberInitials`).
fn initials(name: &str) -> String {
    name.split_whitespace().take(2).filter_map(|word| word.chars().next()).flat_map(char::to_uppercase).collect()
}

/// The about texts as HTML: the stored page's, trimmed and escaped, or for one left empty (or no
/// page) the build's built-in one (`useAboutContent`, `aboutParts`); and for each, the attributes
/// of its element (`kinds::shown_in` of the page's language, `lang` of a page shown in the default
/// language), empty for a built-in text, which is the page's language's.
struct Texts {
    title: String,
    subtitle: String,
    description: Vec<String>,
    mission: String,
    vision: String,
    values: Vec<(String, String)>,
    shown_in: ShownIn,
}

/// The attributes of each of the about texts' elements ([`Texts`]).
#[derive(Default)]
struct ShownIn {
    title: String,
    subtitle: String,
    description: String,
    mission: String,
    vision: String,
    values: String,
}

impl Texts {
    fn of(page: Option<&ContentPageDto>, parts: &HashMap<String, String>, read: Option<&ReadLanguage>) -> Self {
        let record = super::kinds::shown_in(page.and_then(|page| page.language.as_deref()), read);
        let own = |stored: bool| if stored { record.clone() } else { String::new() };
        // The mission, the vision and the values are not translated (the About page translates its
        // title, subtitle, description and content): stored, they are the default language's
        // whatever the record's answer is in.
        let default = read.map(|read| read.languages.default_language().tag.as_str());
        let untranslated = super::kinds::shown_in(page.and(default), read);
        let own_untranslated = |stored: bool| if stored { untranslated.clone() } else { String::new() };
        let stored = |text: Option<&str>| text.is_some_and(|text| !text.trim().is_empty());
        let text = |stored: Option<&str>, name: &str| match stored.map(str::trim) {
            Some(trimmed) if !trimmed.is_empty() => escape(trimmed),
            _ => part(parts, name).to_owned(),
        };
        let description = match page.map(|page| page.description.trim()).filter(|text| !text.is_empty()) {
            Some(description) => paragraphs(description).into_iter().map(escape).collect(),
            None => paragraphs(part(parts, "description")).into_iter().map(str::to_owned).collect(),
        };
        let own_values: Vec<&str> = page
            .map(|page| page.values.iter().map(|value| value.trim()).filter(|value| !value.is_empty()).collect())
            .unwrap_or_default();
        let shown_in = ShownIn {
            title: own(stored(page.map(|page| page.title.as_str()))),
            subtitle: own(stored(page.map(|page| page.subtitle.as_str()))),
            description: own(stored(page.map(|page| page.description.as_str()))),
            mission: own_untranslated(stored(page.map(|page| page.mission.as_str()))),
            vision: own_untranslated(stored(page.map(|page| page.vision.as_str()))),
            values: own_untranslated(!own_values.is_empty()),
        };
        let values = if own_values.is_empty() {
            (0..)
                .map_while(|index| parts.get(&format!("value:{index}")))
                .map(|value| {
                    let (title, description) = split_value(value);
                    (title.to_owned(), description.to_owned())
                })
                .collect()
        } else {
            own_values
                .into_iter()
                .map(|value| {
                    let (title, description) = split_value(value);
                    (escape(title), escape(description))
                })
                .collect()
        };
        Self {
            title: text(page.map(|page| page.title.as_str()), "title"),
            subtitle: text(page.map(|page| page.subtitle.as_str()), "subtitle"),
            description,
            mission: text(page.map(|page| page.mission.as_str()), "mission"),
            vision: text(page.map(|page| page.vision.as_str()), "vision"),
            values,
            shown_in,
        }
    }
}

/// A team member's card (`MemberCard`).
fn member(html: &mut String, member: &TeamMemberDto, words: &Words, read: Option<&ReadLanguage>) {
    let _ = write!(html, "{} class=\"text-center\">", open("li", member.language.as_deref(), read));
    let avatar = member.avatar.trim();
    if avatar.is_empty() {
        let _ = write!(
            html,
            "<span aria-hidden=\"true\" class=\"mx-auto flex h-40 w-40 items-center justify-center rounded-full \
             bg-blue-100 text-4xl font-bold text-blue-800\">{}</span>",
            escape(&initials(&member.name))
        );
    } else {
        let _ = write!(
            html,
            "<img src=\"{}\" alt=\"{}\" width=\"160\" height=\"160\" loading=\"lazy\" class=\"mx-auto \
             h-40 w-40 rounded-full object-cover\"/>",
            escape(avatar),
            words.html("about.portrait", &[("name", Hole::Text(&member.name))])
        );
    }
    let _ = write!(
        html,
        "<h3 class=\"mt-4 text-lg font-semibold text-gray-900\">{}</h3><p class=\"text-sm text-gray-600\">{}</p></li>",
        escape(&member.name),
        escape(&member.position)
    );
}

/// A testimonial's card (`TestimonialCard`), its initials in the `index`th colour.
fn testimonial(
    html: &mut String,
    testimonial: &TestimonialDto,
    index: usize,
    parts: &HashMap<String, String>,
    words: &Words,
    read: Option<&ReadLanguage>,
) {
    let _ = write!(
        html,
        "{} data-testid=\"testimonial-card\" class=\"flex h-full flex-col rounded-2xl bg-white p-6 shadow-md\">",
        open("figure", testimonial.language.as_deref(), read)
    );
    star_rating(html, testimonial.rating, parts, words);
    html.push_str("<blockquote class=\"mt-4 flex-1 text-gray-700\">");
    if testimonial.content.trim().is_empty() {
        let _ = write!(html, "<p class=\"text-gray-600 italic\">{}</p>", words.html("testimonial.empty", &[]));
    } else {
        markdown_block(html, &testimonial.content_html, "");
    }
    let _ = write!(
        html,
        "</blockquote><figcaption class=\"mt-6 flex items-center gap-3\"><span aria-hidden=\"true\" \
         data-testid=\"testimonial-avatar\" class=\"flex h-11 w-11 items-center justify-center rounded-full font-bold \
         {}\">{}</span><span><span class=\"block font-semibold text-gray-900\">{}</span>",
        AVATAR_COLOURS[index % AVATAR_COLOURS.len()],
        escape(&initials(&testimonial.name)),
        escape(&testimonial.name)
    );
    if !testimonial.company.is_empty() {
        let _ = write!(html, "<span class=\"block text-sm text-gray-600\">{}</span>", escape(&testimonial.company));
    }
    html.push_str("</span></figcaption></figure>");
}

/// The whole page as `AboutPage` draws it; `None` without a stored page or the build's built-in
/// text (nothing to write).
pub(crate) fn region(
    page: Option<&ContentPageDto>,
    team: &[TeamMemberDto],
    testimonials: &[TestimonialDto],
    parts: &HashMap<String, String>,
    words: &Words,
    read: Option<&ReadLanguage>,
) -> Option<String> {
    if page.is_none() && !parts.contains_key("title") {
        return None;
    }
    let texts = Texts::of(page, parts, read);
    let shown_in = &texts.shown_in;
    let mut html = String::from(
        "<section class=\"bg-gradient-to-br from-blue-50 via-white to-indigo-50 pt-32 pb-16\"><div class=\"mx-auto \
         max-w-4xl px-4 text-center sm:px-6 lg:px-8\">",
    );
    let _ = write!(
        html,
        "<h1{} class=\"text-4xl font-bold text-gray-900 md:text-5xl\">{}</h1>",
        shown_in.title, texts.title
    );
    if !texts.subtitle.is_empty() {
        let _ = write!(html, "<div{} class=\"mt-4 text-lg text-gray-600\">{}</div>", shown_in.subtitle, texts.subtitle);
    }
    let _ = write!(
        html,
        "</div></section><div class=\"mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8\"><div{} class=\"mx-auto max-w-3xl \
         space-y-4 text-center text-lg leading-relaxed text-gray-700\">",
        shown_in.description
    );
    for paragraph in &texts.description {
        let _ = write!(html, "<p>{paragraph}</p>");
    }
    let _ = write!(
        html,
        "</div><div class=\"mt-12 grid gap-8 md:grid-cols-2\"><section aria-labelledby=\"about-mission\" \
         class=\"rounded-2xl bg-blue-50 p-8\"><h2 id=\"about-mission\" class=\"text-2xl font-semibold \
         text-gray-900\">{}</h2><p{} class=\"mt-3 text-gray-700\">{}</p></section><section \
         aria-labelledby=\"about-vision\" class=\"rounded-2xl bg-indigo-50 p-8\"><h2 id=\"about-vision\" \
         class=\"text-2xl font-semibold text-gray-900\">{}</h2><p{} class=\"mt-3 text-gray-700\">{}</p>\
         </section></div><section aria-labelledby=\"about-values\" class=\"mt-16\"><h2 id=\"about-values\" \
         class=\"text-center text-3xl font-bold text-gray-900\">{}</h2><ul{} class=\"mt-8 grid gap-6 \
         md:grid-cols-2 lg:grid-cols-4\">",
        words.html("about.mission", &[]),
        shown_in.mission,
        texts.mission,
        words.html("about.vision", &[]),
        shown_in.vision,
        texts.vision,
        words.html("about.values", &[]),
        shown_in.values,
    );
    for (title, description) in &texts.values {
        let _ = write!(
            html,
            "<li class=\"rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-100\"><h3 class=\"font-semibold \
             text-gray-900\">{title}</h3>"
        );
        if !description.is_empty() {
            let _ = write!(html, "<p class=\"mt-2 text-sm text-gray-600\">{description}</p>");
        }
        html.push_str("</li>");
    }
    html.push_str("</ul></section>");
    if !team.is_empty() {
        let _ = write!(
            html,
            "<section aria-labelledby=\"about-team\" class=\"mt-16\"><h2 id=\"about-team\" class=\"text-center \
             text-3xl font-bold text-gray-900\">{}</h2><ul class=\"mt-8 grid gap-8 sm:grid-cols-2 \
             lg:grid-cols-3\">",
            words.html("about.team", &[])
        );
        for person in team {
            member(&mut html, person, words, read);
        }
        html.push_str("</ul></section>");
    }
    if !testimonials.is_empty() {
        let _ = write!(
            html,
            "<section aria-labelledby=\"about-testimonials\" class=\"mt-16\"><h2 id=\"about-testimonials\" \
             class=\"text-center text-3xl font-bold text-gray-900\">{}</h2><div class=\"mt-8 grid \
             gap-6 md:grid-cols-2 lg:grid-cols-3\">",
            words.html("about.testimonials", &[])
        );
        for (index, item) in testimonials.iter().enumerate() {
            testimonial(&mut html, item, index, parts, words, read);
        }
        html.push_str("</div></section>");
    }
    let _ = write!(
        html,
        "<div class=\"mt-16 text-center\"><a class=\"inline-block rounded-full bg-blue-600 px-8 py-3 font-semibold \
         text-white hover:bg-blue-700\" href=\"{}\">{}</a></div></div>",
        escape(&words.href("/discuss-project")),
        words.html("about.workWithUs", &[])
    );
    Some(html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_are_cut_where_the_page_cuts_them() {
        assert_eq!(paragraphs("One"), ["One"]);
        assert_eq!(paragraphs("One\ntwo\n\nThree"), ["One\ntwo", "Three"]);
        assert_eq!(paragraphs("One\n \t\n\n  Two\n\n"), ["One", "  Two"]);
        assert_eq!(paragraphs("\n\nÉté\r\n\r\nfin"), ["Été\r", "fin"]);
        assert!(paragraphs(" \n\n ").is_empty());
    }

    #[test]
    fn values_and_initials_read_as_the_page_reads_them() {
        assert_eq!(split_value("Craft - We care - a lot"), ("Craft", "We care - a lot"));
        assert_eq!(split_value("Craft"), ("Craft", ""));
        assert_eq!(initials("  maya  chen lee"), "MC");
        assert_eq!(initials(""), "");
    }

    fn parts() -> HashMap<String, String> {
        [
            ("title", "About Us"),
            ("subtitle", "A studio &amp; more"),
            ("description", "Built in."),
            ("mission", "Built-in mission"),
            ("vision", "Built-in vision"),
            ("value:0", "Craft - Details"),
            ("value:1", "Openness"),
            ("star:full", "<i>*</i>"),
            ("star:half", "<i>/</i>"),
            ("star:empty", "<i>.</i>"),
        ]
        .into_iter()
        .map(|(name, markup)| (name.to_owned(), markup.to_owned()))
        .collect()
    }

    #[test]
    fn without_a_page_the_built_in_text_is_written_and_without_it_nothing() {
        assert_eq!(region(None, &[], &[], &HashMap::new(), Words::english(), None), None);
        let html = region(None, &[], &[], &parts(), Words::english(), None).unwrap();
        assert!(html.contains(">About Us</h1><div class=\"mt-4 text-lg text-gray-600\">A studio &amp; more</div>"));
        assert!(html.contains("<p>Built in.</p>") && html.contains(">Built-in mission</p>"), "{html}");
        assert!(html.contains(">Craft</h3><p class=\"mt-2 text-sm text-gray-600\">Details</p></li>"), "{html}");
        assert!(html.contains(">Openness</h3></li>"), "{html}");
        assert!(!html.contains("Meet Our Team") && !html.contains("What Our Clients Say"), "{html}");
        assert!(html.contains(">Our Mission</h2>") && html.contains(">Work With Us</a>"), "{html}");
        let german = region(None, &[], &[], &parts(), &crate::site::words::german_for_tests(), None).unwrap();
        assert!(german.contains(">Unsere Mission</h2>") && german.contains(">Unsere Werte</h2>"), "{german}");
        assert!(german.contains(">Mit uns arbeiten</a>") && !german.contains("Our "), "{german}");
    }

    #[test]
    fn the_about_texts_shown_in_the_default_language_say_so_and_the_built_in_ones_do_not() {
        let english = ContentPageDto {
            title: "About Us".to_owned(),
            description: "We build.\n\nWe care.".to_owned(),
            mission: "Good software".to_owned(),
            values: vec!["Craft - Details".to_owned()],
            ..super::super::page_for_tests("about", Some("en"))
        };
        let words = crate::site::words::german_for_tests();
        let languages = [("en", "ltr"), ("de", "ltr"), ("ar", "rtl")];
        let german = super::super::kinds::read_for_tests(&languages, "de");
        let html = region(Some(&english), &[], &[], &parts(), &words, Some(&german)).unwrap();
        assert!(html.contains("<h1 lang=\"en\" class=\"text-4xl font-bold text-gray-900 md:text-5xl\">About Us</h1>"));
        assert!(
            html.contains("<div class=\"mt-4 text-lg text-gray-600\">A studio &amp; more</div>"),
            "a built-in subtitle is the page's language's: {html}"
        );
        assert!(html.contains("<div lang=\"en\" class=\"mx-auto max-w-3xl space-y-4"), "{html}");
        assert!(html.contains("<p lang=\"en\" class=\"mt-3 text-gray-700\">Good software</p>"), "{html}");
        assert!(html.contains("<p class=\"mt-3 text-gray-700\">Built-in vision</p>"), "{html}");
        assert!(html.contains("<ul lang=\"en\" class=\"mt-8 grid gap-6"), "{html}");
        let arabic = super::super::kinds::read_for_tests(&languages, "ar");
        let html = region(Some(&english), &[], &[], &parts(), &words, Some(&arabic)).unwrap();
        assert!(html.contains("<h1 lang=\"en\" dir=\"ltr\" class="), "{html}");
        let translated = ContentPageDto { language: Some("de".to_owned()), ..english };
        let html = region(Some(&translated), &[], &[], &parts(), &words, Some(&german)).unwrap();
        assert!(html.contains("<h1 class=\"text-4xl"), "a translated title is the page's language's: {html}");
        assert!(html.contains("<div class=\"mx-auto max-w-3xl space-y-4"), "{html}");
        assert!(
            html.contains("<p lang=\"en\" class=\"mt-3 text-gray-700\">Good software</p>")
                && html.contains("<ul lang=\"en\" class=\"mt-8 grid gap-6"),
            "the mission and the values are not translated: the default language's on every page: {html}"
        );
        assert!(html.contains("<p class=\"mt-3 text-gray-700\">Built-in vision</p>"), "{html}");
        let html = region(Some(&translated), &[], &[], &parts(), &words, None).unwrap();
        assert!(!html.contains(" lang="), "the default language's pages are as before: {html}");
    }
}
