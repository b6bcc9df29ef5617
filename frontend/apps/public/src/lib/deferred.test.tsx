import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Deferred, deferred, loadDeferred } from './deferred';

const Section = () => <h2>Below the fold</h2>;

describe('Deferred sections', () => {
  it('are fully in the pre-rendered markup once loaded, and draw without suspending', async () => {
    const section = deferred(async () => Section);
    const page = (
      <Suspense fallback={<p>waiting</p>}>
        <Deferred section={section} />
      </Suspense>
    );
    expect(renderToString(page)).not.toContain('Below the fold');

    await loadDeferred();
    expect(renderToString(page)).toContain('<h2>Below the fold</h2>');
    render(page);
    expect(screen.getByRole('heading', { name: 'Below the fold' })).toBeInTheDocument();
  });
});
