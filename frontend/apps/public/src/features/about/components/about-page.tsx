import {
  type TeamMember,
  type Testimonial,
  useListTeamMembers,
  useListTestimonials,
} from '@atelier/api-client/api';
import { t } from '@atelier/messages/intl';
import { LoadingPlaceholder, Skeleton } from '@atelier/ui/skeleton';
import { Fragment, type ReactElement } from 'react';
import { Link } from 'react-router';
import { PageHero } from '@/components/page-hero';
import { TESTIMONIALS_LIMIT, TestimonialCard } from '@/components/testimonial-card';
import { usePageLanguage } from '@/lib/page-language';
import { useRecordLanguage } from '@/lib/record-language';
import { ServerPreview, useKeepsServerContent } from '@/lib/server-preview';
import { defaultAbout, splitValue } from '../about-defaults';
import { type AboutContent, useAboutContent } from '../hooks/use-about-content';

/** How many team members the page shows: every active one (the most a visitor may ask for). */
export const TEAM_LIMIT = 100;

/** A member's initials, for a member without a portrait: the first letters of two words. */
export const memberInitials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');

/** The team member's card: the portrait (or initials), the name and the position. */
function MemberCard({ member }: { member: TeamMember }) {
  const avatar = member.avatar.trim();
  const language = useRecordLanguage(member.language);
  return (
    <li {...language} className="text-center">
      {avatar ? (
        <img
          src={avatar}
          alt={t('about.portrait', { name: member.name })}
          width={160}
          height={160}
          loading="lazy"
          className="mx-auto h-40 w-40 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="mx-auto flex h-40 w-40 items-center justify-center rounded-full bg-blue-100 text-4xl font-bold text-blue-800"
        >
          {memberInitials(member.name)}
        </span>
      )}
      <h3 className="mt-4 text-lg font-semibold text-gray-900">{member.name}</h3>
      <p className="text-sm text-gray-600">{member.position}</p>
    </li>
  );
}

/** The page as it reads: the about text, the team and the testimonials. */
function AboutBody({
  about,
  team,
  testimonials,
}: {
  about: AboutContent;
  team: readonly TeamMember[];
  testimonials: readonly Testimonial[];
}) {
  // The stored page's texts say their language when it is not the page's, as the server writes
  // them (`site/content/about.rs`); a built-in text is the page's language's.
  const record = useRecordLanguage(about.language);
  const shownIn = (own: boolean) => (own ? record : undefined);
  // The mission, the vision and the values are not translated: stored, they are the default
  // language's whatever the record's answer is in.
  const { defaultTag } = usePageLanguage();
  const untranslated = useRecordLanguage(about.language && (defaultTag ?? about.language));
  const shownUntranslated = (own: boolean) => (own ? untranslated : undefined);
  return (
    <>
      <PageHero
        title={about.title}
        titleLanguage={shownIn(about.own.title)}
        subtitleLanguage={shownIn(about.own.subtitle)}
      >
        {about.subtitle}
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div
          {...shownIn(about.own.description)}
          className="mx-auto max-w-3xl space-y-4 text-center text-lg leading-relaxed text-gray-700"
        >
          {about.description
            .split(/\n\s*\n/)
            .filter((paragraph) => paragraph.trim())
            .map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
        </div>
        <div className="mt-12 grid gap-8 md:grid-cols-2">
          <section aria-labelledby="about-mission" className="rounded-2xl bg-blue-50 p-8">
            <h2 id="about-mission" className="text-2xl font-semibold text-gray-900">
              {t('about.mission')}
            </h2>
            <p {...shownUntranslated(about.own.mission)} className="mt-3 text-gray-700">
              {about.mission}
            </p>
          </section>
          <section aria-labelledby="about-vision" className="rounded-2xl bg-indigo-50 p-8">
            <h2 id="about-vision" className="text-2xl font-semibold text-gray-900">
              {t('about.vision')}
            </h2>
            <p {...shownUntranslated(about.own.vision)} className="mt-3 text-gray-700">
              {about.vision}
            </p>
          </section>
        </div>
        <section aria-labelledby="about-values" className="mt-16">
          <h2 id="about-values" className="text-center text-3xl font-bold text-gray-900">
            {t('about.values')}
          </h2>
          <ul
            {...shownUntranslated(about.own.values)}
            className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-4"
          >
            {about.values.map((value) => {
              const { title, description } = splitValue(value);
              return (
                <li key={value} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-100">
                  <h3 className="font-semibold text-gray-900">{title}</h3>
                  {description && <p className="mt-2 text-sm text-gray-600">{description}</p>}
                </li>
              );
            })}
          </ul>
        </section>
        {team.length > 0 && (
          <section aria-labelledby="about-team" className="mt-16">
            <h2 id="about-team" className="text-center text-3xl font-bold text-gray-900">
              {t('about.team')}
            </h2>
            <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {team.map((member) => (
                <MemberCard key={member._id} member={member} />
              ))}
            </ul>
          </section>
        )}
        {testimonials.length > 0 && (
          <section aria-labelledby="about-testimonials" className="mt-16">
            <h2 id="about-testimonials" className="text-center text-3xl font-bold text-gray-900">
              {t('about.testimonials')}
            </h2>
            <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {testimonials.map((testimonial, index) => (
                <TestimonialCard key={testimonial._id} testimonial={testimonial} index={index} />
              ))}
            </div>
          </section>
        )}
        <div className="mt-16 text-center">
          <Link
            to="/discuss-project"
            className="inline-block rounded-full bg-blue-600 px-8 py-3 font-semibold text-white hover:bg-blue-700"
          >
            {t('about.workWithUs')}
          </Link>
        </div>
      </div>
    </>
  );
}

/**
 * /about: the about text (GET /content/about, the built-in text for what is missing), the active
 * team members (GET /team) and the approved testimonials (GET /testimonials). The server writes the
 * whole page into the page it sends and embeds the three answers (`site/content/about.rs`): the page
 * keeps the server's content until it is hydrated, then draws the same from the seeded answers.
 */
export function AboutPage() {
  const { about, loading } = useAboutContent();
  const team = useListTeamMembers({ status: 'active', limit: TEAM_LIMIT });
  const testimonials = useListTestimonials({ status: 'approved', limit: TESTIMONIALS_LIMIT });
  const keepsServerContent = useKeepsServerContent();
  if (loading || team.isPending || testimonials.isPending || keepsServerContent) {
    // The built-in title whatever the cache holds: this is the markup the build pre-rendered.
    const standIn = defaultAbout();
    return (
      <>
        <ServerPreview />
        <div>
          <PageHero title={standIn.title}>{standIn.subtitle}</PageHero>
          <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
            <LoadingPlaceholder label={t('about.loading')} className="min-h-96 space-y-4">
              <Skeleton className="mx-auto h-4 w-2/3" />
              <Skeleton className="mx-auto h-4 w-1/2" />
              <div className="mt-12 grid gap-8 md:grid-cols-2">
                <Skeleton className="h-40 rounded-2xl" />
                <Skeleton className="h-40 rounded-2xl" />
              </div>
            </LoadingPlaceholder>
          </div>
        </div>
      </>
    );
  }
  return (
    <AboutBody
      about={about}
      team={team.data?.teamMembers ?? []}
      testimonials={testimonials.data?.testimonials ?? []}
    />
  );
}

/**
 * The built-in about text as the server's content of the page takes it from the build (`pages.json`
 * parts, `crates/adapters-http/src/site/content/about.rs`): each text as text, and the values one
 * part each (`value:0`, `value:1`, …).
 */
export const aboutParts = (): Record<string, ReactElement> => {
  const builtIn = defaultAbout();
  return {
    title: <Fragment>{builtIn.title}</Fragment>,
    subtitle: <Fragment>{builtIn.subtitle}</Fragment>,
    description: <Fragment>{builtIn.description}</Fragment>,
    mission: <Fragment>{builtIn.mission}</Fragment>,
    vision: <Fragment>{builtIn.vision}</Fragment>,
    ...Object.fromEntries(
      builtIn.values.map((value, index) => [
        `value:${index}`,
        <Fragment key={value}>{value}</Fragment>,
      ]),
    ),
  };
};
