//! Summing the statistics of a range from its two sources: the rolled-up days' totals, as the store
//! sums them, and the days not rolled up yet, summed here from their raw views by the very function
//! the rollup uses ([`DayTotals::of`]), so a day counts the same whichever source answers for it.

use std::collections::{BTreeMap, HashMap, HashSet};

use atelier_domain::insights::{DayRange, conversion_rate};
use atelier_domain::page_view::{Count, DayTotals, Dimension};
use chrono::NaiveDate;

use super::ports::LeadOrigin;

/// Views and visitors under one value of a dimension, over a range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranked {
    pub value: String,
    pub views: u64,
    pub visitors: u64,
}

/// A landing page or a source with the leads it brought and its conversion rate.
#[derive(Debug, Clone, PartialEq)]
pub struct Conversion {
    pub value: String,
    pub visitors: u64,
    pub leads: u64,
    /// Leads per 100 visitors, one decimal; `None` without visitors.
    pub rate: Option<f64>,
}

/// The days of a range that are not rolled up yet, with their totals summed from the raw views.
#[derive(Debug, Clone, Default)]
pub struct RawDays(pub Vec<DayTotals>);

impl RawDays {
    /// The days, for the store's sums to leave out.
    pub fn days(&self) -> Vec<NaiveDate> {
        self.0.iter().map(|totals| totals.day).collect()
    }

    /// Per raw day of `range`, the count of `value` under `dimension` (days without it left out).
    pub fn daily(&self, dimension: Dimension, value: &str, range: DayRange) -> Vec<(NaiveDate, Count)> {
        self.0
            .iter()
            .filter(|totals| range.contains(totals.day))
            .filter_map(|totals| totals.counts.get(&(dimension, value.to_owned())).map(|count| (totals.day, *count)))
            .collect()
    }

    /// Per value of `dimension` starting with `prefix`, the counts of the raw days of `range`.
    pub fn summed(&self, dimension: Dimension, prefix: &str, range: DayRange) -> Vec<(String, Count)> {
        self.0
            .iter()
            .filter(|totals| range.contains(totals.day))
            .flat_map(|totals| totals.counts.iter())
            .filter(|((held, value), _)| *held == dimension && value.starts_with(prefix))
            .map(|((_, value), count)| (value.clone(), *count))
            .collect()
    }
}

/// The days in `raw` that are not in `rolled`: the days to sum from their raw views.
pub fn unrolled(raw: &[NaiveDate], rolled: &[(NaiveDate, Count)]) -> Vec<NaiveDate> {
    let rolled: HashSet<NaiveDate> = rolled.iter().map(|(day, _)| *day).collect();
    raw.iter().copied().filter(|day| !rolled.contains(day)).collect()
}

/// Adds up counts by key.
pub fn add_up<K: Ord + Clone>(parts: impl IntoIterator<Item = (K, Count)>) -> BTreeMap<K, Count> {
    let mut sums: BTreeMap<K, Count> = BTreeMap::new();
    for (key, count) in parts {
        let sum = sums.entry(key).or_default();
        sum.views += count.views;
        sum.visitors += count.visitors;
    }
    sums
}

/// The values by views (then visitors, then value), the first `limit` of them.
pub fn ranked(sums: BTreeMap<String, Count>, limit: usize) -> Vec<Ranked> {
    let mut rows: Vec<Ranked> =
        sums.into_iter().map(|(value, count)| Ranked { value, views: count.views, visitors: count.visitors }).collect();
    rows.sort_by(|a, b| b.views.cmp(&a.views).then(b.visitors.cmp(&a.visitors)).then(a.value.cmp(&b.value)));
    rows.truncate(limit);
    rows
}

/// How many leads each key brought.
pub fn leads_by<'a>(leads: &'a [LeadOrigin], key: impl Fn(&'a LeadOrigin) -> Option<String>) -> HashMap<String, u64> {
    let mut counts = HashMap::new();
    for lead in leads {
        if let Some(key) = key(lead) {
            *counts.entry(key).or_insert(0) += 1;
        }
    }
    counts
}

/// Each value's visitors beside its leads, by leads (then visitors, then value), the first `limit`.
/// A value with leads and no recorded visitor is listed too (its rate is `None`).
pub fn conversions(visitors: &BTreeMap<String, Count>, leads: &HashMap<String, u64>, limit: usize) -> Vec<Conversion> {
    let values: HashSet<&String> = visitors.keys().chain(leads.keys()).collect();
    let mut rows: Vec<Conversion> = values
        .into_iter()
        .map(|value| {
            let visitors = visitors.get(value).map_or(0, |count| count.visitors);
            let leads = leads.get(value).copied().unwrap_or(0);
            Conversion { value: value.clone(), visitors, leads, rate: conversion_rate(leads, visitors) }
        })
        .collect();
    rows.sort_by(|a, b| b.leads.cmp(&a.leads).then(b.visitors.cmp(&a.visitors)).then(a.value.cmp(&b.value)));
    rows.truncate(limit);
    rows
}
