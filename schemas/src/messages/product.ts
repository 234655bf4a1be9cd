/** Texts of the product screens and the product API (SPEC §5 "Product", §8 "Products"), in proper Turkish. */
export const PRODUCT_MESSAGES = {
  // Product rules (SPEC §5); the limits are in validation/product.ts
  productNameRequired: 'Ürün adı zorunludur',
  productNameTooLong: 'Ürün adı en fazla 120 karakter olabilir',
  productDescriptionTooLong: 'Ürün açıklaması en fazla 5000 karakter olabilir',
  productTextTooLong: 'Bu alan en fazla 200 karakter olabilir',
  productTextInvalid: 'Bu alan metin olmalıdır',
  productPriceInvalid: 'Fiyat 0 veya daha büyük bir sayı olmalıdır',
  productPriceStep: 'Fiyat en fazla iki ondalık basamak içerebilir (0,01 adımlarla)',
  productPriceTooHigh: 'Fiyat en fazla 999.999.999,99 olabilir',
  productCurrencyInvalid: 'Para birimi TRY, USD, EUR veya GBP olmalıdır',
  productFlagInvalid: 'Bu alan yalnızca evet (true) veya hayır (false) olabilir',
  productUrlInvalid: 'Geçerli bir bağlantı girin (http:// veya https:// ile başlamalıdır)',
  productActionTypeInvalid: 'Buton türü none, whatsapp, instagram, link veya contact olmalıdır',
  productWhatsappRequired: 'WhatsApp numarası zorunludur',
  productWhatsappInvalid: 'WhatsApp numarası 90 ile başlayan 12 haneli bir numara olmalıdır (90xxxxxxxxxx)',
  productInstagramRequired: 'Instagram kullanıcı adı zorunludur',
  productInstagramAt: 'Instagram kullanıcı adını @ işareti olmadan yazın',
  productInstagramInvalid: 'Instagram kullanıcı adı yalnızca harf, rakam, nokta ve alt çizgi içerebilir (en fazla 30 karakter)',
  productLinkRequired: 'Buton bağlantısı zorunludur',
  productListInvalid: 'Etiketler ve özellikler metin listesi olmalıdır',
  productTooManyTags: 'En fazla 20 etiket eklenebilir',
  productTooManyFeatures: 'En fazla 30 özellik eklenebilir',
  productStockInvalid: 'Stok 0 veya daha büyük bir tam sayı olmalıdır',
  productTooManyImages: 'Bir ürüne en fazla 10 görsel eklenebilir',
  productImageInvalid: 'Görsel adresi geçersiz: görseller önce yüklenmelidir',

  // Outcomes decided by the server
  productNotFound: 'Ürün bulunamadı',
  productLimitReached: 'En fazla 200 ürün ekleyebilirsiniz',
  productIdTaken: 'Bu ürün kimliği zaten kullanılıyor, lütfen tekrar deneyin',
  productOrderDuplicate: 'Sıralamada bir ürün birden fazla kez yer alıyor',
  productOrderIncomplete: 'Sıralama tüm ürünlerinizi içermelidir',
  productOrderInvalid: "Sıra numaraları 0'dan başlayıp birer artmalıdır",

  // Image uploads (POST /api/upload/images)
  productImagesMissing: 'Lütfen en az bir görsel seçin',
  productImagesTooMany: 'Tek seferde en fazla 10 görsel yüklenebilir',
  productImageTooLarge: "Her görsel 5MB'dan küçük olmalıdır",
  productImageNotAnImage: 'Yüklenen dosya bir görsel değil. Lütfen JPEG, PNG veya WebP biçiminde bir görsel seçin',
  productImageUnreadable: 'Görsel dosyası okunamadı veya bozuk',
  productImageTooManyPixels: 'Görselin çözünürlüğü çok yüksek (en fazla 50 megapiksel)',
  productImageFieldUnexpected: "Görseller yalnızca 'images' alanıyla gönderilebilir",

  // Successes (SPEC §8 names them, not their texts)
  productCreated: 'Ürün başarıyla eklendi!',
  productUpdated: 'Ürün başarıyla güncellendi!',
  productDeleted: 'Ürün başarıyla silindi!',
  productFeaturedOn: 'Ürün öne çıkanlara eklendi',
  productFeaturedOff: 'Ürün öne çıkanlardan kaldırıldı',
  productOrderUpdated: 'Sıralama güncellendi',
  productImagesUploaded: 'Görseller başarıyla yüklendi',

  // What the screens say when a call fails without a server message (SPEC §8)
  productsLoadError: 'Ürünler getirilirken bir hata oluştu!',
  productSaveError: 'Ürün kaydedilirken bir hata oluştu!',
  productFeatureError: 'Ürün güncellenirken bir hata oluştu.',
  productOrderError: 'Sıralama güncellenirken bir hata oluştu.',
  productDeleteError: 'Ürün silinirken bir hata oluştu!',
  productUploadError: 'Görseller yüklenirken bir hata oluştu',
  productUploadFailed: 'Görseller yüklenemedi',
  productPageLoadError: 'Ürün yüklenirken bir hata oluştu',
} as const;
