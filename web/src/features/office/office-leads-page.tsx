import { Link } from 'react-router-dom';
import { LEAD_MESSAGES } from '@kartvizit/schemas/lead/messages';
import { APP_PATHS } from '@kartvizit/schemas/web-routes';
import { Icon } from '../../shared/ui/icons.tsx';
import { useGetOfficeLeadsQuery, type OfficeLead } from '../lead/api.ts';
import { LEAD_ICONS, LeadsBoard, useLeadsFilter } from '../lead/leads-board.tsx';
import { useGetOfficeMembersQuery, type OfficeView } from './api.ts';
import { OfficeFrame } from './office-frame.tsx';
import { leadHolderLabel } from './office-leads.ts';

/** 'Ofis Bağlantıları': every lead left on the office's cards, with the card's holder now; its admins only. */
export function OfficeLeadsPage() {
  return (
    <OfficeFrame
      title="Ofis Bağlantıları"
      lead="Ofisin kartlarından bilgi bırakan ziyaretçiler: hangi kartta ve hangi danışmanda olduğu ile. Bağlantıların veri sorumlusu ofistir."
      adminOnly
    >
      {(office) => <OfficeLeads office={office} />}
    </OfficeFrame>
  );
}

function OfficeLeads({ office }: { readonly office: OfficeView }) {
  const filter = useLeadsFilter();
  const query = useGetOfficeLeadsQuery({ officeId: office.id, ...filter.args });
  const { data: members } = useGetOfficeMembersQuery(office.id);
  const holderOf = (lead: OfficeLead) => leadHolderLabel(lead.holderId, members?.data) || undefined;

  return (
    <LeadsBoard
      filter={filter}
      query={query}
      loadingLabel="Ofisin bağlantıları yükleniyor..."
      loadError={LEAD_MESSAGES.officeLeadsLoadError}
      listLabel="Ofisin bağlantıları"
      holderOf={holderOf}
      sharedNotes
      empty={
        <div className="card-empty panel">
          <span className="card-empty__icon" aria-hidden="true">
            <Icon path={LEAD_ICONS.inbox} />
          </span>
          <h2 className="card-empty__title">{LEAD_MESSAGES.officeLeadsEmpty}</h2>
          <p className="card-empty__text">
            Ziyaretçiler ofis kartlarının sayfasındaki <strong>Bilgi Gönder</strong> butonuyla bilgilerini bıraktığında
            burada, kartı taşıyan danışmanın adıyla görünürler. Danışmanlar yalnızca taşıdıkları kartların
            bağlantılarını görür.
          </p>
          <Link className="btn btn--primary" to={APP_PATHS.officeCards}>
            Ofis Kartlarına Git
          </Link>
        </div>
      }
    />
  );
}
