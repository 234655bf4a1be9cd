import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import type { CardPassContent } from './pass-content.ts';
import type { GoogleWalletSettings } from './google-settings.ts';

/**
 * A card as a Google Wallet generic pass (issue 32), in the shapes of Google's Wallet API reference
 * (https://developers.google.com/wallet/reference/rest/v1/genericobject and …/genericclass, and the JWT of
 * https://developers.google.com/wallet/reference/rest/v1/jwt): the same content and QR as the Apple pass, read from
 * `loadCardPassContent`. The save link carries the class and the object (a "fat" JWT), so a pass saved from it needs
 * no call to Google first; later changes reach it through the Wallet API (projector/src/wallet/google-wallet-reactor.ts).
 */

/** Google's translated text: one value in the card's language. */
export interface GoogleLocalizedString {
  readonly defaultValue: { readonly language: string; readonly value: string };
}

export interface GoogleTextModule {
  readonly id: string;
  readonly header: string;
  readonly body: string;
}

export interface GoogleLinkUri {
  readonly id: string;
  readonly uri: string;
  readonly description: string;
}

export type GooglePassState = 'ACTIVE' | 'INACTIVE';

/** The generic object's fields this product sets (GenericObject in Google's reference). */
export interface GoogleGenericObject {
  /** `{issuerId}.{suffix}`: the suffix only of letters, digits, `.`, `_` and `-`. */
  readonly id: string;
  readonly classId: string;
  readonly state: GooglePassState;
  readonly cardTitle: GoogleLocalizedString;
  readonly header: GoogleLocalizedString;
  readonly subheader?: GoogleLocalizedString;
  readonly logo?: {
    readonly sourceUri: { readonly uri: string };
    readonly contentDescription: GoogleLocalizedString;
  };
  /** `#rrggbb`. */
  readonly hexBackgroundColor?: string;
  /** Optional in Google's reference: a deleted account's emptied pass has none. */
  readonly barcode?: { readonly type: 'QR_CODE'; readonly value: string; readonly alternateText: string };
  readonly textModulesData?: readonly GoogleTextModule[];
  readonly linksModuleData?: { readonly uris: readonly GoogleLinkUri[] };
}

/** The class every card's pass belongs to (GenericClass: only its id is required). */
export interface GoogleGenericClass {
  readonly id: string;
}

/** The suffix of every card pass's class id. */
export const GOOGLE_PASS_CLASS_SUFFIX = 'dijital-kartvizit';

/** The language of the pass's texts (the product's; the owner's other languages are not on the pass yet). */
const LANGUAGE = 'tr';

/** Text Google shows when a pass has nothing better: the product's name. */
const PRODUCT_NAME = 'Dijital Kartvizit';

function text(value: string): GoogleLocalizedString {
  return { defaultValue: { language: LANGUAGE, value } };
}

/** A card id as the suffix of a Google resource id: only `[\w.-]` (a card id already is; anything else becomes `_`). */
export function googleObjectSuffix(cardId: string): string {
  return cardId.replace(/[^\w.-]/gu, '_');
}

/**
 * The generic object's resource id of a card in one holder's hands: what the Wallet API's `genericObject/{resourceId}`
 * names. The holder is part of it: an office card given to another member is a new pass, and the former holder's
 * saved pass is switched off rather than made to show the new member.
 */
export function googleObjectId(issuerId: string, cardId: string, holderId: string): string {
  return `${issuerId}.${googleObjectSuffix(cardId)}.${googleObjectSuffix(holderId)}`;
}

export function googleClassId(issuerId: string): string {
  return `${issuerId}.${GOOGLE_PASS_CLASS_SUFFIX}`;
}

export function googleGenericClass(issuerId: string): GoogleGenericClass {
  return { id: googleClassId(issuerId) };
}

/** The card's pass as a generic object: its name, title, company, phone, e-mail, logo, colours and QR. */
export function googleGenericObject(issuerId: string, content: CardPassContent): GoogleGenericObject {
  const name = content.name || content.company || PRODUCT_NAME;
  const modules: GoogleTextModule[] = [];
  if (content.company) modules.push({ id: 'company', header: 'Şirket', body: content.company });
  if (content.phone) modules.push({ id: 'phone', header: 'Telefon', body: content.phone });
  if (content.email) modules.push({ id: 'email', header: 'E-posta', body: content.email });
  if (!content.active) modules.push({ id: 'status', header: 'Durum', body: 'Bu kart devre dışı bırakıldı.' });
  return {
    id: googleObjectId(issuerId, content.cardId, content.ownerId),
    classId: googleClassId(issuerId),
    state: content.active ? 'ACTIVE' : 'INACTIVE',
    cardTitle: text(content.company || PRODUCT_NAME),
    header: text(name),
    ...(content.jobTitle ? { subheader: text(content.jobTitle) } : {}),
    // Google fetches the logo itself: only an absolute address will do.
    ...(content.logoUrl && /^https?:\/\//u.test(content.logoUrl)
      ? { logo: { sourceUri: { uri: content.logoUrl }, contentDescription: text(content.company || name) } }
      : {}),
    hexBackgroundColor: content.backgroundColor,
    barcode: { type: 'QR_CODE', value: content.cardUrl, alternateText: content.cardId },
    textModulesData: modules,
    linksModuleData: { uris: [{ id: 'card', uri: content.cardUrl, description: 'Dijital kartvizit' }] },
  };
}

/**
 * What a deleted account's saved pass becomes: switched off, with nothing of the person left on it (Google keeps what
 * we last sent; KVKK asks that it be gone).
 */
export function googleErasedObject(issuerId: string, cardId: string, holderId: string): GoogleGenericObject {
  return {
    id: googleObjectId(issuerId, cardId, holderId),
    classId: googleClassId(issuerId),
    state: 'INACTIVE',
    cardTitle: text(PRODUCT_NAME),
    header: text('Bu kart artık kullanılmıyor'),
  };
}

/** What the save link's JWT carries (Google's "JWT resource"). */
export interface GoogleSaveClaims {
  readonly iss: string;
  readonly aud: 'google';
  readonly typ: 'savetowallet';
  readonly iat: number;
  readonly origins: readonly string[];
  readonly payload: {
    readonly genericClasses: readonly GoogleGenericClass[];
    readonly genericObjects: readonly GoogleGenericObject[];
  };
}

export const GOOGLE_SAVE_URL_PREFIX = 'https://pay.google.com/gp/v/save/';

/**
 * The 'Add to Google Wallet' link of a card: a JWT signed (RS256) with the service account's key, naming the site it is
 * offered on (`origins`, the origin of PUBLIC_BASE_URL) and carrying the class and the card's object.
 */
export async function googleSaveUrl(
  settings: Pick<GoogleWalletSettings, 'issuerId' | 'clientEmail' | 'privateKeyPem'>,
  content: CardPassContent,
  publicBaseUrl: string,
  now: Date = new Date(),
): Promise<string> {
  const claims: Omit<GoogleSaveClaims, 'iss' | 'aud' | 'iat'> = {
    typ: 'savetowallet',
    origins: [new URL(publicBaseUrl).origin],
    payload: {
      genericClasses: [googleGenericClass(settings.issuerId)],
      genericObjects: [googleGenericObject(settings.issuerId, content)],
    },
  };
  const jwt = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(settings.clientEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(createPrivateKey(settings.privateKeyPem));
  return `${GOOGLE_SAVE_URL_PREFIX}${jwt}`;
}
