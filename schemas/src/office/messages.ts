/** Texts of the office screens and the office API (issue 30), in proper Turkish. */
export const OFFICE_MESSAGES = {
  // Input
  officeNameRequired: 'Lütfen ofisin adını girin',
  officeNameTooLong: 'Ofis adı en fazla 120 karakter olabilir',
  officeSlugRequired: 'Lütfen ofis için bir adres belirleyin',
  officeSlugInvalid: 'Ofis adresi 3-40 karakter olmalı; yalnızca küçük harf (a-z), rakam ve araya tire (-) içerebilir',
  officeSlugTaken: 'Bu ofis adresi başka bir ofis tarafından kullanılıyor',
  officeFieldTooLong: 'Bu alan çok uzun',
  officeEmailInvalid: 'Geçerli bir e-posta adresi girin',
  officeTaxNumberInvalid: 'Vergi kimlik numarası 10 haneli ve geçerli olmalıdır',
  officeColorInvalid: 'Renk #rrggbb biçiminde olmalıdır',
  officeLocationInvalid: 'Harita konumu geçersiz',
  officeRoleInvalid: 'Geçersiz rol: Yönetici ya da Danışman seçin',
  officeTemplateFieldInvalid: 'Şablonda bilinmeyen bir alan var',
  officeTemplateLockedNotInFields: 'Yalnızca ofisten gelen alanlar kilitlenebilir',
  officeLogoRequired: 'Lütfen bir logo dosyası seçin',
  officeInviteEmailRequired: 'Lütfen davet edilecek e-posta adresini girin',
  // The office's cards (issue 30)
  officeIdInvalid: 'Geçersiz ofis kimliği',
  officeCardHolderRequired: 'Lütfen kartın verileceği üyeyi seçin',
  officeCardHolderInvalid: 'Geçersiz üye kimliği',

  // Outcomes decided by the server
  officeNotFound: 'Ofis bulunamadı',
  officeAlreadyMember: 'Zaten bir ofisin üyesisiniz; yeni bir ofis oluşturmak için önce ofisinizden ayrılın',
  officeMemberNotFound: 'Ofis üyesi bulunamadı',
  officeInvitationNotFound: 'Davet bulunamadı',
  officeInvitationInvalid: 'Bu davet bağlantısı geçersiz, süresi dolmuş ya da daha önce kullanılmış',
  officeInvitationElsewhere: 'Bu e-posta adresinin sahibi başka bir ofisin üyesi; önce o ofisten ayrılması gerekiyor',
  officeInvitationAlreadyMember: 'Bu e-posta adresinin sahibi zaten ofisinizin üyesi',
  officeInvitationPending: 'Bu adrese gönderilmiş ve hâlâ geçerli bir davet var',
  officeInvitationWrongAccount: 'Bu davet başka bir e-posta adresine gönderildi; davetin gittiği hesapla giriş yapın',
  officeInviteeInOtherOffice: 'Başka bir ofisin üyesisiniz; bu daveti kabul etmek için önce o ofisten ayrılın',
  officeLastAdmin: 'Ofisin son yöneticisi ayrılamaz ya da danışman yapılamaz; önce başka bir üyeyi yönetici yapın',
  officeHasMembers: 'Üyesi olan ofis silinemez; önce diğer üyeleri ofisten çıkarın',
  officeAdminOnly: 'Bu işlemi yalnızca ofis yöneticileri yapabilir',
  officeFieldLocked: 'Bu alan ofisiniz tarafından belirleniyor ve kilitli; değiştirmek için ofis yöneticinize başvurun',
  officeCardNotInPool: 'Bu kart ofisin boştaki kartları arasında değil',
  officeCardNotHeld: 'Bu kart şu an bir üyede değil',
  officeCardNotOffice: 'Bu kart ofise ait değil',
  officeHolderNotMember: 'Kart yalnızca ofis üyelerine verilebilir',

  // Successes
  officeCreated: 'Ofis oluşturuldu!',
  officeUpdated: 'Ofis bilgileri kaydedildi',
  officeTemplateSaved: 'Kart şablonu kaydedildi; ofis kartları güncellendi',
  officeInvitationSent: 'Davet gönderildi',
  officeInvitationRevoked: 'Davet geri alındı',
  officeInvitationAccepted: 'Ofise katıldınız!',
  officeRoleChanged: 'Üyenin rolü değiştirildi',
  officeMemberRemoved: 'Üye ofisten çıkarıldı; elindeki ofis kartları ofise döndü',
  officeLeft: 'Ofisten ayrıldınız',
  officeDeleted: 'Ofis silindi',
  officeCardCreated: 'Ofis için sanal kart oluşturuldu',
  officeCardAssigned: 'Kart üyeye verildi',
  officeCardReturned: 'Kart ofise geri alındı',

  // Read screens
  /** 'Ofis Geçmişi' and the member list: the name of an account that was deleted. */
  officeErasedPerson: 'Silinmiş hesap',
} as const;
