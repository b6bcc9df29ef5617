//! The neutral import model: what a WordPress or a Ghost export says about a site, in one shape, before
//! anything of Atelier is decided (slugs taken, images uploaded, records written).

use chrono::{DateTime, Utc};

/// The platform an export comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Platform {
    WordPress,
    Ghost,
}

impl Platform {
    pub fn label(self) -> &'static str {
        match self {
            Self::WordPress => "WordPress",
            Self::Ghost => "Ghost",
        }
    }
}

/// A post of the blog or a page of the site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    Post,
    Page,
}

/// Where an entry stood on its platform.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryStatus {
    /// Public (WordPress `publish`, Ghost `published`).
    Published,
    /// Waiting for its date (WordPress `future`, Ghost `scheduled`).
    Scheduled,
    /// Not public (WordPress `draft` and `pending`, Ghost `draft`).
    Draft,
    /// WordPress `private`: readable only by the site's editors.
    Private,
}

/// A category or a tag, by its name and the slug the old site used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    pub name: String,
    pub slug: String,
}

/// One post or page of the export.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub kind: EntryKind,
    /// Its id on the old platform (WordPress `post_id`, Ghost `id`).
    pub source_id: String,
    pub title: String,
    /// The slug the old site used; may be empty (WordPress drafts), then one comes from the title.
    pub slug: String,
    /// The body as HTML (WordPress `content:encoded`, Ghost `html`).
    pub html: String,
    pub excerpt: String,
    pub status: EntryStatus,
    /// When it was (or will be) published; for a draft, when it was written.
    pub date: Option<DateTime<Utc>>,
    pub categories: Vec<Term>,
    pub tags: Vec<Term>,
    /// The authors' display names, in their order.
    pub authors: Vec<String>,
    /// The featured image's address on the old site.
    pub featured_image: Option<String>,
    /// The addresses (paths) it was reachable at on the old site, most likely first.
    pub old_paths: Vec<String>,
}

/// A parsed export.
#[derive(Debug, Clone)]
pub struct Export {
    pub platform: Platform,
    /// The old site's address (`https://old.example`), when the export names it.
    pub site_url: Option<String>,
    pub entries: Vec<Entry>,
    /// WordPress attachments by id: their file's address (galleries name images by id).
    pub attachments: std::collections::HashMap<String, String>,
    /// What was read but cannot be imported as it was, one line each.
    pub problems: Vec<String>,
}

impl Export {
    pub fn new(platform: Platform) -> Self {
        Self {
            platform,
            site_url: None,
            entries: Vec::new(),
            attachments: std::collections::HashMap::new(),
            problems: Vec::new(),
        }
    }
}

/// An export that cannot be read at all; the message says why, for the person who gave it.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ParseError(pub String);

/// The path of an address on the old site: `https://old.example/2019/05/x/` → `/2019/05/x/`;
/// `__GHOST_URL__/content/x.png` → `/content/x.png`; a path stays as it is.
pub fn url_path(address: &str) -> Option<String> {
    let address = address.trim();
    let rest = address.strip_prefix("__GHOST_URL__").map(str::to_owned).or_else(|| {
        let after_scheme = address
            .strip_prefix("https://")
            .or_else(|| address.strip_prefix("http://"))
            .or_else(|| address.strip_prefix("//"))?;
        Some(after_scheme.find('/').map_or_else(|| "/".to_owned(), |at| after_scheme[at..].to_owned()))
    });
    let path = match rest {
        Some(path) => path,
        None if address.starts_with('/') => address.to_owned(),
        None => return None,
    };
    let path = path.split(['?', '#']).next().unwrap_or_default();
    Some(if path.is_empty() { "/".to_owned() } else { path.to_owned() })
}

/// A slug made from a title, as WordPress and Ghost make them: lowercase letters and digits joined
/// by single hyphens (accents dropped where they are a plain letter's).
pub fn slugify(text: &str) -> String {
    let mut slug = String::new();
    for character in text.chars().flat_map(char::to_lowercase) {
        let plain = match character {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
            'ç' => 'c',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ñ' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            'ý' | 'ÿ' => 'y',
            other => other,
        };
        if plain.is_ascii_alphanumeric() {
            slug.push(plain);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_of_addresses() {
        assert_eq!(url_path("https://old.example/2019/05/x/?a=1").as_deref(), Some("/2019/05/x/"));
        assert_eq!(url_path("__GHOST_URL__/content/images/a.png").as_deref(), Some("/content/images/a.png"));
        assert_eq!(url_path("http://old.example").as_deref(), Some("/"));
        assert_eq!(url_path("/wp-content/uploads/a.jpg").as_deref(), Some("/wp-content/uploads/a.jpg"));
        assert_eq!(url_path("a.jpg"), None);
    }

    #[test]
    fn slugs_of_titles() {
        assert_eq!(slugify("  Hello, World! Café "), "hello-world-cafe");
        assert_eq!(slugify("---"), "");
    }
}
