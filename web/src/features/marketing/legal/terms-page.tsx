import { Link } from 'react-router-dom';
import { LEGAL_PATHS, LEGAL_TEXTS_VERSION } from '@kartvizit/schemas/legal';
import { Entries, Fill, LegalDocument, type LegalSection } from './legal-document.tsx';

/*
 * Terms of use a Turkish SME can publish for this product, as it is today (free early access,
 * no self-service account deletion yet). The operator fills in the marked details.
 */

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'taraflar',
    title: '1. Taraflar ve tanımlar',
    body: (
      <>
        <p>
          Bu Kullanım Koşulları, Dijital Kartvizit hizmetini sunan şirket ile hizmette hesap açan kişi arasındaki
          ilişkiyi düzenler.
        </p>
        <Entries
          items={[
            [
              'Şirket',
              <>
                <Fill field="companyName" />, MERSİS: <Fill field="mersisNo" />, adres: <Fill field="address" />.
              </>,
            ],
            ['Kart sahibi', 'Hesap açarak profil oluşturan ve kartvizit yayımlayan gerçek veya tüzel kişi.'],
            ['Ziyaretçi', 'Bir kartvizit sayfasını açan kişi.'],
            ['Kart', 'Fiziksel NFC/QR kart ya da panelden oluşturulan sanal kart.'],
            ['Kartvizit sayfası', 'Bir kartın açtığı, kart sahibinin profilini gösteren herkese açık sayfa.'],
            [
              'Bağlantı',
              'Bir ziyaretçinin kartvizit sayfasındaki ‘Bilgilerini Paylaş’ formuyla kart sahibine gönderdiği bilgiler.',
            ],
          ]}
        />
      </>
    ),
  },
  {
    id: 'hizmet',
    title: '2. Hizmetin kapsamı',
    body: (
      <>
        <p>
          Hizmet; profil oluşturmayı, fiziksel kartları etkinleştirmeyi ve sanal kart oluşturmayı, kartlar için QR kod
          üretmeyi, kartvizit sayfasını yayımlamayı, ziyaret ve tıklama istatistiklerini ve ziyaretçilerin gönderdiği
          bağlantıları görmeyi kapsar. Henüz kullanıma açılmamış bölümler panelde “yakında” olarak gösterilir.
        </p>
        <p>
          Örnek kart (<a href="/p/DEMO">/p/DEMO</a>) hizmeti tanıtmak için hazırlanmıştır; üzerindeki kişi ve şirket
          hayalidir.
        </p>
      </>
    ),
  },
  {
    id: 'hesap',
    title: '3. Hesap',
    body: (
      <ul>
        <li>
          Hesap açmak için 18 yaşını doldurmuş olmanız gerekir. Bir işletme adına hesap açan kişi, bunu yapmaya yetkili
          olduğunu kabul eder.
        </li>
        <li>Kayıtta ve profilde doğru ve güncel bilgi vermeniz gerekir.</li>
        <li>
          Şifrenizi gizli tutmak ve hesabınızda yapılan işlemler sizin sorumluluğunuzdadır. Hesabınızın izinsiz
          kullanıldığından şüphelenirseniz şifrenizi hemen değiştirin (bu, diğer bütün oturumları kapatır) ve bize
          bildirin.
        </li>
      </ul>
    ),
  },
  {
    id: 'icerik',
    title: '4. Kartvizit içeriği ve kullanım kuralları',
    body: (
      <>
        <p>
          Kartvizit sayfanızda yayımladığınız her bilgiden ve görselden siz sorumlusunuz. Hizmeti kullanırken
          aşağıdakileri yapmamayı kabul edersiniz:
        </p>
        <ul>
          <li>Hakkına sahip olmadığınız fotoğraf, logo, marka veya içerik yayımlamak;</li>
          <li>
            Başka bir kişi ya da şirket adına, onun izni olmadan kartvizit oluşturmak veya yanıltıcı bilgi vermek;
          </li>
          <li>Hukuka aykırı, hakaret içeren, ayrımcı veya kişilik haklarını ihlal eden içerik yayımlamak;</li>
          <li>Başkalarının kişisel verilerini, hukuki bir dayanağınız olmadan profilinizde yayımlamak;</li>
          <li>
            Hizmetin güvenlik önlemlerini, deneme ve gönderim sınırlarını aşmaya çalışmak; otomatik araçlarla sayfaları
            toplu olarak taramak veya istatistikleri yapay yollarla şişirmek.
          </li>
        </ul>
        <p>
          Hukuka aykırı olduğu bildirilen veya tespit edilen içeriği, 5651 sayılı Kanun başta olmak üzere mevzuat
          çerçevesinde yayından kaldırabiliriz.
        </p>
      </>
    ),
  },
  {
    id: 'ziyaretci-verileri',
    title: '5. Ziyaretçilerin kişisel verileri',
    body: (
      <>
        <p>
          Ziyaretçilerin ‘Bilgilerini Paylaş’ formuyla size gönderdiği bilgiler bakımından{' '}
          <strong>veri sorumlusu sizsiniz</strong>. Bu nedenle:
        </p>
        <ul>
          <li>
            Bu bilgileri yalnızca ziyaretçinin talebiyle ilgili olarak onunla iletişime geçmek için kullanırsınız;
          </li>
          <li>Gereğinden uzun saklamaz, işiniz bittiğinde ‘Bağlantılar’ ekranından silersiniz;</li>
          <li>
            Ziyaretçiye ticari elektronik ileti (kampanya, tanıtım) yalnızca 6563 sayılı Kanun ve Ticari İletişim ve
            Ticari Elektronik İletiler Hakkında Yönetmelik uyarınca onayı varsa gönderir, ret hakkını kullanmasını
            sağlar ve gerekiyorsa İleti Yönetim Sistemi’ne (İYS) kaydolursunuz;
          </li>
          <li>Ziyaretçilerin KVKK kapsamındaki başvurularını yanıtlarsınız.</li>
        </ul>
        <p>
          Şirket bu bilgileri sizin adınıza, yalnızca hizmeti sunmak için ve{' '}
          <Link to={LEGAL_PATHS.disclosure}>Aydınlatma Metni</Link>’nde anlatılan güvenlik önlemleriyle saklayan veri
          işleyendir; bu bilgileri başka bir amaçla kullanmaz.
        </p>
      </>
    ),
  },
  {
    id: 'kartlar',
    title: '6. Fiziksel kartlar ve QR kodları',
    body: (
      <>
        <p>
          Her kartın adresi kart numarasından oluşur (<code>/p/KART-NO</code>) ve değişmez: QR kodu yenilemek kodun
          görselini yeniler, basılı kodların ve NFC etiketlerinin açtığı adresi değiştirmez. Devre dışı bıraktığınız
          kartın sayfası, yeniden etkinleştirene kadar açılmaz.
        </p>
        <p>
          <Fill field="physicalCards" />
        </p>
      </>
    ),
  },
  {
    id: 'ucretler',
    title: '7. Ücretler',
    body: (
      <p>
        Hizmet şu anda erken erişim aşamasındadır ve ücretsizdir. Ücretli planlar başlarsa fiyatlar{' '}
        <Link to="/pricing">Fiyatlandırma</Link> sayfasında yayımlanır ve yürürlüğe girmeden en az{' '}
        <Fill field="noticePeriod" /> önce kart sahiplerine bildirilir. Ücretli plana geçmeyen kart sahibinden ücret
        alınmaz.
      </p>
    ),
  },
  {
    id: 'fikri-mulkiyet',
    title: '8. Fikri mülkiyet',
    body: (
      <p>
        Hizmetin yazılımı, tasarımı ve markası Şirket’e aittir. Profilinize yüklediğiniz içerik sizindir; bu içeriği
        yalnızca hizmeti sunmak amacıyla saklamamız, biçimlendirmemiz ve kartvizit sayfanızda göstermemiz için Şirket’e
        münhasır olmayan, ücretsiz bir kullanım izni verirsiniz. Bu izin, içeriği sildiğinizde veya hesabınız
        kapandığında sona erer.
      </p>
    ),
  },
  {
    id: 'sureklilik',
    title: '9. Hizmetin sürekliliği ve değişiklikler',
    body: (
      <p>
        Hizmeti özenle ve kesintisiz sunmaya çalışırız; ancak bakım, güncelleme ve elimizde olmayan sebeplerle geçici
        kesintiler olabilir. Hizmetin özelliklerini geliştirebilir veya değiştirebiliriz; kullandığınız bir özelliği
        aleyhinize önemli ölçüde değiştireceksek bunu önceden bildiririz.
      </p>
    ),
  },
  {
    id: 'sorumluluk',
    title: '10. Sorumluluk',
    body: (
      <p>
        Kart sahiplerinin yayımladığı içerikten ve kart sahipleri ile ziyaretçiler arasındaki iletişimden Şirket sorumlu
        değildir. Şirket, hizmetin kullanılamamasından doğan dolaylı zararlardan (kâr kaybı gibi) kanunun izin verdiği
        ölçüde sorumlu tutulamaz. Şirket’in kast veya ağır ihmalinden doğan sorumluluğu (6098 sayılı Türk Borçlar Kanunu
        md. 115) ile tüketicilerin 6502 sayılı Tüketicinin Korunması Hakkında Kanun’dan doğan hakları saklıdır.
      </p>
    ),
  },
  {
    id: 'sona-erme',
    title: '11. Hesabın kapatılması ve askıya alınması',
    body: (
      <ul>
        <li>
          Hesabınızı dilediğiniz zaman kapatabilirsiniz. Bu işlem şimdilik panelden yapılamıyor; talebinizi{' '}
          <Link to={`${LEGAL_PATHS.disclosure}#basvuru`}>Aydınlatma Metni’ndeki başvuru yollarıyla</Link> iletin.
        </li>
        <li>
          Bu koşulların ağır veya tekrarlanan ihlalinde hesabınızı askıya alabilir ya da kapatabiliriz; acil durumlar
          (ör. hukuka aykırı içerik, güvenlik tehdidi) dışında bunu önceden, gerekçesiyle bildiririz.
        </li>
        <li>
          Hesap kapandığında kartvizit sayfalarınız açılmaz; kişisel verileriniz Aydınlatma Metni’ndeki sürelere göre
          silinir.
        </li>
      </ul>
    ),
  },
  {
    id: 'kisisel-veriler',
    title: '12. Kişisel veriler',
    body: (
      <p>
        Kişisel verilerin nasıl işlendiği <Link to={LEGAL_PATHS.disclosure}>KVKK Aydınlatma Metni</Link>’nde ve{' '}
        <Link to={LEGAL_PATHS.privacy}>Gizlilik Politikası</Link>’nda anlatılır.
      </p>
    ),
  },
  {
    id: 'degisiklik',
    title: '13. Koşullardaki değişiklikler',
    body: (
      <p>
        Bu koşulları değiştirebiliriz. Değişiklikleri, yürürlüğe girmeden en az <Fill field="noticePeriod" /> önce
        hesabınızın e-posta adresine veya panelde bildiririz. Değişikliği kabul etmiyorsanız yürürlük tarihinden önce
        hesabınızı kapatabilirsiniz.
      </p>
    ),
  },
  {
    id: 'uyusmazlik',
    title: '14. Uygulanacak hukuk ve uyuşmazlıklar',
    body: (
      <p>
        Bu koşullara Türk hukuku uygulanır. Uyuşmazlıklarda <Fill field="courts" /> mahkemeleri ve icra daireleri
        yetkilidir. Tüketiciler, 6502 sayılı Kanun’da belirlenen parasal sınırlar içinde tüketici hakem heyetlerine, bu
        sınırların üzerinde tüketici mahkemelerine başvurabilir.
      </p>
    ),
  },
  {
    id: 'iletisim',
    title: '15. Bildirimler ve iletişim',
    body: (
      <p>
        Size yapacağımız bildirimler hesabınızın e-posta adresine veya panele gönderilir. Bize e-posta ile{' '}
        <Fill field="email" />, resmî bildirimler için KEP ile <Fill field="kepAddress" /> adresinden ulaşabilirsiniz.
      </p>
    ),
  },
  {
    id: 'yururluk',
    title: '16. Yürürlük',
    body: <p>Bu koşullar yayımlandığı tarihte yürürlüğe girer. Sürüm: {LEGAL_TEXTS_VERSION}.</p>,
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      text="terms"
      lead={
        <p>
          Bu koşullar, <Fill field="companyName" /> tarafından sunulan Dijital Kartvizit hizmetinin kullanımını
          düzenler. Hesap oluşturarak bu koşulları kabul etmiş olursunuz; lütfen dikkatle okuyun.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
