import { useGetSettings } from '@atelier/api-client/api';
import { type MessageId, t } from '@atelier/messages/intl';
import { Icon } from '@atelier/ui/icon';
import { Spinner } from '@atelier/ui/spinner';
import { Link } from 'react-router';
import { ContactDetailsList } from '@/components/contact-details-list';
import { type ContactDetailsView, useContactDetails } from '@/hooks/use-contact-details';
import { useHomePage } from '@/hooks/use-home-page';
import { FALLBACK_CONTACT } from '@/lib/contact';
import { FOOTER_SLOT, ServerPreview, useKeepsServerContent } from '@/lib/server-preview';
import { socialLinks } from '../social-links';
import { BrandLogo } from './brand-logo';

const QUICK_LINKS: readonly { label: MessageId; to: string }[] = [
  { label: 'nav.home', to: '/' },
  { label: 'nav.about', to: '/about' },
  { label: 'nav.portfolio', to: '/portfolio' },
  { label: 'nav.contact', to: '/contact' },
  { label: 'nav.getQuote', to: '/discuss-project' },
];

const POLICY_LINKS: readonly { label: MessageId; to: string }[] = [
  { label: 'policy.privacy', to: '/privacy-policy' },
  { label: 'policy.terms', to: '/terms-of-service' },
  { label: 'policy.cookies', to: '/cookie-policy' },
];

const headingClass = 'mb-4 text-lg font-semibold text-white';
const linkClass = 'text-gray-400 transition-colors hover:text-white';
/** The contact list's icons (`ContactDetailsList`'s `iconClassName`). */
export const FOOTER_ICON_CLASS = 'text-blue-400';

/** A spinner while loading; the server's details, each only when present; else the fallback. */
function ContactInfo({ contact }: { contact: ContactDetailsView }) {
  if (contact.loading)
    return <Spinner label={t('footer.loadingContact')} className="justify-start py-2" />;
  return (
    <ContactDetailsList
      className="space-y-3 text-gray-400"
      email={contact.email}
      phone={contact.phone}
      address={contact.address}
      linkClassName={linkClass}
      iconClassName={FOOTER_ICON_CLASS}
    />
  );
}

/** The footer's contact list without saved details: the fixed fallback ones. */
export const FallbackContactInfo = () => (
  <ContactInfo
    contact={{
      loading: false,
      loaded: false,
      email: FALLBACK_CONTACT.email,
      phone: FALLBACK_CONTACT.phone,
      address: [FALLBACK_CONTACT.address, FALLBACK_CONTACT.city, FALLBACK_CONTACT.country],
      googleMapsUrl: '',
      socialMedia: undefined,
    }}
  />
);

/** Before the settings arrive: the demo's name and description. */
const FALLBACK_NAME = 'Atelier';

/**
 * The site's name and description as the owner set them in Settings (one description, used
 * everywhere: here, the home page's meta description, structured data and link previews).
 */
const useSiteIdentity = () => {
  const { data } = useGetSettings(undefined, {
    query: { staleTime: Number.POSITIVE_INFINITY, retry: false },
  });
  return {
    name: data?.siteName.trim() || FALLBACK_NAME,
    description: data ? data.siteDescription.trim() : t('footer.fallbackDescription'),
  };
};

/**
 * The site's footer. The server writes it into every page it sends (`content/footer.rs`, with the
 * answers it reads embedded): while React adopts the page it keeps that markup, then draws the same
 * footer from those answers.
 */
export function Footer() {
  const keepsServerContent = useKeepsServerContent();
  if (keepsServerContent) return <ServerPreview name={FOOTER_SLOT} />;
  return <SiteFooter />;
}

function SiteFooter() {
  const contact = useContactDetails();
  const site = useSiteIdentity();
  const { footerServices } = useHomePage();
  return (
    <footer className="bg-gray-900 text-gray-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <section aria-label={t('footer.about', { siteName: FALLBACK_NAME })}>
          <Link to="/" aria-label={t('nav.homeLink', { siteName: FALLBACK_NAME })}>
            <BrandLogo inverted />
          </Link>
          {site.description && (
            <p className="mt-4 text-sm leading-relaxed text-gray-400">{site.description}</p>
          )}
          <ul className="mt-5 flex gap-3">
            {socialLinks(contact.socialMedia).map((link) => (
              <li key={link.network}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={link.label}
                  className="flex h-9 w-9 items-center justify-center rounded-full bg-gray-800 text-gray-300 transition-colors hover:bg-blue-600 hover:text-white"
                >
                  <Icon icon={link.icon} aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-services">
          <h2 id="footer-services" className={headingClass}>
            {t('footer.services')}
          </h2>
          <ul className="space-y-2 text-sm">
            {footerServices.map((name) => (
              <li key={name}>
                <Link to={{ pathname: '/', hash: '#services' }} className={linkClass}>
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={headingClass}>
            {t('footer.quickLinks')}
          </h2>
          <ul className="space-y-2 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={headingClass}>
            {t('footer.contactInfo')}
          </h2>
          <ContactInfo contact={contact} />
        </section>
      </div>

      <div className="border-t border-gray-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-gray-400 sm:flex-row sm:px-6 lg:px-8">
          <p>
            {t('footer.copyright', { year: String(new Date().getFullYear()), siteName: site.name })}
          </p>
          <ul className="flex flex-wrap gap-4">
            {POLICY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
