import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { LEAD_MESSAGES } from '@kartvizit/schemas/lead/messages';
import { downloadText } from '../../shared/download.ts';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { useGetLeadsQuery, useLazyExportLeadsCsvQuery } from './api.ts';
import { leadsInAll } from './lead-facts.ts';
import { failureMessage, LEAD_ICONS, LeadsBoard, useLeadsFilter } from './leads-board.tsx';
import '../card/card-common.css';
import './leads.css';

/** 'Bağlantılar': the person's leads (their own cards', and the office's cards they hold now), with their CSV. */
export function LeadsPage() {
  const filter = useLeadsFilter();
  const { search, status } = filter;
  const query = useGetLeadsQuery(filter.args);
  const [exportCsv, { isFetching: exporting }] = useLazyExportLeadsCsvQuery();
  const total = query.data?.total ?? 0;
  const nothingYet = search === '' && leadsInAll(query.data?.counts, total) === 0;

  const downloadCsv = async () => {
    try {
      const file = await exportCsv({ search, status }).unwrap();
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
          <p className="card-page__lead">
            Kartınızdaki “Bilgi Gönder” butonuyla size bilgilerini bırakan ziyaretçiler.
          </p>
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

      <LeadsBoard
        filter={filter}
        query={query}
        loadingLabel="Bağlantılar yükleniyor..."
        loadError={LEAD_MESSAGES.leadsLoadError}
        listLabel="Bağlantılarınız"
        empty={
          <div className="card-empty panel">
            <span className="card-empty__icon" aria-hidden="true">
              <Icon path={LEAD_ICONS.inbox} />
            </span>
            <h2 className="card-empty__title">{LEAD_MESSAGES.leadsEmpty}</h2>
            <p className="card-empty__text">
              Ziyaretçiler kartınızın sayfasındaki <strong>Bilgi Gönder</strong> butonuna dokunup adlarını, telefon
              numaralarını veya e-posta adreslerini bıraktığında burada görünürler. Gelen bağlantıları buradan
              arayabilir, CSV olarak indirebilir ve silebilirsiniz.
            </p>
            <Link className="btn btn--primary" to="/cards">
              Kartlarıma Git
            </Link>
          </div>
        }
      />
    </div>
  );
}
