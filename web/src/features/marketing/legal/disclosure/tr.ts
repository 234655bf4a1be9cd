import { TURKISH_FRAME } from '../legal-frame.ts';
import type { DisclosureText } from './model.ts';

/*
 * The KVKK disclosure (md. 10; Aydınlatma Yükümlülüğünün Yerine Getirilmesinde Uyulacak Usul ve
 * Esaslar Hakkında Tebliğ). Every statement about what the product does is checked against the
 * code and docs/decisions (0003, 0009, 0010, 0016); where the operator decides, a fill marks it.
 *
 * The binding text: the translations (en.ts, ru.ts, ar.ts, de.ts) follow it. A change to what it
 * promises moves LEGAL_TEXTS_VERSION (schemas/src/legal.ts), which every lead records, and every
 * translation changes with it.
 */

export const tr: DisclosureText = {
  language: 'tr',
  frame: TURKISH_FRAME,
  heading: 'Kişisel Verilerin Korunması Hakkında Aydınlatma Metni',
  lead: [
    {
      p: [
        'Dijital Kartvizit’te kişisel verileri 6698 sayılı Kişisel Verilerin Korunması Kanunu’na (KVKK) uygun olarak işliyoruz. Bu metin, KVKK’nın 10. maddesi uyarınca kart sahiplerine, kartvizit sayfalarını ziyaret edenlere ve kart sahiplerine bilgilerini gönderenlere; hangi verilerin, hangi amaçlarla ve hangi hukuki sebeplerle işlendiğini, kimlere aktarıldığını, ne kadar saklandığını ve haklarınızı nasıl kullanabileceğinizi anlatır. Daha sade bir özet için ',
        { link: 'privacy', text: 'Gizlilik Politikası' },
        '’na bakabilirsiniz.',
      ],
    },
  ],
  sections: {
    'veri-sorumlusu': {
      title: '1. Veri sorumlusu',
      body: [
        {
          entries: [
            ['Unvan', [{ fill: 'companyName' }]],
            ['MERSİS numarası', [{ fill: 'mersisNo' }]],
            ['Adres', [{ fill: 'address' }]],
            ['KEP adresi', [{ fill: 'kepAddress' }]],
            ['E-posta', [{ fill: 'email' }]],
            ['Telefon', [{ fill: 'phone' }]],
          ],
        },
        {
          p: 'Bu metinde “Şirket” ve “biz”, yukarıda bilgileri yer alan veri sorumlusunu; “kart sahibi”, Dijital Kartvizit’te hesap açarak kartvizit yayımlayan kişiyi; “ziyaretçi”, bir kartvizit sayfasını açan kişiyi anlatır.',
        },
        {
          p: [
            'Kart sahiplerinin hesap ve profil bilgileri ile kartvizit sayfalarının ziyaret istatistikleri bakımından veri sorumlusu Şirket’tir. Bir ziyaretçinin kartvizit sayfasındaki ‘Bilgilerini Paylaş’ formuyla bir kart sahibine ilettiği bilgiler bakımından ise, bu bilgileri ziyaretçiye geri dönmek için alan ve nasıl kullanacağına karar veren ',
            { strong: 'kart sahibi veri sorumlusudur' },
            '; Şirket bu bilgileri kart sahibi adına saklayan ve ona ileten veri işleyendir. Bu metin her iki durumda Şirket’in yaptığı işlemeyi açıklar.',
          ],
        },
      ],
    },
    'islenen-veriler': {
      title: '2. Hangi kişisel verileri işliyoruz?',
      body: [
        { h3: 'Kart sahipleri' },
        {
          entries: [
            ['Kimlik ve iletişim', 'Ad, soyad, e-posta adresi.'],
            [
              'Hesap güvenliği',
              'Şifrenizin argon2id yöntemiyle üretilmiş özeti (şifrenin kendisi hiçbir yerde saklanmaz), oturumların geçerliliğini denetleyen oturum sürümü.',
            ],
            [
              'Profil',
              'Kartvizitinizde yayımlamak üzere girdiğiniz bilgiler: unvan, görev, şirket, hakkında yazısı, telefon, e-posta, web sitesi, adres ve harita konumu, sosyal medya bağlantıları, vergi dairesi ve vergi numarası, MERSİS ve ticaret sicil numarası, fatura bilgileri, banka hesapları (IBAN dahil), ödeme yöntemleri, profil ve kapak fotoğrafı, şirket logosu.',
            ],
            [
              'Kart ve işlem kayıtları',
              'Kart numaraları ve adları; kartların etkinleştirilme, devre dışı bırakılma ve QR kodu yenileme zamanları; profilde değişiklik yapılan zamanlar.',
            ],
          ],
        },
        { h3: 'Kartvizit sayfasını açan ziyaretçiler' },
        {
          entries: [
            [
              'Ziyaret ve tıklama kayıtları',
              'Hangi kartın ne zaman görüntülendiği ve hangi iletişim düğmesine (telefon, e-posta, web sitesi, adres, yol tarifi, sosyal medya, rehbere ekleme) dokunulduğu; cihaz türü (mobil, tablet, masaüstü), tarayıcı ve işletim sistemi; ülke ve il (Türkiye dışında şehir); aynı gün içindeki ziyaretleri bir kez saymaya yarayan günlük ziyaretçi özeti.',
            ],
            [
              'Bağlantı bilgileri (kaydedilmez)',
              'IP adresi ve tarayıcının kendini tanıttığı metin (user agent): yalnızca istek sırasında bellekte, ülke ve ili bulmak, günlük ziyaretçi özetini hesaplamak ve aşırı istekleri sınırlamak için kullanılır; hiçbir veritabanına, olay kaydına veya günlüğe yazılmaz.',
            ],
          ],
        },
        { h3: '‘Bilgilerini Paylaş’ formuyla bilgi gönderen ziyaretçiler' },
        {
          entries: [
            ['Kimlik ve iletişim', 'Ad soyad, telefon numarası, e-posta adresi ve mesajınız.'],
            [
              'İzin ve kayıt bilgileri',
              'Tanıtım iletilerine izin verip vermediğiniz, gönderim zamanı, bilgilerin hangi karta gönderildiği ve size gösterilen aydınlatma metninin sürümü.',
            ],
          ],
        },
        { h3: '‘Görüşme Planla’ formuyla kayıt olan ziyaretçiler' },
        {
          entries: [
            [
              'Kimlik ve iletişim',
              'Ad, soyad, telefon numarası, e-posta adresi (isteğe bağlı), ilgi türünüz (alıcı, satıcı, kiracı, ev sahibi), il, ilçe, adres ve notlarınız.',
            ],
            [
              'İzin ve kayıt bilgileri',
              'Tanıtım iletilerine izin verip vermediğiniz, gönderim zamanı, bilgilerin hangi karta gönderildiği, kart sahibinin müşteri yönetim sistemine iletilip iletilmediği ve size gösterilen aydınlatma metninin sürümü.',
            ],
          ],
        },
        {
          p: 'Özel nitelikli kişisel veri (ör. sağlık, din, biyometrik veri) istemiyoruz; lütfen profil, mesaj ve not alanlarına bu tür bilgiler yazmayın.',
        },
      ],
    },
    'amaclar-ve-hukuki-sebepler': {
      title: '3. İşleme amaçları ve hukuki sebepler',
      body: [
        {
          p: 'Kişisel verileri yalnızca aşağıdaki amaçlarla ve 6698 sayılı Kanun’un (KVKK) 5. maddesindeki hukuki sebeplere dayanarak işleriz.',
        },
        { h3: 'Kart sahipleri' },
        {
          ul: [
            [
              'Üyelik kaydı, oturum açma, profilin ve kartların yönetilmesi, kartvizit sayfasının yayımlanması, QR kodların üretilmesi, istatistiklerin ve gelen bağlantıların size gösterilmesi: ',
              { strong: 'md. 5/2 (c)' },
              ', sözleşmenin kurulması ve ifası için gerekli olması (',
              { link: 'terms', text: 'Kullanım Koşulları' },
              ').',
            ],
            [
              'Yayımlamayı seçtiğiniz profil bilgilerinin kartvizit sayfanızda herkese gösterilmesi: ',
              { strong: 'md. 5/2 (c)' },
              ' ve ',
              { strong: '(d)' },
              ', bu bilgilerin sizin tarafınızdan alenileştirilmesi.',
            ],
            [
              'Kartınızdaki ‘Toplantı Planla’ araçlarıyla oluşturduğunuz takvim davetlerinin, Zoom toplantılarının ve Calendly linklerinin (başlık, açıklama, zaman, yazdığınız katılımcıların e-posta adresleri) seçtiğiniz hizmette oluşturulması ve ‘Toplantılar’ ekranında size gösterilmesi: ',
              { strong: 'md. 5/2 (c)' },
              '. Bu hizmetlere kendi hesabınızla giriş yaparsınız; hizmetin verdiği erişim anahtarı yalnızca o işlem için kullanılır, hiçbir yere kaydedilmez.',
            ],
            [
              'Hesap güvenliği, yetkisiz girişlerin ve kötüye kullanımın önlenmesi (deneme sınırları, şifre özetleri, şifre değiştiğinde diğer oturumların kapatılması): ',
              { strong: 'md. 5/2 (ç)' },
              ', KVKK md. 12’deki veri güvenliği yükümlülüğü ve ',
              { strong: 'md. 5/2 (f)' },
              ', meşru menfaat.',
            ],
            [
              'Mevzuattan doğan saklama, bilgi ve belge verme yükümlülükleri ile yetkili kurum ve mahkemelerin talepleri: ',
              { strong: 'md. 5/2 (ç)' },
              ', hukuki yükümlülük; uyuşmazlıklarda ',
              { strong: 'md. 5/2 (e)' },
              ', bir hakkın tesisi, kullanılması veya korunması.',
            ],
          ],
        },
        { h3: 'Kartvizit sayfasını açan ziyaretçiler' },
        {
          ul: [
            [
              'Kart sahibine kartının kaç kez, hangi günlerde ve hangi cihazlardan görüntülendiğini, hangi iletişim düğmelerinin kullanıldığını gösteren toplu istatistikler sunulması; botların, bağlantı önizlemelerinin ve arka plandaki ön yüklemelerin ayıklanması; aşırı isteklerin sınırlanması: ',
              { strong: 'md. 5/2 (f)' },
              ', kart sahibinin ve Şirket’in meşru menfaati. Temel hak ve özgürlüklerinize zarar vermemek için IP adresi saklanmaz, çerez kullanılmaz, ziyaretçi özeti her gün değişir ve en geç 48 saat içinde hiç kimseyle ilişkilendirilemez hâle gelir; kart sahibi tek tek ziyaretçileri değil, yalnızca sayıları görür.',
            ],
          ],
        },
        { h3: '‘Bilgilerini Paylaş’ formuyla bilgi gönderen ziyaretçiler' },
        {
          ul: [
            [
              'Gönderdiğiniz bilgilerin, sizinle iletişime geçebilmesi için kart sahibine iletilmesi ve kart sahibinin ‘Bağlantılar’ ekranında saklanması: sizin isteğinizle başlayan bir görüşmenin (ör. bir ilan, ürün veya hizmet hakkında bilgi almanın) kurulmasıyla doğrudan ilgili olduğundan ',
              { strong: 'md. 5/2 (c)' },
              ' ve kart sahibinin size geri dönmekteki meşru menfaati, ',
              { strong: 'md. 5/2 (f)' },
              '.',
            ],
            [
              'Formun kötüye kullanımının önlenmesi (imzalı form anahtarı, görünmez tuzak alan, gönderim sınırı): ',
              { strong: 'md. 5/2 (f)' },
              '.',
            ],
            [
              'Formdaki isteğe bağlı kutuyu işaretlerseniz kart sahibinin size tanıtım ve kampanya iletileri gönderebilmesi: ',
              { strong: 'açık rızanız' },
              ' (KVKK md. 5/1) ve 6563 sayılı Elektronik Ticaretin Düzenlenmesi Hakkında Kanun kapsamında ticari elektronik ileti onayınız. Kutu işaretlenmeden de form gönderilebilir; onayınızı kart sahibine bildirerek dilediğiniz zaman geri alabilirsiniz. Şirket size ticari ileti göndermez.',
            ],
          ],
        },
        { h3: '‘Görüşme Planla’ formuyla kayıt olan ziyaretçiler' },
        {
          ul: [
            [
              'Bilgilerinizin, sizinle görüşme planlayabilmesi için kart sahibine iletilmesi, ‘Bağlantılar’ ekranında saklanması ve kart sahibinin müşteri yönetim sistemine (REMS) müşteri kaydı olarak aktarılması: sizin isteğinizle başlayan bir emlak danışmanlığı görüşmesinin kurulmasıyla doğrudan ilgili olduğundan ',
              { strong: 'md. 5/2 (c)' },
              ' ve kart sahibinin size geri dönmekteki meşru menfaati, ',
              { strong: 'md. 5/2 (f)' },
              '. Formun kötüye kullanımının önlenmesi ve isteğe bağlı tanıtım izni, ‘Bilgilerini Paylaş’ formundaki gibidir.',
            ],
          ],
        },
      ],
    },
    'toplama-yontemi': {
      title: '4. Kişisel verileri nasıl topluyoruz?',
      body: [
        {
          ul: [
            'Kayıt, profil ve kart ekranlarına ve kartvizit sayfasındaki ‘Bilgilerini Paylaş’ ve ‘Görüşme Planla’ formlarına yazdığınız bilgiler: doğrudan sizden, elektronik ortamda.',
            'Ziyaret ve tıklama kayıtları: kartvizit sayfası ekranda gösterildikten sonra ve bir iletişim düğmesine dokunulduğunda tarayıcının gönderdiği istekten, otomatik yollarla. Botlar, bağlantı önizlemeleri ve gösterilmeden arka planda yüklenen sayfalar için kayıt oluşturulmaz.',
            [
              'Ülke ve il: IP adresinden, sunucudaki çevrimdışı bir veritabanıyla (IP Geolocation by ',
              { external: 'https://db-ip.com', text: 'DB-IP' },
              ', CC BY 4.0). IP adresi bu iş için hiçbir dış hizmete gönderilmez.',
            ],
          ],
        },
      ],
    },
    aktarim: {
      title: '5. Kişisel veriler kimlere ve hangi amaçla aktarılır?',
      body: [
        { p: 'Kişisel verileri satmayız ve reklam amacıyla kimseyle paylaşmayız. Aktarımlar yalnızca şunlardır:' },
        {
          ul: [
            [
              { strong: 'Kart sahibine:' },
              ' ‘Bilgilerini Paylaş’ ve ‘Görüşme Planla’ formlarıyla ona gönderilen bilgiler (işlemenin amacı budur) ve ziyaretler hakkında yalnızca toplu sayılar (günlük ziyaret ve tekil ziyaretçi sayısı, cihaz, tarayıcı, ülke ve il, tıklama dağılımı).',
            ],
            [
              { strong: 'Kart sahibinin müşteri yönetim sistemine (REMS):' },
              ' ‘Görüşme Planla’ formuyla gönderdiğiniz bilgiler, kart sahibi REMS hesabını bağladıysa, müşteri kaydı olarak sunucumuz tarafından REMS’e iletilir. REMS’teki kayıt, kart sahibinin sorumluluğundadır; bu formu yalnızca REMS hesabı bağlı kartlar gösterir.',
            ],
            [
              { strong: 'Kart sahibinin seçtiği takvim ve toplantı hizmetine:' },
              ' kart sahibi kartındaki ‘Toplantı Planla’ araçlarıyla bir etkinlik oluşturduğunda; başlık, açıklama, zaman ve yazdığı katılımcı e-posta adresleri, kart sahibinin kendi hesabında oluşturulmak üzere sunucumuz tarafından seçtiği hizmete (Google Calendar, Microsoft Outlook, Zoom veya Calendly) iletilir. Bu hizmetlerin sunucuları yurt dışında olabilir; aktarım, kart sahibinin isteği ve KVKK md. 9’daki şartlarla yapılır. ‘Takvime Ekle’ ile indirilen dosya yalnızca tarayıcınıza iner, hiçbir hizmete gönderilmez.',
            ],
            [
              { strong: 'Kartvizit sayfasını açan herkese:' },
              ' kart sahibinin profilinde yayımladığı bilgiler. Kartvizit sayfaları arama motorlarına kapalıdır (noindex); yalnızca kart sahibi profilinde ‘Arama motorlarında görünsün’ seçeneğini açarsa arama motorlarınca listelenebilir.',
            ],
            [
              { strong: 'Barındırma ve altyapı hizmeti sağlayıcısına:' },
              ' ',
              { fill: 'hosting' },
              '. Sağlayıcı, veri işleyen olarak verileri yalnızca hizmetin çalışması için saklar. ',
              { fill: 'transferBasis' },
            ],
            [
              { strong: 'Adres arama hizmetine:' },
              ' kart sahibinin profil ekranında yazdığı adres metni, haritadaki konumunu bulmak için sunucumuz tarafından ',
              { fill: 'geocoder' },
              ' hizmetine gönderilir. Bu aktarım yurt dışına yapılıyorsa KVKK md. 9’daki şartlara uyulur.',
            ],
            [
              { strong: 'Harita görselleri sunucusuna:' },
              ' bir ziyaretçi kartvizit sayfasında ‘Haritayı Göster’e dokunduğunda ya da kart sahibi konum seçiciyi açtığında, tarayıcı harita görsellerini doğrudan ',
              { fill: 'mapTiles' },
              ' sunucusundan ister ve bu sunucu isteğin IP adresini görür. Harita açılmadıkça bu istek yapılmaz.',
            ],
            [
              { strong: 'Yetkili kamu kurum ve kuruluşları ile yargı mercilerine:' },
              ' hukuki yükümlülüğümüz gereği ve talep edilmesi hâlinde (KVKK md. 8/2 (a), md. 5/2 (ç)).',
            ],
          ],
        },
        {
          p: 'Kartvizit sayfasındaki yol tarifi (Google Haritalar, Apple Haritalar, Waze) ve sosyal medya bağlantıları ilgili hizmeti yalnızca siz dokunduğunuzda açar; o hizmetlerde kendi gizlilik politikaları geçerlidir.',
        },
      ],
    },
    'saklama-sureleri': {
      title: '6. Ne kadar süre saklıyoruz?',
      body: [
        {
          p: 'Kişisel verileri işleme amacının gerektirdiği süre kadar saklar; sonra siler, yok eder veya anonim hâle getiririz. Hizmet her değişikliği bir olay kaydı olarak tutar. Bu kayıtlardaki kişisel veriler her kart sahibi ve her bağlantı için ayrı bir anahtarla (AES-256-GCM) şifrelenir; silme, bu anahtarın yok edilmesiyle yapılır. Anahtar yok edildiğinde o veriler olay kayıtlarında, yeniden oluşturulan tüm görünümlerde ve dışa aktarımlarda okunamaz hâle gelir.',
        },
        {
          entries: [
            [
              'Hesap, profil ve kartlar',
              'Hesabınız açık kaldığı sürece. Hesabınızın silinmesini istediğinizde size ait şifreleme anahtarı yok edilir; yüklediğiniz görseller silinir ve kartvizit sayfalarınız artık açılmaz.',
            ],
            ['Şifre özeti', 'Hesap silinene kadar; şifrenizi değiştirdiğinizde eski özetin yerine yenisi yazılır.'],
            [
              'Oturum anahtarı (tarayıcınızda)',
              'En çok 7 gün; çıkış yaptığınızda tarayıcıdan silinir, şifrenizi değiştirdiğinizde diğer tüm oturumlar geçersiz olur.',
            ],
            [
              '‘Bilgilerini Paylaş’ ile gönderilen bilgiler',
              'Kart sahibi silene kadar; bir bağlantı silindiği anda ona ait anahtar yok edilir. Ne kadar saklanacağına veri sorumlusu olarak kart sahibi karar verir; kart sahibinin hesabı silindiğinde bağlantıları da silinir.',
            ],
            [
              'Toplantılar',
              'Kart sahibinin hesabı açık kaldığı sürece; katılımcıların e-posta adresleri kart sahibinin anahtarıyla şifrelenir ve hesap silindiğinde okunamaz hâle gelir. Takvim ve toplantı hizmetlerinin erişim anahtarları hiç saklanmaz.',
            ],
            [
              'Günlük ziyaretçi anahtarı',
              'Ait olduğu gün başladıktan en geç 48 saat sonra silinir. Sonrasında o günün ziyaretçi özetleri hiç kimseyle ilişkilendirilemez.',
            ],
            [
              'Ziyaret ve tıklama kayıtları',
              [
                '48 saatten sonra kimseyle ilişkilendirilemeyen (anonim) istatistik kayıtlarıdır. Saklama süresi: ',
                { fill: 'statisticsRetention' },
                '.',
              ],
            ],
            [
              'IP adresi',
              'Kaydedilmez. İstek sırasında bellekte kullanılır. Aşırı istekleri sınırlamak için sunucunun belleğinde kısa süre tutulur: giriş, kayıt ve şifre değiştirme denemelerinde en çok 1 dakika; ziyaret, tıklama ve form gönderimlerinde yalnızca anahtarlı özeti, en çok 10 dakika. Hiçbir yere yazılmaz.',
            ],
            [
              'Adres arama önbelleği',
              'Adres metninin kendisi değil, anahtarlı özeti ile bulunan konum 30 gün (bulunamayan adresler 1 gün) saklanır.',
            ],
            ['Profilden kaldırılan görseller', 'Değiştirildikleri veya kaldırıldıkları anda silinir.'],
            [
              'Sunucu günlükleri',
              [
                'Uygulamanın günlükleri IP adresi, istek başlıkları ve sorgu metni içermez; yalnızca yöntem, adres ve sonuç kodu yazılır. Saklama süresi: ',
                { fill: 'logRetention' },
                '.',
              ],
            ],
            ['Yedekler', [{ fill: 'backupRetention' }]],
          ],
        },
      ],
    },
    haklariniz: {
      title: '7. KVKK md. 11 kapsamındaki haklarınız',
      body: [
        { p: 'Veri sorumlusuna başvurarak:' },
        {
          ol: [
            'kişisel verilerinizin işlenip işlenmediğini öğrenme,',
            'işlenmişse buna ilişkin bilgi talep etme,',
            'işlenme amacını ve bunların amacına uygun kullanılıp kullanılmadığını öğrenme,',
            'yurt içinde veya yurt dışında aktarıldığı üçüncü kişileri bilme,',
            'eksik veya yanlış işlenmişse düzeltilmesini isteme,',
            'KVKK md. 7’deki şartlar çerçevesinde silinmesini veya yok edilmesini isteme,',
            'düzeltme, silme ve yok etme işlemlerinin, verilerin aktarıldığı üçüncü kişilere bildirilmesini isteme,',
            'işlenen verilerin münhasıran otomatik sistemler vasıtasıyla analiz edilmesi suretiyle aleyhinize bir sonucun ortaya çıkmasına itiraz etme,',
            'kanuna aykırı işleme sebebiyle zarara uğramanız hâlinde zararın giderilmesini talep etme',
          ],
        },
        { p: 'haklarına sahipsiniz.' },
        {
          p: 'Kart sahipleri profil bilgilerini panelden dilediği zaman düzeltebilir ve aldıkları bağlantıları kendileri silebilir. Hesabın silinmesi şimdilik panelden yapılamıyor; aşağıdaki yollarla başvurabilirsiniz.',
        },
      ],
    },
    basvuru: {
      title: '8. Haklarınızı nasıl kullanabilirsiniz?',
      body: [
        {
          p: 'Başvurunuzu, Veri Sorumlusuna Başvuru Usul ve Esasları Hakkında Tebliğ’e uygun olarak Türkçe ve aşağıdaki yollardan biriyle yapabilirsiniz:',
        },
        {
          ul: [
            [
              'Islak imzalı dilekçeyle; elden, noter aracılığıyla veya iadeli taahhütlü postayla: ',
              { fill: 'address' },
            ],
            ['Kayıtlı elektronik posta (KEP) ile: ', { fill: 'kepAddress' }],
            ['Güvenli elektronik imza veya mobil imza ile imzalanmış e-postayla: ', { fill: 'email' }],
            [
              'Daha önce bize bildirdiğiniz ve sistemimizde kayıtlı e-posta adresinizden (kart sahipleri için hesabın e-posta adresi): ',
              { fill: 'email' },
            ],
          ],
        },
        {
          p: 'Başvuruda adınız ve soyadınız, yazılı başvuruda imzanız, T.C. kimlik numaranız (yabancılar için uyruğunuz ile pasaport veya kimlik numaranız), tebligata esas yerleşim yeri veya iş yeri adresiniz, varsa bildirime esas e-posta adresiniz, telefon ve faks numaranız ile talebinizin konusu bulunmalıdır. Talebinizle ilgili belgeleri ekleyebilirsiniz. Kimliğinizi doğrulayamadığımız durumlarda ek bilgi isteyebiliriz; kişisel veriler yalnızca ilgili kişiye veya yetkili temsilcisine açıklanır.',
        },
        {
          p: [
            'Başvurunuzu niteliğine göre en kısa sürede ve en geç ',
            { strong: '30 gün' },
            ' içinde ücretsiz sonuçlandırırız. Yanıtın yazılı verilmesi hâlinde on sayfaya kadar ücret alınmaz; on sayfayı aşan her sayfa için 1 Türk lirası, yanıtın CD veya flash bellek gibi bir kayıt ortamında verilmesi hâlinde kayıt ortamının maliyeti kadar ücret istenebilir.',
          ],
        },
        {
          p: 'Başvurunuzun reddedilmesi, yanıtı yetersiz bulmanız veya süresinde yanıt verilmemesi hâlinde; yanıtı öğrendiğiniz tarihten itibaren 30 gün ve her hâlde başvuru tarihinden itibaren 60 gün içinde Kişisel Verileri Koruma Kurulu’na şikâyette bulunabilirsiniz (KVKK md. 14).',
        },
        {
          p: '‘Bilgilerini Paylaş’ formuyla bir kart sahibine gönderdiğiniz bilgiler için veri sorumlusu kart sahibidir; başvurunuzu doğrudan ona yapabilirsiniz. Bize ulaşan böyle bir başvuruyu kart sahibine iletir, yerine getirilmesi için teknik destek veririz.',
        },
      ],
    },
    cerezler: {
      title: '9. Çerezler ve tarayıcınızda saklanan bilgiler',
      body: [
        {
          p: 'Dijital Kartvizit çerez (cookie) kullanmaz; reklam, analiz veya takip amaçlı üçüncü taraf kodu, yazı tipi ya da içerik dağıtım ağı yüklemez. Bu nedenle çerez izni istemiyoruz.',
        },
        {
          ul: [
            'Kartvizit sayfaları tarayıcınızda hiçbir bilgi saklamaz.',
            [
              'Kart sahibi paneli, oturumunuzu sürdürmek için tarayıcının yerel depolamasında (localStorage) ',
              { code: 'token' },
              ' adlı oturum anahtarını tutar. Anahtar en çok 7 gün geçerlidir, çıkış yaptığınızda silinir ve hizmetin çalışması için zorunludur.',
            ],
            [
              'Uygulama güncellendiğinde açık sayfanın bir kez yenilenebilmesi için oturum depolamasında (sessionStorage) ',
              { code: 'kartvizit:reloaded-for-chunk' },
              ' işareti kısa süreliğine tutulur ve sayfa yüklenince silinir.',
            ],
          ],
        },
      ],
    },
    degisiklikler: {
      title: '10. Bu metindeki değişiklikler',
      body: [
        {
          p: [
            'Bu metni hizmetteki değişikliklere göre güncelleyebiliriz; güncel metin her zaman bu adrestedir. ‘Bilgilerini Paylaş’ formuyla gönderilen her kayıt, gönderim sırasında gösterilen metnin sürümüyle birlikte saklanır. Bu metnin sürümü: ',
            { textsVersion: true },
            '.',
          ],
        },
      ],
    },
  },
};
