import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import type { ComponentType } from 'react';
import type { ActivitySource } from './activity';

export interface ScreenBadge {
  count: number;
  /** What the count means, read by screen readers: '3 unread'. */
  label: string;
}

/** One of the dashboard's quick links into the screen that declares it (back-office.md §2). */
export interface QuickLinkDeclaration {
  /** Its place among the dashboard's quick links, smallest first. */
  rank: number;
  /** Relative to /admin: '/blog/new'. */
  path: string;
  label: string;
  description: string;
  /** Tailwind classes for the icon's badge. */
  tone: string;
  /** The `operationId` the link's page needs (a creation): the link shows only to roles that may call it. */
  requires?: string;
}

/** A quick link as the dashboard draws it: with its screen's icon. */
export interface QuickLink extends QuickLinkDeclaration {
  icon: IconDefinition;
}

/** A kind of record the audit log names (an API path's literal segments) and how the filter reads it. */
export interface AuditKind {
  value: string;
  label: string;
}

/**
 * Where a screen is reached: the sidebar (back-office.md §2's list of sections), the top bar (with
 * the top bar's own words for it), or only by its address (the account, reached from the name in the
 * top bar).
 */
export type ScreenPlacement = 'sidebar' | { topBar: string } | 'address';

/**
 * One back-office screen, declared by its feature (`features/<name>/screen.ts`) and listed once in
 * the app's registry (`app/registry.ts`): the sidebar, the top bar, the routes (each screen its own
 * lazily loaded chunk), the tab titles, the dashboard's quick links and recent activity, the audit
 * log's record kinds and the registry test all come from these declarations.
 *
 * Everything here is read before the screen's own code is loaded, so it stays small: the screen
 * itself is behind `load`.
 */
export interface ScreenDefinition {
  /** Relative to /admin, without slashes: `categories`. The route is `path/*`. */
  path: string;
  /** More addresses that open the same screen (`faqs`, the dashboard's quick link), never listed. */
  aliases?: readonly string[];
  /** The sidebar's words. */
  label: string;
  /** The screen's heading and tab title. */
  title: string;
  icon: IconDefinition;
  /** What the screen is for, shown while it is still being built. */
  summary: string;
  /** The screen's module; absent while it is still being built. */
  load?: () => Promise<{ default: ComponentType }>;
  /** Where the screen is reached; the sidebar when left out. */
  placement?: ScreenPlacement;
  /** A count shown on the sidebar entry (unread messages); nothing while 0 or unknown. */
  useBadge?: () => ScreenBadge | undefined;
  /** The dashboard's quick links into this screen. */
  quickLinks?: readonly QuickLinkDeclaration[];
  /** How this screen's records read in the dashboard's Recent Activity. */
  activity?: ActivitySource;
  /** The kinds of record of this screen the audit log names, in the filter's order. */
  audit?: readonly AuditKind[];
  /**
   * The `operationId`s the screen needs (its list, or the save of a one-record screen): a role that
   * may not call every one of them never sees the screen (sidebar, top bar, route, quick links,
   * activity). Screens that only read what every signed-in account reads leave it out.
   */
  requires?: readonly string[];
}

/** Declares a screen; the identity function keeps the declaration checked where it is written. */
export const defineScreen = (screen: ScreenDefinition) => screen;
