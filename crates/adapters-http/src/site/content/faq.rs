//! `/faq` as the server writes it (`FaqPage`, `FaqAccordion` and `faq-order.ts` of
//! `frontend/apps/public/src/features/faq`): the search box, the topic buttons and the accordion
//! with every active question and its answer, collapsed as the page draws them. The answers are in
//! the HTML for crawlers and link previews; a visitor without scripts sees them open (the
//! stylesheet's `scripting: none` rule shows every `[data-faq-answer]`). The page's one request
//! (`GET /faqs?status=active&limit=100`) is embedded under its query key.

use std::cmp::Ordering;
use std::fmt::Write as _;

use atelier_application::blog::languages::ReadLanguage;
use atelier_application::faqs::FaqQuery;
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_domain::faq::FaqStatus;
use serde_json::json;

use super::{Content, markdown_block};
use crate::api::faqs::FaqDto;
use crate::site::head::escape;
use crate::site::words::Words;

/// How many FAQs the page asks for (`FAQ_PAGE_LIMIT`).
pub const FAQ_PAGE_LIMIT: i64 = 100;

/// The FAQ page's content and its answer, read as the page's request reads them.
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn page<S: Store>(
    store: &S,
    clock: &SharedClock,
    words: &Words,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<Content> {
    let query = FaqQuery { status: Some(FaqStatus::Active), limit: Some(FAQ_PAGE_LIMIT), ..FaqQuery::default() };
    let list = super::kinds::faqs(store, clock, query, read).await?;
    let key = super::kinds::key(json!(["/faqs", { "status": "active", "limit": FAQ_PAGE_LIMIT }]), read);
    Ok(Content { region: Some(region(&list.data, words, read)), data: vec![(key, serde_json::to_value(list)?)] })
}

/// The FAQs in the page's order (`sortFaqs`): by `order`, then oldest first (to the millisecond, as
/// `Date.parse` reads the dates); a stable sort, so equal ones keep the answer's order.
pub(crate) fn sorted(faqs: &[FaqDto]) -> Vec<&FaqDto> {
    let mut sorted: Vec<&FaqDto> = faqs.iter().collect();
    sorted.sort_by(|a, b| {
        a.order.cmp(&b.order).then_with(|| a.created_at.timestamp_millis().cmp(&b.created_at.timestamp_millis()))
    });
    sorted
}

/// Every topic (tag) of the FAQs once, trimmed, in the order `localeCompare` gives them
/// (`faqTopics`).
pub(crate) fn topics<'a>(faqs: &[&'a FaqDto]) -> Vec<&'a str> {
    let mut topics: Vec<&str> = Vec::new();
    for tag in faqs.iter().flat_map(|faq| faq.tags.iter()).map(|tag| tag.trim()).filter(|tag| !tag.is_empty()) {
        if !topics.contains(&tag) {
            topics.push(tag);
        }
    }
    topics.sort_by(|a, b| locale_compare(a, b));
    topics
}

/// Where a character sorts in the root collation `localeCompare` uses: spaces, then punctuation and
/// symbols, then digits, then letters; letters compare without their case first.
fn collation_key(character: char) -> (u8, char) {
    let class = if character.is_whitespace() {
        0
    } else if character.is_numeric() {
        2
    } else if character.is_alphabetic() {
        3
    } else {
        1
    };
    (class, character.to_lowercase().next().unwrap_or(character))
}

/// `a.localeCompare(b)` in the browser's root collation, for the texts tags hold: the letters
/// without their case first, then a lowercase letter before its capital.
pub(crate) fn locale_compare(a: &str, b: &str) -> Ordering {
    let primary = a.chars().map(collation_key).cmp(b.chars().map(collation_key));
    primary.then_with(|| {
        // The first difference of case: lowercase first.
        a.chars()
            .zip(b.chars())
            .find(|(x, y)| x != y)
            .map_or(Ordering::Equal, |(x, y)| y.is_lowercase().cmp(&x.is_lowercase()))
    })
}

/// A topic button's classes (`topicClass`).
fn topic_class(on: bool) -> String {
    format!(
        "rounded-full px-4 py-2 text-sm font-medium focus-visible:outline focus-visible:outline-2 \
         focus-visible:outline-blue-600 {}",
        if on { "bg-blue-600 text-white" } else { "bg-white text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50" }
    )
}

/// The page's body below its title band, as `FaqPage` draws it with no search and no topic chosen:
/// the search box, the topics, the accordion (`FaqAccordion`, every answer collapsed); or the line
/// saying there are none.
pub(crate) fn region(faqs: &[FaqDto], words: &Words, read: Option<&ReadLanguage>) -> String {
    if faqs.is_empty() {
        return format!(
            "<div class=\"py-12 text-center\"><h2 class=\"text-2xl font-semibold text-gray-900\">{}</h2><p \
             class=\"mt-3 text-gray-600\">{}</p><p class=\"mt-1 text-gray-600\">{}</p></div>",
            words.element_text("faq.noneTitle", &[]),
            words.element_text("faq.noneBody", &[]),
            words.element_text("faq.noneLater", &[]),
        );
    }
    let faqs = sorted(faqs);
    let mut html = format!(
        "<label for=\"faq-search\" class=\"sr-only\">{}</label><input id=\"faq-search\" \
         type=\"search\" placeholder=\"{}\" class=\"w-full rounded-full border \
         border-gray-300 px-5 py-3 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 \
         focus:ring-blue-200\" value=\"\"/>",
        words.element_text("faq.searchLabel", &[]),
        words.html("faq.searchPlaceholder", &[]),
    );
    let topics = topics(&faqs);
    if !topics.is_empty() {
        let _ = write!(
            html,
            "<fieldset class=\"mt-6\"><legend class=\"sr-only\">{}</legend><div class=\"flex \
             flex-wrap justify-center gap-2\"><button type=\"button\" aria-pressed=\"true\" class=\"{}\">{}</button>",
            words.element_text("faq.topicLegend", &[]),
            topic_class(true),
            words.element_text("faq.allTopics", &[]),
        );
        for topic in topics {
            let _ = write!(
                html,
                "<button type=\"button\" aria-pressed=\"false\" class=\"{}\">{}</button>",
                topic_class(false),
                escape(topic)
            );
        }
        html.push_str("</div></fieldset>");
    }
    let _ = write!(
        html,
        "<div class=\"mt-8\" aria-live=\"polite\"><h2 class=\"sr-only\">{}</h2><ul class=\"space-y-3\">",
        words.element_text("faq.questionsHeading", &[]),
    );
    for faq in faqs {
        let panel = format!("faq-{}", escape(&faq.id));
        let _ = write!(
            html,
            "{} data-testid=\"faq-item\" class=\"rounded-xl bg-white shadow-sm ring-1 ring-gray-100\"><h3><button \
             type=\"button\" aria-expanded=\"false\" aria-controls=\"{panel}\" class=\"flex w-full items-center \
             justify-between gap-4 rounded-xl px-6 py-4 text-left font-semibold text-gray-900 hover:bg-gray-50 \
             focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600\">{}<span \
             aria-hidden=\"true\" class=\"text-xl text-blue-600\">+</span></button></h3><div id=\"{panel}\" \
             hidden=\"\" data-faq-answer=\"\" class=\"px-6 pb-5 text-gray-700\">",
            super::kinds::open("li", faq.language.as_deref(), read),
            escape(&faq.question)
        );
        markdown_block(&mut html, &faq.answer_html, "");
        html.push_str("</div></li>");
    }
    html.push_str("</ul></div>");
    html
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::api::faqs::{FaqCategoryDto, FaqStatusDto};

    fn faq(id: &str, question: &str, order: u32, created_ms: i64, tags: &[&str]) -> FaqDto {
        let created = Utc.timestamp_millis_opt(created_ms).unwrap();
        FaqDto {
            meta: atelier_domain::meta::RecordMeta::default().into(),
            language: None,
            translations: None,
            id: id.to_owned(),
            question: question.to_owned(),
            answer: format!("The answer to {question}"),
            answer_html: format!("<p>The answer to {}</p>", escape(question)),
            category: FaqCategoryDto::General,
            tags: tags.iter().map(|tag| (*tag).to_owned()).collect(),
            status: FaqStatusDto::Active,
            order,
            featured: false,
            views: 0,
            helpful: 0,
            not_helpful: 0,
            created_at: created,
            updated_at: created,
        }
    }

    #[test]
    fn faqs_sort_by_order_then_oldest_first_keeping_ties_in_place() {
        let faqs = vec![
            faq("a", "A", 2, 2_000, &[]),
            faq("b", "B", 1, 5_000, &[]),
            faq("c", "C", 1, 1_000, &[]),
            faq("d", "D", 2, 2_000, &[]),
            faq("e", "E", 0, 9_000, &[]),
        ];
        let ids: Vec<&str> = sorted(&faqs).iter().map(|faq| faq.id.as_str()).collect();
        assert_eq!(ids, ["e", "c", "b", "a", "d"]);
    }

    #[test]
    fn topics_are_trimmed_once_each_in_locale_order() {
        let faqs = vec![
            faq("a", "A", 1, 0, &["pricing", " Support ", "", "api"]),
            faq("b", "B", 2, 0, &["Billing", "pricing", "2fa", "support", "a b"]),
        ];
        let faqs = sorted(&faqs);
        // As `localeCompare` orders them: spaces and digits before letters, case second.
        assert_eq!(topics(&faqs), ["2fa", "a b", "api", "Billing", "pricing", "support", "Support"]);
        assert_eq!(locale_compare("apple", "Banana"), Ordering::Less);
        assert_eq!(locale_compare("a", "A"), Ordering::Less);
        assert_eq!(locale_compare("same", "same"), Ordering::Equal);
        assert_eq!(locale_compare("getting started", "getting-started"), Ordering::Less);
    }

    #[test]
    fn every_question_and_answer_is_in_the_accordion_collapsed_and_escaped() {
        let faqs =
            vec![faq("2", "Second <b>?</b>", 2, 0, &["process"]), faq("1", "First?", 1, 0, &["pricing", "process"])];
        let html = region(&faqs, Words::english(), None);
        assert!(
            html.starts_with("<label for=\"faq-search\" class=\"sr-only\">Search questions</label><input"),
            "{html}"
        );
        let first = html.find("First?<span").unwrap();
        let second = html.find("Second &lt;b&gt;?&lt;/b&gt;<span").unwrap();
        assert!(first < second, "in the page's order: {html}");
        assert!(html.contains(
            "<div id=\"faq-2\" hidden=\"\" data-faq-answer=\"\" class=\"px-6 pb-5 text-gray-700\"><div \
             class=\"markdown-body\"><p>The answer to Second &lt;b&gt;?&lt;/b&gt;</p></div></div>"
        ));
        assert_eq!(html.matches("aria-expanded=\"false\" aria-controls=\"faq-").count(), 2);
        let all = html.find(">All Topics</button>").unwrap();
        let pricing = html.find(">pricing</button>").unwrap();
        let process = html.find(">process</button>").unwrap();
        assert!(all < pricing && pricing < process, "{html}");
        assert!(!html.contains("<b>"), "{html}");
    }

    #[test]
    fn no_faqs_says_so_and_faqs_without_topics_have_no_topic_buttons() {
        assert!(region(&[], Words::english(), None).contains(">No FAQs Available</h2>"));
        assert!(region(&[], Words::english(), None).contains("We're working"));
        let german = crate::site::words::german_for_tests();
        assert!(region(&[], &german, None).contains(">Keine Fragen vorhanden</h2>"), "{}", region(&[], &german, None));
        let html = region(&[faq("1", "Q", 1, 0, &[" "])], Words::english(), None);
        assert!(!html.contains("<fieldset"), "{html}");
    }
}
