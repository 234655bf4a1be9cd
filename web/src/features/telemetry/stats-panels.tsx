import { STATISTICS_MESSAGES } from '@kartvizit/schemas/statistics/messages';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { formatCount, formatShare, sum } from './statistics-facts.ts';
import {
  browserRows,
  clickRows,
  contactBars,
  deviceRows,
  languageRows,
  locationRows,
  locationSlices,
  productColumns,
  productRows,
  productViewBars,
  socialRows,
  toSlices,
  type ProductRow,
  type StatisticsData,
  type TabId,
} from './statistics-view.ts';
import { ShareBars } from './share-bars.tsx';
import { DailyTable, DataTable, Figure, LineFigure, PieFigure } from './stats-figures.tsx';

const EMPTY = {
  visits: 'Son 30 günde ziyaret kaydı yok.',
  locations: 'Henüz konum verisi yok.',
  devices: 'Henüz cihaz verisi yok.',
  browsers: 'Henüz tarayıcı verisi yok.',
  languages: 'Henüz dil verisi yok.',
  clicks: 'Henüz tıklama kaydı yok.',
  social: 'Sosyal medya bağlantılarınıza henüz tıklanmadı.',
} as const;

const VISITS_TITLE = 'Son 30 gün ziyaretleri';

function VisitsLine({ data, withTableToggle }: { readonly data: StatisticsData; readonly withTableToggle: boolean }) {
  if (sum(data.daily.map((day) => day.count)) === 0) {
    return (
      <Figure title={VISITS_TITLE}>
        <p className="chart-empty">{EMPTY.visits}</p>
      </Figure>
    );
  }
  return <LineFigure title={VISITS_TITLE} series={data.daily} withTableToggle={withTableToggle} />;
}

function LocationPie({ data }: { readonly data: StatisticsData }) {
  return (
    <PieFigure
      title="Konum dağılımı (ilk 6)"
      slices={locationSlices(data.locations)}
      emptyText={EMPTY.locations}
      unit="ziyaret"
      labelHeader="Konum"
      valueHeader="Ziyaret"
    />
  );
}

function DevicePie({ data }: { readonly data: StatisticsData }) {
  return (
    <PieFigure
      title="Cihaz dağılımı"
      slices={toSlices(deviceRows(data.devices))}
      emptyText={EMPTY.devices}
      unit="ziyaret"
      labelHeader="Cihaz"
      valueHeader="Ziyaret"
    />
  );
}

function LanguagePie({ data }: { readonly data: StatisticsData }) {
  return (
    <PieFigure
      title="Dil dağılımı"
      slices={toSlices(languageRows(data.languages))}
      emptyText={EMPTY.languages}
      unit="ziyaret"
      labelHeader="Dil"
      valueHeader="Ziyaret"
    />
  );
}

/** The overview lists the kinds that were clicked; the clicks tab lists every kind, zeros too. */
function ClickPie({ data, onlyClicked = false }: { readonly data: StatisticsData; readonly onlyClicked?: boolean }) {
  const slices = toSlices(clickRows(data.clicks));
  return (
    <PieFigure
      title="Tıklama dağılımı"
      slices={onlyClicked ? slices.filter((slice) => slice.value > 0) : slices}
      emptyText={EMPTY.clicks}
      unit="tıklama"
      labelHeader="Tür"
      valueHeader="Tıklama"
    />
  );
}

function Overview({ data }: { readonly data: StatisticsData }) {
  return (
    <div className="stats-grid stats-grid--halves">
      <div className="stats-grid__wide">
        <VisitsLine data={data} withTableToggle />
      </div>
      <LocationPie data={data} />
      <DevicePie data={data} />
      <LanguagePie data={data} />
      <ClickPie data={data} onlyClicked />
    </div>
  );
}

function Visits({ data }: { readonly data: StatisticsData }) {
  return (
    <div className="stats-grid stats-grid--single">
      <VisitsLine data={data} withTableToggle={false} />
      <Figure title="Günlük ziyaretler">
        <DailyTable series={data.daily} caption="Günlük ziyaretler, en yeni gün önce" />
      </Figure>
    </div>
  );
}

function Locations({ data }: { readonly data: StatisticsData }) {
  const rows = locationRows(data.locations);
  return (
    <div className="stats-grid stats-grid--halves">
      <LocationPie data={data} />
      <Figure title="Tüm konumlar">
        <DataTable
          caption="Konumlar, ziyaret sayısına göre"
          captionHidden
          emptyText={EMPTY.locations}
          columns={[
            { header: 'Ülke', cell: (row) => row.country },
            { header: 'Şehir', cell: (row) => row.city },
            { header: 'Ziyaret', cell: (row) => formatCount(row.count), numeric: true },
          ]}
          rows={rows}
          rowKey={(row) => row.key}
        />
        {/* DB-IP City Lite is CC BY 4.0: its licence asks for this line where the data is shown. */}
        <p className="stats-attribution">
          Konumlar ziyaretçinin IP adresinden tahmin edilir (adres saklanmaz).{' '}
          <a href="https://db-ip.com" target="_blank" rel="noopener noreferrer">
            IP Geolocation by DB-IP
          </a>
        </p>
      </Figure>
    </div>
  );
}

function Devices({ data }: { readonly data: StatisticsData }) {
  const devices = deviceRows(data.devices);
  const browsers = browserRows(data.devices);
  return (
    <div className="stats-grid stats-grid--halves">
      <DevicePie data={data} />
      <Figure title="Cihazlar">
        <ShareBars rows={devices} label="Cihazlara göre ziyaretler" unit="ziyaret" />
      </Figure>
      <div className="stats-grid__wide">
        <Figure title="Tarayıcılar">
          <DataTable
            caption="Tarayıcılara göre ziyaretler"
            captionHidden
            emptyText={EMPTY.browsers}
            columns={[
              { header: 'Tarayıcı', cell: (row) => row.label },
              { header: 'Ziyaret', cell: (row) => formatCount(row.count), numeric: true },
              { header: 'Yüzde', cell: (row) => formatShare(row.share), numeric: true },
            ]}
            rows={browsers}
            rowKey={(row) => row.key}
          />
        </Figure>
      </div>
    </div>
  );
}

/** The languages the card page was shown in (issue 31): the pie with its table, and the bars. */
function Languages({ data }: { readonly data: StatisticsData }) {
  const languages = languageRows(data.languages);
  return (
    <div className="stats-grid stats-grid--halves">
      <LanguagePie data={data} />
      <Figure title="Diller">
        {languages.length === 0 ? (
          <p className="chart-empty">{EMPTY.languages}</p>
        ) : (
          <ShareBars rows={languages} label="Dillere göre ziyaretler" unit="ziyaret" />
        )}
        <p className="stats-figure__note">
          Kartınız ziyaretçinin seçtiği ya da tarayıcısının dilinde gösterilir. Dil desteğinden önceki ziyaretler Türkçe
          sayılır.
        </p>
      </Figure>
    </div>
  );
}

function Clicks({ data }: { readonly data: StatisticsData }) {
  const social = socialRows(data.clicks);
  return (
    <div className="stats-grid stats-grid--halves">
      <ClickPie data={data} />
      <Figure title="İletişim tıklamaları">
        <ShareBars
          rows={contactBars(data.clicks)}
          label="Telefon, e-posta ve web sitesi tıklamalarının payı"
          unit="tıklama"
        />
        <p className="stats-figure__note">Pay, tüm tıklamalar içindeki oranı gösterir.</p>
      </Figure>
      <div className="stats-grid__wide">
        <Figure title="Sosyal medya">
          <DataTable
            caption="Sosyal medya bağlantılarına tıklamalar"
            captionHidden
            emptyText={EMPTY.social}
            columns={[
              { header: 'Platform', cell: (row) => row.platform },
              { header: 'Tıklama', cell: (row) => formatCount(row.clicks), numeric: true },
            ]}
            rows={social}
            rowKey={(row) => row.key}
          />
        </Figure>
      </div>
    </div>
  );
}

function Products({ data }: { readonly data: StatisticsData }) {
  const rows = productRows(data.products);
  const columns = productColumns(rows);
  const note = (
    <p className="stats__note stats-products__note">
      <Icon path={ICONS.info} />
      <span>{STATISTICS_MESSAGES.statisticsProductsByCard}</span>
    </p>
  );
  if (rows.length === 0) {
    return (
      <div className="stats-grid stats-grid--single">
        <Figure title="Ürünler">
          <p className="chart-empty">
            <strong>{STATISTICS_MESSAGES.statisticsNoProductViews}</strong>
            <br />
            {STATISTICS_MESSAGES.statisticsNoProductViewsHint}
          </p>
          {note}
        </Figure>
      </div>
    );
  }
  const bars = productViewBars(data.products);
  return (
    <div className="stats-grid stats-grid--single">
      <Figure title="Ürün görüntülenmeleri">
        {bars.length > 0 ? (
          <ShareBars rows={bars} label="Ürünlere göre görüntülenmeler" unit="görüntülenme" />
        ) : (
          <p className="chart-empty">{STATISTICS_MESSAGES.statisticsNoProductViews}</p>
        )}
      </Figure>
      <Figure title="Ürünler">
        <DataTable
          caption="Ürünlere göre görüntülenme ve tıklamalar"
          captionHidden
          columns={[
            { header: 'Ürün', cell: (row) => (row.deleted ? <em>{row.name}</em> : row.name) },
            { header: 'Görüntülenme', cell: (row) => formatCount(row.views), numeric: true },
            { header: 'Tekil', cell: (row) => formatCount(row.uniqueVisitors), numeric: true },
            { header: 'Satın Al', cell: (row) => formatCount(row.buy), numeric: true },
            { header: 'WhatsApp', cell: (row) => formatCount(row.whatsapp), numeric: true },
            // A listing's 'Ara' and the REMS registrations made from its page (issue 33): each once there are any.
            ...(columns.call
              ? [{ header: 'Arama', cell: (row: ProductRow) => formatCount(row.call), numeric: true }]
              : []),
            ...(columns.registrations
              ? [{ header: 'REMS kaydı', cell: (row: ProductRow) => formatCount(row.registrations), numeric: true }]
              : []),
            { header: 'Tıklama', cell: (row) => formatCount(row.clicks), numeric: true },
          ]}
          rows={rows}
          rowKey={(row) => row.key}
        />
        {note}
      </Figure>
    </div>
  );
}

export function StatsTabPanel({ tab, data }: { readonly tab: TabId; readonly data: StatisticsData }) {
  switch (tab) {
    case 'genel-bakis':
      return <Overview data={data} />;
    case 'ziyaretler':
      return <Visits data={data} />;
    case 'konumlar':
      return <Locations data={data} />;
    case 'cihazlar':
      return <Devices data={data} />;
    case 'diller':
      return <Languages data={data} />;
    case 'tiklamalar':
      return <Clicks data={data} />;
    case 'urunler':
      return <Products data={data} />;
    default: {
      const unknown: never = tab;
      return unknown;
    }
  }
}
