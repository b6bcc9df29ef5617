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
        Back to Home
      </Link>
    </div>
  );
}

/** /newsletter/confirm?token=…: the confirmation link mailed to a new address. */
export function NewsletterConfirmRoute() {
  return (
    <NewsletterPage title="Confirm Your Subscription">
      <p>Press the button to confirm that you want our newsletter at this address.</p>
      <LinkButton label="Confirm Subscription" />
    </NewsletterPage>
  );
}

/** /newsletter/unsubscribe?token=…: the unsubscribe link of every mail to an address. */
export function NewsletterUnsubscribeRoute() {
  return (
    <NewsletterPage title="Unsubscribe">
      <p>
        Press the button to take your address off our newsletter list. You will receive no more
        newsletters.
      </p>
      <LinkButton label="Unsubscribe" />
    </NewsletterPage>
  );
}

/** Where the confirm button leads. */
export function NewsletterConfirmedRoute() {
  return (
    <NewsletterPage title="Subscription Confirmed">
      <p>Thank you! Your address is confirmed: our next newsletter will reach you.</p>
      <HomeLink />
    </NewsletterPage>
  );
}

/** Where the unsubscribe button leads. */
export function NewsletterUnsubscribedRoute() {
  return (
    <NewsletterPage title="You Are Unsubscribed">
      <p>Your address is no longer on our newsletter list.</p>
      <HomeLink />
    </NewsletterPage>
  );
}

/** Where a confirmation link leads once its address has left the list. */
export function NewsletterInvalidLinkRoute() {
  return (
    <NewsletterPage title="This Link No Longer Works">
      <p>
        The address it was sent to is no longer on our list. Sign up again from the newsletter box
        at the top of any page.
      </p>
      <HomeLink />
    </NewsletterPage>
  );
}
