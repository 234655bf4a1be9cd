import { latitudeProblem, longitudeProblem, type LatLng } from '@kartvizit/schemas/geocoding/rules';
import { COORDINATE_DECIMALS, TILE_ERROR_LIMIT } from './constants.ts';

/** 6 decimals (about 10 cm), as the readout shows and the profile stores. */
export function roundCoordinate(value: number): number {
  const factor = 10 ** COORDINATE_DECIMALS;
  return Math.round(value * factor) / factor;
}

export function roundLocation(location: LatLng): LatLng {
  return { lat: roundCoordinate(location.lat), lng: roundCoordinate(location.lng) };
}

export function formatCoordinate(value: number): string {
  return value.toFixed(COORDINATE_DECIMALS);
}

/** A number typed by hand ("39.93", "39,93"); null for anything that is not one (ignored, SPEC §2). */
export function parseCoordinate(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/u.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export interface ManualEntry {
  /** Both numbers present and in range. */
  readonly location: LatLng | null;
  readonly latitudeError: string | null;
  readonly longitudeError: string | null;
}

/** What two typed values amount to: a location, or the range problem of each field. */
export function readManualEntry(latitudeText: string, longitudeText: string): ManualEntry {
  const lat = parseCoordinate(latitudeText);
  const lng = parseCoordinate(longitudeText);
  const latitudeError = lat === null ? null : latitudeProblem(lat);
  const longitudeError = lng === null ? null : longitudeProblem(lng);
  const location =
    lat !== null && lng !== null && !latitudeError && !longitudeError ? roundLocation({ lat, lng }) : null;
  return { location, latitudeError, longitudeError };
}

/**
 * Decides from tile events whether the map works. One loaded tile means it does; TILE_ERROR_LIMIT
 * failures before any success mean it does not (offline, blocked, wrong MAP_TILE_URL).
 */
export class TileHealth {
  private loaded = 0;
  private failed = 0;

  constructor(private readonly errorLimit = TILE_ERROR_LIMIT) {}

  /** 'ready' on the first tile that arrives. */
  tileLoaded(): 'ready' | null {
    this.loaded += 1;
    return this.loaded === 1 ? 'ready' : null;
  }

  /** 'failed' once too many tiles failed and none arrived. */
  tileFailed(): 'failed' | null {
    this.failed += 1;
    return this.loaded === 0 && this.failed === this.errorLimit ? 'failed' : null;
  }

  get anyLoaded(): boolean {
    return this.loaded > 0;
  }
}
