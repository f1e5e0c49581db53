import { execFile } from 'node:child_process';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partKeyOf } from '../modules/uploads/upload-assembler.ts';
import {
  CONTENT,
  chunksOf,
  fakeMp4,
  sendChunk,
  sha256,
  UPLOAD_URL,
} from '../modules/uploads/upload-test-kit.ts';
import {
  addToGallery,
  createSite,
  exportStatus,
  type Item,
  requestExport,
  sha256OfFile,
  zipContents,
} from './reliability-kit.ts';
import { killAll, newPlace, type Place, type ServerProcess, startProcess, until } from './server-process.ts';

const KiB = 1024;
const MiB = 1024 * KiB;
const run = promisify(execFile);

/**
 * One real server process (`node --import tsx apps/server/src/main.ts`) is SIGKILLed while a chunk
 * of an upload is half received and while an export is half written, then started again on the
 * same DATA_DIR and database. The export is held at a known point by serving one of its media
 * files through a named pipe that the test fills by hand — a disk that stalls — so the kill always
 * lands mid-way, after some entries are in the ZIP.
 */
describe('a server process killed with SIGKILL mid-upload and mid-export', () => {
  let place: Place;
  let server: ServerProcess;
  let userCookie: string | undefined;
  const gallery: Item[] = [];
  const upload = { id: 'crash-upload-0001', file: fakeMp4(5 * MiB + 321, 77) };
  const assembling = { id: 'crash-assembly-0001', file: fakeMp4(2 * MiB + 7, 78) };
  let exportId: number;
  let tools: string;

  beforeAll(async () => {
    place = await newPlace();
    // ffmpeg's stand-in: while the hold file is there it hangs, as a poster of a long video takes
    // its time; otherwise it fails (the video is kept without a poster).
    tools = await fs.mkdtemp(path.join(os.tmpdir(), 'sd-tools-'));
    const hold = path.join(tools, 'hold');
    const ffmpeg = path.join(tools, 'ffmpeg');
    await fs.writeFile(
      ffmpeg,
      '#!/bin/sh\nif [ -e "$HOLD_FILE" ]; then echo $$ > "$HOLD_FILE.pid"; exec sleep 120; fi\nexit 1\n',
    );
    await fs.chmod(ffmpeg, 0o755);
    const env = { FFMPEG_PATH: ffmpeg, HOLD_FILE: hold };
    server = await startProcess(place, env);
    const admin = await server.admin();
    const siteId = await createSite(admin, 'SIGKILL');
    const user = (await admin.createUser(['ADD_PHOTOS', 'EXPORT_GALLERY'])).client;
    userCookie = user.cookie;
    for (const [i, kib] of [700, 800, 900, 1000, 750, 850].entries()) {
      gallery.push(await addToGallery(user, siteId, fakeMp4(kib * KiB, 500 + i)));
    }

    // The export's fourth file becomes a pipe: the export stalls inside it.
    const db = place.db().kysely;
    const items = await db
      .selectFrom('media_items')
      .select(['id', 'storage_key', 'size'])
      .orderBy('site_date')
      .orderBy('taken_at')
      .orderBy('id')
      .execute();
    const stalled = path.join(place.dataDir, items[3]?.storage_key as string);
    const before = items.slice(0, 3).reduce((n, i) => n + i.size, 0);
    await fs.rename(stalled, `${stalled}.real`);
    await run('mkfifo', [stalled]);
    const pipe = fs.open(stalled, 'w'); // opens once the export opens the file to read it

    // The upload: three chunks held, the fourth half sent when the power goes.
    const chunks = chunksOf(upload.file);
    const o = { uploadId: upload.id, total: chunks.length, fileSize: upload.file.length };
    for (const c of chunks.slice(0, 3)) expect((await sendChunk(user, c, o)).status).toBe(206);
    const c3 = chunks[3] as (typeof chunks)[number];
    const inFlight = http.request(new URL(`${UPLOAD_URL}?uploadId=${upload.id}`, server.url), {
      method: 'POST',
      headers: {
        cookie: `SESSION=${userCookie}`,
        'content-type': 'video/mp4',
        'content-length': String(c3.body.length),
        'content-range': `bytes ${c3.start}-${c3.end}/${upload.file.length}`,
        'x-chunk-index': '3',
        'x-total-chunks': String(chunks.length),
      },
    });
    const inFlightEnded = new Promise((resolve) => {
      inFlight.on('response', resolve);
      inFlight.on('error', resolve);
    });
    inFlight.write(c3.body.subarray(0, 600 * KiB));
    const part = path.join(place.dataDir, partKeyOf(upload.id));
    await until('part of chunk 3 written', async () => ((await fs.stat(part))?.size ?? 0) > 3 * MiB);

    // Another upload has all its chunks and is being assembled: it hangs making the poster.
    await fs.writeFile(hold, '');
    const ac = chunksOf(assembling.file);
    const ao = { uploadId: assembling.id, total: ac.length, fileSize: assembling.file.length };
    for (const c of ac.slice(0, -1)) expect((await sendChunk(user, c, ao)).status).toBe(206);
    const lastChunk = sendChunk(user, ac[ac.length - 1] as (typeof ac)[number], ao).catch((e: Error) => e);
    await until('the assembly is making the poster', () =>
      fs.stat(`${hold}.pid`).then(
        () => true,
        () => false,
      ),
    );

    exportId = await requestExport(user, siteId);
    const writer = await Promise.race([
      pipe,
      new Promise<never>((_, reject) =>
        setTimeout(() => {
          // A reader of our own releases the pending open, so the test process can end.
          void fs.open(stalled, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK).then((h) => h.close());
          reject(new Error('the export never opened its fourth file'));
        }, 30_000),
      ),
    ]);
    const realBytes = await fs.readFile(`${stalled}.real`);
    await writer.write(realBytes.subarray(0, realBytes.length / 2));
    const exportsDir = path.join(place.dataDir, 'exports');
    const zipSoFar = async () => {
      const names = (await fs.readdir(exportsDir).catch(() => [])).filter((f) =>
        f.startsWith(`.${exportId}-`),
      );
      return names.length === 1 ? (await fs.stat(path.join(exportsDir, names[0] as string))).size : 0;
    };
    await until('three files in the ZIP', async () => (await zipSoFar()) >= before);

    await server.kill();
    // The dead server's ffmpeg lives on as an orphan: end it too.
    process.kill(Number(await fs.readFile(`${hold}.pid`, 'utf8')), 'SIGKILL');
    await fs.rm(hold);
    inFlight.destroy();
    await inFlightEnded;
    await lastChunk;
    await writer.close().catch(() => {});

    // What the dead process left: three chunks held, the export claimed and unfinished.
    const held = await db
      .selectFrom('upload_chunks')
      .select('chunk_index')
      .where('upload_id', '=', upload.id)
      .orderBy('chunk_index')
      .execute();
    expect(held.map((h) => h.chunk_index)).toEqual([0, 1, 2]);
    const row = await db
      .selectFrom('exports')
      .selectAll()
      .where('id', '=', exportId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('PROCESSING');
    const cut = await db
      .selectFrom('uploads')
      .selectAll()
      .where('upload_id', '=', assembling.id)
      .executeTakeFirstOrThrow();
    expect(cut.status).toBe('ASSEMBLING');
    // It died after moving the chunks' part file into place as the temp file, before recording it.
    await expect(fs.stat(path.join(place.dataDir, partKeyOf(assembling.id)))).rejects.toThrow();

    // The disk is well again.
    await fs.rm(stalled);
    await fs.rename(`${stalled}.real`, stalled);
    // So are the minute-long leases of the dead export and the dead assembly.
    await db.updateTable('exports').set({ locked_until: 0 }).where('id', '=', exportId).execute();
    await db.updateTable('uploads').set({ updated_at: 0 }).where('upload_id', '=', assembling.id).execute();
    server = await startProcess(place, env);
  }, 180_000);

  afterAll(async () => {
    await killAll();
    await place?.drop();
    if (tools) await fs.rm(tools, { recursive: true, force: true });
  });

  it('resumes the upload from the chunks it held, completing it byte for byte', async () => {
    const user = server.client(userCookie);
    const progress = await user.get(`${CONTENT}/upload/${upload.id}`);
    expect(progress.body.data).toMatchObject({ chunks: [0, 1, 2], complete: false });
    const chunks = chunksOf(upload.file);
    const o = { uploadId: upload.id, total: chunks.length, fileSize: upload.file.length };
    let last = await sendChunk(user, chunks[3] as (typeof chunks)[number], o);
    for (const c of chunks.slice(4)) last = await sendChunk(user, c, o);
    expect(last.status, last.text).toBe(200);
    const { fileKey } = last.body.data;
    const row = await place
      .db()
      .kysely.selectFrom('temp_files')
      .selectAll()
      .where('file_key', '=', fileKey)
      .executeTakeFirstOrThrow();
    expect(row.sha256).toBe(sha256(upload.file));
    expect(await sha256OfFile(path.join(place.dataDir, row.storage_key))).toBe(sha256(upload.file));
    const served = await fetch(new URL(`${CONTENT}/temp/${fileKey}`, server.url), {
      headers: { cookie: `SESSION=${userCookie}` },
    });
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(upload.file));
  });

  it('completes an upload whose assembly the kill cut short, on the resend of a chunk', async () => {
    const user = server.client(userCookie);
    const chunks = chunksOf(assembling.file);
    const o = { uploadId: assembling.id, total: chunks.length, fileSize: assembling.file.length };
    const last = await sendChunk(user, chunks[chunks.length - 1] as (typeof chunks)[number], o);
    expect(last.status, last.text).toBe(200);
    const kysely = place.db().kysely;
    const rows = await kysely
      .selectFrom('temp_files')
      .selectAll()
      .where('sha256', '=', sha256(assembling.file))
      .execute();
    expect(rows.map((r) => r.file_key)).toEqual([last.body.data.fileKey]);
    expect(await sha256OfFile(path.join(place.dataDir, rows[0]?.storage_key as string))).toBe(
      sha256(assembling.file),
    );
    // Nothing of the dead attempt is left lying about: every temp file belongs to a row.
    const keys = (await kysely.selectFrom('temp_files').select('file_key').execute()).map((r) => r.file_key);
    const stray = (await fs.readdir(path.join(place.dataDir, 'tmp/files'))).filter(
      (f) => !keys.some((k) => f.startsWith(`${k}.`)),
    );
    expect(stray).toEqual([]);
  });

  it('finishes the export after the restart, every file in the ZIP byte-equal', async () => {
    const user = server.client(userCookie);
    await until(
      'export completed',
      async () => (await exportStatus(user, exportId)).status === 'COMPLETED',
      30_000,
    );
    expect(await zipContents(user, exportId)).toEqual(gallery.map((g) => g.sha256).sort());
    const row = await place
      .db()
      .kysely.selectFrom('exports')
      .selectAll()
      .where('id', '=', exportId)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(2);
    // The dead attempt's half ZIP is never offered: the only finished file is the new one.
    const finished = (await fs.readdir(path.join(place.dataDir, 'exports'))).filter(
      (f) => !f.startsWith('.'),
    );
    expect(finished).toEqual([path.basename(row.storage_key as string)]);
  });
});
