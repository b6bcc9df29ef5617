import type { HomePage, HomeSection } from '@atelier/api-client/api';
import type { ReactNode } from 'react';
import { sectionLabel } from './home-page-form';

function Links({ links }: { links: HomePage['hero']['links'] }) {
  if (links.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2">
      {links.map((link) => (
        <li
          key={`${link.label}-${link.target}`}
          className="rounded-full border border-blue-600 px-3 py-1 text-sm text-blue-700"
        >
          {link.label} <span className="text-gray-500">→ {link.target}</span>
        </li>
      ))}
    </ul>
  );
}

function Block({
  title,
  muted,
  children,
}: {
  title: string;
  muted?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className={`rounded-xl border p-4 ${muted ? 'border-dashed border-gray-300 bg-gray-50 opacity-70' : 'border-gray-200 bg-white'}`}
    >
      <h3 className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{title}</h3>
      <div className="mt-2 space-y-1 text-gray-900">{children}</div>
    </section>
  );
}

function SectionView({ section }: { section: HomeSection }) {
  const title = `${sectionLabel(section.key)}${section.visible ? '' : ' (hidden)'}`;
  return (
    <Block title={title} muted={!section.visible}>
      {section.heading && <p className="text-lg font-bold">{section.heading}</p>}
      {section.subheading && <p className="text-gray-600">{section.subheading}</p>}
      {section.items.length > 0 && (
        <ul className="list-disc pl-5 text-sm">
          {section.items.map((item) => (
            <li key={`${item.title}-${item.text}`}>
              <strong>{item.title}</strong> {item.text}
            </li>
          ))}
        </ul>
      )}
      {section.figures.length > 0 && (
        <p className="text-sm">
          {section.figures
            .map((figure) => `${figure.value}${figure.suffix} ${figure.label}`)
            .join(' · ')}
        </p>
      )}
      {(section.note.title || section.note.text) && (
        <p className="text-sm">
          <strong>{section.note.title}</strong> {section.note.text}
        </p>
      )}
      {section.steps.length > 0 && (
        <p className="text-sm">
          {section.stepsHeading && <strong>{section.stepsHeading}: </strong>}
          {section.steps.join(' → ')}
        </p>
      )}
      <Links links={section.links} />
    </Block>
  );
}

/** The home page as visitors read it, section by section in the page's order: the view mode. */
export function HomePageView({ home }: { home: HomePage | undefined }) {
  if (!home) return null;
  return (
    <div className="space-y-3">
      <Block title="Hero">
        <p className="text-2xl font-extrabold">{home.hero.title}</p>
        <p className="text-gray-600">{home.hero.subtitle}</p>
        <Links links={home.hero.links} />
        {home.hero.trustedBy && <p className="text-sm text-gray-500">{home.hero.trustedBy}</p>}
      </Block>
      {home.sections.map((section) => (
        <SectionView key={section.key} section={section} />
      ))}
      <Block title="Footer services">
        <p className="text-sm">{home.footerServices.join(' · ') || 'None'}</p>
      </Block>
    </div>
  );
}
