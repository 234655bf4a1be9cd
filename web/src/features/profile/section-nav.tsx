import { useEffect, useState, type MouseEvent } from 'react';
import { SECTIONS, type SectionId } from './section.tsx';

/**
 * The form's sections as links: a sticky list beside the form on wide screens, a row of chips
 * that scrolls sideways on phones. Following a link moves focus to the section's heading.
 */
export function SectionNav() {
  const [current, setCurrent] = useState<SectionId>(SECTIONS[0].id);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return undefined;
    const visible = new Map<string, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.set(entry.target.id, entry.boundingClientRect.top);
          else visible.delete(entry.target.id);
        }
        // The topmost section in the reading band is the one being read.
        const first = SECTIONS.find((section) => visible.has(section.id));
        if (first) setCurrent(first.id);
      },
      { rootMargin: '-15% 0px -55% 0px' },
    );
    for (const section of SECTIONS) {
      const element = document.getElementById(section.id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, []);

  const go = (event: MouseEvent<HTMLAnchorElement>, id: SectionId) => {
    event.preventDefault();
    const heading = document.getElementById(`${id}-title`);
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document.getElementById(id)?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
    heading?.focus({ preventScroll: true });
    setCurrent(id);
  };

  return (
    <nav className="pf-nav" aria-label="Profil bölümleri">
      <ol className="pf-nav__list">
        {SECTIONS.map((section, index) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="pf-nav__link"
              aria-current={current === section.id ? 'location' : undefined}
              onClick={(event) => go(event, section.id)}
            >
              <span className="pf-nav__number" aria-hidden="true">
                {index + 1}
              </span>
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
