//! Paging of list calls: which slice of a list a caller asked for, clamped to what the caller may ask.

/// A validated page request: `page` counts from 1, `limit` is at least 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    page: u64,
    limit: u64,
}

impl PageRequest {
    /// Clamps raw query values: a missing or non-positive page is page 1; a missing limit is
    /// `default_limit`; any limit is clamped to `1..=max_limit`.
    pub fn clamped(page: Option<i64>, limit: Option<i64>, default_limit: u64, max_limit: u64) -> Self {
        let page = page.filter(|page| *page >= 1).map_or(1, i64::unsigned_abs);
        let limit = limit.map_or(default_limit, |limit| limit.max(1).unsigned_abs()).clamp(1, max_limit.max(1));
        Self { page, limit }
    }

    pub fn page(&self) -> u64 {
        self.page
    }

    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// How many items come before this page, capped where databases' signed offsets end.
    pub fn offset(&self) -> u64 {
        (self.page - 1).saturating_mul(self.limit).min(i64::MAX.unsigned_abs())
    }

    /// The number of pages needed for `total` items (0 for an empty list).
    pub fn total_pages(&self, total: u64) -> u64 {
        total.div_ceil(self.limit)
    }

    /// Where a bounded count stops: [`COUNTED_PAST_PAGE`] items past the end of this page, capped
    /// where databases' signed limits end (a page near `i64::MAX` must not overflow a bound value).
    pub fn count_limit(&self) -> u64 {
        self.offset().saturating_add(self.limit).saturating_add(COUNTED_PAST_PAGE).min(i64::MAX.unsigned_abs())
    }
}

/// How far past the page asked for a search counts its matches. A search's total costs time in
/// proportion to what it counts; bounded, a page of matches takes about as long with 100,000
/// records as with 1,000, and the total reads "1,000+" (`Page::total_capped`).
pub const COUNTED_PAST_PAGE: u64 = 1_000;

/// One page of a list, with the totals the frontends show.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total_items: u64,
    pub total_pages: u64,
    pub current_page: u64,
    /// Counting stopped at `total_items` (a bounded count): there are more.
    pub total_capped: bool,
}

impl<T> Page<T> {
    pub fn new(items: Vec<T>, total_items: u64, request: PageRequest) -> Self {
        Self::counted(items, total_items, false, request)
    }

    /// A page whose total may be a lower bound: `capped` when counting stopped at `total_items`.
    pub fn counted(items: Vec<T>, total_items: u64, capped: bool, request: PageRequest) -> Self {
        Self {
            items,
            total_items,
            total_pages: request.total_pages(total_items),
            current_page: request.page(),
            total_capped: capped,
        }
    }

    /// The same page with other items (the totals unchanged).
    pub fn map<U>(self, items: Vec<U>) -> Page<U> {
        Page {
            items,
            total_items: self.total_items,
            total_pages: self.total_pages,
            current_page: self.current_page,
            total_capped: self.total_capped,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_values_take_page_one_and_the_default_limit() {
        let request = PageRequest::clamped(None, None, 12, 100);
        assert_eq!((request.page(), request.limit(), request.offset()), (1, 12, 0));
    }

    #[test]
    fn limits_are_clamped_between_one_and_the_maximum() {
        assert_eq!(PageRequest::clamped(None, Some(0), 10, 100).limit(), 1);
        assert_eq!(PageRequest::clamped(None, Some(-5), 10, 100).limit(), 1);
        assert_eq!(PageRequest::clamped(None, Some(1_000_000), 10, 100).limit(), 100);
        assert_eq!(PageRequest::clamped(None, Some(1_000_000), 10, 1000).limit(), 1000);
    }

    #[test]
    fn non_positive_pages_become_page_one() {
        assert_eq!(PageRequest::clamped(Some(0), None, 10, 100).page(), 1);
        assert_eq!(PageRequest::clamped(Some(-3), None, 10, 100).page(), 1);
        assert_eq!(PageRequest::clamped(Some(3), Some(10), 10, 100).offset(), 20);
    }

    #[test]
    fn huge_pages_do_not_overflow_the_offset() {
        let request = PageRequest::clamped(Some(i64::MAX), Some(100), 10, 100);
        assert_eq!(request.offset(), i64::MAX.unsigned_abs());
        assert_eq!(request.count_limit(), i64::MAX.unsigned_abs(), "a search's bounded count too");
    }

    #[test]
    fn total_pages_round_up() {
        let request = PageRequest::clamped(None, Some(12), 10, 100);
        assert_eq!(request.total_pages(0), 0);
        assert_eq!(request.total_pages(12), 1);
        assert_eq!(request.total_pages(13), 2);
    }
}
