import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { LEAD_MESSAGES } from '@kartvizit/schemas/messages/lead';
import { httpStatus } from '../../shared/command-outcome.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { useDeleteLeadMutation, useGetLeadsQuery, useLazyExportLeadsCsvQuery, type Lead } from './api.ts';
import {
  downloadText,
  formatLeadDate,
  leadCountLabel,
  LEADS_PAGE_SIZE,
  mailHref,
  pageRangeLabel,
  phoneHref,
  SEARCH_DELAY_MS,
  whatsappHref,
} from './lead-facts.ts';
import '../../shared/ui/states.css';
import '../../shared/ui/text-field.css';
import '../card/card-common.css';
import './leads.css';

const LEAD_ICONS = {
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm9 2-4-4',
  phone:
    'M5 4h3.5l1.5 4.5-2.2 1.4a11 11 0 0 0 6.3 6.3l1.4-2.2L20 15.5V19a1.5 1.5 0 0 1-1.6 1.5A16.5 16.5 0 0 1 3.5 5.6 1.5 1.5 0 0 1 5 4Z',
  mail: 'M3.5 6h17v12h-17zM3.5 6.5 12 13l8.5-6.5',
  chat: 'M4.5 19.5 5.8 15.6A7.5 7.5 0 1 1 8.6 18.3L4.5 19.5Z',
  trash: 'M4.5 7h15M10 11v6m4-6v6M6 7l1 13h10l1-13M9.5 7V4.5h5V7',
  inbox: 'M3.5 13.5 6 5h12l2.5 8.5M3.5 13.5V19h17v-5.5h-5a3.5 3.5 0 0 1-7 0h-5Z',
} as const;

/** Failures the server explained keep its words; a 401 has already said its own. */
function failureMessage(error: unknown, fallback: string): string | null {
  if (httpStatus(error) === 401) return null;
  return serverProblem(error)?.message ?? fallback;
}

export function LeadsPage() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [asking, setAsking] = useState<Lead | null>(null);
  const searchId = useId();

  // The list is searched once typing pauses, from its first page.
  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = window.setTimeout(() => {
      setSearch(typed.trim());
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed, search]);

  const { data, isLoading, isError, isFetching, refetch } = useGetLeadsQuery({ search, limit: LEADS_PAGE_SIZE, offset });
  const [deleteLead, { isLoading: deleting }] = useDeleteLeadMutation();
  const [exportCsv, { isFetching: exporting }] = useLazyExportLeadsCsvQuery();
  const leads = data?.leads ?? [];
  const total = data?.total ?? 0;
  const searching = search !== '';
  const nothingYet = !searching && total === 0;

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

  const downloadCsv = async () => {
    try {
      const file = await exportCsv({ search }).unwrap();
      downloadText(file.text, file.fileName, 'text/csv;charset=utf-8');
    } catch (error) {
      const message = failureMessage(error, LEAD_MESSAGES.leadsExportError);
      if (message) toast.error(message);
    }
  };

  return (
    <div className="card-page leads-page">
      <title>Bağlantılar · Dijital Kartvizit</title>
      <header className="card-page__head">
        <div>
          <h1 className="card-page__title">Bağlantılar</h1>
          <p className="card-page__lead">Kartınızdaki “Bilgi Gönder” butonuyla size bilgilerini bırakan ziyaretçiler.</p>
        </div>
        {!nothingYet && (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void downloadCsv()}
            disabled={exporting || total === 0}
            aria-busy={exporting}
          >
            <Icon path={ICONS.download} />
            {exporting ? 'Hazırlanıyor...' : 'CSV İndir'}
          </button>
        )}
      </header>

      {isLoading ? (
        <PageSpinner label="Bağlantılar yükleniyor..." />
      ) : isError && !data ? (
        <div className="card-problem panel" role="alert">
          <p className="card-problem__title">{LEAD_MESSAGES.leadsLoadError}</p>
          <p>Bağlantınızı kontrol edip tekrar deneyin.</p>
          <button type="button" className="btn btn--secondary" onClick={() => void refetch()} disabled={isFetching}>
            Tekrar Dene
          </button>
        </div>
      ) : nothingYet ? (
        <div className="card-empty panel">
          <span className="card-empty__icon" aria-hidden="true">
            <Icon path={LEAD_ICONS.inbox} />
          </span>
          <h2 className="card-empty__title">{LEAD_MESSAGES.leadsEmpty}</h2>
          <p className="card-empty__text">
            Ziyaretçiler kartınızın sayfasındaki <strong>Bilgi Gönder</strong> butonuna dokunup adlarını, telefon numaralarını
            veya e-posta adreslerini bıraktığında burada görünürler. Gelen bağlantıları buradan arayabilir, CSV olarak
            indirebilir ve silebilirsiniz.
          </p>
          <Link className="btn btn--primary" to="/cards">
            Kartlarıma Git
          </Link>
        </div>
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

          {leads.length === 0 ? (
            <div className="card-empty panel">
              <h2 className="card-empty__title">{LEAD_MESSAGES.leadsNoMatch}</h2>
              <p className="card-empty__text">Farklı bir ad, telefon numarası veya e-posta adresiyle aramayı deneyin.</p>
              <button type="button" className="btn btn--secondary" onClick={() => setTyped('')}>
                Aramayı Temizle
              </button>
            </div>
          ) : (
            <ul className="lead-list" aria-label="Bağlantılarınız" aria-busy={isFetching}>
              {leads.map((lead) => (
                <LeadItem key={lead._id} lead={lead} busy={deleting} onDelete={() => setAsking(lead)} />
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
    </div>
  );
}

interface LeadItemProps {
  readonly lead: Lead;
  readonly busy: boolean;
  readonly onDelete: () => void;
}

function LeadItem({ lead, busy, onDelete }: LeadItemProps) {
  const titleId = useId();
  const card = lead.cardName ? `${lead.cardName} (${lead.cardId})` : lead.cardId;
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
              <a href={mailHref(lead.email)}>{lead.email}</a>
            </dd>
          </div>
        )}
      </dl>

      {lead.message && (
        <blockquote className="lead-item__message">
          <p>{lead.message}</p>
        </blockquote>
      )}

      <div className="lead-item__actions">
        {lead.phone && (
          <a className="btn btn--secondary btn--sm" href={phoneHref(lead.phone)}>
            <Icon path={LEAD_ICONS.phone} />
            Ara
          </a>
        )}
        {lead.phone && (
          <a className="btn btn--secondary btn--sm" href={whatsappHref(lead.phone)} target="_blank" rel="noopener noreferrer">
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
