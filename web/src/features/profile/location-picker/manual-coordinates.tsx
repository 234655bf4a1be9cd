import { useId, useState } from 'react';
import type { LatLng } from '@kartvizit/schemas/geocoding/rules';
import { TEXT } from './constants.ts';
import { formatCoordinate, readManualEntry } from './coordinates.ts';

interface ManualCoordinatesProps {
  readonly value: LatLng | null;
  readonly onChange: (location: LatLng) => void;
}

/**
 * Latitude and longitude typed by hand: the fallback when the map cannot load, and a keyboard
 * way to place the pin when it can. Non-numeric input is ignored; numbers out of range are named.
 */
export function ManualCoordinates({ value, onChange }: ManualCoordinatesProps) {
  const id = useId();
  const [latitudeText, setLatitudeText] = useState(value ? formatCoordinate(value.lat) : '');
  const [longitudeText, setLongitudeText] = useState(value ? formatCoordinate(value.lng) : '');
  // A location chosen elsewhere (map click, current location) shows up in the inputs.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    const typed = readManualEntry(latitudeText, longitudeText).location;
    if (value && (typed?.lat !== value.lat || typed.lng !== value.lng)) {
      setLatitudeText(formatCoordinate(value.lat));
      setLongitudeText(formatCoordinate(value.lng));
    }
  }
  const entry = readManualEntry(latitudeText, longitudeText);

  const update = (latitude: string, longitude: string) => {
    setLatitudeText(latitude);
    setLongitudeText(longitude);
    const next = readManualEntry(latitude, longitude).location;
    if (next && (next.lat !== value?.lat || next.lng !== value.lng)) onChange(next);
  };

  return (
    <div className="location-picker__manual">
      <div className="location-picker__field">
        <label htmlFor={`${id}-lat`}>{TEXT.latitude}</label>
        <input
          id={`${id}-lat`}
          name="latitude"
          type="number"
          inputMode="decimal"
          step="any"
          min={-90}
          max={90}
          placeholder="39.933400"
          value={latitudeText}
          aria-invalid={entry.latitudeError ? true : undefined}
          aria-describedby={entry.latitudeError ? `${id}-lat-error` : undefined}
          onChange={(event) => update(event.target.value, longitudeText)}
        />
        {entry.latitudeError && (
          <p id={`${id}-lat-error`} className="location-picker__field-error" role="alert">
            {entry.latitudeError}
          </p>
        )}
      </div>
      <div className="location-picker__field">
        <label htmlFor={`${id}-lng`}>{TEXT.longitude}</label>
        <input
          id={`${id}-lng`}
          name="longitude"
          type="number"
          inputMode="decimal"
          step="any"
          min={-180}
          max={180}
          placeholder="32.859700"
          value={longitudeText}
          aria-invalid={entry.longitudeError ? true : undefined}
          aria-describedby={entry.longitudeError ? `${id}-lng-error` : undefined}
          onChange={(event) => update(latitudeText, event.target.value)}
        />
        {entry.longitudeError && (
          <p id={`${id}-lng-error`} className="location-picker__field-error" role="alert">
            {entry.longitudeError}
          </p>
        )}
      </div>
    </div>
  );
}
