import './location-picker.css';
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import type { LatLng } from '@kartvizit/schemas/geocoding/rules';
import { useGetPublicConfigQuery } from '../geocoding-api.ts';
import { DEFAULT_CENTER, DEFAULT_ZOOM, LOCATED_ZOOM, TEXT } from './constants.ts';
import { formatCoordinate } from './coordinates.ts';
import { ManualCoordinates } from './manual-coordinates.tsx';
import type { MapViewProps } from './map-view.tsx';
import { useGeolocation } from './use-geolocation.ts';

export interface LocationPickerModalProps {
  /** Default true, so the picker can also be shown by rendering it conditionally. */
  readonly open?: boolean;
  /** The profile's address (street, city, state, country joined by commas), shown for orientation. */
  readonly addressText: string;
  /** The profile's current coordinates; the map starts there. */
  readonly initial: LatLng | null;
  /** The confirmed location (6 decimals). The caller stores it and closes the picker. */
  readonly onSelect: (location: LatLng) => void;
  readonly onClose: () => void;
}

type MapState = 'loading' | 'ready' | 'fallback';
type Notice = { readonly kind: 'success' | 'error'; readonly text: string };

// Loaded on first open only: `ol` is a large library and no other screen needs it.
const loadMapView = () => import('./map-view.tsx');

/** SPEC §2 "Location picker modal". Nothing is rendered while closed; each opening starts afresh. */
export function LocationPickerModal({ open = true, ...props }: LocationPickerModalProps) {
  if (!open) return null;
  return <PickerDialog {...props} />;
}

function PickerDialog({ addressText, initial: given, onSelect, onClose }: Omit<LocationPickerModalProps, 'open'>) {
  const initial = given ?? null;
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [selected, setSelected] = useState<LatLng | null>(initial);
  const [focus, setFocus] = useState(() => ({
    center: initial ?? DEFAULT_CENTER,
    zoom: initial ? LOCATED_ZOOM : DEFAULT_ZOOM,
  }));
  const [notice, setNotice] = useState<Notice | null>(null);
  const [mapState, setMapState] = useState<MapState>('loading');
  const [MapView, setMapView] = useState<ComponentType<MapViewProps> | null>(null);
  const config = useGetPublicConfigQuery();
  const { locate, locating } = useGeolocation();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // A modal <dialog>: the rest of the page is inert, focus stays inside, Esc asks to close.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const cancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, []);

  useEffect(() => {
    let active = true;
    loadMapView().then(
      (module) => active && setMapView(() => module.MapView),
      () => active && setMapState('fallback'),
    );
    return () => {
      active = false;
    };
  }, []);

  const mode: MapState = config.isError ? 'fallback' : mapState;

  const applyCurrentLocation = async () => {
    setNotice(null);
    const outcome = await locate();
    if (outcome.ok) {
      setSelected(outcome.location);
      setFocus({ center: outcome.location, zoom: LOCATED_ZOOM });
      setNotice({ kind: 'success', text: outcome.message });
    } else {
      setNotice({ kind: 'error', text: outcome.message });
    }
  };

  const pick = (location: LatLng) => {
    setSelected(location);
    setNotice(null);
  };

  const placeTyped = (location: LatLng) => {
    pick(location);
    setFocus((current) => ({ center: location, zoom: Math.max(current.zoom, LOCATED_ZOOM) }));
  };

  return (
    <dialog ref={dialogRef} className="location-picker" aria-labelledby={titleId}>
      <div className="location-picker__header">
        <h2 id={titleId} className="location-picker__title">
          {TEXT.title}
        </h2>
        <button type="button" className="location-picker__close" aria-label={TEXT.close} onClick={onClose}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>

      <div className="location-picker__body">
        <div className="location-picker__toolbar">
          <p className="location-picker__address">
            {addressText.trim() ? (
              <>
                <span className="location-picker__label">{TEXT.address}:</span> {addressText}
              </>
            ) : mode === 'fallback' ? null : (
              TEXT.mapHelp
            )}
          </p>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void applyCurrentLocation()}
            disabled={locating}
          >
            <svg className="location-picker__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 2v3M12 19v3M2 12h3M19 12h3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            {locating ? TEXT.locating : TEXT.currentLocation}
          </button>
        </div>

        {notice?.kind === 'error' && (
          <p className="alert" role="alert">
            {notice.text}
          </p>
        )}
        {notice?.kind === 'success' && (
          <p className="location-picker__success" role="status">
            {notice.text}
          </p>
        )}

        {mode === 'fallback' ? (
          <>
            <p className="location-picker__info" role="status">
              {TEXT.mapUnavailable}
            </p>
            <ManualCoordinates value={selected} onChange={pick} />
          </>
        ) : (
          <>
            <div className="location-picker__map" aria-busy={mode === 'loading'}>
              {MapView && config.data && (
                <MapView
                  tileUrl={config.data.mapTileUrl}
                  attribution={config.data.mapAttribution}
                  attributionUrl={config.data.mapAttributionUrl}
                  marker={selected}
                  focus={focus}
                  onPick={pick}
                  onReady={() => setMapState('ready')}
                  onFailed={() => setMapState('fallback')}
                />
              )}
              {mode === 'loading' && (
                <div className="location-picker__loading" role="status">
                  <span className="location-picker__spinner" aria-hidden="true" />
                  {TEXT.loading}
                </div>
              )}
            </div>
            {addressText.trim() && <p className="location-picker__help">{TEXT.mapHelp}</p>}
            <details className="location-picker__details">
              <summary>{TEXT.manualToggle}</summary>
              <ManualCoordinates value={selected} onChange={placeTyped} />
            </details>
          </>
        )}
      </div>

      <div className="location-picker__footer">
        <p className="location-picker__readout" aria-live="polite" data-testid="location-readout">
          {selected ? (
            <>
              <span className="location-picker__label">{TEXT.selected}:</span>{' '}
              <span>
                {TEXT.latitude} {formatCoordinate(selected.lat)}, {TEXT.longitude} {formatCoordinate(selected.lng)}
              </span>
            </>
          ) : (
            TEXT.noSelection
          )}
        </p>
        <div className="location-picker__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {TEXT.cancel}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!selected}
            onClick={() => selected && onSelect(selected)}
          >
            {TEXT.confirm}
          </button>
        </div>
      </div>
    </dialog>
  );
}
