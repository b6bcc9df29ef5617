//! Reading images and making their WebP copies, with the `image` crate, off the request threads.

use std::io::Cursor;
use std::sync::Arc;

use atelier_application::media::ports::{EncodedVariant, ImageProcessor, ProcessError, ProcessedImage};
use atelier_domain::media::{MediaFormat, variant_widths};
use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits};
use tokio::sync::Semaphore;

/// The widest or tallest image decoded, in pixels.
pub const MAX_SIDE: u32 = 16_384;
/// The most pixels an image may have to be decoded: 40 megapixels (a 7,744 × 5,160 photo, more than
/// any camera a studio uses), read from the file's header before anything is decoded.
pub const MAX_PIXELS: u64 = 40_000_000;
/// The most memory one decode may take: a 40-megapixel image with 16 bits per channel and alpha
/// would need more, and is refused as too large.
pub const MAX_DECODE_BYTES: u64 = 256 * 1024 * 1024;

/// Decodes an upload (turned upright by its EXIF orientation), reads its size and encodes a WebP copy
/// at each width the library's rules allow, narrowest first. Images are processed one at a time
/// (the others wait), and one over [`MAX_PIXELS`] is refused from its header, so memory stays
/// bounded by one 40-megapixel image however many uploads arrive together (docs/performance.md).
#[derive(Debug, Clone)]
pub struct ImageCopies {
    permits: Arc<Semaphore>,
}

impl Default for ImageCopies {
    fn default() -> Self {
        Self::new(1)
    }
}

impl ImageCopies {
    /// A processor that works on at most `parallel` images at once.
    pub fn new(parallel: usize) -> Self {
        Self { permits: Arc::new(Semaphore::new(parallel.max(1))) }
    }
}

impl ImageProcessor for ImageCopies {
    async fn process(
        &self,
        bytes: Arc<[u8]>,
        format: MediaFormat,
        widths: Vec<u32>,
    ) -> Result<ProcessedImage, ProcessError> {
        let Some(decodable) = decodable(format) else {
            // AVIF: stored and served as uploaded (it is already small); no decoder is built in.
            return Ok(ProcessedImage::default());
        };
        let _permit = self.permits.acquire().await.map_err(|error| ProcessError::Unexpected(error.into()))?;
        tokio::task::spawn_blocking(move || copies(&bytes, decodable, &widths))
            .await
            .map_err(|error| ProcessError::Unexpected(anyhow::Error::new(error).context("image processing panicked")))?
    }
}

fn decodable(format: MediaFormat) -> Option<ImageFormat> {
    match format {
        MediaFormat::Jpeg => Some(ImageFormat::Jpeg),
        MediaFormat::Png => Some(ImageFormat::Png),
        MediaFormat::Webp => Some(ImageFormat::WebP),
        MediaFormat::Gif => Some(ImageFormat::Gif),
        _ => None,
    }
}

/// The refusal of an image with too many pixels, naming its size.
fn too_large(width: u32, height: u32) -> ProcessError {
    let megapixels = (u64::from(width) * u64::from(height)).div_ceil(1_000_000);
    ProcessError::Unreadable(format!(
        "The image is too large to process: at most {} megapixels, and this one is {width} × {height} ({megapixels} megapixels)",
        MAX_PIXELS / 1_000_000
    ))
}

fn unreadable(error: &ImageError) -> ProcessError {
    match error {
        ImageError::Limits(_) => ProcessError::Unreadable(format!(
            "The image is too large to process: at most {} megapixels, {MAX_SIDE} pixels a side and {} MiB decoded",
            MAX_PIXELS / 1_000_000,
            MAX_DECODE_BYTES / 1024 / 1024
        )),
        _ => ProcessError::Unreadable("The image could not be read: the file may be damaged".to_owned()),
    }
}

fn copies(bytes: &[u8], format: ImageFormat, widths: &[u32]) -> Result<ProcessedImage, ProcessError> {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(|error| unreadable(&error))?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(too_large(width, height));
    }
    let orientation = decoder.orientation().map_err(|error| unreadable(&error))?;
    let mut image = DynamicImage::from_decoder(decoder).map_err(|error| unreadable(&error))?;
    image.apply_orientation(orientation);
    let (width, height) = (image.width(), image.height());

    // Widest first, each copy resized from the previous one: far less work than from the original
    // each time, and no visible difference at these ratios.
    let mut wanted: Vec<u32> = variant_widths(width).into_iter().filter(|w| widths.contains(w)).collect();
    wanted.sort_unstable_by(|a, b| b.cmp(a));
    let mut source = image;
    if let Some(widest) = wanted.first().copied() {
        // A large original first shrinks to twice the widest copy by a box filter (no
        // floating-point buffer the size of the original): it bounds the peak memory of a large
        // photo at its decoded size plus a little, and the filtered resize below sees no difference.
        let halfway = widest.saturating_mul(2);
        if width > halfway {
            source = source.thumbnail_exact(halfway, scaled_height(width, height, halfway));
        }
    }
    let mut variants = Vec::with_capacity(wanted.len());
    for target in wanted {
        let target_height = scaled_height(width, height, target);
        source = source.resize_exact(target, target_height, FilterType::CatmullRom);
        variants.push(EncodedVariant { width: target, height: target_height, bytes: webp(&source)? });
    }
    variants.reverse();
    Ok(ProcessedImage { width: Some(width), height: Some(height), variants })
}

/// The height keeping the aspect ratio at `target` pixels wide; at least 1.
fn scaled_height(width: u32, height: u32, target: u32) -> u32 {
    let scaled = (u64::from(height) * u64::from(target) + u64::from(width) / 2) / u64::from(width);
    u32::try_from(scaled).unwrap_or(u32::MAX).max(1)
}

/// The quality of the lossy WebP copies (libwebp's scale, 0 to 100): photos at about a tenth of
/// the lossless size with no visible loss at their display size.
pub const WEBP_QUALITY: f32 = 80.0;

/// Lossy WebP by libwebp, keeping transparency.
fn webp(image: &DynamicImage) -> Result<Vec<u8>, ProcessError> {
    let (width, height) = (image.width(), image.height());
    let encoded = if image.color().has_alpha() {
        webp::Encoder::from_rgba(image.to_rgba8().as_raw(), width, height).encode_simple(false, WEBP_QUALITY)
    } else {
        webp::Encoder::from_rgb(image.to_rgb8().as_raw(), width, height).encode_simple(false, WEBP_QUALITY)
    };
    encoded
        .map(|memory| memory.to_vec())
        .map_err(|error| ProcessError::Unexpected(anyhow::anyhow!("failed to encode a WebP copy: {error:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageBuffer, Rgb, Rgba};

    fn encoded(image: &DynamicImage, format: ImageFormat) -> Arc<[u8]> {
        let mut bytes = Vec::new();
        image.write_to(&mut Cursor::new(&mut bytes), format).unwrap();
        bytes.into()
    }

    fn gradient(width: u32, height: u32) -> DynamicImage {
        let pixels = ImageBuffer::from_fn(width, height, |x, y| Rgb([x.to_le_bytes()[0], y.to_le_bytes()[0], 128]));
        DynamicImage::ImageRgb8(pixels)
    }

    #[tokio::test]
    async fn a_wide_photo_gets_three_upright_webp_copies() {
        let photo = encoded(&gradient(2000, 1000), ImageFormat::Png);
        let processed = ImageCopies::default().process(photo, MediaFormat::Png, vec![480, 960, 1600]).await.unwrap();
        assert_eq!((processed.width, processed.height), (Some(2000), Some(1000)));
        let sizes: Vec<_> = processed.variants.iter().map(|v| (v.width, v.height)).collect();
        assert_eq!(sizes, [(480, 240), (960, 480), (1600, 800)]);
        for variant in &processed.variants {
            let copy = image::load_from_memory_with_format(&variant.bytes, ImageFormat::WebP).unwrap();
            assert_eq!((copy.width(), copy.height()), (variant.width, variant.height));
        }
    }

    #[tokio::test]
    async fn small_images_are_not_upscaled_and_transparency_is_kept() {
        let icon = DynamicImage::ImageRgba8(ImageBuffer::from_pixel(600, 300, Rgba([10, 20, 30, 0])));
        let processed = ImageCopies::new(1)
            .process(encoded(&icon, ImageFormat::Png), MediaFormat::Png, vec![480, 960, 1600])
            .await
            .unwrap();
        assert_eq!(processed.variants.len(), 1);
        let copy = image::load_from_memory(&processed.variants[0].bytes).unwrap();
        assert!(copy.color().has_alpha());
        assert_eq!(copy.to_rgba8().get_pixel(0, 0)[3], 0);
    }

    #[tokio::test]
    async fn jpeg_gif_and_webp_decode_and_avif_is_kept_as_is() {
        let images = ImageCopies::default();
        for (format, media) in [
            (ImageFormat::Jpeg, MediaFormat::Jpeg),
            (ImageFormat::Gif, MediaFormat::Gif),
            (ImageFormat::WebP, MediaFormat::Webp),
        ] {
            let bytes = encoded(&gradient(1000, 10), format);
            let processed = images.process(bytes, media, vec![480, 960, 1600]).await.unwrap();
            assert_eq!((processed.width, processed.variants.len()), (Some(1000), 2), "{format:?}");
        }
        let avif = images.process(Arc::from(&b"\0\0\0\x1cftypavif"[..]), MediaFormat::Avif, vec![480]).await.unwrap();
        assert_eq!(avif, ProcessedImage::default());
    }

    #[tokio::test]
    async fn damaged_and_oversized_images_are_unreadable() {
        let images = ImageCopies::default();
        let mut damaged = encoded(&gradient(800, 800), ImageFormat::Png).to_vec();
        damaged.truncate(damaged.len() / 2);
        let error = images.process(damaged.into(), MediaFormat::Png, vec![480]).await.unwrap_err();
        assert!(matches!(error, ProcessError::Unreadable(ref reason) if reason.contains("damaged")), "{error:?}");

        // A 20000 × 1 PNG is tiny on disk but wider than any image the library decodes.
        let wide = encoded(&gradient(MAX_SIDE + 1, 1), ImageFormat::Png);
        let error = images.process(wide, MediaFormat::Png, vec![480]).await.unwrap_err();
        assert!(matches!(error, ProcessError::Unreadable(ref reason) if reason.contains("too large")), "{error:?}");

        // One pixel over 40 megapixels is refused from its header, saying why.
        let many = encoded(&DynamicImage::new_luma8(8000, 5001), ImageFormat::Png);
        let error = images.process(many, MediaFormat::Png, vec![480]).await.unwrap_err();
        let expected = "at most 40 megapixels, and this one is 8000 × 5001 (41 megapixels)";
        assert!(matches!(error, ProcessError::Unreadable(ref reason) if reason.contains(expected)), "{error:?}");
    }

    #[test]
    fn heights_keep_the_aspect_ratio() {
        assert_eq!(scaled_height(4000, 3000, 480), 360);
        assert_eq!(scaled_height(3000, 1, 480), 1);
        assert_eq!(scaled_height(1000, 333, 480), 160);
    }
}
