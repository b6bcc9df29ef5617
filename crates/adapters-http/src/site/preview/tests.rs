//! Filling a preview's placeholders and cover.

use atelier_domain::media::MediaVariant;

use super::*;

const TEMPLATE: &str = "<article><p class=\"empty:hidden\">{{categoryName}}</p><h1>{{title}}</h1>\
    <img data-cover=\"/images/demo/blog-1.svg\" alt=\"{{title}}\" class=\"w-full\"/></article>";

fn photo(widths: &[u32]) -> LibraryImage {
    let hash = "c".repeat(64);
    LibraryImage {
        path: format!("/media/{hash}.jpg"),
        width: 2000,
        height: 1000,
        variants: widths
            .iter()
            .map(|&width| MediaVariant { key: format!("{hash}-{width}w.webp"), width, height: width / 2, size: 1 })
            .collect(),
        alt: String::new(),
    }
}

#[test]
fn the_fields_and_a_library_cover_go_where_the_build_says() {
    let image = photo(&[480, 960]);
    let cover = Cover { address: &image.path, image: Some(&image), sizes: Some("100vw"), lazy: false };
    let html = fill(TEMPLATE, &[("title", "Designing APIs"), ("categoryName", "Engineering")], Some(&cover));
    let hash = "c".repeat(64);
    assert_eq!(
        html,
        format!(
            "<article><p class=\"empty:hidden\">Engineering</p><h1>Designing APIs</h1>\
             <img src=\"/media/{hash}.jpg\" srcset=\"/media/{hash}-480w.webp 480w, /media/{hash}-960w.webp 960w\" \
             sizes=\"100vw\" width=\"2000\" height=\"1000\" alt=\"Designing APIs\" class=\"w-full\"/></article>"
        )
    );
}

#[test]
fn another_picture_is_shown_as_written_and_none_shows_the_fallback() {
    let cover = Cover { address: "https://cdn.example/a.png", image: None, sizes: Some("100vw"), lazy: false };
    let html = fill(TEMPLATE, &[("title", "T"), ("categoryName", "")], Some(&cover));
    assert!(html.contains("<p class=\"empty:hidden\"></p>"), "{html}");
    assert!(html.contains("<img src=\"https://cdn.example/a.png\" alt=\"T\" class=\"w-full\"/>"), "{html}");

    let html = fill(TEMPLATE, &[("title", "T"), ("categoryName", "")], None);
    assert!(html.contains("<img src=\"/images/demo/blog-1.svg\" alt=\"T\""), "{html}");
}

#[test]
fn a_library_image_without_copies_or_sizes_keeps_its_size_and_offers_no_copies() {
    let gif = photo(&[]);
    let with_copies = photo(&[480]);
    for cover in [
        Cover { address: &gif.path, image: Some(&gif), sizes: Some("100vw"), lazy: false },
        Cover { address: &with_copies.path, image: Some(&with_copies), sizes: None, lazy: false },
    ] {
        let html = fill(TEMPLATE, &[], Some(&cover));
        assert!(
            html.contains(&format!("<img src=\"{}\" width=\"2000\" height=\"1000\" alt=", cover.address)),
            "{html}"
        );
        assert!(!html.contains("srcset"), "{html}");
    }
}

#[test]
fn what_a_record_says_is_escaped_and_never_read_as_a_placeholder() {
    let hostile = "</h1><script>alert(\"x\")</script> & 'it' {{categoryName}}";
    let cover = Cover { address: "/a.png?{{title}}\"><script>", image: None, sizes: None, lazy: true };
    let html = fill(TEMPLATE, &[("title", hostile), ("categoryName", "{{title}}")], Some(&cover));
    assert_eq!(
        html,
        "<article><p class=\"empty:hidden\">{{title}}</p>\
         <h1>&lt;/h1&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;it&#x27; {{categoryName}}</h1>\
         <img src=\"/a.png?{{title}}&quot;&gt;&lt;script&gt;\" loading=\"lazy\" decoding=\"async\" \
         alt=\"&lt;/h1&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;it&#x27; {{categoryName}}\" \
         class=\"w-full\"/></article>"
    );
}

#[test]
fn unknown_or_unclosed_placeholders_stay_as_they_are() {
    assert_eq!(fill("<p>{{other}} {{title}} {{", &[("title", "T")], None), "<p>{{other}} T {{");
    assert_eq!(fill("{{title", &[("title", "T")], None), "{{title");
}

#[test]
fn a_library_images_alt_text_describes_the_cover_in_place_of_the_builds() {
    let image = LibraryImage { alt: "A \"quiet\" <desk>".to_owned(), ..photo(&[480]) };
    let cover = Cover { address: &image.path, image: Some(&image), sizes: Some("100vw"), lazy: false };
    let html = fill(TEMPLATE, &[("title", "Designing APIs")], Some(&cover));
    assert!(html.contains("height=\"1000\" alt=\"A &quot;quiet&quot; &lt;desk&gt;\" class=\"w-full\"/>"), "{html}");
    assert!(!html.contains("alt=\"Designing APIs\""), "{html}");
    // Without alt text in the library, the build's stays.
    let plain = photo(&[480]);
    let cover = Cover { address: &plain.path, image: Some(&plain), sizes: Some("100vw"), lazy: false };
    assert!(fill(TEMPLATE, &[("title", "T")], Some(&cover)).contains("alt=\"T\" class=\"w-full\"/>"));
}
