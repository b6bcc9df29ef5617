//! The posts, pages and redirects of an import, each matched with what exists before it is written.

use super::model::{Entry, EntryStatus, Export, Platform};
use super::{AUDIT_ACTION, Importer, Outcome, RecordKind, Run, fit, label, messages, status_word};
use crate::audit::{self};
use crate::blog::{BlogCatalog, PostWriteError};
use crate::content::{Content, ContentWriteError};
use crate::media::ports::{BlobStorage, ImageProcessor};
use crate::ports::Clock;
use crate::redirects::Redirects;
use crate::store::Store;
use atelier_domain::content::{ContentPageInput, PageKind, PageType};
use atelier_domain::post::{self as post_rules, ContentInput, PostInput};
use atelier_domain::redirect::{RedirectChanges, RedirectInput};
use atelier_domain::slug::Slug;
use std::collections::HashMap;

impl<S, B, P, C> Importer<S, B, P, C>
where
    S: Store,
    B: BlobStorage,
    P: ImageProcessor,
    C: Clock,
{
    /// Imports a post; answers its address here when it is (or would be) public.
    pub(super) async fn post(
        &self,
        run: &mut Run<'_>,
        export: &Export,
        entry: &Entry,
    ) -> anyhow::Result<Option<String>> {
        let label = label(entry);
        let slug = Self::slug(run, entry, &label);
        let address = format!("/blog/{slug}");
        let public = matches!(entry.status, EntryStatus::Published | EntryStatus::Scheduled);
        if self.store.find_post_by_slug(&Slug::parse(&slug)?).await?.is_some() {
            run.report.line(RecordKind::Post, &entry.title, &address, Outcome::Exists);
            return Ok(public.then_some(address));
        }
        let (category, tag_ids) = self.terms(run, entry, &label).await?;
        let markdown = self.body(run, export, entry, &label).await?;
        let featured_image = match &entry.featured_image {
            Some(image) => Some(self.image(run, image, &label).await?),
            None => None,
        };
        if entry.status == EntryStatus::Private {
            run.report.problems.push(format!("{label} was private: imported as a draft"));
        }
        let (status, publish_at) = match entry.status {
            EntryStatus::Published | EntryStatus::Scheduled => ("published", entry.date.map(|date| date.to_rfc3339())),
            EntryStatus::Draft | EntryStatus::Private => ("draft", None),
        };
        let title = fit(&entry.title, post_rules::MAX_TITLE_LEN, &label, "title", &mut run.report.problems);
        let title = if title.trim().is_empty() { format!("Untitled ({})", entry.source_id) } else { title };
        let input = PostInput {
            title: Some(title),
            slug: Some(slug.clone()),
            excerpt: Some(fit(
                &entry.excerpt,
                post_rules::MAX_EXCERPT_LEN,
                &label,
                "excerpt",
                &mut run.report.problems,
            )),
            content: Some(ContentInput::Markdown(markdown)),
            featured_image: featured_image.filter(|image| !image.starts_with("__GHOST_URL__")),
            category,
            tags: Some(tag_ids),
            author_name: Some(fit(
                &entry.authors.join(" & "),
                post_rules::MAX_AUTHOR_NAME_LEN,
                &label,
                "author",
                &mut run.report.problems,
            )),
            status: Some(status.to_owned()),
            publish_at,
            ..Default::default()
        };
        if !run.writes {
            if let Err(errors) = post_rules::PostChanges::parse(input, true) {
                run.report.problems.push(format!("{label} is not imported: {}", messages(&errors)));
                return Ok(None);
            }
            run.report.line(RecordKind::Post, &entry.title, &address, Outcome::WouldCreate);
            return Ok(public.then_some(address));
        }
        let blog = BlogCatalog::new(self.store.clone(), self.clock.clone());
        match audit::each_write(AUDIT_ACTION, "blog/posts", blog.create(input)).await {
            Ok(_) => {
                run.created = true;
                run.report.line(RecordKind::Post, &entry.title, &address, Outcome::Created);
                Ok(public.then_some(address))
            }
            Err(PostWriteError::DuplicateSlug) => {
                run.report.line(RecordKind::Post, &entry.title, &address, Outcome::Exists);
                Ok(public.then_some(address))
            }
            Err(PostWriteError::Invalid(errors)) => {
                run.report.problems.push(format!("{label} is not imported: {}", messages(&errors)));
                Ok(None)
            }
            Err(PostWriteError::NotFound) => Ok(None),
            Err(PostWriteError::Unexpected(error)) => Err(error),
        }
    }

    /// Imports a page as a content page of the type of its slug; answers its address here when the
    /// public site shows pages of that type.
    pub(super) async fn page(&self, run: &mut Run<'_>, export: &Export, entry: &Entry) -> anyhow::Result<PageOutcome> {
        let label = label(entry);
        let slug = Self::slug(run, entry, &label);
        let page_type = match PageType::parse(&slug) {
            Ok(page_type) => page_type,
            Err(reason) => {
                run.report.problems.push(format!("{label} is not imported: {reason}"));
                return Ok(PageOutcome::Left);
            }
        };
        let address = match page_type.as_str() {
            "privacy" => Some("/privacy-policy"),
            "terms" => Some("/terms-of-service"),
            "cookies" => Some("/cookie-policy"),
            "about" => Some("/about"),
            _ => None,
        }
        .map(str::to_owned);
        let shown = address.clone().unwrap_or_else(|| format!("/api/content/{slug}"));
        let public = entry.status == EntryStatus::Published;
        if self.store.find_content_page(&page_type).await?.is_some() {
            run.report.line(RecordKind::Page, &entry.title, &shown, Outcome::Exists);
            return Ok(shown_at(address, public));
        }
        if page_type.kind() == PageKind::About {
            run.report.problems.push(format!(
                "{label}: the about page has its own fields (mission, vision, values); it is not imported, write it in the back office"
            ));
            return Ok(PageOutcome::Left);
        }
        let content = self.body(run, export, entry, &label).await?;
        if entry.status != EntryStatus::Published && entry.status != EntryStatus::Draft {
            run.report.problems.push(format!("{label} was {}: imported as a draft", status_word(entry.status)));
        }
        let input = ContentPageInput {
            title: Some(fit(
                &entry.title,
                atelier_domain::content::MAX_TITLE_LEN,
                &label,
                "title",
                &mut run.report.problems,
            )),
            subtitle: Some(fit(
                &entry.excerpt,
                atelier_domain::content::MAX_SUBTITLE_LEN,
                &label,
                "excerpt",
                &mut run.report.problems,
            )),
            content: Some(content),
            status: Some(if public { "published" } else { "draft" }.to_owned()),
            ..Default::default()
        };
        if !run.writes {
            run.report.line(RecordKind::Page, &entry.title, &shown, Outcome::WouldCreate);
            return Ok(shown_at(address, public));
        }
        let pages = Content::new(self.store.clone(), self.clock.clone());
        match audit::each_write(AUDIT_ACTION, "content", pages.create(Some(page_type.as_str()), input)).await {
            Ok(_) => {
                run.created = true;
                run.report.line(RecordKind::Page, &entry.title, &shown, Outcome::Created);
                Ok(shown_at(address, public))
            }
            Err(ContentWriteError::DuplicateType(_)) => {
                run.report.line(RecordKind::Page, &entry.title, &shown, Outcome::Exists);
                Ok(shown_at(address, public))
            }
            Err(ContentWriteError::Invalid(errors)) => {
                run.report.problems.push(format!("{label} is not imported: {}", messages(&errors)));
                Ok(PageOutcome::Left)
            }
            Err(ContentWriteError::NotFound) => Ok(PageOutcome::Left),
            Err(ContentWriteError::Unexpected(error)) => Err(error),
        }
    }

    /// The old addresses, each a 301 to the new one; one that exists, or that the redirect rules
    /// refuse (the site's own pages, paths the server answers), is left and reported.
    pub(super) async fn redirects(
        &self,
        run: &mut Run<'_>,
        platform: Platform,
        wanted: Vec<(String, String, String)>,
    ) -> anyhow::Result<()> {
        let mut inputs = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (from, to, title) in wanted {
            if from.trim_end_matches('/') == to.trim_end_matches('/')
                || !seen.insert(from.trim_end_matches('/').to_owned())
            {
                continue;
            }
            let input = RedirectInput {
                from: Some(from.clone()),
                to: Some(to.clone()),
                status: Some(301),
                note: Some(format!(
                    "Imported from {}: “{}”",
                    platform.label(),
                    title.chars().take(400).collect::<String>()
                )),
            };
            match RedirectChanges::parse(input.clone(), true) {
                Err(errors) => {
                    run.report.problems.push(format!("the old address {from} gets no redirect: {}", messages(&errors)));
                }
                Ok(changes) => {
                    let exists = match changes.from() {
                        Some(path) => self.store.find_redirect_from(path).await?.is_some(),
                        None => false,
                    };
                    if exists {
                        run.report.line(RecordKind::Redirect, &from, &to, Outcome::Exists);
                    } else if !run.writes {
                        run.report.line(RecordKind::Redirect, &from, &to, Outcome::WouldCreate);
                    } else {
                        inputs.push((from, to, input));
                    }
                }
            }
        }
        if inputs.is_empty() {
            return Ok(());
        }
        let redirects = Redirects::new(self.store.clone(), self.clock.clone());
        let added = redirects.add_many(inputs.iter().map(|(_, _, input)| input.clone()).collect());
        let outcome = audit::each_write(AUDIT_ACTION, "redirects", added).await?;
        run.created |= !outcome.added.is_empty();
        let refused: HashMap<usize, _> = outcome.refused.into_iter().collect();
        let skipped: Vec<String> = outcome.skipped.iter().map(|path| path.as_str().to_owned()).collect();
        for (index, (from, to, _)) in inputs.iter().enumerate() {
            if let Some(errors) = refused.get(&index) {
                run.report.problems.push(format!("the old address {from} gets no redirect: {}", messages(errors)));
            } else if skipped.iter().any(|path| path.trim_end_matches('/') == from.trim_end_matches('/')) {
                run.report.line(RecordKind::Redirect, from, to, Outcome::Exists);
            } else {
                run.report.line(RecordKind::Redirect, from, to, Outcome::Created);
            }
        }
        Ok(())
    }
}

/// What became of a page.
pub(super) enum PageOutcome {
    /// Imported (or there already), public at this address.
    Shown(String),
    /// Imported (or there already), with no public address here.
    NotShown,
    /// Not imported (reported).
    Left,
}

pub(super) fn shown_at(address: Option<String>, public: bool) -> PageOutcome {
    match address {
        Some(address) if public => PageOutcome::Shown(address),
        _ => PageOutcome::NotShown,
    }
}
