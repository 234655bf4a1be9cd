import 'ol/ol.css';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import TileLayer from 'ol/layer/Tile.js';
import VectorLayer from 'ol/layer/Vector.js';
import XYZ from 'ol/source/XYZ.js';
import VectorSource from 'ol/source/Vector.js';
import Attribution from 'ol/control/Attribution.js';
import Zoom from 'ol/control/Zoom.js';
import { defaults as defaultInteractions } from 'ol/interaction/defaults.js';
import { fromLonLat } from 'ol/proj.js';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style.js';

/**
 * The card page's map: loaded only when the visitor asks for it ('Haritayı Göster'), in its own
 * chunk with OpenLayers, so the page itself never pays for it. Tiles come from the same
 * configuration as the location picker (GET /api/config/public).
 */

export interface MapConfig {
  readonly mapTileUrl: string;
  readonly mapAttribution: string;
  readonly mapAttributionUrl: string;
}

/** SPEC: zoom 16 with coordinates (the only case the card page draws a map). */
const ZOOM = 16;
/** As the location picker: no tile within this time, or this many failures before any tile, is a failure. */
const TILE_TIMEOUT_MS = 8000;
const TILE_FAILURES = 3;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const PIN = [
  new Style({ image: new CircleStyle({ radius: 16, fill: new Fill({ color: 'rgba(79, 70, 229, 0.22)' }) }) }),
  new Style({
    image: new CircleStyle({
      radius: 8,
      fill: new Fill({ color: '#4f46e5' }),
      stroke: new Stroke({ color: '#ffffff', width: 3 }),
    }),
  }),
];

/** Resolves when the first tile has loaded; rejects (and removes the map) when the tiles do not come. */
export function showMap(
  target: HTMLElement,
  place: { readonly lat: number; readonly lng: number },
  config: MapConfig,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!Number.isFinite(place.lat) || !Number.isFinite(place.lng)) {
      reject(new Error('no coordinates'));
      return;
    }
    const canvas = document.createElement('div');
    canvas.className = 'pc-map__canvas';
    target.append(canvas);
    let loaded = 0;
    let failed = 0;
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      if (!error) {
        resolve();
        return;
      }
      map.setTarget(undefined);
      map.dispose();
      canvas.remove();
      reject(error);
    };
    const timer = window.setTimeout(() => {
      if (loaded === 0) settle(new Error('tile timeout'));
    }, TILE_TIMEOUT_MS);

    const tiles = new XYZ({
      url: config.mapTileUrl,
      crossOrigin: 'anonymous',
      attributions: `<a href="${escapeHtml(config.mapAttributionUrl)}" target="_blank" rel="noopener noreferrer">${escapeHtml(config.mapAttribution)}</a>`,
      attributionsCollapsible: false,
      maxZoom: 19,
    });
    tiles.on('tileloadend', () => {
      loaded += 1;
      settle();
    });
    tiles.on('tileloaderror', () => {
      failed += 1;
      if (loaded === 0 && failed >= TILE_FAILURES) settle(new Error('tiles failed'));
    });

    const center = fromLonLat([place.lng, place.lat]);
    const pin = new Feature({ geometry: new Point(center) });
    pin.setStyle(PIN);
    const map = new OlMap({
      target: canvas,
      layers: [new TileLayer({ source: tiles }), new VectorLayer({ source: new VectorSource({ features: [pin] }) })],
      controls: [
        new Zoom({ zoomInTipLabel: 'Yakınlaştır', zoomOutTipLabel: 'Uzaklaştır' }),
        new Attribution({ collapsible: false }),
      ],
      // The wheel keeps scrolling the page on a desktop; zoom with the buttons or by pinching.
      interactions: defaultInteractions({ altShiftDragRotate: false, pinchRotate: false, mouseWheelZoom: false }),
      view: new View({ center, zoom: ZOOM }),
    });
  });
}
