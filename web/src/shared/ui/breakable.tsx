import { Fragment } from 'react';

/** Where an e-mail address may wrap: before its '@' and each dot, never inside a word (as the card page does). */
const EMAIL_BREAKS = /(?=[@.])/u;

/** An e-mail address with a line-break opportunity (`<wbr>`) before '@' and each '.': 'ayse.yilmaz' / '@ornek.com'. */
export function BreakableEmail({ address }: { readonly address: string }) {
  return address.split(EMAIL_BREAKS).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
