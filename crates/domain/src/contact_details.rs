//! Contact details: the agency's one set of contact information shown in the footer and on the
//! contact page, with links to its social profiles.

use crate::meta::RecordMeta;
use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

use crate::validation::{FieldErrors, email, optional_url, required_text};

pub const MAX_PHONE_LEN: usize = 50;
pub const MAX_ADDRESS_LEN: usize = 500;

/// A social platform the back office offers (back-office.md §2), in its order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SocialPlatform {
    Facebook,
    Twitter,
    Linkedin,
    Instagram,
    Github,
    Youtube,
    Twitch,
    Discord,
    Slack,
    Reddit,
    Stackoverflow,
    Medium,
    Behance,
    Dribbble,
    Pinterest,
    Threads,
    Tiktok,
    Snapchat,
    Telegram,
    Whatsapp,
    Mastodon,
}

crate::word_enum!(SocialPlatform, |text| format!("Unknown social platform {text}"), {
    Facebook => "facebook",
    Twitter => "twitter",
    Linkedin => "linkedin",
    Instagram => "instagram",
    Github => "github",
    Youtube => "youtube",
    Twitch => "twitch",
    Discord => "discord",
    Slack => "slack",
    Reddit => "reddit",
    Stackoverflow => "stackoverflow",
    Medium => "medium",
    Behance => "behance",
    Dribbble => "dribbble",
    Pinterest => "pinterest",
    Threads => "threads",
    Tiktok => "tiktok",
    Snapchat => "snapchat",
    Telegram => "telegram",
    Whatsapp => "whatsapp",
    Mastodon => "mastodon",
});

/// The stored contact details.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactDetails {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    /// Lowercased.
    pub email: String,
    pub phone: String,
    pub address: String,
    /// An absolute URL (a Google Maps embed) or empty.
    pub google_maps_url: String,
    /// Platform → absolute URL; no empty links.
    pub social_media: BTreeMap<SocialPlatform, String>,
    pub updated_at: DateTime<Utc>,
}

/// The whole record as a client sent it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ContactDetailsInput {
    pub email: Option<String>,
    pub phone: Option<String>,
    pub address: Option<String>,
    pub google_maps_url: Option<String>,
    /// Platform key → URL; empty or missing URLs are dropped.
    pub social_media: Option<BTreeMap<String, Option<String>>>,
}

impl ContactDetails {
    /// Checks the whole record: email, phone and address are required, the maps URL and every social
    /// link must be empty or an absolute URL, and every social key one of the 21 platforms.
    pub fn parse(input: ContactDetailsInput, now: DateTime<Utc>) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let email = errors.check("email", email(input.email.as_deref().unwrap_or_default(), "Email"));
        let phone = errors.check("phone", required_text(input.phone.as_deref(), "Phone", MAX_PHONE_LEN));
        let address = errors.check("address", required_text(input.address.as_deref(), "Address", MAX_ADDRESS_LEN));
        let google_maps_url =
            errors.check("googleMapsUrl", optional_url(input.google_maps_url.as_deref(), "Google Maps URL"));
        let mut social_media = BTreeMap::new();
        for (key, url) in input.social_media.unwrap_or_default() {
            let field = format!("socialMedia.{key}");
            let platform = errors.check(&field, SocialPlatform::parse(key.trim()));
            let url = errors.check(&field, optional_url(url.as_deref(), "Each social link"));
            if let (Some(platform), Some(url)) = (platform, url)
                && !url.is_empty()
            {
                social_media.insert(platform, url);
            }
        }
        errors.finish(|| Self {
            meta: RecordMeta::default(),
            email: email.unwrap_or_default(),
            phone: phone.unwrap_or_default(),
            address: address.unwrap_or_default(),
            google_maps_url: google_maps_url.unwrap_or_default(),
            social_media,
            updated_at: now,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> ContactDetailsInput {
        ContactDetailsInput {
            email: Some(" Hello@Atelier.Example ".into()),
            phone: Some("+1 555 0100".into()),
            address: Some("1 Main St".into()),
            google_maps_url: None,
            social_media: Some(BTreeMap::from([
                ("github".to_owned(), Some("https://github.com/atelier".into())),
                ("twitter".to_owned(), Some(String::new())),
                ("facebook".to_owned(), None),
            ])),
        }
    }

    #[test]
    fn empty_links_are_dropped_and_emails_lowercased() {
        let details = ContactDetails::parse(input(), Utc::now()).unwrap();
        assert_eq!(details.email, "hello@atelier.example");
        assert_eq!(
            details.social_media,
            BTreeMap::from([(SocialPlatform::Github, "https://github.com/atelier".to_owned())])
        );
    }

    #[test]
    fn unknown_platforms_bad_links_and_missing_fields_are_all_reported() {
        let mut bad = input();
        bad.phone = Some("  ".into());
        bad.google_maps_url = Some("maps".into());
        bad.social_media = Some(BTreeMap::from([
            ("myspace".to_owned(), Some("https://myspace.com/a".into())),
            ("github".to_owned(), Some("javascript:alert(1)".into())),
        ]));
        let errors = ContactDetails::parse(bad, Utc::now()).unwrap_err();
        for field in ["phone", "googleMapsUrl", "socialMedia.myspace", "socialMedia.github"] {
            assert!(errors.get(field).is_some(), "{field}");
        }
        let errors = ContactDetails::parse(ContactDetailsInput::default(), Utc::now()).unwrap_err();
        for field in ["email", "phone", "address"] {
            assert!(errors.get(field).is_some(), "{field}");
        }
    }

    #[test]
    fn there_are_21_platforms_that_round_trip() {
        for platform in SocialPlatform::ALL {
            assert_eq!(SocialPlatform::parse(platform.as_str()), Ok(platform));
        }
    }
}
