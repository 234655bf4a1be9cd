import 'ol/ol.css';
import { useEffect, useRef } from 'react';
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
import Translate from 'ol/interaction/Translate.js';
import { defaults as defaultInteractions } from 'ol/interaction/defaults.js';
import { fromLonLat, toLonLat } from 'ol/proj.js';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style.js';
import type { LatLng } from '@kartvizit/schemas/geocoding/rules';
import { TEXT, TILE_LOAD_TIMEOUT_MS } from './constants.ts';
import { roundLocation, TileHealth } from './coordinates.ts';

/**
 * The OpenLayers map. This module (and `ol` with it) is loaded only when the picker opens, so
 * no other page downloads it.
 */
export interface MapViewProps {
  readonly tileUrl: string;
  readonly attribution: string;
  readonly attributionUrl: string;
  readonly marker: LatLng | null;
  /** Where the view goes; a new object moves it there (initial place, current location, typed coordinates). */
  readonly focus: { readonly center: LatLng; readonly zoom: number };
  readonly onPick: (location: LatLng) => void;
  readonly onReady: () => void;
  readonly onFailed: () => void;
}

const MARKER_STYLE = [
  new Style({ image: new CircleStyle({ radius: 14, fill: new Fill({ color: 'rgba(79, 70, 229, 0.22)' }) }) }),
  new Style({
    image: new CircleStyle({
      radius: 8,
      fill: new Fill({ color: '#4f46e5' }),
      stroke: new Stroke({ color: '#ffffff', width: 3 }),
    }),
  }),
];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/gu, (character) => `&#${character.charCodeAt(0)};`);
}

const toMap = (location: LatLng) => fromLonLat([location.lng, location.lat]);

function toLocation(coordinate: number[]): LatLng {
  const [lng = 0, lat = 0] = toLonLat(coordinate);
  return roundLocation({ lat, lng });
}

export function MapView({
  tileUrl,
  attribution,
  attributionUrl,
  marker,
  focus,
  onPick,
  onReady,
  onFailed,
}: MapViewProps) {
  const targetRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<OlMap | null>(null);
  const markerRef = useRef<Feature<Point> | null>(null);
  // The map is built once; callbacks may change on every render of the dialog.
  const callbacks = useRef({ onPick, onReady, onFailed });
  useEffect(() => {
    callbacks.current = { onPick, onReady, onFailed };
  });

  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const health = new TileHealth();
    let settled = false;
    const settle = (outcome: 'ready' | 'failed') => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      if (outcome === 'ready') callbacks.current.onReady();
      else callbacks.current.onFailed();
    };
    const timer = window.setTimeout(() => {
      if (!health.anyLoaded) settle('failed');
    }, TILE_LOAD_TIMEOUT_MS);

    const tiles = new XYZ({
      url: tileUrl,
      crossOrigin: 'anonymous',
      attributions: `<a href="${escapeHtml(attributionUrl)}" target="_blank" rel="noopener noreferrer">${escapeHtml(attribution)}</a>`,
      attributionsCollapsible: false,
      maxZoom: 19,
    });
    tiles.on('tileloadend', () => {
      if (health.tileLoaded() === 'ready') settle('ready');
    });
    tiles.on('tileloaderror', () => {
      if (health.tileFailed() === 'failed') settle('failed');
    });

    const pin = new Feature<Point>();
    pin.setStyle(MARKER_STYLE);
    markerRef.current = pin;
    const pins = new VectorSource<Feature<Point>>();
    const pinLayer = new VectorLayer({ source: pins });
    const drag = new Translate({ layers: [pinLayer] });
    drag.on('translateend', () => {
      const coordinate = pin.getGeometry()?.getCoordinates();
      if (coordinate) callbacks.current.onPick(toLocation(coordinate));
    });

    const map = new OlMap({
      target,
      layers: [new TileLayer({ source: tiles }), pinLayer],
      controls: [
        new Zoom({ zoomInTipLabel: TEXT.zoomIn, zoomOutTipLabel: TEXT.zoomOut }),
        new Attribution({ collapsible: false }),
      ],
      interactions: defaultInteractions({ altShiftDragRotate: false, pinchRotate: false }).extend([drag]),
      view: new View({ center: toMap(focus.center), zoom: focus.zoom }),
    });
    map.on('singleclick', (event) => {
      // A click on the pin starts a drag, not a move.
      if (map.hasFeatureAtPixel(event.pixel, { layerFilter: (layer) => layer === pinLayer })) return;
      callbacks.current.onPick(toLocation(event.coordinate));
    });
    pins.addFeature(pin);
    mapRef.current = map;

    return () => {
      window.clearTimeout(timer);
      settled = true;
      map.setTarget(undefined);
      map.dispose();
      mapRef.current = null;
      markerRef.current = null;
    };
    // Built once per open picker; focus and marker follow in the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl, attribution, attributionUrl]);

  useEffect(() => {
    markerRef.current?.setGeometry(marker ? new Point(toMap(marker)) : undefined);
  }, [marker]);

  useEffect(() => {
    mapRef.current?.getView().animate({ center: toMap(focus.center), zoom: focus.zoom, duration: 300 });
  }, [focus]);

  return <div ref={targetRef} className="location-picker__canvas" role="application" aria-label={TEXT.mapLabel} />;
}
