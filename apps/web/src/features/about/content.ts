// The one file to edit for À Propos: mission, features, the partner group and its contact details, in both languages.
//
// OWNER: fill in the fields marked "À COMPLÉTER". An empty field is simply not shown — never put a
// placeholder number or address here, the shopkeeper would call it.

/** A text in the app's two languages. */
export type Localised = { fr: string; ar: string };

export type AboutFeature = {
  icon: 'sale' | 'catalog' | 'receipt' | 'customers' | 'offline' | 'backup';
  text: Localised;
};

export type AboutContent = {
  mission: Localised;
  features: AboutFeature[];
  partner: {
    /** The partner investment group's name. À COMPLÉTER (empty: the presentation is shown without a name). */
    name: Localised;
    presentation: Localised;
  };
  contact: {
    /** À COMPLÉTER: the group's e-mail address, e.g. contact@… */
    email: string;
    /** À COMPLÉTER: the group's phone number, international form (+212…). */
    phone: string;
    /** À COMPLÉTER: the group's website, https://… */
    website: string;
    /** À COMPLÉTER: the group's postal address. */
    address: Localised;
  };
  /** À COMPLÉTER: the shop app's own support e-mail (empty: no support line is shown). */
  supportEmail: string;
};

export const ABOUT_CONTENT: AboutContent = {
  mission: {
    fr: 'Donner à chaque hanout une caisse simple et fiable, qui fonctionne sur un téléphone, même sans internet : vendre vite, suivre le stock et le carnet de crédit, et garder ses données en sécurité.',
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
  partner: {
    name: { fr: '', ar: '' },
    presentation: {
      fr: 'Hanouti est présentée par un groupe d’investissement partenaire qui accompagne les commerces de proximité au Maroc et les aide à passer au numérique.',
      ar: 'يقدّم حانوتي مجموعةُ استثمار شريكة ترافق تجارة القرب في المغرب وتساعدها على التحول الرقمي.',
    },
  },
  contact: {
    email: '',
    phone: '',
    website: '',
    address: { fr: '', ar: '' },
  },
  supportEmail: '',
};

/** The contact lines worth showing: only what the owner filled in. */
export function filledContacts(content: AboutContent, language: keyof Localised) {
  const { email, phone, website, address } = content.contact;
  return {
    email: email.trim() || undefined,
    phone: phone.trim() || undefined,
    website: website.trim() || undefined,
    address: address[language].trim() || undefined,
    supportEmail: content.supportEmail.trim() || undefined,
  };
}
