import { useId } from 'react';

/** 'Webhook'lar' on /integrations (issue 35). */
export function WebhooksSection() {
  const titleId = useId();
  return (
    <section className="panel integrations-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="integrations-section__title">
        Webhook'lar
      </h2>
    </section>
  );
}
