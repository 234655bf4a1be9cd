import { useId } from 'react';

/** 'HubSpot' on /integrations (issue 35). */
export function HubSpotSection() {
  const titleId = useId();
  return (
    <section className="panel integrations-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="integrations-section__title">
        HubSpot
      </h2>
    </section>
  );
}
