import type pg from 'pg';
import {
  RM_CARDS,
  RM_OFFICES,
  RM_OFFICE_HISTORY,
  RM_OFFICE_INVITATIONS,
  RM_OFFICE_MEMBERS,
  type OfficesRow,
} from '@kartvizit/infra/read-models/contract';
import { rowsOrNone as rows } from '../core/sql.ts';

/**
 * The office's copy of its data (KVKK: the office is the data controller of its cards' leads; issue 30,
 * `GET /api/offices/{id}/export`, admins only): the office, its members, invitations, cards, every lead left on its
 * cards and its history, read from the read models (which hold them decrypted). Never a password, token or key, nor
 * a visitor's hash. A member's own export (`/api/account/export`) holds their personal data and the leads of the
 * cards they hold; this one what the office holds.
 */
export const OFFICE_EXPORT_README = [
  'Bu dosya, Dijital Kartvizit’in ofisinizle ilgili sakladığı verilerin bir kopyasıdır (KVKK).',
  'ofis: ofisin bilgileri, adresi, logosu ve kart şablonu.',
  'uyeler: ofisin üyeleri ve eski üyeleri: adları, e-posta adresleri, rolleri (admin: Yönetici, agent: Danışman), katılma ve ayrılma tarihleri.',
  'davetler: gönderilen davetler: e-posta adresi, rol, durum (pending: Bekliyor, accepted: Kabul edildi, revoked: Geri alındı) ve tarihleri.',
  'kartlar: ofisin kartları ve şu an kimde oldukları.',
  'baglantilar: ofis kartlarında bilgilerini paylaşan kişilerin bilgileri, durumları ve notları. Bu kişilerin verilerinin sorumlusu ofisinizdir; onların izni dışında kullanmayın.',
  'gecmis: ofiste yapılan değişiklikler, kim yaptı, kime.',
  'Tarihler ISO 8601 biçiminde ve UTC saatindedir.',
].join('\n');

const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

/** `ofis-verileri-YYYY-MM-DD.json`. */
export function officeExportFileName(now: Date): string {
  return `ofis-verileri-${now.toISOString().slice(0, 10)}.json`;
}

export async function buildOfficeExport(pool: pg.Pool, officeId: string, now: Date) {
  const [offices, members, invitations, cards, leads, history] = await Promise.all([
    rows<OfficesRow>(pool, `SELECT * FROM ${RM_OFFICES} WHERE office_id = $1`, [officeId]),
    rows<{
      user_id: string;
      role: string;
      joined_at: Date;
      left_at: Date | null;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
    }>(
      pool,
      `SELECT m.user_id, m.role, m.joined_at, m.left_at, a.first_name, a.last_name, a.email
         FROM ${RM_OFFICE_MEMBERS} m LEFT JOIN rm_accounts a ON a.user_id = m.user_id
        WHERE m.office_id = $1 ORDER BY m.joined_at, m.user_id`,
      [officeId],
    ),
    rows<{ email: string; role: string; status: string; expires_at: Date; created_at: Date }>(
      pool,
      `SELECT email, role, status, expires_at, created_at FROM ${RM_OFFICE_INVITATIONS}
        WHERE office_id = $1 ORDER BY created_at, invitation_id`,
      [officeId],
    ),
    rows<{
      card_id: string;
      type: string;
      owner_id: string | null;
      is_active: boolean | null;
      created_at: Date | null;
    }>(
      pool,
      `SELECT card_id, type, owner_id, is_active, created_at FROM ${RM_CARDS} WHERE office_id = $1 ORDER BY created_at, card_id`,
      [officeId],
    ),
    rows<{
      lead_id: string;
      card_id: string;
      owner_id: string;
      full_name: string;
      phone: string;
      email: string;
      message: string;
      marketing_consent: boolean;
      notice_version: string;
      submitted_at: Date;
      status: string;
      note: string;
    }>(
      pool,
      `SELECT lead_id, card_id, owner_id, full_name, phone, email, message, marketing_consent, notice_version,
              submitted_at, status, note
         FROM rm_leads WHERE office_id = $1 AND full_name <> '' ORDER BY submitted_at, lead_id`,
      [officeId],
    ),
    rows<{ type: string; at: Date; actor_id: string | null; subject_id: string | null; role: string | null }>(
      pool,
      `SELECT type, at, actor_id, subject_id, role FROM ${RM_OFFICE_HISTORY} WHERE office_id = $1 ORDER BY stream_position`,
      [officeId],
    ),
  ]);
  const office = offices[0];
  return {
    aciklama: OFFICE_EXPORT_README,
    olusturulma: now.toISOString(),
    ofis: office
      ? {
          id: office.office_id,
          adres: `/o/${office.slug}`,
          bilgiler: office.details,
          logo: office.logo_url || null,
          sablon: office.template,
          olusturulma: iso(office.created_at),
        }
      : null,
    uyeler: members.map((member) => ({
      id: member.user_id,
      ad: [member.first_name, member.last_name].filter(Boolean).join(' '),
      eposta: member.email ?? '',
      rol: member.role,
      katilma: iso(member.joined_at),
      ayrilma: iso(member.left_at),
    })),
    davetler: invitations.map((invitation) => ({
      eposta: invitation.email,
      rol: invitation.role,
      durum: invitation.status,
      gonderilme: iso(invitation.created_at),
      gecerlilik: iso(invitation.expires_at),
    })),
    kartlar: cards.map((card) => ({
      kartId: card.card_id,
      tur: card.type,
      kimde: card.owner_id,
      aktif: card.is_active === true,
      olusturulma: iso(card.created_at),
    })),
    baglantilar: leads.map((lead) => ({
      id: lead.lead_id,
      kartId: lead.card_id,
      danisman: lead.owner_id,
      adSoyad: lead.full_name,
      telefon: lead.phone,
      eposta: lead.email,
      mesaj: lead.message,
      pazarlamaIzni: lead.marketing_consent,
      aydinlatmaMetni: lead.notice_version,
      gonderilme: iso(lead.submitted_at),
      durum: lead.status,
      not: lead.note,
    })),
    gecmis: history.map((entry) => ({
      tur: entry.type,
      zaman: iso(entry.at),
      yapan: entry.actor_id,
      kime: entry.subject_id,
      rol: entry.role,
    })),
  };
}
