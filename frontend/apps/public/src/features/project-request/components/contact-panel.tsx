import { t } from '@atelier/messages/intl';
import { ContactDetailsList } from '@/components/contact-details-list';
import { useContactDetails } from '@/hooks/use-contact-details';

/** Beside the form: how to reach us directly, and when to expect an answer. */
export function ContactPanel() {
  const contact = useContactDetails();
  return (
    <aside aria-labelledby="contact-panel-heading" className="space-y-6">
      <div className="rounded-2xl bg-gradient-to-br from-blue-600 to-indigo-700 p-6 text-white shadow-lg">
        <h2 id="contact-panel-heading" className="text-xl font-semibold">
          {t('request.contactHeading')}
        </h2>
        <p className="mt-2 text-sm text-blue-100">{t('request.contactIntro')}</p>
        <ContactDetailsList
          className="mt-6 space-y-4 text-sm"
          email={contact.email}
          phone={contact.phone}
          address={contact.address}
          linkClassName="text-white underline-offset-2 hover:underline"
          iconClassName="text-blue-200"
        />
      </div>
      <div className="rounded-2xl bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-gray-900">{t('request.quickResponse')}</h2>
        <p className="mt-2 text-sm text-gray-600">{t('request.quickResponseBody')}</p>
      </div>
    </aside>
  );
}
