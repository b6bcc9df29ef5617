import { Link } from 'react-router';
import { PageHero } from '@/components/page-hero';

/** /custom-service: a placeholder page that sends visitors to the project request form. */
export function CustomServiceRoute() {
  return (
    <>
      <PageHero title="Custom Services">Solutions shaped around your business.</PageHero>
      <section className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h2 className="text-2xl font-bold text-gray-900">Need Something Different?</h2>
        <p className="mt-4 text-lg text-gray-700">
          Not every problem fits a package. Tell us what you need, whether it is an integration, an
          internal tool or a product nobody has built yet, and we will shape a solution around it.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-4 sm:flex-row">
          <Link
            to="/discuss-project"
            className="rounded-full bg-blue-600 px-6 py-3 font-semibold text-white hover:bg-blue-700"
          >
            Discuss Your Project
          </Link>
          <Link
            to="/services"
            className="rounded-full border-2 border-blue-600 px-6 py-3 font-semibold text-blue-700 hover:bg-blue-50"
          >
            View All Services
          </Link>
        </div>
      </section>
    </>
  );
}
