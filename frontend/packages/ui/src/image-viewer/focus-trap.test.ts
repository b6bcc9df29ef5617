import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepFocusInside } from './focus-trap';

const dialog = () => {
  const container = document.createElement('div');
  container.innerHTML = `
    <button>first</button>
    <button disabled>disabled</button>
    <a href="#x">middle</a>
    <div tabindex="-1">skipped</div>
    <button>last</button>`;
  document.body.append(container);
  const [first, , middle, , last] = Array.from(container.children) as HTMLElement[];
  return { container, first, middle, last };
};

const tab = (shiftKey: boolean) => ({ shiftKey, preventDefault: vi.fn() });

afterEach(() => {
  document.body.innerHTML = '';
});

describe('keepFocusInside', () => {
  it('moves the focus from the last element to the first on Tab', () => {
    const { container, first, last } = dialog();
    last?.focus();
    const event = tab(false);
    keepFocusInside(event, container);
    expect(document.activeElement).toBe(first);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('moves the focus from the first element to the last on Shift+Tab', () => {
    const { container, first, last } = dialog();
    first?.focus();
    const event = tab(true);
    keepFocusInside(event, container);
    expect(document.activeElement).toBe(last);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('leaves a move between inner elements to the browser', () => {
    const { container, middle } = dialog();
    middle?.focus();
    for (const shift of [false, true]) {
      const event = tab(shift);
      keepFocusInside(event, container);
      expect(document.activeElement).toBe(middle);
      expect(event.preventDefault).not.toHaveBeenCalled();
    }
  });

  it('does nothing without a container or anything to focus', () => {
    const event = tab(false);
    keepFocusInside(event, null);
    keepFocusInside(event, document.createElement('div'));
    expect(event.preventDefault).not.toHaveBeenCalled();
  });
});
