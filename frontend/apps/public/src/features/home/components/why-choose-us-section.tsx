import { Icon } from '@atelier/ui/icon';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '@atelier/ui/use-media-query';
import { faBolt } from '@fortawesome/free-solid-svg-icons/faBolt';
import { faComments } from '@fortawesome/free-solid-svg-icons/faComments';
import { faGears } from '@fortawesome/free-solid-svg-icons/faGears';
import { faHeadset } from '@fortawesome/free-solid-svg-icons/faHeadset';
import { faShieldHalved } from '@fortawesome/free-solid-svg-icons/faShieldHalved';
import { faUsers } from '@fortawesome/free-solid-svg-icons/faUsers';
import { useEffect, useState } from 'react';
import { useHomeSection } from '@/hooks/use-home-page';

/** The highlighted feature moves on this often. */
export const WHY_CHOOSE_US_ROTATE_MS = 3000;

/** The reasons' icons, in order; a reason past the last takes them again from the first. */
export const ICONS = [faUsers, faBolt, faShieldHalved, faComments, faGears, faHeadset];

/** 'Why Choose Us': six features, one highlighted in turn; desktop only. */
export function WhyChooseUsSection() {
  const section = useHomeSection('why-choose-us');
  const reasons = section.items;
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a choice restarts the period
  useEffect(() => {
    if (paused || reducedMotion) return;
    const timer = setInterval(
      () => setActive((current) => (current + 1) % Math.max(reasons.length, 1)),
      WHY_CHOOSE_US_ROTATE_MS,
    );
    return () => clearInterval(timer);
  }, [paused, reducedMotion, active, reasons.length]);

  const feature = reasons[active] ?? reasons[0];
  if (!section.visible || !feature) return null;
  const iconOf = (index: number) => ICONS[index % ICONS.length] ?? faUsers;

  return (
    <section
      aria-labelledby="why-choose-us-heading"
      data-testid="why-choose-us"
      className="hidden bg-white py-20 lg:block"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
    >
      <div className="mx-auto max-w-7xl px-8">
        <h2 id="why-choose-us-heading" className="text-center text-4xl font-bold text-gray-900">
          {section.heading}
        </h2>
        {section.subheading && (
          <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-gray-600">
            {section.subheading}
          </p>
        )}
        <div className="mt-12 grid grid-cols-2 items-center gap-12">
          <ul className="space-y-3">
            {reasons.map((item, index) => (
              <li key={`${item.title}-${item.text}`}>
                <button
                  type="button"
                  aria-pressed={index === active}
                  onClick={() => setActive(index)}
                  className={`flex w-full items-center gap-4 rounded-xl px-5 py-4 text-left transition-colors ${
                    index === active
                      ? 'bg-blue-600 text-white shadow-lg'
                      : 'bg-gray-50 text-gray-800 hover:bg-blue-50'
                  }`}
                >
                  <Icon icon={iconOf(index)} aria-hidden="true" className="h-5 w-5" />
                  <span className="font-semibold">{item.title}</span>
                </button>
              </li>
            ))}
          </ul>
          <div
            aria-live="polite"
            className="rounded-3xl bg-gradient-to-br from-blue-50 to-indigo-100 p-10"
          >
            <Icon icon={iconOf(active)} aria-hidden="true" className="h-10 w-10 text-blue-600" />
            <h3 className="mt-6 text-2xl font-bold text-gray-900">{feature.title}</h3>
            <p className="mt-3 text-lg text-gray-700">{feature.text}</p>
          </div>
        </div>
      </div>
    </section>
  );
}
