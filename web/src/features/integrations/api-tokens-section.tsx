import { useId } from 'react';

/** 'Kişisel API Anahtarları' on /integrations (issue 35). */
export function ApiTokensSection() {
  const titleId = useId();
  return (
    <section className="panel integrations-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="integrations-section__title">
        Kişisel API Anahtarları
      </h2>
    </section>
  );
}
