import { describe, expect, it } from 'vitest';
import { ApiError, serverMessageOr } from './http';

describe('serverMessageOr', () => {
  it('uses the message of the server error answer', () => {
    const error = new ApiError(422, 'Validation failed', {
      body: { message: 'Validation failed' },
    });
    expect(serverMessageOr(error, 'Fallback')).toBe('Validation failed');
  });

  it('falls back when the answer had no message or never arrived', () => {
    expect(serverMessageOr(new ApiError(500, 'Request failed', { body: '' }), 'Fallback')).toBe(
      'Fallback',
    );
    expect(serverMessageOr(new ApiError(0, 'offline', { kind: 'network' }), 'Fallback')).toBe(
      'Fallback',
    );
    expect(serverMessageOr(new Error('boom'), 'Fallback')).toBe('Fallback');
  });
});
