// The one file to edit for À Propos: mission, features, the shop's data, the partner group and its contact.
//
// The contact block is ABOUT_CONTACT below, the only place to fill in. A field left empty is not shown:
// the page never shows a placeholder number or address, which a shopkeeper would call or visit.

/** A text in the app's two languages. */
export type Localised = { fr: string; ar: string };

export type AboutFeature = {
  icon: 'sale' | 'catalog' | 'receipt' | 'customers' | 'offline' | 'backup';
  text: Localised;
};

/** How to reach the partner group: each line shows only when filled in. */
export type AboutContact = {
  /** The partner investment group's name (empty: the presentation is shown without a name). */
  partnerName: Localised;
  /** E-mail address, e.g. contact@… */
  email: string;
  /** Phone number in international form (+212…). */
  phone: string;
  /** WhatsApp number in international form (+212…), opened with wa.me. */
  whatsapp: string;
  /** Website, https://… */
  website: string;
  /** Postal address. */
  address: Localised;
  /** Hanouti's own support e-mail (empty: no support line is shown). */
  supportEmail: string;
};

/**
 * THE CONTACT BLOCK. The group's details are not known to the developers of this build, so nothing is
 * filled in and the page shows no contact line; fill in what the group gives and it appears in both
 * languages (the address in each language, the rest as written).
 */
export const ABOUT_CONTACT: AboutContact = {
  partnerName: { fr: '', ar: '' },
  email: '',
  phone: '',
  whatsapp: '',
  website: '',
  address: { fr: '', ar: '' },
  supportEmail: '',
};

export type AboutContent = {
  mission: Localised;
  features: AboutFeature[];
  /** Where the shop's data lives and what leaves the phone: what the app really does. */
  data: Localised[];
  partner: { presentation: Localised };
  contact: AboutContact;
};

export const ABOUT_CONTENT: AboutContent = {
  mission: {
    fr: 'Donner à chaque hanout une caisse simple et fiable, qui fonctionne sur un téléphone, même sans internet\u00a0: vendre vite, suivre le stock et le carnet de crédit, et garder ses données en sécurité.',
    ar: 'أن نمنح كل حانوت صندوقًا بسيطًا وموثوقًا يعمل على الهاتف، حتى دون إنترنت: بيع سريع، وتتبع المخزون ودفتر الديون، وبيانات في أمان.',
  },
  features: [
    {
      icon: 'sale',
      text: { fr: 'Vente par photo, par recherche ou au poids', ar: 'البيع بالصورة أو بالبحث أو بالوزن' },
    },
    {
      icon: 'catalog',
      text: {
        fr: 'Catalogue et stock avec alertes de réapprovisionnement',
        ar: 'الكتالوج والمخزون مع تنبيهات إعادة التموين',
      },
    },
    {
      icon: 'receipt',
      text: { fr: 'Ticket imprimé en Bluetooth ou partagé', ar: 'تذكرة تُطبع عبر البلوتوث أو تُشارك' },
    },
    {
      icon: 'customers',
      text: {
        fr: 'Clients et carnet de crédit, relevé envoyé par WhatsApp',
        ar: 'الزبناء ودفتر الديون، وكشف يُرسل عبر واتساب',
      },
    },
    {
      icon: 'offline',
      text: {
        fr: 'Fonctionne hors ligne, données gardées sur l’appareil',
        ar: 'يعمل دون اتصال، والبيانات محفوظة على الجهاز',
      },
    },
    {
      icon: 'backup',
      text: {
        fr: 'Sauvegarde, restauration et nettoyage des données',
        ar: 'نسخ احتياطي واسترجاع وتنظيف للبيانات',
      },
    },
  ],
  data: [
    {
      fr: 'Les produits, les ventes, les clients et le carnet de crédit sont enregistrés sur ce téléphone. L’application n’a besoin ni de compte ni d’internet pour vendre.',
      ar: 'تُحفظ المنتجات والمبيعات والزبناء ودفتر الديون على هذا الهاتف. لا يحتاج التطبيق إلى حساب ولا إلى إنترنت للبيع.',
    },
    {
      fr: 'Les données de la boutique ne quittent le téléphone que si vous la connectez au cloud (Paramètres). Les photos sont analysées sur l’appareil, sauf si vous désactivez «\u00a0Analyse sur l’appareil\u00a0».',
      ar: 'لا تغادر بيانات المتجر الهاتف إلا إذا ربطته بالسحابة (الإعدادات). وتُحلَّل الصور على الجهاز، إلا إذا عطّلت «التحليل على الجهاز».',
    },
    {
      fr: 'Exportez une sauvegarde régulièrement (Paramètres, Gestion des données)\u00a0: c’est elle qui protège la boutique si le téléphone est perdu.',
      ar: 'صدّر نسخة احتياطية بانتظام (الإعدادات، تدبير البيانات): فهي التي تحمي المتجر إذا ضاع الهاتف.',
    },
  ],
  partner: {
    presentation: {
      fr: 'Hanouti est réalisée par un groupe d’investissement partenaire, pour les épiceries de quartier (hanouts) du Maroc\u00a0: une caisse en français et en arabe, en dirhams, pensée pour un téléphone.',
      ar: 'حانوتي من إنجاز مجموعة استثمار شريكة، لفائدة حوانيت الأحياء في المغرب: صندوق بالعربية والفرنسية، بالدرهم، مصمَّم للهاتف.',
    },
  },
  contact: ABOUT_CONTACT,
};

/** The contact lines worth showing: only what is filled in, trimmed. */
export function filledContacts(contact: AboutContact, language: keyof Localised) {
  const filled = (text: string) => text.trim() || undefined;
  return {
    partnerName: filled(contact.partnerName[language]),
    email: filled(contact.email),
    phone: filled(contact.phone),
    whatsapp: filled(contact.whatsapp),
    website: filled(contact.website),
    address: filled(contact.address[language]),
    supportEmail: filled(contact.supportEmail),
  };
}

/** True when at least one way to reach the group is filled in. */
export function hasContact(contacts: ReturnType<typeof filledContacts>): boolean {
  return Boolean(
    contacts.email || contacts.phone || contacts.whatsapp || contacts.website || contacts.address,
  );
}
