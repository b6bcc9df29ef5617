import { within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * What one field of an open form shows: a text box's text, a select's chosen option as read
 * (its label), a checkbox's state, or the names listed for a multi-value field (chips, pickers).
 */
export type Shown = string | boolean | readonly string[];

/** One row of a form's table: the field's label and what it must show for the stored record. */
export type FieldRow = readonly [label: string, shown: Shown];

const labelText = (label: HTMLElement) => (label.textContent ?? '').replace(/\s*\*\s*$/, '').trim();

/** The control a visible label (required mark aside) names inside `container`. */
const controlOf = (container: HTMLElement, name: string): HTMLElement | null => {
  for (const label of Array.from(container.querySelectorAll('label'))) {
    if (labelText(label) !== name) continue;
    if (label.htmlFor) return container.ownerDocument.getElementById(label.htmlFor);
    return label.querySelector('input,select,textarea');
  }
  return null;
};

const namesIn = (list: HTMLElement | null): string[] =>
  list
    ? within(list)
        .queryAllByRole('listitem')
        .map((item) => (item.textContent ?? '').replace(/×\s*$/, '').trim())
    : [];

/** What the field labelled `name` shows. */
export const shownBy = (container: HTMLElement, name: string, expected: Shown): Shown => {
  if (Array.isArray(expected)) {
    // A picker is a fieldset named by its legend; chips follow their text box.
    const group = within(container).queryByRole('group', { name });
    if (group) return namesIn(within(group).queryByRole('list', { name: /^Selected / }));
    return namesIn(within(container).queryByRole('list', { name: `${name} added` }));
  }
  const control = controlOf(container, name);
  if (control instanceof HTMLSelectElement) {
    return control.selectedOptions[0]?.textContent ?? '';
  }
  if (control instanceof HTMLInputElement && control.type === 'checkbox') return control.checked;
  if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
    return control.value;
  }
  return `(no field labelled ${name})`;
};

/**
 * Checks every row of the table at once, so a failure lists each field that shows something
 * other than the stored value.
 */
export const expectFormShows = (container: HTMLElement, table: readonly FieldRow[]) => {
  const shown = table.map(([name, expected]) => [name, shownBy(container, name, expected)]);
  expect(shown).toEqual(table.map(([name, expected]) => [name, expected]));
};
