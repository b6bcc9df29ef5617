import { waitFor } from '@testing-library/react';
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { receiveServerPreview, ServerPreview, useKeepsServerContent } from './server-preview';

/** A page whose loading state keeps the server's content, like the services page's. */
function Page() {
  const keeps = useKeepsServerContent();
  if (keeps) {
    return (
      <>
        <ServerPreview />
        <p>Loading…</p>
      </>
    );
  }
  return <h1>The page itself</h1>;
}

const app = (
  <MemoryRouter initialEntries={[window.location.pathname]}>
    <Page />
  </MemoryRouter>
);

afterEach(() => {
  document.body.replaceChildren();
});

describe('useKeepsServerContent', () => {
  it('adopts the server’s content without a mismatch, then lets the page draw itself once the markdown renderer is there', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(app);
    const slot = root.querySelector('[data-preview]');
    if (!slot) throw new Error('the loading state has no slot');
    slot.innerHTML = '<h2>Written by the server</h2>';
    document.body.append(root);
    receiveServerPreview(document);
    const recoverable = vi.fn();

    await act(async () => {
      hydrateRoot(root, app, { onRecoverableError: recoverable });
    });

    expect(recoverable).not.toHaveBeenCalled();
    expect(root.querySelector('h2')?.textContent).toBe('Written by the server');
    expect(root.querySelector('h1')).toBeNull();

    // The markdown renderer loads (the real one), then the page draws itself.
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('The page itself'));
    expect(root.querySelector('[data-preview]')).toBeNull();
  });

  it('lets a page reached by navigating draw itself at once', async () => {
    const root = document.createElement('div');
    document.body.append(root);

    await act(async () => {
      createRoot(root).render(app);
    });

    expect(root.querySelector('h1')?.textContent).toBe('The page itself');
  });
});
