import { Link } from 'react-router-dom';
import { LEGAL_PATHS } from '@kartvizit/schemas/legal';
import { Entries, Fill, LegalDocument, type LegalSection } from './legal-document.tsx';

/*
 * The privacy policy in plain words: what the product does with data and how it protects it.
 * The formal disclosure with legal bases and rights is the KVKK page; both describe the same
 * behaviour (docs/decisions/0003, 0009, 0010, 0016).
 */

const disclosure = (hash = '') => `${LEGAL_PATHS.disclosure}${hash}`;

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'kisaca',
    title: 'Kısaca',
    body: (
      <ul>
        <li>Ziyaretçilerin IP adresini kaydetmeyiz, çerez kullanmayız ve kimseyi günler boyunca izlemeyiz.</li>
        <li>
          Reklam göstermeyiz, verileri satmayız; sayfalarımız üçüncü taraf analiz, reklam veya takip kodu yüklemez.
        </li>
        <li>
          Şifreniz yalnızca argon2id özeti olarak saklanır; kişisel bilgileriniz size ait ayrı bir anahtarla şifrelenir.
        </li>
        <li>
          Ziyaretçilerin size gönderdiği bilgileri yalnızca siz görürsünüz; bir kaydı sildiğinizde kalıcı olarak
          silinir.
        </li>
      </ul>
    ),
  },
  {
    id: 'kart-sahipleri',
    title: 'Kart sahipleri için',
    body: (
      <>
        <p>
          Profilinize yazdığınız bilgiler, kartvizit sayfanızı açan herkese gösterilir: neyi yayımlayacağınızı siz
          seçersiniz. Kartvizit sayfaları arama motorlarına kapalıdır (noindex); bağlantıyı ya da QR kodu paylaştığınız
          kişiler açar. Profil ayarlarında ‘Arama motorlarında görünsün’ seçeneğini açarsanız sayfalarınız arama
          motorlarınca listelenebilir, site haritasında (sitemap.xml) yer alır ve adınız, pozisyonunuz, şirketiniz,
          iletişim ve adres bilgileriniz sayfada arama motorlarının okuyacağı biçimde (schema.org) de bulunur. Seçeneği
          kapattığınızda sayfalar yeniden arama motorlarına kapanır ve site haritasından çıkar; arama motorları onları
          bir sonraki ziyaretlerinde listelerinden kaldırır.
        </p>
        <ul>
          <li>
            Yüklediğiniz fotoğraf ve logolar yeniden kodlanır; konum (GPS) dahil bütün EXIF bilgileri silinir.
            Değiştirdiğiniz veya kaldırdığınız görseller hemen silinir.
          </li>
          <li>
            Adınız, soyadınız, e-posta adresiniz ve profiliniz olay kayıtlarında size ait bir anahtarla (AES-256-GCM)
            şifrelenir. Hesabınızın silinmesi bu anahtarın yok edilmesiyle yapılır; kayıtların geri kalanı sizi
            içermeden kalır.
          </li>
          <li>
            Şifreniz argon2id ile özetlenir ve olay kayıtlarının dışında tutulur. Şifrenizi değiştirdiğinizde diğer
            bütün oturumlarınız kapanır.
          </li>
          <li>
            Giriş, kayıt ve şifre değiştirme denemeleri dakika başına sınırlıdır. Bu sınır için IP adresleri yalnızca
            sunucunun belleğinde, en çok bir dakika tutulur; hiçbir yere yazılmaz.
          </li>
          <li>
            Hiçbir kart sahibi bir başkasının profilini, kartlarını, bağlantılarını veya istatistiklerini göremez.
          </li>
          <li>
            Hesabınızın silinmesini şimdilik panelden değil,{' '}
            <Link to={disclosure('#basvuru')}>Aydınlatma Metni’ndeki başvuru yollarıyla</Link> isteyebilirsiniz.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'ziyaretciler',
    title: 'Kartvizit sayfasını açan ziyaretçiler için',
    body: (
      <ul>
        <li>
          Sayfa ekranda gösterildikten sonra bir ziyaret, bir iletişim düğmesine dokunduğunuzda bir tıklama kaydedilir:
          zamanı, cihaz türü, tarayıcı, işletim sistemi, ülke ve il.
        </li>
        <li>
          IP adresiniz yalnızca istek sırasında bellekte kullanılır. Ülke ve il, sunucudaki çevrimdışı bir
          veritabanından (IP Geolocation by{' '}
          <a href="https://db-ip.com" target="_blank" rel="noopener noreferrer">
            DB-IP
          </a>
          ) bulunur; sunucumuz IP adresinizi hiçbir dış hizmete göndermez ve hiçbir yere yazmaz.
        </li>
        <li>
          Aynı gün içindeki ziyaretlerinizi bir kez saymak için, o güne ait rastgele bir anahtarla hesaplanan bir özet
          kullanılır. Anahtar en geç 48 saat içinde silinir; sonrasında özet hiç kimseyle ilişkilendirilemez. Kart
          sahibi bu özetleri görmez, yalnızca sayıları görür.
        </li>
        <li>Botlar, bağlantı önizlemeleri (WhatsApp, Telegram vb.) ve arka planda yapılan ön yüklemeler sayılmaz.</li>
        <li>
          Harita, siz ‘Haritayı Göster’e dokunana kadar yüklenmez; dokunduğunuzda harita görselleri{' '}
          <Fill field="mapTiles" /> sunucusundan gelir.
        </li>
        <li>
          Örnek kartın (<a href="/p/DEMO">/p/DEMO</a>) ziyaretleri ve tıklamaları kaydedilmez; formundan bilgi
          gönderilemez.
        </li>
      </ul>
    ),
  },
  {
    id: 'bilgi-paylasimi',
    title: 'Bilgilerinizi bir kart sahibiyle paylaştığınızda',
    body: (
      <ul>
        <li>
          ‘Bilgilerini Paylaş’ formuyla gönderdiğiniz ad soyad, telefon, e-posta ve mesajı yalnızca o kartın sahibi
          görür. Bu bilgiler bakımından veri sorumlusu kart sahibidir; biz onun adına saklarız.
        </li>
        <li>
          Her gönderim olay kayıtlarında kendine ait bir anahtarla şifrelenir. Kart sahibi kaydı sildiğinde anahtar yok
          edilir; bilgileriniz kart sahibinin ekranından kalkar, olay kayıtlarında ve onlardan üretilen bütün
          görünümlerde okunamaz hâle gelir.
        </li>
        <li>
          Tanıtım iletilerine izin vermek isteğe bağlıdır ve ayrı bir kutudur; işaretlemeden de bilgi gönderebilirsiniz.
        </li>
        <li>
          Formu botlardan üçüncü taraf bir doğrulama hizmeti (captcha) olmadan koruruz: imzalı bir form anahtarı,
          görünmez bir tuzak alan ve gönderim sınırıyla. Böylece başka bir şirket formu kimin doldurduğunu öğrenmez.
        </li>
      </ul>
    ),
  },
  {
    id: 'ucuncu-taraflar',
    title: 'Üçüncü taraf hizmetler',
    body: (
      <Entries
        items={[
          [
            'Barındırma',
            <>
              <Fill field="hosting" />: hizmetin sunucuları ve veritabanı; veri işleyen olarak yalnızca hizmetin
              çalışması için.
            </>,
          ],
          [
            'Harita görselleri',
            <>
              <Fill field="mapTiles" />: yalnızca bir harita açıldığında; tarayıcınızın IP adresini ve bakılan bölgeyi
              görür.
            </>,
          ],
          [
            'Adres arama',
            <>
              <Fill field="geocoder" />: kart sahibi profiline adres yazdığında adres metnini görür. İsteği sunucumuz
              yapar; sizin IP adresiniz gitmez.
            </>,
          ],
          ['Konum veritabanı (DB-IP)', 'Sunucuda çevrimdışı çalışır; hiçbir bilgi dışarı gönderilmez.'],
          [
            'Yol tarifi ve sosyal medya',
            'Google Haritalar, Apple Haritalar, Waze ve sosyal medya hizmetleri yalnızca siz dokunduğunuzda açılır; orada kendi politikaları geçerlidir.',
          ],
        ]}
      />
    ),
  },
  {
    id: 'guvenlik',
    title: 'Güvenlik önlemleri',
    body: (
      <ul>
        <li>
          Olay kayıtlarındaki kişisel veriler sahibine ya da gönderime özel anahtarlarla şifrelenir; bu anahtarlar da
          ayrı bir ana anahtarla şifreli saklanır.
        </li>
        <li>Şifreler argon2id ile özetlenir ve hiçbir zaman düz metin olarak saklanmaz ya da günlüğe yazılmaz.</li>
        <li>
          Uygulama günlükleri IP adresi, istek başlıkları ve sorgu metni içermez; yalnızca yöntem, adres ve sonuç kodu
          yazılır.
        </li>
        <li>
          Kartvizit sayfaları yalnızca kendi sunucumuzdan betik çalıştırır (içerik güvenliği politikası); kart
          sahiplerinin yazdığı her metin sayfaya yalnızca metin olarak girer.
        </li>
        <li>Her kart sahibi yalnızca kendi verilerine erişebilir; başkasına ait bir kayıt “bulunamadı” yanıtı alır.</li>
      </ul>
    ),
  },
  {
    id: 'cerezler',
    title: 'Çerezler',
    body: (
      <p>
        Çerez kullanmıyoruz. Kart sahibi paneli oturumunuzu tarayıcınızın yerel depolamasında tutar; ayrıntılar{' '}
        <Link to={disclosure('#cerezler')}>Aydınlatma Metni’nin çerezler bölümündedir</Link>.
      </p>
    ),
  },
  {
    id: 'cocuklar',
    title: 'Çocuklar',
    body: (
      <p>Hizmet, 18 yaşını doldurmuş kişiler ve işletmeler içindir. Çocuklardan bilerek kişisel veri toplamayız.</p>
    ),
  },
  {
    id: 'iletisim',
    title: 'İletişim ve değişiklikler',
    body: (
      <>
        <p>
          Sorularınız ve KVKK kapsamındaki başvurularınız için: <Fill field="email" />, KEP: <Fill field="kepAddress" />
          . Başvuru yolları ve haklarınız <Link to={disclosure('#haklariniz')}>Aydınlatma Metni’nde</Link> anlatılır.
        </p>
        <p>
          Bu politikayı hizmetteki değişikliklere göre güncelleyebiliriz; önemli bir değişikliği kart sahiplerine
          önceden bildiririz.
        </p>
      </>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      text="privacy"
      lead={
        <p>
          Dijital Kartvizit, paylaşmayı kolaylaştırırken olabildiğince az veriyle çalışmak üzere tasarlandı. Bu sayfa
          verileri nasıl kullandığımızı ve koruduğumuzu sade bir dille anlatır; hukuki sebepler, saklama süreleri ve
          haklarınız <Link to={LEGAL_PATHS.disclosure}>KVKK Aydınlatma Metni</Link>’ndedir.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
