//! Testimonials: what clients say about the agency, shown in the home page carousel once approved.

use crate::meta::RecordMeta;
use chrono::{DateTime, Utc};

use crate::id::EntityId;
use crate::patch::set;
use crate::validation::{FieldErrors, optional_text, required_text};

pub const MAX_NAME_LEN: usize = 120;
pub const MAX_COMPANY_LEN: usize = 120;
pub const MAX_CONTENT_LEN: usize = 5_000;

/// Whether a testimonial is shown on the public site (only `Approved` ones are).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TestimonialStatus {
    #[default]
    Approved,
    Pending,
    Rejected,
}

crate::word_enum!(TestimonialStatus, |_| "Status must be approved, pending or rejected".to_owned(), {
    Approved => "approved",
    Pending => "pending",
    Rejected => "rejected",
});

/// A star rating from 1 to 5 in steps of a half star.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rating {
    halves: u8,
}

impl Rating {
    pub const MAX: Self = Self { halves: 10 };

    /// Accepts 1, 1.5, 2, … 5.
    pub fn parse(value: f64) -> Result<Self, String> {
        let doubled = value * 2.0;
        if value.is_finite() && (1.0..=5.0).contains(&value) && doubled.fract() == 0.0 {
            // In range and whole, so the cast is exact.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            Ok(Self { halves: doubled as u8 })
        } else {
            Err("Rating must be from 1 to 5 in steps of 0.5".to_owned())
        }
    }

    pub fn value(self) -> f64 {
        f64::from(self.halves) / 2.0
    }
}

impl Default for Rating {
    fn default() -> Self {
        Self::MAX
    }
}

/// A stored testimonial.
#[derive(Debug, Clone, PartialEq)]
pub struct Testimonial {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    pub id: EntityId,
    pub name: String,
    pub company: String,
    /// Markdown; may be empty.
    pub content: String,
    pub rating: Rating,
    pub status: TestimonialStatus,
    pub featured: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The fields of a testimonial as a client sent them. `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TestimonialInput {
    pub name: Option<String>,
    pub company: Option<String>,
    pub content: Option<String>,
    pub rating: Option<f64>,
    pub status: Option<String>,
    pub featured: Option<bool>,
}

/// Validated changes to a testimonial.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TestimonialChanges {
    name: Option<String>,
    company: Option<String>,
    content: Option<String>,
    rating: Option<Rating>,
    status: Option<TestimonialStatus>,
    featured: Option<bool>,
}

impl TestimonialChanges {
    /// Checks every sent field; on creation the name and company are required.
    pub fn parse(input: TestimonialInput, creating: bool) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = match (input.name.as_deref(), creating) {
            (None, false) => None,
            (name, _) => errors.check("name", required_text(name, "Name", MAX_NAME_LEN)),
        };
        let company = match (input.company.as_deref(), creating) {
            (None, false) => None,
            (company, _) => errors.check("company", required_text(company, "Company", MAX_COMPANY_LEN)),
        };
        let content = input
            .content
            .and_then(|text| errors.check("content", optional_text(Some(&text), "Content", MAX_CONTENT_LEN)));
        let rating = input.rating.and_then(|rating| errors.check("rating", Rating::parse(rating)));
        let status = input.status.and_then(|status| errors.check("status", TestimonialStatus::parse(&status)));
        errors.finish(|| Self { name, company, content, rating, status, featured: input.featured })
    }
}

impl Testimonial {
    /// A new testimonial: rating 5 and approved unless sent otherwise.
    pub fn create(id: EntityId, changes: TestimonialChanges, now: DateTime<Utc>) -> Self {
        let mut testimonial = Self {
            meta: RecordMeta::default(),
            id,
            name: String::new(),
            company: String::new(),
            content: String::new(),
            rating: Rating::default(),
            status: TestimonialStatus::default(),
            featured: false,
            created_at: now,
            updated_at: now,
        };
        testimonial.apply(changes, now);
        testimonial
    }

    /// Applies the fields that were sent and stamps the update time.
    pub fn apply(&mut self, changes: TestimonialChanges, now: DateTime<Utc>) {
        let TestimonialChanges { name, company, content, rating, status, featured } = changes;
        set(&mut self.name, name);
        set(&mut self.company, company);
        set(&mut self.content, content);
        set(&mut self.rating, rating);
        set(&mut self.status, status);
        set(&mut self.featured, featured);
        self.updated_at = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_go_from_1_to_5_in_half_steps() {
        for good in [1.0, 1.5, 2.0, 3.5, 4.5, 5.0] {
            assert_eq!(Rating::parse(good).map(Rating::value), Ok(good), "{good}");
        }
        for bad in [0.0, 0.5, 5.5, 4.2, 4.75, -1.0, f64::NAN, f64::INFINITY] {
            assert!(Rating::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_new_testimonial_is_approved_with_five_stars() {
        let input = TestimonialInput {
            name: Some(" Ada ".into()),
            company: Some("Lovelace Ltd".into()),
            ..TestimonialInput::default()
        };
        let created = Testimonial::create(
            EntityId::generate(Utc::now()),
            TestimonialChanges::parse(input, true).unwrap(),
            Utc::now(),
        );
        assert_eq!(created.name, "Ada");
        assert_eq!(created.rating, Rating::MAX);
        assert_eq!(created.status, TestimonialStatus::Approved);
        assert_eq!(created.content, "");
    }

    #[test]
    fn creating_requires_name_and_company_and_reports_every_bad_field() {
        let input =
            TestimonialInput { rating: Some(7.0), status: Some("hidden".into()), ..TestimonialInput::default() };
        let errors = TestimonialChanges::parse(input, true).unwrap_err();
        for field in ["name", "company", "rating", "status"] {
            assert!(errors.get(field).is_some(), "{field}");
        }
        assert!(TestimonialChanges::parse(TestimonialInput::default(), false).is_ok());
    }

    #[test]
    fn statuses_round_trip_their_names() {
        for status in TestimonialStatus::ALL {
            assert_eq!(TestimonialStatus::parse(status.as_str()), Ok(status));
        }
    }
}
