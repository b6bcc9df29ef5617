import { t } from '@atelier/messages/intl';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHero } from '@/components/page-hero';

const buttonClass =
  'rounded-full bg-blue-600 px-6 py-3 font-semibold text-white hover:bg-blue-700 focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-300';
const linkClass =
  'rounded-full border-2 border-blue-600 px-6 py-3 font-semibold text-blue-700 hover:bg-blue-50';

function NewsletterPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageHero title={title} />
      <section className="mx-auto max-w-2xl px-4 py-16 text-center text-lg text-gray-700 sm:px-6">
        {children}
      </section>
    </>
  );
}

/**
 * The one button of a link's page. The form has no `action`: it posts to the page's own address,
 * token included, without any script; the server answers with the page saying what happened.
 */
function LinkButton({ label }: { label: string }) {
  return (
    <form method="post" className="mt-8">
      <button type="submit" className={buttonClass}>
        {label}
      </button>
    </form>
  );
}

function HomeLink() {
  return (
    <div className="mt-8">
      <Link to="/" className={linkClass}>
        {t('common.backHome')}
      </Link>
    </div>
  );
}

/** /newsletter/confirm?token=…: the confirmation link mailed to a new address. */
export function NewsletterConfirmRoute() {
  return (
    <NewsletterPage title={t('newsletterPage.confirm.title')}>
      <p>{t('newsletterPage.confirm.body')}</p>
      <LinkButton label={t('newsletterPage.confirm.button')} />
    </NewsletterPage>
  );
}

/** /newsletter/unsubscribe?token=…: the unsubscribe link of every mail to an address. */
export function NewsletterUnsubscribeRoute() {
  return (
    <NewsletterPage title={t('newsletterPage.unsubscribe.title')}>
      <p>{t('newsletterPage.unsubscribe.body')}</p>
      <LinkButton label={t('newsletterPage.unsubscribe.button')} />
    </NewsletterPage>
  );
}

/** Where the confirm button leads. */
export function NewsletterConfirmedRoute() {
  return (
    <NewsletterPage title={t('newsletterPage.confirmed.title')}>
      <p>{t('newsletterPage.confirmed.body')}</p>
      <HomeLink />
    </NewsletterPage>
  );
}

/** Where the unsubscribe button leads. */
export function NewsletterUnsubscribedRoute() {
  return (
    <NewsletterPage title={t('newsletterPage.unsubscribed.title')}>
      <p>{t('newsletterPage.unsubscribed.body')}</p>
      <HomeLink />
    </NewsletterPage>
  );
}

/** Where a confirmation link leads once its address has left the list. */
export function NewsletterInvalidLinkRoute() {
  return (
    <NewsletterPage title={t('newsletterPage.invalid.title')}>
      <p>{t('newsletterPage.invalid.body')}</p>
      <HomeLink />
    </NewsletterPage>
  );
}
