import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { OFFICE_MESSAGES } from '@kartvizit/schemas/office/messages';
import type { OfficeRole } from '@kartvizit/schemas/office/model';
import { APP_PATHS } from '@kartvizit/schemas/web-routes';
import { toast } from 'sonner';
import { commandOutcome, toastFailure, type CommandResult } from '../../shared/command-outcome.ts';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { useGetCurrentOfficeQuery, type OfficeCommandResponse, type OfficeView } from './api.ts';
import '../../shared/ui/states.css';
import './office.css';

interface OfficeFrameProps {
  readonly title: string;
  readonly lead: string;
  /** A Yönetici's screen: a Danışman reads why it is not theirs. */
  readonly adminOnly?: boolean;
  readonly children: (office: OfficeView, role: OfficeRole) => ReactNode;
}

/** Every office screen: its heading, then the person's office (or why there is none to show). */
export function OfficeFrame({ title, lead, adminOnly = false, children }: OfficeFrameProps) {
  const { data, isLoading, isError, isFetching, refetch } = useGetCurrentOfficeQuery();
  let content: ReactNode;
  if (isLoading) content = <PageSpinner label="Ofis yükleniyor..." />;
  else if (!data) {
    content = (
      <div className="card-problem panel" role="alert">
        <p className="card-problem__title">{isError ? 'Ofis bilgileri yüklenemedi' : OFFICE_MESSAGES.officeNotFound}</p>
        <p>Bağlantınızı kontrol edip tekrar deneyin.</p>
        <button type="button" className="btn btn--secondary" onClick={() => void refetch()} disabled={isFetching}>
          Tekrar Dene
        </button>
      </div>
    );
  } else if (data.data === null) {
    content = (
      <div className="card-empty panel">
        <h2 className="card-empty__title">Henüz bir ofisin üyesi değilsiniz</h2>
        <p className="card-empty__text">
          Bir ofis oluşturabilir ya da ofis yöneticinizden e-posta ile davet isteyebilirsiniz.
        </p>
        <Link className="btn btn--primary" to={APP_PATHS.officeCreate}>
          Ofis Oluştur
        </Link>
      </div>
    );
  } else if (adminOnly && data.data.role !== 'admin') {
    content = (
      <div className="card-problem panel" role="alert">
        <p className="card-problem__title">{OFFICE_MESSAGES.officeAdminOnly}</p>
        <Link className="btn btn--secondary" to={APP_PATHS.office}>
          Ofisime Dön
        </Link>
      </div>
    );
  } else {
    content = children(data.data.office, data.data.role);
  }
  return (
    <div className="office-page">
      <title>{`${title} · Dijital Kartvizit`}</title>
      <header className="office-page__head">
        <div>
          <h1 className="office-page__title">{title}</h1>
          <p className="office-page__lead">{lead}</p>
        </div>
      </header>
      {content}
    </div>
  );
}

/**
 * Runs an office command and says how it went: the server's Turkish message as a toast either way. The queries it
 * invalidates are fetched again with the answer's position (app/api.ts), so the lists already show the change.
 */
export async function runOfficeCommand(
  pending: Promise<CommandResult<OfficeCommandResponse>>,
  fallback: string,
): Promise<boolean> {
  const outcome = commandOutcome(await pending);
  if (!outcome.ok) {
    toastFailure(outcome);
    return false;
  }
  toast.success(outcome.response.message || fallback);
  return true;
}
