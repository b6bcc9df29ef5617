//! Small pieces shared by the entities' change sets: applying a sent field, and parsing lists of
//! short texts.

/// Replaces `field` when a value was sent.
pub(crate) fn set<T>(field: &mut T, value: Option<T>) {
    if let Some(value) = value {
        *field = value;
    }
}

/// Bounds the count and each entry's length as sent (blank entries and spaces count, as the API
/// document's `maxItems` and `maxLength` say), then trims every entry and drops blank ones. `label`
/// names the list in messages ("skills", "tags").
pub(crate) fn text_list(
    items: &[String],
    label: &str,
    max_items: usize,
    max_len: usize,
) -> Result<Vec<String>, String> {
    if items.len() > max_items {
        return Err(format!("At most {max_items} {label} are allowed"));
    }
    if items.iter().any(|item| item.chars().count() > max_len) {
        return Err(format!("Each of the {label} must be at most {max_len} characters"));
    }
    Ok(items.iter().map(|item| item.trim()).filter(|item| !item.is_empty()).map(str::to_owned).collect())
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

    #[test]
    fn limits_count_what_was_sent() {
        assert!(text_list(&[" ab ".to_owned()], "tags", 5, 3).is_err());
        assert!(text_list(&["a".to_owned(), " ".to_owned()], "tags", 1, 3).is_err());
    }
}
