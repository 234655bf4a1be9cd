// The location picker (SPEC §2) as the profile screen uses it; `ol` loads only when it opens.
export { LocationPickerModal, type LocationPickerModalProps } from './location-picker-modal.tsx';
export { getCurrentLocation, useGeolocation, type GeolocationOutcome, type UseGeolocation } from './use-geolocation.ts';
export { DEFAULT_CENTER, DEFAULT_ZOOM, GEOLOCATION_OPTIONS, LOCATED_ZOOM } from './constants.ts';
export { formatCoordinate, roundLocation } from './coordinates.ts';
export type { LatLng } from '@kartvizit/schemas/geocoding/rules';
