import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { shortDateTime } from '../values';
import { type ConflictField, ConflictView } from './conflict-view';
import { LazyConflictView } from './lazy-conflict-view';
import { CONFLICT_MARKS } from './three-way';

interface Values extends Record<string, unknown> {
  title: string;
  content: string;
  tags: string[];
}

const fields: ConflictField<Values>[] = [
  { name: 'title', label: 'Title' },
  { name: 'content', label: 'Content', markdown: true },
  { name: 'tags', label: 'Tags' },
];

const base: Values = {
  title: 'Shipping on Fridays',
  content: '# Fridays\n\nWe ship on Fridays.\n\nEvery week.\n',
  tags: ['process'],
};
const theirs: Values = {
  title: 'Shipping on Mondays',
  content: '# Fridays\n\nWe ship on Mondays.\n\nEvery week.\n',
  tags: ['process', 'team'],
};
const mine: Values = {
  title: 'Shipping on Sundays',
  content: '# Fridays\n\nWe ship on Sundays.\n\nEvery week, rain or shine.\n',
  tags: ['process'],
};
const AT = '2026-01-07T10:00:00Z';

const renderView = (overrides: Partial<Parameters<typeof ConflictView<Values>>[0]> = {}) => {
  const props = {
    open: true,
    onClose: vi.fn(),
    fields,
    base,
    theirs,
    mine,
    changedBy: { name: 'Maya Chen', at: AT },
    onTakeTheirs: vi.fn(),
    onKeepMine: vi.fn(),
    onMerged: vi.fn(),
    ...overrides,
  };
  render(<ConflictView {...props} />);
  return props;
};

describe('ConflictView', () => {
  it('says who changed the record and when, and shows what they changed', () => {
    renderView();
    const dialog = screen.getByRole('dialog', { name: 'Someone else saved this meanwhile' });
    expect(dialog).toHaveAccessibleDescription(
      `Maya Chen changed this at ${shortDateTime(AT)}. Your text is still here; choose what to save.`,
    );
    expect(
      within(dialog).getByRole('heading', { name: 'What changed since you opened it' }),
    ).toBeVisible();
    const title = within(dialog).getByRole('region', { name: 'Title' });
    expect(within(title).getByText('Fridays')).toContainHTML('del');
    expect(within(title).getByText('Mondays')).toContainHTML('ins');
    expect(within(title).getByText('Shipping on Sundays')).toBeVisible();
    const content = within(dialog).getByRole('region', { name: 'Content' });
    // Their change and the user's, each as the history panel's line diff.
    expect(
      within(content).getAllByText('Only in this version:', { exact: false }).length,
    ).toBeGreaterThanOrEqual(2);
    expect(within(content).getByText(/^Saved by Maya Chen/)).toBeVisible();
    expect(within(content).getByText('Your changes')).toBeVisible();
    // Tags changed only on their side: not a clash, named as kept.
    expect(within(dialog).queryByRole('region', { name: 'Tags' })).toBeNull();
    expect(dialog).toHaveTextContent('Maya Chen also changed Tags, which you did not touch.');
  });

  it('puts the focus inside the dialog and closes on Escape without deciding', async () => {
    const props = renderView();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(props.onClose).toHaveBeenCalledOnce();
    expect(props.onTakeTheirs).not.toHaveBeenCalled();
    expect(props.onKeepMine).not.toHaveBeenCalled();
  });

  it('takes theirs', async () => {
    const props = renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Take theirs' }));
    expect(props.onTakeTheirs).toHaveBeenCalledOnce();
    expect(props.onKeepMine).not.toHaveBeenCalled();
  });

  it('keeps mine', async () => {
    const props = renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(props.onKeepMine).toHaveBeenCalledOnce();
    expect(props.onTakeTheirs).not.toHaveBeenCalled();
  });

  it('offers no merge when only short fields clash', () => {
    renderView({ fields: fields.filter((field) => field.name !== 'content'), base, theirs, mine });
    expect(screen.queryByRole('button', { name: 'Merge' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Keep mine' })).toBeVisible();
  });

  it('merges: saving waits until every mark is resolved, then sends the merged values', async () => {
    const user = userEvent.setup();
    const props = renderView();
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    expect(screen.getByRole('dialog', { name: 'Merge the changes' })).toBeVisible();
    const content = screen.getByRole('textbox', { name: 'Content' }) as HTMLTextAreaElement;
    // The title's choice comes first in the form, so the focus lands on it.
    expect(screen.getByRole('radio', { name: /^Yours/ })).toHaveFocus();
    // The line both changed is marked; the user's other edit merged in.
    expect(content.value).toBe(
      [
        '# Fridays',
        '',
        CONFLICT_MARKS.mine,
        'We ship on Sundays.',
        CONFLICT_MARKS.divider,
        'We ship on Mondays.',
        CONFLICT_MARKS.theirs,
        '',
        'Every week, rain or shine.',
        '',
      ].join('\n'),
    );
    const save = screen.getByRole('button', { name: 'Save merged' });
    expect(save).toBeDisabled();
    expect(content).toHaveAccessibleDescription(/Resolve the marked places in Content/);

    // Removing only the opening mark is not enough.
    await user.clear(content);
    await user.type(content, `We ship on Sundays and Mondays.\n${CONFLICT_MARKS.theirs}`);
    expect(save).toBeDisabled();
    await user.clear(content);
    await user.type(content, '# Fridays\n\nWe ship on Sundays and Mondays.\n');
    expect(save).toBeEnabled();
    expect(content).toHaveAccessibleDescription('No marks left. Check the text, then save it.');

    // The clashing title: the user's by default, theirs when chosen.
    expect(screen.getByRole('radio', { name: /^Yours/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /^Maya Chen’s/ }));
    await user.click(save);
    expect(props.onMerged).toHaveBeenCalledWith({
      title: 'Shipping on Mondays',
      content: '# Fridays\n\nWe ship on Sundays and Mondays.\n',
      tags: ['process', 'team'],
    });
  });

  it('settles every marked place with one side at once', async () => {
    const user = userEvent.setup();
    renderView();
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    expect(screen.getByText('1 place to settle')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Use their lines' }));
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveValue(
      '# Fridays\n\nWe ship on Mondays.\n\nEvery week, rain or shine.\n',
    );
    expect(screen.getByText('Merged')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save merged' })).toBeEnabled();
  });

  it('goes back from merging to the three choices', async () => {
    renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Merge' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Take theirs' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Merge' })).toHaveFocus();
  });

  it('saves both sides together when nothing clashes', async () => {
    const props = renderView({
      mine: { ...base, title: 'Shipping on Sundays' },
      theirs: { ...base, tags: ['team'] },
    });
    expect(
      screen.getByText('None of the fields you changed were changed by Maya Chen.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Merge' }));
    expect(
      screen.getByText('Nothing clashes: your changes and Maya Chen’s are saved together.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save merged' }));
    expect(props.onMerged).toHaveBeenCalledWith({
      ...base,
      title: 'Shipping on Sundays',
      tags: ['team'],
    });
  });

  it('is fetched and shown only once it opens', async () => {
    const props = {
      onClose: vi.fn(),
      fields,
      base,
      theirs,
      mine,
      changedBy: { name: 'Maya Chen', at: AT },
      onTakeTheirs: vi.fn(),
      onKeepMine: vi.fn(),
      onMerged: vi.fn(),
    };
    const { rerender } = render(<LazyConflictView open={false} {...props} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<LazyConflictView open {...props} />);
    expect(
      await screen.findByRole('dialog', { name: 'Someone else saved this meanwhile' }),
    ).toBeVisible();
  });
});
