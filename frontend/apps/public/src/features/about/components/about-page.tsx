import { Link } from 'react-router';
import { PageHero } from '@/components/page-hero';
import { DEFAULT_ABOUT, splitValue } from '../about-defaults';
import { TEAM } from '../team';

/** /about: static text with the mission, vision, values and the team. */
export function AboutPage() {
  const about = DEFAULT_ABOUT;
  return (
    <>
      <PageHero title="About Us">{about.subtitle}</PageHero>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <p className="mx-auto max-w-3xl text-center text-lg leading-relaxed text-gray-700">
          {about.description}
        </p>
        <div className="mt-12 grid gap-8 md:grid-cols-2">
          <section aria-labelledby="about-mission" className="rounded-2xl bg-blue-50 p-8">
            <h2 id="about-mission" className="text-2xl font-semibold text-gray-900">
              Our Mission
            </h2>
            <p className="mt-3 text-gray-700">{about.mission}</p>
          </section>
          <section aria-labelledby="about-vision" className="rounded-2xl bg-indigo-50 p-8">
            <h2 id="about-vision" className="text-2xl font-semibold text-gray-900">
              Our Vision
            </h2>
            <p className="mt-3 text-gray-700">{about.vision}</p>
          </section>
        </div>
        <section aria-labelledby="about-values" className="mt-16">
          <h2 id="about-values" className="text-center text-3xl font-bold text-gray-900">
            Our Core Values
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
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
        <section aria-labelledby="about-team" className="mt-16">
          <h2 id="about-team" className="text-center text-3xl font-bold text-gray-900">
            Meet Our Team
          </h2>
          <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {TEAM.map((member) => (
              <li key={member.name} className="text-center">
                <img
                  src={member.image}
                  alt={`Portrait of ${member.name}`}
                  width={160}
                  height={160}
                  loading="lazy"
                  className="mx-auto h-40 w-40 rounded-full object-cover"
                />
                <h3 className="mt-4 text-lg font-semibold text-gray-900">{member.name}</h3>
                <p className="text-sm text-gray-600">{member.role}</p>
              </li>
            ))}
          </ul>
        </section>
        <div className="mt-16 text-center">
          <Link
            to="/discuss-project"
            className="inline-block rounded-full bg-blue-600 px-8 py-3 font-semibold text-white hover:bg-blue-700"
          >
            Work With Us
          </Link>
        </div>
      </div>
    </>
  );
}
