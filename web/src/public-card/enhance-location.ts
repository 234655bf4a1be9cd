import { debug } from '../shared/debug.ts';

/**
 * 'Haritayı Göster' on a server-rendered page (the card page, the office page): the page holds a `.pc-map` box with
 * the place's coordinates, a `[data-map-load]` button and a `[data-map-status]` line. OpenLayers and the tiles'
 * configuration (GET /api/config/public, the location picker's) are fetched only when the visitor asks. Both pages'
 * scripts import this, so the build puts it in a chunk of its own: its name must not match what
 * tests/e2e/public-card.e2e.ts takes for OpenLayers being loaded (/Vector|map-/) before the visitor asked.
 */
export function enhanceMap(text: { readonly mapLoading: string; readonly mapFailed: string }): void {
  const box = document.querySelector<HTMLElement>('.pc-map');
  const button = document.querySelector<HTMLButtonElement>('[data-map-load]');
  const status = document.querySelector<HTMLElement>('[data-map-status]');
  if (!box || !button || !status) return;
  button.addEventListener('click', () => {
    button.disabled = true;
    status.textContent = text.mapLoading;
    const place = { lat: Number(box.dataset.lat), lng: Number(box.dataset.lng) };
    Promise.all([
      fetch('/api/config/public').then((response) =>
        response.ok
          ? (response.json() as Promise<{ mapTileUrl: string; mapAttribution: string; mapAttributionUrl: string }>)
          : Promise.reject(new Error(`config ${response.status}`)),
      ),
      import('./map.ts'),
    ])
      .then(([config, map]) => map.showMap(box, place, config))
      .then(() => {
        status.textContent = '';
        box.classList.add('is-live');
      })
      .catch((error: unknown) => {
        debug('map failed', error);
        box.classList.add('is-failed');
        status.textContent = text.mapFailed;
      });
  });
}
