import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormControls } from './form-controls';

const form = (
  <form aria-label="Demo">
    <FormControls className="space-y-3">
      <label htmlFor="demo-name">Name</label>
      <input id="demo-name" name="name" />
      <button type="submit">Send</button>
    </FormControls>
  </form>
);

describe('FormControls', () => {
  it('are disabled in the pre-rendered markup, so nothing can be typed or sent before hydration', () => {
    const html = renderToString(form);
    expect(html).toMatch(/<fieldset disabled=""/);
  });

  it('are enabled once React has adopted the pre-rendered page', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(form);
    document.body.append(container);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    const root = await act(async () => hydrateRoot(container, form));
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(screen.getByLabelText('Name')).toBeEnabled();
    act(() => root.unmount());
    container.remove();
  });

  it('are enabled at once when nothing was pre-rendered', () => {
    render(form);
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});
