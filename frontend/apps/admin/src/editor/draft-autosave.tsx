import { useEffect, useRef, useState } from 'react';
import { type FieldValues, type Path, useFormContext, useWatch } from 'react-hook-form';
import { useScreenPath } from '@/kit/resource-screen';

/** How long after the last keystroke a changed form is written to the browser. */
export const AUTOSAVE_DELAY_MS = 1_500;
const PREFIX = 'atelier.draft.';

interface StoredDraft {
  savedAt: string;
  values: FieldValues;
}

const readDraft = (key: string): StoredDraft | null => {
  try {
    const raw = localStorage.getItem(key);
    const draft = raw ? (JSON.parse(raw) as StoredDraft) : null;
    return draft && typeof draft.savedAt === 'string' && draft.values ? draft : null;
  } catch {
    return null;
  }
};

const writeDraft = (key: string, values: FieldValues) => {
  try {
    localStorage.setItem(key, JSON.stringify({ savedAt: new Date().toISOString(), values }));
  } catch {
    // Storage full or refused: the form still works, without a safety copy.
  }
};

const removeDraft = (key: string) => {
  try {
    localStorage.removeItem(key);
  } catch {
    // As above.
  }
};

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/**
 * Keeps a copy of the open form in the browser while it has unsaved changes, and offers it back
 * when the same form opens after a crash, a reload or a closed tab. Leaving the form on purpose
 * (saving it, or leaving without saving) drops the copy. Put it among a form's fields; `scope`
 * names the screen ('blog'), the address (or `record`) says which record ('new' or 'edit/{id}').
 */
export function DraftAutosave({ scope, record }: { scope: string; record?: string }) {
  const { rest } = useScreenPath();
  const key = `${PREFIX}${scope}.${record ?? (rest.replace(/^edit\//, '') || 'new')}`;
  const { control, formState, getValues, setValue } = useFormContext();
  const values = useWatch({ control });
  const [offered, setOffered] = useState<StoredDraft | null>(() => readDraft(key));
  const dirty = formState.isDirty;
  const keyRef = useRef(key);
  keyRef.current = key;

  // A changed form is copied shortly after each change; a clean one leaves no copy behind,
  // unless a copy is still on offer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each change of the values restarts the wait
  useEffect(() => {
    if (offered) return undefined;
    if (!dirty) {
      removeDraft(key);
      return undefined;
    }
    const timer = setTimeout(() => writeDraft(key, getValues()), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, dirty, key, offered, getValues]);

  // Leaving the form on purpose drops the copy; a crash or a closed tab never gets here. (The
  // removal waits a tick, so a remount in development's strict mode keeps the copy.)
  const removal = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    clearTimeout(removal.current);
    return () => {
      removal.current = setTimeout(() => removeDraft(keyRef.current), 0);
    };
  }, []);

  if (!offered) return null;
  const restore = () => {
    for (const [name, value] of Object.entries(offered.values)) {
      if (name in getValues()) setValue(name as Path<FieldValues>, value, { shouldDirty: true });
    }
    setOffered(null);
  };
  const discard = () => {
    removeDraft(key);
    setOffered(null);
  };
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <span>Unsaved changes from {timeOf(offered.savedAt)} were kept in this browser.</span>
      <span className="flex gap-2">
        <button
          type="button"
          onClick={restore}
          className="rounded-md bg-amber-600 px-3 py-1 text-xs font-semibold text-white hover:bg-amber-700"
        >
          Restore them
        </button>
        <button
          type="button"
          onClick={discard}
          className="rounded-md border border-amber-300 bg-white px-3 py-1 text-xs font-semibold hover:bg-amber-100"
        >
          Discard
        </button>
      </span>
    </div>
  );
}
