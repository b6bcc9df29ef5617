//! The footer of every public page as the server writes it (`Footer`,
//! `frontend/apps/public/src/features/layout/components/footer.tsx`): the site's name and
//! description (the settings), the social links and contact details (Contact Details), the
//! footer's services (the Home page record) and "© {year} {site name}". It goes into the page's
//! footer slot ([`super::super::preview::FOOTER_SLOT`]); the layout keeps it while React adopts the
//! page, then draws the same footer from the answers embedded with it.
//!
//! Pictures only the build draws (the logo, the social and contact icons) and the fallback contact
//! details come from `pages.json`'s shared `parts` (`footerParts`, `footer-parts.tsx`).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, Mutex};

use atelier_application::site::Publisher;
use atelier_domain::contact_details::ContactDetails;
use atelier_domain::home_page::HomePage;
use atelier_domain::settings::Settings;
use serde_json::Value;

use super::{WrittenAnswer, part};
use crate::site::head::escape;
use crate::site::site_texts::{self, SiteMarks};
use crate::site::words::{Hole, Words};

/// The networks the footer knows, in display order, with their labels (`social-links.ts`).
const NETWORKS: [(&str, &str); 6] = [
    ("facebook", "Facebook"),
    ("twitter", "Twitter"),
    ("linkedin", "LinkedIn"),
    ("instagram", "Instagram"),
    ("github", "GitHub"),
    ("youtube", "YouTube"),
];

/// Shown when no known network has a link (`PLACEHOLDER_SOCIAL_MEDIA`).
const PLACEHOLDERS: [(&str, &str); 4] = [
    ("facebook", "https://facebook.com"),
    ("twitter", "https://twitter.com"),
    ("linkedin", "https://linkedin.com"),
    ("instagram", "https://instagram.com"),
];

/// The quick links and the policy links (`QUICK_LINKS`, `POLICY_LINKS`).
/// Each link's message and address.
const QUICK_LINKS: [(&str, &str); 5] = [
    ("nav.home", "/"),
    ("nav.about", "/about"),
    ("nav.portfolio", "/portfolio"),
    ("nav.contact", "/contact"),
    ("nav.getQuote", "/discuss-project"),
];
const POLICY_LINKS: [(&str, &str); 3] = [
    ("policy.privacy", "/privacy-policy"),
    ("policy.terms", "/terms-of-service"),
    ("policy.cookies", "/cookie-policy"),
];

/// The name the footer's logo link and section are named with (`BRAND_NAME`), whatever the site's.
const BRAND: &str = "Atelier";

const HEADING_CLASS: &str = "mb-4 text-lg font-semibold text-white";
const LINK_CLASS: &str = "text-gray-400 transition-colors hover:text-white";

/// The site's name as the footer shows it: the settings', else the built-in one.
fn site_name(settings: &Settings) -> &str {
    match settings.site_name.trim() {
        "" => "Atelier",
        name => name,
    }
}

/// A `tel:` link target (`telHref`): the digits and plus signs of the number.
pub(crate) fn tel_href(phone: &str) -> String {
    let digits: String = phone.chars().filter(|character| character.is_ascii_digit() || *character == '+').collect();
    format!("tel:{digits}")
}

/// The social links the footer shows (`socialLinks`): the known networks with a link, in order,
/// or the placeholders when none has one.
fn social_links(contact: Option<&ContactDetails>) -> Vec<(&'static str, &'static str, String)> {
    let configured: Vec<(&str, &str, String)> = NETWORKS
        .iter()
        .filter_map(|(network, label)| {
            let url = contact?
                .social_media
                .iter()
                .find(|(platform, _)| platform.as_str() == *network)
                .map(|(_, url)| url.trim())?;
            (!url.is_empty()).then(|| (*network, *label, url.to_owned()))
        })
        .collect();
    if !configured.is_empty() {
        return configured;
    }
    PLACEHOLDERS
        .iter()
        .filter_map(|(network, url)| {
            NETWORKS.iter().find(|(known, _)| known == network).map(|(_, label)| (*network, *label, (*url).to_owned()))
        })
        .collect()
}

/// The contact list (`ContactDetailsList` with the footer's classes): email, phone and address
/// lines, each only when present; the build's fallback list without saved details.
fn contact_list(html: &mut String, contact: Option<&ContactDetails>, parts: &HashMap<String, String>) {
    let Some(contact) = contact else {
        html.push_str(part(parts, "contact:fallback"));
        return;
    };
    html.push_str("<ul class=\"space-y-3 text-gray-400\">");
    let email = contact.email.trim();
    if !email.is_empty() {
        let _ = write!(
            html,
            "<li class=\"flex items-start gap-3\">{}<a href=\"mailto:{}\" class=\"{LINK_CLASS}\">{}</a></li>",
            part(parts, "contact:email"),
            escape(email),
            escape(email),
        );
    }
    let phone = contact.phone.trim();
    if !phone.is_empty() {
        let _ = write!(
            html,
            "<li class=\"flex items-start gap-3\">{}<a href=\"{}\" class=\"{LINK_CLASS}\">{}</a></li>",
            part(parts, "contact:phone"),
            escape(&tel_href(phone)),
            escape(phone),
        );
    }
    let lines: Vec<&str> = contact.address.split('\n').map(str::trim).filter(|line| !line.is_empty()).collect();
    if !lines.is_empty() {
        let _ = write!(
            html,
            "<li class=\"flex items-start gap-3\">{}<address class=\"not-italic\">",
            part(parts, "contact:address")
        );
        for line in lines {
            let _ = write!(html, "<span class=\"block\">{}</span>", escape(line));
        }
        html.push_str("</address></li>");
    }
    html.push_str("</ul>");
}

/// The footer (`Footer`) of the site whose settings, contact details (`None` until saved) and
/// footer services these are, in the year `year`, in the language of `words`.
pub(crate) fn footer(
    settings: &Settings,
    contact: Option<&ContactDetails>,
    services: &[String],
    year: i32,
    parts: &HashMap<String, String>,
    words: &Words,
) -> String {
    let brand = [("siteName", Hole::Text(BRAND))];
    let mut html = format!(
        "<footer class=\"bg-gray-900 text-gray-300\"><div class=\"mx-auto grid max-w-7xl gap-10 px-4 py-14 \
         sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8\"><section aria-label=\"{}\">\
         <a aria-label=\"{}\" href=\"{}\">",
        words.html("footer.about", &brand),
        words.html("nav.homeLink", &brand),
        escape(&words.href("/")),
    );
    html.push_str(part(parts, "logo"));
    html.push_str("</a>");
    let description = settings.site_description.trim();
    if !description.is_empty() {
        let _ = write!(html, "<p class=\"mt-4 text-sm leading-relaxed text-gray-400\">{}</p>", escape(description));
    }
    html.push_str("<ul class=\"mt-5 flex gap-3\">");
    for (network, label, url) in social_links(contact) {
        let _ = write!(
            html,
            "<li><a href=\"{}\" target=\"_blank\" rel=\"noopener noreferrer\" aria-label=\"{label}\" class=\"flex h-9 \
             w-9 items-center justify-center rounded-full bg-gray-800 text-gray-300 transition-colors \
             hover:bg-blue-600 hover:text-white\">{}</a></li>",
            escape(&url),
            part(parts, &format!("social:{network}")),
        );
    }
    let _ = write!(
        html,
        "</ul></section><section aria-labelledby=\"footer-services\"><h2 id=\"footer-services\" \
         class=\"{HEADING_CLASS}\">{}</h2><ul class=\"space-y-2 text-sm\">",
        words.html("footer.services", &[])
    );
    let services_href = escape(&words.href("/#services"));
    for name in services {
        let _ = write!(html, "<li><a class=\"{LINK_CLASS}\" href=\"{services_href}\">{}</a></li>", escape(name));
    }
    let _ = write!(
        html,
        "</ul></section><section aria-labelledby=\"footer-quick-links\"><h2 id=\"footer-quick-links\" \
         class=\"{HEADING_CLASS}\">{}</h2><ul class=\"space-y-2 text-sm\">",
        words.html("footer.quickLinks", &[])
    );
    for (label, to) in QUICK_LINKS {
        let to = escape(&words.href(to));
        let _ = write!(html, "<li><a class=\"{LINK_CLASS}\" href=\"{to}\">{}</a></li>", words.html(label, &[]));
    }
    let _ = write!(
        html,
        "</ul></section><section aria-labelledby=\"footer-contact\"><h2 id=\"footer-contact\" \
         class=\"{HEADING_CLASS}\">{}</h2>",
        words.html("footer.contactInfo", &[])
    );
    contact_list(&mut html, contact, parts);
    let _ = write!(
        html,
        "</section></div><div class=\"border-t border-gray-800\"><div class=\"mx-auto flex max-w-7xl flex-col \
         items-center justify-between gap-3 px-4 py-6 text-sm text-gray-400 sm:flex-row sm:px-6 lg:px-8\"><p>{}</p><ul \
         class=\"flex flex-wrap gap-4\">",
        words.html(
            "footer.copyright",
            &[("year", Hole::Text(&year.to_string())), ("siteName", Hole::Text(site_name(settings)))]
        ),
    );
    for (label, to) in POLICY_LINKS {
        let to = escape(&words.href(to));
        let _ = write!(html, "<li><a class=\"hover:text-white\" href=\"{to}\">{}</a></li>", words.html(label, &[]));
    }
    html.push_str("</ul></div></div></footer>");
    html
}

/// The answers the footer reads, under their query keys: the settings, the contact details (`null`
/// until saved, as the API's 404, so the page shows its fallback details) and the Home page record,
/// in the page's language on a language's page (`marks`, [`site_texts`]).
///
/// # Errors
/// Only when an answer cannot be serialised.
pub(crate) fn answers(
    publisher: &Publisher,
    home: &HomePage,
    marks: Option<&SiteMarks>,
) -> anyhow::Result<Vec<(Value, Value)>> {
    site_texts::answers(publisher, home, marks)
}

/// The footer of a page dated `year` (with the Home page record `home`; none for a head alone) and the element
/// embedding the page's `answers` with the footer's, each query once (the footer's and the page's
/// overlap: the settings, the contact details). The footer's answers are written once for every
/// page of the default language while the publisher and the Home page record are the ones kept
/// ([`FooterAnswers`]).
///
/// # Errors
/// Only when an answer cannot be serialised.
#[allow(clippy::too_many_arguments)]
pub(crate) fn with_answers(
    publisher: &Arc<Publisher>,
    home: Option<&Arc<HomePage>>,
    year: i32,
    parts: &HashMap<String, String>,
    words: &Words,
    answers: &[(Value, Value)],
    marks: Option<&SiteMarks>,
    kept: &FooterAnswers,
) -> anyhow::Result<(Option<String>, String)> {
    let (footer, written) = match home {
        Some(home) => {
            let region =
                footer(&publisher.settings, publisher.contact.as_ref(), &home.footer_services, year, parts, words);
            (Some(region), kept.written(publisher, home, marks)?)
        }
        None => (None, Arc::default()),
    };
    let answers: Vec<(&Value, &Value)> = answers.iter().map(|(key, answer)| (key, answer)).collect();
    Ok((footer, super::data_script_of(&answers, &written)))
}

/// The footer's answers written for the publisher and Home page record they were written from
/// (the ones a content generation keeps: the same `Arc`s until the content changes), shared by
/// clones. A language's page writes its own each time (its texts are read for it).
#[derive(Debug, Clone, Default)]
pub(crate) struct FooterAnswers(Arc<Mutex<Option<KeptAnswers>>>);

/// The publisher and Home page record answers were written from (held, so neither can be freed and
/// another take its address), and the answers.
type KeptAnswers = (Arc<Publisher>, Arc<HomePage>, Arc<[WrittenAnswer]>);

impl FooterAnswers {
    fn written(
        &self,
        publisher: &Arc<Publisher>,
        home: &Arc<HomePage>,
        marks: Option<&SiteMarks>,
    ) -> anyhow::Result<Arc<[WrittenAnswer]>> {
        if marks.is_some() {
            return Ok(super::written(&answers(publisher, home, marks)?)?.into());
        }
        let mut kept = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((kept_publisher, kept_home, written)) = kept.as_ref()
            && Arc::ptr_eq(kept_publisher, publisher)
            && Arc::ptr_eq(kept_home, home)
        {
            return Ok(Arc::clone(written));
        }
        let written: Arc<[WrittenAnswer]> = super::written(&answers(publisher, home, None)?)?.into();
        *kept = Some((Arc::clone(publisher), Arc::clone(home), Arc::clone(&written)));
        Ok(written)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use atelier_domain::contact_details::SocialPlatform;

    use super::*;

    fn parts() -> HashMap<String, String> {
        [
            ("logo", "<span>LOGO</span>"),
            ("social:github", "<svg>gh</svg>"),
            ("contact:email", "<svg>@</svg>"),
            ("contact:fallback", "<ul>FALLBACK</ul>"),
        ]
        .into_iter()
        .map(|(name, markup)| (name.to_owned(), markup.to_owned()))
        .collect()
    }

    fn contact() -> ContactDetails {
        ContactDetails {
            meta: atelier_domain::meta::RecordMeta::default(),
            email: "owner@studio.example".to_owned(),
            phone: " +44 (20) 7946-0000 ".to_owned(),
            address: "1 <Main> Street\n\n  London ".to_owned(),
            google_maps_url: String::new(),
            social_media: BTreeMap::from([(SocialPlatform::Github, "https://github.com/studio".to_owned())]),
            updated_at: chrono::Utc::now(),
        }
    }

    fn publisher_named(site_name: &str) -> Arc<Publisher> {
        let mut settings = Settings::initial(chrono::Utc::now());
        settings.site_name = site_name.to_owned();
        Arc::new(Publisher { settings, contact: Some(contact()) })
    }

    fn embedded(script: &str) -> Vec<(Value, Value)> {
        let inner = script
            .strip_prefix("<script type=\"application/json\" id=\"atelier-data\">")
            .and_then(|rest| rest.strip_suffix("</script>"))
            .unwrap();
        serde_json::from_str(inner).unwrap()
    }

    #[test]
    fn the_footers_answers_are_written_once_for_the_kept_records_and_again_for_others() {
        let kept = FooterAnswers::default();
        let publisher = publisher_named("Studio");
        let home =
            Arc::new(HomePage::empty(atelier_domain::EntityId::generate(chrono::Utc::now()), chrono::Utc::now()));
        let first = kept.written(&publisher, &home, None).unwrap();
        let again = kept.written(&publisher, &home, None).unwrap();
        assert!(Arc::ptr_eq(&first, &again), "the same records: the entries written before");
        let renamed = publisher_named("Renamed <Studio>");
        let other = kept.written(&renamed, &home, None).unwrap();
        assert!(!Arc::ptr_eq(&first, &other), "another publisher (a new generation's): written again");
        let entries: Vec<&str> = other.iter().map(|(_, entry)| entry.as_str()).collect();
        assert!(entries[0].contains("Renamed \\u003cStudio\\u003e"), "{entries:?}");
        let expected = answers(&renamed, &home, None).unwrap();
        for ((key, entry), (answer_key, answer)) in other.iter().zip(&expected) {
            assert_eq!(key, answer_key);
            assert_eq!(serde_json::from_str::<(Value, Value)>(entry).unwrap(), (answer_key.clone(), answer.clone()));
        }
    }

    #[test]
    fn a_pages_answers_come_first_and_each_query_once() {
        let publisher = publisher_named("Studio");
        let home =
            Arc::new(HomePage::empty(atelier_domain::EntityId::generate(chrono::Utc::now()), chrono::Utc::now()));
        let footers = answers(&publisher, &home, None).unwrap();
        let settings_key = footers[0].0.clone();
        let page = vec![
            (serde_json::json!(["/blog/public/posts/slug/a"]), serde_json::json!({ "title": "A <b>" })),
            (settings_key.clone(), serde_json::json!({ "siteName": "the page's own" })),
            (serde_json::json!(["/blog/public/posts/slug/a"]), serde_json::json!({ "title": "a second time" })),
        ];
        let (footer, script) = with_answers(
            &publisher,
            Some(&home),
            2031,
            &parts(),
            Words::english(),
            &page,
            None,
            &FooterAnswers::default(),
        )
        .unwrap();
        assert!(footer.unwrap().contains("© 2031 Studio"));
        let read = embedded(&script);
        let mut expected = vec![page[0].clone(), page[1].clone()];
        expected.extend(footers.into_iter().filter(|(key, _)| *key != settings_key));
        assert_eq!(read, expected);
        let (footer, script) =
            with_answers(&publisher, None, 2031, &parts(), Words::english(), &page, None, &FooterAnswers::default())
                .unwrap();
        assert!(footer.is_none(), "a head alone has no footer");
        assert_eq!(embedded(&script), vec![page[0].clone(), page[1].clone()]);
        let (_, script) =
            with_answers(&publisher, None, 2031, &parts(), Words::english(), &[], None, &FooterAnswers::default())
                .unwrap();
        assert_eq!(script, "", "no answers: no element");
    }

    #[test]
    fn the_footer_shows_the_owners_name_details_and_services_as_text() {
        let mut settings = Settings::initial(chrono::Utc::now());
        settings.site_name = "Studio <b>&</b>".to_owned();
        settings.site_description = "  We build things. ".to_owned();
        let contact = contact();
        let html = footer(&settings, Some(&contact), &["Web <i>apps</i>".to_owned()], 2031, &parts(), Words::english());
        assert!(html.contains("© 2031 Studio &lt;b&gt;&amp;&lt;/b&gt;. All rights reserved."), "{html}");
        assert!(html.contains("<p class=\"mt-4 text-sm leading-relaxed text-gray-400\">We build things.</p>"));
        assert!(html.contains("href=\"https://github.com/studio\""));
        assert!(html.contains("aria-label=\"GitHub\""));
        assert!(html.contains("<svg>gh</svg>"));
        assert!(!html.contains("facebook.com"), "placeholders only without links: {html}");
        assert!(html.contains(">Web &lt;i&gt;apps&lt;/i&gt;</a>"));
        assert!(html.contains("<svg>@</svg><a href=\"mailto:owner@studio.example\""));
        assert!(html.contains("href=\"tel:+442079460000\""));
        assert!(html.contains("<span class=\"block\">1 &lt;Main&gt; Street</span><span class=\"block\">London</span>"));
        assert!(!html.contains("FALLBACK"));
    }

    #[test]
    fn without_details_the_footer_shows_the_fallback_list_and_the_placeholder_links() {
        let settings = Settings::initial(chrono::Utc::now());
        let html = footer(&settings, None, &[], 2030, &parts(), Words::english());
        assert!(html.contains("<ul>FALLBACK</ul>"));
        assert!(html.contains("href=\"https://facebook.com\""));
        assert!(html.contains("© 2030 Atelier."));
        assert!(!html.contains("leading-relaxed"), "no description line for an empty description");
    }

    #[test]
    fn the_footer_writes_the_words_of_its_language() {
        let mut settings = Settings::initial(chrono::Utc::now());
        settings.site_name = "Studio & Co".to_owned();
        let english = footer(&settings, None, &[], 2030, &parts(), Words::english());
        for text in [
            "<section aria-label=\"About Atelier\"><a aria-label=\"Atelier home\" href=\"/\">",
            ">Services</h2>",
            ">Quick Links</h2>",
            "href=\"/discuss-project\">Get a Quote</a>",
            ">Contact Info</h2>",
            "<p>© 2030 Studio &amp; Co. All rights reserved.</p>",
            "href=\"/cookie-policy\">Cookie Policy</a>",
        ] {
            assert!(english.contains(text), "{text} in {english}");
        }
        let german = footer(&settings, None, &[], 2030, &parts(), &crate::site::words::german_for_tests());
        for text in [
            "<section aria-label=\"Über Atelier\"><a aria-label=\"Atelier – Startseite\" href=\"/\">",
            ">Leistungen</h2>",
            ">Schnellzugriff</h2>",
            "href=\"/discuss-project\">Angebot anfordern</a>",
            "<p>© 2030 Studio &amp; Co. Alle Rechte vorbehalten.</p>",
            "href=\"/cookie-policy\">Cookie-Richtlinie</a>",
        ] {
            assert!(german.contains(text), "{text} in {german}");
        }
        assert!(!german.contains("Quick Links"));
    }

    #[test]
    fn a_languages_footer_links_under_its_prefix() {
        let settings = Settings::initial(chrono::Utc::now());
        let words = crate::site::words::german_for_tests().under("/de");
        let german = footer(&settings, None, &["Web".to_owned()], 2030, &parts(), &words);
        crate::site::links::assert_all_under(&german, "/de");
        for text in [
            "<a aria-label=\"Atelier – Startseite\" href=\"/de\">",
            "href=\"/de#services\">Web</a>",
            "href=\"/de/discuss-project\">Angebot anfordern</a>",
            "href=\"/de/cookie-policy\">Cookie-Richtlinie</a>",
            "href=\"https://facebook.com\"",
        ] {
            assert!(german.contains(text), "{text} in {german}");
        }
        // The default language's footer is as it was.
        let english = footer(&settings, None, &["Web".to_owned()], 2030, &parts(), Words::english());
        assert!(english.contains("href=\"/#services\">Web</a>") && english.contains("href=\"/about\""), "{english}");
        assert!(crate::site::links::site_hrefs(&english).iter().all(|href| !href.starts_with("/de")));
    }

    #[test]
    fn a_phone_link_keeps_digits_and_plus_signs() {
        assert_eq!(tel_href("+1 (555) 123-4567"), "tel:+15551234567");
    }
}
