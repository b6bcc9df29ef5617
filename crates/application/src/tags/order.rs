//! The order of tags read in one of the site's languages (docs/decisions.md, "Order of lists in a
//! language"): in a language other than the default, by their names there as the language sorts
//! them ([`Collation`]), then by id, so the order is total and the same on every read. The lists
//! are unpaged, so sorting after the read is exact. The default language keeps the store's order
//! byte for byte, and never touches the collation's data.

use std::cmp::Ordering;

use atelier_domain::collation::Collation;

use super::TagView;
use crate::translations::public::{InLanguage, ReadLanguage};

/// By name in `read`'s language (`/tags`, `/blog/tags`).
pub(super) fn by_name(tags: &mut [InLanguage<TagView>], read: &ReadLanguage) {
    sort(tags, read, |_, _| Ordering::Equal);
}

/// By use count descending, then by name in `read`'s language (`/tags/popular`).
pub(super) fn by_use_then_name(tags: &mut [InLanguage<TagView>], read: &ReadLanguage) {
    sort(tags, read, |a, b| b.count.cmp(&a.count));
}

fn sort(tags: &mut [InLanguage<TagView>], read: &ReadLanguage, first: impl Fn(&TagView, &TagView) -> Ordering) {
    if read.is_default() {
        return;
    }
    let collation = Collation::of(&read.lang);
    tags.sort_by(|a, b| {
        let (a, b) = (&a.record, &b.record);
        first(a, b).then_with(|| collation.compare(&a.tag.name, &b.tag.name)).then_with(|| a.tag.id.cmp(&b.tag.id))
    });
}
