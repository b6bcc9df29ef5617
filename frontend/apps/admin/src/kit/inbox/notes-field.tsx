import { inputClass } from '@atelier/ui/form-field';
import { useEffect, useId, useRef, useState } from 'react';
import { serverMessageOr } from '../errors';
import { useBanners } from '../feedback/banners';

export interface NotesFieldProps {
  /** The stored notes. */
  value: string;
  /** Saves the text; rejects when the save failed (the text stays for another try). */
  onSave: (text: string) => Promise<void>;
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

/**
 * The administrators' notes on a record, saved when the field loses focus and its text changed
 * (back-office.md §2). Closing the tab with unsaved text asks first. Mount it with the record's id
 * as `key` so another record starts from its own notes.
 */
export function NotesField({
  value,
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

  // A change from elsewhere (another tab, a refetch) shows unless this field holds unsaved text.
  useEffect(() => {
    setText((current) => (current === saved.current ? value : current));
    saved.current = value;
  }, [value]);

  const dirty = text !== saved.current;
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const save = async () => {
    if (text === saved.current || saveState === 'saving') return;
    const sent = text;
    setSaveState('saving');
    try {
      await onSave(sent);
      saved.current = sent;
      setSaveState('saved');
    } catch (error) {
      setSaveState('failed');
      banners.error(serverMessageOr(error, failure));
    }
  };

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
