//! Search terms of list calls: the one rule every searchable list applies (contacts, project
//! requests, posts, testimonials, team, FAQs, technologies, projects).

/// The longest search term used; longer input is cut.
pub const MAX_SEARCH_LEN: usize = 200;

/// A trimmed, bounded search term, or `None` when nothing is left to search for.
pub fn search_term(raw: Option<&str>) -> Option<String> {
    let term: String = raw?.trim().chars().take(MAX_SEARCH_LEN).collect();
    (!term.is_empty()).then_some(term)
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
}
