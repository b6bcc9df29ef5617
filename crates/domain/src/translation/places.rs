//! A translated entry of a list follows the entry it was written for (docs/languages.md, "The
//! site's own texts"). The home page names the texts of its lists by position
//! (`sections.why-hire.items.2.title`, `footerServices.0`); when the default language's list is
//! reordered, or gains or loses an entry, a translation saved before would attach to whatever entry
//! is now at its position. A translation therefore remembers the default text each of its fields
//! was written for ([`Translation::sources`]), and [`Translation::attached_to`] moves each
//! translated entry to where an entry with those texts is now:
//!
//! 1. an entry whose texts are still at its position stays there;
//! 2. else it goes to the first entry, not already taken, whose texts are the ones it was written
//!    for (the list was reordered, or an entry was added or removed before it);
//! 3. an entry of the default's list that none of them took keeps the translation at its own
//!    position if no other entry took that one (its text was edited in place: the translation is
//!    outdated and still shown, as any outdated text is; and a translation saved before sources were
//!    kept reads by position, as it always did);
//! 4. any other entry of the default's list shows its default text, and a translated entry that
//!    found no place is left out of what is shown (it stays stored until the translation is next
//!    saved).
//!
//! A name without an index (`hero.title`) is where it was. The translation's freshness is its
//! hash's as ever: a reordered list outdates it, so the owner is told to look.

use std::collections::{BTreeMap, BTreeSet};

use super::Translation;

/// A name cut at its first index: `sections.why-hire.items.2.title` is the list
/// `sections.why-hire.items`, entry 2, part `title`; `footerServices.0` has the part `""`.
fn place(name: &str) -> Option<(&str, usize, &str)> {
    let mut start = 0;
    for segment in name.split('.') {
        let end = start + segment.len();
        if !segment.is_empty() && segment.bytes().all(|byte| byte.is_ascii_digit()) {
            let list = name[..start].strip_suffix('.')?;
            let part = name.get(end + 1..).unwrap_or("");
            return Some((list, segment.parse().ok()?, part));
        }
        start = end + 1;
    }
    None
}

fn name(list: &str, index: usize, part: &str) -> String {
    if part.is_empty() { format!("{list}.{index}") } else { format!("{list}.{index}.{part}") }
}

/// One list's entries: each index's texts by part.
type Entries<'a> = BTreeMap<usize, BTreeMap<&'a str, &'a str>>;

/// Each list's entries among `texts`, by list name.
fn lists(texts: &BTreeMap<String, String>) -> BTreeMap<&str, Entries<'_>> {
    let mut lists: BTreeMap<&str, Entries<'_>> = BTreeMap::new();
    for (name, text) in texts {
        if let Some((list, index, part)) = place(name) {
            lists.entry(list).or_default().entry(index).or_default().insert(part, text.as_str());
        }
    }
    lists
}

/// Where each translated entry of one list goes: the default's index for each translated index.
fn moves(
    translated: &BTreeSet<usize>,
    written_for: &Entries<'_>,
    current: Option<&Entries<'_>>,
) -> BTreeMap<usize, usize> {
    let empty = BTreeMap::new();
    let current_texts = |index: usize| current.and_then(|entries| entries.get(&index)).unwrap_or(&empty);
    // An entry written for texts that the default's entry `to` has now.
    let fits = |from: usize, to: usize| {
        written_for.get(&from).is_some_and(|parts| {
            !parts.is_empty()
                && parts.iter().all(|(part, text)| current_texts(to).get(part).copied().unwrap_or("") == *text)
        })
    };
    let targets: Vec<usize> = current.map(|entries| entries.keys().copied().collect()).unwrap_or_default();
    let mut taken = BTreeSet::new();
    let mut moved = BTreeMap::new();
    for &to in &targets {
        if translated.contains(&to) && fits(to, to) {
            moved.insert(to, to);
            taken.insert(to);
        }
    }
    let placed = |moved: &BTreeMap<usize, usize>, to: usize| moved.values().any(|&target| target == to);
    for &to in &targets {
        if placed(&moved, to) {
            continue;
        }
        if let Some(&from) = translated.iter().find(|&&from| !taken.contains(&from) && fits(from, to)) {
            moved.insert(from, to);
            taken.insert(from);
        }
    }
    for &to in &targets {
        if !placed(&moved, to) && translated.contains(&to) && !taken.contains(&to) {
            moved.insert(to, to);
            taken.insert(to);
        }
    }
    moved
}

impl Translation {
    /// Remembers the default language's text (`texts`, the record's translatable texts now) that
    /// each translated field was written for: an empty text when the record has none there.
    pub fn written_for(&mut self, texts: &BTreeMap<String, String>) {
        self.sources =
            self.fields.keys().map(|name| (name.clone(), texts.get(name).cloned().unwrap_or_default())).collect();
    }

    /// The translation with each translated entry of a list at the place of the entry it was
    /// written for in the record whose translatable texts are `texts` now (the module's rules),
    /// its `sources` moved alike. Unchanged when no list moved.
    #[must_use]
    pub fn attached_to(&self, texts: &BTreeMap<String, String>) -> Self {
        let current = lists(texts);
        let written_for = lists(&self.sources);
        let mut translated: BTreeMap<&str, BTreeSet<usize>> = BTreeMap::new();
        for name in self.fields.keys() {
            if let Some((list, index, _)) = place(name) {
                translated.entry(list).or_default().insert(index);
            }
        }
        let empty = BTreeMap::new();
        let moves: BTreeMap<&str, BTreeMap<usize, usize>> = translated
            .iter()
            .map(|(list, indexes)| (*list, moves(indexes, written_for.get(list).unwrap_or(&empty), current.get(list))))
            .collect();
        if moves.values().all(|moved| moved.iter().all(|(from, to)| from == to))
            && translated.iter().all(|(list, indexes)| indexes.len() == moves[list].len())
        {
            return self.clone();
        }
        let relocate = |map: &BTreeMap<String, String>| -> BTreeMap<String, String> {
            map.iter()
                .filter_map(|(field, text)| match place(field) {
                    None => Some((field.clone(), text.clone())),
                    Some((list, index, part)) => {
                        let to = moves.get(list)?.get(&index)?;
                        Some((name(list, *to, part), text.clone()))
                    }
                })
                .collect()
        };
        Self { fields: relocate(&self.fields), sources: relocate(&self.sources), ..self.clone() }
    }
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::language::LanguageTag;
    use crate::translation::{TranslationChanges, TranslationInput, TranslationKind};

    fn texts(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(name, text)| ((*name).to_owned(), (*text).to_owned())).collect()
    }

    /// A German translation of the home page saved against the default texts `default`.
    fn german(fields: &[(&str, &str)], default: &[(&str, &str)]) -> Translation {
        let now = Utc.with_ymd_and_hms(2027, 1, 25, 9, 0, 0).unwrap();
        let input = TranslationInput { fields: Some(texts(fields)), ..TranslationInput::default() };
        let changes = TranslationChanges::parse_for(TranslationKind::Site, "home", input).unwrap();
        let lang = LanguageTag::parse("de").unwrap();
        let mut translation =
            Translation::create(TranslationKind::Site, "home".into(), lang, changes, String::new(), now);
        translation.written_for(&texts(default));
        translation
    }

    const STEPS: [(&str, &str); 3] = [
        ("sections.why-hire.steps.0", "Talk"),
        ("sections.why-hire.steps.1", "Plan"),
        ("sections.why-hire.steps.2", "Build"),
    ];
    const GERMAN_STEPS: [(&str, &str); 3] = [
        ("sections.why-hire.steps.0", "Reden"),
        ("sections.why-hire.steps.1", "Planen"),
        ("sections.why-hire.steps.2", "Bauen"),
    ];

    #[test]
    fn names_are_cut_at_their_first_index() {
        assert_eq!(place("sections.why-hire.items.2.title"), Some(("sections.why-hire.items", 2, "title")));
        assert_eq!(place("footerServices.11"), Some(("footerServices", 11, "")));
        assert_eq!(place("hero.links.0.label"), Some(("hero.links", 0, "label")));
        assert_eq!(place("hero.title"), None);
        assert_eq!(place("0.title"), None);
    }

    #[test]
    fn a_translation_remembers_the_default_text_each_field_was_written_for() {
        let translation = german(&[("hero.title", "Hallo"), ("footerServices.3", "Web")], &[("hero.title", "Hello")]);
        assert_eq!(translation.sources, texts(&[("hero.title", "Hello"), ("footerServices.3", "")]));
    }

    #[test]
    fn a_translated_entry_follows_its_entry_when_the_list_is_reordered() {
        let translation = german(&GERMAN_STEPS, &STEPS);
        let reordered = texts(&[
            ("sections.why-hire.steps.0", "Build"),
            ("sections.why-hire.steps.1", "Talk"),
            ("sections.why-hire.steps.2", "Plan"),
        ]);
        let attached = translation.attached_to(&reordered);
        assert_eq!(
            attached.fields,
            texts(&[
                ("sections.why-hire.steps.0", "Bauen"),
                ("sections.why-hire.steps.1", "Reden"),
                ("sections.why-hire.steps.2", "Planen"),
            ])
        );
        assert_eq!(attached.sources, reordered, "each one's source moves with it");
    }

    #[test]
    fn an_entry_added_before_shows_its_default_text_and_the_others_keep_theirs() {
        let translation = german(&GERMAN_STEPS, &STEPS);
        let added = texts(&[
            ("sections.why-hire.steps.0", "Meet"),
            ("sections.why-hire.steps.1", "Talk"),
            ("sections.why-hire.steps.2", "Plan"),
            ("sections.why-hire.steps.3", "Build"),
        ]);
        let attached = translation.attached_to(&added);
        assert_eq!(
            attached.fields,
            texts(&[
                ("sections.why-hire.steps.1", "Reden"),
                ("sections.why-hire.steps.2", "Planen"),
                ("sections.why-hire.steps.3", "Bauen"),
            ])
        );
    }

    #[test]
    fn an_entry_removed_takes_its_translation_out_of_what_is_shown() {
        let translation = german(&GERMAN_STEPS, &STEPS);
        let removed = texts(&[("sections.why-hire.steps.0", "Plan"), ("sections.why-hire.steps.1", "Build")]);
        let attached = translation.attached_to(&removed);
        assert_eq!(
            attached.fields,
            texts(&[("sections.why-hire.steps.0", "Planen"), ("sections.why-hire.steps.1", "Bauen")])
        );
        assert_eq!(translation.fields.len(), 3, "the stored translation keeps it");
    }

    #[test]
    fn an_entry_edited_in_place_keeps_its_translation_there() {
        let translation = german(&GERMAN_STEPS, &STEPS);
        let edited = texts(&[
            ("sections.why-hire.steps.0", "Talk"),
            ("sections.why-hire.steps.1", "Plan carefully"),
            ("sections.why-hire.steps.2", "Build"),
        ]);
        assert_eq!(translation.attached_to(&edited).fields, translation.fields);
    }

    #[test]
    fn an_item_follows_its_title_and_text_together() {
        let items = [
            ("sections.features.items.0.title", "Fast"),
            ("sections.features.items.0.text", "Shipped in weeks"),
            ("sections.features.items.1.title", "Careful"),
            ("sections.features.items.1.text", "Tested"),
        ];
        let translation = german(
            &[
                ("sections.features.items.0.title", "Schnell"),
                ("sections.features.items.0.text", "In Wochen geliefert"),
                ("sections.features.items.1.title", "Sorgfältig"),
            ],
            &items,
        );
        let swapped = texts(&[
            ("sections.features.items.0.title", "Careful"),
            ("sections.features.items.0.text", "Tested"),
            ("sections.features.items.1.title", "Fast"),
            ("sections.features.items.1.text", "Shipped in weeks"),
        ]);
        assert_eq!(
            translation.attached_to(&swapped).fields,
            texts(&[
                ("sections.features.items.0.title", "Sorgfältig"),
                ("sections.features.items.1.title", "Schnell"),
                ("sections.features.items.1.text", "In Wochen geliefert"),
            ])
        );
    }

    #[test]
    fn a_translation_saved_before_sources_were_kept_reads_by_position_as_it_did() {
        let mut translation = german(&GERMAN_STEPS, &STEPS);
        translation.sources.clear();
        let reordered = texts(&[
            ("sections.why-hire.steps.0", "Build"),
            ("sections.why-hire.steps.1", "Talk"),
            ("sections.why-hire.steps.2", "Plan"),
        ]);
        assert_eq!(translation.attached_to(&reordered).fields, translation.fields);
    }

    #[test]
    fn names_without_an_index_and_unmoved_lists_stay_where_they_are() {
        let translation = german(
            &[("hero.title", "Hallo"), ("footerServices.0", "Web")],
            &[("hero.title", "Hello"), ("footerServices.0", "Web design")],
        );
        let now = texts(&[("hero.title", "Hello there"), ("footerServices.0", "Web design")]);
        assert_eq!(translation.attached_to(&now), translation);
    }
}
