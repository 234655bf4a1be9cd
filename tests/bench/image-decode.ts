/**
 * What three large uploads at once cost the process that decodes them (issue 28 item 13, decision 54): wall time and
 * peak resident memory, e.g.
 *
 *   npx tsx tests/bench/image-decode.ts [png|png16|jpeg] [path of process.ts, default the current one]
 *
 * The pictures are drawn here, in a child process so drawing does not count in the peak (a 7000×7000 PNG gradient under
 * the 5 MB upload limit, a 4000×3999 one, an 8000×6000 phone-sized JPEG), and handed to processImage with the product
 * preset three at once, as three requests would. Passing an older
 * process.ts (git show <commit>:infra/src/images/process.ts > infra/src/images/process.old.ts) measures the old code.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { PRODUCT_IMAGE_PRESET } from '../../command-api/src/product/images.ts';
import type { processImage as ProcessImage } from '../../infra/src/images/process.ts';

const kind = process.argv[2] ?? 'png';
const format = kind === 'jpeg' ? 'jpeg' : 'png';
const modulePath = resolve(process.argv[3] ?? 'infra/src/images/process.ts');
const { processImage } = (await import(pathToFileURL(modulePath).href)) as { processImage: typeof ProcessImage };

// png16: the largest PNG still accepted (decision 54), the worst an upload can now cost.
const [width, height] = kind === 'jpeg' ? [8_000, 6_000] : kind === 'png16' ? [4_000, 3_999] : [7_000, 7_000];
const file = join(tmpdir(), `kartvizit-bench-${width}x${height}.${format}`);

if (process.argv[4] === 'draw') {
  // A horizontal gradient: compresses well (the upload must stay under 5 MB) yet is a real picture to decode.
  const row = Buffer.alloc(width * 3);
  for (let x = 0; x < width; x++) row.fill(Math.floor((x / width) * 255), x * 3, x * 3 + 3);
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) row.copy(raw, y * width * 3);
  const drawn = sharp(raw, { raw: { width, height, channels: 3 } });
  writeFileSync(
    file,
    await (format === 'png' ? drawn.png({ compressionLevel: 9 }) : drawn.jpeg({ quality: 85 })).toBuffer(),
  );
  process.exit(0);
}
if (!existsSync(file))
  execFileSync(process.execPath, [...process.execArgv, process.argv[1] ?? '', kind, modulePath, 'draw']);
const upload = readFileSync(file);

const baselineRssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
const started = performance.now();
const outcomes = await Promise.allSettled([1, 2, 3].map(() => processImage(upload, PRODUCT_IMAGE_PRESET)));
const wallMs = Math.round(performance.now() - started);
console.log(
  JSON.stringify({
    module: modulePath,
    input: `${width}×${height} ${format}, ${(upload.length / 1024 / 1024).toFixed(2)} MB`,
    wallMs,
    baselineRssMb,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    outcomes: outcomes.map((o) =>
      o.status === 'fulfilled'
        ? `stored ${o.value.main.width}×${o.value.main.height}`
        : String((o.reason as Error).message),
    ),
  }),
);
