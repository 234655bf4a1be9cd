import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { LEAD_STATUSES } from '@kartvizit/schemas/lead/events';
import { LEAD_MESSAGES, LEAD_STATUS_LABELS } from '@kartvizit/schemas/lead/messages';
import { checkLeadNote, LEAD_NOTE_MAX_LENGTH } from '@kartvizit/schemas/lead/follow-up-rules';
import { httpStatus } from '../../shared/command-outcome.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import { ConfirmDialog, Dialog } from '../../shared/ui/dialog.tsx';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import {
  useChangeLeadNoteMutation,
  useChangeLeadStatusMutation,
  useDeleteLeadMutation,
  type Lead,
  type LeadStatus,
} from './api.ts';
import {
  formatLeadDate,
  leadCardLabel,
  leadCountLabel,
  LEADS_PAGE_SIZE,
  leadsInAll,
  mailHref,
  pageRangeLabel,
  phoneHref,
  SEARCH_DELAY_MS,
  whatsappHref,
} from './lead-facts.ts';
import '../../shared/ui/states.css';
import '../../shared/ui/text-field.css';
import { BreakableEmail } from '../../shared/ui/breakable.tsx';
import '../card/card-common.css';
import './leads.css';

export const LEAD_ICONS = {
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm9 2-4-4',
  phone:
    'M5 4h3.5l1.5 4.5-2.2 1.4a11 11 0 0 0 6.3 6.3l1.4-2.2L20 15.5V19a1.5 1.5 0 0 1-1.6 1.5A16.5 16.5 0 0 1 3.5 5.6 1.5 1.5 0 0 1 5 4Z',
  mail: 'M3.5 6h17v12h-17zM3.5 6.5 12 13l8.5-6.5',
  chat: 'M4.5 19.5 5.8 15.6A7.5 7.5 0 1 1 8.6 18.3L4.5 19.5Z',
  trash: 'M4.5 7h15M10 11v6m4-6v6M6 7l1 13h10l1-13M9.5 7V4.5h5V7',
  inbox: 'M3.5 13.5 6 5h12l2.5 8.5M3.5 13.5V19h17v-5.5h-5a3.5 3.5 0 0 1-7 0h-5Z',
  note: 'M5 4.5h9.5L19 9v10.5H5zM14 4.5V9.5h5M8.5 13h7M8.5 16.5h4.5',
  person: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7.5 8a7.5 7.5 0 0 1 15 0',
} as const;

/** Failures the server explained keep its words; a 401 has already said its own. */
export function failureMessage(error: unknown, fallback: string): string | null {
  if (httpStatus(error) === 401) return null;
  return serverProblem(error)?.message ?? fallback;
}

/** What a leads screen searches and filters by: its own state, handed to the board and to the screen's query. */
export interface LeadsFilter {
  readonly typed: string;
  readonly setTyped: (text: string) => void;
  /** The search in force (typing paused), trimmed. */
  readonly search: string;
  readonly status: LeadStatus | null;
  readonly offset: number;
  readonly setOffset: (offset: number) => void;
  readonly filterBy: (status: LeadStatus | null) => void;
  /** The query's arguments: what the list is fetched with. */
  readonly args: {
    readonly search: string;
    readonly status: LeadStatus | null;
    readonly limit: number;
    readonly offset: number;
  };
}

export function useLeadsFilter(): LeadsFilter {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useState<LeadStatus | null>(null);

  // The list is searched once typing pauses, from its first page.
  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = window.setTimeout(() => {
      setSearch(typed.trim());
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed, search]);

  return {
    typed,
    setTyped,
    search,
    status,
    offset,
    setOffset,
    filterBy: (next) => {
      setStatus(next);
      setOffset(0);
    },
    args: { search, status, limit: LEADS_PAGE_SIZE, offset },
  };
}

interface LeadsBoardProps<T extends Lead> {
  readonly filter: LeadsFilter;
  /** The screen's query: its answer and how it stands. */
  readonly query: {
    readonly data?:
      { readonly leads: readonly T[]; readonly total: number; readonly counts: Record<LeadStatus, number> } | undefined;
    readonly isLoading: boolean;
    readonly isError: boolean;
    readonly isFetching: boolean;
    readonly refetch: () => unknown;
  };
  readonly loadingLabel: string;
  readonly loadError: string;
  /** The list's accessible name. */
  readonly listLabel: string;
  /** Shown while there is no lead at all (no search). */
  readonly empty: ReactNode;
  /** An office's leads: who holds each one's card now, a line of its own (undefined: not known yet, no line). */
  readonly holderOf?: (lead: T) => string | undefined;
  /** The note is read by the office (the card's holder and the admins), not by the person alone. */
  readonly sharedNotes?: boolean;
}

/**
 * A leads screen below its heading: search, the filter by status, the list with each lead's status, note and
 * deletion, the pager; loading, failure and empty states. 'Bağlantılar' (the person's) and 'Ofis Bağlantıları' (the
 * office's, for its admins) differ only in their query and what they pass here.
 */
export function LeadsBoard<T extends Lead>({
  filter,
  query,
  loadingLabel,
  loadError,
  listLabel,
  empty,
  holderOf,
  sharedNotes = false,
}: LeadsBoardProps<T>) {
  const { typed, setTyped, search, status, offset, setOffset, filterBy } = filter;
  const { data, isLoading, isError, isFetching, refetch } = query;
  const [asking, setAsking] = useState<Lead | null>(null);
  const [noting, setNoting] = useState<Lead | null>(null);
  const searchId = useId();
  const [deleteLead, { isLoading: deleting }] = useDeleteLeadMutation();
  const leads = data?.leads ?? [];
  const total = data?.total ?? 0;
  const searching = search !== '';
  const counts = data?.counts;
  const everything = leadsInAll(counts, total);
  const nothingYet = !searching && everything === 0;

  const confirmDelete = async () => {
    if (!asking) return;
    const result = await deleteLead(asking._id);
    setAsking(null);
    if ('error' in result) {
      const message = failureMessage(result.error, LEAD_MESSAGES.leadDeleteError);
      if (message) toast.error(message);
      return;
    }
    toast.success(result.data.message || LEAD_MESSAGES.leadDeleted);
    // The last lead of a later page is gone: show the page before it.
    if (leads.length === 1 && offset > 0) setOffset(Math.max(0, offset - LEADS_PAGE_SIZE));
  };

  return (
    <>
      {isLoading ? (
        <PageSpinner label={loadingLabel} />
      ) : isError && !data ? (
        <div className="card-problem panel" role="alert">
          <p className="card-problem__title">{loadError}</p>
          <p>Bağlantınızı kontrol edip tekrar deneyin.</p>
          <button type="button" className="btn btn--secondary" onClick={() => void refetch()} disabled={isFetching}>
            Tekrar Dene
          </button>
        </div>
      ) : nothingYet ? (
        empty
      ) : (
        <>
          <div className="leads-toolbar">
            <div className="leads-search">
              <label className="visually-hidden" htmlFor={searchId}>
                Bağlantılarda ara
              </label>
              <Icon path={LEAD_ICONS.search} className="icon leads-search__icon" />
              <input
                id={searchId}
                type="search"
                className="card-field__input leads-search__input"
                placeholder="Ad, telefon, e-posta veya mesaj"
                value={typed}
                maxLength={100}
                autoComplete="off"
                enterKeyHint="search"
                onChange={(event) => setTyped(event.target.value)}
              />
            </div>
            <p className="leads-toolbar__count" aria-live="polite">
              {leadCountLabel(total, searching)}
            </p>
          </div>

          <StatusFilter value={status} counts={counts} all={everything} onChange={filterBy} />

          {leads.length === 0 && status !== null ? (
            <div className="card-empty panel">
              <h2 className="card-empty__title">“{LEAD_STATUS_LABELS[status]}” durumunda bağlantı yok</h2>
              <p className="card-empty__text">Başka bir durum seçin ya da tüm bağlantıları görün.</p>
              <button type="button" className="btn btn--secondary" onClick={() => filterBy(null)}>
                Tümünü Göster
              </button>
            </div>
          ) : leads.length === 0 ? (
            <div className="card-empty panel">
              <h2 className="card-empty__title">{LEAD_MESSAGES.leadsNoMatch}</h2>
              <p className="card-empty__text">
                Farklı bir ad, telefon numarası veya e-posta adresiyle aramayı deneyin.
              </p>
              <button type="button" className="btn btn--secondary" onClick={() => setTyped('')}>
                Aramayı Temizle
              </button>
            </div>
          ) : (
            <ul className="lead-list" aria-label={listLabel} aria-busy={isFetching}>
              {leads.map((lead) => (
                <LeadItem
                  key={lead._id}
                  lead={lead}
                  holder={holderOf?.(lead)}
                  sharedNote={sharedNotes}
                  busy={deleting}
                  onDelete={() => setAsking(lead)}
                  onNote={() => setNoting(lead)}
                />
              ))}
            </ul>
          )}

          {total > LEADS_PAGE_SIZE && (
            <nav className="leads-pager" aria-label="Sayfalar">
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                disabled={offset === 0 || isFetching}
                onClick={() => setOffset(Math.max(0, offset - LEADS_PAGE_SIZE))}
              >
                Önceki
              </button>
              <span>{pageRangeLabel(offset, leads.length, total)}</span>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                disabled={offset + LEADS_PAGE_SIZE >= total || isFetching}
                onClick={() => setOffset(offset + LEADS_PAGE_SIZE)}
              >
                Sonraki
              </button>
            </nav>
          )}
        </>
      )}

      <ConfirmDialog
        open={asking !== null}
        title="Bağlantı silinsin mi?"
        description={
          asking && (
            <>
              <p>
                <strong>{asking.fullName}</strong> adlı kişinin bilgileri ve mesajı kalıcı olarak silinecek.
              </p>
              <p>Bu işlem geri alınamaz; silinen bilgiler dışa aktarılan yeni dosyalarda da yer almaz.</p>
            </>
          )
        }
        confirmLabel="Sil"
        busyLabel="Siliniyor..."
        tone="danger"
        busy={deleting}
        onCancel={() => setAsking(null)}
        onConfirm={() => void confirmDelete()}
      />

      <NoteDialog key={noting?._id ?? 'none'} lead={noting} shared={sharedNotes} onClose={() => setNoting(null)} />
    </>
  );
}

interface StatusFilterProps {
  readonly value: LeadStatus | null;
  readonly counts: Record<LeadStatus, number> | undefined;
  readonly all: number;
  readonly onChange: (status: LeadStatus | null) => void;
}

/** 'Tümü' and one button per status, each with how many of the search's leads it holds. */
function StatusFilter({ value, counts, all, onChange }: StatusFilterProps) {
  const options: { readonly status: LeadStatus | null; readonly label: string; readonly count: number }[] = [
    { status: null, label: 'Tümü', count: all },
    ...LEAD_STATUSES.map((each) => ({ status: each, label: LEAD_STATUS_LABELS[each], count: counts?.[each] ?? 0 })),
  ];
  return (
    <div className="lead-filter" role="group" aria-label="Duruma göre göster">
      {options.map((option) => (
        <button
          key={option.status ?? 'all'}
          type="button"
          className={`lead-filter__option${option.status ? ` lead-filter__option--${option.status}` : ''}`}
          aria-pressed={value === option.status}
          onClick={() => onChange(option.status)}
        >
          {option.label}
          <span className="lead-filter__count">{new Intl.NumberFormat('tr-TR').format(option.count)}</span>
        </button>
      ))}
    </div>
  );
}

/** The lead's status as a coloured badge that is also the select changing it; disabled with a spinner while it is saved. */
function LeadStatusControl({ lead }: { readonly lead: Lead }) {
  const selectId = useId();
  const [changeStatus, { isLoading }] = useChangeLeadStatusMutation();
  const [pending, setPending] = useState<LeadStatus | null>(null);
  const shown = pending ?? lead.status;

  const change = async (next: LeadStatus) => {
    if (next === lead.status) return;
    setPending(next);
    const result = await changeStatus({ leadId: lead._id, status: next });
    setPending(null);
    if ('error' in result) {
      const message = failureMessage(result.error, LEAD_MESSAGES.leadStatusChangeError);
      if (message) toast.error(message);
      return;
    }
    toast.success(`Durum “${LEAD_STATUS_LABELS[next]}” olarak güncellendi`);
  };

  // The select is the badge: coloured by the status it shows, and the control that changes it.
  return (
    <div className="lead-status">
      <label className="lead-status__label" htmlFor={selectId}>
        Durum
        <span className="visually-hidden">{` (${lead.fullName})`}</span>
      </label>
      <select
        id={selectId}
        className={`lead-status__select lead-status__select--${shown}`}
        value={shown}
        disabled={isLoading}
        aria-busy={isLoading}
        onChange={(event) => void change(event.target.value as LeadStatus)}
      >
        {LEAD_STATUSES.map((each) => (
          <option key={each} value={each}>
            {LEAD_STATUS_LABELS[each]}
          </option>
        ))}
      </select>
      {isLoading && <span className="lead-status__spinner" role="status" aria-label="Durum kaydediliyor" />}
    </div>
  );
}

/** The owner's private note in a small dialog: counted, checked by the shared rule, '' clears it. */
function NoteDialog({
  lead,
  shared,
  onClose,
}: {
  readonly lead: Lead | null;
  readonly shared: boolean;
  readonly onClose: () => void;
}) {
  // Mounted afresh per lead (see its key), so the field starts from that lead's note.
  const [text, setText] = useState(lead?.note ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [changeNote, { isLoading }] = useChangeLeadNoteMutation();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();

  const length = [...text.trim()].length;
  const save = async () => {
    if (!lead) return;
    const checked = checkLeadNote(text);
    if (!checked.ok) {
      setProblem(checked.message);
      fieldRef.current?.focus();
      return;
    }
    const result = await changeNote({ leadId: lead._id, note: checked.note });
    if ('error' in result) {
      const message = failureMessage(result.error, LEAD_MESSAGES.leadNoteSaveError);
      if (message) setProblem(message);
      return;
    }
    toast.success(
      checked.note === '' && lead.note !== '' ? LEAD_MESSAGES.leadNoteCleared : LEAD_MESSAGES.leadNoteSaved,
    );
    onClose();
  };

  return (
    <Dialog
      open={lead !== null}
      onClose={onClose}
      title={lead?.note ? 'Notu Düzenle' : 'Not Ekle'}
      description={
        lead && (
          <p>
            {shared
              ? `${lead.fullName} hakkında bir not: kartı taşıyan danışman ve ofisin yöneticileri görür. Bağlantı silindiğinde not da silinir.`
              : `${lead.fullName} hakkında yalnızca sizin göreceğiniz bir not. Bağlantıyı sildiğinizde not da silinir.`}
          </p>
        )
      }
      initialFocus={fieldRef}
      busy={isLoading}
      size="medium"
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose} disabled={isLoading}>
            Vazgeç
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void save()}
            disabled={isLoading}
            aria-busy={isLoading}
          >
            {isLoading ? 'Kaydediliyor...' : 'Kaydet'}
          </button>
        </>
      }
    >
      <div className="lead-note-field">
        <label className="card-field__label" htmlFor={fieldId}>
          Not
        </label>
        <textarea
          id={fieldId}
          ref={fieldRef}
          className="card-field__input lead-note-field__input"
          rows={6}
          value={text}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
        />
        <p id={hintId} className={`card-field__hint${length > LEAD_NOTE_MAX_LENGTH ? ' lead-note-field__over' : ''}`}>
          {`${new Intl.NumberFormat('tr-TR').format(length)} / ${new Intl.NumberFormat('tr-TR').format(LEAD_NOTE_MAX_LENGTH)} karakter`}
        </p>
        {problem && (
          <p id={errorId} className="lead-note-field__error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </Dialog>
  );
}

interface LeadItemProps {
  readonly lead: Lead;
  /** Who holds the lead's card now (an office's lead), shown beside the card. */
  readonly holder?: string | undefined;
  /** The note is the office's, not the person's own. */
  readonly sharedNote: boolean;
  readonly busy: boolean;
  readonly onDelete: () => void;
  readonly onNote: () => void;
}

/** Where a 'Görüşme Planla' lead's registration stands in the owner's REMS (issue 14). */
const REMS_STATUS_LABELS: Readonly<Record<NonNullable<Lead['remsStatus']>, string>> = {
  success: 'Başarılı',
  failed: 'Hata',
  pending: 'Bekliyor',
};

function LeadItem({ lead, holder, sharedNote, busy, onDelete, onNote }: LeadItemProps) {
  const titleId = useId();
  const card = leadCardLabel(lead);
  return (
    <li className="lead-item panel" aria-labelledby={titleId}>
      <div className="lead-item__head">
        <h2 id={titleId} className="lead-item__name">
          {lead.fullName}
        </h2>
        <p className="lead-item__meta">
          <time dateTime={lead.submittedAt}>{formatLeadDate(lead.submittedAt)}</time>
        </p>
        <p className="lead-item__meta lead-item__card">
          <Icon path={ICONS.card} />
          <span>
            <span className="visually-hidden">Kart: </span>
            {card}
          </span>
        </p>
        {holder !== undefined && (
          <p className="lead-item__meta lead-item__card">
            <Icon path={LEAD_ICONS.person} />
            <span>
              <span className="visually-hidden">Danışman: </span>
              {holder}
            </span>
          </p>
        )}
        <LeadStatusControl lead={lead} />
        {lead.remsStatus && (
          <Link
            to="/rems-integration"
            className={`lead-item__rems lead-item__rems--${lead.remsStatus}`}
            title="REMS kaydının durumu: ayrıntılar REMS Entegrasyonu sayfasında"
          >
            REMS: {REMS_STATUS_LABELS[lead.remsStatus]}
          </Link>
        )}
        {lead.marketingConsent && (
          <span className="lead-item__consent" title="Ziyaretçi tanıtım ve kampanya iletileri almayı kabul etti">
            <Icon path={ICONS.check} />
            Pazarlama izni var
          </span>
        )}
      </div>

      <dl className="lead-item__contact">
        {lead.phone && (
          <div>
            <dt>Telefon</dt>
            <dd>
              <a href={phoneHref(lead.phone)}>{lead.phoneFormatted}</a>
            </dd>
          </div>
        )}
        {lead.email && (
          <div>
            <dt>E-posta</dt>
            <dd>
              <a href={mailHref(lead.email)}>
                <BreakableEmail address={lead.email} />
              </a>
            </dd>
          </div>
        )}
      </dl>

      {lead.message && (
        <blockquote className="lead-item__message">
          <p>{lead.message}</p>
        </blockquote>
      )}

      {lead.note && (
        <div className="lead-item__note">
          <p className="lead-item__note-title">
            <Icon path={LEAD_ICONS.note} />
            {sharedNote ? 'Not' : 'Özel notunuz'}
          </p>
          <p className="lead-item__note-text">{lead.note}</p>
        </div>
      )}

      <div className="lead-item__actions">
        {lead.phone && (
          <a className="btn btn--secondary btn--sm" href={phoneHref(lead.phone)}>
            <Icon path={LEAD_ICONS.phone} />
            Ara
          </a>
        )}
        {lead.phone && (
          <a
            className="btn btn--secondary btn--sm"
            href={whatsappHref(lead.phone)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Icon path={LEAD_ICONS.chat} />
            WhatsApp
          </a>
        )}
        {lead.email && (
          <a className="btn btn--secondary btn--sm" href={mailHref(lead.email)}>
            <Icon path={LEAD_ICONS.mail} />
            E-posta Gönder
          </a>
        )}
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          aria-label={`${lead.fullName} için ${lead.note ? 'notu düzenle' : 'not ekle'}`}
          onClick={onNote}
        >
          <Icon path={LEAD_ICONS.note} />
          {lead.note ? 'Notu Düzenle' : 'Not Ekle'}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm lead-item__delete"
          disabled={busy}
          aria-label={`${lead.fullName} bağlantısını sil`}
          onClick={onDelete}
        >
          <Icon path={LEAD_ICONS.trash} />
          Sil
        </button>
      </div>
    </li>
  );
}
