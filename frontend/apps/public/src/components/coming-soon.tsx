import { Link } from 'react-router';
import { PageHero } from './page-hero';

export interface ComingSoonProps {
  title: string;
  /** What the finished section will offer. */
  description: string;
}

/** A page whose section is still being built. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <>
      <PageHero title={title}>{description}</PageHero>
      <section className="mx-auto max-w-2xl px-4 py-16 text-center">
        <p className="text-lg text-gray-700">
          This section is coming soon. In the meantime, we are happy to talk about your project.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-4 sm:flex-row">
          <Link
            to="/services"
            className="rounded-full bg-blue-600 px-6 py-3 font-semibold text-white hover:bg-blue-700"
          >
            Explore Our Services
          </Link>
          <Link
            to="/"
            className="rounded-full border-2 border-blue-600 px-6 py-3 font-semibold text-blue-600 hover:bg-blue-50"
          >
            Back to Home
          </Link>
        </div>
      </section>
    </>
  );
}
