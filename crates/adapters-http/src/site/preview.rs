//! A post's or a project's preview, filled in from the record: the page arrives with the record's
//! title and cover in its HTML, so the largest thing it paints needs no script (the title and the
//! cover are what Lighthouse measures as the page's largest contentful paint). A list's page
//! (`/blog`, `/portfolio`) arrives with its first cards: the list's preview with, at [`CARDS`], its
//! card filled in from each of the list's first records (the first card's picture is its largest
//! paint).
//!
//! The build draws each preview once with placeholders (`frontend/packages/site/src/preview.ts`)
//! and lists it with its page in `pages.json`; the pre-rendered page keeps an empty slot for it
//! ([`SLOT`]), where the page's script finds it and keeps it until the record's answer draws the
//! page (`frontend/apps/public/src/lib/server-preview.tsx`). Here:
//!
//! - `{{name}}` becomes the record's field `name` (as the API names it), escaped; an unknown name
//!   stays as it is;
//! - `{{html:name}}` becomes HTML the server wrote and sanitised (a post's text and tags);
//! - the `data-cover="<fallback>"` attribute of the cover's `<img>` becomes the cover's `src`, and for
//!   a library image its WebP copies (`srcset`, `sizes`) and size (`width`, `height`): the choice the
//!   page's own `<img>` makes (`ResponsiveImage`), so the browser fetches one picture, and the
//!   library's alt text in place of the `alt` that follows, when it has one. A record without a
//!   cover shows the fallback.
//!
//! The template is read once, left to right, so nothing a record says is ever read as a placeholder.

use std::borrow::Cow;
use std::fmt::Write as _;

use atelier_domain::media::LibraryImage;

use super::head::{escape, srcset_of};

/// The element of a pre-rendered page the preview goes into.
pub const SLOT: &str = "<div data-preview=\"\"></div>";
/// Where in [`SLOT`] the preview goes.
pub const SLOT_INSIDE: usize = SLOT.len() - "</div>".len();
/// The element of a pre-rendered page the server's footer goes into (the layout's footer keeps it
/// while the page is adopted: `Footer`, `frontend/apps/public`).
pub const FOOTER_SLOT: &str = "<div data-preview=\"footer\"></div>";
/// Where in [`FOOTER_SLOT`] the footer goes.
pub const FOOTER_SLOT_INSIDE: usize = FOOTER_SLOT.len() - "</div>".len();
/// Where a list's preview takes its cards, each the list's card template filled from one record.
pub const CARDS: &str = "{{cards}}";

const FIELD_OPEN: &str = "{{";
const FIELD_CLOSE: &str = "}}";
const COVER_ATTRIBUTE: &str = "data-cover=\"";
/// The cover's `alt`, right after [`COVER_ATTRIBUTE`] in the build's previews.
const ALT_ATTRIBUTE: &str = " alt=\"";
/// The prefix of a placeholder for HTML the server writes (`{{html:body}}`).
const HTML_FIELD: &str = "html:";

/// The picture a record's page draws first.
#[derive(Debug, Clone, Copy)]
pub struct Cover<'a> {
    /// As the record names it, trimmed; not empty.
    pub address: &'a str,
    /// The library image it is, when it is one.
    pub image: Option<&'a LibraryImage>,
    /// How wide the page draws it (the `<img>`'s `sizes`); without it, no copies are offered, since
    /// the browser could pick another than the page's `<img>` does.
    pub sizes: Option<&'a str>,
    /// Loaded when it nears the viewport (`loading="lazy"`): a list's cards after the first, so the
    /// first cover (the page's largest paint) is not fetched beside a dozen others.
    pub lazy: bool,
}

impl<'a> Cover<'a> {
    /// The cover at `address`, loaded at once.
    pub fn new(address: &'a str, image: Option<&'a LibraryImage>, sizes: Option<&'a str>) -> Self {
        Self { address, image, sizes, lazy: false }
    }

    /// The `<img>`'s attributes, as HTML.
    fn attributes(&self) -> String {
        let mut html = format!("src=\"{}\"", escape(self.address));
        if let Some(image) = self.image {
            let srcset = srcset_of(image);
            if let Some(sizes) = self.sizes.filter(|_| !srcset.is_empty()) {
                let _ = write!(html, " srcset=\"{}\" sizes=\"{}\"", escape(&srcset), escape(sizes));
            }
            let _ = write!(html, " width=\"{}\" height=\"{}\"", image.width, image.height);
        }
        if self.lazy {
            html.push_str(" loading=\"lazy\" decoding=\"async\"");
        }
        html
    }
}

/// `template` with the record's `fields` (name, text) and `cover` (`None` when it has none) in.
pub fn fill(template: &str, fields: &[(&str, &str)], cover: Option<&Cover<'_>>) -> String {
    fill_with(template, fields, &[], cover)
}

/// [`fill`], with `html` (name, HTML the server wrote and sanitised) where the template says
/// `{{html:name}}`: not escaped.
pub fn fill_with(
    template: &str,
    fields: &[(&str, &str)],
    html_fields: &[(&str, &str)],
    cover: Option<&Cover<'_>>,
) -> String {
    let mut html = String::with_capacity(template.len() + 512);
    let mut rest = template;
    loop {
        let field = rest.find(FIELD_OPEN);
        let image = rest.find(COVER_ATTRIBUTE);
        match (field, image) {
            (Some(at), image) if image.is_none_or(|image| at < image) => {
                html.push_str(&rest[..at]);
                let after = &rest[at + FIELD_OPEN.len()..];
                let value = after.find(FIELD_CLOSE).and_then(|end| {
                    let name = &after[..end];
                    match name.strip_prefix(HTML_FIELD) {
                        Some(name) => html_fields
                            .iter()
                            .find(|(field, _)| *field == name)
                            .map(|(_, value)| (Cow::Borrowed(*value), end)),
                        None => fields
                            .iter()
                            .find(|(field, _)| *field == name)
                            .map(|(_, value)| (Cow::Owned(escape(value)), end)),
                    }
                });
                if let Some((value, end)) = value {
                    html.push_str(&value);
                    rest = &after[end + FIELD_CLOSE.len()..];
                } else {
                    html.push_str(FIELD_OPEN);
                    rest = after;
                }
            }
            (_, Some(at)) => {
                html.push_str(&rest[..at]);
                let after = &rest[at + COVER_ATTRIBUTE.len()..];
                let end = after.find('"').unwrap_or(after.len());
                match cover {
                    Some(cover) => html.push_str(&cover.attributes()),
                    // The build's fallback, already written as an attribute value.
                    None => {
                        let _ = write!(html, "src=\"{}\"", &after[..end]);
                    }
                }
                rest = after.get(end + 1..).unwrap_or_default();
                // A library image's alt text describes it, in place of the build's.
                if let Some(alt) =
                    cover.and_then(|cover| cover.image).map(|image| image.alt.as_str()).filter(|alt| !alt.is_empty())
                    && let Some(value) = rest.strip_prefix(ALT_ATTRIBUTE)
                {
                    let close = value.find('"').unwrap_or(value.len());
                    let _ = write!(html, "{ALT_ATTRIBUTE}{}\"", escape(alt));
                    rest = value.get(close + 1..).unwrap_or_default();
                }
            }
            _ => {
                html.push_str(rest);
                return html;
            }
        }
    }
}

#[cfg(test)]
mod tests;
