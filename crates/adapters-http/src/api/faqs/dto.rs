//! The `faqs` resource's request and response bodies, with their conversions to and from domain types.

use std::collections::BTreeMap;

use atelier_application::faqs::FaqList;
use atelier_domain::faq::{Faq, FaqCategory, FaqInput, FaqStats, FaqStatus};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::markdown::{self, Stored};

/// The topic of an FAQ.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = FaqCategory)]
pub enum FaqCategoryDto {
    General,
    Technical,
    Billing,
    Account,
    Services,
    Support,
    Other,
}

impl From<FaqCategory> for FaqCategoryDto {
    fn from(category: FaqCategory) -> Self {
        match category {
            FaqCategory::General => Self::General,
            FaqCategory::Technical => Self::Technical,
            FaqCategory::Billing => Self::Billing,
            FaqCategory::Account => Self::Account,
            FaqCategory::Services => Self::Services,
            FaqCategory::Support => Self::Support,
            FaqCategory::Other => Self::Other,
        }
    }
}

impl From<FaqCategoryDto> for FaqCategory {
    fn from(category: FaqCategoryDto) -> Self {
        match category {
            FaqCategoryDto::General => Self::General,
            FaqCategoryDto::Technical => Self::Technical,
            FaqCategoryDto::Billing => Self::Billing,
            FaqCategoryDto::Account => Self::Account,
            FaqCategoryDto::Services => Self::Services,
            FaqCategoryDto::Support => Self::Support,
            FaqCategoryDto::Other => Self::Other,
        }
    }
}

/// Whether an FAQ is shown on the public site (only active ones are).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = FaqStatus)]
pub enum FaqStatusDto {
    Active,
    Inactive,
    Draft,
}

impl From<FaqStatus> for FaqStatusDto {
    fn from(status: FaqStatus) -> Self {
        match status {
            FaqStatus::Active => Self::Active,
            FaqStatus::Inactive => Self::Inactive,
            FaqStatus::Draft => Self::Draft,
        }
    }
}

impl From<FaqStatusDto> for FaqStatus {
    fn from(status: FaqStatusDto) -> Self {
        match status {
            FaqStatusDto::Active => Self::Active,
            FaqStatusDto::Inactive => Self::Inactive,
            FaqStatusDto::Draft => Self::Draft,
        }
    }
}

/// A question and its answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Faq)]
pub struct FaqDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    #[schema(example = "65f1c2a9b4e8d70012345678")]
    pub id: String,
    pub question: String,
    /// Markdown.
    pub answer: String,
    /// `answer` as the site shows it: the server's rendering, sanitised HTML.
    pub answer_html: String,
    pub category: FaqCategoryDto,
    /// Topics, used by the FAQ page's filter.
    pub tags: Vec<String>,
    pub status: FaqStatusDto,
    /// From 1; lists sort by order then creation time.
    pub order: u32,
    pub featured: bool,
    pub views: u32,
    pub helpful: u32,
    pub not_helpful: u32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Public reads with `lang`: the language the texts are in (the one asked for, or the default
    /// when the record has no live translation there).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "de")]
    pub language: Option<String>,
    /// Public reads with `lang` other than the default: the languages the record can be read in
    /// (its address in each for the kinds that have one), the default first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub translations: Option<Vec<crate::api::languages::RecordLanguageDto>>,
}

impl From<Faq> for FaqDto {
    fn from(faq: Faq) -> Self {
        let answer = Stored::field("faq", faq.id, faq.meta.version, faq.updated_at, "answer");
        Self {
            language: None,
            translations: None,
            meta: faq.meta.into(),
            id: faq.id.to_string(),
            question: faq.question,
            answer_html: markdown::render_stored(answer, &faq.answer, &[]),
            answer: faq.answer,
            category: faq.category.into(),
            tags: faq.tags,
            status: faq.status.into(),
            order: faq.order,
            featured: faq.featured,
            views: faq.views,
            helpful: faq.helpful,
            not_helpful: faq.not_helpful,
            created_at: faq.created_at,
            updated_at: faq.updated_at,
        }
    }
}

/// Where a page of FAQs sits in the whole list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = FaqPagination)]
pub struct PaginationDto {
    pub page: u64,
    pub limit: u64,
    pub total: u64,
    pub total_pages: u64,
}

/// One page of FAQs, by order then creation time.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = FaqList)]
pub struct FaqListDto {
    pub data: Vec<FaqDto>,
    pub pagination: PaginationDto,
}

impl From<FaqList> for FaqListDto {
    fn from(list: FaqList) -> Self {
        let page = list.page;
        Self {
            pagination: PaginationDto {
                page: page.current_page,
                limit: list.limit,
                total: page.total_items,
                total_pages: page.total_pages,
            },
            data: page.items.into_iter().map(FaqDto::from).collect(),
        }
    }
}

/// Counts of FAQs by status and category.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = FaqStats)]
pub struct FaqStatsDto {
    pub total: u64,
    pub active: u64,
    pub inactive: u64,
    pub draft: u64,
    /// Category → number of FAQs, every category listed.
    pub by_category: BTreeMap<String, u64>,
}

impl From<FaqStats> for FaqStatsDto {
    fn from(stats: FaqStats) -> Self {
        Self {
            total: stats.total,
            active: stats.active,
            inactive: stats.inactive,
            draft: stats.draft,
            by_category: stats
                .by_category
                .into_iter()
                .map(|(category, count)| (category.as_str().to_owned(), count))
                .collect(),
        }
    }
}

/// The fields of an FAQ to create or change. On creation `question` and `answer` are required; on
/// update, fields left out keep their values. Strings are trimmed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = FaqInput)]
pub struct FaqInputDto {
    /// Required on creation; at most 500 characters.
    pub question: Option<String>,
    /// Required on creation; markdown, at most 20 000 characters.
    pub answer: Option<String>,
    /// `general` by default.
    #[schema(value_type = Option<FaqCategoryDto>)]
    pub category: Option<String>,
    /// Blank entries are dropped; at most 20 of at most 50 characters.
    pub tags: Option<Vec<String>>,
    /// `active` by default.
    #[schema(value_type = Option<FaqStatusDto>)]
    pub status: Option<String>,
    /// From 1; a new FAQ without one goes last (the number of FAQs plus one).
    pub order: Option<i64>,
    pub featured: Option<bool>,
    /// 0 or more.
    pub views: Option<i64>,
    /// 0 or more.
    pub helpful: Option<i64>,
    /// 0 or more.
    pub not_helpful: Option<i64>,
}

impl From<FaqInputDto> for FaqInput {
    fn from(dto: FaqInputDto) -> Self {
        Self {
            question: dto.question,
            answer: dto.answer,
            category: dto.category,
            tags: dto.tags,
            status: dto.status,
            order: dto.order,
            featured: dto.featured,
            views: dto.views,
            helpful: dto.helpful,
            not_helpful: dto.not_helpful,
        }
    }
}

/// A new status.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = FaqStatusInput)]
pub struct FaqStatusInputDto {
    #[schema(value_type = Option<FaqStatusDto>)]
    pub status: Option<String>,
}

/// Which way to move an FAQ.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = FaqOrderInput)]
pub struct FaqOrderInputDto {
    /// `up` (towards order 1) or `down`.
    #[schema(example = "up")]
    pub direction: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FaqListParams {
    /// Only FAQs of this category.
    pub category: Option<FaqCategoryDto>,
    /// Only FAQs with this status. Anonymous callers always get active FAQs.
    pub status: Option<FaqStatusDto>,
    /// Case-insensitive search over question, answer and tags.
    pub search: Option<String>,
    /// Page size: 1 to 100 for anonymous callers, 1 to 1000 for administrators; 10 by default.
    pub limit: Option<i64>,
    /// Page number from 1.
    pub page: Option<i64>,
}

crate::api::languages::in_language_dto!(FaqDto);
