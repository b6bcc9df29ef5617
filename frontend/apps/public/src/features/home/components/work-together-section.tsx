import { Icon } from '@atelier/ui/icon';
import { faCalendarCheck, faComments, faPhone } from '@fortawesome/free-solid-svg-icons';
import { Link } from 'react-router';
import { useContactDetails } from '@/hooks/use-contact-details';
import { telHref } from '@/lib/contact';

const cardClass =
  'flex flex-col items-center rounded-2xl bg-white/10 p-8 text-center transition-colors hover:bg-white/20';

/** 'Let's Work Together' (#contact): Contact Us, a phone link and Book Now. */
export function WorkTogetherSection() {
  const { phone } = useContactDetails();
  return (
    <section
      id="contact"
      aria-labelledby="work-together-heading"
      className="bg-gradient-to-r from-blue-600 to-indigo-700 py-20 text-white"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="work-together-heading" className="text-center text-3xl font-bold md:text-4xl">
          Let's Work Together
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-blue-100">
          Tell us where you want to go; we will help you get there.
        </p>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          <Link to="/contact" className={cardClass}>
            <Icon icon={faComments} className="h-8 w-8" aria-hidden="true" />
            <span className="mt-4 text-xl font-semibold">Contact Us</span>
            <span className="mt-2 text-sm text-blue-100">Send us a message</span>
          </Link>
          <a href={telHref(phone)} className={cardClass}>
            <Icon icon={faPhone} className="h-8 w-8" aria-hidden="true" />
            <span className="mt-4 text-xl font-semibold">Call Us</span>
            <span className="mt-2 text-sm text-blue-100">{phone}</span>
          </a>
          <Link to="/discuss-project" className={cardClass}>
            <Icon icon={faCalendarCheck} className="h-8 w-8" aria-hidden="true" />
            <span className="mt-4 text-xl font-semibold">Book Now</span>
            <span className="mt-2 text-sm text-blue-100">Plan your project with us</span>
          </Link>
        </div>
      </div>
    </section>
  );
}
