import type { Insights } from '@atelier/api-client/api';
import { Figures } from './figures';
import { type ChartRow, SeriesChart } from './series-chart';
import { ConversionTable, TopTable } from './top-tables';

const CURRENT = '#2563eb';
const PREVIOUS = '#94a3b8';

const direct = (value: string) => value || 'Direct or unknown';
const device = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** The day rows of a chart: this range's days, each beside the previous range's day at its place. */
const dayRows = (insights: Insights): ChartRow[] =>
  insights.current.days.map((day, index) => {
    const before = insights.previous.days[index];
    return {
      day: day.day,
      visitors: day.visitors,
      views: day.views,
      leads: day.leads,
      previousVisitors: before?.visitors ?? 0,
      previousLeads: before?.leads ?? 0,
    };
  });

/** Everything the screen shows for a range that has numbers. */
export function InsightsReport({ insights }: { insights: Insights }) {
  const rows = dayRows(insights);
  return (
    <div className="space-y-6">
      <Figures
        current={insights.current.totals}
        previous={insights.previous.totals}
        change={insights.change}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
          <SeriesChart
            title="Visitors and views per day"
            rows={rows}
            series={[
              { key: 'visitors', label: 'Visitors', colour: CURRENT },
              { key: 'views', label: 'Views', colour: '#7c3aed' },
              {
                key: 'previousVisitors',
                label: 'Visitors, previous range',
                colour: PREVIOUS,
                dashed: true,
              },
            ]}
          />
        </section>
        <section className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
          <SeriesChart
            title="Leads per day"
            kind="bar"
            rows={rows}
            series={[
              { key: 'leads', label: 'Leads', colour: '#059669' },
              { key: 'previousLeads', label: 'Leads, previous range', colour: PREVIOUS },
            ]}
          />
        </section>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <TopTable title="Top pages" column="Page" rows={insights.pages} />
        <TopTable
          title="Top posts"
          column="Post"
          rows={insights.posts.map((post) => ({ ...post, value: post.title ?? post.slug }))}
        />
        <TopTable title="Referrers" column="Site" rows={insights.referrers} label={direct} />
        <TopTable title="Campaigns" column="Source / medium / campaign" rows={insights.campaigns} />
        <TopTable title="Devices" column="Device" rows={insights.devices} label={device} />
        <ConversionTable
          title="Conversion by source"
          column="Source"
          rows={insights.sources}
          unrecorded={insights.unattributedLeads}
          label={direct}
        />
      </div>
      <ConversionTable
        title="Conversion by landing page"
        column="Landing page"
        rows={insights.landingPages}
        unrecorded={insights.unattributedLeads}
      />
    </div>
  );
}
