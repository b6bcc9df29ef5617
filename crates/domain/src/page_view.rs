//! Page views, the raw material of the site's own visitor statistics: what one beacon from a page a
//! visitor opened says (the page's path, the referring site's domain, the campaign's UTM values, the
//! browser's language), as parsed from what the page sent, and the device class and visitor
//! ([`crate::visitor::Visitor`]: a daily-salted hash, never the address) the server adds. No cookie,
//! no address and no full referring URL is ever kept.
//!
//! Views are summed per day ([`DayTotals`]): the totals of the day, and per page, source, campaign,
//! device, language and landing page (a visitor's first page of the day), each with its views and
//! its visitors. Those totals are kept for ever; the raw views only for a few weeks.

use std::collections::{BTreeMap, HashMap, HashSet};

use chrono::{DateTime, NaiveDate, Utc};

use crate::validation::FieldErrors;
use crate::visitor::Visitor;

/// The longest path accepted, in characters.
pub const MAX_PATH_LEN: usize = 512;
/// The longest referring domain accepted (the DNS limit).
pub const MAX_DOMAIN_LEN: usize = 253;
/// The longest UTM value accepted, in characters.
pub const MAX_UTM_LEN: usize = 100;
/// The longest language tag accepted (BCP 47's practical limit).
pub const MAX_LANGUAGE_LEN: usize = 35;

/// How many days raw views are kept by default (`ATELIER_VIEWS_KEEP_DAYS`).
pub const DEFAULT_KEEP_DAYS: u32 = 30;

/// A path of this site, as a page's address names it: starts with one `/`, at most
/// [`MAX_PATH_LEN`] characters, no control character, no space, no backslash; a query or fragment
/// is cut off (they are never kept).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PagePath(String);

impl PagePath {
    /// # Errors
    /// A message for a path that is not one of this site's.
    pub fn parse(text: &str) -> Result<Self, String> {
        let path = text.split(['?', '#']).next().unwrap_or_default();
        if path.chars().count() > MAX_PATH_LEN {
            return Err(format!("Path must be at most {MAX_PATH_LEN} characters"));
        }
        if !path.starts_with('/') || path.starts_with("//") {
            return Err("Path must be a path of this site, starting with /".to_owned());
        }
        if path.chars().any(|c| c.is_control() || c.is_whitespace() || c == '\\') {
            return Err("Path must not contain spaces, backslashes or control characters".to_owned());
        }
        Ok(Self(path.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The slug of the blog post this path shows (`/blog/{slug}`), if it is one.
    pub fn post_slug(&self) -> Option<&str> {
        let slug = self.0.strip_prefix("/blog/")?.trim_end_matches('/');
        (!slug.is_empty() && !slug.contains('/')).then_some(slug)
    }
}

/// The domain of the site a visitor came from: lowercased, without a leading `www.`; letters,
/// digits, dots and hyphens only (an internationalised domain comes in its `xn--` form).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ReferrerDomain(String);

impl ReferrerDomain {
    /// An empty text is no referrer (`None`).
    ///
    /// # Errors
    /// A message for a text that is not a domain.
    pub fn parse(text: &str) -> Result<Option<Self>, String> {
        if text.chars().any(char::is_control) {
            return Err("Referrer must be a domain name, such as example.com".to_owned());
        }
        let domain = text.trim().trim_end_matches('.').to_ascii_lowercase();
        if domain.is_empty() {
            return Ok(None);
        }
        if domain.len() > MAX_DOMAIN_LEN {
            return Err(format!("Referrer must be at most {MAX_DOMAIN_LEN} characters"));
        }
        let shaped = domain.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        });
        if !shaped {
            return Err("Referrer must be a domain name, such as example.com".to_owned());
        }
        let domain =
            domain.strip_prefix("www.").filter(|rest| rest.contains('.')).map_or(domain.clone(), str::to_owned);
        Ok(Some(Self(domain)))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// One UTM value (`utm_source`, `utm_medium`, `utm_campaign`): trimmed and lowercased, at most
/// [`MAX_UTM_LEN`] characters, no control character; empty is none.
///
/// # Errors
/// A message naming `label` for a value too long or holding a control character.
pub fn utm_value(text: Option<&str>, label: &str) -> Result<Option<String>, String> {
    let Some(text) = text else { return Ok(None) };
    if text.chars().count() > MAX_UTM_LEN {
        return Err(format!("{label} must be at most {MAX_UTM_LEN} characters"));
    }
    if text.chars().any(char::is_control) {
        return Err(format!("{label} must not contain control characters"));
    }
    let value = text.trim().to_lowercase();
    Ok((!value.is_empty()).then_some(value))
}

/// The campaign a visit came with: its UTM source, medium and campaign, each optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Campaign {
    pub source: Option<String>,
    pub medium: Option<String>,
    pub campaign: Option<String>,
}

impl Campaign {
    pub fn is_empty(&self) -> bool {
        self.source.is_none() && self.medium.is_none() && self.campaign.is_none()
    }

    /// How the campaign reads in the statistics: `source / medium / campaign`, a missing part as `-`;
    /// `None` without any UTM value.
    pub fn label(&self) -> Option<String> {
        (!self.is_empty()).then(|| {
            [&self.source, &self.medium, &self.campaign].map(|part| part.as_deref().unwrap_or("-")).join(" / ")
        })
    }
}

/// A browser's language tag (`en-GB`): letters, digits and hyphens, at most [`MAX_LANGUAGE_LEN`];
/// kept lowercased.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Language(String);

impl Language {
    /// An empty text is no language (`None`).
    ///
    /// # Errors
    /// A message for a text that is not a language tag.
    pub fn parse(text: &str) -> Result<Option<Self>, String> {
        if text.chars().any(char::is_control) {
            return Err("Language must be a language tag, such as en-GB".to_owned());
        }
        let tag = text.trim();
        if tag.is_empty() {
            return Ok(None);
        }
        if tag.len() > MAX_LANGUAGE_LEN {
            return Err(format!("Language must be at most {MAX_LANGUAGE_LEN} characters"));
        }
        if !tag.starts_with(|c: char| c.is_ascii_alphabetic())
            || !tag.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        {
            return Err("Language must be a language tag, such as en-GB".to_owned());
        }
        Ok(Some(Self(tag.to_ascii_lowercase())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What kind of device a view came from, as its browser's `User-Agent` tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DeviceClass {
    Desktop,
    Mobile,
    Tablet,
    /// A television, a game console, or a browser the parser does not know.
    Other,
}

impl DeviceClass {
    pub const ALL: [Self; 4] = [Self::Desktop, Self::Mobile, Self::Tablet, Self::Other];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Desktop => "desktop",
            Self::Mobile => "mobile",
            Self::Tablet => "tablet",
            Self::Other => "other",
        }
    }

    /// The class named by its stored word; an unknown word is `Other`.
    pub fn from_word(word: &str) -> Self {
        Self::ALL.into_iter().find(|class| class.as_str() == word).unwrap_or(Self::Other)
    }
}

/// What a page's beacon sends, as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BeaconInput {
    pub path: Option<String>,
    pub referrer: Option<String>,
    pub utm_source: Option<String>,
    pub utm_medium: Option<String>,
    pub utm_campaign: Option<String>,
    pub language: Option<String>,
}

/// A beacon's content, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Beacon {
    pub path: PagePath,
    pub referrer: Option<ReferrerDomain>,
    pub campaign: Campaign,
    pub language: Option<Language>,
}

impl Beacon {
    /// # Errors
    /// Every field that is not what the beacon sends, by its API name.
    pub fn parse(input: &BeaconInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let path = if let Some(path) = input.path.as_deref() {
            errors.check("path", PagePath::parse(path))
        } else {
            errors.add("path", "Path is required");
            None
        };
        let referrer = errors.check("referrer", ReferrerDomain::parse(input.referrer.as_deref().unwrap_or_default()));
        let source = errors.check("utmSource", utm_value(input.utm_source.as_deref(), "utm_source"));
        let medium = errors.check("utmMedium", utm_value(input.utm_medium.as_deref(), "utm_medium"));
        let campaign = errors.check("utmCampaign", utm_value(input.utm_campaign.as_deref(), "utm_campaign"));
        let language = errors.check("language", Language::parse(input.language.as_deref().unwrap_or_default()));
        errors.finish(|| Self {
            path: path.expect("checked"),
            referrer: referrer.expect("checked"),
            campaign: Campaign {
                source: source.expect("checked"),
                medium: medium.expect("checked"),
                campaign: campaign.expect("checked"),
            },
            language: language.expect("checked"),
        })
    }
}

/// Where a lead came from: the first page of the visit that sent it, the referring site's domain
/// and the campaign's UTM values, as the public forms send them from what the beacon saw first in
/// the visitor's session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attribution {
    pub landing_page: PagePath,
    pub referrer: Option<ReferrerDomain>,
    pub campaign: Campaign,
}

/// A lead's attribution as a form sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AttributionInput {
    pub landing_page: Option<String>,
    pub referrer: Option<String>,
    pub utm_source: Option<String>,
    pub utm_medium: Option<String>,
    pub utm_campaign: Option<String>,
}

impl Attribution {
    /// Field errors are named `attribution.<field>`.
    ///
    /// # Errors
    /// Every field that is not what the beacon would have sent.
    pub fn parse(input: &AttributionInput) -> Result<Self, FieldErrors> {
        let beacon = Beacon::parse(&BeaconInput {
            path: input.landing_page.clone(),
            referrer: input.referrer.clone(),
            utm_source: input.utm_source.clone(),
            utm_medium: input.utm_medium.clone(),
            utm_campaign: input.utm_campaign.clone(),
            language: None,
        });
        beacon
            .map(|beacon| Self { landing_page: beacon.path, referrer: beacon.referrer, campaign: beacon.campaign })
            .map_err(|errors| {
                let mut named = FieldErrors::new();
                for (field, message) in errors.iter() {
                    let field = if field == "path" { "landingPage" } else { field };
                    named.add(&format!("attribution.{field}"), message.replace("Path", "Landing page"));
                }
                named
            })
    }

    /// The attribution a form sent, if any, its errors added to `errors`.
    pub fn parse_into(input: Option<&AttributionInput>, errors: &mut FieldErrors) -> Option<Self> {
        match Self::parse(input?) {
            Ok(attribution) => Some(attribution),
            Err(failed) => {
                failed.iter().for_each(|(field, message)| errors.add(field, message));
                None
            }
        }
    }

    /// Where the lead came from, as the statistics' sources read: the UTM source, else the
    /// referring domain; `None` for a direct visit.
    pub fn source(&self) -> Option<&str> {
        self.campaign.source.as_deref().or(self.referrer.as_ref().map(ReferrerDomain::as_str))
    }
}

/// One recorded page view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageView {
    pub at: DateTime<Utc>,
    pub visitor: Visitor,
    pub path: PagePath,
    pub referrer: Option<ReferrerDomain>,
    pub campaign: Campaign,
    pub device: DeviceClass,
    pub language: Option<Language>,
}

impl PageView {
    pub fn new(beacon: Beacon, visitor: Visitor, device: DeviceClass, at: DateTime<Utc>) -> Self {
        let Beacon { path, referrer, campaign, language } = beacon;
        Self { at, visitor, path, referrer, campaign, device, language }
    }

    /// The UTC day the view falls in.
    pub fn day(&self) -> NaiveDate {
        self.at.date_naive()
    }

    /// Where the visit came from: the UTM source, else the referring domain, else none (direct).
    pub fn source(&self) -> Option<&str> {
        self.campaign.source.as_deref().or(self.referrer.as_ref().map(ReferrerDomain::as_str))
    }
}

/// What a day's views are summed by. Each dimension's values are texts; [`Dimension::Total`] has the
/// one value `""`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dimension {
    /// The whole site.
    Total,
    Page,
    /// The UTM source, else the referring domain; `""` for direct visits.
    Source,
    /// The referring domain only; `""` for none.
    Referrer,
    /// [`Campaign::label`]; views without UTM values are not counted under it.
    Campaign,
    Device,
    /// `""` for an unknown language.
    Language,
    /// The first page each visitor opened that day; its views are the visitor's views that day.
    Landing,
}

impl Dimension {
    pub const ALL: [Self; 8] = [
        Self::Total,
        Self::Page,
        Self::Source,
        Self::Referrer,
        Self::Campaign,
        Self::Device,
        Self::Language,
        Self::Landing,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Total => "total",
            Self::Page => "page",
            Self::Source => "source",
            Self::Referrer => "referrer",
            Self::Campaign => "campaign",
            Self::Device => "device",
            Self::Language => "language",
            Self::Landing => "landing",
        }
    }

    pub fn from_word(word: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|dimension| dimension.as_str() == word)
    }
}

/// Views and visitors under one value of one dimension.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Count {
    pub views: u64,
    pub visitors: u64,
}

/// One day's views summed by every [`Dimension`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayTotals {
    pub day: NaiveDate,
    pub counts: BTreeMap<(Dimension, String), Count>,
}

impl DayTotals {
    /// The totals of `views`, all of `day` (views of other days are left out), in whatever order.
    pub fn of(day: NaiveDate, views: &[PageView]) -> Self {
        let mut tally = DayTally::new(day);
        tally.add_all(views);
        tally.totals()
    }

    /// The day's own totals (zero for a day without views).
    pub fn total(&self) -> Count {
        self.counts.get(&(Dimension::Total, String::new())).copied().unwrap_or_default()
    }
}

/// A day's totals summed view by view, so that views stored later are added to what was summed
/// before instead of summing the day again ([`DayTally::add_all`], then [`DayTally::totals`]). The
/// order views are added in changes nothing: a visitor's landing page is the page of their earliest
/// view, the alphabetically first of their pages viewed at that very instant.
#[derive(Debug, Clone)]
pub struct DayTally {
    day: NaiveDate,
    views: u64,
    /// Each visitor's number (the index into `visitors`).
    numbers: HashMap<Visitor, u32>,
    /// Per visitor: their views that day and their landing view (time and page).
    visitors: Vec<(u64, DateTime<Utc>, String)>,
    /// Per dimension but `Total` and `Landing`, and value: the views and the visitors' numbers.
    counts: HashMap<(Dimension, String), (u64, HashSet<u32>)>,
}

impl DayTally {
    pub fn new(day: NaiveDate) -> Self {
        Self { day, views: 0, numbers: HashMap::new(), visitors: Vec::new(), counts: HashMap::new() }
    }

    pub fn day(&self) -> NaiveDate {
        self.day
    }

    /// How many views of the day were added.
    pub fn views(&self) -> u64 {
        self.views
    }

    /// Adds `views`; those of other days are left out.
    pub fn add_all(&mut self, views: &[PageView]) {
        let day = self.day;
        for view in views.iter().filter(|view| view.day() == day) {
            self.add(view);
        }
    }

    fn add(&mut self, view: &PageView) {
        self.views += 1;
        let next = u32::try_from(self.visitors.len()).unwrap_or(u32::MAX);
        let number = *self.numbers.entry(view.visitor.clone()).or_insert(next);
        if number == next {
            self.visitors.push((0, view.at, view.path.as_str().to_owned()));
        }
        if let Some((views, at, landing)) = self.visitors.get_mut(number as usize) {
            *views += 1;
            if (view.at, view.path.as_str()) < (*at, landing.as_str()) {
                *at = view.at;
                view.path.as_str().clone_into(landing);
            }
        }
        let mut count = |dimension: Dimension, value: &str| {
            let entry = self.counts.entry((dimension, value.to_owned())).or_default();
            entry.0 += 1;
            entry.1.insert(number);
        };
        count(Dimension::Page, view.path.as_str());
        count(Dimension::Source, view.source().unwrap_or_default());
        count(Dimension::Referrer, view.referrer.as_ref().map(ReferrerDomain::as_str).unwrap_or_default());
        if let Some(label) = view.campaign.label() {
            count(Dimension::Campaign, &label);
        }
        count(Dimension::Device, view.device.as_str());
        count(Dimension::Language, view.language.as_ref().map(Language::as_str).unwrap_or_default());
    }

    /// The totals of the views added so far.
    pub fn totals(&self) -> DayTotals {
        let mut counts: BTreeMap<(Dimension, String), Count> = self
            .counts
            .iter()
            .map(|(key, (views, visitors))| (key.clone(), Count { views: *views, visitors: visitors.len() as u64 }))
            .collect();
        if self.views > 0 {
            counts.insert(
                (Dimension::Total, String::new()),
                Count { views: self.views, visitors: self.visitors.len() as u64 },
            );
        }
        for (views, _, landing) in &self.visitors {
            let count = counts.entry((Dimension::Landing, landing.clone())).or_default();
            count.views += views;
            count.visitors += 1;
        }
        DayTotals { day: self.day, counts }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::visitor::VisitorSalt;

    #[test]
    fn paths_are_this_sites_own_and_lose_their_query() {
        assert_eq!(PagePath::parse("/blog/hello?utm_source=x#top").unwrap().as_str(), "/blog/hello");
        assert_eq!(PagePath::parse("/").unwrap().as_str(), "/");
        for hostile in ["", "blog", "//evil.example/x", "https://evil.example/", "/a b", "/a\u{7}", "/a\\b", "/\u{85}"]
        {
            assert!(PagePath::parse(hostile).is_err(), "{hostile:?} is refused");
        }
        assert!(PagePath::parse(&format!("/{}", "a".repeat(MAX_PATH_LEN))).is_err());
        assert!(PagePath::parse(&format!("/{}", "a".repeat(MAX_PATH_LEN - 1))).is_ok());
    }

    #[test]
    fn a_post_path_names_its_slug() {
        assert_eq!(PagePath::parse("/blog/hello-world").unwrap().post_slug(), Some("hello-world"));
        assert_eq!(PagePath::parse("/blog/hello-world/").unwrap().post_slug(), Some("hello-world"));
        assert_eq!(PagePath::parse("/blog").unwrap().post_slug(), None);
        assert_eq!(PagePath::parse("/blog/").unwrap().post_slug(), None);
        assert_eq!(PagePath::parse("/blog/a/b").unwrap().post_slug(), None);
    }

    #[test]
    fn referrers_are_bare_domains_lowercased_without_www() {
        assert_eq!(ReferrerDomain::parse("WWW.Google.com.").unwrap().unwrap().as_str(), "google.com");
        assert_eq!(ReferrerDomain::parse("news.ycombinator.com").unwrap().unwrap().as_str(), "news.ycombinator.com");
        assert_eq!(ReferrerDomain::parse("www.localhost").unwrap().unwrap().as_str(), "www.localhost");
        assert_eq!(ReferrerDomain::parse("  ").unwrap(), None);
        for hostile in ["https://x.com/", "x..com", "-x.com", "x.com/path", "é.com", "a b.com", "x.com\n"] {
            assert!(ReferrerDomain::parse(hostile).is_err(), "{hostile:?} is refused");
        }
        assert!(ReferrerDomain::parse(&format!("{}.com", "a".repeat(64))).is_err(), "a label of 64");
    }

    #[test]
    fn utm_values_are_trimmed_lowercased_and_bounded() {
        assert_eq!(utm_value(Some(" Newsletter "), "utm_source").unwrap().as_deref(), Some("newsletter"));
        assert_eq!(utm_value(Some(""), "utm_source").unwrap(), None);
        assert_eq!(utm_value(None, "utm_source").unwrap(), None);
        assert!(utm_value(Some("a\u{0}b"), "utm_source").is_err());
        assert!(utm_value(Some(&"x".repeat(MAX_UTM_LEN + 1)), "utm_source").unwrap_err().contains("utm_source"));
        let campaign = Campaign { source: Some("mail".into()), medium: None, campaign: Some("winter".into()) };
        assert_eq!(campaign.label().as_deref(), Some("mail / - / winter"));
        assert_eq!(Campaign::default().label(), None);
    }

    #[test]
    fn languages_are_tags() {
        assert_eq!(Language::parse("en-GB").unwrap().unwrap().as_str(), "en-gb");
        assert_eq!(Language::parse("").unwrap(), None);
        assert!(Language::parse("en_GB").is_err());
        assert!(Language::parse("<script>").is_err());
        assert!(Language::parse(&"a".repeat(MAX_LANGUAGE_LEN + 1)).is_err());
    }

    #[test]
    fn a_beacon_names_every_field_it_gets_wrong() {
        let errors = Beacon::parse(&BeaconInput {
            path: Some("http://evil.example/".into()),
            referrer: Some("not a domain".into()),
            utm_source: Some("x".repeat(101)),
            language: Some("??".into()),
            ..BeaconInput::default()
        })
        .unwrap_err();
        for field in ["path", "referrer", "utmSource", "language"] {
            assert!(errors.get(field).is_some(), "{field} is named");
        }
        assert!(Beacon::parse(&BeaconInput::default()).unwrap_err().get("path").is_some());
        let beacon = Beacon::parse(&BeaconInput {
            path: Some("/services".into()),
            referrer: Some("duckduckgo.com".into()),
            utm_medium: Some("CPC".into()),
            ..BeaconInput::default()
        })
        .unwrap();
        assert_eq!(beacon.campaign.medium.as_deref(), Some("cpc"));
        assert_eq!(beacon.campaign.source, None);
    }

    #[test]
    fn an_attribution_is_what_the_beacon_saw_first_and_names_its_fields() {
        let attribution = Attribution::parse(&AttributionInput {
            landing_page: Some("/blog/a".into()),
            referrer: Some("www.google.com".into()),
            utm_campaign: Some("Winter".into()),
            ..AttributionInput::default()
        })
        .unwrap();
        assert_eq!(attribution.landing_page.as_str(), "/blog/a");
        assert_eq!(attribution.source(), Some("google.com"));
        assert_eq!(attribution.campaign.campaign.as_deref(), Some("winter"));
        let errors = Attribution::parse(&AttributionInput {
            landing_page: Some("https://evil.example/".into()),
            utm_source: Some("a\u{0}".into()),
            ..AttributionInput::default()
        })
        .unwrap_err();
        assert!(errors.get("attribution.landingPage").unwrap().starts_with("Landing page"));
        assert!(errors.get("attribution.utmSource").is_some());
    }

    #[test]
    fn device_classes_round_trip_through_their_words() {
        for class in DeviceClass::ALL {
            assert_eq!(DeviceClass::from_word(class.as_str()), class);
        }
        assert_eq!(DeviceClass::from_word("toaster"), DeviceClass::Other);
        for dimension in Dimension::ALL {
            assert_eq!(Dimension::from_word(dimension.as_str()), Some(dimension));
        }
    }

    fn view(salt: &VisitorSalt, who: &str, at: &str, path: &str, referrer: Option<&str>) -> PageView {
        let beacon = Beacon::parse(&BeaconInput {
            path: Some(path.into()),
            referrer: referrer.map(Into::into),
            ..BeaconInput::default()
        })
        .unwrap();
        let at = DateTime::parse_from_rfc3339(at).unwrap().with_timezone(&Utc);
        PageView::new(beacon, Visitor::identify(salt, who, "Firefox"), DeviceClass::Desktop, at)
    }

    #[test]
    fn a_days_totals_count_views_and_distinct_visitors_by_every_dimension() {
        let salt = VisitorSalt::generate();
        let views = [
            view(&salt, "ana", "2026-11-27T10:00:00Z", "/", Some("google.com")),
            view(&salt, "ana", "2026-11-27T10:01:00Z", "/blog/a", None),
            view(&salt, "bob", "2026-11-27T09:00:00Z", "/blog/a", None),
            view(&salt, "bob", "2026-11-27T11:00:00Z", "/blog/a", None),
            view(&salt, "cat", "2026-11-28T00:00:00Z", "/", None),
        ];
        let day = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        let totals = DayTotals::of(day, &views);
        assert_eq!(totals.total(), Count { views: 4, visitors: 2 });
        let count = |dimension, value: &str| totals.counts.get(&(dimension, value.to_owned())).copied();
        assert_eq!(count(Dimension::Page, "/blog/a"), Some(Count { views: 3, visitors: 2 }));
        assert_eq!(count(Dimension::Landing, "/"), Some(Count { views: 2, visitors: 1 }), "ana landed on /");
        assert_eq!(count(Dimension::Landing, "/blog/a"), Some(Count { views: 2, visitors: 1 }));
        assert_eq!(count(Dimension::Source, "google.com"), Some(Count { views: 1, visitors: 1 }));
        assert_eq!(count(Dimension::Source, ""), Some(Count { views: 3, visitors: 2 }));
        assert_eq!(count(Dimension::Device, "desktop"), Some(Count { views: 4, visitors: 2 }));
        assert_eq!(count(Dimension::Campaign, ""), None, "no campaign, no row");
        assert_eq!(DayTotals::of(day.succ_opt().unwrap(), &views).total(), Count { views: 1, visitors: 1 });
    }

    #[test]
    fn a_day_summed_in_parts_and_in_any_order_is_the_day_summed_at_once() {
        let salt = VisitorSalt::generate();
        let views = [
            view(&salt, "ana", "2026-11-27T10:00:00Z", "/", Some("google.com")),
            view(&salt, "ana", "2026-11-27T10:01:00Z", "/blog/a", None),
            view(&salt, "bob", "2026-11-27T11:00:00Z", "/blog/b", None),
            view(&salt, "bob", "2026-11-27T09:00:00Z", "/blog/a", None),
            view(&salt, "cat", "2026-11-27T08:00:00Z", "/services", None),
            view(&salt, "cat", "2026-11-27T08:00:00Z", "/faq", None),
            view(&salt, "dan", "2026-11-28T00:00:00Z", "/", None),
        ];
        let day = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        let whole = DayTotals::of(day, &views);
        let mut reversed = views.clone();
        reversed.reverse();
        assert_eq!(DayTotals::of(day, &reversed), whole);
        for split in 0..=views.len() {
            let mut tally = DayTally::new(day);
            tally.add_all(&views[..split]);
            let _ = tally.totals();
            tally.add_all(&views[split..]);
            assert_eq!(tally.totals(), whole, "added in two parts at {split}");
            assert_eq!(tally.views(), 6);
        }
        let landing = |value: &str| whole.counts.get(&(Dimension::Landing, value.to_owned())).copied();
        assert_eq!(landing("/blog/a"), Some(Count { views: 2, visitors: 1 }), "bob's earliest view, added later");
        assert_eq!(
            landing("/faq"),
            Some(Count { views: 2, visitors: 1 }),
            "two pages at one instant: the first by name"
        );
        assert_eq!(landing("/services"), None);
        assert_eq!(DayTally::new(day).totals().counts.len(), 0, "a day without views has no rows");
    }
}
