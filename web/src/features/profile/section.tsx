import type { ReactNode } from 'react';

export const SECTIONS = [
  { id: 'profil-gorseller', title: 'Görsel Ayarlar' },
  { id: 'profil-kisisel', title: 'Kişisel Bilgiler' },
  { id: 'profil-iletisim', title: 'İletişim ve Adres' },
  { id: 'profil-sosyal', title: 'Sosyal Hesaplar' },
  { id: 'profil-kurumsal', title: 'Kurumsal Bilgiler' },
  { id: 'profil-fatura', title: 'Fatura Bilgileri' },
  { id: 'profil-banka', title: 'Banka Hesapları' },
  { id: 'profil-odeme', title: 'Ödeme Yöntemleri' },
  { id: 'profil-diller', title: 'Diğer Diller' },
  { id: 'profil-gorunurluk', title: 'Görünürlük' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

interface SectionProps {
  readonly id: SectionId;
  readonly description?: string;
  readonly children: ReactNode;
}

export function Section({ id, description, children }: SectionProps) {
  const title = SECTIONS.find((section) => section.id === id)?.title ?? '';
  return (
    <section id={id} className="panel pf-section" aria-labelledby={`${id}-title`}>
      <header className="pf-section__head">
        {/* Focusable so the section list can move keyboard focus here, not only scroll. */}
        <h2 id={`${id}-title`} tabIndex={-1}>
          {title}
        </h2>
        {description && <p>{description}</p>}
      </header>
      {children}
    </section>
  );
}

interface RowProps {
  readonly legend: string;
  readonly removeLabel: string;
  readonly onRemove: () => void;
  readonly children: ReactNode;
}

/** One entry of a repeatable list (a social account, a bank account, a payment method). */
export function ListRow({ legend, removeLabel, onRemove, children }: RowProps) {
  return (
    <fieldset className="pf-row">
      <legend className="pf-row__legend">{legend}</legend>
      <button type="button" className="btn btn--ghost pf-row__remove" aria-label={removeLabel} onClick={onRemove}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span aria-hidden="true">Kaldır</span>
      </button>
      <div className="pf-grid">{children}</div>
    </fieldset>
  );
}

interface AddButtonProps {
  readonly label: string;
  readonly onAdd: () => void;
}

export function AddButton({ label, onAdd }: AddButtonProps) {
  return (
    <button type="button" className="btn btn--secondary pf-add" onClick={onAdd}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {label}
    </button>
  );
}

export function EmptyList({ children }: { readonly children: ReactNode }) {
  return <p className="pf-empty">{children}</p>;
}
