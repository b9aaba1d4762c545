import { describe, expect, it } from 'vitest';
import { ABOUT_CONTACT, ABOUT_CONTENT, filledContacts, hasContact } from './content';

describe('À Propos content', () => {
  const texts = [
    ABOUT_CONTENT.mission,
    ABOUT_CONTENT.partner.presentation,
    ...ABOUT_CONTENT.features.map((f) => f.text),
    ...ABOUT_CONTENT.data,
  ];

  it('has every text in both languages', () => {
    for (const text of texts) {
      expect(text.fr.trim()).not.toBe('');
      expect(text.ar.trim()).not.toBe('');
    }
  });

  it('ships no placeholder text or made-up contact', () => {
    const shipped = JSON.stringify(ABOUT_CONTENT);
    expect(shipped).not.toMatch(/COMPL[ÉE]TER|TODO|lorem|example\.|xxx|\+212 ?[56]00/i);
    // The contact block is what the owner configured: with nothing filled in, nothing is shown.
    const contacts = filledContacts(ABOUT_CONTACT, 'fr');
    expect(hasContact(contacts)).toBe(
      Boolean(
        ABOUT_CONTACT.email || ABOUT_CONTACT.phone || ABOUT_CONTACT.whatsapp || ABOUT_CONTACT.website,
      ) || ABOUT_CONTACT.address.fr.trim() !== '',
    );
  });

  it('keeps French typography: a non-breaking space before : ; ? !', () => {
    for (const text of texts) expect(text.fr).not.toMatch(/ [:;?!]/);
  });

  it('shows only the contact details that are filled in', () => {
    const empty = {
      ...ABOUT_CONTACT,
      partnerName: { fr: '', ar: '' },
      email: '',
      phone: '',
      whatsapp: '',
      website: '',
      address: { fr: '', ar: '' },
      supportEmail: '',
    };
    expect(hasContact(filledContacts(empty, 'fr'))).toBe(false);
    const filled = { ...empty, email: ' contact@groupe.ma ', address: { fr: 'Rabat', ar: 'الرباط' } };
    expect(filledContacts(filled, 'ar')).toMatchObject({
      email: 'contact@groupe.ma',
      address: 'الرباط',
      phone: undefined,
    });
    expect(hasContact(filledContacts(filled, 'ar'))).toBe(true);
  });
});
