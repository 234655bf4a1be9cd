import type pg from 'pg';
import type { Person } from '@kartvizit/schemas/access';
import { STATISTICS_ALL_CARDS } from '@kartvizit/schemas/statistics/http';
import {
  RM_CARDS,
  RM_PRODUCTS,
  RM_PROFILES,
  RM_REMS_KEYS,
  RM_REMS_REGISTRATIONS,
  RM_MEETINGS,
  RM_PERSONAL_ADDRESSES,
  RM_SHARE_SETTINGS,
  type CardsRow,
  type PersonalAddressRow,
  type ShareSettingsRow,
  type MeetingsRow,
  type ProductsRow,
  type ProfilesRow,
  type RemsKeysRow,
  type RemsRegistrationsRow,
} from '@kartvizit/infra/read-models/contract';
import { rowsOrNone as rows } from '../core/sql.ts';
import { readProductFigures } from '../statistics/read-model.ts';

/**
 * The owner's copy of their data (KVKK art. 11; `GET /api/account/export`): everything the product holds about
 * them, read from the read models, which hold it decrypted. Never a password hash, token, key or a visitor's hash.
 */
export const EXPORT_README = [
  'Bu dosya, Dijital Kartvizit’in sizinle ilgili sakladığı verilerin bir kopyasıdır (KVKK madde 11).',
  'hesap: adınız, e-posta adresiniz, kayıt tarihiniz, şifrenizin son değiştiği an ve bildirim tercihiniz. Şifreniz yalnızca geri çevrilemez bir özet olarak saklanır ve bu dosyada yer almaz.',
  'profil: kartvizitinizde gösterilen profil bilgileriniz (ad, unvan, iletişim, adres, sosyal medya ve benzeri).',
  'kartlar: hesabınıza bağlı fiziksel ve sanal kartlar, durumları ve tarihleri.',
  'urunler: Ürün Kataloğu’ndaki (silinmemiş) ürünleriniz.',
  'baglantilar: kartvizitinizde bilgilerini sizinle paylaşan kişilerin bilgileri (Bağlantılar). Her birinin durumu (new: Yeni, called: Arandı, met: Görüşüldü, negative: Olumsuz) ve özel notunuz da buradadır. Bu kişilerin verilerinden siz sorumlusunuz; onların izni dışında kullanmayın.',
  'rems: REMS entegrasyonunuzun durumu (API anahtarının kendisi değil, yalnızca kayıtlı olup olmadığı ve son 4 karakteri) ve kartınızdaki “Görüşme Planla” formuyla REMS’inize gönderilen kişiler: adları, telefonları, ilgi alanları, gönderimin durumu (delivered: Başarılı, failed: Hata, pending: Bekliyor) ve başarısızsa nedeni.',
  'toplantilar: Toplantılar ekranındaki toplantılarınız: nerede oluşturulduğu (google, microsoft, zoom, calendly ya da ics dosyası), başlığı, zamanı, bağlantısı ve davet ettiğiniz kişilerin e-posta adresleri. Google, Microsoft, Zoom ve Calendly oturum anahtarlarınız hiç saklanmaz.',
  'paylasim: Paylaşım Araçları’nda seçtiğiniz QR kod renkleri ve logo tercihi, kişisel adresiniz (/k/…) ve bıraktığınız adreslerin yönlendirme bitiş tarihleri.',
  'istatistikler: kartlarınızın ve ürünlerinizin ziyaret ve tıklama toplamları. Ziyaretçilerin IP adresleri hiç saklanmaz; ziyaretçileri ayırt eden özetler bu dosyaya konmaz.',
  'Tarihler ISO 8601 biçiminde ve UTC saatindedir. Sorularınız için destek adresimize yazabilirsiniz.',
].join('\n');

const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

interface AccountExportRow {
  user_id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  registered_at: Date | null;
  password_changed_at: Date | null;
  lead_alerts: boolean | null;
}

interface LeadExportRow {
  lead_id: string;
  card_id: string;
  full_name: string;
  phone: string;
  email: string;
  message: string;
  marketing_consent: boolean;
  notice_version: string;
  submitted_at: Date;
  status: string;
  status_changed_at: Date | null;
  note: string;
}

interface TotalsExportRow {
  card_id: string;
  visits: string;
  unique_visitors: string;
  clicks: string;
  first_visit_at: Date | null;
  last_visit_at: Date | null;
}

export async function buildAccountExport(pool: pg.Pool, person: Person, now: Date) {
  // Every read names the owner from the token; nothing here takes an id from the request.
  const ownerId = person.id;
  const [shareSettings, addresses] = await Promise.all([
    rows<Pick<ShareSettingsRow, 'qr_foreground' | 'qr_background' | 'qr_logo'>>(
      pool,
      `SELECT qr_foreground, qr_background, qr_logo FROM ${RM_SHARE_SETTINGS} WHERE owner_id = $1`,
      [ownerId],
    ),
    rows<Pick<PersonalAddressRow, 'slug' | 'card_id' | 'redirects_until'>>(
      pool,
      `SELECT slug, card_id, redirects_until FROM ${RM_PERSONAL_ADDRESSES}
        WHERE owner_id = $1 ORDER BY redirects_until DESC NULLS FIRST, slug`,
      [ownerId],
    ),
  ]);
  const [accounts, profiles, cards, products, leads, totals, productFigures, remsKeys, registrations, meetings] =
    await Promise.all([
      rows<AccountExportRow>(
        pool,
        `SELECT user_id, email, first_name, last_name, registered_at, password_changed_at, lead_alerts
         FROM rm_accounts WHERE user_id = $1`,
        [ownerId],
      ),
      rows<Pick<ProfilesRow, 'data' | 'created_at' | 'updated_at'>>(
        pool,
        `SELECT data, created_at, updated_at FROM ${RM_PROFILES} WHERE owner_id = $1 AND NOT forgotten`,
        [ownerId],
      ),
      rows<CardsRow>(pool, `SELECT * FROM ${RM_CARDS} WHERE owner_id = $1 ORDER BY owned_at, card_id`, [ownerId]),
      rows<ProductsRow>(
        pool,
        `SELECT * FROM ${RM_PRODUCTS} WHERE owner_id = $1 AND NOT deleted AND data IS NOT NULL ORDER BY sort_order, created_at`,
        [ownerId],
      ),
      rows<LeadExportRow>(
        pool,
        `SELECT lead_id, card_id, full_name, phone, email, message, marketing_consent, notice_version, submitted_at,
              status, status_changed_at, note
         FROM rm_leads l
        WHERE l.full_name <> ''
          -- Their own leads and, while in an office, the office's leads of the cards they hold now (issue 30): the
          -- office's other leads are the office's to export, not theirs.
          AND ((l.office_id IS NULL AND l.owner_id = $1)
            OR (l.office_id = $2::uuid
                AND EXISTS (SELECT 1 FROM ${RM_CARDS} c WHERE c.card_id = l.card_id AND c.owner_id = $1)))
        ORDER BY submitted_at, lead_id`,
        [ownerId, person.office?.officeId ?? null],
      ),
      rows<TotalsExportRow>(
        pool,
        `SELECT card_id, visits, unique_visitors, clicks, first_visit_at, last_visit_at
         FROM rm_stat_totals WHERE owner_id = $1 ORDER BY card_id`,
        [ownerId],
      ),
      readProductFigures(pool, ownerId),
      // The key's presence and hint only: the key itself is in no read model.
      rows<Pick<RemsKeysRow, 'active' | 'key_hint' | 'saved_at' | 'removed_at'>>(
        pool,
        `SELECT active, key_hint, saved_at, removed_at FROM ${RM_REMS_KEYS} WHERE owner_id = $1`,
        [ownerId],
      ),
      rows<Omit<RemsRegistrationsRow, 'owner_id' | 'last_stream_position'>>(
        pool,
        `SELECT registration_id, card_id, customer_name, customer_phone, customer_type, status, failure_reason,
              rems_message, created_at, status_changed_at
         FROM ${RM_REMS_REGISTRATIONS} WHERE owner_id = $1 ORDER BY created_at, registration_id`,
        [ownerId],
      ),
      rows<Omit<MeetingsRow, 'owner_id' | 'last_stream_position'>>(
        pool,
        `SELECT meeting_id, provider, title, start_time, end_time, link, external_id, attendees, scheduled_at
         FROM ${RM_MEETINGS} WHERE owner_id = $1 ORDER BY scheduled_at, meeting_id`,
        [ownerId],
      ),
    ]);
  const remsKey = remsKeys[0];
  const account = accounts[0];
  const profile = profiles[0];
  const totalsOf = (row: TotalsExportRow) => ({
    visits: Number(row.visits),
    uniqueVisitors: Number(row.unique_visitors),
    clicks: Number(row.clicks),
    firstVisitAt: iso(row.first_visit_at),
    lastVisitAt: iso(row.last_visit_at),
  });
  const allCards = totals.find((row) => row.card_id === STATISTICS_ALL_CARDS);
  return {
    beniOku: EXPORT_README,
    olusturulma: now.toISOString(),
    hesap: account
      ? {
          id: account.user_id,
          email: account.email ?? '',
          firstName: account.first_name ?? '',
          lastName: account.last_name ?? '',
          registeredAt: iso(account.registered_at),
          passwordChangedAt: iso(account.password_changed_at),
          leadAlerts: account.lead_alerts !== false,
        }
      : null,
    profil: profile
      ? { ...profile.data, createdAt: iso(profile.created_at), updatedAt: iso(profile.updated_at) }
      : null,
    kartlar: cards.map((card) => ({
      id: card.card_id,
      type: card.type,
      color: card.color,
      name: card.name,
      isActivated: card.is_activated === true,
      isActive: card.is_active === true,
      activatedAt: iso(card.activated_at),
      createdAt: iso(card.created_at),
    })),
    urunler: products.map((product) => ({
      id: product.product_id,
      ...product.data,
      isActive: product.is_active === true,
      featured: product.featured === true,
      createdAt: iso(product.created_at),
      updatedAt: iso(product.updated_at),
    })),
    baglantilar: leads.map((lead) => ({
      id: lead.lead_id,
      cardId: lead.card_id,
      fullName: lead.full_name,
      phone: lead.phone,
      email: lead.email,
      message: lead.message,
      marketingConsent: lead.marketing_consent,
      noticeVersion: lead.notice_version,
      submittedAt: lead.submitted_at.toISOString(),
      status: lead.status,
      statusChangedAt: lead.status_changed_at ? lead.status_changed_at.toISOString() : null,
      note: lead.note,
    })),
    rems: {
      entegrasyonAktif: remsKey?.active === true,
      anahtarSon4: remsKey?.active ? remsKey.key_hint : null,
      anahtarKaydedilme: remsKey?.active ? iso(remsKey.saved_at) : null,
      kayitlar: registrations.map((registration) => ({
        id: registration.registration_id,
        cardId: registration.card_id,
        customerName: registration.customer_name,
        customerPhone: registration.customer_phone,
        customerType: registration.customer_type,
        status: registration.status,
        failureReason: registration.failure_reason,
        remsMessage: registration.rems_message,
        createdAt: registration.created_at.toISOString(),
        statusChangedAt: iso(registration.status_changed_at),
      })),
    },
    toplantilar: meetings.map((meeting) => ({
      id: meeting.meeting_id,
      provider: meeting.provider,
      title: meeting.title,
      startTime: iso(meeting.start_time),
      endTime: iso(meeting.end_time),
      link: meeting.link,
      externalId: meeting.external_id,
      attendees: meeting.attendees,
      scheduledAt: meeting.scheduled_at.toISOString(),
    })),
    paylasim: {
      qr: shareSettings[0]
        ? {
            foreground: shareSettings[0].qr_foreground,
            background: shareSettings[0].qr_background,
            logo: shareSettings[0].qr_logo,
          }
        : null,
      adresler: addresses.map((address) => ({
        slug: address.slug,
        cardId: address.card_id,
        redirectsUntil: iso(address.redirects_until),
      })),
    },
    istatistikler: {
      tumKartlar: allCards ? totalsOf(allCards) : null,
      kartlar: totals
        .filter((row) => row.card_id !== STATISTICS_ALL_CARDS)
        .map((row) => ({ cardId: row.card_id, ...totalsOf(row) })),
      urunler: productFigures.map((figures) => ({
        productId: figures.productId,
        name: figures.name,
        views: figures.views,
        uniqueVisitors: figures.uniqueVisitors,
        buyClicks: figures.buyClicks,
        whatsappClicks: figures.whatsappClicks,
        callClicks: figures.callClicks,
        registrations: figures.registrations,
        lastViewedAt: iso(figures.lastViewedAt),
      })),
    },
  };
}
