import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import type { MenuItem } from '../menu.ts';
import { MenuTree } from './MenuTree.tsx';

afterEach(cleanup);

const items = [
  { id: 'a', title: 'Položka', type: 'item', url: '/a' },
  {
    id: 'c',
    title: 'Skupina',
    type: 'collapse',
    children: [
      {
        id: 'c2',
        title: 'Úroveň 2',
        type: 'collapse',
        children: [
          {
            id: 'c3',
            title: 'Úroveň 3',
            type: 'collapse',
            children: [{ id: 'deep', title: 'Príliš hlboko', type: 'item', url: '/deep' }],
          },
        ],
      },
    ],
  },
  { id: 'x', title: 'Neznáma', type: 'divider' },
] as unknown as MenuItem[];

const renderTree = (open: string[], onToggle = vi.fn(), pathname = '/a') =>
  render(
    <MemoryRouter>
      <MenuTree
        items={items}
        pathname={pathname}
        open={new Set(open)}
        selected={null}
        onToggle={onToggle}
        onNavigate={() => {}}
      />
    </MemoryRouter>,
  );

test('an unknown item type renders the heading Fix', () => {
  renderTree([]);
  expect(screen.getByRole('heading', { name: 'Fix' })).toBeTruthy();
  expect(screen.queryByText('Neznáma')).toBeNull();
});

test('the active item is marked and a collapse click asks to toggle', () => {
  const onToggle = vi.fn();
  renderTree([], onToggle);
  expect(screen.getByRole('link', { name: 'Položka' }).getAttribute('aria-current')).toBe('page');
  const collapse = screen.getByRole('button', { name: 'Skupina' });
  expect(collapse.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByText('Úroveň 2')).toBeNull();
  fireEvent.click(collapse);
  expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 'c' }));
});

test('the tree stops at three levels', () => {
  renderTree(['c', 'c2', 'c3']);
  expect(screen.getByText('Úroveň 2')).toBeTruthy();
  expect(screen.getByText('Úroveň 3')).toBeTruthy();
  expect(screen.queryByText('Príliš hlboko')).toBeNull();
});
