import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { readExif } from './exif.ts';
import { heifToJpeg } from './heif.ts';
import { displayedSize, writeThumbnail } from './image.ts';
import { registryFfmpeg, resolveTool } from './tools.ts';
import { probeVideo } from './video.ts';

export { UndecodableImage } from './image.ts';

export type ProcessedMedia = {
  width?: number;
  height?: number;
  durationSeconds?: number;
  /** EXIF capture time (photos). */
  takenAt?: number;
  lat?: number;
  lng?: number;
  /** Files written into the work folder, for the caller to store. */
  thumbnailFile?: string;
  displayFile?: string;
};

export type MediaProcessorOptions = {
  ffmpegPath?: string;
  heifConvertPath?: string;
  tzGallery: string;
  log: FastifyBaseLogger;
};

const HEIF = new Set(['image/heic', 'image/heif']);

/**
 * What the server learns from an accepted file and what it makes of it: thumbnails (WebP), a JPEG
 * copy of HEIC photos, video posters and durations, EXIF time and position. Photos that cannot be
 * decoded throw UndecodableImage; a missing tool or a video ffmpeg cannot read only means less.
 */
export class MediaProcessor {
  readonly ffmpeg: string | undefined;
  readonly heifConvert: string | undefined;
  // External tools are whole processes: at most one per core at a time.
  private readonly slots = new Semaphore(Math.max(1, os.availableParallelism()));

  constructor(private readonly opts: MediaProcessorOptions) {
    this.ffmpeg = resolveTool('ffmpeg', opts.ffmpegPath, registryFfmpeg);
    this.heifConvert = resolveTool('heif-convert', opts.heifConvertPath);
  }

  async process(file: string, mimeType: string, workDir: string): Promise<ProcessedMedia> {
    if (mimeType.startsWith('video/')) return this.video(file, workDir);
    if (HEIF.has(mimeType)) return this.heif(file, workDir);
    return this.image(file, workDir);
  }

  private async image(file: string, workDir: string): Promise<ProcessedMedia> {
    const thumbnailFile = path.join(workDir, 'thumb.webp');
    // Size and EXIF (header reads, never throwing) overlap the thumbnail's decode instead of following it.
    const [, size, exif] = await Promise.all([
      writeThumbnail(file, thumbnailFile),
      displayedSize(file),
      readExif(file, this.opts.tzGallery),
    ]);
    return { ...size, ...exif, thumbnailFile };
  }

  private async heif(file: string, workDir: string): Promise<ProcessedMedia> {
    const exif = await readExif(file, this.opts.tzGallery);
    if (!this.heifConvert) {
      this.opts.log.warn('heif-convert not found: HEIC/HEIF photo kept without a JPEG copy or thumbnail');
      return { ...(await displayedSize(file)), ...exif };
    }
    const displayFile = path.join(workDir, 'display.jpg');
    const thumbnailFile = path.join(workDir, 'thumb.webp');
    const heifConvert = this.heifConvert;
    const size = await this.slots.run(() => heifToJpeg(heifConvert, file, displayFile));
    await writeThumbnail(displayFile, thumbnailFile, { autoOrient: false });
    return { ...size, ...exif, displayFile, thumbnailFile };
  }

  private async video(file: string, workDir: string): Promise<ProcessedMedia> {
    if (!this.ffmpeg) {
      this.opts.log.warn('ffmpeg not found: video kept without a poster or duration');
      return {};
    }
    const ffmpeg = this.ffmpeg;
    try {
      return await this.slots.run(async () => {
        const frame = path.join(workDir, 'frame.jpg');
        const { durationSeconds, poster } = await probeVideo(ffmpeg, file, frame);
        if (!poster) return { durationSeconds };
        const thumbnailFile = path.join(workDir, 'thumb.webp');
        await writeThumbnail(frame, thumbnailFile, { autoOrient: false });
        return { ...(await displayedSize(frame)), durationSeconds, thumbnailFile };
      });
    } catch (err) {
      // A phone can play what this ffmpeg cannot: the video stays, without a poster.
      this.opts.log.warn({ err }, 'Video poster failed');
      return {};
    }
  }
}

class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active < this.size) this.active += 1;
    else await new Promise<void>((r) => this.waiting.push(r)); // the slot is handed over on release
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
