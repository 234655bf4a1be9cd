import type { LatLng } from '@kartvizit/schemas/geocoding/rules';

/** SPEC §4 and §9: Ankara, zoom 14; 16 once the user's own position (or a saved one) is shown. */
export const DEFAULT_CENTER: LatLng = { lat: 39.9334, lng: 32.8597 };
export const DEFAULT_ZOOM = 14;
export const LOCATED_ZOOM = 16;
export const MAP_HEIGHT_PX = 400;
export const COORDINATE_DECIMALS = 6;

/** SPEC §7, §9: high accuracy, 10 s time-out, positions up to 5 minutes old. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 };

/** Give up on the map (and offer coordinate inputs) after this many failed tiles with none loaded… */
export const TILE_ERROR_LIMIT = 3;
/** …or when no tile has arrived this long after the map started. */
export const TILE_LOAD_TIMEOUT_MS = 8000;

export const TEXT = {
  title: 'Konum Seçimi',
  close: 'Kapat',
  loading: 'Harita yükleniyor...',
  currentLocation: 'Mevcut Konum',
  locating: 'Konum alınıyor...',
  cancel: 'İptal',
  confirm: 'Konumu Onayla',
  latitude: 'Enlem',
  longitude: 'Boylam',
  manualToggle: 'Koordinatları elle girin',
  mapHelp: 'İşaretçiyi yerleştirmek için haritaya tıklayın; yerini değiştirmek için sürükleyin.',
  mapUnavailable: 'Harita yüklenemedi. Enlem ve boylamı elle girebilir ya da mevcut konumunuzu kullanabilirsiniz.',
  noSelection: 'Henüz bir konum seçilmedi.',
  selected: 'Seçilen konum',
  address: 'Adres',
  mapLabel: 'Konum seçim haritası',
  zoomIn: 'Yakınlaştır',
  zoomOut: 'Uzaklaştır',
} as const;
