//! A page's content as the server writes it: the region a visitor reads (the `/services` cards), in
//! the elements and classes the React page draws it with, and the API answers the page's script asks
//! for first, embedded so the browser seeds its query cache with them and asks for nothing.
//!
//! The region goes into the page's preview slot ([`super::preview::SLOT`]); the page's loading state
//! draws `<ServerPreview>` there, so React adopts it without comparing, and once the page is hydrated
//! (and its markdown renderer loaded) it draws the same content from the seeded answers
//! (`frontend/apps/public/src/lib/server-preview.tsx`, `server-data.ts`). The markup here mirrors the
//! React components named at each function: a change there is a change here (the e2e spec
//! `server-pages.spec.ts` compares where the cards sit before and after React replaces them).
//!
//! Every text is escaped; markdown goes through the server's renderer (sanitised). Pictures the
//! build draws (Font Awesome icons) come from the build's `parts` of the page (`pages.json`), made
//! by the same React components the page uses; without them the icon is left out.

pub mod about;
pub mod faq;
pub mod footer;
pub mod home;
pub mod kinds;
pub mod lists;
pub mod project;

use std::collections::HashMap;
use std::fmt::Write as _;

use atelier_application::blog::PostView;
use atelier_application::blog::languages::ReadLanguage;
use atelier_domain::service::Service;
use atelier_domain::settings::Settings;
use serde_json::Value;

use super::head::{HtmlSafe, escape};
use super::markdown;
use super::words::{Hole, Words};
use crate::api::content::ContentPageDto;
use crate::api::services::ServiceDto;

/// The id of the element holding the page's embedded API answers.
pub const DATA_ID: &str = "atelier-data";

/// What a page's content adds to it: the region for its preview slot and the answers its script
/// would ask for first, each under the query key the page's code reads it with.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Content {
    /// HTML for the page's preview slot.
    pub region: Option<String>,
    /// `(query key, answer)`: the key as `@atelier/api-client` names the query (`["/services",
    /// {"status": "active"}]`), the answer as the API serialises it.
    pub data: Vec<(Value, Value)>,
}

/// An answer written once for many pages: its query key, and the entry `[key,answer]` as a page's
/// embedded answers hold it ([`HtmlSafe`]).
pub(crate) type WrittenAnswer = (Value, String);

/// `answers` written as entries of a page's embedded answers (each key is kept once where they are
/// embedded, [`data_script_of`]).
pub(crate) fn written(answers: &[(Value, Value)]) -> anyhow::Result<Vec<WrittenAnswer>> {
    answers
        .iter()
        .map(|(key, answer)| {
            let mut entry = Vec::new();
            write_entry(&mut entry, key, answer)?;
            Ok((key.clone(), String::from_utf8(entry)?))
        })
        .collect()
}

/// `[key,answer]` as JSON, with what HTML reads escaped in its strings ([`HtmlSafe`]).
fn write_entry(out: &mut Vec<u8>, key: &Value, answer: &Value) -> serde_json::Result<()> {
    serde::Serialize::serialize(&(key, answer), &mut serde_json::Serializer::with_formatter(out, HtmlSafe))
}

/// The element embedding a page's `answers` followed by the answers `written` once for every page:
/// each query once, the first of its key (a page's own answer before the same query's written
/// one). Empty for no answers at all.
pub(crate) fn data_script_of(answers: &[(&Value, &Value)], written: &[WrittenAnswer]) -> String {
    let mut keys: Vec<&Value> = Vec::with_capacity(answers.len() + written.len());
    let mut script = Vec::with_capacity(4096 + written.iter().map(|(_, entry)| entry.len() + 1).sum::<usize>());
    script.extend_from_slice(format!("<script type=\"application/json\" id=\"{DATA_ID}\">[").as_bytes());
    for (key, answer) in answers {
        if keys.contains(key) {
            continue;
        }
        if !keys.is_empty() {
            script.push(b',');
        }
        keys.push(key);
        // The answers straight into the page (no copy of them), the characters HTML reads escaped as
        // the strings are written (no second pass). A `Value` always serialises.
        let _ = write_entry(&mut script, key, answer);
    }
    for (key, entry) in written {
        if keys.contains(&key) {
            continue;
        }
        if !keys.is_empty() {
            script.push(b',');
        }
        keys.push(key);
        script.extend_from_slice(entry.as_bytes());
    }
    if keys.is_empty() {
        return String::new();
    }
    script.extend_from_slice(b"]</script>");
    // Written from strings and JSON's ASCII only.
    String::from_utf8(script).unwrap_or_default()
}

/// Markdown as a block (`MarkdownHtml` of `@atelier/ui`): `<div class="markdown-body {class}">`
/// around the one renderer's HTML.
fn markdown_block(html: &mut String, rendered: &str, class: &str) {
    let class = format!("markdown-body {class}");
    let _ = write!(html, "<div class=\"{}\">{rendered}</div>", class.trim_end());
}

/// Markdown of one line (`MarkdownHtml inline`): `<span class="">` around the one renderer's
/// inline HTML, as the API's `…Html` fields hold it.
fn markdown_inline(html: &mut String, source: &str) {
    let _ = write!(html, "<span class=\"\">{}</span>", markdown::render_inline(source));
}

/// The build's picture `name` (`parts` of the page), or nothing.
fn part<'a>(parts: &'a HashMap<String, String>, name: &str) -> &'a str {
    parts.get(name).map_or("", String::as_str)
}

/// The price line a service card shows (`publicPriceText`, `@atelier/ui/price`): only when the
/// settings show prices and the service shows its own; its display text, else its amount
/// ("$9,500+"), else the settings' default text.
fn price_line(service: &Service, settings: &Settings) -> Option<String> {
    if !settings.services.show_prices || !service.show_price {
        return None;
    }
    let own = service.price_display.trim();
    let text = if own.is_empty() {
        service.price.map_or_else(|| settings.services.default_price_display.trim().to_owned(), amount_text)
    } else {
        own.to_owned()
    };
    (!text.is_empty()).then_some(text)
}

/// An amount as `toLocaleString('en-US')` writes it after a dollar sign, with a plus sign:
/// thousands grouped by commas, at most three decimals ("$9,500+", "$1,234.5+").
fn amount_text(amount: f64) -> String {
    let rounded = format!("{:.3}", amount.abs());
    let (whole, fraction) = rounded.split_once('.').unwrap_or((&rounded, ""));
    let fraction = fraction.trim_end_matches('0');
    let mut grouped = String::new();
    for (index, digit) in whole.chars().enumerate() {
        if index > 0 && (whole.len() - index) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let sign = if amount < 0.0 && (whole != "0" || !fraction.is_empty()) { "-" } else { "" };
    if fraction.is_empty() { format!("${sign}{grouped}+") } else { format!("${sign}{grouped}.{fraction}+") }
}

/// The `/services` page's list (`ServicesCatalogue` → `ServicesList` without the carousel →
/// `ServiceCard`): the active services in display order, in the grid, each card with its icon,
/// title, text, every feature (`allFeatures`), price line and link; or the line saying there are
/// none.
pub(crate) fn services(
    services: &[Service],
    answers: &[ServiceDto],
    settings: &Settings,
    parts: &HashMap<String, String>,
    words: &Words,
    read: Option<&ReadLanguage>,
) -> String {
    if services.is_empty() {
        return format!("<p class=\"text-center text-gray-500\">{}</p>", words.html("services.noneYet", &[]));
    }
    let languages =
        services.iter().enumerate().map(|(index, _)| answers.get(index).and_then(|a| a.language.as_deref()));
    let mut shown: Vec<(&Service, Option<&str>)> = services.iter().zip(languages).collect();
    shown.sort_by_key(|(service, _)| service.order);
    let mut html = String::from("<div class=\"grid gap-8 md:grid-cols-2 lg:grid-cols-3\">");
    for (service, language) in shown {
        let card = Card { features_shown: None, price: price_line(service, settings), language, read };
        service_card(&mut html, service, parts, card, words);
    }
    html.push_str("</div>");
    html
}

/// How one `ServiceCard` is drawn: the first `features_shown` features and "+N more" (or all), the
/// price line when there is one, and the language its texts are in on a page in `read`'s.
pub(crate) struct Card<'a> {
    pub features_shown: Option<usize>,
    pub price: Option<String>,
    pub language: Option<&'a str>,
    pub read: Option<&'a ReadLanguage>,
}

/// One `ServiceCard`: icon, title, text, the features, the price line when there is one, and the
/// link over the card; `lang` (and `dir`) on the card when its texts are not in the page's language.
pub(crate) fn service_card(
    html: &mut String,
    service: &Service,
    parts: &HashMap<String, String>,
    card: Card<'_>,
    words: &Words,
) {
    let Card { features_shown, price, language, read } = card;
    let _ = write!(
        html,
        "{} data-testid=\"service-card\" class=\"group relative flex h-full flex-col rounded-2xl border \
         border-gray-100 bg-white p-6 shadow-sm transition-shadow hover:shadow-xl\">",
        kinds::open("article", language, read)
    );
    html.push_str(part(parts, &format!("icon:{}", service.icon.as_str())));
    html.push_str("<h3 class=\"mb-3 text-xl font-semibold text-gray-900\">");
    markdown_inline(html, &service.title);
    html.push_str("</h3>");
    let text =
        if service.short_description.trim().is_empty() { &service.description } else { &service.short_description };
    markdown_block(html, &markdown::render(text), "mb-4 text-gray-600");
    let features: Vec<&String> = service.features.iter().filter(|feature| !feature.trim().is_empty()).collect();
    if !features.is_empty() {
        let shown = features_shown.unwrap_or(features.len());
        html.push_str("<ul class=\"mb-4 space-y-2 text-sm text-gray-700\">");
        for feature in features.iter().take(shown) {
            html.push_str("<li class=\"flex items-start gap-2\">");
            html.push_str(part(parts, "check"));
            markdown_inline(html, feature);
            html.push_str("</li>");
        }
        if features.len() > shown {
            let more = u64::try_from(features.len() - shown).unwrap_or(u64::MAX);
            let _ = write!(
                html,
                "<li class=\"pl-6 text-gray-500\">{}</li>",
                words.count("services.more", "count", more, &[])
            );
        }
        html.push_str("</ul>");
    }
    if let Some(price) = price {
        let _ = write!(html, "<p class=\"mb-4 text-sm font-semibold text-blue-700\">{}</p>", escape(&price));
    }
    let _ = write!(
        html,
        "<span class=\"mt-auto inline-flex items-center gap-2 text-sm font-semibold text-blue-600 \
         group-hover:gap-3\">{} {}</span><a aria-label=\"{}\" class=\"absolute inset-0 \
         rounded-2xl focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-300\" \
         href=\"{}\"></a></article>",
        words.html("services.getStarted", &[]),
        part(parts, "arrow"),
        words.html("services.discussProject", &[("service", Hole::Text(&service.title))]),
        escape(&words.href("/discuss-project")),
    );
}

/// A policy page (`PolicyPage` of `features/policies`, `usePolicy`): its title band (`PageHero`), its
/// last update line and its text, from `page` (the API's answer) when it has a text, else the
/// build's built-in text (`parts`: `title`, `subtitle`, `lastUpdated`, `body`, from
/// `policyParts`); a stored page's empty title or subtitle is the built-in one too, and its date
/// is its `lastUpdated`, else when it was saved. The date is written in UTC; the page, once
/// hydrated, writes it in the visitor's time zone. `None` without the build's parts for a page with
/// no text.
pub(crate) fn policy(
    page: Option<&ContentPageDto>,
    parts: &HashMap<String, String>,
    words: &Words,
    read: Option<&ReadLanguage>,
) -> Option<String> {
    let stored = page.filter(|page| !page.content.trim().is_empty());
    if stored.is_none() && !parts.contains_key("body") {
        return None;
    }
    // The page's own texts say the language they are in when it is not the page's
    // (`kinds::shown_in`); a built-in one is the page's language's.
    let shown_in = kinds::shown_in(stored.and_then(|page| page.language.as_deref()), read);
    let own = |text: &str, part_name: &str| match text.trim() {
        "" => (part(parts, part_name).to_owned(), String::new()),
        trimmed => (escape(trimmed), shown_in.clone()),
    };
    let ((title, title_in), (subtitle, subtitle_in), date, body) = if let Some(page) = stored {
        let mut body = String::new();
        markdown_block(&mut body, &page.content_html, "");
        (own(&page.title, "title"), own(&page.subtitle, "subtitle"), page.last_updated.unwrap_or(page.updated_at), body)
    } else {
        let date = chrono::DateTime::parse_from_rfc3339(part(parts, "lastUpdated").trim())
            .map(|date| date.with_timezone(&chrono::Utc))
            .ok()?;
        let built_in = |name: &str| (part(parts, name).to_owned(), String::new());
        (built_in("title"), built_in("subtitle"), date, part(parts, "body").to_owned())
    };
    let mut html = String::from(
        "<section class=\"bg-gradient-to-br from-blue-50 via-white to-indigo-50 pt-32 pb-16\"><div class=\"mx-auto \
         max-w-4xl px-4 text-center sm:px-6 lg:px-8\">",
    );
    let _ = write!(html, "<h1{title_in} class=\"text-4xl font-bold text-gray-900 md:text-5xl\">{title}</h1>");
    if !subtitle.is_empty() {
        let _ = write!(html, "<div{subtitle_in} class=\"mt-4 text-lg text-gray-600\">{subtitle}</div>");
    }
    let _ = write!(
        html,
        "</div></section><article{shown_in} class=\"mx-auto max-w-3xl px-4 py-16 sm:px-6\"><p class=\"mb-8 text-sm \
         text-gray-500\">{}</p>{body}</article>",
        words.html("policy.lastUpdated", &[("date", Hole::Text(&words.date(date)))])
    );
    Some(html)
}

/// What a post's preview says beyond its title, category and cover: the byline's facts
/// (`PostByline`) and, as `{{html:body}}`, its text and tags (`BlogPostArticle`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostPage {
    pub fields: Vec<(&'static str, String)>,
    pub body: String,
}

/// Reading speed of the "N min read" estimate (`WORDS_PER_MINUTE`).
const WORDS_PER_MINUTE: usize = 200;

/// A post's byline and body as its page draws them (`post-article.tsx`, `post-view.ts`,
/// `reading-time.ts`). The date is written in UTC; the page, once hydrated, writes it in the
/// visitor's time zone.
pub fn post(view: &PostView, content_html: &str, words: &Words) -> PostPage {
    let post = &view.post;
    let author = match post.author_name.trim() {
        "" => words.text("post.unknownAuthor", &[]),
        name => name.to_owned(),
    };
    let initials: String =
        author.split_whitespace().take(2).filter_map(|word| word.chars().next()).flat_map(char::to_uppercase).collect();
    let published = post.publish_at.unwrap_or(post.created_at);
    let minutes = post.content.split_whitespace().count().div_ceil(WORDS_PER_MINUTE);
    let fields = vec![
        ("authorName", author.clone()),
        ("authorInitials", initials),
        ("published", published.to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true)),
        ("publishedDate", words.date(published)),
        ("readingTime", words.text("post.readingTime", &[("minutes", &minutes.to_string())])),
        ("views", post.views.to_string()),
    ];
    let mut body = String::new();
    markdown_block(&mut body, content_html, "mt-10");
    let tags: Vec<&str> = view.tag_names.iter().map(|tag| tag.trim()).filter(|tag| !tag.is_empty()).collect();
    if !tags.is_empty() {
        let _ =
            write!(body, "<ul aria-label=\"{}\" class=\"mt-10 flex flex-wrap gap-2\">", words.html("post.tags", &[]));
        for tag in tags {
            let _ = write!(
                body,
                "<li class=\"rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-700\">#{}</li>",
                escape(tag)
            );
        }
        body.push_str("</ul>");
    }
    PostPage { fields, body }
}

/// A stored page of `page_type` as the API answers it, in `language` (`None`: read without one).
#[cfg(test)]
pub(crate) fn page_for_tests(page_type: &str, language: Option<&str>) -> ContentPageDto {
    let now = chrono::Utc::now();
    ContentPageDto {
        meta: atelier_domain::meta::RecordMeta::default().into(),
        language: language.map(str::to_owned),
        translations: None,
        id: String::new(),
        page_type: page_type.to_owned(),
        title: String::new(),
        subtitle: String::new(),
        description: String::new(),
        mission: String::new(),
        vision: String::new(),
        values: Vec::new(),
        content: String::new(),
        content_html: String::new(),
        last_updated: None,
        status: crate::api::content::PageStatusDto::Published,
        sections: Vec::new(),
        created_at: now,
        updated_at: now,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The element embedding `content`'s answers, as a page without footer answers embeds them.
    fn data_script(content: &Content) -> String {
        let entries: Vec<(&Value, &Value)> = content.data.iter().map(|(key, answer)| (key, answer)).collect();
        data_script_of(&entries, &[])
    }

    #[test]
    fn embedded_answers_cannot_end_their_element() {
        let content = Content {
            region: None,
            data: vec![(
                serde_json::json!(["/services"]),
                serde_json::json!([{ "title": "</script><script>alert(1)</script> & <!--" }]),
            )],
        };
        let script = data_script(&content);
        let inner = script
            .strip_prefix("<script type=\"application/json\" id=\"atelier-data\">")
            .and_then(|rest| rest.strip_suffix("</script>"))
            .unwrap();
        assert!(!inner.contains('<') && !inner.contains('>') && !inner.contains('&'), "{inner}");
        let read: Value = serde_json::from_str(inner).unwrap();
        assert_eq!(read[0][1][0]["title"], "</script><script>alert(1)</script> & <!--");
        assert_eq!(data_script(&Content::default()), "");
    }

    #[test]
    fn embedded_answers_are_the_answers_json_with_what_html_reads_escaped() {
        // The text as written before the answers were serialised in one pass: the whole array's
        // JSON, then each character HTML reads replaced.
        fn reference(data: &[(Value, Value)]) -> String {
            let entries: Vec<Value> =
                data.iter().map(|(key, answer)| Value::Array(vec![key.clone(), answer.clone()])).collect();
            let mut safe = String::new();
            for character in Value::Array(entries).to_string().chars() {
                match character {
                    '<' => safe.push_str("\\u003c"),
                    '>' => safe.push_str("\\u003e"),
                    '&' => safe.push_str("\\u0026"),
                    '\u{2028}' => safe.push_str("\\u2028"),
                    '\u{2029}' => safe.push_str("\\u2029"),
                    other => safe.push(other),
                }
            }
            format!("<script type=\"application/json\" id=\"{DATA_ID}\">{safe}</script>")
        }
        let texts = [
            "plain",
            "a < b > c & d",
            "line\u{2028}separator\u{2029}paragraph\u{2027}\u{202A}",
            "ends with <",
            "\u{2028}",
            "quotes \" and \\ and \n\t\u{1}",
            "Grüße, 日本語, 🦀 <&>",
            "",
        ];
        let data: Vec<(Value, Value)> = texts
            .iter()
            .map(|text| {
                (
                    serde_json::json!(["/blog/public/posts/slug", text]),
                    serde_json::json!({ "title": text, "<key&>": [text, 1, 2.5, null, true], "\u{2028}": {} }),
                )
            })
            .collect();
        let content = Content { region: None, data };
        assert_eq!(data_script(&content), reference(&content.data));
        // The structured data's writing is the same.
        let structured = crate::site::head::script_safe_json(&serde_json::json!({ "<k>": ["<\u{2028}&\u{2029}>"] }));
        assert_eq!(structured, "{\"\\u003ck\\u003e\":[\"\\u003c\\u2028\\u0026\\u2029\\u003e\"]}");
    }

    #[test]
    fn a_posts_byline_is_in_the_language_of_its_words() {
        use atelier_domain::post::{Post, PostStatus};
        use chrono::TimeZone as _;
        let at = chrono::Utc.with_ymd_and_hms(2024, 3, 15, 9, 30, 0).unwrap();
        let record = Post {
            meta: atelier_domain::meta::RecordMeta::default(),
            id: atelier_domain::EntityId::generate(at),
            slug: atelier_domain::slug::Slug::parse("designing-apis").unwrap(),
            title: "Designing APIs".into(),
            excerpt: String::new(),
            content: "word ".repeat(450),
            featured_image: String::new(),
            category: None,
            tags: Vec::new(),
            author_name: "  ".into(),
            status: PostStatus::Published,
            featured: false,
            views: 0,
            meta_title: String::new(),
            meta_description: String::new(),
            publish_at: None,
            review: atelier_domain::post_review::PostReview::default(),
            created_at: at,
            updated_at: at,
        };
        let view = PostView { post: record, category_name: String::new(), tag_names: Vec::new() };
        let field = |page: &PostPage, name: &str| {
            page.fields.iter().find(|(field, _)| *field == name).map(|(_, value)| value.clone()).unwrap()
        };
        let english = post(&view, "", Words::english());
        assert_eq!(field(&english, "authorName"), "Unknown Author");
        assert_eq!(field(&english, "authorInitials"), "UA");
        assert_eq!(field(&english, "publishedDate"), "March 15, 2024");
        assert_eq!(field(&english, "readingTime"), "3 min read");
        let german = post(&view, "", &crate::site::words::german_for_tests());
        assert_eq!(field(&german, "authorName"), "Unbekannter Autor");
        assert_eq!(field(&german, "publishedDate"), "15. März 2024");
        assert_eq!(field(&german, "readingTime"), "3 Min. Lesezeit");
    }

    #[test]
    fn no_services_is_said_in_the_language_of_the_words() {
        let settings = Settings::initial(chrono::Utc::now());
        assert_eq!(
            services(&[], &[], &settings, &HashMap::new(), Words::english(), None),
            "<p class=\"text-center text-gray-500\">No services available at the moment.</p>"
        );
        assert_eq!(
            services(&[], &[], &settings, &HashMap::new(), &crate::site::words::german_for_tests(), None),
            "<p class=\"text-center text-gray-500\">Zurzeit gibt es keine Leistungen.</p>"
        );
    }

    #[test]
    fn amounts_read_as_the_back_office_writes_them() {
        assert_eq!(amount_text(9500.0), "$9,500+");
        assert_eq!(amount_text(1_234_567.5), "$1,234,567.5+");
        assert_eq!(amount_text(999.0), "$999+");
        assert_eq!(amount_text(0.125), "$0.125+");
        assert_eq!(amount_text(12.3456), "$12.346+");
    }

    #[test]
    fn inline_markdown_keeps_one_line_and_escapes_what_is_not_markdown() {
        let mut html = String::new();
        markdown_inline(&mut html, "Web **apps**");
        assert_eq!(html, "<span class=\"\">Web <strong>apps</strong></span>");
        let mut html = String::new();
        markdown_inline(&mut html, "<script>alert(1)</script>Apps");
        assert!(!html.contains("<script"), "{html}");
    }

    #[test]
    fn a_policy_without_text_is_the_builds_and_a_stored_one_is_escaped_and_trimmed() {
        assert_eq!(
            policy(None, &HashMap::new(), Words::english(), None),
            None,
            "nothing to write without the build's text"
        );
        let parts: HashMap<String, String> = [
            ("title", "Privacy Policy"),
            ("subtitle", "How we protect it"),
            ("lastUpdated", "2024-03-15T00:00:00Z"),
            ("body", "<div class=\"markdown-body\"><h2>Built in</h2></div>"),
        ]
        .into_iter()
        .map(|(name, markup)| (name.to_owned(), markup.to_owned()))
        .collect();
        let built_in = policy(None, &parts, Words::english(), None).unwrap();
        assert!(
            built_in.contains(">Privacy Policy</h1><div class=\"mt-4 text-lg text-gray-600\">How we protect it</div>")
        );
        assert!(
            built_in.contains("Last updated: March 15, 2024</p><div class=\"markdown-body\"><h2>Built in</h2></div>")
        );
        let german = policy(None, &parts, &crate::site::words::german_for_tests(), None).unwrap();
        assert!(german.contains(">Zuletzt aktualisiert: 15. März 2024</p>"), "{german}");

        let now = chrono::Utc::now();
        let stored = ContentPageDto {
            meta: atelier_domain::meta::RecordMeta::default().into(),
            language: None,
            translations: None,
            id: String::new(),
            page_type: "privacy".to_owned(),
            title: "  <b>Ours</b> ".to_owned(),
            subtitle: " ".to_owned(),
            description: String::new(),
            mission: String::new(),
            vision: String::new(),
            values: Vec::new(),
            content: "Text".to_owned(),
            content_html: "<p>Text</p>".to_owned(),
            last_updated: None,
            status: crate::api::content::PageStatusDto::Published,
            sections: Vec::new(),
            created_at: now,
            updated_at: now,
        };
        let written = policy(Some(&stored), &parts, Words::english(), None).unwrap();
        assert!(written.contains(
            ">&lt;b&gt;Ours&lt;/b&gt;</h1><div class=\"mt-4 text-lg text-gray-600\">How we protect it</div>"
        ));
        assert!(written.ends_with("</p><div class=\"markdown-body\"><p>Text</p></div></article>"), "{written}");
        let empty = ContentPageDto { content: " \n".to_owned(), ..stored };
        assert_eq!(
            policy(Some(&empty), &parts, Words::english(), None),
            Some(built_in),
            "an empty text is the built-in one"
        );
    }

    #[test]
    fn a_policy_shown_in_the_default_language_says_so_on_its_hero_and_article() {
        let parts: HashMap<String, String> = [("subtitle", "Wie wir sie schützen"), ("body", "<p>Eingebaut</p>")]
            .into_iter()
            .map(|(name, markup)| (name.to_owned(), markup.to_owned()))
            .collect();
        let english = ContentPageDto {
            title: "Privacy Policy".to_owned(),
            content: "Text".to_owned(),
            content_html: "<p>Text</p>".to_owned(),
            ..page_for_tests("privacy", Some("en"))
        };
        let words = crate::site::words::german_for_tests();
        let german = kinds::read_for_tests(&[("en", "ltr"), ("de", "ltr"), ("ar", "rtl")], "de");
        let html = policy(Some(&english), &parts, &words, Some(&german)).unwrap();
        assert!(html.contains("<h1 lang=\"en\" class=\"text-4xl"), "{html}");
        assert!(
            html.contains("<div class=\"mt-4 text-lg text-gray-600\">Wie wir sie schützen</div>"),
            "the built-in subtitle is the page's language's: {html}"
        );
        assert!(html.contains("<article lang=\"en\" class=\"mx-auto"), "{html}");
        let arabic = kinds::read_for_tests(&[("en", "ltr"), ("de", "ltr"), ("ar", "rtl")], "ar");
        let html = policy(Some(&english), &parts, &words, Some(&arabic)).unwrap();
        assert!(html.contains("<h1 lang=\"en\" dir=\"ltr\" class="), "{html}");
        let translated = ContentPageDto { subtitle: "Kurz".to_owned(), ..page_for_tests("privacy", Some("de")) };
        let translated = ContentPageDto { title: "Datenschutz".to_owned(), content: "Text".to_owned(), ..translated };
        let html = policy(Some(&translated), &parts, &words, Some(&german)).unwrap();
        assert!(!html.contains(" lang=") && html.contains("<h1 class="), "{html}");
        let html = policy(Some(&english), &parts, &words, None).unwrap();
        assert!(!html.contains(" lang="), "the default language's pages are as before: {html}");
    }
}
