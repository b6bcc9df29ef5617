//! The site's languages (docs/languages.md): a default language, whose texts are the records' own
//! fields and whose pages keep their addresses, and any others, each read under `/{tag}/…`.
//!
//! A language is a BCP 47 tag written in its canonical case (`fr-CA`, `zh-Hant`), a display name
//! and a direction. Its tag is also the first segment of its pages' addresses, so it must not be a
//! segment the site already answers (`/api`, `/faq`): only tags whose language subtag has two or
//! three letters (ISO 639) are taken, which leaves every longer segment to the site.

use std::fmt;

use icu_locale_core::LanguageIdentifier;

use crate::validation::{FieldErrors, required_text};

/// The longest language tag taken (BCP 47's practical limit).
pub const MAX_TAG_LEN: usize = 35;
/// The longest display name of a language.
pub const MAX_NAME_LEN: usize = 60;
/// How many languages a site may have, the default included.
pub const MAX_LANGUAGES: usize = 20;

/// Two- and three-letter first segments the site answers itself, and the tags that name no
/// language (undetermined, no linguistic content, multiple languages).
const RESERVED: [&str; 5] = ["api", "faq", "und", "zxx", "mul"];

/// A well-formed BCP 47 language tag in canonical case (`en`, `de`, `fr-CA`, `sr-Latn`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LanguageTag(String);

impl LanguageTag {
    /// Reads a tag in any case (`FR-ca` is `fr-CA`); a message for a text that is no language tag
    /// the site can use.
    pub fn parse(text: &str) -> Result<Self, String> {
        let invalid =
            || format!("Language must be a language tag such as en, de or fr-CA, at most {MAX_TAG_LEN} characters");
        if text.is_empty()
            || text.len() > MAX_TAG_LEN
            || !text.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'-')
        {
            return Err(invalid());
        }
        let identifier = LanguageIdentifier::try_from_str(text).map_err(|_| invalid())?;
        let language = identifier.language.as_str();
        if !(2..=3).contains(&language.len()) {
            return Err(invalid());
        }
        if RESERVED.contains(&language) && identifier.script.is_none() && identifier.region.is_none() {
            return Err(format!("Language {language} is not available: the site uses /{language} itself"));
        }
        Ok(Self(identifier.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The tag's language subtag (`fr` of `fr-CA`): where a language without a catalogue of its own
    /// finds the interface's texts.
    pub fn language(&self) -> &str {
        self.0.split('-').next().unwrap_or(&self.0)
    }

    /// Whether `text` names this language, in any case (`DE` is `de`).
    pub fn matches(&self, text: &str) -> bool {
        self.0.eq_ignore_ascii_case(text)
    }
}

impl fmt::Display for LanguageTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Which way a language's text runs: it sets the pages' `dir`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Direction {
    #[default]
    Ltr,
    Rtl,
}

impl Direction {
    pub fn parse(text: &str) -> Result<Self, String> {
        match text {
            "ltr" => Ok(Self::Ltr),
            "rtl" => Ok(Self::Rtl),
            _ => Err("Direction must be ltr or rtl".to_owned()),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Ltr => "ltr",
            Self::Rtl => "rtl",
        }
    }
}

/// One of the site's languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteLanguage {
    pub tag: LanguageTag,
    /// How the language is named in the language switcher, in itself (`Deutsch`).
    pub name: String,
    pub direction: Direction,
}

/// A language as a form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SiteLanguageInput {
    pub tag: Option<String>,
    pub name: Option<String>,
    pub direction: Option<String>,
}

/// What the public site does with a record that has no translation in the language being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Untranslated {
    /// The record is shown in the default language, the page saying so.
    #[default]
    Fallback,
    /// The record is left out of that language's lists (its own page still falls back).
    Hide,
}

impl Untranslated {
    pub fn parse(text: &str) -> Result<Self, String> {
        match text {
            "fallback" => Ok(Self::Fallback),
            "hide" => Ok(Self::Hide),
            _ => Err("Untranslated content must be fallback or hide".to_owned()),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Fallback => "fallback",
            Self::Hide => "hide",
        }
    }
}

/// The site's languages: the default first, then the others in the order the settings list them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Languages {
    list: Vec<SiteLanguage>,
    pub untranslated: Untranslated,
}

impl Default for Languages {
    /// A site in English only, as every site starts.
    fn default() -> Self {
        Self {
            list: vec![SiteLanguage {
                tag: LanguageTag("en".to_owned()),
                name: "English".to_owned(),
                direction: Direction::Ltr,
            }],
            untranslated: Untranslated::Fallback,
        }
    }
}

impl Languages {
    /// Reads the settings' languages: the first is the default. Errors are keyed
    /// `languages[i].tag`, `languages[i].name`, `languages[i].direction`, or `languages` for the list.
    pub fn parse(inputs: &[SiteLanguageInput], untranslated: Option<&str>) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        if inputs.is_empty() {
            errors.add("languages", "The site needs at least one language");
        } else if inputs.len() > MAX_LANGUAGES {
            errors.add("languages", format!("A site has at most {MAX_LANGUAGES} languages"));
        }
        let mut list: Vec<SiteLanguage> = Vec::with_capacity(inputs.len());
        for (index, input) in inputs.iter().enumerate() {
            let field = |name: &str| format!("languages[{index}].{name}");
            let tag = errors.check(&field("tag"), LanguageTag::parse(input.tag.as_deref().unwrap_or_default()));
            let name = errors.check(&field("name"), required_text(input.name.as_deref(), "Name", MAX_NAME_LEN));
            let direction = errors
                .check(&field("direction"), input.direction.as_deref().map_or(Ok(Direction::Ltr), Direction::parse));
            if let Some(tag) = &tag
                && list.iter().any(|language| language.tag == *tag)
            {
                errors.add(&field("tag"), format!("Language {tag} is listed twice"));
                continue;
            }
            if let (Some(tag), Some(name), Some(direction)) = (tag, name, direction) {
                list.push(SiteLanguage { tag, name, direction });
            }
        }
        let untranslated =
            errors.check("untranslatedContent", untranslated.map_or(Ok(Untranslated::Fallback), Untranslated::parse));
        errors.finish(|| Self { list, untranslated: untranslated.expect("checked") })
    }

    /// The default language: the records' own texts, at the site's unprefixed addresses.
    pub fn default_language(&self) -> &SiteLanguage {
        &self.list[0]
    }

    /// Every language, the default first.
    pub fn all(&self) -> &[SiteLanguage] {
        &self.list
    }

    /// The languages other than the default: those read under `/{tag}/…`.
    pub fn others(&self) -> &[SiteLanguage] {
        &self.list[1..]
    }

    /// The language `text` names, in any case.
    pub fn find(&self, text: &str) -> Option<&SiteLanguage> {
        self.list.iter().find(|language| language.tag.matches(text))
    }

    /// Whether `tag` is the default language.
    pub fn is_default(&self, tag: &LanguageTag) -> bool {
        self.default_language().tag == *tag
    }

    /// The language a public read asks for with `?lang=`: the default when absent; an error for a
    /// tag that is not one of the site's languages.
    pub fn requested(&self, lang: Option<&str>) -> Result<&SiteLanguage, String> {
        match lang {
            None | Some("") => Ok(self.default_language()),
            Some(text) => self.find(text).ok_or_else(|| {
                let tags: Vec<&str> = self.list.iter().map(|language| language.tag.as_str()).collect();
                format!("lang must be one of the site's languages: {}", tags.join(", "))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(tag: &str, name: &str, direction: Option<&str>) -> SiteLanguageInput {
        SiteLanguageInput {
            tag: Some(tag.to_owned()),
            name: Some(name.to_owned()),
            direction: direction.map(str::to_owned),
        }
    }

    #[test]
    fn tags_are_read_in_any_case_and_written_canonically() {
        for (text, tag) in
            [("en", "en"), ("DE", "de"), ("fr-ca", "fr-CA"), ("SR-latn", "sr-Latn"), ("zh-Hant-TW", "zh-Hant-TW")]
        {
            assert_eq!(LanguageTag::parse(text).unwrap().as_str(), tag, "{text}");
        }
        assert_eq!(LanguageTag::parse("fr-CA").unwrap().language(), "fr");
    }

    #[test]
    fn tags_that_are_no_language_or_a_segment_of_the_site_are_refused() {
        for text in [
            "",
            "e",
            "english",
            "blog",
            "admin",
            "en_US",
            "en US",
            "de/",
            "ü",
            "en-",
            "-en",
            "x-private",
            "api",
            "FAQ",
            "und",
        ] {
            assert!(LanguageTag::parse(text).is_err(), "{text}");
        }
        assert_eq!(LanguageTag::parse("faq").unwrap_err(), "Language faq is not available: the site uses /faq itself");
        assert!(LanguageTag::parse(&"a".repeat(40)).is_err());
    }

    #[test]
    fn the_first_language_is_the_default_and_the_others_follow() {
        let languages = Languages::parse(
            &[input("en", "English", None), input("de", "Deutsch", Some("ltr")), input("ar", "العربية", Some("rtl"))],
            Some("hide"),
        )
        .unwrap();
        assert_eq!(languages.default_language().tag.as_str(), "en");
        assert_eq!(languages.others().len(), 2);
        assert_eq!(languages.find("AR").unwrap().direction, Direction::Rtl);
        assert_eq!(languages.untranslated, Untranslated::Hide);
        assert_eq!(languages.requested(None).unwrap().tag.as_str(), "en");
        assert_eq!(languages.requested(Some("de")).unwrap().name, "Deutsch");
        assert_eq!(
            languages.requested(Some("fr")).unwrap_err(),
            "lang must be one of the site's languages: en, de, ar"
        );
    }

    #[test]
    fn a_list_names_each_bad_field() {
        let errors = Languages::parse(
            &[input("en", "English", None), input("EN", "Again", None), input("xx-", " ", Some("up"))],
            Some("never"),
        )
        .unwrap_err();
        assert_eq!(errors.get("languages[1].tag"), Some("Language en is listed twice"));
        assert!(errors.get("languages[2].tag").is_some());
        assert_eq!(errors.get("languages[2].name"), Some("Name is required"));
        assert_eq!(errors.get("languages[2].direction"), Some("Direction must be ltr or rtl"));
        assert_eq!(errors.get("untranslatedContent"), Some("Untranslated content must be fallback or hide"));
        assert_eq!(
            Languages::parse(&[], None).unwrap_err().get("languages"),
            Some("The site needs at least one language")
        );
        let many: Vec<_> = (0..21).map(|index| input(&format!("x{}", (b'a' + index) as char), "X", None)).collect();
        assert!(Languages::parse(&many, None).unwrap_err().get("languages").is_some());
    }

    #[test]
    fn a_site_starts_in_english() {
        let languages = Languages::default();
        assert_eq!(languages.all().len(), 1);
        assert!(languages.is_default(&LanguageTag::parse("en").unwrap()));
        assert!(languages.others().is_empty());
    }
}
