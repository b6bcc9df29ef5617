//! The `technologies` resource's request and response bodies, with their conversions to and from domain types.

use atelier_application::technologies::{CategoryCount, TechnologyWithUsage};
use atelier_domain::technology::{TechnologyCategory, TechnologyInput, TechnologyStatus};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The kind of technology.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = TechnologyCategory)]
pub enum TechnologyCategoryDto {
    Frontend,
    Backend,
    Database,
    Devops,
    Mobile,
    Design,
    Other,
}

impl From<TechnologyCategory> for TechnologyCategoryDto {
    fn from(category: TechnologyCategory) -> Self {
        match category {
            TechnologyCategory::Frontend => Self::Frontend,
            TechnologyCategory::Backend => Self::Backend,
            TechnologyCategory::Database => Self::Database,
            TechnologyCategory::Devops => Self::Devops,
            TechnologyCategory::Mobile => Self::Mobile,
            TechnologyCategory::Design => Self::Design,
            TechnologyCategory::Other => Self::Other,
        }
    }
}

impl From<TechnologyCategoryDto> for TechnologyCategory {
    fn from(category: TechnologyCategoryDto) -> Self {
        match category {
            TechnologyCategoryDto::Frontend => Self::Frontend,
            TechnologyCategoryDto::Backend => Self::Backend,
            TechnologyCategoryDto::Database => Self::Database,
            TechnologyCategoryDto::Devops => Self::Devops,
            TechnologyCategoryDto::Mobile => Self::Mobile,
            TechnologyCategoryDto::Design => Self::Design,
            TechnologyCategoryDto::Other => Self::Other,
        }
    }
}

/// Whether a technology is offered in pickers and shown on the public site.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = TechnologyStatus)]
pub enum TechnologyStatusDto {
    Active,
    Inactive,
}

impl From<TechnologyStatus> for TechnologyStatusDto {
    fn from(status: TechnologyStatus) -> Self {
        match status {
            TechnologyStatus::Active => Self::Active,
            TechnologyStatus::Inactive => Self::Inactive,
        }
    }
}

impl From<TechnologyStatusDto> for TechnologyStatus {
    fn from(status: TechnologyStatusDto) -> Self {
        match status {
            TechnologyStatusDto::Active => Self::Active,
            TechnologyStatusDto::Inactive => Self::Inactive,
        }
    }
}

/// A technology, with how many portfolio projects list it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Technology)]
pub struct TechnologyDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    #[schema(example = "65f1c2a9b4e8d70012345678")]
    pub id: String,
    /// Unique among technologies, ignoring case.
    #[schema(example = "React")]
    pub name: String,
    pub description: String,
    pub category: TechnologyCategoryDto,
    /// An icon name; `code` by default.
    #[schema(example = "code")]
    pub icon: String,
    /// `#RRGGBB`.
    #[schema(example = "#3B82F6")]
    pub color: String,
    /// An absolute http(s) URL, or empty.
    pub website: String,
    pub status: TechnologyStatusDto,
    pub featured: bool,
    /// Ascending display order.
    pub order: u32,
    /// How many portfolio projects list this technology: published ones for anonymous callers, all
    /// for administrators.
    pub usage_count: u64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<TechnologyWithUsage> for TechnologyDto {
    fn from(entry: TechnologyWithUsage) -> Self {
        let technology = entry.technology;
        Self {
            meta: technology.meta.into(),
            id: technology.id.to_string(),
            name: technology.name,
            description: technology.description,
            category: technology.category.into(),
            icon: technology.icon,
            color: technology.color,
            website: technology.website,
            status: technology.status.into(),
            featured: technology.featured,
            order: technology.order,
            usage_count: entry.usage_count,
            created_at: technology.created_at,
            updated_at: technology.updated_at,
        }
    }
}

/// One technology.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TechnologyResponse)]
pub struct TechnologyBody {
    pub data: TechnologyDto,
}

/// A list of technologies.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TechnologyList)]
pub struct TechnologyListBody {
    pub data: Vec<TechnologyDto>,
}

/// A technology category with how many technologies it holds.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TechnologyCategoryCount)]
pub struct CategoryCountDto {
    pub value: TechnologyCategoryDto,
    /// The name people read, e.g. `DevOps`.
    #[schema(example = "Frontend")]
    pub label: String,
    pub count: u64,
}

impl From<CategoryCount> for CategoryCountDto {
    fn from(entry: CategoryCount) -> Self {
        Self { value: entry.category.into(), label: entry.category.label().to_owned(), count: entry.count }
    }
}

/// Every technology category.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TechnologyCategoryList)]
pub struct CategoryListBody {
    pub data: Vec<CategoryCountDto>,
}

/// The fields of a technology to create or change. On creation only `name` is required; on update,
/// fields left out keep their values. Strings are trimmed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TechnologyInput)]
pub struct TechnologyInputDto {
    /// Required on creation; at most 100 characters; unique ignoring case.
    pub name: Option<String>,
    /// At most 2 000 characters.
    pub description: Option<String>,
    /// `frontend` by default.
    #[schema(value_type = Option<TechnologyCategoryDto>)]
    pub category: Option<String>,
    /// At most 64 characters; blank means `code`.
    pub icon: Option<String>,
    /// `#RRGGBB`; blank means `#3B82F6`.
    pub color: Option<String>,
    /// An absolute http(s) URL, or empty.
    pub website: Option<String>,
    /// `active` by default.
    #[schema(value_type = Option<TechnologyStatusDto>)]
    pub status: Option<String>,
    pub featured: Option<bool>,
    /// A whole number from 0; 0 by default.
    pub order: Option<i64>,
}

impl From<TechnologyInputDto> for TechnologyInput {
    fn from(dto: TechnologyInputDto) -> Self {
        Self {
            name: dto.name,
            description: dto.description,
            category: dto.category,
            icon: dto.icon,
            color: dto.color,
            website: dto.website,
            status: dto.status,
            featured: dto.featured,
            order: dto.order,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TechnologyListParams {
    /// Only technologies of this category.
    pub category: Option<TechnologyCategoryDto>,
    /// Only technologies with this status. Anonymous callers always get active technologies.
    pub status: Option<TechnologyStatusDto>,
    /// Only featured (`true`) or only other (`false`) technologies.
    pub featured: Option<bool>,
    /// Matches name or description, ignoring case.
    pub search: Option<String>,
    /// Page size: 1 to 100 for anonymous callers, 1 to 1000 for administrators; 100 by default.
    pub limit: Option<i64>,
    /// Page number from 1.
    pub page: Option<i64>,
}
