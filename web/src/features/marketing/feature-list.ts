/** The six promises of the landing page (SPEC §1), also listed on /features. */
export const FEATURES = [
  {
    icon: 'M4 12a8 8 0 0 1 8-8m-4 8a4 4 0 0 1 4-4m8 4a8 8 0 0 1-8 8m4-8a4 4 0 0 1-4 4M12 12h.01',
    title: 'NFC & QR paylaşım',
    text: 'Kartınızı telefona dokundurun ya da QR kodu okutun; profiliniz uygulama gerektirmeden anında açılır.',
  },
  {
    icon: 'M4 19V5m0 14h16M8 15v-4m4 4V8m4 7v-6',
    title: 'Etkileşim analitiği',
    text: 'Ziyaretleri, tekil ziyaretçileri ve telefon, e-posta, web sitesi tıklamalarını tek panelden izleyin.',
  },
  {
    icon: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3Zm-3 9 2 2 4-4',
    title: 'Güvenli profil yönetimi',
    text: 'Token tabanlı giriş ile hesabınız korunur; bilgilerinizi yalnızca siz güncellersiniz.',
  },
  {
    icon: 'M12 3a9 9 0 1 0 0 18c1 0 1.5-.7 1.5-1.5 0-1.2-1-1.5-1-2.5s.8-1.5 2-1.5H17a4 4 0 0 0 4-4c0-4.7-4-8.5-9-8.5ZM7.5 11h.01M10 7.5h.01M14.5 7.5h.01',
    title: 'Özelleştirilebilir tasarım',
    text: 'Kapak fotoğrafı, logo, tema ve ürün kataloğuyla kartınızı markanızın kimliğine uydurun.',
  },
  {
    icon: 'M13 3 5 14h6l-1 7 8-11h-6l1-7Z',
    title: 'Anında paylaşım',
    text: 'Bilgileriniz değiştiğinde yeniden baskıya gerek yok; güncel profiliniz her kartta hemen görünür.',
  },
  {
    icon: 'M5 19c0-8 5-13 14-14-1 9-6 14-14 14Zm0 0 7-7',
    title: 'Çevre dostu',
    text: 'Tek bir kart yüzlerce basılı kartvizitin yerini alır; kâğıt israfını ve baskı maliyetini azaltır.',
  },
] as const;

export const STEPS = [
  { title: 'Hesabınızı oluşturun', text: 'Ad, e-posta ve şifrenizle birkaç saniyede ücretsiz kayıt olun.' },
  {
    title: 'Profilinizi hazırlayın',
    text: 'İletişim bilgilerinizi, sosyal hesaplarınızı ve ürünlerinizi ekleyin, kartınızı aktifleştirin.',
  },
  {
    title: 'Paylaşın ve takip edin',
    text: 'Kartınızı dokundurun ya da QR kodunu gösterin; ziyaretleri ve tıklamaları panelinizden izleyin.',
  },
] as const;
