import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { LoadingBar } from './LoadingBar.tsx';

const value = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));

describe('LoadingBar (spec §9: 10 points a second up to 100)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  test('rises with the clock and stops at 100', () => {
    const { unmount } = render(<LoadingBar />);
    expect(value()).toBe(0);
    act(() => vi.advanceTimersByTime(1500));
    expect(value()).toBe(15);
    act(() => vi.advanceTimersByTime(20_000));
    expect(value()).toBe(100);
    unmount();
    act(() => vi.advanceTimersByTime(1000));
  });

  test('a bar that follows another at once carries on; one shown later starts again from 0', () => {
    const first = render(<LoadingBar />);
    act(() => vi.advanceTimersByTime(800));
    first.unmount();
    const second = render(<LoadingBar />);
    expect(value()).toBe(8);
    act(() => vi.advanceTimersByTime(400));
    expect(value()).toBe(12);
    second.unmount();
    act(() => vi.advanceTimersByTime(1000));
    render(<LoadingBar />);
    expect(value()).toBe(0);
  });

  test('handed over in one render (the shell then its screen), the new bar keeps the old one’s progress', () => {
    const { rerender, unmount } = render(<LoadingBar key="shell" />);
    act(() => vi.advanceTimersByTime(2000));
    rerender(<LoadingBar key="screen" />);
    expect(value()).toBe(20);
    act(() => vi.advanceTimersByTime(500));
    expect(value()).toBe(25);
    unmount();
  });
});
