//! The sitemap: every public page of the build, then every published post and project, in each of
//! the site's languages with their alternates when it has several.

use atelier_application::site::{MAX_SITEMAP_ADDRESSES, Sitemap, SitemapEntry};
use atelier_domain::language::{LanguageTag, Languages};
use chrono::{DateTime, Utc};
use quick_xml::events::{BytesStart, Event};

use super::super::head::{Localized, absolute};
use super::super::{PageEntry, localized};
use super::{SITEMAP_NAMESPACE, XHTML_NAMESPACE, document, text_element, w3c_date, xml_text};

/// A record's or page's address in each language it is in: (tag, path).
type Addresses = Vec<(String, String)>;

/// The public pages the build lists that belong in a sitemap: its own routes, not the dynamic
/// ones (posts and projects are listed one by one), the not-found page or pages kept out of search.
pub(super) fn listed_pages(pages: &[PageEntry]) -> Vec<&str> {
    let mut paths: Vec<&str> = pages
        .iter()
        .filter(|page| page.index && page.pattern.starts_with('/') && page.pattern != "/404")
        .filter(|page| !page.pattern.split('/').any(|segment| segment.starts_with(':') || segment == "*"))
        .map(|page| page.pattern.as_str())
        .collect();
    if !paths.contains(&"/") {
        paths.insert(0, "/");
    }
    paths
}

/// The sitemap: every public page of the build (`paths`), then every published post and project,
/// each with its last change; the home page, the blog and the portfolio are dated by the newest
/// change among the records they show.
///
/// On a site in several `languages`, each page is listed once per language at its address there
/// (`/de/about`), a post or a project once per language it has a live translation in (at its
/// translated slug),
/// and each entry names all of them as `xhtml:link` alternates, with `x-default` (the default
/// language's address). On a site in one language, the sitemap is as it always was.
///
/// At most [`MAX_SITEMAP_ADDRESSES`] `<url>` entries in all, each language's address counting
/// once (the protocol's limit for one file): the pages first, then the posts, then the projects.
pub fn sitemap_xml(base: &str, paths: &[&str], sitemap: &Sitemap, languages: &Languages) -> String {
    sitemap_xml_at_most(base, paths, sitemap, languages, MAX_SITEMAP_ADDRESSES)
}

/// [`sitemap_xml`] with at most `most` entries.
fn sitemap_xml_at_most(base: &str, paths: &[&str], sitemap: &Sitemap, languages: &Languages, most: usize) -> String {
    let posts = sitemap.posts_modified();
    let projects = sitemap.projects_modified();
    let several = !languages.others().is_empty();
    // Each address of a page in every language: (language, path).
    let everywhere = |path: &str| -> Vec<(String, String)> {
        languages
            .all()
            .iter()
            .map(|language| {
                let prefix = localized::prefix(languages, &language.tag);
                (language.tag.as_str().to_owned(), Localized::path(&prefix, path))
            })
            .collect()
    };
    let mut pages: Vec<(Addresses, Option<DateTime<Utc>>)> = paths
        .iter()
        .map(|path| {
            let date = match *path {
                "/" => posts.max(projects),
                "/blog" => posts,
                "/portfolio" => projects,
                _ => None,
            };
            (everywhere(path), date)
        })
        .collect();
    // A record in the languages it has a live translation in, at its slug in each.
    let translated = |entry: &SitemapEntry, kind: &str| -> Addresses {
        if entry.translations.is_empty() {
            return everywhere(&format!("/{kind}/{}", entry.slug));
        }
        entry
            .translations
            .iter()
            .map(|(tag, slug)| {
                let prefix = LanguageTag::parse(tag).map(|tag| localized::prefix(languages, &tag)).unwrap_or_default();
                (tag.clone(), Localized::path(&prefix, &format!("/{kind}/{slug}")))
            })
            .collect()
    };
    pages.extend(sitemap.posts.iter().map(|post| (translated(post, "blog"), Some(post.last_modified))));
    pages.extend(sitemap.projects.iter().map(|project| (translated(project, "project"), Some(project.last_modified))));
    let mut urlset = BytesStart::new("urlset");
    urlset.push_attribute(("xmlns", SITEMAP_NAMESPACE));
    if several {
        urlset.push_attribute(("xmlns:xhtml", XHTML_NAMESPACE));
    }
    document(|writer| {
        writer.write_event(Event::Start(urlset.borrow()))?;
        let mut entries = 0;
        for (addresses, modified) in &pages {
            // One language only: the default's address, as ever.
            let listed = if several { addresses.as_slice() } else { &addresses[..addresses.len().min(1)] };
            for (_, path) in listed.iter().take(most.saturating_sub(entries)) {
                entries += 1;
                writer.create_element("url").write_inner_content(|writer| {
                    text_element(writer, "loc", &absolute(base, path))?;
                    if let Some(modified) = modified {
                        text_element(writer, "lastmod", &w3c_date(*modified))?;
                    }
                    if several {
                        let default = addresses.first().map(|(_, path)| ("x-default".to_owned(), path.clone()));
                        for (tag, path) in addresses.iter().cloned().chain(default) {
                            writer
                                .create_element("xhtml:link")
                                .with_attributes([
                                    ("rel", "alternate"),
                                    ("hreflang", tag.as_str()),
                                    ("href", xml_text(&absolute(base, &path)).as_ref()),
                                ])
                                .write_empty()?;
                        }
                    }
                    Ok(())
                })?;
            }
        }
        writer.write_event(Event::End(urlset.to_end()))?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use atelier_application::site::{MAX_SITEMAP_ADDRESSES, Sitemap, SitemapEntry};
    use atelier_domain::language::{Languages, SiteLanguageInput};
    use chrono::{TimeZone, Utc};

    use super::{sitemap_xml, sitemap_xml_at_most};

    fn languages(tags: &[&str]) -> Languages {
        let inputs: Vec<SiteLanguageInput> = tags
            .iter()
            .map(|tag| SiteLanguageInput { tag: Some((*tag).into()), name: Some((*tag).into()), direction: None })
            .collect();
        Languages::parse(&inputs, None).unwrap()
    }

    fn posts(count: usize) -> Sitemap {
        let post = |index: usize| SitemapEntry {
            slug: format!("post-{index}"),
            last_modified: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap(),
            translations: Vec::new(),
        };
        Sitemap { posts: (0..count).map(post).collect(), projects: Vec::new() }
    }

    #[test]
    fn the_cap_counts_each_languages_address() {
        let xml = sitemap_xml_at_most("https://s.example", &["/", "/about"], &posts(3), &languages(&["en", "de"]), 5);
        assert_eq!(xml.matches("<url>").count(), 5, "{xml}");
        assert!(xml.contains("<loc>https://s.example/blog/post-0</loc>"), "{xml}");
        assert!(!xml.contains("<loc>https://s.example/de/blog/post-0</loc>"), "{xml}");
        let one = sitemap_xml_at_most("https://s.example", &["/", "/about"], &posts(3), &languages(&["en"]), 4);
        assert_eq!(one.matches("<url>").count(), 4, "{one}");
    }

    #[test]
    fn a_site_in_three_languages_lists_at_most_the_protocols_limit() {
        let records = MAX_SITEMAP_ADDRESSES / 3 + 10;
        let xml = sitemap_xml("https://s.example", &["/"], &posts(records), &languages(&["en", "de", "fr"]));
        assert_eq!(xml.matches("<url>").count(), MAX_SITEMAP_ADDRESSES);
        assert!(xml.ends_with("</urlset>"), "still a whole document");
        let fewer = sitemap_xml("https://s.example", &["/"], &posts(10), &languages(&["en", "de", "fr"]));
        assert_eq!(fewer.matches("<url>").count(), 33);
    }
}
