import { describe, expect, test } from 'vitest';
import { baseType, formatElapsed, pickRecordingType } from './recording.ts';

describe('recording', () => {
  test('the timer reads mm:ss, and hh:mm:ss from one hour on', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(3.9)).toBe('00:03');
    expect(formatElapsed(59 * 60 + 59)).toBe('59:59');
    expect(formatElapsed(3600)).toBe('01:00:00');
    expect(formatElapsed(10 * 3600 + 61)).toBe('10:01:01');
  });

  test('the spec type first, else what the browser records (Safari: MP4), else the recorder decides', () => {
    expect(pickRecordingType(() => true)).toBe('video/webm;codecs=vp8,opus');
    expect(pickRecordingType((t) => t.startsWith('video/mp4'))).toBe('video/mp4;codecs=avc1,mp4a');
    expect(pickRecordingType((t) => t === 'video/mp4')).toBe('video/mp4');
    expect(pickRecordingType(() => false)).toBeUndefined();
    expect(
      pickRecordingType(() => {
        throw new Error('not implemented');
      }),
    ).toBeUndefined();
  });

  test('a recording is uploaded with its type without parameters', () => {
    expect(baseType('video/webm;codecs=vp8,opus')).toBe('video/webm');
    expect(baseType('video/MP4; codecs="avc1"')).toBe('video/mp4');
    expect(baseType('')).toBe('');
  });
});
