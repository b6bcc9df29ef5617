import type { TwoFactorStatus } from '@atelier/api-client/api';
import { json } from '@atelier/api-client/test/mock-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { renderAdmin } from '@/test/render-app';

const OFF: TwoFactorStatus = {
  enabled: false,
  enabledAt: null,
  recoveryCodesLeft: 0,
  required: false,
};
const ON: TwoFactorStatus = {
  enabled: true,
  enabledAt: '2026-02-01T09:00:00Z',
  recoveryCodesLeft: 10,
  required: false,
};
const SETUP = {
  otpauthUri:
    'otpauth://totp/Atelier:ada%40atelier.test?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Atelier',
  manualKey: 'GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ',
};
const CODES = Array.from({ length: 10 }, (_, index) => `code-${index}abc-defg-hjkm`);

const card = async () =>
  within(
    (await screen.findByRole('heading', { name: 'Two-Factor Sign-In' })).closest(
      'section',
    ) as HTMLElement,
  );

describe('The two-factor card on the account screen', () => {
  it('sets it up: QR code and key, a first code, then the recovery codes once', async () => {
    let status = OFF;
    let confirms = 0;
    const { requests } = signedInApi({
      'GET /api/auth/two-factor': () => json(200, status),
      'GET /api/auth/sessions': () => json(200, { sessions: [] }),
      'POST /api/auth/two-factor/setup': () => json(200, SETUP),
      'POST /api/auth/two-factor/confirm': () => {
        confirms += 1;
        if (confirms === 1) {
          return json(422, {
            message: 'Validation failed',
            errors: { code: 'Invalid authentication code' },
          });
        }
        status = ON;
        return json(200, { recoveryCodes: CODES });
      },
    });
    renderAdmin('/admin/account');
    const user = userEvent.setup();
    const twoFactor = await card();
    expect(await twoFactor.findByText('Off')).toBeVisible();

    await user.click(twoFactor.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }));
    const qr = () => twoFactor.getByRole('img', { name: 'QR code for your authenticator app' });
    await waitFor(() => expect(qr().tagName.toLowerCase()).toBe('svg'));
    const drawn = twoFactor.getByRole('img', { name: 'QR code for your authenticator app' });
    expect(Number(drawn.getAttribute('data-modules'))).toBeGreaterThanOrEqual(21);
    expect(drawn.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(twoFactor.getByText(SETUP.manualKey)).toBeVisible();

    await user.type(twoFactor.getByLabelText(/^Authentication code/), '000000');
    await user.click(twoFactor.getByRole('button', { name: 'Verify and Turn On' }));
    expect(await twoFactor.findByText('Invalid authentication code')).toBeVisible();
    await user.clear(twoFactor.getByLabelText(/^Authentication code/));
    await user.type(twoFactor.getByLabelText(/^Authentication code/), '287082');
    await user.click(twoFactor.getByRole('button', { name: 'Verify and Turn On' }));

    const list = await twoFactor.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(twoFactor.queryByText('Off')).toBeNull();
    expect(
      await screen.findByText('Two-factor sign-in is on. Every other session has been signed out.'),
    ).toBeVisible();
    const confirmCalls = callsTo(requests, 'POST', '/api/auth/two-factor/confirm');
    expect(await bodyOf(confirmCalls[1])).toEqual({ code: '287082' });

    await user.click(twoFactor.getByRole('button', { name: 'I Have Saved These Codes' }));
    expect(await twoFactor.findByText('On')).toBeVisible();
    expect(twoFactor.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(twoFactor.getByText(/10 of 10 recovery codes left/)).toBeVisible();
  });

  it('turns it off with the password and a code', async () => {
    let status = ON;
    const { requests } = signedInApi({
      'GET /api/auth/two-factor': () => json(200, status),
      'GET /api/auth/sessions': () => json(200, { sessions: [] }),
      'POST /api/auth/two-factor/disable': async (request) => {
        const body = (await request.clone().json()) as { password: string };
        if (body.password !== 'correct-horse-battery') {
          return json(422, {
            message: 'Validation failed',
            errors: { password: 'Password is incorrect' },
          });
        }
        status = OFF;
        return json(200, { message: 'Two-factor sign-in is off' });
      },
    });
    renderAdmin('/admin/account');
    const user = userEvent.setup();
    const twoFactor = await card();
    await user.click(await twoFactor.findByRole('button', { name: 'Turn Off…' }));
    await user.type(twoFactor.getByLabelText(/^Password/), 'wrong-password');
    await user.type(twoFactor.getByLabelText(/^Authentication code/), '123456');
    await user.click(twoFactor.getByRole('button', { name: 'Turn Off Two-Factor Sign-In' }));
    expect(await twoFactor.findByText('Password is incorrect')).toBeVisible();

    await user.clear(twoFactor.getByLabelText(/^Password/));
    await user.type(twoFactor.getByLabelText(/^Password/), 'correct-horse-battery');
    await user.click(twoFactor.getByRole('button', { name: 'Turn Off Two-Factor Sign-In' }));
    expect(await twoFactor.findByText('Off')).toBeVisible();
    const calls = callsTo(requests, 'POST', '/api/auth/two-factor/disable');
    expect(await bodyOf(calls[1])).toEqual({ password: 'correct-horse-battery', code: '123456' });
  });
});
