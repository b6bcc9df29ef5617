import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A link the owner set: an anchor on the home page (`#services`), a page of the site (`/blog`) or
 * another site's address (opened in a new tab).
 */
export function SiteLink({
  target,
  className,
  children,
}: {
  target: string;
  className?: string;
  children: ReactNode;
}) {
  if (target.startsWith('#')) {
    return (
      <Link to={{ hash: target }} className={className}>
        {children}
      </Link>
    );
  }
  if (target.startsWith('/')) {
    return (
      <Link to={target} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={target} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}

/** The owner's buttons in their order: the first drawn with `classes[0]`, the others `classes[1]`. */
export function SiteLinks({
  links,
  classes,
}: {
  links: readonly { label: string; target: string }[];
  classes: readonly [string, string];
}) {
  return links.map((link, index) => (
    <SiteLink
      key={`${link.label}-${link.target}`}
      target={link.target}
      className={classes[Math.min(index, 1)]}
    >
      {link.label}
    </SiteLink>
  ));
}
