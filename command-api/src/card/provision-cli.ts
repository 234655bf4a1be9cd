/**
 * Physical cards for the NFC vendor:
 *   npm run cards:provision -- --type basic --color black --count 100 --out cards.csv [--office <officeId>]
 * With --office, the cards are that office's pool (issue 30): only its members activate them.
 * Appends one CardProvisioned per card and writes `cardId,type,color,url` (url = PUBLIC_BASE_URL/p/{cardId}).
 * Uses DATABASE_URL, or the embedded database in DATA_DIR when the product is not running.
 */
import { open, rm, type FileHandle } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  CARD_COLORS,
  PHYSICAL_CARD_TYPES,
  cardProfileUrl,
  isCardColor,
  isPhysicalCardType,
  officeStreamId,
} from '@kartvizit/schemas';
import { UUID_PATTERN } from '@kartvizit/schemas/ids';
import { PROVISIONED_CARDS_CSV_HEADER, provisionedCardCsvLine } from '@kartvizit/schemas/card/provisioning-csv';
import { publicBaseUrlWarning, readConfig } from '@kartvizit/infra/config/env';
import { openRuntime, type Runtime } from '@kartvizit/infra/runtime/open-runtime';
import { newBatchId, provisionCards, type ProvisionedCard } from './provisioning.ts';

const MAX_COUNT = 10_000;
const BATCH_ID = /^[A-Za-z0-9-]{1,40}$/;
const USAGE = [
  'Kullanım: npm run cards:provision -- --type <tür> --color <renk> --count <adet> --out <dosya.csv> [--batch <parti kimliği>] [--office <ofis kimliği>]',
  `  --type   kart türü: ${PHYSICAL_CARD_TYPES.join(', ')}`,
  `  --color  kart rengi: ${CARD_COLORS.join(', ')}`,
  `  --count  üretilecek kart sayısı (1–${MAX_COUNT})`,
  '  --out    üreticiye gidecek CSV dosyası (cardId,type,color,url); var olan bir dosyanın üzerine yazılmaz',
  '  --batch  parti kimliği (harf, rakam, tire; verilmezse tarih ve rastgele bir ekle oluşturulur)',
  '  --office ofis kimliği: kartlar o ofisin boştaki kartları olur, yalnızca ofis üyeleri etkinleştirebilir',
  'Veritabanı: DATABASE_URL, yoksa DATA_DIR içindeki gömülü PostgreSQL. Adresler PUBLIC_BASE_URL ile başlar.',
].join('\n');

function fail(problem: string): never {
  console.error(`${problem}\n\n${USAGE}`);
  process.exit(2);
}

function readArguments() {
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        type: { type: 'string' },
        color: { type: 'string' },
        count: { type: 'string' },
        out: { type: 'string' },
        batch: { type: 'string' },
        office: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(`Geçersiz argüman: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const { type, color, count, out, batch, office } = values;
  if (!type || !isPhysicalCardType(type)) fail(type ? `Bilinmeyen kart türü: ${type}` : 'Kart türü eksik (--type).');
  if (!color || !isCardColor(color)) fail(color ? `Bilinmeyen kart rengi: ${color}` : 'Kart rengi eksik (--color).');
  const amount = Number(count);
  if (!count || !/^\d+$/.test(count) || amount < 1 || amount > MAX_COUNT) {
    fail(count ? `Geçersiz adet: ${count} (1–${MAX_COUNT} arası bir tam sayı olmalı)` : 'Kart sayısı eksik (--count).');
  }
  if (!out) fail('Çıktı dosyası eksik (--out).');
  if (batch !== undefined && !BATCH_ID.test(batch)) fail(`Geçersiz parti kimliği: ${batch}`);
  if (office !== undefined && !UUID_PATTERN.test(office)) fail(`Geçersiz ofis kimliği: ${office}`);
  // npm run changes into the repository root; a relative path means where the operator typed it.
  return { type, color, count: amount, out: resolve(process.env.INIT_CWD ?? process.cwd(), out), batch, office };
}

const args = readArguments();
const config = readConfig();
const addressWarning = publicBaseUrlWarning(process.env, config.publicBaseUrl);
if (addressWarning) console.warn(addressWarning);

let file: FileHandle;
try {
  // 'wx': never overwrite a list that may already be on its way to the vendor.
  file = await open(args.out, 'wx');
} catch (error) {
  const code = (error as { code?: unknown }).code;
  console.error(
    code === 'EEXIST'
      ? `Dosya zaten var, üzerine yazılmaz: ${args.out}`
      : `Dosya oluşturulamadı: ${args.out} (${String(error)})`,
  );
  process.exit(2);
}

const now = new Date();
const batchId = args.batch ?? newBatchId(now);
let runtime: Runtime;
try {
  runtime = await openRuntime(config, { signals: 'postgres' });
} catch (error) {
  await file.close();
  await rm(args.out, { force: true });
  console.error(`Veritabanına bağlanılamadı: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// Cards for an office that does not exist would be nobody's to activate: refused before anything is written.
if (args.office !== undefined && (await runtime.store.readStream(officeStreamId(args.office))).version < 0) {
  await file.close();
  await rm(args.out, { force: true });
  await runtime.close();
  console.error(`Böyle bir ofis yok: ${args.office}`);
  process.exit(2);
}
try {
  await file.write(`${PROVISIONED_CARDS_CSV_HEADER}\n`);
  const writeRows = async (cards: readonly ProvisionedCard[]) => {
    const rows = cards.map((card) =>
      provisionedCardCsvLine({ ...card, url: cardProfileUrl(config.publicBaseUrl, card.cardId) }),
    );
    await file.write(`${rows.join('\n')}\n`);
  };
  const result = await provisionCards({
    store: runtime.store,
    codec: runtime.codec,
    rows: [{ type: args.type, color: args.color, count: args.count }],
    batchId,
    now,
    ...(args.office !== undefined ? { officeId: args.office } : {}),
    onStored: writeRows,
  });
  const pool = args.office !== undefined ? `, ofis: ${args.office}` : '';
  console.log(
    `${result.cards.length} kart üretildi (tür: ${args.type}, renk: ${args.color}, parti: ${batchId}${pool}).`,
  );
  console.log(`CSV dosyası: ${args.out}`);
  console.log(`Kart adresleri: ${cardProfileUrl(config.publicBaseUrl, '{cardId}')}`);
  if (result.collisions > 0)
    console.log(`${result.collisions} rastgele kimlik zaten kullanılıyordu ve yenisiyle değiştirildi.`);
} catch (error) {
  console.error(`Kartlar üretilemedi: ${error instanceof Error ? error.message : String(error)}`);
  console.error('CSV dosyası yalnızca kaydedilen kartları içerir.');
  process.exitCode = 1;
} finally {
  await file.close();
  await runtime.close();
}
