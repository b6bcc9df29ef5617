//! A pre-rendered page as a template for its head: the build's `<title>` and meta description cut
//! out and the places where the server's head and the record's preview go found once, so filling a
//! page is one copy of the page around them.

use super::preview;

/// A pre-rendered page without its title and description, split where the server's head goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    before: String,
    after: String,
    /// Where in `after` a record's preview goes, when the page keeps a slot for one.
    slot: Option<usize>,
    /// Where in `after` the footer the server writes goes ([`preview::FOOTER_SLOT`]), when the page
    /// has a footer.
    footer: Option<usize>,
}

impl Template {
    /// The template of a page; `None` when it has no `<head>` to fill.
    pub fn parse(page: &str) -> Option<Self> {
        let head_end = find(page, "</head>", 0)?;
        let mut cuts = Vec::new();
        if let Some(start) = find(page, "<title", 0).filter(|start| *start < head_end) {
            let end = find(page, "</title>", start)? + "</title>".len();
            cuts.push(start..end);
        }
        let mut from = 0;
        while let Some(start) = find(page, "<meta", from).filter(|start| *start < head_end) {
            let end = page[start..].find('>').map(|offset| start + offset + 1)?;
            if is_description(&page[start..end]) {
                cuts.push(start..end);
            }
            from = end;
        }
        cuts.sort_by_key(|cut| cut.start);
        let at = cuts.first().map_or(head_end, |cut| cut.start);
        let mut before = String::with_capacity(at);
        let mut after = String::with_capacity(page.len() - at);
        let mut kept = 0;
        for cut in &cuts {
            let part = &page[kept..cut.start];
            if cut.start <= at {
                before.push_str(part);
            } else {
                after.push_str(part);
            }
            kept = cut.end;
        }
        if cuts.is_empty() {
            before.push_str(&page[..at]);
            kept = at;
        }
        after.push_str(&page[kept..]);
        let slot = after.find(preview::SLOT).map(|at| at + preview::SLOT_INSIDE);
        let footer = after.find(preview::FOOTER_SLOT).map(|at| at + preview::FOOTER_SLOT_INSIDE);
        Some(Self { before, after, slot, footer })
    }

    /// The page with `head` (HTML of the head's elements) in place of the build's title, and
    /// `preview` (HTML) in its preview slot, if it has one.
    pub fn fill(&self, head: &str, preview: Option<&str>) -> String {
        self.fill_with_footer(head, preview, None)
    }

    /// [`Template::fill`], with `footer` (HTML) in the page's footer slot, if it has one.
    pub fn fill_with_footer(&self, head: &str, preview: Option<&str>, footer: Option<&str>) -> String {
        let mut inserts: Vec<(usize, &str)> = [(self.slot, preview), (self.footer, footer)]
            .into_iter()
            .filter_map(|(at, html)| Some((at?, html?)))
            .collect();
        inserts.sort_by_key(|(at, _)| *at);
        let extra: usize = inserts.iter().map(|(_, html)| html.len()).sum();
        let mut page = String::with_capacity(self.before.len() + head.len() + self.after.len() + extra);
        page.push_str(&self.before);
        page.push_str(head);
        let mut kept = 0;
        for (at, html) in inserts {
            page.push_str(&self.after[kept..at]);
            page.push_str(html);
            kept = at;
        }
        page.push_str(&self.after[kept..]);
        page
    }
}

/// Where `needle` starts in `text` at or after `from`, ignoring ASCII case.
fn find(text: &str, needle: &str, from: usize) -> Option<usize> {
    let haystack = text.as_bytes().get(from..)?;
    haystack
        .windows(needle.len())
        .position(|window| window.eq_ignore_ascii_case(needle.as_bytes()))
        .map(|position| from + position)
}

/// Whether a `<meta …>` element is the description.
fn is_description(element: &str) -> bool {
    let squeezed: String = element.split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase();
    squeezed.contains("name=\"description\"") || squeezed.contains("name='description'")
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"UTF-8\" />\n    \
        <meta\n      name=\"description\"\n      content=\"Old\"\n    />\n    <title>Old | Atelier</title>\n    \
        <link rel=\"stylesheet\" href=\"/assets/index.css\">\n  </head>\n  <body><div id=\"root\"><title>svg</title>\
        </div></body>\n</html>";

    #[test]
    fn the_head_replaces_the_builds_title_and_description() {
        let template = Template::parse(PAGE).unwrap();
        let page = template.fill("<title>New</title><meta name=\"description\" content=\"New\">", None);
        assert!(page.contains("<title>New</title><meta name=\"description\" content=\"New\">"));
        assert!(!page.contains("Old"), "{page}");
        assert!(page.contains("<meta charset=\"UTF-8\" />"));
        assert!(page.contains("<link rel=\"stylesheet\" href=\"/assets/index.css\">"));
        assert!(page.contains("<title>svg</title>"), "a title in the body is not the page's: {page}");
        assert!(page.find("<title>New").unwrap() < page.find("<link rel=\"stylesheet\"").unwrap());
    }

    #[test]
    fn a_page_without_a_title_gets_the_head_at_its_end() {
        let template = Template::parse("<html><head><meta charset=\"utf-8\"></head><body></body></html>").unwrap();
        assert_eq!(
            template.fill("<title>T</title>", None),
            "<html><head><meta charset=\"utf-8\"><title>T</title></head><body></body></html>"
        );
    }

    #[test]
    fn a_description_after_the_title_is_removed_too() {
        let template =
            Template::parse("<HEAD><TITLE>x</TITLE><meta content=\"d\" name='description'></HEAD>body").unwrap();
        assert_eq!(template.fill("[head]", None), "<HEAD>[head]</HEAD>body");
    }

    #[test]
    fn a_preview_goes_into_the_pages_slot_and_nowhere_else() {
        let page = "<html><head><title>x</title></head><body><main><div data-preview=\"\"></div><p>skeleton</p>\
            </main></body></html>";
        let template = Template::parse(page).unwrap();
        assert_eq!(
            template.fill("<title>T</title>", Some("<h1>Post</h1>")),
            "<html><head><title>T</title></head><body><main><div data-preview=\"\"><h1>Post</h1></div>\
             <p>skeleton</p></main></body></html>"
        );
        assert_eq!(template.fill("<title>T</title>", None), page.replace("<title>x</title>", "<title>T</title>"));
        let without = Template::parse(PAGE).unwrap();
        assert_eq!(without.fill("[head]", Some("<h1>Post</h1>")), without.fill("[head]", None));
    }

    #[test]
    fn the_footer_goes_into_its_own_slot_beside_the_pages() {
        let page = "<html><head><title>x</title></head><body><main><div data-preview=\"\"></div></main>\
            <div data-preview=\"footer\"></div></body></html>";
        let template = Template::parse(page).unwrap();
        assert_eq!(
            template.fill_with_footer("<title>T</title>", Some("<h1>Home</h1>"), Some("<footer>F</footer>")),
            "<html><head><title>T</title></head><body><main><div data-preview=\"\"><h1>Home</h1></div></main>\
             <div data-preview=\"footer\"><footer>F</footer></div></body></html>"
        );
        assert_eq!(
            template.fill_with_footer("<title>T</title>", None, Some("<footer>F</footer>")),
            "<html><head><title>T</title></head><body><main><div data-preview=\"\"></div></main>\
             <div data-preview=\"footer\"><footer>F</footer></div></body></html>"
        );
        let without = Template::parse("<html><head></head><body><div data-preview=\"\"></div></body></html>").unwrap();
        assert_eq!(without.fill_with_footer("", Some("P"), Some("F")), without.fill("", Some("P")));
    }

    #[test]
    fn a_page_without_a_head_is_no_template() {
        assert_eq!(Template::parse("<!doctype html><title>stand-in</title>"), None);
    }
}
