import { formatDateTime } from '../../shared/format.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useGetOfficeHistoryQuery, type OfficeView } from './api.ts';
import { OfficeFrame } from './office-frame.tsx';
import { historyLine } from './office-forms.ts';

/** 'Ofis Geçmişi': every change of the office, newest first, who did it and to whom. */
export function OfficeHistoryPage() {
  return (
    <OfficeFrame title="Ofis Geçmişi" lead="Ofiste yapılan her değişiklik: kim, ne zaman, kime.">
      {(office) => <History office={office} />}
    </OfficeFrame>
  );
}

function History({ office }: { readonly office: OfficeView }) {
  const { data, isLoading, isError, refetch, isFetching } = useGetOfficeHistoryQuery(office.id);
  if (isLoading) return <Spinner label="Geçmiş yükleniyor..." />;
  if (isError && !data) {
    return (
      <div className="card-problem panel" role="alert">
        <p className="card-problem__title">Ofis geçmişi yüklenemedi</p>
        <button type="button" className="btn btn--secondary" onClick={() => void refetch()} disabled={isFetching}>
          Tekrar Dene
        </button>
      </div>
    );
  }
  const entries = data?.data ?? [];
  if (entries.length === 0)
    return <p className="panel office-section office-note">Henüz kayıtlı bir değişiklik yok.</p>;
  return (
    <ol className="panel office-section office-history" aria-label="Ofis geçmişi">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="office-history__entry">
          <time dateTime={entry.at} className="office-history__time">
            {formatDateTime(entry.at)}
          </time>
          <span>{historyLine(entry)}</span>
        </li>
      ))}
    </ol>
  );
}
