//! Small pieces shared by the entities' change sets: applying a sent field, and parsing lists of
//! short texts.

/// Replaces `field` when a value was sent.
pub(crate) fn set<T>(field: &mut T, value: Option<T>) {
    if let Some(value) = value {
        *field = value;
    }
}

/// Trims every entry, drops blank ones and bounds the count and each entry's length. `label` names
/// the list in messages ("skills", "tags").
pub(crate) fn text_list(
    items: &[String],
    label: &str,
    max_items: usize,
    max_len: usize,
) -> Result<Vec<String>, String> {
    let items: Vec<String> =
        items.iter().map(|item| item.trim()).filter(|item| !item.is_empty()).map(str::to_owned).collect();
    if items.len() > max_items {
        return Err(format!("At most {max_items} {label} are allowed"));
    }
    if items.iter().any(|item| item.chars().count() > max_len) {
        return Err(format!("Each of the {label} must be at most {max_len} characters"));
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_trimmed_and_bounded() {
        let items = vec![" a ".to_owned(), "  ".to_owned(), "b".to_owned()];
        assert_eq!(text_list(&items, "tags", 5, 3), Ok(vec!["a".to_owned(), "b".to_owned()]));
        assert!(text_list(&items, "tags", 1, 3).is_err());
        assert!(text_list(&["abcd".to_owned()], "tags", 5, 3).is_err());
    }
}
