import { Icon } from '@atelier/ui/icon';
import { faEnvelope, faPhone, faTrash } from '@fortawesome/free-solid-svg-icons';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { invalidatePrefixes } from '../invalidate';
import { humanize } from '../values';
import { DetailItem } from './detail-list';

/** The head of an open record: who, a second line, and its status. */
export function DetailHeader({
  title,
  subtitle,
  badge,
}: {
  title: string;
  subtitle: string;
  badge: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="text-lg font-semibold text-gray-900">{title}</p>
        <p className="text-sm text-gray-600">{subtitle}</p>
      </div>
      {badge}
    </header>
  );
}

/** A visitor's own words, kept as written (line breaks included, never interpreted). */
export function TextBlock({ label, text }: { label: string; text: string }) {
  return (
    <section aria-label={label}>
      <h3 className="mb-2 text-sm font-semibold text-gray-700">{label}</h3>
      <p className="whitespace-pre-wrap break-words rounded-lg bg-gray-50 p-4 text-sm leading-relaxed text-gray-900">
        {text}
      </p>
    </section>
  );
}

const actionClass =
  'inline-flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium transition-colors';

/** Answer by mail (a `mailto:` with the subject filled in), call when there is a phone, delete. */
export function ReachOutActions({
  email,
  subject,
  phone,
  onDelete,
}: {
  email: string;
  subject: string;
  phone: string;
  onDelete: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2 border-t border-gray-100 pt-4">
      <a
        href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}
        className={`${actionClass} border-blue-600 bg-blue-600 text-white hover:bg-blue-700`}
      >
        <Icon icon={faEnvelope} className="h-4 w-4" />
        Send Email
      </a>
      {phone && (
        <a
          href={`tel:${phone}`}
          className={`${actionClass} border-gray-300 bg-white text-gray-700 hover:bg-gray-50`}
        >
          <Icon icon={faPhone} className="h-4 w-4" />
          Call
        </a>
      )}
      <button
        type="button"
        onClick={onDelete}
        className={`${actionClass} ml-auto border-red-200 bg-white text-red-700 hover:bg-red-50`}
      >
        <Icon icon={faTrash} className="h-4 w-4" />
        Delete
      </button>
    </div>
  );
}

const PRIORITY_TONES: Record<string, string> = {
  low: 'text-gray-600',
  medium: 'text-amber-700',
  high: 'text-red-700',
  urgent: 'text-red-800',
};

/** A message's or request's priority in words, coloured by urgency: 'High'. */
export function PriorityText({ priority, suffix = '' }: { priority: string; suffix?: string }) {
  return (
    <span className={`font-semibold ${PRIORITY_TONES[priority] ?? ''}`}>
      {humanize(priority)}
      {suffix}
    </span>
  );
}

/** One entry of an inbox list: who and the status on top, the record's lines, then when and how urgent. */
export function InboxEntry({
  title,
  bold = false,
  badge,
  date,
  priority,
  children,
}: {
  title: string;
  /** Unread entries stand out. */
  bold?: boolean;
  badge: ReactNode;
  date: string;
  /** low, medium, high or urgent. */
  priority: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between gap-2">
        <span className={`truncate text-sm ${bold ? 'font-bold' : 'font-semibold'} text-gray-900`}>
          {title}
        </span>{' '}
        {badge}
      </div>
      {children}
      <p className="flex items-center justify-between gap-2 text-xs text-gray-600">
        <span>{date}</span> <PriorityText priority={priority} suffix=" priority" />
      </p>
    </div>
  );
}

/** Saves a record's notes with `write` (its update call, from a version) and refreshes what shows them. */
export const useSaveNotes = <TRecord,>(
  write: (notes: string, version: number) => Promise<TRecord>,
  invalidates: readonly string[],
) => {
  const queryClient = useQueryClient();
  return async (notes: string, version: number) => {
    const stored = await write(notes, version);
    await invalidatePrefixes(queryClient, invalidates);
    return stored;
  };
};

/** The email address and, when given, the phone number, each a link. */
export function ReachItems({ email, phone }: { email: string; phone: string }) {
  return (
    <>
      <DetailItem term="Email">
        <a href={`mailto:${email}`} className="text-blue-700 underline">
          {email}
        </a>
      </DetailItem>
      {phone && (
        <DetailItem term="Phone">
          <a href={`tel:${phone}`} className="text-blue-700 underline">
            {phone}
          </a>
        </DetailItem>
      )}
    </>
  );
}

/** Where a lead came from, as its form sent it (docs/privacy.md). */
export interface LeadAttribution {
  landingPage: string;
  referrer?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
}

/** The page and source of the visit that sent a lead; "Unknown" when the form sent none. */
export function AttributionItems({ attribution }: { attribution?: LeadAttribution | null }) {
  if (!attribution) {
    return <DetailItem term="Landing page">Unknown</DetailItem>;
  }
  const campaign = [attribution.utmSource, attribution.utmMedium, attribution.utmCampaign]
    .map((part) => part ?? '-')
    .join(' / ');
  const hasCampaign = Boolean(
    attribution.utmSource || attribution.utmMedium || attribution.utmCampaign,
  );
  return (
    <>
      <DetailItem term="Landing page">{attribution.landingPage}</DetailItem>
      <DetailItem term="Referrer">{attribution.referrer ?? 'Direct'}</DetailItem>
      {hasCampaign && <DetailItem term="Campaign">{campaign}</DetailItem>}
    </>
  );
}
