import { type SiteLinkComponent, SiteLinkProvider } from '@atelier/site/links';
import { SITE_FONT_FAMILY } from '@atelier/site/typeface';
import { Modal } from '@atelier/ui/modal';
import type { ReactNode } from 'react';

/** In the preview, a link to another page of the site opens that page of the live site. */
const LiveSiteLink: SiteLinkComponent = ({ to, className, children }) => (
  <a href={to} target="_blank" rel="noopener" className={className}>
    {children}
  </a>
);

export const PREVIEW_NOTE =
  'As visitors will see it, unsaved changes included. Nothing is saved or published from here.';

/**
 * A record drawn by the public site's own page (`children`: `BlogPostArticle`,
 * `ProjectArticle` from `@atelier/site`) in a dialog the size of the window, on the site's colours;
 * its links open the live site.
 */
export function SitePreview({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Preview: ${title}`}
      description={PREVIEW_NOTE}
      size="full"
    >
      <SiteLinkProvider value={LiveSiteLink}>
        <section
          aria-label="Page preview"
          style={{ fontFamily: SITE_FONT_FAMILY }}
          className="-mx-5 -mb-5 border-t border-gray-200 bg-white text-gray-800 antialiased sm:-mx-6 sm:-mb-6"
        >
          {children}
        </section>
      </SiteLinkProvider>
    </Modal>
  );
}
