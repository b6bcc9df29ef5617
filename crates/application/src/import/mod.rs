//! Moving a WordPress or Ghost site into Atelier.
//!
//! An export is read into one neutral model ([`model`]: [`wordpress::parse`], [`ghost::parse`]), its
//! HTML turned into markdown ([`html`]), its pictures found among the old site's uploads
//! ([`media::MediaFiles`]); [`Importer::run`] then writes posts, pages, categories, tags, media and
//! redirects through the same use cases the back office uses, or, on a dry run, only says what it
//! would write. Everything is matched with what exists (posts by slug, pages by type, categories and
//! tags by slug, media by content hash, redirects by old address), so a second run writes nothing
//! twice. What cannot be kept as it was is a problem line of the report, never a failed import.

mod entries;
pub mod ghost;
pub mod html;
pub mod media;
pub mod model;
mod report;
#[cfg(test)]
mod tests;
pub mod wordpress;

use self::entries::PageOutcome;
pub use self::report::{Outcome, RecordKind, Report, ReportLine};

use std::collections::HashMap;

use atelier_domain::category::CategoryInput;
use atelier_domain::media::{self as media_rules, MediaFormat};
use atelier_domain::post::{self as post_rules};
use atelier_domain::slug::Slug;
use atelier_domain::tag::{TagInput, TagType};

use self::media::MediaFiles;
use self::model::{Entry, EntryKind, EntryStatus, Export, Platform, Term, slugify};
use crate::audit::{self, Change};
use crate::categories::ports::CategoryFilter;
use crate::categories::{CategoryCatalog, CategoryWriteError};
use crate::media::ports::{BlobStorage, ImageProcessor};
use crate::media::{Media, Upload, UploadError};
use crate::ports::Clock;
use crate::store::Store;
use crate::tags::ports::TagFilter;
use crate::tags::{TagCatalog, TagWriteError};

/// The audit log's action for the writes of an import: each record's entry, and the import's own
/// (`import`, about the records of [`Report::summary`]), when it runs in an audit scope (a request).
pub const AUDIT_ACTION: &str = "import";

/// An export that cannot be imported at all.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file is not an export of the platform (the message says why).
    #[error("{0}")]
    Unreadable(String),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Reads an export of `platform`.
///
/// # Errors
/// [`ImportError::Unreadable`] when the text is not such an export.
pub fn parse(platform: Platform, text: &str) -> Result<Export, ImportError> {
    match platform {
        Platform::WordPress => wordpress::parse(text),
        Platform::Ghost => ghost::parse(text),
    }
    .map_err(|error| ImportError::Unreadable(error.0))
}

/// The import use case, over the store, the media library's storage and image processor, and the clock.
#[derive(Debug, Clone)]
pub struct Importer<S, B, P, C> {
    store: S,
    media: Media<S, B, P, C>,
    clock: C,
}

/// The state of one run.
struct Run<'a> {
    writes: bool,
    report: Report,
    files: &'a MediaFiles,
    categories: HashMap<String, Option<String>>,
    tags: HashMap<String, Option<String>>,
    /// Old image address → its address here (or the old one, when not found).
    images: HashMap<String, String>,
    created: bool,
}

impl<S, B, P, C> Importer<S, B, P, C>
where
    S: Store,
    B: BlobStorage,
    P: ImageProcessor,
    C: Clock,
{
    pub fn new(store: S, media: Media<S, B, P, C>, clock: C) -> Self {
        Self { store, media, clock }
    }

    /// Imports `export` with the pictures of `files`; on a dry run nothing is written.
    ///
    /// # Errors
    /// Only infrastructure faults; what was written before one stays written, and a second run
    /// completes the rest.
    pub async fn run(&self, export: Export, files: &MediaFiles, dry_run: bool) -> anyhow::Result<Report> {
        let mut run = Run {
            writes: !dry_run,
            report: Report { platform: export.platform, dry_run, lines: Vec::new(), problems: export.problems.clone() },
            files,
            categories: HashMap::new(),
            tags: HashMap::new(),
            images: HashMap::new(),
            created: false,
        };
        run.report.problems.extend(files.problems.iter().cloned());
        self.known_terms(&mut run).await?;
        let mut redirects = Vec::new();
        let mut pages_without_address = 0;
        for entry in &export.entries {
            match entry.kind {
                EntryKind::Post => {
                    if let Some(address) = self.post(&mut run, &export, entry).await? {
                        redirects.extend(
                            entry.old_paths.iter().map(|from| (from.clone(), address.clone(), entry.title.clone())),
                        );
                    }
                }
                EntryKind::Page => match self.page(&mut run, &export, entry).await? {
                    PageOutcome::Shown(address) => {
                        redirects.extend(
                            entry.old_paths.iter().map(|from| (from.clone(), address.clone(), entry.title.clone())),
                        );
                    }
                    PageOutcome::NotShown if !entry.old_paths.is_empty() => pages_without_address += 1,
                    PageOutcome::NotShown | PageOutcome::Left => {}
                },
            }
        }
        if pages_without_address > 0 {
            run.report.problems.push(format!(
                "{pages_without_address} imported page(s) have no public address on this site (only the about and policy pages are shown): their old addresses get no redirect"
            ));
        }
        self.redirects(&mut run, export.platform, redirects).await?;
        if run.created {
            self.store.advance_generation().await?;
            // The import as a whole, in the request's own entry (each write above has its own).
            let change = Change {
                action: Some(AUDIT_ACTION),
                title: Some(format!("{} export", export.platform.label())),
                changed_fields: Some(run.report.summary()),
                ..Change::default()
            };
            self.store.record_audit_entry(change).await?;
        }
        Ok(run.report)
    }

    /// The categories and tags already here, by slug.
    async fn known_terms(&self, run: &mut Run<'_>) -> anyhow::Result<()> {
        for category in self.store.list_categories(CategoryFilter { status: None }).await? {
            run.categories.insert(category.slug.as_str().to_owned(), Some(category.id.to_string()));
        }
        for tag in self.store.list_tags(TagFilter::default()).await? {
            run.tags.insert(tag.slug.as_str().to_owned(), Some(tag.id.to_string()));
        }
        Ok(())
    }

    /// The id of the category of `term`, created when missing (`None` on a dry run).
    async fn category(&self, run: &mut Run<'_>, term: &Term) -> anyhow::Result<Option<String>> {
        let slug = Slug::parse(&term.slug).map_or_else(|_| slugify(&term.name), |slug| slug.as_str().to_owned());
        if let Some(id) = run.categories.get(&slug) {
            return Ok(id.clone());
        }
        let address = format!("/blog?category={slug}");
        if !run.writes {
            run.report.line(RecordKind::Category, &term.name, &address, Outcome::WouldCreate);
            run.categories.insert(slug, None);
            return Ok(None);
        }
        let catalog = CategoryCatalog::new(self.store.clone(), self.clock.clone());
        let input = CategoryInput {
            name: Some(term.name.clone()),
            display_name: Some(term.name.clone()),
            slug: Some(slug.clone()),
            status: Some("active".to_owned()),
            ..Default::default()
        };
        let id = match audit::each_write(AUDIT_ACTION, "categories", catalog.create(input)).await {
            Ok(view) => {
                run.created = true;
                run.report.line(RecordKind::Category, &term.name, &address, Outcome::Created);
                Some(view.category.id.to_string())
            }
            Err(CategoryWriteError::Invalid(errors)) => {
                run.report.problems.push(format!("the category “{}” cannot be created: {errors}", term.name));
                None
            }
            Err(CategoryWriteError::DuplicateSlug) => {
                let found = self.store.find_categories_by_slugs(&[Slug::parse(&slug)?]).await?;
                found.first().map(|category| category.id.to_string())
            }
            Err(CategoryWriteError::NotFound) => None,
            Err(CategoryWriteError::Unexpected(error)) => return Err(error),
        };
        run.categories.insert(slug, id.clone());
        Ok(id)
    }

    /// The id of the blog tag of `term`, created when missing (`None` on a dry run).
    async fn tag(&self, run: &mut Run<'_>, term: &Term) -> anyhow::Result<Option<String>> {
        // Atelier makes a tag's slug from its name.
        let slug = slugify(&term.name);
        if let Some(id) = run.tags.get(&slug).or_else(|| run.tags.get(&term.slug)) {
            return Ok(id.clone());
        }
        let address = format!("/blog?tag={slug}");
        if !run.writes {
            run.report.line(RecordKind::Tag, &term.name, &address, Outcome::WouldCreate);
            run.tags.insert(slug, None);
            return Ok(None);
        }
        let catalog = TagCatalog::new(self.store.clone(), self.clock.clone());
        let input = TagInput {
            name: Some(term.name.clone()),
            tag_type: Some(TagType::Blog.as_str().to_owned()),
            ..Default::default()
        };
        let id = match audit::each_write(AUDIT_ACTION, "tags", catalog.create(input)).await {
            Ok(view) => {
                run.created = true;
                run.report.line(RecordKind::Tag, &term.name, &address, Outcome::Created);
                Some(view.tag.id.to_string())
            }
            Err(TagWriteError::Invalid(errors)) => {
                run.report.problems.push(format!("the tag “{}” cannot be created: {errors}", term.name));
                None
            }
            Err(TagWriteError::DuplicateSlug) => match Slug::parse(&slug) {
                Ok(slug) => self.store.find_tag_by_slug(&slug).await?.map(|tag| tag.id.to_string()),
                Err(_) => None,
            },
            Err(TagWriteError::NotFound) => None,
            Err(TagWriteError::Unexpected(error)) => return Err(error),
        };
        run.tags.insert(slug, id.clone());
        Ok(id)
    }

    /// The address here of a picture the old site showed at `address`: a file of the media set,
    /// uploaded to the library (or found there by its content); otherwise the old address, reported.
    async fn image(&self, run: &mut Run<'_>, address: &str, label: &str) -> anyhow::Result<String> {
        if let Some(known) = run.images.get(address) {
            return Ok(known.clone());
        }
        let old = address.strip_prefix("__GHOST_URL__").unwrap_or(address).to_owned();
        let Some(path) = run.files.find(address) else {
            let reason =
                if run.files.is_empty() { "no media files were given" } else { "it is not among the media files" };
            run.report.problems.push(format!("{label}: the picture {address} is kept at its old address ({reason})"));
            run.images.insert(address.to_owned(), old.clone());
            return Ok(old);
        };
        let new = match run.files.read_blocking(&path).await {
            Err(error) => {
                run.report
                    .problems
                    .push(format!("{label}: the picture {address} cannot be read ({error}): kept at its old address"));
                old
            }
            Ok(bytes) => self.upload(run, &path, bytes, label, &old).await?,
        };
        run.images.insert(address.to_owned(), new.clone());
        Ok(new)
    }

    async fn upload(
        &self,
        run: &mut Run<'_>,
        path: &str,
        bytes: Vec<u8>,
        label: &str,
        old: &str,
    ) -> anyhow::Result<String> {
        let format = match MediaFormat::detect(&bytes) {
            Ok(format) => format,
            Err(refusal) => {
                run.report.problems.push(format!(
                    "{label}: {path} is refused by the media library ({refusal}): kept at its old address"
                ));
                return Ok(old.to_owned());
            }
        };
        let key = media_rules::original_key(&media_rules::content_hash(&bytes), format);
        let file_name = path.rsplit('/').next().unwrap_or(path).to_owned();
        if !run.writes {
            let outcome = if self.store.find_media_by_key(&key).await?.is_some() {
                Outcome::Exists
            } else {
                Outcome::WouldCreate
            };
            let address = format!("/media/{key}");
            run.report.line(RecordKind::Media, &file_name, &address, outcome);
            return Ok(address);
        }
        let upload = self.media.upload(Upload { file_name: file_name.clone(), bytes });
        match audit::each_write(AUDIT_ACTION, "media", upload).await {
            Ok(uploaded) => {
                let address = format!("/media/{}", uploaded.item.key);
                let outcome = if uploaded.created { Outcome::Created } else { Outcome::Exists };
                run.created |= uploaded.created;
                run.report.line(RecordKind::Media, &file_name, &address, outcome);
                Ok(address)
            }
            Err(UploadError::Refused(refusal)) => {
                run.report.problems.push(format!(
                    "{label}: {path} is refused by the media library ({refusal}): kept at its old address"
                ));
                Ok(old.to_owned())
            }
            Err(UploadError::Unreadable(reason)) => {
                run.report
                    .problems
                    .push(format!("{label}: {path} is not a readable picture ({reason}): kept at its old address"));
                Ok(old.to_owned())
            }
            Err(UploadError::Unexpected(error)) => Err(error),
        }
    }

    /// The body as markdown with its pictures at their addresses here.
    async fn body(&self, run: &mut Run<'_>, export: &Export, entry: &Entry, label: &str) -> anyhow::Result<String> {
        let converted = html::convert(&entry.html, export.platform, &export.attachments);
        run.report.problems.extend(converted.problems.iter().map(|problem| format!("{label}: {problem}")));
        let mut markdown = converted.markdown;
        for image in &converted.images {
            let new = self.image(run, image, label).await?;
            if new != *image {
                markdown = markdown.replace(&format!("]({image}"), &format!("]({new}"));
            }
        }
        Ok(markdown.replace("](__GHOST_URL__/", "](/"))
    }

    /// A valid slug for the entry: its own, else one from its title, else from its old id.
    fn slug(run: &mut Run<'_>, entry: &Entry, label: &str) -> String {
        if Slug::parse(&entry.slug).is_ok() {
            return entry.slug.clone();
        }
        let from_title = slugify(&entry.title);
        let slug = if Slug::parse(&from_title).is_ok() {
            from_title
        } else {
            format!("imported-{}", slugify(&entry.source_id))
        };
        if !entry.slug.is_empty() {
            run.report
                .problems
                .push(format!("{label}: its slug “{}” is not valid here; it becomes “{slug}”", entry.slug));
        }
        slug
    }

    /// The post's category and tags here (created when missing): one category, the first that is
    /// not WordPress's default; the other categories become tags.
    async fn terms(
        &self,
        run: &mut Run<'_>,
        entry: &Entry,
        label: &str,
    ) -> anyhow::Result<(Option<String>, Vec<String>)> {
        let mut categories = entry.categories.clone();
        if categories.len() > 1
            && let Some(position) = categories.iter().position(|term| term.slug == "uncategorized")
        {
            categories.remove(position);
        }
        let mut tags = entry.tags.clone();
        if categories.len() > 1 {
            let kept = categories.remove(0);
            run.report.problems.push(format!(
                "{label} has {} categories; Atelier keeps one (“{}”), the others become tags: {}",
                categories.len() + 1,
                kept.name,
                categories.iter().map(|term| term.name.as_str()).collect::<Vec<_>>().join(", ")
            ));
            tags.splice(0..0, categories.drain(..));
            categories.push(kept);
        }
        let category = match categories.first() {
            Some(term) => self.category(run, term).await?,
            None => None,
        };
        if tags.len() > post_rules::MAX_TAGS {
            run.report.problems.push(format!(
                "{label} has {} tags; the first {} are kept",
                tags.len(),
                post_rules::MAX_TAGS
            ));
            tags.truncate(post_rules::MAX_TAGS);
        }
        let mut tag_ids = Vec::new();
        for term in &tags {
            tag_ids.extend(self.tag(run, term).await?);
        }
        Ok((category, tag_ids))
    }
}

fn label(entry: &Entry) -> String {
    let kind = match entry.kind {
        EntryKind::Post => "post",
        EntryKind::Page => "page",
    };
    if entry.title.trim().is_empty() {
        format!("the untitled {kind} {}", entry.source_id)
    } else {
        format!("the {kind} “{}”", entry.title)
    }
}

fn status_word(status: EntryStatus) -> &'static str {
    match status {
        EntryStatus::Published => "published",
        EntryStatus::Scheduled => "scheduled",
        EntryStatus::Draft => "a draft",
        EntryStatus::Private => "private",
    }
}

fn messages(errors: &atelier_domain::FieldErrors) -> String {
    errors.iter().map(|(_, message)| message.to_owned()).collect::<Vec<_>>().join("; ")
}

/// `text` cut to `max` characters, reported when cut.
fn fit(text: &str, max: usize, label: &str, field: &str, problems: &mut Vec<String>) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    problems.push(format!("{label}: its {field} is longer than {max} characters and was cut"));
    text.chars().take(max).collect()
}
