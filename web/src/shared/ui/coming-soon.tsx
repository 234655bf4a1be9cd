import type { ReactNode } from 'react';
import './coming-soon.css';

interface ComingSoonProps {
  readonly title: string;
  /** What the section will offer, so the page is honest about its state but still informative. */
  readonly description: string;
  readonly children?: ReactNode;
}

/** An authenticated section that is not built yet. */
export function ComingSoon({ title, description, children }: ComingSoonProps) {
  return (
    <section className="coming-soon" aria-labelledby="page-title">
      <title>{`${title} · Dijital Kartvizit`}</title>
      <h1 id="page-title" className="page-title">
        {title}
      </h1>
      <div className="coming-soon__body panel">
        <svg className="coming-soon__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 7v5l3 2m6-2a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p className="coming-soon__headline">Bu bölüm yakında kullanıma açılacak</p>
        <p className="coming-soon__text">{description}</p>
        {children}
      </div>
    </section>
  );
}
