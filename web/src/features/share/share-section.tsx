import { useId, type ReactNode } from 'react';

interface ShareSectionProps {
  readonly title: string;
  readonly lead: ReactNode;
  readonly children: ReactNode;
  readonly className?: string;
}

/** One tool of 'Paylaşım Araçları': a region named by its heading, with a sentence on what it is for. */
export function ShareSection({ title, lead, children, className }: ShareSectionProps) {
  const id = useId();
  return (
    <section className={`panel share-section${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <header className="share-section__head">
        <h2 id={id} className="share-section__title">
          {title}
        </h2>
        <p className="share-section__lead">{lead}</p>
      </header>
      {children}
    </section>
  );
}
