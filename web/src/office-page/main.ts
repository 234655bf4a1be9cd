import { enhanceMap } from '../public-card/enhance-location.ts';
import './office.css';

/**
 * The office page's enhancement script (issue 30). The page arrives complete from query-api (every contact a link,
 * the team linking to their cards); this only draws the map when the visitor asks ('Haritayı Göster'), with the card
 * page's code and tiles.
 */

interface PageData {
  readonly text: { readonly mapLoading: string; readonly mapFailed: string };
}

function pageData(): PageData | null {
  const element = document.getElementById('op-data');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageData;
  } catch {
    return null;
  }
}

const data = pageData();
if (data) enhanceMap(data.text);
