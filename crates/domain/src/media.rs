//! The media library: files the administrator uploads for posts, projects and profiles.
//!
//! What a file is comes from its bytes, never from its name or the type the browser claimed: a
//! program renamed `photo.png` is refused. SVG is refused outright, since an SVG can carry script.
//! Files are stored under a content-addressed key (the SHA-256 of their bytes), so a stored file never
//! changes and can be cached for a year; images also get resized WebP copies for small screens.

mod shown;

use crate::meta::RecordMeta;
use chrono::{DateTime, Utc};

pub use self::shown::{LibraryImage, NamedImage, image_keys_for, images_named_in};
use crate::id::EntityId;
use crate::patch::set;
use crate::validation::{FieldErrors, optional_text};

/// The size limit of one file when none is configured: 10 MiB.
pub const DEFAULT_MAX_BYTES: u64 = 10 * 1024 * 1024;
/// The widths of the WebP copies made of an image, in pixels; never wider than the original.
pub const VARIANT_WIDTHS: [u32; 3] = [480, 960, 1600];
pub const MAX_TITLE_LEN: usize = 200;
pub const MAX_ALT_LEN: usize = 500;
pub const MAX_TAGS: usize = 20;
pub const MAX_TAG_LEN: usize = 50;
/// The longest original file name kept.
pub const MAX_FILE_NAME_LEN: usize = 255;
/// Where stored files are served.
pub const URL_PREFIX: &str = "/media/";

/// What a file is, as the library's type filter offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MediaKind {
    Image,
    Document,
    Video,
}

crate::word_enum!(MediaKind, |_| "Kind must be image, document or video".to_owned(), {
    Image => "image",
    Document => "document",
    Video => "video",
});

/// A file format the library accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MediaFormat {
    Jpeg,
    Png,
    Webp,
    Gif,
    Avif,
    Pdf,
    Mp4,
    Webm,
}

impl MediaFormat {
    pub const ALL: [Self; 8] =
        [Self::Jpeg, Self::Png, Self::Webp, Self::Gif, Self::Avif, Self::Pdf, Self::Mp4, Self::Webm];

    /// The media type it is served with.
    pub fn mime(self) -> &'static str {
        match self {
            Self::Jpeg => "image/jpeg",
            Self::Png => "image/png",
            Self::Webp => "image/webp",
            Self::Gif => "image/gif",
            Self::Avif => "image/avif",
            Self::Pdf => "application/pdf",
            Self::Mp4 => "video/mp4",
            Self::Webm => "video/webm",
        }
    }

    /// The extension of its stored key.
    pub fn extension(self) -> &'static str {
        match self {
            Self::Jpeg => "jpg",
            Self::Png => "png",
            Self::Webp => "webp",
            Self::Gif => "gif",
            Self::Avif => "avif",
            Self::Pdf => "pdf",
            Self::Mp4 => "mp4",
            Self::Webm => "webm",
        }
    }

    pub fn kind(self) -> MediaKind {
        match self {
            Self::Jpeg | Self::Png | Self::Webp | Self::Gif | Self::Avif => MediaKind::Image,
            Self::Pdf => MediaKind::Document,
            Self::Mp4 | Self::Webm => MediaKind::Video,
        }
    }

    /// The format a stored media type names.
    pub fn from_mime(mime: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|format| format.mime() == mime)
    }

    /// The format a stored key's extension names.
    pub fn from_extension(extension: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|format| format.extension() == extension)
    }

    /// Detects the format from the file's first bytes.
    ///
    /// # Errors
    /// [`FileRefusal::Svg`] for SVG, [`FileRefusal::Unsupported`] for anything else not accepted.
    pub fn detect(bytes: &[u8]) -> Result<Self, FileRefusal> {
        // Before the detector, which reads an SVG with an XML prologue as plain XML.
        if looks_like_svg(bytes) {
            return Err(FileRefusal::Svg);
        }
        if let Some(found) = infer::get(bytes) {
            return Self::from_mime(found.mime_type())
                .ok_or_else(|| FileRefusal::Unsupported { detected: Some(found.mime_type().to_owned()) });
        }
        Err(FileRefusal::Unsupported { detected: None })
    }
}

/// Whether the text at the start of `bytes` is an SVG document (with or without an XML prologue).
fn looks_like_svg(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(4096)];
    let text = String::from_utf8_lossy(head).to_lowercase();
    let text = text.trim_start_matches('\u{feff}').trim_start();
    (text.starts_with('<') && text.contains("<svg")) || text.starts_with("<svg")
}

/// Why an uploaded file is refused. The messages name the file's problem for the person who chose it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileRefusal {
    Empty,
    TooLarge {
        limit: u64,
    },
    Svg,
    /// The bytes are of a format the library does not take (`detected` names it when known).
    Unsupported {
        detected: Option<String>,
    },
}

impl FileRefusal {
    pub fn message(&self) -> String {
        const ACCEPTED: &str = "JPEG, PNG, WebP, GIF or AVIF images, PDF documents, MP4 or WebM videos";
        match self {
            Self::Empty => "The file is empty".to_owned(),
            Self::TooLarge { limit } => format!("The file is larger than the {} limit", human_size(*limit)),
            Self::Svg => {
                "SVG files are not accepted because they can carry scripts: upload a PNG or WebP instead".to_owned()
            }
            Self::Unsupported { detected: Some(mime) } => {
                format!("This file's content is {mime}, which is not accepted: upload {ACCEPTED}")
            }
            Self::Unsupported { detected: None } => {
                format!("This file's type could not be recognised from its content: upload {ACCEPTED}")
            }
        }
    }
}

impl std::fmt::Display for FileRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

/// Refuses a file of `size` bytes over `limit`, and an empty one.
///
/// # Errors
/// [`FileRefusal::Empty`] or [`FileRefusal::TooLarge`].
pub fn check_size(size: u64, limit: u64) -> Result<(), FileRefusal> {
    match size {
        0 => Err(FileRefusal::Empty),
        size if size > limit => Err(FileRefusal::TooLarge { limit }),
        _ => Ok(()),
    }
}

/// A size for people: "10 MiB", "512 KiB", "12 bytes".
pub fn human_size(bytes: u64) -> String {
    const KIB: u64 = 1024;
    const MIB: u64 = 1024 * KIB;
    let tenths = |unit: u64| {
        let tenths = (bytes * 10 + unit / 2) / unit;
        if tenths.is_multiple_of(10) { format!("{}", tenths / 10) } else { format!("{}.{}", tenths / 10, tenths % 10) }
    };
    if bytes >= MIB {
        format!("{} MiB", tenths(MIB))
    } else if bytes >= KIB {
        format!("{} KiB", tenths(KIB))
    } else {
        format!("{bytes} bytes")
    }
}

/// The content address of a file: the lowercase hex SHA-256 of its bytes.
pub fn content_hash(bytes: &[u8]) -> String {
    use sha2::Digest;
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    sha2::Sha256::digest(bytes).iter().fold(String::with_capacity(64), |mut hex, byte| {
        hex.push(char::from(DIGITS[usize::from(byte >> 4)]));
        hex.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
        hex
    })
}

/// The stored key of an original: `<hash>.<extension>`.
pub fn original_key(hash: &str, format: MediaFormat) -> String {
    format!("{hash}.{}", format.extension())
}

/// The stored key of an image's WebP copy `width` pixels wide: `<hash>-<width>w.webp`.
pub fn variant_key(hash: &str, width: u32) -> String {
    format!("{hash}-{width}w.webp")
}

/// The format of a key this library could have made (an original or a WebP copy), else `None`: keys
/// from a request are checked with this before any storage sees them.
pub fn key_format(key: &str) -> Option<MediaFormat> {
    let (stem, extension) = key.split_once('.')?;
    let format = MediaFormat::from_extension(extension)?;
    let (hash, width) = match stem.split_once('-') {
        Some((hash, width)) => (hash, Some(width)),
        None => (stem, None),
    };
    let hash_ok = hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    let width_ok = width.is_none_or(|width| {
        format == MediaFormat::Webp
            && width.strip_suffix('w').is_some_and(|digits| VARIANT_WIDTHS.iter().any(|w| w.to_string() == digits))
    });
    (hash_ok && width_ok).then_some(format)
}

/// The widths of the copies to make of an image `width` pixels wide: never wider than it.
pub fn variant_widths(width: u32) -> Vec<u32> {
    VARIANT_WIDTHS.into_iter().filter(|&w| w < width).collect()
}

/// A title from an uploaded file's name: its last path part without the extension, dashes and
/// underscores read as spaces, "Untitled" when nothing is left.
pub fn title_from_file_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let stem = match base.rsplit_once('.') {
        Some((stem, _)) if !stem.is_empty() => stem,
        _ => base,
    };
    let words: Vec<&str> = stem.split(|c: char| c == '-' || c == '_' || c.is_whitespace() || c.is_control()).collect();
    let title: String = words.into_iter().filter(|word| !word.is_empty()).collect::<Vec<_>>().join(" ");
    let title: String = title.chars().take(MAX_TITLE_LEN).collect();
    if title.trim().is_empty() { "Untitled".to_owned() } else { title.trim().to_owned() }
}

/// The file name kept for display: the last path part, control characters dropped, bounded.
pub fn clean_file_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or_default();
    base.chars().filter(|c| !c.is_control()).take(MAX_FILE_NAME_LEN).collect::<String>().trim().to_owned()
}

/// A WebP copy of an image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaVariant {
    pub key: String,
    pub width: u32,
    pub height: u32,
    pub size: u64,
}

impl MediaVariant {
    pub fn url(&self) -> String {
        format!("{URL_PREFIX}{}", self.key)
    }
}

/// A stored media item.
#[derive(Debug, Clone, PartialEq)]
pub struct MediaItem {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    pub id: EntityId,
    /// The stored original's key (see [`original_key`]); unique.
    pub key: String,
    pub format: MediaFormat,
    /// The name the file had when uploaded.
    pub file_name: String,
    pub title: String,
    pub alt: String,
    /// Lowercase, distinct.
    pub tags: Vec<String>,
    /// Bytes of the original.
    pub size: u64,
    /// Pixels, for images whose size could be read.
    pub width: Option<u32>,
    pub height: Option<u32>,
    /// Narrowest first.
    pub variants: Vec<MediaVariant>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl MediaItem {
    pub fn kind(&self) -> MediaKind {
        self.format.kind()
    }

    /// Where the original is served.
    pub fn url(&self) -> String {
        format!("{URL_PREFIX}{}", self.key)
    }

    /// The content hash its keys start with.
    pub fn hash(&self) -> &str {
        self.key.split_once('.').map_or(self.key.as_str(), |(hash, _)| hash)
    }

    /// Every stored key: the original and its copies.
    pub fn keys(&self) -> Vec<String> {
        std::iter::once(self.key.clone()).chain(self.variants.iter().map(|variant| variant.key.clone())).collect()
    }

    /// Applies the fields that were sent and stamps the update time.
    pub fn apply(&mut self, changes: MediaChanges, now: DateTime<Utc>) {
        let MediaChanges { title, alt, tags } = changes;
        set(&mut self.title, title);
        set(&mut self.alt, alt);
        set(&mut self.tags, tags);
        self.updated_at = now;
    }
}

/// The editable fields as a client sent them. `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MediaInput {
    pub title: Option<String>,
    pub alt: Option<String>,
    pub tags: Option<Vec<String>>,
}

/// Validated changes to a media item.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MediaChanges {
    title: Option<String>,
    alt: Option<String>,
    tags: Option<Vec<String>>,
}

impl MediaChanges {
    /// Checks every sent field. A title sent empty is refused: every item keeps a name.
    pub fn parse(input: MediaInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let title = input.title.and_then(|title| {
            errors.check("title", crate::validation::required_text(Some(&title), "Title", MAX_TITLE_LEN))
        });
        let alt = input.alt.and_then(|alt| errors.check("alt", optional_text(Some(&alt), "Alt text", MAX_ALT_LEN)));
        let tags = input.tags.and_then(|tags| errors.check("tags", parse_tags(&tags)));
        errors.finish(|| Self { title, alt, tags })
    }
}

/// Tags: at most [`MAX_TAGS`] of at most [`MAX_TAG_LEN`] characters as sent; then trimmed, inner
/// spaces collapsed, lowercased, blanks and repeats dropped.
pub fn parse_tags(tags: &[String]) -> Result<Vec<String>, String> {
    if tags.len() > MAX_TAGS {
        return Err(format!("At most {MAX_TAGS} tags are allowed"));
    }
    if tags.iter().any(|tag| tag.chars().count() > MAX_TAG_LEN) {
        return Err(format!("Each tag must be at most {MAX_TAG_LEN} characters"));
    }
    let mut parsed: Vec<String> = Vec::new();
    for tag in tags {
        let tag = tag.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
        if !tag.is_empty() && !parsed.contains(&tag) {
            parsed.push(tag);
        }
    }
    Ok(parsed)
}

/// Where a media item is still shown, which keeps it from being deleted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MediaUse {
    PostFeaturedImage {
        title: String,
    },
    /// An image or link in the post's markdown.
    PostText {
        title: String,
    },
    ProjectImage {
        title: String,
    },
    /// An image or link in the project's markdown description.
    ProjectText {
        title: String,
    },
    TeamAvatar {
        name: String,
    },
    /// An image or link in a content page's text (About, the policies).
    PageText {
        title: String,
    },
}

impl MediaUse {
    fn describe(&self) -> String {
        match self {
            Self::PostFeaturedImage { title } => format!("the featured image of the post \u{201c}{title}\u{201d}"),
            Self::ProjectImage { title } => format!("the image of the project \u{201c}{title}\u{201d}"),
            Self::TeamAvatar { name } => format!("the avatar of team member \u{201c}{name}\u{201d}"),
            Self::PostText { title } => format!("an image in the text of the post \u{201c}{title}\u{201d}"),
            Self::ProjectText { title } => format!("an image in the text of the project \u{201c}{title}\u{201d}"),
            Self::PageText { title } => format!("an image in the text of the page \u{201c}{title}\u{201d}"),
        }
    }
}

/// Why an item cannot be deleted: "This media item is used as the featured image of the post “A”
/// and the avatar of team member “B”." At most three uses are named, then how many more.
pub fn in_use_message(uses: &[MediaUse]) -> String {
    const NAMED: usize = 3;
    let mut parts: Vec<String> = uses.iter().take(NAMED).map(MediaUse::describe).collect();
    if uses.len() > NAMED {
        parts.push(format!("{} more", uses.len() - NAMED));
    }
    let list = match parts.len() {
        0 => "elsewhere".to_owned(),
        1 => parts.remove(0),
        _ => {
            let last = parts.pop().unwrap_or_default();
            format!("{} and {last}", parts.join(", "))
        }
    };
    format!("This media item is used as {list}. Choose another image there first.")
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
    const JPEG: &[u8] = b"\xff\xd8\xff\xe0\0\x10JFIF\0\x01\x01\0\0\x01\0\x01\0\0";
    const GIF: &[u8] = b"GIF89a\x01\0\x01\0\0\0\0;";
    const WEBP: &[u8] = b"RIFF\x1a\0\0\0WEBPVP8L\x0d\0\0\0\x2f\0\0\0\x10\x07\x10\x11\x11\x88\x88\xfe\x07\0";
    const AVIF: &[u8] = b"\0\0\0\x1cftypavif\0\0\0\0avifmif1miaf\0\0\0\0";
    const PDF: &[u8] = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n";
    const MP4: &[u8] = b"\0\0\0\x18ftypmp42\0\0\0\0mp42isom\0\0\0\x08free";
    const WEBM: &[u8] =
        b"\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\xf7\x81\x01\x42\xf2\x81\x04\x42\xf3\x81\x08\x42\x82\x84webm";
    const ELF: &[u8] = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x02\0\x3e\0\x01\0\0\0";

    /// A file of `head` padded to a realistic length (detectors look further than the magic bytes).
    fn file(head: &[u8]) -> Vec<u8> {
        let mut bytes = head.to_vec();
        bytes.resize(512, 0);
        bytes
    }

    #[test]
    fn formats_come_from_the_bytes() {
        for (bytes, format) in [
            (PNG, MediaFormat::Png),
            (JPEG, MediaFormat::Jpeg),
            (GIF, MediaFormat::Gif),
            (WEBP, MediaFormat::Webp),
            (AVIF, MediaFormat::Avif),
            (PDF, MediaFormat::Pdf),
            (MP4, MediaFormat::Mp4),
            (WEBM, MediaFormat::Webm),
        ] {
            assert_eq!(MediaFormat::detect(&file(bytes)), Ok(format), "{format:?}");
        }
        assert_eq!(MediaFormat::Pdf.kind(), MediaKind::Document);
        assert_eq!(MediaFormat::Webm.kind(), MediaKind::Video);
        assert_eq!(MediaFormat::Avif.kind(), MediaKind::Image);
    }

    #[test]
    fn programs_and_unknown_bytes_are_refused_whatever_their_name() {
        let Err(FileRefusal::Unsupported { detected: Some(mime) }) = MediaFormat::detect(&file(ELF)) else { panic!() };
        assert!(mime.contains("executable") || mime.contains("elf"), "{mime}");
        assert!(FileRefusal::Unsupported { detected: Some(mime) }.message().contains("not accepted"));
        assert_eq!(MediaFormat::detect(b"just some text"), Err(FileRefusal::Unsupported { detected: None }));
        let zip = b"PK\x03\x04\x14\0\0\0\x08\0";
        assert!(matches!(MediaFormat::detect(zip), Err(FileRefusal::Unsupported { detected: Some(_) })));
    }

    #[test]
    fn svg_is_refused_with_its_own_reason() {
        for svg in [
            &b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>"[..],
            b"\xef\xbb\xbf  <?xml version=\"1.0\"?>\n<!DOCTYPE svg>\n<SVG viewBox=\"0 0 1 1\"/>",
            b"<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>",
        ] {
            assert_eq!(MediaFormat::detect(svg), Err(FileRefusal::Svg));
        }
        assert!(FileRefusal::Svg.message().contains("SVG"));
    }

    #[test]
    fn sizes_are_bounded_and_an_empty_file_is_refused() {
        assert_eq!(check_size(0, DEFAULT_MAX_BYTES), Err(FileRefusal::Empty));
        assert_eq!(check_size(DEFAULT_MAX_BYTES, DEFAULT_MAX_BYTES), Ok(()));
        let over = check_size(DEFAULT_MAX_BYTES + 1, DEFAULT_MAX_BYTES).unwrap_err();
        assert_eq!(over.message(), "The file is larger than the 10 MiB limit");
        assert_eq!(human_size(1536), "1.5 KiB");
        assert_eq!(human_size(12), "12 bytes");
    }

    #[test]
    fn keys_are_content_addressed_and_checked_before_use() {
        let hash = content_hash(b"abc");
        assert_eq!(hash, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        let original = original_key(&hash, MediaFormat::Png);
        assert_eq!(key_format(&original), Some(MediaFormat::Png));
        assert_eq!(key_format(&variant_key(&hash, 960)), Some(MediaFormat::Webp));
        for bad in [
            "../etc/passwd",
            "abc.png",
            &format!("{hash}.exe"),
            &format!("{hash}-961w.webp"),
            &format!("{hash}-480w.png"),
            &format!("{}.png", hash.to_uppercase()),
            &format!("{hash}/x.png"),
        ] {
            assert_eq!(key_format(bad), None, "{bad}");
        }
    }

    #[test]
    fn copies_are_never_wider_than_the_original() {
        assert_eq!(variant_widths(4000), [480, 960, 1600]);
        assert_eq!(variant_widths(1000), [480, 960]);
        assert_eq!(variant_widths(480), Vec::<u32>::new());
    }

    #[test]
    fn titles_default_from_the_file_name() {
        assert_eq!(title_from_file_name("C:\\photos\\team_offsite-2024.JPG"), "team offsite 2024");
        assert_eq!(title_from_file_name("report.final.pdf"), "report.final");
        assert_eq!(title_from_file_name(".png"), ".png");
        assert_eq!(title_from_file_name("   "), "Untitled");
        assert_eq!(title_from_file_name(&"a".repeat(300)).chars().count(), MAX_TITLE_LEN);
        assert_eq!(clean_file_name("../x/evil\u{0}name.png"), "evilname.png");
    }

    #[test]
    fn tags_are_normalised_and_bounded() {
        let tags = ["  Hero  Image ", "hero image", "", "Team"].map(String::from);
        assert_eq!(parse_tags(&tags), Ok(vec!["hero image".to_owned(), "team".to_owned()]));
        let many: Vec<String> = (0..=MAX_TAGS).map(|n| format!("t{n}")).collect();
        assert_eq!(parse_tags(&many), Err("At most 20 tags are allowed".to_owned()));
        assert!(parse_tags(&["x".repeat(51)]).is_err());
        assert!(parse_tags(&["é".repeat(50)]).is_ok());
    }

    #[test]
    fn edits_check_every_field_and_keep_unsent_ones() {
        let bad = MediaInput { title: Some("  ".into()), alt: Some("a".repeat(501)), tags: Some(vec!["x".repeat(60)]) };
        let errors = MediaChanges::parse(bad).unwrap_err();
        for field in ["title", "alt", "tags"] {
            assert!(errors.get(field).is_some(), "{field}");
        }
        let now = Utc::now();
        let mut item = MediaItem {
            meta: RecordMeta::default(),
            id: EntityId::generate(now),
            key: original_key(&content_hash(b"x"), MediaFormat::Png),
            format: MediaFormat::Png,
            file_name: "x.png".into(),
            title: "x".into(),
            alt: String::new(),
            tags: vec!["old".into()],
            size: 1,
            width: Some(1),
            height: Some(1),
            variants: Vec::new(),
            created_at: now,
            updated_at: now,
        };
        let changes = MediaChanges::parse(MediaInput { alt: Some(" A dog ".into()), ..MediaInput::default() });
        item.apply(changes.unwrap(), now);
        assert_eq!(
            (item.title.as_str(), item.alt.as_str(), item.tags.as_slice()),
            ("x", "A dog", &["old".to_owned()][..])
        );
        assert_eq!(item.url(), format!("/media/{}.png", content_hash(b"x")));
        assert_eq!(item.hash(), content_hash(b"x"));
    }

    #[test]
    fn the_in_use_message_names_where() {
        let one = in_use_message(&[MediaUse::TeamAvatar { name: "Ada".into() }]);
        assert_eq!(
            one,
            "This media item is used as the avatar of team member \u{201c}Ada\u{201d}. Choose another image there first."
        );
        let many = in_use_message(&[
            MediaUse::PostFeaturedImage { title: "A".into() },
            MediaUse::ProjectImage { title: "B".into() },
            MediaUse::TeamAvatar { name: "C".into() },
            MediaUse::TeamAvatar { name: "D".into() },
        ]);
        assert!(
            many.contains("post \u{201c}A\u{201d}, the image of the project \u{201c}B\u{201d}, the avatar"),
            "{many}"
        );
        assert!(many.contains(" and 1 more."), "{many}");
        let text = in_use_message(&[MediaUse::PageText { title: "Privacy Policy".into() }]);
        assert_eq!(
            text,
            "This media item is used as an image in the text of the page \u{201c}Privacy Policy\u{201d}. Choose another image there first."
        );
    }
}
