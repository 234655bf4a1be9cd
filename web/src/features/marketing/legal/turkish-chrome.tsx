import type { ReactNode } from 'react';

/**
 * The site around the KVKK disclosure (header, footer, skip link) is Turkish and left to right, also while the
 * disclosure is read in another language and the document says so (`<html lang="ar" dir="rtl">`, issue 31): without
 * this, an Arabic reader's screen reader would read the Turkish menu as Arabic and the footer would turn round. No box
 * of its own (display: contents, set through the DOM, which the app's CSP allows), so the page lays out as before.
 */
export function TurkishChrome({ children }: { readonly children: ReactNode }) {
  return (
    <div lang="tr" dir="ltr" style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
