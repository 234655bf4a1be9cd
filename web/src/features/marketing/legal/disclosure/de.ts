import type { TranslatedDisclosure } from './model.ts';

/*
 * The KVKK disclosure in German (issue 31): a translation of tr.ts, which is the binding text. The reader is addressed
 * with „Sie“; the GDPR's terms where they match the KVKK's (Verantwortlicher, Auftragsverarbeiter, betroffene Person),
 * with the Turkish names a reader may need beside them.
 */

const LEAVE_DETAILS = '„Kontaktdaten hinterlassen“';
const ARRANGE_MEETING = '„Termin vereinbaren“';

export const de: TranslatedDisclosure = {
  language: 'de',
  frame: {
    language: 'de',
    dateLocale: 'de-DE',
    eyebrow: 'Rechtstexte',
    version: 'Version',
    updated: 'Zuletzt aktualisiert:',
    contents: 'Inhalt',
    others: 'Weitere Rechtstexte',
    languages: 'Sprache',
    titles: {
      disclosure: 'KVKK-Datenschutzhinweis',
      privacy: 'Datenschutzerklärung (auf Türkisch)',
      terms: 'Nutzungsbedingungen (auf Türkisch)',
    },
    operatorNote: {
      label: 'Hinweis für den Betreiber:',
      text: [
        'Die gelb markierten Felder in eckigen Klammern (z. B. ',
        ') muss das Unternehmen, das diesen Dienst betreibt, mit seinen eigenen Angaben ausfüllen (',
        '). Vor der Veröffentlichung sollten die Texte rechtlich geprüft werden.',
      ],
    },
  },
  binding: {
    text: 'Diese deutsche Fassung ist eine Übersetzung zu Ihrer Information; verbindlich ist allein der türkische Text.',
    link: 'Zum türkischen Original',
  },
  heading: 'Datenschutzhinweis: Informationen zum Schutz personenbezogener Daten',
  lead: [
    {
      p: [
        'Bei Dijital Kartvizit verarbeiten wir personenbezogene Daten im Einklang mit dem türkischen Gesetz Nr. 6698 zum Schutz personenbezogener Daten (',
        { turkish: 'Kişisel Verilerin Korunması Kanunu' },
        ', KVKK). Gemäß Art. 10 KVKK informiert dieser Hinweis Karteninhaber, Besucher von Visitenkartenseiten und Personen, die Karteninhabern ihre Angaben senden, darüber, welche Daten zu welchen Zwecken und auf welcher Rechtsgrundlage verarbeitet werden, an wen sie übermittelt werden, wie lange sie gespeichert werden und wie Sie Ihre Rechte ausüben können. Eine einfachere Zusammenfassung finden Sie in der ',
        { link: 'privacy', text: 'Datenschutzerklärung' },
        ' (auf Türkisch).',
      ],
    },
  ],
  sections: {
    'veri-sorumlusu': {
      title: '1. Verantwortlicher',
      body: [
        {
          entries: [
            ['Firma', [{ fill: 'companyName' }]],
            ['MERSİS-Nummer', [{ fill: 'mersisNo' }]],
            ['Anschrift', [{ fill: 'address' }]],
            ['KEP-Adresse (registrierte elektronische Post)', [{ fill: 'kepAddress' }]],
            ['E-Mail', [{ fill: 'email' }]],
            ['Telefon', [{ fill: 'phone' }]],
          ],
        },
        {
          p: [
            'In diesem Hinweis bezeichnen „das Unternehmen“ und „wir“ den oben genannten Verantwortlichen (',
            { turkish: 'Veri Sorumlusu' },
            '); „Karteninhaber“ bezeichnet eine Person, die bei Dijital Kartvizit ein Konto eröffnet hat und eine Visitenkarte veröffentlicht; „Besucher“ bezeichnet eine Person, die eine Visitenkartenseite aufruft.',
          ],
        },
        {
          p: [
            `Für die Konto- und Profildaten der Karteninhaber sowie für die Besuchsstatistiken der Visitenkartenseiten ist das Unternehmen Verantwortlicher. Für die Angaben, die ein Besucher über das Formular ${LEAVE_DETAILS} (`,
            { turkish: '‘Bilgilerini Paylaş’' },
            ') auf einer Visitenkartenseite an einen Karteninhaber übermittelt, ist hingegen ',
            { strong: 'der Karteninhaber Verantwortlicher' },
            ', da er diese Angaben erhält, um sich beim Besucher zu melden, und darüber entscheidet, wie sie verwendet werden; das Unternehmen ist insoweit Auftragsverarbeiter, der diese Angaben im Auftrag des Karteninhabers speichert und an ihn weiterleitet. In beiden Fällen beschreibt dieser Hinweis die Verarbeitung durch das Unternehmen.',
          ],
        },
      ],
    },
    'islenen-veriler': {
      title: '2. Welche personenbezogenen Daten verarbeiten wir?',
      body: [
        { h3: 'Karteninhaber' },
        {
          entries: [
            ['Identitäts- und Kontaktdaten', 'Vorname, Nachname, E-Mail-Adresse.'],
            [
              'Kontosicherheit',
              'Ein mit argon2id erzeugter Hashwert Ihres Passworts (das Passwort selbst wird nirgends gespeichert) sowie eine Sitzungsversion, mit der die Gültigkeit von Sitzungen geprüft wird.',
            ],
            [
              'Profil',
              'Die Angaben, die Sie zur Veröffentlichung auf Ihrer Visitenkarte eingeben: Titel, Position, Unternehmen, Text „Über mich“, Telefon, E-Mail, Website, Adresse und Kartenstandort, Social-Media-Links, Finanzamt und Steuernummer, MERSİS- und Handelsregisternummer, Rechnungsangaben, Bankverbindungen (einschließlich IBAN), Zahlungsmethoden, Profil- und Titelbild, Firmenlogo.',
            ],
            [
              'Karten- und Vorgangsdaten',
              'Kartennummern und -namen; die Zeitpunkte, zu denen Karten aktiviert und deaktiviert und ihre QR-Codes erneuert wurden; die Zeitpunkte von Änderungen am Profil.',
            ],
          ],
        },
        { h3: 'Besucher, die eine Visitenkartenseite aufrufen' },
        {
          entries: [
            [
              'Besuchs- und Klickdaten',
              'Welche Karte wann aufgerufen und welche Kontaktschaltfläche (Telefon, E-Mail, Website, Adresse, Route, Social Media, Kontakt speichern) angetippt wurde; Gerätetyp (Mobilgerät, Tablet, Desktop), Browser und Betriebssystem; Land und Provinz (außerhalb der Türkei: Stadt); ein täglicher Besucher-Hashwert, mit dem Besuche am selben Tag nur einmal gezählt werden.',
            ],
            [
              'Verbindungsdaten (werden nicht aufgezeichnet)',
              'IP-Adresse und die Kennung, mit der sich der Browser ausweist (User-Agent): werden nur während der Anfrage im Arbeitsspeicher verwendet, um Land und Provinz zu ermitteln, den täglichen Besucher-Hashwert zu berechnen und übermäßige Anfragen zu begrenzen; sie werden in keine Datenbank, keine Ereignisaufzeichnung und kein Protokoll geschrieben.',
            ],
          ],
        },
        {
          h3: [
            `Besucher, die über das Formular ${LEAVE_DETAILS} (`,
            { turkish: '‘Bilgilerini Paylaş’' },
            ') Angaben senden',
          ],
        },
        {
          entries: [
            ['Identitäts- und Kontaktdaten', 'Vor- und Nachname, Telefonnummer, E-Mail-Adresse und Ihre Nachricht.'],
            [
              'Einwilligungs- und Protokolldaten',
              'Ob Sie in Werbenachrichten eingewilligt haben oder nicht, der Zeitpunkt der Übermittlung, an welche Karte die Angaben gesendet wurden und die Version des Ihnen angezeigten Datenschutzhinweises.',
            ],
          ],
        },
        {
          h3: [
            `Besucher, die sich über das Formular ${ARRANGE_MEETING} (`,
            { turkish: '‘Görüşme Planla’' },
            ') anmelden',
          ],
        },
        {
          entries: [
            [
              'Identitäts- und Kontaktdaten',
              'Vorname, Nachname, Telefonnummer, E-Mail-Adresse (optional), die Art Ihres Interesses (Käufer, Verkäufer, Mieter, Vermieter), Provinz, Bezirk, Adresse und Ihre Anmerkungen.',
            ],
            [
              'Einwilligungs- und Protokolldaten',
              'Ob Sie in Werbenachrichten eingewilligt haben oder nicht, der Zeitpunkt der Übermittlung, an welche Karte die Angaben gesendet wurden, ob sie an das Kundenverwaltungssystem des Karteninhabers weitergeleitet wurden, und die Version des Ihnen angezeigten Datenschutzhinweises.',
            ],
          ],
        },
        {
          p: 'Besondere Kategorien personenbezogener Daten (z. B. Gesundheit, Religion, biometrische Daten) erfragen wir nicht; bitte tragen Sie solche Angaben nicht in die Felder für Profil, Nachricht und Anmerkungen ein.',
        },
      ],
    },
    'amaclar-ve-hukuki-sebepler': {
      title: '3. Zwecke und Rechtsgrundlagen der Verarbeitung',
      body: [
        {
          p: 'Wir verarbeiten personenbezogene Daten ausschließlich zu den folgenden Zwecken und auf den Rechtsgrundlagen des Art. 5 des Gesetzes Nr. 6698 (KVKK).',
        },
        { h3: 'Karteninhaber' },
        {
          ul: [
            [
              'Registrierung, Anmeldung, Verwaltung Ihres Profils und Ihrer Karten, Veröffentlichung der Visitenkartenseite, Erzeugung von QR-Codes, Anzeige der Statistiken und der bei Ihnen eingegangenen Kontakte: ',
              { strong: 'Art. 5 Abs. 2 lit. c' },
              ', die Verarbeitung ist für den Abschluss und die Erfüllung eines Vertrags erforderlich (',
              { link: 'terms', text: 'Nutzungsbedingungen' },
              ', auf Türkisch).',
            ],
            [
              'Anzeige der Profilangaben, die Sie zur Veröffentlichung auswählen, für jedermann auf Ihrer Visitenkartenseite: ',
              { strong: 'Art. 5 Abs. 2 lit. c' },
              ' und ',
              { strong: 'lit. d' },
              ', die Angaben wurden von Ihnen selbst öffentlich gemacht.',
            ],
            [
              'Erstellung der Kalendereinladungen, Zoom-Meetings und Calendly-Links (Titel, Beschreibung, Zeitpunkt, die von Ihnen eingegebenen E-Mail-Adressen der Teilnehmer), die Sie mit den Werkzeugen „',
              { turkish: 'Toplantı Planla' },
              '“ (Termin planen) auf Ihrer Karte anlegen, in dem von Ihnen gewählten Dienst und ihre Anzeige auf dem Bildschirm „',
              { turkish: 'Toplantılar' },
              '“ (Meetings): ',
              { strong: 'Art. 5 Abs. 2 lit. c' },
              '. Bei diesen Diensten melden Sie sich mit Ihrem eigenen Konto an; der vom Dienst ausgestellte Zugriffsschlüssel wird nur für diesen Vorgang verwendet und nirgends gespeichert.',
            ],
            [
              'Kontosicherheit sowie Verhinderung unbefugter Zugriffe und von Missbrauch (Begrenzung der Versuche, Passwort-Hashwerte, Beenden anderer Sitzungen bei einer Passwortänderung): ',
              { strong: 'Art. 5 Abs. 2 lit. ç' },
              ', die Pflicht zur Datensicherheit nach Art. 12 KVKK, und ',
              { strong: 'Art. 5 Abs. 2 lit. f' },
              ', berechtigtes Interesse.',
            ],
            [
              'Gesetzliche Aufbewahrungs-, Auskunfts- und Vorlagepflichten sowie Anfragen zuständiger Behörden und Gerichte: ',
              { strong: 'Art. 5 Abs. 2 lit. ç' },
              ', rechtliche Verpflichtung; bei Streitigkeiten ',
              { strong: 'Art. 5 Abs. 2 lit. e' },
              ', Begründung, Ausübung oder Schutz eines Rechts.',
            ],
          ],
        },
        { h3: 'Besucher, die eine Visitenkartenseite aufrufen' },
        {
          ul: [
            [
              'Bereitstellung zusammengefasster Statistiken für den Karteninhaber darüber, wie oft, an welchen Tagen und von welchen Geräten seine Karte aufgerufen wurde und welche Kontaktschaltflächen verwendet wurden; Herausfiltern von Bots, Linkvorschauen und Vorabladevorgängen im Hintergrund; Begrenzung übermäßiger Anfragen: ',
              { strong: 'Art. 5 Abs. 2 lit. f' },
              ', berechtigtes Interesse des Karteninhabers und des Unternehmens. Damit Ihre Grundrechte und Grundfreiheiten nicht beeinträchtigt werden, wird die IP-Adresse nicht gespeichert, es werden keine Cookies verwendet, der Besucher-Hashwert ändert sich täglich und kann spätestens nach 48 Stunden niemandem mehr zugeordnet werden; der Karteninhaber sieht keine einzelnen Besucher, sondern nur Zahlen.',
            ],
          ],
        },
        { h3: `Besucher, die über das Formular ${LEAVE_DETAILS} Angaben senden` },
        {
          ul: [
            [
              'Weiterleitung der von Ihnen gesendeten Angaben an den Karteninhaber, damit er mit Ihnen Kontakt aufnehmen kann, und ihre Speicherung auf seinem Bildschirm „',
              { turkish: 'Bağlantılar' },
              '“ (Kontakte): ',
              { strong: 'Art. 5 Abs. 2 lit. c' },
              ', da dies unmittelbar mit der Aufnahme eines von Ihnen angestoßenen Gesprächs zusammenhängt (z. B. um Informationen zu einem Inserat, einem Produkt oder einer Dienstleistung zu erhalten), sowie das berechtigte Interesse des Karteninhabers, sich bei Ihnen zu melden, ',
              { strong: 'Art. 5 Abs. 2 lit. f' },
              '.',
            ],
            [
              'Verhinderung des Missbrauchs des Formulars (signierter Formularschlüssel, unsichtbares Fallenfeld, Sendebegrenzung): ',
              { strong: 'Art. 5 Abs. 2 lit. f' },
              '.',
            ],
            [
              'Wenn Sie das optionale Kästchen im Formular ankreuzen, die Zusendung von Werbe- und Aktionsnachrichten durch den Karteninhaber: ',
              { strong: 'Ihre ausdrückliche Einwilligung' },
              ' (Art. 5 Abs. 1 KVKK) sowie Ihre Zustimmung zu kommerziellen elektronischen Nachrichten nach dem Gesetz Nr. 6563 zur Regelung des elektronischen Handels (',
              { turkish: 'Elektronik Ticaretin Düzenlenmesi Hakkında Kanun' },
              '). Das Formular kann auch ohne Ankreuzen des Kästchens gesendet werden; Ihre Einwilligung können Sie jederzeit durch Mitteilung an den Karteninhaber widerrufen. Das Unternehmen sendet Ihnen keine kommerziellen Nachrichten.',
            ],
          ],
        },
        { h3: `Besucher, die sich über das Formular ${ARRANGE_MEETING} anmelden` },
        {
          ul: [
            [
              'Weiterleitung Ihrer Angaben an den Karteninhaber, damit er einen Termin mit Ihnen vereinbaren kann, ihre Speicherung auf dem Bildschirm „',
              { turkish: 'Bağlantılar' },
              '“ (Kontakte) und ihre Übermittlung als Kundendatensatz an das Kundenverwaltungssystem (REMS) des Karteninhabers: ',
              { strong: 'Art. 5 Abs. 2 lit. c' },
              ', da dies unmittelbar mit der Aufnahme eines von Ihnen angestoßenen Immobilienberatungsgesprächs zusammenhängt, sowie das berechtigte Interesse des Karteninhabers, sich bei Ihnen zu melden, ',
              { strong: 'Art. 5 Abs. 2 lit. f' },
              `. Für die Verhinderung des Missbrauchs des Formulars und die optionale Werbeeinwilligung gilt dasselbe wie beim Formular ${LEAVE_DETAILS}.`,
            ],
          ],
        },
      ],
    },
    'toplama-yontemi': {
      title: '4. Wie erheben wir personenbezogene Daten?',
      body: [
        {
          ul: [
            `Angaben, die Sie in die Bildschirme für Registrierung, Profil und Karten sowie in die Formulare ${LEAVE_DETAILS} und ${ARRANGE_MEETING} auf der Visitenkartenseite eingeben: direkt bei Ihnen, auf elektronischem Weg.`,
            'Besuchs- und Klickdaten: automatisiert, aus der Anfrage, die der Browser sendet, nachdem die Visitenkartenseite auf dem Bildschirm angezeigt wurde und wenn eine Kontaktschaltfläche angetippt wird. Für Bots, Linkvorschauen und Seiten, die im Hintergrund geladen, aber nicht angezeigt werden, wird kein Eintrag angelegt.',
            [
              'Land und Provinz: aus der IP-Adresse, mithilfe einer Offline-Datenbank auf dem Server (IP Geolocation by ',
              { external: 'https://db-ip.com', text: 'DB-IP' },
              ', CC BY 4.0). Die IP-Adresse wird hierfür an keinen externen Dienst gesendet.',
            ],
          ],
        },
      ],
    },
    aktarim: {
      title: '5. An wen und zu welchem Zweck werden personenbezogene Daten übermittelt?',
      body: [
        {
          p: 'Wir verkaufen keine personenbezogenen Daten und geben sie nicht zu Werbezwecken an andere weiter. Übermittlungen erfolgen ausschließlich wie folgt:',
        },
        {
          ul: [
            [
              { strong: 'An den Karteninhaber:' },
              ` die ihm über die Formulare ${LEAVE_DETAILS} und ${ARRANGE_MEETING} gesendeten Angaben (dies ist der Zweck der Verarbeitung) sowie zu den Besuchen nur zusammengefasste Zahlen (Anzahl der täglichen Besuche und der eindeutigen Besucher, Gerät, Browser, Land und Provinz, Verteilung der Klicks).`,
            ],
            [
              { strong: 'An das Kundenverwaltungssystem des Karteninhabers (REMS):' },
              ` Hat der Karteninhaber sein REMS-Konto verbunden, leitet unser Server die Angaben, die Sie über das Formular ${ARRANGE_MEETING} senden, als Kundendatensatz an REMS weiter. Für den Datensatz in REMS ist der Karteninhaber verantwortlich; dieses Formular wird nur auf Karten mit verbundenem REMS-Konto angezeigt.`,
            ],
            [
              { strong: 'An den vom Karteninhaber gewählten Kalender- und Meetingdienst:' },
              ' Wenn der Karteninhaber mit den Werkzeugen „',
              { turkish: 'Toplantı Planla' },
              '“ (Termin planen) auf seiner Karte einen Termin erstellt, leitet unser Server Titel, Beschreibung, Zeitpunkt und die von ihm eingegebenen E-Mail-Adressen der Teilnehmer an den von ihm gewählten Dienst (Google Calendar, Microsoft Outlook, Zoom oder Calendly) weiter, damit der Termin in seinem eigenen Konto angelegt wird. Die Server dieser Dienste können sich im Ausland befinden; die Übermittlung erfolgt auf Wunsch des Karteninhabers und unter den Voraussetzungen des Art. 9 KVKK. Die mit „Zum Kalender hinzufügen“ heruntergeladene Datei wird nur in Ihren Browser geladen und an keinen Dienst gesendet.',
            ],
            [
              { strong: 'An jeden, der die Visitenkartenseite aufruft:' },
              ' die Angaben, die der Karteninhaber in seinem Profil veröffentlicht. Visitenkartenseiten sind für Suchmaschinen gesperrt (noindex); sie können nur dann von Suchmaschinen aufgeführt werden, wenn der Karteninhaber in seinem Profil die Option „',
              { turkish: 'Arama motorlarında görünsün' },
              '“ (In Suchmaschinen anzeigen) aktiviert.',
            ],
            [
              { strong: 'An den Hosting- und Infrastrukturanbieter:' },
              ' ',
              { fill: 'hosting' },
              '. Der Anbieter speichert die Daten als Auftragsverarbeiter ausschließlich für den Betrieb des Dienstes. ',
              { fill: 'transferBasis' },
            ],
            [
              { strong: 'An den Adresssuchdienst:' },
              ' Der Adresstext, den der Karteninhaber auf seinem Profilbildschirm eingibt, wird von unserem Server an den Dienst ',
              { fill: 'geocoder' },
              ' gesendet, um den Standort auf der Karte zu ermitteln. Erfolgt diese Übermittlung ins Ausland, werden die Voraussetzungen des Art. 9 KVKK eingehalten.',
            ],
            [
              { strong: 'An den Server für Kartenbilder:' },
              ' Wenn ein Besucher auf der Visitenkartenseite „Karte anzeigen“ antippt oder der Karteninhaber die Standortauswahl öffnet, ruft der Browser die Kartenbilder direkt vom Server ',
              { fill: 'mapTiles' },
              ' ab, und dieser Server sieht die IP-Adresse der Anfrage. Solange die Karte nicht geöffnet wird, findet diese Anfrage nicht statt.',
            ],
            [
              { strong: 'An zuständige Behörden und öffentliche Stellen sowie an Gerichte:' },
              ' soweit wir gesetzlich dazu verpflichtet sind und es verlangt wird (Art. 8 Abs. 2 lit. a, Art. 5 Abs. 2 lit. ç KVKK).',
            ],
          ],
        },
        {
          p: 'Die Routen- (Google Maps, Apple Karten, Waze) und Social-Media-Links auf der Visitenkartenseite öffnen den jeweiligen Dienst nur, wenn Sie sie antippen; dort gelten die Datenschutzbestimmungen dieser Dienste.',
        },
      ],
    },
    'saklama-sureleri': {
      title: '6. Wie lange speichern wir Daten?',
      body: [
        {
          p: 'Wir speichern personenbezogene Daten so lange, wie es der Zweck der Verarbeitung erfordert, und löschen, vernichten oder anonymisieren sie anschließend. Der Dienst hält jede Änderung als Ereignisaufzeichnung fest. Die personenbezogenen Daten in diesen Aufzeichnungen werden für jeden Karteninhaber und jeden Kontakt mit einem eigenen Schlüssel (AES-256-GCM) verschlüsselt; gelöscht wird durch Vernichtung dieses Schlüssels. Ist der Schlüssel vernichtet, sind diese Daten in den Ereignisaufzeichnungen, in allen daraus neu erzeugten Ansichten und in Exporten nicht mehr lesbar.',
        },
        {
          entries: [
            [
              'Konto, Profil und Karten',
              'Solange Ihr Konto besteht. Wenn Sie die Löschung Ihres Kontos verlangen, wird der Ihnen zugeordnete Verschlüsselungsschlüssel vernichtet; die von Ihnen hochgeladenen Bilder werden gelöscht, und Ihre Visitenkartenseiten sind nicht mehr abrufbar.',
            ],
            [
              'Passwort-Hashwert',
              'Bis zur Löschung des Kontos; wenn Sie Ihr Passwort ändern, ersetzt der neue Hashwert den alten.',
            ],
            [
              'Sitzungsschlüssel (in Ihrem Browser)',
              'Höchstens 7 Tage; er wird beim Abmelden aus dem Browser gelöscht, und wenn Sie Ihr Passwort ändern, werden alle anderen Sitzungen ungültig.',
            ],
            [
              `Über ${LEAVE_DETAILS} gesendete Angaben`,
              'Bis der Karteninhaber sie löscht; sobald ein Kontakt gelöscht wird, wird sein Schlüssel vernichtet. Wie lange sie gespeichert werden, entscheidet der Karteninhaber als Verantwortlicher; wird das Konto des Karteninhabers gelöscht, werden auch seine Kontakte gelöscht.',
            ],
            [
              'Meetings',
              'Solange das Konto des Karteninhabers besteht; die E-Mail-Adressen der Teilnehmer werden mit dem Schlüssel des Karteninhabers verschlüsselt und sind nach Löschung des Kontos nicht mehr lesbar. Zugriffsschlüssel von Kalender- und Meetingdiensten werden überhaupt nicht gespeichert.',
            ],
            [
              'Täglicher Besucherschlüssel',
              'Wird spätestens 48 Stunden nach Beginn des Tages, zu dem er gehört, gelöscht. Danach können die Besucher-Hashwerte dieses Tages niemandem mehr zugeordnet werden.',
            ],
            [
              'Besuchs- und Klickdaten',
              [
                'Statistische Aufzeichnungen, die nach 48 Stunden niemandem mehr zugeordnet werden können (anonym). Speicherdauer: ',
                { fill: 'statisticsRetention' },
                '.',
              ],
            ],
            [
              'IP-Adresse',
              'Wird nicht aufgezeichnet. Sie wird während der Anfrage im Arbeitsspeicher verwendet. Zur Begrenzung übermäßiger Anfragen wird sie kurzzeitig im Arbeitsspeicher des Servers gehalten: bei Anmelde-, Registrierungs- und Passwortänderungsversuchen höchstens 1 Minute; bei Besuchen, Klicks und Formularübermittlungen nur ihr mit einem Schlüssel gebildeter Hashwert, höchstens 10 Minuten. Sie wird nirgendwohin geschrieben.',
            ],
            [
              'Zwischenspeicher der Adresssuche',
              'Gespeichert werden nicht der Adresstext selbst, sondern sein mit einem Schlüssel gebildeter Hashwert und der gefundene Standort, für 30 Tage (nicht gefundene Adressen: 1 Tag).',
            ],
            ['Aus dem Profil entfernte Bilder', 'Werden gelöscht, sobald sie ersetzt oder entfernt werden.'],
            [
              'Serverprotokolle',
              [
                'Die Protokolle der Anwendung enthalten weder IP-Adressen noch Anfrage-Header oder Abfragetexte; aufgezeichnet werden nur Methode, Adresse und Statuscode. Speicherdauer: ',
                { fill: 'logRetention' },
                '.',
              ],
            ],
            ['Sicherungskopien', [{ fill: 'backupRetention' }]],
          ],
        },
      ],
    },
    haklariniz: {
      title: '7. Ihre Rechte nach Art. 11 KVKK',
      body: [
        { p: 'Sie haben das Recht, sich mit einem Antrag an den Verantwortlichen zu wenden und' },
        {
          ol: [
            'zu erfahren, ob Ihre personenbezogenen Daten verarbeitet werden,',
            'Auskunft darüber zu verlangen, falls sie verarbeitet wurden,',
            'den Zweck der Verarbeitung zu erfahren und ob die Daten diesem Zweck entsprechend verwendet werden,',
            'die Dritten im In- oder Ausland zu kennen, an die sie übermittelt wurden,',
            'ihre Berichtigung zu verlangen, falls sie unvollständig oder unrichtig verarbeitet wurden,',
            'ihre Löschung oder Vernichtung unter den Voraussetzungen des Art. 7 KVKK zu verlangen,',
            'zu verlangen, dass die Berichtigung, Löschung und Vernichtung den Dritten mitgeteilt wird, an die die Daten übermittelt wurden,',
            'einem für Sie nachteiligen Ergebnis zu widersprechen, das durch die Analyse der verarbeiteten Daten ausschließlich mittels automatisierter Systeme entsteht,',
            'den Ersatz des Schadens zu verlangen, der Ihnen durch eine rechtswidrige Verarbeitung entstanden ist.',
          ],
        },
        {
          p: 'Karteninhaber können ihre Profilangaben jederzeit im Dashboard berichtigen und erhaltene Kontakte selbst löschen. Die Löschung des Kontos ist im Dashboard derzeit noch nicht möglich; Sie können sie auf den unten genannten Wegen beantragen.',
        },
      ],
    },
    basvuru: {
      title: '8. Wie können Sie Ihre Rechte ausüben?',
      body: [
        {
          p: [
            'Sie können Ihren Antrag gemäß der Mitteilung über die Verfahren und Grundsätze für Anträge an den Verantwortlichen (',
            { turkish: 'Veri Sorumlusuna Başvuru Usul ve Esasları Hakkında Tebliğ' },
            ') in türkischer Sprache auf einem der folgenden Wege stellen:',
          ],
        },
        {
          ul: [
            [
              'Mit eigenhändig unterschriebenem Schreiben, persönlich übergeben, über einen Notar oder per Einschreiben mit Rückschein: ',
              { fill: 'address' },
            ],
            ['Per registrierter elektronischer Post (KEP): ', { fill: 'kepAddress' }],
            ['Per E-Mail mit sicherer elektronischer Signatur oder Mobilsignatur: ', { fill: 'email' }],
            [
              'Von einer E-Mail-Adresse, die Sie uns zuvor mitgeteilt haben und die in unserem System gespeichert ist (bei Karteninhabern die E-Mail-Adresse des Kontos): ',
              { fill: 'email' },
            ],
          ],
        },
        {
          p: [
            'Der Antrag muss Ihren Vor- und Nachnamen, bei schriftlichen Anträgen Ihre Unterschrift, Ihre türkische Identitätsnummer (bei ausländischen Staatsangehörigen Ihre Staatsangehörigkeit und Ihre Pass- oder Ausweisnummer), Ihre für Zustellungen maßgebliche Wohn- oder Geschäftsanschrift, gegebenenfalls Ihre für Mitteilungen maßgebliche E-Mail-Adresse, Ihre Telefon- und Faxnummer sowie den Gegenstand Ihres Anliegens enthalten. Sie können Unterlagen zu Ihrem Anliegen beifügen. Können wir Ihre Identität nicht überprüfen, können wir zusätzliche Angaben verlangen; personenbezogene Daten werden nur der betroffenen Person (',
            { turkish: 'ilgili kişi' },
            ') oder ihrem bevollmächtigten Vertreter offengelegt.',
          ],
        },
        {
          p: [
            'Wir bearbeiten Ihren Antrag je nach seiner Art so schnell wie möglich, spätestens innerhalb von ',
            { strong: '30 Tagen' },
            ', unentgeltlich. Erfolgt die Antwort schriftlich, wird für bis zu zehn Seiten keine Gebühr erhoben; für jede Seite über zehn Seiten hinaus kann eine Gebühr von 1 Türkischen Lira verlangt werden und, wenn die Antwort auf einem Datenträger wie einer CD oder einem USB-Stick erteilt wird, eine Gebühr in Höhe der Kosten des Datenträgers.',
          ],
        },
        {
          p: [
            'Wird Ihr Antrag abgelehnt, halten Sie die Antwort für unzureichend oder wird nicht fristgerecht geantwortet, können Sie innerhalb von 30 Tagen ab Kenntnis der Antwort, in jedem Fall aber innerhalb von 60 Tagen ab Antragstellung, Beschwerde beim Ausschuss für den Schutz personenbezogener Daten (',
            { turkish: 'Kişisel Verileri Koruma Kurulu' },
            ') einlegen (Art. 14 KVKK).',
          ],
        },
        {
          p: `Für Angaben, die Sie über das Formular ${LEAVE_DETAILS} an einen Karteninhaber senden, ist der Karteninhaber Verantwortlicher; Sie können Ihren Antrag direkt an ihn richten. Erreicht uns ein solcher Antrag, leiten wir ihn an den Karteninhaber weiter und unterstützen dessen Erfüllung technisch.`,
        },
      ],
    },
    cerezler: {
      title: '9. Cookies und in Ihrem Browser gespeicherte Informationen',
      body: [
        {
          p: 'Dijital Kartvizit verwendet keine Cookies und lädt keinen Werbe-, Analyse- oder Trackingcode, keine Schriftarten und keine Content-Delivery-Netzwerke von Dritten. Deshalb bitten wir Sie nicht um eine Einwilligung in Cookies.',
        },
        {
          ul: [
            'Visitenkartenseiten speichern keinerlei Informationen in Ihrem Browser.',
            [
              'Damit Sie angemeldet bleiben, speichert das Dashboard für Karteninhaber im lokalen Speicher des Browsers (localStorage) einen Sitzungsschlüssel namens ',
              { code: 'token' },
              '. Der Schlüssel ist höchstens 7 Tage gültig, wird beim Abmelden gelöscht und ist für den Betrieb des Dienstes unbedingt erforderlich.',
            ],
            [
              'Damit eine geöffnete Seite nach einer Aktualisierung der Anwendung einmal neu geladen werden kann, wird im Sitzungsspeicher (sessionStorage) kurzzeitig die Markierung ',
              { code: 'kartvizit:reloaded-for-chunk' },
              ' gespeichert und nach dem Laden der Seite gelöscht.',
            ],
          ],
        },
      ],
    },
    degisiklikler: {
      title: '10. Änderungen dieses Hinweises',
      body: [
        {
          p: [
            `Wir können diesen Hinweis an Änderungen des Dienstes anpassen; die aktuelle Fassung ist stets unter dieser Adresse abrufbar. Jeder über das Formular ${LEAVE_DETAILS} gesendete Eintrag wird zusammen mit der Version des bei der Übermittlung angezeigten Hinweises gespeichert. Version dieses Hinweises: `,
            { textsVersion: true },
            '.',
          ],
        },
      ],
    },
  },
};
