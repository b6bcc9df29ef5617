import { shortDateTime } from '../values';

interface Editor {
  name: string;
}

/** What a record says of its authorship (`RecordMeta` in its read shape) and its last change. */
export interface MetaOfRecord {
  createdBy?: Editor | null;
  updatedBy?: Editor | null;
  updatedAt?: string | null;
}

/** "by Ben Editor" for a list's Updated cell: who changed the record last, when anyone has. */
export const changedBy = (record: MetaOfRecord): string =>
  record.updatedBy ? `by ${record.updatedBy.name}` : '';

/**
 * Who created the record and who changed it last, and when, in one quiet line of its form:
 * "Created by Ada Lovelace · Last changed by Ben Editor, Nov 27, 2026, 8:28 PM". Nothing for a
 * record nobody signed in has written (what visitors sent, records from before authorship).
 */
export function RecordMetaLine({ record }: { record: MetaOfRecord }) {
  const parts = [
    record.createdBy ? `Created by ${record.createdBy.name}` : '',
    record.updatedBy
      ? `Last changed by ${record.updatedBy.name}${record.updatedAt ? `, ${shortDateTime(record.updatedAt)}` : ''}`
      : '',
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <p className="text-xs text-gray-500">{parts.join(' · ')}</p>;
}
