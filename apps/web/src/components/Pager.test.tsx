import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Pager } from './Pager.tsx';

afterEach(cleanup);

describe('Pager', () => {
  test('shows one-based numbers and reports zero-based pages', () => {
    const onChange = vi.fn();
    render(<Pager page={0} totalPages={3} onChange={onChange} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1', '2', '3']);
    fireEvent.click(screen.getByText('3'));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  test('past ten pages it adds first, previous, next and last', () => {
    const onChange = vi.fn();
    render(<Pager page={5} totalPages={30} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Posledná strana' }));
    expect(onChange).toHaveBeenLastCalledWith(29);
    fireEvent.click(screen.getByRole('button', { name: 'Predchádzajúca strana' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
    fireEvent.click(screen.getByRole('button', { name: 'Prvá strana' }));
    expect(onChange).toHaveBeenLastCalledWith(0);
    expect(screen.getAllByText('…')).toHaveLength(2);
  });

  test('a single page shows no pager', () => {
    const { container } = render(<Pager page={0} totalPages={1} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});
