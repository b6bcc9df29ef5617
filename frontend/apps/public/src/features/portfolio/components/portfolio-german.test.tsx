import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProject } from '@/test/fixtures';
import { inGerman } from '@/test/german';
import { renderRoute } from '@/test/render-route';

const portfolio = (count: number) =>
  mockApi({
    'GET /api/portfolio': () =>
      json(200, {
        projects: Array.from({ length: count }, () => makeProject()),
        totalItems: count,
        totalPages: 1,
        currentPage: 1,
      }),
  });

describe('The portfolio in German', () => {
  inGerman();

  it.each([
    [1, '1 Projekt'],
    [2, '2 Projekte'],
  ])('counts %i project(s) with German plurals', async (count, text) => {
    portfolio(count);
    renderRoute('/portfolio');

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Unser Portfolio' })).toBeVisible();
    expect(screen.getByLabelText('Sortieren nach')).toHaveTextContent('Neueste zuerst');
  });

  it('says what a project request still needs in German', async () => {
    mockApi({});
    renderRoute('/discuss-project');

    const form = await screen.findByRole('form', { name: 'Projektanfrage' });
    screen.getByRole('button', { name: 'Projekt anfragen' }).click();
    expect(await screen.findByText('Bitte geben Sie Ihren Namen ein')).toBeInTheDocument();
    expect(form).toHaveTextContent('Bitte stimmen Sie den Bedingungen zu');
  });
});
