//! FAQs: questions and answers shown on the home page preview and the FAQ page, in an order the
//! administrator arranges by swapping neighbours.

use crate::meta::RecordMeta;
use chrono::{DateTime, Utc};

use crate::id::EntityId;
use crate::ordering::Placement;
use crate::patch::{set, text_list};
use crate::validation::{FieldErrors, required_text};

pub const MAX_QUESTION_LEN: usize = 500;
pub const MAX_ANSWER_LEN: usize = 20_000;
pub const MAX_TAGS: usize = 20;
pub const MAX_TAG_LEN: usize = 50;
pub const MAX_ORDER: i64 = 1_000_000;
/// The largest counter (views, helpful votes) accepted.
pub const MAX_COUNT: i64 = 1_000_000_000;

/// The topic an FAQ belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum FaqCategory {
    #[default]
    General,
    Technical,
    Billing,
    Account,
    Services,
    Support,
    Other,
}

crate::word_enum!(FaqCategory, |_| format!("Category must be one of {}", FaqCategory::words()), {
    General => "general",
    Technical => "technical",
    Billing => "billing",
    Account => "account",
    Services => "services",
    Support => "support",
    Other => "other",
});

/// Whether an FAQ is shown on the public site (only `Active` ones are).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FaqStatus {
    #[default]
    Active,
    Inactive,
    Draft,
}

crate::word_enum!(FaqStatus, |_| "Status must be active, inactive or draft".to_owned(), {
    Active => "active",
    Inactive => "inactive",
    Draft => "draft",
});

/// A stored FAQ.
#[derive(Debug, Clone, PartialEq)]
pub struct Faq {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    pub id: EntityId,
    pub question: String,
    /// Markdown.
    pub answer: String,
    pub category: FaqCategory,
    pub tags: Vec<String>,
    pub status: FaqStatus,
    /// From 1; lists sort by order then creation time.
    pub order: u32,
    pub featured: bool,
    pub views: u32,
    pub helpful: u32,
    pub not_helpful: u32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The fields of an FAQ as a client sent them. `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FaqInput {
    pub question: Option<String>,
    pub answer: Option<String>,
    pub category: Option<String>,
    pub tags: Option<Vec<String>>,
    pub status: Option<String>,
    pub order: Option<i64>,
    pub featured: Option<bool>,
    pub views: Option<i64>,
    pub helpful: Option<i64>,
    pub not_helpful: Option<i64>,
}

/// Validated changes to an FAQ.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FaqChanges {
    question: Option<String>,
    answer: Option<String>,
    category: Option<FaqCategory>,
    tags: Option<Vec<String>>,
    status: Option<FaqStatus>,
    order: Option<u32>,
    featured: Option<bool>,
    views: Option<u32>,
    helpful: Option<u32>,
    not_helpful: Option<u32>,
}

fn whole_number(value: i64, min: i64, max: i64, label: &str) -> Result<u32, String> {
    u32::try_from(value)
        .ok()
        .filter(|_| (min..=max).contains(&value))
        .ok_or_else(|| format!("{label} must be a whole number from {min} to {max}"))
}

impl FaqChanges {
    /// Checks every sent field; on creation the question and answer are required.
    pub fn parse(input: FaqInput, creating: bool) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let question = match (input.question.as_deref(), creating) {
            (None, false) => None,
            (text, _) => errors.check("question", required_text(text, "Question", MAX_QUESTION_LEN)),
        };
        let answer = match (input.answer.as_deref(), creating) {
            (None, false) => None,
            (text, _) => errors.check("answer", required_text(text, "Answer", MAX_ANSWER_LEN)),
        };
        let category = input.category.and_then(|category| errors.check("category", FaqCategory::parse(&category)));
        let tags = input.tags.and_then(|tags| errors.check("tags", text_list(&tags, "tags", MAX_TAGS, MAX_TAG_LEN)));
        let status = input.status.and_then(|status| errors.check("status", FaqStatus::parse(&status)));
        let order = input.order.and_then(|order| errors.check("order", whole_number(order, 1, MAX_ORDER, "Order")));
        let mut count = |field: &str, value: Option<i64>, label: &str| {
            value.and_then(|value| errors.check(field, whole_number(value, 0, MAX_COUNT, label)))
        };
        let views = count("views", input.views, "Views");
        let helpful = count("helpful", input.helpful, "Helpful votes");
        let not_helpful = count("notHelpful", input.not_helpful, "Not helpful votes");
        errors.finish(|| Self {
            question,
            answer,
            category,
            tags,
            status,
            order,
            featured: input.featured,
            views,
            helpful,
            not_helpful,
        })
    }

    /// Changes that set only the status (`PATCH /faqs/{id}/status`).
    pub fn parse_status(status: Option<&str>) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let status = match status {
            None => {
                errors.add("status", "Status is required");
                None
            }
            Some(status) => errors.check("status", FaqStatus::parse(status)),
        };
        errors.finish(|| Self { status, ..Self::default() })
    }

    /// Whether an order was sent.
    pub fn has_order(&self) -> bool {
        self.order.is_some()
    }
}

impl Faq {
    /// A new FAQ; `default_order` is used when no order was sent (the list's length plus one).
    pub fn create(id: EntityId, changes: FaqChanges, default_order: u32, now: DateTime<Utc>) -> Self {
        let mut faq = Self {
            meta: RecordMeta::default(),
            id,
            question: String::new(),
            answer: String::new(),
            category: FaqCategory::default(),
            tags: Vec::new(),
            status: FaqStatus::default(),
            order: default_order.max(1),
            featured: false,
            views: 0,
            helpful: 0,
            not_helpful: 0,
            created_at: now,
            updated_at: now,
        };
        faq.apply(changes, now);
        faq
    }

    /// Applies the fields that were sent and stamps the update time.
    pub fn apply(&mut self, changes: FaqChanges, now: DateTime<Utc>) {
        let FaqChanges { question, answer, category, tags, status, order, featured, views, helpful, not_helpful } =
            changes;
        set(&mut self.question, question);
        set(&mut self.answer, answer);
        set(&mut self.category, category);
        set(&mut self.tags, tags);
        set(&mut self.status, status);
        set(&mut self.order, order);
        set(&mut self.featured, featured);
        set(&mut self.views, views);
        set(&mut self.helpful, helpful);
        set(&mut self.not_helpful, not_helpful);
        self.updated_at = now;
    }
}

/// Which way an FAQ moves in the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Towards order 1.
    Up,
    Down,
}

impl Direction {
    pub fn parse(text: &str) -> Result<Self, String> {
        match text.trim() {
            "up" => Ok(Self::Up),
            "down" => Ok(Self::Down),
            _ => Err("Direction must be up or down".to_owned()),
        }
    }
}

/// The placements that change when `moved` swaps its order value with its neighbour in `direction`.
/// `current` is every FAQ sorted by order then creation time. Empty at either end of the list (a
/// no-op); `None` when `moved` is not in the list.
pub fn swap_with_neighbour(current: &[Placement], moved: EntityId, direction: Direction) -> Option<Vec<Placement>> {
    let index = current.iter().position(|placement| placement.id == moved)?;
    let neighbour = match direction {
        Direction::Up => index.checked_sub(1),
        Direction::Down => Some(index + 1).filter(|next| *next < current.len()),
    };
    let Some(neighbour) = neighbour.map(|at| current[at]) else { return Some(Vec::new()) };
    let mine = current[index];
    if mine.order != neighbour.order {
        return Some(vec![Placement::new(mine.id, neighbour.order), Placement::new(neighbour.id, mine.order)]);
    }
    // Equal orders (older data): separate the two so the move is visible.
    let (upper, lower) = match direction {
        Direction::Up => (mine, neighbour),
        Direction::Down => (neighbour, mine),
    };
    let order = mine.order.max(1);
    Some(vec![Placement::new(upper.id, order), Placement::new(lower.id, order + 1)])
}

/// Counts for the back office's FAQ summary.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FaqStats {
    pub total: u64,
    pub active: u64,
    pub inactive: u64,
    pub draft: u64,
    /// Every category, with 0 for unused ones.
    pub by_category: Vec<(FaqCategory, u64)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: u8) -> EntityId {
        EntityId::from_parts(1, [n; 8])
    }

    fn list() -> Vec<Placement> {
        vec![Placement::new(id(1), 1), Placement::new(id(2), 2), Placement::new(id(3), 5)]
    }

    #[test]
    fn moving_up_swaps_order_values_with_the_faq_above() {
        assert_eq!(
            swap_with_neighbour(&list(), id(3), Direction::Up),
            Some(vec![Placement::new(id(3), 2), Placement::new(id(2), 5)])
        );
    }

    #[test]
    fn moving_down_swaps_order_values_with_the_faq_below() {
        assert_eq!(
            swap_with_neighbour(&list(), id(1), Direction::Down),
            Some(vec![Placement::new(id(1), 2), Placement::new(id(2), 1)])
        );
    }

    #[test]
    fn moving_past_either_end_is_a_no_op() {
        assert_eq!(swap_with_neighbour(&list(), id(1), Direction::Up), Some(vec![]));
        assert_eq!(swap_with_neighbour(&list(), id(3), Direction::Down), Some(vec![]));
        assert_eq!(swap_with_neighbour(&list(), id(9), Direction::Down), None);
    }

    #[test]
    fn equal_orders_are_separated_so_the_move_shows() {
        let tied = vec![Placement::new(id(1), 3), Placement::new(id(2), 3)];
        assert_eq!(
            swap_with_neighbour(&tied, id(2), Direction::Up),
            Some(vec![Placement::new(id(2), 3), Placement::new(id(1), 4)])
        );
    }

    #[test]
    fn a_new_faq_takes_the_defaults_and_the_given_order() {
        let input = FaqInput { question: Some("Why?".into()), answer: Some("Because.".into()), ..FaqInput::default() };
        let faq = Faq::create(id(1), FaqChanges::parse(input, true).unwrap(), 7, Utc::now());
        assert_eq!((faq.category, faq.status, faq.order), (FaqCategory::General, FaqStatus::Active, 7));
        assert_eq!((faq.views, faq.helpful, faq.not_helpful), (0, 0, 0));
    }

    #[test]
    fn every_bad_field_is_reported() {
        let input = FaqInput {
            category: Some("weather".into()),
            status: Some("published".into()),
            order: Some(0),
            views: Some(-1),
            tags: Some(vec!["x".repeat(51)]),
            ..FaqInput::default()
        };
        let errors = FaqChanges::parse(input, true).unwrap_err();
        for field in ["question", "answer", "category", "status", "order", "views", "tags"] {
            assert!(errors.get(field).is_some(), "{field}");
        }
        assert!(FaqChanges::parse_status(None).is_err());
        assert!(FaqChanges::parse_status(Some("draft")).is_ok());
        assert!(Direction::parse("sideways").is_err());
    }
}
