//! The rules of the site's statistics as the back office reads them: a range of whole UTC days and
//! the range before it ([`DayRange`]), a day-by-day series with the days without views filled with
//! zeros ([`fill_days`]), the change from one range to the other ([`change_percent`]) and the
//! conversion rate, leads per 100 visitors ([`conversion_rate`]).
//!
//! A visitor is a daily-salted hash ([`crate::visitor`]), so a range's visitors are the sum of its
//! days' visitors: the same person on two days counts twice, by design (nobody is followed from
//! one day to the next).

use chrono::{Days, NaiveDate};

/// The longest range, in days: three years (one of them a leap year).
pub const MAX_RANGE_DAYS: u64 = 1096;

/// A range of whole UTC days, both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayRange {
    from: NaiveDate,
    to: NaiveDate,
}

/// Why a range is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RangeError {
    #[error("to must not be before from")]
    Reversed,
    #[error("A range must be at most {MAX_RANGE_DAYS} days")]
    TooLong,
    #[error("A range must end at most one day after today")]
    Future,
}

impl DayRange {
    /// The days from `from` to `to`, both included; `to` at most one day after `today` (a visitor
    /// on the other side of the date line), at most [`MAX_RANGE_DAYS`] days long.
    ///
    /// # Errors
    /// A range that ends before it starts, is too long or lies in the future.
    pub fn new(from: NaiveDate, to: NaiveDate, today: NaiveDate) -> Result<Self, RangeError> {
        if to < from {
            return Err(RangeError::Reversed);
        }
        if to.signed_duration_since(from).num_days() >= i64::try_from(MAX_RANGE_DAYS).unwrap_or(i64::MAX) {
            return Err(RangeError::TooLong);
        }
        if today.checked_add_days(Days::new(1)).is_some_and(|limit| to > limit) {
            return Err(RangeError::Future);
        }
        // The range before it must exist too (chrono's calendar starts in 262143 BC).
        let range = Self { from, to };
        from.checked_sub_days(Days::new(range.len())).ok_or(RangeError::TooLong)?;
        Ok(range)
    }

    /// The last `days` days up to and including `today`.
    pub fn last(days: u64, today: NaiveDate) -> Self {
        let days = days.clamp(1, MAX_RANGE_DAYS);
        let from = today.checked_sub_days(Days::new(days - 1)).unwrap_or(today);
        Self { from, to: today }
    }

    pub fn from(&self) -> NaiveDate {
        self.from
    }

    pub fn to(&self) -> NaiveDate {
        self.to
    }

    /// How many days the range holds (at least 1).
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> u64 {
        self.to.signed_duration_since(self.from).num_days().unsigned_abs() + 1
    }

    /// The range of the same length that ends the day before this one starts.
    #[must_use]
    pub fn previous(&self) -> Self {
        let to = self.from.pred_opt().unwrap_or(self.from);
        let from = self.from.checked_sub_days(Days::new(self.len())).unwrap_or(to);
        Self { from, to }
    }

    /// From the start of the previous range to the end of this one.
    #[must_use]
    pub fn with_previous(&self) -> Self {
        Self { from: self.previous().from, to: self.to }
    }

    pub fn contains(&self, day: NaiveDate) -> bool {
        (self.from..=self.to).contains(&day)
    }

    /// Every day of the range, in order.
    pub fn days(&self) -> impl Iterator<Item = NaiveDate> + use<> {
        let to = self.to;
        self.from.iter_days().take_while(move |day| *day <= to)
    }
}

/// One value per day of `range`, in order: the value `known` gives for the day, else
/// `T::default()` (a day without views is a day of zeros, not a gap).
pub fn fill_days<T: Clone + Default>(range: &DayRange, known: &[(NaiveDate, T)]) -> Vec<(NaiveDate, T)> {
    let lookup: std::collections::HashMap<NaiveDate, &T> = known.iter().map(|(day, value)| (*day, value)).collect();
    range.days().map(|day| (day, lookup.get(&day).map(|value| (*value).clone()).unwrap_or_default())).collect()
}

/// Leads per 100 visitors, rounded to one decimal; `None` without visitors (no rate, rather than
/// an infinite or made-up one).
pub fn conversion_rate(leads: u64, visitors: u64) -> Option<f64> {
    if visitors == 0 {
        return None;
    }
    #[allow(clippy::cast_precision_loss)]
    let rate = leads as f64 * 100.0 / visitors as f64;
    Some((rate * 10.0).round() / 10.0)
}

/// How much `current` grew (or, negative, shrank) from `previous`, in percent rounded to one
/// decimal; `None` when there was nothing before to compare with.
pub fn change_percent(current: u64, previous: u64) -> Option<f64> {
    if previous == 0 {
        return None;
    }
    #[allow(clippy::cast_precision_loss)]
    let change = (current as f64 - previous as f64) * 100.0 / previous as f64;
    Some((change * 10.0).round() / 10.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn a_range_counts_both_ends_and_the_previous_one_is_as_long_and_just_before() {
        let range = DayRange::new(day("2026-11-01"), day("2026-11-30"), day("2026-11-30")).unwrap();
        assert_eq!(range.len(), 30);
        let previous = range.previous();
        assert_eq!((previous.from(), previous.to()), (day("2026-10-02"), day("2026-10-31")));
        assert_eq!(previous.len(), 30);
        assert_eq!(range.with_previous().len(), 60);
        let one = DayRange::new(day("2024-03-01"), day("2024-03-01"), day("2026-01-01")).unwrap();
        assert_eq!(one.len(), 1);
        assert_eq!((one.previous().from(), one.previous().to()), (day("2024-02-29"), day("2024-02-29")));
        assert_eq!(range.days().count(), 30);
        assert_eq!(range.days().last(), Some(day("2026-11-30")));
    }

    #[test]
    fn a_range_is_refused_reversed_too_long_or_in_the_future() {
        let today = day("2026-11-28");
        assert_eq!(DayRange::new(day("2026-11-02"), day("2026-11-01"), today), Err(RangeError::Reversed));
        assert!(DayRange::new(day("2023-11-29"), day("2026-11-28"), today).is_ok(), "1096 days");
        assert_eq!(DayRange::new(day("2023-11-28"), day("2026-11-28"), today), Err(RangeError::TooLong));
        assert!(DayRange::new(day("2026-11-29"), day("2026-11-29"), today).is_ok(), "tomorrow, somewhere");
        assert_eq!(DayRange::new(day("2026-11-30"), day("2026-11-30"), today), Err(RangeError::Future));
        assert_eq!(DayRange::new(NaiveDate::MIN, NaiveDate::MIN, today), Err(RangeError::TooLong));
    }

    #[test]
    fn the_last_days_end_today() {
        let range = DayRange::last(7, day("2026-11-28"));
        assert_eq!((range.from(), range.to(), range.len()), (day("2026-11-22"), day("2026-11-28"), 7));
        assert_eq!(DayRange::last(0, day("2026-11-28")).len(), 1);
        assert_eq!(DayRange::last(5000, day("2026-11-28")).len(), MAX_RANGE_DAYS);
    }

    #[test]
    fn days_without_values_are_filled_with_zeros_in_order() {
        let range = DayRange::new(day("2026-11-01"), day("2026-11-04"), day("2026-11-28")).unwrap();
        let filled = fill_days(&range, &[(day("2026-11-03"), 5_u64), (day("2026-10-31"), 9), (day("2026-11-01"), 2)]);
        assert_eq!(
            filled,
            vec![(day("2026-11-01"), 2), (day("2026-11-02"), 0), (day("2026-11-03"), 5), (day("2026-11-04"), 0)]
        );
    }

    #[test]
    fn conversion_is_leads_per_hundred_visitors_to_one_decimal() {
        assert_eq!(conversion_rate(1, 3), Some(33.3));
        assert_eq!(conversion_rate(2, 3), Some(66.7));
        assert_eq!(conversion_rate(3, 3), Some(100.0));
        assert_eq!(conversion_rate(0, 10), Some(0.0));
        assert_eq!(conversion_rate(5, 0), None);
        assert_eq!(conversion_rate(1, 800), Some(0.1));
    }

    #[test]
    fn change_is_a_percentage_of_the_previous_range() {
        assert_eq!(change_percent(150, 100), Some(50.0));
        assert_eq!(change_percent(50, 100), Some(-50.0));
        assert_eq!(change_percent(1, 3), Some(-66.7));
        assert_eq!(change_percent(10, 0), None);
        assert_eq!(change_percent(0, 0), None);
    }
}
