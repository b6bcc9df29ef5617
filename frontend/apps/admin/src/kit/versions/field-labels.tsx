//! What each field of a form is called: the kit's fields say their label (and whether they hold
//! markdown) as they render, so a conflict names fields as the form shows them ("Content", not
//! `content`) without each screen listing them again.
import { createContext, type ReactNode, useContext, useRef } from 'react';
import { humanize } from '../values';

/** A field as the form shows it. */
export interface FieldInfo {
  label: string;
  /** Markdown fields are compared line by line and can be merged. */
  markdown?: boolean;
}

/** The fields of one form, by their react-hook-form name (`services.showPrices`). */
export type FieldLabels = Map<string, FieldInfo>;

const FieldLabelsContext = createContext<FieldLabels | null>(null);

/** The field labels of one form: give it to {@link FieldLabelsProvider} around the form's fields. */
export const useFieldLabels = (): FieldLabels => {
  const labels = useRef<FieldLabels | null>(null);
  labels.current ??= new Map();
  return labels.current;
};

export function FieldLabelsProvider({
  labels,
  children,
}: {
  labels: FieldLabels;
  children: ReactNode;
}) {
  return <FieldLabelsContext.Provider value={labels}>{children}</FieldLabelsContext.Provider>;
}

/** Called by each kit field: records its label in the form around it (if it keeps them). */
export const useFieldLabel = (name: string, label: string, markdown = false) => {
  const labels = useContext(FieldLabelsContext);
  // Recording during render is idempotent, and the labels are read only after a save answers.
  labels?.set(name, markdown ? { label, markdown } : { label });
};

const splitWords = (name: string) =>
  humanize(name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase());

/**
 * A value of the form (a top-level name, as a conflict names it) as the form shows it: its field's
 * label; for a group of fields (`services` of `services.showPrices`), its fields' labels; else
 * the name in words ('metaDescription' reads 'Meta description').
 */
export const fieldInfo = (labels: FieldLabels, name: string): FieldInfo => {
  const own = labels.get(name);
  if (own) return own;
  const inside = [...labels].filter(([key]) => key.startsWith(`${name}.`));
  if (inside.length > 0) return { label: inside.map(([, info]) => info.label).join(', ') };
  return { label: splitWords(name) };
};
