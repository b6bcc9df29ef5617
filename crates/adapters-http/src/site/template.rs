//! A pre-rendered page as a template for its head: the build's `<title>` and meta description cut
//! out and the place where the server's head goes found once, so filling a page is one copy of the
//! page around the head.

/// A pre-rendered page without its title and description, split where the server's head goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    before: String,
    after: String,
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
        Some(Self { before, after })
    }

    /// The page with `head` (HTML of the head's elements) in place of the build's title.
    pub fn fill(&self, head: &str) -> String {
        let mut page = String::with_capacity(self.before.len() + head.len() + self.after.len());
        page.push_str(&self.before);
        page.push_str(head);
        page.push_str(&self.after);
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
        let page = template.fill("<title>New</title><meta name=\"description\" content=\"New\">");
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
            template.fill("<title>T</title>"),
            "<html><head><meta charset=\"utf-8\"><title>T</title></head><body></body></html>"
        );
    }

    #[test]
    fn a_description_after_the_title_is_removed_too() {
        let template =
            Template::parse("<HEAD><TITLE>x</TITLE><meta content=\"d\" name='description'></HEAD>body").unwrap();
        assert_eq!(template.fill("[head]"), "<HEAD>[head]</HEAD>body");
    }

    #[test]
    fn a_page_without_a_head_is_no_template() {
        assert_eq!(Template::parse("<!doctype html><title>stand-in</title>"), None);
    }
}
