//! Search terms of list calls: the one rule every searchable list applies (contacts, project
//! requests, posts, testimonials, team, FAQs, technologies, projects).

/// The longest search term used; longer input is cut.
pub const MAX_SEARCH_LEN: usize = 200;

/// A trimmed, bounded search term, or `None` when nothing is left to search for.
pub fn search_term(raw: Option<&str>) -> Option<String> {
    let term: String = raw?.trim().chars().take(MAX_SEARCH_LEN).collect();
    (!term.is_empty()).then_some(term)
}

/// The longest search term the word index answers (in characters, after lowercasing); a longer one
/// is searched by reading the texts themselves.
pub const MAX_INDEXED_TERM_CHARS: usize = 32;

/// The word index's entries for a record's searchable texts: every run of letters and digits of the
/// lowercased texts, once each. A run longer than twice [`MAX_INDEXED_TERM_CHARS`] is kept as
/// overlapping pieces of that length, one starting every [`MAX_INDEXED_TERM_CHARS`] characters, so
/// no entry is long and every stretch of at most [`MAX_INDEXED_TERM_CHARS`] characters of the run is
/// still inside one piece.
///
/// What makes the index exact: a term of letters and digits only (see [`indexed_term`]) occurs in a
/// lowercased text exactly when it occurs inside one of that text's entries, because such a term can
/// never span a space or a punctuation mark. Changing this function changes what a stored index
/// means: a migration must then rebuild the stored entries.
pub fn index_words<'a>(texts: impl IntoIterator<Item = &'a str>) -> std::collections::BTreeSet<String> {
    let mut words = std::collections::BTreeSet::new();
    for text in texts {
        let lowered = text.to_lowercase();
        for run in lowered.split(|c: char| !c.is_alphanumeric()).filter(|run| !run.is_empty()) {
            let chars: Vec<char> = run.chars().collect();
            if chars.len() <= MAX_INDEXED_WORD_CHARS {
                words.insert(run.to_owned());
                continue;
            }
            let mut start = 0;
            loop {
                let end = (start + MAX_INDEXED_WORD_CHARS).min(chars.len());
                words.insert(chars[start..end].iter().collect());
                if end == chars.len() {
                    break;
                }
                start += MAX_INDEXED_TERM_CHARS;
            }
        }
    }
    words
}

/// The longest entry [`index_words`] makes, in characters.
pub const MAX_INDEXED_WORD_CHARS: usize = 2 * MAX_INDEXED_TERM_CHARS;

/// Every ending of `word`, itself included: a term is inside a word exactly when it begins one of
/// the word's endings, which an index on the endings finds by range.
pub fn word_endings(word: &str) -> impl Iterator<Item = &str> {
    word.char_indices().map(move |(start, _)| &word[start..])
}

/// The form in which the word index can answer `term` (already a [`search_term`]): lowercased, when
/// it is letters and digits only and at most [`MAX_INDEXED_TERM_CHARS`] long. Other terms (two words,
/// punctuation, very long ones) are searched in the texts themselves.
pub fn indexed_term(term: &str) -> Option<String> {
    let lowered = term.to_lowercase();
    let chars = lowered.chars().count();
    (chars > 0 && chars <= MAX_INDEXED_TERM_CHARS && lowered.chars().all(char::is_alphanumeric)).then_some(lowered)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_terms_are_no_search_and_long_ones_are_cut() {
        assert_eq!(search_term(Some("  ")), None);
        assert_eq!(search_term(Some(" rust ")), Some("rust".into()));
        assert_eq!(search_term(Some(&"x".repeat(500))).map(|t| t.len()), Some(MAX_SEARCH_LEN));
    }

    #[test]
    fn the_index_holds_each_lowercased_run_of_letters_and_digits_once() {
        let words = index_words(["Café Typography, 2026!", "typography: l'été", ""]);
        assert_eq!(words.into_iter().collect::<Vec<_>>(), ["2026", "café", "l", "typography", "été"]);
    }

    #[test]
    fn long_runs_are_kept_as_overlapping_pieces() {
        let run: String = ('a'..='z').cycle().take(100).collect();
        let words = index_words([run.as_str()]);
        let expected: Vec<String> =
            [0, 32].iter().map(|&start| run[start..start + 64].to_owned()).chain([run[64..].to_owned()]).collect();
        assert_eq!(words.into_iter().collect::<Vec<_>>(), {
            let mut sorted = expected;
            sorted.sort();
            sorted
        });
        assert!(index_words([&run[..64]]).contains(&run[..64]), "a run of 64 is kept whole");
    }

    #[test]
    fn a_word_ends_in_each_of_its_endings() {
        assert_eq!(word_endings("été").collect::<Vec<_>>(), ["été", "té", "é"]);
        assert_eq!(word_endings("").count(), 0);
    }

    #[test]
    fn only_single_words_of_bounded_length_are_indexed_terms() {
        assert_eq!(indexed_term("TypoGraphy"), Some("typography".into()));
        assert_eq!(indexed_term("Été2026"), Some("été2026".into()));
        for term in ["two words", "node.js", "c++", "50%", "", &"x".repeat(33)] {
            assert_eq!(indexed_term(term), None, "{term}");
        }
        assert_eq!(indexed_term(&"x".repeat(32)).map(|t| t.len()), Some(32));
    }

    /// The property the index relies on: for an indexed term, "one of the entries contains it" is
    /// the same as "one of the lowercased texts contains it", on texts and terms built to be awkward
    /// (long runs, accents, punctuation at every place).
    #[test]
    fn an_indexed_term_is_found_in_the_entries_exactly_when_a_text_contains_it() {
        let alphabet: Vec<char> = "abÉé1 .-_%".chars().collect();
        let mut state = 0x2026_1126_u64;
        let mut next = |bound: usize| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            usize::try_from(state >> 33).unwrap() % bound
        };
        for _ in 0..2_000 {
            let texts: Vec<String> = (0..2)
                .map(|_| {
                    let len = next(150);
                    (0..len)
                        .map(|_| if next(4) == 0 { alphabet[next(alphabet.len())] } else { alphabet[next(4)] })
                        .collect()
                })
                .collect();
            let words = index_words(texts.iter().map(String::as_str));
            let source = &texts[next(2)];
            let chars: Vec<char> = source.chars().collect();
            let start = next(chars.len().max(1));
            let len = 1 + next(40);
            let term: String = if next(2) == 0 {
                chars.iter().skip(start).take(len).collect()
            } else {
                (0..=next(3)).map(|_| alphabet[next(4)]).collect()
            };
            let Some(term) = indexed_term(&term) else { continue };
            let in_texts = texts.iter().any(|text| text.to_lowercase().contains(&term));
            let in_words = words.iter().any(|word| word.contains(&term));
            assert_eq!(in_words, in_texts, "{term:?} in {texts:?}");
        }
    }
}
