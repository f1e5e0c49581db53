import fsp from 'node:fs/promises';
import { runTool } from './tools.ts';

const HEADER_DURATION = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/;
const PROGRESS_TIME = /time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g;
const seconds = (m: RegExpMatchArray) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
const rounded = (s: number | undefined) => (s !== undefined && s > 0 ? Math.round(s * 100) / 100 : undefined);

export type VideoFacts = { durationSeconds?: number; poster: boolean };

/**
 * A poster frame (JPEG, full size, turned upright by the display matrix; the `thumbnail` filter
 * picks a typical frame of the first 30 rather than a black first one) and the duration from the
 * container header. A browser recording (WebM from MediaRecorder) has no duration in its header:
 * then a second run copies the packets to nowhere — reading the file, decoding nothing — and the
 * last timestamp is the duration.
 */
export async function probeVideo(ffmpeg: string, file: string, posterFile: string): Promise<VideoFacts> {
  await fsp.rm(posterFile, { force: true });
  const res = await runTool(ffmpeg, [
    ...['-hide_banner', '-nostdin', '-i', file, '-map', '0:v:0?', '-vf', 'thumbnail=30'],
    ...['-frames:v', '1', '-q:v', '2', '-update', '1', '-y', posterFile],
  ]);
  const written = await fsp.stat(posterFile).catch(() => undefined);
  const poster = res.code === 0 && written !== undefined && written.size > 0;
  const header = HEADER_DURATION.exec(res.stderr);
  if (header && seconds(header) > 0) return { durationSeconds: rounded(seconds(header)), poster };
  // Nothing ffmpeg can read (no stream at all) has no duration to count either.
  if (!poster) return { poster };
  const copy = await runTool(ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-i',
    file,
    '-map',
    '0:v:0',
    '-c',
    'copy',
    '-f',
    'null',
    '-',
  ]);
  const last = [...copy.stderr.matchAll(PROGRESS_TIME)].at(-1);
  return { durationSeconds: rounded(last ? seconds(last) : undefined), poster };
}
