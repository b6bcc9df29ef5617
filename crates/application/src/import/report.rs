//! What an import did or would do: a line per record, and the problems met on the way.

use super::model::Platform;

/// The kinds of record an import writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RecordKind {
    Post,
    Page,
    Category,
    Tag,
    Media,
    Redirect,
}

impl RecordKind {
    pub const ALL: [Self; 6] = [Self::Post, Self::Page, Self::Category, Self::Tag, Self::Media, Self::Redirect];

    /// Plural, for the summary.
    pub fn plural(self) -> &'static str {
        match self {
            Self::Post => "posts",
            Self::Page => "pages",
            Self::Category => "categories",
            Self::Tag => "tags",
            Self::Media => "media files",
            Self::Redirect => "redirects",
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Post => "post",
            Self::Page => "page",
            Self::Category => "category",
            Self::Tag => "tag",
            Self::Media => "media",
            Self::Redirect => "redirect",
        }
    }
}

/// What the import did (or, on a dry run, would do) with one record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Written by this run.
    Created,
    /// A dry run's: would be written.
    WouldCreate,
    /// Already there (an earlier import, or the site's own): left as it is.
    Exists,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Created => "created",
            Self::WouldCreate => "wouldCreate",
            Self::Exists => "exists",
        }
    }
}

/// One line of the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportLine {
    pub kind: RecordKind,
    /// The record's title, name or (a redirect's) old address.
    pub title: String,
    /// Its address on this site (a redirect's target).
    pub address: String,
    pub outcome: Outcome,
}

/// Everything an import did or would do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub platform: Platform,
    pub dry_run: bool,
    pub lines: Vec<ReportLine>,
    pub problems: Vec<String>,
}

impl Report {
    /// How many records of a kind were (or would be) created, and how many existed.
    pub fn count(&self, kind: RecordKind) -> (usize, usize) {
        let of_kind = self.lines.iter().filter(|line| line.kind == kind);
        let existing = of_kind.clone().filter(|line| line.outcome == Outcome::Exists).count();
        (of_kind.count() - existing, existing)
    }

    /// One line per kind: `12 posts created, 3 already there`.
    pub fn summary(&self) -> Vec<String> {
        let verb = if self.dry_run { "to create" } else { "created" };
        RecordKind::ALL
            .iter()
            .map(|kind| {
                let (new, existing) = self.count(*kind);
                format!("{}: {new} {verb}, {existing} already there", kind.plural())
            })
            .collect()
    }

    pub(super) fn line(&mut self, kind: RecordKind, title: &str, address: &str, outcome: Outcome) {
        // A file shown at two addresses (a resized copy's and the original's) is one record.
        if kind == RecordKind::Media && self.lines.iter().any(|line| line.kind == kind && line.address == address) {
            return;
        }
        self.lines.push(ReportLine { kind, title: title.to_owned(), address: address.to_owned(), outcome });
    }
}
