//! How names sort in an alphabetical list in one of the site's languages (docs/decisions.md, "Order
//! of lists in a language"): the Unicode Collation Algorithm with CLDR's rules for the language,
//! through ICU4X's collator and the data compiled into the binary for every CLDR locale. German puts
//! `Äpfel` beside `Apfel` and `Straße` beside `Strasse`; Swedish puts `å`, `ä`, `ö` after `z`;
//! Spanish `ñ` after `n`; a language CLDR has no rules for sorts by the root collation.
//!
//! The data is read only when a list is sorted in a language (the default language keeps the
//! database's order), so a site in one language never touches it (docs/languages.md, "Collation,
//! measured and taken").

use std::cmp::Ordering;

use icu_collator::options::{CollatorOptions, Strength};
use icu_collator::{Collator, CollatorBorrowed, CollatorPreferences};
use icu_locale_core::LanguageIdentifier;

use crate::language::LanguageTag;

/// The alphabetical order of one language.
#[derive(Debug)]
pub struct Collation(CollatorBorrowed<'static>);

impl Collation {
    /// The order `language` sorts names in: its CLDR tailoring where it has one (found through the
    /// locale's fallback: `de-AT` sorts as `de`), else the root collation.
    pub fn of(language: &LanguageTag) -> Self {
        let preferences = LanguageIdentifier::try_from_str(language.as_str())
            .map(|identifier| CollatorPreferences::from(&identifier))
            .unwrap_or_default();
        // Three levels: letters, then accents, then case (`apfel` < `Apfel` < `Äpfel`), each only
        // when the one before is equal.
        let mut options = CollatorOptions::default();
        options.strength = Some(Strength::Tertiary);
        let collator = Collator::try_new(preferences, options)
            .or_else(|_| Collator::try_new(CollatorPreferences::default(), options))
            .expect("the root collation is compiled in");
        Self(collator)
    }

    /// How `a` sorts against `b` in the language. Only names the collation cannot tell apart
    /// (canonically equivalent ones, such as a precomposed `é` and `e` with a combining accent)
    /// compare by their bytes, so the order is total and the same on every call.
    pub fn compare(&self, a: &str, b: &str) -> Ordering {
        self.0.compare(a, b).then_with(|| a.cmp(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(language: &str, names: &[&str]) -> Vec<String> {
        let collation = Collation::of(&LanguageTag::parse(language).unwrap());
        let mut names: Vec<String> = names.iter().map(|name| (*name).to_owned()).collect();
        names.sort_by(|a, b| collation.compare(a, b));
        names
    }

    #[test]
    fn german_sorts_umlauts_beside_their_letters_and_sharp_s_as_ss() {
        let names = ["Zebra", "Zucker", "Äpfel", "apfel", "Apfel", "Öl", "Straße", "Strasse", "Ende", "élan", "Birne"];
        assert_eq!(
            sorted("de", &names),
            ["apfel", "Apfel", "Äpfel", "Birne", "élan", "Ende", "Öl", "Strasse", "Straße", "Zebra", "Zucker"]
        );
        assert_eq!(sorted("de-AT", &names), sorted("de", &names), "a regional German sorts as German");
    }

    #[test]
    fn swedish_sorts_a_ring_a_umlaut_and_o_umlaut_after_z() {
        let names = ["öl", "Zorro", "ärta", "åska", "apa", "zebra", "Oslo"];
        assert_eq!(sorted("sv", &names), ["apa", "Oslo", "zebra", "Zorro", "åska", "ärta", "öl"]);
        assert_eq!(sorted("de", &names), ["apa", "ärta", "åska", "öl", "Oslo", "zebra", "Zorro"], "not in German");
    }

    #[test]
    fn spanish_sorts_n_tilde_after_n() {
        assert_eq!(sorted("es", &["ñu", "oro", "nube"]), ["nube", "ñu", "oro"]);
        assert_eq!(sorted("en", &["ñu", "oro", "nube"]), ["ñu", "nube", "oro"], "in English ñ is an accented n");
        assert_eq!(sorted("es", &["ñandú", "nz"]), ["nz", "ñandú"]);
        assert_eq!(sorted("en", &["ñandú", "nz"]), ["ñandú", "nz"]);
    }

    #[test]
    fn a_language_without_rules_of_its_own_sorts_by_the_root_collation() {
        let names = ["Zeta", "äpple", "Alpha", "Ωμέγα", "Άλφα", "10", "2"];
        assert_eq!(sorted("ia", &names), ["10", "2", "Alpha", "äpple", "Zeta", "Άλφα", "Ωμέγα"]);
    }

    #[test]
    fn names_the_collation_cannot_tell_apart_sort_by_their_bytes_on_every_call() {
        let composed = "caf\u{e9}";
        let decomposed = "cafe\u{301}";
        let collation = Collation::of(&LanguageTag::parse("fr").unwrap());
        assert_eq!(collation.compare(composed, decomposed), composed.cmp(decomposed));
        assert_eq!(collation.compare(decomposed, composed), decomposed.cmp(composed));
        for _ in 0..3 {
            assert_eq!(sorted("fr", &[composed, decomposed, "Café"]), [decomposed, composed, "Café"]);
        }
        assert_eq!(collation.compare("Café", "Café"), Ordering::Equal);
    }
}
