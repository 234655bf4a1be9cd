import type { OfficeRole } from '@kartvizit/schemas/office/model';
import { APP_PATHS } from '@kartvizit/schemas/web-routes';
import type { NavGroup, NavItem } from '../shell/nav-items.ts';

/** The sidebar's 'OFİS' group: what `GET /api/offices/current` says the person may open. No imports of rules. */
const ICONS = {
  create: 'M12 5v14M5 12h14',
  office: 'M4 20V6l8-3 8 3v14M4 20h16M9 20v-4h6v4M8 9h2m4 0h2M8 13h2m4 0h2',
  template: 'M5 4h14v16H5zM8 8h8M8 12h8M8 16h4',
  team: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6 9a6 6 0 0 1 12 0M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.5a6 6 0 0 1 3 5.5',
  cards: 'M3 6.5h18v11H3zM3 10h18M6.5 14.5h4',
  history: 'M12 7v5l3 2M3.5 12a8.5 8.5 0 1 0 2.5-6M3 4v4h4',
  leads: 'M3.5 13.5 6 5h12l2.5 8.5M3.5 13.5V19h17v-5.5h-5a3.5 3.5 0 0 1-7 0h-5Z',
  stats: 'M4 20V4M4 20h16M8 16v-4M12 16V8M16 16v-6',
} as const;

export const OFFICE_NAV_TITLE = 'OFİS';

/** null: the office is not known yet (first load, or it failed): no group rather than a wrong one. */
export function officeNavGroup(role: OfficeRole | null | undefined): NavGroup | null {
  if (role === undefined) return null;
  if (role === null) {
    return {
      title: OFFICE_NAV_TITLE,
      items: [{ to: APP_PATHS.officeCreate, label: 'Ofis Oluştur', icon: ICONS.create }],
    };
  }
  const items: NavItem[] = [
    { to: APP_PATHS.office, label: 'Ofisim', icon: ICONS.office, end: true },
    ...(role === 'admin' ? [{ to: APP_PATHS.officeTemplate, label: 'Kart Şablonu', icon: ICONS.template }] : []),
    { to: APP_PATHS.officeTeam, label: 'Ekip', icon: ICONS.team },
    ...(role === 'admin' ? [{ to: APP_PATHS.officeCards, label: 'Ofis Kartları', icon: ICONS.cards }] : []),
    ...(role === 'admin' ? [{ to: APP_PATHS.officeLeads, label: 'Ofis Bağlantıları', icon: ICONS.leads }] : []),
    ...(role === 'admin' ? [{ to: APP_PATHS.officeStats, label: 'Takım İstatistikleri', icon: ICONS.stats }] : []),
    { to: APP_PATHS.officeHistory, label: 'Ofis Geçmişi', icon: ICONS.history },
  ];
  return { title: OFFICE_NAV_TITLE, items };
}
