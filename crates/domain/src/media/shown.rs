//! Library images as pages show them: finding the library's files a record names (its featured
//! image, the images in its markdown) and what a page needs to show each one well — its size, so
//! nothing shifts while it loads, and its WebP copies for `srcset`.

use super::{MediaFormat, MediaItem, MediaKind, MediaVariant, URL_PREFIX, key_format};

/// A library image a record shows: the path it names (`/media/<key>`, as written or inside an
/// absolute URL), the original's size in pixels, the WebP copies to offer in `srcset` and the
/// library's alt text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LibraryImage {
    pub path: String,
    pub width: u32,
    pub height: u32,
    /// Narrowest first; empty for a GIF (its copies are still frames, and it keeps its animation)
    /// and for images too narrow to have copies.
    pub variants: Vec<MediaVariant>,
    /// The alt text given in the library, trimmed; empty for none. Pages describe the image with it
    /// wherever it appears, unless the record gives its own.
    pub alt: String,
}

impl LibraryImage {
    /// How `item` is shown where a record names `path`; `None` unless it is an image whose size is
    /// known.
    pub fn of(item: &MediaItem, path: &str) -> Option<Self> {
        if item.kind() != MediaKind::Image {
            return None;
        }
        let variants = if item.format == MediaFormat::Gif { Vec::new() } else { item.variants.clone() };
        Some(Self {
            path: path.to_owned(),
            width: item.width?,
            height: item.height?,
            variants,
            alt: item.alt.trim().to_owned(),
        })
    }
}

/// A library path a text names: `/media/<key>` and the content hash its key starts with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedImage {
    pub path: String,
    pub hash: String,
}

/// The library images `text` names (`/media/<key>` of an image's original or WebP copy, alone or in
/// a URL, in markdown or HTML), each once, in the order they first appear.
pub fn images_named_in(text: &str) -> Vec<NamedImage> {
    let mut found: Vec<NamedImage> = Vec::new();
    for (start, _) in text.match_indices(URL_PREFIX) {
        let rest = &text[start + URL_PREFIX.len()..];
        let Some(key) = key_at_start(rest) else { continue };
        if key_format(key).is_none_or(|format| format.kind() != MediaKind::Image) {
            continue;
        }
        let path = format!("{URL_PREFIX}{key}");
        if !found.iter().any(|named| named.path == path) {
            found.push(NamedImage { path, hash: key[..64].to_owned() });
        }
    }
    found
}

/// The longest prefix of `text` shaped like a key: 64 hex digits, an optional `-<width>w`, a dot
/// and an extension of letters.
fn key_at_start(text: &str) -> Option<&str> {
    let bytes = text.as_bytes();
    let hex = bytes.iter().take_while(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b)).count();
    if hex != 64 {
        return None;
    }
    let mut end = hex;
    if bytes.get(end) == Some(&b'-') {
        let digits = bytes[end + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || bytes.get(end + 1 + digits) != Some(&b'w') {
            return None;
        }
        end += 2 + digits;
    }
    if bytes.get(end) != Some(&b'.') {
        return None;
    }
    let letters = bytes[end + 1..].iter().take_while(|b| b.is_ascii_lowercase()).count();
    (letters > 0).then(|| &text[..end + 1 + letters])
}

/// The keys an image original whose content hash is `hash` may be stored under: one per image
/// format (`<hash>.jpg`, `<hash>.png`, …).
pub fn image_keys_for(hash: &str) -> Vec<String> {
    MediaFormat::ALL
        .into_iter()
        .filter(|format| format.kind() == MediaKind::Image)
        .map(|format| super::original_key(hash, format))
        .collect()
}

#[cfg(test)]
mod tests {
    use chrono::Utc;

    use super::*;
    use crate::EntityId;
    use crate::media::{original_key, variant_key};

    const HASH: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    const OTHER: &str = "60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752";

    fn photo(format: MediaFormat) -> MediaItem {
        let now = Utc::now();
        MediaItem {
            meta: crate::meta::RecordMeta::default(),
            id: EntityId::generate(now),
            key: original_key(HASH, format),
            format,
            file_name: "photo".into(),
            title: "Photo".into(),
            alt: String::new(),
            tags: Vec::new(),
            size: 1000,
            width: Some(2000),
            height: Some(1000),
            variants: [480, 960]
                .map(|width| MediaVariant { key: variant_key(HASH, width), width, height: width / 2, size: 100 })
                .to_vec(),
            created_at: now,
            updated_at: now,
        }
    }

    #[test]
    fn finds_each_library_image_of_a_text_once_in_order() {
        let text = format!(
            "![a](/media/{HASH}.jpg \"A\")\n<img src=\"https://studio.example/media/{OTHER}-960w.webp\">\n\
             ![again](/media/{HASH}.jpg). See /media/{OTHER}.png."
        );
        let named = images_named_in(&text);
        let paths: Vec<_> = named.iter().map(|image| image.path.as_str()).collect();
        assert_eq!(
            paths,
            [format!("/media/{HASH}.jpg"), format!("/media/{OTHER}-960w.webp"), format!("/media/{OTHER}.png")]
        );
        assert_eq!(named[1].hash, OTHER);
    }

    #[test]
    fn ignores_what_is_not_a_library_image() {
        let short = &HASH[..63];
        for text in [
            format!("/media/{HASH}.pdf"),
            format!("/media/{HASH}.mp4"),
            format!("/media/{short}.png"),
            format!("/media/{HASH}-123w.webp"),
            format!("/media/{HASH}-480w.png"),
            format!("/media/{HASH}.exe"),
            format!("/media/{HASH}"),
            format!("/images/{HASH}.png"),
            format!("/media/{}.png", HASH.to_uppercase()),
            "/media/".to_owned(),
        ] {
            assert_eq!(images_named_in(&text), [], "{text}");
        }
    }

    #[test]
    fn a_shown_image_carries_its_size_and_copies_but_a_gif_keeps_its_animation() {
        let shown = LibraryImage::of(&photo(MediaFormat::Jpeg), "/media/x").unwrap();
        assert_eq!((shown.width, shown.height, shown.variants.len()), (2000, 1000, 2));
        assert_eq!(shown.path, "/media/x");
        let gif = LibraryImage::of(&photo(MediaFormat::Gif), "/media/x").unwrap();
        assert_eq!(gif.variants, []);
        let mut unknown_size = photo(MediaFormat::Avif);
        unknown_size.width = None;
        assert_eq!(LibraryImage::of(&unknown_size, "/media/x"), None);
        assert_eq!(LibraryImage::of(&photo(MediaFormat::Pdf), "/media/x"), None);
    }

    #[test]
    fn an_image_hash_may_be_stored_under_each_image_extension() {
        let keys = image_keys_for(HASH);
        assert_eq!(keys.len(), 5);
        assert!(keys.contains(&format!("{HASH}.jpg")) && keys.contains(&format!("{HASH}.avif")));
        assert!(!keys.contains(&format!("{HASH}.pdf")));
    }
}
