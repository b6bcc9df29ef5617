//! Who is asking: the public site's anonymous visitors or a signed-in administrator. Use cases narrow
//! what they return by audience, so drafts and inactive records never reach anonymous callers whatever
//! the query says.

use atelier_domain::PageRequest;

/// The audience of a read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// Anonymous visitors: public content only, at most [`Audience::PUBLIC_MAX_LIMIT`] items a page.
    Public,
    /// Signed-in administrators: everything, at most [`Audience::ADMIN_MAX_LIMIT`] items a page.
    Admin,
}

impl Audience {
    pub const PUBLIC_MAX_LIMIT: u64 = 100;
    pub const ADMIN_MAX_LIMIT: u64 = 1000;

    /// Clamps a raw page request to what this audience may ask for.
    pub fn page(self, page: Option<i64>, limit: Option<i64>, default_limit: u64) -> PageRequest {
        let max = match self {
            Self::Public => Self::PUBLIC_MAX_LIMIT,
            Self::Admin => Self::ADMIN_MAX_LIMIT,
        };
        PageRequest::clamped(page, limit, default_limit, max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anonymous_callers_get_at_most_100_items_and_admins_1000() {
        assert_eq!(Audience::Public.page(None, Some(5000), 10).limit(), 100);
        assert_eq!(Audience::Admin.page(None, Some(5000), 10).limit(), 1000);
    }
}
