import { Icon } from '@atelier/ui/icon';
import { faCalendarCheck } from '@fortawesome/free-solid-svg-icons/faCalendarCheck';
import { faComments } from '@fortawesome/free-solid-svg-icons/faComments';
import { faPhone } from '@fortawesome/free-solid-svg-icons/faPhone';
import { Link } from 'react-router';
import { useContactDetails } from '@/hooks/use-contact-details';
import { useHomeSection } from '@/hooks/use-home-page';
import { telHref } from '@/lib/contact';

const cardClass =
  'flex flex-col items-center rounded-2xl bg-white/10 p-8 text-center transition-colors hover:bg-white/20';

/** 'Let's Work Together' (#contact): Contact Us, a phone link and Book Now. */
export function WorkTogetherSection() {
  const { phone } = useContactDetails();
  const section = useHomeSection('contact');
  if (!section.visible) return null;
  // The three cards lead to the contact page, the phone and the quote page; their words are the owner's.
  const card = (index: number) => section.items[index] ?? { title: '', text: '' };
  return (
    <section
      id="contact"
      aria-labelledby="work-together-heading"
      className="bg-gradient-to-r from-blue-600 to-indigo-700 py-20 text-white"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="work-together-heading" className="text-center text-3xl font-bold md:text-4xl">
          {section.heading}
        </h2>
        {section.subheading && (
          <p className="mx-auto mt-4 max-w-2xl text-center text-blue-100">{section.subheading}</p>
        )}
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          <Link to="/contact" className={cardClass}>
            <Icon icon={faComments} className="h-8 w-8" aria-hidden="true" />
            <span className="mt-4 text-xl font-semibold">{card(0).title}</span>
            <span className="mt-2 text-sm text-blue-100">{card(0).text}</span>
          </Link>
          <a href={telHref(phone)} className={cardClass}>
            <Icon icon={faPhone} className="h-8 w-8" aria-hidden="true" />
            <span className="mt-4 text-xl font-semibold">{card(1).title}</span>
            <span className="mt-2 text-sm text-blue-100">{phone || card(1).text}</span>
          </a>
          <Link to="/discuss-project" className={cardClass}>
            <Icon icon={faCalendarCheck} className="h-8 w-8" aria-hidden="true" />
            <span className="mt-4 text-xl font-semibold">{card(2).title}</span>
            <span className="mt-2 text-sm text-blue-100">{card(2).text}</span>
          </Link>
        </div>
      </div>
    </section>
  );
}
