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
