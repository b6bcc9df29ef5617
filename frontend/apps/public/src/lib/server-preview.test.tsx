import { waitFor } from '@testing-library/react';
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  receiveServerPreview,
  ServerPreview,
  ServerSection,
  useKeepsServerContent,
} from './server-preview';

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
  it('adopts the server’s content without a mismatch, then lets the page draw itself', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(app);
    const slot = root.querySelector('[data-preview]');
    if (!slot) throw new Error('the loading state has no slot');
    slot.innerHTML = '<h2>Written by the server</h2>';
    document.body.append(root);
    receiveServerPreview(document);
    const recoverable = vi.fn();
    // What the first (hydrating) render draws, before the page draws itself.
    const firstDrawn: (string | undefined)[] = [];
    const observer = new MutationObserver(() => {
      if (root.querySelector('h1'))
        firstDrawn.push(root.querySelector('h2')?.textContent ?? undefined);
    });
    observer.observe(root, { childList: true, subtree: true });

    await act(async () => {
      hydrateRoot(root, app, { onRecoverableError: recoverable });
    });
    observer.disconnect();

    // React kept the server's markup as it was (a mismatch would be reported and redrawn) …
    expect(recoverable).not.toHaveBeenCalled();
    expect(firstDrawn).toEqual([undefined]);
    // … and once it had adopted the page, the page drew itself in its place.
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

describe('the footer and the sections the server wrote', () => {
  it('keeps each slot by its name and each section of the page by its key', async () => {
    document.body.innerHTML =
      '<div data-preview=""><div data-section="hero"><h1>Hero</h1></div>' +
      '<div data-section="faq"><h2>Questions</h2></div></div>' +
      '<div data-preview="footer"><footer>© 2026 Studio</footer></div>';
    receiveServerPreview(document);
    const root = document.createElement('div');
    document.body.replaceChildren(root);
    await act(async () => {
      createRoot(root).render(
        <MemoryRouter initialEntries={[window.location.pathname]}>
          <ServerPreview name="footer" />
          <ServerSection name="faq" />
          <ServerSection name="unknown" />
        </MemoryRouter>,
      );
    });
    expect(root.querySelector('[data-preview="footer"]')?.innerHTML).toBe(
      '<footer>© 2026 Studio</footer>',
    );
    expect(root.querySelector('[data-section="faq"]')?.innerHTML).toBe('<h2>Questions</h2>');
    expect(root.querySelector('[data-section="unknown"]')?.innerHTML).toBe('');
  });
});
