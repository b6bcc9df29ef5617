import { ApiError } from '@atelier/api-client/http';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConflictBanner } from './conflict-banner';
import { type FieldLabels, fieldInfo } from './field-labels';
import { mergeFields, staleConflictOf } from './merge';
import { ASKED, type OpenConflict, useVersionedSave } from './use-versioned-save';

interface Values {
  title: string;
  body: string;
  tags: string[];
}
interface Row extends Values {
  version: number;
}

const base: Values = { title: 'Draft', body: 'One', tags: ['a'] };

const stale = (current: Row, name = 'Grace') =>
  new ApiError(409, 'changed', {
    body: {
      code: 'stale',
      message: 'changed',
      current,
      changedBy: { id: '65a1b2c3d4e5f60000000001', name },
      changedAt: '2026-03-01T10:30:00Z',
    },
  });

describe('mergeFields', () => {
  it('takes mine where only I changed a field and theirs where only they did', () => {
    const mine = { ...base, title: 'Mine' };
    const theirs = { ...base, body: 'Theirs', tags: ['a', 'b'] };
    expect(mergeFields(base, mine, theirs)).toEqual({
      merged: { title: 'Mine', body: 'Theirs', tags: ['a', 'b'] },
      conflicts: [],
    });
  });

  it('names the fields both changed differently, keeping mine in them', () => {
    const mine = { ...base, title: 'Mine', body: 'Same' };
    const theirs = { ...base, title: 'Theirs', body: 'Same' };
    expect(mergeFields(base, mine, theirs)).toEqual({
      merged: { title: 'Mine', body: 'Same', tags: ['a'] },
      conflicts: ['title'],
    });
  });

  it('returns the other side when one side changed nothing', () => {
    const changed = { title: 'X', body: 'Y', tags: [] };
    expect(mergeFields(base, base, changed).merged).toEqual(changed);
    expect(mergeFields(base, changed, base).merged).toEqual(changed);
  });
});

describe('staleConflictOf', () => {
  it('knows a stale 409 from a duplicate one and from other errors', () => {
    expect(staleConflictOf(stale({ ...base, version: 2 }))?.changedBy?.name).toBe('Grace');
    expect(
      staleConflictOf(new ApiError(409, 'Slug taken', { body: { message: 'Slug taken' } })),
    ).toBe(null);
    expect(staleConflictOf(new Error('x'))).toBe(null);
  });
});

const setup = (mine: Values, save: (values: Values, version: number) => Promise<unknown>) => {
  const load = vi.fn();
  const resubmit = vi.fn().mockResolvedValue(undefined);
  const hook = renderHook(() =>
    useVersionedSave<Row, Values>({
      base: () => base,
      mine: () => mine,
      toValues: ({ version: _, ...values }) => values,
      save,
      load,
      resubmit,
    }),
  );
  return { hook, load, resubmit };
};

describe('useVersionedSave', () => {
  it('merges fields only one side changed and saves again from the current version, silently', async () => {
    const theirs: Row = { ...base, body: 'Theirs', version: 4 };
    const mine = { ...base, title: 'Mine' };
    const save = vi.fn().mockRejectedValueOnce(stale(theirs)).mockResolvedValueOnce({ ok: true });
    const { hook, load } = setup(mine, save);
    let answer: unknown;
    await act(async () => {
      answer = await hook.result.current.save(mine, 3);
    });
    expect(answer).toEqual({ ok: true });
    expect(save).toHaveBeenLastCalledWith({ title: 'Mine', body: 'Theirs', tags: ['a'] }, 4);
    expect(load).toHaveBeenCalledWith({ title: 'Mine', body: 'Theirs', tags: ['a'] }, theirs);
    expect(hook.result.current.conflict).toBe(null);
  });

  it('asks when both changed one field: take theirs loads it, keep mine saves over it', async () => {
    const theirs: Row = { ...base, title: 'Theirs', version: 5 };
    const mine = { ...base, title: 'Mine' };
    const save = vi.fn().mockRejectedValueOnce(stale(theirs)).mockResolvedValue({ ok: true });
    const { hook, load, resubmit } = setup(mine, save);
    let answer: unknown;
    await act(async () => {
      answer = await hook.result.current.save(mine, 3);
    });
    expect(answer).toBe(ASKED);
    expect(save).toHaveBeenCalledTimes(1);
    expect(hook.result.current.conflict?.fields).toEqual(['title']);
    await act(async () => {
      await hook.result.current.conflict?.keepMine();
    });
    // Mine stays in the form, now based on their version 5, and the form saves it again.
    expect(load).toHaveBeenLastCalledWith(mine, theirs);
    expect(resubmit).toHaveBeenCalledOnce();
    expect(hook.result.current.conflict).toBe(null);

    save.mockRejectedValueOnce(stale(theirs));
    await act(async () => {
      await hook.result.current.save(mine, 3);
    });
    act(() => hook.result.current.conflict?.takeTheirs());
    expect(load).toHaveBeenLastCalledWith({ title: 'Theirs', body: 'One', tags: ['a'] }, theirs);
  });

  it('keeps their change to another field whichever way out is chosen, and my other changes too', async () => {
    const theirs: Row = { ...base, title: 'Theirs', tags: ['a', 'z'], version: 6 };
    const mine = { ...base, title: 'Mine', body: 'Mine too' };
    const save = vi.fn().mockRejectedValue(stale(theirs));
    const { hook, load } = setup(mine, save);
    await act(async () => {
      await hook.result.current.save(mine, 3);
    });
    await act(async () => {
      await hook.result.current.conflict?.keepMine();
    });
    expect(load).toHaveBeenLastCalledWith(
      { title: 'Mine', body: 'Mine too', tags: ['a', 'z'] },
      theirs,
    );

    await act(async () => {
      await hook.result.current.save(mine, 3);
    });
    act(() => hook.result.current.conflict?.takeTheirs());
    expect(load).toHaveBeenLastCalledWith(
      { title: 'Theirs', body: 'Mine too', tags: ['a', 'z'] },
      theirs,
    );
  });

  it('passes on every other error', async () => {
    const duplicate = new ApiError(409, 'Slug taken', { body: { message: 'Slug taken' } });
    const { hook } = setup(base, vi.fn().mockRejectedValue(duplicate));
    await expect(hook.result.current.save(base, 1)).rejects.toBe(duplicate);
  });
});

describe('ConflictBanner', () => {
  it('says who changed the record when, names the fields by their labels, and offers the ways out', async () => {
    const takeTheirs = vi.fn();
    const keepMine = vi.fn().mockResolvedValue(undefined);
    const conflict: OpenConflict<Row, Values> = {
      conflict: {
        code: 'stale',
        message: 'changed',
        current: { ...base, title: 'Theirs', body: 'Two', version: 2 },
        changedBy: { id: '1', name: 'Grace' },
        changedAt: '2026-03-01T10:30:00Z',
      },
      fields: ['title', 'body'],
      base,
      theirs: { ...base, title: 'Theirs', body: 'Two' },
      mine: { ...base, title: 'Mine', body: 'Three' },
      takeTheirs,
      keepMine,
      merge: vi.fn().mockResolvedValue(undefined),
    };
    const labels: FieldLabels = new Map([
      ['title', { label: 'Post Title' }],
      ['body', { label: 'Content', markdown: true }],
    ]);
    render(<ConflictBanner conflict={conflict} record="post" labels={labels} />);
    // The conflict view opens at once (loaded on demand, at once when an earlier test loaded it);
    // closing it leaves the banner.
    await screen.findByRole('dialog', { name: 'Someone else saved this meanwhile' });
    await userEvent.keyboard('{Escape}');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(/Grace changed this post at/);
    expect(alert).toHaveTextContent('You both changed Post Title and Content.');
    await userEvent.click(screen.getByRole('button', { name: 'Take theirs' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(takeTheirs).toHaveBeenCalledOnce();
    expect(keepMine).toHaveBeenCalledOnce();
  });

  it('reads a field without a label as its name in words, and a group by its fields', () => {
    const labels: FieldLabels = new Map([
      ['services.showPrices', { label: 'Show Service Prices' }],
      ['services.maxServicesDisplay', { label: 'Max Services to Display' }],
    ]);
    expect(fieldInfo(labels, 'metaDescription').label).toBe('Meta description');
    expect(fieldInfo(labels, 'services').label).toBe(
      'Show Service Prices, Max Services to Display',
    );
  });
});
