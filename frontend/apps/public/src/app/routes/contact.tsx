import { t } from '@atelier/messages/intl';
import { ContactDetailsList } from '@/components/contact-details-list';
import { PageHero } from '@/components/page-hero';
import { ContactForm } from '@/features/contact/components/contact-form';
import { useSubmitContact } from '@/features/contact/hooks/use-submit-contact';
import { useContactDetails } from '@/hooks/use-contact-details';

/** /contact: the contact form and the agency's contact information. */
export function ContactRoute() {
  const submit = useSubmitContact();
  const contact = useContactDetails();
  return (
    <>
      <PageHero title={t('contact.title')}>{t('contact.intro')}</PageHero>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-3 lg:px-8">
        <div className="lg:col-span-2">
          <ContactForm submit={submit} />
        </div>
        <aside aria-labelledby="contact-info-heading" className="rounded-2xl bg-gray-50 p-6">
          <h2 id="contact-info-heading" className="text-xl font-semibold text-gray-900">
            {t('contact.infoHeading')}
          </h2>
          <ContactDetailsList
            className="mt-6 space-y-4 text-gray-700"
            email={contact.email}
            phone={contact.phone}
            address={contact.address}
          />
          {contact.googleMapsUrl && (
            <a
              href={contact.googleMapsUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-6 inline-block font-medium text-blue-700 hover:underline"
            >
              {t('contact.viewMap')}
            </a>
          )}
          <p className="mt-8 text-sm text-gray-600">{t('contact.replyTime')}</p>
        </aside>
      </div>
    </>
  );
}
