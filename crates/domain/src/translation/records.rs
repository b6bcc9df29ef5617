//! How each kind of record other than posts is translated ([`Translatable`]): its key, its
//! default-language texts by the kind's field names, its default slug (projects, categories and
//! tags have one) and the overlay of a translation on it. Written once by [`translatable!`] from
//! each kind's list of fields, so the names here are the ones [`TranslationKind::fields`] lists.

use std::collections::BTreeMap;

use super::{Translatable, Translation, TranslationKind};
use crate::content::ContentPage;
use crate::slug::Slug;
use crate::{category, faq, portfolio, service, settings, tag, team, testimonial};

/// Implements [`Translatable`] for a record whose translatable texts are `String` fields, each
/// named as the kind's field; `key` gives the record's key, `slug` its default slug (or none).
macro_rules! translatable {
    ($record:ty, $kind:ident, key: |$key_self:ident| $key:expr, slug: $slug:ident, { $($name:literal => $field:ident),+ $(,)? }) => {
        impl Translatable for $record {
            const KIND: TranslationKind = TranslationKind::$kind;

            fn translation_key(&self) -> String {
                let $key_self = self;
                $key
            }

            fn source_texts(&self) -> BTreeMap<String, String> {
                [$(($name, &self.$field)),+]
                    .into_iter()
                    .map(|(name, value)| (name.to_owned(), value.clone()))
                    .collect()
            }

            fn default_slug(&self) -> Option<&Slug> {
                translatable!(@slug self, $slug)
            }

            fn overlay(&mut self, translation: &Translation) {
                $(
                    if let Some(value) = translation.fields.get($name) {
                        value.clone_into(&mut self.$field);
                    }
                )+
                translatable!(@overlay_slug self, translation, $slug);
            }
        }
    };
    (@slug $self:ident, none) => { None };
    (@slug $self:ident, slug) => { Some(&$self.slug) };
    (@overlay_slug $self:ident, $translation:ident, none) => { let _ = $translation; };
    (@overlay_slug $self:ident, $translation:ident, slug) => {
        if let Some(slug) = &$translation.slug {
            $self.slug = slug.clone();
        }
    };
}

translatable!(portfolio::Project, Project, key: |record| record.id.to_string(), slug: slug, {
    "title" => title,
    "shortDescription" => short_description,
    "description" => description,
    "category" => category,
});
translatable!(service::Service, Service, key: |record| record.id.to_string(), slug: none, {
    "title" => title,
    "shortDescription" => short_description,
    "description" => description,
    "priceDisplay" => price_display,
});
translatable!(faq::Faq, Faq, key: |record| record.id.to_string(), slug: none, {
    "question" => question,
    "answer" => answer,
});
translatable!(testimonial::Testimonial, Testimonial, key: |record| record.id.to_string(), slug: none, {
    "content" => content,
});
translatable!(team::TeamMember, TeamMember, key: |record| record.id.to_string(), slug: none, {
    "position" => position,
    "bio" => bio,
    "department" => department,
});
translatable!(category::Category, Category, key: |record| record.id.to_string(), slug: slug, {
    "name" => name,
    "displayName" => display_name,
    "description" => description,
});
translatable!(tag::Tag, Tag, key: |record| record.id.to_string(), slug: slug, {
    "name" => name,
    "description" => description,
});
translatable!(ContentPage, Page, key: |record| record.page_type.as_str().to_owned(), slug: none, {
    "title" => title,
    "subtitle" => subtitle,
    "description" => description,
    "content" => content,
});
translatable!(settings::Settings, Site, key: |_record| "settings".to_owned(), slug: none, {
    "siteName" => site_name,
    "siteDescription" => site_description,
});

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::id::EntityId;
    use crate::language::LanguageTag;
    use crate::translation::{TranslationChanges, TranslationInput, source_hash};

    fn names_match<R: Translatable>(record: &R) {
        let texts = record.source_texts();
        let names: Vec<&str> = texts.keys().map(String::as_str).collect();
        let mut expected: Vec<&str> = R::KIND.fields().iter().map(|field| field.name).collect();
        expected.sort_unstable();
        assert_eq!(names, expected, "{}", R::KIND);
    }

    fn german<R: Translatable>(record: &R, fields: &[(&str, &str)], slug: Option<&str>) -> Translation {
        let now = Utc.with_ymd_and_hms(2027, 1, 25, 9, 0, 0).unwrap();
        let input = TranslationInput {
            fields: Some(fields.iter().map(|(name, text)| ((*name).to_owned(), (*text).to_owned())).collect()),
            slug: slug.map(str::to_owned),
            ..TranslationInput::default()
        };
        let changes = TranslationChanges::parse(R::KIND, input).unwrap();
        let hash = source_hash(R::KIND, &record.source_texts());
        Translation::create(R::KIND, record.translation_key(), LanguageTag::parse("de").unwrap(), changes, hash, now)
    }

    #[test]
    fn a_tag_is_overlaid_field_by_field_with_its_translated_slug() {
        let now = Utc.with_ymd_and_hms(2027, 1, 25, 9, 0, 0).unwrap();
        let input = tag::TagInput {
            name: Some("Rust".into()),
            description: Some("Systems".into()),
            ..tag::TagInput::default()
        };
        let mut record = tag::Tag::create(
            EntityId::generate(now),
            Slug::parse("rust").unwrap(),
            tag::TagChanges::parse(input, true).unwrap(),
            now,
        );
        names_match(&record);
        assert_eq!(record.default_slug().map(Slug::as_str), Some("rust"));
        let translation = german(&record, &[("description", "Systemnah")], Some("rust-de"));
        record.overlay(&translation);
        assert_eq!((record.name.as_str(), record.description.as_str()), ("Rust", "Systemnah"));
        assert_eq!(record.slug.as_str(), "rust-de");
    }

    #[test]
    fn the_site_settings_are_named_settings_and_have_no_slug() {
        let now = Utc.with_ymd_and_hms(2027, 1, 25, 9, 0, 0).unwrap();
        let mut record = settings::Settings::initial(now);
        names_match(&record);
        assert_eq!(record.translation_key(), "settings");
        assert!(record.default_slug().is_none());
        let description = record.site_description.clone();
        record.overlay(&german(&record, &[("siteName", "Atelier DE")], None));
        assert_eq!(record.site_name, "Atelier DE");
        assert_eq!(record.site_description, description, "a field left out stays the default's");
    }
}
