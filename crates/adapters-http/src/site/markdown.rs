//! Markdown for the server's pages, the feed and structured data: the site's one renderer
//! ([`crate::markdown`]), named here for the page code that reads it as `site::markdown`.

pub use crate::markdown::{plain_html, render, render_inline, render_with_images, summary, to_html, to_text};
