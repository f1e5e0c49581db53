import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { Avatar } from './Avatar.tsx';
import { avatarColors } from './avatar-colors.ts';

afterEach(cleanup);

test('renders the initials in their colours, never below 12 px', () => {
  const { container } = render(<Avatar firstName="Jana" lastName="Nová" size={20} />);
  const el = container.querySelector('.avatar') as HTMLElement;
  expect(el.textContent).toBe('JN');
  expect(Number.parseFloat(el.style.fontSize)).toBeGreaterThanOrEqual(12);
  const expected = avatarColors('JN');
  expect(el.style.color).toBe(expected.color === '#000000' ? 'rgb(0, 0, 0)' : 'rgb(255, 255, 255)');
  expect(el.style.background).toContain('rgb(');
});
