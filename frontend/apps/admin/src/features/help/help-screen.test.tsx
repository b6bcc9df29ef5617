import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInApi } from '@/test/admin-api';
import { settingsRecord } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

describe('Help Center', () => {
  it('shows the help cards and mails the support address from the settings', async () => {
    signedInApi({ 'GET /api/settings': () => json(200, settingsRecord()) });
    renderAdmin('/admin/help');

    expect(await screen.findByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Answering visitors' })).toBeVisible();
    const support = await screen.findByRole('link', { name: 'Contact Support' });
    await waitFor(() => expect(support).toHaveAttribute('href', 'mailto:support@atelier.test'));
  });

  it('falls back to the default support address', async () => {
    signedInApi();
    renderAdmin('/admin/help');
    expect(await screen.findByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      'mailto:support@atelier.local',
    );
  });
});
