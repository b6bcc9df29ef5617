//! The site's own links on a language's pages: `/blog` on a German page is `/de/blog`, as the
//! public app's router writes a link under its basename (`/de`), so the server's first paint and
//! the hydrated page link alike (docs/languages.md, "Links the server writes itself").

/// `path` (a site-internal address starting with `/`) under `prefix` (`/de`), as React Router's
/// `useHref` writes it under that basename: the site's root (`/`, `/#services`, `/?q`) is the
/// prefix itself (`/de`, `/de#services`), any other path follows it (`/de/blog/x`). An empty prefix
/// (the default language's pages), a protocol-relative or absolute address (`//host`, `https:`,
/// `mailto:`) and anything not starting with `/` are left as they are.
pub fn under_prefix(prefix: &str, path: &str) -> String {
    if prefix.is_empty() || !path.starts_with('/') || path.starts_with("//") || path.starts_with("/\\") {
        return path.to_owned();
    }
    let end = path.find(['?', '#']).unwrap_or(path.len());
    let (pathname, rest) = path.split_at(end);
    if pathname == "/" { format!("{prefix}{rest}") } else { format!("{prefix}{path}") }
}

/// Every site-internal `href` of `html` (starting with one `/`), for the writers' tests.
#[cfg(test)]
pub(crate) fn site_hrefs(html: &str) -> Vec<&str> {
    html.split("href=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .filter(|href| href.starts_with('/') && !href.starts_with("//"))
        .collect()
}

/// Asserts that `html` links somewhere in the site and only under `prefix`.
#[cfg(test)]
pub(crate) fn assert_all_under(html: &str, prefix: &str) {
    let hrefs = site_hrefs(html);
    assert!(!hrefs.is_empty(), "no site link in {html}");
    for href in hrefs {
        assert!(
            href == prefix || href.starts_with(&format!("{prefix}/")) || href.starts_with(&format!("{prefix}#")),
            "{href} is not under {prefix} in {html}"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::under_prefix;

    #[test]
    fn a_languages_links_are_under_its_prefix_as_the_router_writes_them() {
        assert_eq!(under_prefix("/de", "/blog/hallo"), "/de/blog/hallo");
        assert_eq!(under_prefix("/de", "/"), "/de");
        assert_eq!(under_prefix("/de", "/#services"), "/de#services");
        assert_eq!(under_prefix("/de", "/?q=1#a"), "/de?q=1#a");
        assert_eq!(under_prefix("/de", "/contact?x=/y#z"), "/de/contact?x=/y#z");
        assert_eq!(under_prefix("/de-AT", "/discuss-project"), "/de-AT/discuss-project");
    }

    #[test]
    fn the_default_languages_links_and_other_sites_addresses_stay_as_they_are() {
        for path in ["/", "/#services", "/blog", "#services", ""] {
            assert_eq!(under_prefix("", path), path);
        }
        for path in ["https://example.com/x", "mailto:a@b.c", "//evil.example/x", "/\\evil.example", "#top", ""] {
            assert_eq!(under_prefix("/de", path), path);
        }
    }
}
