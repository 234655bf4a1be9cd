import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { followSessionAcrossTabs, restoreSession } from './features/account/session.ts';
import { createRouter } from './app/router.tsx';
import { createStore } from './app/store.ts';
import { sampleDashboardVitals } from './app/web-vitals.ts';
// sonner's stylesheet as a file: the build keeps sonner from injecting it (web/vite.config.ts).
import 'sonner/dist/styles.css';
import './app/global.css';

const RELOADED_FOR_CHUNK = 'kartvizit:reloaded-for-chunk';

// After a deploy, an open tab may ask for chunks that no longer exist: reload once to get the new build.
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem(RELOADED_FOR_CHUNK)) return;
  event.preventDefault();
  sessionStorage.setItem(RELOADED_FOR_CHUNK, '1');
  window.location.reload();
});
window.addEventListener('load', () => sessionStorage.removeItem(RELOADED_FOR_CHUNK));

const store = createStore();
void store.dispatch(restoreSession());
followSessionAcrossTabs(store);
const router = createRouter();
sampleDashboardVitals();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
      {/* Bottom right: at the top they covered each screen's main button (its header's right end) for 5 s. */}
      <Toaster
        position="bottom-right"
        duration={5000}
        richColors
        closeButton
        containerAriaLabel="Bildirimler"
        toastOptions={{ closeButtonAriaLabel: 'Bildirimi kapat' }}
      />
    </Provider>
  </StrictMode>,
);
