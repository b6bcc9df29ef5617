import { Icon } from '@atelier/ui/icon';
import { faAward } from '@fortawesome/free-solid-svg-icons/faAward';
import { faChartLine } from '@fortawesome/free-solid-svg-icons/faChartLine';
import { faClock } from '@fortawesome/free-solid-svg-icons/faClock';
import { faCode } from '@fortawesome/free-solid-svg-icons/faCode';
import { faHandshake } from '@fortawesome/free-solid-svg-icons/faHandshake';
import { faLock } from '@fortawesome/free-solid-svg-icons/faLock';
import { SiteLinks } from '@/components/site-link';
import { useHomeSection } from '@/hooks/use-home-page';
import { Statistics } from './statistics';

/** The reasons' icons, in order; a reason past the last takes them again from the first. */
export const ICONS = [faAward, faClock, faCode, faLock, faChartLine, faHandshake];

const BUTTON_CLASSES: readonly [string, string] = [
  'rounded-full bg-white px-8 py-3 font-semibold text-blue-800 hover:bg-blue-50',
  'rounded-full border-2 border-white px-8 py-3 font-semibold text-white hover:bg-white/10',
];

/** 'Why Hire Our Company': reasons, animated figures and the process; desktop only. */
export function WhyHireSection() {
  const section = useHomeSection('why-hire');
  if (!section.visible) return null;
  return (
    <section
      aria-labelledby="why-hire-heading"
      data-testid="why-hire"
      className="hidden bg-gradient-to-br from-slate-900 to-blue-900 py-20 text-white lg:block"
    >
      <div className="mx-auto max-w-7xl px-8">
        <h2 id="why-hire-heading" className="text-center text-4xl font-bold">
          {section.heading}
        </h2>
        {section.subheading && (
          <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-blue-100">
            {section.subheading}
          </p>
        )}
        <ul className="mt-12 grid grid-cols-3 gap-6">
          {section.items.map((reason, index) => (
            <li key={`${reason.title}-${reason.text}`} className="rounded-2xl bg-white/5 p-6">
              <Icon
                icon={ICONS[index % ICONS.length] ?? faAward}
                aria-hidden="true"
                className="h-6 w-6 text-blue-300"
              />
              <h3 className="mt-4 text-lg font-semibold">{reason.title}</h3>
              <p className="mt-2 text-sm text-blue-100">{reason.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-14">
          <Statistics figures={section.figures} />
          {(section.note.title || section.note.text) && (
            <p className="mt-6 text-center text-blue-100">
              <strong className="text-white">{section.note.title}</strong> {section.note.text}
            </p>
          )}
        </div>
        {section.stepsHeading && (
          <h3 className="mt-14 text-center text-2xl font-bold">{section.stepsHeading}</h3>
        )}
        <ol className="mt-8 grid grid-cols-6 gap-4">
          {section.steps.map((step, index) => (
            <li key={step} className="text-center">
              <span
                aria-hidden="true"
                className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-blue-500 font-bold"
              >
                {index + 1}
              </span>
              <span className="mt-3 block text-sm font-medium">{step}</span>
            </li>
          ))}
        </ol>
        <div className="mt-14 flex justify-center gap-4">
          <SiteLinks links={section.links} classes={BUTTON_CLASSES} />
        </div>
      </div>
    </section>
  );
}
