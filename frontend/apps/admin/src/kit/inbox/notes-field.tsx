import { inputClass } from '@atelier/ui/form-field';
import { useEffect, useId, useRef, useState } from 'react';
import { serverMessageOr } from '../errors';
import { useBanners } from '../feedback/banners';
import { ConflictBanner } from '../versions/conflict-banner';
import type { FieldLabels } from '../versions/field-labels';
import { ASKED, useVersionedSave } from '../versions/use-versioned-save';

/** What the notes belong to: a record with its notes and version. */
export interface NotesRecord {
  notes: string;
  version: number;
}

export interface NotesFieldProps {
  /** The stored notes. */
  value: string;
  /** The record's version the notes were read at. */
  version: number;
  /** Saves the text as an update from `version`, answering the stored record; rejects when the
   * save failed (the text stays for another try). */
  onSave: (text: string, version: number) => Promise<NotesRecord>;
  /** In a conflict's sentence: "{name} changed this {record} at …". */
  record?: string;
  /** The error banner when the server gives no message: 'Failed to update contacts'. */
  failure: string;
  label?: string;
  placeholder?: string;
  maxLength?: number;
}

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

const STATE_TEXT: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Notes saved',
  failed: 'Not saved',
};

interface NotesValues {
  notes: string;
}

/**
 * The administrators' notes on a record, saved when the field loses focus and its text changed
 * (back-office.md §2). Closing the tab with unsaved text asks first. Mount it with the record's id
 * as `key` so another record starts from its own notes. A save sends the version the notes were
 * read at: when someone else changed the notes meanwhile, the text stays and the kit's conflict
 * banner offers theirs, mine or a line merge (`kit/versions`).
 */
export function NotesField({
  value,
  version,
  record = 'record',
  onSave,
  failure,
  label = 'Notes',
  placeholder = 'Add notes about this conversation…',
  maxLength = 5000,
}: NotesFieldProps) {
  const id = useId();
  const banners = useBanners();
  const [text, setText] = useState(value);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const saved = useRef(value);
  // The notes and version the text started from: a stale save merges against them.
  const opened = useRef({ notes: value, version });
  const labels = useRef<FieldLabels>(new Map([['notes', { label, markdown: true }]]));

  // A change from elsewhere (another tab, a refetch) shows unless this field holds unsaved text.
  useEffect(() => {
    setText((current) => {
      if (current !== saved.current) return current;
      opened.current = { notes: value, version };
      return value;
    });
    saved.current = value;
  }, [value, version]);

  const dirty = text !== opened.current.notes;
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const latestText = useRef(text);
  latestText.current = text;
  const versioned = useVersionedSave<NotesRecord, NotesValues>({
    base: () => ({ notes: opened.current.notes }),
    mine: () => ({ notes: latestText.current }),
    toValues: (stored) => ({ notes: stored.notes }),
    save: (values, from) => onSave(values.notes, from),
    load: (values, stored) => {
      opened.current = { notes: stored.notes, version: stored.version };
      saved.current = stored.notes;
      latestText.current = values.notes;
      setText(values.notes);
    },
    resubmit: () => store(true),
  });

  const store = async (again = false) => {
    const sent = latestText.current;
    if (saveState === 'saving') return;
    // Unchanged, or a conflict is open: leaving the field saves nothing until the person chooses.
    if (!again && (sent === opened.current.notes || versioned.conflict)) return;
    setSaveState('saving');
    try {
      const stored = await versioned.save({ notes: sent }, opened.current.version);
      if (stored === ASKED) {
        setSaveState('idle');
        return;
      }
      const answer = stored as NotesRecord;
      opened.current = { notes: answer.notes, version: answer.version };
      saved.current = answer.notes;
      setSaveState('saved');
    } catch (error) {
      setSaveState('failed');
      banners.error(serverMessageOr(error, failure));
    }
  };
  const save = () => store();

  return (
    <div>
      <div className="mb-1 flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-semibold text-gray-700">
          {label}
        </label>
        <span
          role="status"
          className={`text-xs ${saveState === 'failed' ? 'text-red-700' : 'text-gray-600'}`}
        >
          {STATE_TEXT[saveState]}
        </span>
      </div>
      {versioned.conflict && (
        <div className="mb-2">
          <ConflictBanner conflict={versioned.conflict} record={record} labels={labels.current} />
        </div>
      )}
      <textarea
        id={id}
        rows={4}
        value={text}
        maxLength={maxLength}
        onChange={(event) => {
          setText(event.target.value);
          if (saveState !== 'saving') setSaveState('idle');
        }}
        onBlur={() => void save()}
        placeholder={placeholder}
        className={inputClass}
      />
    </div>
  );
}
