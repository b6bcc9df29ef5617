//! The sitemap: every public page of the build, then every published post and project, in each of
//! the site's languages with their alternates when it has several.

use atelier_application::site::Sitemap;
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
/// (`/de/about`), a post once per language it has a live translation in (at its translated slug),
/// and each entry names all of them as `xhtml:link` alternates, with `x-default` (the default
/// language's address). On a site in one language, the sitemap is as it always was.
pub fn sitemap_xml(base: &str, paths: &[&str], sitemap: &Sitemap, languages: &Languages) -> String {
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
    pages.extend(sitemap.posts.iter().map(|post| {
        let addresses = if post.translations.is_empty() {
            everywhere(&format!("/blog/{}", post.slug))
        } else {
            post.translations
                .iter()
                .map(|(tag, slug)| {
                    let prefix =
                        LanguageTag::parse(tag).map(|tag| localized::prefix(languages, &tag)).unwrap_or_default();
                    (tag.clone(), Localized::path(&prefix, &format!("/blog/{slug}")))
                })
                .collect()
        };
        (addresses, Some(post.last_modified))
    }));
    pages.extend(
        sitemap
            .projects
            .iter()
            .map(|project| (everywhere(&format!("/project/{}", project.slug)), Some(project.last_modified))),
    );
    let mut urlset = BytesStart::new("urlset");
    urlset.push_attribute(("xmlns", SITEMAP_NAMESPACE));
    if several {
        urlset.push_attribute(("xmlns:xhtml", XHTML_NAMESPACE));
    }
    document(|writer| {
        writer.write_event(Event::Start(urlset.borrow()))?;
        for (addresses, modified) in &pages {
            // One language only: the default's address, as ever.
            let listed = if several { addresses.as_slice() } else { &addresses[..addresses.len().min(1)] };
            for (_, path) in listed {
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
