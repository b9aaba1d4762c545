import { describe, expect, it } from 'vitest';
import { ABOUT_CONTENT, filledContacts } from './content';

describe('À Propos content', () => {
  it('has every text in both languages', () => {
    const texts = [
      ABOUT_CONTENT.mission,
      ABOUT_CONTENT.partner.presentation,
      ...ABOUT_CONTENT.features.map((f) => f.text),
    ];
    for (const text of texts) {
      expect(text.fr.trim()).not.toBe('');
      expect(text.ar.trim()).not.toBe('');
    }
  });

  it('shows only the contact details the owner filled in', () => {
    expect(filledContacts(ABOUT_CONTENT, 'fr')).toEqual({
      email: undefined,
      phone: undefined,
      website: undefined,
      address: undefined,
      supportEmail: undefined,
    });
    const filled = {
      ...ABOUT_CONTENT,
      contact: {
        ...ABOUT_CONTENT.contact,
        email: ' contact@example.org ',
        address: { fr: 'Rabat', ar: 'الرباط' },
      },
    };
    expect(filledContacts(filled, 'ar')).toMatchObject({ email: 'contact@example.org', address: 'الرباط' });
  });
});
