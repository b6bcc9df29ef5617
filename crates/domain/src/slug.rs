//! Slugs: the readable identifiers in addresses like `/blog/{slug}`.
//!
//! The rule (public-site.md §5): an identifier is a slug if it is not 24 hexadecimal characters and
//! consists of lowercase letters or digits separated by single hyphens. Generated slugs are lowercased,
//! punctuation is stripped, spaces and underscores become hyphens, and duplicates get a numeric suffix.

use std::fmt;

use crate::id::looks_like_id;

/// The longest slug accepted.
pub const MAX_SLUG_LEN: usize = 120;

/// A valid slug.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slug(String);

/// Why a text is not a slug.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidSlug {
    #[error("Slug is required")]
    Empty,
    #[error("Slug must be at most {MAX_SLUG_LEN} characters")]
    TooLong,
    #[error("Slug may only contain lowercase letters and digits separated by single hyphens")]
    Malformed,
    #[error("Slug must not look like an identifier (24 hexadecimal characters)")]
    LooksLikeId,
}

impl Slug {
    /// Parses an explicitly chosen slug.
    pub fn parse(text: &str) -> Result<Self, InvalidSlug> {
        if text.is_empty() {
            return Err(InvalidSlug::Empty);
        }
        if text.len() > MAX_SLUG_LEN {
            return Err(InvalidSlug::TooLong);
        }
        if looks_like_id(text) {
            return Err(InvalidSlug::LooksLikeId);
        }
        if !has_slug_shape(text) {
            return Err(InvalidSlug::Malformed);
        }
        Ok(Self(text.to_owned()))
    }

    /// Derives a slug from a title, or `None` when the title has no letters or digits to keep.
    ///
    /// Letters are lowercased (accents kept only when they are ASCII after lowercasing), punctuation
    /// is dropped, and runs of spaces, underscores and hyphens become one hyphen.
    pub fn from_title(title: &str) -> Option<Self> {
        let mut slug = String::with_capacity(title.len());
        let mut pending_hyphen = false;
        for character in title.chars().flat_map(char::to_lowercase) {
            if character.is_ascii_lowercase() || character.is_ascii_digit() {
                if pending_hyphen && !slug.is_empty() {
                    slug.push('-');
                }
                pending_hyphen = false;
                slug.push(character);
            } else if character.is_whitespace() || character == '_' || character == '-' {
                pending_hyphen = true;
            }
        }
        truncate_at_hyphen(&mut slug, MAX_SLUG_LEN - 4);
        if slug.is_empty() {
            return None;
        }
        if looks_like_id(&slug) {
            slug.push_str("-1");
        }
        Some(Self(slug))
    }

    /// The same slug with a numeric suffix, used when a generated slug is taken: `title-2`, `title-3`…
    #[must_use]
    pub fn with_suffix(&self, number: u32) -> Self {
        Self(format!("{}-{number}", self.0))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Whether an identifier from an address is a slug rather than a record id.
pub fn is_slug(identifier: &str) -> bool {
    !looks_like_id(identifier) && has_slug_shape(identifier)
}

fn has_slug_shape(text: &str) -> bool {
    !text.is_empty()
        && text
            .split('-')
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()))
}

fn truncate_at_hyphen(slug: &mut String, max: usize) {
    if slug.len() > max {
        slug.truncate(max);
        while slug.ends_with('-') {
            slug.pop();
        }
    }
}

impl fmt::Display for Slug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowercase_words_joined_by_single_hyphens_are_slugs() {
        for text in ["web-development", "seo", "top-10-tips-for-2024", "a1-b2"] {
            assert!(is_slug(text), "{text}");
        }
    }

    #[test]
    fn ids_uppercase_double_hyphens_and_edges_are_not_slugs() {
        for text in [
            "65f1c2a9b4e8d70012345678",
            "Web-Development",
            "web--development",
            "-web",
            "web-",
            "web_development",
            "web development",
            "",
        ] {
            assert!(!is_slug(text), "{text}");
        }
    }

    #[test]
    fn titles_become_lowercase_hyphenated_slugs_without_punctuation() {
        let slug = |title: &str| Slug::from_title(title).map(|slug| slug.to_string());
        assert_eq!(slug("Building Scalable APIs: A Guide!"), Some("building-scalable-apis-a-guide".into()));
        assert_eq!(slug("  snake_case and -- dashes  "), Some("snake-case-and-dashes".into()));
        assert_eq!(slug("React 19 & Vite 8"), Some("react-19-vite-8".into()));
        assert_eq!(slug("?!"), None);
    }

    #[test]
    fn a_title_that_would_look_like_an_id_gets_a_suffix() {
        let slug = Slug::from_title("65f1c2a9b4e8d70012345678").unwrap();
        assert!(is_slug(slug.as_str()));
    }

    #[test]
    fn long_titles_are_cut_at_a_word_boundary() {
        let title = "word ".repeat(60);
        let slug = Slug::from_title(&title).unwrap();
        assert!(slug.as_str().len() <= MAX_SLUG_LEN);
        assert!(!slug.as_str().ends_with('-'));
        assert!(is_slug(slug.as_str()));
    }

    #[test]
    fn duplicates_get_a_numeric_suffix() {
        let slug = Slug::parse("my-project").unwrap();
        assert_eq!(slug.with_suffix(2).as_str(), "my-project-2");
    }

    #[test]
    fn chosen_slugs_are_checked_against_the_rule() {
        assert_eq!(Slug::parse(""), Err(InvalidSlug::Empty));
        assert_eq!(Slug::parse("Not A Slug"), Err(InvalidSlug::Malformed));
        assert_eq!(Slug::parse("65f1c2a9b4e8d70012345678"), Err(InvalidSlug::LooksLikeId));
        assert_eq!(Slug::parse(&"a".repeat(121)), Err(InvalidSlug::TooLong));
        assert!(Slug::parse("fine-slug").is_ok());
    }
}
