//! Choosing a record's slug: an explicitly chosen one must be free (else the caller gets a conflict);
//! one generated from the title takes the first free numeric suffix (`title`, `title-2`, `title-3`…).

use std::future::Future;

use atelier_domain::slug::{InvalidSlug, Slug};

/// Why no slug could be chosen.
#[derive(Debug, thiserror::Error)]
pub enum SlugChoiceError {
    /// The explicitly chosen slug is not a valid slug.
    #[error("{0}")]
    Invalid(InvalidSlug),
    /// The explicitly chosen slug belongs to another record.
    #[error("slug already in use")]
    Taken,
    /// Neither a slug nor a title with letters or digits was given.
    #[error("a slug cannot be made from the title")]
    NothingToDeriveFrom,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// The slug for a record: `chosen` when given (it must be free), else one derived from `title`.
/// `is_taken` answers whether another record already uses a slug.
pub async fn choose_slug<F, Fut>(chosen: Option<&str>, title: &str, is_taken: F) -> Result<Slug, SlugChoiceError>
where
    F: Fn(Slug) -> Fut,
    Fut: Future<Output = anyhow::Result<bool>>,
{
    if let Some(chosen) = chosen.map(str::trim).filter(|chosen| !chosen.is_empty()) {
        let slug = Slug::parse(chosen).map_err(SlugChoiceError::Invalid)?;
        return if is_taken(slug.clone()).await? { Err(SlugChoiceError::Taken) } else { Ok(slug) };
    }
    let base = Slug::from_title(title).ok_or(SlugChoiceError::NothingToDeriveFrom)?;
    if !is_taken(base.clone()).await? {
        return Ok(base);
    }
    for number in 2.. {
        let candidate = base.with_suffix(number);
        if !is_taken(candidate.clone()).await? {
            return Ok(candidate);
        }
    }
    unreachable!("some numeric suffix is free")
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn choose(chosen: Option<&str>, title: &str, taken: &[&str]) -> Result<String, SlugChoiceError> {
        let taken: Vec<String> = taken.iter().map(|slug| (*slug).to_owned()).collect();
        choose_slug(chosen, title, |slug| {
            let taken = taken.contains(&slug.as_str().to_owned());
            async move { Ok(taken) }
        })
        .await
        .map(|slug| slug.to_string())
    }

    #[tokio::test]
    async fn a_free_generated_slug_is_used_as_is() {
        assert_eq!(choose(None, "Hello World", &[]).await.unwrap(), "hello-world");
    }

    #[tokio::test]
    async fn a_taken_generated_slug_gets_the_first_free_suffix() {
        assert_eq!(choose(None, "Hello World", &["hello-world", "hello-world-2"]).await.unwrap(), "hello-world-3");
    }

    #[tokio::test]
    async fn a_taken_chosen_slug_is_a_conflict() {
        assert!(matches!(choose(Some("mine"), "x", &["mine"]).await, Err(SlugChoiceError::Taken)));
        assert_eq!(choose(Some(" mine "), "x", &[]).await.unwrap(), "mine");
    }

    #[tokio::test]
    async fn an_invalid_chosen_slug_or_an_empty_title_is_refused() {
        assert!(matches!(choose(Some("Not Valid"), "x", &[]).await, Err(SlugChoiceError::Invalid(_))));
        assert!(matches!(choose(None, "?!", &[]).await, Err(SlugChoiceError::NothingToDeriveFrom)));
    }
}
