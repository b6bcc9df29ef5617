import { Icon } from '@atelier/ui/icon';
import {
  faAward,
  faChartLine,
  faClock,
  faCode,
  faHandshake,
  faLock,
} from '@fortawesome/free-solid-svg-icons';
import { Link } from 'react-router';
import { Statistics } from './statistics';

const REASONS = [
  {
    title: 'Proven Track Record',
    text: 'Hundreds of projects delivered for happy clients.',
    icon: faAward,
  },
  {
    title: 'On-Time Delivery',
    text: '95% of our projects ship on or before the agreed date.',
    icon: faClock,
  },
  {
    title: 'Clean, Modern Code',
    text: 'Maintainable software your next team will thank you for.',
    icon: faCode,
  },
  {
    title: 'Security Built In',
    text: 'Secure defaults, reviews and audits at every step.',
    icon: faLock,
  },
  {
    title: 'Measurable Results',
    text: 'We agree on goals up front and report against them.',
    icon: faChartLine,
  },
  {
    title: 'Long-Term Partnership',
    text: 'We stay with you after launch as your product grows.',
    icon: faHandshake,
  },
] as const;

const PROCESS = [
  'Discovery',
  'Planning',
  'Design',
  'Development',
  'Testing',
  'Launch & Support',
] as const;

/** 'Why Hire Our Company': reasons, animated figures and the process; desktop only. */
export function WhyHireSection() {
  return (
    <section
      aria-labelledby="why-hire-heading"
      data-testid="why-hire"
      className="hidden bg-gradient-to-br from-slate-900 to-blue-900 py-20 text-white lg:block"
    >
      <div className="mx-auto max-w-7xl px-8">
        <h2 id="why-hire-heading" className="text-center text-4xl font-bold">
          Why Hire Our Company
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-blue-100">
          A partner that combines craft, speed and accountability.
        </p>
        <ul className="mt-12 grid grid-cols-3 gap-6">
          {REASONS.map((reason) => (
            <li key={reason.title} className="rounded-2xl bg-white/5 p-6">
              <Icon icon={reason.icon} aria-hidden="true" className="h-6 w-6 text-blue-300" />
              <h3 className="mt-4 text-lg font-semibold">{reason.title}</h3>
              <p className="mt-2 text-sm text-blue-100">{reason.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-14">
          <Statistics />
          <p className="mt-6 text-center text-blue-100">
            <strong className="text-white">95% on-time delivery</strong> across every project in the
            last three years.
          </p>
        </div>
        <h3 className="mt-14 text-center text-2xl font-bold">How We Work</h3>
        <ol className="mt-8 grid grid-cols-6 gap-4">
          {PROCESS.map((step, index) => (
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
          <Link
            to="/discuss-project"
            className="rounded-full bg-white px-8 py-3 font-semibold text-blue-800 hover:bg-blue-50"
          >
            Start Your Project
          </Link>
          <Link
            to="/portfolio"
            className="rounded-full border-2 border-white px-8 py-3 font-semibold text-white hover:bg-white/10"
          >
            View Our Work
          </Link>
        </div>
      </div>
    </section>
  );
}
