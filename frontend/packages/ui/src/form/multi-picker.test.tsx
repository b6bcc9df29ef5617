import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MultiPicker, type PickerOption } from './multi-picker';

const OPTIONS: PickerOption[] = [
  { value: 'a', label: 'React', color: '#10B981' },
  { value: 'b', label: 'Rust' },
  { value: 'c', label: 'SEO' },
];

function Harness({ max, options = OPTIONS }: { max?: number; options?: PickerOption[] }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <MultiPicker
        label="Tags"
        options={options}
        value={value}
        onChange={setValue}
        max={max}
        maxMessage={(n) => `Maximum ${n} tag(s) selected`}
        emptyText="No tags found"
      />
      <div data-testid="value">{value.join(',')}</div>
    </>
  );
}

describe('MultiPicker', () => {
  it('blocks further choices at the maximum and says so', async () => {
    render(<Harness max={2} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('checkbox', { name: 'React' }));
    await user.click(screen.getByRole('checkbox', { name: 'Rust' }));

    expect(screen.getByRole('status')).toHaveTextContent('Maximum 2 tag(s) selected');
    expect(screen.getByRole('checkbox', { name: 'SEO' })).toBeDisabled();
    expect(screen.getByTestId('value')).toHaveTextContent('a,b');

    await user.click(screen.getByRole('button', { name: 'Remove React' }));
    expect(screen.getByRole('checkbox', { name: 'SEO' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('has no limit without a maximum', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    for (const name of ['React', 'Rust', 'SEO']) {
      await user.click(screen.getByRole('checkbox', { name }));
    }
    expect(screen.getByTestId('value')).toHaveTextContent('a,b,c');
  });

  it('shows the empty text when there is nothing to choose', () => {
    render(<Harness options={[]} />);
    expect(screen.getByText('No tags found')).toBeVisible();
  });
});

function Creating({ create }: { create: (name: string) => Promise<string> }) {
  const [value, setValue] = useState<string[]>([]);
  const [options, setOptions] = useState<PickerOption[]>(OPTIONS);
  return (
    <>
      <MultiPicker
        label="Tags"
        options={options}
        value={value}
        onChange={setValue}
        emptyText="No tags found"
        onCreate={async (name) => {
          const id = await create(name);
          setOptions((before) => [...before, { value: id, label: name }]);
          return id;
        }}
        createLabel={(name) => `Create tag “${name}”`}
      />
      <div data-testid="value">{value.join(',')}</div>
    </>
  );
}

describe('MultiPicker creating an option', () => {
  it('offers to create a name no option has, by button or Enter, and chooses it', async () => {
    render(<Creating create={async (name) => `new-${name}`} />);
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search or create tags' });
    await user.type(box, 'rust');
    expect(screen.queryByRole('button', { name: /Create tag/ })).toBeNull();
    await user.clear(box);
    await user.type(box, 'Go{Enter}');
    expect(await screen.findByTestId('value')).toHaveTextContent('new-Go');
    expect(box).toHaveValue('');
    await user.type(box, 'Zig');
    await user.click(screen.getByRole('button', { name: 'Create tag “Zig”' }));
    expect(await screen.findByTestId('value')).toHaveTextContent('new-Go,new-Zig');
  });

  it('shows why it was not created and keeps the name', async () => {
    render(
      <Creating
        create={async () => {
          throw new Error('Name is taken');
        }}
      />,
    );
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search or create tags' });
    await user.type(box, 'Go{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Name is taken');
    expect(box).toHaveValue('Go');
    expect(screen.getByTestId('value')).toHaveTextContent('');
  });
});
