//! The words the server writes itself into a page (the footer's headings and links, the
//! breadcrumbs, a list's count line, a card's labels, dates), in the page's language.
//!
//! The build writes them into each language's `pages.json` as `words` (docs/languages.md, "The
//! server's own words"; `frontend/packages/messages/src/server-words.ts`): each message the server
//! needs as a plain template with named holes (`About {siteName}`), a plural as its branches by
//! CLDR category (`{"one": "{count} post", "other": "{count} posts"}`), the plural category of each
//! count below 200, the months' names and the long date's pattern (`{day}. {month} {year}`). A build
//! without `words` (an older one) and a server without a build get the English templates of
//! `server-words.json`, the file the build checks its English words against.

use std::collections::HashMap;
use std::sync::LazyLock;

use chrono::{DateTime, Datelike, Utc};
use serde::Deserialize;

use super::head::escape;

/// The messages the server writes, with their English templates (the build's list too).
const ENGLISH_MESSAGES: &str = include_str!("../../../../frontend/packages/messages/server-words.json");

/// The English months, for a build without `words`.
const ENGLISH_MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The English long date (`March 15, 2024`).
const ENGLISH_DATE: &str = "{month} {day}, {year}";

/// How many counts `plurals` lists; from there a count reads the category of 100 + its last two
/// digits (CLDR's rules for integers look at n mod 100 at most, but for a few languages' millions).
const PLURAL_COUNTS: usize = 200;

/// One message: a template, or a plural's templates by category (`one`, `other`) or count (`=0`).
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum Word {
    Text(String),
    Plural(HashMap<String, String>),
}

static ENGLISH: LazyLock<HashMap<String, Word>> = LazyLock::new(|| {
    serde_json::from_str(ENGLISH_MESSAGES).unwrap_or_else(|error| panic!("server-words.json is not words: {error}"))
});

/// The ids of every message the server writes (`server-words.json`).
pub fn ids() -> impl Iterator<Item = &'static str> {
    ENGLISH.keys().map(String::as_str)
}

/// A language's words as the build wrote them; any part missing is English.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
pub struct Words {
    #[serde(default)]
    messages: HashMap<String, Word>,
    #[serde(default)]
    plurals: Vec<String>,
    #[serde(default)]
    months: Vec<String>,
    #[serde(default)]
    date: String,
    /// The decimal separator (`,` in German); a build without it writes `.`.
    #[serde(default)]
    decimal: String,
}

/// The value of a hole: text (escaped in HTML) or markup the writer made (written as it is).
#[derive(Debug, Clone, Copy)]
pub enum Hole<'a> {
    Text(&'a str),
    Markup(&'a str),
}

impl Words {
    /// The English words, as a build without `words` gives.
    pub fn english() -> &'static Self {
        static NONE: LazyLock<Words> = LazyLock::new(Words::default);
        &NONE
    }

    fn word(&self, id: &str) -> Option<&Word> {
        let word = self.messages.get(id).or_else(|| ENGLISH.get(id));
        debug_assert!(word.is_some(), "{id} is not in server-words.json");
        word
    }

    /// The template of `id` for `count` (its plural's branch; the template itself for a message
    /// without a plural).
    fn template<'a>(&'a self, id: &'a str, count: Option<u64>) -> &'a str {
        match self.word(id) {
            Some(Word::Text(text)) => text,
            Some(Word::Plural(branches)) => {
                let count = count.unwrap_or_default();
                branches
                    .get(&format!("={count}"))
                    .or_else(|| branches.get(self.category(count)))
                    .or_else(|| branches.get("other"))
                    .map_or("", String::as_str)
            }
            None => id,
        }
    }

    /// The plural category of `count` in this language.
    fn category(&self, count: u64) -> &str {
        if self.plurals.len() < PLURAL_COUNTS {
            return if count == 1 { "one" } else { "other" };
        }
        let index = usize::try_from(count).ok().filter(|count| *count < PLURAL_COUNTS).unwrap_or_else(|| {
            // Below PLURAL_COUNTS when `count` is not.
            usize::try_from(100 + count % 100).unwrap_or_default()
        });
        self.plurals.get(index).map_or("other", String::as_str)
    }

    /// The plain text of `id` with its holes filled (a feed's, an attribute's before escaping).
    pub fn text(&self, id: &str, holes: &[(&str, &str)]) -> String {
        fill(
            self.template(id, None),
            |name| holes.iter().find(|(hole, _)| *hole == name).map(|(_, value)| (*value).to_owned()),
            str::to_owned,
        )
    }

    /// `id` as HTML: its words escaped, its holes filled with escaped text or with markup.
    pub fn html(&self, id: &str, holes: &[(&str, Hole<'_>)]) -> String {
        self.html_counting(id, None, holes)
    }

    /// `id` as HTML for `count` (a plural's branch), its `count_hole` filled with the number.
    pub fn count(&self, id: &str, count_hole: &str, count: u64, holes: &[(&str, Hole<'_>)]) -> String {
        let number = count.to_string();
        let mut all = vec![(count_hole, Hole::Text(&number))];
        all.extend_from_slice(holes);
        self.html_counting(id, Some(count), &all)
    }

    fn html_counting(&self, id: &str, count: Option<u64>, holes: &[(&str, Hole<'_>)]) -> String {
        fill(
            self.template(id, count),
            |name| {
                holes.iter().find(|(hole, _)| *hole == name).map(|(_, value)| match value {
                    Hole::Text(text) => escape(text),
                    Hole::Markup(markup) => (*markup).to_owned(),
                })
            },
            escape,
        )
    }

    /// `id` as an element's text: its holes filled with `holes` and only `&`, `<` and `>` escaped,
    /// as React writes text (an apostrophe stays one).
    pub fn element_text(&self, id: &str, holes: &[(&str, &str)]) -> String {
        escape_text(&self.text(id, holes))
    }

    /// `number` as this language writes a short decimal (`3.5`, `3,5`); a whole one without a
    /// fraction (`4`), digits without grouping.
    pub fn decimal(&self, number: f64) -> String {
        self.decimal_point(&number.to_string())
    }

    /// A decimal the server wrote with a point (`4.5`) with this language's separator.
    pub fn decimal_point(&self, written: &str) -> String {
        match self.decimal.as_str() {
            "" | "." => written.to_owned(),
            separator => written.replacen('.', separator, 1),
        }
    }

    /// `date`'s day in UTC as this language's long date (`March 15, 2024`, `15. März 2024`).
    pub fn date(&self, date: DateTime<Utc>) -> String {
        let index = usize::try_from(date.month0()).unwrap_or_default();
        let month = self.months.get(index).map_or(ENGLISH_MONTHS[index], String::as_str);
        let pattern = if self.date.is_empty() { ENGLISH_DATE } else { self.date.as_str() };
        let (day, year) = (date.day().to_string(), date.year().to_string());
        fill(
            pattern,
            |name| match name {
                "month" => Some(month.to_owned()),
                "day" => Some(day.clone()),
                "year" => Some(year.clone()),
                _ => None,
            },
            str::to_owned,
        )
    }
}

/// Text as an element's content: `&`, `<` and `>` escaped.
pub fn escape_text(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// `template` with each `{name}` replaced by `value(name)` (left as it is when it has none) and
/// the text between written through `text`.
fn fill(template: &str, value: impl Fn(&str) -> Option<String>, text: impl Fn(&str) -> String) -> String {
    let mut filled = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|close| open + close) else { break };
        filled.push_str(&text(&rest[..open]));
        let name = &rest[open + 1..close];
        match value(name) {
            Some(value) => filled.push_str(&value),
            None => filled.push_str(&text(&rest[open..=close])),
        }
        rest = &rest[close + 1..];
    }
    filled.push_str(&text(rest));
    filled
}

/// German messages as a build writes them, for the writers' tests.
#[cfg(test)]
const GERMAN_FOR_TESTS: &str = r#"{
            "nav.home": "Startseite",
            "nav.about": "Über uns",
            "nav.blog": "Blog",
            "nav.portfolio": "Portfolio",
            "nav.contact": "Kontakt",
            "nav.getQuote": "Angebot anfordern",
            "nav.homeLink": "{siteName} – Startseite",
            "policy.privacy": "Datenschutzerklärung",
            "policy.terms": "Nutzungsbedingungen",
            "policy.cookies": "Cookie-Richtlinie",
            "policy.lastUpdated": "Zuletzt aktualisiert: {date}",
            "footer.about": "Über {siteName}",
            "footer.services": "Leistungen",
            "footer.quickLinks": "Schnellzugriff",
            "footer.contactInfo": "Kontakt",
            "footer.copyright": "© {year} {siteName}. Alle Rechte vorbehalten.",
            "notFound.title": "Seite nicht gefunden",
            "feed.description": "Artikel von {siteName}.",
            "blog.count": { "one": "{count} Artikel", "other": "{count} Artikel" },
            "portfolio.count": { "=0": "Keine Projekte", "one": "{count} Projekt", "other": "{count} Projekte" },
            "project.featured": "Ausgewähltes Projekt",
            "project.more": "+{count} weitere",
            "project.client": "Kunde",
            "project.completed": "Abgeschlossen",
            "project.viewDetails": "Details ansehen{hidden}: {title}{/hidden}",
            "post.readingTime": "{minutes} Min. Lesezeit",
            "post.unknownAuthor": "Unbekannter Autor",
            "project.meta.client": "Kunde",
            "project.meta.category": "Kategorie",
            "project.meta.completed": "Abgeschlossen",
            "project.meta.status": "Status",
            "project.overview": "Projektüberblick",
            "project.metrics": "Projektkennzahlen",
            "project.live": "Live",
            "project.links": "Projektlinks",
            "project.liveDemo": "Live-Demo",
            "project.github": "Auf GitHub ansehen",
            "project.recent": "Aktuelles Projekt",
            "project.completedLabel": "Abgeschlossenes Projekt",
            "project.noTechnologies": "Keine Technologien angegeben.",
            "project.showMore": "{count} weitere anzeigen",
            "project.technologies": "Technologien",
            "project.tags": "Schlagwörter",
            "services.noneYet": "Zurzeit gibt es keine Leistungen.",
            "services.getStarted": "Jetzt starten",
            "services.discussProject": "Ein Projekt zu „{service}“ besprechen",
            "services.more": "+{count} weitere",
            "portfolio.noneYet": "Zurzeit gibt es keine Projekte.",
            "blog.noneYet": "Zurzeit gibt es keine Blogartikel.",
            "about.portrait": "Porträt von {name}",
            "about.mission": "Unsere Mission",
            "about.vision": "Unsere Vision",
            "about.values": "Unsere Werte",
            "about.team": "Unser Team",
            "about.testimonials": "Das sagen unsere Kunden",
            "about.workWithUs": "Mit uns arbeiten",
            "testimonial.empty": "Kein Text zu dieser Kundenstimme vorhanden.",
            "feed.title": "{siteName} – Blog",
            "post.pageTitle": "{title} – {siteName} Blog",
            "project.pageTitle": "{title} – {siteName} Portfolio",
            "post.fallbackNotice": "Dieser Beitrag ist noch nicht auf Deutsch verfügbar; er wird in der Originalsprache angezeigt.",
            "testimonials.noneYet": "Zurzeit gibt es keine Kundenstimmen.",
            "testimonials.carousel": "Kundenstimmen",
            "ui.rated": "Bewertet mit {value} von 5",
            "home.features": "Warum {siteName}",
            "post.tags": "Schlagwörter",
            "faq.noneTitle": "Keine Fragen vorhanden",
            "faq.noneBody": "Wir arbeiten daran, hilfreiche Fragen und Antworten zusammenzustellen.",
            "faq.noneLater": "Bitte schauen Sie später wieder vorbei.",
            "faq.searchLabel": "Fragen durchsuchen",
            "faq.searchPlaceholder": "Fragen und Antworten durchsuchen",
            "faq.topicLegend": "Nach Thema filtern",
            "faq.allTopics": "Alle Themen",
            "faq.questionsHeading": "Fragen"
        }"#;

/// German words as a build writes them, for the writers' tests.
#[cfg(test)]
pub(crate) fn german_for_tests() -> Words {
    let messages = serde_json::from_str(GERMAN_FOR_TESTS).unwrap_or_else(|error| panic!("German words: {error}"));
    Words {
        messages,
        plurals: (0..PLURAL_COUNTS).map(|count| if count == 1 { "one" } else { "other" }.to_owned()).collect(),
        months: [
            "Januar",
            "Februar",
            "März",
            "April",
            "Mai",
            "Juni",
            "Juli",
            "August",
            "September",
            "Oktober",
            "November",
            "Dezember",
        ]
        .map(str::to_owned)
        .to_vec(),
        date: "{day}. {month} {year}".to_owned(),
        decimal: ",".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone as _;

    use super::*;

    #[test]
    fn without_words_a_message_is_its_english_template() {
        let words = Words::english();
        assert_eq!(
            words.html("footer.copyright", &[("year", Hole::Text("2026")), ("siteName", Hole::Text("A & B"))]),
            "© 2026 A &amp; B. All rights reserved."
        );
        assert_eq!(words.count("blog.count", "count", 1, &[]), "1 post");
        assert_eq!(words.count("blog.count", "count", 12, &[]), "12 posts");
        assert_eq!(words.text("feed.description", &[("siteName", "A & B")]), "Articles from A & B.");
        let date = Utc.with_ymd_and_hms(2024, 3, 15, 23, 0, 0).unwrap();
        assert_eq!(words.date(date), "March 15, 2024");
    }

    #[test]
    fn a_languages_words_fill_its_templates_and_pick_its_plurals() {
        let words = german_for_tests();
        assert_eq!(
            words.html("footer.copyright", &[("year", Hole::Text("2026")), ("siteName", Hole::Text("A<B"))]),
            "© 2026 A&lt;B. Alle Rechte vorbehalten."
        );
        assert_eq!(words.count("portfolio.count", "count", 0, &[]), "Keine Projekte");
        assert_eq!(words.count("portfolio.count", "count", 1, &[]), "1 Projekt");
        assert_eq!(words.count("portfolio.count", "count", 1201, &[]), "1201 Projekte");
        assert_eq!(
            words.html(
                "project.viewDetails",
                &[
                    ("hidden", Hole::Markup("<span class=\"sr-only\">")),
                    ("/hidden", Hole::Markup("</span>")),
                    ("title", Hole::Text("Ü & <b>"))
                ]
            ),
            "Details ansehen<span class=\"sr-only\">: Ü &amp; &lt;b&gt;</span>"
        );
        // A message the build's words lack is English.
        let mut fewer = words.clone();
        fewer.messages.remove("nav.home");
        assert_eq!(fewer.html("nav.home", &[]), "Home");
        for id in ids() {
            assert!(words.messages.contains_key(id), "the German words have no {id}");
        }
        let date = Utc.with_ymd_and_hms(2024, 3, 5, 0, 0, 0).unwrap();
        assert_eq!(words.date(date), "5. März 2024");
    }

    #[test]
    fn decimals_and_element_texts_are_written_as_the_language_writes_them() {
        assert_eq!((Words::english().decimal(3.5), Words::english().decimal(4.0)), ("3.5".into(), "4".into()));
        let german = german_for_tests();
        assert_eq!((german.decimal(3.5), german.decimal(5.0)), ("3,5".into(), "5".into()));
        assert_eq!(
            Words::english().element_text("faq.noneBody", &[]),
            "We're working on adding helpful questions and answers."
        );
        assert_eq!(escape_text("a < b & \"c\""), "a &lt; b &amp; \"c\"");
    }

    #[test]
    fn every_message_the_server_writes_has_an_english_template() {
        assert!(ids().count() > 20);
        for id in ids() {
            assert!(!Words::english().template(id, Some(2)).is_empty(), "{id}");
        }
    }

    /// The build's German words, when a build is there, have every message the server writes.
    #[test]
    fn the_builds_german_words_have_every_message() {
        #[derive(Deserialize)]
        struct List {
            words: Option<Words>,
        }
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../frontend/apps/public/dist/de/pages.json");
        let Ok(bytes) = std::fs::read(path) else { return };
        let Some(words) = serde_json::from_slice::<List>(&bytes).ok().and_then(|list| list.words) else { return };
        for id in ids() {
            assert!(words.messages.contains_key(id), "dist/de/pages.json has no {id}: build the public site again");
        }
        assert_eq!(words.date(Utc.with_ymd_and_hms(2024, 3, 15, 0, 0, 0).unwrap()), "15. März 2024");
    }
}
