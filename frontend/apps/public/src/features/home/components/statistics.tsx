import type { HomeFigure } from '@atelier/api-client/api';
import { useRef } from 'react';
import { useCountUp, useSeenOnce } from '../hooks/use-count-up';

/** The agency's figures (public-site.md §9), set on the Home page screen: they count up from zero when the block is 10 % visible. */
export function Statistics({ figures }: { figures: readonly HomeFigure[] }) {
  const ref = useRef<HTMLDListElement>(null);
  const seen = useSeenOnce(ref);
  const values = useCountUp(
    figures.map((statistic) => statistic.value),
    seen,
  );
  return (
    <dl ref={ref} className="grid grid-cols-4 gap-6" data-testid="statistics">
      {figures.map((statistic, index) => (
        <div
          key={statistic.label}
          className="flex flex-col-reverse rounded-2xl bg-white/10 p-6 text-center"
        >
          <dt className="mt-2 text-sm text-blue-100">{statistic.label}</dt>
          <dd className="text-4xl font-extrabold text-white">
            <span aria-hidden="true">
              {values[index]}
              {statistic.suffix}
            </span>
            <span className="sr-only">
              {statistic.value}
              {statistic.suffix}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
