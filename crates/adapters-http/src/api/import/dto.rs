//! The import's form and report as the API documents them.

use atelier_application::import::model::Platform;
use atelier_application::import::{Outcome, RecordKind, Report};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The platform an export comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = ImportPlatform)]
pub enum PlatformDto {
    Wordpress,
    Ghost,
}

impl From<Platform> for PlatformDto {
    fn from(platform: Platform) -> Self {
        match platform {
            Platform::WordPress => Self::Wordpress,
            Platform::Ghost => Self::Ghost,
        }
    }
}

impl From<PlatformDto> for Platform {
    fn from(platform: PlatformDto) -> Self {
        match platform {
            PlatformDto::Wordpress => Self::WordPress,
            PlatformDto::Ghost => Self::Ghost,
        }
    }
}

/// The upload: the export, optionally the old site's uploads as a zip, and whether to write.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ImportForm)]
#[allow(dead_code)] // documents the multipart form; the handler reads its parts as they stream in
pub struct ImportFormDto {
    /// WordPress's export (a WXR `.xml` file: Tools → Export → All content) or Ghost's (a `.json`
    /// file: Settings → Labs → Export your content); at most 64 MiB.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
    /// The old site's uploads as a `.zip` (WordPress's `wp-content/uploads`, Ghost's
    /// `content/images`); at most 2 GiB. Without it, pictures keep their old addresses.
    #[schema(value_type = Option<String>, format = Binary)]
    pub media: Option<Vec<u8>>,
    /// `true` to write nothing and answer what the import would do; `false` by default.
    pub dry_run: Option<bool>,
    /// The export's platform; read from the file when left out (`<` opens a WXR file, `{` a Ghost
    /// export).
    pub platform: Option<PlatformDto>,
}

/// The kind of a record an import writes.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = ImportRecordKind)]
pub enum KindDto {
    Post,
    Page,
    Category,
    Tag,
    Media,
    Redirect,
}

impl From<RecordKind> for KindDto {
    fn from(kind: RecordKind) -> Self {
        match kind {
            RecordKind::Post => Self::Post,
            RecordKind::Page => Self::Page,
            RecordKind::Category => Self::Category,
            RecordKind::Tag => Self::Tag,
            RecordKind::Media => Self::Media,
            RecordKind::Redirect => Self::Redirect,
        }
    }
}

/// What became of a record: `created` by this import, `wouldCreate` on a dry run, `exists` when it
/// was already there (left as it is).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ImportOutcome)]
pub enum OutcomeDto {
    Created,
    WouldCreate,
    Exists,
}

impl From<Outcome> for OutcomeDto {
    fn from(outcome: Outcome) -> Self {
        match outcome {
            Outcome::Created => Self::Created,
            Outcome::WouldCreate => Self::WouldCreate,
            Outcome::Exists => Self::Exists,
        }
    }
}

/// How many records of a kind were (or, on a dry run, would be) created, and how many were there.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ImportCount)]
pub struct CountDto {
    pub kind: KindDto,
    /// Created, or on a dry run to create.
    pub created: u64,
    /// Already there, left as they are.
    pub existing: u64,
}

/// One record of the report.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ImportRecord)]
pub struct RecordDto {
    pub kind: KindDto,
    /// Its title or name.
    pub title: String,
    /// Its address on this site.
    pub address: String,
    pub outcome: OutcomeDto,
}

/// One redirect of the report: a 301 from an old address to the new one.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ImportRedirect)]
pub struct RedirectDto {
    pub from: String,
    pub to: String,
    pub outcome: OutcomeDto,
}

/// What an import did, or on a dry run would do.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ImportReport)]
pub struct ReportDto {
    pub platform: PlatformDto,
    /// Whether nothing was written.
    pub dry_run: bool,
    /// One count per kind, in the order posts, pages, categories, tags, media, redirects.
    pub counts: Vec<CountDto>,
    /// Every post, page, category, tag and media file, in the order handled.
    pub records: Vec<RecordDto>,
    /// Every old address and where it goes.
    pub redirects: Vec<RedirectDto>,
    /// What could not be kept as it was (a picture not found, a second category, a page not shown…).
    pub problems: Vec<String>,
}

impl From<Report> for ReportDto {
    fn from(report: Report) -> Self {
        let counts = RecordKind::ALL
            .iter()
            .map(|kind| {
                let (created, existing) = report.count(*kind);
                CountDto { kind: (*kind).into(), created: created as u64, existing: existing as u64 }
            })
            .collect();
        let (redirects, records): (Vec<_>, Vec<_>) =
            report.lines.into_iter().partition(|line| line.kind == RecordKind::Redirect);
        Self {
            platform: report.platform.into(),
            dry_run: report.dry_run,
            counts,
            records: records
                .into_iter()
                .map(|line| RecordDto {
                    kind: line.kind.into(),
                    title: line.title,
                    address: line.address,
                    outcome: line.outcome.into(),
                })
                .collect(),
            redirects: redirects
                .into_iter()
                .map(|line| RedirectDto { from: line.title, to: line.address, outcome: line.outcome.into() })
                .collect(),
            problems: report.problems,
        }
    }
}
