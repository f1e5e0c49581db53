// Makes the web app manifest's PNG icons from public/logo.svg (run after changing the logo):
//   node apps/web/scripts/generate-icons.mjs
// sharp comes with the server workspace; the PNGs are committed so the web build needs no sharp.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const svg = fs.readFileSync(path.join(publicDir, 'logo.svg'));
const BACKGROUND = '#1f3a5f';

/** The logo as drawn: rounded corners, transparent outside them. */
async function plain(size, file) {
  await sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toFile(path.join(publicDir, file));
}

/**
 * Opaque and full-bleed: the logo inside the central 80 % (the maskable safe zone) on its own
 * background colour, for launchers that crop to a circle and for iOS, which fills transparency black.
 */
async function fullBleed(size, file) {
  const inner = Math.round(size * 0.8);
  const logo = await sharp(svg, { density: (72 * inner) / 64 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: logo, gravity: 'centre' }])
    .flatten({ background: BACKGROUND })
    .png()
    .toFile(path.join(publicDir, file));
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await fullBleed(512, 'icon-maskable-512.png');
await fullBleed(180, 'apple-touch-icon.png');
console.log('Icons written to', publicDir);
