import type { TranslatedDisclosure } from './model.ts';

/*
 * The KVKK disclosure in English (issue 31): a translation of tr.ts, which is the binding text. Turkish names a reader
 * may need (the law, the Board, the Communiqué, screens of the Turkish dashboard) are kept beside the English.
 */

const LEAVE_DETAILS = '‘Leave your details’';
const ARRANGE_MEETING = '‘Arrange a meeting’';

export const en: TranslatedDisclosure = {
  language: 'en',
  frame: {
    language: 'en',
    dateLocale: 'en-GB',
    eyebrow: 'Legal texts',
    version: 'Version',
    updated: 'Last updated:',
    contents: 'Contents',
    others: 'Other legal texts',
    languages: 'Language',
    titles: {
      disclosure: 'KVKK Privacy Notice',
      privacy: 'Privacy Policy (in Turkish)',
      terms: 'Terms of Use (in Turkish)',
    },
    operatorNote: {
      label: 'Note for the operator:',
      text: [
        'The fields highlighted in yellow and shown in square brackets (e.g. ',
        ') must be filled in by the company that runs this service with its own details (',
        '). The texts should be reviewed by a legal adviser before they are published.',
      ],
    },
  },
  binding: {
    text: 'This English version is a translation provided for your information; only the Turkish text is binding.',
    link: 'Read the Turkish original',
  },
  heading: 'Privacy Notice on the Protection of Personal Data',
  lead: [
    {
      p: [
        'At Dijital Kartvizit we process personal data in accordance with Law No. 6698 on the Protection of Personal Data (',
        { turkish: 'Kişisel Verilerin Korunması Kanunu' },
        ', KVKK). Pursuant to Article 10 of the KVKK, this notice explains to card owners, to visitors of business card pages and to those who send their details to card owners which data are processed, for which purposes and on which legal grounds, to whom they are transferred, how long they are kept and how you can exercise your rights. For a plainer summary, please see the ',
        { link: 'privacy', text: 'Privacy Policy' },
        ' (in Turkish).',
      ],
    },
  ],
  sections: {
    'veri-sorumlusu': {
      title: '1. Data controller',
      body: [
        {
          entries: [
            ['Trade name', [{ fill: 'companyName' }]],
            ['MERSİS number', [{ fill: 'mersisNo' }]],
            ['Address', [{ fill: 'address' }]],
            ['Registered e-mail (KEP) address', [{ fill: 'kepAddress' }]],
            ['E-mail', [{ fill: 'email' }]],
            ['Telephone', [{ fill: 'phone' }]],
          ],
        },
        {
          p: [
            'In this notice, “the Company” and “we” refer to the data controller (',
            { turkish: 'Veri Sorumlusu' },
            ') whose details are given above; “card owner” refers to a person who has opened an account with Dijital Kartvizit and publishes a business card; “visitor” refers to a person who opens a business card page.',
          ],
        },
        {
          p: [
            `The Company is the data controller for card owners’ account and profile information and for the visit statistics of business card pages. For the information that a visitor sends to a card owner through the ${LEAVE_DETAILS} form (`,
            { turkish: '‘Bilgilerini Paylaş’' },
            ') on a business card page, however, ',
            { strong: 'the card owner is the data controller' },
            ', as the person who receives that information in order to get back to the visitor and who decides how it is used; the Company is the data processor that stores that information on the card owner’s behalf and passes it on to them. In both cases, this notice describes the processing carried out by the Company.',
          ],
        },
      ],
    },
    'islenen-veriler': {
      title: '2. Which personal data do we process?',
      body: [
        { h3: 'Card owners' },
        {
          entries: [
            ['Identity and contact details', 'First name, surname, e-mail address.'],
            [
              'Account security',
              'A hash of your password generated with argon2id (the password itself is not stored anywhere) and a session version used to check whether sessions are still valid.',
            ],
            [
              'Profile',
              'The information you enter for publication on your business card: title, position, company, “about” text, telephone, e-mail, website, address and map location, social media links, tax office and tax number, MERSİS and trade registry numbers, billing details, bank accounts (including IBAN), payment methods, profile and cover photos, company logo.',
            ],
            [
              'Card and activity records',
              'Card numbers and names; the times at which cards were activated, deactivated and had their QR codes renewed; the times at which the profile was changed.',
            ],
          ],
        },
        { h3: 'Visitors who open a business card page' },
        {
          entries: [
            [
              'Visit and click records',
              'Which card was viewed and when, and which contact button (telephone, e-mail, website, address, directions, social media, save contact) was tapped; device type (mobile, tablet, desktop), browser and operating system; country and province (city outside Türkiye); a daily visitor hash used to count visits within the same day only once.',
            ],
            [
              'Connection data (not recorded)',
              'IP address and the text by which the browser identifies itself (user agent): used only in memory while the request is handled, to determine the country and province, to compute the daily visitor hash and to limit excessive requests; never written to any database, event record or log.',
            ],
          ],
        },
        {
          h3: [
            'Visitors who send their details through the ',
            LEAVE_DETAILS,
            ' form (',
            { turkish: '‘Bilgilerini Paylaş’' },
            ')',
          ],
        },
        {
          entries: [
            ['Identity and contact details', 'Full name, telephone number, e-mail address and your message.'],
            [
              'Consent and record details',
              'Whether or not you consented to promotional messages, the time of sending, the card to which the details were sent and the version of the privacy notice shown to you.',
            ],
          ],
        },
        {
          h3: ['Visitors who register through the ', ARRANGE_MEETING, ' form (', { turkish: '‘Görüşme Planla’' }, ')'],
        },
        {
          entries: [
            [
              'Identity and contact details',
              'First name, surname, telephone number, e-mail address (optional), your type of interest (buyer, seller, tenant, landlord), province, district, address and your notes.',
            ],
            [
              'Consent and record details',
              'Whether or not you consented to promotional messages, the time of sending, the card to which the details were sent, whether they were passed on to the card owner’s customer management system, and the version of the privacy notice shown to you.',
            ],
          ],
        },
        {
          p: 'We do not ask for special categories of personal data (e.g. health, religion, biometric data); please do not enter such information in the profile, message and note fields.',
        },
      ],
    },
    'amaclar-ve-hukuki-sebepler': {
      title: '3. Purposes of processing and legal grounds',
      body: [
        {
          p: 'We process personal data only for the purposes below and on the legal grounds set out in Article 5 of Law No. 6698 (KVKK).',
        },
        { h3: 'Card owners' },
        {
          ul: [
            [
              'Registration, signing in, managing your profile and cards, publishing your business card page, generating QR codes, and showing you statistics and the contacts you receive: ',
              { strong: 'Art. 5(2)(c)' },
              ', processing is necessary for the conclusion and performance of a contract (',
              { link: 'terms', text: 'Terms of Use' },
              ', in Turkish).',
            ],
            [
              'Showing the profile information you choose to publish to everyone on your business card page: ',
              { strong: 'Art. 5(2)(c)' },
              ' and ',
              { strong: '(d)' },
              ', the information has been made public by you.',
            ],
            [
              'Creating the calendar invitations, Zoom meetings and Calendly links (title, description, time, the e-mail addresses of the participants you enter) that you set up with the ',
              { turkish: '‘Toplantı Planla’' },
              ' (Schedule a meeting) tools on your card in the service you choose, and showing them to you on the ',
              { turkish: '‘Toplantılar’' },
              ' (Meetings) screen: ',
              { strong: 'Art. 5(2)(c)' },
              '. You sign in to these services with your own account; the access token the service issues is used only for that operation and is not stored anywhere.',
            ],
            [
              'Account security and the prevention of unauthorised access and misuse (attempt limits, password hashes, closing other sessions when the password is changed): ',
              { strong: 'Art. 5(2)(ç)' },
              ', the data security obligation under Art. 12 KVKK, and ',
              { strong: 'Art. 5(2)(f)' },
              ', legitimate interest.',
            ],
            [
              'Retention, information and document-production obligations arising from legislation, and requests from competent authorities and courts: ',
              { strong: 'Art. 5(2)(ç)' },
              ', legal obligation; in disputes, ',
              { strong: 'Art. 5(2)(e)' },
              ', the establishment, exercise or protection of a right.',
            ],
          ],
        },
        { h3: 'Visitors who open a business card page' },
        {
          ul: [
            [
              'Providing card owners with aggregate statistics showing how many times, on which days and from which devices their card was viewed and which contact buttons were used; filtering out bots, link previews and background prefetches; limiting excessive requests: ',
              { strong: 'Art. 5(2)(f)' },
              ', the legitimate interests of the card owner and of the Company. So as not to harm your fundamental rights and freedoms, IP addresses are not stored, no cookies are used, the visitor hash changes every day and, within 48 hours at the latest, can no longer be linked to anyone; card owners see only numbers, not individual visitors.',
            ],
          ],
        },
        { h3: ['Visitors who send their details through the ', LEAVE_DETAILS, ' form'] },
        {
          ul: [
            [
              'Passing the details you send to the card owner so that they can contact you, and storing them on the card owner’s ',
              { turkish: '‘Bağlantılar’' },
              ' (Contacts) screen: ',
              { strong: 'Art. 5(2)(c)' },
              ', as this is directly related to entering into discussions that you initiated (e.g. to obtain information about a listing, product or service), and the card owner’s legitimate interest in getting back to you, ',
              { strong: 'Art. 5(2)(f)' },
              '.',
            ],
            [
              'Preventing misuse of the form (signed form token, invisible honeypot field, submission limit): ',
              { strong: 'Art. 5(2)(f)' },
              '.',
            ],
            [
              'Enabling the card owner to send you promotional messages and offers, if you tick the optional box on the form: ',
              { strong: 'your explicit consent' },
              ' (Art. 5(1) KVKK) and your consent to commercial electronic messages under Law No. 6563 on the Regulation of Electronic Commerce (',
              { turkish: 'Elektronik Ticaretin Düzenlenmesi Hakkında Kanun' },
              '). The form can also be sent without ticking the box; you can withdraw your consent at any time by informing the card owner. The Company does not send you commercial messages.',
            ],
          ],
        },
        { h3: ['Visitors who register through the ', ARRANGE_MEETING, ' form'] },
        {
          ul: [
            [
              'Passing your details to the card owner so that they can arrange a meeting with you, storing them on the ',
              { turkish: '‘Bağlantılar’' },
              ' (Contacts) screen and transferring them as a customer record to the card owner’s customer management system (REMS): ',
              { strong: 'Art. 5(2)(c)' },
              ', as this is directly related to entering into real estate consultancy discussions that you initiated, and the card owner’s legitimate interest in getting back to you, ',
              { strong: 'Art. 5(2)(f)' },
              `. The prevention of misuse of the form and the optional promotional consent are as for the ${LEAVE_DETAILS} form.`,
            ],
          ],
        },
      ],
    },
    'toplama-yontemi': {
      title: '4. How do we collect personal data?',
      body: [
        {
          ul: [
            `Information you type into the registration, profile and card screens and into the ${LEAVE_DETAILS} and ${ARRANGE_MEETING} forms on business card pages: directly from you, electronically.`,
            'Visit and click records: by automated means, from the request that the browser sends once the business card page has been displayed on screen and when a contact button is tapped. No record is created for bots, link previews or pages loaded in the background without being displayed.',
            [
              'Country and province: from the IP address, using an offline database on the server (IP Geolocation by ',
              { external: 'https://db-ip.com', text: 'DB-IP' },
              ', CC BY 4.0). The IP address is not sent to any external service for this purpose.',
            ],
          ],
        },
      ],
    },
    aktarim: {
      title: '5. To whom and for what purposes are personal data transferred?',
      body: [
        {
          p: 'We do not sell personal data and do not share them with anyone for advertising purposes. The only transfers are the following:',
        },
        {
          ul: [
            [
              { strong: 'To the card owner:' },
              ` the information sent to them through the ${LEAVE_DETAILS} and ${ARRANGE_MEETING} forms (this is the purpose of the processing) and, about visits, only aggregate figures (number of daily visits and of unique visitors, device, browser, country and province, breakdown of clicks).`,
            ],
            [
              { strong: 'To the card owner’s customer management system (REMS):' },
              ` if the card owner has connected their REMS account, the details you send through the ${ARRANGE_MEETING} form are passed on by our server to REMS as a customer record. The record in REMS is the card owner’s responsibility; only cards with a connected REMS account show this form.`,
            ],
            [
              { strong: 'To the calendar and meeting service chosen by the card owner:' },
              ' when the card owner creates an event with the ',
              { turkish: '‘Toplantı Planla’' },
              ' (Schedule a meeting) tools on their card, the title, description, time and the participant e-mail addresses they enter are passed on by our server to the service they have chosen (Google Calendar, Microsoft Outlook, Zoom or Calendly), to be created in the card owner’s own account. The servers of these services may be located abroad; the transfer is made at the card owner’s request and under the conditions of Art. 9 KVKK. The file downloaded with ‘Add to calendar’ is downloaded only to your browser and is not sent to any service.',
            ],
            [
              { strong: 'To anyone who opens the business card page:' },
              ' the information the card owner publishes on their profile. Business card pages are closed to search engines (noindex); they can be listed by search engines only if the card owner turns on the ',
              { turkish: '‘Arama motorlarında görünsün’' },
              ' (Show in search engines) option in their profile.',
            ],
            [
              { strong: 'To the hosting and infrastructure provider:' },
              ' ',
              { fill: 'hosting' },
              '. As a data processor, the provider stores the data only for the operation of the service. ',
              { fill: 'transferBasis' },
            ],
            [
              { strong: 'To the address lookup service:' },
              ' the address text that the card owner types on their profile screen is sent by our server to the ',
              { fill: 'geocoder' },
              ' service in order to find its location on the map. If this transfer is made abroad, the conditions of Art. 9 KVKK are complied with.',
            ],
            [
              { strong: 'To the map image server:' },
              ' when a visitor taps ‘Show map’ on a business card page, or the card owner opens the location picker, the browser requests the map images directly from the ',
              { fill: 'mapTiles' },
              ' server, and that server sees the IP address of the request. This request is not made unless the map is opened.',
            ],
            [
              { strong: 'To competent public authorities and institutions and to judicial authorities:' },
              ' as required by our legal obligations and upon request (Art. 8(2)(a) and Art. 5(2)(ç) KVKK).',
            ],
          ],
        },
        {
          p: 'The directions (Google Maps, Apple Maps, Waze) and social media links on business card pages open the service concerned only when you tap them; the privacy policies of those services apply there.',
        },
      ],
    },
    'saklama-sureleri': {
      title: '6. How long do we keep personal data?',
      body: [
        {
          p: 'We keep personal data for as long as the purpose of the processing requires, and then erase, destroy or anonymise them. The service keeps every change as an event record. The personal data in these records are encrypted with a separate key (AES-256-GCM) for each card owner and each contact; erasure is carried out by destroying that key. Once the key has been destroyed, those data become unreadable in the event records, in all views rebuilt from them and in exports.',
        },
        {
          entries: [
            [
              'Account, profile and cards',
              'For as long as your account remains open. When you ask for your account to be deleted, the encryption key that belongs to you is destroyed; the images you uploaded are deleted and your business card pages no longer open.',
            ],
            [
              'Password hash',
              'Until the account is deleted; when you change your password, the new hash replaces the old one.',
            ],
            [
              'Session token (in your browser)',
              'At most 7 days; it is deleted from the browser when you sign out, and all other sessions become invalid when you change your password.',
            ],
            [
              `Details sent through ${LEAVE_DETAILS}`,
              'Until the card owner deletes them; the moment a contact is deleted, its key is destroyed. As the data controller, the card owner decides how long they are kept; when the card owner’s account is deleted, their contacts are deleted too.',
            ],
            [
              'Meetings',
              'For as long as the card owner’s account remains open; participants’ e-mail addresses are encrypted with the card owner’s key and become unreadable when the account is deleted. The access tokens of calendar and meeting services are never stored.',
            ],
            [
              'Daily visitor key',
              'Deleted no later than 48 hours after the start of the day to which it belongs. After that, the visitor hashes of that day can no longer be linked to anyone.',
            ],
            [
              'Visit and click records',
              [
                'Statistical records which, after 48 hours, can no longer be linked to anyone (anonymous). Retention period: ',
                { fill: 'statisticsRetention' },
                '.',
              ],
            ],
            [
              'IP address',
              'Not recorded. Used in memory while the request is handled. To limit excessive requests, it is held briefly in the server’s memory: for at most 1 minute for sign-in, registration and password change attempts; for visits, clicks and form submissions only its keyed hash, for at most 10 minutes. It is never written anywhere.',
            ],
            [
              'Address lookup cache',
              'Not the address text itself but its keyed hash, together with the location found, is kept for 30 days (1 day for addresses that could not be found).',
            ],
            ['Images removed from a profile', 'Deleted as soon as they are replaced or removed.'],
            [
              'Server logs',
              [
                'The application’s logs contain no IP addresses, request headers or query strings; only the method, address and status code are written. Retention period: ',
                { fill: 'logRetention' },
                '.',
              ],
            ],
            ['Backups', [{ fill: 'backupRetention' }]],
          ],
        },
      ],
    },
    haklariniz: {
      title: '7. Your rights under Art. 11 KVKK',
      body: [
        { p: 'By applying to the data controller, you have the right to:' },
        {
          ol: [
            'learn whether your personal data are processed;',
            'request information about the processing if they have been processed;',
            'learn the purpose of the processing and whether the data are used in accordance with that purpose;',
            'know the third parties in Türkiye or abroad to whom the data have been transferred;',
            'request rectification if the data have been processed incompletely or inaccurately;',
            'request erasure or destruction of the data under the conditions set out in Art. 7 KVKK;',
            'request that the rectification, erasure and destruction be notified to the third parties to whom the data have been transferred;',
            'object to a result to your detriment arising from the analysis of the processed data exclusively by automated systems;',
            'claim compensation for any damage you suffer as a result of unlawful processing.',
          ],
        },
        {
          p: 'Card owners can correct their profile information in the dashboard at any time and can delete the contacts they receive themselves. Account deletion is not yet available in the dashboard; you can apply for it through the channels below.',
        },
      ],
    },
    basvuru: {
      title: '8. How can you exercise your rights?',
      body: [
        {
          p: [
            'You can submit your application in Turkish, in accordance with the Communiqué on the Procedures and Principles of Applications to the Data Controller (',
            { turkish: 'Veri Sorumlusuna Başvuru Usul ve Esasları Hakkında Tebliğ' },
            '), by one of the following means:',
          ],
        },
        {
          ul: [
            [
              'By a petition bearing your handwritten (wet) signature, delivered in person, through a notary public or by registered post with acknowledgement of receipt: ',
              { fill: 'address' },
            ],
            ['By registered electronic mail (KEP): ', { fill: 'kepAddress' }],
            ['By e-mail signed with a secure electronic signature or a mobile signature: ', { fill: 'email' }],
            [
              'From an e-mail address that you have previously notified to us and that is registered in our system (for card owners, the account’s e-mail address): ',
              { fill: 'email' },
            ],
          ],
        },
        {
          p: [
            'Your application must state your first name and surname, include your signature if it is made in writing, and state your Turkish identity number (for foreign nationals, your nationality and your passport or identity card number), your place of residence or business address for service, your e-mail address for notifications (if any), your telephone and fax numbers and the subject of your request. You may attach documents relating to your request. If we cannot verify your identity, we may ask for additional information; personal data are disclosed only to the data subject (',
            { turkish: 'ilgili kişi' },
            ') or to their authorised representative.',
          ],
        },
        {
          p: [
            'We will conclude your application free of charge as soon as possible, depending on its nature, and within ',
            { strong: '30 days' },
            ' at the latest. If the reply is given in writing, no fee is charged for up to ten pages; for each page beyond ten, a fee of 1 Turkish lira may be charged, and if the reply is given on a recording medium such as a CD or a flash drive, a fee equal to the cost of the recording medium may be charged.',
          ],
        },
        {
          p: [
            'If your application is rejected, if you find the reply insufficient or if no reply is given in time, you may lodge a complaint with the Personal Data Protection Board (',
            { turkish: 'Kişisel Verileri Koruma Kurulu' },
            ') within 30 days of learning of the reply and, in any event, within 60 days of the date of your application (Art. 14 KVKK).',
          ],
        },
        {
          p: `For the details you send to a card owner through the ${LEAVE_DETAILS} form, the card owner is the data controller; you can apply directly to them. If such an application reaches us, we will forward it to the card owner and provide technical support so that it can be fulfilled.`,
        },
      ],
    },
    cerezler: {
      title: '9. Cookies and information stored in your browser',
      body: [
        {
          p: 'Dijital Kartvizit does not use cookies; it does not load third-party advertising, analytics or tracking code, fonts or content delivery networks. For this reason we do not ask for cookie consent.',
        },
        {
          ul: [
            'Business card pages store no information in your browser.',
            [
              'To keep you signed in, the card owner dashboard keeps a session token named ',
              { code: 'token' },
              ' in the browser’s local storage (localStorage). The token is valid for at most 7 days, is deleted when you sign out and is strictly necessary for the service to work.',
            ],
            [
              'So that an open page can be reloaded once when the application is updated, a marker named ',
              { code: 'kartvizit:reloaded-for-chunk' },
              ' is kept briefly in session storage (sessionStorage) and deleted once the page has loaded.',
            ],
          ],
        },
      ],
    },
    degisiklikler: {
      title: '10. Changes to this notice',
      body: [
        {
          p: [
            `We may update this notice as the service changes; the current text is always available at this address. Every record sent through the ${LEAVE_DETAILS} form is stored together with the version of the notice shown at the time of sending. Version of this notice: `,
            { textsVersion: true },
            '.',
          ],
        },
      ],
    },
  },
};
