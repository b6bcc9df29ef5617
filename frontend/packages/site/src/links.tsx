import { createContext, type ReactNode, useContext } from 'react';
import { Link } from 'react-router';

export interface SiteLinkProps {
  /** A path of the public site: `/blog`, `/discuss-project`. */
  to: string;
  className?: string;
  children: ReactNode;
}

/** Draws a link to a page of the site. */
export type SiteLinkComponent = (props: SiteLinkProps) => ReactNode;

const RouterLink: SiteLinkComponent = ({ to, className, children }) => (
  <Link to={to} className={className}>
    {children}
  </Link>
);

const SiteLinkContext = createContext<SiteLinkComponent>(RouterLink);

/**
 * How the pages below link to the site's other pages: the site's router by default; the back
 * office's preview, which has its own router, opens them on the site instead.
 */
export const SiteLinkProvider = SiteLinkContext.Provider;

/** A link to a page of the site, drawn the way the enclosing {@link SiteLinkProvider} says. */
export function SiteLink(props: SiteLinkProps) {
  const Draw = useContext(SiteLinkContext);
  return <Draw {...props} />;
}
